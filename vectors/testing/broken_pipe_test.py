#!/usr/bin/env python3
"""The Python adapters leave quietly when lbconform stops reading them
(`lbconform check` stops at its first finding and closes the adapter's pipes):
no BrokenPipeError traceback on standard error.

Starts each adapter, reads its hello, closes the pipe it answers on, sends
cases until it exits, and fails if its standard error holds a traceback.

    broken_pipe_test.py ADAPTER.py...
"""
import subprocess
import sys

CASE = ('{"type": "case", "id": "c%d@spec-docs", "kind": "passthrough", "profile": "spec-docs", '
        '"inputText": "not a scenario"}\n')


def leaves_quietly(adapter):
    process = subprocess.Popen([sys.executable, adapter], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdin.write(b'{"type": "hello", "protocol": 1}\n')
    process.stdin.flush()
    hello = process.stdout.readline()
    if b'"hello"' not in hello:
        return f"no hello: {hello!r}"
    process.stdout.close()  # what lbconform does when it stops early
    try:
        for i in range(50):
            process.stdin.write((CASE % i).encode())
            process.stdin.flush()
    except BrokenPipeError:
        pass  # the adapter has exited
    try:
        process.stdin.close()
    except BrokenPipeError:
        pass
    try:
        stderr = process.stderr.read().decode(errors="replace")
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        return "did not exit within 20 s of its output closing"
    if "Traceback" in stderr or "BrokenPipe" in stderr:
        return "printed on standard error:\n" + stderr[-2000:]
    return None


def main():
    problems = [(adapter, leaves_quietly(adapter)) for adapter in sys.argv[1:]]
    for adapter, problem in problems:
        print(f"broken_pipe_test: {adapter}: {problem or 'left quietly'}")
    return 1 if any(problem for _, problem in problems) or not problems else 0


if __name__ == "__main__":
    sys.exit(main())
