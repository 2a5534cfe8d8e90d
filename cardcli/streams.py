"""The standard streams as cardcli finds them: a closed one is made safe before anything runs.

A program started with a standard stream closed (``<&-``, ``>&-``, ``2>&-``)
gets ``None`` for it from Python, and the next file it opens takes the free
descriptor number: with stderr closed, ``print(file=sys.stderr)`` writes to
stdout, into the log. So each closed descriptor is taken by the null device at
once, and:

- a closed stdin reads as empty (the end of the input);
- a closed stderr swallows the notes, which never reach stdout;
- a closed stdout fails at the first write, so that output meant for it
  (a log, above all) is never lost in silence.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any

STDOUT_CLOSED = "standard output is closed"


class _ClosedBytes(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, STDOUT_CLOSED)


class ClosedOutput(io.TextIOBase):
    """Standard output that was closed: every write fails with EBADF."""

    def __init__(self) -> None:
        super().__init__()
        self.buffer = _ClosedBytes()

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, STDOUT_CLOSED)

    def isatty(self) -> bool:
        return False


def _closed(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return True
    return False


def guard_standard_streams() -> None:
    """Occupy closed descriptors 0-2 with the null device; give Python safe stream objects."""
    for fd in (0, 1, 2):
        if _closed(fd):
            null = os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    if sys.stderr is None:
        sys.stderr = io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False), encoding="utf-8", write_through=True
        )


def silence_stdout() -> None:
    """Stdout is gone (a closed pipe): point it at the null device so that Python's own
    flush at exit finds nothing to complain about."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass
