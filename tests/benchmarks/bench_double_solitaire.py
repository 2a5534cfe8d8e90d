"""Double Solitaire benchmark; run by hand, not by the test suite.

    python tests/benchmarks/bench_double_solitaire.py [--matches 10]

Prints simulated hands per second with four hard bots (no logs written).
"""

from __future__ import annotations

import argparse
import time

from cardcli.engine.game import get_game
from cardcli.engine.loop import run
from cardcli.engine.rng import derive
from cardcli.engine.session import Session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game("double-solitaire")
    options, setup = game.resolve_options({"players": 4})
    seats = {f"p{i}": "hard" for i in range(1, 5)}
    hands = commands = 0
    started = time.perf_counter()
    for i in range(args.matches):
        session = Session(game, options, setup, derive(args.seed, i), seats)
        run(session, lambda seat: None)
        hands += len(session.state.result()["hands"])
        commands += session.commands
    elapsed = time.perf_counter() - started
    print(
        f"double-solitaire, 4 hard bots: {hands} hands in {elapsed:.2f}s = {hands / elapsed:.1f} hands/s"
        f" ({commands / elapsed:,.0f} commands/s; {commands / hands:.0f} commands a hand)"
    )


if __name__ == "__main__":
    main()
