"""Horde Magic benchmarks; run by hand, not by the test suite.

    python tests/benchmarks/bench_horde.py [--games 200]

Every figure is CPU time (``time.process_time``) on one core, and every comparison of A
with B is interleaved (A, B, A, B, ...) in one run, so that another process on a shared
machine slows both alike.

1. Whole games: games per second (nothing logged, as simulate plays them) and
   events per second (every event logged), three `basic` player bots against the
   Zombie horde, the quiet and the logged run of each seed one after the other;
   then the time per game against the most creatures the game had on the
   battlefield at once.
2. Cost against the size of the board (the set-up read and the session made
   outside the timer):
   - "the Horde attacks with N tokens": N Zombie tokens attack players with N/4
     Bears, each Bear blocks one by a scripted command, then the players pass: the
     Horde's combat and the rest of its turn, to the players' first main phase;
   - "20 attackers meet N Horde blockers": the players' combat alone, from their
     declared attack (20 Bears into N untapped Zombie tokens: the Horde's blocking
     rule) to the end of combat (the team stops there: ``stops end-combat always``).
     Before, the timer ran on through the Horde's whole next turn once N >= 40.
   Prints the time per creature for each N and its ratio to the smallest board:
   flat ratios mean the cost grows with N, not with N squared (the text's blocking
   rule read naively looks at every pair). Horde turns answered by each bot, at up
   to 1,000 tokens: bench_horde_turns.py.
3. Replay: events per second when a log (its lines already parsed) is replayed,
   against a bare ``json.loads`` of the same lines' text (replay's cost in units of
   parsing the log) and against jsonschema validation of them (printed here before as
   replay's "floor": it is no floor, validation is not part of a replay).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cardcli.engine.game import get_game
from cardcli.engine.loop import run
from cardcli.engine.replay import replay_lines
from cardcli.engine.rng import derive
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session

ZOMBIE = {
    "name": "Zombie",
    "types": ["Creature"],
    "subtypes": ["Zombie"],
    "colors": ["B"],
    "power": "2",
    "toughness": "2",
}
BEAR = {
    "name": "Bear",
    "types": ["Creature"],
    "subtypes": ["Bear"],
    "colors": ["G"],
    "power": "2",
    "toughness": "2",
}


def whole_games(games: int, bot: str = "basic") -> tuple[float, float, list[list[dict[str, Any]]]]:
    """Games per second unlogged and events per second logged: each seed played quiet and
    then logged, interleaved."""
    game = get_game("horde")
    options, setup = game.resolve_options(game.load_given({"players": 3, "mulligan": "none"}))
    seats = {"p1": bot, "p2": bot, "p3": bot}
    quiet = logged = 0.0
    logs = []
    events = 0
    for i in range(games):
        started = time.process_time()
        session = Session(game, options, setup, derive(11, i), seats, quiet=True)
        run(session, lambda seat: None)
        quiet += time.process_time() - started
        lines: list[dict[str, Any]] = []
        started = time.process_time()
        session = Session(game, options, setup, derive(11, i), seats, [lines.append])
        run(session, lambda seat: None)
        logged += time.process_time() - started
        events += len(lines)
        logs.append(lines)
    return games / quiet, events / logged, logs


def by_board_size(games: int) -> None:
    """Time per game against the most creatures on the battlefield at once, in bands."""
    game = get_game("horde")
    options, setup = game.resolve_options(game.load_given({"players": 3, "mulligan": "none"}))
    seats = {"p1": "basic", "p2": "basic", "p3": "basic"}
    bands: dict[int, list[tuple[float, int]]] = {}
    for i in range(games):
        session = Session(game, options, setup, derive(12, i), seats, quiet=True)
        table = session.state.table  # type: ignore[attr-defined]
        peak = 0
        started = time.process_time()
        while not session.over:
            seat = session.state.to_move()
            assert seat is not None
            session.submit(session.bot_command(seat) or "pass", seat=seat, bot="basic")
            peak = max(peak, len(table.battlefield))
        elapsed = time.process_time() - started
        bands.setdefault(min(peak // 20, 5), []).append((elapsed, table.turn))
    print("time per game by the most permanents on the battlefield at once:")
    for band in sorted(bands):
        rows = bands[band]
        low, high = band * 20, band * 20 + 19
        label = f"{low}-{high}" if band < 5 else f"{low}+"
        mean = statistics.fmean(e for e, _ in rows)
        per_turn = statistics.fmean(e / max(1, t) for e, t in rows)
        print(
            f"  {label:>7} permanents: {len(rows):3d} games, {mean * 1000:7.1f} ms a game,"
            f" {per_turn * 1000:5.2f} ms a turn"
        )


def _loaded(position: dict[str, Any], players: int = 2) -> tuple[Any, Any]:
    """The set-up loaded as the CLI would (not timed: it reads the card pool)."""
    game = get_game("horde")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.yaml"
        path.write_text(json.dumps(position), encoding="utf-8")  # JSON is YAML, with no aliases
        return game.resolve_options(game.load_given({"players": players, "setup": str(path)}))


def _session(loaded: tuple[Any, Any]) -> Session:
    options, setup = loaded
    return Session(get_game("horde"), options, setup, 1, None)


def horde_attack(n: int) -> float:
    """The Horde attacks with n Zombie tokens; the players have n/4 Bears and block each once
    (scripted), then pass: CPU seconds to the players' next decision (their first main phase)."""
    position = {
        "life": 999,
        "turn": 7,
        "active": "horde",
        "step": "begin_combat",
        "horde": {"battlefield": [{"token": ZOMBIE} for _ in range(n)], "library": ["Zombie"]},
        "p1": {"battlefield": [{"token": BEAR} for _ in range(n // 4)], "library": ["Forest"] * 3},
        "p2": {"library": ["Forest"] * 3},
    }
    session = _session(_loaded(position))
    attackers = list(range(1, n + 1))
    blockers = list(range(n + 2, n + 2 + n // 4))
    started = time.process_time()
    for attacker, blocker in zip(attackers, blockers, strict=False):
        assert session.submit(f"block #{attacker} with #{blocker}").accepted
    assert session.submit("pass").accepted
    return time.process_time() - started


COMBAT = ("begin_combat", "declare_attackers", "declare_blockers", "first_strike", "combat_damage")


def players_attack(n: int) -> float:
    """A players' combat: 20 Bears attack into n untapped Zombie tokens (the blocking rule).
    CPU seconds from the attack to the end of combat, where the team stops (its stop at
    end-combat is set before the timer): the Horde's next turn is not in it."""
    position = {
        "life": 999,
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        # (a library that the 40 damage the Bears could deal does not mill out)
        "horde": {"battlefield": [{"token": ZOMBIE} for _ in range(n)], "library": ["Zombie"] * 60},
        "p1": {"battlefield": [{"token": BEAR} for _ in range(20)], "library": ["Forest"] * 3},
        "p2": {"library": ["Forest"] * 3},
    }
    session = _session(_loaded(position))
    table = session.state.table  # type: ignore[attr-defined]
    assert session.submit("stops end-combat always").accepted
    ids = " ".join(f"#{i}" for i in range(n + 61, n + 81))
    started = time.process_time()
    assert session.submit(f"attack {ids}").accepted
    while table.step in COMBAT and not session.over:
        assert session.submit("pass").accepted
    spent = time.process_time() - started
    assert table.step == "end_combat" and table.active_team.name == "players", table.step
    return spent


def scaling(label: str, measure: Any, sizes: tuple[int, ...]) -> None:
    print(f"{label}:")
    base = None
    for n in sizes:
        best = min(measure(n) for _ in range(3))
        per = best / n
        base = base or per
        print(
            f"  {n:4d} creatures: {best * 1000:8.1f} ms, {per * 1e6:7.1f} us per creature, x{per / base:.2f}"
        )


def replay_speed(logs: list[list[dict[str, Any]]]) -> None:
    """Replay against a bare json.loads and against jsonschema validation of the same lines,
    interleaved log by log, in CPU time."""
    from cardcli.engine.log import encode

    validator = LineValidator("horde")
    replay = parse = validate = 0.0
    count = 0
    for log in logs[:50]:
        texts = [encode(line) for line in log]
        count += len(log)
        started = time.process_time()
        _, divergence, _ = replay_lines(log)
        replay += time.process_time() - started
        assert divergence is None
        started = time.process_time()
        for text in texts:
            json.loads(text)
        parse += time.process_time() - started
        started = time.process_time()
        for line in log:
            validator.errors(line)
        validate += time.process_time() - started
    print(
        f"replay: {count / replay:,.0f} events/s (lines already parsed);"
        f" a bare json.loads of the same lines {count / parse:,.0f}/s;"
        f" jsonschema validation of them {count / validate:,.0f}/s"
    )
    print(
        f"  replay costs x{replay / parse:.1f} a json.loads pass over the log;"
        f" jsonschema validation costs x{validate / replay:.2f} the replay"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rate, events, logs = whole_games(args.games)
    turns = statistics.fmean(log[-1]["result"]["turns"] for log in logs)
    print(
        f"whole games (3 basic bots, Zombie horde): {rate:.1f} games/s unlogged,"
        f" {events:,.0f} events/s logged, {turns:.1f} turns a game"
    )
    by_board_size(args.games)
    sizes = (10, 20, 40, 80, 160)
    scaling("the Horde attacks with N tokens (N/4 blocked)", horde_attack, sizes)
    scaling("20 attackers meet N Horde blockers", players_attack, sizes)
    replay_speed(logs)


if __name__ == "__main__":
    main()
