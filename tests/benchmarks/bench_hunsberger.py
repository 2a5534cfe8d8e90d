"""Hunsberger's Solitaire: the best bot's time a turn against greedy's; run by hand.

    python tests/benchmarks/bench_hunsberger.py [--games 200] [--round 10] [--seed 1]

For each bundled deck, plays the same games (game i seeded ``derive(SEED, i)``) with
the greedy and the best bot, interleaved in rounds of ``--round`` games (greedy then
best, then best then greedy, ...), timed in CPU time of this process
(``time.process_time``). Prints:

1. per bot: games a CPU second, CPU ms a turn, the mean search positions a turn
   and the mean score (over all the games);
2. the median over the rounds of best's CPU time a turn over greedy's (target:
   within 3x: best's evaluation of the Save slots and its Timer-land reckoning
   cost little more than greedy's exact search of the turn).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from typing import Any

from paired import interleaved, median_ratio  # tests/benchmarks/paired.py

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


def play(bot: str, deck: str, games: range, seed: int) -> tuple[int, list[int]]:
    """(turns, scores) of the games numbered ``games`` of ``bot`` on ``deck``."""
    game = get_game("hunsberger")
    options, setup = game.resolve_options(game.load_given({"deck": str(bundled_deck_path(deck))}))
    turns = 0
    scores = []
    for index in games:
        session = Session(game, options, setup, derive(seed, index), {"p1": bot})
        run(session, lambda seat: None)
        state: Any = session.state
        turns += state.turn
        scores.append(state.total)
    return turns, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--round", type=int, default=10, help="games a bot plays in turn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds = -(-args.games // args.round)
    count = Count()
    try:
        for deck in DECKS:
            print(deck)
            for bot in ("greedy", "best"):  # what is set up once (the deck's cards) is not timed
                play(bot, deck, range(1), args.seed)
            positions = {"greedy": 0, "best": 0}

            def side(
                bot: str, deck: str = deck, positions: dict[str, int] = positions
            ) -> Callable[[int], tuple[int, list[int]]]:
                def work(number: int) -> tuple[int, list[int]]:
                    before = count.nodes
                    games = range(number * args.round, min(args.games, (number + 1) * args.round))
                    turns, scores = play(bot, deck, games, args.seed)
                    positions[bot] += count.nodes - before
                    return turns, scores

                return work

            timed = interleaved({"greedy": side("greedy"), "best": side("best")}, rounds)
            per_turn: dict[str, list[float]] = {}
            for bot, runs in timed.items():
                cpu = sum(seconds for seconds, _ in runs)
                turns = sum(value[0] for _, value in runs)
                scores = [score for _, value in runs for score in value[1]]
                per_turn[bot] = [seconds / value[0] for seconds, value in runs]
                print(
                    f"  {bot:>6}: {len(scores) / cpu:6.1f} games a CPU second, "
                    f"{cpu / turns * 1000:5.2f} ms CPU a turn, "
                    f"{positions[bot] / turns:6.1f} positions a turn, "
                    f"mean score {statistics.fmean(scores):.2f}"
                )
            ratio = median_ratio(per_turn["best"], per_turn["greedy"])
            print(
                f"  best / greedy CPU time a turn = {ratio:.2f}x, the median of {rounds} "
                "interleaved rounds (target <= 3x)"
            )
    finally:
        count.stop()


if __name__ == "__main__":
    main()
