"""The database as a file on disk: created private, marked once it exists, watched while in use.

- `create_private`: a new database file is made 0600 before SQLite opens it; SQLite gives its
  -wal and -shm files the database's mode, so all three stay private (backups likewise).
- The marker `<database>.created` is written once the database exists. While the marker is
  there, a missing or empty database is refused instead of created afresh: every game would
  silently be gone. The first start on a new machine has neither, and simply creates both.
- `FileWatch` remembers which files (device, inode) the database and its WAL were when opened;
  `lost()` says when a path no longer leads to its file (deleted, moved, replaced), checked
  before every commit.
"""

from __future__ import annotations

import logging
import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bot.storage.records import StorageError

log = logging.getLogger(__name__)

MARKER_SUFFIX = ".created"


def marker_of(path: Path) -> Path:
    return path.with_name(path.name + MARKER_SUFFIX)


def refuse_lost_database(path: Path) -> None:
    """Refuse to start where a database existed (its marker is there) but is now gone or empty."""
    marker = marker_of(path)
    if not marker.exists():
        return
    if not path.exists():
        problem = "is missing"
    elif path.is_file() and path.stat().st_size == 0:
        problem = "is empty"
    else:
        return
    raise StorageError(
        f"the database {path} {problem}, but one was created there before ({marker} says so); the bot "
        f"will not start afresh and lose every game. Restore the latest backup to {path} "
        f"(docs/operations.md, Backups); to start with an empty database on purpose, delete {marker}")


def create_private(path: Path) -> None:
    """Create the folder (0700) and an empty database file (0600) if they do not exist yet."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return  # never opened, so never closed: closing a descriptor drops SQLite's locks
    os.close(fd)


def create_private_empty(path: Path) -> None:
    """An empty 0600 file at `path` (which must not exist): SQLite then writes into it (VACUUM INTO)
    keeping its mode."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def write_marker(path: Path, now: datetime) -> None:
    marker = marker_of(path)
    if marker.exists():
        return
    marker.write_text(
        f"The bot's database {path.name} was created in this folder (marker written {now:%Y-%m-%d %H:%M} UTC).\n"
        "While this file exists the bot refuses to start if the database is missing or empty,\n"
        "rather than create an empty one and lose every game. Restore the database from a backup;\n"
        "to start with an empty database on purpose, delete this file.\n", encoding="utf-8")


def warn_if_readable_by_others(path: Path) -> None:
    """A database made by older code (or copied in) may be readable by every user of the machine."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        log.warning("the database %s is readable by other users (mode %o): it holds every game's secrets; "
                    "run: chmod 600 %s %s-wal %s-shm", path, stat.S_IMODE(mode), path, path, path)


@dataclass(frozen=True)
class FileIdentity:
    """Which file a path led to when it was opened."""

    path: Path
    device: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> FileIdentity | None:
        try:
            info = path.stat()
        except FileNotFoundError:
            return None
        return cls(path, info.st_dev, info.st_ino)

    def lost(self) -> str | None:
        """Why the path no longer leads to the opened file (None while it does)."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return f"{self.path} was deleted or moved away"
        except OSError as exc:
            return f"{self.path} cannot be checked ({exc.strerror})"
        if (info.st_dev, info.st_ino) != (self.device, self.inode):
            return f"{self.path} was replaced by another file"
        if info.st_nlink == 0:
            return f"{self.path} was deleted"
        return None


@dataclass(frozen=True)
class FileWatch:
    """The database file and its WAL as opened. SQLite keeps writing into a deleted file through
    its open descriptor, so a deleted database (or WAL) still takes commits that vanish with the
    process; `lost()` is checked before each commit instead."""

    database: FileIdentity
    wal: FileIdentity | None

    @classmethod
    def of(cls, path: Path) -> FileWatch:
        database = FileIdentity.of(path)
        if database is None:
            raise StorageError(f"{path} vanished while it was being opened")
        return cls(database, FileIdentity.of(Path(f"{path}-wal")))

    def lost(self) -> str | None:
        return self.database.lost() or (self.wal.lost() if self.wal is not None else None)
