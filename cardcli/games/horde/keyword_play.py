"""The players' bots and keywords: abilities of cards in a hand or graveyard (cycling,
unearth), evoke.

At the end of the Horde's turn, when the mana would go unused, a bot cycles a card it
cannot use: a land when its player has five lands or more on the battlefield, a spell it
could not cast by its next turn (its mana value above the player's lands, one more if a
land waits in hand); it landcycles such a spell first when its player has no land in hand.
In its own main phase, with nothing better to cast, it uses an ability of a card in its
graveyard that makes tokens, draws or gains life (Mother Bear), without targets; in its
first main phase it unearths a creature (it returns with haste, in time to attack).
With nothing better to cast in its main phase, it evokes a creature with an enters trigger
that it could not cast for its mana cost by its next turn. It convokes (naming the creatures)
only with creatures it would not use: in the Horde's turn once combat is over (they untap
before they are needed), in its own turn before combat those that arrived this turn (they
cannot attack; they will not block either), weakest first; a spell it could cast only with
other creatures is not cast. It improvises with artifacts that do nothing else tapped; it
kicks a spell whenever it can pay the kicker too; in its main phase it overloads a spell that
would reach two of the Horde's permanents or more and none of the players'.
"""

from __future__ import annotations

from cardcli.engine.errors import IllegalCommand
from cardcli.games.horde.judge import HORDE
from cardcli.magic import activation, casting, convoke, costs
from cardcli.magic.cards import Ability
from cardcli.magic.objects import Obj, StackItem, Team
from cardcli.magic.reach import Resolution, subjects
from cardcli.magic.table import Table

ENOUGH_LANDS = 5
HARMLESS = ("create_token", "draw", "gain_life", "search_library")


def _lands(table: Table, player: str) -> int:
    return sum(
        1
        for o in table.battlefield.values()
        if o.controller == player and "Land" in table.chars(o).types
    )


class CardAbilities:
    """The ``basic`` bot's use of abilities of cards in hand or graveyard."""

    def cycle_at_end(self, table: Table, team: Team) -> str | None:
        """At the Horde's end step: cycle (or landcycle) a card its player cannot use."""
        if table.active_team is team or table.step != "end" or table.stack:
            return None
        for player in team.players:
            for obj in player.hand:
                here = [a for a in obj.proto.card_abilities if a.zone == "hand"]
                for index, ability in enumerate(here):
                    if not self._cycles(table, player.name, obj, ability):
                        continue
                    if _usable(table, player.name, obj, ability):
                        return _command(player.name, obj, index, len(here))
        return None

    def _cycles(self, table: Table, player: str, obj: Obj, ability: Ability) -> bool:
        cost = ability.cost
        if cost is None or not cost.discard_self:
            return False
        kinds = {e.get("do") for e in ability.effects}
        if kinds == {"draw"}:
            return self.unwanted(table, player, obj)
        if kinds == {"search_library"}:  # landcycling: a land for a spell it cannot use
            hand = table.players[player].hand
            short = not any("Land" in o.proto.types for o in hand)
            return short and "Land" not in obj.proto.types and self.unwanted(table, player, obj)
        return False

    def unwanted(self, table: Table, player: str, obj: Obj) -> bool:
        """A card its player cannot use: a land with enough lands, a spell not castable by the
        player's next turn."""
        lands = _lands(table, player)
        if "Land" in obj.proto.types:
            return lands >= ENOUGH_LANDS
        more = any("Land" in o.proto.types for o in table.players[player].hand)
        return obj.proto.mana_value > lands + (1 if more else 0)

    def evoke_cast(self, table: Table, team: Team) -> str | None:
        """A creature evoked for its enters trigger (Mulldrifter's two cards), when its mana
        cost is out of reach by the player's next turn."""
        if not costs.sorcery_timing(table, team.players[0].name):
            return None
        for player in team.players:
            for obj in player.hand:
                proto = obj.proto
                if proto.evoke is None or not proto.triggers.get("enters"):
                    continue
                if not self.unwanted(table, player.name, obj):
                    continue  # (castable soon for its mana cost: it waits)
                problem = casting.cast_problem(
                    table, player.name, obj, None, explain=False, evoke=True
                )
                if problem is None:
                    return f"{player.name} cast #{obj.id} evoke"
        return None

    def convoke_words(self, table: Table, player: str, obj: Obj) -> str | None:
        """What a cast of ``obj`` adds: "" (the lands pay), " convoke #4 #5" (creatures the bot
        would not use pay the rest; " improvise #4 #5": artifacts with no mana ability that
        are no creatures), or None (only creatures or artifacts it keeps could)."""
        if not convoke.has_convoke(obj):
            return ""
        cost = costs.spell_cost(table, player, obj)
        if cost is None or costs.payment(table, player, cost) is not None:
            return ""
        improvise = convoke.improvises(obj)
        if improvise:  # artifacts that do nothing else when tapped: no mana, no creature
            spare = [
                o
                for o in convoke.untapped_artifacts(table, player)
                if not o.proto.mana_abilities and "Creature" not in table.chars(o).types
            ]
        else:
            spare = [o for o in convoke.untapped_creatures(table, player) if self._spare(table, o)]
        chosen: list[Obj] = []
        left = cost
        for creature in spare:
            smaller = convoke.reduce_by(table, left, [creature], improvise)
            if smaller is None:
                continue
            chosen.append(creature)
            left = smaller
            if costs.payment(table, player, left) is not None:
                word = "improvise" if improvise else "convoke"
                return f" {word} " + " ".join(f"#{o.id}" for o in chosen)
        return None

    def _spare(self, table: Table, creature: Obj) -> bool:
        mine = table.active_team is table.players[creature.controller].team
        if not mine:
            return table.step in ("end_combat", "end")
        return (
            table.step == "main1"
            and creature.sick
            and "haste" not in table.chars(creature).keywords
        )

    def with_convoke(self, table: Table, command: str) -> str:
        """``p1 cast #12 -> #3`` with the creatures it convokes: ``p1 cast #12 convoke #4 -> #3``."""
        if " cast #" not in command:
            return command
        words = command.split()
        if len(words) < 3 or words[1] != "cast" or not words[2].startswith("#"):
            return command
        obj = table.objects.get(int(words[2][1:]))
        if obj is None or not convoke.has_convoke(obj):
            return command
        extra = self.convoke_words(table, words[0], obj) or ""
        if " -> " in command:
            head, _, tail = command.partition(" -> ")
            return f"{head}{extra} -> {tail}"
        return command + extra

    def with_kicker(self, table: Table, command: str) -> str:
        """``p1 cast #12 -> #3`` kicked when the kicked cost can be paid now: ``p1 cast #12
        kicked -> #3`` (not a spell it convokes or improvises, nor one with X: their payment
        was reckoned without the kicker)."""
        words = command.split()
        if len(words) < 3 or words[1] != "cast" or not words[2].startswith("#"):
            return command
        obj = table.objects.get(int(words[2][1:]))
        if obj is None or obj.proto.kicker is None or convoke.has_convoke(obj) or obj.proto.cost.x:
            return command
        if casting.cast_problem(table, words[0], obj, None, explain=False, kicked=True):
            return command
        head, arrow, tail = command.partition(" -> ")
        return f"{head} kicked{arrow}{tail}"

    def overload_cast(self, table: Table, team: Team) -> str | None:
        """In its main phase: a spell overloaded when it reaches two of the Horde's permanents
        or more and none of the players' (Cyclonic Rift, Vandalblast)."""
        if not costs.sorcery_timing(table, team.players[0].name):
            return None
        for player in team.players:
            for obj in player.hand:
                if obj.proto.overload is None or casting.cast_problem(
                    table, player.name, obj, None, explain=False, overload=True
                ):
                    continue
                reached = _overload_reach(table, player.name, obj)
                owners = [table.objects[oid].controller for oid in reached]
                if owners.count(HORDE) >= 2 and all(o == HORDE for o in owners):
                    return f"{player.name} cast #{obj.id} overload"
        return None

    def graveyard_ability(self, table: Table, team: Team) -> str | None:
        """In its main phase: a graveyard card's ability that makes tokens, draws or gains
        life, with no targets (Mother Bear)."""
        if not costs.sorcery_timing(table, team.players[0].name):
            return None
        held = [o for o in table.zone_abilities.values() if o.zone == "graveyard"]
        for player in team.players:
            for obj in reversed([o for o in held if o.owner == player.name]):
                here = [a for a in obj.proto.card_abilities if a.zone == "graveyard"]
                for index, ability in enumerate(here):
                    if not _wanted(table, ability):
                        continue
                    if _usable(table, player.name, obj, ability):
                        return _command(player.name, obj, index, len(here))
        return None


def _overload_reach(table: Table, player: str, obj: Obj) -> set[int]:
    """The permanents ``obj``'s overloaded effects would reach now."""
    effects = obj.proto.overload_spell
    item = StackItem(0, "spell", player, obj.id, obj.name, effects)
    res = Resolution(item, [], [], casting.facts_of(table, obj, player))
    found: set[int] = set()
    for effect in effects:
        found.update(t for t in subjects(table, res, effect) if isinstance(t, int))
    return {oid for oid in found if oid in table.battlefield}


def _wanted(table: Table, ability: Ability) -> bool:
    effects = ability.effects
    if len(effects) == 1 and effects[0].get("do") == "return_to_battlefield":
        return effects[0].get("each") == "it" and table.step == "main1"  # unearth
    return bool(effects) and all(e.get("do") in HARMLESS and "target" not in e for e in effects)


def _usable(table: Table, player: str, obj: Obj, ability: Ability) -> bool:
    try:
        activation.check_activation(table, player, obj, ability)
    except IllegalCommand:
        return False
    return True


def _command(player: str, obj: Obj, index: int, count: int) -> str:
    return f"{player} activate #{obj.id}" + (f" {index + 1}" if count > 1 else "")
