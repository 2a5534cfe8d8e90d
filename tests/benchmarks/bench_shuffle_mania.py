"""Shuffle-Mania and platform benchmarks; run by hand, not by the test suite.

    python tests/benchmarks/bench_shuffle_mania.py [--games 2000] [--rounds 5]

Prints ratios against floors measured in the same run (CPU time of this
process, so that other work on the machine counts less), so the figures mean
the same on a fast or a slow machine:

1. simulated games per second (hard, greedy bot, riffle model, nothing
   logged, as ``cardcli simulate`` plays them), and that run's time over an
   independent floor: the same number of Gilbert-Shannon-Reeds riffles of
   the same sizes, written plainly on Python's ``random`` (one draw a card),
   and nothing else: its generators are seeded and its decks dealt before
   the clock starts (target: within 2x). The floor riffles every
   ``shuffled`` line of the games' logs, the opening ritual's five
   included; a quiet run under RNG v3 (the default) draws the ritual's last
   deck directly and does not work those five out (``cardcli/engine/rng.py``).
   So the same ratio is printed for the same games under RNG v2 too, where
   the run works out every riffle the floor counts;
2. replay throughput in events per second (every line of the log counted),
   and its CPU time over a bare ``json.loads`` of the same lines, timed
   interleaved (replay, json.loads, replay, ...), the median ratio printed.
   (This used to be measured against parsing and schema-validating the
   lines, which is slower than the replay itself: that floor said nothing.
   ``tests/benchmarks/bench_replay.py`` measures replay, resume and validate
   against ``json.loads`` for every game, with the issue's goals);
3. `cardcli --version` start-up over `python -c "import click"`, child CPU
   time of each, run interleaved, the median ratio (target: within 1.5x).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from typing import Any

from cardcli.engine.game import get_game
from cardcli.engine.log import encode
from cardcli.engine.loop import run
from cardcli.engine.replay import replay_lines
from cardcli.engine.rng import RNG_ID, RNG_V2, derive
from cardcli.engine.session import Session


def simulate(
    games: int, seed: int, rng_id: str = RNG_ID
) -> tuple[float, list[list[dict[str, Any]]]]:
    game = get_game("shuffle-mania")
    options, setup = game.resolve_options({"level": "hard", "shuffle": "riffle"})
    seats = {"p1": "greedy"}
    logs = []
    started = time.process_time()
    for i in range(games):
        session = Session(game, options, setup, derive(seed, i), seats, rng_id=rng_id, quiet=True)
        run(session, lambda seat: None)
    elapsed = time.process_time() - started
    # The logs, for the shuffle count and the replay benchmark (not timed).
    for i in range(games):
        lines: list[dict[str, Any]] = []
        session = Session(game, options, setup, derive(seed, i), seats, [lines.append], rng_id)
        run(session, lambda seat: None)
        logs.append(lines)
    return elapsed, logs


def plain_riffle(rng: random.Random, cards: list[int]) -> list[int]:
    """The GSR riffle as anyone would write it: a binomial cut, then a draw a card."""
    n = len(cards)
    cut = bin(rng.getrandbits(n)).count("1") if n else 0
    left, right = cards[:cut], cards[cut:]
    out: list[int] = []
    i = j = 0
    a, b = len(left), len(right)
    while a and b:
        if rng.random() * (a + b) < a:
            out.append(left[i])
            i += 1
            a -= 1
        else:
            out.append(right[j])
            j += 1
            b -= 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out


def riffles_alone(logs: list[list[dict[str, Any]]], seed: int) -> float:
    """The floor: the same riffles (count and deck sizes) on Python's random, nothing else.

    The generators (the benchmark's own, never the engine's) are seeded and the
    decks dealt before the clock starts: only the riffles are timed.
    """
    sizes = [[len(line["cards"]) for line in lines if line["type"] == "shuffled"] for lines in logs]
    jobs = [
        (random.Random(derive(seed, i)), [list(range(size)) for size in game_sizes])
        for i, game_sizes in enumerate(sizes)
    ]
    started = time.process_time()
    for rng, decks in jobs:
        for deck in decks:
            plain_riffle(rng, deck)
    return time.process_time() - started


def replay_vs_json(
    logs: list[list[dict[str, Any]]], rounds: int
) -> tuple[int, float, float, list[float]]:
    """Replay of every log against ``json.loads`` of its lines, interleaved, in CPU time."""
    texts = [[encode(line) for line in lines] for lines in logs]
    events = sum(len(t) for t in texts)
    replays, floors, ratios = [], [], []
    for _ in range(max(1, rounds)):
        started = time.process_time()
        for game_texts in texts:
            _, divergence, _ = replay_lines(json.loads(text) for text in game_texts)
            assert divergence is None
        replays.append(time.process_time() - started)
        started = time.process_time()
        for game_texts in texts:
            for text in game_texts:
                json.loads(text)
        floors.append(time.process_time() - started)
        ratios.append(replays[-1] / floors[-1])
    return events, statistics.median(replays), statistics.median(floors), ratios


def child_cpu(command: list[str]) -> float:
    """User + system CPU of one run of ``command`` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startups(ours: list[str], theirs: list[str], runs: int = 15) -> tuple[float, float, float]:
    """Median child CPU of each command and the median ratio, run interleaved."""
    a, b, ratios = [], [], []
    for _ in range(runs):
        a.append(child_cpu(ours))
        b.append(child_cpu(theirs))
        ratios.append(a[-1] / b[-1])
    return statistics.median(a), statistics.median(b), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rounds", type=int, default=5, help="run and floor measured this many times, in turn"
    )
    args = parser.parse_args()

    python = ".".join(map(str, sys.version_info[:3]))
    ratios: dict[str, list[float]] = {RNG_ID: [], RNG_V2: []}
    for _ in range(max(1, args.rounds)):
        for rng_id, found in ratios.items():
            elapsed, logs = simulate(args.games, args.seed, rng_id)
            floor = riffles_alone(logs, args.seed)
            found.append(elapsed / floor)
            if rng_id == RNG_ID:
                kept = elapsed, floor, logs
    elapsed, floor, logs = kept
    riffles = sum(1 for lines in logs for line in lines if line["type"] == "shuffled")
    print(
        f"simulate (Python {python}): {args.games / elapsed:,.0f} games/s (hard, greedy, riffle);"
        f" {riffles} riffles, {5 * args.games} of them the opening ritual's"
    )
    mine, old = ratios[RNG_ID], ratios[RNG_V2]
    print(
        f"  run / plain riffles alone = {elapsed:.3f}s / {floor:.3f}s = {elapsed / floor:.2f}x;"
        f" median of {len(mine)} rounds {statistics.median(mine):.2f}x"
        f" ({min(mine):.2f}x-{max(mine):.2f}x) (target <= 2x)"
    )
    print(
        f"  the same with {RNG_V2}, every riffle worked out: median"
        f" {statistics.median(old):.2f}x ({min(old):.2f}x-{max(old):.2f}x)"
    )

    events, replay_time, floor_time, ratios = replay_vs_json(logs, args.rounds)
    print(f"replay: {events / replay_time:,.0f} events/s over {events} lines (every line counted)")
    print(
        f"  replay / json.loads of the same lines = {replay_time:.3f}s / {floor_time:.3f}s;"
        f" median of {len(ratios)} interleaved rounds {statistics.median(ratios):.2f}x"
        f" ({min(ratios):.2f}x-{max(ratios):.2f}x)"
    )

    exe = shutil.which("cardcli") or str(
        __import__("pathlib").Path(sys.executable).parent / "cardcli"
    )
    ours, click_only, ratio = startups([exe, "--version"], [sys.executable, "-c", "import click"])
    print(
        f"start-up (child CPU, interleaved): cardcli --version {ours * 1000:.0f} ms /"
        f" import click {click_only * 1000:.0f} ms; median ratio {ratio:.2f}x (target <= 1.5x)"
    )


if __name__ == "__main__":
    main()
