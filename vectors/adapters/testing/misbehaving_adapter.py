#!/usr/bin/env python3
"""Adapters that misbehave on purpose, to test that `lbconform run` survives them.

    misbehaving_adapter.py MODE

Every third case (the 2nd, 5th, 8th, ...) misbehaves as MODE says; the others
are answered correctly by the example adapter. Modes: hang, crash, garbage,
wrong-id, flood, close-stdout, bad-bytes (bytes that are not UTF-8 and U+FFFF),
doubled (the answer sent twice), deep (an answer nested 100,000 levels), huge
(a correct answer with 200 KB of extra text), sigterm-parent (sends SIGTERM to
the runner, then hangs; its pid goes to the file named by
LBCONFORM_TEST_PID_FILE); hang-always hangs on every case; exit-at-once,
hang-at-hello, huge-hello, bad-kinds, protocol-2 and log-before-hello (a log
line on standard output before the hello) misbehave at once.
"""
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
from lbconform_adapter import decide  # noqa: E402

MODE = sys.argv[1]


def send(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


if MODE == "exit-at-once":
    sys.exit(3)
if MODE == "log-before-hello":
    print("starting the adapter, loading the rules", flush=True)
if MODE == "sigterm-parent" and os.environ.get("LBCONFORM_TEST_PID_FILE"):
    Path(os.environ["LBCONFORM_TEST_PID_FILE"]).write_text(str(os.getpid()))
cases = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if MODE == "hang-at-hello":
            time.sleep(3600)
        if MODE == "huge-hello":
            sys.stdout.write('{"type": "hello", "protocol": 1, "pad": "' + "x" * (5 * 1024 * 1024) + '"}\n')
            sys.stdout.flush()
            continue
        if MODE in ("bad-kinds", "protocol-2"):
            send({"type": "hello", "protocol": 2 if MODE == "protocol-2" else 1,
                  "kinds": ["passthrough", "teleport"] if MODE == "bad-kinds" else ["passthrough"]})
            continue
        send({"type": "hello", "protocol": 1, "implementation": {"name": "misbehaving-" + MODE, "version": "0"},
              "kinds": ["passthrough"]})
        continue
    if message["type"] != "case":
        break
    cases += 1
    if MODE == "hang-always":
        time.sleep(3600)
    if cases % 3 == 2:
        if MODE == "bad-bytes":
            sys.stdout.buffer.write(b'{"type": "result", "id": "\xff\xc3(\xef\xbf\xbf"}\n')
            sys.stdout.flush()
            continue
        if MODE == "doubled":
            document = message["inputText"] if "inputText" in message else message["input"]
            answer = {"type": "result", "id": message["id"], "output": decide(document, message.get("profile", "spec-docs"))}
            send(answer)
            send(answer)
            continue
        if MODE == "deep":
            sys.stdout.write('{"type": "result", "id": ' + json.dumps(message["id"]) + ', "output": {"x": ' +
                             "[" * 100000 + "]" * 100000 + "}}\n")
            sys.stdout.flush()
            continue
        if MODE == "huge":
            document = message["inputText"] if "inputText" in message else message["input"]
            output = decide(document, message.get("profile", "spec-docs"))
            output["padding"] = "p" * 200000
            send({"type": "result", "id": message["id"], "output": output})
            continue
        if MODE == "sigterm-parent":
            os.kill(os.getppid(), 15)
            time.sleep(3600)
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
