"""Artifacts in play in Hunsberger's Solitaire: damage abilities and Equipment.

"do damage with spells, artifacts, by tapping land, or creatures": an artifact
in play with a damage ability (Rod of Ruin's ``{3}, {T}: 1 damage``) deals that
damage when it is activated, its cost paid in colourless mana. An Equipment
(Bonesplitter, +2/+0, equip ``{1}``) is the artifact counterpart of an aura:
cast, it is in play where it lies (the hand or a Save slot); ``equip`` pays
its equip cost and attaches it to a summoned creature, which attacks with the
power it gives. See RULES.md, "Artifacts".
"""

from __future__ import annotations

from typing import Protocol

from cardcli.engine.errors import IllegalCommand, InvalidCommand
from cardcli.engine.game import Event
from cardcli.games.hunsberger import casting
from cardcli.games.hunsberger.commands import MAX_TIMES, Activate, Equip
from cardcli.games.hunsberger.table import Bonus, Same, Table
from cardcli.words import counted


class Looking(Protocol):
    """What the legal commands read (``moves.Position`` is one)."""

    table: Table

    def same_to_cast(self, a: int, b: int) -> bool: ...


def ready(t: Table) -> list[int]:
    """Artifacts in play whose damage ability can be activated now."""
    found = []
    for card in t.out():
        p = t.profiles[card]
        if not p.ability_damage or card not in t.in_play:
            continue
        if p.ability_tap and card in t.tapped:
            continue
        found.append(card)
    return found


def gear(t: Table) -> list[int]:
    """Equipment in play, in the hand or a Save slot."""
    return [c for c in t.out() if t.profiles[c].kind == "equipment" and c in t.in_play]


def same_gear(state: Looking) -> Same:
    """Two Equipment are alike for 'equip' when they are also on the same creature (or none)."""
    t = state.table

    def same(a: int, b: int) -> bool:
        return state.same_to_cast(a, b) and t.equipped.get(a) == t.equipped.get(b)

    return same


def _most(t: Table, card: int) -> int:
    """How many times an artifact's ability can be activated now, with the mana there is."""
    p = t.profiles[card]
    most = 1 if p.ability_tap or p.ability_sacrifice else MAX_TIMES
    if p.ability_cost == 0:
        return most
    available = _available_without(t, card) if p.ability_tap else t.available()
    return min(most, available // p.ability_cost)


def _available_without(t: Table, card: int) -> int:
    """The mana there is if ``card`` itself is tapped for its ability (not for mana)."""
    if card in t.tapped:
        return t.available()
    t.tapped.add(card)
    try:
        return t.available()
    finally:
        t.tapped.discard(card)


# -- activate ------------------------------------------------------------------


def activate(state: casting.Playing, command: Activate) -> list[Event]:
    """``activate CARD [N]``: a creature's pump ability, or an artifact's damage ability."""
    t = state.table
    artifacts = ready(t)
    if not artifacts:
        return casting.activate(state, command)
    creatures = [c for c in t.summoned if t.profiles[c].per_mana]
    card = t.find(command.card, creatures + artifacts, "activate", state.same_to_cast)
    if card in creatures:
        return casting.activate(state, command)
    p, name = t.profiles[card], t.name(card)
    times = command.times
    if times > 1 and (p.ability_tap or p.ability_sacrifice):
        how = "is sacrificed" if p.ability_sacrifice else "taps"
        raise InvalidCommand(f"{name} {how} to activate its ability: once, not {times} times")
    cost = p.ability_cost * times
    if p.ability_tap:
        t.tapped.add(card)  # it taps for its ability, so it cannot pay for it too
    try:
        events = casting.pay(state, cost, f"activating {name} {counted(times, 'time')}")
    except IllegalCommand:
        t.tapped.discard(card)
        raise
    state.window = None
    activated: Event = {"type": "activated", "card": name, "times": times, "paid": cost}
    if p.ability_sacrifice:
        casting.leave(state, card)
        t.in_play.discard(card)
        t.tapped.discard(card)
        t.graveyard.append(card)
        activated["sacrificed"] = True
    events.append(activated)
    events.append(state.deal_damage(name, p.ability_damage * times, "artifact ability"))
    return events


def activate_commands(state: Looking) -> list[str]:
    t = state.table
    found = []
    artifacts = ready(t)
    for card in artifacts:
        ref = t.ref(card, artifacts, state.same_to_cast)
        for times in range(1, _most(t, card) + 1):
            found.append(f"activate {ref}" if times == 1 else f"activate {ref} {times}")
    return found


# -- equip ---------------------------------------------------------------------


def equip(state: casting.Playing, command: Equip) -> list[Event]:
    """``equip CARD [-> CREATURE]``: pay the equip cost; the creature gets the power."""
    t = state.table
    equipment = gear(t)
    if not equipment:
        raise IllegalCommand("no Equipment in play: cast one first, then 'equip' it")
    card = t.find(command.card, equipment, "equip", same_gear(state))
    p, name = t.profiles[card], t.name(card)
    options = [c for c in t.summoned if t.equipped.get(card) != c]
    if not options:
        where = f"it is on {t.name(t.equipped[card])}; " if card in t.equipped else ""
        raise IllegalCommand(
            f"{name} equips a summoned creature: {where}summon one first "
            "(a creature in a Save slot cannot be equipped)"
        )
    if command.target is None:
        if len({t.name(c) for c in options}) > 1:
            raise InvalidCommand(f"{name} needs a creature: write 'equip {name} -> CREATURE'")
        target = options[0]
    else:
        target = t.find(command.target, options, "equip")
    events = casting.pay(state, p.equip_cost, f"equipping {name}")
    state.window = None
    moved = t.equipped.get(card)
    t.unequip(card)
    t.equipped[card] = target
    event: Event = {"type": "equipped", "card": name, "to": t.name(target), "paid": p.equip_cost}
    if moved is not None:
        event["from"] = t.name(moved)
    events.append(event)
    events.append(casting.add_bonus(state, target, Bonus(name, p.amount, "equipment", aura=card)))
    return events


def equip_commands(state: Looking) -> list[str]:
    t = state.table
    found = []
    equipment = gear(t)
    for card in equipment:
        if t.profiles[card].equip_cost > t.available():
            continue
        ref = t.ref(card, equipment, same_gear(state))
        options = [c for c in t.summoned if t.equipped.get(card) != c]
        for target in dict.fromkeys(t.ref(c, options) for c in options):
            found.append(f"equip {ref} -> {target}")
    return found
