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
from typing import Optional

CASE = ('{"type": "case", "id": "c%d@spec-docs", "kind": "passthrough", "profile": "spec-docs", '
        '"inputText": "not a scenario"}\n')


def leaves_quietly(adapter: str) -> Optional[str]:
    process = subprocess.Popen([sys.executable, adapter], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    # All three are pipes (PIPE above), never None.
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    stdin, stdout, stderr_pipe = process.stdin, process.stdout, process.stderr
    stdin.write(b'{"type": "hello", "protocol": 1}\n')
    stdin.flush()
    hello = stdout.readline()
    if b'"hello"' not in hello:
        return f"no hello: {hello!r}"
    stdout.close()  # what lbconform does when it stops early
    try:
        for i in range(50):
            stdin.write((CASE % i).encode())
            stdin.flush()
    except BrokenPipeError:
        pass  # the adapter has exited
    try:
        stdin.close()
    except BrokenPipeError:
        pass
    try:
        stderr = stderr_pipe.read().decode(errors="replace")
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        return "did not exit within 20 s of its output closing"
    if "Traceback" in stderr or "BrokenPipe" in stderr:
        return "printed on standard error:\n" + stderr[-2000:]
    return None


def main() -> int:
    problems = [(adapter, leaves_quietly(adapter)) for adapter in sys.argv[1:]]
    for adapter, problem in problems:
        print(f"broken_pipe_test: {adapter}: {problem or 'left quietly'}")
    return 1 if any(problem for _, problem in problems) or not problems else 0


if __name__ == "__main__":
    sys.exit(main())
