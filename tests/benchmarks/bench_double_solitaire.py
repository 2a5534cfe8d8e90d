"""Double Solitaire benchmark; run by hand, not by the test suite.

    python tests/benchmarks/bench_double_solitaire.py [--matches 10] [--against REV]

Prints simulated hands a CPU second (``time.process_time``) with four hard bots
(no logs written).

With ``--against REV`` (a git revision of this repository, e.g. the commit
before a change) it also plays the same matches with that revision's engine,
checked out in a temporary worktree, each side in a fresh process, the sides
interleaved over ``--rounds`` rounds (theirs then ours, then ours then theirs,
...), and prints the median of the rounds' ratios of hands a CPU second (ours /
theirs), and whether both engines write the same logs (compared without the
header's engine version and RNG id: RNG v3 draws Double Solitaire's cards as v2
did).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardcli.engine.game import get_game
from cardcli.engine.loop import run
from cardcli.engine.rng import derive
from cardcli.engine.session import Session

REPO = Path(__file__).resolve().parents[2]


def hands_per_second(matches: int, seed: int) -> tuple[int, int, float]:
    """Hands, commands and CPU seconds of ``matches`` matches of four hard bots, unlogged."""
    game = get_game("double-solitaire")
    options, setup = game.resolve_options({"players": 4})
    seats = {f"p{i}": "hard" for i in range(1, 5)}
    hands = commands = 0
    started = time.process_time()
    for i in range(matches):
        session = Session(game, options, setup, derive(seed, i), seats)
        run(session, lambda seat: None)
        hands += len(session.state.result()["hands"])
        commands += session.commands
    return hands, commands, time.process_time() - started


def log_digest(matches: int, seed: int) -> str:
    """A digest of the logs of the same matches, the header's engine version and RNG id left out."""
    game = get_game("double-solitaire")
    options, setup = game.resolve_options({"players": 4})
    seats = {f"p{i}": "hard" for i in range(1, 5)}
    digest = hashlib.sha256()
    for i in range(matches):
        lines: list[dict[str, object]] = []
        session = Session(game, options, setup, derive(seed, i), seats, [lines.append])
        run(session, lambda seat: None)
        for line in lines:
            if line["type"] == "game_started":
                line = {k: value for k, value in line.items() if k not in ("engine", "rng")}
            digest.update(json.dumps(line, sort_keys=True).encode())
    return digest.hexdigest()


def _measure_with(source: Path, matches: int, seed: int, what: str) -> str:
    """Run this file's ``what`` (speed or digest) with the engine found at ``source``."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, __file__, "--matches", str(matches), "--seed", str(seed)]
    done = subprocess.run(
        [*command, f"--{what}-only"], env=env, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


def compare(revision: str, matches: int, seed: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        worktree = Path(scratch) / "engine"
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(worktree), revision],
            check=True,
        )
        try:
            ours: list[float] = []
            theirs: list[float] = []
            for number in range(rounds):  # taking turns, so both see the same machine
                sides = [(theirs, worktree), (ours, REPO)]
                for speeds, source in sides if number % 2 == 0 else sides[::-1]:
                    speeds.append(float(_measure_with(source, matches, seed, "speed")))
            same = _measure_with(worktree, matches, seed, "digest") == _measure_with(
                REPO, matches, seed, "digest"
            )
        finally:
            subprocess.run(
                ["git", "-C", str(REPO), "worktree", "remove", "--force", str(worktree)],
                check=True,
            )
    mine, old = statistics.median(ours), statistics.median(theirs)
    ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
    print(
        f"against {revision}: {mine:.1f} / {old:.1f} hands a CPU second (medians of {rounds}"
        f" interleaved rounds); the median ratio of the rounds = {ratio:.3f}x;"
        f" logs {'identical' if same else 'DIFFER'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="turns each with --against")
    parser.add_argument("--speed-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--digest-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.speed_only:
        hands, _, elapsed = hands_per_second(args.matches, args.seed)
        print(hands / elapsed)
        return
    if args.digest_only:
        print(log_digest(args.matches, args.seed))
        return
    hands, commands, elapsed = hands_per_second(args.matches, args.seed)
    print(
        f"double-solitaire, 4 hard bots: {hands} hands in {elapsed:.2f} s CPU = "
        f"{hands / elapsed:.1f} hands a CPU second ({commands / elapsed:,.0f} commands a CPU "
        f"second; {commands / hands:.0f} commands a hand)"
    )
    if args.against:
        compare(args.against, args.matches, args.seed, args.rounds)


if __name__ == "__main__":
    main()
