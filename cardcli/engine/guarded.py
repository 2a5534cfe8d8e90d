"""A log file written only where cardcli left it: never after a change it did not make.

The log is locked while cardcli writes it, but a lock binds only programs that
ask for it: another program may still cut the file short or write into it.
Writing on at the old offset would then leave a hole (read back as NUL bytes)
or mix two writers' lines. So before each line the writer checks that the
file ends exactly where its last line ended, and otherwise stops with a
one-line reason, writing nothing.
"""

from __future__ import annotations

import os
from typing import IO

from cardcli.engine.errors import LogError
from cardcli.engine.log import Line, encode_bytes
from cardcli.printable import one_line


def changed_under_us(name: str, size: int, expected: int) -> LogError:
    how = "cut it short" if size < expected else "wrote to it"
    return LogError(
        f"{one_line(name)}: the file changed under cardcli (another program {how}: "
        f"{size} bytes where cardcli left {expected}); nothing more was written to it"
    )


class GuardedLogWriter:
    """Writes whole lines at the end cardcli knows, and flushes each one."""

    def __init__(self, handle: IO[bytes], name: str, offset: int) -> None:
        self.handle = handle
        self.name = name
        self.offset = offset  # where the last line cardcli knows of ends

    def __call__(self, line: Line) -> None:
        size = os.fstat(self.handle.fileno()).st_size
        if size != self.offset:
            raise changed_under_us(self.name, size, self.offset)
        data = encode_bytes(line)
        self.handle.seek(self.offset)
        self.handle.write(data)
        self.handle.flush()
        self.offset += len(data)


def check_unchanged(handle: IO[bytes], name: str, expected: int) -> None:
    """The file still holds at least the ``expected`` bytes cardcli read and checked."""
    size = os.fstat(handle.fileno()).st_size
    if size < expected:
        raise changed_under_us(name, size, expected)
