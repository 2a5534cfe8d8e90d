"""Peak memory of ``cardcli simulate shuffle-mania`` at 10,000 games and at 1,000,000.

    python tests/benchmarks/bench_simulate_memory.py [--games 1000000] [--small 10000]
        [--workers 1] [--json] [--logs] [--cluster local:2] [--against /work/main]

Runs ``cardcli simulate shuffle-mania --games N --seed 1`` in a fresh process for
the small and the big N and prints the child's peak resident memory and CPU time,
from ``os.wait4``: the child's own ``getrusage``, which counts the processes it
waited for too (with ``--workers K``, its pool's workers: the peak is that of the
largest one process, the CPU that of them all). Then the ratio big / small.
Issue 26's goal: 1,000,000 games within 1.2x the memory of 10,000 (a streaming
summary, not a list of results).

``--logs`` writes every game's log to a temporary folder (deleted after);
``--json`` prints the summary as JSON; ``--cluster ADDRESS`` plays on a Dask
cluster (``local:K`` starts one, whose scheduler runs in the measured process).
``--against DIR`` measures the code in DIR too (``PYTHONPATH=DIR``, e.g. a
checkout of the code before the fold), each run of one interleaved with the same
run of the other. At 0.65 KiB a game (before), 1,000,000 games take about 0.6
GiB: give ``--games 100000`` for that side.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]  # the checkout this benchmark is in


def measure(
    code: str | None, games: int, workers: int, as_json: bool, logs: bool, cluster: str | None
) -> tuple[int, float]:
    """(peak RSS in KiB, CPU seconds) of one ``simulate`` child process."""
    command = [sys.executable, "-m", "cardcli", "simulate", "shuffle-mania"]
    command += ["--games", str(games), "--seed", "1", "--workers", str(workers)]
    if as_json:
        command.append("--json")
    if cluster:
        command += ["--cluster", cluster]
    env = dict(os.environ)
    env["PYTHONPATH"] = code or str(HERE)  # run from there: python -m puts it first
    folder = tempfile.mkdtemp(prefix="bench-simulate-") if logs else None
    if folder is not None:
        command += ["--logs", str(Path(folder) / "logs")]
    try:
        child = subprocess.Popen(command, env=env, cwd=env["PYTHONPATH"], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: exit status {child.returncode}")
    return usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="the big run")
    parser.add_argument("--small", type=int, default=10_000, help="the small run")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--logs", action="store_true")
    parser.add_argument("--cluster", metavar="ADDRESS", help="simulate --cluster ADDRESS")
    parser.add_argument("--against", metavar="DIR", help="also measure the code in DIR")
    args = parser.parse_args()
    sides: list[tuple[str, str | None]] = [("this code", None)]
    if args.against:
        sides.append((f"{args.against}", args.against))
    figures: dict[str, dict[int, tuple[int, float]]] = {label: {} for label, _ in sides}
    for games in (args.small, args.games):  # A, B, A, B: one side after the other, each size
        for label, code in sides:
            peak, cpu = measure(code, games, args.workers, args.json, args.logs, args.cluster)
            figures[label][games] = (peak, cpu)
            print(
                f"{label}: {games:>9,} games: peak RSS {peak / 1024:7.1f} MiB, CPU {cpu:7.1f} s",
                flush=True,
            )
    how = f"--workers {args.workers}" + (" --json" if args.json else "")
    how += " --logs DIR" if args.logs else ""
    how += f" --cluster {args.cluster}" if args.cluster else ""
    for label, _ in sides:
        (small, _), (big, _) = figures[label][args.small], figures[label][args.games]
        growth = (big - small) / max(1, args.games - args.small)
        print(
            f"{label} ({how}): {args.games:,} games / {args.small:,} games: "
            f"peak RSS {big / small:.2f}x ({growth:.3f} KiB a game more); goal <= 1.2x"
        )


if __name__ == "__main__":
    main()
