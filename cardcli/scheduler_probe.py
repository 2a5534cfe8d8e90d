"""Is there a Dask scheduler at this address? Asked before Dask is, in bounded time and memory.

A Dask scheduler speaks first: on a new connection it sends its greeting (a
handshake message, a few hundred bytes: an 8-byte length, then the frames,
naming its compression and pickle protocol). Dask's own client reads whatever
length the other side announces, and waits for it as long as it takes: an
ordinary server that never speaks hangs it, and one that sends other bytes
first makes it allocate what those bytes read as a length (gigabytes). So the
greeting is read here first, within the connect timeout and a small bound.
"""

from __future__ import annotations

import socket
import struct
import time

MAX_GREETING = 64 * 1024  # a scheduler's handshake is a few hundred bytes
GREETING_WORDS = (b"compression", b"pickle-protocol")


def _read(sock: socket.socket, count: int, deadline: float) -> bytes | None:
    """Exactly ``count`` bytes, or None if the other side stops or the time runs out."""
    data = bytearray()
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        sock.settimeout(left)
        try:
            chunk = sock.recv(min(count - len(data), 65536))
        except (TimeoutError, OSError):
            return None
        if not chunk:
            return None
        data += chunk
    return bytes(data)


def scheduler_problem(host: str, port: int, seconds: float) -> str | None:
    """Why no Dask scheduler answers at host:port (None: one greets as Dask's do)."""
    deadline = time.monotonic() + seconds
    try:
        sock = socket.create_connection((host, port), timeout=seconds)
    except OSError as err:
        return f"cannot reach it ({err.strerror or err})"
    with sock:
        head = _read(sock, 8, deadline)
        if head is None:
            return (
                f"nothing answered within {seconds:g} s as a Dask scheduler does (it greets first)"
            )
        (size,) = struct.unpack("<Q", head)
        if size > MAX_GREETING:
            return (
                f"the server there announced a first message of {size:,} bytes: "
                "not a Dask scheduler's greeting"
            )
        body = _read(sock, size, deadline)
        if body is None or not all(word in body for word in GREETING_WORDS):
            return "the server there does not greet as a Dask scheduler does"
    return None
