#!/usr/bin/env python3
"""`lbconform check` under the sharding protocols users run (docs/campaigns.md):
the shard comes from Bazel's, googletest's, a Kubernetes Indexed Job's and a
SLURM array's variables as for `exhaustive`; under Bazel it creates
TEST_SHARD_STATUS_FILE and writes its JUnit XML to XML_OUTPUT_FILE, with a
failing test case per kind with a finding; a JUnit file that cannot be
written is exit 4. The Kubernetes example (examples/ci/kubernetes-check-job.yaml)
maps each exit status as docs/campaigns.md says, and its shard and merge
commands, run here on 4 shards of a small check of a planted bug, give exit
statuses its podFailurePolicy takes as intended and one distinct finding.

Usage: check_sharding_protocols_test.py LBCONFORM WRONG_ADAPTER SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import yaml

LBCONFORM, WRONG_ADAPTER, SOURCE = sys.argv[1], sys.argv[2], Path(sys.argv[3])
PROTOCOL_VARIABLES = [
    "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE", "GTEST_SHARD_INDEX",
    "GTEST_TOTAL_SHARDS", "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP"
]
CHECK = ["check", "--kind", "passthrough", "--cases", "40", "--seed", "7"]
problems = []


def lbconform(args, env):
    """Runs lbconform with only `env` of the protocols' variables set."""
    environment = {k: v for k, v in os.environ.items() if k not in PROTOCOL_VARIABLES}
    environment.update(env)
    # A safety net against a hang, not a timing check.
    return subprocess.run([LBCONFORM, *args], env=environment, capture_output=True, text=True, timeout=300)


def shell(script, env):
    """Runs a script of the example by sh, as the pod does."""
    environment = {k: v for k, v in os.environ.items() if k not in PROTOCOL_VARIABLES}
    environment.update(env)
    return subprocess.run(["sh", "-c", script], env=environment, capture_output=True, text=True, timeout=300)


def expect(condition, what):
    if not condition:
        problems.append(what)
    return condition


with tempfile.TemporaryDirectory() as directory:
    work = Path(directory)
    # Each protocol names shard 1 of 2, as the flag does.
    protocols = {
        "--shard": (["--shard", "1/2"], {}),
        "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS": ([], {"TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2"}),
        "GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS": ([], {"GTEST_SHARD_INDEX": "1", "GTEST_TOTAL_SHARDS": "2"}),
        "JOB_COMPLETION_INDEX with --shards": (["--shards", "2"], {"JOB_COMPLETION_INDEX": "1"}),
        "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT":
            ([], {"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "1"}),
    }
    for source, (args, env) in protocols.items():
        run = lbconform([*CHECK, "--engine", "reference", *args], env)
        expect(run.returncode == 0, f"{source}: exit {run.returncode}: {run.stderr}")
        expect(f"shard 1/2 ({source}), cases 40..80 of 40" in run.stdout or
               f"shard 1/2 ({source}), cases 20..40 of 40" in run.stdout,
               f"{source}: the closing line does not name shard 1/2 from it: {run.stdout[-300:]}")

    # Bazel: the status file, and the JUnit XML of a clean check.
    status, junit = work / "shard-status", work / "junit.xml"
    bazel = {"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": str(status),
             "XML_OUTPUT_FILE": str(junit)}
    run = lbconform([*CHECK, "--engine", "reference"], bazel)
    expect(run.returncode == 0, f"bazel: exit {run.returncode}: {run.stderr}")
    expect(status.exists(), "bazel: TEST_SHARD_STATUS_FILE was not created")
    if expect(junit.exists(), "bazel: no JUnit XML at XML_OUTPUT_FILE"):
        suite = ElementTree.parse(junit).getroot().find("testsuite")
        expect(suite is not None and suite.get("tests") == "1" and suite.get("failures") == "0",
               f"bazel: clean check's JUnit: {junit.read_text()}")
        names = [case.get("name") for case in ElementTree.parse(junit).getroot().iter("testcase")]
        expect(names == ["passthrough"], f"bazel: test cases {names}")

    # A planted bug: the kind's test case fails with its distinct finding.
    junit.unlink(missing_ok=True)
    run = lbconform(["check", "--impl", f"{WRONG_ADAPTER} float-ratio", "--kind", "passthrough", "--cases", "500",
                     "--seed", "7", "--keep-going"], {"XML_OUTPUT_FILE": str(junit)})
    expect(run.returncode == 1, f"planted bug: exit {run.returncode}: {run.stderr}")
    if expect(junit.exists(), "planted bug: no JUnit XML at XML_OUTPUT_FILE"):
        root = ElementTree.parse(junit).getroot()
        failures = list(root.iter("failure"))
        expect(len(failures) == 1 and "1 distinct finding" in (failures[0].get("message") or ""),
               f"planted bug: failures {[f.attrib for f in failures]}")
        expect(bool(failures) and "float-ratio" in (failures[0].text or ""),
               f"planted bug: the failure does not name the misreading: {junit.read_text()}")

    # A JUnit path that cannot be written (a folder) is exit 4, said.
    run = lbconform([*CHECK, "--engine", "reference"], {"XML_OUTPUT_FILE": str(work)})
    expect(run.returncode == 4 and "XML_OUTPUT_FILE" not in run.stdout and "JUnit" in run.stderr,
           f"unwritable XML_OUTPUT_FILE: exit {run.returncode}: {run.stderr}")
    # So is a status file that cannot be created.
    run = lbconform([*CHECK, "--engine", "reference"], {**bazel, "TEST_SHARD_STATUS_FILE": str(work / "no" / "dir")})
    expect(run.returncode == 4 and "TEST_SHARD_STATUS_FILE" in run.stderr,
           f"uncreatable TEST_SHARD_STATUS_FILE: exit {run.returncode}: {run.stderr}")


def action_for(policy, status):
    """The podFailurePolicy action for a container's exit status (the first
    rule that matches), "Succeeded" for 0, "Count" when no rule matches."""
    if status == 0:
        return "Succeeded"
    for rule in policy["rules"]:
        codes = rule.get("onExitCodes")
        if codes and (status in codes["values"]) == (codes["operator"] == "In"):
            return rule["action"]
    return "Count"


# The documented mapping (docs/campaigns.md), and the example's commands.
manifest = list(yaml.safe_load_all((SOURCE / "examples/ci/kubernetes-check-job.yaml").read_text()))
shards_job = next(d for d in manifest if d["kind"] == "Job" and d["spec"].get("completionMode") == "Indexed")
merge_job = next(d for d in manifest if d["kind"] == "Job" and d is not shards_job)
policy = shards_job["spec"]["podFailurePolicy"]
for status, action in [(1, "FailIndex"), (2, "FailJob"), (3, "Count"), (4, "Count"), (130, "Count"), (143, "Count")]:
    expect(action_for(policy, status) == action,
           f"kubernetes-check-job.yaml maps exit {status} to {action_for(policy, status)}, not {action}")
expect(any(r["action"] == "Ignore" and r.get("onPodConditions") for r in policy["rules"]),
       "kubernetes-check-job.yaml does not ignore evictions (DisruptionTarget)")
shard_script = shards_job["spec"]["template"]["spec"]["containers"][0]["args"][0]
merge_script = merge_job["spec"]["template"]["spec"]["containers"][0]["args"][0]
expect(shard_script.startswith("exec lbconform check"), "the shard does not exec lbconform (its status is lost)")
expect(f"--shards {shards_job['spec']['completions']}" in shard_script, "--shards is not the Job's completions")
with tempfile.TemporaryDirectory() as directory:
    work = Path(directory)
    path = f"{Path(LBCONFORM).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}"
    small = shard_script.replace("/results", str(work)).replace("--cases 100000", "--cases 100")
    for index in range(shards_job["spec"]["completions"]):
        run = shell(small, {"PATH": path, "JOB_COMPLETION_INDEX": str(index),
                            "ADAPTER": f"{WRONG_ADAPTER} float-ratio"})
        expect(action_for(policy, run.returncode) in ("Succeeded", "FailIndex"),
               f"kubernetes shard {index}: exit {run.returncode}: {run.stderr}")
        expect((work / f"shard-{index}.json").exists(), f"kubernetes shard {index}: no result")
    # The merge waits for the 4 results: run it only when they are there.
    shards = shards_job["spec"]["completions"]
    if expect(all((work / f"shard-{i}.json").exists() for i in range(shards)), "kubernetes: a shard wrote no result"):
        merge = shell(merge_script.replace("/results", str(work)), {"PATH": path})
        expect(merge.returncode == 1 and "distinct findings: 1" in merge.stdout,
               f"kubernetes merge: exit {merge.returncode}: {merge.stdout[-500:]} {merge.stderr}")

for problem in problems:
    print(f"check_sharding_protocols_test: {problem}")
print(f"check_sharding_protocols_test: {len(problems)} problems")
sys.exit(1 if problems else 0)
