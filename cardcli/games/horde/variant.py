"""What is Horde's in the rules: the automated Horde, its turn, and winning and losing.

The Horde never waits for anyone. Each of its choices is drawn from a labelled
stream of the seeded RNG, as the text asks ("as randomly as possible, for
example by a die roll"; ``chance.py``), and each appears in the log. The
policies of ``--horde-choices policy`` (the weakest sacrificed first, ...) are
kept for logs written before the option.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.errors import IllegalCommand
from cardcli.games.horde import paper
from cardcli.games.horde.blocking import horde_blocks
from cardcli.games.horde.chance import by_chance
from cardcli.magic import casting, combat, proliferate
from cardcli.magic.choices import Casting
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost
from cardcli.magic.objects import Obj, Player, StackItem, Target, Team
from cardcli.magic.table import Move, Table
from cardcli.magic.variant import Variant

HORDE = "horde"
PLAYERS = "players"
PREPARATION = {2: 4, 3: 3, 4: 2}  # players -> preparation turns before the Horde's first


class HordeVariant(Variant[Table]):
    def __init__(self, rules: dict[str, Any]) -> None:
        self.rules = rules  # the readings chosen by options: bottom, no_token, horde_haste

    # -- who decides ----------------------------------------------------------------------

    def is_automated(self, table: Table, player: str) -> bool:
        return player == HORDE

    def answer(self, table: Table, decision: Decision) -> list[str]:
        """The Horde's answer to a decision: chance, through a stream labelled by its kind."""
        rng = table.rng(f"horde:{decision.kind}")
        if self.rules.get("horde_choices", "chance") == "chance":
            picked = by_chance(decision, rng)
            if picked is not None:
                return picked
        # (``--horde-choices policy``, as older logs played: the policies below.)
        options = list(decision.options)
        if decision.kind == "proliferate":  # what helps it, nothing else
            return [o for o in options if proliferate.wanted(table, decision.player, o)]
        if decision.kind == "choose_value":
            return options[:1]  # a colour or creature type: the one its cards show most
        if decision.kind == "x":
            # Unlimited mana, no reason to pick one X over another: a die roll.
            roll = rng.randint(1, 6)
            return [str(min(roll, int(options[-1])))] if options else ["0"]
        if decision.kind == "assign":
            return [self._assignment(table, decision)]
        if decision.kind == "order":
            rng.shuffle(options)
            return options
        if decision.kind in ("scry", "surveil"):
            return []  # it keeps its library as it is: nothing to the bottom or the graveyard
        if decision.kind == "library_order":
            return options  # the order they are in (listed from the top)
        if decision.kind == "dig":
            return options[: decision.high]  # the first cards that fit, in library order
        if decision.kind == "mode":
            # Chance among the modes it may choose (700.2a), as many as it may.
            rng.shuffle(options)
            return options[: decision.high]
        if decision.kind == "retarget":
            return [options[0]]  # a copy of a spell keeps its targets (707.10c)
        if decision.kind == "myriad":
            return [options[0]]  # it always makes the token, attacking the player (702.116a)
        if decision.kind == "copy":
            # A clone of the Horde's always copies something: by chance among what it may.
            return [rng.choice(options)]
        if decision.kind in ("sacrifice", "return"):
            return self._weakest(table, options, decision.low, rng)
        if decision.kind == "reanimate":  # back to the battlefield: the strongest first
            return self._weakest(table, options, len(options), rng)[::-1][: decision.low]

        if decision.kind == "may" and "cascade" in decision.data:
            return ["yes"]  # it casts every card it can (as it casts its revealed cards)
        if decision.kind == "unless_pay":
            return ["yes"]  # (never asked: with unlimited mana it pays without a question)
        if decision.kind == "pay":
            # It pays to weaken the players' creature, never its own.
            source = table.objects.get(int(decision.data.get("source", 0)))
            return ["yes" if source is not None and source.controller != HORDE else "no"]
        if decision.kind == "target":
            # Targets on the players' side when there are any (the Horde plays against them).
            theirs = [o for o in options if not self._is_hordes(table, o)]
            pool = theirs if len(theirs) >= max(decision.low, 1) else options
            count = max(decision.low, min(decision.high, len(pool)))
            rng.shuffle(pool)
            return pool[:count]
        count = max(decision.low, min(decision.high, len(options))) if decision.kind != "may" else 1
        rng.shuffle(options)
        return options[:count]

    def _weakest(self, table: Table, options: list[str], count: int, rng: Any) -> list[str]:
        """What the Horde sacrifices: the weakest token first (power, then toughness, then mana
        value; a permanent that is no creature counts as 0/0), then the weakest card the same
        way; ties by chance (the options were shuffled before the sort)."""
        rng.shuffle(options)

        def strength(option: str) -> tuple[int, int, int, int]:
            obj = table.objects[int(option[1:])]
            ch = table.chars(obj)
            token = obj.card_no is None or obj.proto.token_card
            return (0 if token else 1, ch.power, ch.toughness, obj.proto.mana_value)

        return sorted(options, key=strength)[:count]

    def _is_hordes(self, table: Table, option: str) -> bool:
        if option == HORDE:
            return True
        if option.startswith("#") and option[1:].isdigit():
            oid = int(option[1:])
            obj = table.objects.get(oid)
            if obj is not None:
                return obj.controller == HORDE
            item = table.items.get(oid)
            return item is not None and item.controller == HORDE
        return False

    def _assignment(self, table: Table, decision: Decision) -> str:
        """Blockers in random order, each given lethal damage, the rest to the last (or trample over)."""
        fight = table.combat
        attacker = table.objects[int(decision.data["attacker"])]
        assert fight is not None
        blockers = [
            table.objects[b] for b in fight.blocked_by.get(attacker.id, []) if b in table.objects
        ]
        table.rng("horde:assign").shuffle(blockers)
        return combat.lethal_in_order(table, attacker, blockers, decision.data["target"])

    def asks_instead(self, table: Table, decision: Decision) -> Decision | None:
        return paper.ask_targets(table, decision)

    def pass_answers(self, table: Table, decision: Decision) -> list[str] | None:
        return paper.pass_answers(table, decision)

    def acts_elsewhere(self, table: Table, team: Team) -> bool:
        return paper.acts_at_table(table, team)

    def pass_turn_declares(self, table: Table) -> bool:
        """In a paper game ``pass turn`` at a declaration ends it (no attack, no blocks, or as
        declared so far) and passes on, so a table that only passes plays every turn."""
        return bool(self.rules.get("paper"))

    def resolving(self, table: Table, item: StackItem) -> None:
        paper.remind(table, item)

    def declare_attackers(
        self, table: Table, team: Team, able: list[Obj]
    ) -> list[tuple[int, Target]]:
        """Every Horde creature that can attack does; whom it attacks is chance."""
        rng = table.rng("horde:attack")
        chosen: list[tuple[int, Target]] = []
        for obj in able:
            targets = combat.attack_targets(table, obj)
            if targets:
                chosen.append((obj.id, targets[rng.below(len(targets))]))
        return chosen

    def declare_blockers(self, table: Table, team: Team, able: list[Obj]) -> list[tuple[int, int]]:
        fight = table.combat
        assert fight is not None
        attackers = [table.objects[a] for a in fight.attackers]
        blocks, record = horde_blocks(table, able, attackers, table.rng("horde:block"))
        table.emit({"type": "horde_blocking", **record})
        return blocks

    # -- the Horde's turn -----------------------------------------------------------------------

    def skips_step(self, table: Table, team: Team, step: str) -> bool:
        if team.name == HORDE:
            return step in ("draw", "main2")
        # "The players do not draw a card in their first turn." (Paper players draw at the
        # table: the engine has no draw step for them.)
        if step == "draw" and self.rules.get("paper"):
            return True
        return step == "draw" and table.turn_count.get(PLAYERS, 0) == 1

    def begin_step(self, table: Table, step: str) -> None:
        if table.active_team.name != HORDE:
            return
        turn = table.turn_count.get(HORDE, 0)
        if table.extra.get("horde_hand_turn") != turn:
            # The first step of the Horde's turn (its untap step, or where a set-up
            # game begins): the cards in its hand now are the ones cast this turn.
            table.extra["horde_hand_turn"] = turn
            table.extra["horde_hand_before"] = [o.id for o in table.players[HORDE].hand]
        if step == "main1":
            reveal(table, self.rules)

    def _hand_to_cast(self, table: Table) -> list[Obj]:
        """The Horde's hand as its revealed cards are done: every card but lands, or
        (``--late-hand next-turn``) only those it held as its turn began."""
        hand = [o for o in table.players[HORDE].hand if "Land" not in o.proto.types]
        if self.rules.get("late_hand", "next-turn") == "next-turn":
            held = set(table.extra.get("horde_hand_before", ()))
            hand = [o for o in hand if o.id in held]
        return hand

    def priority_action(self, table: Table, team: Team) -> bool:
        """In its main phase, with an empty stack, the Horde casts its next card."""
        if team is not table.active_team or table.step != "main1" or table.stack:
            return False
        horde = table.players[HORDE]
        queue: list[int] = table.extra.setdefault("horde_queue", [])
        while True:
            if not queue and not table.extra.get("horde_hand_done"):
                table.extra["horde_hand_done"] = True
                hand = self._hand_to_cast(table)
                table.rng("horde:hand").shuffle(hand)
                if hand:
                    table.emit({"type": "horde_hand", "order": [o.id for o in hand]})
                queue.extend(o.id for o in hand)
            if not queue and not table.extra.get("horde_flashback_done"):
                # Reading: then it casts every card it may cast from its graveyard (flashback)
                # that was there as its turn's reveal began: a card cast this turn waits.
                table.extra["horde_flashback_done"] = True
                waiting = set(table.extra.get("horde_flashback", ()))
                back = [o for o in horde.graveyard if o.id in waiting]
                if back and not table.graveyard_abilities_lost():
                    table.rng("horde:flashback").shuffle(back)
                    queue.extend(o.id for o in back)
            if not queue:
                return False
            obj = table.objects.get(queue.pop(0))
            if (
                obj is None
                or obj.owner != HORDE
                or obj.zone not in ("revealed", "hand", "graveyard")
            ):
                continue
            try:
                casting.check_cast(table, HORDE, obj, None, free=True)
            except IllegalCommand as err:
                table.emit({"type": "uncastable", "id": obj.id, "card": obj.name, "why": str(err)})
                if obj.zone == "revealed":
                    table.move(obj, "graveyard", "uncastable")
                continue
            # Reading: it kicks what has kicker (702.33a: an additional cost; its mana is
            # unlimited and it pays no cost at all).
            table.casting = Casting(HORDE, obj.id, free=True, kicked=obj.proto.kicker is not None)
            return True

    def reveal_and_cast(self, table: Table, player: str, count: int) -> bool:
        """A Battle the Horde relic: "reveal an additional card from the top of the Horde's
        library. The Horde casts that card." Reading: revealed as its turn's cards are, and
        cast before the cards still waiting to be cast (the ability resolves with an empty
        stack above it, so the Horde casts it as soon as it has priority again); a land is
        uncastable and goes to the graveyard, as a revealed land does."""
        if player != HORDE:
            return False
        library = table.players[HORDE].library
        revealed: list[Obj] = []
        while library and len(revealed) < count:
            moved = table.move(library[-1], "revealed", "revealed")
            assert moved is not None
            revealed.append(moved)
        names = [o.name for o in revealed]
        table.emit({"type": "horde_revealed", "cards": names, "cast": names, "bottom": [],
                    "library": len(library)})  # fmt: skip
        queue: list[int] = table.extra.setdefault("horde_queue", [])
        queue[:0] = [o.id for o in revealed]
        return True

    def ignores_summoning_sickness(self, table: Table, obj: Obj) -> bool:
        if obj.controller != HORDE:
            # Paper players' creatures: whether one may attack or tap is the table's to know
            # (it may have been cast this turn or long ago); the engine does not refuse.
            return bool(self.rules.get("paper"))
        rule = self.rules.get("horde_haste", "token-cards")
        if rule == "all":
            return True
        if rule == "tokens":
            return obj.proto.token_card or obj.card_no is None
        return obj.proto.token_card

    def max_hand_size(self, table: Table, player: Player) -> int | None:
        return None if player.name == HORDE else 7

    def loses_on_empty_draw(self, table: Table, player: Player) -> bool:
        return player.name != HORDE and not self.rules.get("paper")

    def cost_to_pay(self, table: Table, player: Player, cost: ManaCost) -> ManaCost | None:
        return None if player.name == HORDE else cost

    def keeps_mana(self, table: Table) -> bool:
        """``--mana-payment keep`` (the default): the payment keeps what the hand needs and
        says which land made which mana; ``in-order``: as logs written before it."""
        return bool(self.rules.get("mana_payment", "keep") == "keep")

    def cannot_lose(self, table: Table, team: Team) -> bool:
        return team.name == HORDE

    def team_sacrifices_together(self, table: Table, team: Team) -> bool:
        """Reading: the Horde attacks the players' team, so "defending player sacrifices N
        permanents" (annihilator) is N permanents of the team in all, the team choosing."""
        return True

    def shares_poison(self, table: Table, team: Team) -> bool:
        """``--poison team-15`` (the default): the players' team shares one poison total, as a
        Two-Headed Giant team does (810.10); ``each-10``: each player has their own."""
        return team.name == PLAYERS and self.rules.get("poison", "team-15") == "team-15"

    def poison_limit(self, table: Table, team: Team) -> int | None:
        """The players lose with 15 shared poison counters (704.6b), or one of them with 10
        (704.5c, 810.8a); "The horde does not die from poison counters"."""
        if team.name == HORDE:
            return None
        return 15 if self.rules.get("poison", "team-15") == "team-15" else 10

    def check_end(self, table: Table) -> None:
        """The players win when the Horde has no creature on the battlefield and no library."""
        if table.over:
            return
        horde = table.players[HORDE]
        if horde.library or horde.zones.get("revealed"):
            return
        if any(item.controller == HORDE and item.kind == "spell" for item in table.stack):
            return
        if table.casting is not None and table.casting.player == HORDE:
            return
        for obj in table.battlefield.values():
            if obj.controller == HORDE and "Creature" in table.chars(obj).types:
                return
        table.emit({"type": "team_lost", "team": HORDE, "reason": "horde_destroyed", "players": []})
        table.outcome = {"loser": HORDE, "reason": "horde_destroyed"}
        table.over = True


def horde_life_loss(table: Table, event: dict[str, Any]) -> dict[str, Any] | None:
    """ "If the horde is dealt damage or loses life, that many cards are milled.\""""
    if event["player"] != HORDE:
        return event
    table.mill(HORDE, int(event["amount"]), "damage" if event["why"] == "damage" else "life loss")
    # The text says the Horde loses life and mills for it: "the life lost this way" counts it.
    return {**event, "counts_as_lost": True}


def horde_poison(table: Table, event: dict[str, Any]) -> dict[str, Any] | None:
    """Infect damage to the Horde: "If the horde is dealt damage ..., that many cards are
    milled": the damage is dealt, so it mills; it also gets the poison counters, which never
    make it lose."""
    if event["player"] == HORDE and event["why"] == "infect":
        table.mill(HORDE, int(event["amount"]), "damage")
    return event


def next_team(table: Table) -> int:
    """Preparation turns for the players first, then the Horde and the players take turns."""
    players = table.teams[0]
    prep = int(table.extra["preparation"])
    if table.active_team is players and table.turn_count.get(PLAYERS, 0) < prep:
        return 0
    return 1 - table.active


def _put_on_bottom(table: Table, cards: list[Obj], rules: dict[str, Any]) -> list[str]:
    """The set-aside cards under the library (in a random order unless ``--bottom revealed``).

    Returns their names as the library now ends: the last is the very bottom.
    """
    bottom = list(cards)
    if rules.get("bottom", "random") == "random" and len(bottom) > 1:
        table.rng("horde:bottom").shuffle(bottom)
    table.move_many([Move(obj, "library", "set aside", bottom=True) for obj in bottom])
    return [o.name for o in table.players[HORDE].library[: len(bottom)]][::-1]


def reveal(table: Table, rules: dict[str, Any]) -> None:
    """The Horde's reveal (its text, step by step), at the start of its main phase.

    Reveal until a token card; the non-token cards set aside go to the bottom.
    Then reveal on until a non-token card. Those cards are cast in that order.
    """
    horde = table.players[HORDE]
    library = horde.library
    horde.zones.setdefault("revealed", [])
    table.extra["horde_queue"] = []
    table.extra["horde_hand_done"] = False
    table.extra["horde_flashback_done"] = False
    table.extra["horde_flashback"] = [o.id for o in horde.graveyard if o.proto.flashback]
    names: list[str] = []
    set_aside: list[Obj] = []
    token: Obj | None = None
    while library:
        moved = table.move(library[-1], "revealed", "revealed")
        assert moved is not None
        names.append(moved.name)
        if moved.proto.token_card:
            token = moved
            break
        set_aside.append(moved)
    to_cast: list[Obj] = []
    no_token_left = token is None and set_aside
    if no_token_left and rules.get("no_token", "cast-first") == "cast-first":
        to_cast.append(set_aside.pop(0))
    under_first = rules.get("set_aside", "under-first") == "under-first"
    if under_first:
        under = _put_on_bottom(table, set_aside, rules)
    if token is not None:
        # "Then further cards are revealed": the cards just put on the bottom are
        # in the library again, so a run of token cards that reaches them stops at one.
        to_cast.append(token)
        while library:
            moved = table.move(library[-1], "revealed", "revealed")
            assert moved is not None
            names.append(moved.name)
            to_cast.append(moved)
            if not moved.proto.token_card:
                break
    if not under_first:
        under = _put_on_bottom(table, set_aside, rules)
    table.emit(
        {
            "type": "horde_revealed",
            "cards": names,
            "cast": [o.name for o in to_cast],
            "bottom": under,
            "library": len(library),
        }
    )
    table.extra["horde_queue"] = [o.id for o in to_cast]
    table.extra["revealed_this_turn"] = names
