#!/usr/bin/env python3
"""Adapters that misbehave on purpose, to test that `lbconform run` survives them.

    misbehaving_adapter.py MODE

Every third case (the 2nd, 5th, 8th, ...) misbehaves as MODE says; the others
are answered correctly by the example adapter. Modes: hang, crash, garbage,
wrong-id, flood, close-stdout; exit-at-once and hang-at-hello misbehave at once.
"""
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
from lbconform_adapter import decide  # noqa: E402

MODE = sys.argv[1]


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


if MODE == "exit-at-once":
    sys.exit(3)
cases = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if MODE == "hang-at-hello":
            time.sleep(3600)
        send({"type": "hello", "protocol": 1, "implementation": {"name": "misbehaving-" + MODE, "version": "0"},
              "kinds": ["passthrough"]})
        continue
    if message["type"] != "case":
        break
    cases += 1
    if cases % 3 == 2:
        if MODE == "hang":
            time.sleep(3600)
        if MODE == "crash":
            os.kill(os.getpid(), 11)
        if MODE == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        if MODE == "wrong-id":
            send({"type": "result", "id": "someone-else", "output": {}})
            continue
        if MODE == "flood":
            sys.stdout.write("x" * (6 * 1024 * 1024))
            sys.stdout.flush()
            time.sleep(3600)
        if MODE == "close-stdout":
            sys.stdout.close()
            os.close(1)
            time.sleep(3600)
    document = message["inputText"] if "inputText" in message else message["input"]
    send({"type": "result", "id": message["id"], "output": decide(document, message.get("profile", "spec-docs"))})
