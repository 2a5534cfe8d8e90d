"""Keywords whose every instance counts: frenzy N (702.68), absorb N (702.64), ward (702.21).

A creature's keywords are a set (flying twice is flying once, 702.2f and its kin),
but each instance of these does something again: two Frenzy Slivers give each
Sliver "frenzy 1" twice, and both trigger (702.68b); two instances of absorb
prevent both amounts (702.64b). Layer 6 of ``chars`` keeps them one by one in
``Chars.instances`` (printed, granted by each static, gained from an effect;
gone with "loses all abilities").

* Frenzy N: "Whenever this creature attacks and isn't blocked, it gets +N/+0 until
  end of turn." It triggers as blockers have been declared, for each attacking
  creature that no creature blocks (``unblocked``).
* Absorb N: "If a source would deal damage to this creature, prevent N of that
  damage." (``absorbed``; the damage fixed point asks it.)
* Ward {N}: "Whenever this permanent becomes the target of a spell or ability an
  opponent controls, counter that spell or ability unless that player pays {N}."
  (``warded``, as targets are announced; each instance triggers, 702.21b.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any, Protocol

from cardcli.magic.abilities import Ability
from cardcli.magic.objects import Obj

_COUNTED = re.compile(r"(frenzy|absorb) (\d+)|ward (\{\d+\})")


class Counted(Protocol):
    """Characteristics (``chars.Chars``): each instance of the counted keywords."""

    @property
    def instances(self) -> tuple[str, ...]: ...


class Table(Protocol):
    objects: dict[int, Obj]

    def chars(self, obj: Obj) -> Any: ...

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None: ...


class Wardable(Table, Protocol):
    def are_opponents(self, a: str, b: str) -> bool: ...


def counted(keywords: Iterable[str]) -> list[str]:
    """The keywords among ``keywords`` (normalised) whose instances count, in order."""
    return [k for k in keywords if _COUNTED.fullmatch(k)]


def numbers(chars: Counted, name: str) -> list[int]:
    """The N of each instance of keyword ``name`` (``"frenzy"``) the object has."""
    found = []
    for keyword in chars.instances:
        match = _COUNTED.fullmatch(keyword)
        if match is not None and match.group(1) == name:
            found.append(int(match.group(2)))
    return found


def wards(chars: Counted) -> list[str]:
    """The cost of each instance of ward the permanent has ("{2}")."""
    found = []
    for keyword in chars.instances:
        match = _COUNTED.fullmatch(keyword)
        if match is not None and match.group(3):
            found.append(match.group(3))
    return found


def absorbed(chars: Counted) -> int:
    """How much of one damage event absorb prevents (702.64a-b)."""
    return sum(numbers(chars, "absorb"))


@cache
def frenzy(n: int) -> Ability:
    """Frenzy N written out (702.68a)."""
    return Ability(
        index=-11,
        data={},
        when="attacks",
        effects=({"do": "pump", "each": "it", "power": n, "toughness": 0, "until": "end_of_turn"},),
        text=f"Frenzy {n} (Whenever this creature attacks and isn't blocked, it gets +{n}/+0"
        " until end of turn.)",
    )


def unblocked(table: Table, attackers: Iterable[int], blocked: set[int]) -> None:
    """Blockers are declared: each attacking creature no creature blocks triggers its frenzy."""
    for oid in attackers:
        obj = table.objects.get(oid)
        if obj is None or oid in blocked:
            continue
        chars = table.chars(obj)
        if not chars.instances:
            continue
        for n in numbers(chars, "frenzy"):
            table.queue(obj, obj.controller, frenzy(n), {"object": oid})


@cache
def ward(cost: str) -> Ability:
    """Ward {N} written out (702.21a)."""
    return Ability(
        index=-12,
        data={"controller": "opponents"},
        when="becomes_target",
        effects=({"do": "counter_spell", "each": "that_spell", "unless_pays": cost},),
        text=f"Ward {cost} (Whenever this permanent becomes the target of a spell or ability an"
        f" opponent controls, counter it unless that player pays {cost}.)",
    )


def warded(table: Wardable, obj: Obj, context: dict[str, Any]) -> None:
    """``obj`` has become the target of a spell or ability (``context``: ``by``, its controller
    ``player``): each instance of its ward triggers if that player is its opponent."""
    costs = wards(table.chars(obj))
    if not costs or not table.are_opponents(str(context["player"]), obj.controller):
        return
    for cost in costs:
        table.queue(obj, obj.controller, ward(cost), context)
