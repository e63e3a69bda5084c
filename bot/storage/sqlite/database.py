"""The SQLite backend: one file, one writer connection and one reader connection per process.

- Writes are serialised by an asyncio lock, each one `BEGIN IMMEDIATE` transaction, shielded from
  the caller's cancellation so a cancelled interaction never leaves half a transaction.
- Before every commit the files opened are checked to be still the database's (files.py): a
  database deleted or replaced under the bot refuses every write (DatabaseGone).
- Reads use the second connection inside a read transaction, so a load sees one commit (WAL).
- Opening checks the file, backs it up before a migration, migrates, and marks it (files.py).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.database import Conflict, Conn, Database, shielded
from bot.storage.records import DatabaseGone, StorageError
from bot.storage.sqlite import files
from bot.storage.sqlite.backup import copy_database, free_name, pre_migration_name
from bot.storage.sqlite.connection import check_health, connect, unusable
from bot.storage.sqlite.migrate import (
    available,
    current_version,
    foreign_tables,
    migrate,
    not_ours,
    refuse_foreign_file,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


class SqliteConn(Conn):
    """One transaction on an aiosqlite connection. Its BEGIN goes with its first statement: one
    trip to the connection's thread less per transaction (each trip hands the GIL to that thread
    and back; a choice makes about 17 transactions: issue 30)."""

    def __init__(self, conn: aiosqlite.Connection, begin: str | None = None):
        self.raw = conn
        self._begin = begin  # not sent yet

    async def _trip(self, sql: str, args: Any, *, fetch: bool = False, many: bool = False) -> Any:
        begin, self._begin = self._begin, None

        def work() -> Any:  # in the connection's thread
            conn = self.raw._conn  # aiosqlite's sqlite3 connection: used only from its own thread
            if begin is not None:
                conn.execute(begin)
            cursor = conn.executemany(sql, args) if many else conn.execute(sql, args)
            try:
                return cursor.fetchall() if fetch else None
            finally:
                cursor.close()

        try:
            return await self.raw._execute(work)
        except sqlite3.IntegrityError as exc:  # an INSERT ... RETURNING too
            raise _conflict_or(exc) from None

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        await self._trip(sql, tuple(args))

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._trip(sql, [tuple(r) for r in rows], many=True)

    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        # One trip: execute, fetch and close together; the queries here return a few rows.
        return list(await self._trip(sql, tuple(args), fetch=True))

    async def lock_game(self, game_id: int) -> None:
        """Nothing to do: BEGIN IMMEDIATE (sent with the first statement) makes this the only
        writer before anything is read."""


def _conflict_or(exc: sqlite3.IntegrityError) -> Exception:
    return Conflict(str(exc)) if "UNIQUE constraint failed" in str(exc) else exc


async def _require_current_schema(conn: aiosqlite.Connection, path) -> None:
    have, want = await current_version(conn), len(available())
    if have > want:
        raise StorageError(f"{path} has schema version {have}, newer than this code's {want}: it was written "
                           "by a newer version of the bot; use that version (this one must not change it)")
    if have == 0 and (foreign := await foreign_tables(conn)):
        raise StorageError(not_ours(path, foreign))
    if have != want:
        raise StorageError(f"{path} has schema version {have}, this code uses {want}; starting the bot "
                           "migrates it (taking a backup first), or `python -m bot backup` copies it as it is")


async def _backup_before_migrating(conn: aiosqlite.Connection, path: Path, version: int, now: datetime) -> None:
    target = await copy_database(conn, free_name(pre_migration_name(path, version, now)))
    log.info("database %s is at schema version %d: backed up to %s before migrating it", path, version, target)


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self.writer = writer
        self.reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        # The files opened, checked before every commit (see `write`); once they are lost, why
        # (every later write is refused with it).
        self._watch: files.FileWatch | None = None
        self._lost: str | None = None

    @classmethod
    async def open(cls, path: Path, *, migrate_schema: bool, clock: Callable[[], datetime]) -> SqliteDatabase:
        """Check the file, migrate the schema (after a backup) and open the two connections.

        A new database is created 0600 (its folder 0700), and marked (files.py) so that a later
        start refuses to replace it with an empty one. The file must pass a quick integrity check
        and take a write, else UnusableDatabase says what the operator must do. With
        migrate_schema=False (tools such as check-db) an existing file is opened as it is, and a
        missing file or another schema version is refused instead of changed.
        """
        refuse_foreign_file(path)  # before anything looks at it as ours or changes its journal mode
        if migrate_schema:
            files.refuse_lost_database(path)
            files.create_private(path)
            files.warn_if_readable_by_others(path)
        elif not path.is_file():
            raise StorageError(f"{path}: no such database file")
        writer = await connect(path)
        try:
            if migrate_schema:
                await check_health(writer)
                await migrate(writer, before_migrating=lambda version: _backup_before_migrating(
                    writer, path, version, clock()))
                files.write_marker(path, clock())
            else:
                await _require_current_schema(writer, path)
            reader = await connect(path)
        except BaseException as exc:
            await writer.close()
            if isinstance(exc, sqlite3.Error):
                raise unusable(exc) from None
            raise
        database = cls(path, writer, reader)
        database._watch = files.FileWatch.of(path)
        return database

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self.reader.close()
            await self.writer.close()

    def describe(self) -> str:
        return str(self.path)

    # -- transactions ----------------------------------------------------------------------
    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `body` in one IMMEDIATE transaction on the writer connection."""

        async def run() -> T:
            async with self._write_lock:
                if self._lost is not None:  # known lost: refused at once (the files are checked before the commit)
                    raise DatabaseGone(self._lost)
                try:
                    result = await body(SqliteConn(self.writer, "BEGIN IMMEDIATE"))
                    self._refuse_if_lost()  # before the commit: a confirmed choice must be kept
                except BaseException:
                    if self.writer.in_transaction:
                        await self.writer.execute("ROLLBACK")
                    raise
                if self.writer.in_transaction:  # a body that ran no statement began none
                    await self.writer.execute("COMMIT")
                return result

        # Shielded: if the caller is cancelled the transaction still ends (commit or rollback)
        # before the lock is released, so the connection is never left mid-transaction.
        return await shielded(run())

    def _refuse_if_lost(self) -> None:
        if self._lost is None and self._watch is not None:
            self._lost = self._watch.lost()
            if self._lost is not None:
                log.critical("THE DATABASE IS GONE: %s. No choice is stored or confirmed from now on (players are "
                             "told nothing was changed). Stop the bot, restore the latest backup "
                             "(docs/operations.md, Backups), then start it again.", self._lost)
        if self._lost is not None:
            raise DatabaseGone(self._lost)

    async def read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `body` in one read transaction: all its queries see the same committed data."""

        async def run() -> T:
            async with self._read_lock:
                try:
                    return await body(SqliteConn(self.reader, "BEGIN"))
                finally:
                    if self.reader.in_transaction:
                        await self.reader.execute("COMMIT")

        return await shielded(run())

    # -- checks and backups ----------------------------------------------------------------
    async def integrity_problems(self) -> list[str]:
        """SQLite's integrity and foreign-key checks."""

        async def body(c: Conn) -> list[str]:
            problems = [r[0] for r in await c.all("PRAGMA integrity_check") if r[0] != "ok"]
            for r in await c.all("PRAGMA foreign_key_check"):
                problems.append(f"foreign key: {r[0]} row {r[1]} points to missing {r[2]}")
            return problems

        return await self.read(body)

    async def backup(self, target: str | Path) -> Path:
        """An online, consistent, private copy (backup.py)."""
        async with self._read_lock:
            return await copy_database(self.reader, target)
