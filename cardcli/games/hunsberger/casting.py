"""Casting in Hunsberger's Solitaire: mana, spells, creatures, permanents, activations.

Functions of a game in play (``Playing``: what ``rules.HunsbergerState`` is to
them) for the ``cast``, ``tap`` and ``activate`` commands; each raises a
``CommandError`` before changing anything when the command is not allowed.
"""

from __future__ import annotations

from typing import Protocol

from cardcli.engine.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from cardcli.engine.game import Event
from cardcli.games.hunsberger.commands import Activate, Cast, Tap
from cardcli.games.hunsberger.scoring import has_x
from cardcli.games.hunsberger.table import Bonus, Table, Token
from cardcli.words import counted


class Playing(Protocol):
    """What casting reads and changes of a game in play."""

    table: Table
    window: int | None  # the flipped Timer land that may be saved at once
    spell_damage: str  # "mana-used", "printed" or "mana" (--spell-damage)

    def same_to_cast(self, a: int, b: int) -> bool: ...

    def deal_damage(
        self, source: str, amount: int, rule: str, attacker: str | None = None
    ) -> Event: ...


# -- mana


def _tap_one(state: Playing, card: int) -> Event:
    t = state.table
    p = t.profiles[card]
    t.pool -= p.tap_cost
    t.pool += p.amount
    t.tapped.add(card)
    event: Event = {"type": "tapped", "card": t.name(card), "mana": p.amount, "pool": t.pool}
    if p.tap_cost:
        event["paid"] = p.tap_cost
    return event


def tap(state: Playing, command: Tap) -> list[Event]:
    t = state.table
    sources = [c for c in t.sources() if t.profiles[c].tap_cost <= t.pool]
    if not sources:
        raise IllegalCommand("nothing untapped makes mana now")
    card = t.find(command.card, sources, "tap", t.same_name)
    state.window = None
    return [_tap_one(state, card)]


def pay(state: Playing, cost: int, what: str) -> list[Event]:
    """Tap what is needed for ``cost`` (lands first), then take it from the pool."""
    t = state.table
    if t.available() < cost:
        untapped = ", ".join(t.names(t.sources())) or "nothing"
        raise IllegalCommand(
            f"{what} costs {cost} mana; you have {t.available()} "
            f"(pool {t.pool}, untapped: {untapped})"
        )
    events: list[Event] = []
    while True:
        sources = t.sources()
        # A source that costs mana to tap is tapped as soon as the pool pays for it
        # (it gives more than it takes), so that paying never leaves it stranded.
        paying = [c for c in sources if 0 < t.profiles[c].tap_cost <= t.pool]
        if paying:
            events.append(_tap_one(state, paying[0]))
            continue
        if t.pool >= cost:
            break
        free = [c for c in sources if t.profiles[c].tap_cost == 0]
        events.append(_tap_one(state, free[0]))
    t.pool -= cost
    return events


# -- casting ----------------------------------------------------------------


def cast(state: Playing, command: Cast) -> list[Event]:
    t = state.table
    castable = t.castable()
    try:
        card = t.find(command.card, castable, "cast", state.same_to_cast)
    except IllegalCommand:
        raise IllegalCommand(_why_not_cast(state, command.card, castable)) from None
    c, p = t.cards[card], t.profiles[card]
    x = _x_of(state, card, command.x)
    target = _target_of(state, card, command.target)
    cost = t.cost(card, x)
    said = f"{c.name}" + (f" with X={x}" if has_x(c) else "")
    events = pay(state, cost, said)
    state.window = None
    where = t.place(card)
    cast: Event = {"type": "cast", "card": c.name, "from": where, "paid": cost}
    if has_x(c):
        cast["x"] = x
    if target is not None:
        cast["target"] = t.name(target)
    events.append(cast)
    if p.kind == "creature":
        events.extend(_summon(state, card))
    elif c.is_type("Instant") or c.is_type("Sorcery"):
        leave(state, card)
        t.graveyard.append(card)
        events.extend(_resolve(state, card, cost, x, target))
    else:
        events.extend(_permanent(state, card, target))
    cast["pool"] = t.pool
    return events


def _why_not_cast(state: Playing, ref: str, castable: list[int]) -> str:
    """A message for a ``cast`` that names nothing castable: say why, if it is out."""
    t = state.table
    others = [c for c in t.out() if c not in castable]
    try:
        card = t.find(ref, others, "cast", t.same_name)
    except (IllegalCommand, AmbiguousCommand):
        card = None
    if card is not None:
        name, p = t.name(card), t.profiles[card]
        if t.cards[card].is_land:
            return f"{name} is a land: lands are not cast; 'tap {name}' makes its mana"
        if p.kind == "unusable":
            return f"{name} is unusable here: {p.note}"
        if card in t.summoned:
            return f"{name} is already attacking this turn"
        if card in t.in_play:
            return f"{name} is already in play"
        if card in t.host:
            return f"{name} is already attached to {t.name(t.host[card])}"
    if not castable:
        return "nothing out can be cast now: tap, save, or 'end' the turn"
    names = ", ".join(sorted({t.name(c) for c in castable}))
    return f"no '{ref}' to cast; you can cast: {names}"


def _x_of(state: Playing, card: int, x: int | None) -> int:
    c = state.table.cards[card]
    if has_x(c):
        if x is None:
            most = max(0, state.table.available() - state.table.cost(card))
            raise InvalidCommand(f"{c.name} has X in its cost: write X=N (0 to {most})")
        return x
    if x is not None:
        raise InvalidCommand(f"{c.name} has no X in its cost: leave X= out")
    return 0


def _target_of(state: Playing, card: int, ref: str | None) -> int | None:
    t = state.table
    p = t.profiles[card]
    name = t.name(card)
    if p.kind in ("pump", "aura") and not p.each:
        options = [c for c in t.creature_targets() if c != card]
        what = "pump" if p.kind == "pump" else "enchant"
        if not options:
            raise IllegalCommand(
                f"{name} needs a creature: summon one first, or have one in a Save slot"
            )
        if ref is None:
            if len(options) == 1:
                return options[0]
            raise InvalidCommand(f"{name} needs a target: write '-> CREATURE'")
        return t.find(ref, options, what)
    if p.kind == "recursion" and p.returns != "all":
        options = t.recursion_targets(card)
        if not options:
            kinds = " or ".join(k.lower() for k in p.recurs) or "any"
            raise IllegalCommand(f"{name} needs a {kinds} card in the graveyard; there is none")
        if ref is None:
            if len({t.name(c) for c in options}) == 1:
                return options[0]
            raise InvalidCommand(f"{name} needs a target: write '-> CARD' (a graveyard card)")
        return t.find(ref, options, "bring back", t.same_name)
    if ref is not None:
        if p.kind == "pump":
            why = "it pumps every attacking creature"
        elif p.kind in ("damage", "mana-paid"):
            why = "its damage goes to the imprisoning enchantment"
        elif p.kind == "equipment":
            why = f"cast it, then 'equip {name} -> CREATURE' attaches it to a summoned creature"
        elif p.kind == "ability":
            why = f"cast it, then 'activate {name}': its damage goes to the enchantment"
        else:
            why = "nothing here to aim it at"
        raise InvalidCommand(f"{name} takes no target here: {why}")
    return None


def leave(state: Playing, card: int) -> None:
    """Take a card out of the hand or its Save slot (to be put elsewhere)."""
    t = state.table
    if card in t.hand:
        t.hand.remove(card)
        return
    for slot in t.slots:
        if card in slot.cards:
            slot.cards.remove(card)
        if card in slot.attached:
            slot.attached.remove(card)


def _summon(state: Playing, card: int, how: str = "summoned") -> list[Event]:
    """A creature is summoned and attacks this turn (no summoning sickness)."""
    t = state.table
    index = t.slot_of(card)
    if index is not None:
        # It leaves its Save slot for the table, with what is attached to it.
        slot = t.slots[index]
        slot.cards.remove(card)
        auras = [a for a in slot.attached if t.host.get(a) == card]
        for aura in auras:
            slot.attached.remove(aura)
        t.hand.extend([card, *auras])
    elif card not in t.hand:
        t.hand.append(card)
    t.summoned.append(card)
    t.tapped.add(card)  # "you denote its state by tapping it"
    events: list[Event] = [{"type": "summoned", "card": t.name(card), "how": how}]
    events.extend(_enters(state, card))
    return events


def _enters(state: Playing, card: int) -> list[Event]:
    t = state.table
    p = t.profiles[card]
    events: list[Event] = []
    if p.enters_damage:
        events.append(state.deal_damage(t.name(card), p.enters_damage, "enters"))
    if p.tokens_data:
        events.extend(_make_tokens(state, card))
    return events


def _make_tokens(state: Playing, card: int) -> list[Event]:
    t = state.table
    made = [Token(t.name(card), dict(data)) for data in t.profiles[card].tokens_data]
    t.tokens.extend(made)
    return [
        {
            "type": "tokens",
            "by": t.name(card),
            "tokens": [str(token.data.get("name", "token")) for token in made],
            "power": sum(token.power for token in made),
        }
    ]


def _resolve(state: Playing, card: int, paid: int, x: int, target: int | None) -> list[Event]:
    """An instant or sorcery resolves (it is already in the graveyard)."""
    t = state.table
    c, p = t.cards[card], t.profiles[card]
    if p.kind == "mana":
        t.pool += p.amount
        return [{"type": "mana_added", "card": c.name, "mana": p.amount, "pool": t.pool}]
    if p.kind in ("damage", "mana-paid"):
        amount, rule = _spell_damage(state, card, paid, x)
        # A spell that deals nothing (X=0, no Swamps out) leaves no damage event.
        return [state.deal_damage(c.name, amount, rule)] if amount else []
    if p.kind == "pump":
        if p.each:
            return _pump_all(state, c.name, p.amount)
        assert target is not None
        return [add_bonus(state, target, Bonus(c.name, p.amount, "pump"))]
    if p.kind == "tokens":
        return _make_tokens(state, card)
    if p.kind == "recursion":
        return _recur(state, card, target)
    raise IllegalCommand(f"{c.name} does nothing here")  # castable() keeps these out


def _spell_damage(state: Playing, card: int, paid: int, x: int) -> tuple[int, str]:
    """What an offensive spell deals, and the rule that scores it."""
    t = state.table
    p = t.profiles[card]
    if p.kind == "mana-paid" or state.spell_damage == "mana":
        return paid, "mana paid"
    if p.x:
        return x, "X damage"
    if p.count is not None:
        return t.count(p.count), "counted damage"
    return p.amount, "printed damage"


def add_bonus(state: Playing, target: int, bonus: Bonus) -> Event:
    t = state.table
    t.bonuses.setdefault(target, []).append(bonus)
    return {
        "type": "pumped",
        "card": t.name(target),
        "by": bonus.source,
        "power": bonus.power,
        "rule": bonus.rule,
    }


def _pump_all(state: Playing, source: str, power: int) -> list[Event]:
    t = state.table
    events = [add_bonus(state, c, Bonus(source, power, "pump")) for c in t.summoned]
    for token in t.tokens:
        token.bonuses.append(Bonus(source, power, "pump"))
        events.append(
            {
                "type": "pumped",
                "card": str(token.data.get("name", "token")),
                "by": source,
                "power": power,
                "rule": "pump",
            }
        )
    return events


def _recur(state: Playing, card: int, target: int | None) -> list[Event]:
    t = state.table
    p = t.profiles[card]
    # Every match but itself (it is in the graveyard already, having resolved).
    back = [c for c in t.recursion_targets(card) if c != card] if p.returns == "all" else [target]
    events: list[Event] = []
    for other in back:
        assert other is not None
        t.graveyard.remove(other)
        t.hand.append(other)
        events.append({"type": "returned", "card": t.name(other), "by": t.name(card)})
        if p.returns in ("attack", "all"):
            events.extend(_summon(state, other, how="returned"))
    return events


def _permanent(state: Playing, card: int, target: int | None) -> list[Event]:
    """An artifact or enchantment is cast: it stays out where it is."""
    t = state.table
    c, p = t.cards[card], t.profiles[card]
    if p.kind == "aura":
        assert target is not None
        leave(state, card)
        index = t.slot_of(target)
        if index is None:
            t.hand.append(card)
        else:
            t.slots[index].attached.append(card)
        t.host[card] = target
        t.in_play.add(card)
        return [
            {"type": "attached", "card": c.name, "to": t.name(target)},
            add_bonus(state, target, Bonus(c.name, p.amount, "aura", aura=card)),
        ]
    t.in_play.add(card)
    events: list[Event] = []
    if p.enters_tapped:
        t.tapped.add(card)
        events.append({"type": "enters_tapped", "card": c.name})
    events.extend(_enters(state, card))
    return events


def activate(state: Playing, command: Activate) -> list[Event]:
    t = state.table
    pumpable = [c for c in t.summoned if t.profiles[c].per_mana]
    if not pumpable:
        raise IllegalCommand(
            "nothing has an ability to activate now (a summoned creature's pump ability such "
            "as '{B}: +1/+1', or the damage ability of an artifact in play, untapped)"
        )
    card = t.find(command.card, pumpable, "activate", state.same_to_cast)
    p = t.profiles[card]
    cost = p.per_mana * command.times
    events = pay(state, cost, f"activating {t.name(card)} {counted(command.times, 'time')}")
    state.window = None
    events.append({"type": "activated", "card": t.name(card), "times": command.times, "paid": cost})
    events.append(add_bonus(state, card, Bonus(t.name(card), command.times, "pump ability")))
    return events
