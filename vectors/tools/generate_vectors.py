#!/usr/bin/env python3
"""Writes the golden vectors under vectors/ from the families below.

Each vector states why it exists (its comment) and the clauses it exercises.
Expected decisions of hand-checked vectors (the spec's worked examples) are
written here by hand and checked against the reference as they are written;
the others come from the reference (`lbconform decide`) and are split per
profile when the two spec revisions disagree. After editing this file:

    python3 vectors/tools/generate_vectors.py build/dev/cli/lbconform
    build/dev/cli/lbconform vectors lint && build/dev/cli/lbconform vectors regen --check
"""
import copy
import json
import subprocess
import sys
from pathlib import Path

LBCONFORM = sys.argv[1] if len(sys.argv) > 1 else "build/dev/cli/lbconform"
ROOT = Path(__file__).resolve().parent.parent
PROFILES = ["spec-docs", "en-2026-04-02"]
SCHEMA = "passthrough.schema.json"
SUITE_VERSION = "0.1.0"
REGION = "us-west1"

NOTES = {
    "UncoveredFailoverRow": ("GAP", "GAP-1: no row of the failover-ratio table covers a non-zero ratio with some but too few healthy primaries and no healthy backup. lbconform reads: the healthy primaries."),
    "NoPrimaryVms": ("GAP", "GAP-4: failover is configured but no primary VM exists; the healthy-primary ratio is 0/0."),
    "PolicyWithoutFailoverBackend": ("GAP", "GAP-5: a failoverPolicy without any failover backend; lbconform applies the rules without failover."),
    "DropWithZonalAffinity": ("GAP", "GAP-6: dropped traffic meets zonal affinity; no table row covers an empty eligible set. Only the status is open: nothing is eligible either way."),
    "NetworkSecurityIntegration": ("GAP", "GAP-10: the text says Network Security Integration with zonal affinity leads to packet drops without saying which; lbconform drops every new connection."),
    "RevisionDifference": ("PROFILE", "GAP-8: the zonal-affinity text (spec-docs) and the English revision of 2026-04-02 decide differently; the vector carries one profile."),
    "ExactDecimal": ("BOUNDARY", "A ratio boundary where binary floating point decides wrongly; the comparison must be exact (CONTRACT.md section 2)."),
    "RatioBoundary": ("BOUNDARY", "A ratio met exactly, or missed by one VM."),
    "MalformedDocument": ("INPUT", "The document itself is broken; the vector carries it as inputText."),
}


# ------------------------------ scenario building

def backend(name, zone, failover=False):
    return {"group": f"zones/{zone}/instanceGroups/{name}", "failover": failover}


def scenario(groups, vms, ratio=None, drop=None, spill=None, spill_ratio=None, client=("VM", "us-west1-a"),
             subsetting=None, deployment=None):
    """groups: [(name, zone, failover)]; vms: [(vm, group, healthy)]."""
    zones = {g: z for g, z, _ in groups}
    service = {"name": "be-ilb", "region": REGION, "loadBalancingScheme": "INTERNAL",
               "backends": [backend(g, z, f) for g, z, f in groups]}
    if ratio is not None or drop is not None:
        policy = {}
        if ratio is not None:
            policy["failoverRatio"] = ratio
        if drop is not None:
            policy["dropTrafficIfUnhealthy"] = drop
        service["failoverPolicy"] = policy
    if spill is not None:
        za = {"spillover": spill}
        if spill_ratio is not None:
            za["spilloverRatio"] = spill_ratio
        service["networkPassThroughLbTrafficPolicy"] = {"zonalAffinity": za}
    if subsetting is not None:
        service["subsetting"] = {"policy": subsetting}
    doc = {"kind": "passthrough", "backendService": service,
           "instances": [{"name": n, "zone": zones[g], "group": g, "healthState": "HEALTHY" if h else "UNHEALTHY"}
                         for n, g, h in vms],
           "client": client_json(client)}
    if deployment:
        doc["deployment"] = deployment
    return doc


def client_json(client):
    kind, where = client
    if kind == "VM":
        region = where.rsplit("-", 1)[0]
        return {"type": "VM", "region": region, "zone": where}
    # In the load balancer's own region: VPN tunnels, Interconnect attachments
    # and PSC consumers are incompatible even there (ZA-8, ZA-10).
    return {"type": kind, "region": REGION}


def decide(doc, profile):
    text = doc if isinstance(doc, str) else json.dumps(doc)
    out = subprocess.run([LBCONFORM, "decide", "--profile", profile, "-"], input=text.encode(),
                         capture_output=True, check=False)
    if out.returncode not in (0, 1):
        raise SystemExit(f"lbconform decide failed: {out.stderr.decode()}")
    return json.loads(out.stdout)


def normative(d):
    if not d["valid"]:
        return {"valid": False, "codes": sorted({e["code"] for e in d["errors"]})}
    za = d["zonalAffinity"]
    return {"valid": True, "kind": d["eligible"]["kind"], "eligible": d["eligible"]["backends"],
            "status": za["status"], "outcome": za.get("outcome"), "modified": d["modifiedEligible"]}


# ------------------------------ files

class VectorFile:
    def __init__(self, path, header):
        self.path = ROOT / path
        self.header = header
        self.groups = []
        self.flags = set()

    def group(self, comment):
        self.groups.append({"comment": comment, "tests": []})

    def add(self, ident, comment, clauses, doc, flags=(), hand=None, result=None, alternatives=None,
            profiles=None):
        """Adds one vector per distinct decision across profiles.

        hand: the normative fields written by hand (checked against the reference).
        alternatives: other allowed decisions (makes the vector `acceptable`).
        """
        wanted = profiles or PROFILES
        decisions = {p: decide(doc, p) for p in wanted}
        distinct = []
        for p in wanted:
            for entry in distinct:
                if normative(entry[1]) == normative(decisions[p]):
                    entry[0].append(p)
                    break
            else:
                distinct.append(([p], decisions[p]))
        for ps, d in distinct:
            if hand is not None:
                got = normative(d)
                for key, value in hand.items():
                    if got.get(key) != value:
                        raise SystemExit(f"{ident} ({ps}): reference gives {key}={got.get(key)!r}, hand-checked {value!r}")
            test_flags = list(flags)
            test_id = ident
            test_profiles = None
            if len(distinct) > 1 or (profiles and len(ps) < len(PROFILES)):
                test_profiles = ps
            if len(distinct) > 1:
                test_id = f"{ident}@{ps[0]}"
                if "RevisionDifference" not in test_flags:
                    test_flags.append("RevisionDifference")
            test = {"id": test_id, "comment": comment, "flags": test_flags, "clauses": list(clauses)}
            if test_profiles:
                test["profiles"] = test_profiles
            if hand is not None:
                test["handChecked"] = True
            if isinstance(doc, str):
                test["inputText"] = doc
            else:
                test["input"] = doc
            if alternatives:
                test["result"] = "acceptable"
                test["expected"] = [d] + [a for a in alternatives if normative(a) != normative(d)]
            else:
                test["result"] = result or ("valid" if d["valid"] else "invalid")
                test["expected"] = d
            self.flags.update(test_flags)
            self.groups[-1]["tests"].append(test)

    def write(self):
        tc = 0
        for g in self.groups:
            for t in g["tests"]:
                tc += 1
                t_ordered = {"tcId": tc}
                t_ordered.update(t)
                g["tests"][g["tests"].index(t)] = t_ordered
        doc = {"schema": SCHEMA, "suiteVersion": SUITE_VERSION, "kind": "passthrough", "numberOfTests": tc,
               "header": ["Generated by vectors/tools/generate_vectors.py; regenerate rather than edit by hand.",
                          *self.header],
               "notes": {f: {"bugType": NOTES[f][0], "description": NOTES[f][1]} for f in sorted(self.flags)},
               "testGroups": self.groups}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        return tc


def invalid(code):
    return {"valid": False, "errors": [{"code": code, "path": "", "message": "alternative reading"}]}


def decision(kind, eligible, status, modified, outcome=None):
    za = {"status": status}
    if outcome:
        za["outcome"] = outcome
    return {"valid": True, "errors": [], "eligible": {"kind": kind, "backends": sorted(eligible)},
            "zonalAffinity": za, "modifiedEligible": sorted(modified)}


# ------------------------------ spec examples: failover (docs/001)

def failover_example(unhealthy):
    groups = [("ig-a", "us-west1-a", False), ("ig-d", "us-west1-c", False),
              ("ig-b", "us-west1-a", True), ("ig-c", "us-west1-c", True)]
    vms = [(v, g, v not in unhealthy) for v, g in
           [("vm-a1", "ig-a"), ("vm-a2", "ig-a"), ("vm-d1", "ig-d"), ("vm-d2", "ig-d"),
            ("vm-b1", "ig-b"), ("vm-b2", "ig-b"), ("vm-c1", "ig-c"), ("vm-c2", "ig-c")]]
    return scenario(groups, vms, ratio=0.5)


def spec_failover():
    f = VectorFile("spec_examples/failover.json",
                   ["Worked examples of the failover text (docs/001, Traditional Chinese) and of the English",
                    "setting-up-failover page, hand-checked."])
    f.group("docs/001 failover example: ig-a, ig-d primary; ig-b, ig-c failover; two VMs each; ratio 0.5.")
    primaries = ["vm-a1", "vm-a2", "vm-d1", "vm-d2"]
    backups = ["vm-b1", "vm-b2", "vm-c1", "vm-c2"]
    f.add("failover/spec-example/all-healthy", "All four primaries healthy: the active pool is the four primaries (4 x 0.5 = 2 needed).",
          ["FO-23", "FO-12", "FO-7"], failover_example(set()),
          hand={"kind": "PRIMARY_HEALTHY", "eligible": primaries, "modified": primaries})
    f.add("failover/spec-example/a1-d1-down", "vm-a1 and vm-d1 unhealthy: 2 of 4 meets the minimum of 2, new connections go to vm-a2 and vm-d2.",
          ["FO-24", "FO-12"], failover_example({"vm-a1", "vm-d1"}),
          hand={"kind": "PRIMARY_HEALTHY", "modified": ["vm-a2", "vm-d2"]})
    f.add("failover/spec-example/a2-down-failover", "vm-a2 fails too: 1 of 4 is below the minimum, failover to the four healthy backups; the healthy vm-d2 leaves the pool.",
          ["FO-25", "FO-13", "FO-9", "FO-8", "FO-3"], failover_example({"vm-a1", "vm-d1", "vm-a2"}),
          hand={"kind": "BACKUP_HEALTHY", "modified": backups})
    f.add("failover/spec-example/a2-recovers-failback", "vm-a2 recovers: 2 of 4 meets the minimum again, failback to vm-a2 and vm-d2; every backup leaves the pool.",
          ["FO-26", "FO-9", "FO-12"], failover_example({"vm-a1", "vm-d1"}),
          hand={"kind": "PRIMARY_HEALTHY", "modified": ["vm-a2", "vm-d2"]})
    f.add("failover/spec-example/a1-recovers", "vm-a1 recovers: the pool is vm-a1, vm-a2 and vm-d2.",
          ["FO-27"], failover_example({"vm-d1"}),
          hand={"kind": "PRIMARY_HEALTHY", "modified": ["vm-a1", "vm-a2", "vm-d2"]})
    f.add("failover/spec-example/all-down-last-resort", "Every primary and backup VM unhealthy, dropping not configured: all primaries as a last resort; backups excluded.",
          ["FO-14", "FO-19"], failover_example(set(primaries + backups)),
          hand={"kind": "PRIMARY_LAST_RESORT", "modified": primaries})

    f.group("docs/001 ratio bullets: 1.0, 0.1 and 0.0.")
    groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    def service(n, healthy, ratio, backup_healthy=True, drop=None):
        return scenario(groups, [(f"p{i}", "ig-p", i < healthy) for i in range(n)] + [("f0", "ig-f", backup_healthy)],
                        ratio=ratio, drop=drop)
    f.add("failover/ratio-1.0/all-healthy", "Ratio 1.0 with every primary healthy keeps the primaries.", ["FO-15", "FO-12"],
          service(4, 4, 1.0), hand={"kind": "PRIMARY_HEALTHY"})
    f.add("failover/ratio-1.0/one-down", "Ratio 1.0 fails over as soon as one primary is unhealthy.", ["FO-15", "FO-13"],
          service(4, 3, 1.0), hand={"kind": "BACKUP_HEALTHY", "modified": ["f0"]})
    f.add("failover/ratio-0.1/ten-percent", "Ratio 0.1 with 1 of 10 primaries healthy: exactly 10%, no failover (0.1 x 10 > 1 in binary).",
          ["FO-16", "FO-12"], service(10, 1, 0.1), flags=["ExactDecimal"], hand={"kind": "PRIMARY_HEALTHY", "modified": ["p0"]})
    f.add("failover/ratio-0.1/below", "Ratio 0.1 with 1 of 11 primaries healthy: below 10%, failover.", ["FO-16", "FO-13"],
          service(11, 1, 0.1), hand={"kind": "BACKUP_HEALTHY"})
    f.add("failover/ratio-0.0/one-healthy", "Ratio 0.0: one healthy primary prevents failover.", ["FO-17", "FO-12"],
          service(4, 1, 0.0), hand={"kind": "PRIMARY_HEALTHY", "modified": ["p0"]})
    f.add("failover/ratio-0.0/none-healthy", "Ratio 0.0 fails over only when every primary is unhealthy.", ["FO-17", "FO-13"],
          service(4, 0, 0.0), hand={"kind": "BACKUP_HEALTHY", "modified": ["f0"]})
    f.add("failover/ratio-default-is-zero", "An absent failoverRatio is 0.0: 1 of 4 healthy primaries keeps the primaries.",
          ["FO-11", "FO-17"], scenario(groups, [(f"p{i}", "ig-p", i < 1) for i in range(4)] + [("f0", "ig-f", True)]),
          hand={"kind": "PRIMARY_HEALTHY"})
    f.add("failover/drop-all-unhealthy", "dropTrafficIfUnhealthy with every VM unhealthy drops new connections.", ["FO-20", "FO-10"],
          service(4, 0, 0.5, backup_healthy=False, drop=True), hand={"kind": "DROP", "modified": []})

    f.group("English setting-up-failover test (NOTES.md section 1.2): failoverRatio 0.75, two primaries.")
    f.add("failover/setup-guide/half-healthy", "1 of 2 primaries healthy is 0.5, less than 0.75: traffic goes to the healthy failover VMs.",
          ["FO-13"], service(2, 1, 0.75), hand={"kind": "BACKUP_HEALTHY"})
    f.add("failover/setup-guide/all-healthy", "2 of 2 is 1.0, greater than 0.75: all healthy primaries.", ["FO-12"],
          service(2, 2, 0.75), hand={"kind": "PRIMARY_HEALTHY"})

    f.group("CONTRACT.md section 2: ratios are exact decimals.")
    f.add("failover/exact/0.07-of-100", "failoverRatio 0.07 with 7 of 100 primaries healthy keeps the primaries (0.07 x 100 = 7.000000000000001 in binary).",
          ["FO-12", "FO-11"], service(100, 7, 0.07), flags=["ExactDecimal"], hand={"kind": "PRIMARY_HEALTHY"})
    f.add("failover/exact/0.07-of-100-one-below", "6 of 100 at 0.07 fails over.", ["FO-13"], service(100, 6, 0.07),
          flags=["ExactDecimal"], hand={"kind": "BACKUP_HEALTHY"})
    return f.write()


# ------------------------------ spec examples: zonal affinity (docs/000 and the EN page)

def spec_zonal():
    f = VectorFile("spec_examples/zonal_affinity.json",
                   ["Worked examples of the zonal-affinity text (docs/000, Indonesian) and of the English",
                    "revision of 2026-04-02, hand-checked."])
    f.group("docs/000 zonal-match example: primaries in zones A and B, failover backends in C and D, client in A.")
    groups = [("ig-pa", "us-west1-a", False), ("ig-pb", "us-west1-b", False),
              ("ig-fc", "us-west1-c", True), ("ig-fd", "us-west1-d", True)]
    def match_example(primaries_healthy):
        vms = [("pa1", "ig-pa", primaries_healthy), ("pb1", "ig-pb", primaries_healthy),
               ("fc1", "ig-fc", True), ("fd1", "ig-fd", True)]
        return scenario(groups, vms, ratio=0.0, spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")
    f.add("zonal/spec-example/scenario-1", "Scenario 1: eligible = healthy primaries (zones A, B); test backends = configured primaries; the client in A matches.",
          ["ZA-27", "ZA-24", "ZA-17", "ZA-18", "ZA-23", "ZA-3"], match_example(True),
          hand={"kind": "PRIMARY_HEALTHY", "status": "APPLIED", "modified": ["pa1"]})
    f.add("zonal/spec-example/scenario-2", "Scenario 2: eligible = healthy failover backends (zones C, D); the client in A has no zonal match.",
          ["ZA-28", "ZA-25", "ZA-23"], match_example(False),
          hand={"kind": "BACKUP_HEALTHY", "status": "NO_ZONAL_MATCH", "modified": ["fc1", "fd1"]})

    f.group("English example (NOTES.md section 3.6): spillover 0.8, no failover, 5 backends in each of two zones.")
    g2 = [("ig-1", "us-west1-a", False), ("ig-2", "us-west1-b", False)]
    vms = [(f"z1-vm{i}", "ig-1", True) for i in range(5)] + [(f"z2-vm{i}", "ig-2", i < 3) for i in range(5)]
    z1 = [f"z1-vm{i}" for i in range(5)]
    f.add("zonal/en-example/zone-1-client", "Zone 1 has 5 of 5 healthy: 1.0 >= 0.8, the client in zone 1 uses only zone-1 backends.",
          ["ZA-EN-4", "ZA-40", "ZA-14", "ZA-EN-1"], scenario(g2, vms, spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.8),
          hand={"status": "APPLIED", "outcome": "REFINED", "modified": z1})
    f.add("zonal/en-example/zone-2-client", "Zone 2 has 3 of 5 healthy: 0.6 < 0.8, the client in zone 2 gets all 8 healthy backends.",
          ["ZA-EN-4", "ZA-41"], scenario(g2, vms, spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.8,
                                         client=("VM", "us-west1-b")),
          hand={"status": "APPLIED", "outcome": "UNCHANGED"})
    vms4 = [(f"z1-vm{i}", "ig-1", True) for i in range(5)] + [(f"z2-vm{i}", "ig-2", i < 4) for i in range(5)]
    f.add("zonal/en-example/zone-2-four-of-five", "4 of 5 is exactly 0.8: the ratio is met (rational comparison, GAP-14).",
          ["ZA-40", "ZA-39"], scenario(g2, vms4, spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.8,
                                       client=("VM", "us-west1-b")),
          flags=["ExactDecimal"], hand={"outcome": "REFINED", "modified": [f"z2-vm{i}" for i in range(4)]})

    f.group("docs/000 option tables, failover configured: p-a*, f-a* in the client's zone us-west1-a; p-b*, f-b* in us-west1-b.")
    two = [("ig-pa", "us-west1-a", False), ("ig-pb", "us-west1-b", False),
           ("ig-fa", "us-west1-a", True), ("ig-fb", "us-west1-b", True)]
    names = ["p-a1", "p-a2", "p-b1", "p-b2", "f-a1", "f-a2", "f-b1", "f-b2"]
    group_of = {"p-a": "ig-pa", "p-b": "ig-pb", "f-a": "ig-fa", "f-b": "ig-fb"}
    def tz(down, ratio=0.5, **kw):
        return scenario(two, [(n, group_of[n[:3]], n not in down) for n in names], ratio=ratio, **kw)
    stay = dict(spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")
    spill0 = dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.0)
    spill_half = dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.5)
    failover_mode = {"p-a1", "p-a2", "p-b1"}
    all_down = set(names)
    f.add("zonal/stay/row-1-refine", "STAY, healthy primaries eligible, one in the client's zone: the intersection.",
          ["ZA-32", "ZA-31", "ZA-30", "ZA-13", "ZA-29", "ZA-1"], tz({"p-a2"}, **stay),
          hand={"outcome": "REFINED", "modified": ["p-a1"]})
    f.add("zonal/stay/row-1-replace", "STAY, healthy primaries eligible, none in the client's zone: the unhealthy primaries of the zone.",
          ["ZA-33", "ZA-19"], tz({"p-a1", "p-a2"}, ratio=0.0, **stay),
          hand={"outcome": "REPLACED", "modified": ["p-a1", "p-a2"]})
    f.add("zonal/stay/row-2-refine", "STAY, healthy failover backends eligible, in the client's zone: the intersection.",
          ["ZA-32", "ZA-25"], tz(failover_mode, **stay), hand={"kind": "BACKUP_HEALTHY", "modified": ["f-a1", "f-a2"]})
    f.add("zonal/stay/row-2-replace", "STAY, healthy failover backends eligible, none in the client's zone: the unhealthy failover backends there.",
          ["ZA-33", "ZA-25"], tz(failover_mode | {"f-a1", "f-a2"}, **stay),
          hand={"outcome": "REPLACED", "modified": ["f-a1", "f-a2"]})
    f.add("zonal/stay/row-3-last-resort", "STAY, all unhealthy primaries eligible: the intersection is never empty.",
          ["ZA-34", "ZA-26"], tz(all_down, **stay), hand={"kind": "PRIMARY_LAST_RESORT", "outcome": "REFINED", "modified": ["p-a1", "p-a2"]})
    f.add("zonal/spill-0/row-1-refine", "SPILL ratio 0, an eligible backend in the client's zone: the intersection.",
          ["ZA-36", "ZA-14"], tz({"p-a2"}, **spill0), hand={"outcome": "REFINED", "modified": ["p-a1"]})
    f.add("zonal/spill-0/row-1-spill", "SPILL ratio 0, no eligible backend in the client's zone: the original set (spill over).",
          ["ZA-37", "ZA-35"], tz({"p-a1", "p-a2"}, ratio=0.0, **spill0),
          hand={"outcome": "UNCHANGED", "modified": ["p-b1", "p-b2"]})
    f.add("zonal/spill-0/row-3-last-resort", "SPILL ratio 0, all unhealthy primaries: docs/000 keeps the client's zone; the English revision leaves the set unchanged.",
          ["ZA-38", "ZA-EN-2"], tz(all_down, **spill0))
    f.add("zonal/spill-ratio/row-1-met", "SPILL ratio 0.5, 1 of 2 primaries of the zone healthy and eligible: met exactly, the intersection.",
          ["ZA-39", "ZA-40", "ZA-EN-3"], tz({"p-a2"}, ratio=0.0, **spill_half), flags=["RatioBoundary"],
          hand={"outcome": "REFINED", "modified": ["p-a1"]})
    f.add("zonal/spill-ratio/row-1-below", "SPILL ratio 0.5, 0 of 2 in the zone: below, the original set.",
          ["ZA-41"], tz({"p-a1", "p-a2"}, ratio=0.0, **spill_half), flags=["RatioBoundary"],
          hand={"outcome": "UNCHANGED", "modified": ["p-b1", "p-b2"]})
    f.add("zonal/spill-ratio/row-3-last-resort", "SPILL ratio 0.5, all unhealthy primaries: docs/000 computes 2/2 and stays in the zone; the English revision computes 0/2 and does not.",
          ["ZA-42", "ZA-EN-2", "ZA-EN-3"], tz(all_down, **spill_half))
    return f.write()


# ------------------------------ edge cases: the failover-ratio table, systematically

def edge_failover():
    f = VectorFile("edge_cases/failover_table.json",
                   ["Every row of the failover-ratio table and both sides of every ratio boundary."])
    groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    def service(n, hp, nb, hb, ratio, drop=None):
        vms = [(f"p{i:03d}", "ig-p", i < hp) for i in range(n)] + [(f"f{i:03d}", "ig-f", i < hb) for i in range(nb)]
        return scenario(groups, vms, ratio=ratio, drop=drop)
    f.group("Rows x ratios: 4 primaries, 2 backups; every healthy count, both drop settings.")
    for ratio in (0.0, 0.5, 1.0):
        for hp in range(5):
            for hb in (0, 2):
                for drop in (False, True):
                    ident = f"failover/table/ratio-{ratio}/hp-{hp}-of-4/hb-{hb}/drop-{str(drop).lower()}"
                    x_is_zero = ratio == 0.0
                    keeps = hp > 0 if x_is_zero else hp / 4 >= ratio
                    clauses = ["FO-12"] if keeps else (["FO-13"] if hb else (["FO-20"] if hp == 0 and drop else ["FO-14"] if hp == 0 else ["FO-12"]))
                    doc = service(4, hp, 2, hb, ratio, drop)
                    if not keeps and hb == 0 and hp > 0:
                        alt = decision("BACKUP_HEALTHY", [], "DISABLED", [])
                        f.add(ident, "No table row: non-zero ratio, too few healthy primaries, no healthy backup (GAP-1).",
                              clauses, doc, flags=["UncoveredFailoverRow"], alternatives=[alt])
                    else:
                        f.add(ident, f"Failover-ratio table with ratio {ratio}: {hp} of 4 primaries and {hb} of 2 backups healthy, drop {drop}.",
                              clauses, doc)
    f.group("Exact boundaries: the minimum healthy count and one below, for ratios that floating point gets wrong.")
    for ratio in (0.07, 0.1, 0.2, 0.3, 1 / 3, 0.6, 2 / 3, 0.7, 0.9):
        for n in (3, 7, 10, 30, 100, 250):
            from fractions import Fraction
            from decimal import Decimal
            exact = Fraction(Decimal(repr(ratio)))
            k = -(-exact.numerator * n // exact.denominator)  # ceil(ratio * n) exactly
            if k == 0 or k > n:
                continue
            for hp, side in ((k, "met"), (k - 1, "one-below")):
                f.add(f"failover/boundary/{repr(ratio)}/{n}-primaries/{side}",
                      f"failoverRatio {repr(ratio)} with {hp} of {n} primaries healthy: the minimum is {k}, so this is {side.replace('-', ' ')}.",
                      ["FO-12" if side == "met" else "FO-13", "FO-11"], service(n, hp, 1, 1, ratio),
                      flags=["RatioBoundary", "ExactDecimal"])
    f.group("Limits: 250 VMs and 50 groups per role, accepted; one more, rejected.")
    def many(primary_groups, per_primary, failover_groups, per_failover):
        gs = [(f"p{g:02d}", "us-west1-a", False) for g in range(primary_groups)] + \
             [(f"f{g:02d}", "us-west1-b", True) for g in range(failover_groups)]
        vms = [(f"vp{g:02d}-{i}", f"p{g:02d}", True) for g in range(primary_groups) for i in range(per_primary)] + \
              [(f"vf{g:02d}-{i}", f"f{g:02d}", True) for g in range(failover_groups) for i in range(per_failover)]
        return scenario(gs, vms, ratio=0.5)
    f.add("failover/limits/at-limit", "50 primary groups of 5 VMs and 50 failover groups of 5 VMs: exactly at every limit.",
          ["FO-5", "FO-6"], many(50, 5, 50, 5))
    f.add("failover/limits/251-primary-vms", "251 primary VMs exceed the 250 limit.", ["FO-5"], many(1, 251, 1, 1))
    f.add("failover/limits/251-backup-vms", "251 backup VMs exceed the 250 limit.", ["FO-5"], many(1, 1, 1, 251))
    f.add("failover/limits/51-primary-groups", "51 primary groups exceed the 50 limit.", ["FO-6"], many(51, 1, 1, 1))
    f.add("failover/limits/51-failover-groups", "51 failover groups exceed the 50 limit.", ["FO-6"], many(1, 1, 51, 1))
    f.add("failover/limits/no-failover-no-limit", "Without failover the failover text's limits do not apply (GAP-12): 300 VMs in 60 groups.",
          ["FO-5", "TD-1"], scenario([(f"g{g:02d}", "us-west1-a", False) for g in range(60)],
                                     [(f"v{g:02d}-{i}", f"g{g:02d}", True) for g in range(60) for i in range(5)]))
    f.group("Ratio range.")
    for r, ok in ((0.0, True), (1.0, True), (-0.01, False), (1.0000000000000002, False), (1e300, False)):
        f.add(f"failover/range/{str(r).replace('+', '')}", f"failoverRatio {r} is {'inside' if ok else 'outside'} [0.0, 1.0].", ["FO-11"],
              service(4, 2, 1, 1, r))
    f.group("Without failover: healthy backends, else all as a last resort; no VM at all.")
    g1 = [("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)]
    for h in range(3):
        f.add(f"eligibility/no-failover/{h}-of-2-healthy", f"No failover, {h} of 2 VMs healthy.", ["TD-1" if h else "TD-2", "TD-3", "FO-18"],
              scenario(g1, [("vm-a", "ig-a", h >= 1), ("vm-b", "ig-b", h >= 2)]))
    f.add("eligibility/no-backends", "A backend service with no VM: nothing to choose (GAP-13).", ["TD-2"],
          scenario([("ig-a", "us-west1-a", False)], []))
    f.add("eligibility/roles-from-backends", "Backends are primary unless failover: true; a VM's role is its group's.",
          ["FO-1", "FO-2"], scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-a", True)],
                                     [("vm-a", "ig-a", True), ("vm-b", "ig-b", True)], ratio=0.5))
    f.group("Readings of gaps: acceptable outcomes.")
    f.add("gap/no-primary-vms", "Failover configured, the primary group is empty, a backup is healthy (GAP-4).",
          ["FO-13"], scenario(groups, [("f0", "ig-f", True)], ratio=0.5), flags=["NoPrimaryVms"],
          alternatives=[decision("PRIMARY_HEALTHY", [], "DISABLED", [])])
    f.add("gap/policy-without-failover-backend", "A failoverPolicy with drop but no failover backend, every VM unhealthy (GAP-5).",
          ["TD-2", "FO-10"], scenario([("ig-a", "us-west1-a", False)], [("vm-a", "ig-a", False)], ratio=0.5, drop=True),
          flags=["PolicyWithoutFailoverBackend"], alternatives=[decision("DROP", [], "DISABLED", [])])
    return f.write()


# ------------------------------ edge cases: zonal affinity, every option x eligible kind x client

def edge_zonal():
    f = VectorFile("edge_cases/zonal_affinity_matrix.json",
                   ["Every zonal-affinity option against every kind of eligible set and every client."])
    options = [("disabled", dict(spill="ZONAL_AFFINITY_DISABLED")),
               ("stay", dict(spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")),
               ("spill-0", dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE")),
               ("spill-0.5", dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.5)),
               ("spill-1", dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=1.0))]
    clause_of = {"disabled": ["ZA-12", "ZA-21"], "stay": ["ZA-13", "ZA-30", "ZA-31"], "spill-0": ["ZA-14", "ZA-36", "ZA-37"],
                 "spill-0.5": ["ZA-39", "ZA-40", "ZA-41"], "spill-1": ["ZA-39", "ZA-40", "ZA-41"]}
    fo = [("ig-pa", "us-west1-a", False), ("ig-pb", "us-west1-b", False),
          ("ig-fa", "us-west1-a", True), ("ig-fb", "us-west1-b", True)]
    nofo = [("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)]
    def fo_doc(health, **kw):
        vms = [("pa1", "ig-pa", health[0]), ("pa2", "ig-pa", health[1]), ("pb1", "ig-pb", health[2]),
               ("fa1", "ig-fa", health[3]), ("fb1", "ig-fb", health[4])]
        return scenario(fo, vms, ratio=0.5, **kw)
    def nofo_doc(health, **kw):
        return scenario(nofo, [("a1", "ig-a", health[0]), ("a2", "ig-a", health[1]), ("b1", "ig-b", health[2])], **kw)
    states = [
        ("primary-healthy-in-zone", fo_doc, (1, 0, 1, 1, 1), ["ZA-24"]),
        ("primary-healthy-none-in-zone", fo_doc, (0, 0, 1, 1, 1), ["ZA-24"]),
        ("backup-healthy-in-zone", fo_doc, (0, 0, 0, 1, 1), ["ZA-25"]),
        ("backup-healthy-none-in-zone", fo_doc, (0, 0, 0, 0, 1), ["ZA-25"]),
        ("primary-last-resort", fo_doc, (0, 0, 0, 0, 0), ["ZA-26"]),
        ("all-healthy-in-zone", nofo_doc, (1, 0, 1), ["ZA-EN-1"]),
        ("all-healthy-none-in-zone", nofo_doc, (0, 0, 1), ["ZA-EN-1"]),
        ("all-last-resort", nofo_doc, (0, 0, 0), ["ZA-EN-1"]),
    ]
    clients = [("client-in-a", ("VM", "us-west1-a")), ("client-in-c-no-backends", ("VM", "us-west1-c"))]
    for option, kw in options:
        f.group(f"Option {option}.")
        for state, make, health, state_clauses in states:
            for client_name, client in clients:
                ident = f"zonal/matrix/{option}/{state}/{client_name}"
                f.add(ident, f"{option} with eligible set '{state}' and a VM {client_name.replace('-', ' ')}.",
                      clause_of[option] + state_clauses + (["ZA-23"] if option != "disabled" else []),
                      make(health, client=client, **kw))
    f.group("Incompatible clients behave as if zonal affinity were disabled.")
    for name, client, clauses in (("vpn-tunnel", ("VPN_TUNNEL", None), ["ZA-10", "ZA-22"]),
                                  ("interconnect", ("INTERCONNECT_ATTACHMENT", None), ["ZA-10", "ZA-22"]),
                                  ("psc-endpoint", ("PSC_ENDPOINT", None), ["ZA-8", "ZA-22"]),
                                  ("other-region-vm", ("VM", "us-east1-b"), ["ZA-11", "ZA-22"]),
                                  ("same-region-vm", ("VM", "us-west1-a"), ["ZA-9"])):
        for option, kw in options[1:4]:
            f.add(f"zonal/clients/{name}/{option}", f"A {name.replace('-', ' ')} client with {option}.", clauses + ["ZA-9"],
                  fo_doc((1, 0, 1, 1, 1), client=client, **kw))
    f.group("Deployment facts: Network Security Integration, dropped traffic (acceptable readings).")
    for option, kw in options[1:4]:
        doc = fo_doc((1, 0, 1, 1, 1), deployment={"networkSecurityIntegration": True}, **kw)
        plain = decide(fo_doc((1, 0, 1, 1, 1), **kw), "spec-docs")
        f.add(f"zonal/nsi/{option}", "Network Security Integration with zonal affinity drops packets (GAP-10).",
              ["ZA-7"], doc, flags=["NetworkSecurityIntegration"], alternatives=[plain])
        dropped = scenario(fo, [("pa1", "ig-pa", False), ("fa1", "ig-fa", False)], ratio=0.5, drop=True, **kw)
        alt = decision("DROP", [], "NO_ZONAL_MATCH", [])
        f.add(f"zonal/drop/{option}", "Dropped traffic with zonal affinity stays dropped (GAP-6).", ["FO-20"], dropped,
              flags=["DropWithZonalAffinity"], alternatives=[alt])
    f.add("zonal/nsi/disabled", "Network Security Integration without zonal affinity is fine.", ["ZA-7", "ZA-12"],
          fo_doc((1, 0, 1, 1, 1), deployment={"networkSecurityIntegration": True}, spill="ZONAL_AFFINITY_DISABLED"))
    f.group("Modification happens after Identify eligible backends, on its output.")
    f.add("zonal/order/after-eligibility", "Failover happens first; zonal affinity then refines the failover backends.",
          ["ZA-20", "ZA-16", "TD-3"], fo_doc((0, 0, 0, 1, 1), spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE"))
    return f.write()


# ------------------------------ edge cases: validation and malformed input

def edge_validation():
    f = VectorFile("edge_cases/validation.json", ["Every error code a vector can carry, and the valid side of each rule."])
    base = scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", True)],
                    [("vm-a", "ig-a", True), ("vm-b", "ig-b", True)], ratio=0.5,
                    spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")
    def variant(change):
        doc = copy.deepcopy(base)
        change(doc)
        return doc
    f.group("Zonal-affinity incompatibilities.")
    f.add("validation/subsetting", "Zonal affinity with backend subsetting is rejected.", ["ZA-5"],
          variant(lambda d: d["backendService"].__setitem__("subsetting", {"policy": "CONSISTENT_HASH_SUBSETTING"})))
    f.add("validation/subsetting-without-za", "Subsetting without zonal affinity is fine.", ["ZA-5", "ZA-12"],
          variant(lambda d: (d["backendService"].__setitem__("subsetting", {"policy": "CONSISTENT_HASH_SUBSETTING"}),
                             d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].__setitem__("spillover", "ZONAL_AFFINITY_DISABLED"))))
    f.add("validation/packet-mirroring", "Zonal affinity on a Packet Mirroring collector destination is rejected.", ["ZA-6"],
          variant(lambda d: d.__setitem__("deployment", {"packetMirroringCollector": True})))
    f.add("validation/symmetric-hashing-peer-disabled", "Symmetric hashing with a peer that lacks zonal affinity is rejected.", ["ZA-4"],
          variant(lambda d: d.__setitem__("deployment", {"symmetricHashing": {"peerZonalAffinityEnabled": False, "senderToReceiverSameZoneOnly": True}})))
    f.add("validation/symmetric-hashing-cross-zone", "Symmetric hashing with cross-zone senders: accepted by docs/000, rejected by the English revision (GAP-15).",
          ["ZA-4", "ZA-EN-5"], variant(lambda d: d.__setitem__("deployment", {"symmetricHashing": {"peerZonalAffinityEnabled": True}})))
    f.add("validation/symmetric-hashing-ok", "Symmetric hashing with zonal affinity on both and same-zone senders is supported.", ["ZA-4"],
          variant(lambda d: d.__setitem__("deployment", {"symmetricHashing": {"peerZonalAffinityEnabled": True, "senderToReceiverSameZoneOnly": True}})))
    for r in (-0.5, 1.5):
        f.add(f"validation/spillover-ratio/{r}", f"spilloverRatio {r} is outside [0.0, 1.0].", ["ZA-35"],
              variant(lambda d: d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].update(
                  {"spillover": "ZONAL_AFFINITY_SPILL_CROSS_ZONE", "spilloverRatio": r})))
    f.group("Input errors: the document cannot be read as a scenario.")
    def input_error(ident, comment, doc_or_text, flags=()):
        f.add(f"input/{ident}", comment, ["TD-3"], doc_or_text, flags=flags)
    input_error("not-json", "A document that is not JSON.", "this is not json", ["MalformedDocument"])
    input_error("nan", "NaN is not JSON.", '{"kind": "passthrough", "x": NaN}', ["MalformedDocument"])
    input_error("duplicate-key", "The same key twice in one object.", '{"kind": "passthrough", "kind": "passthrough"}', ["MalformedDocument"])
    input_error("too-deep", "65 levels of nesting.", "[" * 65 + "]" * 65, ["MalformedDocument"])
    input_error("wrong-type", "failover is a string.", variant(lambda d: d["backendService"]["backends"][0].__setitem__("failover", "yes")))
    input_error("missing-field", "An instance without healthState.", variant(lambda d: d["instances"][0].pop("healthState")))
    input_error("unknown-field", "A typo outside backendService.", variant(lambda d: d["client"].__setitem__("zonee", "us-west1-a")))
    input_error("unknown-kind", "An unknown scenario kind.", variant(lambda d: d.__setitem__("kind", "service-lb-policy-v9")))
    input_error("unknown-enum", "An unknown healthState.", variant(lambda d: d["instances"][0].__setitem__("healthState", "DRAINING")))
    input_error("invalid-name", "An instance URL without a name.", variant(lambda d: d["instances"][0].__setitem__("name", "zones/us-west1-a/instances/")))
    input_error("duplicate-instance", "Two instances named vm-a.", variant(lambda d: d["instances"].append(copy.deepcopy(d["instances"][0]))))
    input_error("duplicate-backend", "The same group twice.", variant(lambda d: d["backendService"]["backends"].append(
        {"group": "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-a/instanceGroups/ig-a"})))
    input_error("unknown-group", "An instance of a group that is not a backend.", variant(lambda d: d["instances"][0].__setitem__("group", "ig-z")))
    input_error("ambiguous-group", "Two backends named ig-a in different zones; the instance says only ig-a.",
                variant(lambda d: d["backendService"]["backends"].append({"group": "zones/us-west1-c/instanceGroups/ig-a"})))
    input_error("zone-not-in-region", "An instance outside the backend service's region.", variant(lambda d: d["instances"][0].__setitem__("zone", "us-east1-b")))
    input_error("instance-zone-mismatch", "An instance in another zone than its zonal group.", variant(lambda d: d["instances"][0].__setitem__("zone", "us-west1-c")))
    input_error("external-scheme", "A scheme other than INTERNAL is not a passthrough ILB.",
                variant(lambda d: d["backendService"].__setitem__("loadBalancingScheme", "EXTERNAL_MANAGED")))
    f.group("Real gcloud output: unknown API fields are ignored, URLs accepted.")
    f.add("input/gcloud-shape", "A backendService with creationTimestamp, fingerprint, selfLink, healthChecks and full URLs decides normally.",
          ["ZA-15", "FO-2"], variant(lambda d: d["backendService"].update({
              "creationTimestamp": "2026-01-01T00:00:00.000-08:00", "fingerprint": "abc=", "kind": "compute#backendService",
              "selfLink": "https://www.googleapis.com/compute/v1/projects/p/regions/us-west1/backendServices/be-ilb",
              "healthChecks": ["https://www.googleapis.com/compute/v1/projects/p/global/healthChecks/hc"],
              "region": "https://www.googleapis.com/compute/v1/projects/p/regions/us-west1", "protocol": "TCP"})))
    return f.write()


# ------------------------------ regressions: properties/regressions as vectors

def regressions():
    f = VectorFile("regressions/properties.json", ["Scenarios kept from properties/regressions (each file's comment and source)."])
    f.group("Property regressions.")
    for path in sorted((ROOT.parent / "properties" / "regressions").glob("*.json")):
        kept = json.loads(path.read_text())
        f.add(f"regression/{path.stem}", f"{kept['comment']} Source: {kept['source']}, properties/regressions/{path.name}.",
              ["FO-12", "FO-13"] if "ratio" in path.stem or "primar" in path.stem else ["ZA-EN-2", "ZA-40"],
              kept["scenario"], profiles=[kept["profile"]])
    return f.write()


if __name__ == "__main__":
    counts = {"spec_examples/failover.json": spec_failover(), "spec_examples/zonal_affinity.json": spec_zonal(),
              "edge_cases/failover_table.json": edge_failover(), "edge_cases/zonal_affinity_matrix.json": edge_zonal(),
              "edge_cases/validation.json": edge_validation(), "regressions/properties.json": regressions()}
    for name, n in counts.items():
        print(f"{n:5d}  {name}")
    print(f"{sum(counts.values()):5d}  vectors")
