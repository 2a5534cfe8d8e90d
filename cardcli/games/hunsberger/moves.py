"""Every legal command of a Hunsberger's Solitaire position, in the text the parser takes."""

from __future__ import annotations

from typing import Protocol

from cardcli.games.hunsberger.artifacts import activate_commands, equip_commands
from cardcli.games.hunsberger.commands import MAX_TIMES
from cardcli.games.hunsberger.scoring import has_x
from cardcli.games.hunsberger.table import SLOTS, Table


class Position(Protocol):
    """What the legal commands are read from (``rules.HunsbergerState`` is one)."""

    table: Table

    def same_to_cast(self, a: int, b: int) -> bool: ...

    def same_to_save(self, a: int, b: int) -> bool: ...

    def save_problem(self, card: int, index: int) -> str | None: ...


def legal_commands(state: Position) -> list[str]:
    moves: list[str] = []
    seen: set[str] = set()

    def add(text: str) -> None:
        if text not in seen:
            seen.add(text)
            moves.append(text)

    for text in cast_commands(state):
        add(text)
    t = state.table
    available = t.available()
    pumpable = [c for c in t.summoned if t.profiles[c].per_mana]
    for card in pumpable:
        ref = t.ref(card, pumpable, state.same_to_cast)
        most = min(MAX_TIMES, available // t.profiles[card].per_mana)
        for times in range(1, most + 1):
            add(f"activate {ref} {times}")
    for text in artifact_commands(state):  # artifacts.py: damage abilities and Equipment
        add(text)
    sources = [c for c in t.sources() if t.profiles[c].tap_cost <= t.pool]
    for card in sources:
        add(f"tap {t.ref(card, sources, t.same_name)}")
    saveable = t.saveable()
    for card in saveable:
        ref = t.ref(card, saveable, state.same_to_save)
        for index in range(SLOTS):
            if state.save_problem(card, index) is None:
                add(f"save {ref} {index + 1}")
    add("end")
    return moves


def artifact_commands(state: Position) -> list[str]:
    return activate_commands(state) + equip_commands(state)


def cast_commands(state: Position) -> list[str]:
    t = state.table
    available = t.available()
    castable = t.castable()
    found: list[str] = []
    for card in castable:
        cost = t.cost(card)
        if cost > available:
            continue
        ref = t.ref(card, castable, state.same_to_cast)
        targets = target_texts(state, card)
        if targets == []:
            continue  # it needs a target and there is none
        xs = [f" X={x}" for x in range(available - cost + 1)] if has_x(t.cards[card]) else [""]
        for x in xs:
            for target in targets or [""]:
                found.append(f"cast {ref}{x}{target}")
    return found


def target_texts(state: Position, card: int) -> list[str] | None:
    """' -> TARGET' for each target the card may take; None if it takes none."""
    t = state.table
    p = t.profiles[card]
    if p.kind in ("pump", "aura") and not p.each:
        options = [c for c in t.creature_targets() if c != card]
        return _unique([f" -> {t.ref(c, options)}" for c in options])
    if p.kind == "recursion" and p.returns != "all":
        options = t.recursion_targets(card)
        return _unique([f" -> {t.ref(c, options, t.same_name)}" for c in options])
    return None


def _unique(texts: list[str]) -> list[str]:
    return list(dict.fromkeys(texts))
