"""The players' bots: answering pending decisions (mulligans, discards, targets, the order of
triggers, damage division, "you may" and payments). A mixin of ``basic.Policy``."""

from __future__ import annotations

from typing import Any

from cardcli.games.horde import judge, opening
from cardcli.games.horde.crewing import crew_pick
from cardcli.games.horde.judge import HORDE
from cardcli.magic import activation, casting, combat, proliferate
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost
from cardcli.magic.objects import Obj
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Table
from cardcli.magic.targets import candidates, slots_of, spell_label


class Deciding:
    def mulligan(self, table: Table, seat: str) -> str:
        hand = table.players[seat].hand
        lands = sum(1 for o in hand if "Land" in o.proto.types)
        done = int(table.extra["opening"]["mulligans"][seat])
        if (lands < 2 or lands > 5) and done < 2 and opening.may_mulligan(table, seat):
            return "mulligan"
        return "keep"

    def lands_known(self, table: Table, seat: str) -> int:
        """The lands a player has on the battlefield and in hand."""
        lands_out = sum(
            1
            for o in table.battlefield.values()
            if o.controller == seat and "Land" in o.proto.types
        )
        return lands_out + sum(1 for o in table.players[seat].hand if "Land" in o.proto.types)

    def worst_cards(self, table: Table, seat: str, count: int, decision: Decision) -> list[str]:
        """The cards a player parts with first: spare lands, else the dearest spells."""
        options = [o for o in decision.remaining if o.startswith("#")]
        objs = [table.objects[int(o[1:])] for o in options]
        plenty = self.lands_known(table, seat) >= 6

        def badness(obj: Obj) -> tuple[int, float]:
            if "Land" in obj.proto.types:
                return (0 if plenty else 2, 0.0)
            return (1, -float(obj.proto.mana_value))

        objs.sort(key=badness)
        return [f"#{o.id}" for o in objs[:count]]

    def unwanted_draws(self, table: Table, seat: str, options: list[str]) -> list[str]:
        """Scry and surveil: what goes away from the top of the library. With lands enough
        (six on the battlefield and in hand) the lands go; short of them, the spells dearer
        than the lands it has plus one."""
        lands = self.lands_known(table, seat)
        away = []
        for option in options:
            obj = table.objects[int(option[1:])]
            is_land = "Land" in obj.proto.types
            if (is_land and lands >= 6) or (
                not is_land and lands < 6 and obj.proto.mana_value > lands + 1
            ):
                away.append(option)
        return away

    def draw_order(self, table: Table, seat: str, options: list[str]) -> list[str]:
        """Cards going back on top, the first drawn first (and the cards it takes when it digs,
        the first taken first): lands first while short of them, else the spells, dearest
        first."""
        short = self.lands_known(table, seat) < 6

        def wanted(option: str) -> tuple[int, int]:
            obj = table.objects[int(option[1:])]
            land = "Land" in obj.proto.types
            return (0 if land == short else 1, -obj.proto.mana_value)

        return sorted(options, key=wanted)

    def pick_target(self, table: Table, options: list[str], effect: Any, player: str) -> str | None:
        if not options:
            return None
        if judge.harmful(effect):
            target = judge.best_horde_target(table, options, effect, player)
            if target is not None:
                return target
            return None
        team = table.players[player].team.names
        # Good for whoever it reaches: our best creature, or the player themself.
        if player in options:
            return player
        ours = [
            o
            for o in options
            if o.startswith("#")
            and (obj := table.objects.get(int(o[1:]))) is not None
            and obj.controller in team
        ]
        if ours:
            return max(ours, key=lambda o: judge.creature_value(table, table.objects[int(o[1:])]))
        mates = [o for o in options if o in team]
        return mates[0] if mates else None

    def choose(self, table: Table, decision: Decision, seat: str) -> str:
        kind = decision.kind
        options = decision.remaining
        if kind in ("may", "manual"):
            return "choose yes" if "yes" in options else "choose done"
        if kind == "unless_pay" and "keep" in decision.data:
            return "choose yes" if self.keeps(table, decision) else "choose no"
        if kind in ("pay", "unless_pay"):
            return "choose yes"  # (a spell worth casting is worth keeping)
        if kind == "pay_life":
            return "choose yes" if self.pays_to_untap(table, decision) else "choose no"
        if kind == "x":
            return f"choose {options[-1]}"
        if kind == "order":
            return "choose " + " ".join(options[:40])  # forty a line, as the bots always wrote
        if kind in ("scry", "surveil"):
            away = [] if decision.picked else self.unwanted_draws(table, seat, options[:40])
            return "choose " + " ".join(away) if away else "choose done"
        if kind == "mode":
            return self.choose_modes(table, decision)
        if kind == "dig":
            want = decision.high - len(decision.picked)
            picks = self.draw_order(table, seat, options)[: min(want, 40)]
            return "choose " + " ".join(picks) if picks else "choose done"
        if kind == "library_order":
            return "choose " + " ".join(self.draw_order(table, seat, options)[:40])
        if kind == "assign":
            return "choose " + self.assignment(table, decision)
        if kind in ("discard", "cost_discard", "exile_cards"):
            count = decision.high - len(decision.picked)
            return "choose " + " ".join(self.worst_cards(table, seat, min(count, 40), decision))
        if kind == "cost_crew":
            return crew_pick(table, decision)

        if kind == "reanimate":  # the best of their creature cards back to the battlefield
            objs = [table.objects[int(o[1:])] for o in options]
            objs.sort(key=lambda o: -judge.permanent_value(table, o))
            count = min(40, max(1, decision.low - len(decision.picked)))
            return "choose " + " ".join(f"#{o.id}" for o in objs[:count])
        if kind in ("sacrifice", "cost_sacrifice", "return"):
            objs = [table.objects[int(o[1:])] for o in options]
            objs.sort(key=lambda o: judge.permanent_value(table, o))
            count = min(40, max(1, decision.low - len(decision.picked)))
            return "choose " + " ".join(f"#{o.id}" for o in objs[:count])
        if kind == "target":
            effect = self.target_effect(table, decision)
            if effect.get("do") == "fight":
                return self.fight_target(table, decision, effect, options)
            pick = self.pick_target(table, options, effect, decision.player)
            if pick is None:
                if decision.low == 0 or decision.picked:
                    return "choose done"
                pick = self.least_bad(table, options, decision.player, effect)
            return f"choose {pick}"
        if kind == "copy":  # a clone: the most valuable permanent (or card) it may copy
            objs = [table.objects[int(o[1:])] for o in options]
            best = max(objs, key=lambda o: judge.permanent_value(table, o), default=None)
            return f"choose #{best.id}" if best is not None else "choose done"
        if kind == "proliferate":
            if decision.picked:
                return "choose done"
            good = [o for o in options if proliferate.wanted(table, seat, o)][:40]
            return "choose " + " ".join(good) if good else "choose done"
        if kind == "search":
            return f"choose {options[0]}" if options else "choose done"
        if decision.picked and decision.can_finish:
            return "choose done"
        return f"choose {options[0]}" if options else "choose done"

    def keeps(self, table: Table, decision: Decision) -> bool:
        """Echo (702.30a): pay to keep a creature worth at least twice the mana paid (by
        ``judge.creature_value``), any other permanent always (asked only when it can pay)."""
        obj = table.objects.get(int(decision.data["keep"]))
        if obj is None or "Creature" not in table.chars(obj).types:
            return True
        cost = ManaCost.parse(str(decision.data.get("cost", "")))
        return judge.creature_value(table, obj) >= 2 * cost.mana_value

    def fight_target(
        self, table: Table, decision: Decision, effect: Any, options: list[str]
    ) -> str:
        """A fight's creatures: ours the one that kills the Horde's biggest threat it can, the
        Horde's that threat (none: "up to one" chooses none)."""
        team = table.players[decision.player].team.names
        listed = [
            table.objects[int(o[1:])]
            for o in options
            if o.startswith("#") and int(o[1:]) in table.objects
        ]
        theirs = [o for o in table.battlefield.values() if o.controller == HORDE]
        ours = [o for o in table.battlefield.values() if o.controller in team]
        fighter = self.fighter(table, decision, effect)
        if fighter is None:  # choosing our creature (the first target)
            pair = judge.fight_pair(table, listed, theirs, team)
        else:  # choosing what it fights
            pair = judge.fight_pair(table, [fighter], listed, team)
        if pair is not None:
            return f"choose #{(pair[0] if fighter is None else pair[1]).id}"
        if decision.low == 0 or decision.picked:
            return "choose done"
        mine = [o for o in listed if o in ours]
        if fighter is None and mine:
            best = max(mine, key=lambda o: table.chars(o).power)
            return f"choose #{best.id}"
        return f"choose {self.least_bad(table, options, decision.player, effect)}"

    def fighter(self, table: Table, decision: Decision, effect: Any) -> Obj | None:
        """The creature a fight target is chosen against: the source (``each: it``) or the
        first target chosen already; None while the first target itself is chosen."""
        key = str(decision.data.get("key", ""))
        casting_ = table.casting
        first_slot = "target" in effect
        if casting_ is not None:
            index = int(decision.data.get("slot", 0))
            obj = table.objects.get(casting_.obj_id)
            if obj is None:
                return None
            slots = (
                slots_of(activation.ability_of(casting_, obj).effects)
                if casting_.ability is not None
                else casting.cast_slots(obj)
            )
            if index >= len(slots) or slots[index].part == 0:
                return None
            if not first_slot:
                return obj if casting_.ability is not None else None
            picked = casting_.answers.get(f"target{index - 1}") or []
            return table.objects.get(int(picked[0][1:])) if picked else None
        placing = table.placing
        if placing is not None and key.startswith("t"):
            left, _, right = key[1:].partition(":")
            trigger = placing.triggers[int(left)]
            slots = slots_of(trigger.ability.effects)
            slot = slots[int(right)]
            if slot.part == 0:
                return None
            if not first_slot:
                return table.objects.get(trigger.source_id)
            picked = placing.answers.get(f"t{left}:{int(right) - 1}") or []
            return table.objects.get(int(picked[0][1:])) if picked else None
        return None

    def mode_value(self, table: Table, effects: tuple[Any, ...], player: str) -> float:
        """What a mode (or any list of effects) is worth to the players: a harmful effect by
        the Horde threat it can reach, a helpful one by whether it has a good target, the
        rest by ``judge.untargeted_value``."""
        value = 0.0
        facts = DamageSource(-1, "", player)
        aimed = set()
        for slot in slots_of(effects):
            aimed.add(slot.effect)
            effect = effects[slot.effect]
            options = [spell_label(t) for t in candidates(table, slot, player, facts)]
            if judge.harmful(effect):
                target = judge.best_horde_target(table, options, effect, player)
                if target is None:
                    value -= 5.0  # it would have to hit the players' own
                elif target.startswith("#"):
                    obj = table.objects.get(int(target[1:]))
                    item = table.items.get(int(target[1:]))
                    if obj is not None:
                        value += judge.threat(table, obj)
                    elif item is not None and item.obj is not None:
                        value += judge.spell_threat(table, item.obj)
                else:
                    value += 1.0  # the Horde itself: a few cards milled
            else:
                value += 2.0 if self.pick_target(table, options, effect, player) else -2.0
        for index, effect in enumerate(effects):
            if index not in aimed:
                value += judge.untargeted_value(table, effect, player)
        return value

    def choose_modes(self, table: Table, decision: Decision) -> str:
        """The modes worth the most, as many as are worth something (at least as many as the
        card asks for); then done."""
        if decision.picked and decision.can_finish:
            return "choose done"
        effects = decision.data.get("effects", {})
        value = {
            o: self.mode_value(table, tuple(effects.get(o, ())), decision.player)
            for o in decision.remaining
        }
        scored = sorted(decision.remaining, key=lambda o: -value[o])
        good = [o for o in scored if value[o] > 0]
        need = decision.low - len(decision.picked)
        room = decision.high - len(decision.picked)
        picks = good[:room] if len(good) >= need else scored[:need]
        return "choose " + " ".join(picks) if picks else "choose done"

    def pays_to_untap(self, table: Table, decision: Decision) -> bool:
        """Whether to pay life so that a land enters untapped (``basic.Policy`` decides)."""
        return False

    def least_bad(self, table: Table, options: list[str], player: str, effect: Any) -> str:
        """A target that must be chosen though none is good: the Horde's, else our weakest."""
        for option in options:
            if option == HORDE:
                return option
            if option.startswith("#"):
                obj = table.objects.get(int(option[1:]))
                if obj is not None and obj.controller == HORDE:
                    return option

        def value(option: str) -> float:
            obj = table.objects.get(int(option[1:])) if option.startswith("#") else None
            return judge.creature_value(table, obj) if obj is not None else 100.0

        return min(options, key=value)

    def target_effect(self, table: Table, decision: Decision) -> Any:
        """The effect a target decision is for (a spell being cast, or a trigger)."""
        if "effect" in decision.data:  # (a copy's new targets: 707.10c)
            return decision.data["effect"]
        key = str(decision.data.get("key", ""))
        casting_ = table.casting
        if casting_ is not None:
            obj = table.objects.get(casting_.obj_id)
            if obj is not None:
                chosen = casting_.modes or []
                if casting_.ability is not None:
                    ability = activation.ability_of(casting_, obj)
                    modal = ability.modal
                    effects = modal.effects_of(chosen) if modal else ability.effects
                    slots = slots_of(effects)
                else:
                    modal = obj.proto.modal
                    effects = modal.effects_of(chosen) if modal else obj.proto.spell
                    slots = casting.cast_slots(obj, effects)
                index = int(decision.data.get("slot", 0))
                if index < len(slots) and 0 <= slots[index].effect < len(effects):
                    return effects[slots[index].effect]
                return {}
        placing = table.placing
        if placing is not None and key.startswith("t"):
            left, _, right = key[1:].partition(":")
            ability = placing.triggers[int(left)].ability
            effects = ability.effects
            if ability.modal is not None:
                picked = placing.answers.get(f"m{left}", [])
                effects = ability.modal.effects_of([int(p) - 1 for p in picked])
            slot = slots_of(effects)[int(right)]
            return effects[slot.effect]
        return {}

    def assignment(self, table: Table, decision: Decision) -> str:
        """Kill as many blockers as the damage allows, the rest to the player (trample)."""
        attacker = table.objects[int(decision.data["attacker"])]
        fight_ = table.combat
        assert fight_ is not None
        blockers = [table.objects[b] for b in fight_.blocked_by.get(attacker.id, [])]
        blockers.sort(key=lambda b: combat.lethal_for(table, b, attacker))
        return combat.lethal_in_order(table, attacker, blockers, decision.data["target"])
