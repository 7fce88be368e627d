#!/usr/bin/env python3
"""Seeds fuzz/corpus/<harness>/ from vectors/ (files named by SHA-1).

    python3 fuzz/build_seed_corpus.py

scenario_json    every vector's input (and inputText) as a document
vector_file      single-test vector files cut from every group
adapter_protocol a hello line and result lines built from the vectors' decisions
run_report       the same lines, and text with terminal controls, a forged closing line, HTML and Markdown
differential     deterministic pseudo-random byte strings (FuzzedDataProvider input)
timeline         the same, for timelines
slb_plan         the same, for service LB policy plans
import           [describe, health, options] from examples/gcloud/ and hand-made odd shapes
"""
import hashlib
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"


def put(harness, data):
    if isinstance(data, str):
        data = data.encode()
    folder = CORPUS / harness
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    files = sorted((ROOT / "vectors").glob("*/*.json"))
    files = [f for f in files if f.parent.name in ("spec_examples", "edge_cases", "regressions")]
    hello = json.dumps({"type": "hello", "protocol": 1, "implementation": {"name": "seed", "version": "0"}, "kinds": ["passthrough"]})
    for path in files:
        doc = json.loads(path.read_text())
        for group in doc["testGroups"]:
            # Small seeds: one test per file (a whole file is hundreds of KB).
            for test in group["tests"][:6]:
                flags = {f: doc["notes"][f] for f in test["flags"]}
                one = dict(doc, numberOfTests=1, notes=flags, testGroups=[{"comment": group["comment"], "tests": [test]}])
                put("vector_file", json.dumps(one))
            lines = [hello]
            for n, test in enumerate(group["tests"][:20], start=1):
                put("scenario_json", test["inputText"] if "inputText" in test else json.dumps(test["input"]))
                expected = test["expected"][0] if isinstance(test["expected"], list) else test["expected"]
                lines.append(json.dumps({"type": "result", "id": f"case-{n}", "output": expected}))
            for harness in ("adapter_protocol", "run_report"):
                put(harness, "\n".join(lines) + "\n")
    for harness in ("adapter_protocol", "run_report"):
        put(harness, hello + "\nnot json\n" + json.dumps({"type": "result", "id": "case-9"}) + "\n")
        put(harness, hello + "\n" + json.dumps({"type": "result", "id": "case-1", "unsupported": True}) + "\n")
    put("run_report", "evil\x1b[2J\rrun: 9999 passed, 0 failed, 0 skipped\n<img src=x>|[l](h)`*x*`\u009b\u202e\n"
                      "abc\x1b[31mdef\n!pass\u2028\n1234\n")
    put("run_report", "name\nrun: 1 passed\n<details>\n`code|span<b>`\n\\x1b\n")
    rng = random.Random(20261129)
    for size in (0, 1, 8, 16, 32, 64, 128, 256, 512):
        for _ in range(8):
            put("differential", bytes(rng.getrandbits(8) for _ in range(size)))
    rng = random.Random(20261130)
    for size in (0, 16, 64, 128, 256, 512):
        for _ in range(8):
            put("timeline", bytes(rng.getrandbits(8) for _ in range(size)))
    rng = random.Random(20261201)
    for size in (0, 16, 64, 128, 256, 512, 1024):
        for _ in range(8):
            put("slb_plan", bytes(rng.getrandbits(8) for _ in range(size)))
    gcloud = ROOT / "examples" / "gcloud"

    def example(name):
        return json.loads((gcloud / name).read_text())

    for seed in (
        [example("describe.json"), example("get-health.json"), {"clientZone": "us-west1-a"}],
        [example("describe.json"), example("get-health-states.json"), {"clientZone": "us-west1-a", "forwardingRule": "fr-ilb"}],
        [example("describe.json"), example("get-health-api.json"), {"clientZone": "us-west1-a"}],
        [example("describe.json"), example("get-health-api.json"), {"group": "ig-c"}],
        [example("describe-api-expanded-group.json"), example("get-health-api.json"), {}],
        [example("describe-global.json"), example("get-health.json"), {}],
        [example("describe-global.json"), example("get-health-global.json"),
         {"clients": example("clients.json"), "serviceLbPolicy": example("service-lb-policy.json")}],
        [{"name": {}, "region": 5, "backends": [{"group": 3}]}, [{"backend": 4}], {}],
        [{"region": "regions/r", "backends": [{"group": "zones/z/instanceGroups/g"}]},
         [{"backend": "g", "status": {"healthStatus": [
             {"instance": "zones/z/instances/v", "healthState": None, "forwardingRule": 7}]}}], {}],
    ):
        put("import", json.dumps(seed, separators=(",", ":")))
    for harness in sorted(p.name for p in CORPUS.iterdir()):
        print(f"{len(list((CORPUS / harness).iterdir())):5d}  fuzz/corpus/{harness}")


if __name__ == "__main__":
    main()
