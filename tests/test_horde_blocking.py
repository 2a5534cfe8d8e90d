"""The Horde's blocking rule: the fast form equals the text read literally, and costs no pairs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcli.engine.rng import Rng
from cardcli.games.horde import blocking
from cardcli.magic import combat
from cardcli.magic.effects import token_proto
from cardcli.magic.objects import Obj
from cardcli.magic.table import Table
from tests.magic_helpers import Duel


def _token(table: Table, player: str, power: int, toughness: int, keywords: list[str]) -> Obj:
    data = {
        "name": f"T{power}{toughness}",
        "types": ["Creature"],
        "colors": ["B"],
        "power": str(power),
        "toughness": str(toughness),
        "keywords": keywords,
    }
    obj = table.create_tokens(token_proto(data), player, 1)[0]
    obj.sick = False
    return obj


def literal_blocks(
    table: Table, blockers: list[Obj], attackers: list[Obj]
) -> list[tuple[int, int]]:
    """The text, sentence by sentence, with no ties: every pair looked at."""

    def power(obj: Obj) -> tuple[int, int]:
        return (table.chars(obj).power, table.chars(obj).toughness)

    ordered = sorted(attackers, key=power, reverse=True)
    blocked: set[int] = set()
    blocks = []
    for blocker in sorted(blockers, key=power, reverse=True):
        for attacker in ordered:
            if attacker.id in blocked or "menace" in table.chars(attacker).keywords:
                continue
            if combat.can_block(table, blocker, attacker):
                blocks.append((blocker.id, attacker.id))
                blocked.add(attacker.id)
                break
    return blocks


creature = st.tuples(
    st.integers(0, 9),
    st.integers(1, 9),
    st.lists(
        st.sampled_from(["Flying", "Reach", "Menace", "Can't be blocked"]), max_size=2, unique=True
    ),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(creature, max_size=8), st.lists(creature, max_size=8))
def test_the_fast_rule_is_the_literal_rule(horde: list[Any], players: list[Any]) -> None:
    # Distinct power/toughness on each side: no chance involved, so both must agree exactly.
    horde = list({(p, t): (p, t, k) for p, t, k in horde}.values())
    players = list({(p, t): (p, t, k) for p, t, k in players}.values())
    duel = Duel()
    table = duel.table
    blockers = [_token(table, "bob", p, t, k) for p, t, k in horde]
    attackers = [_token(table, "alice", p, t, k) for p, t, k in players]
    fast, record = blocking.horde_blocks(table, blockers, attackers, Rng(1))
    assert fast == literal_blocks(table, blockers, attackers)
    assert record["chance"] == []
    assert len({a for _, a in fast}) == len(fast) and len({b for b, _ in fast}) == len(fast)


def test_seventy_identical_tokens_cost_one_check_per_attacker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    duel = Duel()
    table = duel.table
    blockers = [_token(table, "bob", 2, 2, []) for _ in range(70)]
    attackers = [_token(table, "alice", p, 5, ["Flying"] if p % 2 else []) for p in range(1, 21)]
    calls = 0
    original = combat.can_block

    def counting(table: Table, blocker: Obj, attacker: Obj) -> bool:
        nonlocal calls
        calls += 1
        return original(table, blocker, attacker)

    monkeypatch.setattr(combat, "can_block", counting)
    blocks, record = blocking.horde_blocks(table, blockers, attackers, Rng(3))
    assert len(blocks) == 10  # the ten attackers without flying
    assert calls <= len(attackers)  # one kind of blocker: each attacker checked once
    assert len(record["chance"]) == 10  # which of the identical tokens block is chance


def test_ties_among_blockers_are_broken_by_the_seeded_stream() -> None:
    outcomes = set()
    for seed in range(10):
        duel = Duel()
        table = duel.table
        blockers = [_token(table, "bob", 2, 2, []) for _ in range(3)]
        attackers = [_token(table, "alice", 3, 3, [])]
        blocks, _ = blocking.horde_blocks(table, blockers, attackers, Rng(seed))
        outcomes.add(blockers.index(table.objects[blocks[0][0]]))
    assert outcomes == {0, 1, 2}
