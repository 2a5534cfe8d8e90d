"""``simulate --cluster``: the games of a simulation played on a Dask cluster.

Game ``i`` is seeded from ``(seed, i)`` wherever it is played; each batch is
folded into a ``Tally`` on its worker and the tallies are merged here as they
come back (a tally's summary does not depend on the order games are added in),
so the summary is byte-identical to ``--workers 1``: whatever the number of workers or machines, the batch size,
or the order the batches come back in. A worker that dies mid-batch loses
nothing: the scheduler plays its batch again elsewhere (Dask reschedules the
tasks of a lost worker), and a game played twice gives the same result.

Batches are sized to a few hundred milliseconds of work, so the scheduler's
overhead stays small and the progress bar moves: the first batches are
small, later ones follow the measured time a game takes.

``distributed`` is an optional extra (``pip install 'cardcli[cluster]'``),
imported only here.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from cardcli.engine.errors import UsageError
from cardcli.engine.game import get_game
from cardcli.scheduler_probe import scheduler_problem
from cardcli.simulate import Job, play_one
from cardcli.tally import Tally

LOCAL = "local:"
# A Dask scheduler's address: tcp, a host name or address (IPv6 in brackets), a port.
SCHEDULER = re.compile(r"^tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$")
TARGET_SECONDS = 0.3  # the work in one batch
FIRST_BATCH = 4
MAX_BATCH = 10_000
CONNECT_SECONDS = 10
DASK_LOG_LENGTH = 50  # Dask's logs of recent messages, here (the scheduler too, with local:N)
INSTALL_HINT = "--cluster needs Dask's distributed: pip install 'cardcli[cluster]'"


def play_batch(job: Job, indexes: range) -> tuple[range, list[dict[str, Any]], float]:
    """Play some games of ``job`` (on a worker): their indexes, results and CPU time."""
    started = time.process_time()
    results = [play_one(job, i) for i in indexes]
    return indexes, results, time.process_time() - started


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    return distributed


def connect(address: str) -> tuple[Any, Any]:
    """(client, cluster or None) for ``tcp://host:port`` or ``local:N``."""
    distributed = _distributed()
    import dask

    # Dask keeps its recent messages and transitions for debugging (1,000 of each by
    # default, a few KiB apiece: a run's memory grew with its first thousand batches).
    dask.config.set({"distributed.admin.low-level-log-length": DASK_LOG_LENGTH})
    if address.startswith(LOCAL):
        count = address[len(LOCAL) :]
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 256:
            raise UsageError(f"--cluster {address}: write local:N with N from 1 to 256 workers")
        cluster = distributed.LocalCluster(
            n_workers=int(count),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
        )
        return distributed.Client(cluster), cluster
    found = SCHEDULER.match(address)
    if found is None or not 1 <= int(found.group(2)) <= 65535:
        raise UsageError(
            f"--cluster {address}: give a scheduler address tcp://HOST:PORT "
            "(tcp://10.0.0.5:8786, tcp://[::1]:8786) or local:N"
        )
    host = found.group(1).strip("[]")
    problem = scheduler_problem(host, int(found.group(2)), CONNECT_SECONDS)
    if problem is not None:
        raise UsageError(f"--cluster {address}: no Dask scheduler there: {problem}")
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError, TypeError) as err:
        raise UsageError(f"--cluster {address}: cannot reach the scheduler ({err})") from None
    return client, None


def batch_size(seconds_per_game: float | None) -> int:
    """How many games make about ``TARGET_SECONDS`` of work."""
    if seconds_per_game is None or seconds_per_game <= 0:
        return FIRST_BATCH
    return max(1, min(MAX_BATCH, int(TARGET_SECONDS / seconds_per_game)))


def tally_batch(job: Job, indexes: range) -> tuple[range, Tally, float]:
    """Play some games of ``job`` (on a worker) and fold them there: their indexes, their
    ``Tally`` (a few histograms, whatever the batch's size) and the CPU time."""
    started = time.process_time()
    tally = Tally(get_game(job.game))
    for index in indexes:
        tally.add(play_one(job, index), index)
    return indexes, tally, time.process_time() - started


def _on_cluster(
    job: Job,
    games: int,
    address: str,
    work: Callable[[Job, range], tuple[range, Any, float]],
    use: Callable[[range, Any], None],
    progress: Callable[[int], None] | None = None,
    batch: int | None = None,
    on_result: Callable[[int], None] | None = None,
) -> None:
    """``work(job, indexes)`` on the cluster at ``address`` for batches of games
    0..games-1, and ``use(indexes, what_it_gave)`` of each batch as it comes back (each
    once). Nothing is kept here, and at most two batches a worker are out.

    ``batch`` fixes the batch size (else it follows the measured time per
    game); ``on_result`` is told how many games are done after each batch
    (tests use it to kill a worker mid-run).
    """
    distributed = _distributed()
    client, cluster = connect(address)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        done = 0
        next_index = 0
        per_game: float | None = None
        pending = distributed.as_completed()

        def submit() -> None:
            nonlocal next_index
            size = batch or batch_size(per_game)
            # A range, not a list: the scheduler keeps a task's arguments a while.
            indexes = range(next_index, min(games, next_index + size))
            next_index += len(indexes)
            pending.add(client.submit(work, job, indexes, pure=False, retries=2))

        for _ in range(2 * workers):  # keep every worker busy, one batch waiting
            if next_index < games:
                submit()
        for future in pending:
            indexes, given, seconds = future.result()
            use(indexes, given)
            done += len(indexes)
            if indexes:
                measured = seconds / len(indexes)
                per_game = measured if per_game is None else (per_game + measured) / 2
            if progress:
                progress(done)
            if on_result:
                on_result(done)
            if next_index < games:
                submit()
        if done != games:
            raise UsageError(f"--cluster: {games - done} games came back from no worker")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def fold_on_cluster(
    job: Job,
    games: int,
    address: str,
    progress: Callable[[int], None] | None = None,
    batch: int | None = None,
) -> Tally:
    """The ``Tally`` of games 0..games-1 played on the cluster: the same summary as
    ``--workers 1``, in a memory that does not grow with ``games``. Each worker folds
    its batch and sends back its tally, which is merged here."""
    tally = Tally(get_game(job.game))
    _on_cluster(
        job, games, address, tally_batch, lambda _, part: tally.merge(part), progress, batch
    )
    return tally


def play_on_cluster(
    job: Job,
    games: int,
    address: str,
    progress: Callable[[int], None] | None = None,
    batch: int | None = None,
    on_result: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Results of games 0..games-1, in order, played on the cluster at ``address``
    (the list ``summarize`` reads; ``simulate`` folds them: ``fold_on_cluster``)."""
    results: list[dict[str, Any] | None] = [None] * games

    def place(indexes: range, batch_results: list[dict[str, Any]]) -> None:
        for index, result in zip(indexes, batch_results, strict=True):
            results[index] = result

    _on_cluster(job, games, address, play_batch, place, progress, batch, on_result)
    return [result for result in results if result is not None]
