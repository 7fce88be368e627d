#!/usr/bin/env python3
"""Writes the golden vectors under vectors/ from the families below.

Each vector states why it exists (its comment) and the clauses it exercises.
Expected decisions of hand-checked vectors (the spec's worked examples) are
written here by hand and checked against the reference as they are written;
the others come from the reference, asked through one `lbconform adapter`
process for the whole run, and are split per profile when the two spec
revisions disagree. After editing this file:

    python3 vectors/tools/generate_vectors.py --lbconform build/dev/cli/lbconform
    build/dev/cli/lbconform vectors lint && build/dev/cli/lbconform vectors regen --check

With --check nothing is written; the exit status is 1 when a file would change.
"""
from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Optional, Union

sys.path.insert(0, str(Path(__file__).resolve().parent))
import statements as spec_statements  # noqa: E402  (beside this file)

Document = dict[str, Any]  # a scenario or a decision, as JSON
Scenario = Union[Document, str]  # a document, or raw text for a deliberately malformed one
Group = tuple[str, str, bool]  # (group name, zone, failover)
Vm = tuple[str, str, int]  # (VM name, group name, healthy: a bool, or 0 and 1)
Client = tuple[str, Optional[str]]  # (client type, zone of a VM client)
Check = Callable[[list[str], Document], None]  # hand checks: raise SystemExit when the reference disagrees
Alternatives = Union[Sequence[Document], Callable[[Document], list[Document]], None]

DEFAULT_LBCONFORM = "build/dev/cli/lbconform"
ROOT = Path(__file__).resolve().parent.parent
KINDS = ("passthrough", "passthrough-timeline", "service-lb-policy")
PROFILES = ["spec-docs", "en-2026-04-02"]
TIMELINE_PROFILES = ["spec-docs", "en-2026-04-02", "api-10min"]
SLB_PROFILES = ["spec-docs"]
SUITE_VERSION = "0.1.0"
REGION = "us-west1"

NOTES = {
    "UncoveredFailoverRow": ("GAP", "GAP-1: no row of the failover-ratio table covers a non-zero ratio with some but too few healthy primaries and no healthy backup. lbconform reads: the healthy primaries."),
    "NoPrimaryVms": ("GAP", "GAP-4: failover is configured but no primary VM exists; the healthy-primary ratio is 0/0."),
    "PolicyWithoutFailoverBackend": ("GAP", "GAP-5: a failoverPolicy without any failover backend; lbconform applies the rules without failover."),
    "DropWithZonalAffinity": ("GAP", "GAP-6: dropped traffic meets zonal affinity; no table row covers an empty eligible set. Only the status is open: nothing is eligible either way."),
    "NetworkSecurityIntegration": ("GAP", "GAP-10: the text says Network Security Integration with zonal affinity leads to packet drops without saying which; every new connection is dropped, whoever the client (normative: 'no drop' contradicts the text)."),
    "RevisionDifference": ("PROFILE", "GAP-8: the zonal-affinity text (spec-docs) and the English revision of 2026-04-02 decide differently; the vector carries one profile."),
    "ExactDecimal": ("BOUNDARY", "A ratio boundary where binary floating point decides wrongly; the comparison must be exact (docs/contract.md section 2.1)."),
    "RatioBoundary": ("BOUNDARY", "A ratio met exactly, or missed by one VM."),
    "MalformedDocument": ("INPUT", "The document itself is broken, or its exact text is the point (nesting, escapes); the vector carries it as inputText."),
    "NumberSpelling": ("INPUT", "A number written in one of the spellings JSON allows (an exponent, trailing zeros, -0); the vector carries the document as inputText so that the spelling reaches the implementation."),
    "DrainingTimeout": ("PROFILE", "GAP-7: connection draining lasts 300 s in the failover text (spec-docs, en-2026-04-02) and 10 minutes in the API (api-10min); the vector carries the profiles it holds for."),
    "NonTcpAtFailover": ("GAP", "GAP-18: draining is described for TCP sessions; lbconform closes UDP and SCTP connections on VMs that leave the pool at failover or failback. Also accepted: they drain like TCP."),
    "DrainingVmRejoinsPool": ("GAP", "GAP-19: a VM re-enters the active pool while its connections drain; lbconform makes them ACTIVE again. Also accepted: they keep draining to their end time."),
    "DrainOverHalf": ("GAP", "GAP-25: candidates would reach half of all backends; lbconform drains none (all or nothing). Also accepted: drain some, in name order, while below half."),
    "ClientContention": ("GAP", "GAP-28: client locations compete for one region's capacity; lbconform serves the largest first. Also accepted: name order."),
    "EqualRtt": ("GAP", "GAP-31: preferred backends equally close; lbconform fills them together in proportion to capacity. Also accepted: one of them first."),
    "ApiOnlyAlgorithm": ("GAP", "GAP-33: SPRAY_TO_WORLD is in the API only; lbconform plans it as the API describes. Also accepted: rejected as an unknown value."),
    "SchemeAbsent": ("GAP", "GAP-40: no loadBalancingScheme; the passthrough kind decides as INTERNAL (the kind names the load balancer), not the API's default EXTERNAL."),
    "SymmetricHashingFields": ("GAP", "GAP-41: symmetricHashing's fields: peerZonalAffinityEnabled is required in it, senderToReceiverSameZoneOnly defaults to false; no object means no symmetric hashing."),
    "GroupReference": ("GAP", "GAP-42: an instance's group is matched against the backends' group URLs by trailing path segments, compared byte for byte."),
    "ZoneRegion": ("GAP", "GAP-43: a zone is in region R when its name is R, a dash and at least one more character; a VM client's region defaults to its zone up to the last dash."),
    "TransitionThroughDrop": ("GAP", "GAP-20: the pool goes from primary or backup VMs to a dropped pool and on to the other role; lbconform sees no failover or failback (a dropped pool has no role, none is remembered). Also accepted: the role before the drop is remembered."),
    "NoPrimaryVmsTransition": ("GAP", "GAP-20 with GAP-4: no primary VM, and the pool goes from the backups to the empty primary last resort; lbconform calls it a failback (the pool's kind is a primary one). Also accepted: no transition."),
    "PersistenceOnUnhealthy": ("GAP", "GAP-21: NEVER_PERSIST 'unless all backends are unhealthy' read over every configured VM. Also accepted: the connection is closed."),
}


# ------------------------------ scenario building

def backend(name: str, zone: str, failover: bool = False) -> Document:
    return {"group": f"zones/{zone}/instanceGroups/{name}", "failover": failover}


def scenario(groups: Sequence[Group], vms: Iterable[Vm], ratio: Optional[float] = None, drop: Optional[bool] = None,
             spill: Optional[str] = None, spill_ratio: Optional[float] = None, client: Client = ("VM", "us-west1-a"),
             subsetting: Optional[str] = None, deployment: Optional[Document] = None) -> Document:
    """groups: [(name, zone, failover)]; vms: [(vm, group, healthy)]."""
    zones = {g: z for g, z, _ in groups}
    service: Document = {"name": "be-ilb", "region": REGION, "loadBalancingScheme": "INTERNAL",
                         "backends": [backend(g, z, f) for g, z, f in groups]}
    if ratio is not None or drop is not None:
        policy: Document = {}
        if ratio is not None:
            policy["failoverRatio"] = ratio
        if drop is not None:
            policy["dropTrafficIfUnhealthy"] = drop
        service["failoverPolicy"] = policy
    if spill is not None:
        za: Document = {"spillover": spill}
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


def client_json(client: Client) -> Document:
    kind, where = client
    if kind == "VM":
        assert where is not None, "a VM client needs its zone"
        region = where.rsplit("-", 1)[0]
        return {"type": "VM", "region": region, "zone": where}
    # In the load balancer's own region: VPN tunnels, Interconnect attachments
    # and PSC consumers are incompatible even there (ZA-8, ZA-10).
    return {"type": kind, "region": REGION}


# ------------------------------ the reference, through one adapter process

class ReferenceAdapter:
    """One `lbconform adapter` process for the whole run (vectors/README.md, the adapter
    protocol): a hello, then one case line and one result line per decision, a bye at the end.
    Each output is the decision `lbconform decide --profile P` prints for the same document."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.cases = 0
        try:
            self.process = subprocess.Popen([binary, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, encoding="utf-8")
        except OSError as e:
            raise SystemExit(f"cannot start the reference adapter '{binary} adapter': {e}") from None
        hello = self._exchange({"type": "hello", "protocol": 1})
        if hello.get("type") != "hello" or hello.get("protocol") != 1:
            raise self._unexpected("a hello with protocol 1", hello)

    def decide(self, doc: Scenario, profile: str) -> Document:
        self.cases += 1
        case_id = f"generate-{self.cases}"
        message: Document = {"type": "case", "id": case_id, "kind": case_kind(doc), "profile": profile}
        message["inputText" if isinstance(doc, str) else "input"] = doc
        answer = self._exchange(message)
        if answer.get("type") != "result" or answer.get("id") != case_id or not isinstance(answer.get("output"), dict):
            raise self._unexpected(f"the result of {case_id} (profile {profile})", answer)
        output: Document = answer["output"]
        return output

    def close(self) -> None:
        """Says bye and waits for a clean exit."""
        try:
            self._send({"type": "bye"})
            assert self.process.stdin is not None
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        status = self.process.wait(timeout=30)
        if status != 0:
            raise SystemExit(f"'{self.binary} adapter' exited with status {status} after bye")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def __enter__(self) -> ReferenceAdapter:
        return self

    def __exit__(self, exc_type: Optional[type[BaseException]], *_: object) -> None:
        if exc_type is None:
            self.close()
        else:
            self.kill()

    def _send(self, message: Document) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def _exchange(self, message: Document) -> Document:
        """Sends one line and reads one line back."""
        assert self.process.stdout is not None
        try:
            self._send(message)
        except BrokenPipeError:
            raise self._died() from None
        line = self.process.stdout.readline()
        if not line:
            raise self._died()
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise SystemExit(f"'{self.binary} adapter' answered a line that is not JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict):
            raise self._unexpected("a JSON object", answer)
        return answer

    def _died(self) -> SystemExit:
        self.kill()
        during = f"case {self.cases}" if self.cases else "the hello"
        return SystemExit(f"'{self.binary} adapter' exited with status {self.process.returncode} during {during} "
                          "(its standard error, if any, is above)")

    def _unexpected(self, wanted: str, got: object) -> SystemExit:
        self.kill()
        return SystemExit(f"'{self.binary} adapter': expected {wanted}, got {json.dumps(got)[:300]}")


REFERENCE: Optional[ReferenceAdapter] = None  # set by main() for the run


def case_kind(doc: Scenario) -> str:
    """The kind a case is sent as. The adapter decides by the document's own kind, as `lbconform decide`
    does, and reads anything else (raw text, an unknown kind) as passthrough; the case says the same."""
    if isinstance(doc, dict) and doc.get("kind") in KINDS:
        return str(doc["kind"])
    return "passthrough"


def decide(doc: Scenario, profile: str) -> Document:
    """The reference's decision for one scenario in one profile."""
    if REFERENCE is None:
        raise SystemExit("decide() before main() started the reference adapter")
    return REFERENCE.decide(doc, profile)


def normative(d: Document) -> Document:
    if not d["valid"]:
        return {"valid": False, "codes": sorted({e["code"] for e in d["errors"]})}
    if "policy" in d:
        return {"valid": True, "policy": d["policy"],
                "backends": [(b["name"], b["drainCandidate"], b["drained"], b["belowFailoverThreshold"], b["effectiveCapacity"])
                             for b in d["backends"]],
                "clients": [(c["name"], sorted(c["regionsServed"]), sorted(c["zonesServed"]), c["dropped"] != "0") for c in d["clients"]]}
    if "steps" in d:
        return {"valid": True, "initial": normative_pool(d["initial"]),
                "steps": [dict(normative_pool(s), at=s["at"], transition=s["transition"],
                               connections=[(c["id"], c["instance"], c["state"], c.get("drainingUntil"))
                                            for c in s["connections"]]) for s in d["steps"]]}
    return dict(normative_pool(d), valid=True)


def normative_pool(d: Document) -> Document:
    za = d["zonalAffinity"]
    return {"kind": d["eligible"]["kind"], "eligible": d["eligible"]["backends"],
            "status": za["status"], "outcome": za.get("outcome"), "modified": d["modifiedEligible"]}


# ------------------------------ files

class Output:
    """Where the files go: written, or with --check only compared with what is on disk."""

    def __init__(self, check: bool) -> None:
        self.check = check
        self.stale: list[Path] = []

    def emit(self, path: Path, text: str) -> None:
        data = text.encode("utf-8")
        if path.is_file() and path.read_bytes() == data:
            return
        self.stale.append(path)
        if not self.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


OUTPUT = Output(check=False)  # main() replaces it


class VectorFile:
    def __init__(self, path: str, header: list[str], kind: str = "passthrough") -> None:
        self.kind = kind
        self.profiles = {"passthrough-timeline": TIMELINE_PROFILES, "service-lb-policy": SLB_PROFILES}.get(kind, PROFILES)
        self.path = ROOT / path
        self.header = header
        self.groups: list[Document] = []
        self.group_statements: list[str] = []
        self.flags: set[str] = set()

    def group(self, comment: str, statements: Sequence[str] = ()) -> None:
        """Starts a group; `statements` are cited by every vector of it (with what each derives, statements.py)."""
        self.groups.append({"comment": comment, "tests": []})
        self.group_statements = list(statements)

    def add(self, ident: str, comment: str, clauses: Sequence[str], doc: Scenario, flags: Sequence[str] = (),
            hand: Optional[Document] = None, result: Optional[str] = None, alternatives: Alternatives = None,
            profiles: Optional[list[str]] = None, check: Optional[Check] = None, statements: Sequence[str] = ()) -> None:
        """Adds one vector per distinct decision across profiles.

        hand: the normative fields written by hand (checked against the reference).
        alternatives: other allowed decisions (makes the vector `acceptable`).
        statements: the statements of docs/spec/ it pins beyond those its clauses and answer derive.
        """
        wanted = profiles or self.profiles
        decisions = {p: decide(doc, p) for p in wanted}
        distinct: list[tuple[list[str], Document]] = []
        for p in wanted:
            for entry in distinct:
                if normative(entry[1]) == normative(decisions[p]):
                    entry[0].append(p)
                    break
            else:
                distinct.append(([p], decisions[p]))
        for ps, d in distinct:
            if check is not None:
                check(ps, d)
            if hand is not None:
                got = normative(d)
                for key, value in hand.items():
                    if got.get(key) != value:
                        raise SystemExit(f"{ident} ({ps}): reference gives {key}={got.get(key)!r}, hand-checked {value!r}")
            test_flags = list(flags)
            test_id = ident
            test_profiles = None
            if len(distinct) > 1 or (profiles and len(ps) < len(self.profiles)):
                test_profiles = ps
            if len(distinct) > 1:
                test_id = f"{ident}@{ps[0]}"
                why = "DrainingTimeout" if self.kind == "passthrough-timeline" else "RevisionDifference"
                if why not in test_flags:
                    test_flags.append(why)
            test: Document = {"id": test_id, "comment": comment, "flags": test_flags, "clauses": list(clauses),
                              "statements": spec_statements.derive(
                                  self.kind, clauses, doc, d, test_flags, ps,
                                  self.group_statements + list(statements) + spec_statements.by_id(ident))}
            if test_profiles:
                test["profiles"] = test_profiles
            if hand is not None or check is not None:
                test["handChecked"] = True  # written against hand-checked expectations
            if isinstance(doc, str):
                test["inputText"] = doc
            else:
                test["input"] = doc
            alts = alternatives(d) if callable(alternatives) else alternatives
            if alts:
                test["result"] = "acceptable"
                test["expected"] = [d] + [a for a in alts if normative(a) != normative(d)]
            else:
                test["result"] = result or ("valid" if d["valid"] else "invalid")
                test["expected"] = d
            self.flags.update(test_flags)
            self.groups[-1]["tests"].append(test)

    def write(self) -> int:
        tc = 0
        for g in self.groups:
            for t in g["tests"]:
                tc += 1
                t_ordered: Document = {"tcId": tc}
                t_ordered.update(t)
                g["tests"][g["tests"].index(t)] = t_ordered
        doc = {"schema": f"{self.kind}.schema.json", "suiteVersion": SUITE_VERSION, "kind": self.kind,
               "numberOfTests": tc,
               "header": ["Generated by vectors/tools/generate_vectors.py; regenerate rather than edit by hand.",
                          *self.header],
               "notes": {f: {"bugType": NOTES[f][0], "description": NOTES[f][1]} for f in sorted(self.flags)},
               "testGroups": self.groups}
        OUTPUT.emit(self.path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        return tc


def invalid(code: str) -> Document:
    return {"valid": False, "errors": [{"code": code, "path": "", "message": "alternative reading"}]}


def decision(kind: str, eligible: Iterable[str], status: str, modified: Iterable[str],
             outcome: Optional[str] = None) -> Document:
    za = {"status": status}
    if outcome:
        za["outcome"] = outcome
    return {"valid": True, "errors": [], "eligible": {"kind": kind, "backends": sorted(eligible)},
            "zonalAffinity": za, "modifiedEligible": sorted(modified)}


# ------------------------------ spec examples: failover (the failover text, FO-*)

def failover_example(unhealthy: set[str]) -> Document:
    groups = [("ig-a", "us-west1-a", False), ("ig-d", "us-west1-c", False),
              ("ig-b", "us-west1-a", True), ("ig-c", "us-west1-c", True)]
    vms = [(v, g, v not in unhealthy) for v, g in
           [("vm-a1", "ig-a"), ("vm-a2", "ig-a"), ("vm-d1", "ig-d"), ("vm-d2", "ig-d"),
            ("vm-b1", "ig-b"), ("vm-b2", "ig-b"), ("vm-c1", "ig-c"), ("vm-c2", "ig-c")]]
    return scenario(groups, vms, ratio=0.5)


def spec_failover() -> int:
    f = VectorFile("spec_examples/failover.json",
                   ["Worked examples of the failover text (zh-TW, failover-overview) and of the English",
                    "setting-up-failover page, hand-checked."])
    f.group("failover-overview, Failover example: ig-a, ig-d primary; ig-b, ig-c failover; two VMs each; ratio 0.5.")
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

    f.group("failover-overview, Failover ratio, its examples: 1.0, 0.1 and 0.0.")
    groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    def service(n: int, healthy: int, ratio: float, backup_healthy: bool = True, drop: Optional[bool] = None) -> Document:
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

    f.group("The failover test of https://cloud.google.com/load-balancing/docs/internal/setting-up-failover: failoverRatio 0.75, two primaries.")
    f.add("failover/setup-guide/half-healthy", "1 of 2 primaries healthy is 0.5, less than 0.75: traffic goes to the healthy failover VMs.",
          ["FO-13"], service(2, 1, 0.75), hand={"kind": "BACKUP_HEALTHY"})
    f.add("failover/setup-guide/all-healthy", "2 of 2 is 1.0, greater than 0.75: all healthy primaries.", ["FO-12"],
          service(2, 2, 0.75), hand={"kind": "PRIMARY_HEALTHY"})

    f.group("docs/contract.md section 2.1: ratios are exact decimals.")
    f.add("failover/exact/0.07-of-100", "failoverRatio 0.07 with 7 of 100 primaries healthy keeps the primaries (0.07 x 100 = 7.000000000000001 in binary).",
          ["FO-12", "FO-11"], service(100, 7, 0.07), flags=["ExactDecimal"], hand={"kind": "PRIMARY_HEALTHY"})
    f.add("failover/exact/0.07-of-100-one-below", "6 of 100 at 0.07 fails over.", ["FO-13"], service(100, 6, 0.07),
          flags=["ExactDecimal"], hand={"kind": "BACKUP_HEALTHY"})
    return f.write()


# ------------------------------ spec examples: zonal affinity (the Indonesian text and the English page)

def spec_zonal() -> int:
    f = VectorFile("spec_examples/zonal_affinity.json",
                   ["Worked examples of the zonal-affinity text (Indonesian, an earlier revision) and of the English",
                    "revision of 2026-04-02, hand-checked."])
    f.group("zonal-affinity, Zonal match example: primaries in zones A and B, failover backends in C and D, client in A.")
    groups = [("ig-pa", "us-west1-a", False), ("ig-pb", "us-west1-b", False),
              ("ig-fc", "us-west1-c", True), ("ig-fd", "us-west1-d", True)]
    def match_example(primaries_healthy: bool) -> Document:
        vms = [("pa1", "ig-pa", primaries_healthy), ("pb1", "ig-pb", primaries_healthy),
               ("fc1", "ig-fc", True), ("fd1", "ig-fd", True)]
        return scenario(groups, vms, ratio=0.0, spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")
    f.add("zonal/spec-example/scenario-1", "Scenario 1: eligible = healthy primaries (zones A, B); test backends = configured primaries; the client in A matches.",
          ["ZA-27", "ZA-24", "ZA-17", "ZA-18", "ZA-23", "ZA-3"], match_example(True),
          hand={"kind": "PRIMARY_HEALTHY", "status": "APPLIED", "modified": ["pa1"]})
    f.add("zonal/spec-example/scenario-2", "Scenario 2: eligible = healthy failover backends (zones C, D); the client in A has no zonal match.",
          ["ZA-28", "ZA-25", "ZA-23"], match_example(False),
          hand={"kind": "BACKUP_HEALTHY", "status": "NO_ZONAL_MATCH", "modified": ["fc1", "fd1"]})

    f.group("English example (zonal-affinity of 2026-04-02, ZA-EN-4): spillover 0.8, no failover, 5 backends in each of two zones.")
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

    f.group("The option tables of the Indonesian text, failover configured: p-a*, f-a* in the client's zone us-west1-a; p-b*, f-b* in us-west1-b.")
    two = [("ig-pa", "us-west1-a", False), ("ig-pb", "us-west1-b", False),
           ("ig-fa", "us-west1-a", True), ("ig-fb", "us-west1-b", True)]
    names = ["p-a1", "p-a2", "p-b1", "p-b2", "f-a1", "f-a2", "f-b1", "f-b2"]
    group_of = {"p-a": "ig-pa", "p-b": "ig-pb", "f-a": "ig-fa", "f-b": "ig-fb"}
    def tz(down: set[str], ratio: float = 0.5, **kw: Any) -> Document:
        return scenario(two, [(n, group_of[n[:3]], n not in down) for n in names], ratio=ratio, **kw)
    stay: Document = dict(spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")
    spill0: Document = dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.0)
    spill_half: Document = dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.5)
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
    f.add("zonal/spill-0/row-3-last-resort", "SPILL ratio 0, all unhealthy primaries: the Indonesian text keeps the client's zone; the English revision leaves the set unchanged.",
          ["ZA-38", "ZA-EN-2"], tz(all_down, **spill0))
    f.add("zonal/spill-ratio/row-1-met", "SPILL ratio 0.5, 1 of 2 primaries of the zone healthy and eligible: met exactly, the intersection.",
          ["ZA-39", "ZA-40", "ZA-EN-3"], tz({"p-a2"}, ratio=0.0, **spill_half), flags=["RatioBoundary"],
          hand={"outcome": "REFINED", "modified": ["p-a1"]})
    f.add("zonal/spill-ratio/row-1-below", "SPILL ratio 0.5, 0 of 2 in the zone: below, the original set.",
          ["ZA-41"], tz({"p-a1", "p-a2"}, ratio=0.0, **spill_half), flags=["RatioBoundary"],
          hand={"outcome": "UNCHANGED", "modified": ["p-b1", "p-b2"]})
    f.add("zonal/spill-ratio/row-3-last-resort", "SPILL ratio 0.5, all unhealthy primaries: the Indonesian text computes 2/2 and stays in the zone; the English revision computes 0/2 and does not.",
          ["ZA-42", "ZA-EN-2", "ZA-EN-3"], tz(all_down, **spill_half))
    return f.write()


# ------------------------------ edge cases: the failover-ratio table, systematically

def edge_failover() -> int:
    f = VectorFile("edge_cases/failover_table.json",
                   ["Every row of the failover-ratio table and both sides of every ratio boundary."])
    groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    def service(n: int, hp: int, nb: int, hb: int, ratio: float, drop: Optional[bool] = None) -> Document:
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
    def many(primary_groups: int, per_primary: int, failover_groups: int, per_failover: int) -> Document:
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

def edge_zonal() -> int:
    f = VectorFile("edge_cases/zonal_affinity_matrix.json",
                   ["Every zonal-affinity option against every kind of eligible set and every client."])
    options: list[tuple[str, Document]] = [
        ("disabled", dict(spill="ZONAL_AFFINITY_DISABLED")),
        ("stay", dict(spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")),
        ("spill-0", dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE")),
        ("spill-0.5", dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.5)),
        ("spill-1", dict(spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=1.0))]
    clause_of = {"disabled": ["ZA-12", "ZA-21"], "stay": ["ZA-13", "ZA-30", "ZA-31"], "spill-0": ["ZA-14", "ZA-36", "ZA-37"],
                 "spill-0.5": ["ZA-39", "ZA-40", "ZA-41"], "spill-1": ["ZA-39", "ZA-40", "ZA-41"]}
    fo = [("ig-pa", "us-west1-a", False), ("ig-pb", "us-west1-b", False),
          ("ig-fa", "us-west1-a", True), ("ig-fb", "us-west1-b", True)]
    nofo = [("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)]
    def fo_doc(health: Sequence[int], **kw: Any) -> Document:
        vms = [("pa1", "ig-pa", health[0]), ("pa2", "ig-pa", health[1]), ("pb1", "ig-pb", health[2]),
               ("fa1", "ig-fa", health[3]), ("fb1", "ig-fb", health[4])]
        return scenario(fo, vms, ratio=0.5, **kw)
    def nofo_doc(health: Sequence[int], **kw: Any) -> Document:
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
    clients: list[tuple[str, Client]] = [("client-in-a", ("VM", "us-west1-a")), ("client-in-c-no-backends", ("VM", "us-west1-c"))]
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
        f.add(f"zonal/nsi/{option}", "Network Security Integration with zonal affinity drops packets (GAP-10).",
              ["ZA-7"], doc, flags=["NetworkSecurityIntegration"])
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

def edge_validation() -> int:
    f = VectorFile("edge_cases/validation.json", ["Every error code a vector can carry, and the valid side of each rule."])
    base = scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", True)],
                    [("vm-a", "ig-a", True), ("vm-b", "ig-b", True)], ratio=0.5,
                    spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE")
    def variant(change: Callable[[Document], object]) -> Document:
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
    f.add("validation/symmetric-hashing-cross-zone", "Symmetric hashing with cross-zone senders: accepted by the Indonesian text, rejected by the English revision (GAP-15).",
          ["ZA-4", "ZA-EN-5"], variant(lambda d: d.__setitem__("deployment", {"symmetricHashing": {"peerZonalAffinityEnabled": True}})))
    f.add("validation/symmetric-hashing-ok", "Symmetric hashing with zonal affinity on both and same-zone senders is supported.", ["ZA-4"],
          variant(lambda d: d.__setitem__("deployment", {"symmetricHashing": {"peerZonalAffinityEnabled": True, "senderToReceiverSameZoneOnly": True}})))
    for r in (-0.5, 1.5):
        f.add(f"validation/spillover-ratio/{r}", f"spilloverRatio {r} is outside [0.0, 1.0].", ["ZA-35"],
              variant(lambda d: d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].update(
                  {"spillover": "ZONAL_AFFINITY_SPILL_CROSS_ZONE", "spilloverRatio": r})))
    f.group("Input errors: the document cannot be read as a scenario.")
    def input_error(ident: str, comment: str, doc_or_text: Scenario, flags: Sequence[str] = ()) -> None:
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
    f.group("Numbers a double cannot hold: refused, never rounded (INEXACT_NUMBER).")
    for ident, ratio in (("below-boundary", "0.07000000000000000001"), ("above-one", "1.0000000000000000001")):
        text = json.dumps(base).replace('"failoverRatio": 0.5', f'"failoverRatio": {ratio}')
        assert ratio in text
        input_error(f"inexact-ratio/{ident}", f"failoverRatio {ratio} has more digits than a double holds; read as a double it would be "
                    f"{float(ratio)!r}.", text, ["MalformedDocument"])
    return f.write()


# ------------------------------ edge cases: the passthrough readings of docs/spec/passthrough.md

def variant(doc: Document, change: Callable[[Document], object]) -> Document:
    """A copy of `doc` with `change` made to it."""
    out = copy.deepcopy(doc)
    change(out)
    return out


def service_set(key: str, value: Any) -> Callable[[Document], object]:
    return lambda d: d["backendService"].__setitem__(key, value)


def without_health_with_unknown_field(d: Document) -> None:
    """The first instance without healthState, and an unknown top-level field."""
    d["instances"][0].pop("healthState")
    d["zonee"] = "us-west1-a"


def passthrough_readings_defaults(f: VectorFile, base: Document) -> None:
    """Absent and null fields: the defaults and the required fields."""
    f.group("Absent and null fields: the defaults and the required fields (docs/spec/passthrough.md, Input).")
    f.add("readings/scheme/absent", "No loadBalancingScheme: the document's kind says the load balancer is an internal "
          "passthrough one, so it decides as INTERNAL (GAP-40), although the API's own default is EXTERNAL.",
          ["TD-3", "ZA-32"], variant(base, lambda d: d["backendService"].pop("loadBalancingScheme")), flags=["SchemeAbsent"])
    f.add("readings/scheme/null", "loadBalancingScheme null counts as absent: decided as INTERNAL (GAP-40).",
          ["TD-3"], variant(base, service_set("loadBalancingScheme", None)), flags=["SchemeAbsent"])
    f.add("readings/region/absent", "backendService.region is required: MISSING_FIELD.", ["TD-3"],
          variant(base, lambda d: d["backendService"].pop("region")))
    f.add("readings/region/null", "backendService.region null counts as absent: MISSING_FIELD, not WRONG_TYPE.", ["TD-3"],
          variant(base, service_set("region", None)))
    f.add("readings/client/absent", "client is required: MISSING_FIELD.", ["TD-3"], variant(base, lambda d: d.pop("client")))
    f.add("readings/client/null", "client null counts as absent: MISSING_FIELD.", ["TD-3"],
          variant(base, lambda d: d.__setitem__("client", None)))
    f.add("readings/client/vm-without-zone", "A VM client needs its zone: MISSING_FIELD.", ["ZA-9"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VM", "region": REGION})))
    f.add("readings/instances/health-null", "healthState null counts as absent, and healthState is required: MISSING_FIELD.",
          ["FO-2"], variant(base, lambda d: d["instances"][0].__setitem__("healthState", None)))
    f.add("readings/instances/group-absent", "An instance's group is required: MISSING_FIELD.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].pop("group")))
    f.add("readings/instances/absent", "instances is optional: absent means no VM, so without failover the last resort "
          "is empty and the connection is dropped (GAP-13).", ["TD-2"],
          variant(scenario([("ig-a", "us-west1-a", False)], []), lambda d: d.pop("instances")))
    one_of_four = scenario([("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)],
                           [("p1", "ig-p", True), ("p2", "ig-p", False), ("p3", "ig-p", False), ("p4", "ig-p", False),
                            ("f1", "ig-f", True)], ratio=0.5)
    f.add("readings/failover-ratio/null", "failoverRatio null counts as absent, so 0.0: one healthy primary of four keeps "
          "the primaries (FO-17).", ["FO-11", "FO-17"],
          variant(one_of_four, lambda d: d["backendService"]["failoverPolicy"].__setitem__("failoverRatio", None)))
    f.add("readings/failover-policy/absent", "A failover backend without any failoverPolicy: failover is configured by "
          "the backend (GAP-5's reading), the ratio is 0.0, one healthy primary of four keeps the primaries.",
          ["FO-1", "FO-2", "FO-10", "FO-11", "FO-17"],
          variant(one_of_four, lambda d: d["backendService"].pop("failoverPolicy")))
    f.add("readings/failover-policy/absent-failover", "A failover backend without any failoverPolicy and no healthy "
          "primary: the backups take over (ratio 0.0).", ["FO-1", "FO-10", "FO-13", "FO-17"],
          variant(one_of_four, lambda d: (d["backendService"].pop("failoverPolicy"),
                                          d["instances"][0].__setitem__("healthState", "UNHEALTHY"))))
    f.add("readings/spillover/absent", "A zonalAffinity object without spillover: ZONAL_AFFINITY_DISABLED, whatever "
          "spilloverRatio says.", ["ZA-12"],
          variant(base, lambda d: d["backendService"]["networkPassThroughLbTrafficPolicy"].__setitem__(
              "zonalAffinity", {"spilloverRatio": 0.5})))
    f.add("readings/spillover/null", "spillover null counts as absent: ZONAL_AFFINITY_DISABLED.", ["ZA-12"],
          variant(base, lambda d: d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].__setitem__(
              "spillover", None)))
    f.add("readings/subsetting/none", "subsetting.policy NONE with zonal affinity is no backend subsetting: accepted.",
          ["ZA-5", "ZA-32"], variant(base, service_set("subsetting", {"policy": "NONE"})))
    f.add("readings/subsetting/policy-absent", "A subsetting object without policy is NONE: accepted with zonal affinity.",
          ["ZA-5"], variant(base, service_set("subsetting", {})))
    f.add("readings/subsetting/unknown", "subsetting.policy has two values, NONE and CONSISTENT_HASH_SUBSETTING; any "
          "other is UNKNOWN_ENUM_VALUE.", ["ZA-5"], variant(base, service_set("subsetting", {"policy": "SUBSETTING_ENABLED"})))


def passthrough_readings_deployment_and_precedence(f: VectorFile, base: Document) -> None:
    """deployment and description, and which error wins."""
    f.group("deployment: symmetric hashing, Packet Mirroring; checked only with zonal affinity enabled (GAP-41).")
    f.add("readings/symmetric/peer-absent", "symmetricHashing without peerZonalAffinityEnabled: that field is required "
          "in it (GAP-41): MISSING_FIELD.", ["ZA-4"],
          variant(base, lambda d: d.__setitem__("deployment", {"symmetricHashing": {"senderToReceiverSameZoneOnly": True}})),
          flags=["SymmetricHashingFields"])
    f.add("readings/symmetric/no-object", "No symmetricHashing object: the load balancer is not in a symmetric-hashing "
          "pair, nothing to check in either profile (GAP-41).", ["ZA-4", "ZA-EN-5"],
          variant(base, lambda d: d.__setitem__("deployment", {"packetMirroringCollector": False})),
          flags=["SymmetricHashingFields"])
    f.add("readings/symmetric/same-zone-false", "senderToReceiverSameZoneOnly false, given: the Indonesian text accepts it, "
          "the English revision rejects it (GAP-15).", ["ZA-4", "ZA-EN-5"],
          variant(base, lambda d: d.__setitem__("deployment", {"symmetricHashing": {
              "peerZonalAffinityEnabled": True, "senderToReceiverSameZoneOnly": False}})))
    disabled = variant(base, lambda d: d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].__setitem__(
        "spillover", "ZONAL_AFFINITY_DISABLED"))
    f.add("readings/symmetric/zonal-affinity-disabled", "Symmetric hashing with a peer without zonal affinity is only a "
          "problem of zonal affinity: with it disabled, accepted.", ["ZA-4", "ZA-12"],
          variant(disabled, lambda d: d.__setitem__("deployment", {"symmetricHashing": {"peerZonalAffinityEnabled": False}})))
    f.add("readings/mirroring/zonal-affinity-disabled", "A Packet Mirroring collector destination without zonal affinity: "
          "accepted.", ["ZA-6", "ZA-12"],
          variant(disabled, lambda d: d.__setitem__("deployment", {"packetMirroringCollector": True})))
    f.add("readings/deployment/unknown-field", "deployment is lbconform's own object and strict: UNKNOWN_FIELD.", ["TD-3"],
          variant(base, lambda d: d.__setitem__("deployment", {"nsi": True})))

    f.group("description: free text at the top of the document only.")
    f.add("readings/description/top", "A top-level description is free text, ignored.", ["TD-3", "ZA-32"],
          variant(base, lambda d: d.__setitem__("description", "ig-a in zone a, ig-b its failover")))
    f.add("readings/description/not-a-string", "A top-level description that is not a string: WRONG_TYPE.", ["TD-3"],
          variant(base, lambda d: d.__setitem__("description", 5)))
    f.add("readings/description/in-client", "description is allowed at the top only; in client it is UNKNOWN_FIELD.",
          ["TD-3"], variant(base, lambda d: d["client"].__setitem__("description", "a VM")))
    f.add("readings/description/in-backend-service", "backendService.description is an API field: ignored.",
          ["TD-3", "ZA-32"], variant(base, service_set("description", "the ILB")))

    f.group("Which error wins: input errors stop at the first in reading order; specification errors are all "
            "reported, in a fixed order (docs/spec/passthrough.md section 3).")
    f.add("readings/precedence/instance-before-unknown-top-level", "An instance without healthState and an unknown "
          "top-level field: instances are read before the document's unknown keys are looked for, MISSING_FIELD.",
          ["TD-3"], variant(base, without_health_with_unknown_field))
    f.add("readings/precedence/service-before-instances", "An unknown spillover and an instance of an unknown group: "
          "backendService is read first, UNKNOWN_ENUM_VALUE.", ["TD-3"],
          variant(base, lambda d: (d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].__setitem__(
              "spillover", "ZONAL_AFFINITY_NEAREST"), d["instances"][0].__setitem__("group", "ig-z"))))
    f.add("readings/precedence/input-before-specification", "failoverRatio 2 (a specification error) and an unknown "
          "healthState (an input error): the input error alone, UNKNOWN_ENUM_VALUE.", ["TD-3", "FO-11"],
          variant(base, lambda d: (d["backendService"]["failoverPolicy"].__setitem__("failoverRatio", 2),
                                   d["instances"][0].__setitem__("healthState", "DRAINING"))))
    f.add("readings/precedence/specification-order", "failoverRatio 2 and spilloverRatio 2: both are reported, "
          "FAILOVER_RATIO_OUT_OF_RANGE first; an answer must include it.", ["FO-11", "ZA-35"],
          variant(base, lambda d: (d["backendService"]["failoverPolicy"].__setitem__("failoverRatio", 2),
                                   d["backendService"]["networkPassThroughLbTrafficPolicy"]["zonalAffinity"].__setitem__(
                                       "spilloverRatio", 2))))


def passthrough_readings_names(f: VectorFile, base: Document, stay: str) -> None:
    """Group references, zones and regions (GAP-42, GAP-43)."""
    f.group("Group references: trailing path segments of the backend's group URL (GAP-42).")
    f.add("readings/group/trailing-segments", "An instance's group 'instanceGroups/ig-a' is the last two segments of the "
          "backend's URL: it matches.", ["FO-2", "ZA-32"],
          variant(base, lambda d: d["instances"][0].__setitem__("group", "instanceGroups/ig-a")), flags=["GroupReference"])
    same_name = scenario([("ig", "us-west1-a", False), ("ig", "us-west1-b", True)], [], ratio=0.5, spill=stay)
    same_name["instances"] = [
        {"name": "vm-a", "zone": "us-west1-a", "group": "zones/us-west1-a/instanceGroups/ig", "healthState": "HEALTHY"},
        {"name": "vm-b", "zone": "us-west1-b", "group": "zones/us-west1-b/instanceGroups/ig", "healthState": "HEALTHY"}]
    f.add("readings/group/same-last-segment", "Two backends both named ig, in zones a and b; each instance names its group "
          "with the zone: trailing segments tell them apart (matching the last segment only would be ambiguous).",
          ["FO-1", "FO-2", "ZA-32"], same_name, flags=["GroupReference"])
    f.add("readings/group/other-zone-prefix", "The instance names zones/us-west1-b/instanceGroups/ig-a; the backend is "
          "zones/us-west1-a/instanceGroups/ig-a: the trailing segments differ, UNKNOWN_GROUP_REFERENCE.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].update({"group": "zones/us-west1-b/instanceGroups/ig-a",
                                                             "zone": "us-west1-b"})), flags=["GroupReference"])
    full = "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-a/instanceGroups/ig-a"
    f.add("readings/group/full-url-both", "A full URL in the backend and the same full URL in the instance: a match.",
          ["FO-2", "ZA-32"], variant(base, lambda d: (d["backendService"]["backends"][0].__setitem__("group", full),
                                                       d["instances"][0].__setitem__("group", full))), flags=["GroupReference"])
    f.add("readings/group/full-url-instance-only", "The instance gives the full URL, the backend only "
          "zones/us-west1-a/instanceGroups/ig-a: the instance's reference says more than the backend's URL (a project, a "
          "host), so it is not one of its trailing segments: UNKNOWN_GROUP_REFERENCE.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].__setitem__("group", full)), flags=["GroupReference"])
    f.add("readings/group/case-sensitive", "Segments compare byte for byte: IG-A is not ig-a.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].__setitem__("group", "IG-A")), flags=["GroupReference"])
    regional = scenario([("ig-a", "us-west1-a", False)], [("vm-a", "ig-a", True), ("vm-c", "ig-a", False)], spill=stay)
    regional["backendService"]["backends"][0]["group"] = "projects/p/regions/us-west1/instanceGroups/ig-r"
    for vm, zone in (("vm-a", "us-west1-a"), ("vm-c", "us-west1-c")):
        next(i for i in regional["instances"] if i["name"] == vm).update({"group": "ig-r", "zone": zone})
    f.add("readings/group/regional-group", "A group URL without a zone (a regional group): its VMs may be in any zone of "
          "the region.", ["FO-2", "ZA-32", "TD-1"], regional, flags=["GroupReference"])

    f.group("Zones and regions: a zone is in region R when its name is R, a dash, and more (GAP-43).")
    f.add("readings/zone/prefix-trap", "Zone us-west10-a starts with us-west1 but is not in region us-west1: "
          "ZONE_NOT_IN_REGION.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].__setitem__("zone", "us-west10-a")), flags=["ZoneRegion"])
    f.add("readings/zone/region-as-zone", "Zone us-west1 (a region's name) is no zone of region us-west1: "
          "ZONE_NOT_IN_REGION.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].__setitem__("zone", "us-west1")), flags=["ZoneRegion"])
    f.add("readings/zone/from-instance-url", "No zone, but the instance's name is a zonal URL: the zone comes from it.",
          ["FO-2", "ZA-32"], variant(base, lambda d: (d["instances"][0].pop("zone"), d["instances"][0].__setitem__(
              "name", "projects/p/zones/us-west1-a/instances/vm-a"))), flags=["ZoneRegion"])
    f.add("readings/zone/missing", "No zone and a plain instance name: MISSING_FIELD.", ["FO-2"],
          variant(base, lambda d: d["instances"][0].pop("zone")), flags=["ZoneRegion"])
    f.add("readings/client/region-from-zone", "A VM client without region: its region is its zone up to the last dash "
          "(us-west1-a → us-west1), so it is compatible.", ["ZA-9", "ZA-32"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VM", "zone": "us-west1-a"})), flags=["ZoneRegion"])
    f.add("readings/client/region-from-zone-other", "A VM client in us-east1-b without region is in us-east1: another "
          "region, incompatible.", ["ZA-11", "ZA-22"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VM", "zone": "us-east1-b"})), flags=["ZoneRegion"])
    f.add("readings/client/zone-without-dash", "A VM client without region whose zone has no dash: its region cannot be "
          "derived, MISSING_FIELD (not ZONE_NOT_IN_REGION).", ["ZA-9"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VM", "zone": "uswest1a"})), flags=["ZoneRegion"])
    f.add("readings/client/zone-not-in-region", "A VM client whose zone is not in its given region: ZONE_NOT_IN_REGION.",
          ["ZA-9"], variant(base, lambda d: d.__setitem__("client", {"type": "VM", "region": REGION, "zone": "us-east1-b"})),
          flags=["ZoneRegion"])
    f.add("readings/client/zone-url", "A client zone given as a URL: the last segment is the zone.", ["ZA-9", "ZA-32"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VM", "zone": "projects/p/zones/us-west1-a"})),
          flags=["ZoneRegion"])
    f.add("readings/client/vpn-zone-unchecked", "A VPN tunnel client's zone is not checked (it is a regional resource, "
          "never compatible).", ["ZA-10", "ZA-22"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VPN_TUNNEL", "region": REGION, "zone": "us-east1-b"})),
          flags=["ZoneRegion"])
    f.add("readings/client/same-region-zone-without-backends", "A VM client in the load balancer's region, in a zone "
          "without backends, is compatible: no zonal match, not an incompatible client.", ["ZA-9", "ZA-23"],
          variant(base, lambda d: d.__setitem__("client", {"type": "VM", "zone": "us-west1-c"})))


def passthrough_readings_zonal_affinity(f: VectorFile, two: Sequence[Group], stay: str, spill: str) -> None:
    """The order of the zonal-affinity statuses, and what the outcomes mean."""
    f.group("The order of the zonal-affinity statuses: DISABLED, NSI_PACKET_DROP, INCOMPATIBLE_CLIENT, TRAFFIC_DROPPED, "
            "NO_ZONAL_MATCH, APPLIED (ZA-21, GAP-6, GAP-10).")
    nsi = {"networkSecurityIntegration": True}
    for name, client, clauses in (("vpn", ("VPN_TUNNEL", None), ["ZA-10"]), ("psc", ("PSC_ENDPOINT", None), ["ZA-8"]),
                                  ("other-region", ("VM", "us-east1-b"), ["ZA-11"])):
        f.add(f"readings/status/nsi-before-{name}-client", "Network Security Integration is a fact of the load balancer: "
              "with zonal affinity enabled its packets are dropped whoever the client, so NSI_PACKET_DROP comes before "
              "INCOMPATIBLE_CLIENT (GAP-10).", ["ZA-7", "ZA-21"] + clauses,
              scenario(two, [("vm-a", "ig-a", True), ("vm-b", "ig-b", True)], ratio=0.5, spill=stay, client=client,
                       deployment=nsi), flags=["NetworkSecurityIntegration"])
    all_down = [("vm-a", "ig-a", False), ("vm-b", "ig-b", False)]
    f.add("readings/status/incompatible-before-drop", "Dropped traffic and an incompatible client: the client behaves as "
          "with zonal affinity disabled, INCOMPATIBLE_CLIENT, nothing eligible (GAP-6).", ["ZA-21", "ZA-22", "FO-20", "ZA-10"],
          scenario(two, all_down, ratio=0.5, drop=True, spill=stay, client=("VPN_TUNNEL", None)))
    f.add("readings/status/nsi-before-drop", "Dropped traffic and Network Security Integration: NSI_PACKET_DROP.",
          ["ZA-7", "ZA-21", "FO-20"], scenario(two, all_down, ratio=0.5, drop=True, spill=stay, deployment=nsi),
          flags=["NetworkSecurityIntegration"])
    f.add("readings/status/disabled-before-nsi", "Zonal affinity disabled: DISABLED, even with Network Security "
          "Integration and dropped traffic.", ["ZA-12", "ZA-7", "ZA-21", "FO-20"],
          scenario(two, all_down, ratio=0.5, drop=True, spill="ZONAL_AFFINITY_DISABLED", deployment=nsi))

    f.group("Outcomes: REFINED is the intersection, REPLACED the zone's VMs, UNCHANGED the original set (ZA-19).")
    zone_a = [("ig-a", "us-west1-a", False)]
    f.add("readings/outcome/refined-equal-sets", "Every eligible VM is in the client's zone: the intersection equals the "
          "original set and the outcome is still REFINED (the outcome names the rule applied, not a set difference).",
          ["ZA-19", "ZA-32", "ZA-13"], scenario(zone_a, [("a1", "ig-a", True), ("a2", "ig-a", True)], spill=stay))
    f.add("readings/outcome/refined-equal-sets-spill", "SPILL_CROSS_ZONE with every eligible VM in the client's zone: "
          "REFINED: new connections prefer the zone's eligible VMs.", ["ZA-1", "ZA-19", "ZA-40", "ZA-14"],
          scenario(zone_a, [("a1", "ig-a", True), ("a2", "ig-a", True)], spill=spill, spill_ratio=0.5))
    f.add("readings/outcome/unchanged-spill-0", "SPILL_CROSS_ZONE ratio 0, no eligible VM in the client's zone: the "
          "original set, UNCHANGED (not STAY_WITHIN_ZONE's REPLACED).", ["ZA-19", "ZA-29", "ZA-37", "ZA-14"],
          scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)],
                   [("a1", "ig-a", False), ("b1", "ig-b", True)], spill=spill))
    f.add("readings/outcome/replaced-unhealthy-zone", "STAY_WITHIN_ZONE, the client's zone has only unhealthy VMs: they "
          "are still zonally matched (the match is over configured backends, healthy or not), REPLACED.",
          ["ZA-17", "ZA-18", "ZA-23", "ZA-30", "ZA-33"],
          scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)],
                   [("a1", "ig-a", False), ("b1", "ig-b", True)], spill=stay))
    f.add("readings/outcome/last-resort-stay", "STAY_WITHIN_ZONE on a last resort (every VM unhealthy): the intersection "
          "of the zone's VMs with the eligible (unhealthy) VMs is not empty: REFINED.", ["ZA-31", "ZA-34", "TD-2"],
          scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)],
                   [("a1", "ig-a", False), ("b1", "ig-b", False)], spill=stay))
    f.add("readings/outcome/ratio-over-zone", "The computed ratio is over the zonally matched VMs (2/2), not over the "
          "original eligible set (2/4): 1 ≥ 0.6, REFINED.", ["ZA-39", "ZA-40"],
          scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)],
                   [("a1", "ig-a", True), ("a2", "ig-a", True), ("b1", "ig-b", True), ("b2", "ig-b", True)],
                   spill=spill, spill_ratio=0.6))
    f.add("readings/outcome/failover-then-zonal", "Zonal affinity works with failover: on the backups, the zone's backup "
          "is kept (the configured backends include the failover ones, so the test is over the backups).",
          ["ZA-3", "FO-18", "ZA-15", "ZA-25", "ZA-32"],
          scenario([("ig-pa", "us-west1-a", False), ("ig-fa", "us-west1-a", True), ("ig-fb", "us-west1-b", True)],
                   [("pa", "ig-pa", False), ("fa", "ig-fa", True), ("fb", "ig-fb", True)], ratio=0.5, spill=stay))


def passthrough_readings_pool_and_ratios(f: VectorFile, spill: str) -> None:
    """The active pool, and exact ratios beside the shortest decimal of a double."""
    f.group("The active pool: which VMs, and when the backups join.")
    fo = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    f.add("readings/pool/partial-backups", "On failover the pool is the healthy backups only; an unhealthy backup stays "
          "out.", ["FO-7", "FO-9", "FO-13"],
          scenario(fo, [("p1", "ig-p", False), ("p2", "ig-p", False), ("f1", "ig-f", True), ("f2", "ig-f", False)], ratio=0.5))
    f.add("readings/pool/backups-idle", "While the primaries suffice the backups get nothing, healthy or not.",
          ["FO-3", "FO-8", "FO-12"],
          scenario(fo, [("p1", "ig-p", True), ("p2", "ig-p", True), ("f1", "ig-f", True)], ratio=0.5))
    f.add("readings/pool/unhealthy-primaries-out", "Keeping the primaries keeps the healthy ones only.",
          ["FO-7", "FO-12", "FO-24", "FO-27"],
          scenario(fo, [("p1", "ig-p", True), ("p2", "ig-p", True), ("p3", "ig-p", True), ("p4", "ig-p", False),
                        ("f1", "ig-f", True)], ratio=0.5))
    for hp, n, ratio, clauses, why in (
            (2, 5, 0.5, ["FO-23", "FO-13"], "0.5 × 5 = 2.5, so 3 healthy primaries are needed (round up): 2 fail over"),
            (3, 5, 0.5, ["FO-23", "FO-12"], "0.5 × 5 = 2.5: 3 healthy primaries are enough"),
            (1, 15, 0.1, ["FO-16", "FO-13"], "0.1 × 15 = 1.5: 1 healthy primary is below 10%, fail over"),
            (2, 15, 0.1, ["FO-16", "FO-12"], "0.1 × 15 = 1.5: 2 healthy primaries are at least 10%")):
        f.add(f"readings/pool/minimum/{ratio}/{hp}-of-{n}", f"failoverRatio {ratio}: {why}.", clauses,
              scenario(fo, [(f"p{i}", "ig-p", i < hp) for i in range(n)] + [("f1", "ig-f", True)], ratio=ratio),
              flags=["RatioBoundary"])

    f.group("Exact ratios where the shortest decimal of the double k/n lies above k/n (fail over) or below it (keep).")
    from fractions import Fraction
    from decimal import Decimal as Dec
    for n, k in ((6, 5), (7, 5), (9, 5), (11, 1), (12, 5), (13, 1), (49, 10), (3, 1), (6, 1), (7, 1), (13, 7), (49, 1)):
        x = k / n
        text = repr(x)
        above = Fraction(Dec(text)) > Fraction(k, n)
        side = "above" if above else "below"
        outcome = "k/n < ratio: fail over" if above else "k/n ≥ ratio: keep the primaries"
        f.add(f"readings/exact/failover/{k}-of-{n}", f"failoverRatio {text} is the shortest decimal of the double {k}/{n}, "
              f"and lies {side} {k}/{n}; {k} of {n} primaries healthy: {outcome}. A binary division, or the shortest "
              "decimal of it, decides otherwise when the decimal lies above.",
              ["FO-12", "FO-13", "FO-11"],
              scenario(fo, [(f"p{i:02d}", "ig-p", i < k) for i in range(n)] + [("f1", "ig-f", True)], ratio=x),
              flags=["ExactDecimal", "RatioBoundary"])
    for n, k, text in ((7, 5, "0.7142857142857143"), (7, 6, "0.7142857142857143"), (10, 7, "0.70000001"),
                       (3, 1, "0.3333333333333333"), (13, 1, "0.07692307692307693")):
        vms = [(f"a{i:02d}", "ig-a", i < k) for i in range(n)] + [("b1", "ig-b", True)]
        f.add(f"readings/exact/spillover/{k}-of-{n}/{text}", f"spilloverRatio {text} with {k} of {n} VMs in the client's "
              f"zone healthy: the computed ratio {k}/{n} is compared exactly (GAP-14), not as a double or a float32.",
              ["ZA-39", "ZA-40", "ZA-41"],
              scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)], vms, spill=spill,
                       spill_ratio=float(text)), flags=["ExactDecimal", "RatioBoundary"])

def edge_passthrough_readings() -> int:
    """Every behaviour docs/spec/passthrough.md writes down that an implementer could otherwise guess: defaults,
    required fields, null, description, group references, zones and regions, the order of the zonal-affinity
    statuses, what the outcomes mean, and exact ratios where the shortest decimal of a double lies above or below
    the fraction it came from. Each vector fails the implementation that guesses the other way."""
    f = VectorFile("edge_cases/passthrough_readings.json",
                   ["The readings docs/spec/passthrough.md states where the spec texts leave a guess; each vector",
                    "fails an implementation that guesses otherwise."])
    stay = "ZONAL_AFFINITY_STAY_WITHIN_ZONE"
    spill = "ZONAL_AFFINITY_SPILL_CROSS_ZONE"
    two = [("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", True)]
    base = scenario(two, [("vm-a", "ig-a", True), ("vm-b", "ig-b", True)], ratio=0.5, spill=stay)
    passthrough_readings_defaults(f, base)
    passthrough_readings_deployment_and_precedence(f, base)
    passthrough_readings_names(f, base, stay)
    passthrough_readings_zonal_affinity(f, two, stay, spill)
    passthrough_readings_pool_and_ratios(f, spill)
    return f.write()


# ------------------------------ regressions: properties/regressions as vectors

def regressions() -> int:
    f = VectorFile("regressions/properties.json", ["Scenarios kept from properties/regressions (each file's comment and source)."])
    f.group("Property regressions.")
    for path in sorted((ROOT.parent / "properties" / "regressions").glob("*.json")):
        kept = json.loads(path.read_text())
        # A regression on an open gap allows the gap's other reading, as every vector of that gap does.
        no_primary = kept["comment"].startswith("GAP-4:")
        f.add(f"regression/{path.stem}", f"{kept['comment']} Source: {kept['source']}, properties/regressions/{path.name}.",
              ["FO-12", "FO-13"] if "ratio" in path.stem or "primar" in path.stem else ["ZA-EN-2", "ZA-40"],
              kept["scenario"], profiles=[kept["profile"]], flags=["NoPrimaryVms"] if no_primary else [],
              alternatives=[decision("PRIMARY_HEALTHY", [], "DISABLED", [])] if no_primary else None)
    return f.write()


# ------------------------------ timelines: connections over time (kind passthrough-timeline)

FAILOVER_GROUPS = [("ig-a", "us-west1-a", False), ("ig-d", "us-west1-c", False),
                   ("ig-b", "us-west1-a", True), ("ig-c", "us-west1-c", True)]
FAILOVER_VMS = [("vm-a1", "ig-a"), ("vm-a2", "ig-a"), ("vm-d1", "ig-d"), ("vm-d2", "ig-d"),
                ("vm-b1", "ig-b"), ("vm-b2", "ig-b"), ("vm-c1", "ig-c"), ("vm-c2", "ig-c")]


def timeline(groups: Sequence[Group], vms: Iterable[Vm], events: list[Document], ratio: Optional[float] = None,
             drop: Optional[bool] = None, no_drain: Optional[bool] = None, affinity: Optional[str] = None,
             tracking: Optional[str] = None, persistence: Optional[str] = None, idle: Optional[int] = None,
             spill: Optional[str] = None, spill_ratio: Optional[float] = None, client: Client = ("VM", "us-west1-a"),
             timeout: Optional[int] = None) -> Document:
    doc = scenario(groups, vms, ratio=ratio, drop=drop, spill=spill, spill_ratio=spill_ratio, client=client)
    doc["kind"] = "passthrough-timeline"
    service: Document = doc["backendService"]
    if no_drain is not None:
        service.setdefault("failoverPolicy", {})["disableConnectionDrainOnFailover"] = no_drain
    if affinity is not None:
        service["sessionAffinity"] = affinity
    policy: Document = {}
    if tracking is not None:
        policy["trackingMode"] = tracking
    if persistence is not None:
        policy["connectionPersistenceOnUnhealthyBackends"] = persistence
    if idle is not None:
        policy["idleTimeoutSec"] = idle
    if policy:
        service["connectionTrackingPolicy"] = policy
    if timeout is not None:
        doc["drainingTimeoutSec"] = timeout
    doc["events"] = events
    return doc


def connect(at: int, conn: str, vm: str, protocol: str = "TCP") -> Document:
    return {"at": at, "type": "connect", "connection": conn, "instance": vm, "protocol": protocol}


def health(at: int, vm: str, healthy: bool) -> Document:
    return {"at": at, "type": "health", "instance": vm, "healthState": "HEALTHY" if healthy else "UNHEALTHY"}


def worked_example_events() -> list[Document]:
    """The failover text's example as one timeline, a connection open on each VM."""
    events = [connect(0, "c-" + vm[3:], vm) for vm, _ in FAILOVER_VMS[:4]]
    events += [health(60, "vm-a1", False), health(60, "vm-d1", False), health(120, "vm-a2", False)]
    events += [connect(130, "c-" + vm[3:], vm) for vm, _ in FAILOVER_VMS[4:]]
    events += [connect(140, "c-d2-late", "vm-d2"),
               health(1000, "vm-a2", True), connect(1010, "c-a2-back", "vm-a2"),
               health(1200, "vm-a1", True), {"at": 2000, "type": "advance"}]
    return events


def states(step: Document) -> dict[str, str]:
    return {c["id"]: c["state"] + (f"@{c['drainingUntil']}" if "drainingUntil" in c else "") for c in step["connections"]}


def check_steps(expected_by_index: dict[int, tuple[str, str, list[str], dict[str, str]]]) -> Check:
    """Hand-checked steps: {step index: (transition, eligible kind, modified, {connection: state})}."""
    def check(profiles: list[str], d: Document) -> None:
        for i, (transition, kind, modified, conns) in expected_by_index.items():
            step = d["steps"][i]
            got = (step["transition"], step["eligible"]["kind"], step["modifiedEligible"])
            if got != (transition, kind, sorted(modified)):
                raise SystemExit(f"timeline step {i} ({profiles}): reference gives {got}")
            have = states(step)
            for conn, state in conns.items():
                if have.get(conn) != state:
                    raise SystemExit(f"timeline step {i} ({profiles}): {conn} is {have.get(conn)}, hand-checked {state}")
    return check


def with_connection_state(d: Document, conn: str, from_step: int,
                          state_at: Callable[[Document], tuple[str, Optional[int]]]) -> Document:
    """An alternative decision: connection `conn` takes state_at(step) from step index from_step on."""
    alt = copy.deepcopy(d)
    for step in alt["steps"][from_step:]:
        for c in step["connections"]:
            if c["id"] == conn:
                c.pop("drainingUntil", None)
                state, until = state_at(step)
                c["state"] = state
                if until is not None:
                    c["drainingUntil"] = until
    return alt


DRAIN_PROFILES = ((["spec-docs", "en-2026-04-02"], 300), (["api-10min"], 600))  # each profile's draining timeout (GAP-7)


def drained_from(d: Document, conn: str, from_step: int, until: int) -> Document:
    """An alternative decision: connection `conn` drains from step index from_step until `until`, then is closed."""
    return with_connection_state(d, conn, from_step, lambda s: ("DRAINING", until) if s["at"] < until else ("CLOSED", None))


def with_transition(d: Document, index: int, transition: str) -> Document:
    """An alternative decision: step `index` reports another transition."""
    alt = copy.deepcopy(d)
    alt["steps"][index]["transition"] = transition
    return alt


def spec_timeline() -> int:
    f = VectorFile("spec_examples/failover_timeline.json",
                   ["The failover text's worked example (failover-overview, Failover example) as one timeline, with connections open on each VM,",
                    "with connection draining on (the default) and off. Hand-checked."], kind="passthrough-timeline")
    primaries = ["vm-a1", "vm-a2", "vm-d1", "vm-d2"]
    backups = ["vm-b1", "vm-b2", "vm-c1", "vm-c2"]
    f.group("Draining on (default): connections on VMs that leave the active pool drain for the timeout, then close.")
    # Step indexes: 0-3 connect, 4-5 a1/d1 down, 6 a2 down, 7-10 backups connect, 11 d2-late, 12 a2 up,
    # 13 connect a2-back, 14 a1 up, 15 advance.
    for timeout, profiles in ((300, ["spec-docs", "en-2026-04-02"]), (600, ["api-10min"])):
        fo, fb = 120 + timeout, 1000 + timeout
        primaries_draining = {"c-a1": f"DRAINING@{fo}", "c-a2": f"DRAINING@{fo}", "c-d1": f"DRAINING@{fo}",
                              "c-d2": f"DRAINING@{fo}"}
        f.add(f"timeline/failover-example/draining-{timeout}s", f"The failover text's example over time with draining on, {timeout} s: a1 and d1 fail (no failover, their "
              "TCP connections persist), a2 fails (failover: all four primary connections drain, d2's although it is healthy), "
              "a new connection to d2 is refused, a2 recovers (failback: the backup connections drain), a1 recovers.",
              ["FO-24", "FO-25", "FO-26", "FO-27", "FO-9", "FO-21", "CT-1", "CT-2", "CT-3"],
              timeline(FAILOVER_GROUPS, [(v, g, True) for v, g in FAILOVER_VMS], worked_example_events(), ratio=0.5),
              profiles=profiles, flags=["DrainingTimeout"],
              check=check_steps({
                  5: ("NONE", "PRIMARY_HEALTHY", ["vm-a2", "vm-d2"], {"c-a1": "ACTIVE", "c-d1": "ACTIVE"}),
                  6: ("FAILOVER", "BACKUP_HEALTHY", backups, primaries_draining),
                  11: ("NONE", "BACKUP_HEALTHY", backups, {"c-d2-late": "REFUSED", "c-b1": "ACTIVE"}),
                  12: ("FAILBACK", "PRIMARY_HEALTHY", ["vm-a2", "vm-d2"],
                       {"c-a1": "CLOSED", "c-d2": "CLOSED", "c-b1": f"DRAINING@{fb}", "c-c2": f"DRAINING@{fb}"}),
                  13: ("NONE", "PRIMARY_HEALTHY", ["vm-a2", "vm-d2"], {"c-a2-back": "ACTIVE"}),
                  14: ("NONE", "PRIMARY_HEALTHY", ["vm-a1", "vm-a2", "vm-d2"], {"c-b1": f"DRAINING@{fb}"}),
                  15: ("NONE", "PRIMARY_HEALTHY", ["vm-a1", "vm-a2", "vm-d2"], {"c-b1": "CLOSED", "c-a2-back": "ACTIVE"}),
              }))
    f.group("Draining off (disableConnectionDrainOnFailover): failover and failback reset the connections at once.")
    f.add("timeline/failover-example/no-draining", "The same example with draining disabled: at failover every primary connection "
          "is reset, d2's too; at failback every backup connection is reset. The draining timeout plays no part.",
          ["FO-22", "FO-25", "FO-26", "FO-9", "CT-1"],
          timeline(FAILOVER_GROUPS, [(v, g, True) for v, g in FAILOVER_VMS], worked_example_events(), ratio=0.5,
                   no_drain=True),
          check=check_steps({
              6: ("FAILOVER", "BACKUP_HEALTHY", backups, {c: "RESET" for c in ("c-a1", "c-a2", "c-d1", "c-d2")}),
              12: ("FAILBACK", "PRIMARY_HEALTHY", ["vm-a2", "vm-d2"],
                   {c: "RESET" for c in ("c-b1", "c-b2", "c-c1", "c-c2")}),
          }))
    return f.write()


def edge_timeline_persistence_and_zonal(f: VectorFile, two: Sequence[Group], two_vms: Sequence[Vm], fail_groups: Sequence[Group]) -> None:
    """Persistence on unhealthy backends, and new connections with zonal affinity over time."""
    f.group("Connection persistence on unhealthy backends (API connectionPersistenceOnUnhealthyBackends).")
    down = [connect(0, "c1", "vm-1"), health(10, "vm-1", False), {"at": 20, "type": "advance"}]
    f.add("timeline/persistence/default-tcp-persists", "DEFAULT_FOR_PROTOCOL, PER_CONNECTION: a TCP connection persists on its VM after the VM becomes unhealthy; it never moves.",
          ["CT-3", "CT-1", "CT-6"], timeline(two, two_vms, down))
    f.add("timeline/persistence/default-udp-closes", "DEFAULT_FOR_PROTOCOL: a UDP connection does not persist on an unhealthy VM.",
          ["CT-3"], timeline(two, two_vms, [connect(0, "c1", "vm-1", "UDP"), health(10, "vm-1", False)]))
    f.add("timeline/persistence/default-sctp-persists", "DEFAULT_FOR_PROTOCOL: SCTP is connection-oriented like TCP and persists.",
          ["CT-3"], timeline(two, two_vms, [connect(0, "c1", "vm-1", "SCTP"), health(10, "vm-1", False)]))
    f.add("timeline/persistence/per-session-3-tuple-closes", "DEFAULT_FOR_PROTOCOL with PER_SESSION tracking and a 3-tuple affinity: TCP does not persist.",
          ["CT-3", "CT-6"], timeline(two, two_vms, down, tracking="PER_SESSION", affinity="CLIENT_IP_PROTO"))
    f.add("timeline/persistence/per-session-5-tuple-persists", "DEFAULT_FOR_PROTOCOL with PER_SESSION tracking and the 5-tuple CLIENT_IP_PORT_PROTO: TCP persists.",
          ["CT-3", "CT-6"], timeline(two, two_vms, down, tracking="PER_SESSION", affinity="CLIENT_IP_PORT_PROTO"))
    f.add("timeline/persistence/never-persist-closes", "NEVER_PERSIST: the TCP connection on the unhealthy VM ends (it would be diverted to vm-2).",
          ["CT-4"], timeline(two, two_vms, down, persistence="NEVER_PERSIST"))
    all_down = [connect(0, "c1", "vm-1"), health(10, "vm-2", False), health(20, "vm-1", False), {"at": 30, "type": "advance"}]
    f.add("timeline/persistence/never-persist-all-unhealthy", "NEVER_PERSIST with every backend unhealthy: the connection persists (and vm-1 is in the last-resort pool anyway).",
          ["CT-4", "TD-2"], timeline(two, two_vms, all_down, persistence="NEVER_PERSIST"))
    f.add("timeline/persistence/never-persist-dropped", "NEVER_PERSIST, failover with dropTrafficIfUnhealthy: backup f1 fails too, every VM is unhealthy and the pool is dropped; the TCP connection on f1 persists because all backends are unhealthy.",
          ["CT-4", "FO-20"],
          timeline(fail_groups, [("p1", "ig-p", False), ("p2", "ig-p", False), ("f1", "ig-f", True)],
                   [connect(0, "c1", "f1"), health(10, "f1", False), {"at": 20, "type": "advance"}],
                   persistence="NEVER_PERSIST", drop=True),
          flags=["PersistenceOnUnhealthy"],
          alternatives=lambda d: [with_connection_state(d, "c1", 1, lambda s: ("CLOSED", None))])
    f.add("timeline/persistence/always-persist-udp", "ALWAYS_PERSIST: even a UDP connection persists on an unhealthy VM.",
          ["CT-5"], timeline(two, two_vms, [connect(0, "c1", "vm-1", "UDP"), health(10, "vm-1", False)],
                             persistence="ALWAYS_PERSIST"))

    f.group("New connections and zonal affinity over time.")
    f.add("timeline/connect/refused-outside-pool", "A new connection to an unhealthy VM while a healthy one exists is refused: only modified eligible backends take new connections.",
          ["CT-2", "TD-1"], timeline(two, [("vm-1", "ig-a", True), ("vm-2", "ig-a", False)], [connect(0, "c1", "vm-2")]))
    f.add("timeline/connect/dropped-pool-refuses", "dropTrafficIfUnhealthy with every VM unhealthy: a new connection is refused (dropped).",
          ["CT-2", "FO-20"], timeline(fail_groups, [("p1", "ig-p", False), ("p2", "ig-p", False), ("f1", "ig-f", False)],
                                      [connect(0, "c1", "p1")], drop=True))
    zonal_groups = [("ig-a", "us-west1-a", False), ("ig-c", "us-west1-c", False)]
    zonal_vms = [("vm-a1", "ig-a", False), ("vm-a2", "ig-a", False), ("vm-c1", "ig-c", True), ("vm-c2", "ig-c", True)]
    f.add("timeline/zonal-affinity/established-stays", "SPILL_CROSS_ZONE 0.5, client in us-west1-a: with no healthy VM there a connection spills to vm-c1; when both zone-a VMs recover, new connections stay in zone a, vm-c2 is refused, and the connection on vm-c1 stays ACTIVE.",
          ["ZA-2", "CT-1", "CT-2", "ZA-37"],
          timeline(zonal_groups, zonal_vms, [connect(0, "c1", "vm-c1"), health(10, "vm-a1", True), health(20, "vm-a2", True),
                                             connect(30, "c2", "vm-c2"), connect(40, "c3", "vm-a1")],
                   spill="ZONAL_AFFINITY_SPILL_CROSS_ZONE", spill_ratio=0.5))


def edge_timeline_draining_and_errors(f: VectorFile, two: Sequence[Group], two_vms: Sequence[Vm], fail_groups: Sequence[Group], fail_vms: Sequence[Vm]) -> None:
    """Draining edges, the tracking policy's rules and timeline input errors."""
    f.group("Draining edges.")
    fo_events = [connect(0, "c1", "p1"), connect(0, "u1", "p2", "UDP"), health(10, "p1", False), health(10, "p2", False),
                 {"at": 309, "type": "advance"}, {"at": 310, "type": "advance"}]
    f.add("timeline/draining/ends-exactly-at-timeout", "Failover at t=10 with a 300 s drainingTimeoutSec: the TCP connection drains until t=310; at t=309 it still drains, at t=310 it is closed.",
          ["FO-21", "FO-13"], timeline(fail_groups, fail_vms, fo_events[:1] + fo_events[2:], timeout=300))
    f.add("timeline/draining/timeout-parameter", "drainingTimeoutSec 45 overrides the profile: draining ends at t=55, whatever the profile.",
          ["FO-21"], timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), health(10, "p2", False),
                                                      {"at": 54, "type": "advance"}, {"at": 55, "type": "advance"}], timeout=45))
    for profiles, drain in DRAIN_PROFILES:  # the alternative drains for the profile's own timeout (GAP-7)
        f.add(f"timeline/draining/udp-at-failover@{profiles[0]}", f"A UDP connection on a primary at failover: draining is for TCP sessions, so it closes at once. "
              f"The alternative drains it like TCP, until t={10 + drain} in this profile.",
              ["FO-21", "CT-3"], timeline(fail_groups, fail_vms, [connect(0, "u1", "p2", "UDP"), health(10, "p1", False), health(10, "p2", False)]),
              flags=["NonTcpAtFailover", "DrainingTimeout"], profiles=profiles,
              alternatives=lambda d: [drained_from(d, "u1", 2, 10 + drain)])
    rejoin = [connect(0, "c1", "p1"), health(10, "p2", False), health(10, "p1", False), health(100, "p1", True),
              {"at": 200, "type": "advance"}, {"at": 400, "type": "advance"}]
    f.add("timeline/draining/vm-rejoins-pool", "Failover at t=10 drains c1 on p1 until t=310; p1 recovers at t=100 (failback with ratio 0): p1 is in the pool again and c1 is ACTIVE.",
          ["FO-21", "FO-9", "CT-1"], timeline(fail_groups, fail_vms, rejoin, timeout=300),
          flags=["DrainingVmRejoinsPool"],
          alternatives=lambda d: [with_connection_state(d, "c1", 3, lambda s: ("DRAINING", 310) if s["at"] < 310 else ("CLOSED", None))])
    f.add("timeline/draining/config-disables-draining", "A config event turns draining off before failover: the connections are reset; the ratio set by the same event triggers the failover.",
          ["FO-22", "FO-10", "FO-11"],
          timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False),
                                           {"at": 20, "type": "config", "failoverPolicy": {"failoverRatio": 1.0, "disableConnectionDrainOnFailover": True}}]))
    f.add("timeline/draining/client-closes", "The client closes a draining connection before the timeout: CLOSED.",
          ["FO-21", "CT-1"], timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), health(10, "p2", False),
                                                              {"at": 20, "type": "close", "connection": "c1"}], timeout=300))

    f.group("Connection tracking policy rules and timeline input errors.")
    f.add("timeline/idle-timeout/settable", "idleTimeoutSec 900 with PER_SESSION and CLIENT_IP: accepted (900, not the default 600, "
          "which GAP-62 accepts whatever the tracking).",
          ["CT-7", "CT-8"], timeline(two, two_vms, [connect(0, "c1", "vm-1")], tracking="PER_SESSION", affinity="CLIENT_IP", idle=900),
          statements=["TL-5-c"])
    f.add("timeline/idle-timeout/below-minimum", "idleTimeoutSec 599 is below the internal passthrough minimum of 600 s.",
          ["CT-7"], timeline(two, two_vms, [], tracking="PER_SESSION", affinity="CLIENT_IP", idle=599))
    f.add("timeline/idle-timeout/above-maximum", "idleTimeoutSec 57601 is above 16 hours.",
          ["CT-7"], timeline(two, two_vms, [], tracking="PER_SESSION", affinity="CLIENT_IP", idle=57601))
    f.add("timeline/idle-timeout/five-tuple", "idleTimeoutSec 900 with PER_CONNECTION tracking (5-tuple) cannot be set.",
          ["CT-8"], timeline(two, two_vms, [], idle=900))
    f.add("timeline/idle-timeout/five-tuple-default", "idleTimeoutSec 600 with PER_CONNECTION tracking: 600 s is the default the API "
          "reports for every internal passthrough backend service, so a 5-tuple service's describe carries it; it is not a setting "
          "(GAP-62), and the timeline is accepted.", ["CT-7", "CT-8"], timeline(two, two_vms, [connect(0, "c1", "vm-1")], idle=600),
          statements=["TL-5-c", "TL-2.3-d"])
    f.add("timeline/config/ratio-out-of-range", "A config event cannot set failoverRatio 1.5.",
          ["FO-11"], timeline(fail_groups, fail_vms, [{"at": 0, "type": "config", "failoverPolicy": {"failoverRatio": 1.5}}]))
    def bad(ident: str, comment: str, events: list[Document], code_doc: Optional[Document] = None) -> None:
        f.add(f"timeline/input/{ident}", comment, ["CT-1"], code_doc or timeline(two, two_vms, events))
    bad("events-out-of-order", "Events must not go back in time.", [{"at": 10, "type": "advance"}, {"at": 9, "type": "advance"}])
    bad("negative-time", "Times are whole seconds from 0.", [{"at": -1, "type": "advance"}])
    bad("fractional-time", "Times are whole seconds.", [{"at": 1.5, "type": "advance"}])
    bad("unknown-instance", "A health event names no instance.", [health(0, "vm-9", False)])
    bad("unknown-connection", "A close event names no connection.", [{"at": 0, "type": "close", "connection": "c1"}])
    bad("duplicate-connection", "Two connect events with one id.", [connect(0, "c1", "vm-1"), connect(1, "c1", "vm-2")])
    bad("unknown-event-type", "An event type outside the list.", [{"at": 0, "type": "reboot"}])
    bad("unknown-protocol", "A protocol outside TCP, UDP and SCTP.", [connect(0, "c1", "vm-1", "ICMP")])
    bad("unknown-event-field", "Event objects are strict: a typo is an error.", [{"at": 0, "type": "advance", "instance": "vm-1"}])
    bad("missing-events", "A timeline needs its events.", [], code_doc={k: v for k, v in timeline(two, two_vms, []).items() if k != "events"})

def edge_timeline() -> int:
    f = VectorFile("edge_cases/timeline.json",
                   ["Connection tracking over time: persistence on unhealthy backends, zonal affinity and established",
                    "connections, draining edges, and every timeline input error."], kind="passthrough-timeline")
    two = [("ig-a", "us-west1-a", False)]
    two_vms = [("vm-1", "ig-a", True), ("vm-2", "ig-a", True)]
    fail_groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    fail_vms = [("p1", "ig-p", True), ("p2", "ig-p", True), ("f1", "ig-f", True)]
    edge_timeline_persistence_and_zonal(f, two, two_vms, fail_groups)
    edge_timeline_draining_and_errors(f, two, two_vms, fail_groups, fail_vms)
    return f.write()


def advance(at: int) -> Document:
    return {"at": at, "type": "advance"}


def config(at: int, **policy: Any) -> Document:
    return {"at": at, "type": "config", "failoverPolicy": policy}


def close(at: int, conn: str) -> Document:
    return {"at": at, "type": "close", "connection": conn}


def timeline_readings_persistence(f: VectorFile, one: Sequence[Group], fail_groups: Sequence[Group], fail_vms: Sequence[Vm]) -> None:
    """GAP-21: a connection on an unhealthy VM that still takes new connections."""
    f.group("GAP-21: a connection on an unhealthy VM that still takes new connections (a last-resort pool, a STAY_WITHIN_ZONE "
            "replacement) persists only as connection persistence says; the pool makes no exception (CT-3).")
    f.add("timeline/readings/last-resort-udp-closes", "Every VM is unhealthy, so the last resort (TD-2) takes new connections to vm-1: "
          "a TCP and a UDP connection open there. At the next event, an advance, the UDP connection is CLOSED (CT-3: UDP does not persist, "
          "no exception for a last-resort pool) and the TCP one stays ACTIVE.",
          ["CT-3", "CT-2", "TD-2"],
          timeline(one, [("vm-1", "ig-a", False), ("vm-2", "ig-a", False)],
                   [connect(0, "t1", "vm-1"), connect(0, "u1", "vm-1", "UDP"), advance(10)]),
          check=check_steps({1: ("NONE", "ALL_LAST_RESORT", ["vm-1", "vm-2"], {"t1": "ACTIVE", "u1": "ACTIVE"}),
                             2: ("NONE", "ALL_LAST_RESORT", ["vm-1", "vm-2"], {"t1": "ACTIVE", "u1": "CLOSED"})}))
    f.add("timeline/readings/udp-on-vm-turning-last-resort", "A UDP connection on p1; f1 and p2 fail, then p1: every VM is unhealthy and the "
          "active pool is the primaries' last resort (FO-19), which holds p1. The UDP connection on the unhealthy p1 is CLOSED all the same (CT-3).",
          ["CT-3", "FO-19"],
          timeline(fail_groups, fail_vms, [connect(0, "u1", "p1", "UDP"), health(10, "f1", False), health(20, "p2", False),
                                           health(30, "p1", False), advance(40)]),
          check=check_steps({3: ("NONE", "PRIMARY_LAST_RESORT", ["p1", "p2"], {"u1": "CLOSED"})}))
    f.add("timeline/readings/last-resort-per-session-tcp-closes", "PER_SESSION tracking with the 3-tuple CLIENT_IP_PROTO: a TCP connection "
          "opened to vm-1 in the all-unhealthy last resort does not persist, so the next event closes it (CT-3, CT-6).",
          ["CT-3", "CT-6"],
          timeline(one, [("vm-1", "ig-a", False), ("vm-2", "ig-a", False)], [connect(0, "c1", "vm-1"), advance(10)],
                   tracking="PER_SESSION", affinity="CLIENT_IP_PROTO"),
          check=check_steps({0: ("NONE", "ALL_LAST_RESORT", ["vm-1", "vm-2"], {"c1": "ACTIVE"}),
                             1: ("NONE", "ALL_LAST_RESORT", ["vm-1", "vm-2"], {"c1": "CLOSED"})}))
    stay_groups = [("ig-a", "us-west1-a", False), ("ig-c", "us-west1-c", False)]
    stay_vms = [("vm-a1", "ig-a", False), ("vm-c1", "ig-c", True)]
    f.add("timeline/readings/stay-within-zone-unhealthy-udp", "STAY_WITHIN_ZONE, client in us-west1-a, whose only VM vm-a1 is unhealthy: "
          "new connections still go to vm-a1 (ZA-20), so a UDP and a TCP connection open there. The next event, an advance, closes the UDP "
          "one (it may not persist on an unhealthy VM, CT-3); the TCP one persists. Zonal affinity keeps nothing alive (ZA-2).",
          ["CT-3", "ZA-2", "ZA-20", "CT-2"],
          timeline(stay_groups, stay_vms, [connect(0, "t1", "vm-a1"), connect(0, "u1", "vm-a1", "UDP"), advance(10)],
                   spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE"),
          check=check_steps({1: ("NONE", "ALL_HEALTHY", ["vm-a1"], {"t1": "ACTIVE", "u1": "ACTIVE"}),
                             2: ("NONE", "ALL_HEALTHY", ["vm-a1"], {"t1": "ACTIVE", "u1": "CLOSED"})}))
    f.add("timeline/readings/stay-within-zone-never-persist", "The same under NEVER_PERSIST: vm-c1 is healthy, so not every backend is "
          "unhealthy, and the TCP connection opened to the unhealthy vm-a1 is closed at the next event (CT-4).",
          ["CT-4", "ZA-2", "ZA-20"],
          timeline(stay_groups, stay_vms, [connect(0, "t1", "vm-a1"), advance(10)], spill="ZONAL_AFFINITY_STAY_WITHIN_ZONE",
                   persistence="NEVER_PERSIST"),
          check=check_steps({0: ("NONE", "ALL_HEALTHY", ["vm-a1"], {"t1": "ACTIVE"}),
                             1: ("NONE", "ALL_HEALTHY", ["vm-a1"], {"t1": "CLOSED"})}))


def timeline_readings_roles(f: VectorFile, fail_groups: Sequence[Group]) -> None:
    """GAP-20: a pool's role between consecutive events."""
    f.group("GAP-20: a pool's role is its eligible kind's, between consecutive events; a dropped pool has no role and none is remembered "
            "across it; the empty primary last resort (no primary VM) is a primary pool.")
    for profiles, drain in DRAIN_PROFILES:
        f.add(f"timeline/readings/primary-drop-backup@{profiles[0]}", "dropTrafficIfUnhealthy; c1 on p1. Both primaries fail (the pool is "
              "dropped: neither transition), then f1 recovers (BACKUP_HEALTHY: still no transition, the dropped pool had no role). c1, TCP on the "
              f"unhealthy p1, persists. p1 recovers: failback, and c1 is on the pool again. The alternative remembers the primary role across the "
              f"drop: a FAILOVER when f1 recovers, c1 draining until t={30 + drain}, ACTIVE again at the failback.",
              ["FO-9", "FO-20", "CT-3"],
              timeline(fail_groups, [("p1", "ig-p", True), ("p2", "ig-p", True), ("f1", "ig-f", False)],
                       [connect(0, "c1", "p1"), health(10, "p1", False), health(20, "p2", False), health(30, "f1", True), advance(40),
                        health(50, "p1", True)], drop=True),
              flags=["TransitionThroughDrop", "DrainingTimeout"], profiles=profiles,
              check=check_steps({2: ("NONE", "DROP", [], {"c1": "ACTIVE"}), 3: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "ACTIVE"}),
                                 5: ("FAILBACK", "PRIMARY_HEALTHY", ["p1"], {"c1": "ACTIVE"})}),
              alternatives=lambda d: [with_connection_state(with_transition(d, 3, "FAILOVER"), "c1", 3,
                                                                         lambda s: ("DRAINING", 30 + drain) if s["at"] < 50 else ("ACTIVE", None))])
        f.add(f"timeline/readings/backup-drop-primary@{profiles[0]}", "dropTrafficIfUnhealthy; the primaries are down and c1 is on the backup "
              "f1. f1 fails (dropped: no transition; c1, TCP, persists), then p1 recovers (PRIMARY_HEALTHY: no transition either). The "
              f"alternative remembers the backup role: a FAILBACK when p1 recovers, c1 draining until t={20 + drain}.",
              ["FO-9", "FO-20", "CT-3"],
              timeline(fail_groups, [("p1", "ig-p", False), ("p2", "ig-p", False), ("f1", "ig-f", True)],
                       [connect(0, "c1", "f1"), health(10, "f1", False), health(20, "p1", True), advance(30)], drop=True),
              flags=["TransitionThroughDrop", "DrainingTimeout"], profiles=profiles,
              check=check_steps({1: ("NONE", "DROP", [], {"c1": "ACTIVE"}), 2: ("NONE", "PRIMARY_HEALTHY", ["p1"], {"c1": "ACTIVE"})}),
              alternatives=lambda d: [drained_from(with_transition(d, 2, "FAILBACK"), "c1", 2, 20 + drain)])
        backups_only = [("ig-f", "us-west1-b", True)]
        f.add(f"timeline/readings/no-primary-vms@{profiles[0]}", "Failover is configured but no backend is primary (GAP-4): the pool is the "
              "healthy backups. When both fail, the pool is the primaries' last resort, empty: a FAILBACK (a primary pool, FO-19), so both TCP "
              f"connections drain until t={20 + drain}, then close. The alternative sees no transition (no primary VM moves in): they persist.",
              ["FO-9", "FO-19", "FO-21"],
              timeline(backups_only, [("f1", "ig-f", True), ("f2", "ig-f", True)],
                       [connect(0, "c1", "f1"), connect(0, "c2", "f2"), health(10, "f1", False), health(20, "f2", False),
                        advance(20 + drain)], ratio=0.5),
              flags=["NoPrimaryVmsTransition", "DrainingTimeout"], profiles=profiles,
              check=check_steps({3: ("FAILBACK", "PRIMARY_LAST_RESORT", [], {"c1": f"DRAINING@{20 + drain}", "c2": f"DRAINING@{20 + drain}"}),
                                 4: ("NONE", "PRIMARY_LAST_RESORT", [], {"c1": "CLOSED", "c2": "CLOSED"})}),
              alternatives=lambda d: [with_connection_state(with_connection_state(with_transition(d, 3, "NONE"), "c1", 3, lambda s: ("ACTIVE", None)),
                                                            "c2", 3, lambda s: ("ACTIVE", None))])


def timeline_readings_input(f: VectorFile, one: Sequence[Group], fail_groups: Sequence[Group], fail_vms: Sequence[Vm]) -> None:
    """Input: whole seconds, and close events."""
    f.group("Input: times are whole seconds; a close event ends only an ACTIVE or DRAINING connection and is never an error.")
    f.add("timeline/readings/at-with-fraction-zero", "at: 10.0 is a JSON number with a fraction part, not an integer: TIME_OUT_OF_RANGE, "
          "as 1.5 is (times are whole seconds, written as integers).",
          ["CT-1"], timeline(one, [("vm-1", "ig-a", True)], [{"at": 10.0, "type": "advance"}]))
    f.add("timeline/readings/draining-timeout-with-fraction-zero", "drainingTimeoutSec 300.0: a duration is whole seconds written as an "
          "integer, so TIME_OUT_OF_RANGE.",
          ["FO-21"], timeline(one, [("vm-1", "ig-a", True)], [advance(0)], timeout=300.0))  # type: ignore[arg-type]
    f.add("timeline/readings/close-refused", "A close event for a REFUSED connection (it was never established) changes nothing: it stays REFUSED.",
          ["CT-1", "CT-2"],
          timeline(one, [("vm-1", "ig-a", True), ("vm-2", "ig-a", False)], [connect(0, "c1", "vm-2"), close(10, "c1")]),
          check=check_steps({1: ("NONE", "ALL_HEALTHY", ["vm-1"], {"c1": "REFUSED"})}))
    f.add("timeline/readings/close-reset", "A close event for a RESET connection changes nothing: it stays RESET.",
          ["CT-1", "FO-22"],
          timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), health(10, "p2", False), close(20, "c1")],
                   no_drain=True),
          check=check_steps({2: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "RESET"}), 3: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "RESET"})}))
    f.add("timeline/readings/close-twice", "Closing a CLOSED connection again changes nothing; closing a connection that persistence closed is no error either.",
          ["CT-1", "CT-3"],
          timeline(one, [("vm-1", "ig-a", True), ("vm-2", "ig-a", True)],
                   [connect(0, "c1", "vm-1"), connect(0, "u1", "vm-2", "UDP"), close(10, "c1"), health(20, "vm-2", False),
                    close(30, "c1"), close(30, "u1")]),
          check=check_steps({3: ("NONE", "ALL_HEALTHY", ["vm-1"], {"c1": "CLOSED", "u1": "CLOSED"}),
                             5: ("NONE", "ALL_HEALTHY", ["vm-1"], {"c1": "CLOSED", "u1": "CLOSED"})}))

    f.add("timeline/readings/null-is-absent", "drainingTimeoutSec: null is read as absent: the profile's timeout applies (300 s, or 600 s "
          "in api-10min).",
          ["FO-21"], dict(timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), health(10, "p2", False)]),
                          drainingTimeoutSec=None))
    f.add("timeline/readings/instance-url", "An event's instance may be a URL whose last path segment is the VM's name; the decision names "
          "the VM.",
          ["CT-1"], timeline(one, [("vm-1", "ig-a", True), ("vm-2", "ig-a", True)],
                             [{"at": 0, "type": "connect", "connection": "c1", "instance": "projects/p/zones/us-west1-a/instances/vm-1"},
                              {"at": 5, "type": "health", "instance": "zones/us-west1-a/instances/vm-2", "healthState": "UNHEALTHY"}]),
          check=check_steps({1: ("NONE", "ALL_HEALTHY", ["vm-1"], {"c1": "ACTIVE"})}))
    f.add("timeline/readings/empty-config", "A config event with an empty failoverPolicy changes nothing and is no error.",
          ["FO-10"], timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), config(5)]),
          check=check_steps({1: ("NONE", "PRIMARY_HEALTHY", ["p1", "p2"], {"c1": "ACTIVE"})}))
    f.add("timeline/readings/config-policy-is-strict", "A config event's failoverPolicy is lbconform's, not the API's: an unknown field "
          "there is UNKNOWN_FIELD (in backendService it would be ignored).",
          ["FO-10"], timeline(fail_groups, fail_vms, [config(5, failoverRatio=0.5, failover_ratio=0.5)]))
    f.add("timeline/readings/idle-timeout-with-fraction-zero", "idleTimeoutSec is an API integer: 600.0 is WRONG_TYPE.",
          ["CT-7"], timeline(one, [("vm-1", "ig-a", True)], [], tracking="PER_SESSION", affinity="CLIENT_IP", idle=600.0))  # type: ignore[arg-type]
    f.add("timeline/readings/event-error-before-unknown-top-level-field", "Reading stops at the first problem, and unknown top-level "
          "fields are checked last: events out of order win over a misspelt drainingTimeoutSec.",
          ["CT-1"], dict(timeline(one, [("vm-1", "ig-a", True)], [advance(10), advance(9)]), drainingTimeout=300))
    f.add("timeline/readings/input-error-before-spec-error", "Input errors come before the spec's rules: an out-of-order event is "
          "reported, not the config event's out-of-range ratio before it.",
          ["FO-11"], timeline(fail_groups, fail_vms, [config(10, failoverRatio=1.5), advance(9)]),
          check=lambda ps, d: None if [e["code"] for e in d["errors"]] == ["EVENTS_OUT_OF_ORDER"] else (_ for _ in ()).throw(SystemExit(str(d))))


def timeline_readings_draining(f: VectorFile, fail_groups: Sequence[Group], fail_vms: Sequence[Vm]) -> None:
    """Draining: 0 s, events of different types at one time, the setting changed midway."""
    f.group("Draining: a drain of 0 s, events of different types at one time, the draining setting changed in the middle.")
    f.add("timeline/readings/zero-second-drain", "drainingTimeoutSec 0 with draining on: at the failover the TCP connections on the primaries "
          "drain for 0 s, that is they are CLOSED at once (GAP-23); not RESET (draining is on), not kept for the profile's timeout.",
          ["FO-21", "FO-22"],
          timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), connect(0, "c2", "p2"), health(10, "p1", False), health(10, "p2", False),
                                           advance(11)], timeout=0),
          check=check_steps({3: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "CLOSED", "c2": "CLOSED"})}))
    f.add("timeline/readings/same-time-in-order", "Events at one time apply one by one, in document order, each with its own step: c1 opens "
          "to p1 before p1 and p2 fail (ACTIVE, then draining at the failover), c2 opens to p1 after (REFUSED), c3 to f1 (ACTIVE), and the "
          "config event at the same time applies last.",
          ["FO-21", "CT-2", "FO-9"],
          timeline(fail_groups, fail_vms, [connect(10, "c1", "p1"), health(10, "p1", False), health(10, "p2", False), connect(10, "c2", "p1"),
                                           connect(10, "c3", "f1"), config(10, disableConnectionDrainOnFailover=True), advance(10)],
                   timeout=100),
          check=check_steps({0: ("NONE", "PRIMARY_HEALTHY", ["p1", "p2"], {"c1": "ACTIVE"}),
                             2: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@110"}),
                             4: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@110", "c2": "REFUSED", "c3": "ACTIVE"})}))
    f.add("timeline/readings/drain-ends-before-same-time-event", "A drain that ends at t=110 ends before the event at t=110 applies: c1 is "
          "CLOSED when p1 recovers at that very time (a failback that puts p1 back in the pool), so it is not ACTIVE again.",
          ["FO-21", "FO-9"],
          timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), health(10, "p2", False), health(110, "p1", True)],
                   timeout=100),
          check=check_steps({2: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@110"}),
                             3: ("FAILBACK", "PRIMARY_HEALTHY", ["p1"], {"c1": "CLOSED"})}))
    f.add("timeline/readings/config-and-health-same-time", "A health event and a config event at t=10: after the health event one primary of "
          "two is healthy (ratio 0 keeps the primaries); the config event then sets ratio 1.0 and fails over, at its own step. c1 on the "
          "healthy p2 drains from that step.",
          ["FO-9", "FO-21", "FO-11"],
          timeline(fail_groups, fail_vms, [connect(0, "c1", "p2"), health(10, "p1", False), config(10, failoverRatio=1.0)], timeout=100),
          check=check_steps({1: ("NONE", "PRIMARY_HEALTHY", ["p2"], {"c1": "ACTIVE"}),
                             2: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@110"})}))
    three = [("p1", "ig-p", True), ("p2", "ig-p", True), ("p3", "ig-p", True), ("f1", "ig-f", True)]
    f.add("timeline/readings/draining-setting-changes", "The draining setting is read at each failover or failback (GAP-22). Ratio 1.0: "
          "p1 fails, failover, c1 on p3 drains. Draining is turned off: c1 keeps draining (a drain once started is not reset), even when "
          "p3 fails. Ratio 0 brings the pool back to p2: a failback with draining off, so c2 on f1 is RESET. Draining is turned on again and "
          "p2 fails: a failover, c3 on p2 drains, while c1 keeps its first end time (a drain is not restarted).",
          ["FO-21", "FO-22", "FO-9"],
          timeline(fail_groups, three,
                   [connect(0, "c1", "p3"), health(10, "p1", False), connect(15, "c2", "f1"),
                    config(20, disableConnectionDrainOnFailover=True), health(25, "p3", False), config(30, failoverRatio=0.0),
                    connect(35, "c3", "p2"), config(40, disableConnectionDrainOnFailover=False), health(50, "p2", False)],
                   ratio=1.0, timeout=1000),
          check=check_steps({1: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@1010"}),
                             3: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@1010", "c2": "ACTIVE"}),
                             5: ("FAILBACK", "PRIMARY_HEALTHY", ["p2"], {"c1": "DRAINING@1010", "c2": "RESET"}),
                             8: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@1010", "c2": "RESET", "c3": "DRAINING@1050"})}))
    f.add("timeline/readings/never-persist-draining", "NEVER_PERSIST, ratio 1.0: p1 fails, which fails over at the same event; c1 on the "
          "now unhealthy p1 drains (the failover comes first), and persistence does not end a drain (GAP-22): it drains to its end.",
          ["FO-21", "CT-4"],
          timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), advance(20), advance(110)], ratio=1.0,
                   persistence="NEVER_PERSIST", timeout=100),
          check=check_steps({1: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@110"}),
                             2: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "DRAINING@110"}),
                             3: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "CLOSED"})}))

def edge_timeline_readings() -> int:
    """The readings docs/spec/passthrough-timeline.md writes down, one vector for each output that depends on one."""
    f = VectorFile("edge_cases/timeline_readings.json",
                   ["The timeline readings of docs/spec/passthrough-timeline.md: persistence on unhealthy VMs that still take new",
                    "connections (GAP-21), transitions through a dropped pool or with no primary VM (GAP-20), the input rules",
                    "(whole seconds, close of a connection that is not open), and the order of what happens at one time."],
                   kind="passthrough-timeline")
    one = [("ig-a", "us-west1-a", False)]
    fail_groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    fail_vms = [("p1", "ig-p", True), ("p2", "ig-p", True), ("f1", "ig-f", True)]
    timeline_readings_persistence(f, one, fail_groups, fail_vms)
    timeline_readings_roles(f, fail_groups)
    timeline_readings_input(f, one, fail_groups, fail_vms)
    timeline_readings_draining(f, fail_groups, fail_vms)
    return f.write()


# ------------------------------ service LB policy (the Indonesian service-lb-policy text, SLB-*)

SLB_TOPOLOGY = {"east": ["east-a", "east-b"], "west": ["west-a"]}


def slb(backends: list[Document], clients: Optional[list[Document]] = None, policy: Optional[Document] = None,
        lb: str = "GLOBAL_EXTERNAL_APPLICATION", scheme: Optional[str] = None, at: Optional[int] = None,
        topology: Optional[dict[str, list[str]]] = None, attach: bool = True,
        readings: Optional[dict[str, str]] = None) -> Document:
    """backends: dicts with name, zone, members, healthy, rate (per instance), preference, health, kind, scaler."""
    topology = topology or SLB_TOPOLOGY
    zones = [z for zs in topology.values() for z in zs]
    internal = lb.startswith("CROSS_REGION_INTERNAL")
    service: Document = {"name": "bs", "loadBalancingScheme": scheme or ("INTERNAL_MANAGED" if internal else "EXTERNAL_MANAGED"),
                         "backends": []}
    groups: list[Document] = []
    for b in backends:
        entry: Document = {"group": f"zones/{b['zone']}/instanceGroups/{b['name']}", "balancingMode": b.get("mode", "RATE"),
                           "preference": b.get("preference", "DEFAULT")}
        entry.update(b.get("capacity", {"maxRatePerInstance": b.get("rate", 100)}))
        if "scaler" in b:
            entry["capacityScaler"] = b["scaler"]
        service["backends"].append(entry)
        group: Document = {"group": b["name"], "kind": b.get("kind", "ZONAL_INSTANCE_GROUP"), "zone": b["zone"],
                           "members": b.get("members", 1), "healthy": b.get("healthy", b.get("members", 1))}
        if "health" in b:
            group["health"] = b["health"]
        if "perMember" in b:
            group["loadPerMemberAtFullUtilization"] = b["perMember"]
        groups.append(group)
    doc: Document = {"kind": "service-lb-policy", "loadBalancer": lb, "backendService": service, "backendGroups": groups,
                     "topology": {"regions": [{"name": r, "zones": zs} for r, zs in topology.items()]},
                     "clients": clients or [{"name": "c1", "requestsPerSecond": 100,
                                             "rttMs": {z: (1 + i if z.startswith("east") else 50) for i, z in enumerate(zones)}}]}
    if policy is not None:
        doc["serviceLbPolicy"] = dict({"name": "projects/p/locations/global/serviceLbPolicies/pol"}, **policy)
        if attach:
            service["serviceLbPolicy"] = "projects/p/locations/global/serviceLbPolicies/pol"
    if at is not None:
        doc["at"] = at
    if readings:
        doc["readings"] = readings
    return doc


def with_readings(doc: Document, readings: dict[str, str]) -> Document:
    return dict(copy.deepcopy(doc), readings=readings)


def served(*expected: list[str]) -> Check:
    """A check: client locations' regionsServed in order, and optionally dropped."""
    def check(profiles: list[str], d: Document) -> None:
        got = [c["regionsServed"] for c in d["clients"]]
        if got != list(expected):
            raise SystemExit(f"service-lb-policy: regionsServed {got}, hand-checked {list(expected)}")
    return check


def backend_is(**fields: Union[str, tuple[bool, bool, str]]) -> Check:
    """A check on backend states: name=(drained, belowThreshold, effectiveCapacity) or name=assigned-string."""
    def check(profiles: list[str], d: Document) -> None:
        states = {b["name"]: b for b in d["backends"]}
        for name, want in fields.items():
            b = states[name.replace("_", "-")]
            got = (b["drained"], b["belowFailoverThreshold"], b["effectiveCapacity"]) if isinstance(want, tuple) else b["assigned"]
            if got != want:
                raise SystemExit(f"service-lb-policy: {name} is {got}, hand-checked {want}")
    return check


def both(*checks: Check) -> Check:
    def check(profiles: list[str], d: Document) -> None:
        for c in checks:
            c(profiles, d)
    return check


def spec_slb_algorithms_and_preferred(f: VectorFile, three: list[Document]) -> None:
    """Algorithms (SLB-7..SLB-13, SLB-36) and preferred backends (SLB-30, SLB-31)."""
    f.group("Algorithms (SLB-7..SLB-13, SLB-36).")
    f.add("slb/algorithm/default-without-policy", "No service LB policy: WATERFALL_BY_REGION fills the closest region in proportion to capacity (100 and 300 take 50 and 150 of 200).",
          ["SLB-7", "SLB-8"], slb(three, clients=[{"name": "c1", "requestsPerSecond": 200, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=both(served(["east"]), backend_is(small="50", large="150")))
    f.add("slb/algorithm/policy-without-algorithm", "A policy without loadBalancingAlgorithm: WATERFALL_BY_REGION.",
          ["SLB-7"], slb(three, policy={"autoCapacityDrain": {"enable": False}}), check=served(["east"]))
    f.add("slb/algorithm/waterfall-overflows", "WATERFALL_BY_REGION with 450 offered and 400 in the closest region: the region fills and 50 overflows to the next closest region.",
          ["SLB-10", "SLB-8"], slb(three, clients=[{"name": "c1", "requestsPerSecond": 450, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=both(served(["east", "west"]), backend_is(small="100", large="300", far="50")))
    f.add("slb/algorithm/spray-to-region", "SPRAY_TO_REGION: the same aggregate, in proportion to capacity across the region's zones.",
          ["SLB-11", "SLB-13"], slb(three, policy={"loadBalancingAlgorithm": "SPRAY_TO_REGION"},
                                    clients=[{"name": "c1", "requestsPerSecond": 200, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=both(served(["east"]), backend_is(small="50", large="150")))
    f.add("slb/algorithm/waterfall-by-zone", "WATERFALL_BY_ZONE: the nearest zone (east-a, 100) fills before east-b gets the other 50.",
          ["SLB-12", "SLB-13"], slb(three, policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"},
                                    clients=[{"name": "c1", "requestsPerSecond": 150, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=backend_is(small="100", large="50"))
    f.add("slb/algorithm/spray-to-world", "SPRAY_TO_WORLD (API only): every region at once, in proportion to capacity.",
          ["SLB-36"], slb(three, policy={"loadBalancingAlgorithm": "SPRAY_TO_WORLD"}), flags=["ApiOnlyAlgorithm"],
          alternatives=[{"valid": False, "errors": [{"code": "UNKNOWN_ENUM_VALUE", "path": "/serviceLbPolicy/loadBalancingAlgorithm", "message": "docs-only reading"}]}])
    f.group("Preferred backends (SLB-30, SLB-31).")
    pref: list[Document] = [{"name": "default-near", "zone": "east-a", "members": 10}, {"name": "pref-far", "zone": "west-a", "preference": "PREFERRED"},
                            {"name": "pref-near", "zone": "east-b", "rate": 30, "preference": "PREFERRED"}]
    f.add("slb/preferred/first-by-rtt", "Preferred backends fill to capacity first, nearest first (30, then 100), before the algorithm spreads the rest (70) over DEFAULT backends.",
          ["SLB-30", "SLB-31"], slb(pref, clients=[{"name": "c1", "requestsPerSecond": 200, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=both(served(["east", "west"]), backend_is(pref_near="30", pref_far="100", default_near="70")))
    ties: list[Document] = [{"name": "pref-east", "zone": "east-a", "preference": "PREFERRED"}, {"name": "pref-west", "zone": "west-a", "preference": "PREFERRED"}]
    tie_clients: list[Document] = [{"name": "c1", "requestsPerSecond": 100, "rttMs": {"east-a": 5, "east-b": 6, "west-a": 5}}]
    def one_region_first(region: str) -> Callable[[Document], Document]:
        def alternative(d: Document) -> Document:
            alt = copy.deepcopy(d)
            alt["clients"][0]["regionsServed"] = [region]
            alt["clients"][0]["zonesServed"] = [f"{region}-a"]
            return alt
        return alternative
    f.add("slb/preferred/equal-rtt", "Two preferred backends equally close in two regions, 100 offered against 100 each: lbconform splits 50/50, so both regions serve.",
          ["SLB-31", "SLB-30"], slb(ties, clients=tie_clients), flags=["EqualRtt"],
          alternatives=lambda d: [one_region_first("east")(d), one_region_first("west")(d)])


def spec_slb_threshold_and_isolation(f: VectorFile) -> None:
    """Failover threshold (SLB-20..SLB-24, SLB-35) and traffic isolation (SLB-25..SLB-28)."""
    f.group("Failover threshold (SLB-20..SLB-24, SLB-35).")
    weak: list[Document] = [{"name": "ok", "zone": "east-a"}, {"name": "weak", "zone": "east-b", "members": 10, "healthy": 5},
                            {"name": "far", "zone": "west-a"}]
    f.add("slb/threshold/below-goes-last", "weak has 50% healthy, below the default threshold of 70: 150 offered go to ok (100) and to the other region's far (50) before weak gets anything.",
          ["SLB-20", "SLB-21", "SLB-22", "SLB-35"], slb(weak, clients=[{"name": "c1", "requestsPerSecond": 150, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=both(served(["east", "west"]), backend_is(weak=(False, True, "1000"), ok="100", far="50")))
    f.add("slb/threshold/last-resort", "When every other backend is full, the backend below the threshold still gets traffic.",
          ["SLB-24", "SLB-21"], slb(weak, clients=[{"name": "c1", "requestsPerSecond": 500, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=backend_is(weak="300"))
    f.add("slb/threshold/exactly-at", "70% healthy is not below a threshold of 70 (the comparison is strict); 60% is.",
          ["SLB-22"], slb([{"name": "at70", "zone": "east-a", "members": 10, "healthy": 7}, {"name": "at60", "zone": "east-b", "members": 10, "healthy": 6}]),
          check=backend_is(at70=(False, False, "1000"), at60=(False, True, "1000")))
    f.add("slb/threshold/configured", "failoverHealthThreshold 60: 60% healthy is no longer below it.",
          ["SLB-22"], slb([{"name": "at60", "zone": "east-b", "members": 10, "healthy": 6}], policy={"failoverConfig": {"failoverHealthThreshold": 60}}),
          check=backend_is(at60=(False, False, "1000")))
    f.group("Traffic isolation (SLB-25..SLB-28).")
    iso: list[Document] = [{"name": "e1", "zone": "east-a"}, {"name": "w1", "zone": "west-a", "members": 10}]
    heavy: list[Document] = [{"name": "c1", "requestsPerSecond": 300, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]
    f.add("slb/isolation/nearest-stays", "Isolation REGION, mode unset (NEAREST): all 300 stay in east even though its capacity is 100.",
          ["SLB-25", "SLB-26"], slb(iso, clients=heavy, policy={"isolationConfig": {"isolationGranularity": "REGION"}}),
          check=both(served(["east"]), backend_is(e1="300")))
    f.add("slb/isolation/nearest-moves-when-unhealthy", "NEAREST: east's only backend has no healthy member, so traffic goes to the next closest region.",
          ["SLB-26"], slb([dict(iso[0], healthy=0), iso[1]], clients=heavy, policy={"isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "NEAREST"}}),
          check=served(["west"]))
    f.add("slb/isolation/without-granularity", "An isolation mode without granularity REGION is not enforced: 200 of 300 overflow to west.",
          ["SLB-28", "SLB-10"], slb(iso, clients=heavy, policy={"isolationConfig": {"isolationMode": "NEAREST"}}),
          check=served(["east", "west"]))
    f.add("slb/isolation/strict-drops", "STRICT on a cross-region internal ALB: east has no healthy backend, so requests are dropped rather than sent to west.",
          ["SLB-27", "SLB-29"], slb([dict(iso[0], healthy=0), iso[1]], lb="CROSS_REGION_INTERNAL_APPLICATION",
                                    policy={"isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "STRICT"}}),
          check=served([]))
    f.add("slb/isolation/strict-no-backends", "STRICT: the closest region has no backend configured at all: dropped.",
          ["SLB-27"], slb([iso[1]], lb="CROSS_REGION_INTERNAL_PROXY_NETWORK",
                          policy={"isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "STRICT"}}),
          check=served([]))


def spec_slb_drain_and_example(f: VectorFile) -> None:
    """Auto-capacity drain and undrain (SLB-14..SLB-19), and the three-region example."""
    f.group("Auto-capacity drain and undrain (SLB-14..SLB-19).")
    five: list[Document] = [{"name": f"b{i}", "zone": "east-a" if i % 2 == 0 else "east-b", "members": 4} for i in range(5)]
    drain = {"autoCapacityDrain": {"enable": True}}
    def set_healthy(backends: list[Document], **healthy: int) -> list[Document]:
        out = copy.deepcopy(backends)
        for b in out:
            if b["name"] in healthy:
                b["healthy"] = healthy[b["name"]]
        return out
    f.add("slb/drain/candidate-drained", "b0 has 0 of 4 healthy (< 25%): a candidate, drained, capacity 0; b1 has exactly 25%: not a candidate.",
          ["SLB-14", "SLB-15", "SLB-18"], slb(set_healthy(five, b0=0, b1=1), policy=drain),
          check=backend_is(b0=(True, True, "0"), b1=(False, True, "400")))
    f.add("slb/drain/disabled", "The same backends without auto-capacity drain: nothing is drained; b0 may still get traffic.",
          ["SLB-24", "SLB-18"], slb(set_healthy(five, b0=0), policy={"autoCapacityDrain": {"enable": False}}),
          check=backend_is(b0=(False, True, "400")))
    f.add("slb/drain/two-of-five", "Two candidates of five backends (40% < 50%): both drained.",
          ["SLB-15", "SLB-16"], slb(set_healthy(five, b0=0, b1=0), policy=drain),
          check=backend_is(b0=(True, True, "0"), b1=(True, True, "0")))
    f.add("slb/drain/three-of-five", "Three candidates of five (60%): none is drained (all or nothing).",
          ["SLB-15", "SLB-16"], slb(set_healthy(five, b0=0, b1=0, b2=0), policy=drain), flags=["DrainOverHalf"],
          check=backend_is(b0=(False, True, "400")),
          alternatives=lambda d: [decide(with_readings(slb(set_healthy(five, b0=0, b1=0, b2=0), policy=drain), {"drainOverHalf": "DRAIN_UP_TO_HALF"}), "spec-docs")])
    zero = set_healthy(five, b0=0, b1=0, b2=0, b3=0)
    zero[0]["members"] = 0
    zero[1]["scaler"] = 0
    f.add("slb/drain/zero-capacity-not-counted", "b0 has no members and b1 a capacity scaler of 0: zero capacity, not candidates; b2 and b3 are two of five and drained.",
          ["SLB-16", "SLB-17"], slb(zero, policy=drain), check=backend_is(b2=(True, True, "0"), b3=(True, True, "0")))
    history = set_healthy(five, b0=0)
    history[0]["health"] = [{"at": 0, "healthy": 0}, {"at": 100, "healthy": 2}]
    f.add("slb/undrain/59-seconds", "b0 reached 50% healthy at t=100; at t=159 it is still drained.",
          ["SLB-19"], slb(history, policy=drain, at=159), check=backend_is(b0=(True, True, "0")))
    f.add("slb/undrain/60-seconds", "At t=160, 60 s at 35% or more: b0 is undrained and has its capacity back.",
          ["SLB-19"], slb(history, policy=drain, at=160), check=backend_is(b0=(False, True, "400")))
    f.group("A three-region example (examples/service-lb-policy/three-regions.json).")
    example = json.loads((ROOT.parent / "examples" / "service-lb-policy" / "three-regions.json").read_text())
    f.add("slb/example/three-regions", "Two client locations, a preferred backend at half capacity, a drained group and one below the failover threshold.",
          ["SLB-8", "SLB-10", "SLB-15", "SLB-22", "SLB-30"], example, flags=["ClientContention"],
          check=served(["us-east1", "us-central1"], ["europe-west1", "us-central1"]),
          alternatives=lambda d: [decide(with_readings(example, {"clientOrder": "NAME_ORDER"}), "spec-docs")])
    contention: list[Document] = [{"name": "e1", "zone": "east-a"}, {"name": "w1", "zone": "west-a"}]
    two_clients: list[Document] = [{"name": "a-small", "requestsPerSecond": 60, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}},
                                   {"name": "b-large", "requestsPerSecond": 90, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]
    f.add("slb/contention/largest-first", "Two client locations want east (capacity 100) with 60 and 90: the larger is served first there, the smaller overflows to west.",
          ["SLB-10", "SLB-8"], slb(contention, clients=two_clients), flags=["ClientContention"], check=served(["east", "west"], ["east"]),
          alternatives=lambda d: [decide(with_readings(slb(contention, clients=two_clients), {"clientOrder": "NAME_ORDER"}), "spec-docs")])

def spec_slb() -> int:
    f = VectorFile("spec_examples/service_lb_policy.json",
                   ["The claims of the advanced load balancing text (Indonesian, service-lb-policy) as small plans, hand-checked:",
                    "algorithms, preferred backends, the failover threshold, isolation, auto-capacity drain and undrain.",
                    "Normative: the policy, each backend's drainCandidate/drained/belowFailoverThreshold/effectiveCapacity,",
                    "each client location's regionsServed and whether it drops; the loads themselves are the model's (GAP-24)."],
                   kind="service-lb-policy")
    three: list[Document] = [{"name": "small", "zone": "east-a"}, {"name": "large", "zone": "east-b", "members": 3},
                             {"name": "far", "zone": "west-a", "members": 5}]
    spec_slb_algorithms_and_preferred(f, three)
    spec_slb_threshold_and_isolation(f)
    spec_slb_drain_and_example(f)
    return f.write()


def edge_slb() -> int:
    f = VectorFile("edge_cases/service_lb_policy_validation.json",
                   ["Every service-lb-policy error code, and the accepted side of each rule."], kind="service-lb-policy")
    one: list[Document] = [{"name": "b1", "zone": "east-a"}]
    f.group("Load balancers, schemes and policies (SLB-1, SLB-2, SLB-29, SLB-32).")
    for lb in ("GLOBAL_EXTERNAL_APPLICATION", "CROSS_REGION_INTERNAL_APPLICATION", "GLOBAL_EXTERNAL_PROXY_NETWORK", "CROSS_REGION_INTERNAL_PROXY_NETWORK"):
        f.add(f"slb/lb/{lb.lower().replace('_', '-')}", f"{lb} supports service LB policies.", ["SLB-1"], slb(one, lb=lb, policy={}))
    for lb in ("CLASSIC_APPLICATION", "REGIONAL_EXTERNAL_APPLICATION", "REGIONAL_INTERNAL_PROXY_NETWORK", "INTERNAL_PASSTHROUGH_NETWORK"):
        f.add(f"slb/lb/{lb.lower().replace('_', '-')}", f"{lb} does not.", ["SLB-1"], slb(one, lb=lb, scheme="EXTERNAL_MANAGED"))
    f.add("slb/scheme/internal-on-external", "A global external ALB with scheme INTERNAL_MANAGED.", ["SLB-2"], slb(one, scheme="INTERNAL_MANAGED"))
    f.add("slb/scheme/external-on-internal", "A cross-region internal proxy NLB with scheme EXTERNAL_MANAGED.", ["SLB-2"],
          slb(one, lb="CROSS_REGION_INTERNAL_PROXY_NETWORK", scheme="EXTERNAL_MANAGED"))
    f.add("slb/policy/two-policies", "A backend service naming two service LB policies.", ["SLB-32"],
          dict(slb(one, policy={}), backendService=dict(slb(one, policy={})["backendService"],
                                                        serviceLbPolicy=["projects/p/locations/global/serviceLbPolicies/pol", "projects/p/locations/global/serviceLbPolicies/other"])))
    f.add("slb/policy/strict-on-global-external", "STRICT isolation on a global external ALB.", ["SLB-29"],
          slb(one, policy={"isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "STRICT"}}))
    f.add("slb/policy/threshold-0", "failoverHealthThreshold 0: a proto3 int32 of 0 is unset (GAP-61), so the default threshold of 70 "
          "applies, not FAILOVER_THRESHOLD_OUT_OF_RANGE.", ["SLB-22", "SLB-35"],
          slb(one, policy={"failoverConfig": {"failoverHealthThreshold": 0}}), statements=["SL-1.5-e", "SL-4.1-c"])
    f.add("slb/policy/threshold-minus-1", "failoverHealthThreshold -1 is outside 1-99.", ["SLB-22"],
          slb(one, policy={"failoverConfig": {"failoverHealthThreshold": -1}}))
    f.add("slb/policy/threshold-100", "failoverHealthThreshold 100.", ["SLB-22"], slb(one, policy={"failoverConfig": {"failoverHealthThreshold": 100}}))
    f.add("slb/policy/threshold-1-and-99", "failoverHealthThreshold 99 is accepted.", ["SLB-22"], slb(one, policy={"failoverConfig": {"failoverHealthThreshold": 99}}))
    f.group("Backends (SLB-3..SLB-6, SLB-33, SLB-34).")
    for kind, ok in (("ZONAL_NEG_GCE_VM_IP_PORT", True), ("HYBRID_NEG", True), ("REGIONAL_MANAGED_INSTANCE_GROUP", False),
                     ("ZONAL_NEG_GCE_VM_IP", False), ("SERVERLESS_NEG", False), ("INTERNET_NEG", False), ("PRIVATE_SERVICE_CONNECT_NEG", False)):
        clause = {"REGIONAL_MANAGED_INSTANCE_GROUP": "SLB-4", "ZONAL_NEG_GCE_VM_IP": "SLB-5"}.get(kind, "SLB-3" if ok else "SLB-6")
        f.add(f"slb/backend/{kind.lower().replace('_', '-')}", f"A {kind} backend is {'supported' if ok else 'not supported'}.",
              [clause, "SLB-3"], slb([dict(one[0], kind=kind)]))
    f.add("slb/backend/scaler-0.05", "capacityScaler 0.05 is between 0 and 0.1.", ["SLB-33"], slb([dict(one[0], scaler=0.05)]))
    f.add("slb/backend/scaler-0-only-backend", "capacityScaler 0 on the only backend.", ["SLB-33"], slb([dict(one[0], scaler=0)]))
    f.add("slb/backend/scaler-0-of-two", "capacityScaler 0 with two backends: accepted, zero capacity.", ["SLB-33", "SLB-17"],
          slb([dict(one[0], scaler=0), {"name": "b2", "zone": "east-b"}]))
    f.add("slb/backend/custom-metrics", "CUSTOM_METRICS gives no capacity the plan can use.", ["SLB-34"], slb([dict(one[0], mode="CUSTOM_METRICS", capacity={})]))
    f.add("slb/backend/rate-without-max", "RATE without maxRate, maxRatePerInstance or maxRatePerEndpoint.", ["SLB-34"], slb([dict(one[0], capacity={})]))
    f.add("slb/backend/utilization-1.5", "maxUtilization 1.5.", ["SLB-34"],
          slb([dict(one[0], mode="UTILIZATION", capacity={"maxUtilization": 1.5}, perMember=10)]))
    f.add("slb/backend/capacities", "Target capacity per field: maxRate (per group) x scaler, maxConnectionsPerEndpoint x members, maxUtilization x members x load per member.",
          ["SLB-34"], slb([dict(one[0], capacity={"maxRate": 70}, scaler=0.5), {"name": "c", "zone": "east-b", "members": 5, "mode": "CONNECTION", "capacity": {"maxConnectionsPerEndpoint": 10}, "kind": "ZONAL_NEG_GCE_VM_IP_PORT"},
               {"name": "u", "zone": "west-a", "members": 3, "mode": "UTILIZATION", "capacity": {"maxUtilization": 0.5}, "perMember": 40}]),
          check=backend_is(b1=(False, False, "35"), c=(False, False, "50"), u=(False, False, "60")))
    f.group("Input errors.")
    def broken(ident: str, comment: str, mutate: Callable[[Document], object]) -> None:
        doc = slb(one)
        mutate(doc)
        f.add(f"slb/input/{ident}", comment, ["SLB-34"], doc)
    broken("missing-rtt", "A client location without a round-trip time to west-a.", lambda d: d["clients"][0]["rttMs"].pop("west-a"))
    broken("zone-not-in-topology", "A backend in a zone the topology does not list.", lambda d: d["backendGroups"][0].update(zone="south-a"))
    broken("duplicate-client", "Two client locations with one name.", lambda d: d["clients"].append(copy.deepcopy(d["clients"][0])))
    broken("healthy-over-members", "More healthy members than members.", lambda d: d["backendGroups"][0].update(healthy=2))
    broken("negative-load", "A negative request rate.", lambda d: d["clients"][0].update(requestsPerSecond=-1))
    broken("four-decimals", "A request rate with four decimal places.", lambda d: d["clients"][0].update(requestsPerSecond=1.0001))
    broken("unknown-algorithm", "An algorithm outside the API's list.", lambda d: d.update(serviceLbPolicy={"name": "pol", "loadBalancingAlgorithm": "ROUND_ROBIN"}))
    broken("health-out-of-order", "Health reports that go back in time.", lambda d: d["backendGroups"][0].update(health=[{"at": 10, "healthy": 1}, {"at": 5, "healthy": 1}]))
    return f.write()


def regressions_slb() -> int:
    f = VectorFile("regressions/service_lb_policy.json", ["Service LB policy findings of the fuzzers, each with its source."],
                   kind="service-lb-policy")
    f.group("fuzz/scenario_json")
    one: list[Document] = [{"name": "b1", "zone": "east-a"}]
    unattached = slb(one, policy={"failoverConfig": {"failoverHealthThreshold": 100}}, attach=False)
    f.add("slb/regression/unattached-policy-validated", "A policy resource the backend service does not name is still validated (threshold 100 is refused; the finding had 0, which is now the unset value, GAP-61). Found by fuzz/scenario_json, corpus file 876d338c7a28860c6528fde4ab317ed6e23ee3a0: the encoder dropped the unattached policy, so a round trip turned the rejection into a plan.",
          ["SLB-22", "SLB-32"], unattached)
    f.add("slb/regression/unattached-policy-not-in-effect", "A valid policy the backend service does not name has no effect: the algorithm stays WATERFALL_BY_REGION. Same finding.",
          ["SLB-7"], slb(one, policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"}, attach=False),
          check=lambda ps, d: None if d["policy"]["loadBalancingAlgorithm"] == "WATERFALL_BY_REGION" else (_ for _ in ()).throw(SystemExit("policy in effect")))
    return f.write()



# ------------------------------ service LB policy: zones, STRICT over capacity, the readings of docs/spec/service-lb-policy.md

def zones_served(*expected: list[str]) -> Check:
    """A check: client locations' zonesServed in order (nearest first)."""
    def check(profiles: list[str], d: Document) -> None:
        got = [c["zonesServed"] for c in d["clients"]]
        if got != list(expected):
            raise SystemExit(f"service-lb-policy: zonesServed {got}, hand-checked {list(expected)}")
    return check


def dropped_is(*expected: bool) -> Check:
    def check(profiles: list[str], d: Document) -> None:
        got = [c["dropped"] != "0" for c in d["clients"]]
        if got != list(expected):
            raise SystemExit(f"service-lb-policy: dropped {got}, hand-checked {list(expected)}")
    return check


def invalid_with(code: str) -> Check:
    def check(profiles: list[str], d: Document) -> None:
        if d["valid"] or d["errors"][0]["code"] != code:
            raise SystemExit(f"service-lb-policy: expected {code}, got {d.get('errors')}")
    return check


# The nearest zone (east-a) is listed last, so that "the first zone of the region" is not "the nearest".
ZONE_TOPOLOGY = {"east": ["east-c", "east-b", "east-a"], "west": ["west-a"]}
ZONE_RTT = {"east-a": 1, "east-b": 2, "east-c": 3, "west-a": 50}
ALGORITHM_CLAUSES = {"WATERFALL_BY_REGION": ["SLB-8", "SLB-13"], "SPRAY_TO_REGION": ["SLB-11", "SLB-13"],
                     "WATERFALL_BY_ZONE": ["SLB-12", "SLB-13"]}


def zone_slb(backends: list[Document], load: float, algorithm: Optional[str] = None, lb: str = "GLOBAL_EXTERNAL_APPLICATION",
             policy: Optional[Document] = None) -> Document:
    full_policy = dict(policy or {})
    if algorithm is not None:
        full_policy["loadBalancingAlgorithm"] = algorithm
    return slb(backends, clients=[{"name": "c1", "requestsPerSecond": load, "rttMs": ZONE_RTT}], topology=ZONE_TOPOLOGY, lb=lb,
               policy=full_policy if full_policy else None)


def slb_zones() -> int:
    f = VectorFile("edge_cases/service_lb_policy_zones.json",
                   ["Zone-level plans that tell WATERFALL_BY_REGION, SPRAY_TO_REGION and WATERFALL_BY_ZONE apart (GAP-50):",
                    "zonesServed, the zones whose backends got load, is normative and compared as a set.",
                    "Topology: east with zones east-a (1 ms), east-b (2 ms), east-c (3 ms), listed in reverse; west-a at 50 ms;",
                    "one backend of capacity 100 per zone unless a vector says otherwise."], kind="service-lb-policy")
    per_zone: list[Document] = [{"name": "e-a", "zone": "east-a"}, {"name": "e-b", "zone": "east-b"}, {"name": "e-c", "zone": "east-c"},
                                {"name": "w-a", "zone": "west-a"}]
    all_east = ["east-a", "east-b", "east-c"]
    expected = {  # algorithm -> load -> (regionsServed, zonesServed)
        "WATERFALL_BY_REGION": {60: (["east"], all_east), 150: (["east"], all_east), 350: (["east", "west"], all_east + ["west-a"])},
        "SPRAY_TO_REGION": {60: (["east"], all_east), 150: (["east"], all_east), 350: (["east", "west"], all_east + ["west-a"])},
        "WATERFALL_BY_ZONE": {60: (["east"], ["east-a"]), 150: (["east"], ["east-a", "east-b"]),
                              350: (["east", "west"], all_east + ["west-a"])},
    }
    why = {60: "load that fits in the nearest zone", 150: "load that overflows the nearest zone but fits in the region",
           350: "load that overflows the region"}
    for algorithm, by_load in expected.items():
        f.group(f"{algorithm} (" + ", ".join(ALGORITHM_CLAUSES[algorithm]) + ").")
        for load, (regions, zones) in by_load.items():
            f.add(f"slb/zones/{algorithm.lower().replace('_', '-')}/{load}", f"{algorithm} with {why[load]} ({load} against 100 per zone): zones served {', '.join(zones)}.",
                  ALGORITHM_CLAUSES[algorithm] + (["SLB-10"] if load > 300 else []), zone_slb(per_zone, load, algorithm),
                  check=both(served(regions), zones_served(zones)))
    f.add("slb/zones/default-algorithm/60", "No policy: WATERFALL_BY_REGION, so 60 spreads over every zone of east, not only the nearest.",
          ["SLB-7", "SLB-8", "SLB-13"], zone_slb(per_zone, 60), check=zones_served(all_east))
    f.group("WATERFALL_BY_ZONE details (SLB-12, SLB-13, SLB-17, SLB-22, SLB-31).")
    f.add("slb/zones/by-zone/nearest-zone-zero-capacity", "WATERFALL_BY_ZONE: the nearest zone's backend has capacity scaler 0, so the next zone (east-b) takes the load.",
          ["SLB-12", "SLB-17"], zone_slb([dict(per_zone[0], scaler=0)] + per_zone[1:], 60, "WATERFALL_BY_ZONE"), check=zones_served(["east-b"]))
    f.add("slb/zones/by-zone/two-backends-in-nearest-zone", "WATERFALL_BY_ZONE: two backends in the nearest zone share it in proportion to capacity; no other zone is used.",
          ["SLB-12", "SLB-8"], zone_slb([per_zone[0], {"name": "e-a2", "zone": "east-a", "members": 3}] + per_zone[1:], 300, "WATERFALL_BY_ZONE"),
          check=both(zones_served(["east-a"]), backend_is(e_a="75", e_a2="225")))
    f.add("slb/zones/by-zone/nearest-below-threshold", "WATERFALL_BY_ZONE: the nearest zone's backend is below the failover threshold (1 of 2 healthy), so it is a last resort and east-b serves.",
          ["SLB-12", "SLB-21", "SLB-22"], zone_slb([dict(per_zone[0], members=2, healthy=1)] + per_zone[1:], 60, "WATERFALL_BY_ZONE"),
          check=zones_served(["east-b"]))
    f.add("slb/zones/by-zone/preferred-far-zone", "WATERFALL_BY_ZONE with a PREFERRED backend in the farthest zone east-c: preferred backends come first whatever the algorithm.",
          ["SLB-31", "SLB-30", "SLB-12"], zone_slb(per_zone[:2] + [dict(per_zone[2], preference="PREFERRED")] + per_zone[3:], 60, "WATERFALL_BY_ZONE"),
          check=zones_served(["east-c"]))
    f.add("slb/zones/spray/unequal-zones", "SPRAY_TO_REGION with a nearest zone of capacity 10 and 60 offered: every zone of east in proportion, not the nearest first.",
          ["SLB-11", "SLB-13"], zone_slb([dict(per_zone[0], rate=10)] + per_zone[1:], 60, "SPRAY_TO_REGION"), check=zones_served(all_east))
    f.add("slb/zones/isolation-nearest-by-zone-over-capacity", "NEAREST isolation with WATERFALL_BY_ZONE and 500 offered: east takes it all, above capacity, over every zone.",
          ["SLB-25", "SLB-26", "SLB-12"], zone_slb(per_zone, 500, "WATERFALL_BY_ZONE", policy={"isolationConfig": {"isolationGranularity": "REGION"}}),
          check=both(served(["east"]), zones_served(all_east), dropped_is(False)))
    return f.write()


def slb_readings_strict_and_initial_state(f: VectorFile, strict: Document, iso: list[Document], heavy: list[Document]) -> None:
    """STRICT above capacity (GAP-34), the state before the first report (GAP-51), defaults."""
    f.group("STRICT above its closest region's capacity (SLB-25, SLB-27, GAP-34).")
    f.add("slb/readings/strict-over-capacity", "STRICT, 300 offered against 100 in east: east is overloaded with all of it; nothing is dropped and nothing goes to west.",
          ["SLB-25", "SLB-27"], slb(iso, clients=heavy, lb="CROSS_REGION_INTERNAL_APPLICATION", policy=strict),
          check=both(served(["east"]), dropped_is(False), backend_is(e1="300")))
    f.add("slb/readings/strict-over-capacity-one-unhealthy", "STRICT: of east's two backends one has no healthy member; the other takes all 300 (above its 100). Nothing is dropped.",
          ["SLB-25", "SLB-27"], slb([dict(iso[0], healthy=0, members=1), {"name": "e2", "zone": "east-b"}, iso[1]], clients=heavy,
                                    lb="CROSS_REGION_INTERNAL_PROXY_NETWORK", policy=strict),
          check=both(served(["east"]), zones_served(["east-b"]), dropped_is(False)))
    f.add("slb/readings/strict-exactly-at-capacity", "STRICT, 100 offered against 100: served, nothing dropped.",
          ["SLB-27"], slb(iso, lb="CROSS_REGION_INTERNAL_APPLICATION", policy=strict), check=both(served(["east"]), dropped_is(False)))
    f.group("The state before the first health report (SLB-14, SLB-19, GAP-51).")
    three: list[Document] = [{"name": "b0", "zone": "east-a", "members": 4, "healthy": 0}, {"name": "b1", "zone": "east-b", "members": 4},
                             {"name": "b2", "zone": "east-a", "members": 4}]
    drain = {"autoCapacityDrain": {"enable": True}}
    f.add("slb/readings/report-at-0-replaces-initial", "b0 starts with 0 of 4 healthy, but a report at t=0 says 4 of 4: the report replaces the initial state at t=0, so b0 was never a candidate and is not drained at t=30.",
          ["SLB-14", "SLB-15", "SLB-19"], slb([dict(three[0], health=[{"at": 0, "healthy": 4}])] + three[1:], policy=drain, at=30),
          check=backend_is(b0=(False, False, "400")))
    f.add("slb/readings/initial-state-until-first-report", "b0 starts with 0 of 4 healthy and its first report is at t=100: from t=0 it is a candidate and drained (plan at t=50).",
          ["SLB-14", "SLB-15"], slb([dict(three[0], health=[{"at": 100, "healthy": 4}])] + three[1:], policy=drain, at=50),
          check=backend_is(b0=(True, True, "0")))
    f.add("slb/readings/report-keeps-members", "A report without members keeps the member count (10 from the initial state): 3 healthy of 10 is below the threshold of 70 and not a drain candidate.",
          ["SLB-14", "SLB-22"], slb([{"name": "b0", "zone": "east-a", "members": 10, "health": [{"at": 5, "healthy": 3}]}] + three[1:], policy=drain),
          check=backend_is(b0=(False, True, "1000")))
    f.group("The default failover threshold with a policy that sets none (SLB-22, SLB-35, GAP-30).")
    f.add("slb/readings/policy-default-threshold-70", "A policy without failoverConfig: the threshold is 70, not the API's 50 of the classic ALB, so 6 of 10 healthy (60%) is below it.",
          ["SLB-35", "SLB-22"], slb([{"name": "b1", "zone": "east-a", "members": 10, "healthy": 6}], policy={"autoCapacityDrain": {"enable": False}}),
          check=backend_is(b1=(False, True, "1000")))
    f.group("Preferred backends by round-trip time, not declared order (SLB-31).")
    f.add("slb/readings/preferred-by-rtt-not-declared", "pref-far (west, declared first) and pref-near (east) are both PREFERRED; 50 offered fit in either: the nearer one, pref-near, takes it all.",
          ["SLB-31", "SLB-30"], slb([{"name": "pref-far", "zone": "west-a", "preference": "PREFERRED"}, {"name": "pref-near", "zone": "east-b", "preference": "PREFERRED"},
                                     {"name": "default", "zone": "east-a"}],
                                    clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=both(served(["east"]), zones_served(["east-b"])))
    f.group("The last resort, nearest region first (SLB-21, SLB-24, GAP-52).")
    weak: list[Document] = [{"name": "weak-east", "zone": "east-a", "members": 2, "healthy": 1, "rate": 50},
                            {"name": "weak-west", "zone": "west-a", "members": 2, "healthy": 1, "rate": 50}]
    f.add("slb/readings/last-resort-nearest-region-first", "Both backends are below the threshold (50% < 70%): the last resort fills east's (capacity 100) before west's, so 100 stays in east.",
          ["SLB-21", "SLB-24", "SLB-10"], slb(weak, clients=[{"name": "c1", "requestsPerSecond": 100, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]),
          check=served(["east"]))


def slb_readings_modes_and_distance(f: VectorFile) -> None:
    """Balancing modes, maximums and rounding (GAP-53, GAP-54), a region's distance (GAP-55)."""
    f.group("Balancing modes, maximums and rounding (SLB-34, SLB-33, GAP-53, GAP-54).")
    def without_mode(doc: Document) -> Document:
        for b in doc["backendService"]["backends"]:
            b.pop("balancingMode", None)
        return doc
    f.add("slb/readings/missing-mode-is-utilization", "No balancingMode: UTILIZATION, the API's default: 0.5 x 2 members x 10 = capacity 10.",
          ["SLB-34"], without_mode(slb([{"name": "b1", "zone": "east-a", "members": 2, "capacity": {"maxUtilization": 0.5}, "perMember": 10}])),
          check=backend_is(b1=(False, False, "10")))
    f.add("slb/readings/missing-mode-with-max-rate", "No balancingMode and only maxRatePerInstance: the mode is UTILIZATION, which needs maxUtilization (no default is guessed).",
          ["SLB-34"], without_mode(slb([{"name": "b1", "zone": "east-a"}])), check=invalid_with("MISSING_FIELD"))
    f.add("slb/readings/utilization-without-max", "UTILIZATION without maxUtilization: MISSING_FIELD, not a silent 0.8.",
          ["SLB-34"], slb([{"name": "b1", "zone": "east-a", "mode": "UTILIZATION", "capacity": {}, "perMember": 10}]), check=invalid_with("MISSING_FIELD"))
    f.add("slb/readings/max-rate-wins", "maxRate 50 and maxRatePerInstance 100 with 3 members: maxRate decides (50), the per-instance field is ignored.",
          ["SLB-34"], slb([{"name": "b1", "zone": "east-a", "members": 3, "capacity": {"maxRate": 50, "maxRatePerInstance": 100}}]),
          check=backend_is(b1=(False, False, "50")))
    f.add("slb/readings/per-instance-before-per-endpoint", "maxRatePerInstance 10 and maxRatePerEndpoint 20 with 2 members: per instance decides (20).",
          ["SLB-34"], slb([{"name": "b1", "zone": "east-a", "members": 2, "capacity": {"maxRatePerInstance": 10, "maxRatePerEndpoint": 20}}]),
          check=backend_is(b1=(False, False, "20")))
    f.add("slb/readings/max-connections-wins", "CONNECTION with maxConnections 7 and maxConnectionsPerInstance 5, 2 members: maxConnections decides (7).",
          ["SLB-34"], slb([{"name": "b1", "zone": "east-a", "members": 2, "mode": "CONNECTION", "capacity": {"maxConnections": 7, "maxConnectionsPerInstance": 5}}]),
          check=backend_is(b1=(False, False, "7")))
    f.add("slb/readings/round-down-scaler", "maxRatePerInstance 0.003 x capacityScaler 0.5 = 0.0015: rounded down to 0.001 (not half-up or half-even 0.002).",
          ["SLB-34", "SLB-33"], slb([{"name": "b1", "zone": "east-a", "capacity": {"maxRatePerInstance": 0.003}, "scaler": 0.5}]),
          check=backend_is(b1=(False, False, "0.001")))
    f.add("slb/readings/round-down-each-step", "UTILIZATION: 0.029 x 1 member x maxUtilization 0.1 = 0.0029, rounded down to 0.002; x capacityScaler 0.7 = 0.0014, rounded down to 0.001 (one rounding at the end would give 0.002).",
          ["SLB-34", "SLB-33"], slb([{"name": "b1", "zone": "east-a", "mode": "UTILIZATION", "capacity": {"maxUtilization": 0.1}, "perMember": 0.029, "scaler": 0.7}]),
          check=backend_is(b1=(False, False, "0.001")))
    f.group("A region's distance is its closest zone's (SLB-8, SLB-10, GAP-55).")
    far_first = {"east": ["east-a", "east-b"], "west": ["west-a"]}
    f.add("slb/readings/region-distance-closest-zone", "east's zones are 100 ms (listed first) and 10 ms away, west's 20 ms: east is the closest region (10 < 20), by neither its first zone nor its mean.",
          ["SLB-8", "SLB-10"], slb([{"name": "e-a", "zone": "east-a"}, {"name": "e-b", "zone": "east-b"}, {"name": "w-a", "zone": "west-a"}],
                                   clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": {"east-a": 100, "east-b": 10, "west-a": 20}}], topology=far_first),
          check=served(["east"]))
    f.add("slb/readings/region-distance-isolation", "The same distances under NEAREST isolation with 300 offered: all of it stays in east.",
          ["SLB-26", "SLB-25"], slb([{"name": "e-a", "zone": "east-a"}, {"name": "e-b", "zone": "east-b"}, {"name": "w-a", "zone": "west-a"}],
                                    clients=[{"name": "c1", "requestsPerSecond": 300, "rttMs": {"east-a": 100, "east-b": 10, "west-a": 20}}], topology=far_first,
                                    policy={"isolationConfig": {"isolationGranularity": "REGION"}}),
          check=served(["east"]))


def slb_readings_draining_and_policies(f: VectorFile) -> None:
    """Draining held back then released (GAP-56), undraining (GAP-27), named policies (GAP-57)."""
    drain = {"autoCapacityDrain": {"enable": True}}
    f.group("Draining held back by the 50% rule, then released by an undrain (SLB-15, SLB-19, GAP-56).")
    four: list[Document] = [{"name": "b0", "zone": "east-a", "members": 4, "health": [{"at": 0, "healthy": 0}, {"at": 20, "healthy": 4}]},
                            {"name": "b1", "zone": "east-b", "members": 4, "health": [{"at": 0, "healthy": 4}, {"at": 10, "healthy": 0}]},
                            {"name": "b2", "zone": "east-a", "members": 4}, {"name": "b3", "zone": "east-b", "members": 4}]
    f.add("slb/readings/held-back-at-79", "b0 drained at t=0; b1 becomes a candidate at t=10 but 2 of 4 is not below half, so it waits; at t=79 b0 is still drained and b1 is not.",
          ["SLB-15", "SLB-16", "SLB-19"], slb(four, policy=drain, at=79), check=backend_is(b0=(True, False, "0"), b1=(False, True, "400")))
    f.add("slb/readings/held-back-drained-at-undrain", "At t=80 b0 undrains (60 s at 100%), and at that moment b1, 1 of 4, is drained without a report of its own.",
          ["SLB-15", "SLB-19"], slb(four, policy=drain, at=80), check=backend_is(b0=(False, False, "400"), b1=(True, True, "0")))
    f.group("Undraining: a dip below 35% inside the 60 s, and exactly 35% (SLB-19, GAP-27).")
    five: list[Document] = [{"name": f"b{i}", "zone": "east-a" if i % 2 == 0 else "east-b", "members": 20} for i in range(5)]
    dip = copy.deepcopy(five)
    dip[0]["health"] = [{"at": 0, "healthy": 0}, {"at": 100, "healthy": 10}, {"at": 130, "healthy": 6}, {"at": 140, "healthy": 10}]
    f.add("slb/readings/dip-restarts-60s", "b0 reaches 50% at t=100, dips to 30% (not a candidate: at least 25%) at t=130 and is back at 50% at t=140: the 60 s restart at 140, so at t=160 it is still drained.",
          ["SLB-19", "SLB-14"], slb(dip, policy=drain, at=160), check=backend_is(b0=(True, True, "0")))
    f.add("slb/readings/dip-undrains-at-200", "The same backend at t=199 is drained and at t=200, 60 s after t=140, undrained.",
          ["SLB-19"], slb(dip, policy=drain, at=200), check=backend_is(b0=(False, True, "2000")))
    f.add("slb/readings/dip-199", "The same backend at t=199: still drained.", ["SLB-19"], slb(dip, policy=drain, at=199), check=backend_is(b0=(True, True, "0")))
    exact = copy.deepcopy(five)
    exact[0]["health"] = [{"at": 0, "healthy": 0}, {"at": 100, "healthy": 7}]
    f.add("slb/readings/undrain-at-exactly-35", "7 of 20 healthy is exactly 35%, which counts ('35% or more'): undrained at t=160.",
          ["SLB-19"], slb(exact, policy=drain, at=160), check=backend_is(b0=(False, True, "2000")))
    below = copy.deepcopy(five)
    below[0]["health"] = [{"at": 0, "healthy": 0}, {"at": 100, "healthy": 6}]
    f.add("slb/readings/no-undrain-at-30", "6 of 20 (30%) for 100 s is below 35%: still drained at t=200, though no longer a candidate.",
          ["SLB-19", "SLB-14"], slb(below, policy=drain, at=200), check=backend_is(b0=(True, True, "0")))
    f.group("Policies named and given (SLB-7, SLB-32, GAP-57).")
    named = slb([{"name": "b1", "zone": "east-a"}], policy={})
    named.pop("serviceLbPolicy")
    f.add("slb/readings/named-policy-missing", "The backend service names a policy the scenario does not give: MISSING_FIELD, not a plan with defaults.",
          ["SLB-32", "SLB-7"], named, check=invalid_with("MISSING_FIELD"))

def slb_readings() -> int:
    f = VectorFile("edge_cases/service_lb_policy_readings.json",
                   ["What docs/spec/service-lb-policy.md settles where the texts leave a choice: STRICT over capacity (GAP-34),",
                    "the state before the first health report (GAP-51), the last-resort order (GAP-52), balancing modes and",
                    "their maximums (GAP-53), rounding (GAP-54), a region's distance (GAP-55), draining after an undrain",
                    "(GAP-56), missing policies (GAP-57) and dips below 35% inside the 60 s of undraining (GAP-27)."],
                   kind="service-lb-policy")
    strict = {"isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "STRICT"}}
    iso: list[Document] = [{"name": "e1", "zone": "east-a"}, {"name": "w1", "zone": "west-a", "members": 10}]
    heavy: list[Document] = [{"name": "c1", "requestsPerSecond": 300, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]
    slb_readings_strict_and_initial_state(f, strict, iso, heavy)
    slb_readings_modes_and_distance(f)
    slb_readings_draining_and_policies(f)
    return f.write()


# ------------------------------ what the mutation campaign found unpinned (docs/mutation.md)
#
# Each vector below kills mutants of reference/ that every earlier vector let
# through: a bound met exactly, a percentage a few hundredths from its
# threshold, a time around the plan's, an amount of 0.001, the order of inputs
# whose order does not matter. The comment says the rule; the mutants it kills
# are listed in docs/mutation.md.

def candidate_is(**fields: bool) -> Check:
    """A check: backends' drainCandidate."""
    def check(profiles: list[str], d: Document) -> None:
        states = {b["name"]: b["drainCandidate"] for b in d["backends"]}
        for name, want in fields.items():
            if states[name] != want:
                raise SystemExit(f"service-lb-policy: {name} drainCandidate {states[name]}, hand-checked {want}")
    return check


def valid_plan(profiles: list[str], d: Document) -> None:
    if not d["valid"]:
        raise SystemExit(f"service-lb-policy: rejected with {d['errors']}, hand-checked a plan")


def slb_bounds() -> int:
    f = VectorFile("edge_cases/service_lb_policy_bounds.json",
                   ["Every bound of the service LB policy kind met exactly and missed by the least step: the ranges of",
                    "maxUtilization, capacityScaler and failoverHealthThreshold, the 25%, 35% and threshold percentages a",
                    "hundredth away, and the plan's time against the health reports just before, at and after it."],
                   kind="service-lb-policy")
    one: list[Document] = [{"name": "b1", "zone": "east-a"}]
    f.group("Ranges met exactly (SLB-33, SLB-34, SLB-22, SLB-2).")
    f.add("slb/bounds/max-utilization-1", "maxUtilization 1.0, the top of [0, 1], is accepted: 1.0 x 2 members x 10 = capacity 20.",
          ["SLB-34"], slb([dict(one[0], members=2, mode="UTILIZATION", capacity={"maxUtilization": 1.0}, perMember=10)]),
          check=backend_is(b1=(False, False, "20")))
    f.add("slb/bounds/scaler-0.1", "capacityScaler 0.1, the bottom of [0.1, 1.0], is accepted: 100 x 0.1 = capacity 10.",
          ["SLB-33"], slb([dict(one[0], scaler=0.1)]), check=backend_is(b1=(False, False, "10")))
    f.add("slb/bounds/scaler-1.1", "capacityScaler 1.1 is above 1.0.", ["SLB-33"], slb([dict(one[0], scaler=1.1)]),
          check=invalid_with("CAPACITY_SCALER_OUT_OF_RANGE"))
    f.add("slb/bounds/threshold-1", "failoverHealthThreshold 1, the bottom of 1..99, is accepted.", ["SLB-22"],
          slb(one, policy={"failoverConfig": {"failoverHealthThreshold": 1}}), check=valid_plan)
    no_scheme = slb(one)
    del no_scheme["backendService"]["loadBalancingScheme"]
    f.add("slb/bounds/scheme-absent", "No loadBalancingScheme: nothing to check (SLB-2 checks it only when present); the plan is made.",
          ["SLB-2"], no_scheme, check=valid_plan)

    f.group("Percentages a hundredth from their thresholds, compared exactly (SLB-14, SLB-19, SLB-22).")
    f.add("slb/bounds/candidate-at-24.75", "25 of 101 members healthy is 24.75%, below 25%: a drain candidate (healthy x 100 < members x 25).",
          ["SLB-14"], slb([{"name": "b0", "zone": "east-a", "members": 101, "healthy": 25}]), check=candidate_is(b0=True))
    f.add("slb/bounds/below-threshold-at-69.3", "70 of 101 members healthy is 69.3%, below the threshold of 70.",
          ["SLB-22"], slb([{"name": "b0", "zone": "east-a", "members": 101, "healthy": 70}]), check=backend_is(b0=(False, True, "10100")))
    drain = {"autoCapacityDrain": {"enable": True}}
    others: list[Document] = [{"name": "b1", "zone": "east-b", "members": 4}, {"name": "b2", "zone": "east-a", "members": 4}]
    f.add("slb/bounds/no-undrain-at-34.95", "b0 is drained at t=0; from t=20, 101 of 289 members are healthy, 34.95%, below 35%: still drained at t=100.",
          ["SLB-19"], slb([{"name": "b0", "zone": "east-a", "members": 289, "health": [{"at": 0, "healthy": 0}, {"at": 20, "healthy": 101}]}] + others,
                          policy=drain, at=100), check=backend_is(b0=(True, True, "0")))
    f.add("slb/bounds/undrain-one-member", "A one-member backend drained at t=0 whose member is healthy from t=20 (100%) is undrained at t=80.",
          ["SLB-19"], slb([{"name": "b0", "zone": "east-a", "members": 1, "health": [{"at": 0, "healthy": 0}, {"at": 20, "healthy": 1}]}] + others,
                          policy=drain, at=80), check=backend_is(b0=(False, False, "100")))
    f.add("slb/bounds/no-undrain-without-members", "b0 is drained at t=0, and from t=20 has no members: good needs members > 0, so it stays drained (and, without members, it is not below the threshold).",
          ["SLB-19", "SLB-22"], slb([{"name": "b0", "zone": "east-a", "members": 4, "health": [{"at": 0, "healthy": 0}, {"at": 20, "members": 0, "healthy": 0}]}] + others,
                                    policy=drain, at=100), check=backend_is(b0=(True, False, "0")))
    f.add("slb/bounds/dip-cancels-undrain", "b0 is good (100%) from t=20 and falls to 25% at t=50 for good: its good period ended, so at t=100 it is still drained.",
          ["SLB-19"], slb([{"name": "b0", "zone": "east-a", "members": 4, "health": [{"at": 0, "healthy": 0}, {"at": 20, "healthy": 4}, {"at": 50, "healthy": 1}]}] + others,
                          policy=drain, at=100), check=backend_is(b0=(True, True, "0")))

    f.group("The plan's time against the reports just before, at and after it (SLB-15, SLB-19, GAP-51).")
    f.add("slb/bounds/report-at-plan-time", "b0's only report, at t=30, makes it a candidate (0 of 4); the plan is made at t=30 (the latest report, `at` left out), so b0 is drained.",
          ["SLB-14", "SLB-15"], slb([{"name": "b0", "zone": "east-a", "members": 4, "health": [{"at": 30, "healthy": 0}]}] + others, policy=drain),
          check=backend_is(b0=(True, True, "0")))
    f.add("slb/bounds/report-after-plan-time", "b0 starts with 0 of 4 healthy; a report at t=1 says 4 of 4, but the plan is made at t=0: b0 is drained.",
          ["SLB-14", "SLB-15"], slb([{"name": "b0", "zone": "east-a", "members": 4, "healthy": 0, "health": [{"at": 1, "healthy": 4}]}] + others,
                                    policy=drain, at=0), check=backend_is(b0=(True, True, "0")))
    f.add("slb/bounds/undrain-at-plan-time-before-a-later-report", "b0 is good from t=20, so it is undrained at t=80, the plan's time; a report at t=81 (0 of 4) comes after the plan and changes nothing.",
          ["SLB-19"], slb([{"name": "b0", "zone": "east-a", "members": 4, "health": [{"at": 0, "healthy": 0}, {"at": 20, "healthy": 4}, {"at": 81, "healthy": 0}]}] + others,
                          policy=drain, at=80), check=backend_is(b0=(False, False, "400")))
    f.add("slb/bounds/59-seconds-at-a-report", "b0 is good from t=20; another backend reports at t=79, a moment of the replay: 59 s is not 60, so b0 is still drained at t=79.",
          ["SLB-19"], slb([{"name": "b0", "zone": "east-a", "members": 4, "health": [{"at": 0, "healthy": 0}, {"at": 20, "healthy": 4}]},
                           dict(others[0], health=[{"at": 79, "healthy": 4}]), others[1]], policy=drain, at=79),
          check=backend_is(b0=(True, False, "0")))
    return f.write()


# The scenarios the filling vectors share.
FILL_RTT: dict[str, int] = {"east-a": 1, "east-b": 2, "west-a": 50}
FILL_BY_ZONE: Document = {"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"}
FILL_NEAREST: Document = {"isolationConfig": {"isolationGranularity": "REGION"}}
FILL_STRICT: Document = {"isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "STRICT"}}
FILL_PAIR: list[Document] = [{"name": "e1", "zone": "east-a"}, {"name": "e2", "zone": "east-b"}]

FILL_TINY: list[Document] = [{"name": "e1", "zone": "east-a", "capacity": {"maxRate": 0.001}}, {"name": "w1", "zone": "west-a"}]
FILL_ALL_DOWN: list[Document] = [{"name": "e1", "zone": "east-a", "members": 4, "healthy": 0}, {"name": "w1", "zone": "west-a", "members": 4, "healthy": 0}]


def slb_filling() -> int:
    f = VectorFile("edge_cases/service_lb_policy_filling.json",
                   ["How load is filled where the plan is decided by details: client locations that compete (each sees what",
                    "the earlier ones left, in their order whatever the order given), overload targets that can or cannot",
                    "serve, NEAREST and STRICT regions that cannot serve, amounts of 0.001, ties between regions, the first",
                    "backend listed, and regional backends."],
                   kind="service-lb-policy")
    slb_filling_clients_and_overload(f)
    slb_filling_regions_that_cannot_serve(f)
    slb_filling_amounts_and_ties(f)
    return f.write()


def slb_filling_clients_and_overload(f: VectorFile) -> None:
    rtt, by_zone, nearest, strict, pair = FILL_RTT, FILL_BY_ZONE, FILL_NEAREST, FILL_STRICT, FILL_PAIR
    tiny, all_down = FILL_TINY, FILL_ALL_DOWN
    f.group("Client locations served one after another, largest first, ties by name (GAP-28, SLB-25).")
    f.add("slb/filling/later-client-skips-full-zone", "WATERFALL_BY_ZONE: client a (100) fills east-a's e1; client b (50) finds it full and goes to east-b only.",
          ["SLB-12", "SLB-13"], slb(pair, policy=by_zone, clients=[{"name": "a", "requestsPerSecond": 100, "rttMs": rtt},
                                                                 {"name": "b", "requestsPerSecond": 50, "rttMs": rtt}]),
          check=zones_served(["east-a"], ["east-b"]))
    f.add("slb/filling/later-client-overloads", "WATERFALL_BY_ZONE, 250 offered against 200: a (150) fills e1 and half of e2; b (100) gets e2's last 50 and the other 50 as overload, in proportion to capacity over e1 and e2, so b reaches both zones.",
          ["SLB-12", "SLB-25"], slb(pair, policy=by_zone, clients=[{"name": "a", "requestsPerSecond": 150, "rttMs": rtt},
                                                                 {"name": "b", "requestsPerSecond": 100, "rttMs": rtt}]),
          check=both(zones_served(["east-a", "east-b"], ["east-a", "east-b"]), dropped_is(False, False)))
    tie = [{"name": n, "requestsPerSecond": 100, "rttMs": rtt} for n in ("b", "a")]
    f.add("slb/filling/equal-clients-by-name", "Two client locations offer 100 each against east-a's 100 (WATERFALL_BY_ZONE); listed b then a, they are served by name: a fills east-a, b goes to east-b.",
          ["SLB-12", "SLB-13"], slb(pair, policy=by_zone, clients=tie), check=zones_served(["east-b"], ["east-a"]))
    order = [{"name": "b", "requestsPerSecond": 50, "rttMs": rtt}, {"name": "a", "requestsPerSecond": 100, "rttMs": rtt}]
    f.add("slb/filling/largest-client-first", "Listed b (50) then a (100): a, the largest and first by name, fills east-a's 100; b goes to east-b. Both readings of GAP-28 agree here.",
          ["SLB-12", "SLB-13"], slb(pair, policy=by_zone, clients=order), check=zones_served(["east-b"], ["east-a"]))

    f.group("Overload targets: the nearest region's backends that can serve, else those with capacity (SLB-25, GAP-34).")
    down_and_up: list[Document] = [{"name": "e1", "zone": "east-a", "healthy": 0}, {"name": "e2", "zone": "east-b"}]
    f.add("slb/filling/overload-only-where-healthy", "e1 (east-a) has no healthy member, e2 (east-b) one: a (300) uses all 200 of capacity, e1 as the last resort, and overloads e2; b (100) finds everything full and its overload goes to e2 only, the backend that can serve.",
          ["SLB-25", "SLB-21"], slb(down_and_up, clients=[{"name": "a", "requestsPerSecond": 300, "rttMs": rtt},
                                                        {"name": "b", "requestsPerSecond": 100, "rttMs": rtt}]),
          check=both(zones_served(["east-a", "east-b"], ["east-b"]), dropped_is(False, False)))
    f.add("slb/filling/overload-capacity-0.001", "e1 (east) has a capacity of 0.001, w1 (west) 100: a (200) fills both and overloads east, the nearest region that can serve; b (1) finds both full, and its overload goes to east too: a capacity of 0.001 can serve.",
          ["SLB-25"], slb(tiny, clients=[{"name": "a", "requestsPerSecond": 200, "rttMs": rtt}, {"name": "b", "requestsPerSecond": 1, "rttMs": rtt}]),
          check=both(served(["east", "west"], ["east"]), dropped_is(False, False)))
    f.add("slb/filling/overload-none-can-serve", "No backend has a healthy member: 1000 offered fill both as the last resort, and the rest overloads east, the nearest region with capacity. Nothing is dropped.",
          ["SLB-25", "SLB-21"], slb(all_down, clients=[{"name": "c1", "requestsPerSecond": 1000, "rttMs": rtt}]),
          check=both(served(["east", "west"]), dropped_is(False)))


def slb_filling_regions_that_cannot_serve(f: VectorFile) -> None:
    rtt, by_zone, nearest, strict, pair = FILL_RTT, FILL_BY_ZONE, FILL_NEAREST, FILL_STRICT, FILL_PAIR
    tiny, all_down = FILL_TINY, FILL_ALL_DOWN
    f.group("NEAREST and STRICT regions that cannot serve (SLB-26, SLB-27, GAP-32).")
    f.add("slb/filling/nearest-skips-unhealthy-region", "NEAREST: east is closer, but its only backend has no healthy member; west's can serve: all 50 go to west.",
          ["SLB-26"], slb([{"name": "e1", "zone": "east-a", "members": 4, "healthy": 0}, {"name": "w1", "zone": "west-a"}],
                          policy=nearest, clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}]), check=served(["west"]))
    f.add("slb/filling/nearest-skips-region-without-capacity", "NEAREST: east's only backend is healthy but has capacityScaler 0; west's can serve: all 50 go to west.",
          ["SLB-26", "SLB-17"], slb([{"name": "e1", "zone": "east-a", "scaler": 0}, {"name": "w1", "zone": "west-a"}],
                                    policy=nearest, clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}]),
          check=both(served(["west"]), dropped_is(False)))
    f.add("slb/filling/nearest-none-can-serve", "NEAREST with no healthy member anywhere: the nearest region with capacity, east, takes all 50.",
          ["SLB-26"], slb(all_down, policy=nearest, clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}]),
          check=both(served(["east"]), dropped_is(False)))
    f.add("slb/filling/nearest-capacity-0.001", "NEAREST: east's only backend has a capacity of 0.001 and can serve: the 0.001 offered stay in east.",
          ["SLB-26"], slb(tiny, policy=nearest, clients=[{"name": "c1", "requestsPerSecond": 0.001, "rttMs": rtt}]), check=served(["east"]))
    f.add("slb/filling/strict-zero-capacity-drops", "STRICT: east's healthy backend has capacityScaler 0 and its other has no healthy member: no backend in the closest region can serve, so all 50 are dropped.",
          ["SLB-27", "SLB-17"], slb([{"name": "e1", "zone": "east-a", "scaler": 0}, {"name": "e2", "zone": "east-b", "members": 4, "healthy": 0},
                                     {"name": "w1", "zone": "west-a"}], lb="CROSS_REGION_INTERNAL_APPLICATION", policy=strict,
                                    clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}]),
          check=both(served([]), dropped_is(True)))
    f.add("slb/filling/spray-to-world-nearest", "SPRAY_TO_WORLD under NEAREST isolation: one tier of the backends of the allowed region only, so 50 go to east, none to west.",
          ["SLB-36", "SLB-26"], slb([{"name": "e1", "zone": "east-a"}, {"name": "w1", "zone": "west-a"}],
                                    policy=dict(nearest, loadBalancingAlgorithm="SPRAY_TO_WORLD"),
                                    clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}]),
          flags=["ApiOnlyAlgorithm"], check=served(["east"]),
          alternatives=[{"valid": False, "errors": [{"code": "UNKNOWN_ENUM_VALUE", "path": "/serviceLbPolicy/loadBalancingAlgorithm", "message": "docs-only reading"}]}])


def slb_filling_amounts_and_ties(f: VectorFile) -> None:
    rtt, by_zone, nearest, strict, pair = FILL_RTT, FILL_BY_ZONE, FILL_NEAREST, FILL_STRICT, FILL_PAIR
    tiny, all_down = FILL_TINY, FILL_ALL_DOWN
    f.group("Amounts of 0.001, exactly (GAP-24, GAP-54).")
    east_west: list[Document] = [{"name": "e1", "zone": "east-a"}, {"name": "w1", "zone": "west-a"}]
    f.add("slb/filling/0.001-beyond-a-region", "100.001 offered: east's 100 fill first and the last 0.001 goes to west.",
          ["SLB-8", "SLB-10"], slb(east_west, clients=[{"name": "c1", "requestsPerSecond": 100.001, "rttMs": rtt}]), check=served(["east", "west"]))
    f.add("slb/filling/region-of-capacity-0.001", "east's only backend has a capacity of 0.001: of 0.002 offered it takes 0.001 and west the other.",
          ["SLB-8", "SLB-10"], slb(tiny, clients=[{"name": "c1", "requestsPerSecond": 0.002, "rttMs": rtt}]), check=served(["east", "west"]))
    f.add("slb/filling/0.001-to-the-first-listed", "0.001 over two equal backends of one region tier: the unit goes to the first listed (e1, east-a); east-b gets nothing and is not served.",
          ["SLB-8"], slb(pair, clients=[{"name": "c1", "requestsPerSecond": 0.001, "rttMs": rtt}]), check=zones_served(["east-a"]))
    f.add("slb/filling/0.001-spray-to-world", "SPRAY_TO_WORLD: 0.001 over east's and west's equal backends in one tier goes to the first listed, e1; west gets nothing and is not served.",
          ["SLB-36"], slb(east_west, policy={"loadBalancingAlgorithm": "SPRAY_TO_WORLD"}, clients=[{"name": "c1", "requestsPerSecond": 0.001, "rttMs": rtt}]),
          flags=["ApiOnlyAlgorithm"], check=served(["east"]),
          alternatives=[{"valid": False, "errors": [{"code": "UNKNOWN_ENUM_VALUE", "path": "/serviceLbPolicy/loadBalancingAlgorithm", "message": "docs-only reading"}]}])
    f.add("slb/filling/0.001-dropped", "Both backends have capacityScaler 0: nothing can take the 0.001 offered, so it is dropped.",
          ["SLB-17", "SLB-25"], slb([dict(pair[0], scaler=0), dict(pair[1], scaler=0)], clients=[{"name": "c1", "requestsPerSecond": 0.001, "rttMs": rtt}]),
          check=both(served([]), dropped_is(True)))

    f.group("Ties and order: regions at one distance, the first backend listed, regional backends (GAP-31, SLB-30, SLB-13).")
    equal = {"east-a": 10, "east-b": 20, "west-a": 10}
    f.add("slb/filling/equal-regions-by-name", "east and west are both 10 ms away (their closest zones): the tie goes by name, so east fills first and takes all 50.",
          ["SLB-8", "SLB-10"], slb(east_west, clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": equal}]), check=served(["east"]))
    f.add("slb/filling/first-backend-preferred", "The first backend listed, e0 in east-b, is PREFERRED: it takes the 50 offered before the DEFAULT e1 in the nearer east-a.",
          ["SLB-30"], slb([{"name": "e0", "zone": "east-b", "preference": "PREFERRED"}, {"name": "e1", "zone": "east-a"}],
                          clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}]), check=zones_served(["east-b"]))
    regional = slb([{"name": "e1", "zone": "east-a"}, {"name": "neg-r", "zone": "east-a", "kind": "HYBRID_NEG"}],
                   clients=[{"name": "c1", "requestsPerSecond": 150, "rttMs": rtt}])
    regional["backendService"]["backends"][1]["group"] = "regions/east/networkEndpointGroups/neg-r"
    del regional["backendGroups"][1]["zone"]
    regional["backendGroups"][1]["region"] = "east"
    f.add("slb/filling/regional-backend-adds-no-zone", "A regional HYBRID_NEG backend (region east, no zone) shares east's tier with e1: both get load, and zonesServed lists only e1's zone.",
          ["SLB-8", "SLB-3"], regional, check=both(served(["east"]), zones_served(["east-a"])))
    zonal_only = slb([{"name": "e1", "zone": "east-a"}, {"name": "neg-w", "zone": "west-a", "kind": "HYBRID_NEG"}], policy=by_zone,
                     clients=[{"name": "c1", "requestsPerSecond": 150, "rttMs": rtt}])
    zonal_only["backendService"]["backends"][1]["group"] = "regions/west/networkEndpointGroups/neg-w"
    del zonal_only["backendGroups"][1]["zone"]
    zonal_only["backendGroups"][1]["region"] = "west"
    f.add("slb/filling/regional-backend-in-no-zone-tier", "WATERFALL_BY_ZONE: west's only backend is regional, in no zone tier; east-a's e1 takes its 100 and the other 50 as overload. West is not served.",
          ["SLB-12", "SLB-25"], zonal_only, check=both(served(["east"]), dropped_is(False)))


def timeline_tracking() -> int:
    f = VectorFile("edge_cases/timeline_tracking.json",
                   ["Connection tracking at its bounds: idleTimeoutSec at 16 hours, the tracking modes and session",
                    "affinities that make 5-tuple tracking, a 1 s drain, a UDP connection on a healthy VM at failover, and",
                    "an active connection already on a VM of the pool a failover brings in."],
                   kind="passthrough-timeline")
    two = [("ig-a", "us-west1-a", False)]
    two_vms = [("vm-1", "ig-a", True), ("vm-2", "ig-a", True)]
    fail_groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    fail_vms = [("p1", "ig-p", True), ("p2", "ig-p", True), ("f1", "ig-f", True)]
    f.group("idleTimeoutSec: its range and where it can be set (CT-7, CT-8, CT-6).")
    f.add("timeline/tracking/idle-timeout-57600", "idleTimeoutSec 57600, exactly 16 hours, is accepted.",
          ["CT-7"], timeline(two, two_vms, [connect(0, "c1", "vm-1")], tracking="PER_SESSION", affinity="CLIENT_IP", idle=57600))
    # 900, not 600: 600 is the default, accepted whatever the tracking (GAP-62), so it tells no tracking apart.
    f.add("timeline/tracking/idle-timeout-per-connection-client-ip", "PER_CONNECTION tracking is 5-tuple whatever the session affinity: idleTimeoutSec 900 cannot be set with CLIENT_IP.",
          ["CT-8", "CT-6"], timeline(two, two_vms, [], tracking="PER_CONNECTION", affinity="CLIENT_IP", idle=900), statements=["TL-5-c"])
    f.add("timeline/tracking/idle-timeout-per-session-none", "PER_SESSION with session affinity NONE is 5-tuple: idleTimeoutSec 900 cannot be set.",
          ["CT-8", "CT-6"], timeline(two, two_vms, [], tracking="PER_SESSION", affinity="NONE", idle=900), statements=["TL-5-c"])
    for affinity in ("CLIENT_IP_NO_DESTINATION", "CLIENT_IP_PROTO"):
        f.add(f"timeline/tracking/idle-timeout-per-session-{affinity.lower().replace('_', '-')}",
              f"PER_SESSION with {affinity} is less than 5-tuple: idleTimeoutSec 900 is accepted.",
              ["CT-7", "CT-8"], timeline(two, two_vms, [connect(0, "c1", "vm-1")], tracking="PER_SESSION", affinity=affinity, idle=900),
              statements=["TL-5-c"])
    f.group("Persistence on an unhealthy VM by tracking mode (CT-3, CT-6).")
    down = [connect(0, "c1", "vm-1"), health(10, "vm-1", False), {"at": 20, "type": "advance"}]
    f.add("timeline/tracking/per-connection-client-ip-persists", "DEFAULT_FOR_PROTOCOL with PER_CONNECTION tracking and CLIENT_IP affinity is 5-tuple: the TCP connection persists on its unhealthy VM.",
          ["CT-3", "CT-6"], timeline(two, two_vms, down, tracking="PER_CONNECTION", affinity="CLIENT_IP"))
    f.add("timeline/tracking/per-session-none-persists", "DEFAULT_FOR_PROTOCOL with PER_SESSION tracking and affinity NONE is 5-tuple: the TCP connection persists.",
          ["CT-3", "CT-6"], timeline(two, two_vms, down, tracking="PER_SESSION", affinity="NONE"))
    f.group("Draining at its smallest, and a UDP connection on a healthy VM at failover (FO-21, GAP-18).")
    f.add("timeline/tracking/drain-1s", "drainingTimeoutSec 1: at the failover at t=10 the TCP connection drains until t=11, and is closed at t=11.",
          ["FO-21"], timeline(fail_groups, fail_vms, [connect(0, "c1", "p1"), health(10, "p1", False), health(10, "p2", False),
                                                      {"at": 11, "type": "advance"}], timeout=1))
    for profiles, drain in DRAIN_PROFILES:
        def drained_udp(d: Document, drain: int = drain) -> list[Document]:
            return [drained_from(d, "u1", 1, 10 + drain)]
        f.add(f"timeline/tracking/udp-on-healthy-vm-at-failover@{profiles[0]}", "failoverRatio 1.0: p1 fails and the pool fails over though p2 is healthy; the UDP connection on p2 leaves the pool and is closed (draining is for TCP). "
              f"The alternative drains it like TCP, until t={10 + drain} in this profile.",
              ["FO-21", "FO-9"], timeline(fail_groups, fail_vms, [connect(0, "u1", "p2", "UDP"), health(10, "p1", False)], ratio=1.0),
              flags=["NonTcpAtFailover", "DrainingTimeout"], profiles=profiles,
              alternatives=drained_udp)
    f.add("timeline/tracking/active-on-new-pool-at-failover", "dropTrafficIfUnhealthy, draining disabled; the primaries are down and "
          "c1 is on the backup f1. f1 fails (dropped: no transition; c1, TCP, persists), p1 recovers (no transition from a dropped pool), "
          "f1 recovers, and p1 fails again: a FAILOVER to f1. c1, ACTIVE on f1, is on the new pool, so it is not reset (only connections "
          "outside the new pool are). The alternative of GAP-20 sees a FAILBACK at t=20, where c1, outside the primary pool, is reset.",
          ["FO-9", "FO-22", "CT-3"],
          timeline(fail_groups, [("p1", "ig-p", False), ("p2", "ig-p", False), ("f1", "ig-f", True)],
                   [connect(0, "c1", "f1"), health(10, "f1", False), health(20, "p1", True), health(30, "f1", True),
                    health(40, "p1", False), {"at": 50, "type": "advance"}], drop=True, no_drain=True),
          flags=["TransitionThroughDrop"],
          check=check_steps({4: ("FAILOVER", "BACKUP_HEALTHY", ["f1"], {"c1": "ACTIVE"}), 5: ("NONE", "BACKUP_HEALTHY", ["f1"], {"c1": "ACTIVE"})}),
          alternatives=lambda d: [with_connection_state(with_transition(d, 2, "FAILBACK"), "c1", 2, lambda s: ("RESET", None))])
    return f.write()


FAMILIES: list[tuple[str, Callable[[], int]]] = [
    ("spec_examples/failover.json", spec_failover), ("spec_examples/zonal_affinity.json", spec_zonal),
    ("edge_cases/failover_table.json", edge_failover), ("edge_cases/zonal_affinity_matrix.json", edge_zonal),
    ("edge_cases/validation.json", edge_validation), ("regressions/properties.json", regressions),
    ("spec_examples/failover_timeline.json", spec_timeline), ("edge_cases/timeline.json", edge_timeline),
    ("edge_cases/timeline_readings.json", edge_timeline_readings),
    ("spec_examples/service_lb_policy.json", spec_slb), ("edge_cases/service_lb_policy_validation.json", edge_slb),
    ("regressions/service_lb_policy.json", regressions_slb), ("edge_cases/service_lb_policy_zones.json", slb_zones),
    ("edge_cases/service_lb_policy_readings.json", slb_readings),
    ("edge_cases/passthrough_readings.json", edge_passthrough_readings),
    ("edge_cases/service_lb_policy_bounds.json", slb_bounds), ("edge_cases/service_lb_policy_filling.json", slb_filling),
    ("edge_cases/timeline_tracking.json", timeline_tracking)]


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Writes the golden vector files under vectors/ (spec_examples/, edge_cases/, "
                                                 "regressions/); the reference decides through one `lbconform adapter` process.")
    parser.add_argument("--lbconform", metavar="PATH",
                        help=f"the lbconform binary whose reference engine decides (default: {DEFAULT_LBCONFORM})")
    parser.add_argument("binary", nargs="?", metavar="LBCONFORM", help="the older spelling of --lbconform PATH")
    parser.add_argument("--check", action="store_true", help="write nothing; exit with status 1 when a file would change")
    args = parser.parse_args(argv)
    if args.lbconform and args.binary:
        parser.error("give the binary once: --lbconform PATH or LBCONFORM")
    args.lbconform = args.lbconform or args.binary or DEFAULT_LBCONFORM
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    global OUTPUT, REFERENCE
    args = parse_args(argv)
    OUTPUT = Output(check=args.check)
    import pinning_vectors  # beside this file; its families use this module's helpers
    families = FAMILIES + pinning_vectors.families(sys.modules[__name__])
    with ReferenceAdapter(args.lbconform) as adapter:
        REFERENCE = adapter
        counts = {name: family() for name, family in families}
    REFERENCE = None
    for name, n in counts.items():
        print(f"{n:5d}  {name}")
    print(f"{sum(counts.values()):5d}  vectors")
    for stale in OUTPUT.stale:
        print(f"{'differs' if args.check else 'written'}: {stale.relative_to(ROOT)}")
    return 1 if args.check and OUTPUT.stale else 0


if __name__ == "__main__":
    sys.exit(main())
