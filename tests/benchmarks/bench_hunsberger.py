"""Hunsberger's Solitaire benchmarks; run by hand, not by the test suite.

    python tests/benchmarks/bench_hunsberger.py [--games 200]

Prints, for each bundled deck:

1. simulated games per second with the greedy and the best bot (one process);
2. the ratio of best's time per turn to greedy's (target: within 3x: best's
   evaluation of the Save slots and its Timer-land reckoning cost little more
   than greedy's exact search of the turn);
3. the mean search positions per turn of each bot, and the score each reaches,
   for the same seeds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from cardcli.cards.mtg.resolve import bundled_deck_path
from cardcli.engine.game import get_game
from cardcli.engine.loop import run
from cardcli.engine.rng import derive
from cardcli.engine.session import Session
from cardcli.games.hunsberger import search

DECKS = ("hunsberger-shade-ritual.yaml", "hunsberger-colourless-engine.yaml")


class Count:
    """Counts the search positions the bots look at (best() calls that are not memoised)."""

    def __init__(self) -> None:
        self.nodes = 0
        original = search.TurnSearch.best
        counter = self

        def counting(self: search.TurnSearch, pos: search.Pos) -> Any:
            if pos not in self.memo:
                counter.nodes += 1
            return original(self, pos)

        self.original = original
        search.TurnSearch.best = counting  # type: ignore[method-assign]

    def stop(self) -> None:
        search.TurnSearch.best = self.original  # type: ignore[method-assign]


def play(bot: str, deck: str, games: int, seed: int) -> tuple[float, int, list[int]]:
    """(seconds, turns, scores) of ``games`` games of ``bot`` on ``deck``."""
    game = get_game("hunsberger")
    options, setup = game.resolve_options(game.load_given({"deck": str(bundled_deck_path(deck))}))
    turns = 0
    scores = []
    started = time.perf_counter()
    for index in range(games):
        session = Session(game, options, setup, derive(seed, index), {"p1": bot})
        run(session, lambda seat: None)
        state: Any = session.state
        turns += state.turn
        scores.append(state.total)
    return time.perf_counter() - started, turns, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for deck in DECKS:
        print(deck)
        per_turn: dict[str, float] = {}
        for bot in ("greedy", "best"):
            count = Count()
            elapsed, turns, scores = play(bot, deck, args.games, args.seed)
            count.stop()
            per_turn[bot] = elapsed / turns
            print(
                f"  {bot:>6}: {args.games / elapsed:6.1f} games/s, "
                f"{elapsed / turns * 1000:5.2f} ms a turn, "
                f"{count.nodes / turns:6.1f} positions a turn, "
                f"mean score {statistics.fmean(scores):.2f}"
            )
        ratio = per_turn["best"] / per_turn["greedy"]
        print(f"  best / greedy time a turn = {ratio:.2f}x (target <= 3x)")


if __name__ == "__main__":
    main()
