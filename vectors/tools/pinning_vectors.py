"""Vectors that pin the statements of docs/spec/*.md an implementation could read another way.

Issue 24 measured that most flipped guesses of an independent implementation passed every vector:
defaults no vector left out, limits counted another way, inputs whose order does not matter given
in one order only, URL tails, events around the first health report, overload in multi-region
plans, rounding order and the JSON text's edges. Each family below pins one class of those
readings; every vector cites the statements it pins (`statements`) and says in its comment which
other reading it fails.

The families use the generator's helpers through the module object `g` (generate_vectors.py),
which calls `families(g)`.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any, cast

Document = dict[str, Any]

STAY = "ZONAL_AFFINITY_STAY_WITHIN_ZONE"
SPILL = "ZONAL_AFFINITY_SPILL_CROSS_ZONE"


def changed(doc: Document, change: Callable[[Document], object]) -> Document:
    out = copy.deepcopy(doc)
    change(out)
    return out


def text_with(doc: Document, old: str, new: str) -> str:
    """The document's JSON text with one spelling replaced (for vectors whose exact text matters)."""
    text = json.dumps(doc)
    assert old in text, old
    return text.replace(old, new, 1)


# ------------------------------ passthrough

def passthrough_defaults(f: Any, g: Any, base: Document, fo: list[Any]) -> None:
    """Defaults: each optional field left out takes the value docs/spec/passthrough.md §2 gives it."""
    f.group("Defaults: each optional field left out takes the value docs/spec/passthrough.md §2 gives it.")
    no_failover_key = changed(base, lambda d: d["backendService"]["backends"][0].pop("failover"))
    f.add("readings/default/backend-failover-absent", "backends[0] has no failover key: it is a primary backend (false), "
          "so with both VMs healthy the pool is the primary vm-a; read as a failover backend, no primary would exist.",
          ["FO-1", "FO-12"], no_failover_key, statements=["PT-2.2-f"])
    all_down = g.scenario(fo, [("p1", "ig-p", False), ("f1", "ig-f", False)], ratio=0.5)
    f.add("readings/default/drop-absent", "A failoverPolicy without dropTrafficIfUnhealthy and every VM unhealthy: the "
          "default false keeps the primaries as a last resort (PRIMARY_LAST_RESORT), not DROP.",
          ["FO-14", "FO-20"], all_down, statements=["PT-2.2-h"])
    a_zone = [("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)]
    half = g.scenario(a_zone, [("a1", "ig-a", True), ("a2", "ig-a", False), ("b1", "ig-b", True)], spill=SPILL)
    f.add("readings/default/spillover-ratio-absent", "SPILL_CROSS_ZONE without spilloverRatio: the ratio is 0.0, so the "
          "one healthy VM of two in the client's zone is enough (REFINED to a1); a default of 1.0 would find 1/2 short "
          "and leave the set UNCHANGED.", ["ZA-14", "ZA-35", "ZA-36"], half, statements=["PT-2.2-k"])
    f.add("readings/default/deployment-absent", "No deployment object: no Network Security Integration, no Packet "
          "Mirroring, no symmetric hashing, so STAY_WITHIN_ZONE applies (APPLIED, REFINED), not NSI_PACKET_DROP.",
          ["ZA-13", "ZA-32"], base, statements=["PT-2.1-f"])
    f.add("readings/default/mirroring-absent", "deployment without packetMirroringCollector (only "
          "networkSecurityIntegration false): not a collector, so zonal affinity is accepted.",
          ["ZA-6", "ZA-32"], changed(base, lambda d: d.__setitem__("deployment", {"networkSecurityIntegration": False})),
          statements=["PT-2.5-a", "PT-2.5-b"])
    no_backends = g.scenario([("ig-a", "us-west1-a", False)], [])
    no_backends["backendService"].pop("backends")
    f.add("readings/default/backends-absent", "No backends key and no instances: backends is [], nothing to choose, "
          "ALL_LAST_RESORT with no VM (GAP-13).", ["TD-2"], no_backends, statements=["PT-2.2-d"])
    f.add("readings/default/name-absent", "backendService without name: the name is informative, the decision unchanged.",
          ["ZA-32"], changed(base, lambda d: d["backendService"].pop("name")), statements=["PT-2.2-a"])
    f.add("readings/default/drain-flag-true", "disableConnectionDrainOnFailover true changes no new-connection decision: the "
          "same pool as without it.", ["FO-10", "ZA-32"],
          changed(base, lambda d: d["backendService"]["failoverPolicy"].__setitem__("disableConnectionDrainOnFailover", True)),
          statements=["PT-2.2-i"])
    f.add("readings/required/drain-flag-wrong-type", "disableConnectionDrainOnFailover is read and type-checked even here: "
          "\"yes\" is WRONG_TYPE.", ["FO-10"],
          changed(base, lambda d: d["backendService"]["failoverPolicy"].__setitem__("disableConnectionDrainOnFailover", "yes")),
          statements=["PT-2.2-i"])
    f.add("readings/required/backend-service-absent", "backendService is required: MISSING_FIELD.", ["TD-3"],
          changed(base, lambda d: d.pop("backendService")), statements=["PT-2.1-c"])
    f.add("readings/required/backend-group-absent", "A backend without group: MISSING_FIELD.", ["FO-1"],
          changed(base, lambda d: d["backendService"]["backends"][0].pop("group")), statements=["PT-2.2-e"])
    f.add("readings/required/kind-absent", "kind is required: MISSING_FIELD.", ["TD-3"],
          changed(base, lambda d: d.pop("kind")), statements=["PT-2.1-a"])
    f.add("readings/required/type-before-value", "healthState 5: a number where a string is expected is WRONG_TYPE (the type "
          "is checked before the enum's values), not UNKNOWN_ENUM_VALUE.", ["FO-2"],
          changed(base, lambda d: d["instances"][0].__setitem__("healthState", 5)), statements=["PT-3.1-b", "PT-2.3-d"])
    f.add("readings/ignored/api-fields-of-any-type", "Fields of backendService this kind does not read are never validated: "
          "protocol 5, connectionDraining \"x\", sessionAffinity [] and an haPolicy leave the decision as without them "
          "(the haPolicy is named in the informative warnings).", ["ZA-32"],
          changed(base, lambda d: d["backendService"].update({"protocol": 5, "connectionDraining": "x", "sessionAffinity": [],
                                                                "haPolicy": {"fastIPMove": "GARP_RA"}})),
          statements=["PT-2.2-m", "PT-2-e"])


def passthrough_names_and_urls(f: Any, g: Any, base: Document) -> None:
    """Names (GAP-58), URL tails (GAP-42), and a zonal URL against its zone (GAP-59)."""
    f.group("Names (GAP-58): the text after the last '/' must not be empty, in every field that names a resource; "
            "empty segments inside a path are ignored.", statements=["PT-2.6-a"])
    for ident, why, change in (
            ("group-reference-trailing-slash", "an instance's group 'ig-a/'", lambda d: d["instances"][0].__setitem__("group", "ig-a/")),
            ("group-reference-empty", "an instance's group ''", lambda d: d["instances"][0].__setitem__("group", "")),
            ("region-trailing-slash", "the region 'us-west1/'", lambda d: d["backendService"].__setitem__("region", "us-west1/")),
            ("backend-group-trailing-slash", "a backend's group 'zones/us-west1-a/instanceGroups/ig-a/'",
             lambda d: d["backendService"]["backends"][0].__setitem__("group", "zones/us-west1-a/instanceGroups/ig-a/")),
            ("instance-zone-trailing-slash", "an instance's zone 'us-west1-a/'", lambda d: d["instances"][0].__setitem__("zone", "us-west1-a/")),
            ("client-region-trailing-slash", "the client's region 'regions/us-west1/'",
             lambda d: d["client"].__setitem__("region", "regions/us-west1/"))):
        f.add(f"readings/names/{ident}", f"{why[0].upper()}{why[1:]} leaves no name: INVALID_NAME (dropping the empty segment "
              "would accept it in this field and not in the others).", ["FO-2"], changed(base, change), flags=["GroupReference"])
    f.add("readings/names/inner-empty-segments", "Empty segments inside a path are ignored: the backend "
          "zones//us-west1-a/instanceGroups//ig-a and the reference instanceGroups//ig-a name ig-a of zone us-west1-a.",
          ["FO-2", "ZA-32"], changed(base, lambda d: (d["backendService"]["backends"][0].__setitem__("group", "zones//us-west1-a/instanceGroups//ig-a"),
                                                    d["instances"][0].__setitem__("group", "instanceGroups//ig-a"))),
          flags=["GroupReference"], statements=["PT-2.6-b"])
    f.add("readings/names/leading-slash", "A leading '/' is an empty first segment, ignored: /zones/us-west1-a/instanceGroups/ig-a "
          "is the group ig-a in zone us-west1-a.", ["FO-2", "ZA-32"],
          changed(base, lambda d: d["backendService"]["backends"][0].__setitem__("group", "/zones/us-west1-a/instanceGroups/ig-a")),
          flags=["GroupReference"], statements=["PT-2.6-g"])

    f.group("URL tails (GAP-42): a reference is a tail of the backend's URL in whole segments, compared byte for byte.",
            statements=["PT-2.6-b"])
    f.add("readings/group/tail-in-segments", "The reference us-west1-a/instanceGroups/ig-a is the last three segments of "
          "zones/us-west1-a/instanceGroups/ig-a: it names that backend.", ["FO-2", "ZA-32"],
          changed(base, lambda d: d["instances"][0].__setitem__("group", "us-west1-a/instanceGroups/ig-a")), flags=["GroupReference"])
    f.add("readings/group/string-tail-is-not-a-segment-tail", "west1-a/instanceGroups/ig-a ends the backend's URL as a string "
          "but 'west1-a' is not the segment 'us-west1-a': UNKNOWN_GROUP_REFERENCE (a string suffix test would match).",
          ["FO-2"], changed(base, lambda d: d["instances"][0].__setitem__("group", "west1-a/instanceGroups/ig-a")),
          flags=["GroupReference"])
    f.add("readings/group/name-suffix", "The reference g-a is a string tail of ig-a, not its last segment: "
          "UNKNOWN_GROUP_REFERENCE.", ["FO-2"], changed(base, lambda d: d["instances"][0].__setitem__("group", "g-a")),
          flags=["GroupReference"])
    f.add("readings/group/duplicate-short-url-first", "Backends 'ig-a' and then zones/us-west1-a/instanceGroups/ig-a: one URL's "
          "segments end the other's whichever comes first, DUPLICATE_BACKEND_GROUP.", ["FO-1"],
          changed(base, lambda d: d["backendService"]["backends"].insert(0, {"group": "ig-a"})), flags=["GroupReference"],
          statements=["PT-2.6-f"])
    suffix_names = g.scenario([("ig-a", "us-west1-a", False), ("big-a", "us-west1-a", True)],
                              [("vm-a", "ig-a", True), ("vm-b", "big-a", True)], ratio=0.5, spill=STAY)
    f.add("readings/group/suffix-names-are-different-groups", "Backends ig-a and big-a: 'big-a' ends with 'ig-a' as a string "
          "but not as a segment, so they are two groups and each VM has its own.", ["FO-1", "FO-2", "ZA-32"], suffix_names,
          flags=["GroupReference"], statements=["PT-2.6-f"])

    f.group("A zonal instance URL and its zone field must agree (GAP-59).", statements=["PT-2.3-e", "PT-2.3-b"])
    f.add("readings/zone/url-other-zone", "name projects/p/zones/us-west1-b/instances/vm-a with zone us-west1-a: "
          "INSTANCE_ZONE_MISMATCH, not the zone field winning silently.", ["FO-2"],
          changed(base, lambda d: d["instances"][0].__setitem__("name", "projects/p/zones/us-west1-b/instances/vm-a")),
          flags=["ZoneRegion"])
    f.add("readings/zone/url-same-zone", "name projects/p/zones/us-west1-a/instances/vm-a with zone us-west1-a: they agree.",
          ["FO-2", "ZA-32"],
          changed(base, lambda d: d["instances"][0].__setitem__("name", "projects/p/zones/us-west1-a/instances/vm-a")),
          flags=["ZoneRegion"])
    f.add("readings/zone/url-mismatch-before-region", "zone us-east1-b (not in the region) and a URL naming us-west1-a: the "
          "URL's zone is compared as soon as the zone is read, before the region: INSTANCE_ZONE_MISMATCH.", ["FO-2"],
          changed(base, lambda d: d["instances"][0].update({"name": "projects/p/zones/us-west1-a/instances/vm-a",
                                                             "zone": "us-east1-b"})),
          flags=["ZoneRegion"], statements=["PT-3.1-a"])


def passthrough_numbers_and_text(f: Any, g: Any, base: Document, fo: list[Any]) -> None:
    """Numbers in every JSON spelling, and the JSON text's edges."""
    f.group("Numbers: every JSON spelling of one decimal is one value; what JSON forbids is MALFORMED_JSON. The documents "
            "are carried as inputText so that the spelling reaches the implementation.", statements=["PT-2.7-a"])
    quorum = g.scenario(fo, [(f"p{i}", "ig-p", i < 2) for i in range(4)] + [("f1", "ig-f", True)], ratio=0.25)
    for ident, spelled, why in (("exponent-upper-case", "5E-1", "5E-1 is 0.5"), ("trailing-zeros", "0.50", "0.50 is 0.5"),
                                ("exponent-of-a-fraction", "0.05e1", "0.05e1 is 0.5")):
        f.add(f"readings/number/{ident}", f"failoverRatio written {spelled}: {why}, and 2 of 4 healthy primaries meet it "
              "exactly (PRIMARY_HEALTHY).", ["FO-12", "FO-11"], text_with(quorum, '"failoverRatio": 0.25', f'"failoverRatio": {spelled}'),
              flags=["NumberSpelling"], statements=["PT-2.7-b"])
    down = g.scenario(fo, [(f"p{i}", "ig-p", False) for i in range(4)] + [("f1", "ig-f", True)], ratio=0.25)
    f.add("readings/number/minus-zero", "failoverRatio -0 is 0 (not a negative ratio out of range): with no healthy primary, "
          "ratio 0 fails over to the backup.", ["FO-17", "FO-13", "FO-11"],
          text_with(down, '"failoverRatio": 0.25', '"failoverRatio": -0'), flags=["NumberSpelling"])
    three = g.scenario(fo, [(f"p{i}", "ig-p", i < 3) for i in range(4)] + [("f1", "ig-f", True)], ratio=0.25)
    f.add("readings/number/integer-exponent", "failoverRatio 1e0 is 1: 3 of 4 healthy primaries fall short, failover.",
          ["FO-15", "FO-13"], text_with(three, '"failoverRatio": 0.25', '"failoverRatio": 1e0'), flags=["NumberSpelling"])
    f.add("readings/number/underflow", "failoverRatio 1e-400 would become 0 as a double: INEXACT_NUMBER, not 0.",
          ["FO-11"], text_with(three, '"failoverRatio": 0.25', '"failoverRatio": 1e-400'), flags=["NumberSpelling"],
          statements=["PT-2.7-b"])
    for ident, spelled in (("leading-plus", "+0.5"), ("leading-dot", ".5"), ("leading-zero", "00.5"), ("trailing-dot", "1.")):
        f.add(f"readings/number/{ident}", f"failoverRatio {spelled} is not a JSON number: MALFORMED_JSON.", ["FO-11"],
              text_with(three, '"failoverRatio": 0.25', f'"failoverRatio": {spelled}'), flags=["MalformedDocument"],
              statements=["PT-2.7-c"])

    f.group("The JSON text: nesting counted from the top-level object, escapes decoded before anything is compared, one "
            "object with nothing after it, null only as a value.")

    def nested(levels: int) -> str:
        """base with an unknown API field in backendService nested so that the deepest array is at `levels`."""
        inner = "[" * (levels - 2) + "]" * (levels - 2)
        return text_with(base, '"name": "be-ilb"', f'"name": "be-ilb", "deep": {inner}')
    f.add("readings/json/depth-64", "64 levels (the document, backendService, then 62 arrays in an unknown API field): read, "
          "and the field ignored.", ["ZA-32"], nested(64), flags=["MalformedDocument"], statements=["PT-2.8-a", "PT-2-e"])
    f.add("readings/json/depth-65", "65 levels, one more: JSON_TOO_DEEP, even inside a field that would be ignored.",
          ["TD-3"], nested(65), flags=["MalformedDocument"], statements=["PT-2.8-a"])
    f.add("readings/json/escaped-value", "The region written \"us\\u002dwest1\": escapes are decoded before names compare, "
          "so it is us-west1.", ["ZA-32"], text_with(base, '"region": "us-west1"', '"region": "us\\u002dwest1"'),
          flags=["MalformedDocument"], statements=["PT-2.8-b"])
    f.add("readings/json/escaped-duplicate-key", "\"k\\u0069nd\" is the key kind: beside kind, DUPLICATE_KEY.", ["TD-3"],
          text_with(base, '"kind": "passthrough"', '"kind": "passthrough", "k\\u0069nd": "passthrough"'),
          flags=["MalformedDocument"], statements=["PT-2.8-b"])
    for ident, old, new, why in (
            ("lone-surrogate", '"name": "be-ilb"', '"name": "be-\\ud800ilb"', "a lone surrogate \\ud800"),
            ("invalid-escape", '"name": "be-ilb"', '"name": "be-\\xilb"', "the escape \\x"),
            ("raw-control-character", '"name": "be-ilb"', '"name": "be-\tilb"', "a raw tab inside a string")):
        f.add(f"readings/json/{ident}", f"{why[0].upper()}{why[1:]}, even in an informative field: MALFORMED_JSON.", ["TD-3"],
              text_with(base, old, new), flags=["MalformedDocument"], statements=["PT-2.8-b"])
    f.add("readings/json/top-level-array", "A JSON array is JSON, but not a scenario object: WRONG_TYPE.", ["TD-3"],
          "[" + json.dumps(base) + "]", flags=["MalformedDocument"], statements=["PT-2.8-c"])
    f.add("readings/json/empty-text", "An empty text: MALFORMED_JSON.", ["TD-3"], "", flags=["MalformedDocument"],
          statements=["PT-2.8-c"])
    f.add("readings/json/trailing-text", "A scenario followed by a second one: MALFORMED_JSON, not the first one decided.",
          ["TD-3"], json.dumps(base) + json.dumps(base), flags=["MalformedDocument"], statements=["PT-2.8-c"])
    f.add("readings/json/null-unknown-key", "client.zonee: null is still an unknown key of a strict object: UNKNOWN_FIELD "
          "(null means absent only for a key the object allows).", ["TD-3"],
          changed(base, lambda d: d["client"].__setitem__("zonee", None)), statements=["PT-1-e", "PT-2-d"])
    f.add("readings/json/null-instance", "A null entry of instances: WRONG_TYPE (null is absent only as a key's value).",
          ["TD-3"], changed(base, lambda d: d["instances"].append(None)), statements=["PT-2.8-d"])


def passthrough_limits_and_order(f: Any, g: Any) -> None:
    """Limits per role and in total (FO-5, FO-6, GAP-12), and instances and backends in another order."""
    f.group("Limits (FO-5, FO-6, GAP-12): per role, summed over the role's backends, healthy or not, inclusive; the "
            "backend count of the document.", statements=["PT-3.2-m"])

    def role_groups(primary: list[int], backup: list[int], unhealthy: int = 0) -> Document:
        gs = [(f"p{i:02d}", "us-west1-a", False) for i in range(len(primary))] + \
             [(f"f{i:02d}", "us-west1-b", True) for i in range(len(backup))]
        vms: list[tuple[str, str, bool]] = []
        for i, n in enumerate(primary):
            vms += [(f"vp{i:02d}-{k:03d}", f"p{i:02d}", len(vms) >= unhealthy) for k in range(n)]
        for i, n in enumerate(backup):
            vms += [(f"vf{i:02d}-{k:03d}", f"f{i:02d}", True) for k in range(n)]
        return cast(Document, g.scenario(gs, vms, ratio=0.5))
    f.add("failover/limits/primaries-summed-over-groups", "Two primary groups of 126 VMs: each is under 250, the role holds "
          "252: TOO_MANY_PRIMARY_VMS (counted per role, not per group).", ["FO-5"], role_groups([126, 126], [1]))
    f.add("failover/limits/primaries-summed-at-limit", "Two primary groups of 125 VMs: 250 in the role, accepted.",
          ["FO-5", "FO-12"], role_groups([125, 125], [1]))
    f.add("failover/limits/backups-summed-over-groups", "Two failover groups of 126 VMs: 252 backups, TOO_MANY_BACKUP_VMS.",
          ["FO-5"], role_groups([1], [126, 126]))
    f.add("failover/limits/unhealthy-vms-count", "251 primary VMs of which 200 are unhealthy: every VM of the role counts, "
          "TOO_MANY_PRIMARY_VMS.", ["FO-5"], role_groups([251], [1], unhealthy=200))
    f.add("failover/limits/roles-counted-apart", "200 primary and 200 backup VMs: 400 in all, but each role is under 250: "
          "accepted (not counted in total).", ["FO-5", "FO-12"], role_groups([100, 100], [100, 100]))
    many = g.scenario([(f"g{i:04d}", "us-west1-a", False) for i in range(1000)], [])
    f.add("readings/limits/1000-backends", "1,000 backends (no failover, no VM): at the limit, accepted; nothing to choose.",
          ["TD-2"], many, statements=["PT-2.2-d"])
    f.add("readings/limits/1001-backends", "1,001 backends: TOO_MANY_OBJECTS.", ["TD-3"],
          changed(many, lambda d: d["backendService"]["backends"].append(g.backend("g1000", "us-west1-a"))),
          statements=["PT-2.2-d"])

    f.group("Order: instances and backends in another order decide the same; every set of names is sorted by bytes.",
            statements=["PT-4-a", "PT-1-c"])
    example = g.failover_example({"vm-a1", "vm-d1", "vm-a2"})
    f.add("readings/order/instances-reversed", "The failover example (failover to the four backups) with its instances "
          "listed in reverse: the same decision, names sorted.", ["FO-25", "FO-13"],
          changed(example, lambda d: d["instances"].reverse()))
    f.add("readings/order/backends-reversed", "The same with its backends listed in reverse: the same decision.",
          ["FO-25", "FO-13"], changed(example, lambda d: d["backendService"]["backends"].reverse()))
    zonal = g.scenario([("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", False)],
                       [("b2", "ig-b", True), ("a2", "ig-a", True), ("b1", "ig-b", True), ("a1", "ig-a", True),
                        ("A0", "ig-a", True)], spill=STAY)
    f.add("readings/order/names-by-bytes", "VMs listed b2, a2, b1, a1, A0 with STAY_WITHIN_ZONE: the sets are sorted by "
          "bytes (A0 before a1: upper case first), not by listing order or case-insensitively.", ["ZA-32", "TD-1"], zonal)

def passthrough(g: Any) -> int:
    f = g.VectorFile("edge_cases/passthrough_statements.json",
                     ["The statements of docs/spec/passthrough.md that a reader could take another way, one vector",
                      "per reading at least: each optional field left out, names and URL tails, a zonal URL against its",
                      "zone, number spellings, the JSON text's edges, limits counted per role and in total, and",
                      "instances and backends in another order."])
    two = [("ig-a", "us-west1-a", False), ("ig-b", "us-west1-b", True)]
    base = g.scenario(two, [("vm-a", "ig-a", True), ("vm-b", "ig-b", True)], ratio=0.5, spill=STAY)
    fo = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    passthrough_defaults(f, g, base, fo)
    passthrough_names_and_urls(f, g, base)
    passthrough_numbers_and_text(f, g, base, fo)
    passthrough_limits_and_order(f, g)
    return cast(int, f.write())


# ------------------------------ passthrough-timeline

def timeline_document(f: Any, g: Any, base: Document, one: list[Any], fail_groups: list[Any], vms: list[Any]) -> None:
    """The document: required fields, defaults, the passthrough kind's document rules, and each empty or absent event field."""
    f.group("The document: required fields, defaults, and the passthrough kind's document rules.")
    f.add("timeline/required/kind-other", "kind \"timeline\" names no scenario kind: UNKNOWN_KIND.", ["CT-1"],
          changed(base, lambda d: d.__setitem__("kind", "timeline")), statements=["TL-2.2-a"])
    f.add("timeline/default/description", "A top-level description is free text, ignored.", ["CT-1", "CT-2"],
          changed(base, lambda d: d.__setitem__("description", "two VMs, one connection")), statements=["TL-2.2-b"])
    f.add("timeline/required/backend-service-absent", "backendService is required: MISSING_FIELD.", ["CT-1"],
          changed(base, lambda d: d.pop("backendService")), statements=["TL-2.2-c"])
    f.add("timeline/required/client-absent", "client is required: MISSING_FIELD.", ["CT-1"],
          changed(base, lambda d: d.pop("client")), statements=["TL-2.2-e"])
    no_vms = changed(g.timeline(one, [], [{"at": 0, "type": "advance"}]), lambda d: d.pop("instances"))
    f.add("timeline/default/instances-absent", "No instances: no VM at t = 0, the last resort is empty, at every step.",
          ["TD-2", "CT-1"], no_vms, statements=["TL-2.2-d"])
    nsi = changed(g.timeline(one, vms, [g.connect(0, "c1", "vm-1")], spill=STAY),
                  lambda d: d.__setitem__("deployment", {"networkSecurityIntegration": True}))
    f.add("timeline/deployment/network-security-integration", "deployment is read as for passthrough: Network Security "
          "Integration with zonal affinity drops every new connection (GAP-10), so c1 is REFUSED.", ["ZA-7", "CT-2"], nsi,
          flags=["NetworkSecurityIntegration"], statements=["TL-2.2-f"])
    f.add("timeline/document/duplicate-key", "The same key twice in an event: DUPLICATE_KEY, a document error first.",
          ["CT-1"], text_with(base, '"type": "connect"', '"type": "connect", "type": "advance"'), flags=["MalformedDocument"],
          statements=["TL-2.1-a", "TL-5-a"])
    f.add("timeline/document/inexact-config-ratio", "A config event's failoverRatio 0.07000000000000000001: INEXACT_NUMBER "
          "(the document's rule), not a ratio rounded to 0.07.", ["FO-11"],
          text_with(g.timeline(fail_groups, [("p1", "ig-p", True), ("f1", "ig-f", True)],
                               [{"at": 0, "type": "config", "failoverPolicy": {"failoverRatio": 0.5}}]),
                    '"failoverRatio": 0.5}', '"failoverRatio": 0.07000000000000000001}'),
          flags=["MalformedDocument"], statements=["TL-2.1-a", "TL-5-a"])
    f.add("timeline/document/minus-zero-time", "at: -0 is the integer 0, a valid time.", ["CT-1", "CT-2"],
          text_with(base, '"at": 0', '"at": -0'), flags=["NumberSpelling"], statements=["TL-2.1-b"])
    f.add("timeline/document/exponent-time", "at: 1E1 is a number JSON parsers read as a float: TIME_OUT_OF_RANGE, like 10.0.",
          ["CT-1"], text_with(base, '"at": 0', '"at": 1E1'), flags=["NumberSpelling"], statements=["TL-2.1-b"])

    f.group("The error of each empty or absent event field (docs/spec/passthrough-timeline.md §2.4).", statements=["TL-2.4-j"])
    for ident, event, why in (
            ("at-absent", {"type": "advance"}, "at absent: MISSING_FIELD"),
            ("type-empty", {"at": 0, "type": ""}, "type \"\": UNKNOWN_ENUM_VALUE"),
            ("instance-empty", {"at": 0, "type": "health", "instance": "", "healthState": "HEALTHY"}, "instance \"\": INVALID_NAME"),
            ("instance-trailing-slash", {"at": 0, "type": "health", "instance": "vm-1/", "healthState": "HEALTHY"},
             "instance vm-1/: INVALID_NAME (no name after the last '/')"),
            ("health-state-empty", {"at": 0, "type": "health", "instance": "vm-1", "healthState": ""}, "healthState \"\": UNKNOWN_ENUM_VALUE"),
            ("connect-id-empty", {"at": 0, "type": "connect", "connection": "", "instance": "vm-1"}, "a connect's connection \"\": INVALID_NAME"),
            ("close-id-empty", {"at": 0, "type": "close", "connection": ""}, "a close's connection \"\": no event opened it, UNKNOWN_CONNECTION"),
            ("protocol-empty", {"at": 0, "type": "connect", "connection": "c9", "instance": "vm-1", "protocol": ""},
             "protocol \"\": UNKNOWN_ENUM_VALUE"),
            ("failover-policy-null", {"at": 0, "type": "config", "failoverPolicy": None}, "a config's failoverPolicy null: MISSING_FIELD")):
        f.add(f"timeline/empty/{ident}", f"{why[0].upper()}{why[1:]}.", ["CT-1"], g.timeline(one, vms, [event]))
    f.add("timeline/empty/protocol-null", "protocol null is absent: TCP, so the connection persists on its unhealthy VM "
          "(UDP would not).", ["CT-3", "CT-1"],
          g.timeline(one, vms, [{"at": 0, "type": "connect", "connection": "c1", "instance": "vm-1", "protocol": None},
                                g.health(10, "vm-1", False)]), statements=["TL-2.4-c"])
    f.add("timeline/empty/config-field-null", "A config event's failoverRatio null is not given: the ratio stays 1.0, so the "
          "pool stays on the backup (read as 0, the healthy p2 would take it back).", ["FO-10", "FO-13"],
          g.timeline(fail_groups, [("p1", "ig-p", False), ("p2", "ig-p", True), ("f1", "ig-f", True)],
                     [{"at": 10, "type": "config", "failoverPolicy": {"failoverRatio": None}}], ratio=1.0),
          statements=["TL-2.4-e", "TL-2.1-d"])
    f.add("timeline/empty/connection-id-is-not-a-url", "Connection ids are compared whole: c/1 and 1 are two connections, "
          "closing c/1 leaves 1 open.", ["CT-1", "CT-2"],
          g.timeline(one, vms, [g.connect(0, "c/1", "vm-1"), g.connect(0, "1", "vm-2"),
                                {"at": 5, "type": "close", "connection": "c/1"}]), statements=["TL-2.4-h"])


def timeline_size_and_transitions(f: Any, g: Any, fail_groups: list[Any]) -> None:
    """The size bound (TL-2.4-l), and a pool that changes within one role."""
    f.group("The size bound (TL-2.4-l): the running sum over the events of the instances and the connections opened so far "
            "is at most 1,000,000; not events x (instances + connections). 250 primary and 250 backup VMs, all unhealthy, "
            "dropping on, so every pool is empty and the steps stay small.", statements=["TL-2.4-l"])
    vms500 = [(f"p{i:03d}", "ig-p", False) for i in range(250)] + [(f"f{i:03d}", "ig-f", False) for i in range(250)]
    # 1,897 advances (500 each), 5 connects (501..505), 97 advances (505 each): 948,500 + 2,515 + 48,985 = 1,000,000.
    events = [{"at": 0, "type": "advance"}] * 1897 + [g.connect(1, f"c{k}", "p000") for k in range(1, 6)] + \
             [{"at": 2, "type": "advance"}] * 97
    assert 500 * 1897 + sum(500 + k for k in range(1, 6)) + 505 * 97 == 1_000_000
    at_bound = g.timeline(fail_groups, vms500, events, ratio=0.5, drop=True)
    f.add("timeline/size/sum-at-bound", "1,999 events whose running sum is exactly 1,000,000: accepted. Read as a product, "
          "1,999 x 505 is over the bound and would be refused.", ["CT-2", "FO-20"], at_bound)
    f.add("timeline/size/sum-over-bound", "The same and one more advance: the sum is 1,000,505, over the bound at that event: "
          "TOO_MANY_OBJECTS.", ["CT-1"], changed(at_bound, lambda d: d["events"].append({"at": 3, "type": "advance"})))

    f.group("A pool that changes within one role is no transition (TL-4.4-c).")
    f.add("timeline/readings/pool-shrinks-within-role", "Ratio 0: p2 fails, the pool is still the primaries (PRIMARY_HEALTHY, "
          "now p1 only): NONE, and c2, TCP on the unhealthy p2, persists (no drain).", ["FO-9", "FO-17", "CT-3"],
          g.timeline(fail_groups, [("p1", "ig-p", True), ("p2", "ig-p", True), ("f1", "ig-f", True)],
                     [g.connect(0, "c2", "p2"), g.health(10, "p2", False)], ratio=0.0),
          statements=["TL-4.4-c"])

def timeline(g: Any) -> int:
    f = g.VectorFile("edge_cases/timeline_statements.json",
                     ["The statements of docs/spec/passthrough-timeline.md that a reader could take another way: the",
                      "document's fields left out or required, the error of each empty event field, whole seconds, the",
                      "size bound as a running sum at and over it, and a pool that changes within one role."],
                     kind="passthrough-timeline")
    one = [("ig-a", "us-west1-a", False)]
    vms = [("vm-1", "ig-a", True), ("vm-2", "ig-a", True)]
    base = g.timeline(one, vms, [g.connect(0, "c1", "vm-1")])
    fail_groups = [("ig-p", "us-west1-a", False), ("ig-f", "us-west1-b", True)]
    timeline_document(f, g, base, one, fail_groups, vms)
    timeline_size_and_transitions(f, g, fail_groups)
    return cast(int, f.write())


# ------------------------------ service-lb-policy

def set_in(path: list[Any], value: Any) -> Callable[[Document], object]:
    """A change that sets document[path...] = value."""
    def change(d: Document) -> None:
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value
    return change


def drop_key(path: list[Any]) -> Callable[[Document], object]:
    def change(d: Document) -> None:
        for key in path[:-1]:
            d = d[key]
        d.pop(path[-1])
    return change


def slb_document(g: Any) -> list[tuple[str, str, list[str], Document, list[str]]]:
    """(id, comment, clauses, scenario, statements) for the document's fields, names, numbers and policies."""
    one: list[Document] = [{"name": "b1", "zone": "east-a"}]
    base = g.slb(one, policy={})
    two = g.slb([{"name": "b1", "zone": "east-a"}, {"name": "b2", "zone": "east-b", "members": 10}])
    out: list[tuple[str, str, list[str], Document, list[str]]] = [
        ("slb/required/kind-other", "kind service-lb-policy-v2 names no kind: UNKNOWN_KIND.", ["SLB-1"],
         changed(base, set_in(["kind"], "service-lb-policy-v2")), ["SL-1.1-a"]),
        ("slb/default/description", "A top-level description is free text, ignored.", ["SLB-7", "SLB-8"],
         changed(base, set_in(["description"], "one backend")), ["SL-1.1-b"]),
        ("slb/required/topology-absent", "topology is required: MISSING_FIELD.", ["SLB-10"], changed(base, drop_key(["topology"])),
         ["SL-1.1-d"]),
        ("slb/required/backend-service-absent", "backendService is required: MISSING_FIELD.", ["SLB-34"],
         changed(base, drop_key(["backendService"])), ["SL-1.1-e"]),
        ("slb/required/backend-groups-absent", "backendGroups is required: MISSING_FIELD.", ["SLB-34"],
         changed(base, drop_key(["backendGroups"])), ["SL-1.1-f"]),
        ("slb/required/clients-absent", "clients is required: MISSING_FIELD.", ["SLB-10"], changed(base, drop_key(["clients"])),
         ["SL-1.1-h"]),
        ("slb/required/backends-absent", "backendService.backends is required: MISSING_FIELD.", ["SLB-34"],
         changed(base, drop_key(["backendService", "backends"])), ["SL-1.3-d"]),
        ("slb/default/scheme-absent", "A cross-region internal load balancer whose backend service has no "
         "loadBalancingScheme: the scheme is checked only when given (SLB-2), so the plan is made.", ["SLB-2", "SLB-8"],
         changed(g.slb(one, lb="CROSS_REGION_INTERNAL_APPLICATION"), drop_key(["backendService", "loadBalancingScheme"])),
         ["SL-1.3-b"]),
        ("slb/default/backend-service-name-absent", "backendService.name is informative: without it, the same plan.",
         ["SLB-7", "SLB-8"], changed(base, drop_key(["backendService", "name"])), ["SL-1.3-a"]),
        ("slb/document/rtt-null", "A round-trip time of null is absent: MISSING_RTT.", ["SLB-10"],
         changed(base, set_in(["clients", 0, "rttMs", "west-a"], None)), ["SL-1-a", "SL-1.6-b"]),
        # topology
        ("slb/topology/zone-twice", "Zone east-a listed in two regions: DUPLICATE_NAME.", ["SLB-10"],
         changed(base, set_in(["topology", "regions", 1, "zones"], ["west-a", "east-a"])), ["SL-1.2-a"]),
        ("slb/topology/zone-named-like-a-region", "A zone named east, like a region: DUPLICATE_NAME.", ["SLB-10"],
         changed(base, set_in(["topology", "regions", 1, "zones"], ["west-a", "east"])), ["SL-1.2-a"]),
        ("slb/topology/region-without-zones", "A region with no zone: MISSING_FIELD.", ["SLB-10"],
         changed(base, set_in(["topology", "regions", 1, "zones"], [])), ["SL-1.2-a"]),
        ("slb/topology/region-url", "A region named by URL (projects/p/regions/west): its name is west.", ["SLB-8", "SLB-10"],
         changed(base, set_in(["topology", "regions", 1, "name"], "projects/p/regions/west")), ["SL-1.2-a", "SL-1-d"]),
        # names
        ("slb/names/region-trailing-slash", "A region named east/: no name after the last '/', INVALID_NAME (GAP-58).",
         ["SLB-10"], changed(base, set_in(["topology", "regions", 0, "name"], "east/")), ["SL-1-d"]),
        ("slb/names/policy-reference-trailing-slash", "backendService.serviceLbPolicy ending in '/': INVALID_NAME, not a "
         "reference to no policy (GAP-58).", ["SLB-32"],
         changed(base, set_in(["backendService", "serviceLbPolicy"], "projects/p/locations/global/serviceLbPolicies/pol/")),
         ["SL-1-d", "SL-1.3-c"]),
        ("slb/names/backend-group-trailing-slash", "A backend's group ending in '/': INVALID_NAME.", ["SLB-34"],
         changed(base, set_in(["backendService", "backends", 0, "group"], "zones/east-a/instanceGroups/b1/")), ["SL-1-d", "SL-1.3-e"]),
        ("slb/names/client-name-is-not-a-url", "A client location named c/1: not a URL, the whole text is its name.",
         ["SLB-8"], changed(base, set_in(["clients", 0, "name"], "c/1")), ["SL-1-d", "SL-1.6-a"]),
        ("slb/names/backend-group-entry-by-url", "backendGroups[].group given as a full URL names the backend by its last "
         "segment.", ["SLB-8"], changed(base, set_in(["backendGroups", 0, "group"], "projects/p/zones/east-a/instanceGroups/b1")),
         ["SL-1.4-a"]),
        ("slb/names/duplicate-backend-group", "Two backends whose groups have one last segment (b1 in two zones): "
         "DUPLICATE_BACKEND_GROUP.", ["SLB-34"],
         changed(base, lambda d: (d["backendService"]["backends"].append(dict(d["backendService"]["backends"][0],
                                                                                group="zones/east-b/instanceGroups/b1")))),
         ["SL-1.3-e"]),
        # numbers, per kind
        ("slb/number/count-written-as-float", "members 4.0: a count is a JSON integer, WRONG_TYPE.", ["SLB-34"],
         changed(base, set_in(["backendGroups", 0, "members"], 4.0)), ["SL-1-c"]),
        ("slb/number/healthy-written-as-float", "healthy 1.0: a count, WRONG_TYPE.", ["SLB-22"],
         changed(base, set_in(["backendGroups", 0, "healthy"], 1.0)), ["SL-1-c"]),
        ("slb/number/report-time-as-float", "A health report at 5.0: a time is a JSON integer, TIME_OUT_OF_RANGE.", ["SLB-19"],
         changed(base, set_in(["backendGroups", 0, "health"], [{"at": 5.0, "healthy": 1}])), ["SL-1-c"]),
        ("slb/number/plan-time-as-float", "at 5.0: TIME_OUT_OF_RANGE.", ["SLB-19"], changed(base, set_in(["at"], 5.0)), ["SL-1-c"]),
        ("slb/number/threshold-as-float", "failoverHealthThreshold 70.0: a whole percentage is a JSON integer, WRONG_TYPE.",
         ["SLB-22"], changed(base, set_in(["serviceLbPolicy", "failoverConfig"], {"failoverHealthThreshold": 70.0})),
         ["SL-1-c", "SL-1.5-e"]),
        ("slb/number/decimal-written-as-float", "maxRatePerInstance 100.0 is the decimal 100: capacity 100.", ["SLB-34"],
         changed(base, set_in(["backendService", "backends", 0, "maxRatePerInstance"], 100.0)), ["SL-1-c"]),
        ("slb/number/scaler-as-integer", "capacityScaler 1 (an integer) is the ratio 1.", ["SLB-33", "SLB-34"],
         changed(base, set_in(["backendService", "backends", 0, "capacityScaler"], 1)), ["SL-1-c", "SL-1.3-j"]),
        ("slb/number/rtt-four-decimals", "A round-trip time of 0.0005 ms has four decimals: VALUE_OUT_OF_RANGE.", ["SLB-10"],
         changed(base, set_in(["clients", 0, "rttMs", "west-a"], 0.0005)), ["SL-1-c"]),
        ("slb/number/count-over-a-million", "members 1,000,001: VALUE_OUT_OF_RANGE.", ["SLB-34"],
         changed(base, set_in(["backendGroups", 0, "members"], 1000001)), ["SL-1-c"]),
        # defaults
        ("slb/default/healthy-absent", "No healthy count: every member is healthy (10 of 10), so b2 is not below the threshold.",
         ["SLB-22"], changed(two, drop_key(["backendGroups", 1, "healthy"])), ["SL-1.4-f"]),
        ("slb/default/zone-from-group-url", "A backendGroups entry without zone takes the zone of the backend's group URL "
         "(zones/east-b/…): east-b serves.", ["SLB-8"],
         changed(g.slb([{"name": "b1", "zone": "east-b"}]), drop_key(["backendGroups", 0, "zone"])), ["SL-1.4-c"]),
        ("slb/default/policy-name-absent", "A policy without name is named policy; the backend service names "
         "…/serviceLbPolicies/policy, so it is in effect: WATERFALL_BY_ZONE.", ["SLB-7", "SLB-12"],
         changed(g.slb(one, policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"}),
                 lambda d: (d["serviceLbPolicy"].pop("name"),
                            d["backendService"].__setitem__("serviceLbPolicy", "projects/p/locations/global/serviceLbPolicies/policy"))),
         ["SL-1.5-b"]),
        # policies named and given
        ("slb/readings/named-policy-other-name", "The backend service names pol; the scenario gives a policy named other: "
         "the named policy is not given, MISSING_FIELD (GAP-57), not a plan with defaults.", ["SLB-32", "SLB-7"],
         changed(base, set_in(["serviceLbPolicy", "name"], "projects/p/locations/global/serviceLbPolicies/other")),
         ["SL-1.5-h", "SL-3-c"]),
        ("slb/policies/empty-list-names-none", "backendService.serviceLbPolicy []: no policy named, so the policy given "
         "(WATERFALL_BY_ZONE) is validated but not in effect: WATERFALL_BY_REGION.", ["SLB-7"],
         changed(g.slb(one, policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"}), set_in(["backendService", "serviceLbPolicy"], [])),
         ["SL-1.3-c", "SL-1.5-h"]),
        ("slb/policies/list-of-one", "backendService.serviceLbPolicy as a list of one URL names that policy: in effect.",
         ["SLB-7", "SLB-12"],
         changed(g.slb(one, policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"}),
                 set_in(["backendService", "serviceLbPolicy"], ["projects/p/locations/global/serviceLbPolicies/pol"])),
         ["SL-1.3-c"]),
        ("slb/policies/two-named-none-given", "The backend service names a and b, the scenario gives pol: the named policy "
         "missing is checked first (MISSING_FIELD), before MULTIPLE_SERVICE_LB_POLICIES.", ["SLB-32"],
         changed(base, set_in(["backendService", "serviceLbPolicy"], ["projects/p/locations/global/serviceLbPolicies/a",
                                                                      "projects/p/locations/global/serviceLbPolicies/b"])),
         ["SL-3-c", "SL-3-g"]),
        # proto field names
        ("slb/readings/proto-algorithm-name", "load_balancing_algorithm, the proto field name, is loadBalancingAlgorithm: "
         "WATERFALL_BY_ZONE is in effect.", ["SLB-7", "SLB-12"],
         changed(base, set_in(["serviceLbPolicy", "load_balancing_algorithm"], "WATERFALL_BY_ZONE")), ["SL-1.5-a", "SL-1.5-c"]),
        ("slb/readings/proto-threshold-name", "failover_config.failover_health_threshold 60: the threshold is 60.",
         ["SLB-22"], changed(two, lambda d: d.update(serviceLbPolicy={"name": "projects/p/locations/global/serviceLbPolicies/pol",
                                                                       "failover_config": {"failover_health_threshold": 60}},
                                                      backendService=dict(d["backendService"], serviceLbPolicy="projects/p/locations/global/serviceLbPolicies/pol"))),
         ["SL-1.5-a", "SL-1.5-e"]),
        ("slb/readings/proto-isolation-names", "isolation_config.isolation_granularity REGION: isolation is enforced (NEAREST).",
         ["SLB-28", "SLB-26"], changed(base, set_in(["serviceLbPolicy", "isolation_config"], {"isolation_granularity": "REGION"})),
         ["SL-1.5-a", "SL-1.5-f"]),
        ("slb/readings/proto-and-json-name-both", "loadBalancingAlgorithm and load_balancing_algorithm together give one field "
         "twice: DUPLICATE_KEY.", ["SLB-7"],
         changed(base, lambda d: d["serviceLbPolicy"].update(loadBalancingAlgorithm="SPRAY_TO_REGION",
                                                            load_balancing_algorithm="WATERFALL_BY_ZONE")), ["SL-1.5-a"]),
        ("slb/readings/misspelt-policy-field", "loadBalancingAlgoritm is no field of the API: ignored (and named in the "
         "informative warnings), so the algorithm is WATERFALL_BY_REGION.", ["SLB-7"],
         changed(base, set_in(["serviceLbPolicy", "loadBalancingAlgoritm"], "WATERFALL_BY_ZONE")), ["SL-1.5-a"]),
        ("slb/readings/threshold-zero-is-the-default", "failoverHealthThreshold 0 is proto3's unset value (GAP-61): the default "
         "70 applies, so b2 with 6 of 10 healthy is below it.", ["SLB-22", "SLB-35"],
         changed(g.slb([{"name": "b1", "zone": "east-a"}, {"name": "b2", "zone": "east-b", "members": 10, "healthy": 6}],
                       policy={"failoverConfig": {"failoverHealthThreshold": 0}}), lambda d: None),
         ["SL-1.5-e", "SL-4.1-c"]),
        # fields a mode does not use
        ("slb/readings/ignored-max-utilization-of-rate", "A RATE backend with maxUtilization 5: RATE does not read it, no error.",
         ["SLB-34"], changed(base, set_in(["backendService", "backends", 0, "maxUtilization"], 5)), ["SL-1.3-m"]),
        ("slb/readings/ignored-max-rate-of-utilization", "A UTILIZATION backend with maxRate \"x\": not read, no error.",
         ["SLB-34"], changed(g.slb([{"name": "b1", "zone": "east-a", "mode": "UTILIZATION", "capacity": {"maxUtilization": 0.5},
                                     "perMember": 10}]), set_in(["backendService", "backends", 0, "maxRate"], "x")), ["SL-1.3-m"]),
        ("slb/readings/ignored-later-maximum", "maxRate 50 decides; maxRatePerEndpoint \"x\" after it is not read.", ["SLB-34"],
         changed(g.slb([{"name": "b1", "zone": "east-a", "capacity": {"maxRate": 50}}]),
                 set_in(["backendService", "backends", 0, "maxRatePerEndpoint"], "x")), ["SL-1.3-m", "SL-1.3-g"]),
        ("slb/readings/deciding-maximum-is-read", "maxRate \"x\" is the RATE maximum that decides: WRONG_TYPE.", ["SLB-34"],
         changed(g.slb([{"name": "b1", "zone": "east-a", "capacity": {"maxRate": 50}}]),
                 set_in(["backendService", "backends", 0, "maxRate"], "x")), ["SL-1.3-m"]),
        ("slb/readings/load-per-member-always-validated", "loadPerMemberAtFullUtilization -1 on a RATE backend: lbconform's own "
         "field is validated whenever given, VALUE_OUT_OF_RANGE.", ["SLB-34"],
         changed(base, set_in(["backendGroups", 0, "loadPerMemberAtFullUtilization"], -1)), ["SL-1.3-m"]),
        ("slb/readings/scaler-always-read", "capacityScaler \"x\": read whatever the mode, WRONG_TYPE.", ["SLB-33"],
         changed(base, set_in(["backendService", "backends", 0, "capacityScaler"], "x")), ["SL-1.3-m"]),
        # backend groups
        ("slb/groups/entry-missing", "A backend without a backendGroups entry: MISSING_FIELD.", ["SLB-34"],
         changed(two, lambda d: d["backendGroups"].pop()), ["SL-1.4-a"]),
        ("slb/groups/entry-twice", "A backend described twice: DUPLICATE_NAME.", ["SLB-34"],
         changed(base, lambda d: d["backendGroups"].append(copy.deepcopy(d["backendGroups"][0]))), ["SL-1.4-a"]),
        ("slb/groups/regional-backend", "A backend with a region and no zone (group URL regions/east/…): it serves in east but "
         "adds no zone to zonesServed.", ["SLB-8"],
         changed(base, lambda d: (d["backendService"]["backends"][0].__setitem__("group", "regions/east/instanceGroups/b1"),
                                  d["backendGroups"][0].pop("zone"), d["backendGroups"][0].__setitem__("region", "east"))),
         ["SL-1.4-d"]),
        ("slb/groups/zone-and-other-region", "zone east-a with region west: ZONE_NOT_IN_TOPOLOGY.", ["SLB-34"],
         changed(base, set_in(["backendGroups", 0, "region"], "west")), ["SL-1.4-d"]),
        ("slb/groups/neither-zone-nor-region", "A group URL without zones/ and an entry without zone or region: MISSING_FIELD.",
         ["SLB-34"], changed(base, lambda d: (d["backendService"]["backends"][0].__setitem__("group", "instanceGroups/b1"),
                                              d["backendGroups"][0].pop("zone"))), ["SL-1.4-d"]),
    ]
    # counts of the document at, and one over, their bounds
    def regions(n: int) -> Document:
        topology = {f"r{i:03d}": [f"r{i:03d}-a"] for i in range(n)}
        return cast(Document, g.slb([{"name": "b1", "zone": "r000-a"}], topology=topology,
                                    clients=[{"name": "c1", "requestsPerSecond": 100,
                                              "rttMs": {f"r{i:03d}-a": 1 + i for i in range(n)}}]))

    def zones(n: int) -> Document:
        topology = {"east": [f"east-{i:04d}" for i in range(n)]}
        return cast(Document, g.slb([{"name": "b1", "zone": "east-0000"}], topology=topology,
                                    clients=[{"name": "c1", "requestsPerSecond": 100,
                                              "rttMs": {f"east-{i:04d}": 1 for i in range(n)}}]))
    out += [
        ("slb/limits/200-regions", "200 regions: at the bound, accepted.", ["SLB-10"], regions(200), ["SL-1.2-a"]),
        ("slb/limits/201-regions", "201 regions: TOO_MANY_OBJECTS.", ["SLB-10"], regions(201), ["SL-1.2-a"]),
        ("slb/limits/1000-zones", "1,000 zones in all: at the bound, accepted.", ["SLB-10"], zones(1000), ["SL-1.2-a"]),
        ("slb/limits/1001-zones", "1,001 zones: TOO_MANY_OBJECTS.", ["SLB-10"], zones(1001), ["SL-1.2-a"]),
        ("slb/limits/1001-clients", "1,001 client locations: TOO_MANY_OBJECTS.", ["SLB-10"],
         changed(base, lambda d: d.__setitem__("clients", [dict(d["clients"][0], name=f"c{i}") for i in range(1001)])),
         ["SL-1.1-h"]),
        ("slb/limits/1001-backends", "1,001 backends: TOO_MANY_OBJECTS.", ["SLB-34"],
         changed(base, lambda d: d["backendService"].__setitem__(
             "backends", [dict(d["backendService"]["backends"][0], group=f"zones/east-a/instanceGroups/b{i}") for i in range(1001)])),
         ["SL-1.3-d"]),
    ]
    big = g.slb([{"name": "b1", "zone": "east-a", "members": 500000, "rate": 2000000}])
    out += [
        ("slb/limits/whole-capacity-at-bound", "2,000,000 per instance x 500,000 members = 10^12: at the bound, accepted.",
         ["SLB-34"], big, ["SL-1.4-i"]),
        ("slb/limits/whole-capacity-over-bound", "The same with 500,001 members: over 10^12, VALUE_OUT_OF_RANGE.", ["SLB-34"],
         changed(big, lambda d: d["backendGroups"][0].update(members=500001, healthy=500001)), ["SL-1.4-i"]),
        ("slb/limits/whole-capacity-over-bound-later", "500,000 members at first, 500,001 in a later report: the most members "
         "it ever has count, VALUE_OUT_OF_RANGE.", ["SLB-34"],
         changed(big, set_in(["backendGroups", 0, "health"], [{"at": 10, "healthy": 1, "members": 500001}])), ["SL-1.4-i"]),
    ]
    return out


def slb_plans(g: Any) -> list[tuple[str, str, list[str], Document, list[str]]]:
    """(id, comment, clauses, scenario, statements) for plans: defaults, timing, ties, overload, rounding."""
    rtt = {"east-a": 1, "east-b": 2, "west-a": 50}
    drain = {"autoCapacityDrain": {"enable": True}}
    out: list[tuple[str, str, list[str], Document, list[str]]] = []
    pref = g.slb([{"name": "near", "zone": "east-a"}, {"name": "pref", "zone": "west-a", "preference": "PREFERRED"}],
                 clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": rtt}])
    out.append(("slb/default/preference-absent", "near has no preference key: DEFAULT, so the PREFERRED backend pref, though "
                "farther, takes the 50 first (west).", ["SLB-30", "SLB-31"],
                changed(pref, drop_key(["backendService", "backends", 0, "preference"])), ["SL-1.3-k"]))
    dip = g.slb([{"name": "b1", "zone": "east-a", "members": 4, "health": [{"at": 50, "healthy": 1}]},
                 {"name": "b2", "zone": "east-b"}])
    out.append(("slb/default/at-is-the-latest-report", "No at: the plan is made at the latest report (t = 50), where b1 has "
                "1 of 4 healthy, below the threshold; at t = 0 it was 4 of 4.", ["SLB-22"], dip, ["SL-1.1-j", "SL-1.4-j"]))
    out.append(("slb/default/drain-off", "A policy without autoCapacityDrain: drain is off, so b0 (0 of 4 healthy, a candidate) "
                "is not drained.", ["SLB-14", "SLB-18"],
                g.slb([{"name": f"b{i}", "zone": "east-a", "members": 4, "healthy": 0 if i == 0 else 4} for i in range(5)],
                      policy={"loadBalancingAlgorithm": "WATERFALL_BY_REGION"}), ["SL-4.1-d", "SL-4.4-a"]))
    # a backend without members
    out.append(("slb/readings/memberless-per-group-max", "empty has no members and a per-group maxRate of 500: zero capacity "
                "(GAP-60), no load; b2 serves the 100.", ["SLB-17", "SLB-34"],
                g.slb([{"name": "empty", "zone": "east-a", "members": 0, "capacity": {"maxRate": 500}},
                       {"name": "b2", "zone": "east-b"}]), ["SL-4.2-b"]))
    out.append(("slb/readings/memberless-after-report", "empty has 4 members until a report at t = 10 says 0: from then on "
                "zero capacity, whatever its maxRate (plan at t = 20).", ["SLB-17", "SLB-34"],
                g.slb([{"name": "empty", "zone": "east-a", "members": 4, "capacity": {"maxRate": 500},
                        "health": [{"at": 10, "healthy": 0, "members": 0}]}, {"name": "b2", "zone": "east-b"}], at=20),
                ["SL-4.2-b", "SL-1.4-j"]))
    # before, at and after the first health report
    five = [{"name": f"b{i}", "zone": "east-a" if i % 2 == 0 else "east-b", "members": 4} for i in range(5)]
    five[0].update(healthy=0, health=[{"at": 100, "healthy": 4}])
    for at, why in ((99, "before it: the initial 0 of 4, a candidate, drained since t = 0, below the threshold"),
                    (100, "at it: the report's 4 of 4 holds, no longer a candidate nor below the threshold, but still drained "
                          "(35% for 60 s is needed)"),
                    (101, "just after: still drained"), (160, "60 s after it: undrained")):
        out.append((f"slb/timing/first-report/at-{at}", f"b0 starts at 0 of 4 healthy; its first report, at t = 100, says 4 of 4. "
                    f"Plan at t = {at}, {why}.", ["SLB-14", "SLB-15", "SLB-19", "SLB-22"],
                    g.slb(five, policy=drain, at=at), ["SL-1.4-j", "SL-4.4-b"]))
    # ties
    tie_topology = {"west": ["west-a"], "east": ["east-a"]}
    out.append(("slb/tie/regions-equally-close", "Regions west (listed first) and east at 5 ms each, 50 offered, 100 in each: "
                "the tie goes by name, east, not by the topology's order (GAP-31).", ["SLB-8", "SLB-10"],
                g.slb([{"name": "w1", "zone": "west-a"}, {"name": "e1", "zone": "east-a"}], topology=tie_topology,
                      clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": {"west-a": 5, "east-a": 5}}]),
                ["SL-4.5-a"]))
    out.append(("slb/tie/zones-equally-close", "WATERFALL_BY_ZONE, zones east-b (listed first) and east-a both at 1 ms, 50 "
                "offered: east-a first, by name.", ["SLB-12", "SLB-13"],
                g.slb([{"name": "b-b", "zone": "east-b"}, {"name": "b-a", "zone": "east-a"}],
                      topology={"east": ["east-b", "east-a"], "west": ["west-a"]},
                      policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"},
                      clients=[{"name": "c1", "requestsPerSecond": 50, "rttMs": {"east-a": 1, "east-b": 1, "west-a": 50}}]),
                ["SL-4.5-a", "SL-4.5-h"]))
    out.append(("slb/tie/clients-with-equal-load", "Two client locations of 100 each want east (capacity 100); b-listed-first "
                "is listed first, a-listed-second comes first by name and is served there; the other overflows to west.",
                ["SLB-10", "SLB-8"],
                g.slb([{"name": "e1", "zone": "east-a"}, {"name": "w1", "zone": "west-a"}],
                      clients=[{"name": "b-listed-first", "requestsPerSecond": 100, "rttMs": rtt},
                               {"name": "a-listed-second", "requestsPerSecond": 100, "rttMs": rtt}]),
                ["SL-4.6-a"]))
    out.append(("slb/tie/largest-remainder", "0.001 offered to two backends of equal room in one tier (east-b listed first, "
                "east-a nearer): the one unit goes to the backend listed first, so only east-b serves.", ["SLB-8", "SLB-11"],
                g.slb([{"name": "b-b", "zone": "east-b"}, {"name": "b-a", "zone": "east-a"}],
                      clients=[{"name": "c1", "requestsPerSecond": 0.001, "rttMs": rtt}]), ["SL-4.6-b"]))
    # overload in multi-region plans
    iso = {"isolationConfig": {"isolationGranularity": "REGION"}}
    out.append(("slb/readings/overload-only-backends-that-can-serve", "NEAREST: east has e1 (can serve, 100) and e2 (200, no "
                "healthy member). a-large (300) fills both; b-small (100) is overload, and only the backends of east that can "
                "serve take it: e1, so b-small is served from east-a alone, not east-b.", ["SLB-25", "SLB-26"],
                g.slb([{"name": "e1", "zone": "east-a"}, {"name": "e2", "zone": "east-b", "members": 2, "healthy": 0},
                       {"name": "w1", "zone": "west-a"}], policy=iso,
                      clients=[{"name": "a-large", "requestsPerSecond": 300, "rttMs": rtt},
                               {"name": "b-small", "requestsPerSecond": 100, "rttMs": rtt}]), ["SL-4.6-c"]))
    out.append(("slb/readings/overload-when-none-can-serve", "No backend anywhere has a healthy member: NEAREST keeps east "
                "(it has capacity), and the 500 beyond its 300 overload all of east's tier backends: nothing is dropped.",
                ["SLB-25", "SLB-26"],
                g.slb([{"name": "e1", "zone": "east-a", "members": 2, "healthy": 0}, {"name": "e2", "zone": "east-b", "healthy": 0},
                       {"name": "w1", "zone": "west-a", "healthy": 0}], policy=iso,
                      clients=[{"name": "c1", "requestsPerSecond": 800, "rttMs": rtt}]), ["SL-4.6-c", "SL-4.5-d"]))
    zones4 = {"east": ["east-a", "east-b"], "west": ["west-a", "west-b"]}
    out.append(("slb/tiers/by-zone-overflow-to-next-region", "WATERFALL_BY_ZONE, 250 offered, 100 per zone: east's two zones "
                "fill, then west's nearest zone west-a takes 50; west-b takes nothing.", ["SLB-12", "SLB-10"],
                g.slb([{"name": n, "zone": n} for n in ("east-a", "east-b", "west-a", "west-b")], topology=zones4,
                      policy={"loadBalancingAlgorithm": "WATERFALL_BY_ZONE"},
                      clients=[{"name": "c1", "requestsPerSecond": 250,
                                "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50, "west-b": 60}}]), ["SL-4.5-h"]))
    out.append(("slb/tiers/nearest-skips-zero-capacity-region", "NEAREST: east's only backend has capacity scaler 0, so no "
                "backend of east can serve: west is the allowed region.", ["SLB-26", "SLB-17"],
                g.slb([{"name": "e1", "zone": "east-a", "scaler": 0}, {"name": "w1", "zone": "west-a"}], policy=iso),
                ["SL-4.5-d", "SL-4.5-b"]))
    # gRPC's gentle_failover (GAP-63)
    out.append(("slb/readings/gentle-failover-survivor-gets-nothing", "gRPC's gentle_failover: a primary group of 3 with 2 "
                "stopped (33% healthy, below the threshold) near the client, a secondary group of 2 farther: the 100 offered "
                "fit the secondary, so the survivor gets nothing (GAP-63: below the threshold is the last resort, not a share "
                "in proportion to health).", ["SLB-21", "SLB-22", "SLB-20"],
                g.slb([{"name": "primary", "zone": "east-a", "members": 3, "healthy": 1, "rate": 100},
                       {"name": "secondary", "zone": "east-b", "members": 2, "rate": 100}]), ["SL-4.3-b", "SL-4.5-i"]))
    # order
    ordered = g.slb([{"name": "e1", "zone": "east-a"}, {"name": "e2", "zone": "east-b", "members": 3},
                     {"name": "w1", "zone": "west-a"}], clients=[{"name": "c1", "requestsPerSecond": 450, "rttMs": rtt}])
    out.append(("slb/order/backend-groups-reversed", "The backendGroups entries in reverse order describe the same backends: "
                "the same plan (450 offered: east full, 50 to west).", ["SLB-8", "SLB-10"],
                changed(ordered, lambda d: d["backendGroups"].reverse()), ["SL-1.4-a"]))
    out.append(("slb/order/regions-reversed", "The topology's regions listed west first: the order of regions decides "
                "nothing, distances do (east is nearer).", ["SLB-8", "SLB-10"],
                changed(ordered, lambda d: d["topology"]["regions"].reverse()), ["SL-1.2-b", "SL-4.5-a"]))
    # rounding order
    out.append(("slb/readings/round-after-members", "maxRatePerInstance 0.001 x 3 members x capacityScaler 0.5: 0.003 x 0.5 = "
                "0.0015, rounded down once to 0.001; scaling each member first would round 0.0005 to 0 and give 0.",
                ["SLB-34", "SLB-33"], g.slb([{"name": "b1", "zone": "east-a", "members": 3, "rate": 0.001, "scaler": 0.5},
                                             {"name": "b2", "zone": "east-b"}]), ["SL-4.2-a", "SL-0-a"]))
    out.append(("slb/readings/round-utilization-once", "UTILIZATION: 0.001 per member x 3 members x maxUtilization 0.5 = "
                "0.0015, rounded down once to 0.001 (per member first would give 0).", ["SLB-34"],
                g.slb([{"name": "b1", "zone": "east-a", "members": 3, "mode": "UTILIZATION",
                        "capacity": {"maxUtilization": 0.5}, "perMember": 0.001}]), ["SL-4.2-a", "SL-0-a"]))
    return out


def service_lb_policy(g: Any) -> int:
    f = g.VectorFile("edge_cases/service_lb_policy_statements.json",
                     ["The statements of docs/spec/service-lb-policy.md that a reader could take another way: the document's",
                      "fields left out or required, names, the kinds of number, which policy applies and its proto field",
                      "names, fields a balancing mode does not use, backends without members, plans before, at and after",
                      "the first health report, ties, overload in multi-region plans, and the order of rounding."],
                     kind="service-lb-policy")
    f.group("The document: required fields, names, numbers per kind, policies named and given, proto field names, fields "
            "a mode does not use, backend groups, capacity bounds.")
    for ident, comment, clauses, doc, statements in slb_document(g):
        f.add(ident, comment, clauses, doc, statements=statements)
    f.group("Plans: defaults left out, backends without members, before/at/after the first report, ties, overload in "
            "multi-region plans, rounding order.")
    for ident, comment, clauses, doc, statements in slb_plans(g):
        f.add(ident, comment, clauses, doc, statements=statements)
    return cast(int, f.write())


def families(g: Any) -> list[tuple[str, Callable[[], int]]]:
    return [("edge_cases/passthrough_statements.json", lambda: passthrough(g)),
            ("edge_cases/timeline_statements.json", lambda: timeline(g)),
            ("edge_cases/service_lb_policy_statements.json", lambda: service_lb_policy(g))]
