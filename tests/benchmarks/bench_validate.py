"""How fast ``cardcli validate`` checks a long log, against ``json.loads`` and the old way.

The log: one Double Solitaire match of six hard bots to a high target (about
250k lines at the default). Three things are timed on it, interleaved (floor,
old, validate, floor, ...) in CPU time of this process, and the median of the
per-round ratios is printed:

- floor: ``json.loads`` of every line, nothing else;
- per-line jsonschema: every line decoded and checked by jsonschema (what
  validate once did);
- ``validate``: cardcli's validation as it is (every line compared with what
  the engine writes for the header and commands, a line that is the
  engine's bytes taken without decoding it; jsonschema only for lines that
  are not the engine's, to say what is wrong with them).

Issue 26's goal: ``validate`` at most 4x the floor (it was 7.4-7.6x).
``bench_replay.py`` measures the same ratio on Shuffle-Mania and Horde logs.

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


def cpu(action: Callable[[Path], None], path: Path) -> float:
    started = time.process_time()
    action(path)
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.jsonl"
        lines = write_match(path, args.target)
        validate(path)  # the schemas and validators loaded before any timing
        times: dict[str, list[float]] = {"floor": [], "old": [], "new": []}
        ratios: dict[str, list[float]] = {"new": [], "old": [], "speed-up": []}
        for _ in range(args.runs):
            base = cpu(floor, path)
            old = cpu(per_line_jsonschema, path)
            new = cpu(validate, path)
            for key, value in (("floor", base), ("old", old), ("new", new)):
                times[key].append(value)
            ratios["new"].append(new / base)
            ratios["old"].append(old / base)
            ratios["speed-up"].append(old / new)
    base, old, new = (statistics.median(times[key]) for key in ("floor", "old", "new"))
    runs = f"median of {args.runs} interleaved rounds"
    print(f"log: {lines:,} lines (Double Solitaire, 6 hard bots, target {args.target}); CPU time")
    print(f"floor (json.loads alone): {base:.2f} s, {lines / base:,.0f} lines/s")
    print(f"per-line jsonschema (the old validate): {old:.2f} s, {lines / old:,.0f} lines/s")
    print(f"cardcli validate: {new:.2f} s, {lines / new:,.0f} lines/s")
    print(
        f"validate / floor: {statistics.median(ratios['new']):.2f}x, {runs}"
        " (issue 26's goal: at most 4x; it was 7.4-7.6x)"
    )
    print(
        f"the old way / floor: {statistics.median(ratios['old']):.2f}x;"
        f" speed-up over the old way: {statistics.median(ratios['speed-up']):.2f}x"
    )


if __name__ == "__main__":
    main()
