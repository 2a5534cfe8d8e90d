"""``cardcli simulate``: many bot games and their statistics."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardcli.actions.output import echo
from cardcli.actions.play import fresh_seed, seat_map
from cardcli.engine.errors import UsageError
from cardcli.engine.game import get_game
from cardcli.engine.session import HUMAN
from cardcli.files import check_name
from cardcli.printable import one_line


def simulate(
    game_name: str,
    given: dict[str, Any],
    games: int,
    seed: int | None,
    bot: str | None,
    seats: tuple[str, ...],
    workers: int,
    as_json: bool,
    logs: str | None,
) -> int:
    from cardcli import simulate as sim

    game = get_game(game_name)
    options, setup = game.resolve_options(game.load_given(given))
    runs = game.variants(options) if game.variants is not None else None
    if runs:
        return _simulate_runs(
            game_name, runs, setup, games, seed, bot, seats, workers, as_json, logs
        )
    controllers = seat_map(game, options, bot or game.default_bot, seats)
    if HUMAN in controllers.values():
        raise UsageError("simulate needs a bot at every seat (--bot NAME or --seat SEAT=BOT)")
    if seed is None:
        seed = fresh_seed()
    if logs is not None:
        check_name(logs, "--logs")
        folder = Path(logs)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise UsageError(f"--logs {one_line(logs)}: exists and is not a directory") from None
        except OSError as err:
            raise UsageError(f"--logs {one_line(logs)}: {err.strerror or err}") from None
    job = sim.Job(game.name, options, setup, controllers, seed, logs)
    progress = _progress_bar(games) if sys.stderr.isatty() else None
    results = sim.play_many(job, games, workers=workers, progress=progress)
    if progress:
        print(file=sys.stderr)
    summary = sim.summarize(game, results)
    summary = {"seed": seed, "options": options, "seats_played_by": controllers, **summary}
    if as_json:
        echo(json.dumps(summary, sort_keys=False))
    else:
        echo(f"seed {seed}; " + ", ".join(f"{seat}={who}" for seat, who in controllers.items()))
        echo(sim.format_summary(summary))
    return 0


def _simulate_runs(
    game_name: str,
    runs: list[tuple[str, dict[str, Any]]],
    setup: dict[str, Any],
    games: int,
    seed: int | None,
    bot: str | None,
    seats: tuple[str, ...],
    workers: int,
    as_json: bool,
    logs: str | None,
) -> int:
    """One option value that stands for several runs (``--players all``): each run is
    played with the same seed and summarized on its own; logs go to a folder per run."""
    from cardcli import simulate as sim

    game = get_game(game_name)
    if seed is None:
        seed = fresh_seed()
    summaries: dict[str, Any] = {}
    for label, options in runs:
        controllers = seat_map(game, options, bot or game.default_bot, seats)
        if HUMAN in controllers.values():
            raise UsageError("simulate needs a bot at every seat (--bot NAME or --seat SEAT=BOT)")
        folder = None
        if logs is not None:
            check_name(logs, "--logs")
            folder = str(Path(logs) / label.replace(" ", "-"))
            Path(folder).mkdir(parents=True, exist_ok=True)
        job = sim.Job(game.name, options, setup, controllers, seed, folder)
        progress = _progress_bar(games) if sys.stderr.isatty() else None
        results = sim.play_many(job, games, workers=workers, progress=progress)
        if progress:
            print(file=sys.stderr)
        summaries[label] = {
            "options": options,
            "seats_played_by": controllers,
            **sim.summarize(game, results),
        }
    if as_json:
        echo(json.dumps({"seed": seed, "runs": summaries}, sort_keys=False))
        return 0
    for number, (label, summary) in enumerate(summaries.items()):
        if number:
            echo("")
        played = ", ".join(f"{seat}={who}" for seat, who in summary["seats_played_by"].items())
        echo(f"== {label}: seed {seed}; {played}")
        echo(sim.format_summary(summary))
    return 0


def _progress_bar(total: int) -> Callable[[int], None]:
    width = 30

    def show(done: int) -> None:
        filled = width * done // max(1, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show
