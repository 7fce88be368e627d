#!/usr/bin/env python3
"""Adapters for the tests of `lbconform check`'s verdict (check/check_verdict_test.cc).

    check_adapter.py MODE

Each answers as the example adapter does (vectors/adapters/python), but for what
its MODE says:

  hang-after-wrong  answers a wrong decision to every case of 3 VMs or more; once it
                    has, it hangs on every later case (so check's shrinking meets hangs).
  unsupported       declares every kind and answers `unsupported` to every case.
  earlier-id        answers its second case with the first case's id.
"""
import json
import sys
import time
from pathlib import Path
from typing import Any, Dict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "vectors" / "adapters" / "python"))
from lbconform_adapter import decide  # type: ignore  # noqa: E402

MODE = sys.argv[1]
KINDS = ["passthrough", "passthrough-timeline", "service-lb-policy"]
# A decision no generated case expects: rejected for a 16 MiB input.
WRONG = {"valid": False, "errors": [{"code": "INPUT_TOO_LARGE", "path": "", "message": "planted"}]}


def send(message: Dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    answered_wrong = False
    cases = 0
    first_id = ""
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"type": "hello", "protocol": 1, "implementation": {"name": "check-" + MODE, "version": "0"},
                  "kinds": KINDS if MODE == "unsupported" else ["passthrough"]})
            continue
        if message["type"] != "case":
            return
        cases += 1
        if MODE == "unsupported":
            send({"type": "result", "id": message["id"], "unsupported": True})
            continue
        document = message["inputText"] if "inputText" in message else message["input"]
        output = decide(document, message.get("profile", "spec-docs"))
        case_id = message["id"]
        if MODE == "hang-after-wrong":
            if answered_wrong:
                time.sleep(3600)
            if isinstance(document, dict) and len(document.get("instances", [])) >= 3:
                output = WRONG
                answered_wrong = True
        if MODE == "earlier-id":
            if cases == 1:
                first_id = case_id
            if cases == 2:
                case_id = first_id
        send({"type": "result", "id": case_id, "output": output})


if __name__ == "__main__":
    main()
