"""The players' bots: answering pending decisions (mulligans, discards, targets, the order of
triggers, damage division, "you may" and payments). A mixin of ``basic.Policy``."""

from __future__ import annotations

from typing import Any

from cardcli.games.horde import judge, opening
from cardcli.games.horde.judge import HORDE
from cardcli.magic import casting, combat
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj
from cardcli.magic.table import Table
from cardcli.magic.targets import slots_of


class Deciding:
    def mulligan(self, table: Table, seat: str) -> str:
        hand = table.players[seat].hand
        lands = sum(1 for o in hand if "Land" in o.proto.types)
        done = int(table.extra["opening"]["mulligans"][seat])
        if (lands < 2 or lands > 5) and done < 2 and opening.may_mulligan(table, seat):
            return "mulligan"
        return "keep"

    def worst_cards(self, table: Table, seat: str, count: int, decision: Decision) -> list[str]:
        """The cards a player parts with first: spare lands, else the dearest spells."""
        options = [o for o in decision.remaining if o.startswith("#")]
        objs = [table.objects[int(o[1:])] for o in options]
        player = table.players[seat]
        lands_out = sum(
            1
            for o in table.battlefield.values()
            if o.controller == seat and "Land" in o.proto.types
        )
        lands_in_hand = sum(1 for o in player.hand if "Land" in o.proto.types)
        plenty = lands_out + lands_in_hand >= 6

        def badness(obj: Obj) -> tuple[int, float]:
            if "Land" in obj.proto.types:
                return (0 if plenty else 2, 0.0)
            return (1, -float(obj.proto.mana_value))

        objs.sort(key=badness)
        return [f"#{o.id}" for o in objs[:count]]

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
        if kind == "pay":
            return "choose yes"
        if kind == "pay_life":
            return "choose yes" if self.pays_to_untap(table, decision) else "choose no"
        if kind == "x":
            return f"choose {options[-1]}"
        if kind == "order":
            return "choose " + " ".join(options[:40])  # a command has at most 500 characters
        if kind == "assign":
            return "choose " + self.assignment(table, decision)
        if kind in ("discard", "cost_discard", "exile_cards"):
            count = decision.high - len(decision.picked)
            return "choose " + " ".join(self.worst_cards(table, seat, min(count, 40), decision))
        if kind in ("sacrifice", "cost_sacrifice"):
            objs = [table.objects[int(o[1:])] for o in options]
            objs.sort(key=lambda o: judge.creature_value(table, o))
            count = min(40, max(1, decision.low - len(decision.picked)))
            return "choose " + " ".join(f"#{o.id}" for o in objs[:count])
        if kind == "target":
            effect = self.target_effect(table, decision)
            pick = self.pick_target(table, options, effect, decision.player)
            if pick is None:
                if decision.low == 0 or decision.picked:
                    return "choose done"
                pick = self.least_bad(table, options, decision.player, effect)
            return f"choose {pick}"
        if kind == "search":
            return f"choose {options[0]}" if options else "choose done"
        if decision.picked and decision.can_finish:
            return "choose done"
        return f"choose {options[0]}" if options else "choose done"

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
        key = str(decision.data.get("key", ""))
        casting_ = table.casting
        if casting_ is not None:
            obj = table.objects.get(casting_.obj_id)
            if obj is not None:
                if casting_.ability is not None:
                    effects = obj.proto.activated[casting_.ability].effects
                    slots = slots_of(effects)
                else:
                    effects = obj.proto.spell
                    slots = casting.cast_slots(obj)
                index = int(decision.data.get("slot", 0))
                if index < len(slots) and 0 <= slots[index].effect < len(effects):
                    return effects[slots[index].effect]
                return {}
        placing = table.placing
        if placing is not None and key.startswith("t"):
            left, _, right = key[1:].partition(":")
            trigger = placing.triggers[int(left)]
            slots = slots_of(trigger.ability.effects)
            slot = slots[int(right)]
            return trigger.ability.effects[slot.effect]
        return {}

    def assignment(self, table: Table, decision: Decision) -> str:
        """Kill as many blockers as the damage allows, the rest to the player (trample)."""
        attacker = table.objects[int(decision.data["attacker"])]
        fight_ = table.combat
        assert fight_ is not None
        blockers = [table.objects[b] for b in fight_.blocked_by.get(attacker.id, [])]
        blockers.sort(key=lambda b: combat.lethal_for(table, b, attacker))
        return combat.lethal_in_order(table, attacker, blockers, decision.data["target"])
