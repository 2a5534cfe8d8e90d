"""Double Solitaire bots: speed, reaction and skill.

A bot acts every ``think_ms`` logical milliseconds (plus or minus a seeded
``jitter_ms``). It sees the shared area as it was ``reaction_ms`` ago, so a
slow bot misses fresh chances and sometimes plays a card that someone has
already beaten it to ("too late"). Skill is a move priority and a chance of
overlooking a move. A bot answers with command text only; the play loop adds
the time and the seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardcli.engine.game import State
from cardcli.engine.rng import Rng
from cardcli.games.double_solitaire.rules import (
    Area,
    DoubleSolitaireState,
    built_run,
    fits_on_pile,
    rank,
)

# Move kinds, in the order a strong player looks for them.
STACK_TO_SHARED = "stack to shared"
STACK_TO_PILE = "stack to work pile"
PILE_TO_SHARED = "work pile to shared"
WASTE_TO_SHARED = "waste to shared"
PILE_TO_PILE = "work pile to work pile"
WASTE_TO_PILE = "waste to work pile"
ALL_KINDS = (
    STACK_TO_SHARED,
    STACK_TO_PILE,
    PILE_TO_SHARED,
    WASTE_TO_SHARED,
    PILE_TO_PILE,
    WASTE_TO_PILE,
)


@dataclass(frozen=True)
class Profile:
    think_ms: int
    jitter_ms: int
    reaction_ms: int
    overlook_percent: int  # chance of flipping although a move was there
    kinds: tuple[str, ...]  # the move kinds it looks for, best first

    def delay(self, rng: Rng) -> int:
        return max(1, self.think_ms + rng.randint(-self.jitter_ms, self.jitter_ms))


PROFILES = {
    "easy": Profile(1000, 400, 1500, 15, (*ALL_KINDS[:4], WASTE_TO_PILE)),
    "medium": Profile(900, 300, 900, 8, (*ALL_KINDS[:4], WASTE_TO_PILE)),
    "hard": Profile(450, 150, 250, 0, ALL_KINDS),
}
RANDOM_PACE = Profile(1500, 500, 0, 0, ())
# After this long with no command, every bot sees the table as it is.
SETTLE_MS = max(profile.reaction_ms for profile in PROFILES.values())


def visible_tops(state: DoubleSolitaireState, now: int, reaction_ms: int) -> list[int | None]:
    """Each foundation's top card as the bot has taken it in (None: not seen yet)."""
    seen_until = now - reaction_ms
    tops: list[int | None] = []
    for foundation in state.foundations:
        size = 0
        # The history runs forward in time: the last change seen is found from the end.
        for time, length in reversed(foundation.history):
            if time <= seen_until:
                size = length
                break
        tops.append(foundation.cards[size - 1][1] if size else None)
    return tops


def wanted_cards(tops: list[int | None]) -> dict[int, str]:
    """The cards the visible foundations take next, and where they go."""
    wanted: dict[int, str] = {}
    for i, top in enumerate(tops):
        if top is not None and rank(top) < 13:
            wanted.setdefault(top + 1, f"f{i + 1}")
    return wanted


def _to_shared(card: int, wanted: dict[int, str]) -> str | None:
    return "f" if rank(card) == 1 else wanted.get(card)


def _fits(state: DoubleSolitaireState, card: int, pile: list[int]) -> bool:
    if not pile:
        return not state.king_only or rank(card) == 13
    return fits_on_pile(card, pile[-1])


def _pile_to_pile(state: DoubleSolitaireState, area: Area, tops: dict[int, str]) -> str | None:
    """A work pile move that frees a pile for the stack or uncovers a shared play."""
    for i, pile in enumerate(area.piles):
        if not pile:
            continue
        run = built_run(pile)  # once a pile, not once a pair
        for j, other in enumerate(area.piles):
            if i == j:
                continue
            for count in state._movable_counts(pile, other, run):
                frees = count == len(pile) and other and area.stack
                rest = pile[:-count]
                uncovers = bool(rest) and _to_shared(rest[-1], tops) is not None
                if frees or uncovers:
                    suffix = f" {count}" if not other else ""
                    return f"w{i + 1} w{j + 1}{suffix}"
    return None


def choose(
    state: DoubleSolitaireState, seat: str, profile: Profile, now: int, rng: Rng
) -> str | None:
    area = state.areas[seat]
    tops = wanted_cards(visible_tops(state, now, profile.reaction_ms))
    waste = area.waste_top()
    stack = area.stack[-1] if area.stack else None
    for kind in profile.kinds:
        move: str | None = None
        if kind == STACK_TO_SHARED and stack is not None:
            move = _with_source("s", _to_shared(stack, tops))
        elif kind == STACK_TO_PILE and stack is not None:
            move = _first_pile("s", stack, state, area)
        elif kind == PILE_TO_SHARED:
            for i, pile in enumerate(area.piles):
                if pile and (target := _to_shared(pile[-1], tops)):
                    move = f"w{i + 1} {target}"
                    break
        elif kind == WASTE_TO_SHARED and waste is not None:
            move = _with_source("d", _to_shared(waste, tops))
        elif kind == PILE_TO_PILE:
            move = _pile_to_pile(state, area, tops)
        elif kind == WASTE_TO_PILE and waste is not None:
            move = _first_pile("d", waste, state, area)
        if move is not None:
            if profile.overlook_percent and rng.below(100) < profile.overlook_percent:
                break
            return move
    if area.deck or area.waste:
        # Two passes with no play anywhere have shown every card in both orders
        # (a closed waste comes back reversed): turning on shows nothing new, so
        # wait until somebody plays or everybody is stuck.
        return None if area.seen >= 2 * area.remaining() else "f"
    # Nothing to play: say so once, then wait until somebody plays.
    return None if area.passed else "pass"


def _with_source(source: str, target: str | None) -> str | None:
    return f"{source} {target}" if target else None


def _first_pile(source: str, card: int, state: DoubleSolitaireState, area: Area) -> str | None:
    # Prefer building on a card to filling an empty pile.
    empty = None
    for j, pile in enumerate(area.piles):
        if _fits(state, card, pile):
            if pile:
                return f"{source} w{j + 1}"
            empty = empty or f"{source} w{j + 1}"
    return empty


def profiled(name: str) -> Callable[[State, str, Rng, int], str | None]:
    profile = PROFILES[name]

    def bot(state: State, seat: str, rng: Rng, now: int) -> str | None:
        assert isinstance(state, DoubleSolitaireState)
        return choose(state, seat, profile, now, rng)

    bot.__doc__ = f"{name}: acts every {profile.think_ms}±{profile.jitter_ms} ms, sees the shared area {profile.reaction_ms} ms late"
    return bot


def random_bot(state: State, seat: str, rng: Rng, now: int) -> str | None:
    """A uniformly random legal command (or waiting, if there is none)."""
    moves = state.legal_commands(seat)
    return rng.choice(moves) if moves else None


BOTS = {name: profiled(name) for name in PROFILES} | {"random": random_bot}


def hint(state: DoubleSolitaireState, seat: str) -> str | None:
    """What the hard bot would do, seeing the shared area as it is now; when it
    would wait (its deck seen through), the first legal command."""
    if state.over:
        return None
    profile = PROFILES["hard"]
    chosen = choose(state, seat, profile, state.clock + profile.reaction_ms, Rng(0))
    if chosen is not None:
        return chosen
    legal = state.legal_commands(seat)
    return legal[0] if legal else None


PACES: dict[str, Callable[[Rng], int]] = {name: PROFILES[name].delay for name in PROFILES}
PACES["random"] = RANDOM_PACE.delay
