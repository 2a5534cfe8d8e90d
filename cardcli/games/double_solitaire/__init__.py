"""Double Solitaire: a real-time race for 2 to 6 players, close to Nerts."""

from __future__ import annotations

import os
import statistics
from typing import Any

from cardcli.cards.playing import parse_card
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.engine.game import Event, Game, Option, Options, State, numbered_seats
from cardcli.engine.rng import Rng
from cardcli.games.double_solitaire.bots import BOTS, PACES, SETTLE_MS, hint
from cardcli.games.double_solitaire.rules import PILES, DoubleSolitaireState
from cardcli.games.double_solitaire.tally import DoubleSolitaireTally
from cardcli.games.double_solitaire.view import describe, render
from cardcli.printable import shortened

MIN_ORDER = 13 + PILES  # a stack and four work piles

DRAWS = (1, 3)


def check_draw(count: int) -> int:
    """``--draw``: 3 as the text plays, or 1, its easy mode; nothing in between."""
    if count not in DRAWS:
        raise UsageError(f"--draw takes 3, or 1 for the easy mode; got {count}")
    return count


OPTIONS = (
    Option("players", "int", 2, "how many players, each with a 52-card deck", low=2, high=6),
    Option(
        "draw",
        "int",
        3,
        "cards turned at a time: 3, or 1 for the easy mode",
        low=1,
        high=3,
        check=check_draw,
    ),
    Option(
        "empty_pile",
        "choice",
        "any",
        "what an empty work pile takes: any card (as in Nerts) or only a King",
        ("any", "king"),
    ),
    Option(
        "waste",
        "choice",
        "closed",
        "closed: turned cards go back face down, only the last one plays (the text); "
        "open: the waste stays face up and its top card plays (Nerts)",
        ("closed", "open"),
    ),
    Option(
        "target",
        "int",
        100,
        "the match ends at the end of a hand in which someone has this many points",
        low=1,
        high=100_000,
    ),
    Option(
        "stack_penalty",
        "int",
        1,
        "points lost per card left in your stack (1 as the text, 2 as Nerts)",
        low=1,
        high=2,
    ),
    Option(
        "ties",
        "choice",
        "play-on",
        "equal highest totals at the end: play another hand (play-on) or share the win",
        ("play-on", "share"),
    ),
    Option(
        "clock",
        "choice",
        "real",
        "real: bots act at their own pace; step: bots act only when a person enters a command",
        ("real", "step"),
    ),
    Option(
        "order",
        "text",
        None,
        'explicit decks for the first hand, e.g. "p1: Ah 2c ...; p2: ...": the first 13 cards '
        "form the stack (the 13th face up), the next 4 the work piles, the rest the deck",
        setup=True,
    ),
)


def parse_orders(text: str, seats: list[str]) -> dict[str, list[int]]:
    orders: dict[str, list[int]] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        seat, sep, cards_text = part.replace("=", ":", 1).partition(":")
        seat = seat.strip().lower()
        if not sep or seat not in seats:
            raise UsageError(
                f"--order: write 'p1: CARDS; p2: CARDS' for seats {', '.join(seats)}; got '{part[:30]}'"
            )
        if seat in orders:
            raise UsageError(f"--order: {seat} is given twice")
        cards: list[int] = []
        for word in cards_text.replace(",", " ").split():
            try:
                card = parse_card(word)
            except CardcliError:
                raise UsageError(
                    f"--order {seat}: '{shortened(word)}' is not a card (write 10h, Qs...)"
                ) from None
            if card >= 52:
                raise UsageError(f"--order {seat}: Double Solitaire uses no jokers")
            if card in cards:
                raise UsageError(f"--order {seat}: {word} appears twice")
            cards.append(card)
        if len(cards) < MIN_ORDER:
            raise UsageError(
                f"--order {seat}: at least {MIN_ORDER} cards (13 for the stack, 4 for the piles)"
            )
        orders[seat] = cards
    if not orders:
        raise UsageError("--order needs at least one seat's cards: 'p1: CARDS; p2: CARDS'")
    return orders


def new_state(options: Options, setup: Options, rng: Rng) -> tuple[State, list[Event]]:
    orders = (
        parse_orders(setup["order"], numbered_seats(options))
        if setup.get("order") is not None
        else {}
    )
    state = DoubleSolitaireState(options, rng, orders)
    return state, state.deal()


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean hand score per seat and hands per match."""
    hands = [len(r["hands"]) for r in results]
    seats = list(results[0]["scores"]) if results else []
    per_seat = {}
    for seat in seats:
        scores = [hand[seat] for r in results for hand in r["hands"]]
        per_seat[seat] = round(statistics.fmean(scores), 3) if scores else 0.0
    return {
        "hands_per_match": round(statistics.fmean(hands), 3) if hands else 0.0,
        "mean_hand_score": per_seat,
    }


HELP = """\
Double Solitaire: everybody plays at once. Places: s (your stack), d (your deck's face-up card),
w1-w4 (your work piles), f (the shared area: any foundation that takes the card, or a new one
for an Ace), f3 (foundation 3).
  s f        stack to the shared area        d w2      deck's face-up card to work pile 2
  w1 f2      work pile 1 to foundation 2     w2 w4     work pile 2 onto work pile 4
  w2 w4 3    the top 3 cards of w2 (when w4 is empty, say how many)
  f / flip   turn the next cards of your deck (at its end, pick the waste up)
  pass       nothing to play (counts as having gone through your deck)
In scripts put the time and seat first: @1250 p2 s f. Your stack's last card ends the hand: out!"""

GAME = Game(
    name="double-solitaire",
    summary="real-time race for 2-6 players, each with a deck; shared foundations; match to 100",
    options=OPTIONS,
    bots=BOTS,
    new_state=new_state,
    seat_names=numbered_seats,
    rules_file=os.path.join(os.path.dirname(__file__), "RULES.md"),
    help_text=HELP,
    render=lambda state, seat, _width: render(state, seat),
    hint=hint,
    default_bot="hard",
    score_label="match points",
    describe=describe,
    timed=True,
    bot_pace=PACES,
    bot_settle_ms=SETTLE_MS,
    milestones=("hand_over", "stuck"),
    summarize=summarize,
    tally=DoubleSolitaireTally,
)
