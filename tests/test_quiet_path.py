"""The path that builds no events when nothing is logged plays exactly the logged game.

``cardcli simulate`` keeps no log unless asked, so its sessions are quiet:
lines are counted, not built, and Shuffle-Mania builds its events bare. Over
many seeds and every combination of options, the quiet game must end with the
same result, the same number of lines, and the same cards where they lie.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.game import all_games, get_game
from cardcli.engine.loop import run
from cardcli.engine.rng import derive
from cardcli.engine.session import Session
from cardcli.simulate import Job, play_one

LEVELS = ("hard", "medium", "easy")
HUNSBERGER_DECK = Path(__file__).parent.parent / "decklists" / "hunsberger-shade-ritual.yaml"
SHUFFLES = ("uniform", "riffle")
STARTS = ("random", "new-deck")


def played(options: dict[str, Any], seed: int, bot: str, quiet: bool) -> Session:
    game = get_game("shuffle-mania")
    opts, setup = game.resolve_options(options)
    seats = {seat: bot for seat in game.seat_names(opts)}
    lines: list[dict[str, Any]] = []
    session = Session(game, opts, setup, seed, seats, [] if quiet else [lines.append], quiet=quiet)
    run(session, lambda seat: None)
    if not quiet:
        assert len(lines) == session.seq
    return session


@pytest.mark.parametrize(
    "level, shuffle, jokers, start, players",
    list(itertools.product(LEVELS, SHUFFLES, (False, True), STARTS, (1, 2))),
)
def test_the_quiet_path_plays_the_logged_game(
    level: str, shuffle: str, jokers: bool, start: str, players: int
) -> None:
    options = {
        "level": level,
        "shuffle": shuffle,
        "jokers": jokers,
        "start": start,
        "players": players,
    }
    for bot in ("greedy", "random"):
        for index in range(6):
            seed = derive(77, level, shuffle, int(jokers), start, players, bot, index)
            loud = played(options, seed, bot, quiet=False)
            quiet = played(options, seed, bot, quiet=True)
            assert quiet.state.result() == loud.state.result()
            assert quiet.seq == loud.seq, "the same number of lines, so bots draw the same"
            for seat, hand in loud.state.hands.items():  # type: ignore[attr-defined]
                other = quiet.state.hands[seat]  # type: ignore[attr-defined]
                assert (other.deck, other.removed, other.passes) == (
                    hand.deck,
                    hand.removed,
                    hand.passes,
                )


def test_simulate_plays_quietly_and_with_logs_alike(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = get_game("shuffle-mania")
    options, setup = game.resolve_options({"level": "medium", "shuffle": "riffle", "jokers": True})
    quiet = Job(game.name, options, setup, {"p1": "greedy"}, 5, None)
    logged = Job(game.name, options, setup, {"p1": "greedy"}, 5, str(tmp_path))
    for index in range(30):
        assert play_one(quiet, index) == play_one(logged, index)


def test_a_quiet_session_has_no_sinks() -> None:
    game = get_game("shuffle-mania")
    options, setup = game.resolve_options({})
    with pytest.raises(ValueError):
        Session(game, options, setup, 1, None, [print], quiet=True)


@pytest.mark.parametrize("name", [game.name for game in all_games() if not game.timed])
def test_every_turn_based_game_plays_quietly_as_it_plays_logged(name: str) -> None:
    """The quiet loop counts the lines the logged loop writes, and ends the same way."""
    game = get_game(name)
    given = {"horde": {"players": 3}, "hunsberger": {"deck": str(HUNSBERGER_DECK)}}.get(name, {})
    options, setup = game.resolve_options(game.load_given(given))
    seats = {seat: game.default_bot or next(iter(game.bots)) for seat in game.seat_names(options)}
    for index in range(4 if name == "horde" else 12):
        seed = derive(91, name, index)
        lines: list[dict[str, Any]] = []
        loud = Session(game, options, setup, seed, seats, [lines.append])
        run(loud, lambda seat: None)
        quiet = Session(game, options, setup, seed, seats, quiet=True)
        run(quiet, lambda seat: None)
        assert quiet.state.result() == loud.state.result()
        assert (
            (quiet.seq, quiet.commands) == (loud.seq, loud.commands) == (len(lines), loud.commands)
        )
        assert lines[-1]["type"] == "game_over"


def test_the_quiet_loop_stops_a_looping_bot_where_the_logged_loop_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both loops count bot commands since the last milestone alike (the quiet one inline)."""
    from cardcli.engine.errors import CardcliError
    from cardcli.games.shuffle_mania.bots import greedy

    def stalling(state: Any, seat: str, rng: Any) -> str:
        # Plays the game until its second pass, then asks for 'auto' with nothing left.
        if state.hands[seat].passes >= 2 and not state.windows(seat):
            return "auto"
        return greedy(state, seat, rng)

    game = get_game("shuffle-mania")
    monkeypatch.setitem(game.bots, "stalling", stalling)
    options, setup = game.resolve_options({"level": "hard"})
    ends = []
    for quiet in (False, True):
        lines: list[dict[str, Any]] = []
        session = Session(
            game,
            options,
            setup,
            5,
            {"p1": "stalling"},
            [] if quiet else [lines.append],
            quiet=quiet,
        )
        with pytest.raises(
            CardcliError, match="gave 7 commands in a row and the game made no progress"
        ):
            run(session, lambda seat: None, max_bot_run=7)
        ends.append((session.seq, session.commands))
        if not quiet:
            assert len(lines) == session.seq
            last = max(i for i, line in enumerate(lines) if line["type"] == "pass_ended")
            after = [line["text"] for line in lines[last:] if line["type"] == "command"]
            assert len(after) == 8 and after[-1] == "auto"  # the eighth in a row stopped it
    assert ends[0] == ends[1]
