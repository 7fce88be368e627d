#!/usr/bin/env python3
"""An lbconform adapter, protocol only: copy this file to start yours (standard library only).

Fill in the function of each kind you implement (marked FILL IN) and add the kind to KINDS.
Cases of other kinds, and any case your function raises Unsupported for, are answered
{"unsupported": true}: reported apart, never a failure. Standard output carries the
protocol only; log to standard error. The protocol, the scenarios and the decisions:
vectors/README.md; a complete adapter: vectors/adapters/python/lbconform_adapter.py.

    lbconform run --impl 'python3 lbconform_adapter_template.py'
"""
import json, os, sys
from typing import Any, Callable, Dict, List, Union

Document = Dict[str, Any]
Scenario = Union[Document, str]  # `input`, or `inputText` (a malformed document to parse yourself)

IMPLEMENTATION = {"name": "my-implementation", "version": "0.0.0"}  # FILL IN: shown in every report
KINDS: List[str] = []  # FILL IN: the kinds you implement, e.g. ["passthrough"]


class Unsupported(Exception):
    """Raise it for a case you do not answer, e.g. a profile you do not implement."""


def decide_passthrough(scenario: Scenario, profile: str) -> Document:
    """FILL IN. Kind passthrough: one new connection.
    Return {"valid", "errors", "eligible", "zonalAffinity", "modifiedEligible"}."""
    raise Unsupported


def decide_timeline(scenario: Scenario, profile: str) -> Document:
    """FILL IN. Kind passthrough-timeline: connections over time.
    Return {"valid", "errors", "initial", "steps"}."""
    raise Unsupported


def decide_service_lb_policy(scenario: Scenario, profile: str) -> Document:
    """FILL IN. Kind service-lb-policy: a plan of the policy.
    Return {"valid", "errors", "policy", "backends", "clients"}."""
    raise Unsupported


DECIDERS: Dict[str, Callable[[Scenario, str], Document]] = {
    "passthrough": decide_passthrough,
    "passthrough-timeline": decide_timeline,
    "service-lb-policy": decide_service_lb_policy,
}


def answer(message: Document) -> Document:
    """The one line that answers a hello or a case."""
    if message["type"] == "hello":
        return {"type": "hello", "protocol": 1, "implementation": IMPLEMENTATION, "kinds": KINDS}
    kind, profile = message.get("kind"), message.get("profile", "spec-docs")
    if kind in KINDS and kind in DECIDERS:
        scenario = message["inputText"] if "inputText" in message else message["input"]
        try:
            return {"type": "result", "id": message["id"], "output": DECIDERS[kind](scenario, profile)}
        except Unsupported:
            pass
    return {"type": "result", "id": message["id"], "unsupported": True}


def main() -> None:
    for line in sys.stdin.buffer:  # one UTF-8 JSON object per line; the loop ends at end of input
        message = json.loads(line)
        if message.get("type") == "bye":
            return
        if message.get("type") in ("hello", "case"):
            sys.stdout.write(json.dumps(answer(message)) + "\n")
            sys.stdout.flush()  # the runner waits for each line


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # lbconform stopped reading (check stops early): leave quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
