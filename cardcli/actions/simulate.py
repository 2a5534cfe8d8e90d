"""``cardcli simulate``: many bot games and their statistics."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from cardcli.actions.play import fresh_seed, seat_map
from cardcli.engine.errors import UsageError
from cardcli.engine.game import get_game
from cardcli.engine.session import HUMAN
from cardcli.files import check_name, folder_locked
from cardcli.output import echo, note, notes_held
from cardcli.printable import one_line
from cardcli.words import counted


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
    force: bool = False,
    cluster: str | None = None,
    batch: int | None = None,
) -> int:
    with ExitStack() as held:  # the logs folders' locks, for the whole run
        from cardcli import simulate as sim

        if batch is not None and cluster is None:
            raise UsageError("--batch sizes the cluster's batches: give --cluster too")
        game = get_game(game_name)
        with notes_held():  # a deck's warning only if the command goes on
            options, setup = game.resolve_options(game.load_given(given))
            runs = game.variants(options) if game.variants is not None else None
            if runs:
                planned = _plan_runs(game_name, runs, bot, seats, logs, force, held)
            else:
                controllers = seat_map(game, options, bot or game.default_bot, seats)
                if HUMAN in controllers.values():
                    raise UsageError(
                        "simulate needs a bot at every seat (--bot NAME or --seat SEAT=BOT)"
                    )
                if logs is not None:
                    _logs_folder(logs, force, held)
        if runs:
            return _simulate_runs(
                game_name, planned, setup, games, seed, workers, as_json, cluster, batch
            )
        if seed is None:
            seed = fresh_seed()
        job = sim.Job(game.name, options, setup, controllers, seed, logs)
        try:
            tally = _play(job, games, workers, cluster, batch)
        except sim.Interrupted as stop:
            _say_what_was_kept(game.name, len(stop.results), games, logs)
            if stop.results:
                _report(sim, stop.results, seed, options, controllers, as_json)
            return 130
        _report(sim, tally, seed, options, controllers, as_json)
        return 0


def _play(job: Any, games: int, workers: int, cluster: str | None, batch: int | None) -> Any:
    """The ``Tally`` of ``games`` games of ``job`` (folded as they come: the memory does not
    grow with the games), here or on a cluster, with a progress bar at a terminal (ended
    before anything else is said, Ctrl-C or not)."""
    from cardcli import simulate as sim

    progress = _progress_bar(games) if sys.stderr.isatty() else None
    try:
        if cluster is not None:
            from cardcli.cluster import fold_on_cluster

            return fold_on_cluster(job, games, cluster, progress=progress, batch=batch)
        return sim.fold_many(job, games, workers=workers, progress=progress)
    finally:
        if progress:
            print(file=sys.stderr)


def _logs_folder(logs: str, force: bool, held: ExitStack) -> None:
    """``--logs DIR``: made if new, and locked while the run writes into it (a second run
    into it is refused and changes nothing); one that holds logs already only with
    ``--force``."""
    check_name(logs, "--logs")
    folder = Path(logs)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"--logs {one_line(logs)}: exists and is not a directory") from None
    except OSError as err:
        raise UsageError(f"--logs {one_line(logs)}: {err.strerror or err}") from None
    held.enter_context(folder_locked(folder, f"--logs {logs}"))
    if not force:  # looked at under the lock: no other run can fill it meanwhile
        found = sum(1 for _ in folder.glob("*.jsonl"))
        if found:
            raise UsageError(
                f"--logs {one_line(logs)} already holds {counted(found, 'log')} (.jsonl): "
                "give an empty or new directory, or --force to write over logs of the same names"
            )


def _say_what_was_kept(
    game: str, done: int, games: int, logs: str | None, run: str | None = None
) -> None:
    summary = (
        f"; the summary below is of the first {done} (the same as --games {done})"
        if done
        else "; no summary: game 0's result had not come back (results count in order from game 0)"
    )
    where = ""
    if logs is not None:
        first = f"the logs of games 0 to {done - 1} " if done else "the logs "
        where = (
            f"; {one_line(logs)} keeps {first}({game}-NNNNNN.jsonl) and those of the games "
            "played after them until the interruption, the last ones unfinished "
            "('cardcli resume LOG' finishes one)"
        )
    during = f" in the run of {run}" if run else ""
    note(f"\ninterrupted{during} after {done} of {counted(games, 'game')}{summary}{where}")


def _report(
    sim: Any,
    tally: Any,
    seed: int,
    options: dict[str, Any],
    controllers: dict[str, str],
    as_json: bool,
) -> None:
    summary = tally.summary()
    summary = {"seed": seed, "options": options, "seats_played_by": controllers, **summary}
    if as_json:
        echo(json.dumps(summary, sort_keys=False))
    else:
        echo(f"seed {seed}; " + ", ".join(f"{seat}={who}" for seat, who in controllers.items()))
        echo(sim.format_summary(summary))


Planned = list[tuple[str, dict[str, Any], dict[str, str], str | None]]
"""The runs of ``--players all``: each run's label, options, seats and logs folder."""


def _plan_runs(
    game_name: str,
    runs: list[tuple[str, dict[str, Any]]],
    bot: str | None,
    seats: tuple[str, ...],
    logs: str | None,
    force: bool,
    held: ExitStack,
) -> Planned:
    """One option value that stands for several runs (``--players all``), checked before
    the first game: the seats against the run with the most (``--seat p4=basic`` plays in
    the 4-player run only) and every run's logs folder."""
    game = get_game(game_name)
    widest = max((options for _, options in runs), key=lambda o: len(game.seat_names(o)))
    seat_map(game, widest, bot or game.default_bot, seats)  # refuses an unknown seat or bot
    planned: Planned = []
    for label, options in runs:
        names = set(game.seat_names(options))
        here = tuple(s for s in seats if s.partition("=")[0].strip().lower() in names)
        controllers = seat_map(game, options, bot or game.default_bot, here)
        if HUMAN in controllers.values():
            raise UsageError("simulate needs a bot at every seat (--bot NAME or --seat SEAT=BOT)")
        folder = None
        if logs is not None:
            check_name(logs, "--logs")
            folder = str(Path(logs) / label.replace(" ", "-"))
            _logs_folder(folder, force, held)
        planned.append((label, options, controllers, folder))
    return planned


def _simulate_runs(
    game_name: str,
    planned: Planned,
    setup: dict[str, Any],
    games: int,
    seed: int | None,
    workers: int,
    as_json: bool,
    cluster: str | None,
    batch: int | None,
) -> int:
    """The planned runs, each played with the same seed and summarized on its own; logs
    go to a folder per run."""
    from cardcli import simulate as sim

    game = get_game(game_name)
    if seed is None:
        seed = fresh_seed()
    summaries: dict[str, Any] = {}
    for label, options, controllers, folder in planned:
        job = sim.Job(game.name, options, setup, controllers, seed, folder)
        try:
            tally = _play(job, games, workers, cluster, batch)
        except sim.Interrupted as stop:
            _say_what_was_kept(game.name, len(stop.results), games, folder, run=label)
            if stop.results:
                summaries[label] = _run_summary(stop.results, options, controllers)
            _print_runs(sim, summaries, seed, as_json)
            return 130
        summaries[label] = _run_summary(tally, options, controllers)
    _print_runs(sim, summaries, seed, as_json)
    return 0


def _run_summary(
    tally: Any, options: dict[str, Any], controllers: dict[str, str]
) -> dict[str, Any]:
    return {"options": options, "seats_played_by": controllers, **tally.summary()}


def _print_runs(sim: Any, summaries: dict[str, Any], seed: int, as_json: bool) -> None:
    if as_json:
        echo(json.dumps({"seed": seed, "runs": summaries}, sort_keys=False))
        return
    for number, (label, summary) in enumerate(summaries.items()):
        if number:
            echo("")
        played = ", ".join(f"{seat}={who}" for seat, who in summary["seats_played_by"].items())
        echo(f"== {label}: seed {seed}; {played}")
        echo(sim.format_summary(summary))


def _progress_bar(total: int) -> Callable[[int], None]:
    width = 30

    def show(done: int) -> None:
        filled = width * done // max(1, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show
