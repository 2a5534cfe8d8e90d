"""Hunsberger's Solitaire scenarios: the outcomes tests/test_scenarios.py does not check.

Each file under scenarios/hunsberger/ may also say, under ``expect``:

* ``damage``: every damage event, in order, as ``[source, amount, rule]`` or
  ``[source, amount, rule, attacker]`` (the attacker when it is not the source);
* ``events``: events that must appear in this order (each a subset of an event's fields);
* ``slots``: the names in each Save slot at the end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardcli.engine.session import Session
from cardcli.games.hunsberger.rules import HunsbergerState
from tests.conftest import REPO, new_session

SCENARIOS = sorted((REPO / "scenarios" / "hunsberger").glob("*.yaml"))


def run(path: Path) -> tuple[dict[str, Any], Session, list[dict[str, Any]]]:
    spec: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    session, lines = new_session("hunsberger", seed=spec.get("seed", 1), **spec.get("options", {}))
    for text in spec["commands"]:
        session.submit(text)
    return spec, session, lines


def damage_of(lines: list[dict[str, Any]]) -> list[list[Any]]:
    found = []
    for line in lines:
        if line["type"] == "damage":
            entry = [line["source"], line["amount"], line["rule"]]
            if line.get("attacker") not in (None, line["source"]):
                entry.append(line["attacker"])
            found.append(entry)
    return found


def test_every_rule_has_scenarios() -> None:
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_events_damage_and_slots(path: Path) -> None:
    spec, session, lines = run(path)
    expect = spec["expect"]
    if "damage" in expect:
        assert damage_of(lines) == expect["damage"]
    if "events" in expect:
        wanted = list(expect["events"])
        for line in lines:
            if wanted and all(line.get(k) == v for k, v in wanted[0].items()):
                wanted.pop(0)
        assert wanted == [], f"missing, in order: {wanted}"
    if "slots" in expect:
        state = session.state
        assert isinstance(state, HunsbergerState)
        assert [state.table.names(slot.cards) for slot in state.table.slots] == expect["slots"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_score_is_the_sum_of_its_damage_events(path: Path) -> None:
    _, session, lines = run(path)
    total = sum(line["amount"] for line in lines if line["type"] == "damage")
    assert session.state.result()["scores"]["p1"] == total
