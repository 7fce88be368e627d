#!/usr/bin/env python3
"""Every command that writes a file, pointed at a path that is not a regular
file: a device node, a FIFO with a reader, a symlink to a file and a symlink
to /proc/self/fd/1. Each path keeps its type and gets the content (a full
device says it could not: exit 4), as root and as an unprivileged user
(nobody, where this runs as root).

Root gets private copies of /dev/null and /dev/full made with mknod, never
the machine's own: a writer that replaces its target (as lbconform did)
would replace them. Unprivileged, the machine's /dev/null and /dev/full are
used, which it could not replace.

Usage: outputs_test.py LBCONFORM WRONG_ADAPTER SOURCE_DIR"""
import concurrent.futures
import json
import os
import select
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

LBCONFORM, WRONG_ADAPTER, SOURCE = sys.argv[1], sys.argv[2], Path(sys.argv[3])
EXAMPLES = SOURCE / "examples"
NOBODY = 65534
KINDS = ["null", "full", "fifo", "symlink", "stdout"]
problems = []
problems_lock = threading.Lock()


def problem(text):
    with problems_lock:
        problems.append(text)


def run(args, user=None):
    """Runs lbconform, as `user` when given and this is root."""
    switch = user is not None and os.geteuid() == 0
    options = {"user": user, "group": user, "extra_groups": []} if switch else {}
    # A safety net against a hang (a FIFO never opened), not a timing check.
    return subprocess.run([LBCONFORM, *args], capture_output=True, timeout=120, **options)


class FifoReader:
    """A reader waiting on a FIFO before the writer comes, kept until it has
    come and gone (POLLHUP), or 60 s."""

    def __init__(self, path):
        self.fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.data = b""
        self.thread = threading.Thread(target=self._read)
        self.thread.start()

    def _read(self):
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            events = poller.poll(100)
            if not events:
                continue
            chunk = os.read(self.fd, 1 << 16)
            self.data += chunk
            if not chunk and events[0][1] & select.POLLHUP:
                break
        os.close(self.fd)

    def result(self):
        self.thread.join()
        return self.data


def make_path(kind, path, user):
    """Makes `path` a `kind` of path (root's private device nodes, or nothing:
    an unprivileged user gets the machine's); returns its FIFO reader, if any."""
    if kind in ("null", "full"):
        if user is None:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3 if kind == "null" else 7))
            os.chmod(path, 0o666)
        return None
    if kind == "fifo":
        os.mkfifo(path, 0o666)
        os.chmod(path, 0o666)
        return FifoReader(path)
    if kind == "symlink":
        Path(path + ".target").write_text("old content")
        os.chmod(path + ".target", 0o666)
        os.symlink(os.path.basename(path) + ".target", path)
        return None
    os.symlink("/proc/self/fd/1", path)
    return None


def target_of(kind, path, user):
    """The path given to lbconform for this kind."""
    return f"/dev/{kind}" if kind in ("null", "full") and user is not None else path


EXPECTED_TYPE = {"null": stat.S_ISCHR, "full": stat.S_ISCHR, "fifo": stat.S_ISFIFO, "symlink": stat.S_ISLNK,
                 "stdout": stat.S_ISLNK}


def check_command(name, make_args, prefixes, status, kind, user, work):
    """Runs one command with each of its outputs at a fresh `kind` path."""
    where = f"{name}, {kind}, {'root' if user is None else 'uid ' + str(user)}"
    folder = tempfile.mkdtemp(dir=work)
    os.chmod(folder, 0o777)
    paths = [os.path.join(folder, f"out{i}") for i in range(len(prefixes))]
    readers = [make_path(kind, p, user) for p in paths]
    given = [target_of(kind, p, user) for p in paths]
    result = run(make_args(given, folder), user)
    received = [r.result() if r else None for r in readers]
    stderr = result.stderr.decode(errors="replace")
    wanted = 4 if kind == "full" else status
    if result.returncode != wanted:
        problem(f"{where}: exit {result.returncode}, not {wanted}: {stderr[:400]}")
    for path, shown, reader_got, prefix in zip(paths, given, received, prefixes):
        mode = os.lstat(shown).st_mode
        if not EXPECTED_TYPE[kind](mode):
            problem(f"{where}: {shown} is no longer a {kind} path (mode {oct(mode)})")
        if kind == "fifo" and not reader_got.lstrip().startswith(prefix.encode()):
            problem(f"{where}: the FIFO's reader got {reader_got[:80]!r}, not text starting {prefix!r}")
        if kind == "symlink" and not Path(path + ".target").read_text().lstrip().startswith(prefix):
            problem(f"{where}: the symlink's target holds {Path(path + '.target').read_text()[:80]!r}")
        if kind == "stdout" and prefix.encode() not in result.stdout:
            problem(f"{where}: standard output lacks {prefix!r}: {result.stdout[:200]!r}")
    if kind == "full" and "No space left" not in stderr:
        problem(f"{where}: the write did not reach the full device: {stderr[:300]}")


def main():
    work = tempfile.mkdtemp(prefix="lbconform-outputs-")
    os.chmod(work, 0o777)
    inputs = os.path.join(work, "inputs")
    os.mkdir(inputs)
    report = os.path.join(inputs, "report.json")
    shard = os.path.join(inputs, "shard.json")
    small_scope = ["--scope", "ci", "--zones", "1", "--max-vms-per-cell", "0"]
    run(["run", "--engine", "reference", "--id", "failover/spec-example/all-healthy", "--report", report])
    run(["exhaustive", *small_scope, "--result", shard])
    # `check --out` names its file after the finding: found once, then the path is made first.
    found = os.path.join(inputs, "found")
    wrong = f"{WRONG_ADAPTER} float-ratio"
    check_out = ["check", "--impl", wrong, "--kind", "passthrough", "--cases", "2000", "--seed", "1", "--no-shrink"]
    run([*check_out, "--out", found])
    vector_files = list(Path(found, "regressions").glob("*.json"))
    if len(vector_files) != 1:
        problem(f"check --out wrote {len(vector_files)} files, not 1")
        return
    vector_name = vector_files[0].name
    for path in Path(inputs).rglob("*"):
        os.chmod(path, 0o777 if path.is_dir() else 0o666)
    os.chmod(inputs, 0o777)

    commands = [
        ("run", lambda g, f: ["run", "--engine", "reference", "--id", "failover/spec-example/all-healthy",
                              "--profile", "spec-docs", "--report", g[0], "--junit", g[1], "--summary-md", g[2],
                              "--write-expectations", g[3]], ["{", "<?xml", "## lbconform", "{"], 0),
        ("report", lambda g, f: ["report", report, "-o", g[0]], ["<!DOCTYPE html>"], 0),
        ("plot", lambda g, f: ["plot", str(EXAMPLES / "service-lb-policy/three-regions.json"), "-o", g[0]],
         ["<svg"], 0),
        ("import", lambda g, f: ["import", "--describe", str(EXAMPLES / "gcloud/describe.json"), "--health",
                                 str(EXAMPLES / "gcloud/get-health.json"), "--client-zone", "us-west1-a", "-o", g[0]],
         ["{"], 0),
        ("exhaustive --result", lambda g, f: ["exhaustive", *small_scope, "--result", g[0]], ["{"], 0),
        ("merge", lambda g, f: ["merge", shard, "-o", g[0]], ["{"], 0),
        ("check --result", lambda g, f: ["check", "--engine", "reference", "--kind", "passthrough", "--cases", "5",
                                         "--seed", "1", "--result", g[0]], ["{"], 0),
        ("completion", lambda g, f: ["completion", "bash", "-o", g[0]], ["# bash completion"], 0),
    ]
    users = [None, NOBODY]
    if os.geteuid() != 0:
        print("outputs_test: not root: no private device nodes; the machine's /dev/null and /dev/full instead")
    # Not root: the user is unprivileged already, and its devices are the machine's.
    as_user = None if os.geteuid() == 0 else os.geteuid()
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        jobs = [pool.submit(check_command, name, make_args, prefixes, status, kind, user, work)
                for user in (users if as_user is None else [as_user])
                for kind in KINDS for name, make_args, prefixes, status in commands]
        jobs += [pool.submit(check_vector_file, kind, user, work, check_out, vector_name)
                 for user in (users if as_user is None else [as_user]) for kind in KINDS]
        for job in jobs:
            job.result()
    check_regen_through_a_symlink(work, users if as_user is None else [as_user])
    shutil.rmtree(work, ignore_errors=True)


def check_vector_file(kind, user, work, check_out, vector_name):
    """`check --out DIR`: the vector file's path is made before the run."""
    where = f"check --out, {kind}, {'root' if user is None else 'uid ' + str(user)}"
    if kind in ("null", "full") and user is not None:
        return  # /dev has no regressions/ folder: root's private nodes stand for devices here
    folder = tempfile.mkdtemp(dir=work)
    regressions = os.path.join(folder, "regressions")
    os.makedirs(regressions)
    for path in (folder, regressions):
        os.chmod(path, 0o777)
    path = os.path.join(regressions, vector_name)
    reader = make_path(kind, path, user)
    result = run([*check_out, "--out", folder], user)
    got = reader.result() if reader else None
    wanted = 4 if kind == "full" else 1
    if result.returncode != wanted:
        problem(f"{where}: exit {result.returncode}, not {wanted}: {result.stderr[:300]!r}")
    if not EXPECTED_TYPE[kind](os.lstat(path).st_mode):
        problem(f"{where}: the vector file's path is no longer a {kind} path")
    content = {"fifo": got, "symlink": Path(path + ".target").read_bytes() if kind == "symlink" else None,
               "stdout": result.stdout}.get(kind)
    if content is not None and b'"testGroups"' not in content:
        problem(f"{where}: the vector file did not come through: {content[:120]!r}")


def check_regen_through_a_symlink(work, users):
    """`vectors regen` rewrites a vector file that is a symlink in the folder:
    the target changes, the link stays."""
    for user in users:
        where = f"vectors regen, symlink, {'root' if user is None else 'uid ' + str(user)}"
        folder = tempfile.mkdtemp(dir=work)
        os.makedirs(os.path.join(folder, "vectors", "spec_examples"))
        document = json.loads((SOURCE / "vectors/spec_examples/failover.json").read_text())
        test = document["testGroups"][0]["tests"][0]
        test["handChecked"] = False
        test["expected"]["modifiedEligible"] = ["vm-a1"]
        target = os.path.join(folder, "failover.json")
        Path(target).write_text(json.dumps(document, indent=1))
        link = os.path.join(folder, "vectors", "spec_examples", "failover.json")
        os.symlink(target, link)
        for path in Path(folder).rglob("*"):
            if not path.is_symlink():
                os.chmod(path, 0o777 if path.is_dir() else 0o666)
        os.chmod(folder, 0o777)
        result = run(["vectors", "regen", "--vectors", os.path.join(folder, "vectors")], user)
        if "1 rewritten in 1 files" not in result.stdout.decode():
            problem(f"{where}: {result.stdout.decode()[-300:]} {result.stderr.decode()[-300:]}")
        if not os.path.islink(link):
            problem(f"{where}: the vector file is no longer a symlink")
        rewritten = json.loads(Path(target).read_text())["testGroups"][0]["tests"][0]
        if rewritten["expected"]["modifiedEligible"] == ["vm-a1"]:
            problem(f"{where}: the symlink's target was not rewritten")


main()
for p in problems:
    print("FAIL", p)
print(f"outputs_test: {len(problems)} problems")
sys.exit(1 if problems else 0)
