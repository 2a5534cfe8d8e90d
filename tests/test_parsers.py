"""Property tests for the card and command parsers, and the session's input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcli.cards.playing import NAMES, RANKS, SUITS, card_name, parse_card
from cardcli.engine.errors import CommandError
from cardcli.games.shuffle_mania.commands import Auto, Cut, Done, Remove, parse
from tests.conftest import new_session

SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
cards = st.integers(min_value=0, max_value=53)


@given(cards)
def test_every_card_name_parses_back(card: int) -> None:
    assert parse_card(card_name(card)) == card
    assert parse_card(card_name(card).lower()) == card
    assert parse_card(card_name(card).upper()) == card


@given(st.sampled_from(RANKS), st.sampled_from(SUITS))
def test_symbols_ten_as_t_and_any_case(rank: str, suit: str) -> None:
    expected = parse_card(rank + suit)
    assert parse_card(rank + SYMBOLS[suit]) == expected
    if rank == "10":
        assert parse_card("T" + suit) == expected
        assert parse_card("t" + suit.upper()) == expected


def test_card_names_are_the_documented_notation() -> None:
    assert NAMES[:3] == ("Ac", "2c", "3c")
    assert "10h" in NAMES and "Qs" in NAMES and NAMES[-2:] == ("X1", "X2")
    assert len(set(NAMES)) == 54


@given(st.text(max_size=12))
def test_card_parser_raises_only_command_errors(text: str) -> None:
    try:
        card = parse_card(text)
    except CommandError:
        return
    assert 0 <= card <= 53


@given(st.text(max_size=60))
def test_command_parser_raises_only_command_errors(text: str) -> None:
    try:
        command = parse(text)
    except CommandError as err:
        assert str(err)
        return
    assert isinstance(command, Remove | Auto | Done | Cut)


@given(st.lists(cards, min_size=2, max_size=6, unique=True), st.sampled_from(["", "p1 ", "p2 "]))
def test_remove_round_trips_card_lists(chosen: list[int], seat: str) -> None:
    command = parse(seat + "remove " + " ".join(card_name(c) for c in chosen))
    assert isinstance(command, Remove)
    assert list(command.cards) == chosen
    assert command.player == (seat.strip() or None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("remove 3-5", Remove(None, positions=(3, 4, 5))),
        ("rm 5-3", Remove(None, positions=(3, 4, 5))),
        ("REMOVE 9C 9D", Remove(None, cards=(8, 21))),
        ("auto rtl", Auto(None, "rtl")),
        ("a", Auto(None, "ltr")),
        ("p2 done", Done("p2")),
        ("cut", Cut(None, None)),
        ("cut 7", Cut(None, 7)),
    ],
)
def test_command_forms(text: str, expected: object) -> None:
    assert parse(text) == expected


@settings(max_examples=200)
@given(st.text(max_size=80))
def test_any_text_submitted_is_accepted_or_logged_as_rejected(text: str) -> None:
    session, lines = new_session("shuffle-mania", order="9c 9d 8d 2h 5s")
    before = len(lines)
    outcome = session.submit(text)
    assert lines[before]["type"] == ("command" if outcome.accepted else "rejected")
    session.state.check_invariants()
