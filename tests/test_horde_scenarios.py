"""Horde scenarios with richer expectations than the generic runner reads.

Every ``scenarios/horde/*.yaml`` runs here too, with the invariants checked
after every command. Beyond ``expect.rejected`` and ``expect.result`` a
scenario may state, after its commands:

* ``life``, ``turn``, ``active`` (players/horde), ``step``, ``waiting`` (the
  kind of decision pending) and ``waiting_for`` (the seat);
* ``zones``: per side (``horde``, ``p1``...) and zone, the card names in order
  (a library top first) or just how many;
* ``permanents``: per side, the battlefield in order, each entry a name or a
  mapping checked key by key (``card``, ``power``, ``toughness``, ``tapped``,
  ``damage``, ``counters``, ``keywords``);
* ``events``: events that must appear in this order (each matched on the keys
  it gives); ``absent``: events that must not appear at all.

Every line of every scenario's log validates against ``schemas/horde.schema.json``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardcli.engine.game import get_game
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session
from tests.conftest import REPO, new_session

SCENARIOS = sorted((REPO / "scenarios" / "horde").glob("*.yaml"))


def run_scenario(path: Path) -> tuple[Session, list[dict[str, Any]], list[str], dict[str, Any]]:
    spec: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    options = dict(spec.get("options", {}))
    for opt in get_game("horde").options:
        value = options.get(opt.name)
        if opt.kind == "data" and isinstance(value, str) and (path.parent / value).is_file():
            options[opt.name] = str(path.parent / value)
    session, lines = new_session("horde", seed=spec.get("seed", 1), **options)
    session.state.check_invariants()
    rejected = []
    for text in spec.get("commands") or []:
        if not session.submit(text).accepted:
            rejected.append(text)
        session.state.check_invariants()
    return session, lines, rejected, spec


def _matches(wanted: Any, found: Any) -> bool:
    """Mappings match on the keys given; lists element by element; the rest by equality."""
    if isinstance(wanted, dict):
        return isinstance(found, dict) and all(
            key in found and _matches(value, found[key]) for key, value in wanted.items()
        )
    if isinstance(wanted, list):
        return (
            isinstance(found, list)
            and len(found) == len(wanted)
            and all(_matches(w, f) for w, f in zip(wanted, found, strict=True))
        )
    return bool(wanted == found)


def check_expectations(
    session: Session, lines: list[dict[str, Any]], expect: dict[str, Any]
) -> None:
    table = session.state.table  # type: ignore[attr-defined]
    if "life" in expect:
        assert table.teams[0].life == expect["life"], "life"
    if "turn" in expect:
        assert table.turn == expect["turn"], "turn"
    if "active" in expect:
        assert table.active_team.name == expect["active"], "active team"
    if "step" in expect:
        assert table.step == expect["step"], "step"
    if "waiting" in expect:
        assert table.pending is not None and table.pending.kind == expect["waiting"], "waiting"
    if "waiting_for" in expect:
        assert table.pending is not None and table.pending.player == expect["waiting_for"]
    for side, zones in (expect.get("zones") or {}).items():
        player = table.players[side]
        for zone, wanted in zones.items():
            if zone == "battlefield":
                found = [o.name for o in table.battlefield.values() if o.controller == side]
            else:
                objs = player.zones.get(zone, [])
                found = [o.name for o in (reversed(objs) if zone == "library" else objs)]
            if isinstance(wanted, int):
                assert len(found) == wanted, f"{side} {zone}: {found}"
            else:
                assert found == wanted, f"{side} {zone}"
    for side, wanted in (expect.get("permanents") or {}).items():
        objs = [o for o in table.battlefield.values() if o.controller == side]
        assert len(objs) == len(wanted), f"{side} has {[o.name for o in objs]}"
        for obj, want in zip(objs, wanted, strict=True):
            want = {"card": want} if isinstance(want, str) else want
            ch = table.chars(obj)
            facts = {
                "card": obj.name,
                "power": ch.power,
                "toughness": ch.toughness,
                "tapped": obj.tapped,
                "damage": obj.damage,
                "counters": obj.counters,
                "keywords": sorted(ch.keywords),
            }
            for key, value in want.items():
                assert facts[key] == value, f"{side} #{obj.id} {obj.name}: {key} is {facts[key]}"
    position = 0
    for wanted in expect.get("events") or []:
        while position < len(lines) and not _matches(wanted, lines[position]):
            position += 1
        assert position < len(lines), f"no event {wanted} (in order)"
        position += 1
    for unwanted in expect.get("absent") or []:
        assert not any(_matches(unwanted, line) for line in lines), f"unexpected {unwanted}"


@cache
def validator() -> LineValidator:
    return LineValidator("horde")


def test_there_are_horde_scenarios() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_horde_scenario(path: Path) -> None:
    session, lines, rejected, spec = run_scenario(path)
    expect = spec["expect"]
    assert "rule" in spec, "every Horde scenario quotes the rule it tests"
    if "rejected" in expect:
        assert rejected == expect["rejected"]
    if "result" in expect:
        assert session.over, "the scenario's game did not end"
        result = session.state.result()
        for key, value in expect["result"].items():
            assert result[key] == value, key
    check_expectations(session, lines, expect)
    invalid = [(line, validator().errors(line)) for line in lines if validator().errors(line)]
    assert invalid == [], "a log line the schema refuses"


def _deck_cards() -> set[str]:
    names: set[str] = set()
    for deck in sorted((REPO / "decklists").glob("*.yaml")):
        data = yaml.safe_load(deck.read_text(encoding="utf-8"))
        if str(data.get("format", "")).startswith("horde"):
            names.update(entry["card"] for entry in data["main"])
    return names


def _played_cards() -> set[str]:
    """Every card a Horde scenario puts in a zone: its set-up's, its orders' and its casts'."""
    names: set[str] = set()
    for path in (REPO / "scenarios" / "horde" / "setups").glob("*.yaml"):
        position = yaml.safe_load(path.read_text(encoding="utf-8"))
        for side in ("horde", "p1", "p2", "p3", "p4"):
            for zone in (position.get(side) or {}).values():
                for entry in zone if isinstance(zone, list) else ():
                    names.add(entry if isinstance(entry, str) else entry.get("card", ""))
    for path in SCENARIOS:
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        options = spec.get("options") or {}
        orders = [options.get("horde_order") or "", *(options.get("order") or [])]
        for text in orders:
            names.update(part.split("=")[-1].strip() for part in text.split(";"))
    return names


def test_every_card_of_the_bundled_horde_decks_has_a_scenario() -> None:
    """Each card of the Zombie and Goblin hordes and of every bundled player deck plays in
    a scenario of scenarios/horde/."""
    missing = sorted(_deck_cards() - _played_cards())
    assert not missing, f"no scenario plays {missing}"
