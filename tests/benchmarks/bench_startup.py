"""Start-up of the CLI and of a Horde game, in child CPU time against ``python -c "import click"``.

    python tests/benchmarks/bench_startup.py [--runs 15] [--before DIR]

What it measures, each the child process's own CPU (user + system, from
``getrusage``), every command run once per round, rounds interleaved, medians:

* ``import click``: the baseline every ratio is taken against;
* ``--version``, ``--help``, ``games`` (goal: within 1.3x of import click) and
  ``play`` of a one-card Shuffle-Mania game (goal: within 1.5x);
* ``card data``: a script that loads the card pool (the hand-written cards of
  ``decklists/cards``) and resolves and checks the default 2-player Horde decks
  (the Zombie horde, Boros Aggro, Selesnya Stompy: their lookups in the shipped
  ``cards.db`` included). Issue 26's goal: under 50 ms. Shown both as the whole
  child (Python's own start included) and as the load alone, timed by the child;
* ``horde game``: ``cardcli play horde --players 2 --bot basic --seed 3``, a
  whole game, its log to /dev/null. Issue 26's goal: under 0.2 s of CPU.

The card data and the game are measured three ways: ``warm``, the parse
cache's folder filled before timing (every start after the first); ``first``,
an empty cache folder each run (the first start after installing: the layer
shipped in ``cardcli/data/parsed.json`` answers for the bundled files); and
``bare``, an empty folder and ``CARDCLI_NO_SHIPPED=1`` (YAML read and schemas
checked: the first start after changing a bundled card file or deck without
making the shipped layer again, or a deck of one's own read the first time).

``--before DIR``: also time the same card-data script and game with the cardcli
of ``DIR`` (a checkout without the change, e.g. ``git archive 3254282 cardcli
schemas decklists | tar -x -C DIR``), interleaved with this one's in the same
rounds, and print this tree's figures as ratios to it. Both trees run through
the same launcher (``python -c`` with ``PYTHONPATH`` set to the tree).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = "import sys; from cardcli.cli import main; sys.argv[0] = 'cardcli'; sys.exit(main())"
CARD_DATA = """\
import time
started = time.process_time()
from cardcli.cards.mtg.pool import CardPool
from cardcli.cards.mtg.resolve import bundled_deck_path, check_resolved, resolve_deck_file

pool = CardPool.bundled(with_user_pool=False)
for name, label in (("horde-zombies.yaml", "--horde"), ("player-boros-aggro.yaml", "--deck p1"),
                    ("player-selesnya-stompy.yaml", "--deck p2")):
    check_resolved(resolve_deck_file(str(bundled_deck_path(name)), label, pool), label)
print(f"{time.process_time() - started:.6f}")
"""
GAME = ["play", "horde", "--players", "2", "--bot", "basic", "--seed", "3"]


def child_cpu(command: list[str], env: dict[str, str], cwd: str) -> tuple[float, str]:
    """(CPU seconds of the child, its output) for one run of ``command``."""
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, cwd=cwd
    ) as child:
        assert child.stdout is not None
        out = child.stdout.read()
        _pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped here: Popen must not wait for it again
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(command)}")
    return usage.ru_utime + usage.ru_stime, out.decode(errors="replace")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", help="a checkout of cardcli without the change, to compare")
    args = parser.parse_args()
    py = sys.executable
    trees = {"": ROOT} | ({"before ": Path(args.before).resolve()} if args.before else {})
    for tree in trees.values():  # compiled once, as pip install does
        subprocess.run([py, "-m", "compileall", "-q", str(tree / "cardcli")], check=True)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "done.txt"
        script.write_text("done\n", encoding="utf-8")
        base = {k: v for k, v in os.environ.items() if k not in ("CARDCLI_NO_CACHE", "PYTHONPATH")}
        warm = str(Path(folder) / "warm-cache")
        env = {name: {**base, "PYTHONPATH": str(tree), "XDG_CACHE_HOME": warm}
               for name, tree in trees.items()}  # fmt: skip
        cli = [py, "-c", LAUNCH]
        commands: dict[str, tuple[list[str], dict[str, str], bool]] = {
            "import click": ([py, "-c", "import click"], base, False),
            "--version": ([*cli, "--version"], env[""], False),
            "--help": ([*cli, "--help"], env[""], False),
            "games": ([*cli, "games"], env[""], False),
            "play (shuffle-mania)": (
                [*cli, "play", "shuffle-mania", "--order", "9c", "--seed", "1", str(script)],
                env[""],
                False,
            ),
        }
        bare = {"CARDCLI_NO_SHIPPED": "1"}
        for name in trees:
            for what, command in (
                ("card data", [py, "-c", CARD_DATA]),
                ("horde game", [*cli, *GAME]),
            ):
                commands[f"{name}{what} (warm)"] = (command, env[name], False)
                commands[f"{name}{what} (first)"] = (command, env[name], True)
                commands[f"{name}{what} (bare)"] = (command, env[name] | bare, True)
        for command, environment, _cold in commands.values():  # the warm cache filled
            child_cpu(command, environment, folder)
        logs = {name: child_cpu([*cli, *GAME], env[name], folder)[1] for name in trees}
        same = len(set(logs.values())) == 1
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        load: dict[str, list[float]] = {name: [] for name in commands if "card data" in name}
        for run in range(args.runs):
            for name, (command, environment, cold) in commands.items():
                if cold:  # an empty cache folder of its own
                    cache = str(Path(folder) / f"cold-{run}-{list(commands).index(name)}")
                    environment = {**environment, "XDG_CACHE_HOME": cache}
                seconds, out = child_cpu(command, environment, folder)
                cpu[name].append(seconds)
                if name in load:
                    load[name].append(float(out.split()[-1]))
    click = statistics.median(cpu["import click"])
    print(f"Python {sys.version.split()[0]}, {args.runs} interleaved rounds, child CPU medians")
    goals = {"--version": "<= 1.3x", "--help": "<= 1.3x", "games": "<= 1.3x"}
    goals |= {"play (shuffle-mania)": "<= 1.5x"}
    for name, times in cpu.items():
        ms = statistics.median(times) * 1000
        goal = goals.get(name, "")
        if "card data" in name:
            goal = f"load alone {statistics.median(load[name]) * 1000:5.1f} ms (goal < 50 ms)"
        elif "horde game" in name:
            goal = "goal < 200 ms"
        print(f"{name:<28} {ms:6.1f} ms  {ms / click / 1000:5.2f}x import click  {goal}")
    if args.before:
        print("this tree / before, median of the per-round ratios:")
        for name in cpu:
            if name.startswith("before "):
                after = name[len("before ") :]
                ratios = [a / b for a, b in zip(cpu[after], cpu[name], strict=True)]
                line = f"  {after:<26} {statistics.median(ratios):.2f}x CPU"
                if after in load:
                    loads = [a / b for a, b in zip(load[after], load[name], strict=True)]
                    line += f", load alone {statistics.median(loads):.2f}x"
                print(line)
        print(f"  the horde game's log: {'byte-identical' if same else 'DIFFERENT'} in both trees")


if __name__ == "__main__":
    main()
