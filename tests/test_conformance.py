"""The conformance test, over every registered game.

Seeded random playouts with junk lines mixed in. At every step: no exception
escapes, every line validates against the schemas, the game's invariants hold.
At the end: the log replays identically, resuming from a cut-off prefix
reproduces the rest, and the game ended within a bounded number of commands.

CARDCLI_PLAYOUTS sets the number of playouts per game (default 200).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from cardcli.engine.errors import UsageError
from cardcli.engine.game import all_games, game_names, get_game
from cardcli.engine.replay import Replay, replay_lines
from cardcli.engine.rng import Rng, derive
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session, clean_line

PLAYOUTS = int(os.environ.get("CARDCLI_PLAYOUTS", "200"))
MAX_COMMANDS = 20_000
JUNK_RATE = 10  # percent
JUNK_WORDS = ("frobnicate", "xyzzy", "p9", "moves!", "-1", "∞", "DROP TABLE", "\t")
BAD_ARGUMENTS = ("99999", "-3", "0", "Zz", "X9", "ltr rtl", "1-999", "10x", "", "p1", "🂡")


def junk_line(rng: Rng, legal: list[str]) -> str:
    kind = rng.below(5)
    if kind == 0:  # random bytes, as a reader decodes them
        raw = bytes(rng.below(256) for _ in range(rng.randint(1, 40)))
        return raw.decode("utf-8", errors="replace")
    if kind == 1:  # over-long line
        return "x" * rng.randint(501, 5000)
    if kind == 2:
        return ""
    if kind == 3:
        return rng.choice(list(JUNK_WORDS)) + " " + rng.choice(list(JUNK_WORDS))
    # a valid command word with bad arguments
    word = rng.choice(legal).split()[0] if legal else "remove"
    return f"{word} {rng.choice(list(BAD_ARGUMENTS))} {rng.choice(list(BAD_ARGUMENTS))}".strip()


def random_options(game_name: str, rng: Rng) -> dict[str, Any]:
    """A random choice of every option (setup options left out)."""
    chosen: dict[str, Any] = {}
    for opt in get_game(game_name).options:
        if opt.setup:
            continue
        if opt.kind == "choice":
            chosen[opt.name] = rng.choice(list(opt.choices))
        elif opt.kind == "flag":
            chosen[opt.name] = rng.below(2) == 1
        elif opt.kind == "int" and opt.low is not None and opt.high is not None:
            value = rng.randint(opt.low, min(opt.high, opt.low + 3))
            try:  # a number in range the option refuses (--draw 2) plays as the default
                chosen[opt.name] = opt.check(value) if opt.check is not None else value
            except UsageError:
                chosen[opt.name] = opt.default
    return chosen


def playout(game_name: str, index: int) -> tuple[list[dict[str, Any]], Session]:
    rng = Rng(derive(2026, game_name, index))
    game = get_game(game_name)
    for _ in range(50):  # options that exclude each other (--size, --survivors): draw again
        try:
            chosen = random_options(game_name, rng)
            if chosen.get("paper"):
                # A paper game's players draw nothing, so a Horde that casts nothing once its
                # token cards are gone (--no-token nothing) waits for their damage forever,
                # as at a real table; players who only pass end no such game.
                chosen["no_token"] = "cast-first"
            given = game.load_given(chosen)
            break
        except UsageError:
            continue
    options, setup = game.resolve_options(given)
    lines: list[dict[str, Any]] = []
    session = Session(game, options, setup, rng.next64(), None, [lines.append])
    validator = LineValidator(game.name)
    checked = 0
    while not session.over:
        assert session.commands < MAX_COMMANDS, "the game did not end"
        if game.timed:  # everybody plays at once: a random seat, a little later
            seat = rng.choice(session.state.seats())
            now = getattr(session.state, "clock", 0) + rng.below(400)
        else:
            seat = session.state.to_move()
            assert seat is not None
        legal = session.state.legal_commands(seat)
        assert legal, f"{seat} may move but has no legal command"
        if rng.below(100) < JUNK_RATE:
            # As every input path gives a line: no line break, stripped, no # comment.
            raw = junk_line(rng, legal).replace("\n", " ")
            text = clean_line(raw) or "?"
            legal_text = text in legal  # junk ending in " f" is not a timed "f"
        elif game.timed:
            chosen = game.bots["random"](session.state, seat, rng, now)
            text = f"@{now} {seat} {chosen}"
            legal_text = chosen in legal
        else:
            text = game.bots["random"](session.state, seat, rng)
            legal_text = text in legal
        outcome = session.submit(text, seat)
        if legal_text:
            assert outcome.accepted, f"legal command {text!r} was rejected: {outcome.reason}"
        session.state.check_invariants()
        for line in lines[checked:]:
            assert validator.errors(line) == [], line
        checked = len(lines)
    for seat in session.state.seats():
        assert session.state.legal_commands(seat) == [], "a finished game still has moves"
    assert lines[-1]["type"] == "game_over"
    assert [line["seq"] for line in lines] == list(range(len(lines)))
    return lines, session


def check_playout(game_name: str, index: int) -> None:
    """One playout and its replay and resume checks (runs in a worker process)."""
    lines, _ = playout(game_name, index)
    # The log replays identically.
    replay, divergence, count = replay_lines(lines)
    assert divergence is None, f"playout {index}: diverges at line {divergence.number}"
    assert count == len(lines) and replay.extra() == [] and replay.end() is None
    # Resuming from a cut-off prefix reproduces the rest: after the prefix, only
    # the input lines are given again, where the engine waits for them.
    cut = 1 + derive(index, "cut") % (len(lines) - 1)
    resumed = Replay(lines[0], keep=True)
    for line in lines[:cut]:
        assert resumed.feed(line) is None
    assert resumed.produced is not None
    for line in lines[cut:]:
        if line["type"] in ("command", "rejected") and line["seq"] >= len(resumed.produced):
            resumed.session.submit(
                line["text"].ljust(line.get("length", 0)), line.get("player"), line.get("bot")
            )
    assert resumed.produced == lines, f"playout {index}: resume from line {cut} differs"


@pytest.mark.parametrize("game_name", game_names())
def test_random_playouts_hold_every_invariant(game_name: str) -> None:
    # The playouts are independent: spread them over the machine's cores.
    workers = min(4, os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(check_playout, [game_name] * PLAYOUTS, range(PLAYOUTS), chunksize=4))


def test_the_registry_knows_each_games_name_and_summary() -> None:
    from cardcli.registry import GAMES

    for name, (module, summary) in GAMES.items():
        game = get_game(name)
        assert game.name == name and game.summary == summary, name
        assert module.startswith("cardcli.games.")


def test_every_game_is_registered_with_rules_and_a_schema() -> None:
    for game in all_games():
        assert game.bots, game.name
        assert "random" in game.bots, "the conformance test plays with the random bot"
        with open(game.rules_file, encoding="utf-8") as handle:
            assert handle.read().strip()
        LineValidator(game.name)  # loads the game's schema
