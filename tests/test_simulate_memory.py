"""``simulate`` in constant memory: the summary folded one result at a time.

A ``Tally`` keeps counts, exact histograms and exact sums, never the list of
results. Its summary must be byte for byte the list-based ``summarize`` of the
same games (medians from histograms, means from sums rounded once, as
``statistics`` does), for every game, in any order of arrival, merged from the
tallies of batches (a cluster's workers), with local workers; and its memory
must not grow with the games.
"""

from __future__ import annotations

import json
import multiprocessing.pool
import os
import pickle
import random
import signal
import statistics
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcli import simulate
from cardcli.engine.game import get_game
from cardcli.simulate import Job, each_result, fold_many, play_many, summarize
from cardcli.stats import Histogram, Total
from cardcli.tally import Tally


def job_for(name: str, given: dict[str, Any], bot: str | None, seed: int) -> Job:
    game = get_game(name)
    options, setup = game.resolve_options(game.load_given(given))
    seats = {seat: bot or game.default_bot for seat in game.seat_names(options)}
    return Job(game.name, options, setup, seats, seed, None)


def text(summary: dict[str, Any]) -> str:
    return json.dumps(summary, sort_keys=False)


# (game, options, bot, games): each played under several seeds.
RUNS = [
    ("shuffle-mania", {}, None, 300),
    ("shuffle-mania", {"level": "easy", "shuffle": "riffle"}, "greedy", 200),
    ("shuffle-mania", {"players": 2, "jokers": True}, None, 200),
    ("shuffle-mania", {"level": "medium", "start": "new-deck"}, None, 151),
    ("double-solitaire", {"target": 10}, None, 5),
    ("double-solitaire", {"target": 10, "players": 3}, "medium", 4),
    ("hunsberger", {}, "greedy", 15),
    ("hunsberger", {}, None, 8),
    ("horde", {"players": 2}, "random", 5),
    ("horde", {"players": 3}, "basic", 3),
]


@pytest.mark.parametrize("run", range(len(RUNS)), ids=lambda i: f"{RUNS[i][0]}-{i}")
def test_the_folded_summary_is_the_list_based_one(run: int) -> None:
    name, given_options, bot, games = RUNS[run]
    game = get_game(name)
    for seed in (1, 2, 3):
        job = job_for(name, given_options, bot, seed)
        results = play_many(job, games)
        expected = text(summarize(game, results))
        assert text(fold_many(job, games).summary()) == expected, (name, seed)
        # In any order of arrival (a cluster's batches), and for every prefix.
        order = list(enumerate(results))
        random.Random(seed).shuffle(order)
        shuffled = Tally(game)
        for index, result in order:
            shuffled.add(result, index)
        assert text(shuffled.summary()) == expected, (name, seed)
        # Tallies of batches (a cluster's workers), pickled and merged in any order.
        merged = Tally(game)
        cuts = sorted(random.Random(seed).sample(range(1, games), min(games - 1, 4)))
        parts = []
        for start, stop in zip([0, *cuts], [*cuts, games], strict=True):
            part = Tally(game)
            for index in range(start, stop):
                part.add(results[index], index)
            parts.append(pickle.loads(pickle.dumps(part)))
        random.Random(seed).shuffle(parts)
        for part in parts:
            merged.merge(part)
        assert len(merged) == games
        assert text(merged.summary()) == expected, (name, seed)
        prefix = Tally(game)
        for result in results[: games // 2]:
            prefix.add(result)
        assert text(prefix.summary()) == text(summarize(game, results[: games // 2]))


def test_no_game_is_left_to_the_list_kept_for_a_game_without_a_tally() -> None:
    from cardcli.engine.game import all_games

    for game in all_games():
        assert game.summarize is None or game.tally is not None, game.name


def test_workers_fold_the_same_summary() -> None:
    job = job_for("shuffle-mania", {"level": "hard"}, None, 11)
    game = get_game("shuffle-mania")
    expected = text(summarize(game, play_many(job, 500)))
    assert text(fold_many(job, 500, workers=2).summary()) == expected
    assert text(summarize(game, play_many(job, 500, workers=2))) == expected


def test_the_pool_is_given_a_bounded_number_of_chunks(monkeypatch: Any) -> None:
    """Chunks given out and not yet folded: at most IN_FLIGHT a worker, however many games."""
    given_out: list[tuple[int, int]] = []  # (start, stop) of each chunk given to the pool
    real = multiprocessing.pool.Pool.apply_async

    def counted(self: Any, func: Any, args: Any = (), *rest: Any, **kwargs: Any) -> Any:
        given_out.append((args[1], args[2]))
        return real(self, func, args, *rest, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "apply_async", counted)
    monkeypatch.setattr(simulate, "MAX_CHUNK", 5)
    job = job_for("shuffle-mania", {}, None, 5)
    most = 0

    def take(index: int, result: dict[str, Any]) -> None:
        nonlocal most
        # Chunks come back in order: those starting after this game are not folded yet.
        most = max(most, sum(1 for start, _ in given_out if start > index))

    each_result(job, 400, take, workers=2)
    assert sum(stop - start for start, stop in given_out) == 399  # game 0 is played here
    assert len(given_out) >= 80
    assert most <= simulate.IN_FLIGHT * 2


def test_ctrl_c_while_folding_stops_after_whole_games() -> None:
    """A Ctrl-C that lands while a result is folded in is raised once it is folded."""
    job = job_for("shuffle-mania", {}, None, 3)
    game = get_game("shuffle-mania")
    tally = Tally(game)

    def take(index: int, result: dict[str, Any]) -> None:
        if index == 5:
            os.kill(os.getpid(), signal.SIGINT)  # lands here, in the middle of this fold
        tally.add(result, index)

    with pytest.raises(KeyboardInterrupt):
        each_result(job, 50, take)
    assert len(tally) == 6
    assert text(tally.summary()) == text(summarize(game, play_many(job, 6)))
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_tally_keeps_no_list_of_results() -> None:
    """tracemalloc's peak over 3,000 Shuffle-Mania games is that over 300 (within a generous
    3x): the list of results the summary was read from took about 630 bytes a game (10x)."""
    job = job_for("shuffle-mania", {}, None, 8)
    fold_many(job, 50)  # what the first games set up once (caches) is not the run's memory
    peaks = []
    for games in (300, 3_000):
        tracemalloc.start()
        try:
            fold_many(job, games)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    small, big = peaks
    assert big <= 3 * small, peaks


def _as_statistics(values: list[float] | list[int]) -> Histogram:
    """A histogram and a total of ``values``, checked against ``statistics``."""
    histogram, total = Histogram(), Total()
    for value in values:
        histogram.add(value)
        total.add(value)
    assert histogram.mean() == statistics.fmean(values) == total.mean()
    assert histogram.median() == statistics.median(values)
    assert histogram.median_low() == statistics.median_low(values)
    return histogram


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 200), min_size=1, max_size=60))
def test_a_histogram_gives_what_statistics_gives_of_integers(values: list[int]) -> None:
    histogram = _as_statistics(values)
    assert type(histogram.median()) is type(statistics.median(values))
    assert (histogram.min(), histogram.max(), histogram.n) == (
        min(values),
        max(values),
        len(values),
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=40))
def test_a_histogram_gives_what_statistics_gives_of_floats(values: list[float]) -> None:
    _as_statistics(values)


def test_a_histogram_of_nothing_says_so() -> None:
    for figure in (Histogram().mean, Histogram().median, Histogram().median_low, Total().mean):
        with pytest.raises(ValueError):
            figure()
    histogram = Histogram()
    histogram.add(7, times=3)
    assert (histogram.median(), histogram.median_low(), histogram.mean(), histogram.n) == (
        7,
        7,
        7.0,
        3,
    )


def test_a_cluster_folds_on_its_workers_the_same_summary() -> None:
    """Each worker's tally of its batch, merged here in the order batches come back."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    from cardcli.cluster import fold_on_cluster

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as cluster:
        for name, given_options, bot, games, batch in (
            ("shuffle-mania", {"players": 2}, None, 90, 7),
            ("hunsberger", {}, "greedy", 9, 2),
            ("horde", {"players": 2}, "random", 4, 1),
        ):
            job = job_for(name, given_options, bot, 6)
            expected = text(summarize(get_game(name), play_many(job, games)))
            folded = fold_on_cluster(job, games, cluster.scheduler_address, batch=batch)
            assert text(folded.summary()) == expected, name
