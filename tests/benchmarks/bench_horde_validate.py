"""Horde ``validate`` and ``replay`` against a bare ``json.loads``, and against another tree;
run by hand.

    python tests/benchmarks/bench_horde_validate.py [--rounds 5] [--against OLD_TREE]
        [--simulate GAMES]

What it measures (issue 26: ``validate`` at most 4x ``json.loads`` of the same lines, read
as meant for the logs the issue measured, see ``bench_replay``; Horde replay at least 20,000
events/s). The logs are those of ``bench_replay``: ``cardcli play
horde --players 3 --bot basic --seed 1|2|4|5`` (3,141 lines on main), written by this tree's
CLI and not timed. ``validate`` replays the whole log through the Magic rules core and asks
the basic bot again for each of its lines, so it cannot come near reading JSON; this
benchmark follows how much of the engine's cost is left.

Every figure is CPU time, each in a child process (``getrusage`` of the child is not
used: the child times its own passes with ``time.process_time()``, after one warm-up pass
that reads the card pool and checks the header). Each child runs ``--rounds`` passes of
``check_log`` over the four logs, ``replay`` (``actions.replay.replay``) of them, and a
bare ``json.loads`` of the same lines, interleaved, and reports the least CPU of each (the
pass least disturbed by other jobs on a shared machine); the figures printed are the
medians of those over the children, and each ratio the median of the ratios of pairs.

With ``--against OLD_TREE`` (a source tree of another cardcli, e.g. ``git archive main
cardcli schemas decklists | tar -x -C OLD_TREE``) the same child runs with that tree first
on ``sys.path``, alternating with this tree's (old, new, old, new, ...), and the median
of the ratios new/old is printed. ``--simulate GAMES`` also times ``cardcli simulate horde
--games GAMES --players 3 --bot basic --seed 1 --workers 1`` (the child's user+sys CPU),
old and new interleaved.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_replay import HORDE_GOAL, horde_logs

HERE = Path(__file__).resolve().parents[2]

CHILD = r"""
import contextlib, io, json, sys, time
from cardcli.actions.replay import replay
from cardcli.actions.validate import check_log
rounds, paths = int(sys.argv[1]), sys.argv[2:]
def validate():
    for p in paths:
        problems, _count, _finished = check_log(p)
        assert not problems, problems[:3]
def replayed():
    for p in paths:
        with contextlib.redirect_stdout(io.StringIO()):
            assert replay(p, False, None) == 0, p
def loads():
    for p in paths:
        with open(p, "rb") as handle:
            for data in handle:
                json.loads(data)
validate(); replayed()
times = {"validate": [], "replay": [], "json": []}
for _ in range(rounds):
    for name, action in (("json", loads), ("validate", validate), ("replay", replayed)):
        started = time.process_time()
        action()
        times[name].append(time.process_time() - started)
print(json.dumps({name: min(t) for name, t in times.items()}))
"""


def write_logs(folder: Path) -> list[Path]:
    """``bench_replay``'s Horde logs, written by this tree's CLI."""
    return horde_logs(folder, [sys.executable, "-m", "cardcli"], _env(str(HERE)))


def _env(tree: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = tree
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def child(tree: str, rounds: int, paths: list[Path], folder: Path) -> dict[str, float]:
    import json

    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(rounds), *map(str, paths)],
        env=_env(tree),
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{tree}: {out.stderr.strip().splitlines()[-1]}")
    found: dict[str, float] = json.loads(out.stdout)
    return found


def child_cpu(args: list[str], tree: str, folder: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        args, env=_env(tree), cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=3, help="old/new child pairs")
    parser.add_argument("--against", help="a source tree of another cardcli")
    parser.add_argument("--simulate", type=int, default=0, help="games of cardcli simulate")
    args = parser.parse_args()
    trees = [("new", str(HERE))]
    if args.against:
        old = Path(args.against).resolve()
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(old / "cardcli")])
        trees.insert(0, ("old", str(old)))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(HERE / "cardcli")])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = write_logs(folder)
        lines = sum(len(p.read_bytes().splitlines()) for p in paths)
        seen: dict[str, list[dict[str, float]]] = {name: [] for name, _ in trees}
        for _ in range(args.pairs if args.against else 1):
            for name, tree in trees:
                seen[name].append(child(tree, args.rounds, paths, folder))
        print(
            f"Horde, 4 logs of 3 basic bots ({lines:,} lines), CPU, medians over children of each child's least:"
        )
        for name, _tree in trees:
            runs = seen[name]
            v = statistics.median(r["validate"] for r in runs)
            r = statistics.median(r["replay"] for r in runs)
            j = statistics.median(r["json"] for r in runs)
            ratio = statistics.median(x["validate"] / x["json"] for x in runs)
            print(
                f"  {name}: validate {v * 1e3:.1f} ms = {ratio:.1f}x json.loads ({j * 1e3:.1f} ms)"
                f" [{HORDE_GOAL}]; replay {r * 1e3:.1f} ms = {lines / r:,.0f} lines/s"
                " [goal: at least 20,000]"
            )
        if args.against:
            for what in ("validate", "replay"):
                ratios = [n[what] / o[what] for o, n in zip(seen["old"], seen["new"], strict=True)]
                print(
                    f"  {what} new / old: median of {len(ratios)} interleaved pairs"
                    f" {statistics.median(ratios):.3f} ({' '.join(f'{x:.3f}' for x in ratios)})"
                )
        if args.simulate:
            command = [sys.executable, "-m", "cardcli", "simulate", "horde", "--games"]
            command += [str(args.simulate), "--players", "3", "--bot", "basic", "--seed", "1"]
            command += ["--workers", "1"]
            cpu: dict[str, list[float]] = {name: [] for name, _ in trees}
            for _ in range(args.pairs):
                for name, tree in trees:
                    cpu[name].append(child_cpu(command, tree, folder))
            line = ", ".join(f"{n} {statistics.median(cpu[n]):.2f} s" for n, _ in trees)
            print(f"simulate horde --games {args.simulate} --players 3 --bot basic: CPU {line}")
            if args.against:
                ratios = [n / o for o, n in zip(cpu["old"], cpu["new"], strict=True)]
                print(f"  new / old: median of {len(ratios)} pairs {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
