"""Shuffle-Mania: the state of a game and how commands change it."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from cardcli.cards.playing import JOKERS, card_name, card_names
from cardcli.engine.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from cardcli.engine.game import Command, Event, Options, State
from cardcli.engine.rng import Rng
from cardcli.games.shuffle_mania import anomalies, commands
from cardcli.games.shuffle_mania.commands import ANY_JOKER, Auto, Cut, Done, Remove
from cardcli.words import counted

WIN_BELOW = 10  # solo: fewer than 10 cards wins


@dataclass(slots=True)
class Hand:
    """One player's deck and where they are in the game."""

    deck: list[int]
    rng: Rng
    all_cards: frozenset[int]
    phase: str = "pass"  # "pass", "cut" or "over"
    passes: int = 1  # the pass under way (or the last one, once over)
    removed_this_pass: int = 0
    removed: list[int] = field(default_factory=list)
    pass_deck: list[int] = field(default_factory=list)  # the deck as this pass began
    windows_cache: list[anomalies.Window] | None = None  # None: not worked out for this deck
    _pass_next: dict[int, int] | None = None

    def start_pass(self) -> None:
        self.removed_this_pass = 0
        self.pass_deck = list(self.deck)
        self._pass_next = None
        self.windows_cache = None

    @property
    def pass_next(self) -> dict[int, int]:
        """Each card's right-hand neighbour as the pass began (worked out when first asked)."""
        if self._pass_next is None:
            deck = self.pass_deck
            self._pass_next = dict(pairwise(deck))
        return self._pass_next


def shuffle_deck(deck: list[int], rng: Rng, model: str) -> list[int]:
    if model == "riffle":
        return rng.riffle(deck)
    shuffled = list(deck)
    rng.shuffle(shuffled)
    return shuffled


class ShuffleManiaState(State):
    def __init__(self, options: Options, hands: dict[str, Hand], quiet: bool = False) -> None:
        self.quiet = quiet  # nobody reads the events: build them bare
        self.options = options
        self.level: str = options["level"]
        self.model: str = options["shuffle"]
        self.hands = hands
        self.multi = len(hands) > 1
        # One player: to_move and is_over are asked several times a command.
        self._solo = None if self.multi else next(iter(hands.values()))
        self._solo_seat = next(iter(hands))

    # -- reading the state -------------------------------------------------

    def seats(self) -> list[str]:
        return list(self.hands)

    def is_over(self) -> bool:
        if self._solo is not None:
            return self._solo.phase == "over"
        return all(hand.phase == "over" for hand in self.hands.values())

    def to_move(self) -> str | None:
        if self._solo is not None:
            return None if self._solo.phase == "over" else self._solo_seat
        # Players take turns pass by pass: whoever has finished fewer passes.
        waiting = [
            (hand.passes, index, seat)
            for index, (seat, hand) in enumerate(self.hands.items())
            if hand.phase != "over"
        ]
        return min(waiting)[2] if waiting else None

    def windows(self, seat: str) -> list[anomalies.Window]:
        hand = self.hands[seat]
        windows = hand.windows_cache  # reset whenever the deck changes
        if windows is None:
            # Until a card is removed the deck is the pass's own: every pair
            # of neighbours was one when it began.
            pass_next = hand.pass_next if hand.removed_this_pass else None
            windows = hand.windows_cache = anomalies.find_windows(hand.deck, self.level, pass_next)
        return windows

    def removable(self, seat: str) -> list[tuple[int, int]]:
        hand = self.hands[seat]
        return anomalies.removable_blocks(len(hand.deck), self.windows(seat))

    def legal_commands(self, seat: str) -> list[str]:
        hand = self.hands[seat]
        if hand.phase == "over":
            return []
        if hand.phase == "cut":
            count = len(hand.deck)
            return ["cut"] + [f"cut {n}" for n in range(1, count)]
        blocks = self.removable(seat)
        moves = [
            "remove " + " ".join(card_names(hand.deck[start : end + 1])) for start, end in blocks
        ]
        if blocks:
            moves += ["auto ltr", "auto rtl"]
        moves.append("done")
        return moves

    def hint(self, seat: str) -> str | None:
        phase = self.hands[seat].phase
        if phase == "pass":
            return "auto ltr" if self.windows(seat) else "done"
        return "cut" if phase == "cut" else None

    def result(self) -> dict[str, Any]:
        left = {seat: len(hand.deck) for seat, hand in self.hands.items()}
        passes = {seat: hand.passes for seat, hand in self.hands.items()}
        if not self.multi:
            winners = [seat for seat, n in left.items() if n < WIN_BELOW]
            return {"winners": winners, "scores": left, "passes": passes, "tie": False}
        fewest = min(left.values())
        best = [seat for seat, n in left.items() if n == fewest]
        tie = len(best) > 1
        return {"winners": [] if tie else best, "scores": left, "passes": passes, "tie": tie}

    def check_invariants(self) -> None:
        for seat, hand in self.hands.items():
            placed = hand.deck + hand.removed
            assert len(placed) == len(set(placed)), f"{seat}: a card is in two places"
            assert set(placed) == hand.all_cards, f"{seat}: a card went missing"
            assert hand.phase in ("pass", "cut", "over")

    # -- commands ----------------------------------------------------------

    def parse(self, text: str) -> Command:
        command = commands.parse(text)
        if command.player is not None and command.player not in self.hands:
            raise InvalidCommand(f"there is no seat {command.player} in a one-player game")
        return command

    def apply(self, command: Command, seat: str) -> list[Event]:
        hand = self.hands[seat]
        if hand.phase == "over":
            raise IllegalCommand(f"{seat} has finished: their cards are counted")
        kind = type(command)
        if kind is Cut:
            return self._cut(seat, hand, command.count)  # type: ignore[attr-defined]
        if kind not in (Remove, Auto, Done):
            raise InvalidCommand(f"not a Shuffle-Mania command: {command!r}")
        if hand.phase != "pass":
            raise IllegalCommand("the pass is over: cut the deck now ('cut' or 'cut N')")
        if kind is Auto:
            if self.level == "hard":
                return self._auto_hard(seat, hand, command.direction)  # type: ignore[attr-defined]
            return self._auto(seat, hand, command.direction)  # type: ignore[attr-defined]
        if kind is Done:
            return self._done(seat, hand)
        return self._remove(seat, hand, command)  # type: ignore[arg-type]

    def _event(self, seat: str, kind: str, **fields: Any) -> Event:
        event: Event = {"type": kind}
        if self.quiet:
            return event
        if self.multi:
            event["player"] = seat
        event.update(fields)
        return event

    def _block_of(self, hand: Hand, command: Remove) -> tuple[int, int]:
        """The (start, end) block a ``remove`` names; checks it is contiguous."""
        size = len(hand.deck)
        if command.positions:
            wanted = sorted(set(command.positions))
            for pos in wanted:
                if not 1 <= pos <= size:
                    raise IllegalCommand(f"position {pos} is not in the deck (1 to {size})")
            indexes = [pos - 1 for pos in wanted]
        else:
            where = {card: i for i, card in enumerate(hand.deck)}
            indexes = []
            jokers_here = [card for card in JOKERS if card in where]
            for card in command.cards:
                if card == ANY_JOKER:
                    if not jokers_here:
                        raise IllegalCommand("there is no joker in the deck")
                    if len(jokers_here) > 1:
                        raise AmbiguousCommand("both jokers are in the deck: write X1 or X2")
                    card = jokers_here[0]
                if card not in where:
                    raise IllegalCommand(f"{card_name(card)} is not in the deck")
                indexes.append(where[card])
            indexes = sorted(set(indexes))
        if len(indexes) < 2:
            raise InvalidCommand("an anomaly has at least two different cards")
        if indexes[-1] - indexes[0] + 1 != len(indexes):
            missing = [i + 1 for i in range(indexes[0], indexes[-1]) if i not in indexes]
            between = ", ".join(map(str, missing))
            raise IllegalCommand(
                "the cards are not next to each other: "
                + (f"position {between} lies" if len(missing) == 1 else f"positions {between} lie")
                + " between them"
            )
        return indexes[0], indexes[-1]

    def _removal_event(
        self, seat: str, hand: Hand, start: int, end: int, used: list[anomalies.Window]
    ) -> Event:
        cards = hand.deck[start : end + 1]
        del hand.deck[start : end + 1]
        hand.windows_cache = None
        hand.removed.extend(cards)
        hand.removed_this_pass += len(cards)
        if self.quiet:
            return {"type": "removed"}
        patterns = sorted({w.kind for w in used})
        return self._event(
            seat,
            "removed",
            cards=card_names(cards),
            positions=list(range(start + 1, end + 2)),
            patterns=patterns,
            cards_left=len(hand.deck),
        )

    def _remove(self, seat: str, hand: Hand, command: Remove) -> list[Event]:
        start, end = self._block_of(hand, command)
        windows = self.windows(seat)
        used = anomalies.cover(start, end, windows)
        if used is None:
            raise IllegalCommand(self._why_not(hand, start, end, windows))
        return [self._removal_event(seat, hand, start, end, used)]

    def _why_not(self, hand: Hand, start: int, end: int, windows: list[anomalies.Window]) -> str:
        """Which neighbours of the block do not match, and why."""
        if self.level == "hard":
            for i in range(start, end):
                a, b = hand.deck[i], hand.deck[i + 1]
                if hand.pass_next.get(a) != b and anomalies.LINK["hard"][a][b]:
                    return (
                        f"{card_name(a)} and {card_name(b)} became neighbours in this pass: "
                        "no inner-outers on hard (wait for the next pass)"
                    )
        named = " ".join(card_names(hand.deck[start : end + 1]))
        gap = anomalies.first_gap(start, end, windows)
        if gap is None:  # covered only by patterns that reach beyond the block
            gap = start
        a, b = hand.deck[gap], hand.deck[gap + 1]
        why = f"{card_name(a)} and {card_name(b)} do not match ({anomalies.pair_reason(a, b, self.level)})"
        bigger = [w for w in windows if w.start <= gap < w.end and (w.start < start or w.end > end)]
        if bigger:
            whole = " ".join(card_names(hand.deck[bigger[0].start : bigger[0].end + 1]))
            why += f"; {whole} is one anomaly: remove it whole"
        return (
            f"{named} is not one anomaly on {self.level}: {why}; 'moves' lists what can be removed"
        )

    def _auto(self, seat: str, hand: Hand, direction: str) -> list[Event]:
        """Medium and Easy (``_auto_hard`` is Hard's): a block at a time, the windows found anew."""
        events: list[Event] = []
        while True:
            windows = self.windows(seat)
            if not windows:
                break
            if direction == "ltr":
                start, end = anomalies.first_maximal_block(windows)  # type: ignore[misc]
            else:
                size = len(hand.deck)
                mirrored = anomalies.find_windows(
                    hand.deck[::-1], self.level, _reversed_next(hand.pass_next)
                )
                first, last = anomalies.first_maximal_block(mirrored)  # type: ignore[misc]
                start, end = size - 1 - last, size - 1 - first
            used = anomalies.cover(start, end, windows)
            assert used is not None  # a maximal block is always covered
            events.append(self._removal_event(seat, hand, start, end, used))
        return events  # none when nothing can be removed: a harmless no-op

    def _auto_hard(self, seat: str, hand: Hand, direction: str) -> list[Event]:
        # On Hard only pairs that were neighbours at the start of the pass
        # count, so removing one block never creates or spoils another: the
        # blocks can all be found at once.
        windows = self.windows(seat)
        blocks = anomalies.maximal_blocks(windows)
        events: list[Event] = []
        shift = 0
        for start, end in blocks if direction == "ltr" else reversed(blocks):
            # The windows inside the block name its patterns: not needed quiet.
            used = [] if self.quiet else [w for w in windows if start <= w.start and w.end <= end]
            events.append(self._removal_event(seat, hand, start - shift, end - shift, used))
            if direction == "ltr":
                shift += end - start + 1
        # Every window lay inside a block that is gone, and no new pair counts
        # until the next pass: nothing is left to remove in this one.
        hand.windows_cache = []
        return events

    def _done(self, seat: str, hand: Hand) -> list[Event]:
        removed = hand.removed_this_pass
        finished = removed == 0 or not hand.deck  # a pass that removed nothing ends the game
        hand.phase = "over" if finished else "cut"
        if self.quiet:
            return (
                [{"type": "pass_ended"}, {"type": "player_finished"}]
                if finished
                else [{"type": "pass_ended"}]
            )
        size = len(hand.deck)
        events = [
            self._event(seat, "pass_ended", number=hand.passes, removed=removed, cards_left=size)
        ]
        if finished:
            events.append(self._event(seat, "player_finished", cards_left=size))
        return events

    def _cut(self, seat: str, hand: Hand, count: int | None) -> list[Event]:
        if hand.phase != "cut":
            raise IllegalCommand("cut comes after a pass that removed cards: finish with 'done'")
        size = len(hand.deck)
        chosen = count is None
        if count is None:
            count = 1 + hand.rng.below(size - 1) if size >= 2 else 0  # randint(1, size - 1)
        elif size < 2:
            if count != 0:
                raise IllegalCommand(f"a deck of {counted(size, 'card')} cannot be cut: type 'cut'")
        elif not 1 <= count <= size - 1:
            if size == 2:
                raise IllegalCommand("a deck of 2 cards is cut by 1 card: 'cut 1' or 'cut'")
            raise IllegalCommand(f"cut takes 1 to {counted(size - 1, 'card')} from the top")
        hand.deck = shuffle_deck(hand.deck[count:] + hand.deck[:count], hand.rng, self.model)
        hand.passes += 1
        hand.phase = "pass"
        hand.start_pass()
        if self.quiet:
            return [{"type": "cut"}, {"type": "shuffled"}, {"type": "pass_started"}]
        return [
            self._event(seat, "cut", count=count, random=chosen),
            self._event(
                seat, "shuffled", face="down", model=self.model, cards=card_names(hand.deck)
            ),
            self._event(seat, "pass_started", number=hand.passes),
        ]


def _reversed_next(pass_next: dict[int, int]) -> dict[int, int]:
    """Right-hand neighbours of the mirrored deck: the left-hand ones of the deck."""
    return {b: a for a, b in pass_next.items()}
