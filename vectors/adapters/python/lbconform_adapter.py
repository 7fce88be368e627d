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
"""
import json
import sys
from decimal import Decimal
from fractions import Fraction

MAX_DEPTH = 64
SPILLOVERS = ("ZONAL_AFFINITY_DISABLED", "ZONAL_AFFINITY_STAY_WITHIN_ZONE", "ZONAL_AFFINITY_SPILL_CROSS_ZONE")
CLIENT_TYPES = ("VM", "VPN_TUNNEL", "INTERCONNECT_ATTACHMENT", "PSC_ENDPOINT")
OTHER_SCHEMES = ("EXTERNAL", "EXTERNAL_MANAGED", "INTERNAL_MANAGED", "INTERNAL_SELF_MANAGED", "INVALID_LOAD_BALANCING_SCHEME")


class Rejected(Exception):
    def __init__(self, code, path, message):
        super().__init__(message)
        self.error = {"code": code, "path": path, "message": message}


# ---------------------------------------------------------------- reading the scenario

def parse_document(text):
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

    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise Rejected("DUPLICATE_KEY", "", "a key appears twice in one object")
        return dict(pairs)

    def finite(text_number):
        value = float(text_number)
        if value in (float("inf"), float("-inf")):
            raise ValueError("number out of range")
        return value

    def no_constants(name):
        raise ValueError(name + " is not JSON")

    try:
        return json.loads(text, object_pairs_hook=no_duplicates, parse_float=finite, parse_constant=no_constants)
    except ValueError:
        raise Rejected("MALFORMED_JSON", "", "not valid JSON") from None


class Obj:
    """One JSON object; `strict` objects reject keys nobody read."""

    def __init__(self, value, path, strict):
        if not isinstance(value, dict):
            raise Rejected("WRONG_TYPE", path, "expected an object")
        self.value, self.path, self.strict, self.read = value, path, strict, set()

    def get(self, key, kinds, default=None, required=False):
        self.read.add(key)
        value = self.value.get(key)
        if value is None:
            if required:
                raise Rejected("MISSING_FIELD", f"{self.path}/{key}", f"'{key}' is required")
            return default
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _tuple(kinds)):
            raise Rejected("WRONG_TYPE", f"{self.path}/{key}", f"'{key}' has the wrong type")
        return value

    def finish(self):
        if self.strict:
            for key in self.value:
                if key not in self.read:
                    raise Rejected("UNKNOWN_FIELD", f"{self.path}/{key}", f"unknown field '{key}'")


def _tuple(kinds):
    return kinds if isinstance(kinds, tuple) else (kinds,)


def enum(value, allowed, path):
    if value not in allowed:
        raise Rejected("UNKNOWN_ENUM_VALUE", path, f"'{value}' is not one of {', '.join(allowed)}")
    return value


def last_segment(text, path):
    name = text.rsplit("/", 1)[-1]
    if not name:
        raise Rejected("INVALID_NAME", path, f"'{text}' has no name")
    return name


def segments(url):
    return [s for s in url.split("/") if s]


def zone_in_url(url):
    parts = segments(url)
    for i in range(len(parts) - 2):
        if parts[i] == "zones":
            return parts[i + 1]
    return ""


def zone_in_region(zone, region):
    return zone.startswith(region + "-") and len(zone) > len(region) + 1


def is_suffix(short, long):
    return 0 < len(short) <= len(long) and long[len(long) - len(short):] == short


def ratio(value):
    """A JSON number as the exact decimal it names (the shortest repr of the double)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError
    return Fraction(value) if isinstance(value, int) else Fraction(Decimal(repr(value)))


def read_ratio(obj, key):
    value = obj.get(key, (int, float), 0)
    return ratio(value)


def read_scenario(doc, kind_wanted="passthrough"):
    root = Obj(doc, "", strict=True)
    kind = root.get("kind", str, required=True)
    if kind != kind_wanted:
        raise Rejected("UNKNOWN_KIND", "/kind", f"unknown kind '{kind}'")
    root.get("description", str)
    service = Obj(root.get("backendService", dict, required=True), "/backendService", strict=False)
    s = {"region": last_segment(service.get("region", str, required=True), "/backendService/region")}
    scheme = service.get("loadBalancingScheme", str)
    if scheme is not None and scheme != "INTERNAL":
        code = "UNSUPPORTED_LOAD_BALANCING_SCHEME" if scheme in OTHER_SCHEMES else "UNKNOWN_ENUM_VALUE"
        raise Rejected(code, "/backendService/loadBalancingScheme", "the passthrough kind needs INTERNAL")
    s["backends"] = []
    for i, b in enumerate(service.get("backends", list, [])):
        backend = Obj(b, f"/backendService/backends/{i}", strict=False)
        group = backend.get("group", str, required=True)
        last_segment(group, f"/backendService/backends/{i}/group")
        for other in s["backends"]:
            if is_suffix(segments(group), segments(other["group"])) or is_suffix(segments(other["group"]), segments(group)):
                raise Rejected("DUPLICATE_BACKEND_GROUP", f"/backendService/backends/{i}/group", "the same group twice")
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

    s["vms"], names = [], set()
    for i, v in enumerate(root.get("instances", list, [])):
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
        if not zone_in_region(zone, s["region"]):
            raise Rejected("ZONE_NOT_IN_REGION", vm.path + "/zone", f"{zone} is not in {s['region']}")
        reference = segments(vm.get("group", str, required=True))
        matches = [b for b in s["backends"] if is_suffix(reference, segments(b["group"]))]
        if len(matches) > 1:
            raise Rejected("AMBIGUOUS_GROUP_REFERENCE", vm.path + "/group", "matches several backends")
        if not matches:
            raise Rejected("UNKNOWN_GROUP_REFERENCE", vm.path + "/group", "not a backend of the backend service")
        if matches[0]["zone"] and matches[0]["zone"] != zone:
            raise Rejected("INSTANCE_ZONE_MISMATCH", vm.path + "/zone", "not the zone of its group")
        health = enum(vm.get("healthState", str, required=True), ("HEALTHY", "UNHEALTHY"), vm.path + "/healthState")
        vm.finish()
        s["vms"].append({"name": name, "zone": zone, "backup": matches[0]["failover"], "healthy": health == "HEALTHY"})

    client = Obj(root.get("client", dict, required=True), "/client", strict=True)
    s["client_type"] = enum(client.get("type", str, required=True), CLIENT_TYPES, "/client/type")
    zone, region = client.get("zone", str), client.get("region", str)
    s["client_zone"] = last_segment(zone, "/client/zone") if zone is not None else ""
    s["client_region"] = last_segment(region, "/client/region") if region is not None else ""
    if s["client_type"] == "VM":
        if not s["client_zone"]:
            raise Rejected("MISSING_FIELD", "/client/zone", "a VM client needs its zone")
        if not s["client_region"]:
            s["client_region"] = s["client_zone"].rsplit("-", 1)[0]
        if not zone_in_region(s["client_zone"], s["client_region"]):
            raise Rejected("ZONE_NOT_IN_REGION", "/client/zone", "not in the client's region")
    client.finish()

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
    if kind_wanted == "passthrough-timeline":
        read_timeline_fields(root, service, s)
    root.finish()
    return s


# ---------------------------------------------------------------- the rules

def validate(s, profile):
    errors = []
    def error(code):
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


def eligible_backends(s):
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


def zonal_affinity(s, kind, eligible, profile):
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


def pool(s, profile):
    kind, eligible = eligible_backends(s)
    status, outcome, modified = zonal_affinity(s, kind, eligible, profile)
    zonal = {"status": status}
    if outcome:
        zonal["outcome"] = outcome
    return {"eligible": {"kind": kind, "backends": sorted(eligible)}, "zonalAffinity": zonal,
            "modifiedEligible": sorted(modified)}


def decide(document, profile):
    try:
        doc = parse_document(document) if isinstance(document, str) else document
        timeline = isinstance(doc, dict) and doc.get("kind") == "passthrough-timeline"
        s = read_scenario(doc, "passthrough-timeline" if timeline else "passthrough")
    except Rejected as rejected:
        return {"valid": False, "errors": [rejected.error]}
    except TypeError:
        return {"valid": False, "errors": [{"code": "WRONG_TYPE", "path": "", "message": "a ratio is not a number"}]}
    errors = validate(s, profile) + (validate_timeline(s) if timeline else [])
    if errors:
        return {"valid": False, "errors": errors}
    if timeline:
        return decide_timeline(s, profile)
    return dict({"valid": True, "errors": []}, **pool(s, profile))


# ---------------------------------------------------------------- timelines (kind passthrough-timeline)

MAX_SECONDS = 1_000_000_000
AFFINITIES = ("NONE", "CLIENT_IP", "CLIENT_IP_PROTO", "CLIENT_IP_PORT_PROTO", "CLIENT_IP_NO_DESTINATION")


def seconds(value, path):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Rejected("WRONG_TYPE", path, "expected a number")
    if not isinstance(value, int) or not 0 <= value <= MAX_SECONDS:
        raise Rejected("TIME_OUT_OF_RANGE", path, f"{value} is not whole seconds in [0, {MAX_SECONDS}]")
    return value


def read_timeline_fields(root, service, s):
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
    names, ids, previous = {v["name"] for v in s["vms"]}, set(), 0
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
            change = {}
            if "failoverRatio" in policy.value:
                change["failover_ratio"] = read_ratio(policy, "failoverRatio")
            if "dropTrafficIfUnhealthy" in policy.value:
                change["drop"] = policy.get("dropTrafficIfUnhealthy", bool)
            if "disableConnectionDrainOnFailover" in policy.value:
                change["no_drain"] = policy.get("disableConnectionDrainOnFailover", bool)
            policy.finish()
            event["change"] = change
        e.finish()
        s["events"].append(event)


def validate_timeline(s):
    errors = []
    for e in s["events"]:
        ratio_set = e.get("change", {}).get("failover_ratio")
        if ratio_set is not None and not 0 <= ratio_set <= 1:
            errors.append({"code": "FAILOVER_RATIO_OUT_OF_RANGE", "path": "", "message": "config event ratio"})
    if s["idle"] is not None:
        if not 600 <= s["idle"] <= 57600:
            errors.append({"code": "IDLE_TIMEOUT_OUT_OF_RANGE", "path": "", "message": "outside [600, 57600]"})
        if not (s["tracking"] == "PER_SESSION" and s["affinity"] in ("CLIENT_IP_NO_DESTINATION", "CLIENT_IP", "CLIENT_IP_PROTO")):
            errors.append({"code": "IDLE_TIMEOUT_NOT_SETTABLE", "path": "", "message": "tracking is 5-tuple"})
    return errors


def role(kind):
    return {"PRIMARY_HEALTHY": "primary", "PRIMARY_LAST_RESORT": "primary", "BACKUP_HEALTHY": "backup"}.get(kind)


def decide_timeline(s, profile):
    timeout = s["timeout"] if s["timeout"] is not None else (600 if profile == "api-10min" else 300)
    vm_by_name = {v["name"]: v for v in s["vms"]}
    initial = pool(s, profile)
    previous_role = role(initial["eligible"]["kind"])
    conns, steps = {}, []  # id -> {"vm", "protocol", "state", "until"}
    for e in s["events"]:
        for c in conns.values():  # draining lasts up to the timeout, then the connection is closed
            if c["state"] == "DRAINING" and e["at"] >= c["until"]:
                c["state"] = "CLOSED"
        if e["type"] == "health":
            vm_by_name[e["instance"]]["healthy"] = e["healthy"]
        elif e["type"] == "config":
            s.update(e["change"])
        elif e["type"] == "close" and conns[e["connection"]]["state"] in ("ACTIVE", "DRAINING"):
            conns[e["connection"]]["state"] = "CLOSED"
        now = pool(s, profile)
        in_pool = set(now["eligible"]["backends"])
        new_role = role(now["eligible"]["kind"])
        transition = {("primary", "backup"): "FAILOVER", ("backup", "primary"): "FAILBACK"}.get((previous_role, new_role), "NONE")
        previous_role = new_role
        all_unhealthy = not any(v["healthy"] for v in s["vms"])
        for c in conns.values():
            if c["state"] == "ACTIVE" and c["vm"] not in in_pool:
                if transition != "NONE":
                    if c["protocol"] != "TCP":
                        c["state"] = "CLOSED"
                    elif s["no_drain"]:
                        c["state"] = "RESET"
                    elif timeout == 0:  # a 0 s drain ends as it starts
                        c["state"] = "CLOSED"
                    else:
                        c["state"], c["until"] = "DRAINING", e["at"] + timeout
                elif not vm_by_name[c["vm"]]["healthy"] and not persists(s, c["protocol"], all_unhealthy):
                    c["state"] = "CLOSED"
            elif c["state"] == "DRAINING" and c["vm"] in in_pool:
                c["state"] = "ACTIVE"
        if e["type"] == "connect":
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


def persists(s, protocol, all_unhealthy):
    if s["persistence"] == "ALWAYS_PERSIST":
        return True
    if s["persistence"] == "NEVER_PERSIST":
        return all_unhealthy
    five_tuple = s["tracking"] == "PER_CONNECTION" or s["affinity"] in ("NONE", "CLIENT_IP_PORT_PROTO")
    return protocol != "UDP" and five_tuple


# ---------------------------------------------------------------- the protocol

def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "kinds": ["passthrough", "passthrough-timeline"],
                      "implementation": {"name": "lbconform-python-example", "version": "0.1.0"}}
        elif message["type"] == "case":
            if message.get("kind", "passthrough") not in ("passthrough", "passthrough-timeline"):
                answer = {"type": "result", "id": message["id"], "unsupported": True}
            else:
                document = message["inputText"] if "inputText" in message else message["input"]
                answer = {"type": "result", "id": message["id"], "output": decide(document, message.get("profile", "spec-docs"))}
        else:  # bye
            return
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
