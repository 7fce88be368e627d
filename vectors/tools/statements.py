"""Which statements of docs/spec/*.md a vector's expected answer depends on.

A vector cites statements (docs/spec/README.md, "Statement anchors") as it cites clauses. The
generator writes them out explicitly in every vector; most follow from what the vector already
says, by three tables:

- CLAUSES: the statements that state a clause of the spec texts, for the clauses a vector cites;
- the answer: the row of a decision table that produced each normative field of the expected
  decision (an eligible kind, a zonal-affinity status and outcome, a connection state, a drained
  backend), so the statements of an answer are the rules that made it;
- ERRORS: the statements that state the expected error code of an invalid vector.

A family adds the statements that none of these derive (a default left out, a number spelling,
a name rule) with `statements=` on the vector or its group.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Optional

Document = dict[str, Any]

# ------------------------------ clauses → statements

PASSTHROUGH_CLAUSES: dict[str, list[str]] = {
    "TD-1": ["PT-4.1-a"], "TD-2": ["PT-4.1-b"], "TD-3": [],
    "FO-1": ["PT-1-a", "PT-2.2-f"], "FO-2": ["PT-1-a"], "FO-3": ["PT-4.1-k"], "FO-4": [],
    "FO-5": ["PT-3.2-m"], "FO-6": ["PT-3.2-m"], "FO-7": ["PT-4.1-f"], "FO-8": ["PT-4.1-k"],
    "FO-9": ["PT-4.1-g"], "FO-10": ["PT-1-b"], "FO-11": ["PT-2.2-g"],
    "FO-12": ["PT-4.1-d"], "FO-13": ["PT-4.1-d"], "FO-14": ["PT-4.1-i"], "FO-15": ["PT-4.1-d"],
    "FO-16": ["PT-4.1-d", "PT-4.1-e"], "FO-17": ["PT-4.1-d"], "FO-18": [], "FO-19": ["PT-4.1-i"],
    "FO-20": ["PT-2.2-h"], "FO-23": ["PT-4.1-e"], "FO-24": [], "FO-25": [], "FO-26": [], "FO-27": [],
    "ZA-1": ["PT-4.2-j"], "ZA-2": ["PT-4.2-t"], "ZA-3": ["PT-3.2-m"], "ZA-4": ["PT-2.5-d"], "ZA-5": ["PT-3.2-l"],
    "ZA-6": ["PT-3.2-l"], "ZA-7": ["PT-2.5-b"], "ZA-8": ["PT-4.2-h"], "ZA-9": ["PT-4.2-h"], "ZA-10": ["PT-4.2-h"],
    "ZA-11": ["PT-4.2-h"], "ZA-12": ["PT-2.2-j"], "ZA-13": ["PT-2.2-j"], "ZA-14": ["PT-2.2-j"],
    "ZA-15": ["PT-4.2-i"], "ZA-16": ["PT-4.2-j"], "ZA-17": ["PT-4.2-i"], "ZA-18": ["PT-4.2-j"],
    "ZA-19": ["PT-4.2-s"], "ZA-20": ["PT-4.2-a"], "ZA-21": ["PT-4.2-a"], "ZA-22": ["PT-4.2-a"],
    "ZA-23": ["PT-4.2-j"], "ZA-24": ["PT-4.2-i"], "ZA-25": ["PT-4.2-i"], "ZA-26": ["PT-4.2-i"],
    "ZA-27": [], "ZA-28": [], "ZA-29": ["PT-4.2-j"], "ZA-30": ["PT-4.2-j"], "ZA-31": ["PT-4.2-j"],
    "ZA-32": [], "ZA-33": [], "ZA-34": [], "ZA-35": ["PT-2.2-k"], "ZA-36": [], "ZA-37": [], "ZA-38": [],
    "ZA-39": ["PT-4.2-r"], "ZA-40": [], "ZA-41": [], "ZA-42": [], "ZA-EN-1": ["PT-4.2-i"],
    "ZA-EN-2": ["PT-6-a"], "ZA-EN-3": ["PT-4.2-r", "PT-6-a"], "ZA-EN-4": ["PT-4.2-r"], "ZA-EN-5": ["PT-6-a"],
}

# A timeline cites the passthrough kind's statements for the pool's clauses, and its own for time.
TIMELINE_CLAUSES: dict[str, list[str]] = {
    "CT-1": ["TL-4.2-c"], "CT-2": ["TL-4.2-i"], "CT-3": ["TL-4.6-b"], "CT-4": ["TL-4.6-c"], "CT-5": ["TL-4.6-d"],
    "CT-6": ["TL-2.3-e"], "CT-7": ["TL-2.3-d"], "CT-8": ["TL-2.3-e"], "CT-9": ["TL-2.3-d"],
    "FO-9": ["TL-4.4-a"], "FO-10": ["TL-2.4-e"], "FO-11": ["TL-2.4-k"], "FO-21": ["TL-4.5-b"], "FO-22": ["TL-4.2-f"],
    "FO-19": ["PT-4.1-i"], "FO-20": ["PT-4.1-h"], "ZA-2": ["TL-4.2-n"], "ZA-20": ["PT-4.2-a"],
    "TD-2": ["PT-4.1-b"], "TD-1": ["PT-4.1-a"], "ZA-37": ["PT-4.2-o"],
}

SLB_CLAUSES: dict[str, list[str]] = {
    "SLB-1": ["SL-1.1-c"], "SLB-2": ["SL-1.3-b"], "SLB-3": ["SL-1.4-b"], "SLB-4": ["SL-1.4-b"], "SLB-5": ["SL-1.4-b"],
    "SLB-6": ["SL-1.4-b"], "SLB-7": ["SL-4.1-b"], "SLB-8": ["SL-4.5-h"], "SLB-9": [], "SLB-10": ["SL-4.5-c"],
    "SLB-11": ["SL-4.5-h"], "SLB-12": ["SL-4.5-h"], "SLB-13": ["SL-4.5-h"], "SLB-14": ["SL-4.4-a"],
    "SLB-15": ["SL-4.4-d"], "SLB-16": ["SL-4.4-d"], "SLB-17": ["SL-4.2-b"], "SLB-18": ["SL-4.4-e"],
    "SLB-19": ["SL-4.4-c"], "SLB-20": ["SL-4.5-h"], "SLB-21": ["SL-4.5-i"], "SLB-22": ["SL-4.3-a"],
    "SLB-23": [], "SLB-24": ["SL-4.3-b"], "SLB-25": ["SL-4.6-d"], "SLB-26": ["SL-4.5-d"], "SLB-27": ["SL-4.5-e"],
    "SLB-28": ["SL-4.1-e"], "SLB-29": ["SL-3-j"], "SLB-30": ["SL-4.5-g"], "SLB-31": ["SL-4.5-g"],
    "SLB-32": ["SL-1.5-h"], "SLB-33": ["SL-1.3-j"], "SLB-34": ["SL-4.2-a"], "SLB-35": ["SL-4.1-c"],
    "SLB-36": ["SL-4.5-h"], "SLB-37": [],
}

# ------------------------------ error codes → statements

PASSTHROUGH_ERRORS: dict[str, list[str]] = {
    "MALFORMED_JSON": ["PT-2-c"], "JSON_TOO_DEEP": ["PT-2-a", "PT-2.8-a"], "DUPLICATE_KEY": ["PT-2-b"],
    "INEXACT_NUMBER": ["PT-2.7-b"], "WRONG_TYPE": ["PT-2-f"], "MISSING_FIELD": [], "UNKNOWN_FIELD": ["PT-2-d"],
    "UNKNOWN_KIND": ["PT-2.1-a"], "UNKNOWN_ENUM_VALUE": ["PT-2-g"], "INVALID_NAME": ["PT-2.6-a"],
    "TOO_MANY_OBJECTS": [], "DUPLICATE_INSTANCE_NAME": ["PT-2.3-a"], "DUPLICATE_BACKEND_GROUP": ["PT-2.6-f"],
    "UNKNOWN_GROUP_REFERENCE": ["PT-2.3-c", "PT-2.6-b"], "AMBIGUOUS_GROUP_REFERENCE": ["PT-2.3-c", "PT-2.6-c"],
    "ZONE_NOT_IN_REGION": ["PT-2.6-h"], "INSTANCE_ZONE_MISMATCH": ["PT-2.3-b"],
    "UNSUPPORTED_LOAD_BALANCING_SCHEME": ["PT-2.2-c"], "FAILOVER_RATIO_OUT_OF_RANGE": ["PT-3.2-f"],
    "SPILLOVER_RATIO_OUT_OF_RANGE": ["PT-3.2-k"], "TOO_MANY_PRIMARY_VMS": ["PT-3.2-b"],
    "TOO_MANY_BACKUP_VMS": ["PT-3.2-c"], "TOO_MANY_PRIMARY_GROUPS": ["PT-3.2-d"],
    "TOO_MANY_FAILOVER_GROUPS": ["PT-3.2-e"], "ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED": ["PT-3.2-g"],
    "ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE": ["PT-3.2-h"], "ZONAL_AFFINITY_WITH_SUBSETTING": ["PT-3.2-i"],
    "ZONAL_AFFINITY_WITH_PACKET_MIRRORING": ["PT-3.2-j"],
}

TIMELINE_ERRORS: dict[str, list[str]] = dict(PASSTHROUGH_ERRORS, **{
    "TIME_OUT_OF_RANGE": ["TL-2.1-b"], "EVENTS_OUT_OF_ORDER": ["TL-2.4-a"],
    "UNKNOWN_INSTANCE_REFERENCE": ["TL-2.4-g"], "UNKNOWN_CONNECTION": ["TL-2.4-i"],
    "DUPLICATE_CONNECTION_ID": ["TL-2.4-h"], "IDLE_TIMEOUT_OUT_OF_RANGE": ["TL-5-c"],
    "IDLE_TIMEOUT_NOT_SETTABLE": ["TL-5-c"], "UNKNOWN_FIELD": ["TL-2.1-e"], "TOO_MANY_OBJECTS": [],
})

SLB_ERRORS: dict[str, list[str]] = {
    "MALFORMED_JSON": ["SL-1-a"], "WRONG_TYPE": ["SL-1-b"], "MISSING_FIELD": [], "UNKNOWN_FIELD": ["SL-1-b"],
    "UNKNOWN_KIND": ["SL-1.1-a"], "UNKNOWN_ENUM_VALUE": ["SL-1-b"], "INVALID_NAME": ["SL-1-d"],
    "TOO_MANY_OBJECTS": [], "DUPLICATE_BACKEND_GROUP": ["SL-1.3-e"], "UNKNOWN_GROUP_REFERENCE": ["SL-1.4-a"],
    "MISSING_RTT": ["SL-1.6-b"], "ZONE_NOT_IN_TOPOLOGY": ["SL-1.4-c"], "DUPLICATE_NAME": [],
    "HEALTHY_COUNT_OUT_OF_RANGE": ["SL-1.4-f"], "VALUE_OUT_OF_RANGE": ["SL-1-c"], "TIME_OUT_OF_RANGE": ["SL-1-c"],
    "EVENTS_OUT_OF_ORDER": ["SL-1.4-h"], "DUPLICATE_KEY": ["SL-1-a"], "INEXACT_NUMBER": ["SL-1-a"],
    "UNSUPPORTED_LOAD_BALANCER": ["SL-3-e"], "SCHEME_NOT_ALLOWED": ["SL-3-f"],
    "UNSUPPORTED_BACKEND_KIND": ["SL-3-h"], "UNSUPPORTED_BALANCING_MODE": ["SL-1.3-l", "SL-3-h"],
    "MAX_UTILIZATION_OUT_OF_RANGE": ["SL-1.3-i", "SL-3-h"], "CAPACITY_SCALER_OUT_OF_RANGE": ["SL-1.3-j", "SL-3-h"],
    "FAILOVER_THRESHOLD_OUT_OF_RANGE": ["SL-3-i"], "STRICT_ISOLATION_NOT_AVAILABLE": ["SL-3-j"],
    "MULTIPLE_SERVICE_LB_POLICIES": ["SL-3-g"],
}

CLAUSES = {"passthrough": PASSTHROUGH_CLAUSES, "passthrough-timeline": TIMELINE_CLAUSES,
           "service-lb-policy": SLB_CLAUSES}
ERRORS = {"passthrough": PASSTHROUGH_ERRORS, "passthrough-timeline": TIMELINE_ERRORS, "service-lb-policy": SLB_ERRORS}

# ------------------------------ the answer → statements

ELIGIBLE_ROWS = {"ALL_HEALTHY": "PT-4.1-a", "ALL_LAST_RESORT": "PT-4.1-b", "PRIMARY_HEALTHY": "PT-4.1-f",
                 "BACKUP_HEALTHY": "PT-4.1-g", "DROP": "PT-4.1-h", "PRIMARY_LAST_RESORT": "PT-4.1-i"}
STATUS_ROWS = {"DISABLED": "PT-4.2-b", "NSI_PACKET_DROP": "PT-4.2-c", "INCOMPATIBLE_CLIENT": "PT-4.2-d",
               "TRAFFIC_DROPPED": "PT-4.2-e", "NO_ZONAL_MATCH": "PT-4.2-f", "APPLIED": "PT-4.2-g"}


def zonal_option(scenario: Any) -> tuple[str, float]:
    """The scenario's spillover option and ratio, as the document writes them (defaults when absent)."""
    if not isinstance(scenario, dict):
        return "ZONAL_AFFINITY_DISABLED", 0.0
    service = scenario.get("backendService") or {}
    traffic = service.get("networkPassThroughLbTrafficPolicy") if isinstance(service, dict) else None
    zonal = (traffic or {}).get("zonalAffinity") if isinstance(traffic, dict) else None
    zonal = zonal if isinstance(zonal, dict) else {}
    ratio = zonal.get("spilloverRatio")
    return zonal.get("spillover") or "ZONAL_AFFINITY_DISABLED", float(ratio) if isinstance(ratio, (int, float)) else 0.0


def pool_statements(pool: Document, scenario: Any, profiles: Sequence[str], uncovered_row: bool) -> list[str]:
    """The decision-table rows that produced one pool (eligible, status, outcome)."""
    out: list[str] = []
    kind = pool["eligible"]["kind"]
    out.append("PT-4.1-j" if uncovered_row and kind == "PRIMARY_HEALTHY" else ELIGIBLE_ROWS[kind])
    status = pool["zonalAffinity"]["status"]
    out.append(STATUS_ROWS[status])
    outcome = pool["zonalAffinity"].get("outcome")
    if outcome:
        option, ratio = zonal_option(scenario)
        last_resort = kind.endswith("LAST_RESORT")
        if option == "ZONAL_AFFINITY_STAY_WITHIN_ZONE":
            out.append("PT-4.2-k" if outcome == "REFINED" else "PT-4.2-l")
        elif ratio == 0:
            if outcome == "REFINED":
                out.append("PT-4.2-n")
            else:
                out.append("PT-4.2-m" if last_resort and list(profiles) == ["en-2026-04-02"] else "PT-4.2-o")
        else:
            out.append("PT-4.2-p" if outcome == "REFINED" else "PT-4.2-q")
    return out


def timeline_statements(d: Document, scenario: Any, profiles: Sequence[str]) -> list[str]:
    out = ["TL-4.1-a"] + pool_statements(d["initial"], scenario, profiles, False)
    for step in d["steps"]:
        if step["transition"] != "NONE":
            out.append("TL-4.4-a")
        for c in step["connections"]:
            by_state: dict[str, list[str]] = {"DRAINING": ["TL-4.2-f", "TL-4.5-a"], "RESET": ["TL-4.2-f"],
                                              "REFUSED": ["TL-4.2-i"], "ACTIVE": [], "CLOSED": []}
            out += by_state[c["state"]]
    return out


def slb_statements(d: Document) -> list[str]:
    out = ["SL-4.1-a"]
    if d["policy"].get("isolationEnforced"):
        out.append("SL-4.1-e")
    for b in d["backends"]:
        if b["drained"]:
            out.append("SL-4.4-d")
        if b["drainCandidate"]:
            out.append("SL-4.4-a")
        if b["belowFailoverThreshold"]:
            out.append("SL-4.3-a")
    for c in d["clients"]:
        if c["dropped"] != "0":
            out.append("SL-4.6-d")
    return out


def contains_null(value: Any) -> bool:
    """Whether a scenario document holds a JSON null anywhere (the vector then relies on null = absent)."""
    if value is None:
        return True
    if isinstance(value, dict):
        return any(contains_null(v) for v in value.values())
    if isinstance(value, list):
        return any(contains_null(v) for v in value)
    return False


def derive(kind: str, clauses: Iterable[str], scenario: Any, decision: Document, flags: Sequence[str],
           profiles: Sequence[str], explicit: Sequence[str] = ()) -> list[str]:
    """Every statement a vector cites: explicit ones first, then the clauses', the answer's and the error's."""
    out = list(explicit)
    for clause in clauses:
        out += CLAUSES[kind].get(clause, PASSTHROUGH_CLAUSES.get(clause, []) if kind == "passthrough-timeline" else [])
    if "ExactDecimal" in flags:
        out.append("PT-1-d")
    if isinstance(scenario, dict) and contains_null(scenario):
        out.append("SL-1-a" if kind == "service-lb-policy" else ("TL-2.1-d" if kind == "passthrough-timeline" else "PT-1-e"))
    if not decision["valid"]:
        code = decision["errors"][0]["code"]
        out += ERRORS[kind].get(code, [])
        out.append("SL-3-b" if kind == "service-lb-policy" else "PT-3-a")
    elif kind == "passthrough":
        out += ["PT-5-a"] + pool_statements(decision, scenario, profiles, "UncoveredFailoverRow" in flags)
    elif kind == "passthrough-timeline":
        out += ["TL-3-a"] + timeline_statements(decision, scenario, profiles)
    else:
        out += ["SL-2-b"] + slb_statements(decision)
    seen: set[str] = set()
    return [s for s in out if not (s in seen or seen.add(s))]  # type: ignore[func-returns-value]


# ------------------------------ statements named by vector id (first matching prefixes, all that match)
# The statements an existing vector pins that its clauses and its answer do not derive: the field it
# leaves out or spells another way, the rule of input it exercises. Matched by id prefix; every
# matching row applies.

BY_ID: list[tuple[str, list[str]]] = [
    # passthrough: the document
    ("readings/description/", ["PT-2.1-b"]),
    ("readings/description/in-backend-service", ["PT-2-e", "PT-2.2-m"]),
    ("readings/region/", ["PT-2.2-b", "PT-3.1-b"]),
    ("readings/client/absent", ["PT-2.1-e"]), ("readings/client/null", ["PT-2.1-e"]),
    ("readings/client/vm-without-zone", ["PT-2.4-b"]),
    ("readings/client/region-from-zone", ["PT-2.4-c"]), ("readings/client/zone-without-dash", ["PT-2.4-c"]),
    ("readings/client/zone-not-in-region", ["PT-2.4-c"]), ("readings/client/zone-url", ["PT-2.4-b"]),
    ("readings/client/vpn-zone-unchecked", ["PT-2.4-a", "PT-2.4-b"]),
    ("readings/instances/health-null", ["PT-2.3-d"]), ("readings/instances/group-absent", ["PT-2.3-c"]),
    ("readings/instances/absent", ["PT-2.1-d"]),
    ("readings/failover-policy/absent", ["PT-2.2-g", "PT-2.2-h"]),
    ("readings/subsetting/", ["PT-2.2-l"]),
    ("readings/symmetric/no-object", ["PT-2.5-c"]), ("readings/symmetric/same-zone-false", ["PT-2.5-e"]),
    ("readings/symmetric/zonal-affinity-disabled", ["PT-3.2-l"]),
    ("readings/mirroring/zonal-affinity-disabled", ["PT-2.5-a", "PT-3.2-l"]),
    ("readings/deployment/unknown-field", ["PT-2.1-f"]),
    ("readings/precedence/instance-before-unknown-top-level", ["PT-3.1-a"]),
    ("readings/precedence/service-before-instances", ["PT-3.1-a"]),
    ("readings/precedence/input-before-specification", ["PT-3.1-a"]),
    ("readings/precedence/specification-order", ["PT-3.2-a"]),
    ("readings/group/other-zone-prefix", ["PT-2.6-d"]), ("readings/group/full-url-instance-only", ["PT-2.6-e"]),
    ("readings/group/regional-group", ["PT-2.6-g"]), ("readings/group/full-url-both", ["PT-2.2-e"]),
    ("readings/group/trailing-segments", ["PT-2.6-b"]), ("readings/group/same-last-segment", ["PT-2.6-c"]),
    ("readings/group/case-sensitive", ["PT-2.6-b"]),
    ("readings/zone/prefix-trap", ["PT-2.6-i"]), ("readings/zone/region-as-zone", ["PT-2.6-i"]),
    ("readings/zone/from-instance-url", ["PT-2.3-b"]), ("readings/zone/missing", ["PT-2.3-b"]),
    ("readings/outcome/", ["PT-4.2-t"]),
    ("readings/pool/minimum/", ["PT-4.1-e"]),
    ("input/gcloud-shape", ["PT-2-e", "PT-2.2-m", "PT-2.6-a"]),
    ("input/wrong-type", ["PT-2.2-f"]), ("input/missing-field", ["PT-2.3-d"]),
    ("input/unknown-field", ["PT-2.4-a"]), ("input/invalid-name", ["PT-2.3-a"]),
    ("input/zone-not-in-region", ["PT-2.6-i"]),
    ("gap/policy-without-failover-backend", ["PT-4.1-c"]),
    ("eligibility/no-backends", ["PT-2.2-d"]),
    ("zonal/matrix/disabled/", ["PT-4.2-t"]),
    ("zonal/clients/", ["PT-2.4-a"]),
    # timelines
    ("timeline/failover-example/", ["TL-1-a", "TL-4.2-a", "TL-4.2-j", "TL-4.3-a", "TL-2.4-b", "TL-2.4-c", "TL-2.4-f"]),
    ("timeline/readings/at-with-fraction-zero", ["TL-2.1-b"]),
    ("timeline/readings/idle-timeout-with-fraction-zero", ["TL-2.1-c"]),
    ("timeline/readings/null-is-absent", ["TL-2.2-g", "TL-1-a"]),
    ("timeline/readings/instance-url", ["TL-2.4-g"]),
    ("timeline/readings/empty-config", ["TL-2.4-e"]),
    ("timeline/readings/close-", ["TL-4.3-b", "TL-2.4-d", "TL-5-d"]),
    ("timeline/readings/event-error-before-unknown-top-level-field", ["TL-5-b"]),
    ("timeline/readings/input-error-before-spec-error", ["TL-5-b", "TL-5-c"]),
    ("timeline/readings/zero-second-drain", ["TL-4.5-d", "TL-2.2-g"]),
    ("timeline/readings/same-time-in-order", ["TL-4.2-a", "TL-4.2-l"]),
    ("timeline/readings/drain-ends-before-same-time-event", ["TL-4.2-b", "TL-4.2-k"]),
    ("timeline/readings/config-and-health-same-time", ["TL-4.2-m", "TL-4.2-e", "TL-4.4-c"]),
    ("timeline/readings/draining-setting-changes", ["TL-4.5-c"]),
    ("timeline/readings/never-persist-draining", ["TL-4.5-f", "TL-4.2-h"]),
    ("timeline/readings/last-resort-", ["TL-4.6-e", "TL-4.2-h"]),
    ("timeline/readings/udp-on-vm-turning-last-resort", ["TL-4.6-e", "TL-4.2-h"]),
    ("timeline/readings/stay-within-zone-", ["TL-4.6-e", "TL-4.2-h"]),
    ("timeline/readings/primary-drop-backup", ["TL-4.4-b"]), ("timeline/readings/backup-drop-primary", ["TL-4.4-b"]),
    ("timeline/readings/no-primary-vms", ["TL-4.4-b"]),
    ("timeline/draining/udp-at-failover", ["TL-4.5-e"]),
    ("timeline/draining/vm-rejoins-pool", ["TL-4.2-g", "TL-4.5-f"]),
    ("timeline/draining/ends-exactly-at-timeout", ["TL-4.2-b", "TL-4.5-g", "TL-4.2-k"]),
    ("timeline/draining/timeout-parameter", ["TL-2.2-g", "TL-4.5-b"]),
    ("timeline/draining/client-closes", ["TL-4.2-c", "TL-2.4-d"]),
    ("timeline/draining/config-disables-draining", ["TL-4.5-c", "TL-2.4-e", "TL-4.4-c"]),
    ("timeline/persistence/", ["TL-4.6-a", "TL-4.2-h"]),
    ("timeline/persistence/default-", ["TL-2.3-a", "TL-2.3-b", "TL-2.3-c"]),
    ("timeline/persistence/per-session-", ["TL-2.3-a", "TL-2.3-b"]),
    ("timeline/persistence/never-persist", ["TL-2.3-c"]), ("timeline/persistence/always-persist", ["TL-2.3-c"]),
    ("timeline/connect/refused-outside-pool", ["TL-4.2-d"]),
    ("timeline/input/unknown-event-type", ["TL-2.4-a"]), ("timeline/input/unknown-event-field", ["TL-2.4-a"]),
    ("timeline/input/unknown-protocol", ["TL-2.4-c"]), ("timeline/input/missing-events", ["TL-2.2-h"]),
    ("timeline/input/unknown-connection", ["TL-2.4-d"]), ("timeline/input/unknown-instance", ["TL-2.4-b"]),
    ("timeline/idle-timeout/", ["TL-2.3-d"]),
    # service LB policies
    ("slb/readings/round-down-", ["SL-0-a"]), ("slb/backend/capacities", ["SL-0-a", "SL-2-a", "SL-1.4-g"]),
    ("slb/readings/missing-mode-", ["SL-1.3-f"]), ("slb/readings/utilization-without-max", ["SL-3-d", "SL-1.4-g"]),
    ("slb/readings/max-rate-wins", ["SL-1.3-g"]), ("slb/readings/per-instance-before-per-endpoint", ["SL-1.3-g"]),
    ("slb/readings/max-connections-wins", ["SL-1.3-h"]),
    ("slb/readings/report-", ["SL-1.4-j", "SL-4.4-b"]), ("slb/readings/initial-state-until-first-report", ["SL-1.4-j"]),
    ("slb/readings/named-policy-missing", ["SL-3-c"]),
    ("slb/readings/region-distance-", ["SL-4.5-a"]),
    ("slb/readings/held-back-", ["SL-4.4-b"]), ("slb/readings/dip-", ["SL-4.4-b"]), ("slb/undrain/", ["SL-4.4-b"]),
    ("slb/readings/strict-", ["SL-4.5-f", "SL-4.5-b"]),
    ("slb/readings/preferred-by-rtt-not-declared", ["SL-1.3-k"]), ("slb/preferred/", ["SL-1.3-k"]),
    ("slb/zones/", ["SL-1.2-b", "SL-4.6-e"]),
    ("slb/algorithm/", ["SL-1.5-c", "SL-4.6-e"]), ("slb/algorithm/default-without-policy", ["SL-1.1-g"]),
    ("slb/drain/", ["SL-1.5-d", "SL-4.4-b"]), ("slb/isolation/", ["SL-1.5-f", "SL-1.5-g", "SL-4.5-b"]),
    ("slb/contention/", ["SL-4.6-a", "SL-1.1-i"]), ("slb/drain/three-of-five", ["SL-1.1-i"]),
    ("slb/example/three-regions", ["SL-4.6-a", "SL-1.1-i"]),
    ("slb/input/duplicate-client", ["SL-1.6-a"]), ("slb/input/negative-load", ["SL-1.6-a"]),
    ("slb/input/four-decimals", ["SL-1.6-a"]), ("slb/input/", ["SL-3-a"]),
    ("slb/input/zone-not-in-topology", ["SL-1.4-c"]), ("slb/input/healthy-over-members", ["SL-1.4-e"]),
    ("slb/backend/", ["SL-1.4-e"]),
]


def by_id(ident: str) -> list[str]:
    out: list[str] = []
    for prefix, statements in BY_ID:
        if ident.startswith(prefix):
            out += statements
    return out
