"""Hunsberger's Solitaire: the state of a game and how commands change it.

The rules as implemented, with the reading chosen for each unclear sentence,
are in RULES.md next to this file; the comments here name the rule they apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.pool import normalize
from cardcli.engine.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from cardcli.engine.game import Command, Event, Options, State
from cardcli.games.hunsberger import artifacts, casting, commands, moves
from cardcli.games.hunsberger.commands import Activate, Cast, End, Equip, Save, Tap
from cardcli.games.hunsberger.table import DEATH_LANDS, SLOTS, STACK, Table, is_place

SEAT = "p1"
DEAL = 3  # "deal three cards from your main deck"
Advisor = Callable[["HunsbergerState"], str | None]


class HunsbergerState(State):
    def __init__(
        self,
        options: Options,
        cards: list[Card],
        library: list[int],
        timer: list[int],
        goal: tuple[int, str],
        advisor: Advisor | None = None,
    ) -> None:
        self.options = options
        self.table = Table(cards, library, timer, options["spell_damage"])
        self.deck_size = len(cards)
        self.timer_size = len(timer)
        self.goal, self.goal_rule = goal  # goal_rule: "more-than" or "as-many-as"
        self.spell_damage: str = options["spell_damage"]
        self.saved_pumps: str = options["saved_pumps"]
        self.overstack: str = options["overstack"]
        self.instant_death: str = options["instant_death"]  # which lands count: RULES.md
        self.same_colour_slots: str = options["same_colour_slots"]  # "allow" or "refuse"
        self.advisor = advisor
        self.turn = 0
        self.total = 0  # the damage scored, by the scoring rules
        self.turn_damage = 0
        self.ledger: list[tuple[str, int, str]] = []  # every damage event: source, amount, rule
        self.window: int | None = None  # the flipped Timer land that may be saved at once
        self.death: str | None = None
        self.over = False
        self.history: list[int] = []  # damage of each finished turn

    # -- the State interface ---------------------------------------------------

    def seats(self) -> list[str]:
        return [SEAT]

    def to_move(self) -> str | None:
        return None if self.over else SEAT

    def is_over(self) -> bool:
        return self.over

    def parse(self, text: str) -> Command:
        return commands.parse(text)

    def hint(self, seat: str) -> str | None:
        if self.over:
            return None
        if self.advisor is not None:
            return self.advisor(self)
        return "end"

    def result(self) -> dict[str, Any]:
        escaped = self.death is None and self.met_goal()
        rule = "more than" if self.goal_rule == "more-than" else "at least"
        if self.death is not None:
            why = f"instant death: {self.death}"
        elif escaped:
            why = f"escaped: {self.total} damage is {rule} {self.goal}"
        else:
            why = f"trapped: {self.total} damage is not {rule} {self.goal}"
        return {
            "winners": [SEAT] if escaped else [],
            "scores": {SEAT: self.total},
            "deck_size": self.deck_size,
            "timer_size": self.timer_size,
            "goal": self.goal,
            "goal_rule": self.goal_rule,
            "notation": f"{self.deck_size}/{self.total}",
            "escaped": escaped,
            "death": self.death,
            "turns": self.turn,
            "why": why,
        }

    def met_goal(self) -> bool:
        # "more than forty points"; the deck variants say "as many points as".
        if self.goal_rule == "more-than":
            return self.total > self.goal
        return self.total >= self.goal

    def check_invariants(self) -> None:
        t = self.table
        places = t.library + t.timer + t.hand + t.graveyard
        for slot in t.slots:
            places += slot.cards + slot.attached
        assert sorted(places) == list(range(self.deck_size)), "a card is missing or in two places"
        total = sum(amount for _, amount, _ in self.ledger)
        assert self.total == total, "the score is not the sum of the damage events"
        assert t.pool >= 0
        assert set(t.summoned) <= set(t.hand), "an attacker is not on the table"
        assert t.in_play <= set(t.out()), "a card in play is not out"
        for aura, host in t.host.items():
            assert t.slot_of(aura) == t.slot_of(host) and (aura in t.hand) == (host in t.hand)
        for gear, creature in t.equipped.items():
            assert gear in t.in_play and creature in t.summoned, "an Equipment on nothing"
        for index, slot in enumerate(t.slots):
            lands = t.slot_lands(index)
            if lands:
                assert lands == slot.cards, f"slot {index + 1} mixes lands and other cards"
                assert len({t.cards[c].produces for c in lands}) == 1, "a stack mixes colours"
                assert len(lands) <= STACK or self.overstack == "burn", "a stack of more than two"
            else:
                assert len(slot.cards) <= 1, f"slot {index + 1} holds two cards"
        if self.same_colour_slots == "refuse":
            stacks = [t.slot_lands(i) for i in range(SLOTS)]
            colours = [t.cards[lands[0]].produces for lands in stacks if lands]
            assert len(colours) == len(set(colours)), "lands of one colour in both slots"
        if self.death is None and not self.over:
            assert len(t.mana_lands_out(self.instant_death)) < DEATH_LANDS

    def legal_commands(self, seat: str) -> list[str]:
        return [] if self.over else moves.legal_commands(self)

    # -- setting up and turns --------------------------------------------------

    def start(self, shuffled: bool) -> list[Event]:
        t = self.table
        events: list[Event] = [
            {
                "type": "setup",
                "shuffled": shuffled,
                "main": t.names(t.library),
                "timer": t.names(t.timer),
            }
        ]
        events.extend(self._start_turn())
        return events

    def _start_turn(self) -> list[Event]:
        t = self.table
        self.turn += 1
        self.turn_damage = 0
        # "Untap": everything untaps, and mana does not carry over from a turn.
        t.tapped.clear()
        t.pool = 0
        events: list[Event] = [
            {
                "type": "turn_started",
                "turn": self.turn,
                "timer_left": len(t.timer),
                "main_left": len(t.library),
            }
        ]
        events.extend(self._flip(at_once=False))
        # "deal three cards from your main deck"; when it is out, from the Timer deck.
        dealt: list[int] = []
        from_timer = 0
        for _ in range(DEAL):
            if t.library:
                dealt.append(t.library.pop(0))
            elif t.timer:
                dealt.append(t.timer.pop(0))
                from_timer += 1
        t.hand.extend(dealt)
        if not t.timer:  # the deal took the rest: no Timer card is left to flip at once
            self.window = None
        events.append({"type": "dealt", "cards": t.names(dealt), "from_timer": from_timer})
        events.extend(self._check_death())
        return events

    def _flip(self, at_once: bool) -> list[Event]:
        """Flip the top Timer card into the hand; a land may be saved at once."""
        t = self.table
        self.window = None
        if not t.timer:
            return []
        card = t.timer.pop(0)
        t.hand.append(card)
        if t.cards[card].is_land and t.timer:
            self.window = card
        return [
            {
                "type": "flipped",
                "card": t.name(card),
                "timer_left": len(t.timer),
                "at_once": at_once,
            }
        ]

    def _check_death(self) -> list[Event]:
        lands = self.table.mana_lands_out(self.instant_death)
        if len(lands) < DEATH_LANDS or self.over:
            return []
        where = "out" if self.instant_death == "hand-and-slots" else "in the Save slots"
        self.death = f"{len(lands)} mana-producing lands {where}"
        self.over = True
        event: Event = {
            "type": "instant_death",
            "lands": len(lands),
            "cards": self.table.names(lands),
        }
        if self.instant_death == "slots":
            event["where"] = "slots"
        return [event]

    # -- commands ---------------------------------------------------------------

    def apply(self, command: Command, seat: str) -> list[Event]:
        if self.over:
            raise IllegalCommand("the game is over")
        if isinstance(command, Cast):
            events = casting.cast(self, command)
        elif isinstance(command, Tap):
            events = casting.tap(self, command)
        elif isinstance(command, Save):
            events = self._save(command)
        elif isinstance(command, Activate):
            events = artifacts.activate(self, command)
        elif isinstance(command, Equip):
            events = artifacts.equip(self, command)
        elif isinstance(command, End):
            return self._end()
        else:
            raise InvalidCommand(f"not a Hunsberger command: {command!r}")
        return events + self._check_death()

    def deal_damage(
        self, source: str, amount: int, rule: str, attacker: str | None = None
    ) -> Event:
        self.total += amount
        self.turn_damage += amount
        self.ledger.append((source, amount, rule))
        event: Event = {"type": "damage", "source": source, "amount": amount, "rule": rule}
        if attacker is not None:
            event["attacker"] = attacker
        event["total"] = self.total
        return event

    def same_to_cast(self, a: int, b: int) -> bool:
        t = self.table
        return (
            t.name(a) == t.name(b)
            and t.slot_of(a) == t.slot_of(b)
            and t.bonuses.get(a, []) == t.bonuses.get(b, [])
        )

    # -- saving --------------------------------------------------------------

    def save_problem(self, card: int, index: int) -> str | None:
        """Why ``card`` may not go to slot ``index`` now (None: it may)."""
        t = self.table
        lands = t.slot_lands(index)
        c = t.cards[card]
        joins = c.is_land and bool(lands) and t.cards[lands[0]].produces == c.produces
        if joins and len(lands) >= STACK and self.overstack == "refuse":
            names = ", ".join(t.names(lands))
            return f"slot {index + 1}'s stack ({names}) is full: a stack holds two lands"
        if c.is_land and not joins and self.same_colour_slots == "refuse":
            other = SLOTS - 1 - index
            held = t.slot_lands(other)
            if held and t.cards[held[0]].produces == c.produces:
                return (
                    f"slot {other + 1} holds {', '.join(t.names(held))}: a land of that colour "
                    f"joins it there (save {c.name} {other + 1}), never the other slot"
                )
        return None

    def _save(self, command: Save) -> list[Event]:
        t = self.table
        saveable = t.saveable()
        try:
            card = self._timer_land_named(command.card, saveable)
            if card is None:
                card = t.find(command.card, saveable, "save", self.same_to_save)
        except IllegalCommand:
            raise IllegalCommand(self._why_not_save(command.card, saveable)) from None
        index = command.slot - 1
        problem = self.save_problem(card, index)
        if problem is not None:
            raise IllegalCommand(problem)
        at_once = card == self.window
        events = self._put_in_slot(card, index, at_once)
        if at_once:
            # "flip the next card in your Timer deck without dealing a completely new hand"
            events.extend(self._flip(at_once=True))
        else:
            self.window = None
        return events

    def _why_not_save(self, ref: str, saveable: list[int]) -> str:
        t = self.table
        others = [c for c in t.out() if c not in saveable]
        try:
            card = t.find(ref, others, "save", t.same_name)
        except (IllegalCommand, AmbiguousCommand):
            card = None
        if card is not None:
            name = t.name(card)
            if card in t.summoned:
                return f"{name} is attacking this turn: it is discarded after it attacks"
            if card in t.host:
                return f"{name} is on {t.name(t.host[card])} and goes where it goes"
            if t.slot_of(card) is not None:
                return f"{name} is already in a Save slot; save cards from the hand"
        if not saveable:
            return "no card in the hand can be saved now"
        names = ", ".join(sorted({t.name(c) for c in saveable}))
        return f"no '{ref}' in the hand to save; you can save: {names}"

    def _timer_land_named(self, ref: str, saveable: list[int]) -> int | None:
        """The flipped Timer land, when it may be saved at once and ``ref`` is its name.

        The board offers ``save Swamp 1`` for it: a dealt Swamp beside it does not
        make the name ambiguous (``h2`` still names a dealt one).
        """
        window = self.window
        if window is None or window not in saveable:
            return None
        if is_place(ref):
            return None  # a place names its own card
        return window if normalize(ref) == normalize(self.table.name(window)) else None

    def same_to_save(self, a: int, b: int) -> bool:
        # Tapped or not does not matter: a land taps as well from a slot as from the hand.
        t = self.table
        return (
            t.name(a) == t.name(b)
            and (a in t.in_play) == (b in t.in_play)
            and (a == self.window) == (b == self.window)
        )

    def _put_in_slot(self, card: int, index: int, at_once: bool) -> list[Event]:
        t = self.table
        slot = t.slots[index]
        c = t.cards[card]
        lands = t.slot_lands(index)
        joins = c.is_land and bool(lands) and t.cards[lands[0]].produces == c.produces
        replaced: list[int] = []
        if not joins:
            replaced = slot.cards + slot.attached
            for old in replaced:
                self._forget(old)
            t.graveyard.extend(replaced)
            slot.cards, slot.attached = [], []
        t.hand.remove(card)
        slot.cards.append(card)
        events: list[Event] = [
            {
                "type": "saved",
                "card": c.name,
                "slot": index + 1,
                "stack": t.names(slot.cards),
                "replaced": t.names(replaced),
                "at_once": at_once,
            }
        ]
        if joins and len(slot.cards) > STACK:
            # "you take mana burn equal to the excess by discarding ... from the Timer deck"
            burned = t.timer[:1]
            del t.timer[:1]
            t.graveyard.extend(burned)
            burn: Event = {
                "type": "mana_burn",
                "slot": index + 1,
                "stack": len(slot.cards),
                "discarded": t.names(burned),
                "timer_left": len(t.timer),
            }
            if self.overstack == "burn-discard":
                # The mistake is put right: the land beyond two goes, the stack stays two.
                slot.cards.remove(card)
                self._forget(card)
                t.graveyard.append(card)
                burn["land_discarded"] = c.name
            events.append(burn)
        return events

    def _forget(self, card: int) -> None:
        """A card leaves play: its state and the bonuses on it go."""
        t = self.table
        t.unequip(card)
        t.tapped.discard(card)
        t.in_play.discard(card)
        t.bonuses.pop(card, None)
        t.host.pop(card, None)

    # -- the end of the turn -------------------------------------------------

    def _end(self) -> list[Event]:
        t = self.table
        self.window = None
        events: list[Event] = []
        # "When all of your mana is exhausted you then survey the damage you have done."
        for card in t.summoned:
            for source, amount, rule in t.attack_parts(card):
                events.append(self.deal_damage(source, amount, rule, attacker=t.name(card)))
        for token in t.tokens:
            name = str(token.data.get("name", "token"))
            for source, amount, rule in t.token_parts(token):
                events.append(self.deal_damage(source, amount, rule, attacker=f"{name} token"))
        # "After you attack with a creature, you discard it immediately", and
        # "Discard all the cards in your hand (except for cards in the Save slots)."
        discarded = list(t.hand)
        for card in discarded:
            self._forget(card)
        t.graveyard.extend(discarded)
        t.hand.clear()
        t.summoned.clear()
        t.tokens.clear()
        if self.saved_pumps == "end-of-turn":
            for index in range(SLOTS):
                host = t.slot_host(index)
                if host is not None and host in t.bonuses:
                    t.bonuses[host] = [b for b in t.bonuses[host] if b.rule == "aura"]
        events.append({"type": "discarded", "cards": t.names(discarded)})
        events.append(
            {
                "type": "turn_ended",
                "turn": self.turn,
                "damage": self.turn_damage,
                "total": self.total,
            }
        )
        self.history.append(self.turn_damage)
        # "You flip your last Timer card and finish out the turn and that's it."
        if not t.timer:
            self.over = True
            return events
        events.extend(self._start_turn())
        return events
