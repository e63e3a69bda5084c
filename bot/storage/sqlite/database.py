"""The SQLite backend: one file, one writer connection and one reader connection per process.

- Each transaction runs whole in its connection's thread, as one job (`_whole`), so a caller
  cancelled meanwhile never leaves half a transaction (the job ends, commit or rollback).
- Writes are `BEGIN IMMEDIATE` transactions on the one writer connection; those that wait while
  a commit syncs go together in the next one, each in a savepoint (group_commit.py).
- Before every commit the files opened are checked to be still the database's (files.py): a
  database deleted or replaced under the bot refuses every write (DatabaseGone).
- Reads use the second connection inside a read transaction, so a load sees one commit (WAL).
- Opening checks the file, backs it up before a migration, migrates, and marks it (files.py).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.database import Conflict, Conn, Database
from bot.storage.records import DatabaseGone, StorageError
from bot.storage.sqlite import files
from bot.storage.sqlite.backup import copy_database, free_name, pre_migration_name
from bot.storage.sqlite.connection import check_health, connect, unusable
from bot.storage.sqlite.group_commit import GroupCommit, run_group
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
    """One transaction on a sqlite3 connection, inside that connection's thread: every statement
    runs at once, so a transaction body awaiting only these methods never suspends and the whole
    transaction is one job of the thread (`_whole`).

    Why (issue 30): a transaction that went back to the event loop between its statements held
    the connection for as many turns of a busy loop as it had statements; with about 4 writes and
    14 reads per choice, the single writer and the single reader were each busy all the time at
    26 choices/s and the choices queued behind them (docs/operations.md, "Where a click's time goes")."""

    def __init__(self, conn: sqlite3.Connection):
        self.raw = conn

    def _run(self, sql: str, args: Any, *, fetch: bool = False, many: bool = False) -> Any:
        try:
            cursor = self.raw.executemany(sql, args) if many else self.raw.execute(sql, args)
        except sqlite3.IntegrityError as exc:  # an INSERT ... RETURNING too
            raise _conflict_or(exc) from None
        try:
            return cursor.fetchall() if fetch else None
        finally:
            cursor.close()

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        self._run(sql, tuple(args))

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._run(sql, [tuple(r) for r in rows], many=True)

    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return list(self._run(sql, tuple(args), fetch=True))

    async def lock_game(self, game_id: int) -> None:
        """Nothing to do: BEGIN IMMEDIATE makes this the only writer before anything is read."""


class SuspendedBody(RuntimeError):
    """A transaction body awaited something other than its connection (a lock, a sleep, another
    read): it cannot run inside the connection's thread, and is a mistake of the code."""


def _whole(body: Callable[[Conn], Awaitable[T]], conn: Conn) -> T:
    """Run the transaction body to its end here, in the connection's thread. Its awaits are the
    connection's methods, which never suspend (SqliteConn), so one step finishes it."""
    steps = body(conn).__await__()
    try:
        steps.send(None)
    except StopIteration as finished:
        return finished.value
    steps.close()
    raise SuspendedBody(f"{getattr(body, '__qualname__', body)!s} awaited something other than its connection")


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
        # The files opened, checked before every commit (see `write`); once they are lost, why
        # (every later write is refused with it).
        self._watch: files.FileWatch | None = None
        self._lost: str | None = None
        self._group = GroupCommit(writer, self._write_group)

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
        # The writes asked are stored first, and aiosqlite ends the jobs queued before its close:
        # no transaction is cut short.
        await self._group.drain()
        await self.reader.close()
        await self.writer.close()

    def describe(self) -> str:
        return str(self.path)

    # -- transactions ----------------------------------------------------------------------
    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `body` in an IMMEDIATE transaction on the writer connection, whole in its thread,
        together with the other writes waiting then (group_commit.py: one sync for all, each in a
        savepoint of its own); its value once that transaction is committed."""
        if self._lost is not None:  # known lost: refused at once (the files are checked before the commit)
            raise DatabaseGone(self._lost)
        return await self._group.write(body)

    def _write_group(self, bodies: list[Callable[[Conn], Awaitable[Any]]]) -> list[Any]:
        """In the writer's thread: the bodies in one transaction, the files checked before the
        commit (a confirmed choice must be kept)."""
        return run_group(self.writer._conn, bodies, _whole, self._refuse_if_lost, SqliteConn)

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
        """Run `body` in one read transaction, whole in the reader's thread: all its queries see
        the same committed data."""

        def job() -> T:
            conn = self.reader._conn
            conn.execute("BEGIN")
            try:
                return _whole(body, SqliteConn(conn))
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

        return await self.reader._execute(job)

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
        """An online, consistent, private copy (backup.py): a job of the reader's thread, between
        two read transactions."""
        return await copy_database(self.reader, target)
