"""``simulate --cluster``: the same summary as ``--workers 1``, on a real Dask cluster.

A LocalCluster of two worker processes stands in for machines. Skipped only
when the optional extra is not installed (``pip install 'cardcli[cluster]'``;
CI installs it).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra is not installed: pip install 'cardcli[cluster]'"
)

from cardcli.cluster import play_on_cluster  # noqa: E402
from cardcli.engine.game import get_game  # noqa: E402
from cardcli.simulate import Job, play_many, summarize  # noqa: E402


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as cluster:
        yield cluster.scheduler_address


def job_for(name: str, given: dict[str, Any], seats: dict[str, str], seed: int = 9) -> Job:
    game = get_game(name)
    options, setup = game.resolve_options(game.load_given(given))
    return Job(game.name, options, setup, seats, seed, None)


def summary_text(job: Job, results: list[dict[str, Any]]) -> str:
    return json.dumps(summarize(get_game(job.game), results), sort_keys=True)


CASES = {
    "shuffle-mania": (
        "shuffle-mania",
        {"level": "hard", "shuffle": "riffle"},
        {"p1": "greedy"},
        60,
    ),
    "double-solitaire": ("double-solitaire", {"target": 10}, {"p1": "hard", "p2": "medium"}, 6),
    "horde": ("horde", {"players": 2}, {"p1": "random", "p2": "random"}, 6),
    "hunsberger": ("hunsberger", {}, {"p1": "greedy"}, 8),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_cluster_summary_is_the_local_one(scheduler: str, case: str) -> None:
    name, given, seats, games = CASES[case]
    job = job_for(name, given, seats)
    local = summary_text(job, play_many(job, games))
    assert summary_text(job, play_on_cluster(job, games, scheduler)) == local
    # Any batch size, any order of arrival: the same bytes.
    assert summary_text(job, play_on_cluster(job, games, scheduler, batch=1)) == local


def test_a_killed_worker_has_its_batch_played_again(scheduler: str) -> None:
    job = job_for("shuffle-mania", {"level": "medium"}, {"p1": "greedy"}, seed=4)
    games = 400
    local = summary_text(job, play_many(job, games))
    client = distributed.Client(scheduler)
    pids = list(client.run(os.getpid).values())
    client.close()
    killed: list[int] = []

    def kill_one(done: int) -> None:
        if not killed and done >= 20:
            killed.append(pids[0])
            os.kill(pids[0], signal.SIGKILL)

    results = play_on_cluster(job, games, scheduler, batch=10, on_result=kill_one)
    assert killed, "a worker was killed mid-run"
    assert summary_text(job, results) == local


def test_the_cli_prints_the_local_summary(scheduler: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from cardcli.cli import cli

    args = ["simulate", "shuffle-mania", "--games", "50", "--seed", "2", "--json"]
    local = CliRunner().invoke(cli, args, catch_exceptions=False)
    remote = CliRunner().invoke(cli, [*args, "--cluster", scheduler], catch_exceptions=False)
    assert remote.exit_code == 0 and remote.stdout == local.stdout
    logs = tmp_path / "logs"
    kept = CliRunner().invoke(cli, [*args, "--cluster", scheduler, "--logs", str(logs)])
    assert kept.exit_code == 0 and len(list(logs.glob("*.jsonl"))) == 50


def test_bad_cluster_addresses_are_usage_errors() -> None:
    from click.testing import CliRunner

    from cardcli.cli import cli

    malformed = ("tcp://127.0.0.1", "tcp://", "tcp://host:abc", "tcp://[::1", "tls://h:1")
    for address in ("local:0", "local:x", "nowhere", "inproc://x", "tcp://h:99999", *malformed):
        result = CliRunner().invoke(
            cli, ["simulate", "shuffle-mania", "--games", "2", "--cluster", address]
        )
        assert result.exit_code == 2 and "--cluster" in result.stderr, address
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
