#!/usr/bin/env python3
"""A session adapter that misbehaves on purpose, to test that the runner survives it.

    misbehaving_session_adapter.py MODE

Every third session (the 2nd, 5th, 8th, ... opened), or with
LBCONFORM_TEST_BAD_SESSION set every session whose id contains it, misbehaves
at its first event as MODE says; the others are answered by the stateful example adapter.
Modes: crash, hang, other-session (the answer names another session), drop
(the adapter drops the session: "error"), doubled (the answer sent twice),
garbage, wrong-seq, unsupported-event, close-stdout, query-differs (the query
answers a state the last event did not), hang-at-close. Each start appends the
adapter's pid to the file named by LBCONFORM_TEST_PID_FILE, if set.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Dict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stateful"))
import lbconform_stateful_adapter as stateful  # noqa: E402

MODE = sys.argv[1]
WHEN = {"hang-at-close": "close", "query-differs": "query"}  # the message that misbehaves; else the first event


def send(message: Dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    if os.environ.get("LBCONFORM_TEST_PID_FILE"):
        with open(os.environ["LBCONFORM_TEST_PID_FILE"], "a") as pids:
            pids.write(f"{os.getpid()}\n")
    adapter = stateful.Adapter()
    opened = 0
    bad: set[str] = set()
    for line in sys.stdin:
        message = json.loads(line)
        kind, sid = message.get("type"), message.get("session")
        if kind == "bye":
            return
        if kind == "open":
            opened += 1
            only = os.environ.get("LBCONFORM_TEST_BAD_SESSION")
            if (only in sid) if only else opened % 3 == 2:
                bad.add(sid)
        answer = adapter.answer(message)
        if sid in bad and kind == WHEN.get(MODE, "event") and (kind != "event" or message.get("seq") == 1):
            if misbehave(message, answer):
                continue
        send(answer)


def misbehave(message: Dict[str, Any], answer: Dict[str, Any]) -> bool:
    """Misbehaves as MODE says; True when the answer is not to be sent."""
    if MODE in ("hang", "hang-at-close"):
        time.sleep(3600)
    if MODE == "crash":
        os.kill(os.getpid(), 11)
    if MODE == "close-stdout":
        sys.stdout.close()
        os.close(1)
        time.sleep(3600)
    if MODE == "garbage":
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
        return True
    if MODE == "other-session":
        answer["session"] = "someone-else"
    if MODE == "wrong-seq":
        answer["seq"] = message["seq"] + 5
    if MODE == "drop":
        send({"type": "state", "session": message["session"], "seq": message["seq"], "error": "lost the emulator"})
        return True
    if MODE == "unsupported-event":
        send({"type": "state", "session": message["session"], "seq": message["seq"], "unsupported": True})
        return True
    if MODE == "doubled":
        send(answer)
    if MODE == "query-differs":
        answer["output"]["modifiedEligible"] = ["not-a-vm"]
    return False


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # the runner has given up on this adapter
        pass
