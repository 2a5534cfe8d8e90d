"""``simulate --cluster ADDRESS`` where no Dask scheduler listens (issue 27): refused within
the connect timeout, in one line, in bounded memory."""

from __future__ import annotations

import socket
import struct
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator

import pytest
from click.testing import CliRunner

pytest.importorskip("distributed", reason="the cluster extra is not installed")

from cardcli import cluster
from cardcli.cli import cli
from cardcli.scheduler_probe import scheduler_problem


def serving(behave: Callable[[socket.socket], None]) -> Iterator[int]:
    """A local server that treats each connection with ``behave``; yields its port."""
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def loop() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            threading.Thread(target=behave, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        server.close()


def silent(conn: socket.socket) -> None:
    time.sleep(30)  # accepts, and never says a word (an ordinary server waiting for a request)
    conn.close()


def announces_a_huge_message(conn: socket.socket) -> None:
    conn.sendall(struct.pack("<Q", 1_610_612_736))  # 1.5 GiB to come
    time.sleep(30)
    conn.close()


def speaks_http(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    conn.close()


def greets_with_other_words(conn: socket.socket) -> None:
    conn.sendall(struct.pack("<Q", 5) + b"hello")
    time.sleep(30)
    conn.close()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)


@pytest.mark.parametrize(
    ("behave", "words"),
    [
        (silent, "nothing answered within 1 s"),
        (announces_a_huge_message, "announced a first message of 1,610,612,736 bytes"),
        (speaks_http, "announced a first message"),
        (greets_with_other_words, "does not greet as a Dask scheduler does"),
    ],
)
def test_a_server_that_is_no_scheduler_is_refused_in_time(
    quick: None, behave: Callable[[socket.socket], None], words: str
) -> None:
    for port in serving(behave):
        tracemalloc.start()
        started = time.monotonic()
        result = CliRunner().invoke(
            cli,
            ["simulate", "shuffle-mania", "--games", "3", "--cluster", f"tcp://127.0.0.1:{port}"],
        )
        elapsed = time.monotonic() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert result.exit_code == 2, result.stderr
        assert words in result.stderr and "no Dask scheduler there" in result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert elapsed < 10  # the timeout is 1 s
        assert peak < 50 * 1024 * 1024  # not the 1.5 GiB announced


def test_a_port_nobody_listens_on_is_refused() -> None:
    free = socket.create_server(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    problem = scheduler_problem("127.0.0.1", port, 1)
    assert problem is not None and problem.startswith("cannot reach it")
