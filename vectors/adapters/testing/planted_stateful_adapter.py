#!/usr/bin/env python3
"""The stateful example adapter with one bug planted in its carried state.

    planted_stateful_adapter.py BUG

BUG is one of:
  deadline-computed-once  the first drain's end time is kept and given to every
                          later drain of the session (a deadline computed once)
  expired-drains-kept     drains whose end has come are closed only at a failover
                          or failback, not at every event (a connection table not
                          cleaned between transitions)

The tests run `lbconform check` on it and expect a short shrunk timeline.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stateful"))
import lbconform_stateful_adapter as stateful  # noqa: E402


class DeadlineComputedOnce(stateful.LoadBalancer):
    first_deadline: Optional[int] = None

    def drain_deadline(self, at: int) -> int:
        if self.first_deadline is None:
            self.first_deadline = super().drain_deadline(at)
        return self.first_deadline


class ExpiredDrainsKept(stateful.LoadBalancer):
    def end_drains(self, at: int) -> None:
        pass  # forgotten here...

    def leave_pool(self, connection: stateful.Connection, at: int) -> None:
        super().end_drains(at)  # ...and done only when connections leave the pool
        super().leave_pool(connection, at)


BUGS = {"deadline-computed-once": DeadlineComputedOnce, "expired-drains-kept": ExpiredDrainsKept}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in BUGS:
        sys.exit("usage: planted_stateful_adapter.py " + "|".join(BUGS))
    stateful.serve(stateful.Adapter(BUGS[sys.argv[1]]))
