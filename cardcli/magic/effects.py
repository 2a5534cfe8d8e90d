"""What the card model's effect data does when a spell or ability resolves (608.2).

Each ``do`` has a handler. A handler first finds what the effect reaches (its
targets still legal, or the set ``each`` names), asks for any choice it needs
(through ``choices.ask``), and only then changes the state through the table's
fixed points. Handlers never read files, print or call a player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect, Proto, norm_keyword
from cardcli.magic.chars import matches
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import parse_added
from cardcli.magic.objects import Obj, ObjEffect, StackItem, Target
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Move
from cardcli.magic.targets import Slot, slots_of, spell_label

if TYPE_CHECKING:
    from cardcli.magic.table import Table


@dataclass
class Resolution:
    """A stack item being resolved, effect by effect; resumable after a decision."""

    item: StackItem
    slots: list[Slot]
    legal: list[list[Target]]  # each slot's targets still legal as resolution began
    source: DamageSource
    index: int = 0
    answers: Answers = field(default_factory=dict)
    previous: list[Target] = field(default_factory=list)  # what the last effect reached
    previous_players: list[str] = field(default_factory=list)
    results: dict[str, int] = field(default_factory=dict)  # "the damage dealt this way"...
    paid: bool | None = None  # whether the last ``pay`` effect was paid

    def slot_for(self, effect: int) -> int | None:
        for i, slot in enumerate(self.slots):
            if slot.effect == effect:
                return i
        return None


_TOKEN_PROTOS: dict[str, Proto] = {}


def token_proto(data: Effect) -> Proto:
    """One Proto per distinct token description (tokens are many; their data are few)."""
    key = json.dumps(data, sort_keys=True)
    proto = _TOKEN_PROTOS.get(key)
    if proto is None:
        proto = _TOKEN_PROTOS[key] = Proto.token(data)
    return proto


def run_effect(table: Table, res: Resolution) -> None:
    """Resolve the effect at ``res.index`` (may raise ``NeedDecision``)."""
    effect = res.item.effects[res.index]
    key = f"{res.index}"
    condition = effect.get("if")
    if condition is not None and (res.paid is True) != (condition == "paid"):
        return  # "if a player does" (608.2c)
    if effect.get("optional"):
        controller = res.item.controller
        answer = ask(
            table,
            res.answers,
            key + ":may",
            Decision(
                "may",
                controller,
                f"{res.item.name}: {describe_effect(effect)}? (choose yes or no)",
                ["yes", "no"],
                data={"item": res.item.id},
            ),
        )
        if answer != ["yes"]:
            return
    handler = HANDLERS.get(str(effect.get("do")))
    if handler is None:
        table.emit({"type": "unsupported", "id": res.item.id, "do": str(effect.get("do"))})
        return
    handler(table, res, effect, key)


# -- what an effect reaches --------------------------------------------------------------


def subjects(table: Table, res: Resolution, effect: Effect, default: str = "you") -> list[Target]:
    """The players and objects an effect applies to, in APNAP order for players."""
    item = res.item
    controller = item.controller
    slot = res.slot_for(res.index)
    if "target" in effect and slot is not None:
        return list(res.legal[slot])
    each = effect.get("each", default)
    filt = effect.get("filter")
    if each in ("target_player", "target_opponent") and slot is not None:
        return list(res.legal[slot])
    if each == "you":
        return [controller]
    if each == "each_player":
        return [p.name for p in table.apnap()]
    if each == "each_opponent":
        return [p.name for p in table.apnap() if table.are_opponents(p.name, controller)]
    if each == "it":
        source = table.objects.get(item.source_id)
        return [source.id] if source is not None and source.zone == "battlefield" else []
    if each in ("that_player", "defending_player"):
        if res.previous_players:
            return list(res.previous_players)
        who = item.context.get("defending" if each == "defending_player" else "player")
        return [who] if isinstance(who, str) and who in table.players else []
    if each == "that_creature":
        objs = [t for t in res.previous if isinstance(t, int)]
        if objs:
            return [t for t in objs if t in table.objects]
        oid = item.context.get("object")
        return [oid] if isinstance(oid, int) and oid in table.battlefield else []
    if each in ("enchanted_creature", "equipped_creature"):
        source = table.objects.get(item.source_id)
        if source is not None and source.attached_to in table.battlefield:
            return [source.attached_to]
        return []
    found: list[Target] = []
    for obj in list(table.battlefield.values()):
        ch = table.chars(obj)
        if each in (
            "each_creature",
            "each_other_creature",
            "each_creature_you_control",
            "each_other_creature_you_control",
            "each_creature_you_dont_control",
            "each_creature_an_opponent_controls",
        ):
            if "Creature" not in ch.types:
                continue
            if each == "each_creature_an_opponent_controls" and not table.are_opponents(
                obj.controller, controller
            ):
                continue
            if "other" in each and obj.id == item.source_id:
                continue
            if each in ("each_creature_you_control", "each_other_creature_you_control") and (
                obj.controller != controller
            ):
                continue
            if each == "each_creature_you_dont_control" and obj.controller == controller:
                continue
        elif each == "each_nonland_permanent":
            if "Land" in ch.types:
                continue
        elif each != "each_permanent":
            continue
        if filt and not matches(table, filt, obj, ch, item.source_id):
            continue
        found.append(obj.id)
    return found


def _objects(table: Table, targets: list[Target]) -> list[Obj]:
    return [table.objects[t] for t in targets if isinstance(t, int) and t in table.objects]


def _players(table: Table, targets: list[Target]) -> list[str]:
    return [t for t in targets if isinstance(t, str) and t in table.players]


def _amount(table: Table, res: Resolution, effect: Effect, default: int = 1) -> int:
    amount = effect.get("amount", default)
    if isinstance(amount, dict) and "previous" in amount:
        return max(0, res.results.get(str(amount["previous"]), 0))  # "... this way"
    source = table.objects.get(res.item.source_id)
    return max(0, table.amount_of(amount, res.item.controller, source, res.item.x))


def _remember(table: Table, res: Resolution, reached: list[Target]) -> None:
    """What this effect reached, for a later 'that player', 'that creature' or 'its power'."""
    res.previous = list(reached)
    players: list[str] = []
    for t in reached:
        if isinstance(t, str):
            players.append(t)
        elif t in table.objects:
            obj = table.objects[t]
            players.append(obj.controller)
            if obj.zone == "battlefield" and "power" not in res.results:
                res.results["power"] = max(0, table.chars(obj).power)  # last known (608.2h)
    res.previous_players = players


# -- the handlers -------------------------------------------------------------------------


def _damage(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect, default="each_opponent")
    amount = _amount(table, res, effect)
    _remember(table, res, reached)
    dealt = 0
    exile = bool(effect.get("exile_if_dies"))
    for target in reached:
        dealt += table.damage(res.source, target, amount, exile_if_dies=exile)
    res.results["damage_dealt"] = res.results.get("damage_dealt", 0) + dealt


def _destroy(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    _remember(table, res, reached)
    table.destroy(_objects(table, reached), no_regenerate=bool(effect.get("no_regenerate")))


def _exile(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    _remember(table, res, reached)
    objs = _objects(table, reached)
    source = table.objects.get(res.item.source_id)
    if effect.get("until") == "leaves" and (source is None or source.zone != "battlefield"):
        return  # the duration already ended: nothing is exiled (610.3c)
    moved = table.move_many([Move(obj, "exile", "exiled") for obj in objs])
    if effect.get("until") == "leaves" and source is not None:
        source.linked.extend(m.id for m in moved if m is not None and m.card_no is not None)


def _sacrifice(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    if effect.get("each") == "it":
        source = table.objects.get(res.item.source_id)
        if source is not None and source.zone == "battlefield":
            table.sacrifice([source])
        return
    players = _players(table, subjects(table, res, effect, default="each_player"))
    amount = _amount(table, res, effect)
    filt = effect.get("filter") or {"types": ["Creature"]}
    chosen: list[Obj] = []
    for player in players:
        own = [
            o
            for o in table.battlefield.values()
            if o.controller == player and matches(table, filt, o, table.chars(o), None)
        ]
        picks = ask(
            table,
            res.answers,
            f"{key}:sacrifice:{player}",
            Decision(
                "sacrifice",
                player,
                f"{res.item.name}: {player} sacrifices {amount}",
                [f"#{o.id}" for o in own],
                low=min(amount, len(own)),
                high=min(amount, len(own)),
                data={"item": res.item.id},
            ),
        )
        chosen.extend(table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects)
    table.sacrifice(chosen)


def _create_token(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    players = _players(table, subjects(table, res, effect))
    amount = _amount(table, res, effect)
    data = effect.get("token")
    if not data:
        return
    proto = token_proto(data)
    for player in players:
        table.create_tokens(proto, player, amount, bool(effect.get("tapped", False)))


def _gain_life(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    players = _players(table, subjects(table, res, effect))
    amount = _amount(table, res, effect)
    for player in players:
        table.gain_life(player, amount, "effect")


def _lose_life(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect, default="each_opponent")
    _remember(table, res, reached)
    amount = _amount(table, res, effect)
    lost = 0
    for player in _players(table, reached):
        lost += table.lose_life(player, amount, "effect")
    res.results["life_lost"] = res.results.get("life_lost", 0) + lost


def _draw(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    _remember(table, res, reached)
    amount = _amount(table, res, effect)
    for player in _players(table, reached):
        table.draw(player, amount)


def _discard(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    _remember(table, res, reached)
    amount = _amount(table, res, effect)
    filt = effect.get("filter")
    chosen: list[Obj] = []
    # 101.4: each player chooses in APNAP order, then all discard at once.
    for player in _players(table, reached):
        hand = table.players[player].hand
        able = [o for o in hand if not filt or matches(table, filt, o, table._printed(o), None)]
        count = min(amount, len(able))
        if effect.get("random") and count < len(able):
            # "At random": the game's own stream chooses (701.9a-b), logged as a choice.
            rng = table.rng(f"random:{player}")
            pool = list(able)
            rng.shuffle(pool)
            picked = pool[:count]
            table.emit(
                {
                    "type": "choice",
                    "who": player,
                    "kind": "discard at random",
                    "chosen": [f"#{o.id}" for o in picked],
                    "among": len(able),
                }
            )
            chosen.extend(picked)
            continue
        picks = ask(
            table,
            res.answers,
            f"{key}:discard:{player}",
            Decision(
                "discard",
                player,
                f"{res.item.name}: {player} discards {count}",
                [f"#{o.id}" for o in able],
                low=count,
                high=count,
                data={"item": res.item.id},
            ),
        )
        chosen.extend(table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects)
    table.move_many([Move(obj, "graveyard", "discarded") for obj in chosen])


def _mill(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    amount = _amount(table, res, effect)
    for player in _players(table, reached):
        table.mill(player, amount, "effect")


def _return_to_hand(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = _from_graveyards(table, res, effect)
    table.move_many([Move(obj, "hand", "returned") for obj in reached])


def _return_to_battlefield(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = _from_graveyards(table, res, effect)
    table.move_many(
        [
            Move(
                obj,
                "battlefield",
                "returned",
                controller=obj.owner,
                tapped=bool(effect.get("tapped")),
            )
            for obj in reached
            if obj.proto.is_permanent_card
        ]
    )


def _from_graveyards(table: Table, res: Resolution, effect: Effect) -> list[Obj]:
    """Cards an effect takes from graveyards: its targets, or each player's matching cards."""
    slot = res.slot_for(res.index)
    if "target" in effect and slot is not None:
        return _objects(table, res.legal[slot])
    players = _players(table, subjects(table, res, effect, default="you"))
    filt = effect.get("filter")
    found = []
    for player in players:
        for obj in list(table.players[player].graveyard):
            if not filt or matches(table, filt, obj, table._printed(obj), None):
                found.append(obj)
    return found


def _remove_counters(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect, default="it")
    amount = _amount(table, res, effect)
    kind = str(effect.get("counter", "+1/+1"))
    for obj in _objects(table, reached):
        if obj.zone == "battlefield":
            table.remove_counters(obj, kind, amount)


def _attach(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """Equip (702.6): the source is attached to the target creature (301.5c)."""
    source = table.objects.get(res.item.source_id)
    targets = _objects(table, subjects(table, res, effect))
    if source is None or source.zone != "battlefield" or not targets:
        return
    creature = targets[0]
    source.attached_to = creature.id
    source.touch()
    table.static_version += 1  # what the attached statics reach has changed
    table.emit({"type": "attached", "id": source.id, "to": creature.id})


def _no_combat_damage(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "It assigns no combat damage this turn" (510.1a, an effect on the creature)."""
    table.clock += 1
    for obj in _objects(table, subjects(table, res, effect, default="it")):
        if obj.zone != "battlefield":
            continue
        obj.effects.append(ObjEffect(table.clock, no_combat_damage=True, source=res.item.name))
        obj.touch()
        table.emit({"type": "no_combat_damage", "id": obj.id, "until": "end_of_turn"})


def _pay(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "Any player may exile three cards from their graveyard": offered in APNAP order (101.4)
    until one player pays; ``res.paid`` says whether anyone did."""
    need = int((effect.get("cost") or {}).get("exile_from_graveyard", 0))
    res.paid = False
    for player in table.apnap():
        graveyard = player.graveyard
        if len(graveyard) < need:
            continue
        answer = ask(
            table,
            res.answers,
            f"{key}:pay:{player.name}",
            Decision(
                "pay",
                player.name,
                f"{res.item.name}: {player.name}, exile {need} cards from your graveyard"
                f" ({describe_effect(_next(res))})? (choose yes or no)",
                ["yes", "no"],
                data={"item": res.item.id, "source": res.item.source_id},
            ),
        )
        if answer != ["yes"]:
            continue
        cards = [f"#{o.id}" for o in graveyard]
        picks = ask(
            table,
            res.answers,
            f"{key}:paycards:{player.name}",
            Decision(
                "exile_cards",
                player.name,
                f"{res.item.name}: choose {need} cards of {player.name}'s graveyard to exile",
                cards,
                low=need,
                high=need,
                data={"item": res.item.id},
            ),
        )
        chosen = [table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects]
        table.emit({"type": "paid", "who": player.name, "card": res.item.name, "exiled": picks})
        table.move_many([Move(obj, "exile", "paid") for obj in chosen])
        res.paid = True
        return


def _next(res: Resolution) -> Effect:
    effects = res.item.effects
    return effects[res.index + 1] if res.index + 1 < len(effects) else {}


def _counters(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    amount = _amount(table, res, effect)
    kind = str(effect.get("counter", "+1/+1"))
    for obj in _objects(table, reached):
        if obj.zone == "battlefield":
            table.add_counters(obj, kind, amount)


def _pump(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    table.clock += 1
    keywords = tuple(norm_keyword(k) for k in effect.get("keywords", ()))
    for obj in _objects(table, reached):
        if obj.zone != "battlefield":
            continue
        eff = ObjEffect(
            table.clock,
            power=int(effect.get("power", 0)),
            toughness=int(effect.get("toughness", 0)),
            set_power=effect.get("set_power"),
            set_toughness=effect.get("set_toughness"),
            keywords=keywords,
            until=str(effect.get("until", "end_of_turn")),
            source=res.item.name,
        )
        obj.effects.append(eff)
        obj.touch()
        table.emit(
            {
                "type": "pumped",
                "id": obj.id,
                "power": eff.power,
                "toughness": eff.toughness,
                "keywords": list(keywords),
                "until": eff.until,
            }
        )


def _tap(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for obj in _objects(table, subjects(table, res, effect)):
        table.tap(obj)


def _untap(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for obj in _objects(table, subjects(table, res, effect)):
        table.untap(obj)


def _prevent(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    amount = _amount(table, res, effect)
    for target in subjects(table, res, effect):
        table.prevention.append({"target": target, "amount": amount})
        table.emit({"type": "shield", "target": target, "amount": amount})


def _counter_spell(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for target in subjects(table, res, effect):
        item = table.items.get(target) if isinstance(target, int) else None
        if item is None or item not in table.stack:
            continue
        if item.obj is not None and item.obj.proto.cant_be_countered:
            table.emit({"type": "not_countered", "id": item.id, "card": item.name})
            continue  # "can't be countered" (701.5a: the counter does nothing to it)
        counter_item(table, item)


def counter_item(table: Table, item: StackItem) -> None:
    """701.5: a countered spell goes to its owner's graveyard; an ability just goes."""
    table.stack.remove(item)
    del table.items[item.id]
    table.emit({"type": "countered", "id": item.id, "card": item.name})
    if item.obj is not None:
        table.move(item.obj, "exile" if item.context.get("flashback") else "graveyard", "countered")


def _bounce(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    objs = [o for o in _objects(table, subjects(table, res, effect)) if o.zone == "battlefield"]
    table.move_many([Move(obj, "hand", "bounced") for obj in objs])


def _search(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    filt = effect.get("filter")
    for player in _players(table, subjects(table, res, effect)):
        library = table.players[player].library
        able = [o for o in library if not filt or matches(table, filt, o, table._printed(o), None)]
        picks = ask(
            table,
            res.answers,
            f"{key}:search:{player}",
            Decision(
                "search",
                player,
                f"{res.item.name}: {player} may take a card from their library",
                [f"#{o.id}" for o in able],
                low=0,
                high=1 if able else 0,
                data={"item": res.item.id},
            ),
        )
        to = str(effect.get("to", "battlefield" if effect.get("tapped") else "hand"))
        found: list[Obj] = []
        for pick in picks:
            obj = table.objects.get(int(pick[1:]))
            if obj is None:
                continue
            if to == "battlefield":
                table.move(
                    obj,
                    "battlefield",
                    "searched",
                    tapped=bool(effect.get("tapped")),
                    controller=player,
                )
            elif to == "hand":
                table.move(obj, "hand", "searched")
            else:
                found.append(obj)  # put on top after the shuffle
        table.rng(f"shuffle:{player}").shuffle(library)
        table.emit({"type": "shuffled", "who": player})
        for obj in found:
            library.remove(obj)
            library.append(obj)  # the top of a library is the end of its list
            table.emit(
                {
                    "type": "moved",
                    "card": obj.name,
                    "id": obj.id,
                    "was": obj.id,
                    "from": "library",
                    "to": "library",
                    "owner": obj.owner,
                    "why": "on top",
                }
            )


def _add_mana(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    pool = table.players[res.item.controller].pool
    added = parse_added(str(effect.get("mana", "")))
    for kind in added:
        pool[kind] = pool.get(kind, 0) + 1
    if added:
        table.emit(
            {
                "type": "mana",
                "who": res.item.controller,
                "added": "".join("{" + k + "}" for k in added),
            }
        )


def _regenerate(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for obj in _objects(table, subjects(table, res, effect, default="it")):
        obj.regen_shields += 1
        table.emit({"type": "shield", "target": obj.id, "regenerate": True})


HANDLERS: dict[str, Callable[[Table, Resolution, Effect, str], None]] = {
    "damage": _damage,
    "destroy": _destroy,
    "exile": _exile,
    "sacrifice": _sacrifice,
    "create_token": _create_token,
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "draw": _draw,
    "discard": _discard,
    "mill": _mill,
    "return_to_hand": _return_to_hand,
    "return_to_battlefield": _return_to_battlefield,
    "counters": _counters,
    "pump": _pump,
    "tap": _tap,
    "untap": _untap,
    "prevent_damage": _prevent,
    "counter_spell": _counter_spell,
    "bounce": _bounce,
    "search_library": _search,
    "add_mana": _add_mana,
    "regenerate": _regenerate,
    "remove_counters": _remove_counters,
    "assigns_no_combat_damage": _no_combat_damage,
    "pay": _pay,
    "attach": _attach,
}


def describe_effect(effect: Effect) -> str:
    """A short phrase for an effect: "deal 3 damage to target any"."""
    do = str(effect.get("do", "?")).replace("_", " ")
    amount = effect.get("amount")
    parts = [do]
    if isinstance(amount, int | str) and not isinstance(amount, bool):
        parts.append(str(amount))
    if "target" in effect:
        parts.append("to target " + str(effect["target"]).replace("_", " "))
    elif "each" in effect:
        parts.append("(" + str(effect["each"]).replace("_", " ") + ")")
    return " ".join(parts)


def targets_text(targets: list[list[Target]]) -> list[str]:
    return [spell_label(t) for slot in targets for t in slot]


def effect_slots(effects: tuple[Effect, ...]) -> list[Slot]:
    return slots_of(effects)
