"""The ``basic`` bot for the players: sensible play from simple rules.

It plays a land, casts the best spells it can afford, attacks only with what the
Horde's untapped creatures cannot punish, blocks to keep the shared life, aims
removal at the biggest threat and answers every pending decision. It only
produces command text; ``Policy`` is subclassed by the ``planner``. Here: the
entry point, priority and casting; ``deciding`` answers pending decisions and
``fighting`` plans attacks and blocks.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.game import State
from cardcli.engine.rng import Rng
from cardcli.games.horde import judge
from cardcli.games.horde.crewing import Crewing
from cardcli.games.horde.deciding import Deciding
from cardcli.games.horde.fighting import Fighting
from cardcli.games.horde.judge import HORDE
from cardcli.games.horde.keyword_play import CardAbilities
from cardcli.magic import actions, activation, casting, combat, costs
from cardcli.magic.actions import can_play_land
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost
from cardcli.magic.manaopts import options_of
from cardcli.magic.manause import usable_options
from cardcli.magic.modes import legal_modes
from cardcli.magic.objects import Obj, Team
from cardcli.magic.table import Table
from cardcli.magic.targets import candidates, slots_of, spell_label

MAIN = ("main1", "main2")


class Policy(Deciding, Fighting, CardAbilities, Crewing):
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
            return self.with_kicker(table, self.with_convoke(table, self.priority(table, team)))
        if kind == "attackers":
            return self.attack(table, team)
        if kind == "blockers":
            return self.block(table, team)
        return self.choose(table, decision, seat)

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
            spell = (
                self.overload_cast(table, team)
                or self.spell_to_cast(table, team)
                or self.evoke_cast(table, team)
                or self.graveyard_ability(table, team)
                or self.crew_to_attack(table, team)
            )
            if spell:
                return spell
        elif not mine and table.step == "declare_attackers" and table.combat is not None:
            answer = self.against_attack(table, team) or self.crew_to_block(table, team)
            if answer:
                return answer
        if table.step == "declare_blockers" and table.combat is not None:
            answer = self.combat_trick(table, team)
            if answer:
                return answer
        if table.step == "end":
            answer = self.end_of_turn(table, team) or self.cycle_at_end(table, team)
            if answer:
                return answer
        return "pass"

    def pays_to_untap(self, table: Table, decision: Decision) -> bool:
        """A shock land: pay its life when the shared life stays at half the game's or more
        and the land's mana untapped lets the bot cast now a spell it wants that it could not
        cast without it."""
        player = decision.player
        land = table.objects.get(int(decision.data.get("card", 0)))
        team = table.players[player].team
        life = team.life or 0
        if land is None or life - int(decision.data.get("life", 2)) < self.life_floor(table):
            return False
        if team is not table.active_team or table.step not in MAIN:
            return False  # (it entered some other way: its mana is not wanted now)
        kinds = tuple(sorted({c for a in land.proto.mana_abilities for m in a.mana for c in m}))
        if not kinds:
            return False
        sources = costs.mana_sources(table, player)
        with_it = [*sources, (land.id, kinds)]
        for obj in table.players[player].hand:
            if obj is land or "Land" in obj.proto.types:
                continue
            if not casting.cast_problem(table, player, obj, None, sources=sources, explain=False):
                continue  # castable without it
            if casting.cast_problem(table, player, obj, None, sources=with_it, explain=False):
                continue
            if self.score_cast(table, team, player, obj) is not None:
                return True
        return False

    def life_floor(self, table: Table) -> int:
        """The shared life the bot keeps before it pays life for tempo: half the life the game
        is played with (--life)."""
        return int(table.extra.get("life_option", 40)) // 2

    def land_to_play(self, table: Table, player: str) -> Obj | None:
        lands = [
            o
            for o in table.players[player].hand
            if "Land" in o.proto.types and can_play_land(table, player, o) is None
        ]
        if not lands:
            return None
        # An untapped land first when a spell in hand would use it now (one that needs no
        # life paid before one that does); else a tapped one (a shock land not paid for
        # before a land that enters untapped for free).
        lands.sort(key=lambda o: (self._untapped_rank(table, player, o), o.id))
        return lands[-1] if self._would_cast_with_one_more(table, player) else lands[0]

    def _untapped_rank(self, table: Table, player: str, land: Obj) -> int:
        """2: it enters untapped as things are; 1: if life is paid for it; 0: tapped."""
        if not table.enters_tapped(land, player):
            return 2
        return 1 if not table.enters_tapped(land, player, paid=True) else 0

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
                if problem is None and self.convoke_words(table, player.name, obj) is not None:
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
        if kind == "modal" and proto.modal is not None:
            # The modes worth most: it is cast without targets, then its modes are chosen.
            facts = casting.facts_of(table, obj, player)
            values = sorted(
                (
                    self.mode_value(table, proto.modal.modes[i].effects, player)
                    for i in legal_modes(table, proto.modal, player, facts)
                ),
                reverse=True,
            )
            worth = sum(v for v in values[: proto.modal.high] if v > 0)
            if worth < 3.0:
                return None
            return (6.0 + worth, name)
        if kind == "creature":
            return (10.0 + proto.mana_value, self._with_x(table, player, obj, name))
        if kind == "fight":
            slots = casting.cast_slots(obj)
            if len(slots) != 2:
                return None
            facts = casting.facts_of(table, obj, player)
            found = [
                [
                    table.objects[t]
                    for t in candidates(table, s, player, facts)
                    if isinstance(t, int)
                ]
                for s in slots
            ]
            pair = judge.fight_pair(table, found[0], found[1], team.names)
            if pair is None or pair[2] < self.removal_threshold(table):
                return None
            return (9.0 + proto.mana_value, f"{name} -> #{pair[0].id} #{pair[1].id}")
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
            min((judge.boost(e, "toughness") for e in effects if e.get("do") == "pump"), default=0),
        )
        destroy = any(e.get("do") == "destroy" for e in effects)
        damage = max(
            (judge.boost(e, "amount") for e in effects if e.get("do") == "damage"), default=0
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
        """Use a mana creature or rock when a creature or permanent spell in hand needs its
        mana to be cast; a Treasure or an Eldrazi Spawn (sacrificed for mana) only when the
        others are not enough, for any spell the bot would cast now."""
        for player in team.players:
            if not player.hand:
                continue
            extra = [
                o
                for o in table.battlefield.values()
                if o.controller == player.name
                and o.proto.mana_abilities
                and "Land" not in o.proto.types
                and not o.tapped
            ]
            kept = [o for o in extra if not _spent(o)]
            if kept:
                command = self._mana_for(table, team, player.name, kept, rocks_only=True)
                if command:
                    return command
            if len(kept) < len(extra):
                usable = [o for o in extra if actions.mana_problem(table, player.name, o) is None]
                # Reusable sources first, then what is sacrificed: artifacts before creatures.
                usable.sort(
                    key=lambda o: (
                        _spent(o),
                        "Creature" in o.proto.types,
                        judge.creature_value(table, o) if "Creature" in o.proto.types else 0.0,
                        o.id,
                    )
                )
                command = self._mana_for(table, team, player.name, usable, rocks_only=False)
                if command:
                    return command
        return None

    def _mana_for(
        self, table: Table, team: Team, player: str, extra: list[Obj], rocks_only: bool
    ) -> str | None:
        """The mana command that helps cast a wanted spell which ``extra``'s mana makes
        castable, or None."""
        fixed, units = actions.mana_of(table, player, extra)
        pool = table.players[player].pool
        saved = dict(pool)
        sources = costs.mana_sources(table, player) + units
        try:
            for kind, count in fixed.items():
                pool[kind] = pool.get(kind, 0) + count
            wanted = None
            for obj in table.players[player].hand:
                if "Land" in obj.proto.types:
                    continue
                if rocks_only and judge.kind_of(obj.proto) not in ("creature", "permanent"):
                    continue
                if casting.cast_problem(table, player, obj, None, sources=sources, explain=False):
                    continue
                if rocks_only or self.score_cast(table, team, player, obj) is not None:
                    wanted = obj
                    break
        finally:
            pool.clear()
            pool.update(saved)
        if wanted is None:
            return None
        for rock in extra:
            if actions.mana_problem(table, player, rock) is not None:
                continue
            if len(options_of(table, rock, player)) == 1:
                return f"{player} tap #{rock.id}"
            color = self._color_for(table, player, wanted, rock, extra, sources)
            if color is not None:
                return f"{player} tap #{rock.id} {color}"
        return None

    def _color_for(
        self,
        table: Table,
        player: str,
        spell: Obj,
        rock: Obj,
        extra: list[Obj],
        sources: list[tuple[int, tuple[str, ...]]],
    ) -> str | None:
        """Which of ``rock``'s kinds of mana keeps ``spell`` castable with the rest, the
        spell's own colours first."""
        usable = usable_options(table, player, rock)
        cost = spell.proto.cost
        named = set(cost.colored) | {k for h in cost.hybrid for k in h} | set(cost.phyrexian)
        # The spell's own colours first, then free mana before a painful one (a stable sort).
        usable.sort(key=lambda o: (not (set(o.adds) & named), o.ability.costly))
        every = options_of(table, rock, player)
        choices = [actions.tap_word(every, o) for o in usable]
        adds = {actions.tap_word(every, o): o.adds for o in usable}
        others, _ = actions.mana_of(table, player, [o for o in extra if o is not rock])
        rest = [s for s in sources if s[0] != rock.id]
        pool = table.players[player].pool
        saved = dict(pool)
        try:
            for choice in choices:
                pool.clear()
                pool.update(saved)
                for kind in [*adds[choice], *(k for k, n in others.items() for _ in range(n))]:
                    pool[kind] = pool.get(kind, 0) + 1
                problem = casting.cast_problem(
                    table, player, spell, None, sources=rest, explain=False
                )
                if problem is None:
                    return choice
        finally:
            pool.clear()
            pool.update(saved)
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
        horde = table.players[HORDE]
        for player, obj in self.castable(table, team):
            if judge.kind_of(obj.proto) != "counter":
                continue
            if (
                any("unless_pays" in e for e in obj.proto.spell)
                and table.variant.cost_to_pay(table, horde, ManaCost(generic=1)) is None
            ):
                continue  # the Horde pays any "unless": its mana is unlimited
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
        if (
            cost is not None
            and cost.sacrifice
            and not self._token_to_use(table, player, obj, ability)
        ):
            return None  # no sacrifice outlets from a plain bot
        if any(e.get("do") in ("regenerate", "pump", "add_mana", "becomes") for e in effects):
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

    def _token_to_use(self, table: Table, player: str, obj: Obj, ability: Any) -> bool:
        """A Clue or a Food (a token sacrificed to draw or gain life) is used at the end of the
        Horde's turn, when the mana it costs would go unused (a Blood's discard is not)."""
        if obj.card_no is not None or table.active_team is table.players[player].team:
            return False
        cost = ability.cost
        if cost is None or cost.sacrifice != "self" or cost.discard:
            return False
        return all(e.get("do") in ("draw", "gain_life") for e in ability.effects)

    # -- combat ---------------------------------------------------------------------------------------


POLICY = Policy()


def basic_bot(state: State, seat: str, rng: Rng) -> str:
    return POLICY.move(state, seat, rng)


def _spent(obj: Obj) -> bool:
    """Is ``obj`` sacrificed to use its mana ability (a Treasure, an Eldrazi Spawn)?"""
    return all(
        a.cost is not None and a.cost.sacrifice is not None for a in obj.proto.mana_abilities
    )
