"""What the card model's effect data does when a spell or ability resolves (608.2).

Each ``do`` has a handler. A handler first finds what the effect reaches (its
targets still legal, or the set ``each`` names), asks for any choice it needs
(through ``choices.ask``), and only then changes the state through the table's
fixed points. Handlers never read files, print or call a player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcli.magic.attack_orders import must_attack_player
from cardcli.magic.cards import Ability, Effect, norm_keyword
from cardcli.magic.cascade import cascade
from cardcli.magic.chars import matches
from cardcli.magic.choices import ask
from cardcli.magic.copies_asking import choose_entry
from cardcli.magic.decisions import Decision
from cardcli.magic.delayed import create as delayed_trigger
from cardcli.magic.effects_asking import (
    choose_value,
    chosen_own,
    discard,
    pay,
    pay_mana,
    sacrifice,
    search,
    unless_payments,
)
from cardcli.magic.effects_becomes import becomes
from cardcli.magic.effects_combat import fight, prevent_all
from cardcli.magic.effects_copies import copy_token, myriad
from cardcli.magic.effects_library import dig, scry, surveil
from cardcli.magic.effects_spell_copies import copy_spell as copy_target_spell
from cardcli.magic.halves import half_lives
from cardcli.magic.losing import lose_game
from cardcli.magic.mana import parse_added
from cardcli.magic.objects import Obj, ObjEffect, StackItem, Target
from cardcli.magic.proliferate import proliferate
from cardcli.magic.reach import (
    Resolution,
    amount_of_effect,
    describe_effect,
    objects_of,
    players_of,
    remember,
    subjects,
    token_proto,
    value_of,
)
from cardcli.magic.relic_effects import chosen_from_graveyard, reveal_cast
from cardcli.magic.spell_copies import copy_spell
from cardcli.magic.table import Move
from cardcli.magic.targets import Slot, slots_of, spell_label

__all__ = ["Resolution", "counter_item", "describe_effect", "run_effect", "token_proto"]

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def run_effect(table: Table, res: Resolution) -> None:
    """Resolve the effect at ``res.index`` (may raise ``NeedDecision``)."""
    effect = res.item.effects[res.index]
    key = f"{res.index}"
    if not _done_now(table, res, effect):
        return  # "If there are seven or more cards in your graveyard, instead ..." (608.2c)
    condition = effect.get("if")
    if condition in ("kicked", "not_kicked"):
        if bool(res.item.context.get("kicked")) != (condition == "kicked"):
            return  # "If this spell was kicked, ..." (702.33d)
    elif condition is not None and (res.paid is True) != (condition == "paid"):
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
            res.paid = False  # "If you do, ..." after it: not done (608.2c)
            return
    handler = HANDLERS.get(str(effect.get("do")))
    if handler is None:
        table.emit({"type": "unsupported", "id": res.item.id, "do": str(effect.get("do"))})
        return
    done_before = _things_done(res)
    handler(table, res, effect, key)
    if effect.get("optional") and effect.get("do") != "pay_mana":
        # "You may discard a card. If you do, ...": done only if a card was discarded
        counted = effect.get("do") in ("discard", "sacrifice")
        res.paid = not counted or _things_done(res) != done_before


def _done_now(table: Table, res: Resolution, effect: Effect) -> bool:
    """An effect with ``instead`` is done only if its condition holds, and then the effect
    just before the first of them is not (608.2c: checked as the spell resolves)."""
    effects = res.item.effects
    source = table.objects.get(res.item.source_id)
    controller = res.item.controller
    if "instead" in effect:
        return table.holds(effect["instead"], controller, source)
    following = effects[res.index + 1] if res.index + 1 < len(effects) else {}
    return "instead" not in following or not table.holds(following["instead"], controller, source)


def _things_done(res: Resolution) -> tuple[int, int]:
    return res.results.get("discarded", 0), res.results.get("sacrificed", 0)


# -- what an effect reaches --------------------------------------------------------------


# -- the handlers -------------------------------------------------------------------------


def _damage(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect, default="each_opponent")
    amount = amount_of_effect(table, res, effect)
    remember(table, res, reached)
    dealt = 0
    exile = bool(effect.get("exile_if_dies"))
    for target in reached:
        dealt += table.damage(res.source, target, amount, exile_if_dies=exile)
    res.results["damage_dealt"] = res.results.get("damage_dealt", 0) + dealt


def _destroy(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    remember(table, res, reached)
    going = table.destroy_moves(
        objects_of(table, reached), "destroyed", bool(effect.get("no_regenerate"))
    )
    moved = table.move_many(going) if going else []
    # "for each creature destroyed this way": what was put into a graveyard (701.8)
    res.results["destroyed"] = res.results.get("destroyed", 0) + len(moved)


def _exile(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    remember(table, res, reached)
    objs = objects_of(table, reached)
    source = table.objects.get(res.item.source_id)
    if effect.get("until") == "leaves" and (source is None or source.zone != "battlefield"):
        return  # the duration already ended: nothing is exiled (610.3c)
    moved = table.move_many([Move(obj, "exile", "exiled") for obj in objs])
    if effect.get("until") == "leaves" and source is not None:
        source.linked.extend(m.id for m in moved if m is not None and m.card_no is not None)


def _create_token(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    players = players_of(table, subjects(table, res, effect))
    amount = amount_of_effect(table, res, effect)
    data = effect.get("token")
    if not data:
        return
    if "X" in (data.get("power"), data.get("toughness")):  # an X/X token: X known now
        size = str(value_of(table, res, effect.get("x", "X")))
        data = {**data, **{k: size for k in ("power", "toughness") if data.get(k) == "X"}}
    proto = token_proto(data)
    for player in players:
        table.create_tokens(proto, player, amount, bool(effect.get("tapped", False)))


def _gain_life(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    players = players_of(table, subjects(table, res, effect))
    amount = amount_of_effect(table, res, effect)
    for player in players:
        table.gain_life(player, amount, "effect")


def _lose_life(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect, default="each_opponent")
    remember(table, res, reached)
    amount = amount_of_effect(table, res, effect)
    lost = 0
    players = players_of(table, reached)
    halves = half_lives(table, players, str(effect["half_life"])) if "half_life" in effect else {}
    for player in players:
        lost += table.lose_life(player, halves.get(player, amount), "effect")
    res.results["life_lost"] = res.results.get("life_lost", 0) + lost


def _poison(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    remember(table, res, reached)
    amount = amount_of_effect(table, res, effect)
    for player in players_of(table, reached):
        table.give_poison(player, amount, "effect")


def _draw(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    remember(table, res, reached)
    amount = amount_of_effect(table, res, effect)
    for player in players_of(table, reached):
        table.draw(player, amount)


def _mill(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    amount = amount_of_effect(table, res, effect)
    for player in players_of(table, reached):
        table.mill(player, amount, "effect")


def _exile_top(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "That player exiles the top card of their library" (ingest, 702.115a)."""
    reached = subjects(table, res, effect)
    amount = amount_of_effect(table, res, effect)
    for player in players_of(table, reached):
        library = table.players[player].library
        top = list(reversed(library[-amount:])) if amount > 0 else []
        table.move_many([Move(obj, "exile", "exiled") for obj in top])


def _return_to_hand(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = _from_graveyards(table, res, effect)
    table.move_many([Move(obj, "hand", "returned") for obj in reached])


EXILE_IT = Ability(
    index=-7,
    data={},
    when="end_step",
    effects=({"do": "exile", "each": "that_creature"},),
    text="At the beginning of the next end step, exile it.",
)


def _return_to_battlefield(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    if effect.get("each") == "it":
        # "Return it": the card this dies (or leaves) trigger's object became (400.7d), if it
        # is still where it went; a token there has ceased to exist (111.7, 704.5d). An
        # ability of a card in a graveyard (unearth): that card, if it is still there.
        went = table.objects.get(int(res.item.context.get("went", res.item.source_id)))
        reached = [went] if went is not None and went.zone == "graveyard" else []
    elif effect.get("chosen"):  # "each player returns a creature card from their graveyard"
        reached = chosen_from_graveyard(table, res, effect, key)
    else:
        reached = _from_graveyards(table, res, effect)
    counter = effect.get("counter")
    moved = table.move_many(
        [
            Move(
                obj,
                "battlefield",
                "returned",
                controller=res.item.controller if effect.get("under") == "you" else obj.owner,
                tapped=bool(effect.get("tapped")),
                counters={str(counter): 1} if counter else None,
                # a clone: what it enters as a copy of, asked before anything moves (614.1c)
                copy_of=choose_entry(
                    table,
                    res.answers,
                    f"{key}:copy:{obj.id}",
                    obj,
                    res.item.controller if effect.get("under") == "you" else obj.owner,
                ),
            )
            for obj in reached
            if obj.proto.is_permanent_card and obj.card_no is not None
        ]
    )
    keywords = tuple(norm_keyword(k) for k in effect.get("keywords", ()))
    for obj in moved:
        if obj is None or obj.zone != "battlefield":
            continue
        if keywords or effect.get("exile_if_leaves"):
            # "It gains haste" for as long as it stays (a new object each time, 400.7);
            # "If it would leave the battlefield, exile it instead" (702.84a, 614.6).
            table.clock += 1
            obj.effects.append(
                ObjEffect(
                    table.clock,
                    keywords=keywords,
                    until="leaves",
                    source=res.item.name,
                    exile_if_leaves=bool(effect.get("exile_if_leaves")),
                )
            )
            obj.touch()
        if effect.get("exile_at") == "next_end_step":
            # A delayed trigger (603.7): at the beginning of the next end step, exile it.
            table.delayed.setdefault("end_step", []).append((obj, res.item.controller, EXILE_IT))


def _from_graveyards(table: Table, res: Resolution, effect: Effect) -> list[Obj]:
    """Cards an effect takes from graveyards: its targets, or each player's matching cards."""
    slot = res.slot_for(res.index)
    if "target" in effect and slot is not None:
        return objects_of(table, res.legal[slot])
    players = players_of(table, subjects(table, res, effect, default="you"))
    filt = effect.get("filter")
    found = []
    for player in players:
        for obj in list(table.players[player].graveyard):
            if not filt or matches(table, filt, obj, table.printed(obj), None):
                found.append(obj)
    return found


def _remove_counters(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect, default="it")
    amount = amount_of_effect(table, res, effect)
    kind = str(effect.get("counter", "+1/+1"))
    for obj in objects_of(table, reached):
        if obj.zone == "battlefield":
            table.remove_counters(obj, kind, amount)


def _attach(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """Equip (702.6): the source is attached to the target creature (301.5c)."""
    source = table.objects.get(res.item.source_id)
    targets = objects_of(table, subjects(table, res, effect))
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
    for obj in objects_of(table, subjects(table, res, effect, default="it")):
        if obj.zone != "battlefield":
            continue
        obj.effects.append(ObjEffect(table.clock, no_combat_damage=True, source=res.item.name))
        obj.touch()
        table.emit({"type": "no_combat_damage", "id": obj.id, "until": "end_of_turn"})


def _counters(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    amount = amount_of_effect(table, res, effect)
    kind = str(effect.get("counter", "+1/+1"))
    for obj in objects_of(table, reached):
        if obj.zone == "battlefield":
            table.add_counters(obj, kind, amount)


def _pump(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    table.clock += 1
    keywords = tuple(norm_keyword(k) for k in effect.get("keywords", ()))
    # "+X/+X where X is ...": counted once, as it resolves (608.2h)
    power, toughness = (_boost(table, res, effect.get(key, 0)) for key in ("power", "toughness"))
    until = str(effect.get("until", "end_of_turn"))
    plain = not keywords and "set_power" not in effect and "set_toughness" not in effect
    for obj in objects_of(table, reached):
        if obj.zone != "battlefield":
            continue
        summed = _plain_pump(obj, until) if plain else None
        if summed is not None:
            # 613.4c: modifications add up whatever their order, so a creature pumped by many
            # triggers (Goldnight Commander as a Horde turn's tokens enter) keeps one sum.
            summed.power += power
            summed.toughness += toughness
            eff = ObjEffect(table.clock, power=power, toughness=toughness, until=until)
            table.pumped(obj, power, toughness)
        else:
            eff = ObjEffect(
                table.clock,
                power=power,
                toughness=toughness,
                set_power=effect.get("set_power"),
                set_toughness=effect.get("set_toughness"),
                keywords=keywords,
                until=until,
                source=res.item.name,
            )
            obj.effects.append(eff)
            if plain:
                table.pumped(obj, power, toughness)
            else:
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


def _plain_pump(obj: Obj, until: str) -> ObjEffect | None:
    """An effect on ``obj`` that only adds power and toughness until ``until`` (layer 7c)."""
    for eff in obj.effects:
        if (
            eff.until == until
            and eff.set_power is None
            and eff.set_toughness is None
            and not (eff.keywords or eff.lose_all or eff.add_types or eff.add_subtypes)
            and not (eff.no_combat_damage or eff.exile_if_dies or eff.exile_if_leaves)
        ):
            return eff
    return None


def _boost(table: Table, res: Resolution, value: Any) -> int:
    return value if isinstance(value, int) else value_of(table, res, value)


def _tap(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for obj in objects_of(table, subjects(table, res, effect)):
        table.tap(obj)


def _untap(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for obj in objects_of(table, subjects(table, res, effect)):
        table.untap(obj)


def _unpreventable(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "Damage can't be prevented this turn." (615.12; ends with the turn's other effects)."""
    table.prevention.append({"target": None, "all": True, "unpreventable": True,
                             "source": res.item.name})  # fmt: skip
    table.emit({"type": "damage_unpreventable", "card": res.item.name})


def _prevent(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    if effect.get("all"):
        prevent_all(table, res, effect)
        return
    amount = amount_of_effect(table, res, effect)
    for target in subjects(table, res, effect):
        table.prevention.append({"target": target, "amount": amount})
        table.emit({"type": "shield", "target": target, "amount": amount})


def _counter_spell(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    items: list[StackItem] = []
    for target in subjects(table, res, effect):
        item = table.items.get(target) if isinstance(target, int) else None
        if item is None or item not in table.stack:
            continue
        if item.obj is not None and "mana_value" not in res.results:
            # "where X is that spell's mana value", countered or not: X counted (202.3e)
            res.results["mana_value"] = item.obj.proto.mana_value + item.x * item.obj.proto.cost.x
        if item.obj is not None and item.obj.proto.cant_be_countered:
            table.emit({"type": "not_countered", "id": item.id, "card": item.name})
            continue  # "can't be countered" (701.5a: the counter does nothing to it)
        items.append(item)
    unless = effect.get("unless_pays")
    if unless is not None:
        # 118.12a: "unless its controller pays": each controller decides, then it happens.
        paying = unless_payments(table, res, items, str(unless), key)
        items = [item for item in items if item.id not in paying]
    for item in items:
        counter_item(table, item)


def counter_item(table: Table, item: StackItem) -> None:
    """701.5: a countered spell goes to its owner's graveyard; an ability just goes."""
    table.stack.remove(item)
    del table.items[item.id]
    table.emit({"type": "countered", "id": item.id, "card": item.name})
    if item.obj is not None:
        table.move(item.obj, "exile" if item.context.get("flashback") else "graveyard", "countered")


def _bounce(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    if effect.get("chosen"):  # "return a land you control": chosen as it resolves
        objs = chosen_own(table, res, effect, key)
    else:
        objs = [
            o for o in objects_of(table, subjects(table, res, effect)) if o.zone == "battlefield"
        ]
    table.move_many([Move(obj, "hand", "bounced") for obj in objs])


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
    for obj in objects_of(table, subjects(table, res, effect, default="it")):
        obj.regen_shields += 1
        table.emit({"type": "shield", "target": obj.id, "regenerate": True})


def _copy_spell(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "Copy target instant or sorcery spell" (a target: ``effects_spell_copies``), or the
    spell a "when you cast" ability triggered from (storm: ``spell_copies``)."""
    if "target" in effect:
        copy_target_spell(table, res, effect, key)
    else:
        copy_spell(table, res, effect, key)


HANDLERS: dict[str, Callable[[Table, Resolution, Effect, str], None]] = {
    "damage": _damage,
    "destroy": _destroy,
    "pay_mana": pay_mana,
    "poison": _poison,
    "exile": _exile,
    "sacrifice": sacrifice,
    "create_token": _create_token,
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "draw": _draw,
    "discard": discard,
    "mill": _mill,
    "exile_top": _exile_top,
    "return_to_hand": _return_to_hand,
    "return_to_battlefield": _return_to_battlefield,
    "counters": _counters,
    "pump": _pump,
    "tap": _tap,
    "untap": _untap,
    "prevent_damage": _prevent,
    "damage_unpreventable": _unpreventable,
    "counter_spell": _counter_spell,
    "bounce": _bounce,
    "search_library": search,
    "add_mana": _add_mana,
    "regenerate": _regenerate,
    "remove_counters": _remove_counters,
    "assigns_no_combat_damage": _no_combat_damage,
    "pay": pay,
    "attach": _attach,
    "scry": scry,
    "surveil": surveil,
    "fight": fight,
    "dig": dig,
    "delayed_trigger": delayed_trigger,
    "copy_token": copy_token,
    "becomes": becomes,
    "copy_spell": _copy_spell,
    "choose_value": choose_value,
    "proliferate": proliferate,
    "reveal_cast": reveal_cast,
    "lose_game": lose_game,
    "must_attack_player": must_attack_player,
    "cascade": cascade,
    "myriad": myriad,
}


def targets_text(targets: list[list[Target]]) -> list[str]:
    return [spell_label(t) for slot in targets for t in slot]


def effect_slots(effects: tuple[Effect, ...]) -> list[Slot]:
    return slots_of(effects)
