"""Saves before a cast in the turn search: the ones that feed recursion.

The turn search (``search.py``) casts first (phase A) and saves at the end
(phases B and C). This module adds the saves that must come before a cast, and
only those. Why no other order matters:

A save does three things: the card saved leaves the hand for its slot; what the
slot held, with the auras on it, goes to the graveyard (unless a land joins its
stack); a third land on a stack burns a Timer card (``--overstack burn``). Its
mana is not lost: the slot's sources are tapped first, and the pool lasts the
turn. Take any turn's commands and a save S followed by a cast or activation C.
Doing C first and S after gives the same outcome, or a better one, unless:

1. C casts the card S saved, from its slot. Cast from the hand at the same
   moment it does the same (a permanent lies in play in the hand, and a save
   after it puts it in the slot as it was); what differs is only that the
   slot's old content reached the graveyard earlier and the slot is empty.
2. C is recursion and returns a card that S sent to the graveyard, or a card S
   saved that a later save sends there.

C reads nothing else that S changes: the mana is one pool; a cast can be paid
before as after (S spends none); the lands out that Corrupt and instant death
count are only fewer after S (and the search never returns an eighth land to
the hand); a pump or aura on the creature S saved gives the same power on
it once it is summoned, or after the saves (phase C); anthems count when the
creatures attack at 'end', after every save either way; a burned Timer card is
unseen, the same card whenever it burns, and the search does not count on it.
So by moving saves later one at a time, every turn becomes: casts and
activations, each save that feeds a recursion (case 2) placed just before that
recursion, with the casts from slots of case 1 between them, then the other
saves (phase B) and the pumps on saved creatures (phase C). Case 1 alone only
empties a slot, which is never worth more to the evaluation than what it held
(a land stack under ``--overstack burn`` aside, whose instant-death risk can
outweigh its mana: the search does not empty a slot to be rid of one).

Two more cuts keep the search about as fast as before: recursion to the hand gains
only by a permanent in play that gives more when cast again, or a land when the
recursion is free (any other card comes back as it was, for the recursion's
mana); and a save that overfills a stack feeds nothing. A feeding save is tried
only when recursion that can gain by the card is still castable, and the
position after it must go on to that recursion (``Pos.fed``): the turn cannot
end there. ``tests/test_hunsberger_exact.py`` checks the whole search against a
brute force over every legal command sequence, through the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from cardcli.games.hunsberger.model import Action, Info, Pos, SlotM, set_slot, with_
from cardcli.games.hunsberger.table import STACK


class Search(Protocol):
    """What feeding takes from the turn search (``search.TurnSearch``)."""

    info: dict[str, Info]

    def casts(self, pos: Pos, name: str, where: int) -> Iterator[tuple[Action, Pos]]: ...

    def can_return(self, info: Info, name: str) -> bool: ...

    def to_graveyard(self, pos: Pos, name: str) -> Pos: ...


class Feeding:
    """The saves that feed recursion, and what may follow them."""

    def __init__(self, search: Search) -> None:
        self.search = search
        # The deck's recursion cards, and whether some card of the deck fed to the graveyard
        # could gain each.
        self.kinds = {n for n, info in search.info.items() if info.p.kind == "recursion"}
        self.useful: dict[str, bool] = {}
        self.known: dict[tuple[tuple[str, ...], str, bool], bool] = {}

    def moves(self, pos: Pos) -> Iterator[tuple[Action, Pos]]:
        """After a save that fed the graveyard: more such saves, casts from the slots, and the
        recursion that takes a card those saves sent there (which ends the feeding)."""
        fed = pos.fed or ()
        places = [(name, -1) for name in dict.fromkeys(pos.hand)]
        for index, (cards, in_play, _, _) in enumerate(pos.slots):
            if len(cards) == 1 and not in_play:
                info = self.search.info[cards[0]]
                if not info.is_land and info.p.kind not in ("unusable", "land"):
                    places.append((cards[0], index))
        for name, where in places:
            recursion = self.search.info[name].p.kind == "recursion"
            if where < 0 and not recursion:
                continue  # a hand card cast now could as well have been cast before the saves
            for action, after in self.search.casts(pos, name, where):
                if not recursion:
                    yield action, after  # a card saved on the way, cast from its slot
                elif fed and (action.target is None or action.target[1] in fed):
                    yield action, after._replace(fed=None)
        yield from self.dumps(pos)

    def dumps(self, pos: Pos) -> Iterator[tuple[Action, Pos]]:
        """Saves made before a cast: each sends what a slot held to the graveyard.

        Only saves that feed recursion still to be cast are tried (the module
        docstring says why no other save needs to come before a cast): one that
        sends a card it can bring back to the graveyard, or that puts such a card
        in a slot, for a later save to send it there.
        """
        wanted = self._wanted(pos)
        if wanted is None:
            return
        seen: set[tuple[str, bool]] = set()
        # The slot holding fewer cards first: of plans worth the same, fewer taps before it.
        order = sorted(range(len(pos.slots)), key=lambda i: len(pos.slots[i][0]))
        for entry in [(n, False) for n in pos.hand] + list(pos.held):
            if entry in seen:
                continue
            seen.add(entry)
            name, in_play = entry
            for index in order:
                slot = pos.slots[index]
                joins = self._joins(name, slot)
                if joins and len(slot[0]) >= STACK:
                    continue  # an overfilled stack burns an unseen Timer card: never needed here
                dumped = [] if joins else [(n, slot[1]) for n in slot[0]]
                dumped += [(n, True) for n in slot[3]]  # auras are in play
                if not (wanted(name, in_play) or any(wanted(n, p) for n, p in dumped)):
                    continue
                fresh = [n for n, p in dumped if wanted(n, p)]
                after = self._take(pos, entry)
                after = after._replace(fed=tuple(sorted((*(pos.fed or ()), *fresh))))
                if joins:
                    after = set_slot(after, index, ((*slot[0], name), False, 0, ()))
                else:
                    after = set_slot(after, index, ((name,), in_play, 0, ()))
                    for card, _ in dumped:
                        after = self.search.to_graveyard(after, card)
                yield Action("save", name, slot=index, in_play=in_play), after

    def _wanted(self, pos: Pos) -> Callable[[str, bool], bool] | None:
        """Whether the recursion still castable could gain by bringing a card back once
        it is in the graveyard (None: no recursion is left to cast).

        Recursion to play gains by any card it can return (a creature attacks for free).
        Recursion to the hand only by a permanent in play that gives more when cast again
        (an aura, damage or tokens as it enters, or more mana than the two casts cost) or by
        a land when the recursion costs nothing: any other card comes back as it was in the
        hand or the slot, for the recursion's mana.
        """
        kinds = self.kinds
        if not kinds:
            return None
        names = [n for n in dict.fromkeys(pos.hand) if n in kinds]
        for cards, in_play, _, _ in pos.slots:
            if len(cards) == 1 and not in_play and cards[0] in kinds:
                names.append(cards[0])
        recursion = [n for n in names if self._is_useful(n)]
        if not recursion:
            return None
        key = tuple(recursion)
        known = self.known

        def wanted(name: str, in_play: bool) -> bool:
            found = known.get((key, name, in_play))
            if found is None:
                found = known[(key, name, in_play)] = self._gains(key, name, in_play)
            return found

        return wanted

    def _gains(self, recursion: tuple[str, ...], name: str, in_play: bool) -> bool:
        for info in (self.search.info[n] for n in recursion):
            if not self.search.can_return(info, name):
                continue
            if info.p.returns != "hand":
                return True
            if in_play and self._cast_again_gains(name, info.cost):
                return True
            if self.search.info[name].is_land and info.cost == 0:
                return True
        return False

    def _is_useful(self, name: str) -> bool:
        found = self.useful.get(name)
        if found is None:
            found = self.useful[name] = self._useful(self.search.info[name])
        return found

    def _useful(self, recursion: Info) -> bool:
        """Whether feeding ``recursion`` any card of the deck could gain (see ``_wanted``)."""
        if recursion.p.returns != "hand":
            return True
        for name, info in self.search.info.items():
            gains = (
                self._cast_again_gains(name, recursion.cost)
                if not info.is_land
                else recursion.cost == 0
            )
            if gains and self.search.can_return(recursion, name):
                return True
        return False

    def _cast_again_gains(self, name: str, recursion_cost: int) -> bool:
        """Whether a permanent in play, brought back to the hand and cast again, gives more."""
        info = self.search.info[name]
        p = info.p
        if p.kind == "creature" or info.one_shot:
            return False  # never in play outside an attack
        if p.kind == "aura" or p.enters_damage or p.tokens_data:
            return True
        if p.kind != "mana" or p.enters_tapped:
            return False
        return p.amount - p.tap_cost > info.cost + recursion_cost

    def _joins(self, name: str, slot: SlotM) -> bool:
        """Whether a card saved on ``slot`` joins its land stack (else it replaces it)."""
        cards = slot[0]
        info = self.search.info[name]
        if not cards or not info.is_land or not self.search.info[cards[0]].is_land:
            return False
        return self.search.info[cards[0]].card.produces == info.card.produces

    def _take(self, pos: Pos, entry: tuple[str, bool]) -> Pos:
        """``pos`` without a card of the hand (a castable one, or one held)."""
        name, in_play = entry
        if not in_play and name in pos.hand:
            hand = list(pos.hand)
            hand.remove(name)
            return with_(pos, hand=tuple(hand))
        held = list(pos.held)
        held.remove(entry)
        return with_(pos, held=tuple(held))
