"""A permanent's mana options: every choice of mana each of its mana abilities may add (605, 106).

A permanent may have several mana abilities (a pain land's "{T}: Add {C}." and "{T}: Add {U}
or {R}. This land deals 1 damage to you."); each choice of each ability is one option,
numbered from 1 across them all, the abilities in printed order. Some abilities read their
choices from the game as they are activated: "one mana of any color in your commander's
color identity" (903.4), "any color that a land an opponent controls could produce" and "any
type that a land you control could produce" (106.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcli.magic.cards import Ability, ActivationCost
from cardcli.magic.mana import COLORS, MANA_TYPES
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table


@dataclass(frozen=True)
class ManaOption:
    """One choice of one mana ability of a permanent."""

    number: int  # 1-based, across all the permanent's mana options
    ability: Ability
    adds: tuple[str, ...]

    @property
    def word(self) -> str:
        """The mana it adds as a ``tap`` command names it: ``U``, ``WW``, ``C``."""
        return "".join(self.adds)


def choices_of(
    table: Table, obj: Obj, ability: Ability, player: str, seen: frozenset[int] = frozenset()
) -> tuple[tuple[str, ...], ...]:
    """What ``ability`` of ``obj`` may add now, each choice a tuple of mana types. ``seen``:
    the lands already asked what they could produce (106.7: a land that asks one of those
    again finds nothing there, so two Reflecting Pools alone produce nothing)."""
    kind = ability.mana_of
    if kind is None:
        return ability.mana
    if kind == "chosen_color":  # "{G} or one mana of the chosen color" (614.12)
        chosen = obj.chosen
        extra = ((chosen,),) if chosen in COLORS and (chosen,) not in ability.mana else ()
        return ability.mana + extra
    if kind == "commander_identity":
        # 903.4f: with no commander (or a colourless identity) it adds no mana.
        identity = table.players[player].commander_identity
        return tuple((c,) for c in COLORS if identity and c in identity)
    opponents = kind == "opponents_lands"
    kinds: set[str] = set()
    seen = seen | {obj.id}
    for land in table.acting.values():
        if land.id in seen or "Land" not in table.chars(land).types:
            continue
        if opponents and not table.are_opponents(land.controller, player):
            continue
        if not opponents and land.controller != player:
            continue
        kinds |= could_produce(table, land, seen)
    return tuple((c,) for c in (COLORS if opponents else MANA_TYPES) if c in kinds)


def could_produce(table: Table, land: Obj, seen: frozenset[int] = frozenset()) -> set[str]:
    """106.7: the types of mana ``land``'s mana abilities would add if they resolved now, its
    controller choosing, whether or not their costs could be paid or their conditions hold."""
    found: set[str] = set()
    for ability in land.proto.mana_abilities:
        for choice in choices_of(table, land, ability, land.controller, seen):
            found.update(choice)
    return found


def options_of(table: Table, obj: Obj, player: str) -> list[ManaOption]:
    """Every mana option of ``obj`` for ``player``, numbered from 1 (usable or not)."""
    found: list[ManaOption] = []
    for ability in obj.proto.mana_abilities:
        for choice in choices_of(table, obj, ability, player):
            found.append(ManaOption(len(found) + 1, ability, choice))
    return found


def condition_holds(table: Table, obj: Obj, ability: Ability, player: str) -> bool:
    """602.5b: "Activate only if ...": counted from ``player``'s seat, ``obj`` the source."""
    condition = ability.condition
    return condition is None or table.holds(condition, player, obj)


def free_tap(ability: Ability) -> bool:
    """Its cost is {T} and nothing else, and it does nothing but add mana."""
    cost = ability.cost or ActivationCost()
    return cost.tap and not ability.costly


def pain_of(ability: Ability) -> int:
    """The life a player is out of after using ``ability`` (its life cost, and damage or life
    loss to its controller that its effects name as a number): a payment keeps the player
    alive."""
    cost = ability.cost or ActivationCost()
    pain = cost.life
    for effect in ability.effects:
        amount = effect.get("amount", 1)
        if effect.get("do") in ("damage", "lose_life") and effect.get("each") == "you":
            pain += amount if isinstance(amount, int) else 1
    return pain
