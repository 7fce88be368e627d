#!/usr/bin/env python3
"""The campaign examples run here: the shard and merge commands of the
Kubernetes Indexed Job (examples/ci/kubernetes-exhaustive-job.yaml) and of
the GitHub Actions matrix workflow (examples/ci/github-exhaustive-shards.yml)
are taken from the files and run locally, one process per shard with the
variables Kubernetes or the matrix would give, on a small scope instead of
theirs; the merged totals must be the unsharded run's. Also checks what ties
the files together: completions = parallelism = --shards = the merge's count,
the volume names, the artifact names.

Usage: campaign_examples_test.py LBCONFORM SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

LBCONFORM = Path(sys.argv[1]).resolve()
SOURCE = Path(sys.argv[2])
SMALL_SCOPE = "--scope ci --zones 1 --max-vms-per-cell 1"
problems = []


def expect(condition, what):
    if not condition:
        problems.append(what)
    return condition


def shell(script, cwd, env, shell_program=("sh", "-c"), timeout=600):
    """Runs a script with lbconform on PATH and only the given shard variables."""
    environment = {k: v for k, v in os.environ.items()
                   if not re.match(r"(G?TEST_|JOB_COMPLETION_INDEX|SLURM_ARRAY_)", k)}
    environment["PATH"] = f"{LBCONFORM.parent}:{environment.get('PATH', '/usr/bin:/bin')}"
    environment.update(env)
    # A safety net against a hang, not a timing check.
    try:
        return subprocess.run([*shell_program, script], cwd=cwd, env=environment, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(script, -1, "", f"still running after {timeout} s")


def counts_of(path):
    result = json.loads(Path(path).read_text())
    return result["counts"], result["space"], result["parameters"]


with tempfile.TemporaryDirectory() as directory:
    work = Path(directory)
    whole = shell(f"lbconform exhaustive {SMALL_SCOPE} --result whole.json", work, {})
    expect(whole.returncode == 0, f"unsharded run: {whole.stderr}")
    unsharded = counts_of(work / "whole.json")

    # ------------------------------ Kubernetes
    documents = list(yaml.safe_load_all((SOURCE / "examples/ci/kubernetes-exhaustive-job.yaml").read_text()))
    claims = [d["metadata"]["name"] for d in documents if d["kind"] == "PersistentVolumeClaim"]
    jobs = {d["metadata"]["name"]: d for d in documents if d["kind"] == "Job"}
    indexed = [j for j in jobs.values() if j["spec"].get("completionMode") == "Indexed"]
    merges = [j for j in jobs.values() if j["spec"].get("completionMode") != "Indexed"]
    if expect(len(indexed) == 1 and len(merges) == 1, f"Kubernetes: jobs {list(jobs)}"):
        spec = indexed[0]["spec"]
        shards = spec["completions"]
        expect(spec.get("parallelism") == shards, "Kubernetes: parallelism is not completions")
        for job in (indexed[0], merges[0]):
            pod = job["spec"]["template"]["spec"]
            expect(pod.get("restartPolicy") == "Never", f"{job['metadata']['name']}: restartPolicy")
            volumes = [v["persistentVolumeClaim"]["claimName"] for v in pod["volumes"]]
            expect(volumes == claims, f"{job['metadata']['name']}: volumes {volumes}, claims {claims}")
        shard_script = " ".join(indexed[0]["spec"]["template"]["spec"]["containers"][0]["args"])
        merge_script = " ".join(merges[0]["spec"]["template"]["spec"]["containers"][0]["args"])
        consistent = all([
            expect(f"--shards {shards}" in shard_script, f"Kubernetes: --shards is not {shards}: {shard_script}"),
            # Otherwise the merge's wait below would never end.
            expect(f"-ge {shards} ]" in merge_script, f"Kubernetes: the merge does not wait for {shards}: {merge_script}"),
            expect("--scope campaign" in shard_script, f"Kubernetes: no --scope campaign: {shard_script}"),
        ])
        results = work / "k8s-results"
        results.mkdir()

        def local(script):
            return script.replace("--scope campaign", SMALL_SCOPE).replace("/results", str(results))

        for index in range(shards if consistent else 0):
            run = shell(local(shard_script), work, {"JOB_COMPLETION_INDEX": str(index)})
            expect(run.returncode == 0, f"Kubernetes shard {index}: exit {run.returncode}: {run.stderr}")
            expect(f"shard {index}/{shards} from JOB_COMPLETION_INDEX with --shards" in run.stdout,
                   f"Kubernetes shard {index}: {run.stdout}")
        if consistent:
            # The shards' files are there: the wait ends at once (the timeout is a safety net).
            merge = shell(local(merge_script), work, {}, timeout=120)
            expect(merge.returncode == 0, f"Kubernetes merge: exit {merge.returncode}: {merge.stderr}")
            if expect((results / "merged.json").exists(), "Kubernetes merge wrote no merged.json"):
                expect(counts_of(results / "merged.json") == unsharded, "Kubernetes: merged totals differ")

    # ------------------------------ GitHub Actions
    workflow = yaml.safe_load((SOURCE / "examples/ci/github-exhaustive-shards.yml").read_text())
    jobs = workflow["jobs"]
    matrix = jobs["shard"]["strategy"]["matrix"]["shard"]
    expect(jobs["shard"]["strategy"].get("fail-fast") is False, "Actions: a shard's failure cancels the others")
    expect(jobs["merge"]["needs"] == "shard" and "cancelled()" in str(jobs["merge"].get("if")),
           "Actions: the merge does not run after every shard")
    shard_runs = [s["run"] for s in jobs["shard"]["steps"] if "lbconform exhaustive" in s.get("run", "")]
    uploads = [s["with"]["name"] for s in jobs["shard"]["steps"] if "upload-artifact" in s.get("uses", "")]
    downloads = [s["with"].get("pattern") for s in jobs["merge"]["steps"] if "download-artifact" in s.get("uses", "")]
    expect(uploads == ["shard-${{ matrix.shard }}"] and "shard-*" in downloads, f"Actions: {uploads} vs {downloads}")
    merge_steps = [s for s in jobs["merge"]["steps"] if "lbconform merge" in s.get("run", "")]
    if expect(len(shard_runs) == 1 and len(merge_steps) == 1, "Actions: one shard step and one merge step"):
        expect(f"/{len(matrix)} " in shard_runs[0], f"Actions: --shard's N is not the matrix's {len(matrix)}")
        expect(merge_steps[0].get("shell") == "bash", "Actions: the merge step's pipe hides merge's exit status")
        results = work / "actions" / "results"
        results.mkdir(parents=True)
        for shard in matrix:
            script = shard_runs[0].replace("${{ matrix.shard }}", str(shard)).replace('--scope "$SCOPE"', SMALL_SCOPE)
            run = shell(script, results, {}, ("bash", "-eo", "pipefail", "-c"))
            expect(run.returncode == 0, f"Actions shard {shard}: exit {run.returncode}: {run.stderr}")
        summary = work / "summary.md"
        merge = shell(merge_steps[0]["run"], work / "actions", {"GITHUB_STEP_SUMMARY": str(summary)},
                      ("bash", "-eo", "pipefail", "-c"))
        expect(merge.returncode == 0, f"Actions merge: exit {merge.returncode}: {merge.stderr}")
        expect(summary.exists() and "each covered exactly once" in summary.read_text(), "Actions: no job summary")
        if expect((work / "actions" / "merged.json").exists(), "Actions merge wrote no merged.json"):
            expect(counts_of(work / "actions" / "merged.json") == unsharded, "Actions: merged totals differ")
        # The same merge with a shard missing fails the step.
        (results / f"shard-{matrix[-1]}.json").unlink()
        merge = shell(merge_steps[0]["run"], work / "actions", {"GITHUB_STEP_SUMMARY": str(summary)},
                      ("bash", "-eo", "pipefail", "-c"))
        expect(merge.returncode == 3, f"Actions merge with a shard missing: exit {merge.returncode}")

for problem in problems:
    print(f"campaign_examples_test: {problem}")
print(f"campaign_examples_test: {len(problems)} problems")
sys.exit(1 if problems else 0)
