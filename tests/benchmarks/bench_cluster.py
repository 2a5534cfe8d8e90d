"""A Dask cluster against local worker processes, on the same machine; run by hand.

    python tests/benchmarks/bench_cluster.py [--games 4000] [--workers 2] [--rounds 3]
        [--batches measured,1,10,100]

Plays the same Shuffle-Mania simulation (hard, greedy, riffle) as ``simulate
--workers K`` does (a process pool, ``cardcli.simulate.each_result``) and as
``simulate --cluster local:K`` does (a Dask LocalCluster of K worker processes,
``cardcli.cluster.fold_on_cluster``), both folding the results into a ``Tally``.
Each is timed the same way, in three parts: its start-up (the pool's processes
forked; the LocalCluster's scheduler and workers started), the run (the games,
with whatever the workers import on their first task) and its shut-down.

Time is CPU time of the whole process tree (this process, its live children read
with psutil, and its ended children), so the figures hold on a busy machine; the
wall-clock time is printed beside it. The sides are interleaved: round r plays
pool then cluster, round r+1 cluster then pool. Each round prints both; the end
prints the median ratios cluster / pool of start-up, run and all together, and
the cluster's run for other batch sizes (``--batches``: ``measured`` is the
default of about 0.3 s of work a batch) against the pool's run of the same round.
The summaries of both sides are checked to be the same. Needs
``pip install 'cardcli[cluster]'``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import distributed
import psutil

from cardcli.cluster import fold_on_cluster
from cardcli.engine.game import get_game
from cardcli.simulate import Job, each_result, start_pool
from cardcli.tally import Tally


def tree_cpu() -> float:
    """CPU seconds of this process, its live children and its ended (waited for) ones."""
    me = psutil.Process()
    own = me.cpu_times()
    total = own.user + own.system + own.children_user + own.children_system
    for child in me.children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:  # ended since it was listed: counted once waited for
            continue
        total += times.user + times.system
    return total


class Clock:
    """CPU (process tree) and wall seconds of each named part."""

    def __init__(self) -> None:
        self.parts: dict[str, tuple[float, float]] = {}

    def time(self, part: str, work: Callable[[], Any]) -> Any:
        cpu, wall = tree_cpu(), time.perf_counter()
        value = work()
        self.parts[part] = (tree_cpu() - cpu, time.perf_counter() - wall)
        return value


def pool_side(job: Job, games: int, workers: int) -> tuple[Clock, str]:
    clock = Clock()
    tally = Tally(get_game(job.game))
    pool = clock.time("start-up", lambda: start_pool(workers))

    def run() -> None:
        each_result(job, games, lambda i, r: tally.add(r, i), workers, pool=pool)

    clock.time("run", run)

    def stop() -> None:
        pool.close()
        pool.join()

    clock.time("shut-down", stop)
    return clock, str(tally.summary())


def cluster_side(
    job: Job, games: int, workers: int, batches: list[int | None]
) -> tuple[Clock, str]:
    clock = Clock()

    def start() -> Any:
        return distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
        )

    cluster = clock.time("start-up", start)
    summary = ""
    try:
        for batch in batches:
            part = "run" if batch is None else f"run, batch {batch}"
            tally = clock.time(
                part,
                lambda b=batch: fold_on_cluster(job, games, cluster.scheduler_address, batch=b),
            )
            summary = summary or str(tally.summary())
    finally:
        clock.time("shut-down", cluster.close)
    return clock, summary


def show(label: str, clock: Clock) -> None:
    parts = ", ".join(
        f"{part} {cpu:6.2f} s CPU ({wall:5.2f} s wall)" for part, (cpu, wall) in clock.parts.items()
    )
    print(f"  {label:<8} {parts}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", default="measured", help="cluster batch sizes: measured,1,10")
    args = parser.parse_args()
    batches: list[int | None] = [None]
    batches += [int(b) for b in args.batches.split(",") if b.strip() not in ("", "measured")]
    game = get_game("shuffle-mania")
    options, setup = game.resolve_options({"level": "hard", "shuffle": "riffle"})
    job = Job(game.name, options, setup, {"p1": "greedy"}, 1, None)
    print(f"{args.games} Shuffle-Mania games, {args.workers} workers, {args.rounds} rounds")
    ratios: dict[str, list[float]] = {}
    for number in range(args.rounds):
        print(f"round {number + 1}")
        sides: list[tuple[str, Callable[[], tuple[Clock, str]]]] = [
            ("pool", lambda: pool_side(job, args.games, args.workers)),
            ("cluster", lambda: cluster_side(job, args.games, args.workers, batches)),
        ]
        clocks: dict[str, Clock] = {}
        summaries: dict[str, str] = {}
        for label, side in sides if number % 2 == 0 else sides[::-1]:
            clocks[label], summaries[label] = side()
            show(label, clocks[label])
        assert summaries["pool"] == summaries["cluster"], "the summaries differ"
        pool, cluster = clocks["pool"].parts, clocks["cluster"].parts
        for part in cluster:
            mine = "run" if part.startswith("run") else part
            ratios.setdefault(part, []).append(cluster[part][0] / pool[mine][0])
        total = sum(cpu for part, (cpu, _) in cluster.items() if part in pool)
        ratios.setdefault("all (start-up, run, shut-down)", []).append(
            total / sum(cpu for cpu, _ in pool.values())
        )
    print(f"median ratios of CPU time, cluster / pool, over {args.rounds} rounds:")
    for part, values in ratios.items():
        print(f"  {part:<32} {statistics.median(values):6.2f}x")


if __name__ == "__main__":
    main()
