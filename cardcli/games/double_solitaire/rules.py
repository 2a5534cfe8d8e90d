"""Double Solitaire: the state of a match and how commands change it.

Cards are the integers of ``cardcli.cards.playing``; a card in a player's area
is that player's, and a card in the shared area remembers its owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardcli.cards.playing import card_name, card_names
from cardcli.engine.errors import IllegalCommand, InvalidCommand
from cardcli.engine.game import Command, Event, Options, State
from cardcli.engine.rng import Rng
from cardcli.games.double_solitaire import commands
from cardcli.games.double_solitaire.commands import Flip, Move, Pass
from cardcli.words import counted

STACK_DOWN = 12  # face-down cards under the stack's face-up top
PILES = 4
BLOCKED_AFTER = 60  # stuck turns in a row with no play: the hand is blocked
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


_RANKS = tuple(card % 13 + 1 for card in range(52))
_RED = tuple(card // 13 in (1, 2) for card in range(52))


def rank(card: int) -> int:
    """1 (Ace) .. 13 (King)."""
    return _RANKS[card]


def suit(card: int) -> int:
    return card // 13


def is_red(card: int) -> bool:
    return _RED[card]


def fits_on_pile(card: int, top: int) -> bool:
    """Work piles build down in alternating colours."""
    return _RANKS[card] == _RANKS[top] - 1 and _RED[card] != _RED[top]


def built_run(pile: list[int]) -> int:
    """How many top cards of ``pile`` form a properly built sequence."""
    length = 1 if pile else 0
    while length < len(pile) and fits_on_pile(pile[-length], pile[-length - 1]):
        length += 1
    return length


@dataclass
class Foundation:
    """One pile of the shared area: a suit built up from its Ace."""

    cards: list[tuple[int, int]]  # (owner index, card), Ace first
    history: list[tuple[int, int]] = field(default_factory=list)  # (time, size) changes

    @property
    def top(self) -> int:
        return self.cards[-1][1]

    def takes(self, card: int) -> bool:
        return suit(card) == suit(self.top) and rank(card) == rank(self.top) + 1


@dataclass
class Area:
    """One player's personal area, deck and waste."""

    stack: list[int]  # bottom first; the last card is the face-up top
    piles: list[list[int]]  # four work piles, bottom first, all face up
    deck: list[int]  # face down; the last card is the next one turned
    waste: list[int] = field(default_factory=list)  # bottom first
    waste_up: int = 0  # how many cards on top of the waste are face up (playable: the top)
    seen: int = 0  # cards turned since the last play by anyone (for "stuck")
    passed: bool = False  # said "pass" since the last play by anyone

    def looked_through(self) -> bool:
        """Has this player gone through the whole deck since the last play?"""
        # With nothing left to turn, only a "pass" says the player is through.
        return self.passed or 0 < self.remaining() <= self.seen

    def cards(self) -> list[int]:
        return self.stack + [c for pile in self.piles for c in pile] + self.deck + self.waste

    def waste_top(self) -> int | None:
        return self.waste[-1] if self.waste and self.waste_up > 0 else None

    def remaining(self) -> int:
        return len(self.deck) + len(self.waste)


class DoubleSolitaireState(State):
    def __init__(self, options: Options, rng: Rng, orders: dict[str, list[int]]) -> None:
        self.options = options
        self.draw: int = options["draw"]
        self.open_waste = options["waste"] == "open"
        self.king_only = options["empty_pile"] == "king"
        self.target: int = options["target"]
        self.penalty: int = options["stack_penalty"]
        self.rng = rng
        self.orders = orders  # explicit decks for the first hand (from --order)
        self.names = [f"p{i}" for i in range(1, options["players"] + 1)]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.areas: dict[str, Area] = {}
        self.card_sets: dict[str, frozenset[int]] = {}
        self.foundations: list[Foundation] = []
        self.wanted: dict[int, list[int]] = {}  # card -> foundations that take it next
        self.totals = {name: 0 for name in self.names}
        self.hand_scores: list[dict[str, int]] = []
        self.hand = 0
        self.clock = 0
        self.stuck_turns = 0
        self.over = False
        self.match_winners: list[str] = []

    # -- dealing -----------------------------------------------------------

    def deal(self) -> list[Event]:
        """Start the next hand: every player shuffles their own deck and deals."""
        self.hand += 1
        self.foundations = []
        self.wanted = {}
        self.stuck_turns = 0
        events: list[Event] = [{"type": "hand_started", "hand": self.hand, "time": self.clock}]
        for name in self.names:
            order = self.orders.get(name) if self.hand == 1 else None
            if order is None:
                cards = list(range(52))
                self.rng.shuffle(cards)
            else:
                cards = list(order)
            # Dealt from the first card: 13 to the stack (the 13th face up),
            # one to each work pile, the rest is the deck, its first card on top.
            stack = cards[:13]
            piles = [[c] for c in cards[13 : 13 + PILES]]
            deck = list(reversed(cards[13 + PILES :]))
            self.areas[name] = Area(stack=stack, piles=piles, deck=deck)
            self.card_sets[name] = frozenset(cards)
            events.append(
                {
                    "type": "dealt",
                    "player": name,
                    "stack": card_names(stack),
                    "piles": [card_names(p) for p in piles],
                    "deck": card_names(reversed(deck)),
                    "explicit": order is not None,
                }
            )
        return events

    # -- reading the state -------------------------------------------------

    def seats(self) -> list[str]:
        return list(self.names)

    def is_over(self) -> bool:
        return self.over

    def to_move(self) -> str | None:
        # Everybody plays at once: there is no seat to move.
        return None

    def legal_commands(self, seat: str) -> list[str]:
        if self.over:
            return []
        area = self.areas[seat]
        moves: list[str] = []
        sources: list[tuple[str, int]] = []
        if area.stack:
            sources.append(("s", area.stack[-1]))
        top = area.waste_top()
        if top is not None:
            sources.append(("d", top))
        for i, pile in enumerate(area.piles):
            if pile:
                sources.append((f"w{i + 1}", pile[-1]))
        for place, card in sources:
            for target in self._foundations_for(card):
                moves.append(f"{place} {target}")
        for place, card in sources:
            if place.startswith("w"):
                continue
            for j in range(PILES):
                if self._fits(card, area.piles[j]):
                    moves.append(f"{place} w{j + 1}")
        for i, pile in enumerate(area.piles):
            run = built_run(pile)  # once a pile, not once a pair
            for j, other in enumerate(area.piles):
                if i == j:
                    continue
                for count in self._movable_counts(pile, other, run):
                    extra = f" {count}" if not other else ""
                    moves.append(f"w{i + 1} w{j + 1}{extra}")
        if area.deck or area.waste:
            moves.append("f")
        moves.append("pass")
        return moves

    def _foundations_for(self, card: int) -> list[str]:
        if rank(card) == 1:
            return ["f"]
        return [f"f{i + 1}" for i in self.wanted.get(card, ())]

    def _fits(self, card: int, pile: list[int]) -> bool:
        if not pile:
            return not self.king_only or rank(card) == 13
        return fits_on_pile(card, pile[-1])

    def _movable_counts(
        self, pile: list[int], onto: list[int], run: int | None = None
    ) -> list[int]:
        """How many top cards of ``pile`` may move onto ``onto`` (``run``: its built run, if known)."""
        if not pile:
            return []
        if run is None:
            run = built_run(pile)
        if onto:
            # The run's ranks rise by one card by card: only one count can fit.
            count = _RANKS[onto[-1]] - _RANKS[pile[-1]]
            if 1 <= count <= run and _RED[pile[-count]] != _RED[onto[-1]]:
                return [count]
            return []
        # A whole pile onto an empty one changes nothing.
        counts = range(1, min(run, len(pile) - 1) + 1)
        if self.king_only:
            return [c for c in counts if _RANKS[pile[-c]] == 13]
        return list(counts)

    def result(self) -> dict[str, Any]:
        leaders = self.match_winners
        tie = len(leaders) > 1
        return {
            "winners": list(leaders),
            "scores": dict(self.totals),
            "hands": [dict(h) for h in self.hand_scores],
            "tie": tie,
        }

    def check_invariants(self) -> None:
        for i, name in enumerate(self.names):
            own = self.areas[name].cards() + [
                card for f in self.foundations for owner, card in f.cards if owner == i
            ]
            assert len(own) == len(set(own)), f"{name}: a card is in two places"
            assert set(own) == self.card_sets[name], f"{name}: a card went missing"
            area = self.areas[name]
            assert 0 <= area.waste_up <= len(area.waste)
        for f in self.foundations:
            first = f.cards[0][1]
            assert rank(first) == 1, "a foundation starts with an Ace"
            for step, (_, card) in enumerate(f.cards):
                assert suit(card) == suit(first) and rank(card) == step + 1, (
                    "foundation out of order"
                )
        for name, total in self.totals.items():
            assert total == sum(h[name] for h in self.hand_scores), "totals do not add up"

    # -- commands ----------------------------------------------------------

    def parse(self, text: str) -> Command:
        command = commands.parse(text)
        if command.player is not None and command.player not in self.index:
            raise InvalidCommand(
                f"there is no seat {command.player} (seats: {', '.join(self.names)})"
            )
        return command

    def apply(self, command: Command, seat: str) -> list[Event]:
        if self.over:
            raise IllegalCommand("the match is over")
        time = getattr(command, "time", None)
        if time is None:
            time = self.clock
        if time < self.clock:
            raise IllegalCommand(
                f"too late: the clock is already at {self.clock} (commands apply in time order)"
            )
        area = self.areas[seat]
        before = self.clock
        self.clock = time  # so that a hand this command ends and deals starts now
        try:
            if isinstance(command, Flip):
                if not area.deck and not area.waste:
                    raise IllegalCommand(
                        "your deck and waste are empty: play from your piles, or 'pass'"
                    )
                return self._flip(seat, area, time)
            if isinstance(command, Pass):
                area.passed = True
                return [{"type": "passed", "player": seat}, *self._check_stuck()]
            if isinstance(command, Move):
                return self._move(seat, area, command, time)
            raise InvalidCommand(f"not a Double Solitaire command: {command!r}")
        except (IllegalCommand, InvalidCommand):
            self.clock = before  # a rejected command changes nothing
            raise

    def _flip(self, seat: str, area: Area, time: int) -> list[Event]:
        # Everybody has been through their deck, the last turned cards included:
        # stuck. Checked before turning more, so no turned card is taken back unseen.
        events: list[Event] = self._check_stuck()
        if events and events[-1]["type"] != "stuck":
            return events  # the hand ended blocked
        if not area.deck and not area.waste:
            return events  # the stuck turn left nothing to turn
        if not area.deck:
            # Picking the waste up: face-down (closed) it comes back in reverse;
            # face-up (open) it is turned over and keeps its order.
            area.deck = area.waste[::-1] if self.open_waste else list(area.waste)
            count = len(area.waste)
            area.waste = []
            area.waste_up = 0
            events.append({"type": "picked_up", "player": seat, "cards": count})
        take = min(self.draw, len(area.deck))
        turned = [area.deck.pop() for _ in range(take)]
        area.waste.extend(turned)
        area.waste_up = area.waste_up + take if self.open_waste else 1
        events.append({"type": "flipped", "player": seat, "cards": card_names(turned)})
        area.seen += take
        return events

    def _check_stuck(self) -> list[Event]:
        """Nobody played for a full pass through every deck: each deck turns one card."""
        if not all(a.looked_through() for a in self.areas.values()):
            return []
        self.stuck_turns += 1
        turned: dict[str, str] = {}
        for name, area in self.areas.items():
            area.seen, area.passed = 0, False
            # The whole deck in hand, then its top card to the bottom.
            # The waste goes under what is left in hand, as when it is picked up.
            pile = (area.waste[::-1] if self.open_waste else list(area.waste)) + area.deck
            area.waste, area.waste_up = [], 0
            if len(pile) > 1:
                top = pile.pop()
                pile.insert(0, top)
                turned[name] = card_name(top)
            area.deck = pile
        events: list[Event] = [{"type": "stuck", "turned": turned}]
        # Turning decks of one card or none changes nothing: the hand is blocked.
        if not turned or self.stuck_turns >= BLOCKED_AFTER:
            events.extend(self._end_hand(None, blocked=True))
        return events

    def _played(self) -> None:
        """A card left a stack, waste or went to the shared area: nobody is stuck."""
        self.stuck_turns = 0
        for area in self.areas.values():
            area.seen, area.passed = 0, False

    def _move(self, seat: str, area: Area, move: Move, time: int) -> list[Event]:
        cards = self._take(area, move)
        if move.target.startswith("f"):
            return self._to_shared(seat, area, move, cards[0], time)
        pile = area.piles[int(move.target[1]) - 1]
        if not self._fits(cards[0], pile):
            if not pile:
                raise IllegalCommand(
                    f"an empty work pile only takes a King here, not {card_name(cards[0])}"
                )
            raise IllegalCommand(
                f"{card_name(cards[0])} does not go on {card_name(pile[-1])}: "
                "work piles build down in alternating colours"
            )
        self._remove(area, move.source, len(cards))
        pile.extend(cards)
        event: Event = {
            "type": "moved",
            "player": seat,
            "from": move.source,
            "to": move.target,
            "cards": card_names(cards),
        }
        if move.source in ("s", "d"):
            self._played()
        return [*self._revealed(event, area, move.source), *self._out_if_done(seat, area)]

    def _take(self, area: Area, move: Move) -> list[int]:
        """The cards ``move`` would take (not yet removed); checks the source."""
        if move.source == "s":
            if not area.stack:
                raise IllegalCommand("your stack is empty")
            return [area.stack[-1]]
        if move.source == "d":
            top = area.waste_top()
            if top is None:
                raise IllegalCommand("no face-up card on your deck's waste: flip first ('f')")
            return [top]
        pile = area.piles[int(move.source[1]) - 1]
        if not pile:
            raise IllegalCommand(f"work pile {move.source} is empty")
        if move.target.startswith("f"):
            if move.count not in (None, 1):
                raise IllegalCommand("only one card at a time goes to the shared area")
            return [pile[-1]]
        target = area.piles[int(move.target[1]) - 1]
        counts = self._movable_counts(pile, target)
        if move.count is not None:
            if move.count > len(pile):
                raise IllegalCommand(f"{move.source} holds only {counted(len(pile), 'card')}")
            if move.count not in counts:
                raise IllegalCommand(
                    f"the top {counted(move.count, 'card')} of {move.source} cannot go on {move.target}"
                    + (f"; {', '.join(map(str, counts))} can" if counts else "")
                )
            return pile[-move.count :]
        if not counts:
            card = pile[-1]
            if not target and built_run(pile) == len(pile) and self._fits(pile[0], target):
                raise IllegalCommand(
                    f"moving all of {move.source} onto an empty pile changes nothing"
                )
            if target:
                raise IllegalCommand(
                    f"nothing from {move.source} goes on {card_name(target[-1])} "
                    "(work piles build down in alternating colours)"
                )
            raise IllegalCommand(
                f"an empty work pile only takes a King here, not {card_name(card)}"
            )
        if len(counts) > 1:
            raise IllegalCommand(
                f"say how many cards: {', '.join(f'{move.source} {move.target} {c}' for c in counts)}"
            )
        return pile[-counts[0] :]

    def _remove(self, area: Area, source: str, count: int) -> None:
        if source == "s":
            area.stack.pop()
        elif source == "d":
            area.waste.pop()
            area.waste_up -= 1
        else:
            del area.piles[int(source[1]) - 1][-count:]

    def _revealed(self, event: Event, area: Area, source: str) -> list[Event]:
        if source == "s" and area.stack:
            event["revealed"] = card_name(area.stack[-1])
        return [event]

    def _to_shared(self, seat: str, area: Area, move: Move, card: int, time: int) -> list[Event]:
        index = self._choose_foundation(card, move.target)
        self._remove(area, move.source, 1)
        owner = self.index[seat]
        if index is None:
            self.foundations.append(Foundation([(owner, card)], [(time, 1)]))
            index = len(self.foundations) - 1
        else:
            self.foundations[index].cards.append((owner, card))
            self.foundations[index].history.append((time, len(self.foundations[index].cards)))
            self.wanted[card].remove(index)
        if rank(card) < 13:
            self.wanted.setdefault(card + 1, []).append(index)
            self.wanted[card + 1].sort()
        self._played()
        event: Event = {
            "type": "moved",
            "player": seat,
            "from": move.source,
            "to": f"f{index + 1}",
            "cards": [card_name(card)],
        }
        return [*self._revealed(event, area, move.source), *self._out_if_done(seat, area)]

    def _choose_foundation(self, card: int, target: str) -> int | None:
        """The foundation index ``card`` goes to (None: it starts a new one)."""
        if rank(card) == 1:
            # An Ace starts a new foundation: 'f', or the number the new one will have.
            if target not in ("f", f"f{len(self.foundations) + 1}"):
                raise IllegalCommand(
                    f"an Ace starts a new foundation: move it to 'f' (or "
                    f"'f{len(self.foundations) + 1}'), not '{target}'"
                )
            return None
        if target == "f":
            if self.wanted.get(card):
                return self.wanted[card][0]
            raise IllegalCommand(self._too_late(card))
        number = int(target[1:])
        if number > len(self.foundations):
            raise IllegalCommand(
                f"there is no foundation f{number} (there are {len(self.foundations)})"
            )
        foundation = self.foundations[number - 1]
        if not foundation.takes(card):
            top = foundation.top
            if suit(top) != suit(card):
                raise IllegalCommand(
                    f"f{number} is {SUIT_NAMES[suit(top)]}, not {SUIT_NAMES[suit(card)]}"
                )
            if rank(top) >= rank(card):
                raise IllegalCommand(f"too late: f{number} is already at {card_name(top)}")
            raise IllegalCommand(
                f"{card_name(card)} does not go on f{number} yet: it is at {card_name(top)}"
            )
        return number - 1

    def _too_late(self, card: int) -> str:
        same = [(i, f) for i, f in enumerate(self.foundations) if suit(f.top) == suit(card)]
        name = SUIT_NAMES[suit(card)]
        if not same:
            return f"no {name} foundation yet: {card_name(card)} needs its suit's Ace there first"
        where = ", ".join(f"f{i + 1} at {card_name(f.top)}" for i, f in same)
        if any(rank(f.top) >= rank(card) for _, f in same):
            return f"too late: the {name} foundations are past it ({where})"
        return f"{card_name(card)} does not go on the shared area yet ({where})"

    def _out_if_done(self, seat: str, area: Area) -> list[Event]:
        if area.stack:
            return []
        return self._end_hand(seat, blocked=False)

    def _end_hand(self, out: str | None, blocked: bool) -> list[Event]:
        events: list[Event] = []
        if out is not None:
            events.append({"type": "out", "player": out})
        shared = {name: 0 for name in self.names}
        for foundation in self.foundations:
            for owner, _ in foundation.cards:
                shared[self.names[owner]] += 1
        stacks = {name: len(self.areas[name].stack) for name in self.names}
        scores = {name: shared[name] - self.penalty * stacks[name] for name in self.names}
        self.hand_scores.append(scores)
        for name in self.names:
            self.totals[name] += scores[name]
        events.append(
            {
                "type": "hand_over",
                "hand": self.hand,
                "blocked": blocked,
                "shared": shared,
                "stack_left": stacks,
                "scores": scores,
                "totals": dict(self.totals),
            }
        )
        best = max(self.totals.values())
        if best >= self.target:
            leaders = [name for name, total in self.totals.items() if total == best]
            if len(leaders) == 1 or self.options["ties"] == "share":
                self.over = True
                self.match_winners = leaders
                return events
            events.append({"type": "tie_break", "leaders": leaders})
        events.extend(self.deal())
        return events
