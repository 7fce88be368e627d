#!/usr/bin/env python3
"""A stateful lbconform adapter: timelines as sessions, event by event.

The load balancer here runs the way an emulator or a control plane does: it
holds a VM health table, the failover policy and a connection table, and each
event updates them in place. Nothing replays the history. lbconform drives it
through the session form of the protocol (vectors/README.md, "Sessions"):

    runner  -> {"type": "hello", "protocol": 1}
    adapter -> {"type": "hello", "protocol": 1, ..., "kinds": [...],
                "sessions": {"version": 1, "kinds": ["passthrough-timeline"], "maxOpen": 64}}
    runner  -> {"type": "open", "session": "S", "seq": 0, "kind": "passthrough-timeline", "profile": "...", "input": {...}}
    adapter -> {"type": "state", "session": "S", "seq": 0, "output": {...initial state...}}
    runner  -> {"type": "event", "session": "S", "seq": 1, "event": {...}}
    adapter -> {"type": "state", "session": "S", "seq": 1, "output": {...the state after it...}}
    runner  -> {"type": "query", "session": "S", "seq": 2}   ->  the state as it is
    runner  -> {"type": "close", "session": "S", "seq": 3}   ->  {"type": "closed", ...}

Run it:  lbconform run --impl 'python3 vectors/adapters/stateful/lbconform_stateful_adapter.py'
         lbconform check --impl 'python3 vectors/adapters/stateful/lbconform_stateful_adapter.py'

To check your own system, replace LoadBalancer's methods with calls into it:
`__init__` configures it, `apply` delivers one event and reads its state back.
Reading documents and the pool of a moment (docs/spec/passthrough.md) are the
example adapter's, ../python/lbconform_adapter.py, which must sit beside this
folder; whole cases of the other kinds go to it too.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List, Optional, Set

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
import lbconform_adapter as example  # noqa: E402  (the document reader and the pool)

Json = Dict[str, Any]

MAX_EVENTS = 10_000  # a timeline's events (docs/spec/passthrough-timeline.md 2.2)
MAX_STEP_ENTRIES = 1_000_000  # the sum over the steps of VMs + connections so far (2.4)
MAX_OPEN = 64  # sessions held at once (the hello's maxOpen)
EVENT_TYPES = ("health", "connect", "close", "config", "advance")
ROLES = {"PRIMARY_HEALTHY": "primary", "PRIMARY_LAST_RESORT": "primary", "BACKUP_HEALTHY": "backup"}
TRANSITIONS = {("primary", "backup"): "FAILOVER", ("backup", "primary"): "FAILBACK"}


class Rejected(Exception):
    """An open or an event the load balancer refuses, with its error codes."""

    def __init__(self, errors: List[Json]) -> None:
        super().__init__(errors[0]["code"] if errors else "")
        self.errors = errors


@dataclass
class Connection:
    """One entry of the connection table."""

    vm: str
    protocol: str
    state: str = "ACTIVE"
    until: Optional[int] = None  # when DRAINING: the time the drain ends


class LoadBalancer:
    """One internal passthrough Network Load Balancer as it runs.

    R1..R8 are the rules of docs/spec/passthrough-timeline.md 4.2, applied to
    the tables in place as each event arrives.
    """

    def __init__(self, document: object, profile: str) -> None:
        config: Json = read_configuration(document, profile)
        self.config = config  # the example's scenario: VM health and failover policy, kept current
        self.profile = profile
        self.timeout: int = config["timeout"] if config["timeout"] is not None else (600 if profile == "api-10min" else 300)
        self.vms: Dict[str, Json] = {vm["name"]: vm for vm in config["vms"]}
        self.connections: Dict[str, Connection] = {}
        self.pool: Json = example.pool(config, profile)
        self.role: Optional[str] = ROLES.get(self.pool["eligible"]["kind"])
        self.now: Optional[int] = None  # the time of the last event
        self.events = 0
        self.entries = 0  # step entries so far (MAX_STEP_ENTRIES)

    def initial(self) -> Json:
        return dict(self.pool)

    def apply(self, raw: object) -> Json:
        """Delivers one event and returns the state right after it."""
        event = self.read_event(raw)
        at: int = event["at"]
        self.end_drains(at)  # R1
        self.deliver(event)  # R2
        pool: Json = example.pool(self.config, self.profile)  # R3
        new_role = ROLES.get(pool["eligible"]["kind"])  # R4
        transition = TRANSITIONS.get((self.role or "", new_role or ""), "NONE")
        self.role = new_role
        in_pool: Set[str] = set(pool["eligible"]["backends"])
        all_unhealthy = not any(vm["healthy"] for vm in self.vms.values())
        for connection in self.connections.values():
            if connection.state == "ACTIVE" and connection.vm not in in_pool and transition != "NONE":
                self.leave_pool(connection, at)  # R5
            elif connection.state == "DRAINING" and connection.vm in in_pool:
                connection.state, connection.until = "ACTIVE", None  # R6: back in the pool (GAP-19)
            if connection.state == "ACTIVE" and not self.vms[connection.vm]["healthy"]:
                if not self.persists(connection.protocol, all_unhealthy):
                    connection.state = "CLOSED"  # R7, also on a VM of the pool (GAP-21)
        if event["type"] == "connect":  # R8: judged against this event's pool
            allowed = event["instance"] in pool["modifiedEligible"]
            self.connections[event["connection"]] = Connection(event["instance"], event["protocol"],
                                                               "ACTIVE" if allowed else "REFUSED")
        self.pool, self.now = pool, at
        self.events += 1
        self.entries += len(self.vms) + len(self.connections)
        return dict(self.state(), transition=transition)

    def state(self) -> Json:
        """The observable state: the pool, the time of the last event and the connection table."""
        out = dict(self.pool)
        if self.now is not None:
            out["at"] = self.now
        out["connections"] = [self.listed(cid) for cid in sorted(self.connections, key=lambda c: c.encode())]
        return out

    def listed(self, cid: str) -> Json:
        connection = self.connections[cid]
        entry: Json = {"id": cid, "instance": connection.vm, "protocol": connection.protocol, "state": connection.state}
        if connection.state == "DRAINING":
            entry["drainingUntil"] = connection.until
        return entry

    # -------------------------------------------------------- the rules, one method each

    def end_drains(self, at: int) -> None:
        """R1: a drain whose end has come is CLOSED (GAP-23), before the event applies."""
        for connection in self.connections.values():
            if connection.state == "DRAINING" and connection.until is not None and at >= connection.until:
                connection.state, connection.until = "CLOSED", None

    def deliver(self, event: Json) -> None:
        """R2: the event changes the tables."""
        if event["type"] == "health":
            self.vms[event["instance"]]["healthy"] = event["healthy"]
        elif event["type"] == "config":
            self.config.update(event["change"])  # read again at every transition (GAP-22)
        elif event["type"] == "close":
            connection = self.connections[event["connection"]]
            if connection.state in ("ACTIVE", "DRAINING"):
                connection.state, connection.until = "CLOSED", None

    def leave_pool(self, connection: Connection, at: int) -> None:
        """R5: an ACTIVE connection on a VM outside the new active pool, at a failover or failback."""
        if connection.protocol != "TCP":  # draining and resets are for TCP (GAP-18)
            connection.state = "CLOSED"
        elif self.config["no_drain"]:
            connection.state = "RESET"
        elif self.timeout == 0:  # a 0 s drain ends as it starts (GAP-23)
            connection.state = "CLOSED"
        else:
            connection.state, connection.until = "DRAINING", self.drain_deadline(at)

    def drain_deadline(self, at: int) -> int:
        """When a drain that starts at `at` ends (FO-21)."""
        return at + self.timeout

    def persists(self, protocol: str, all_unhealthy: bool) -> bool:
        """R7: may an ACTIVE connection on an unhealthy VM stay (docs/spec/passthrough-timeline.md 4.6)?"""
        if self.config["persistence"] == "ALWAYS_PERSIST":
            return True
        if self.config["persistence"] == "NEVER_PERSIST":
            return all_unhealthy
        five_tuple = self.config["tracking"] == "PER_CONNECTION" or self.config["affinity"] in ("NONE", "CLIENT_IP_PORT_PROTO")
        return protocol != "UDP" and five_tuple

    # -------------------------------------------------------- one event, read and checked against the tables

    def read_event(self, raw: object) -> Json:
        """Reads event number self.events + 1 as the document cut after it would be read (section 5)."""
        if self.events >= MAX_EVENTS:
            raise Rejected([error("TOO_MANY_OBJECTS", "/events", "more than 10,000 events")])
        try:
            event, unchecked_ratio = self.read_fields(raw)
        except example.Rejected as rejected:
            raise Rejected([rejected.error]) from None
        except TypeError:
            raise Rejected([error("WRONG_TYPE", f"/events/{self.events}", "a ratio is not a number")]) from None
        opened = len(self.connections) + (1 if event["type"] == "connect" else 0)
        if self.entries + len(self.vms) + opened > MAX_STEP_ENTRIES:
            raise Rejected([error("TOO_MANY_OBJECTS", f"/events/{self.events}", "over 1,000,000 step entries")])
        if unchecked_ratio is not None and not 0 <= unchecked_ratio <= 1:  # a spec rule, after reading (FO-11)
            raise Rejected([error("FAILOVER_RATIO_OUT_OF_RANGE", f"/events/{self.events}", "config event ratio")])
        return event

    def read_fields(self, raw: object) -> tuple[Json, Optional[Fraction]]:
        e = example.Obj(raw, f"/events/{self.events}", strict=True)
        at = example.seconds(e.get("at", (int, float), required=True), e.path + "/at")
        if self.now is not None and at < self.now:
            raise example.Rejected("EVENTS_OUT_OF_ORDER", e.path + "/at", "goes back in time")
        kind = example.enum(e.get("type", str, required=True), EVENT_TYPES, e.path + "/type")
        event: Json = {"at": at, "type": kind}
        ratio: Optional[Fraction] = None
        if kind == "connect":
            event["connection"] = self.new_connection_id(e)
        if kind in ("health", "connect"):
            event["instance"] = self.known_vm(e)
        if kind == "health":
            state = example.enum(e.get("healthState", str, required=True), ("HEALTHY", "UNHEALTHY"), e.path + "/healthState")
            event["healthy"] = state == "HEALTHY"
        elif kind == "connect":
            event["protocol"] = example.enum(e.get("protocol", str, "TCP"), ("TCP", "UDP", "SCTP"), e.path + "/protocol")
        elif kind == "close":
            event["connection"] = e.get("connection", str, required=True)
            if event["connection"] not in self.connections:
                raise example.Rejected("UNKNOWN_CONNECTION", e.path + "/connection", "never opened")
        elif kind == "config":
            event["change"], ratio = self.read_change(e)
        e.finish()
        return event, ratio

    def new_connection_id(self, e: Any) -> str:
        connection: str = e.get("connection", str, required=True)
        if not connection:
            raise example.Rejected("INVALID_NAME", e.path + "/connection", "empty connection id")
        if connection in self.connections:
            raise example.Rejected("DUPLICATE_CONNECTION_ID", e.path + "/connection", "opened twice")
        return connection

    def known_vm(self, e: Any) -> str:
        vm: str = example.last_segment(e.get("instance", str, required=True), e.path + "/instance")
        if vm not in self.vms:
            raise example.Rejected("UNKNOWN_INSTANCE_REFERENCE", e.path + "/instance", f"no instance {vm}")
        return vm

    @staticmethod
    def read_change(e: Any) -> tuple[Json, Optional[Fraction]]:
        policy = example.Obj(e.get("failoverPolicy", dict, required=True), e.path + "/failoverPolicy", strict=True)
        change: Json = {}  # a field given as null is not given (docs/spec/passthrough-timeline.md 2.4)
        if policy.value.get("failoverRatio") is not None:
            change["failover_ratio"] = example.read_ratio(policy, "failoverRatio")
        policy.read.add("failoverRatio")
        drop = policy.get("dropTrafficIfUnhealthy", bool)
        if drop is not None:
            change["drop"] = drop
        no_drain = policy.get("disableConnectionDrainOnFailover", bool)
        if no_drain is not None:
            change["no_drain"] = no_drain
        policy.finish()
        ratio: Optional[Fraction] = change.get("failover_ratio")
        return change, ratio


def error(code: str, path: str, message: str) -> Json:
    return {"code": code, "path": path, "message": message}


def read_configuration(document: object, profile: str) -> Json:
    """The open's document (a timeline with no events) read and validated by the example adapter."""
    try:
        doc = example.parse_document(document) if isinstance(document, str) else document
        config: Json = example.read_scenario(doc, "passthrough-timeline")
    except example.Rejected as rejected:
        raise Rejected([rejected.error]) from None
    except TypeError:
        raise Rejected([error("WRONG_TYPE", "", "a ratio is not a number")]) from None
    problems: List[Json] = example.validate(config, profile) + example.validate_timeline(config)
    if problems:
        raise Rejected(problems)
    if config["events"]:  # an open carries no events; a document sent whole is applied as it comes
        events, config["events"] = config["events"], []
        raise Rejected([error("UNKNOWN_FIELD", "/events", f"an open carries no events ({len(events)} given)")])
    return config


# ---------------------------------------------------------------- the protocol

class Adapter:
    """The sessions open, by id, and the answer to each message."""

    def __init__(self, balancer: type[LoadBalancer] = LoadBalancer) -> None:
        self.balancer = balancer
        self.sessions: Dict[str, LoadBalancer] = {}
        self.rejected: Set[str] = set()  # sessions whose last event was refused: only close is left

    def answer(self, message: Json) -> Json:
        kind = message.get("type")
        if kind == "hello":
            return {"type": "hello", "protocol": 1, "implementation": {"name": "lbconform-python-stateful", "version": "0.1.0"},
                    "kinds": ["passthrough", "service-lb-policy"],
                    "sessions": {"version": 1, "kinds": ["passthrough-timeline"], "maxOpen": MAX_OPEN}}
        if kind == "case":  # whole cases of the other kinds: the example adapter
            if message.get("kind") not in ("passthrough", "service-lb-policy"):
                return {"type": "result", "id": message.get("id"), "unsupported": True}
            document = message["inputText"] if "inputText" in message else message.get("input")
            output: Json = example.decide(document, message.get("profile", "spec-docs"))
            return {"type": "result", "id": message.get("id"), "output": output}
        reply: Json = {"type": "closed" if kind == "close" else "state", "session": message.get("session"), "seq": message.get("seq")}
        try:
            reply.update(self.session_answer(str(kind), message))
        except Rejected as rejected:
            reply["output"] = {"valid": False, "errors": rejected.errors}
        return reply

    def session_answer(self, kind: str, message: Json) -> Json:
        sid = message.get("session")
        if not isinstance(sid, str) or kind not in ("open", "event", "query", "close"):
            return {"error": f"not a session message: {kind}"}
        if kind == "open":
            return self.open(sid, message)
        if kind == "close":
            self.sessions.pop(sid, None)
            self.rejected.discard(sid)
            return {}
        balancer = self.sessions.get(sid)
        if balancer is None or sid in self.rejected:
            return {"error": f"no session {sid} is open" if balancer is None else "the session was rejected"}
        if kind == "query":
            return {"output": balancer.state()}
        self.rejected.add(sid)  # until the event is applied
        output = balancer.apply(message.get("event"))
        self.rejected.discard(sid)
        return {"output": output}

    def open(self, sid: str, message: Json) -> Json:
        if message.get("kind") != "passthrough-timeline" or message.get("profile") not in ("spec-docs", "en-2026-04-02", "api-10min"):
            return {"unsupported": True}
        if sid in self.sessions or len(self.sessions) >= MAX_OPEN:
            return {"error": "session open already" if sid in self.sessions else "too many sessions open"}
        document = message["inputText"] if "inputText" in message else message.get("input")
        balancer = self.balancer(document, str(message["profile"]))
        self.sessions[sid] = balancer
        return {"output": balancer.initial()}


def serve(adapter: Adapter) -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if not isinstance(message, dict) or message.get("type") == "bye":
            return
        sys.stdout.write(json.dumps(adapter.answer(message)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(Adapter())
