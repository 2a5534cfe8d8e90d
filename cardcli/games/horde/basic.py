"""The ``basic`` bot for the players: sensible play from simple rules.

It plays a land, casts the best spells it can afford, attacks only with what the
Horde's untapped creatures cannot punish, blocks to keep the shared life, aims
removal at the biggest threat and answers every pending decision. It only
produces command text; ``Policy`` is subclassed by the ``planner``.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.game import State
from cardcli.engine.rng import Rng
from cardcli.games.horde import fight, judge, opening
from cardcli.games.horde.judge import HORDE
from cardcli.magic import actions, activation, casting, combat, costs
from cardcli.magic.actions import can_play_land
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, Team
from cardcli.magic.table import Table
from cardcli.magic.targets import candidates, slots_of, spell_label

MAIN = ("main1", "main2")


class Policy:
    """The players' side: one command for the seat the game waits on."""

    # -- the entry point ------------------------------------------------------------------

    def move(self, state: State, seat: str, rng: Rng) -> str:
        return self.move_on(state.table, seat)  # type: ignore[attr-defined]

    def move_on(self, table: Table, seat: str) -> str:
        decision = table.pending
        assert decision is not None
        kind = decision.kind
        if kind == "mulligan":
            return self.mulligan(table, seat)
        if kind == "bottom":
            return "choose " + " ".join(self.worst_cards(table, seat, decision.high, decision))
        team = table.players[seat].team
        if kind == "priority":
            return self.priority(table, team)
        if kind == "attackers":
            return self.attack(table, team)
        if kind == "blockers":
            return self.block(table, team)
        return self.choose(table, decision, seat)

    # -- opening hands -----------------------------------------------------------------------

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

    # -- priority --------------------------------------------------------------------------------

    def priority(self, table: Table, team: Team) -> str:
        mine = table.active_team is team
        if table.stack:
            answer = self.respond(table, team)
            if answer:
                return answer
            return "pass"
        if mine and table.step in MAIN:
            for player in team.players:
                land = self.land_to_play(table, player.name)
                if land is not None:
                    return f"{player.name} play #{land.id}"
            spell = self.spell_to_cast(table, team)
            if spell:
                return spell
        elif not mine and table.step == "declare_attackers" and table.combat is not None:
            answer = self.against_attack(table, team)
            if answer:
                return answer
        if table.step == "declare_blockers" and table.combat is not None:
            answer = self.combat_trick(table, team)
            if answer:
                return answer
        if table.step == "end":
            answer = self.end_of_turn(table, team)
            if answer:
                return answer
        return "pass"

    def combat_trick(self, table: Table, team: Team) -> str | None:
        """Blocks are declared: a pump spell that saves one of the team's creatures in a fight,
        or lets it kill what it fights."""
        fight_ = table.combat
        assert fight_ is not None
        if not fight_.blockers_done:
            return None
        tricks = [
            (p, o) for p, o in self.castable(table, team) if judge.kind_of(o.proto) == "trick"
        ]
        if not tricks:
            return None
        pairs: list[tuple[Obj, list[Obj], Obj]] = []  # (attacker, blockers, our creature)
        for attacker_id, blocker_ids in fight_.blocked_by.items():
            attacker = table.objects.get(attacker_id)
            blockers = [table.objects[b] for b in blocker_ids if b in table.objects]
            if attacker is None or not blockers:
                continue
            for obj in [attacker, *blockers]:
                if obj.controller in team.names:
                    pairs.append((attacker, blockers, obj))
        for player, card in tricks:
            effect = next(e for e in card.proto.spell if e.get("do") == "pump")
            bonus = (int(effect.get("power", 0)), int(effect.get("toughness", 0)))
            for attacker, blockers, ours in pairs:
                if fight.trick_helps(table, attacker, blockers, ours, bonus):
                    return f"{player} cast #{card.id} -> #{ours.id}"
        return None

    def land_to_play(self, table: Table, player: str) -> Obj | None:
        lands = [
            o
            for o in table.players[player].hand
            if "Land" in o.proto.types and can_play_land(table, player, o) is None
        ]
        if not lands:
            return None
        # An untapped land first when a spell in hand would use it now; else a tapped one.
        lands.sort(key=lambda o: (not o.proto.enters_tapped, o.id))
        return lands[-1] if self._would_cast_with_one_more(table, player) else lands[0]

    def _would_cast_with_one_more(self, table: Table, player: str) -> bool:
        have = len(costs.mana_sources(table, player))
        return any(
            "Land" not in o.proto.types and o.proto.mana_value == have + 1
            for o in table.players[player].hand
        )

    # -- casting -------------------------------------------------------------------------------------

    def castable(self, table: Table, team: Team) -> list[tuple[str, Obj]]:
        """Every spell a player of the team may cast now (one of each name), as ``moves`` would
        list it, without the lands and mana abilities."""
        found: list[tuple[str, Obj]] = []
        timing = None
        for player in team.players:
            cards = [o for o in player.hand if "Land" not in o.proto.types]
            if not table.graveyard_abilities_lost():
                cards.extend(o for o in player.graveyard if o.proto.flashback is not None)
            if not cards:
                continue
            if timing is None:
                timing = costs.sorcery_timing(table, player.name)
            sources = costs.mana_sources(table, player.name)
            seen: set[str] = set()
            for obj in cards:
                if obj.name in seen:
                    continue
                seen.add(obj.name)
                if not timing and not casting.may_cast_now(table, player.name, obj):
                    continue
                problem = casting.cast_problem(
                    table, player.name, obj, None, sources=sources, explain=False
                )
                if problem is None:
                    found.append((player.name, obj))
        return found

    def spell_to_cast(self, table: Table, team: Team) -> str | None:
        best: tuple[float, str] | None = None
        for player, obj in self.castable(table, team):
            scored = self.score_cast(table, team, player, obj)
            if scored is not None and (best is None or scored[0] > best[0]):
                best = scored
        if best is not None:
            return best[1]
        return self.mana_rock_cast(table, team)

    def score_cast(
        self, table: Table, team: Team, player: str, obj: Obj
    ) -> tuple[float, str] | None:
        """(how much it is wanted, the command) for a spell castable now, or None: not now."""
        proto = obj.proto
        kind = judge.kind_of(proto)
        name = f"{player} cast #{obj.id}"
        if kind in ("counter", "fog", "trick"):
            return None  # kept for the Horde's turn or a combat
        if kind == "land":
            return None
        if kind == "creature":
            return (10.0 + proto.mana_value, self._with_x(table, player, obj, name))
        if kind == "removal":
            target = self.removal_target(table, player, obj, proto.spell)
            if target is None:
                return None
            return (9.0 + proto.mana_value, f"{name} -> {target}")
        if kind == "sweeper":
            gain = self.sweeper_gain(table, team, proto.spell)
            if gain < 6.0:
                return None
            return (20.0 + gain, name)
        if kind == "team_pump":
            # Before combat, with three creatures or more ready to attack.
            ready = [
                o
                for o in table.battlefield.values()
                if o.controller in team.names and combat.can_attack(table, o)
            ]
            if table.step != "main1" or len(ready) < 3:
                return None
            return (15.0 + len(ready), name)
        if kind == "spell":
            targets = self.spell_targets(table, player, obj)
            if targets is False:
                return None
            text = self._with_x(table, player, obj, name)
            if proto.cost.x and "X=" not in text:
                return None
            return (6.0 + proto.mana_value, text + (f" -> {targets}" if targets else ""))
        # Enchantments, artifacts: anthems and engines first.
        return (12.0 + proto.mana_value, name)

    def _with_x(self, table: Table, player: str, obj: Obj, text: str) -> str:
        if not obj.proto.cost.x:
            return text
        cost = costs.spell_cost(table, player, obj)
        top = costs.max_x(table, player, cost)
        return f"{text} X={top}" if top >= 3 else text

    def spell_targets(self, table: Table, player: str, obj: Obj) -> str | bool | None:
        """The targets a plain spell names ("" none; False: no good one now)."""
        slots = casting.cast_slots(obj)
        if not slots:
            return ""
        chosen: list[str] = []
        facts = casting.facts_of(table, obj, player)
        for slot in slots:
            options = [spell_label(t) for t in candidates(table, slot, player, facts)]
            effect = obj.proto.spell[slot.effect] if slot.effect >= 0 else {}
            pick = self.pick_target(table, options, effect, player)
            if pick is None:
                return False
            chosen.append(pick)
        return " ".join(chosen)

    def removal_target(
        self, table: Table, player: str, obj: Obj, effects: tuple[Any, ...]
    ) -> str | None:
        slots = casting.cast_slots(obj)
        if len(slots) != 1:
            return None
        slot = slots[0]
        effect = effects[slot.effect]
        facts = casting.facts_of(table, obj, player)
        options = [spell_label(t) for t in candidates(table, slot, player, facts)]
        target = judge.best_horde_target(table, options, effect, player)
        if target is None or target == "horde":
            return None
        victim = table.objects[int(target[1:])]
        if judge.threat(table, victim) < self.removal_threshold(table):
            return None
        return target

    def removal_threshold(self, table: Table) -> float:
        return 6.0  # a 2/2 token is not worth a removal spell; a 3/3 or better is

    def sweeper_gain(self, table: Table, team: Team, effects: tuple[Any, ...]) -> float:
        """Value of the Horde's creatures a sweeper would kill, less the players'."""
        kill = -min(
            0,
            min((int(e.get("toughness", 0)) for e in effects if e.get("do") == "pump"), default=0),
        )
        destroy = any(e.get("do") == "destroy" for e in effects)
        damage = max(
            (int(e.get("amount", 0)) for e in effects if e.get("do") == "damage"), default=0
        )
        only_theirs = any(e.get("each") == "each_creature_you_dont_control" for e in effects)
        total = 0.0
        for obj in table.battlefield.values():
            ch = table.chars(obj)
            if "Creature" not in ch.types:
                continue
            left = ch.toughness - obj.damage
            dies = destroy or (kill and left <= kill) or (damage and left <= damage)
            if not dies or "indestructible" in ch.keywords:
                continue
            value = judge.creature_value(table, obj)
            if obj.controller == HORDE:
                total += value
            elif not only_theirs:
                total -= value * 1.3
        return total

    def mana_rock_cast(self, table: Table, team: Team) -> str | None:
        """Tap a mana creature or rock when a spell in hand needs its mana to be cast."""
        for player in team.players:
            extra = [
                o
                for o in table.battlefield.values()
                if o.controller == player.name
                and o.proto.mana_abilities
                and "Land" not in o.proto.types
                and not o.tapped
            ]
            if not extra or not player.hand:
                continue
            pool = player.pool
            saved = dict(pool)
            try:
                for rock in extra:
                    for kind in rock.proto.mana_abilities[0].mana[0]:
                        pool[kind] = pool.get(kind, 0) + 1
                wanted = [
                    o
                    for o in player.hand
                    if "Land" not in o.proto.types
                    and judge.kind_of(o.proto) in ("creature", "permanent")
                    and casting.cast_problem(table, player.name, o, None, explain=False) is None
                ]
            finally:
                pool.clear()
                pool.update(saved)
            if wanted:
                for rock in extra:
                    if actions.mana_problem(table, player.name, rock) is None:
                        return f"{player.name} tap #{rock.id}"
        return None

    # -- instants --------------------------------------------------------------------------------------

    def counter_threshold(self, table: Table) -> float:
        """The least threat worth a counterspell: any creature spell of the Horde."""
        return 4.0

    def respond(self, table: Table, team: Team) -> str | None:
        """With something on the stack: counter a Horde spell worth it."""
        top = table.stack[-1]
        if top.controller != HORDE or top.kind != "spell" or top.obj is None:
            return None
        worth = judge.spell_threat(table, top.obj)
        if worth < self.counter_threshold(table):
            return None
        for player, obj in self.castable(table, team):
            if judge.kind_of(obj.proto) != "counter":
                continue
            slots = casting.cast_slots(obj)
            if len(slots) != 1:
                continue
            facts = casting.facts_of(table, obj, player)
            if top.id in candidates(table, slots[0], player, facts):
                return f"{player} cast #{obj.id} -> #{top.id}"
        return None

    def against_attack(self, table: Table, team: Team) -> str | None:
        """The Horde has declared its attack: Aetherize a big one, or kill its biggest."""
        fight_ = table.combat
        assert fight_ is not None
        attackers = [table.objects[a] for a in fight_.attackers if a in table.objects]
        if not attackers:
            return None
        power = sum(max(0, table.chars(a).power) for a in attackers)
        life = team.life or 0
        castable = self.castable(table, team)
        for player, obj in castable:
            if judge.kind_of(obj.proto) == "fog" and (power >= 10 or power * 2 >= life):
                return f"{player} cast #{obj.id}"
        for player, obj in castable:
            if judge.kind_of(obj.proto) != "removal" or "Instant" not in obj.proto.types:
                continue
            target = self.removal_target(table, player, obj, obj.proto.spell)
            if target is not None and int(target[1:]) in fight_.attackers:
                return f"{player} cast #{obj.id} -> {target}"
        return None

    def end_of_turn(self, table: Table, team: Team) -> str | None:
        """At an end step: activated abilities worth using before the turn ends."""
        for player in team.players:
            for obj in list(table.battlefield.values()):
                if obj.controller != player.name:
                    continue
                for index, ability in enumerate(obj.proto.activated):
                    command = self.ability_use(table, player.name, obj, index, ability)
                    if command:
                        return command
        return None

    def ability_use(
        self, table: Table, player: str, obj: Obj, index: int, ability: Any
    ) -> str | None:
        effects = ability.effects
        cost = ability.cost
        if cost is not None and cost.sacrifice:
            return None  # no sacrifice outlets from a plain bot
        if any(e.get("do") in ("regenerate", "pump", "add_mana") for e in effects):
            return None
        try:
            activation.check_activation(table, player, obj, ability)
        except Exception:
            return None
        slots = slots_of(effects)
        number = f" {index + 1}" if len(obj.proto.activated) > 1 else ""
        if not slots:
            return f"{player} activate #{obj.id}{number}"
        facts = table.source_of(obj)
        picks = []
        for slot in slots:
            options = [spell_label(t) for t in candidates(table, slot, player, facts)]
            pick = self.pick_target(table, options, effects[slot.effect], player)
            if pick is None:
                return None
            picks.append(pick)
        return f"{player} activate #{obj.id}{number} -> {' '.join(picks)}"

    # -- targets and choices ------------------------------------------------------------------------

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
        power = max(0, table.chars(attacker).power)
        trample = "trample" in table.chars(attacker).keywords
        parts = []
        left = power
        blockers.sort(key=lambda b: combat.lethal_for(table, b, attacker))
        for i, b in enumerate(blockers):
            give = min(left, combat.lethal_for(table, b, attacker))
            if i == len(blockers) - 1 and not trample:
                give = left
            left -= give
            parts.append(f"#{b.id}={give}")
        if left:
            parts.append(f"{decision.data['target']}={left}")
        return " ".join(parts)

    # -- combat ---------------------------------------------------------------------------------------

    def attackers_able(self, table: Table, team: Team) -> list[Obj]:
        fight_ = table.combat
        assert fight_ is not None
        return [
            o
            for o in table.battlefield.values()
            if o.controller in team.names
            and o.id not in fight_.attackers
            and combat.can_attack(table, o)
        ]

    def attack(self, table: Table, team: Team) -> str:
        """The planned attackers not declared yet, forty at most a command (a command line has
        at most 500 characters), then pass."""
        chosen = self.plan_attack(table, team)
        if not chosen:
            return "pass"
        return "attack " + " ".join(f"#{o.id}" for o in chosen[:40])

    def plan_attack(self, table: Table, team: Team) -> list[Obj]:
        """Each creature the Horde's untapped creatures cannot punish: none of them can block
        it and kill it (menace: none can block it alone). What the Horde's next attack does
        to the creatures left tapped is the planner's question, not this bot's."""
        able = self.attackers_able(table, team)
        blockers = [
            o
            for o in table.battlefield.values()
            if o.controller == HORDE and not o.tapped and "Creature" in table.chars(o).types
        ]
        chosen = []
        for obj in able:
            safe = True
            for blocker in blockers:
                if not combat.can_block(table, blocker, obj):
                    continue
                if "menace" in table.chars(obj).keywords:
                    continue  # the Horde blocks with one creature: menace is never blocked
                result = fight.block_outcome(table, obj, [blocker])
                if obj.id in result.dead:
                    safe = False
                    break
            if safe:
                chosen.append(obj)
        return chosen

    def horde_power(self, table: Table) -> int:
        """The power of every Horde creature: what its next attack could deal."""
        return sum(
            max(0, table.chars(o).power)
            for o in table.battlefield.values()
            if o.controller == HORDE and "Creature" in table.chars(o).types
        )

    def block(self, table: Table, team: Team) -> str:
        fight_ = table.combat
        assert fight_ is not None
        plan = self.plan_blocks(table, team)
        for attacker, blockers in plan:
            if attacker not in fight_.blocked_by:
                return f"block #{attacker} with " + " ".join(f"#{b}" for b in blockers)
        return "pass"

    def free_blockers(self, table: Table, team: Team) -> list[Obj]:
        fight_ = table.combat
        assert fight_ is not None
        return [
            o
            for o in table.battlefield.values()
            if o.controller in team.names
            and not o.tapped
            and o.id not in fight_.blocks
            and "Creature" in table.chars(o).types
            and not table.chars(o).cant_block
        ]

    def plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        """Good blocks first (kill it and live), then trades worth making, then chump blocks
        while the unblocked damage would leave the shared life low."""
        fight_ = table.combat
        assert fight_ is not None
        attackers = [
            table.objects[a]
            for a in fight_.attackers
            if a in table.objects and a not in fight_.blocked_by
        ]
        attackers.sort(key=lambda a: -max(0, table.chars(a).power))
        free = self.free_blockers(table, team)
        plan: list[tuple[int, list[int]]] = []
        used: set[int] = set()
        unblocked = []
        for attacker in attackers:
            if "menace" in table.chars(attacker).keywords:
                unblocked.append(attacker)
                continue
            options = [b for b in free if b.id not in used and combat.can_block(table, b, attacker)]
            best: tuple[float, Obj] | None = None
            worth = judge.creature_value(table, attacker)
            for blocker in options:
                result = fight.block_outcome(table, attacker, [blocker])
                kills = attacker.id in result.dead
                dies = blocker.id in result.dead
                value = judge.creature_value(table, blocker)
                if kills and not dies:
                    score = 100.0 - value
                elif kills and worth >= value * 0.6:
                    score = 50.0 + worth - value
                else:
                    continue
                if best is None or score > best[0]:
                    best = (score, blocker)
            if best is not None:
                used.add(best[1].id)
                plan.append((attacker.id, [best[1].id]))
            else:
                unblocked.append(attacker)
        # Chump blocks while the damage left would bring the shared life too low.
        life = team.life or 0
        incoming = sum(max(0, table.chars(a).power) for a in unblocked)
        for attacker in sorted(unblocked, key=lambda a: -table.chars(a).power):
            if life - incoming > self.danger(table, team):
                break
            if "menace" in table.chars(attacker).keywords:
                continue
            options = [b for b in free if b.id not in used and combat.can_block(table, b, attacker)]
            if not options:
                continue
            chump = min(options, key=lambda b: judge.creature_value(table, b))
            used.add(chump.id)
            plan.append((attacker.id, [chump.id]))
            incoming -= max(0, table.chars(attacker).power)
        return plan

    def danger(self, table: Table, team: Team) -> int:
        """The shared life below which a chump block is worth a creature: what the Horde's
        creatures would deal in its next attack."""
        return max(8, self.horde_power(table))


POLICY = Policy()


def basic_bot(state: State, seat: str, rng: Rng) -> str:
    return POLICY.move(state, seat, rng)
