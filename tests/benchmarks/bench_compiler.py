"""The Oracle-text compiler: the whole card database, and Horde games of compiled cards.

    python tests/benchmarks/bench_compiler.py [--games 100] [--seed 1] [--rounds 3]

Goals (issue 22): every card of the database compiled in under a minute on one
core; a Horde game of compiled cards at 20 or more games a second on one core
with basic bots. Cards are compiled as they are looked up (a 100-card deck in
a few milliseconds), so there is nothing to ship or cache: this measures what
compiling all of them costs. The games are a real Horde deck's (The Horde app's
Humans: its cards come from the card database, compiled) against the bundled
player decks, in CPU time of one process, on fixed seeds (game i of seed S is the same game
in every run and on every version, so two runs compare like with like). A game's cost is
that of a ``simulate`` child of ``--games`` games less that of one game (its start-up),
each child's own CPU time (``os.wait4``); the two are interleaved over ``--rounds``
rounds (1 then N, then N then 1, ...) and the median of the rounds' rates is printed.
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

from cardcli.cards.mtg.carddb import CardDatabase
from cardcli.cards.mtg.compiler import compile_card
from cardcli.cards.mtg.pool import SHIPPED_DB

HORDE = Path(__file__).resolve().parents[1] / "fixtures" / "decks" / "horde"
GOAL_SECONDS = 60.0
GOAL_GAMES = 20.0


def whole_database() -> None:
    database = CardDatabase(SHIPPED_DB)
    records = [database.record(data) for block in database.raw_blocks() for _key, data in block]
    started = time.process_time()
    statuses: dict[str, int] = {}
    for record in records:
        if record.get("faces"):
            continue
        status = compile_card(record).status
        statuses[status] = statuses.get(status, 0) + 1
    spent = time.process_time() - started
    print(
        f"compile every card ({len(records)}): {spent:.1f} s CPU, "
        f"{len(records) / spent:,.0f} cards/s; goal {GOAL_SECONDS:.0f} s: "
        f"x{GOAL_SECONDS / spent:.1f} under it"
    )
    print("  " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))


def horde_games(games: int, deck: Path, seed: int, rounds: int) -> None:
    exe = shutil.which("cardcli") or str(Path(sys.executable).with_name("cardcli"))
    base = [exe, "simulate", "horde", "--horde", str(deck), "--bot", "basic", "--players", "3"]
    rates = []
    peaks: dict[int, int] = {}  # KiB (Linux's ru_maxrss)
    for number in range(rounds):  # the difference is the games' own cost, start-up apart
        costs: dict[int, float] = {}
        for count in (1, games) if number % 2 == 0 else (games, 1):
            command = [*base, "--games", str(count), "--workers", "1", "--seed", str(seed)]
            with subprocess.Popen(command, stdout=subprocess.DEVNULL) as child:
                _pid, _status, usage = os.wait4(child.pid, 0)
                child.returncode = 0
            costs[count] = usage.ru_utime + usage.ru_stime
            peaks[count] = max(peaks.get(count, 0), usage.ru_maxrss)
        rates.append((games - 1) / max(1e-9, costs[games] - costs[1]))
    rate = statistics.median(rates)
    print(
        f"Horde games of compiled cards ({deck.stem}, 3 basic bots): {rate:.1f} games a CPU "
        f"second (the median of {rounds} interleaved rounds); goal {GOAL_GAMES:.0f}: "
        f"x{rate / GOAL_GAMES:.2f}"
    )
    # Cards are compiled as a deck looks them up: the memory of many games is that of one.
    print(
        f"  peak memory: 1 game {peaks[1] / 1024:.0f} MiB, {games} games "
        f"{peaks[games] / 1024:.0f} MiB (x{peaks[games] / max(1, peaks[1]):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    whole_database()
    for name in ("valcur_thehorde_human", "valcur_thehorde_zombie"):
        horde_games(args.games, HORDE / f"{name}.txt", args.seed, args.rounds)


if __name__ == "__main__":
    main()
