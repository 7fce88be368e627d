#!/usr/bin/env python3
"""An lbconform adapter in Python, standard library only.

Copy this file to check your own implementation: replace `decide` with a call
into your load balancer, simulator or control plane, keep the protocol loop.
It speaks JSON lines on stdin/stdout (vectors/README.md, "Adapter protocol"):

    runner  -> {"type": "hello", "protocol": 1}
    adapter -> {"type": "hello", "protocol": 1, "implementation": {...}, "kinds": ["passthrough", "passthrough-timeline"]}
    runner  -> {"type": "case", "id": "...", "kind": "passthrough", "profile": "spec-docs", "input": {...}}
    adapter -> {"type": "result", "id": "...", "output": {...decision...}}
    runner  -> {"type": "bye"}

Run it:  lbconform run --impl 'python3 vectors/adapters/python/lbconform_adapter.py'

The passthrough rules follow docs/spec/passthrough.md section by section: the
fields and their defaults (2), the error precedence (3: input errors stop at the
first, in reading order; specification errors are all reported), the eligible
backends (4.1) and the zonal-affinity statuses in their order (4.2).
"""
from __future__ import annotations

import json
import os
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Type, Union

Json = Any  # a JSON value as json.loads gives it
Document = Dict[str, Any]  # a JSON object: a scenario document, a decision, a message
Scenario = Dict[str, Any]  # a scenario as this adapter reads it (its own keys)
Kinds = Union[Type[Any], Tuple[Type[Any], ...]]  # the Python types a JSON field may have

MAX_DEPTH = 64
SPILLOVERS = ("ZONAL_AFFINITY_DISABLED", "ZONAL_AFFINITY_STAY_WITHIN_ZONE", "ZONAL_AFFINITY_SPILL_CROSS_ZONE")
CLIENT_TYPES = ("VM", "VPN_TUNNEL", "INTERCONNECT_ATTACHMENT", "PSC_ENDPOINT")
OTHER_SCHEMES = ("EXTERNAL", "EXTERNAL_MANAGED", "INTERNAL_MANAGED", "INTERNAL_SELF_MANAGED", "INVALID_LOAD_BALANCING_SCHEME")


class Rejected(Exception):
    def __init__(self, code: str, path: str, message: str) -> None:
        super().__init__(message)
        self.error = {"code": code, "path": path, "message": message}


# ---------------------------------------------------------------- reading the scenario

def parse_document(text: str) -> Json:
    """JSON with lbconform's input limits: depth, NaN, infinities, duplicate keys."""
    depth, in_string, escaped = 0, False, False
    for c in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (c == "\\", c != '"')
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise Rejected("JSON_TOO_DEEP", "", "nesting deeper than 64 levels")
        elif c in "]}":
            depth -= 1

    def no_duplicates(pairs: List[Tuple[str, Json]]) -> Document:
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise Rejected("DUPLICATE_KEY", "", "a key appears twice in one object")
        return dict(pairs)

    def finite(text_number: str) -> float:
        value = float(text_number)
        if value in (float("inf"), float("-inf")):
            raise ValueError("number out of range")
        # More digits than the double keeps would be rounded silently: refused.
        if Decimal(text_number) != Decimal(repr(value)):
            raise Rejected("INEXACT_NUMBER", "", f"{text_number} has more digits than a double holds")
        return value

    def no_constants(name: str) -> Json:
        raise ValueError(name + " is not JSON")

    try:
        document = json.loads(text, object_pairs_hook=no_duplicates, parse_float=finite, parse_constant=no_constants)
        # Python decodes a lone surrogate (\ud800) into a string; it is not Unicode text, so not JSON's.
        json.dumps(document, ensure_ascii=False).encode("utf-8")
        return document
    except (ValueError, UnicodeEncodeError):
        raise Rejected("MALFORMED_JSON", "", "not valid JSON") from None


class Obj:
    """One JSON object; `strict` objects reject keys nobody read."""

    def __init__(self, value: Json, path: str, strict: bool) -> None:
        if not isinstance(value, dict):
            raise Rejected("WRONG_TYPE", path, "expected an object")
        self.value: Document = value
        self.path, self.strict = path, strict
        self.read: Set[str] = set()

    def get(self, key: str, kinds: Kinds, default: Any = None, required: bool = False) -> Any:
        self.read.add(key)
        value = self.value.get(key)
        if value is None:
            if required:
                raise Rejected("MISSING_FIELD", f"{self.path}/{key}", f"'{key}' is required")
            return default
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _tuple(kinds)):
            raise Rejected("WRONG_TYPE", f"{self.path}/{key}", f"'{key}' has the wrong type")
        return value

    def finish(self) -> None:
        if self.strict:
            for key in self.value:
                if key not in self.read:
                    raise Rejected("UNKNOWN_FIELD", f"{self.path}/{key}", f"unknown field '{key}'")


def _tuple(kinds: Kinds) -> Tuple[Type[Any], ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def enum(value: str, allowed: Sequence[str], path: str) -> str:
    if value not in allowed:
        raise Rejected("UNKNOWN_ENUM_VALUE", path, f"'{value}' is not one of {', '.join(allowed)}")
    return value


def last_segment(text: str, path: str) -> str:
    name = text.rsplit("/", 1)[-1]
    if not name:
        raise Rejected("INVALID_NAME", path, f"'{text}' has no name")
    return name


def segments(url: str) -> List[str]:
    return [s for s in url.split("/") if s]


def zone_in_url(url: str) -> str:
    parts = segments(url)
    for i in range(len(parts) - 2):
        if parts[i] == "zones":
            return parts[i + 1]
    return ""


def zone_in_region(zone: str, region: str) -> bool:
    return zone.startswith(region + "-") and len(zone) > len(region) + 1


def is_suffix(short: List[str], long: List[str]) -> bool:
    return 0 < len(short) <= len(long) and long[len(long) - len(short):] == short


def ratio(value: Json) -> Fraction:
    """A JSON number as the exact decimal it names (the shortest repr of the double)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError
    return Fraction(value) if isinstance(value, int) else Fraction(Decimal(repr(value)))


def read_ratio(obj: Obj, key: str) -> Fraction:
    value = obj.get(key, (int, float), 0)
    return ratio(value)


def read_scenario(doc: Json, kind_wanted: str = "passthrough") -> Scenario:
    """Reads the document in the order of docs/spec/passthrough.md section 2; the first input error stops it."""
    root = Obj(doc, "", strict=True)
    kind = root.get("kind", str, required=True)
    if kind != kind_wanted:
        raise Rejected("UNKNOWN_KIND", "/kind", f"unknown kind '{kind}'")
    root.get("description", str)
    service = Obj(root.get("backendService", dict, required=True), "/backendService", strict=False)
    s = read_backend_service(service)
    s["vms"] = read_instances(root, s)
    read_client(root, s)
    read_deployment(root, s)
    if kind_wanted == "passthrough-timeline":
        read_timeline_fields(root, service, s)
    root.finish()
    return s


def read_backend_service(service: Obj) -> Scenario:
    s: Scenario = {"region": last_segment(service.get("region", str, required=True), "/backendService/region")}
    scheme = service.get("loadBalancingScheme", str)
    if scheme is not None and scheme != "INTERNAL":
        code = "UNSUPPORTED_LOAD_BALANCING_SCHEME" if scheme in OTHER_SCHEMES else "UNKNOWN_ENUM_VALUE"
        raise Rejected(code, "/backendService/loadBalancingScheme", "the passthrough kind needs INTERNAL")
    s["backends"] = []
    backends = service.get("backends", list, [])
    if len(backends) > 1000:
        raise Rejected("TOO_MANY_OBJECTS", "/backendService/backends", "at most 1,000 backends")
    tails: Set[Tuple[str, ...]] = set()  # every trailing run of segments of the backends so far
    urls: Set[Tuple[str, ...]] = set()  # and their whole URLs
    for i, b in enumerate(backends):
        backend = Obj(b, f"/backendService/backends/{i}", strict=False)
        group = backend.get("group", str, required=True)
        last_segment(group, f"/backendService/backends/{i}/group")
        parts = tuple(segments(group))
        own_tails = {parts[k:] for k in range(len(parts))}
        if parts in tails or own_tails & urls:  # one URL's segments end the other's
            raise Rejected("DUPLICATE_BACKEND_GROUP", f"/backendService/backends/{i}/group", "the same group twice")
        tails |= own_tails
        urls.add(parts)
        s["backends"].append({"group": group, "zone": zone_in_url(group), "failover": backend.get("failover", bool, False)})
    policy = Obj(service.get("failoverPolicy", dict, {}), "/backendService/failoverPolicy", strict=False)
    s["failover_ratio"] = read_ratio(policy, "failoverRatio")
    s["drop"] = policy.get("dropTrafficIfUnhealthy", bool, False)
    s["no_drain"] = policy.get("disableConnectionDrainOnFailover", bool, False)
    traffic = Obj(service.get("networkPassThroughLbTrafficPolicy", dict, {}), "/backendService/networkPassThroughLbTrafficPolicy", False)
    zonal = Obj(traffic.get("zonalAffinity", dict, {}), "/backendService/networkPassThroughLbTrafficPolicy/zonalAffinity", False)
    s["spillover"] = enum(zonal.get("spillover", str, SPILLOVERS[0]), SPILLOVERS, zonal.path + "/spillover")
    s["spillover_ratio"] = read_ratio(zonal, "spilloverRatio")
    subsetting = Obj(service.get("subsetting", dict, {}), "/backendService/subsetting", strict=False)
    s["subsetting"] = enum(subsetting.get("policy", str, "NONE"), ("NONE", "CONSISTENT_HASH_SUBSETTING"), subsetting.path + "/policy")
    return s


def read_instances(root: Obj, s: Scenario) -> List[Document]:
    vms: List[Document] = []
    names: Set[str] = set()
    instances = root.get("instances", list, [])
    if len(instances) > 10000:
        raise Rejected("TOO_MANY_OBJECTS", "/instances", "at most 10,000 instances")
    for i, v in enumerate(instances):
        vm = Obj(v, f"/instances/{i}", strict=True)
        raw_name = vm.get("name", str, required=True)
        name = last_segment(raw_name, vm.path + "/name")
        if name in names:
            raise Rejected("DUPLICATE_INSTANCE_NAME", vm.path + "/name", f"'{name}' appears twice")
        names.add(name)
        zone = vm.get("zone", str)
        zone = last_segment(zone, vm.path + "/zone") if zone is not None else zone_in_url(raw_name)
        if not zone:
            raise Rejected("MISSING_FIELD", vm.path + "/zone", "zone is required")
        if zone_in_url(raw_name) and zone_in_url(raw_name) != zone:  # GAP-59: a zonal URL and its zone field agree
            raise Rejected("INSTANCE_ZONE_MISMATCH", vm.path + "/zone", "the instance's URL names another zone")
        if not zone_in_region(zone, s["region"]):
            raise Rejected("ZONE_NOT_IN_REGION", vm.path + "/zone", f"{zone} is not in {s['region']}")
        raw_group = vm.get("group", str, required=True)
        last_segment(raw_group, vm.path + "/group")  # GAP-58: a reference is a name too
        reference = segments(raw_group)
        matches = [b for b in s["backends"] if is_suffix(reference, segments(b["group"]))]
        if len(matches) > 1:
            raise Rejected("AMBIGUOUS_GROUP_REFERENCE", vm.path + "/group", "matches several backends")
        if not matches:
            raise Rejected("UNKNOWN_GROUP_REFERENCE", vm.path + "/group", "not a backend of the backend service")
        if matches[0]["zone"] and matches[0]["zone"] != zone:
            raise Rejected("INSTANCE_ZONE_MISMATCH", vm.path + "/zone", "not the zone of its group")
        health = enum(vm.get("healthState", str, required=True), ("HEALTHY", "UNHEALTHY"), vm.path + "/healthState")
        vm.finish()
        vms.append({"name": name, "zone": zone, "backup": matches[0]["failover"], "healthy": health == "HEALTHY"})
    return vms


def read_client(root: Obj, s: Scenario) -> None:
    client = Obj(root.get("client", dict, required=True), "/client", strict=True)
    s["client_type"] = enum(client.get("type", str, required=True), CLIENT_TYPES, "/client/type")
    zone, region = client.get("zone", str), client.get("region", str)
    s["client_zone"] = last_segment(zone, "/client/zone") if zone is not None else ""
    s["client_region"] = last_segment(region, "/client/region") if region is not None else ""
    if s["client_type"] == "VM":
        if not s["client_zone"]:
            raise Rejected("MISSING_FIELD", "/client/zone", "a VM client needs its zone")
        if not s["client_region"]:  # docs/spec/passthrough.md 2.4: the zone up to its last dash
            if s["client_zone"].rfind("-") <= 0:
                raise Rejected("MISSING_FIELD", "/client/region", "cannot derive the client's region from its zone")
            s["client_region"] = s["client_zone"].rsplit("-", 1)[0]
        if not zone_in_region(s["client_zone"], s["client_region"]):
            raise Rejected("ZONE_NOT_IN_REGION", "/client/zone", "not in the client's region")
    client.finish()


def read_deployment(root: Obj, s: Scenario) -> None:
    deployment = Obj(root.get("deployment", dict, {}), "/deployment", strict=True)
    s["mirroring"] = deployment.get("packetMirroringCollector", bool, False)
    s["nsi"] = deployment.get("networkSecurityIntegration", bool, False)
    s["symmetric"] = None
    if deployment.value.get("symmetricHashing") is not None:
        sym = Obj(deployment.get("symmetricHashing", dict), "/deployment/symmetricHashing", strict=True)
        s["symmetric"] = (sym.get("peerZonalAffinityEnabled", bool, required=True),
                          sym.get("senderToReceiverSameZoneOnly", bool, False))
        sym.finish()
    deployment.finish()


# ---------------------------------------------------------------- the rules

def validate(s: Scenario, profile: str) -> List[Document]:
    errors: List[Document] = []

    def error(code: str) -> None:
        errors.append({"code": code, "path": "", "message": code.lower().replace("_", " ")})
    if any(b["failover"] for b in s["backends"]):
        if sum(not v["backup"] for v in s["vms"]) > 250: error("TOO_MANY_PRIMARY_VMS")
        if sum(v["backup"] for v in s["vms"]) > 250: error("TOO_MANY_BACKUP_VMS")
        if sum(not b["failover"] for b in s["backends"]) > 50: error("TOO_MANY_PRIMARY_GROUPS")
        if sum(b["failover"] for b in s["backends"]) > 50: error("TOO_MANY_FAILOVER_GROUPS")
    if not 0 <= s["failover_ratio"] <= 1: error("FAILOVER_RATIO_OUT_OF_RANGE")
    if s["spillover"] != "ZONAL_AFFINITY_DISABLED":
        if s["symmetric"] and not s["symmetric"][0]: error("ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED")
        if s["symmetric"] and profile == "en-2026-04-02" and not s["symmetric"][1]: error("ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE")
        if s["subsetting"] == "CONSISTENT_HASH_SUBSETTING": error("ZONAL_AFFINITY_WITH_SUBSETTING")
        if s["mirroring"]: error("ZONAL_AFFINITY_WITH_PACKET_MIRRORING")
    if not 0 <= s["spillover_ratio"] <= 1: error("SPILLOVER_RATIO_OUT_OF_RANGE")
    return errors


def eligible_backends(s: Scenario) -> Tuple[str, Set[str]]:
    vms = s["vms"]
    if not any(b["failover"] for b in s["backends"]):
        healthy = {v["name"] for v in vms if v["healthy"]}
        return ("ALL_HEALTHY", healthy) if healthy else ("ALL_LAST_RESORT", {v["name"] for v in vms})
    primaries = [v for v in vms if not v["backup"]]
    healthy_primaries = {v["name"] for v in primaries if v["healthy"]}
    healthy_backups = {v["name"] for v in vms if v["backup"] and v["healthy"]}
    x = s["failover_ratio"]
    if x == 0:
        keep = bool(healthy_primaries)
    else:  # strict "<" fails over; no primary at all counts as ratio 0
        keep = bool(primaries) and Fraction(len(healthy_primaries), len(primaries)) >= x
    if keep:
        return "PRIMARY_HEALTHY", healthy_primaries
    if healthy_backups:
        return "BACKUP_HEALTHY", healthy_backups
    if not healthy_primaries:
        return ("DROP", set()) if s["drop"] else ("PRIMARY_LAST_RESORT", {v["name"] for v in primaries})
    return "PRIMARY_HEALTHY", healthy_primaries  # no table row: the healthy primaries


def zonal_affinity(s: Scenario, kind: str, eligible: Set[str], profile: str) -> Tuple[str, Optional[str], Set[str]]:
    """Returns (status, outcome, modified eligible)."""
    if s["spillover"] == "ZONAL_AFFINITY_DISABLED":
        return "DISABLED", None, eligible
    if s["nsi"]:
        return "NSI_PACKET_DROP", None, set()
    if s["client_type"] != "VM" or s["client_region"] != s["region"]:
        return "INCOMPATIBLE_CLIENT", None, eligible
    if kind == "DROP":
        return "TRAFFIC_DROPPED", None, set()
    if kind in ("PRIMARY_HEALTHY", "PRIMARY_LAST_RESORT"):
        test = [v for v in s["vms"] if not v["backup"]]
    elif kind == "BACKUP_HEALTHY":
        test = [v for v in s["vms"] if v["backup"]]
    else:
        test = s["vms"]
    matched = {v["name"] for v in test if v["zone"] == s["client_zone"]}
    if not matched:
        return "NO_ZONAL_MATCH", None, eligible
    both = matched & eligible
    last_resort = kind in ("ALL_LAST_RESORT", "PRIMARY_LAST_RESORT")
    english = profile == "en-2026-04-02"
    if s["spillover"] == "ZONAL_AFFINITY_STAY_WITHIN_ZONE":
        return ("APPLIED", "REFINED", both) if both else ("APPLIED", "REPLACED", matched)
    if s["spillover_ratio"] == 0:
        refine = bool(both) and not (english and last_resort)
    else:
        healthy = {v["name"] for v in s["vms"] if v["healthy"]}
        numerator = len(both & healthy) if english else len(both)
        refine = Fraction(numerator, len(matched)) >= s["spillover_ratio"]
    return ("APPLIED", "REFINED", both) if refine else ("APPLIED", "UNCHANGED", eligible)


def pool(s: Scenario, profile: str) -> Document:
    kind, eligible = eligible_backends(s)
    status, outcome, modified = zonal_affinity(s, kind, eligible, profile)
    zonal = {"status": status}
    if outcome:
        zonal["outcome"] = outcome
    return {"eligible": {"kind": kind, "backends": sorted(eligible)}, "zonalAffinity": zonal,
            "modifiedEligible": sorted(modified)}


def invalid(rejected: Rejected) -> Document:
    return {"valid": False, "errors": [rejected.error]}


def decide_passthrough_document(doc: Json, profile: str, kind: str = "passthrough") -> Document:
    try:
        s = read_scenario(doc, kind)
    except Rejected as rejected:
        return invalid(rejected)
    except TypeError:
        return {"valid": False, "errors": [{"code": "WRONG_TYPE", "path": "", "message": "a ratio is not a number"}]}
    timeline = kind == "passthrough-timeline"
    errors = validate(s, profile) + (validate_timeline(s) if timeline else [])
    if errors:
        return {"valid": False, "errors": errors}
    if timeline:
        return decide_timeline(s, profile)
    return dict({"valid": True, "errors": []}, **pool(s, profile))


def decide_timeline_document(doc: Json, profile: str) -> Document:
    return decide_passthrough_document(doc, profile, "passthrough-timeline")


def decide_slb_document(doc: Json, profile: str) -> Document:
    try:
        return plan(read_slb(doc))
    except Rejected as rejected:
        return invalid(rejected)
    except TypeError:
        return {"valid": False, "errors": [{"code": "WRONG_TYPE", "path": "", "message": "a number has the wrong type"}]}


def decide(document: Json, profile: str) -> Document:
    """A scenario document (or its raw text) decided by its own `kind`; one this adapter does not
    decide is read as passthrough, whose reader reports the unknown kind."""
    try:
        doc = parse_document(document) if isinstance(document, str) else document
    except Rejected as rejected:
        return invalid(rejected)
    kind = doc.get("kind") if isinstance(doc, dict) else None
    return DECIDERS.get(kind if isinstance(kind, str) else "", decide_passthrough_document)(doc, profile)


# ---------------------------------------------------------------- timelines (kind passthrough-timeline)
# Written from docs/spec/passthrough-timeline.md; R1..R8 are its rules, in the order they apply.

MAX_SECONDS = 1_000_000_000
AFFINITIES = ("NONE", "CLIENT_IP", "CLIENT_IP_PROTO", "CLIENT_IP_PORT_PROTO", "CLIENT_IP_NO_DESTINATION")


def seconds(value: Json, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Rejected("WRONG_TYPE", path, "expected a number")
    if not isinstance(value, int) or not 0 <= value <= MAX_SECONDS:
        raise Rejected("TIME_OUT_OF_RANGE", path, f"{value} is not whole seconds in [0, {MAX_SECONDS}]")
    return value


def read_timeline_fields(root: Obj, service: Obj, s: Scenario) -> None:
    s["affinity"] = enum(service.get("sessionAffinity", str, "NONE"), AFFINITIES, "/backendService/sessionAffinity")
    tracking = Obj(service.get("connectionTrackingPolicy", dict, {}), "/backendService/connectionTrackingPolicy", False)
    s["tracking"] = enum(tracking.get("trackingMode", str, "PER_CONNECTION"), ("PER_CONNECTION", "PER_SESSION"), tracking.path + "/trackingMode")
    s["persistence"] = enum(tracking.get("connectionPersistenceOnUnhealthyBackends", str, "DEFAULT_FOR_PROTOCOL"),
                            ("DEFAULT_FOR_PROTOCOL", "NEVER_PERSIST", "ALWAYS_PERSIST"), tracking.path + "/connectionPersistenceOnUnhealthyBackends")
    idle = tracking.value.get("idleTimeoutSec")
    if idle is not None and (isinstance(idle, bool) or not isinstance(idle, int)):
        raise Rejected("WRONG_TYPE", tracking.path + "/idleTimeoutSec", "expected an integer")
    s["idle"] = idle
    timeout = root.get("drainingTimeoutSec", (int, float))
    s["timeout"] = None if timeout is None else seconds(timeout, "/drainingTimeoutSec")
    events = root.get("events", list, required=True)
    if len(events) > 10_000:
        raise Rejected("TOO_MANY_OBJECTS", "/events", "more than 10,000 events")
    names, ids, previous, entries = {v["name"] for v in s["vms"]}, set(), 0, 0
    s["events"] = []
    for i, raw in enumerate(events):
        e = Obj(raw, f"/events/{i}", strict=True)
        at = seconds(e.get("at", (int, float), required=True), e.path + "/at")
        if at < previous:
            raise Rejected("EVENTS_OUT_OF_ORDER", e.path + "/at", "goes back in time")
        previous = at
        kind = enum(e.get("type", str, required=True), ("health", "connect", "close", "config", "advance"), e.path + "/type")
        event = {"at": at, "type": kind}
        if kind in ("health", "connect"):
            if kind == "connect":
                conn = e.get("connection", str, required=True)
                if not conn:
                    raise Rejected("INVALID_NAME", e.path + "/connection", "empty connection id")
                if conn in ids:
                    raise Rejected("DUPLICATE_CONNECTION_ID", e.path + "/connection", "opened twice")
                ids.add(conn)
                event["connection"] = conn
            vm = last_segment(e.get("instance", str, required=True), e.path + "/instance")
            if vm not in names:
                raise Rejected("UNKNOWN_INSTANCE_REFERENCE", e.path + "/instance", f"no instance {vm}")
            event["instance"] = vm
            if kind == "health":
                event["healthy"] = enum(e.get("healthState", str, required=True), ("HEALTHY", "UNHEALTHY"), e.path + "/healthState") == "HEALTHY"
            else:
                event["protocol"] = enum(e.get("protocol", str, "TCP"), ("TCP", "UDP", "SCTP"), e.path + "/protocol")
        elif kind == "close":
            conn = e.get("connection", str, required=True)
            if conn not in ids:
                raise Rejected("UNKNOWN_CONNECTION", e.path + "/connection", "never opened")
            event["connection"] = conn
        elif kind == "config":
            policy = Obj(e.get("failoverPolicy", dict, required=True), e.path + "/failoverPolicy", strict=True)
            ratio_given = policy.get("failoverRatio", (int, float))
            given = {"failover_ratio": None if ratio_given is None else ratio(ratio_given),
                     "drop": policy.get("dropTrafficIfUnhealthy", bool),
                     "no_drain": policy.get("disableConnectionDrainOnFailover", bool)}
            change = {k: v for k, v in given.items() if v is not None}  # a field given as null is not given
            policy.finish()
            event["change"] = change
        e.finish()
        s["events"].append(event)
        # passthrough-timeline.md 2.4: the running sum of instances + connections opened so far.
        entries += len(s["vms"]) + len(ids)
        if entries > 1_000_000:
            raise Rejected("TOO_MANY_OBJECTS", e.path + "/at", "the steps would list over 1,000,000 entries")


def validate_timeline(s: Scenario) -> List[Document]:
    errors: List[Document] = []
    for e in s["events"]:
        ratio_set = e.get("change", {}).get("failover_ratio")
        if ratio_set is not None and not 0 <= ratio_set <= 1:
            errors.append({"code": "FAILOVER_RATIO_OUT_OF_RANGE", "path": "", "message": "config event ratio"})
    if s["idle"] is not None:
        if not 600 <= s["idle"] <= 57600:
            errors.append({"code": "IDLE_TIMEOUT_OUT_OF_RANGE", "path": "", "message": "outside [600, 57600]"})
        five_tuple = not (s["tracking"] == "PER_SESSION" and s["affinity"] in ("CLIENT_IP_NO_DESTINATION", "CLIENT_IP", "CLIENT_IP_PROTO"))
        if five_tuple and s["idle"] != 600:  # GAP-62: 600, the default a describe reports, is not a setting
            errors.append({"code": "IDLE_TIMEOUT_NOT_SETTABLE", "path": "", "message": "tracking is 5-tuple"})
    return errors


def role(kind: str) -> Optional[str]:
    return {"PRIMARY_HEALTHY": "primary", "PRIMARY_LAST_RESORT": "primary", "BACKUP_HEALTHY": "backup"}.get(kind)


def decide_timeline(s: Scenario, profile: str) -> Document:
    timeout = s["timeout"] if s["timeout"] is not None else (600 if profile == "api-10min" else 300)
    vm_by_name = {v["name"]: v for v in s["vms"]}
    initial = pool(s, profile)
    previous_role = role(initial["eligible"]["kind"])
    conns: Dict[str, Document] = {}  # id -> {"vm", "protocol", "state", "until"}
    steps: List[Document] = []
    for e in s["events"]:
        for c in conns.values():  # R1: draining lasts up to the timeout, then the connection is closed
            if c["state"] == "DRAINING" and e["at"] >= c["until"]:
                c["state"] = "CLOSED"
        if e["type"] == "health":  # R2: the event applies
            vm_by_name[e["instance"]]["healthy"] = e["healthy"]
        elif e["type"] == "config":
            s.update(e["change"])
        elif e["type"] == "close" and conns[e["connection"]]["state"] in ("ACTIVE", "DRAINING"):  # else: no change
            conns[e["connection"]]["state"] = "CLOSED"
        now = pool(s, profile)  # R3, then R4: the transition from the previous step's pool
        in_pool = set(now["eligible"]["backends"])
        new_role = role(now["eligible"]["kind"])
        transitions: Dict[Tuple[Optional[str], Optional[str]], str] = {("primary", "backup"): "FAILOVER", ("backup", "primary"): "FAILBACK"}
        transition = transitions.get((previous_role, new_role), "NONE")
        previous_role = new_role
        all_unhealthy = not any(v["healthy"] for v in s["vms"])
        for c in conns.values():
            if c["state"] == "ACTIVE" and c["vm"] not in in_pool and transition != "NONE":  # R5
                if c["protocol"] != "TCP":  # draining and resets are for TCP (GAP-18)
                    c["state"] = "CLOSED"
                elif s["no_drain"]:  # the setting as it is at this failover or failback (GAP-22)
                    c["state"] = "RESET"
                elif timeout == 0:  # a 0 s drain ends as it starts (GAP-23)
                    c["state"] = "CLOSED"
                else:
                    c["state"], c["until"] = "DRAINING", e["at"] + timeout
            elif c["state"] == "DRAINING" and c["vm"] in in_pool:  # R6: back in the pool (GAP-19)
                c["state"] = "ACTIVE"
            # R7: persistence applies to every ACTIVE connection on an unhealthy VM, in the pool (a last
            # resort) or not, and never to a draining one (GAP-21, GAP-22).
            if c["state"] == "ACTIVE" and not vm_by_name[c["vm"]]["healthy"] and not persists(s, c["protocol"], all_unhealthy):
                c["state"] = "CLOSED"
        if e["type"] == "connect":  # R8: judged against this event's pool
            state = "ACTIVE" if e["instance"] in now["modifiedEligible"] else "REFUSED"
            conns[e["connection"]] = {"vm": e["instance"], "protocol": e["protocol"], "state": state, "until": None}
        listed = []
        for cid in sorted(conns, key=lambda x: x.encode()):
            c = conns[cid]
            entry = {"id": cid, "instance": c["vm"], "protocol": c["protocol"], "state": c["state"]}
            if c["state"] == "DRAINING":
                entry["drainingUntil"] = c["until"]
            listed.append(entry)
        steps.append(dict(now, at=e["at"], transition=transition, connections=listed))
    return {"valid": True, "errors": [], "initial": initial, "steps": steps}


def persists(s: Scenario, protocol: str, all_unhealthy: bool) -> bool:
    if s["persistence"] == "ALWAYS_PERSIST":
        return True
    if s["persistence"] == "NEVER_PERSIST":
        return all_unhealthy
    five_tuple = s["tracking"] == "PER_CONNECTION" or s["affinity"] in ("NONE", "CLIENT_IP_PORT_PROTO")
    return protocol != "UDP" and five_tuple


# ---------------------------------------------------------------- service LB policy (kind service-lb-policy)

SUPPORTED_LBS = ("GLOBAL_EXTERNAL_APPLICATION", "CROSS_REGION_INTERNAL_APPLICATION", "GLOBAL_EXTERNAL_PROXY_NETWORK",
                 "CROSS_REGION_INTERNAL_PROXY_NETWORK")
OTHER_LBS = ("CLASSIC_APPLICATION", "REGIONAL_EXTERNAL_APPLICATION", "REGIONAL_INTERNAL_APPLICATION", "CLASSIC_PROXY_NETWORK",
             "REGIONAL_EXTERNAL_PROXY_NETWORK", "REGIONAL_INTERNAL_PROXY_NETWORK", "EXTERNAL_PASSTHROUGH_NETWORK",
             "INTERNAL_PASSTHROUGH_NETWORK")
BACKEND_KINDS = ("ZONAL_INSTANCE_GROUP", "REGIONAL_MANAGED_INSTANCE_GROUP", "ZONAL_NEG_GCE_VM_IP_PORT", "ZONAL_NEG_GCE_VM_IP",
                 "HYBRID_NEG", "SERVERLESS_NEG", "INTERNET_NEG", "PRIVATE_SERVICE_CONNECT_NEG")
ALGORITHMS = ("WATERFALL_BY_REGION", "SPRAY_TO_REGION", "WATERFALL_BY_ZONE", "SPRAY_TO_WORLD")
CAPACITY_FIELDS = {"RATE": ("maxRate", "maxRatePerInstance", "maxRatePerEndpoint"),
                   "CONNECTION": ("maxConnections", "maxConnectionsPerInstance", "maxConnectionsPerEndpoint")}


def milli(obj: Obj, key: str, path: str) -> int:
    """A non-negative decimal with at most 3 places, in thousandths."""
    value = obj.get(key, (int, float), required=True)
    exact = ratio(value) * 1000
    if exact < 0 or exact.denominator != 1 or exact > 10**18:
        raise Rejected("VALUE_OUT_OF_RANGE", path, f"{value} is not a non-negative amount with 3 decimals")
    return int(exact)


def count(value: Json, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected("WRONG_TYPE", path, "expected a whole number")
    if not 0 <= value <= 1_000_000:
        raise Rejected("VALUE_OUT_OF_RANGE", path, "out of range")
    return value


def bounded(items: List[Json], limit: int, path: str) -> List[Json]:
    """A list of at most `limit` entries (docs/spec/service-lb-policy.md 1.1, 1.2)."""
    if len(items) > limit:
        raise Rejected("TOO_MANY_OBJECTS", path, f"at most {limit} entries")
    return items


def read_slb(doc: Json) -> Scenario:
    """Reads the document in the order of docs/spec/service-lb-policy.md; the first input error stops it."""
    root = Obj(doc, "", strict=True)
    root.get("kind", str, required=True)
    root.get("description", str)
    lb = enum(root.get("loadBalancer", str, required=True), SUPPORTED_LBS + OTHER_LBS, "/loadBalancer")
    s: Scenario = {"lb": lb, "regions": [], "zones": {}, "backends": [], "clients": []}
    read_topology(root, s)
    read_slb_service(root, s)
    read_backend_groups(root, s)
    s["policy"] = read_slb_policy(root, s["refs"])
    read_clients(root, s)
    readings = Obj(root.get("readings", dict, {}), "/readings", strict=True)
    s["drain_over_half"] = enum(readings.get("drainOverHalf", str, "DRAIN_NONE"), ("DRAIN_NONE", "DRAIN_UP_TO_HALF"), "/readings")
    s["client_order"] = enum(readings.get("clientOrder", str, "LARGEST_FIRST"), ("LARGEST_FIRST", "NAME_ORDER"), "/readings")
    readings.finish()
    at = root.get("at", (int, float))
    s["at"] = seconds(at, "/at") if at is not None else max([h[0] for b in s["backends"] for h in b["health"]], default=0)
    root.finish()
    return s


def read_topology(root: Obj, s: Scenario) -> None:
    topology = Obj(root.get("topology", dict, required=True), "/topology", strict=True)
    names: Set[str] = set()
    for i, raw in enumerate(bounded(topology.get("regions", list, required=True), 200, "/topology/regions")):
        r = Obj(raw, f"/topology/regions/{i}", strict=True)
        name = last_segment(r.get("name", str, required=True), r.path + "/name")
        if name in names:
            raise Rejected("DUPLICATE_NAME", r.path, "region named twice")
        names.add(name)
        zones = r.get("zones", list, required=True)
        if not zones:
            raise Rejected("MISSING_FIELD", r.path + "/zones", "a region needs a zone")
        for z in zones:
            if not isinstance(z, str):
                raise Rejected("WRONG_TYPE", r.path + "/zones", "zone names are strings")
            zone = last_segment(z, r.path + "/zones")
            if zone in names:
                raise Rejected("DUPLICATE_NAME", r.path + "/zones", "zone named twice")
            names.add(zone)
            s["zones"][zone] = name
            if len(s["zones"]) > 1000:
                raise Rejected("TOO_MANY_OBJECTS", r.path + "/zones", "more than 1,000 zones")
        r.finish()
        s["regions"].append((name, [last_segment(z, "") for z in zones]))
    topology.finish()


def read_slb_service(root: Obj, s: Scenario) -> None:
    service = Obj(root.get("backendService", dict, required=True), "/backendService", strict=False)
    s["name"] = service.get("name", str, "")
    s["scheme"] = service.get("loadBalancingScheme", str, "")
    refs = service.value.get("serviceLbPolicy")
    s["refs"] = [] if refs is None else ([refs] if isinstance(refs, str) else list(refs))
    for ref in s["refs"]:
        last_segment(ref, "/backendService/serviceLbPolicy")  # GAP-58: a reference is a name
    for i, raw in enumerate(bounded(service.get("backends", list, required=True), 1000, "/backendService/backends")):
        b = Obj(raw, f"/backendService/backends/{i}", strict=False)
        group = b.get("group", str, required=True)
        name = last_segment(group, b.path + "/group")
        if any(x["name"] == name for x in s["backends"]):
            raise Rejected("DUPLICATE_BACKEND_GROUP", b.path, "a group named twice")
        mode = enum(b.get("balancingMode", str, "UTILIZATION"), ("RATE", "UTILIZATION", "CONNECTION", "CUSTOM_METRICS"), b.path + "/balancingMode")
        backend = {"name": name, "zone": zone_in_url(group), "mode": mode, "field": None, "value": 0,
                   "scaler": ratio(b.get("capacityScaler", (int, float), 1)), "util": Fraction(0), "per_member": 0}
        preference = b.get("preference", str, "DEFAULT")
        if preference not in ("DEFAULT", "PREFERRED", "PREFERENCE_UNSPECIFIED"):
            raise Rejected("UNKNOWN_ENUM_VALUE", b.path + "/preference", "unknown preference")
        backend["preferred"] = preference == "PREFERRED"
        for field in CAPACITY_FIELDS.get(mode, ()):
            if b.value.get(field) is not None:
                backend["field"], backend["value"] = field, milli(b, field, b.path + "/" + field)
                break
        if mode == "UTILIZATION":
            backend["field"] = "maxUtilization"
            if b.value.get("maxUtilization") is None:  # no default in the spec (docs/spec/service-lb-policy.md)
                raise Rejected("MISSING_FIELD", b.path + "/maxUtilization", "UTILIZATION needs maxUtilization")
            backend["util"] = ratio(b.get("maxUtilization", (int, float)))
        s["backends"].append(backend)


def read_backend_groups(root: Obj, s: Scenario) -> None:
    seen: Set[str] = set()
    for i, raw in enumerate(bounded(root.get("backendGroups", list, required=True), 1000, "/backendGroups")):
        g = Obj(raw, f"/backendGroups/{i}", strict=True)
        name = last_segment(g.get("group", str, required=True), g.path + "/group")
        matches = [b for b in s["backends"] if b["name"] == name]
        if not matches:
            raise Rejected("UNKNOWN_GROUP_REFERENCE", g.path, "not a backend")
        if name in seen:
            raise Rejected("DUPLICATE_NAME", g.path, "described twice")
        seen.add(name)
        b = matches[0]
        b["kind"] = enum(g.get("kind", str, required=True), BACKEND_KINDS, g.path + "/kind")
        read_group_location(g, b, s)
        b["members"] = count(g.get("members", int, required=True), g.path + "/members")
        b["healthy"] = count(g.get("healthy", int, b["members"]), g.path + "/healthy")
        if b["healthy"] > b["members"]:
            raise Rejected("HEALTHY_COUNT_OUT_OF_RANGE", g.path, "more healthy than members")
        if g.value.get("loadPerMemberAtFullUtilization") is not None:
            b["per_member"] = milli(g, "loadPerMemberAtFullUtilization", g.path)
        elif b["field"] == "maxUtilization":
            raise Rejected("MISSING_FIELD", g.path + "/loadPerMemberAtFullUtilization", "needed for UTILIZATION")
        b["health"] = read_health(g, b["members"])
        check_capacity_bound(g, b)
        g.finish()
    for b in s["backends"]:
        if b["name"] not in seen:
            raise Rejected("MISSING_FIELD", "/backendGroups", "every backend needs an entry")


def read_group_location(g: Obj, b: Document, s: Scenario) -> None:
    zone, region = g.get("zone", str), g.get("region", str)
    if zone is not None:
        b["zone"] = last_segment(zone, g.path + "/zone")
    if b["zone"]:
        if b["zone"] not in s["zones"]:
            raise Rejected("ZONE_NOT_IN_TOPOLOGY", g.path + "/zone", "zone not in the topology")
        if region is not None and last_segment(region, "") != s["zones"][b["zone"]]:
            raise Rejected("ZONE_NOT_IN_TOPOLOGY", g.path + "/region", "zone in another region")
        b["region"] = s["zones"][b["zone"]]
    elif region is None:
        raise Rejected("MISSING_FIELD", g.path + "/zone", "zone needed")
    else:
        b["region"] = last_segment(region, "")
        if b["region"] not in [r for r, _ in s["regions"]]:
            raise Rejected("ZONE_NOT_IN_TOPOLOGY", g.path + "/region", "region not in the topology")


def check_capacity_bound(g: Obj, b: Document) -> None:
    """A per-member maximum times the most members the backend ever has stays within 10^12 (in thousandths, 10^15)."""
    most = max([b["members"]] + [m for _, m, _ in b["health"]])
    per_member = b["per_member"] if b["field"] == "maxUtilization" else \
        (b["value"] if b["field"] not in (None, "maxRate", "maxConnections") else 0)
    if per_member > 0 and most * per_member > 10**15:
        raise Rejected("VALUE_OUT_OF_RANGE", g.path + "/members", "a capacity above 10^12")


def read_health(g: Obj, members: int) -> List[Tuple[int, int, int]]:
    health: List[Tuple[int, int, int]] = []
    previous = 0
    for k, raw_h in enumerate(g.get("health", list, [])):
        h = Obj(raw_h, f"{g.path}/health/{k}", strict=True)
        at = seconds(h.get("at", (int, float), required=True), h.path + "/at")
        if at < previous:
            raise Rejected("EVENTS_OUT_OF_ORDER", h.path, "back in time")
        previous = at
        if h.value.get("members") is not None:
            members = count(h.get("members", int), h.path + "/members")
        healthy = count(h.get("healthy", int, required=True), h.path + "/healthy")
        if healthy > members:
            raise Rejected("HEALTHY_COUNT_OUT_OF_RANGE", h.path, "more healthy than members")
        h.finish()
        health.append((at, members, healthy))
    return health


def read_slb_policy(root: Obj, refs: List[str]) -> Optional[Document]:
    raw_policy = root.get("serviceLbPolicy", dict)
    if raw_policy is None and refs:
        raise Rejected("MISSING_FIELD", "/serviceLbPolicy", "named but not given")
    if raw_policy is None:
        return None
    p = Obj(raw_policy, "/serviceLbPolicy", strict=False)
    name = last_segment(p.get("name", str, "policy"), "/serviceLbPolicy/name")
    algorithm = proto_get(p, "loadBalancingAlgorithm", "load_balancing_algorithm", str)
    if algorithm == "LOAD_BALANCING_ALGORITHM_UNSPECIFIED":
        algorithm = None
    if algorithm is not None:
        enum(algorithm, ALGORITHMS, "/serviceLbPolicy/loadBalancingAlgorithm")
    drain = Obj(proto_get(p, "autoCapacityDrain", "auto_capacity_drain", dict, {}), "/serviceLbPolicy/autoCapacityDrain",
                False).get("enable", bool, False)
    failover = Obj(proto_get(p, "failoverConfig", "failover_config", dict, {}), "/serviceLbPolicy/failoverConfig", False)
    threshold = proto_get(failover, "failoverHealthThreshold", "failover_health_threshold", (int, float))
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int)):
        raise Rejected("WRONG_TYPE", "/serviceLbPolicy/failoverConfig", "a whole percentage")
    if threshold == 0:  # GAP-61: a proto3 int32 of 0 is unset
        threshold = None
    isolation = Obj(proto_get(p, "isolationConfig", "isolation_config", dict, {}), "/serviceLbPolicy/isolationConfig", False)
    granularity = enum(proto_get(isolation, "isolationGranularity", "isolation_granularity", str, "ISOLATION_GRANULARITY_UNSPECIFIED"),
                       ("ISOLATION_GRANULARITY_UNSPECIFIED", "REGION"), "/serviceLbPolicy/isolationConfig")
    mode = enum(proto_get(isolation, "isolationMode", "isolation_mode", str, "ISOLATION_MODE_UNSPECIFIED"),
                ("ISOLATION_MODE_UNSPECIFIED", "NEAREST", "STRICT"), "/serviceLbPolicy/isolationConfig")
    policy = {"attached": any(ref.rsplit("/", 1)[-1] == name for ref in refs), "algorithm": algorithm,
              "drain": drain, "threshold": threshold, "granularity": granularity, "mode": mode}
    if refs and not policy["attached"]:  # GAP-57: the policy named is not the one given
        raise Rejected("MISSING_FIELD", "/serviceLbPolicy", "the backend service names another policy")
    return policy


def proto_get(obj: Obj, json_name: str, proto_name: str, kinds: Kinds, default: Any = None) -> Any:
    """A proto3 field under its JSON name or its proto field name, which proto3 JSON parsers accept alike."""
    if obj.value.get(json_name) is not None and obj.value.get(proto_name) is not None:
        raise Rejected("DUPLICATE_KEY", f"{obj.path}/{proto_name}", "one field given twice")
    return obj.get(json_name if obj.value.get(json_name) is not None else proto_name, kinds, default)


def read_clients(root: Obj, s: Scenario) -> None:
    zones = [z for _, zs in s["regions"] for z in zs]
    cnames: Set[str] = set()
    for i, raw in enumerate(bounded(root.get("clients", list, required=True), 1000, "/clients")):
        c = Obj(raw, f"/clients/{i}", strict=True)
        name = c.get("name", str, required=True)
        if not name:
            raise Rejected("INVALID_NAME", c.path, "a name is needed")
        if name in cnames:
            raise Rejected("DUPLICATE_NAME", c.path, "client named twice")
        cnames.add(name)
        offered = milli(c, "requestsPerSecond", c.path + "/requestsPerSecond")
        rtt = Obj(c.get("rttMs", dict, required=True), c.path + "/rttMs", strict=True)
        rtts = {}
        for z in zones:
            if rtt.value.get(z) is None:
                raise Rejected("MISSING_RTT", rtt.path, f"no round-trip time to {z}")
            rtts[z] = milli(rtt, z, rtt.path)
        rtt.finish()
        c.finish()
        s["clients"].append({"name": name, "offered": offered, "rtt": rtts})


def health_at(b: Document, t: int) -> Tuple[int, int]:
    members, healthy = b["members"], b["healthy"]
    for at, m, h in b["health"]:
        if at > t:
            break
        members, healthy = m, h
    return members, healthy


def capacity(b: Document, members: int) -> int:
    if members == 0:  # GAP-60: a group without members has zero capacity, whatever its mode
        return 0
    if b["field"] in ("maxRate", "maxConnections"):
        base = b["value"]
    elif b["field"] == "maxUtilization":
        base = int(b["per_member"] * members * b["util"])  # floor of a non-negative exact product
    else:
        base = b["value"] * members
    return int(base * b["scaler"])


def candidate(b: Document, members: int, healthy: int) -> bool:
    return members > 0 and b["scaler"] != 0 and healthy * 4 < members


def drain(s: Scenario) -> List[Optional[int]]:
    n = len(s["backends"])
    since: List[Optional[int]] = [None] * n
    good: List[Optional[int]] = [None] * n
    moments = {0} | {h[0] for b in s["backends"] for h in b["health"] if h[0] <= s["at"]}
    while moments:
        t = min(moments)
        moments.discard(t)
        drained, candidates = 0, []
        for i, b in enumerate(s["backends"]):
            members, healthy = health_at(b, t)
            ok = members > 0 and healthy * 100 >= members * 35
            if not ok:
                good[i] = None
            elif good[i] is None:
                good[i] = t
            good_since = good[i]
            if since[i] is not None and good_since is not None and t - good_since >= 60:
                since[i] = None
            if since[i] is not None and good_since is not None and t < good_since + 60 <= s["at"]:
                moments.add(good_since + 60)
            if since[i] is not None:
                drained += 1
            elif candidate(b, members, healthy):
                candidates.append(i)
        if not candidates:
            continue
        if (drained + len(candidates)) * 2 < n:
            for i in candidates:
                since[i] = t
        elif s["drain_over_half"] == "DRAIN_UP_TO_HALF":
            for i in sorted(candidates, key=lambda i: str(s["backends"][i]["name"]).encode()):
                if (drained + 1) * 2 >= n:
                    break
                since[i] = t
                drained += 1
    return since


def apportion(total: int, weights: List[int]) -> List[int]:
    whole = sum(weights)
    if whole <= 0 or total <= 0:
        return [0] * len(weights)
    shares = [total * w // whole for w in weights]
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[:total - sum(shares)]:
        shares[i] += 1
    return shares


def validate_slb(s: Scenario) -> List[Document]:
    errors: List[Document] = []

    def error(code: str) -> None:
        errors.append({"code": code, "path": "", "message": code.lower()})
    internal = s["lb"].startswith("CROSS_REGION_INTERNAL")
    if s["lb"] not in SUPPORTED_LBS:
        error("UNSUPPORTED_LOAD_BALANCER")
    elif s["scheme"] and s["scheme"] != ("INTERNAL_MANAGED" if internal else "EXTERNAL_MANAGED"):
        error("SCHEME_NOT_ALLOWED")
    if len(s["refs"]) > 1:
        error("MULTIPLE_SERVICE_LB_POLICIES")
    for b in s["backends"]:
        if b["kind"] not in ("ZONAL_INSTANCE_GROUP", "ZONAL_NEG_GCE_VM_IP_PORT", "HYBRID_NEG"):
            error("UNSUPPORTED_BACKEND_KIND")
        if b["mode"] == "CUSTOM_METRICS" or b["field"] is None:
            error("UNSUPPORTED_BALANCING_MODE")
        if b["field"] == "maxUtilization" and not 0 <= b["util"] <= 1:
            error("MAX_UTILIZATION_OUT_OF_RANGE")
        c = b["scaler"]
        if (c == 0 and len(s["backends"]) < 2) or (c != 0 and not Fraction(1, 10) <= c <= 1):
            error("CAPACITY_SCALER_OUT_OF_RANGE")
    p = s["policy"]
    if p and p["threshold"] is not None and not 1 <= p["threshold"] <= 99:
        error("FAILOVER_THRESHOLD_OUT_OF_RANGE")
    if p and p["mode"] == "STRICT" and not internal:
        error("STRICT_ISOLATION_NOT_AVAILABLE")
    return errors


def plan(s: Scenario) -> Document:
    errors = validate_slb(s)
    if errors:
        return {"valid": False, "errors": errors}
    p = s["policy"] if s["policy"] and s["policy"]["attached"] else None
    algorithm = (p and p["algorithm"]) or "WATERFALL_BY_REGION"
    threshold = p["threshold"] if p and p["threshold"] is not None else 70
    enforced = bool(p) and p is not None and p["granularity"] == "REGION"
    mode = ("STRICT" if p is not None and p["mode"] == "STRICT" else "NEAREST") if enforced else None
    since = drain(s) if p and p["drain"] else [None] * len(s["backends"])
    states = backend_states(s, since, threshold)
    remaining = [st["effective"] for st in states]
    order = sorted(range(len(s["clients"])), key=lambda c: ((-s["clients"][c]["offered"] if s["client_order"] == "LARGEST_FIRST" else 0),
                                                            s["clients"][c]["name"].encode()))
    plans: List[Document] = [{} for _ in s["clients"]]
    for ci in order:
        plans[ci] = plan_client(s, s["clients"][ci], states, remaining, algorithm, mode)
    policy = {"loadBalancingAlgorithm": algorithm, "failoverHealthThreshold": threshold, "autoCapacityDrain": bool(p and p["drain"]),
              "isolationEnforced": enforced}
    if mode:
        policy["isolationMode"] = mode
    return {"valid": True, "errors": [], "policy": policy, "clients": plans,
            "backends": [{"name": st["name"], "drainCandidate": st["drainCandidate"], "drained": st["drained"],
                          "belowFailoverThreshold": st["belowFailoverThreshold"], "effectiveCapacity": fmt_milli(st["effective"]),
                          "assigned": fmt_milli(st["assigned"])} for st in states]}


def backend_states(s: Scenario, since: List[Optional[int]], threshold: int) -> List[Document]:
    states = []
    for i, b in enumerate(s["backends"]):
        members, healthy = health_at(b, s["at"])
        cap = capacity(b, members)
        states.append({"name": b["name"], "members": members, "healthy": healthy, "drainCandidate": candidate(b, members, healthy),
                       "drained": since[i] is not None, "belowFailoverThreshold": members > 0 and healthy * 100 < threshold * members,
                       "effective": 0 if since[i] is not None else cap, "assigned": 0})
    return states


def plan_client(s: Scenario, c: Document, states: List[Document], remaining: List[int], algorithm: str,
                mode: Optional[str]) -> Document:
    """One client location's load, poured into its tiers in order, then beyond capacity."""
    region_rtt = {r: min(c["rtt"][z] for z in zs) for r, zs in s["regions"]}
    regions = sorted(region_rtt, key=lambda r: (region_rtt[r], r.encode()))
    by_region = {r: [i for i, b in enumerate(s["backends"]) if b["region"] == r] for r in regions}
    allowed = allowed_regions(regions, by_region, states, mode)

    def usable(i: int) -> bool:
        st = states[i]
        return bool(st["effective"] > 0 and not (mode == "STRICT" and st["healthy"] == 0) and s["backends"][i]["region"] in allowed)
    tiers = fill_order(s, c, states, usable, algorithm, allowed, by_region)
    given: Dict[int, int] = {}
    load = c["offered"]
    for tier in tiers:
        weights = [remaining[i] for i in tier]
        if load == 0 or sum(weights) == 0:
            continue
        take = min(load, sum(weights))
        for i, share in zip(tier, apportion(take, weights)):
            given[i] = given.get(i, 0) + share
            remaining[i] -= share
        load -= take
    dropped = overflow(s, states, tiers, regions, load, given) if load > 0 else 0
    for i, amount in given.items():
        states[i]["assigned"] += amount
    return {"name": c["name"], "offered": fmt_milli(c["offered"]), "dropped": fmt_milli(dropped),
            "regionsServed": [r for r in regions if any(a > 0 and s["backends"][i]["region"] == r for i, a in given.items())],
            # The zones whose backends got load (a regional backend has none), nearest first.
            "zonesServed": sorted({s["backends"][i]["zone"] for i, a in given.items() if a > 0 and s["backends"][i].get("zone")},
                                  key=lambda z: (c["rtt"][z], z.encode()))}


def allowed_regions(regions: List[str], by_region: Dict[str, List[int]], states: List[Document],
                    mode: Optional[str]) -> List[str]:
    """STRICT: the closest region; NEAREST: the closest that can serve, else the closest with capacity."""
    if mode == "STRICT":
        return regions[:1]
    if mode != "NEAREST":
        return regions
    for need_health in (True, False):
        for r in regions:
            if any(states[i]["effective"] > 0 and (not need_health or states[i]["healthy"] > 0) for i in by_region[r]):
                return [r]
    return []


def fill_order(s: Scenario, c: Document, states: List[Document], usable: Callable[[int], bool], algorithm: str,
               allowed: List[str], by_region: Dict[str, List[int]]) -> List[List[int]]:
    """The tiers a client location's load fills, in order: preferred backends by round-trip time, the
    algorithm's tiers of DEFAULT backends, then the backends below the failover threshold."""
    tiers: List[List[int]] = []
    preferred = sorted((c["rtt"].get(b["zone"], 0), i) for i, b in enumerate(s["backends"])
                       if usable(i) and b["preferred"] and not states[i]["belowFailoverThreshold"])
    for k, (rtt, i) in enumerate(preferred):
        if k == 0 or rtt != preferred[k - 1][0]:
            tiers.append([])
        tiers[-1].append(i)
    default = [i for i, b in enumerate(s["backends"]) if usable(i) and not b["preferred"] and not states[i]["belowFailoverThreshold"]]
    if algorithm == "WATERFALL_BY_ZONE":
        for r in allowed:
            zones = sorted(dict(s["regions"])[r], key=lambda z: (c["rtt"][z], z.encode()))
            tiers += [[i for i in default if s["backends"][i]["zone"] == z] for z in zones]
    elif algorithm == "SPRAY_TO_WORLD":
        tiers.append(default)
    else:
        tiers += [[i for i in default if s["backends"][i]["region"] == r] for r in allowed]
    tiers += [[i for i in by_region[r] if usable(i) and states[i]["belowFailoverThreshold"]] for r in allowed]
    return tiers


def overflow(s: Scenario, states: List[Document], tiers: List[List[int]], regions: List[str], load: int,
             given: Dict[int, int]) -> int:
    """Load beyond every capacity goes to the closest region that can serve (else that has capacity),
    in proportion to capacity; returns what is dropped."""
    reachable = sorted({i for tier in tiers for i in tier})
    targets: List[int] = []
    for need_health in (True, False):
        for r in regions:
            targets = [i for i in reachable if s["backends"][i]["region"] == r and (not need_health or states[i]["healthy"] > 0)]
            if targets:
                break
        if targets:
            break
    if not targets:
        return load
    for i, share in zip(targets, apportion(load, [states[i]["effective"] for i in targets])):
        given[i] = given.get(i, 0) + share
    return 0


def fmt_milli(value: int) -> str:
    whole, part = divmod(value, 1000)
    return f"{whole}" if part == 0 else f"{whole}.{part:03d}".rstrip("0")


# ---------------------------------------------------------------- the protocol

# The kinds this adapter decides, one decider each: the hello lists them, and a case of any
# other kind is answered unsupported.
DECIDERS: Dict[str, Callable[[Json, str], Document]] = {
    "passthrough": decide_passthrough_document,
    "passthrough-timeline": decide_timeline_document,
    "service-lb-policy": decide_slb_document,
}


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        answer: Document
        if message["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "kinds": list(DECIDERS),
                      "implementation": {"name": "lbconform-python-example", "version": "0.1.0"}}
        elif message["type"] == "case":
            if message.get("kind", "passthrough") not in DECIDERS:
                answer = {"type": "result", "id": message["id"], "unsupported": True}
            else:
                document = message["inputText"] if "inputText" in message else message["input"]
                answer = {"type": "result", "id": message["id"], "output": decide(document, message.get("profile", "spec-docs"))}
        else:  # bye
            return
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # lbconform stopped reading (check stops early): leave quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
