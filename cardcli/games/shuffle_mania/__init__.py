"""Shuffle-Mania: remove adjacent anomalies, cut, shuffle once, repeat."""

from __future__ import annotations

import os
from typing import Any

from cardcli.cards.playing import (
    BARE_JOKER_WORDS,
    JOKERS,
    card_names,
    new_deck_order,
    parse_card,
    standard_deck,
)
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.engine.game import Event, Game, Option, Options, State, numbered_seats
from cardcli.engine.rng import Rng
from cardcli.games.shuffle_mania.bots import BOTS
from cardcli.games.shuffle_mania.rules import Hand, ShuffleManiaState, shuffle_deck
from cardcli.games.shuffle_mania.view import DEFAULT_WIDTH, describe, render
from cardcli.printable import shortened

_DECK_CARDS = {jokers: frozenset(standard_deck(jokers)) for jokers in (False, True)}

# The opening ritual: face down twice, face up twice, face down once.
RITUAL = ("down", "down", "up", "up", "down")

OPTIONS = (
    Option("level", "choice", "hard", "which anomalies may be removed", ("hard", "medium", "easy")),
    Option(
        "shuffle",
        "choice",
        "uniform",
        "shuffle model: uniform (Fisher-Yates) or riffle (Gilbert-Shannon-Reeds)",
        ("uniform", "riffle"),
    ),
    Option("jokers", "flag", False, "add the two jokers (X1, X2) to each deck"),
    Option(
        "start",
        "choice",
        "random",
        "the deck's order before the opening ritual: random or new-deck",
        ("random", "new-deck"),
    ),
    Option("players", "int", 1, "1, or 2 for Double-Shuffle-Mania", low=1, high=2),
    Option(
        "order",
        "text",
        None,
        'explicit deck, first card first, e.g. "9c 9d 8d": no opening shuffle',
        setup=True,
    ),
)


def parse_order(text: str) -> list[int]:
    """The cards of ``--order``; bare jokers (X) become X1 then X2."""
    cards: list[int] = []
    spare_jokers = list(JOKERS)
    for word in text.replace(",", " ").split():
        try:
            card = spare_jokers[0] if word.lower() in BARE_JOKER_WORDS else parse_card(word)
        except (CardcliError, IndexError):
            raise UsageError(
                f"--order: '{shortened(word)}' is not a card (write 10h, Qs, X1...)"
            ) from None
        if card in cards:
            raise UsageError(f"--order: {word} appears twice; every card must be distinct")
        if card in spare_jokers:
            spare_jokers.remove(card)
        cards.append(card)
    if not cards:
        raise UsageError("--order needs at least one card")
    return cards


def prepare(given: dict[str, Any]) -> dict[str, Any]:
    """With ``--order`` the deck is the cards listed: ``jokers`` is logged as what it holds.

    ``--jokers`` then adds nothing, and an order with a joker has jokers, so
    the header never says ``"jokers": true`` for jokers the game does not use.
    """
    order = given.get("order")
    if not isinstance(order, str):
        return given
    return {**given, "jokers": any(card in JOKERS for card in parse_order(order))}


def ritual(start: str, jokers: bool, model: str, rng: Rng, history: bool) -> list[list[int]]:
    """The deck before the opening ritual and after each of its shuffles.

    Without ``history`` the list may hold the last deck only.
    """
    if start == "random" and model == "riffle":
        # A random deck riffled stays random: the generator draws the deck the
        # ritual ends with first, then the riffles back from it (RNG v3), and
        # works them out only when they are shown.
        return rng.shuffle_then_riffle(standard_deck(jokers), len(RITUAL), history)
    if start == "new-deck":
        deck = new_deck_order(jokers)
    else:
        deck = standard_deck(jokers)
        rng.shuffle(deck)
    decks = [deck]
    for _face in RITUAL:
        decks.append(shuffle_deck(decks[-1], rng, model))
    return decks


def new_state(
    options: Options, setup: Options, rng: Rng, quiet: bool = False
) -> tuple[State, list[Event]]:
    seats = numbered_seats(options)
    multi = len(seats) > 1
    hands: dict[str, Hand] = {}
    events: list[Event] = []
    order = parse_order(setup["order"]) if setup.get("order") is not None else None
    # Every card a seat has, for check_invariants: the same set for every deal.
    cards = frozenset(order) if order is not None else _DECK_CARDS[bool(options["jokers"])]
    model = options["shuffle"]

    for seat in seats:
        # Each player shuffles with their own stream, so one player's choices
        # never change the other's cards.
        seat_rng = rng.child(rng.next64())
        tagged: dict[str, str] = {"player": seat} if multi else {}
        faces: tuple[str, ...] = RITUAL
        if order is not None:
            start, faces = "order", ()  # no opening ritual: decks holds the one deck
            decks = [list(order)]
        else:
            start = options["start"]
            # Quiet, nobody sees the decks before the last: they may be left out.
            decks = ritual(start, bool(options["jokers"]), model, seat_rng, history=not quiet)
        # Quiet (nobody reads them): the events are built bare, for the count of lines.
        if quiet:
            events.append({"type": "deck_ordered"})
            events.extend({"type": "shuffled"} for _ in faces)
        else:
            events.append(
                {"type": "deck_ordered", **tagged, "start": start, "cards": card_names(decks[0])}
            )
            for face, deck in zip(faces, decks[1:], strict=True):
                events.append(
                    {
                        "type": "shuffled",
                        **tagged,
                        "face": face,
                        "model": model,
                        "cards": card_names(deck),
                    }
                )
        hand = Hand(deck=decks[-1], rng=seat_rng, all_cards=cards)
        hand.start_pass()
        hands[seat] = hand
        events.append(
            {"type": "pass_started"} if quiet else {"type": "pass_started", **tagged, "number": 1}
        )
    return ShuffleManiaState(options, hands, quiet), events


HELP = """\
Shuffle-Mania commands (1-based positions count from the left of the deck):
  remove CARDS       remove one anomaly by its cards:   remove 9c 9d 8d
  remove POSITIONS   or by its positions:               remove 3 4 5 / remove 3-5
  auto [ltr|rtl]     remove everything allowed, scanning left-to-right (default) or right-to-left;
                     each removal says its positions in the deck as it is then ("4-5 of 50":
                     the deck shrinks between removals; the board shows it before the first)
  done               end the pass (a pass that removed nothing ends your game)
  cut [N]            after a pass: N cards from the top go under (random if omitted),
                     then the deck is shuffled once and the next pass begins
Two players: put p1 or p2 before a command to play that seat's deck.
Short forms: rm/r = remove, a = auto, d = done, c = cut."""

GAME = Game(
    name="shuffle-mania",
    summary="solo or two-player: remove adjacent anomalies, cut, shuffle once, repeat",
    options=OPTIONS,
    bots=BOTS,
    new_state=new_state,
    seat_names=numbered_seats,
    rules_file=os.path.join(os.path.dirname(__file__), "RULES.md"),
    help_text=HELP,
    render=lambda state, seat, width: render(state, seat, width or DEFAULT_WIDTH),
    hint=ShuffleManiaState.hint,
    default_bot="greedy",
    describe=describe,
    score_label="cards left",
    milestones=("pass_ended",),
    quiet_events=True,
    score_lower_is_better=True,
    prepare=prepare,
)
