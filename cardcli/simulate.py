"""Many bot games and their statistics.

Game ``i`` of a run with seed ``S`` uses seed ``derive(S, i)``, so the summary
does not depend on how many workers played the games.
"""

from __future__ import annotations

import statistics
from collections import deque
from collections.abc import Callable, Iterable, Sized
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcli.engine.game import Game, Options, get_game
from cardcli.engine.log import LogWriter
from cardcli.engine.loop import run
from cardcli.engine.rng import derive
from cardcli.engine.session import Session
from cardcli.files import output_target
from cardcli.stats import wilson
from cardcli.tally import Tally
from cardcli.words import counted


@dataclass(frozen=True)
class Job:
    game: str
    options: Options
    setup: Options
    seats: dict[str, str]
    seed: int
    logs: str | None


def play_one(job: Job, index: int) -> dict[str, Any]:
    """Play game ``index`` to its end and return its result."""
    game = get_game(job.game)
    seed = derive(job.seed, index)
    if job.logs is not None:
        path = output_target(str(Path(job.logs) / f"{job.game}-{index:06d}.jsonl"), "--logs")
        with path.open("wb") as handle:
            session = Session(game, job.options, job.setup, seed, job.seats, [LogWriter(handle)])
            run(session, lambda seat: None)
    else:  # nothing is logged: lines are counted, not built
        session = Session(game, job.options, job.setup, seed, job.seats, quiet=True)
        run(session, lambda seat: None)
    return session.state.result()


def _play_range(job: Job, start: int, stop: int) -> list[dict[str, Any]]:
    return [play_one(job, i) for i in range(start, stop)]


MAX_CHUNK = 100  # games a worker plays before its results come back
CHUNK_SECONDS = 0.25  # about this much work a chunk
IN_FLIGHT = 3  # chunks per worker given out and not yet folded: the pool's queues stay short


class Interrupted(Exception):
    """Ctrl-C: ``results`` holds games 0..k-1, the games finished in order before it
    (a list from ``play_many``, a ``Tally`` from ``fold_many``)."""

    def __init__(self, results: Sized) -> None:
        super().__init__(f"interrupted after {len(results)} games")
        self.results: Any = results


def _worker_start() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no traceback of theirs)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _CtrlCBetweenFolds:
    """Ctrl-C while a result is being folded in is raised once that fold is done, so
    that what was folded is always whole games (a Ctrl-C elsewhere is raised at once).
    Only where Python's own Ctrl-C handler is in place (the main thread)."""

    def __init__(self) -> None:
        self.folding = False
        self.pending = False
        self.before: Any = None

    def __enter__(self) -> _CtrlCBetweenFolds:
        import signal
        import threading

        main = threading.current_thread() is threading.main_thread()
        if main and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.before = signal.signal(signal.SIGINT, self._caught)
        return self

    def __exit__(self, *_: object) -> None:
        if self.before is not None:
            import signal

            signal.signal(signal.SIGINT, self.before)

    def _caught(self, signum: int, frame: Any) -> None:
        if self.folding:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def fold(
        self, take: Callable[[int, dict[str, Any]], None], start: int, results: list[dict[str, Any]]
    ) -> None:
        self.folding = True
        try:
            for offset, result in enumerate(results):
                take(start + offset, result)
        finally:
            self.folding = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def start_pool(workers: int) -> Any:
    """The process pool of ``--workers``: its workers leave Ctrl-C to this process."""
    import multiprocessing  # only when there are workers

    return multiprocessing.Pool(workers, initializer=_worker_start)


def each_result(
    job: Job,
    games: int,
    take: Callable[[int, dict[str, Any]], None],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    pool: Any = None,
) -> None:
    """``take(i, result)`` for games 0..games-1, in order, whatever the number of workers;
    no result is kept here, and a pool's work given out is at most ``IN_FLIGHT`` chunks a
    worker. Ctrl-C raises ``KeyboardInterrupt`` after ``take`` of some games 0..k-1.

    ``pool``: one of ``start_pool(workers)`` started beforehand and left open (a
    benchmark times its start apart); by default a pool is started and ended here."""
    with _CtrlCBetweenFolds() as guard:
        if workers <= 1:
            for i in range(games):
                guard.fold(take, i, [play_one(job, i)])
                if progress:
                    progress(i + 1)
            return
        if games <= 0:
            return
        import time

        # Game 0 here first: its time sizes the chunks, so that a chunk (whose results
        # come back together) is about CHUNK_SECONDS of work and Ctrl-C loses little.
        started = time.perf_counter()
        guard.fold(take, 0, [play_one(job, 0)])
        if progress:
            progress(1)
        took = time.perf_counter() - started
        by_time = int(CHUNK_SECONDS / took) if took > 0 else MAX_CHUNK
        size = max(1, min(MAX_CHUNK, by_time, (games - 1) // (workers * 4) or 1))
        starts = iter(range(1, games, size))
        own = pool is None
        if own:
            pool = start_pool(workers)
        try:
            given: deque[tuple[int, Any]] = deque()

            def give() -> None:
                start = next(starts, None)
                if start is not None:
                    stop = min(games, start + size)
                    given.append((start, pool.apply_async(_play_range, (job, start, stop))))

            for _ in range(IN_FLIGHT * workers):
                give()
            done = 1
            while given:
                start, chunk = given.popleft()
                results = chunk.get()
                give()
                guard.fold(take, start, results)
                done += len(results)
                if progress:
                    progress(done)
            if own:
                pool.close()  # the workers end on their own: their CPU time is counted then
                pool.join()
        finally:
            if own:
                pool.terminate()  # at Ctrl-C the games under way stop where they are


def fold_many(
    job: Job,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """The ``Tally`` of games 0..games-1, whatever the number of workers, in a memory
    that does not grow with ``games``. On Ctrl-C, ``Interrupted`` carries the tally of
    the games finished before it, in order from game 0: that of a run of that many games.
    """
    tally = Tally(get_game(job.game))
    try:
        each_result(job, games, lambda i, result: tally.add(result, i), workers, progress)
    except KeyboardInterrupt:
        raise Interrupted(tally) from None
    return tally


def play_many(
    job: Job,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Results of games 0..games-1, in order, whatever the number of workers (the list
    ``summarize`` reads; ``simulate`` folds them instead: ``fold_many``).

    On Ctrl-C, ``Interrupted`` carries the results of the games finished
    before it, in order from game 0: the same as a run of that many games.
    """
    results: list[dict[str, Any]] = []
    try:
        each_result(job, games, lambda i, result: results.append(result), workers, progress)
    except KeyboardInterrupt:
        raise Interrupted(results) from None
    return results


def summarize(game: Game, results: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rates with 95% Wilson intervals and score statistics, per seat, from the list
    of results: what a ``Tally`` folds one result at a time (the reference its tests
    compare it with)."""
    n = len(results)
    seats = list(results[0]["scores"]) if results else []
    per_seat: dict[str, Any] = {}
    for seat in seats:
        wins = sum(1 for r in results if seat in r["winners"])
        scores = [r["scores"][seat] for r in results]
        low, high = wilson(wins, n)
        per_seat[seat] = {
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "score_mean": round(statistics.fmean(scores), 4) if scores else 0.0,
            "score_median": statistics.median(scores) if scores else 0,
            "score_min": min(scores, default=0),
            "score_max": max(scores, default=0),
            "histogram": histogram_counts(scores),
        }
    summary: dict[str, Any] = {
        "game": game.name,
        "games": n,
        "score": game.score_label,
        "win_label": game.win_label,
        "seats": per_seat,
        "ties": sum(1 for r in results if r.get("tie")),
    }
    if game.summarize is not None and results:
        summary["extra"] = game.summarize(results)
    return summary


def histogram_counts(scores: Iterable[int]) -> dict[str, int]:
    counts: dict[int, int] = {}
    for score in scores:
        counts[score] = counts.get(score, 0) + 1
    return {str(k): counts[k] for k in sorted(counts)}


def histogram_rows(counts: dict[str, int], most: int = 20) -> list[tuple[str, int]]:
    """Text-histogram rows: one per score, or equal-width score ranges if too many."""
    if not counts:
        return []
    values = {int(score): count for score, count in counts.items()}
    low, high = min(values), max(values)
    step = max(1, -(-(high - low + 1) // most))
    rows: list[tuple[str, int]] = []
    for start in range(low, high + 1, step):
        end = min(high, start + step - 1)
        total = sum(values.get(score, 0) for score in range(start, end + 1))
        rows.append((str(start) if start == end else f"{start}..{end}", total))
    return rows


TEXT_ITEMS = 10  # entries of a ranked table the text shows; --json has them all


def format_summary(summary: dict[str, Any], width: int = 40) -> str:
    lines = [f"{summary['game']}: {counted(summary['games'], 'game')}"]
    # Seats of one team have the same figures (Horde): said once, for all of them.
    groups: dict[str, dict[str, Any]] = {}
    for seat, stats in summary["seats"].items():
        same = next((names for names, seen in groups.items() if seen == stats), None)
        if same is None:
            groups[seat] = stats
        else:
            groups[f"{same}, {seat}"] = groups.pop(same)
    for seat, stats in groups.items():
        low, high = stats["win_rate_95"]
        label = summary.get("win_label", "win rate")
        noun = "win" if label == "win rate" else label.split()[0] or "win"
        lines.append(
            f"{seat}: {label} {stats['win_rate'] * 100:.1f}% "
            f"(95% CI {low * 100:.1f}-{high * 100:.1f}%), {counted(stats['wins'], noun)}"
        )
        lines.append(
            f"    {summary['score']}: mean {stats['score_mean']:.2f}, median {stats['score_median']}, "
            f"min {stats['score_min']}, max {stats['score_max']}"
        )
        rows = histogram_rows(stats["histogram"], most=20 if len(groups) == 1 else 8)
        biggest = max((count for _, count in rows), default=1)
        for label, count in rows:
            bar = "#" * round(count * width / biggest)
            lines.append(f"    {label:>9} | {bar} {count}")
    if summary["ties"]:
        lines.append(f"ties: {summary['ties']}")
    for key, value in summary.get("extra", {}).items():
        if isinstance(value, dict):  # reason codes read as words: horde_destroyed, horde destroyed
            shown = list(value.items())[:TEXT_ITEMS]
            value = ", ".join(f"{str(k).replace('_', ' ')} {v}" for k, v in shown) + (
                f" (+{len(value) - TEXT_ITEMS} more in --json)" if len(value) > TEXT_ITEMS else ""
            )
        if value is None or value == "":
            value = "none"  # (no game won: no life left when won)
        lines.append(f"{key.replace('_', ' ')}: {value}")
    return "\n".join(lines)
