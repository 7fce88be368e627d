#!/usr/bin/env python3
"""Sharded campaigns run as processes: 4 shards of `lbconform exhaustive`,
their shard taken from --shard and from each batch system's variables
(Bazel, googletest, a Kubernetes Indexed Job, a SLURM array numbered 1..4),
merged by `lbconform merge`, give the unsharded run's totals; a shard rerun
writes the same bytes; merge refuses a missing shard, an overlap, a partial
shard and shards of different runs; bad or contradictory shard variables are
a usage error (exit 2), never a crash.

Usage: shards_test.py LBCONFORM [SCOPE-OPTION...]   (default: a 73,728-scenario scope)"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LBCONFORM = sys.argv[1]
SCOPE = sys.argv[2:] or ["--scope", "ci", "--zones", "1", "--max-vms-per-cell", "1"]
SHARD_VARIABLES = [
    "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE", "GTEST_SHARD_INDEX", "GTEST_TOTAL_SHARDS",
    "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP"
]
problems = []


def lbconform(args, env=None):
    """Runs lbconform with only `env` of the shard variables set."""
    environment = {k: v for k, v in os.environ.items() if k not in SHARD_VARIABLES}
    environment.update(env or {})
    # A safety net against a hang, not a timing check.
    return subprocess.run([LBCONFORM, *args], env=environment, capture_output=True, text=True, timeout=600)


def expect(condition, what):
    if not condition:
        problems.append(what)
    return condition


def load(path):
    return json.loads(Path(path).read_text())


def comparable(result):
    """What a merged run and an unsharded run must share."""
    return {k: result[k] for k in ("command", "toolVersion", "parameters", "spaceDigest", "space", "counts", "findings")}


with tempfile.TemporaryDirectory() as directory:
    work = Path(directory)
    whole = lbconform(["exhaustive", *SCOPE, "--result", str(work / "whole.json")])
    expect(whole.returncode == 0, f"unsharded run: exit {whole.returncode}: {whole.stderr}")
    unsharded = load(work / "whole.json")
    size = unsharded["space"]["size"]
    expect(unsharded["covered"] == {"begin": 0, "end": size}, f"unsharded covered {unsharded['covered']}")
    expect(unsharded["shard"]["source"] == "unsharded", f"unsharded source {unsharded['shard']}")

    families = {
        "flag": ("--shard", lambda i: ([f"--shard={i}/4"], {})),
        "bazel": ("TEST_SHARD_INDEX/TEST_TOTAL_SHARDS",
                  lambda i: ([], {"TEST_SHARD_INDEX": str(i), "TEST_TOTAL_SHARDS": "4",
                                  "TEST_SHARD_STATUS_FILE": str(work / f"bazel-status-{i}")})),
        "gtest": ("GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS",
                  lambda i: ([], {"GTEST_SHARD_INDEX": str(i), "GTEST_TOTAL_SHARDS": "4"})),
        "kubernetes": ("JOB_COMPLETION_INDEX with --shards",
                       lambda i: (["--shards", "4"], {"JOB_COMPLETION_INDEX": str(i)})),
        # sbatch --array=1-4: task IDs 1..4, SLURM_ARRAY_TASK_MIN=1.
        "slurm": ("SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT",
                  lambda i: ([], {"SLURM_ARRAY_TASK_ID": str(i + 1), "SLURM_ARRAY_TASK_COUNT": "4",
                                  "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4",
                                  "SLURM_ARRAY_TASK_STEP": "1"})),
    }
    for family, (source, shard_of) in families.items():
        files = []
        for i in range(4):
            args, env = shard_of(i)
            path = work / f"{family}-{i}.json"
            run = lbconform(["exhaustive", *SCOPE, *args, "--result", str(path)], env)
            expect(run.returncode == 0, f"{family} shard {i}: exit {run.returncode}: {run.stderr}")
            expect(f"shard {i}/4 from {source}:" in run.stdout, f"{family} shard {i}: source not printed: {run.stdout}")
            result = load(path)
            expect(result["shard"] == {"index": i, "count": 4, "source": source}, f"{family} shard {i}: {result['shard']}")
            files.append(str(path))
        if family == "bazel":
            expect(all((work / f"bazel-status-{i}").exists() for i in range(4)), "TEST_SHARD_STATUS_FILE not created")
        merged_path = work / f"{family}-merged.json"
        merge = lbconform(["merge", *reversed(files), "-o", str(merged_path)])
        expect(merge.returncode == 0, f"{family}: merge exit {merge.returncode}: {merge.stderr}")
        merged = load(merged_path)
        expect(comparable(merged) == comparable(unsharded),
               f"{family}: merged {comparable(merged)['counts']} != unsharded {comparable(unsharded)['counts']}")
        expect(merged["covered"] == unsharded["covered"] and merged["complete"], f"{family}: merged {merged['covered']}")
        expect(f"checked {size}" in merge.stdout, f"{family}: merge did not print the totals: {merge.stdout}")

    # A shard rerun writes the same bytes.
    rerun = lbconform(["exhaustive", *SCOPE, "--shard", "2/4", "--result", str(work / "rerun.json")])
    expect(rerun.returncode == 0, f"rerun: {rerun.stderr}")
    expect((work / "rerun.json").read_bytes() == (work / "flag-2.json").read_bytes(), "a shard rerun differs")

    flag = [str(work / f"flag-{i}.json") for i in range(4)]

    def refused(files, status, needle, what):
        out = work / "refused.json"
        merge = lbconform(["merge", *files, "-o", str(out)])
        expect(merge.returncode == status, f"{what}: merge exit {merge.returncode}, expected {status}: {merge.stderr}")
        expect(needle in merge.stderr, f"{what}: '{needle}' not in: {merge.stderr}")
        expect(not out.exists(), f"{what}: a merged file was written")

    refused(flag[:3], 3, "1 of 4 shards missing: 3", "a missing shard")
    refused(flag + [str(work / "gtest-1.json")], 3, "shard 1/4 is given twice", "an overlap")
    lbconform(["exhaustive", *SCOPE, "--shard", "3/4", "--limit", "100", "--result", str(work / "partial.json")])
    refused(flag[:3] + [str(work / "partial.json")], 3, "but its slice is", "a shard stopped by --limit")
    other_scope = list(SCOPE)
    if "--zones" in other_scope:
        other_scope[other_scope.index("--zones") + 1] = "2"
    else:
        other_scope += ["--zones", "1"]
    other = lbconform(["exhaustive", *other_scope, "--shard", "3/4", "--limit", "10", "--result", str(work / "other.json")])
    expect(other.returncode == 0, f"another scope: {other.stderr}")
    refused(flag[:3] + [str(work / "other.json")], 2, "not one run", "shards of another scope")
    lbconform(["exhaustive", *SCOPE, "--shard", "1/2", "--result", str(work / "half.json")])
    refused(flag[:2] + [str(work / "half.json")], 2, "shard count", "a 2-way shard among 4-way ones")
    refused([str(work / "flag-merged.json")], 2, "a merged result", "a merged result given as a shard")

    # Bad or contradictory shard variables: a usage error naming the problem.
    for args, env, needle in [
        ([], {"GTEST_SHARD_INDEX": "4", "GTEST_TOTAL_SHARDS": "4"}, "below the total"),
        ([], {"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"}, "a total of 0"),
        ([], {"TEST_SHARD_INDEX": "x", "TEST_TOTAL_SHARDS": "4"}, "TEST_SHARD_INDEX='x'"),
        (["--shard", "1/4"], {"GTEST_SHARD_INDEX": "2", "GTEST_TOTAL_SHARDS": "4"}, "disagree"),
        ([], {"JOB_COMPLETION_INDEX": "1"}, "give --shards N"),
        (["--shards", "4"], {}, "JOB_COMPLETION_INDEX"),
        ([], {"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "4"}, "stepped"),
        (["--shard=-1/4"], {}, "--shard wants I/N"),
    ]:
        run = lbconform(["exhaustive", *SCOPE, *args, "--limit", "1"], env)
        expect(run.returncode == 2, f"{args} {env}: exit {run.returncode}, expected 2")
        expect(run.stderr.startswith("lbconform: exhaustive: ") and needle in run.stderr,
               f"{args} {env}: '{needle}' not in: {run.stderr}")

for problem in problems:
    print(f"shards_test: {problem}")
print(f"shards_test: {len(problems)} problems")
sys.exit(1 if problems else 0)
