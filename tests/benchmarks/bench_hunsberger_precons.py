"""Hunsberger's Solitaire on real decks: the bots, paired on the same seeds; run by hand.

    python tests/benchmarks/bench_hunsberger_precons.py [--games 300] [--seed 1]
        [--decks all|precons|bundled|FILE ...] [--baseline REF|none]
        [--option NAME=VALUE ...] [--markdown]

Plays every deck (the eight ``decklists/precon-*.yaml`` and the two bundled
Hunsberger decks) with three players on the same seeds (game ``i`` has seed
``derive(SEED, i)``, as ``cardcli simulate --seed SEED`` does, so the figures
are the ones ``simulate`` gives):

* ``best``: the ``best`` bot of this tree;
* ``best@REF``: the ``best`` bot of git revision REF (by default the commit
  before issue 25: today's ``best``), its ``cardcli`` extracted with
  ``git archive`` into a temporary folder and run in its own process;
* ``greedy``: the ``greedy`` bot of this tree.

Each player runs in its own process; the games are handed out in chunks
(``--chunk``), the players playing each chunk one after the other, the order
reversed every other chunk (A, B, C, then C, B, A: interleaved, never side by
side on the shared cores). Speed is CPU time (``time.process_time``) in each
process; the ratios of speed are the medians of the chunks' ratios.

For each deck and in all, per player: the escape rate with its 95% Wilson
interval, the typical score in the text's notation (``60/45``: the deck's size
and the median score, as ``simulate`` says it), the mean score, the instant
deaths, games a CPU second; then the ratios of ``best`` to ``best@REF``: escapes
won and lost on the same seeds, deaths, speed; and ``best``'s CPU time a game
over ``greedy``'s.

``--option NAME=VALUE`` (repeatable) passes a game option to every player, with
the name ``cardcli play hunsberger`` gives it (``--option spell_damage=mana``,
or an instant-death reading once the game has it). A baseline that does not
know the option stops the run with a message: give a later ``--baseline`` or
``--baseline none``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import IO, Any

REPO = Path(__file__).resolve().parents[2]
BASELINE = "d047feb"  # main before issue 25: today's best
BUNDLED = ("hunsberger-shade-ritual.yaml", "hunsberger-colourless-engine.yaml")


# -- the worker: plays chunks of games in its own process ---------------------------


def worker() -> None:
    """Read jobs (JSON lines) on stdin, answer each with its results and CPU time."""
    from cardcli.engine.game import get_game
    from cardcli.engine.loop import run
    from cardcli.engine.rng import derive
    from cardcli.engine.session import Session

    game = get_game("hunsberger")
    loaded: dict[str, Any] = {}
    for line in sys.stdin:
        job = json.loads(line)
        try:
            key = json.dumps([job["deck"], job["options"]], sort_keys=True)
            if key not in loaded:
                given = {"deck": job["deck"], **job["options"]}
                loaded[key] = game.resolve_options(game.load_given(given))
            options, setup = loaded[key]
        except Exception as error:  # an option the baseline does not know
            print(json.dumps({"error": str(error)}), flush=True)
            return
        results = []
        started = time.process_time()
        for index in range(job["start"], job["stop"]):
            session = Session(
                game, options, setup, derive(job["seed"], index), {"p1": job["bot"]}, quiet=True
            )
            run(session, lambda seat: None)
            r = session.state.result()
            results.append([r["scores"]["p1"], bool(r["escaped"]), bool(r["death"])])
        cpu = time.process_time() - started
        print(json.dumps({"results": results, "cpu": cpu, "size": r["deck_size"]}), flush=True)


# -- the players -----------------------------------------------------------------------


@dataclass
class Player:
    label: str
    bot: str
    root: Path  # where its cardcli is imported from
    process: subprocess.Popen[str] | None = None
    scores: list[int] = field(default_factory=list)
    escaped: list[bool] = field(default_factory=list)
    deaths: list[bool] = field(default_factory=list)
    cpu: float = 0.0
    size: int = 0
    chunks: list[float] = field(default_factory=list)  # CPU seconds a game, chunk by chunk

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(self.root), PYTHONHASHSEED="0")
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(self.root),
        )

    def send(self, job: dict[str, Any]) -> None:
        assert self.process is not None
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(json.dumps({**job, "bot": self.bot}) + "\n")
        stdin.flush()

    def receive(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise Failed(f"{self.label}: the worker stopped (see its error above)")
        answer = json.loads(line)
        if "error" in answer:
            raise Failed(
                f"{self.label}: {answer['error']} (an option this code does not have; for "
                "the baseline, give a later --baseline or --baseline none)"
            )
        for score, escaped, death in answer["results"]:
            self.scores.append(score)
            self.escaped.append(escaped)
            self.deaths.append(death)
        self.cpu += answer["cpu"]
        self.chunks.append(answer["cpu"] / max(1, len(answer["results"])))
        self.size = answer["size"]

    def reset(self) -> None:
        self.scores, self.escaped, self.deaths, self.cpu = [], [], [], 0.0
        self.chunks = []

    def stop(self) -> None:
        if self.process is not None and self.process.stdin is not None:
            self.process.stdin.close()
            self.process.wait()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Failed(Exception):
    """A player could not play: its message ends the run."""


def extract(ref: str, into: Path) -> Path:
    """The ``cardcli`` package, decklists and schemas of git revision ``ref``."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", ref, "cardcli", "decklists", "schemas"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


# -- figures ---------------------------------------------------------------------------


def wilson(wins: int, n: int) -> tuple[float, float]:
    from cardcli.stats import wilson as interval

    return interval(wins, n)


def figures(player: Player) -> dict[str, Any]:
    n = len(player.scores)
    wins = sum(player.escaped)
    low, high = wilson(wins, n)
    return {
        "games": n,
        "escapes": wins,
        "rate": wins / n,
        "low": low,
        "high": high,
        "typical": f"{player.size}/{statistics.median_low(player.scores)}",
        "mean": statistics.fmean(player.scores),
        "deaths": sum(player.deaths),
        "speed": n / player.cpu if player.cpu else 0.0,
    }


def row(label: str, f: dict[str, Any]) -> str:
    return (
        f"  {label:<16} escapes {f['rate'] * 100:5.1f}% ({f['low'] * 100:4.1f}-"
        f"{f['high'] * 100:4.1f}%)  typical {f['typical']:>6}  mean {f['mean']:5.2f}  "
        f"deaths {f['deaths'] / f['games'] * 100:5.1f}%  {f['speed']:6.1f} games/CPU s"
    )


def paired(new: Player, old: Player) -> str:
    won = sum(1 for a, b in zip(new.escaped, old.escaped, strict=True) if a and not b)
    lost = sum(1 for a, b in zip(new.escaped, old.escaped, strict=True) if b and not a)
    deaths_new, deaths_old = sum(new.deaths), sum(old.deaths)
    speed = median_ratio(old.chunks, new.chunks)
    return (
        f"  {new.label} vs {old.label}: escapes +{won} -{lost} on the same seeds, "
        f"deaths {deaths_new} against {deaths_old}, speed {speed:.2f}x"
    )


def median_ratio(a: list[float], b: list[float]) -> float:
    """The median of the chunks' ratios a / b (the same chunk played by both)."""
    ratios = [x / y for x, y in zip(a, b, strict=True) if y > 0]
    return statistics.median(ratios) if ratios else 0.0


def slower(players: list[Player]) -> str | None:
    """``best``'s CPU time a game over ``greedy``'s, chunk by chunk: their median."""
    by_bot = {p.label: p for p in players}
    if "best" not in by_bot or "greedy" not in by_bot:
        return None
    ratio = median_ratio(by_bot["best"].chunks, by_bot["greedy"].chunks)
    return f"  best / greedy CPU time a game: {ratio:.2f}x (the median of the chunks' ratios)"


def deck_paths(choice: list[str]) -> list[Path]:
    decks = REPO / "decklists"
    found: list[Path] = []
    for word in choice:
        if word in ("all", "precons"):
            found.extend(sorted(decks.glob("precon-*.yaml")))
        if word in ("all", "bundled"):
            found.extend(decks / name for name in BUNDLED)
        if word not in ("all", "precons", "bundled"):
            found.append(Path(word).resolve())
    return found


def main() -> None:
    if "--worker" in sys.argv:
        with contextlib.suppress(BrokenPipeError, KeyboardInterrupt):
            worker()  # (a broken pipe: the main process has stopped)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games a deck (README: 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=25, help="games a player plays at a time")
    parser.add_argument("--decks", nargs="+", default=["all"], help="all, precons, bundled, FILE")
    parser.add_argument(
        "--baseline", default=BASELINE, help="git revision of today's best, or none"
    )
    parser.add_argument("--bots", default="best,greedy", help="this tree's bots to play")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument("--markdown", action="store_true", help="also print the README's table")
    args = parser.parse_args()
    options: dict[str, str] = {}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep:
            parser.error(f"--option takes NAME=VALUE; got {text!r}")
        options[name.strip().replace("-", "_")] = value.strip()
    players = [Player(bot, bot, REPO) for bot in args.bots.split(",") if bot]
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as folder:
        if args.baseline != "none":
            root = extract(args.baseline, Path(folder))
            players.insert(1, Player(f"best@{args.baseline}", "best", root))
        for player in players:
            player.start()
        try:
            table = play_all(args, options, players)
        except Failed as error:
            for player in players:
                player.kill()
            sys.exit(str(error))
        for player in players:
            player.stop()
    if args.markdown:
        markdown(players, table)


def play_all(
    args: argparse.Namespace, options: dict[str, str], players: list[Player]
) -> list[tuple[str, dict[str, dict[str, Any]]]]:
    """Every deck, every player, the same seeds; prints the figures as each deck ends."""
    print(f"seed {args.seed}, {args.games} games a deck, options {options or 'the defaults'}")
    table: list[tuple[str, dict[str, dict[str, Any]]]] = []
    totals = {p.label: Player(p.label, p.bot, p.root) for p in players}
    for deck in deck_paths(args.decks):
        for player in players:
            player.reset()
        for flip, start in enumerate(range(0, args.games, args.chunk)):
            job = {
                "deck": str(deck),
                "options": options,
                "seed": args.seed,
                "start": start,
                "stop": min(args.games, start + args.chunk),
            }
            order = players if flip % 2 == 0 else players[::-1]  # interleaved
            for player in order:  # one at a time: never two of them side by side
                player.send(job)
                player.receive()
        print(deck.name)
        per_deck = {}
        for player in players:
            per_deck[player.label] = f = figures(player)
            print(row(player.label, f))
            total = totals[player.label]
            total.scores += player.scores
            total.escaped += player.escaped
            total.deaths += player.deaths
            total.cpu += player.cpu
            total.chunks += player.chunks
            total.size = player.size
        if args.baseline != "none" and players[0].bot == "best":
            print(paired(players[0], players[1]))
        if (line := slower(players)) is not None:
            print(line)
        table.append((deck.name, per_deck))
        sys.stdout.flush()
    print("all decks")
    for player in players:
        print(row(player.label, figures(totals[player.label])))
    if args.baseline != "none" and players[0].bot == "best":
        print(paired(totals[players[0].label], totals[players[1].label]))
    if (line := slower(list(totals.values()))) is not None:
        print(line)
    return table


def markdown(players: list[Player], table: list[tuple[str, dict[str, dict[str, Any]]]]) -> None:
    print()
    labels = [f"`{p.label}`: typical, escapes, deaths" for p in players]
    print("| deck | " + " | ".join(labels) + " |")
    print("|---|" + "---|" * len(players))
    for name, per_deck in table:
        cells = [
            f"{f['typical']}, {f['rate']:.0%}, {f['deaths'] / f['games']:.0%}"
            for f in per_deck.values()
        ]
        print(f"| {name.removesuffix('.yaml')} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
