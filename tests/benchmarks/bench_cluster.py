"""The cost of a Dask cluster against local worker processes, on the same machine.

    python tests/benchmarks/bench_cluster.py [--games 4000] [--workers 2]

Plays the same Shuffle-Mania simulation (hard, greedy, riffle) with
``--workers K`` (a process pool) and with ``--cluster local:K`` (a Dask
LocalCluster of K worker processes, started beforehand and not timed), and
prints games per second and their ratio, then the cluster's speed for several
batch sizes (1, 10, 100 and the measured default of about 0.3 s of work).
Needs ``pip install 'cardcli[cluster]'``.
"""

from __future__ import annotations

import argparse
import time

import distributed

from cardcli.cluster import play_on_cluster
from cardcli.engine.game import get_game
from cardcli.simulate import Job, play_many


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    game = get_game("shuffle-mania")
    options, setup = game.resolve_options({"level": "hard", "shuffle": "riffle"})
    job = Job(game.name, options, setup, {"p1": "greedy"}, 1, None)

    started = time.perf_counter()
    local = play_many(job, args.games, workers=args.workers)
    pool = time.perf_counter() - started
    print(f"--workers {args.workers}: {args.games / pool:,.0f} games/s")
    with distributed.LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=50,
    ) as cluster:
        address = cluster.scheduler_address
        play_on_cluster(job, 50, address)  # workers warm: modules imported
        for batch in (None, 1, 10, 100):
            started = time.perf_counter()
            results = play_on_cluster(job, args.games, address, batch=batch)
            elapsed = time.perf_counter() - started
            assert results == local
            label = "measured (about 0.3 s a batch)" if batch is None else str(batch)
            print(
                f"--cluster local:{args.workers}, batch {label}: {args.games / elapsed:,.0f} games/s,"
                f" {elapsed / pool:.2f}x the time of --workers {args.workers}"
            )


if __name__ == "__main__":
    main()
