"""Peak memory of replay, validate, diff and resume against the length of the log.

Each command streams its log, so its peak memory should not grow with the
log's length. This writes unfinished logs of 10k and 1M lines (a person's
Shuffle-Mania game with many rejected lines, and a real-time Double Solitaire
game of a person and two bots), runs each command on each in a fresh process and prints the peak resident memory and the ratio 1M / 10k
(the goal: at most 1.2).

    python tests/benchmarks/bench_log_memory.py [--big 1000000] [--small 10000]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cardcli.engine.game import get_game
from cardcli.engine.log import LogWriter
from cardcli.engine.session import Session

MEASURE = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def write_log(path: Path, lines: int) -> None:
    game = get_game("shuffle-mania")
    options, setup = game.resolve_options({"level": "easy"})
    with path.open("wb") as handle:
        session = Session(game, options, setup, 11, None, [LogWriter(handle)])
        session.submit("auto")
        words = ("xyzzy", "remove 99", "cut 0", "frobnicate now")
        index = 0
        while session.seq < lines:
            session.submit(words[index % len(words)])
            index += 1


def write_timed_log(path: Path, lines: int) -> None:
    """A real-time game (Double Solitaire, p1 a person turning cards, two hard bots)."""
    from cardcli.engine.loop import run_timed

    game = get_game("double-solitaire")
    options, setup = game.resolve_options({"players": 3, "target": 100_000})
    seats = {"p1": "human", "p2": "hard", "p3": "hard"}
    with path.open("wb") as handle:
        session = Session(game, options, setup, 5, seats, [LogWriter(handle)])
        times = iter(range(2000, 10**12, 2000))

        def read(_timeout: float | None) -> str | None:
            return f"@{next(times)} f" if session.seq < lines else None

        run_timed(session, read)


def peak_kib(args: list[str]) -> int:
    result = subprocess.run(
        [sys.executable, "-c", MEASURE, *args], capture_output=True, text=True, check=True
    )
    return int(result.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=10_000)
    args = parser.parse_args()
    exe = shutil.which("cardcli") or str(Path(sys.executable).with_name("cardcli"))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        sizes = {"small": args.small, "big": args.big}
        for name, lines in sizes.items():
            write_log(root / f"{name}.jsonl", lines)
            (root / f"{name}-copy.jsonl").write_bytes((root / f"{name}.jsonl").read_bytes())
            write_timed_log(root / f"{name}-timed.jsonl", lines)
        empty = root / "empty.txt"
        empty.write_text("", encoding="utf-8")
        commands = {
            "replay": lambda n: ["replay", str(root / f"{n}.jsonl")],
            "validate": lambda n: ["validate", str(root / f"{n}.jsonl")],
            "diff": lambda n: ["diff", str(root / f"{n}.jsonl"), str(root / f"{n}-copy.jsonl")],
            "resume": lambda n: ["resume", str(root / f"{n}.jsonl"), str(empty)],
            "resume (real-time)": lambda n: ["resume", str(root / f"{n}-timed.jsonl"), str(empty)],
        }
        print(f"log lines: small {args.small:,}, big {args.big:,}")
        print(f"{'command':<20} {'small KiB':>10} {'big KiB':>10} {'big/small':>10}")
        for command, build in commands.items():
            small = peak_kib([exe, *build("small")])
            big = peak_kib([exe, *build("big")])
            print(f"{command:<20} {small:>10,} {big:>10,} {big / small:>10.2f}")


if __name__ == "__main__":
    main()
