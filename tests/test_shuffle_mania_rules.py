"""Shuffle-Mania: one test per rule, each on an explicit deck (``--order``).

The rules are those of Adam's "Shuffle-Mania!" text (2000) as RULES.md reads
them (Hard, Medium, Easy, the pass flow, winning, the
set-up ritual, determinism and the shuffle models). Every test asserts the
exact cards left or the exact events, so a change of behaviour fails it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcli.cards.playing import NAMES, card_names
from cardcli.engine.errors import UsageError
from cardcli.engine.game import get_game
from cardcli.engine.log import Line
from cardcli.engine.loop import run
from cardcli.engine.rng import RNG_V2, RNG_V3, Rng
from cardcli.engine.session import Session
from cardcli.games.shuffle_mania.rules import Hand, ShuffleManiaState

GAME = get_game("shuffle-mania")
LEVELS = ("hard", "medium", "easy")


# -- helpers -------------------------------------------------------------------


def play(
    order: str | None = None, level: str = "hard", seed: int = 1, **options: object
) -> tuple[Session, list[Line]]:
    """A session on ``order`` (None: no --order) and the list its log goes to."""
    given_options: dict[str, object] = {"level": level, **options}
    if order is not None:
        given_options["order"] = order
    opts, setup = GAME.resolve_options(given_options)
    log: list[Line] = []
    return Session(GAME, opts, setup, seed=seed, sinks=[log.append]), log


def hands(session: Session) -> dict[str, Hand]:
    state = session.state
    assert isinstance(state, ShuffleManiaState)
    return state.hands


def deck(session: Session, seat: str = "p1") -> list[str]:
    return card_names(hands(session)[seat].deck)


def ok(session: Session, command: str) -> list[Line]:
    out = session.submit(command)
    assert out.accepted, f"{command!r} was rejected: {out.reason}"
    return out.lines


def refused(session: Session, command: str) -> str:
    """Submit a command that must be rejected; check it changed nothing."""
    seats = hands(session)
    before = {seat: (list(h.deck), list(h.removed), h.phase, h.passes) for seat, h in seats.items()}
    out = session.submit(command)
    assert not out.accepted, f"{command!r} was accepted: {out.lines}"
    assert out.reason
    assert [line["type"] for line in out.lines] == ["rejected"]
    after = {seat: (list(h.deck), list(h.removed), h.phase, h.passes) for seat, h in seats.items()}
    assert after == before
    return out.reason


def removes(level: str, order: str, command: str, left: list[str]) -> Line:
    """On a fresh deck, ``command`` is accepted and leaves exactly ``left``."""
    session, _ = play(order, level)
    lines = ok(session, command)
    assert deck(session) == left
    removed = [line for line in lines if line["type"] == "removed"]
    assert len(removed) == 1
    gone = [card for card in order.split() if card not in left]
    assert removed[0]["cards"] == gone
    assert removed[0]["cards_left"] == len(left)
    return removed[0]


def rejects(level: str, order: str, command: str) -> str:
    session, _ = play(order, level)
    return refused(session, command)


def removal_commands(session: Session, seat: str = "p1") -> list[str]:
    return [m for m in session.state.legal_commands(seat) if m.startswith("remove")]


def assert_nothing_removable(session: Session, seat: str = "p1") -> None:
    """Every block of two or more neighbouring cards is refused."""
    size = len(hands(session)[seat].deck)
    assert removal_commands(session, seat) == []
    for i in range(1, size + 1):
        for j in range(i + 1, size + 1):
            refused(session, f"remove {i}-{j}")


def event_types(lines: list[Line]) -> list[str]:
    return [line["type"] for line in lines]


# Nine and ten cards with no anomaly at any level (no pair of equal or
# consecutive ranks next to each other, no sandwich, no joker).
NINE_PLAIN = "Ac 3d 5h 7s 9c Jd Kh 2s 4c"
TEN_PLAIN = NINE_PLAIN + " 6d"


# -- Hard ----------------------------------------------------------------------

# (order, command, cards left): removals allowed on Hard, hence on every level.
HARD_REMOVALS = [
    ("5h 9c 9d 2s", "remove 9c 9d", ["5h", "2s"]),
    ("5h 9c 9d 9h 2s", "remove 9c 9d 9h", ["5h", "2s"]),
    ("9c 9d 9h 9s", "remove 9c 9d 9h 9s", []),
    ("Jc 4d 5d Ks", "remove 4d 5d", ["Jc", "Ks"]),
    ("Jc 6d 5d 4d Ks", "remove 6d 5d 4d", ["Jc", "Ks"]),
    ("7c Kh Ah 2h 9s", "remove Kh Ah 2h", ["7c", "9s"]),
    ("9c 9d 8d", "remove 9c 9d 8d", []),
    ("X1 X2 5c", "remove X1 X2", ["5c"]),
]


@pytest.mark.parametrize(
    ("order", "command", "left"),
    [
        ("5h 9c 9d 2s", "remove 9c 9d", ["5h", "2s"]),
        ("5h 9c 9d 2s", "remove 9d 9c", ["5h", "2s"]),  # the order named does not matter
        ("5h 9c 9d 9h 2s", "remove 9c 9d 9h", ["5h", "2s"]),
        ("9c 9d 9h 9s", "remove 9c 9d 9h 9s", []),
    ],
)
def test_hard_two_of_a_kind(order: str, command: str, left: list[str]) -> None:
    event = removes("hard", order, command, left)
    assert event["patterns"] == ["two-of-a-kind"]


def test_hard_two_of_a_kind_needs_neighbours() -> None:
    rejects("hard", "9c 5h 9d", "remove 9c 9d")
    rejects("hard", "9c 5h 9d", "remove 9c 5h 9d")
    rejects("hard", "9c 5h 9d", "remove 9c 5h")


@pytest.mark.parametrize(
    ("order", "command", "left"),
    [
        ("Jc 4d 5d Ks", "remove 4d 5d", ["Jc", "Ks"]),
        ("Jc 5d 4d Ks", "remove 5d 4d", ["Jc", "Ks"]),
        ("Jc 6d 5d 4d Ks", "remove 6d 5d 4d", ["Jc", "Ks"]),
        ("Jc 4s 5s 6s 7s Kd", "remove 2-5", ["Jc", "Kd"]),
    ],
)
def test_hard_run_same_suit_either_direction(order: str, command: str, left: list[str]) -> None:
    event = removes("hard", order, command, left)
    assert event["patterns"] == ["run"]


def test_hard_run_needs_consecutive_ranks() -> None:
    rejects("hard", "4d 6d", "remove 4d 6d")
    rejects("hard", "4d 5d 7d", "remove 4d 5d 7d")
    rejects("hard", "Kh 2h", "remove Kh 2h")


@pytest.mark.parametrize(
    ("order", "command", "left"),
    [
        ("7c Kh Ah 2h 9s", "remove Kh Ah 2h", ["7c", "9s"]),
        ("7c Kh Ah 9s", "remove Kh Ah", ["7c", "9s"]),
        ("7c Ah Kh 9s", "remove Ah Kh", ["7c", "9s"]),
        ("7c Ah 2h 9s", "remove Ah 2h", ["7c", "9s"]),
        ("Qs Ks As 2s 3s", "remove 1-5", []),
    ],
)
def test_hard_ace_is_next_to_king_and_two(order: str, command: str, left: list[str]) -> None:
    removes("hard", order, command, left)


def test_hard_no_runs_across_suits() -> None:
    rejects("hard", "4d 5c", "remove 4d 5c")
    rejects("hard", "Kh As", "remove Kh As")
    # 4d-5d is a run, but 6c does not continue it.
    rejects("hard", "4d 5d 6c", "remove 4d 5d 6c")
    removes("hard", "4d 5d 6c", "remove 4d 5d", ["6c"])


def test_hard_double_anomaly_removed_together() -> None:
    event = removes("hard", "9c 9d 8d", "remove 9c 9d 8d", [])
    assert event["patterns"] == ["run", "two-of-a-kind"]
    assert event["positions"] == [1, 2, 3]
    # The same block named by positions.
    removes("hard", "2s 9c 9d 8d 5h", "remove 2-4", ["2s", "5h"])
    removes("hard", "2s 9c 9d 8d 5h", "remove 2 3 4", ["2s", "5h"])


def test_part_of_a_chain_may_be_removed_alone() -> None:
    removes("hard", "9c 9d 8d", "remove 9c 9d", ["8d"])
    removes("hard", "9c 9d 8d", "remove 9d 8d", ["9c"])
    removes("hard", "Qs Ks As 2s 3s", "remove Ks As", ["Qs", "2s", "3s"])
    # What is left of the chain is still an original neighbour pair: removable.
    session, _ = play("9c 9d 9h 8h", "hard")
    ok(session, "remove 9c 9d")
    ok(session, "remove 9h 8h")
    assert deck(session) == []


@pytest.mark.parametrize("level", LEVELS)
def test_touching_separate_anomalies_are_not_one_removal(level: str) -> None:
    rejects(level, "9c 9d 5h 5s", "remove 9c 9d 5h 5s")
    rejects(level, "9c 9d 5h 5s", "remove 1-4")
    rejects(level, "9c 9d 5h 5s", "remove 9d 5h")
    removes(level, "9c 9d 5h 5s", "remove 9c 9d", ["5h", "5s"])
    removes(level, "9c 9d 5h 5s", "remove 5h 5s", ["9c", "9d"])


def test_hard_no_inner_outer() -> None:
    session, _ = play("3d 7c 7h 4d", "hard")
    ok(session, "remove 7c 7h")
    assert deck(session) == ["3d", "4d"]
    reason = refused(session, "remove 3d 4d")
    assert "inner-outer" in reason
    assert session.state.legal_commands("p1") == ["done"]
    for direction in ("ltr", "rtl"):  # auto finds nothing to take either
        assert event_types(ok(session, f"auto {direction}")) == ["command"]
        assert deck(session) == ["3d", "4d"]
    # The next pass: after the cut and the one shuffle a two-card deck keeps
    # its two cards as neighbours, and they may go now.
    ok(session, "done")
    ok(session, "cut 1")
    assert sorted(deck(session)) == ["3d", "4d"]
    assert len(removal_commands(session)) == 1
    ok(session, "remove 3d 4d")
    assert deck(session) == []


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_hard_auto_makes_no_inner_outer(direction: str) -> None:
    session, _ = play("3d 7c 7h 4d", "hard")
    ok(session, f"auto {direction}")
    assert deck(session) == ["3d", "4d"]


def test_hard_no_inner_outer_but_original_pairs_still_count() -> None:
    # 4d-5d were neighbours when the pass began; 3d-4d were not.
    session, _ = play("3d 7c 7h 4d 5d", "hard")
    ok(session, "remove 7c 7h")
    assert removal_commands(session) == ["remove 4d 5d"]
    refused(session, "remove 3d 4d 5d")
    refused(session, "remove 3d 4d")
    ok(session, "remove 4d 5d")
    assert deck(session) == ["3d"]


def test_hard_inner_outer_pair_allowed_next_pass_only_if_still_neighbours() -> None:
    seen = set()
    for seed in range(1, 40):
        session, _ = play("3d 7c 7h 4d Ks", "hard", seed=seed)
        ok(session, "remove 7c 7h")
        ok(session, "done")
        ok(session, "cut 1")
        cards = deck(session)
        assert sorted(cards) == ["3d", "4d", "Ks"]
        together = abs(cards.index("3d") - cards.index("4d")) == 1
        seen.add(together)
        if together:
            assert len(removal_commands(session)) == 1
            ok(session, "remove 3d 4d")
            assert deck(session) == ["Ks"]
        else:
            assert removal_commands(session) == []
            refused(session, "remove 3d Ks 4d")
    assert seen == {True, False}


def test_hard_jokers_only_as_a_pair() -> None:
    event = removes("hard", "5c X1 X2 9h", "remove X1 X2", ["5c", "9h"])
    assert event["patterns"] == ["two-of-a-kind"]
    removes("hard", "5c X2 X1 9h", "remove X2 X1", ["5c", "9h"])
    rejects("hard", "5d X1", "remove 5d X1")
    rejects("hard", "X1 5d", "remove X1 5d")
    # Not with a card even next to an anomaly.
    rejects("hard", "9c 9d X1", "remove 9c 9d X1")
    rejects("hard", "X1 9c 9d", "remove X1 9c 9d")
    removes("hard", "X1 9c 9d", "remove 9c 9d", ["X1"])
    rejects("hard", "X1 X2 5c", "remove X1 X2 5c")


def test_hard_rejects_sandwich_and_double_sandwich() -> None:
    rejects("hard", "Qc 5d Qh", "remove Qc 5d Qh")
    rejects("hard", "10d 2h Jd 2c", "remove 10d 2h Jd 2c")
    session, _ = play("10d 2h Jd 2c", "hard")
    assert session.state.legal_commands("p1") == ["done"]


# -- Medium --------------------------------------------------------------------


@pytest.mark.parametrize("level", ["medium", "easy"])
@pytest.mark.parametrize(("order", "command", "left"), HARD_REMOVALS)
def test_medium_and_easy_include_every_hard_anomaly(
    level: str, order: str, command: str, left: list[str]
) -> None:
    removes(level, order, command, left)


@pytest.mark.parametrize("level", ["medium", "easy"])
def test_medium_double_sandwich(level: str) -> None:
    event = removes(level, "10d 2h Jd 2c", "remove 10d 2h Jd 2c", [])
    assert "double-sandwich" in event["patterns"]
    removes(level, "5s 10d 2h Jd 2c 8c", "remove 10d 2h Jd 2c", ["5s", "8c"])
    removes(level, "5s 2h 10d 2c Jd 8c", "remove 2-5", ["5s", "8c"])


def test_medium_double_sandwich_needs_all_four() -> None:
    rejects("medium", "10d 2h Jd 2c", "remove 10d 2h Jd")
    rejects("medium", "10d 2h Jd 2c", "remove 2h Jd 2c")
    # Only one of the two outer pairs is an anomaly.
    rejects("medium", "10d 2h Jd 5c", "remove 10d 2h Jd 5c")


@pytest.mark.parametrize("level", ["medium", "easy"])
def test_medium_inner_outer_allowed(level: str) -> None:
    session, _ = play("3d 7c 7h 4d", level)
    ok(session, "remove 7c 7h")
    assert deck(session) == ["3d", "4d"]
    assert removal_commands(session) == ["remove 3d 4d"]
    ok(session, "remove 3d 4d")
    assert deck(session) == []
    assert hands(session)["p1"].passes == 1


@pytest.mark.parametrize("level", ["medium", "easy"])
def test_medium_pair_of_jokers(level: str) -> None:
    removes(level, "5c X1 X2 9h", "remove X1 X2", ["5c", "9h"])


@pytest.mark.parametrize("level", ["medium", "easy"])
@pytest.mark.parametrize(
    ("order", "command", "left"),
    [
        ("9c 9d X1", "remove 9c 9d X1", []),
        ("X1 9c 9d", "remove X1 9c 9d", []),
        ("5s 9c 9d X2 2h", "remove 9c 9d X2", ["5s", "2h"]),
        ("5s 4d 5d X1 Kc", "remove 2-4", ["5s", "Kc"]),
    ],
)
def test_medium_joker_goes_with_neighbouring_anomaly(
    level: str, order: str, command: str, left: list[str]
) -> None:
    removes(level, order, command, left)


def test_medium_joker_follows_on_medium_log_pattern() -> None:
    event = removes("medium", "9c 9d X1", "remove 9c 9d X1", [])
    assert event["patterns"] == ["joker-follows", "two-of-a-kind"]


def test_medium_lone_joker_next_to_non_anomaly_not_removable() -> None:
    rejects("medium", "5d X1", "remove 5d X1")
    rejects("medium", "X1 5d", "remove X1 5d")
    rejects("medium", "5d X1 9c", "remove 5d X1 9c")
    rejects("medium", "5d X1 9c", "remove X1 9c")
    session, _ = play("5d X1 9c", "medium")
    assert session.state.legal_commands("p1") == ["done"]


@pytest.mark.parametrize("level", ["hard", "medium"])
def test_medium_rejects_single_sandwich(level: str) -> None:
    rejects(level, "Qc 5d Qh", "remove Qc 5d Qh")
    rejects(level, "4d 9c 5d", "remove 4d 9c 5d")


def test_medium_rejects_runs_across_suits() -> None:
    rejects("medium", "4d 5c", "remove 4d 5c")
    rejects("medium", "2d 3c", "remove 2d 3c")
    rejects("medium", "Kh As", "remove Kh As")


# -- Easy ----------------------------------------------------------------------


def test_easy_sandwich() -> None:
    event = removes("easy", "Qc 5d Qh", "remove Qc 5d Qh", [])
    assert event["patterns"] == ["sandwich"]
    removes("easy", "2s Qc 5d Qh 9s", "remove Qc 5d Qh", ["2s", "9s"])
    # The outer cards may be any anomaly, such as a run.
    removes("easy", "4c 9d 5h", "remove 4c 9d 5h", [])
    # The middle card alone with one of them is not an anomaly.
    rejects("easy", "Qc 5d Qh", "remove Qc 5d")


def test_easy_runs_any_suit() -> None:
    event = removes("easy", "2d 3c", "remove 2d 3c", [])
    assert event["patterns"] == ["run"]
    removes("easy", "9s 2d 3c 4h Jc", "remove 2d 3c 4h", ["9s", "Jc"])
    removes("easy", "Ks Ad 2c", "remove Ks Ad 2c", [])
    rejects("easy", "2d 4c", "remove 2d 4c")


def test_easy_wild_jokers() -> None:
    event = removes("easy", "5d X1", "remove 5d X1", [])
    assert event["patterns"] == ["wild-joker"]
    removes("easy", "X2 Kc", "remove X2 Kc", [])
    removes("easy", "7s 5d X1 9c", "remove 5d X1 9c", ["7s"])


def rank_and_suit(name: str) -> tuple[int, str]:
    return ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].index(
        name[:-1]
    ), name[-1]


def two_cards_are_an_anomaly(a: str, b: str, level: str) -> bool:
    """The rules, read from the card names: is ``a b`` one anomaly?"""
    jokers = (a.startswith("X"), b.startswith("X"))
    if all(jokers):
        return True  # a pair of jokers, at every level
    if any(jokers):
        return level == "easy"  # wild on Easy only
    (rank_a, suit_a), (rank_b, suit_b) = rank_and_suit(a), rank_and_suit(b)
    if rank_a == rank_b:
        return True
    consecutive = abs(rank_a - rank_b) == 1 or {rank_a, rank_b} == {0, 12}
    return consecutive and (suit_a == suit_b or level == "easy")


@pytest.mark.parametrize("level", LEVELS)
def test_two_neighbouring_cards_every_pair_at_every_level(level: str) -> None:
    """All 54 x 53 ordered pairs: removable exactly when the rules say so."""
    for a, b in itertools.permutations(NAMES, 2):
        session, _ = play(f"{a} {b}", level)
        out = session.submit(f"remove {a} {b}")
        assert out.accepted == two_cards_are_an_anomaly(a, b, level), (level, a, b)
        assert deck(session) == ([] if out.accepted else [a, b])


# -- The pass ------------------------------------------------------------------


def test_done_after_removals_requires_a_cut() -> None:
    session, _ = play("9c 9d 5h 2s 4s 4c", "hard")
    ok(session, "remove 9c 9d")
    lines = ok(session, "done")
    assert event_types(lines) == ["command", "pass_ended"]
    assert lines[1]["removed"] == 2 and lines[1]["cards_left"] == 4
    assert not session.over
    refused(session, "remove 4s 4c")
    refused(session, "auto ltr")
    refused(session, "auto rtl")
    refused(session, "done")
    assert session.state.legal_commands("p1") == ["cut", "cut 1", "cut 2", "cut 3"]
    lines = ok(session, "cut 2")
    assert event_types(lines) == ["command", "cut", "shuffled", "pass_started"]
    assert hands(session)["p1"].passes == 2


def test_cut_needs_a_finished_pass_with_removals() -> None:
    session, _ = play("9c 9d 5h 2s", "hard")
    refused(session, "cut 1")
    refused(session, "cut")
    ok(session, "remove 9c 9d")
    refused(session, "cut 1")  # the pass is not over yet


def index_shift(first: list[str], second: list[str], reference: list[str]) -> set[int]:
    where = {card: i for i, card in enumerate(reference)}
    size = len(reference)
    return {(where[b] - where[a]) % size for a, b in zip(first, second, strict=True)}


def at_most_two_rising_sequences(cards: list[str], reference: list[str]) -> bool:
    """True if ``cards`` interleaves reference[:k] and reference[k:] for some k."""
    where = [reference.index(card) for card in cards]
    for k in range(len(reference) + 1):
        low = [x for x in where if x < k]
        high = [x for x in where if x >= k]
        if low == sorted(low) and high == sorted(high):
            return True
    return False


FULL_ORDER = " ".join(NAMES[:52])  # Ac 2c ... Kc Ad ... Ks


def cut_session(count: int, model: str, seed: int = 7) -> tuple[Session, list[str], list[Line]]:
    session, _ = play(FULL_ORDER, "hard", seed=seed, shuffle=model)
    ok(session, "remove Ac 2c")
    ok(session, "done")
    before = deck(session)
    lines = ok(session, f"cut {count}")
    return session, before, lines


@pytest.mark.parametrize("model", ["uniform", "riffle"])
def test_cut_moves_top_cards_to_bottom_then_one_shuffle(model: str) -> None:
    session, before, lines = cut_session(5, model)
    assert event_types(lines) == ["command", "cut", "shuffled", "pass_started"]
    cut, shuffled, started = lines[1], lines[2], lines[3]
    assert cut["count"] == 5 and cut["random"] is False
    assert shuffled["face"] == "down" and shuffled["model"] == model
    assert started["number"] == 2
    assert shuffled["cards"] == deck(session)
    assert sorted(deck(session)) == sorted(before)
    assert deck(session) != before[5:] + before[:5]  # it was shuffled
    # The shuffle's randomness does not depend on the cards, so with the same
    # seed a cut of 5 and a cut of 12 give the same permutation of the cut
    # deck: each position holds a card 12 - 5 = 7 places further on.
    other, _, _ = cut_session(12, model)
    assert index_shift(deck(session), deck(other), before) == {7}
    if model == "riffle":
        # One riffle of the cut deck: two rising sequences of the cut deck.
        assert at_most_two_rising_sequences(deck(session), before[5:] + before[:5])


def test_cut_count_outside_deck_rejected() -> None:
    session, _ = play("9c 9d 5h 2s 4s 4c", "hard")
    ok(session, "remove 9c 9d")
    ok(session, "done")
    for count in (0, 4, 5, 99):
        refused(session, f"cut {count}")
    for count in (1, 3):
        session, _ = play("9c 9d 5h 2s 4s 4c", "hard")
        ok(session, "remove 9c 9d")
        ok(session, "done")
        lines = ok(session, f"cut {count}")
        assert lines[1]["count"] == count


def test_a_two_card_deck_is_cut_by_one_card() -> None:
    session, _ = play("9c 9d 5h 2s", "hard")
    ok(session, "remove 9c 9d")
    ok(session, "done")
    outcome = session.submit("cut 5")
    assert not outcome.accepted
    assert outcome.reason == "a deck of 2 cards is cut by 1 card: 'cut 1' or 'cut'"
    ok(session, "cut 1")


def test_a_one_card_deck_is_not_cut() -> None:
    # Reading: one card cannot be cut; "cut" (or "cut 0") moves nothing.
    session, _ = play("9c 9d 5h", "hard")
    ok(session, "remove 9c 9d")
    ok(session, "done")
    refused(session, "cut 1")
    lines = ok(session, "cut 0")
    assert lines[1]["count"] == 0


def test_cut_without_count_picks_a_random_count() -> None:
    counts = set()
    for seed in range(1, 30):
        session, _ = play("9c 9d 5h 2s 4s 4c Jh 7d", "hard", seed=seed)
        ok(session, "remove 9c 9d")
        ok(session, "done")
        lines = ok(session, "cut")
        assert event_types(lines) == ["command", "cut", "shuffled", "pass_started"]
        assert lines[1]["random"] is True
        assert 1 <= lines[1]["count"] <= 5
        counts.add(lines[1]["count"])
    assert len(counts) >= 3


def test_pass_removing_nothing_ends_the_game() -> None:
    session, _ = play("Ac 3d 5h", "hard")
    lines = ok(session, "done")
    assert event_types(lines) == ["command", "pass_ended", "player_finished", "game_over"]
    assert lines[1]["removed"] == 0
    assert lines[2]["cards_left"] == 3
    assert lines[3]["result"]["scores"] == {"p1": 3}
    assert session.over
    assert session.state.legal_commands("p1") == []
    assert refused(session, "done") == "the game is over"
    # A later pass that removes nothing ends it too.
    session, _ = play("9c 9d 5h 2s", "hard")
    ok(session, "remove 9c 9d")
    ok(session, "done")
    ok(session, "cut 1")
    assert not session.over
    lines = ok(session, "done")
    assert event_types(lines) == ["command", "pass_ended", "player_finished", "game_over"]
    assert lines[-1]["result"]["passes"] == {"p1": 2}
    assert sorted(deck(session)) == ["2s", "5h"]


def test_pass_leaving_no_cards_ends_the_game() -> None:
    session, _ = play("9c 9d 8d", "hard")
    ok(session, "remove 9c 9d 8d")
    assert session.state.legal_commands("p1") == ["done"]
    lines = ok(session, "done")
    assert event_types(lines) == ["command", "pass_ended", "player_finished", "game_over"]
    assert lines[1]["removed"] == 3
    assert lines[-1]["result"]["winners"] == ["p1"]
    assert lines[-1]["result"]["scores"] == {"p1": 0}
    assert session.over


def test_done_allowed_while_anomalies_remain() -> None:
    session, _ = play("9c 9d 5h 4s 4c", "hard")
    ok(session, "remove 9c 9d")
    assert removal_commands(session) == ["remove 4s 4c"]
    lines = ok(session, "done")
    assert event_types(lines) == ["command", "pass_ended"]
    assert deck(session) == ["5h", "4s", "4c"]
    # Done before removing anything: the game ends with the anomaly in the deck.
    session, _ = play("9c 9d 5h", "hard")
    ok(session, "done")
    assert session.over
    assert deck(session) == ["9c", "9d", "5h"]


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_auto_with_nothing_removable_is_a_harmless_no_op(direction: str) -> None:
    # Reading: scripts say "auto, done, cut" pass after pass; auto that finds
    # nothing changes nothing and is not an error. It is not listed in moves.
    session, _ = play("Ac 3d 5h", "hard")
    lines = ok(session, f"auto {direction}")
    assert event_types(lines) == ["command"]
    assert deck(session) == ["Ac", "3d", "5h"] and not session.over
    assert session.state.legal_commands("p1") == ["done"]


# -- auto ------------------------------------------------------------------------


def test_auto_direction_matters_on_medium() -> None:
    ltr, _ = play("2c 3c 6d 6s 4c", "medium")
    lines = ok(ltr, "auto ltr")
    assert [line["cards"] for line in lines if line["type"] == "removed"] == [
        ["2c", "3c"],
        ["6d", "6s"],
    ]
    assert deck(ltr) == ["4c"]
    assert_nothing_removable(ltr)

    rtl, _ = play("2c 3c 6d 6s 4c", "medium")
    lines = ok(rtl, "auto rtl")
    assert [line["cards"] for line in lines if line["type"] == "removed"] == [
        ["6d", "6s"],
        ["2c", "3c", "4c"],
    ]
    assert deck(rtl) == []


def test_auto_reports_positions_in_the_deck_as_it_then_is() -> None:
    # The deck shrinks between the removals of one auto: each says its
    # positions in the deck as it was just before it, and that deck's size.
    from cardcli.games.shuffle_mania.view import describe

    session, _ = play("9c 9d 5h 2s 2d Kh", "hard")
    said = [describe(line) for line in ok(session, "auto") if line["type"] == "removed"]
    assert said == [
        "removed 9c 9d (positions 1-2 of 6: two-of-a-kind); 4 left",
        "removed 2s 2d (positions 2-3 of 4: two-of-a-kind); 2 left",
    ]


def test_remove_of_no_anomaly_says_which_neighbours_do_not_match() -> None:
    session, _ = play("3d 7c 7h 4d 9c 9d 8d Ks", "hard")
    assert refused(session, "remove 7c 7h 4d") == (
        "7c 7h 4d is not one anomaly on hard: 7h and 4d do not match (neither the same rank "
        "nor neighbouring ranks of one suit); 'moves' lists what can be removed"
    )
    assert "3d and 7c do not match" in refused(session, "remove 1 2")
    easy, _ = play("3d 7c 7h", "easy")
    assert "(neither the same rank nor neighbouring ranks)" in refused(easy, "remove 3d 7c")
    medium, _ = play("10d 2h Jd 2c X1 5c", "medium")
    part = refused(medium, "remove 10d 2h Jd")
    assert (
        "10d and 2h do not match" in part and "10d 2h Jd 2c is one anomaly: remove it whole" in part
    )
    assert "a joker pairs only with the other joker" in refused(medium, "remove X1 5c")


POOL = [f"{rank}{suit}" for rank in ("A", "2", "3", "4", "5", "K") for suit in "cdhs"] + [
    "X1",
    "X2",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cards=st.lists(st.sampled_from(POOL), unique=True, min_size=2, max_size=9),
    level=st.sampled_from(LEVELS),
    direction=st.sampled_from(["ltr", "rtl"]),
)
def test_auto_removes_everything_allowed(cards: list[str], level: str, direction: str) -> None:
    session, _ = play(" ".join(cards), level)
    had_moves = bool(removal_commands(session))
    out = session.submit(f"auto {direction}")
    assert out.accepted
    removed = [card for line in out.lines if line["type"] == "removed" for card in line["cards"]]
    assert sorted(removed + deck(session)) == sorted(cards)
    assert bool(removed) == had_moves
    if had_moves:
        # What stayed kept its order.
        assert deck(session) == [card for card in cards if card not in removed]
    assert_nothing_removable(session)
    session.state.check_invariants()


# -- Winning ---------------------------------------------------------------------


def test_solo_fewer_than_ten_cards_wins() -> None:
    session, _ = play(NINE_PLAIN, "hard")
    assert session.state.legal_commands("p1") == ["done"]
    lines = ok(session, "done")
    assert lines[-1]["type"] == "game_over"
    assert lines[-1]["result"]["winners"] == ["p1"]
    assert lines[-1]["result"]["scores"] == {"p1": 9}

    session, _ = play(TEN_PLAIN, "hard")
    assert session.state.legal_commands("p1") == ["done"]
    lines = ok(session, "done")
    assert lines[-1]["result"]["winners"] == []
    assert lines[-1]["result"]["scores"] == {"p1": 10}
    assert session.state.result()["tie"] is False


def test_two_players_fewest_cards_wins() -> None:
    session, _ = play("9c 9d 5h 2s", "hard", players=2)
    assert deck(session, "p1") == deck(session, "p2") == ["9c", "9d", "5h", "2s"]
    ok(session, "p1 remove 9c 9d")
    ok(session, "p1 done")
    ok(session, "p1 cut 1")
    ok(session, "p2 done")
    assert not session.over
    lines = ok(session, "p1 done")
    assert lines[-1]["type"] == "game_over"
    result = lines[-1]["result"]
    assert result["scores"] == {"p1": 2, "p2": 4}
    assert result["winners"] == ["p1"]
    assert result["tie"] is False


def test_two_players_equal_counts_tie() -> None:
    session, _ = play(NINE_PLAIN, "hard", players=2)
    ok(session, "p1 done")
    lines = ok(session, "p2 done")
    result = lines[-1]["result"]
    assert result["scores"] == {"p1": 9, "p2": 9}
    assert result["winners"] == []
    assert result["tie"] is True


def test_two_players_turns_alternate_pass_by_pass() -> None:
    session, _ = play("9c 9d 5h 2s 4c 4d", "hard", players=2)
    state = session.state
    assert state.to_move() == "p1"
    lines = ok(session, "remove 9c 9d")  # no seat named: the one to move
    assert lines[0]["player"] == "p1"
    assert deck(session, "p1") == ["5h", "2s", "4c", "4d"]
    assert deck(session, "p2") == ["9c", "9d", "5h", "2s", "4c", "4d"]
    ok(session, "done")
    assert state.to_move() == "p1"  # p1 still has to cut
    ok(session, "cut 1")
    assert state.to_move() == "p2"
    lines = ok(session, "remove 9c 9d")
    assert lines[0]["player"] == "p2"
    assert deck(session, "p2") == ["5h", "2s", "4c", "4d"]
    ok(session, "done")
    assert state.to_move() == "p2"
    ok(session, "cut 1")
    assert state.to_move() == "p1"
    assert hands(session)["p1"].passes == hands(session)["p2"].passes == 2


def test_two_players_command_naming_the_other_seat_works() -> None:
    session, _ = play("9c 9d 5h 2s", "hard", players=2)
    assert session.state.to_move() == "p1"
    lines = ok(session, "p2 remove 9c 9d")
    assert lines[0]["player"] == "p2"
    assert [line.get("player") for line in lines] == ["p2", "p2"]
    assert deck(session, "p2") == ["5h", "2s"]
    assert deck(session, "p1") == ["9c", "9d", "5h", "2s"]
    assert session.state.to_move() == "p1"


def test_one_player_game_has_no_second_seat() -> None:
    session, _ = play("9c 9d 5h 2s", "hard")
    refused(session, "p2 remove 9c 9d")


# -- Setting up ------------------------------------------------------------------


def new_deck_names(jokers: bool) -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return (
        (["X1", "X2"] if jokers else [])
        + [r + "s" for r in ranks]
        + [r + "d" for r in ranks]
        + [r + "c" for r in reversed(ranks)]
        + [r + "h" for r in reversed(ranks)]
    )


@pytest.mark.parametrize("jokers", [False, True])
def test_setup_new_deck_order(jokers: bool) -> None:
    _, log = play(None, "hard", start="new-deck", jokers=jokers)
    ordered = [line for line in log if line["type"] == "deck_ordered"]
    assert len(ordered) == 1
    assert ordered[0]["start"] == "new-deck"
    assert ordered[0]["cards"] == new_deck_names(jokers)
    assert ordered[0]["cards"][:3] == (["X1", "X2", "As"] if jokers else ["As", "2s", "3s"])


@pytest.mark.parametrize("model", ["uniform", "riffle"])
@pytest.mark.parametrize("start", ["random", "new-deck"])
def test_setup_ritual_five_shuffles(model: str, start: str) -> None:
    session, log = play(None, "hard", start=start, shuffle=model)
    types = event_types(log)
    assert types == ["game_started", "deck_ordered"] + ["shuffled"] * 5 + ["pass_started"]
    shuffles = [line for line in log if line["type"] == "shuffled"]
    assert [line["face"] for line in shuffles] == ["down", "down", "up", "up", "down"]
    assert all(line["model"] == model for line in shuffles)
    ordered = log[1]["cards"]
    previous = ordered
    for line in shuffles:
        assert sorted(line["cards"]) == sorted(ordered)
        assert line["cards"] != previous
        previous = line["cards"]
    assert shuffles[-1]["cards"] == deck(session)


@pytest.mark.parametrize("start", ["random", "new-deck"])
def test_setup_ritual_riffles_are_each_one_riffle(start: str) -> None:
    # "shuffling the cards face down twice...": with the riffle model each of
    # the five is one riffle of the deck before it: two packets interleaved,
    # so at most two rising sequences (RNG v3 draws the random ritual from its
    # end back; the log must still show riffles in the order they happen).
    for seed in range(40):
        _, log = play(None, "hard", seed=seed, start=start, shuffle="riffle", jokers=seed % 2 == 1)
        decks = [line["cards"] for line in log if line["type"] in ("deck_ordered", "shuffled")]
        assert len(decks) == 6
        for before, after in itertools.pairwise(decks):
            where = {card: i for i, card in enumerate(after)}
            breaks = sum(1 for a, b in itertools.pairwise(before) if where[b] < where[a])
            assert breaks <= 1, (seed, before, after)


def test_rng_v3_changes_only_the_riffled_ritual_of_a_random_deck() -> None:
    # v3 differs from v2 in one primitive: a random deck riffled in a row.
    for level, shuffle, jokers, start, players in itertools.product(
        ("hard", "easy"), ("uniform", "riffle"), (False, True), ("random", "new-deck"), (1, 2)
    ):
        opts, setup = GAME.resolve_options(
            {
                "level": level,
                "shuffle": shuffle,
                "jokers": jokers,
                "start": start,
                "players": players,
            }
        )
        seats = {seat: "random" for seat in GAME.seat_names(opts)}
        for seed in range(3):
            logs = []
            for rng_id in (RNG_V2, RNG_V3):
                log: list[Line] = []
                session = Session(GAME, opts, setup, seed, seats, [log.append], rng_id=rng_id)
                run(session, lambda seat: None)
                logs.append([{**line, "rng": None} if line["seq"] == 0 else line for line in log])
            changed = shuffle == "riffle" and start == "random"
            assert (logs[0] != logs[1]) == changed, (level, shuffle, jokers, start, players, seed)


def test_setup_order_gives_no_shuffle() -> None:
    session, log = play("9c 9d 8d 2s", "hard")
    assert event_types(log) == ["game_started", "deck_ordered", "pass_started"]
    assert log[1]["start"] == "order"
    assert log[1]["cards"] == ["9c", "9d", "8d", "2s"]
    assert deck(session) == ["9c", "9d", "8d", "2s"]


def test_setup_order_logs_jokers_as_the_order_holds_them() -> None:
    # "--order with --jokers": the deck is the cards listed, so the header's
    # jokers says whether those hold a joker, whatever --jokers said.
    assert GAME.load_given({"order": "3d 7c", "jokers": True})["jokers"] is False
    assert GAME.load_given({"order": "3d X 7c"})["jokers"] is True
    assert GAME.load_given({"jokers": True})["jokers"] is True  # no order: as given


def test_setup_jokers_deck_has_54_cards() -> None:
    session, log = play(None, "hard", jokers=True)
    cards = deck(session)
    assert len(cards) == 54 == len(set(cards))
    assert {"X1", "X2"} <= set(cards)
    assert len(log[1]["cards"]) == 54
    session, _ = play(None, "hard")
    assert len(deck(session)) == 52
    assert not {"X1", "X2"} & set(deck(session))


@pytest.mark.parametrize("order", ["9c 9d 9c", "9c 9d 9C", "X1 5h X1", "Qs 10h Th"])
def test_setup_order_with_duplicate_cards_is_usage_error(order: str) -> None:
    with pytest.raises(UsageError):
        play(order, "hard")


# -- Determinism -----------------------------------------------------------------


def play_out(seed: int, **options: object) -> list[Line]:
    """A whole game driven by the hints (random cuts included)."""
    session, log = play(None, "medium", seed=seed, **options)
    for _ in range(1000):
        if session.over:
            break
        hint = session.game.hint(session.state, "p1")
        assert hint is not None
        ok(session, hint)
    assert session.over
    return log


def test_same_seed_same_log() -> None:
    first = play_out(5, shuffle="riffle")
    second = play_out(5, shuffle="riffle")
    assert first == second
    assert any(line["type"] == "cut" and line["random"] for line in first)


def test_different_seeds_different_decks() -> None:
    decks = {tuple(deck(play(None, "hard", seed=seed)[0])) for seed in range(1, 11)}
    assert len(decks) == 10
    assert play_out(5) != play_out(6)


# -- Shuffle models --------------------------------------------------------------


def kept_pairs(shuffle: Callable[[list[int]], list[int]]) -> float:
    """The fraction of original neighbours (a, a+1) still neighbours in that order."""
    rounds, size, kept = 2000, 52, 0
    for _ in range(rounds):
        cards = shuffle(list(range(size)))
        where = {card: i for i, card in enumerate(cards)}
        kept += sum(where[c + 1] == where[c] + 1 for c in range(size - 1))
    return kept / (rounds * (size - 1))


def test_riffle_keeps_more_neighbours_than_uniform() -> None:
    rng = Rng(2024)

    def uniform(cards: list[int]) -> list[int]:
        rng.shuffle(cards)
        return cards

    riffle = kept_pairs(rng.riffle)
    fisher_yates = kept_pairs(uniform)
    assert 0.45 < riffle < 0.55
    assert 0.01 < fisher_yates < 0.03
    assert abs(fisher_yates - 1 / 52) < 0.006
