"""Abilities granted by static abilities (613.1f, layer 6), played as the receiver's own.

"Sliver creatures you control have "When this creature enters, ..."" (an
``ability_grant`` static), "Enchanted land has "{T}, Pay 1 life: Draw a card.""
(an ``attached`` one with ``abilities``). Which permanents a grant reaches, and in
what order with "loses all abilities", is layer 6 of ``chars`` (``Chars.grants``:
the granting statics that reach an object, one per permanent granting).

A permanent that has granted abilities holds a proto of its own for as long as it
has them: its printed proto with the granted triggered, activated and mana
abilities added (``Proto.base`` names the printed one). So every reader of an
object's abilities (triggers by event kind, the activated abilities a player or a
bot may use, mana sources) sees them without asking; the battlefield's indexes
(``watchers``, ``acting``) follow each swap. Derived protos are made once for each
printed proto and set of grants, and shared.

When the set changes: a permanent's grants are looked at as it enters (so a
Sliver entering with a Lavabelly Sliver on the battlefield has the enters
trigger, 603.6a, and so does the Lavabelly Sliver itself); every permanent's
as a granting permanent enters; those holding grants as one leaves; and every
permanent's when state-based actions are checked after statics or objects changed
(an Aura attached elsewhere, a creature that lost its abilities or changed type).
A card that leaves the battlefield is a new object with its printed proto only
(400.7); its leaves-the-battlefield triggers look back at what it had (603.10a).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardcli.magic.cards import Ability, Proto
from cardcli.magic.chars import Chars, StaticEffect, applies, matches
from cardcli.magic.chars import Table as CharsTable
from cardcli.magic.objects import Obj


@dataclass
class Grants:
    """A board's granted abilities: how many granting statics are on the battlefield, the
    permanents holding a derived proto, and the derived protos made so far."""

    sources: int = 0
    holders: dict[int, Obj] = field(default_factory=dict)
    protos: dict[tuple[Proto, tuple[Ability, ...]], Proto] = field(default_factory=dict)
    seen: tuple[int, int, int] = (-1, -1, -1)


class Board(Protocol):
    """What grants read and keep up to date (``board.Board`` is one)."""

    grants: Grants
    battlefield: dict[int, Obj]
    acting: dict[int, Obj]  # permanents with activated or mana abilities
    watchers: dict[str, dict[int, tuple[Ability, ...]]]  # triggers by event kind
    static_version: int
    zone_version: int

    def chars(self, obj: Obj) -> Chars: ...


class Restricting(CharsTable, Protocol):
    """What blocking restrictions are read from (``board.Board`` is one)."""

    def memo(self, key: str, compute: Callable[[], Any]) -> Any: ...


def grants_of(proto: Proto) -> int:
    """How many granting statics ``proto`` has."""
    return sum(1 for a in proto.statics if "abilities" in a.data)


def entered(board: Board, obj: Obj) -> None:
    """``obj`` has just entered the battlefield (its statics registered)."""
    own = grants_of(obj.proto)
    if own:
        board.grants.sources += own
        for other in list(board.battlefield.values()):
            sync(board, other)
    elif board.grants.sources:
        sync(board, obj)


def left(board: Board, obj: Obj) -> None:
    """``obj`` has just left the battlefield (its statics gone): it keeps what it had for
    its last known information; what it granted goes from the others."""
    board.grants.holders.pop(obj.id, None)
    own = grants_of(obj.proto)
    if own:
        board.grants.sources -= own
        for holder in list(board.grants.holders.values()):
            sync(board, holder)


def refresh(board: Board) -> None:
    """Every permanent's grants again, if statics or objects changed since last time."""
    found = board.grants
    if not found.sources and not found.holders:
        return
    key = (board.static_version, board.zone_version, Obj.touches)
    if key == found.seen:
        return
    for obj in list(board.battlefield.values()):
        sync(board, obj)
    found.seen = (board.static_version, board.zone_version, Obj.touches)


def sync(board: Board, obj: Obj) -> None:
    """Give ``obj`` the proto its grants say now (its printed one if none)."""
    if obj.zone != "battlefield":
        return
    statics = board.chars(obj).grants
    printed = obj.proto.base or obj.proto
    want = _derived(board.grants, printed, statics) if statics else printed
    if want is obj.proto:
        return
    for kind in obj.proto.triggers:
        watching = board.watchers.get(kind)
        if watching is not None:
            watching.pop(obj.id, None)
    obj.proto = want
    for kind, found in want.triggers.items():
        watching = board.watchers.get(kind)
        if watching is not None:
            watching[obj.id] = found
    if want.activated or want.mana_abilities:
        board.acting[obj.id] = obj
    else:
        board.acting.pop(obj.id, None)
    if want.base is not None:
        board.grants.holders[obj.id] = obj
    else:
        board.grants.holders.pop(obj.id, None)


def _derived(found: Grants, printed: Proto, statics: tuple[Ability, ...]) -> Proto:
    key = (printed, statics)
    made = found.protos.get(key)
    if made is not None:
        return made
    triggers = {kind: list(abilities) for kind, abilities in printed.triggers.items()}
    activated = list(printed.activated)
    mana = list(printed.mana_abilities)
    for static in statics:
        granted = Proto.token({"name": printed.name, "abilities": static.data["abilities"]})
        for kind, abilities in granted.triggers.items():
            triggers.setdefault(kind, []).extend(abilities)
        activated.extend(granted.activated)
        mana.extend(granted.mana_abilities)
    made = dataclasses.replace(
        printed,
        triggers={kind: tuple(abilities) for kind, abilities in triggers.items()},
        activated=tuple(activated),
        mana_abilities=tuple(mana),
        base=printed,
    )
    found.protos[key] = made
    return made


def restrictions(board: Restricting) -> list[StaticEffect]:
    """The statics that make the permanents they affect harder to block ("Slivers can't be
    blocked except by Slivers", ``cant_be_blocked_by`` with ``affects``), as they are now."""

    def compute() -> list[StaticEffect]:
        return [
            st
            for st in board.statics
            if st.ability.static == "cant_be_blocked_by" and "affects" in st.ability.data
        ]

    found: list[StaticEffect] = board.memo("grants:restrictions", compute)
    return found


def unblockable_by(
    board: Restricting, attacker: Obj, attacker_chars: Chars, blocker: Obj, blocker_chars: Chars
) -> str | None:
    """The text of a static that keeps ``blocker`` from blocking ``attacker`` (509.1b), or None."""
    for st in restrictions(board):
        if applies(board, st, attacker, attacker_chars) and matches(
            board, st.ability.data.get("filter") or {}, blocker, blocker_chars, st.source.id
        ):
            return st.ability.text or st.source.name
    return None
