"""Horde turns as the board grows: the engine alone and each players' bot; run by hand.

    python tests/benchmarks/bench_horde_turns.py [--sizes 10 50 200 500 1000] [--old-up-to 200]

What it measures: one Horde turn, from its beginning of combat to the players' next
first main phase, in which N Zombie tokens (2/2) attack two players who have N/4
Bear tokens (2/2) each (life 999). The answers to the Horde's attack come from:

* ``engine, pass``: nobody blocks (the players pass; at N >= 500 the 2N damage ends the
  game, and the turn with it, at combat damage);
* ``engine, blocks``: each Bear blocks one Zombie by a scripted ``block`` command, the
  commands the bots give here, without the bots' thinking;
* ``basic``, ``planner``: the bot answers every question the turn asks the players.
  (Horde has no ``greedy`` or ``best`` bot: ``cardcli play horde --help``.) At N = 1000
  the N/2 Zombies no Bear blocks deal 1000 and the game ends at combat damage.

Each figure is CPU time (``time.process_time``) of the turn alone (the set-up is read and
the session made outside the timer; nothing logged, as simulate plays), the median of
several runs, the rows interleaved run
by run. Printed: milliseconds, microseconds per creature on the battlefield (N + N/2) and
that cost's ratio to the smallest board's: a ratio that stays near 1 means linear; one
that grows with N shows a regression toward super-linear at once.

Then, in the same run, the old algorithm against the new one, interleaved, where the old
one is affordable (``--old-up-to``): the bots as they were (their block plans worked out
one creature at a time, and again after every ``block`` command: ``fast`` and ``cached``
off) and as they are, the median of the old/new ratios of paired runs.

Last, the players' own turn, where the planner plans its attack (a greedy that scored
every creature able to attack at each pick, and worked the plan out again for each
command of forty attackers; now it scores from counts of kinds, or picks by runs of the
Horde's next attack, and keeps the plan for the declaration): N Bears against the Horde's
N/8 Zombies, tapped, so that attacking is worth it; the planner as it is, and (up to
``--old-up-to``) as it was, interleaved. Then the same turn against the Horde's N/8 Bats,
untapped: flyers no Bear can block (up to a quarter of ``--old-up-to`` as it was: one
creature at a time, the Horde's next attack worked out blocker by blocker), and again with
a Hawk among every four of the players' creatures (flyers that can block the Bats, so that
who stays home matters and every creature is a candidate).

The engine's part of a ``block`` command naming ids only (``named.blocks``: no look-up
of names, which sorted the battlefield every command) is the same in both old and new
runs: it was O(N) a command before, and is part of today's "engine, blocks" row.

Issue 26's goal: a Horde turn with 200 tokens under 50 ms, 500 under 150 ms, for each
bot, and near-linear cost per creature up to 1,000 (before: planner 243 ms at 50, 3.3 s
at 100, 45 s at 200; basic 235 ms at 200, 12.4 s at 500).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cardcli.engine.game import get_game
from cardcli.engine.session import Session
from cardcli.games.horde import basic, planner

sys.path.insert(0, str(Path(__file__).parent))
from bench_horde import BEAR, ZOMBIE, _loaded

ROWS = ("engine, pass", "engine, blocks", "basic", "planner")
BOTS = {"basic": basic.POLICY, "planner": planner.PLANNER}


def position(n: int) -> dict[str, Any]:
    return {
        "life": 999,
        "turn": 7,
        "active": "horde",
        "step": "begin_combat",
        "horde": {"battlefield": [{"token": ZOMBIE}] * n, "library": ["Zombie"] * 5},
        "p1": {"battlefield": [{"token": BEAR}] * (n // 4), "library": ["Forest"] * 30},
        "p2": {"battlefield": [{"token": BEAR}] * (n // 4), "library": ["Forest"] * 30},
    }


def turn(loaded: tuple[Any, Any], n: int, row: str) -> tuple[float, bool]:
    """CPU seconds of one Horde turn answered as ``row`` says, and whether the game ended."""
    options, setup = loaded
    bot = row if row in BOTS else None
    seats = {"p1": bot, "p2": bot} if bot else None
    session = Session(get_game("horde"), options, setup, 1, seats, quiet=True)
    table = session.state.table  # type: ignore[attr-defined]
    bears = sorted(o.id for o in table.battlefield.values() if o.controller != "horde")
    script = [f"block #{a} with #{b}" for a, b in zip(range(1, n + 1), bears, strict=False)]
    script.reverse()
    started = time.process_time()
    while not session.over and (table.active_team.name == "horde" or table.step != "main1"):
        seat = session.state.to_move()
        assert seat is not None
        if bot is not None:
            text = session.bot_command(seat) or "pass"
        elif row == "engine, blocks" and script and table.pending.kind == "blockers":
            text = script.pop()
        else:
            text = "pass"
        assert session.submit(text, seat=seat, bot=bot).accepted, text
    return time.process_time() - started, session.over


def runs_for(n: int) -> int:
    return 15 if n <= 10 else 7 if n <= 50 else 5 if n <= 200 else 3


def scaling(sizes: list[int]) -> None:
    print("a Horde turn: N Zombies attack, two players with N/4 Bears each answer")
    print("(CPU ms, median; us per creature on the battlefield; that cost / the smallest board's)")
    base: dict[str, float] = {}
    for n in sizes:
        loaded = _loaded(position(n))
        times: dict[str, list[float]] = {row: [] for row in ROWS}
        over: dict[str, bool] = {}
        for _ in range(runs_for(n)):
            for row in ROWS:  # interleaved, run by run
                spent, ended = turn(loaded, n, row)
                times[row].append(spent)
                over[row] = ended
        creatures = n + 2 * (n // 4)
        cells = []
        for row in ROWS:
            median = statistics.median(times[row])
            per = median / creatures
            base.setdefault(row, per)
            end = "*" if over[row] else " "
            cells.append(
                f"{row} {median * 1000:7.1f} ms{end} {per * 1e6:5.1f} us x{per / base[row]:4.2f}"
            )
        print(f"  N={n:4d}: " + " | ".join(cells))
    print("  (* the game ended in the turn: the unblocked Zombies' damage beat the 999 life)")


def old_against_new(sizes: list[int], old_up_to: dict[str, int]) -> None:
    print("the bots as they were (plans one creature at a time, again after every block)")
    print("against today's, interleaved, CPU time, median of old/new:")
    for row, top in old_up_to.items():
        policy = BOTS[row]
        for n in [s for s in sizes if s <= top]:
            loaded = _loaded(position(n))
            ratios = []
            olds = []
            news = []
            for _ in range(3 if n >= 100 else 5):
                new, _ = turn(loaded, n, row)
                policy.fast = policy.cached = False
                try:
                    old, _ = turn(loaded, n, row)
                finally:
                    del policy.fast, policy.cached  # (back to the class's: True)
                ratios.append(old / new)
                olds.append(old)
                news.append(new)
            print(
                f"  {row:8s} N={n:4d}: old {statistics.median(olds) * 1000:9.1f} ms,"
                f" new {statistics.median(news) * 1000:7.1f} ms, old/new x{statistics.median(ratios):,.1f}"
            )


BAT = {**ZOMBIE, "name": "Bat", "subtypes": ["Bat"], "keywords": ["Flying"]}
HAWK = {**BEAR, "name": "Hawk", "subtypes": ["Bird"], "keywords": ["Flying"]}


def attack_position(n: int, flyers: bool = False, hawks: bool = False) -> dict[str, Any]:
    horde = [{"token": BAT} for _ in range(n // 8)] if flyers else None
    mine = [{"token": HAWK if hawks and i % 4 == 0 else BEAR} for i in range(n // 2)]
    return {
        "life": 999,
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        "horde": {
            "battlefield": horde or [{"token": ZOMBIE, "tapped": True}] * (n // 8),
            "library": ["Zombie"] * 60,
        },
        "p1": {"battlefield": mine, "library": ["Forest"] * 30},
        "p2": {"battlefield": mine, "library": ["Forest"] * 30},
    }


def players_turn(loaded: tuple[Any, Any], row: str) -> float:
    """CPU seconds of the players' turn from their beginning of combat to the Horde's turn."""
    options, setup = loaded
    session = Session(get_game("horde"), options, setup, 1, {"p1": row, "p2": row}, quiet=True)
    table = session.state.table  # type: ignore[attr-defined]
    started = time.process_time()
    while not session.over and table.active_team.name == "players":
        seat = session.state.to_move()
        assert seat is not None
        text = session.bot_command(seat) or "pass"
        assert session.submit(text, seat=seat, bot=row).accepted, text
    return time.process_time() - started


def attacks(sizes: list[int], old_up_to: int, flyers: bool = False, hawks: bool = False) -> None:
    if hawks:
        print("and with a Hawk (flying) for every three Bears: the Bats are blocked by some, so")
        print("who stays home matters; every creature a candidate, the pick found by runs of the")
        print("Horde's next attack (at the start of issue 26's work: 10 s at N = 320)")
    elif flyers:
        print("the same against the Horde's N/8 Bats (flying), untapped: no Bear can block them,")
        print("so who stays home does not matter and the attack is scored from counts of kinds")
        print("(at the start of issue 26's work: 61 s at N = 320)")
    else:
        print("the players' turn: N Bears, the Horde's N/8 Zombies tapped (attacking is worth it);")
        print("the planner's attack plan, one pick at a time, scored from counts of kinds")
    for n in sizes:
        loaded = _loaded(attack_position(n, flyers, hawks))
        policy = BOTS["planner"]
        news, olds, ratios = [], [], []
        for _ in range(runs_for(n)):
            new = players_turn(loaded, "planner")
            news.append(new)
            if n <= old_up_to:
                policy.fast = policy.cached = False
                try:
                    old = players_turn(loaded, "planner")
                finally:
                    del policy.fast, policy.cached  # (back to the class's: True)
                olds.append(old)
                ratios.append(old / new)
        per = statistics.median(news) / (n + n // 8)
        line = f"  N={n:4d}: planner {statistics.median(news) * 1000:7.1f} ms, {per * 1e6:5.1f} us"
        if olds:
            line += (
                f"; old {statistics.median(olds) * 1000:8.1f} ms,"
                f" old/new x{statistics.median(ratios):,.1f}"
            )
        print(line)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 50, 200, 500, 1000])
    parser.add_argument("--old-up-to", type=int, default=200, help="largest N for the old basic")
    args = parser.parse_args(argv)
    scaling(args.sizes)
    # The old planner costs about N^3.8 (24 s at 100): a quarter of basic's reach.
    old_against_new(args.sizes, {"basic": args.old_up_to, "planner": max(10, args.old_up_to // 4)})
    attacks(args.sizes, args.old_up_to)
    attacks(args.sizes, max(10, args.old_up_to // 4), flyers=True)  # the old: N^3 and more
    attacks(args.sizes, max(10, args.old_up_to // 4), flyers=True, hawks=True)


if __name__ == "__main__":
    main()
