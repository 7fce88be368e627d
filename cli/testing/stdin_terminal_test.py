#!/usr/bin/env python3
"""`lbconform decide` and `explain` with no file and a terminal on standard
input print their usage and exit 2 instead of waiting for JSON; a pipe is
still read. Usage: stdin_terminal_test.py LBCONFORM EXAMPLE.json"""
import os
import pty
import subprocess
import sys

lbconform, example = sys.argv[1], sys.argv[2]
problems = []
for command in ("decide", "explain"):
    terminal, terminal_end = pty.openpty()
    process = subprocess.Popen([lbconform, command], stdin=terminal_end, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    os.close(terminal_end)
    try:
        out, err = process.communicate(timeout=60)  # a safety net, not a timing check
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        problems.append(f"{command}: waited for input on a terminal")
        continue
    finally:
        os.close(terminal)
    if process.returncode != 2:
        problems.append(f"{command}: exit status {process.returncode}, expected 2")
    if b"Usage:" not in err or b"give a scenario file" not in err:
        problems.append(f"{command}: no usage on stderr: {err.decode(errors='replace')}")
with open(example, "rb") as scenario:
    piped = subprocess.run([lbconform, "decide"], stdin=scenario, capture_output=True, timeout=60)
if piped.returncode != 0 or b'"valid":true' not in piped.stdout:
    problems.append(f"decide from a pipe: exit {piped.returncode}: {piped.stdout[:200]!r}")
for problem in problems:
    print("stdin_terminal_test:", problem)
print(f"stdin_terminal_test: {len(problems)} problems")
sys.exit(1 if problems else 0)
