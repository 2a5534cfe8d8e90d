"""Start-up time of the CLI against ``python -c "import click"``, side by side.

    python tests/benchmarks/bench_startup.py [--runs 15]

Goals: ``--version``, ``--help`` and ``games`` within 1.3x of importing click
(the registry names the games without importing any); ``play`` within 1.5x
(here: a one-card Shuffle-Mania game played to its end by a script, the log on stdout).
Medians of alternating runs, so a busy machine slows both sides alike.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str], cwd: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, check=True, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, cwd=cwd
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    import importlib.util

    import cardcli.cli

    compiled = importlib.util.cache_from_source(cardcli.cli.__file__)
    if not Path(compiled).exists():  # an editable install run with PYTHONDONTWRITEBYTECODE
        print(
            "note: cardcli has no compiled bytecode here, so every start compiles it; "
            "pip install compiles it once (python -m compileall cardcli does the same)"
        )
    exe = shutil.which("cardcli") or str(Path(sys.executable).with_name("cardcli"))
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "done.txt"
        script.write_text("done\n", encoding="utf-8")
        commands = {
            "--version": ([exe, "--version"], 1.3),
            "--help": ([exe, "--help"], 1.3),
            "games": ([exe, "games"], 1.3),
            "play": (
                [exe, "play", "shuffle-mania", "--order", "9c", "--seed", "1", str(script)],
                1.5,
            ),
        }
        baseline = [sys.executable, "-c", "import click"]
        for name, (command, goal) in commands.items():
            ours, click_only = [], []
            for _ in range(args.runs):
                ours.append(timed(command, folder))
                click_only.append(timed(baseline, folder))
            a, b = statistics.median(ours), statistics.median(click_only)
            print(
                f"{name:<10} {a * 1000:6.0f} ms / import click {b * 1000:5.0f} ms = {a / b:.2f}x (goal <= {goal}x)"
            )


if __name__ == "__main__":
    main()
