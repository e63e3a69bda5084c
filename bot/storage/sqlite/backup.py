"""Backups: a consistent copy of a database of any schema version, private, synced, never partial.

The copy is written by `VACUUM INTO` under the name `<target>.partial` (created 0600 first, so the
copy is private), synced, then renamed to its name: a file under the backup's name is always
whole. Any failure (a folder that cannot be made, a path under a file, a read-only or full disk)
removes the partial file and is one `StorageError` line.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from datetime import datetime
from pathlib import Path

import aiosqlite

from bot.storage.records import StorageError
from bot.storage.sqlite.connection import connect
from bot.storage.sqlite.files import create_private_empty


def _why(exc: BaseException, target: Path) -> str:
    if isinstance(exc, (NotADirectoryError, FileExistsError)):
        blocker = next((p for p in target.parents if p.exists() and not p.is_dir()), target.parent)
        return f"{blocker} is a file, not a folder"
    return str(exc) if isinstance(exc, sqlite3.Error) else (getattr(exc, "strerror", None) or str(exc))


async def copy_database(conn: aiosqlite.Connection, target: str | os.PathLike) -> Path:
    """Copy the database of `conn` to the new file `target`, creating its folder (0700) if needed."""
    target = Path(target)
    if target.exists():
        raise StorageError(f"{target} already exists; choose a new name")
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)  # left by a copy that was killed
        create_private_empty(partial)
        await conn.execute("VACUUM INTO ?", (str(partial),))
        # VACUUM INTO does not promise an fsync; the backup must survive a power cut too.
        await asyncio.to_thread(fsync_and_rename, partial, target)
    except BaseException as exc:
        try:
            partial.unlink(missing_ok=True)
        except OSError:
            pass
        if isinstance(exc, (OSError, sqlite3.Error)):
            raise StorageError(f"cannot write the backup {target}: {_why(exc, target)}") from None
        raise
    return target


async def backup_file(database: Path, target: str | os.PathLike) -> Path:
    """`python -m bot backup`: copy the database file, whatever its schema version."""
    if not database.is_file():
        raise StorageError(f"{database}: no such database file")
    conn = await connect(database)
    try:
        return await copy_database(conn, target)
    finally:
        await conn.close()


def pre_migration_name(database: Path, version: int, now: datetime) -> Path:
    """Where the automatic copy taken before migrating from `version` goes: beside the database."""
    return database.with_name(f"{database.stem}-schema{version}-before-migration-{now:%Y%m%d-%H%M%S}.sqlite3")


def free_name(path: Path) -> Path:
    """`path`, or the same name with -2, -3 ... before its suffix when a file has it already (a
    second start within the same second): the copy before a migration is named by the bot, so the
    operator has no name to choose."""
    candidate, n = path, 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate


def fsync_and_rename(partial: Path, target: Path) -> None:
    with open(partial, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(partial, target)
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
