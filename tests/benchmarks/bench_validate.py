"""How fast ``cardcli validate`` checks a long log, against its floor and the old way.

The log: one Double Solitaire match of six hard bots to a high target (about
250k lines at the default). Three timings on it, taken side by side:

- floor: ``json.loads`` of every line, nothing else;
- per-line jsonschema: what validate did before (decode, then every line
  through jsonschema), the reference the 4x goal is measured from;
- ``validate``: cardcli's validation as it is (every line compared with what
  the engine writes for the header and commands; jsonschema only for lines
  that are not the engine's, to explain them).

    python tests/benchmarks/bench_validate.py [--target 3000] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardcli.actions.validate import check_log
from cardcli.engine.game import get_game
from cardcli.engine.log import LogWriter
from cardcli.engine.loop import run
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session


def write_match(path: Path, target: int) -> int:
    game = get_game("double-solitaire")
    options, setup = game.resolve_options({"players": 6, "target": target})
    seats = {f"p{i}": "hard" for i in range(1, 7)}
    with path.open("wb") as handle:
        session = Session(game, options, setup, 2, seats, [LogWriter(handle)])
        run(session, lambda _seat: None)
    return session.seq


def floor(path: Path) -> None:
    with path.open("rb") as handle:
        for line in handle:
            json.loads(line)


def per_line_jsonschema(path: Path) -> None:
    validator = LineValidator("double-solitaire")
    with path.open("rb") as handle:
        for line in handle:
            assert not validator.errors(json.loads(line))


def validate(path: Path) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        problems, _count, _finished = check_log(str(path))
    assert not problems, problems[:3]


def timed(action: Callable[[Path], None], path: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action(path)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.jsonl"
        lines = write_match(path, args.target)
        base = timed(floor, path, args.runs)
        old = timed(per_line_jsonschema, path, 1)
        new = timed(validate, path, args.runs)
    print(f"log: {lines:,} lines (Double Solitaire, 6 hard bots, target {args.target})")
    print(f"floor (json.loads alone): {base:.2f} s, {lines / base:,.0f} lines/s")
    print(f"per-line jsonschema (the old validate): {old:.2f} s, {lines / old:,.0f} lines/s")
    print(f"cardcli validate: {new:.2f} s, {lines / new:,.0f} lines/s")
    print(f"validate / floor: {new / base:.2f}x; the old way / floor: {old / base:.2f}x")
    print(f"speed-up over the old way: {old / new:.2f}x (goal: at least 4x)")


if __name__ == "__main__":
    main()
