"""One rule for every file cardcli opens by name.

Reading: ``-`` is standard input; any other name must be a regular file (a
symlink is followed to one). FIFOs, devices, sockets and directories are
refused with a one-line error before anything reads them, so nothing ever
blocks on a pipe with no writer or reads a device forever.

Writing: only a regular file or a new path. A symlink is followed on purpose:
the file it points to is written, the link stays. Files that are replaced as a
whole (the card database) are written beside their target and renamed onto it only
when complete, so a failed or refused write leaves the old file as it was.

Logs being written are locked (``flock``), so a second writer is refused
instead of interleaving its lines with the first's.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

from cardcli.engine.cut_header import cut_header_advice
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.engine.log import MAX_LOG_LINE as MAX_CUT_HEADER
from cardcli.printable import one_line

if (
    TYPE_CHECKING
):  # pathlib costs a few ms of start-up: imported where a path is made, not at import.
    from pathlib import Path

STDIN = "-"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _named(what: str, name: str) -> str:
    return f"{what} {one_line(name)}" if what else one_line(name)


def check_name(name: str, what: str) -> None:
    """An empty file name is a usage error, not the current directory."""
    if name == "":
        raise UsageError(f"{what} needs a file name, got ''")
    if "\0" in name:
        raise UsageError(f"{what}: a file name cannot hold a NUL character")


def open_input(name: str, what: str = "") -> IO[bytes]:
    """Open a file to read as bytes; ``-`` is stdin. Refuses special files.

    The file is opened without blocking and checked with ``fstat`` before any
    read, so a FIFO with no writer is refused at once rather than waited on.
    """
    check_name(name, what or "a file")
    if name == STDIN:
        return sys.stdin.buffer
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except OSError as err:
        raise UsageError(f"{_named(what, name)}: {err.strerror or err}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UsageError(f"{_named(what, name)}: {_kind(mode)}; cardcli reads regular files")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def check_input(name: str, what: str = "") -> None:
    """Refuse a missing or special input file before the work starts."""
    if name != STDIN:
        open_input(name, what).close()


def output_target(name: str, what: str) -> Path:
    """Where writing to ``name`` really goes: the path, or the file a symlink names.

    Refuses special files and directories; a new path is fine (its folder is
    created by the writer).
    """
    from pathlib import Path

    check_name(name, what)
    path = Path(name)
    real = Path(os.path.realpath(path))
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        if path.is_symlink():
            return real  # a dangling link: the file it names is created
        return path
    except OSError as err:
        raise UsageError(f"{_named(what, name)}: {err.strerror or err}") from None
    if not stat.S_ISREG(mode):
        raise UsageError(f"{_named(what, name)}: {_kind(mode)}; cardcli writes only regular files")
    return real


@contextlib.contextmanager
def replace_whole(name: str, what: str) -> Iterator[tuple[IO[bytes], Path]]:
    """Write a file as a whole: a temporary beside it, renamed onto it when done.

    On any error (or a refusal raised inside the block) the temporary is removed
    and the old file is left exactly as it was.
    """
    import tempfile  # only when a whole file is written

    target = output_target(name, what)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as err:
        raise UsageError(f"{_named(what, name)}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle, target
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def lock(handle: IO[bytes], name: str) -> None:
    """Take the writer's lock on an open log, or refuse (exit 1) if another has it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: msvcrt locks a byte range
        _lock_windows(handle, name)
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise CardcliError(
            f"{one_line(name)}: another cardcli is writing this log; wait for it to end"
        ) from None
    except OSError:
        return  # a file system without locks: carry on unlocked


@contextlib.contextmanager
def folder_locked(folder: Path, name: str) -> Iterator[None]:
    """Hold the writers' lock on a folder (``simulate --logs DIR``) while the block runs, or
    refuse (exit 1) if another cardcli holds it. The folder itself is locked (its open
    descriptor, POSIX ``flock``), so nothing is left in it; where there is no ``fcntl``
    the folder goes unlocked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock on a folder
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as err:
        raise UsageError(f"{one_line(name)}: {err.strerror or err}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise CardcliError(
                f"{one_line(name)}: another cardcli is writing logs into this folder; "
                "wait for it to end or give another folder (nothing was changed)"
            ) from None
        except OSError:
            pass  # a file system without locks: carry on unlocked
        yield
    finally:
        os.close(fd)  # the lock goes with it


def _lock_windows(handle: IO[bytes], name: str) -> None:  # pragma: no cover
    import msvcrt

    try:
        position = handle.tell()
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        handle.seek(position)
    except OSError:
        raise CardcliError(
            f"{one_line(name)}: another cardcli is writing this log; wait for it to end"
        ) from None


def open_new_log(name: str, what: str = "--log") -> tuple[IO[bytes], Path]:
    """A new (or empty) regular log file, locked; an existing log is never overwritten."""
    target = output_target(name, what)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Never blocks: a FIFO that slipped past the check fails here instead.
        flags = (
            os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        )
        fd = os.open(target, flags, 0o666)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except OSError as err:
        raise UsageError(f"{_named(what, name)}: {err.strerror or err}") from None
    handle = os.fdopen(fd, "wb")
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UsageError(
                f"{_named(what, name)}: {_kind(mode)}; cardcli writes only regular files"
            )
        lock(handle, name)
        if os.fstat(fd).st_size > 0:
            head = _cut_header(target)
            if head is not None:
                raise UsageError(f"--log: {cut_header_advice(head, name)}")
            raise UsageError(
                f"{_named(what, name)}: file exists; resume it with 'cardcli resume {one_line(name)}' or pick another name"
            )
        return handle, target
    except BaseException:
        handle.close()
        raise


def _cut_header(path: Path) -> bytes | None:
    """The bytes of a file that holds only a log's first line cut short (no newline yet)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(MAX_CUT_HEADER + 1)
    except OSError:
        return None
    if len(head) > MAX_CUT_HEADER or b"\n" in head or not head.lstrip().startswith(b"{"):
        return None
    return head


def open_log_to_append(name: str) -> IO[bytes]:
    """An existing log opened to read and then append, locked for this writer."""
    check_name(name, "resume")
    handle = open_input(name, "")
    handle.close()  # checked: a regular file; now open it for writing too
    try:
        fd = os.open(name, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise UsageError(f"{one_line(name)}: {err.strerror or err}") from None
    writable = os.fdopen(fd, "r+b")
    try:
        lock(writable, name)
    except BaseException:
        writable.close()
        raise
    return writable
