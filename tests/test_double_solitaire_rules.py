"""Double Solitaire: one test per rule, each on explicit decks (``order``).

The rules are those of the Double Solitaire rules text (an English description
from a Hungarian board-game site, "Double Solitaire társasjáték") as RULES.md
reads them: the set-up, the work piles, the stack, the
shared foundations, going through the deck (draw 3 or 1, closed or open waste),
going out, scoring, the match, ties, being stuck, the logical clock, and the
bots. Every test builds its players' decks card by card and asserts the exact
cards moved or the exact events, so a change of behaviour fails it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardcli.cards.playing import NAMES, card_names
from cardcli.engine.game import get_game
from cardcli.engine.log import Line
from cardcli.engine.loop import run
from cardcli.engine.rng import Rng
from cardcli.engine.session import Session
from cardcli.games.double_solitaire.rules import DoubleSolitaireState

GAME = get_game("double-solitaire")
ALL_CARDS = NAMES[:52]


# -- helpers -------------------------------------------------------------------


def layout(top: str, piles: str, deck: str = "", full: bool = True) -> str:
    """One player's order, written the way a reader thinks of the deal.

    ``top``: the stack's top cards, the face-up top first (the next card to be
    revealed second, ...); the rest of the 13 are spare cards underneath.
    ``piles``: the four work piles w1..w4. ``deck``: the deck's first cards,
    the first turned first. With ``full`` the unused cards follow in the deck
    (52 cards in all); without, the deck is exactly ``deck``.
    """
    on_top, pile_cards, deck_cards = top.split(), piles.split(), deck.split()
    assert len(pile_cards) == 4 and len(on_top) <= 13
    named = set(on_top + pile_cards + deck_cards)
    assert len(named) == len(on_top) + len(pile_cards) + len(deck_cards), "a card twice"
    spare = [name for name in ALL_CARDS if name not in named]
    under = 13 - len(on_top)
    cards = spare[:under] + on_top[::-1] + pile_cards + deck_cards
    if full:
        cards += spare[under:]
    return " ".join(cards)


# A player who can do nothing: no Ace in sight, nothing fits anywhere.
QUIET = layout("9d", "Kd Kh Qh Jh")
# Thirteen clubs: played to the shared area one by one, they take a player out.
CLUBS = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc"


def play(p1: str, p2: str = QUIET, seed: int = 1, **options: Any) -> tuple[Session, list[Line]]:
    """A two-player session on the given orders and the list its log goes to."""
    opts, setup = GAME.resolve_options({"order": f"p1: {p1}; p2: {p2}", **options})
    log: list[Line] = []
    return Session(GAME, opts, setup, seed=seed, sinks=[log.append]), log


def state(session: Session) -> DoubleSolitaireState:
    assert isinstance(session.state, DoubleSolitaireState)
    return session.state


def piles(session: Session, seat: str = "p1") -> list[list[str]]:
    return [card_names(pile) for pile in state(session).areas[seat].piles]


def stack(session: Session, seat: str = "p1") -> list[str]:
    return card_names(state(session).areas[seat].stack)


def deck(session: Session, seat: str = "p1") -> list[str]:
    """The deck in the order it will be turned (the next card first)."""
    return card_names(reversed(state(session).areas[seat].deck))


def waste(session: Session, seat: str = "p1") -> list[str]:
    return card_names(state(session).areas[seat].waste)


def waste_top(session: Session, seat: str = "p1") -> str | None:
    top = state(session).areas[seat].waste_top()
    return None if top is None else NAMES[top]


def foundations(session: Session) -> list[list[tuple[str, str]]]:
    """Each foundation as (owner seat, card) pairs, Ace first."""
    st = state(session)
    return [[(st.names[owner], NAMES[card]) for owner, card in f.cards] for f in st.foundations]


def snapshot(session: Session) -> Any:
    st = state(session)
    areas = {
        name: (list(a.stack), [list(p) for p in a.piles], list(a.deck), list(a.waste), a.waste_up)
        for name, a in st.areas.items()
    }
    return (areas, foundations(session), st.clock, dict(st.totals), st.hand, st.over)


def ok(session: Session, command: str) -> list[Line]:
    out = session.submit(command)
    assert out.accepted, f"{command!r} was rejected: {out.reason}"
    return out.lines


def refused(session: Session, command: str) -> str:
    """Submit a command that must be rejected; check it changed nothing."""
    before = snapshot(session)
    out = session.submit(command)
    assert not out.accepted, f"{command!r} was accepted: {out.lines}"
    assert out.reason
    assert [line["type"] for line in out.lines] == ["rejected"]
    assert snapshot(session) == before
    return out.reason


def of_type(lines: list[Line], kind: str) -> list[Line]:
    return [line for line in lines if line["type"] == kind]


def moved(lines: list[Line]) -> Line:
    found = of_type(lines, "moved")
    assert len(found) == 1, lines
    return found[0]


def flipped(lines: list[Line]) -> list[str]:
    found = of_type(lines, "flipped")
    assert len(found) == 1, lines
    return list(found[0]["cards"])


def types(lines: list[Line]) -> list[str]:
    return [line["type"] for line in lines]


# -- set-up --------------------------------------------------------------------


def test_setup_stack_of_13_top_face_up_four_piles_of_one_35_card_deck() -> None:
    order = layout("9h", "10s 4c 5d 6h", "Ac 2d 3h")
    names = order.split()
    session, log = play(order, draw=3)
    dealt = {line["player"]: line for line in of_type(log, "dealt")}
    assert set(dealt) == {"p1", "p2"}
    assert dealt["p1"]["stack"] == names[:13]
    assert dealt["p1"]["piles"] == [[name] for name in names[13:17]]
    assert dealt["p1"]["deck"] == names[17:]
    for seat in ("p1", "p2"):
        area = state(session).areas[seat]
        assert len(area.stack) == 13
        assert [len(pile) for pile in area.piles] == [1, 1, 1, 1]
        assert len(area.deck) == 35
        assert area.waste == []
        assert state(session).foundations == []
    assert stack(session) == names[:13]
    assert piles(session) == [["10s"], ["4c"], ["5d"], ["6h"]]
    # Only the stack's 13th card is face up: it is the only stack card that plays.
    assert [m for m in state(session).legal_commands("p1") if m.startswith("s ")] == ["s w1"]
    assert moved(ok(session, "p1 s w1"))["cards"] == ["9h"]
    # The deck's first card is turned first.
    assert flipped(ok(session, "p1 f")) == ["Ac", "2d", "3h"]


# -- work piles ----------------------------------------------------------------


def test_work_piles_build_down_in_alternating_colours() -> None:
    session, _ = play(layout("9h 8s", "10s 10h Jd 10c", "9s"), draw=1)
    refused(session, "p1 s w2")  # 9h on 10h: both red
    refused(session, "p1 s w3")  # 9h on Jd: two ranks down
    ok(session, "p1 s w1")  # 9h on 10s
    refused(session, "p1 s w3")  # 8s on Jd
    ok(session, "p1 s w1")  # 8s on 9h
    ok(session, "p1 f")
    assert waste_top(session) == "9s"
    refused(session, "p1 d w4")  # 9s on 10c: both black
    refused(session, "p1 d w1")  # 9s on 8s: up, not down
    ok(session, "p1 d w2")  # 9s on 10h
    assert piles(session) == [["10s", "9h", "8s"], ["10h", "9s"], ["Jd"], ["10c"]]


def test_sequences_move_between_work_piles_with_a_count_onto_an_empty_pile() -> None:
    session, _ = play(layout("9h 8s", "10s 10c Jd 5d"))
    ok(session, "p1 s w1")
    ok(session, "p1 s w1")
    assert piles(session)[0] == ["10s", "9h", "8s"]
    # A whole built sequence moves onto a card one rank higher, of the other colour.
    assert moved(ok(session, "p1 w1 w3"))["cards"] == ["10s", "9h", "8s"]
    assert piles(session) == [[], ["10c"], ["Jd", "10s", "9h", "8s"], ["5d"]]
    # Part of a sequence: only the part whose bottom card fits.
    refused(session, "p1 w3 w2 3")  # 10s on 10c
    refused(session, "p1 w3 w2 1")  # 8s on 10c
    assert moved(ok(session, "p1 w3 w2"))["cards"] == ["9h", "8s"]
    assert piles(session) == [[], ["10c", "9h", "8s"], ["Jd", "10s"], ["5d"]]
    # Onto an empty pile more than one count fits: the command must say how many.
    assert "how many" in refused(session, "p1 w2 w1")
    assert moved(ok(session, "p1 w2 w1 2"))["cards"] == ["9h", "8s"]
    assert piles(session) == [["9h", "8s"], ["10c"], ["Jd", "10s"], ["5d"]]


@pytest.mark.parametrize("target", [1, 2, 3, 4])
def test_stack_card_goes_to_any_work_pile(target: int) -> None:
    others = iter(["Jd", "5d", "3c"])
    pile_cards = [("10s" if j == target else next(others)) for j in range(1, 5)]
    session, _ = play(layout("9h", " ".join(pile_cards)))
    assert moved(ok(session, f"p1 s w{target}"))["cards"] == ["9h"]
    assert piles(session)[target - 1] == ["10s", "9h"]
    assert len(stack(session)) == 12


def test_nothing_moves_onto_the_stack() -> None:
    # 8s and 8c would fit on the stack's 9h if the stack took cards.
    session, _ = play(layout("9h", "8s 10d 4c 5d", "8c"), draw=1)
    assert "stack" in refused(session, "p1 w1 s")
    refused(session, "p1 w1 stack")
    ok(session, "p1 f")
    assert waste_top(session) == "8c"
    refused(session, "p1 d s")
    assert stack(session)[-1] == "9h"
    assert all(not m.endswith((" s", " stack")) for m in state(session).legal_commands("p1"))


def test_next_stack_card_turns_up_when_the_top_leaves() -> None:
    session, _ = play(layout("9h 8s 7d", "10s 4c 5c 6c"))
    event = moved(ok(session, "p1 s w1"))
    assert event["revealed"] == "8s"
    assert stack(session)[-1] == "8s"
    event = moved(ok(session, "p1 s w1"))
    assert event["cards"] == ["8s"]
    assert event["revealed"] == "7d"
    assert moved(ok(session, "p1 s w1"))["cards"] == ["7d"]
    assert piles(session)[0] == ["10s", "9h", "8s", "7d"]
    assert len(stack(session)) == 10


def test_empty_pile_takes_any_card_by_default() -> None:
    session, _ = play(layout("9h", "Ah Ad 10s 4c", "Qd"), draw=1)
    assert state(session).options["empty_pile"] == "any"
    ok(session, "p1 w1 f")
    ok(session, "p1 w2 f")
    assert piles(session)[:2] == [[], []]
    assert "s w1" in state(session).legal_commands("p1")
    ok(session, "p1 s w1")  # 9h from the stack
    ok(session, "p1 f")
    ok(session, "p1 d w2")  # Qd from the deck
    assert piles(session) == [["9h"], ["Qd"], ["10s"], ["4c"]]


def test_empty_pile_takes_only_a_king_with_empty_pile_king() -> None:
    session, _ = play(layout("9h Kc", "Ah 10s 4c 5c", "Qd"), draw=1, empty_pile="king")
    ok(session, "p1 w1 f")
    assert piles(session)[0] == []
    assert "King" in refused(session, "p1 s w1")  # 9h
    ok(session, "p1 s w2")  # 9h on 10s; Kc turns up
    refused(session, "p1 w2 w1 1")  # 9h from a pile
    ok(session, "p1 f")
    assert waste_top(session) == "Qd"
    refused(session, "p1 d w1")  # Qd from the deck
    ok(session, "p1 s w1")  # Kc
    assert piles(session) == [["Kc"], ["10s", "9h"], ["4c"], ["5c"]]


# -- the shared area -----------------------------------------------------------


def test_an_ace_from_stack_pile_or_deck_starts_a_foundation() -> None:
    session, _ = play(layout("Ac", "Ad 10s 4c 5c", "Ah"), draw=1)
    assert moved(ok(session, "p1 s f"))["to"] == "f1"
    assert moved(ok(session, "p1 w1 f"))["to"] == "f2"
    ok(session, "p1 f")
    assert moved(ok(session, "p1 d f"))["to"] == "f3"
    assert foundations(session) == [[("p1", "Ac")], [("p1", "Ad")], [("p1", "Ah")]]


def test_only_an_ace_starts_a_foundation() -> None:
    session, _ = play(layout("2c", "2d Ad 4h 5h", "3s"), draw=1)
    refused(session, "p1 s f")  # 2c: no foundation at all
    refused(session, "p1 s f1")
    refused(session, "p1 w1 f")  # 2d
    ok(session, "p1 f")
    refused(session, "p1 d f")  # 3s
    ok(session, "p1 w2 f")  # Ad
    refused(session, "p1 s f")  # 2c: still no clubs foundation
    ok(session, "p1 w1 f")  # 2d on Ad
    assert foundations(session) == [[("p1", "Ad"), ("p1", "2d")]]


def test_foundations_build_up_by_suit_one_rank_at_a_time_with_cards_of_all_players() -> None:
    p1 = layout("Ah 3h", "2d 10s 4c 5c")
    p2 = layout("9d", "2h 4h Kd Ks")
    session, _ = play(p1, p2)
    ok(session, "p1 s f")  # Ah: f1; 3h turns up
    refused(session, "p1 s f1")  # 3h on Ah skips the 2
    refused(session, "p1 s f")
    refused(session, "p2 w2 f1")  # 4h
    refused(session, "p1 w1 f1")  # 2d: another suit
    refused(session, "p1 w1 f")
    ok(session, "p2 w1 f1")  # p2's 2h on p1's Ah
    ok(session, "p1 s f1")  # 3h
    assert moved(ok(session, "p2 w2 f"))["to"] == "f1"  # 4h
    assert foundations(session) == [[("p1", "Ah"), ("p2", "2h"), ("p1", "3h"), ("p2", "4h")]]


def test_several_foundations_of_one_suit() -> None:
    p1 = layout("Ah", "2h 10s 4c 5c")
    p2 = layout("Ah", "2h 3h Kd Ks")
    session, _ = play(p1, p2)
    assert moved(ok(session, "p1 s f"))["to"] == "f1"
    refused(session, "p2 s f1")  # an Ace does not go on an Ace
    assert moved(ok(session, "p2 s f"))["to"] == "f2"  # a second hearts foundation
    assert moved(ok(session, "p2 w1 f"))["to"] == "f1"  # 2h: the first that takes it
    assert moved(ok(session, "p1 w1 f"))["to"] == "f2"  # p1's 2h: f1 is past it
    assert moved(ok(session, "p2 w2 f2"))["to"] == "f2"  # 3h
    assert foundations(session) == [
        [("p1", "Ah"), ("p2", "2h")],
        [("p2", "Ah"), ("p1", "2h"), ("p2", "3h")],
    ]


# -- going through the deck ----------------------------------------------------


def test_draw_three_turns_two_down_and_the_third_up() -> None:
    session, _ = play(layout("5c", "10s 4h Kd Ks", "Ac Ad 9h 2s 3s Jc"), draw=3)
    assert flipped(ok(session, "p1 f")) == ["Ac", "Ad", "9h"]
    assert waste_top(session) == "9h"
    refused(session, "p1 d f")  # the Aces are face down: only 9h plays
    assert moved(ok(session, "p1 d w1"))["cards"] == ["9h"]
    refused(session, "p1 d f")  # Ad is still face down
    assert flipped(ok(session, "p1 f")) == ["2s", "3s", "Jc"]
    assert waste(session) == ["Ac", "Ad", "2s", "3s", "Jc"]
    assert waste_top(session) == "Jc"


def test_draw_one_turns_one_card_at_a_time() -> None:
    session, _ = play(layout("5c", "10s 4h Kd Ks", "Ac Ad 9h"), draw=1)
    assert flipped(ok(session, "p1 f")) == ["Ac"]
    assert waste_top(session) == "Ac"
    ok(session, "p1 d f")
    assert flipped(ok(session, "p1 f")) == ["Ad"]
    assert flipped(ok(session, "p1 f")) == ["9h"]
    assert moved(ok(session, "p1 d w1"))["cards"] == ["9h"]
    assert foundations(session) == [[("p1", "Ac")]]


def test_draw_takes_three_or_one_and_nothing_between() -> None:
    from cardcli.engine.errors import UsageError

    game = get_game("double-solitaire")
    with pytest.raises(UsageError, match="--draw takes 3, or 1 for the easy mode; got 2"):
        game.resolve_options({"draw": 2})
    options = {opt.name: opt.default for opt in game.options if not opt.setup}
    with pytest.raises(UsageError, match="got 2"):  # nor does a log header say 2
        game.header_options({**options, "draw": 2}, {})
    assert game.resolve_options({"draw": 1})[0]["draw"] == 1


@pytest.mark.parametrize("waste_rule", ["closed", "open"])
def test_only_the_waste_top_plays(waste_rule: str) -> None:
    # Ac is under 9h: face down (closed) or face up but covered (open).
    session, _ = play(layout("5c", "10d 4h Kd Ks", "2d Ac 9h"), draw=3, waste=waste_rule)
    ok(session, "p1 f")
    assert waste(session) == ["2d", "Ac", "9h"]
    assert waste_top(session) == "9h"
    refused(session, "p1 d f")
    refused(session, "p1 d w1")  # 9h on 10d: the top is tried, and it does not fit
    plays_from_deck = [m for m in state(session).legal_commands("p1") if m.startswith("d ")]
    assert plays_from_deck == []


def test_closed_waste_previous_card_no_longer_plays_after_the_next_flip() -> None:
    session, _ = play(layout("5c", "10s 4h Kd Ks", "Ac 9h"), draw=1, waste="closed")
    ok(session, "p1 f")
    assert waste_top(session) == "Ac"
    ok(session, "p1 f")  # Ac is turned back face down
    assert waste_top(session) == "9h"
    refused(session, "p1 d f")
    ok(session, "p1 d w1")  # 9h played: what is under it stays face down
    assert waste(session) == ["Ac"]
    assert waste_top(session) is None
    assert "no face-up card" in refused(session, "p1 d f")


def test_open_waste_playing_the_top_uncovers_the_next() -> None:
    session, _ = play(layout("5c", "10s 4h Kd Ks", "Ad Ac 9h"), draw=3, waste="open")
    ok(session, "p1 f")
    ok(session, "p1 d w1")  # 9h
    assert waste_top(session) == "Ac"
    ok(session, "p1 d f")
    assert waste_top(session) == "Ad"
    ok(session, "p1 d f")
    assert waste(session) == []
    assert foundations(session) == [[("p1", "Ac")], [("p1", "Ad")]]


@pytest.mark.parametrize(
    ("deck_cards", "groups"),
    [
        # The last card first of a group of three...
        ("3s 4s 5s Ac", [["3s", "4s", "5s"], ["Ac"]]),
        # ... or second.
        ("3s 4s 5s 6s Ac", [["3s", "4s", "5s"], ["6s", "Ac"]]),
    ],
)
@pytest.mark.parametrize("waste_rule", ["closed", "open"])
def test_last_card_of_the_deck_always_turns_face_up(
    deck_cards: str, groups: list[list[str]], waste_rule: str
) -> None:
    p1 = layout("5c", "10h 4h Kd Ks", deck_cards, full=False)
    session, _ = play(p1, draw=3, waste=waste_rule)
    for group in groups:
        assert flipped(ok(session, "p1 f")) == group
    assert deck(session) == []
    assert waste_top(session) == "Ac"
    assert moved(ok(session, "p1 d f"))["cards"] == ["Ac"]


def test_last_card_of_a_full_35_card_deck_turns_face_up() -> None:
    order = layout("5c", "10h 4h Kd Ks")
    session, _ = play(order, draw=3)
    last = order.split()[-1]
    for _ in range(11):
        assert len(flipped(ok(session, "p1 f"))) == 3
    final = flipped(ok(session, "p1 f"))
    assert final == order.split()[-2:]  # 35 = 11 x 3 + 2
    assert deck(session) == []
    assert waste_top(session) == last


@pytest.mark.parametrize(
    ("waste_rule", "second_pass"),
    [
        # Face down, the waste is picked up as it lies: the last card turned comes first.
        ("closed", [["6s", "5s", "4s"], ["3s"]]),
        # Face up, it is turned over: the same order again.
        ("open", [["3s", "4s", "5s"], ["6s"]]),
    ],
)
def test_picking_up_the_waste_when_the_deck_is_empty(
    waste_rule: str, second_pass: list[list[str]]
) -> None:
    p1 = layout("5c", "10h 4h Kd Ks", "3s 4s 5s 6s", full=False)
    session, _ = play(p1, draw=3, waste=waste_rule)
    assert flipped(ok(session, "p1 f")) == ["3s", "4s", "5s"]
    assert flipped(ok(session, "p1 f")) == ["6s"]
    lines = ok(session, "p1 f")
    assert types(lines) == ["command", "picked_up", "flipped"]
    assert of_type(lines, "picked_up")[0]["cards"] == 4
    assert flipped(lines) == second_pass[0]
    assert flipped(ok(session, "p1 f")) == second_pass[1]
    assert deck(session) == []


# -- the end of a hand ---------------------------------------------------------


def club_race(**options: Any) -> tuple[Session, list[Line]]:
    """p1 goes out with 13 clubs and p1's 3d; p2 has its Ad and 2d in the shared area.

    Returns the session and the lines of p1's last command.
    """
    p1 = layout(CLUBS, "3d 5h 6h 7h")
    p2 = layout("Ad 9s", "2d Kh Qh Jh")
    session, _ = play(p1, p2, **options)
    ok(session, "p2 s f")  # Ad: f1
    ok(session, "p1 s f")  # Ac: f2
    ok(session, "p2 w1 f")  # 2d on f1
    ok(session, "p1 w1 f")  # p1's 3d on f1
    for _ in range(11):
        ok(session, "p1 s f")  # 2c .. Qc
    assert stack(session) == ["Kc"]
    return session, ok(session, "p1 s f")


def test_shared_cards_are_counted_per_owner_at_the_end_of_the_hand() -> None:
    _, lines = club_race()
    (hand_over,) = of_type(lines, "hand_over")
    assert hand_over["shared"] == {"p1": 14, "p2": 2}
    assert hand_over["stack_left"] == {"p1": 0, "p2": 12}


def test_going_out_ends_the_hand_at_once() -> None:
    session, lines = club_race()
    assert types(lines) == [
        "command",
        "moved",
        "out",
        "hand_over",
        "hand_started",
        "dealt",
        "dealt",
    ]
    assert "revealed" not in moved(lines)
    assert of_type(lines, "out")[0]["player"] == "p1"
    assert of_type(lines, "hand_over")[0]["blocked"] is False
    assert of_type(lines, "hand_started")[0]["hand"] == 2
    st = state(session)
    assert st.hand == 2 and not session.over
    assert st.foundations == []
    assert [len(st.areas[seat].stack) for seat in ("p1", "p2")] == [13, 13]


@pytest.mark.parametrize(("penalty", "p2_score"), [(1, 2 - 12), (2, 2 - 2 * 12)])
def test_hand_score_is_shared_cards_minus_penalty_times_stack_cards(
    penalty: int, p2_score: int
) -> None:
    session, lines = club_race(stack_penalty=penalty)
    (hand_over,) = of_type(lines, "hand_over")
    assert hand_over["scores"] == {"p1": 14, "p2": p2_score}
    assert hand_over["totals"] == {"p1": 14, "p2": p2_score}
    assert state(session).totals == {"p1": 14, "p2": p2_score}
    assert state(session).hand_scores == [{"p1": 14, "p2": p2_score}]


def shared_race(p2_stack_plays: int, **options: Any) -> tuple[Session, list[Line]]:
    """p1 goes out with 13 clubs (13 points); p2 plays ``p2_stack_plays`` diamonds
    from its stack and its four piles (Ah 2h As 2s) to the shared area first.

    Returns the session and the lines of p1's last command.
    """
    p1 = layout(CLUBS, "5h 6h 7h 8h")
    p2 = layout("Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd", "Ah 2h As 2s")
    session, _ = play(p1, p2, **options)
    for _ in range(p2_stack_plays):
        ok(session, "p2 s f")
    for pile in range(1, 5):
        ok(session, f"p2 w{pile} f")
    for _ in range(12):
        ok(session, "p1 s f")
    assert not session.over  # the match ends only at the end of a hand
    return session, ok(session, "p1 s f")


@pytest.mark.parametrize(("target", "over"), [(13, True), (14, False)])
def test_the_match_ends_at_the_end_of_a_hand_that_reaches_the_target(
    target: int, over: bool
) -> None:
    # p1 scores 13; p2 plays 10 diamonds and 4 pile cards: 14 - 3 = 11.
    session, lines = shared_race(10, target=target)
    assert of_type(lines, "hand_over")[0]["totals"] == {"p1": 13, "p2": 11}
    assert session.over is over
    if over:
        assert types(lines)[-1] == "game_over"
        assert lines[-1]["result"]["winners"] == ["p1"]
        assert lines[-1]["result"]["tie"] is False
    else:
        assert of_type(lines, "hand_started")[0]["hand"] == 2
        assert of_type(lines, "game_over") == []


def test_highest_total_wins_the_match_not_the_player_who_went_out() -> None:
    # p1 goes out with 13; p2 plays 12 diamonds and 4 pile cards: 16 - 1 = 15.
    session, lines = shared_race(12, target=13)
    assert session.over
    result = lines[-1]["result"]
    assert result["scores"] == {"p1": 13, "p2": 15}
    assert result["winners"] == ["p2"]
    assert result["tie"] is False
    assert state(session).result() == result


def test_ties_play_on_gives_another_hand() -> None:
    # p1 goes out with 13; p2 plays 11 diamonds and 4 pile cards: 15 - 2 = 13.
    session, lines = shared_race(11, target=13, ties="play-on")
    assert of_type(lines, "hand_over")[0]["totals"] == {"p1": 13, "p2": 13}
    assert not session.over
    (tie_break,) = of_type(lines, "tie_break")
    assert tie_break["leaders"] == ["p1", "p2"]
    assert types(lines)[-4:] == ["tie_break", "hand_started", "dealt", "dealt"]
    assert state(session).hand == 2


def test_ties_share_ends_the_match_with_both_winners() -> None:
    session, lines = shared_race(11, target=13, ties="share")
    assert session.over
    assert types(lines)[-2:] == ["hand_over", "game_over"]
    result = lines[-1]["result"]
    assert result["winners"] == ["p1", "p2"]
    assert result["tie"] is True
    assert result["scores"] == {"p1": 13, "p2": 13}


# -- being stuck ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("waste_rule", "p1_turned", "p1_deck", "p2_turned", "p2_deck"),
    [
        # Closed: the waste comes back reversed, and its new top goes to the bottom.
        ("closed", "7s", ["6s", "5s", "4s", "3s", "7s"], "6c", ["5c", "4c", "3c", "6c"]),
        # Open: the waste comes back in order, and its first card goes to the bottom.
        ("open", "3s", ["4s", "5s", "6s", "7s", "3s"], "3c", ["4c", "5c", "6c", "3c"]),
    ],
)
def test_when_nobody_plays_for_a_pass_through_every_deck_each_deck_turns_one_card(
    waste_rule: str, p1_turned: str, p1_deck: list[str], p2_turned: str, p2_deck: list[str]
) -> None:
    p1 = layout("9d", "Kd Kh Qh Jh", "3s 4s 5s 6s 7s", full=False)
    p2 = layout("9d", "Kd Kh Qh Jh", "3c 4c 5c 6c", full=False)
    session, _ = play(p1, p2, draw=3, waste=waste_rule)
    ok(session, "p1 f")
    ok(session, "p1 f")  # p1 has seen all five cards
    ok(session, "p2 f")
    # p2 sees its last card: everybody is through, but that card still gets its chance.
    assert of_type(ok(session, "p2 f"), "stuck") == []
    lines = ok(session, "p1 f")  # the next turn of a card finds everybody stuck
    assert types(lines) == ["command", "stuck", "flipped"]
    (stuck,) = of_type(lines, "stuck")
    assert stuck["turned"] == {"p1": p1_turned, "p2": p2_turned}
    assert flipped(lines) == p1_deck[:3]
    assert deck(session, "p1") == p1_deck[3:]
    assert deck(session, "p2") == p2_deck
    assert waste(session, "p2") == []


def test_a_play_restarts_the_pass_through_every_deck() -> None:
    p1 = layout("9d", "Kd Kh Qh Jh", "3s 4s", full=False)
    p2 = layout("9h", "10s Kh Qh Jh", "3c 4c", full=False)
    session, _ = play(p1, p2, draw=3)
    ok(session, "p1 f")  # p1 has seen its whole deck
    ok(session, "p2 s w1")  # p2 plays 9h on 10s
    assert of_type(ok(session, "p2 f"), "stuck") == []  # p1 must look again
    assert of_type(ok(session, "p2 pass"), "stuck") == []
    assert types(ok(session, "p1 f")) == ["command", "picked_up", "flipped"]
    assert types(ok(session, "p1 f"))[:2] == ["command", "stuck"]


def test_a_blocked_hand_ends_when_no_deck_has_two_cards() -> None:
    p1 = layout("9d", "Kd Kh Qh Jh", "3s", full=False)  # a deck of one card
    p2 = layout("9d", "Kd Kh Qh Jh", full=False)  # no deck at all
    session, _ = play(p1, p2)
    assert of_type(ok(session, "p2 pass"), "stuck") == []  # p1 has not looked yet
    assert types(ok(session, "p1 f")) == ["command", "flipped"]  # 3s gets its chance
    lines = ok(session, "p1 f")
    assert types(lines) == [
        "command",
        "stuck",
        "hand_over",
        "hand_started",
        "dealt",
        "dealt",
    ]
    (hand_over,) = of_type(lines, "hand_over")
    assert hand_over["blocked"] is True
    assert hand_over["scores"] == {"p1": -13, "p2": -13}
    assert state(session).hand == 2


def test_an_empty_deck_counts_as_looked_through_only_after_a_pass() -> None:
    # p1 has nothing left to turn and passes; p2 has no deck either but an Ace
    # on its stack and has not passed: nobody is stuck yet.
    p1 = layout("9d", "Kd Kh Qh Jh", full=False)
    p2 = layout("Ad", "Kd Kh Qh Jh", full=False)
    session, _ = play(p1, p2)
    assert of_type(ok(session, "p1 pass"), "stuck") == []
    assert moved(ok(session, "p2 s f"))["to"] == "f1"


def test_a_hand_in_which_nobody_can_ever_play_ends_blocked() -> None:
    p1 = layout("9d", "Kd Kh Qh Jh", "3s 4s 5s", full=False)
    p2 = layout("9d", "Kd Kh Qh Jh", "3c 4c 5c", full=False)
    session, log = play(p1, p2)
    for _ in range(500):
        ok(session, "p1 pass")
        ok(session, "p2 pass")
        if state(session).hand > 1:
            break
    (hand_over,) = of_type(log, "hand_over")
    assert hand_over["blocked"] is True
    assert hand_over["hand"] == 1
    stuck = of_type(log, "stuck")
    assert stuck and all(line["turned"] for line in stuck)


# -- the clock -----------------------------------------------------------------


def test_a_command_timed_before_the_clock_is_rejected() -> None:
    session, _ = play(layout("9h", "10s 4c 5c 6c"), draw=1)
    ok(session, "@100 p1 f")
    assert state(session).clock == 100
    assert "too late" in refused(session, "@99 p2 f")
    ok(session, "@100 p2 f")  # the same time is fine
    ok(session, "p1 s w1")  # no time: at the clock
    assert state(session).clock == 100
    ok(session, "@250 p2 pass")
    assert state(session).clock == 250
    refused(session, "@100 p1 f")


def test_too_late_when_another_player_reached_the_foundation_first() -> None:
    p1 = layout("Ah", "2h 10s 4c 5c")
    p2 = layout("9d", "2h Kd Ks Qd")
    session, _ = play(p1, p2)
    ok(session, "@10 p1 s f")
    ok(session, "@20 p2 w1 f")  # p2's 2h gets there first
    assert "too late" in refused(session, "@25 p1 w1 f")
    assert "too late" in refused(session, "@25 p1 w1 f1")
    assert foundations(session) == [[("p1", "Ah"), ("p2", "2h")]]
    assert piles(session, "p1")[0] == ["2h"]


# -- determinism and bots ------------------------------------------------------


def bot_match(seed: int, seats: dict[str, str], **options: Any) -> tuple[Session, list[Line]]:
    opts, setup = GAME.resolve_options(dict(options))
    log: list[Line] = []
    session = Session(GAME, opts, setup, seed=seed, seats=seats, sinks=[log.append])
    run(session, lambda seat: None)
    return session, log


def test_same_seed_gives_the_same_log() -> None:
    seats = {"p1": "hard", "p2": "medium"}
    _, first = bot_match(3, seats, target=30)
    _, again = bot_match(3, seats, target=30)
    _, other = bot_match(4, seats, target=30)
    assert first == again
    assert first[-1]["type"] == "game_over"
    assert first != other


@pytest.mark.parametrize("players", [2, 3])
def test_hard_bots_at_every_seat_play_a_match_to_its_end(players: int) -> None:
    seats = {f"p{i}": "hard" for i in range(1, players + 1)}
    session, log = bot_match(7, seats, players=players)
    assert session.over
    assert log[-1]["type"] == "game_over"
    assert len(of_type(log, "game_over")) == 1
    result = log[-1]["result"]
    assert max(result["scores"].values()) >= 100
    best = max(result["scores"].values())
    assert result["winners"] == [s for s, total in result["scores"].items() if total == best]
    state(session).check_invariants()


def test_hard_bot_beats_easy_bot_clearly_more_often() -> None:
    matches = 30
    hard_wins = 0
    for seed in range(matches):
        seats = {"p1": "hard", "p2": "easy"} if seed % 2 == 0 else {"p1": "easy", "p2": "hard"}
        session, _ = bot_match(seed, seats, target=20)
        result = state(session).result()
        if not result["tie"] and seats[result["winners"][0]] == "hard":
            hard_wins += 1
    assert hard_wins >= 24, f"hard won only {hard_wins} of {matches}"


# -- legal commands ------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"waste": "open", "draw": 1, "empty_pile": "king"},
        {"players": 3, "stack_penalty": 2},
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_listed_command_is_accepted(options: dict[str, Any], seed: int) -> None:
    opts, setup = GAME.resolve_options({"target": 40, **options})
    session = Session(GAME, opts, setup, seed=seed)
    seats = state(session).names
    chooser = Rng(seed)
    checked = 0
    for step in range(400):
        if session.over:
            break
        time = step * 10
        if step % 25 == 0:
            for seat in seats:
                for command in state(session).legal_commands(seat):
                    trial = copy.deepcopy(session)
                    out = trial.submit(f"@{time} {seat} {command}")
                    assert out.accepted, (seat, command, out.reason)
                    checked += 1
        seat = seats[step % len(seats)]
        listed = state(session).legal_commands(seat)
        plays = [m for m in listed if m not in ("f", "pass")]
        if plays and chooser.below(10) < 7:
            command = chooser.choice(plays)
        else:
            command = "f" if "f" in listed else "pass"
        ok(session, f"@{time} {seat} {command}")
    assert checked > 50


def test_an_ace_may_name_the_number_of_the_new_foundation() -> None:
    p1 = layout("Ah", "As Kh Qh Jh", full=False)
    session, _ = play(p1)
    assert moved(ok(session, "p1 s f1"))["to"] == "f1"
    assert "new foundation" in refused(session, "p1 w1 f1")
    assert moved(ok(session, "p1 w1 f2"))["to"] == "f2"


P2_ORDER = "p2: 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd 5s Ks Qh 2s Js 3h"


def _cli(order: str, stdin: str, *seats: str) -> Any:
    from click.testing import CliRunner

    from cardcli.cli import cli

    args = ["play", "double-solitaire", "--seed", "1", "--clock", "step", "--order", order]
    for seat in seats:
        args += ["--seat", seat]
    return CliRunner().invoke(cli, args, input=stdin)


def test_hint_suggests_a_legal_command_when_the_hard_bot_would_wait() -> None:
    # A one-card deck turned through three times: the hard bot waits, f and pass are legal.
    order = f"p1: 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc 9h 9s Qd Kd 3d 5h; {P2_ORDER}"
    result = _cli(order, "p1 f\np1 f\np1 f\np1 hint\np1 moves\n", "p1=human", "p2=human")
    assert "no legal commands" not in result.stderr
    said = result.stderr.splitlines()
    assert said[said.index("f | pass") - 1] == "f"


def test_the_step_clock_stops_at_the_latest_time_a_line_may_give() -> None:
    order = "p1: 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ah Kd Qs 2h Jh 3s 3h Ad; " + P2_ORDER
    result = _cli(order, "@999999999000 p1 s f\np1 f\np1 f\n", "p2=hard")
    assert "rejected" not in result.stderr and "is not a time" not in result.stderr
    from cardcli.engine.loop import MAX_STEP_TIME
    from cardcli.games.double_solitaire.commands import MAX_TIME

    assert MAX_STEP_TIME == MAX_TIME
