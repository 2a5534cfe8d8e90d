"""The card database in use: lookups, a 100-card deck's validation, memory.

    python tests/benchmarks/bench_carddb.py [--runs 9]

Goals (issue 21): ``cards show NAME`` well under a second; ``deck validate`` of
a 100-card Commander deck under a second of CPU beyond start-up (``cardcli
--version``) and under 100 MB peak RSS. Every command runs once per round, the
rounds one after the other (interleaved); CPU and peak RSS are the child's own
(``getrusage``), so a busy machine changes little. A figure "beyond start-up" is
the median of each round's difference with that round's ``--version``; the
goals are judged on CPU, never on wall time (wall times are shown for reference).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

DECK = Path(__file__).resolve().parents[1] / "fixtures" / "decks" / "commander"


def measured(command: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MB) of one run of ``command``."""
    started = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL) as child:
        _pid, _status, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped here: Popen must not wait for it again
    wall = time.perf_counter() - started
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    exe = shutil.which("cardcli") or str(Path(sys.executable).with_name("cardcli"))
    deck = DECK / "forge_arcane_maelstrom.txt"
    commands = {
        "--version": [exe, "--version"],
        "cards show": [exe, "cards", "show", "Cultivate"],
        "cards show (a token)": [exe, "cards", "show", "Dinosaur", "1/1", "red"],
        "deck validate (100 cards)": [exe, "deck", "validate", str(deck)],
        "cards search": [exe, "cards", "search", "destroy", "target", "creature"],
    }
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            results[name].append(measured(command))
    base = [cpu for _, cpu, _ in results["--version"]]

    def beyond_start(runs: list[tuple[float, float, float]]) -> float:
        """The median over rounds of this command's CPU less that round's ``--version``."""
        return statistics.median(c - b for (_, c, _), b in zip(runs, base, strict=True))

    print(f"Python {sys.version.split()[0]}, {args.runs} interleaved rounds, medians")
    for name, runs in results.items():
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        rss = max(r for _, _, r in runs)
        extra = f"  CPU beyond start-up {beyond_start(runs):.3f} s" if name != "--version" else ""
        print(f"{name:<28} CPU {cpu:.3f} s  (wall {wall:.3f} s)  peak RSS {rss:.0f} MB{extra}")
    validate = results["deck validate (100 cards)"]
    beyond = beyond_start(validate)
    peak = max(r for _, _, r in validate)
    show = statistics.median(c for _, c, _ in results["cards show"])
    print(
        f"goals: cards show {show:.2f} s of CPU (well under 1 s); deck validate {beyond:.2f} s of CPU "
        f"beyond start-up (under 1 s), ratio {beyond:.2f}; peak {peak:.0f} MB "
        f"(under 100 MB), ratio {peak / 100:.2f}"
    )


if __name__ == "__main__":
    main()
