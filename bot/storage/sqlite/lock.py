"""One bot process per database: a second `python -m bot` on the same file refuses to start.

Two processes on one database would both answer every click and both send every reminder. The
first process holds an exclusive `flock` on `<database>.lock` (a file of its own: a descriptor
of the database file itself must never be closed beside SQLite, which would drop SQLite's
locks) for as long as it runs; the kernel releases it when the process ends, however it ends,
so a killed bot never leaves a stale lock. The file says who holds it, for the refusal.

The database tools (`backup`, `check-db`) do not take it: they are made to run beside the bot.

Several processes sharing the games (sharding) need PostgreSQL (DATABASE_URL): there each process
claims its shards instead, with leases in the database (bot/scheduling/shards.py); this file lock
stays the rule for SQLite.
"""

from __future__ import annotations

import errno
import fcntl
import os
import socket
from datetime import UTC, datetime
from pathlib import Path

from bot.storage.records import StorageError
from bot.storage.sqlite.connection import read_only


class DatabaseInUse(StorageError):
    """Another bot process runs on this database."""


class ProcessLock:
    """An exclusive claim on a database file for this process; `release()` when done."""

    def __init__(self, fd: int, path: Path):
        self._fd: int | None = fd
        self.path = path

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def claim_database(database: Path) -> ProcessLock:
    """Take the database for this process, or raise DatabaseInUse naming the process that has it.

    The lock sits beside the file itself, symlinks resolved: a second process given a symlink to
    the file (or a path through a symlinked folder, or with `..`) finds the same lock."""
    database = Path(os.path.realpath(database))
    database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = lock_path(database)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
            raise read_only(f"cannot create {path.name} beside it: {exc.strerror}") from None
        raise
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 200).decode("utf-8", "replace").strip() or "a process"
        os.close(fd)
        raise DatabaseInUse(
            f"another bot process ({holder}) is already running on {database}; two would both answer every "
            "click. Stop that one first (or give this one its own DATABASE_PATH)") from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"pid {os.getpid()} on {socket.gethostname()}, started {datetime.now(UTC):%Y-%m-%d %H:%M} UTC\n"
             .encode())
    return ProcessLock(fd, path)
