"""Hunsberger's Solitaire bots: the turn search is exact, best beats greedy, nobody peeks."""

from __future__ import annotations

import copy
import statistics
from typing import Any

import pytest

from cardcli.engine.loop import run
from cardcli.engine.rng import Rng, derive
from cardcli.engine.session import Session
from cardcli.games.hunsberger import bots
from cardcli.games.hunsberger.evaluate import evaluation
from cardcli.games.hunsberger.rules import HunsbergerState
from cardcli.games.hunsberger.search import TurnSearch
from tests.conftest import REPO, new_session

ZOO = str(REPO / "scenarios" / "hunsberger" / "decks" / "zoo.txt")
CUSTOM = str(REPO / "scenarios" / "hunsberger" / "decks" / "custom.yaml")
ENGINE = str(REPO / "decklists" / "hunsberger-colourless-engine.yaml")
OPTION_SETS = [
    {},
    {"spell_damage": "mana", "saved_pumps": "end-of-turn"},
    {"overstack": "burn"},
]


def state_of(session: Session) -> HunsbergerState:
    assert isinstance(session.state, HunsbergerState)
    return session.state


def search_for(state: HunsbergerState, style: str) -> TurnSearch:
    search = TurnSearch(state, lambda slots, burned: 0.0)
    search.evaluate = (
        evaluation(state, search.info) if style == "best" else bots._greedy_worth(search)
    )
    return search


def play_some(session: Session, rng: Rng) -> None:
    """A few random casts and activations, so that positions are also taken mid-turn."""
    for _ in range(rng.below(4)):
        legal = [
            m for m in session.state.legal_commands("p1") if m.split()[0] in ("cast", "activate")
        ]
        if not legal or session.over:
            return
        session.submit(rng.choice(legal))


@pytest.mark.parametrize("deck", [ZOO, CUSTOM, None], ids=["zoo", "custom", "shade-ritual"])
def test_the_search_predicts_the_damage_and_slots_the_engine_ends_with(deck: str | None) -> None:
    checked = 0
    for game in range(12):
        rng = Rng(derive(5, game))
        options: dict[str, Any] = dict(OPTION_SETS[game % len(OPTION_SETS)])
        if deck is not None:
            options["deck"] = deck
        style = ("greedy", "best")[game % 2]
        session, _ = new_session("hunsberger", seed=game, seats={"p1": style}, **options)
        state = state_of(session)
        while not session.over:
            if state.window is None:
                play_some(session, rng)
            if session.over or state.window is not None:
                session.submit(bots.choose(state, style), bot=style)
                continue
            search = search_for(state, style)
            predicted, slots = search.predict(search.position())
            before, turn = state.turn_damage, state.turn
            while not session.over and state.turn == turn:
                assert session.submit(bots.choose(state, style), bot=style).accepted
            assert state.history[-1] - before == predicted, f"game {game} turn {turn}"
            kept = [tuple(state.table.names(slot.cards)) for slot in state.table.slots]
            assert kept == [cards for cards, _, _, _ in slots], f"game {game} turn {turn}"
            checked += 1
    assert checked >= 90


def most_damage_this_turn(state: HunsbergerState, budget: list[int]) -> int:
    """Every sequence of casts and activations through the engine itself; the best turn."""
    keep = {
        id(state.table.cards): state.table.cards,
        id(state.table.profiles): state.table.profiles,
    }

    def explore(current: HunsbergerState) -> int:
        budget[0] -= 1
        if budget[0] < 0:
            raise TimeoutError
        ended = copy.deepcopy(current, dict(keep))
        ended.apply(ended.parse("end"), "p1")
        best = ended.history[-1]
        for text in current.legal_commands("p1"):
            if text.split()[0] in ("cast", "activate"):
                after = copy.deepcopy(current, dict(keep))
                after.apply(after.parse(text), "p1")
                best = max(best, explore(after))
        return best

    return explore(state)


def test_greedy_finds_the_most_damage_a_turn_can_deal() -> None:
    compared = 0
    for game in range(30):
        session, _ = new_session("hunsberger", seed=100 + game, deck=ZOO, **OPTION_SETS[game % 3])
        state = state_of(session)
        for _turn in range(3):
            if session.over:
                break
            if state.window is None:
                try:
                    most = most_damage_this_turn(state, [400])
                except TimeoutError:
                    most = None
                if most is not None:
                    search = search_for(state, "greedy")
                    assert search.predict(search.position())[0] == most, f"game {game}"
                    compared += 1
            while not session.over and session.submit(bots.choose(state, "greedy")).accepted:
                if session.state.is_over() or state.turn != _turn + 1:
                    break
    assert compared >= 25


def mean_scores(bot: str, deck: str | None, games: int) -> tuple[float, int]:
    scores = []
    for index in range(games):
        options = {"deck": deck} if deck else {}
        session, _ = new_session(
            "hunsberger", seed=derive(2026, index), seats={"p1": bot}, **options
        )
        run(session, lambda seat: None)
        scores.append(state_of(session).total)
    return statistics.fmean(scores), sum(1 for s in scores if s > 55)


@pytest.mark.parametrize("deck", [None, ENGINE], ids=["shade-ritual", "colourless-engine"])
def test_best_beats_greedy_clearly_on_fixed_seeds(deck: str | None) -> None:
    best, best_high = mean_scores("best", deck, 30)
    greedy, greedy_high = mean_scores("greedy", deck, 30)
    assert best >= greedy + 3.0, (best, greedy)
    assert best_high > greedy_high  # more games above 55 damage


def test_best_never_looks_at_the_order_of_the_unseen_cards() -> None:
    for seed in range(8):
        session, _ = new_session("hunsberger", seed=seed)
        state = state_of(session)
        ok = session.submit(bots.choose(state, "best"))  # a move into the game
        assert ok.accepted
        other = copy.deepcopy(state)
        unseen = other.table.library + other.table.timer
        Rng(seed).shuffle(unseen)
        size = len(other.table.library)
        other.table.library, other.table.timer = unseen[:size], unseen[size:]
        assert bots.choose(other, "best") == bots.choose(state, "best")


def test_the_bots_play_whole_games_with_accepted_commands_only() -> None:
    for bot in ("greedy", "best"):
        session, lines = new_session("hunsberger", seed=7, deck=ZOO, seats={"p1": bot})
        run(session, lambda seat: None)  # the loop refuses a rejected bot command
        assert session.over and not [line for line in lines if line["type"] == "rejected"]


def test_hint_is_what_best_would_do() -> None:
    session, _ = new_session("hunsberger", seed=11)
    state = state_of(session)
    assert session.game.hint(state, "p1") == bots.choose(state, "best")
    assert session.game.hint(state, "p1") in state.legal_commands("p1")


def test_greedy_saves_a_timer_land_at_once_and_best_keeps_the_turn_it_costs() -> None:
    for bot, expected in (("greedy", "save Swamp 1"), ("best", None)):
        session, _ = new_session(
            "hunsberger",
            timer="Swamp; " + "; ".join(["Island"] * 14),
            order="; ".join(["Forest"] * 45),
        )
        state = state_of(session)
        assert state.window is not None
        choice = bots.choose(state, bot)
        if expected is None:
            assert not choice.startswith("save Swamp"), choice  # one card now for a turn later
        else:
            assert choice == expected


def test_best_saves_a_timer_land_at_once_when_it_costs_no_turn() -> None:
    # The main deck holds one card: the deal takes two from the Timer deck, which keeps two.
    # Saving the Forest at once costs no turn (the last turn's cards come now) and pays a
    # pump of Dread Shade: 4 damage instead of 3.
    session, _ = new_session(
        "hunsberger", timer="Forest; Swamp; Swamp; Swamp; Swamp", order="Dread Shade"
    )
    state = state_of(session)
    assert state.window is not None
    assert bots.choose(state, "best") == "save Forest 1"
    played, _ = new_session(
        "hunsberger",
        seats={"p1": "best"},
        timer="Forest; Swamp; Swamp; Swamp; Swamp",
        order="Dread Shade",
    )
    run(played, lambda seat: None)
    assert state_of(played).total == 4
