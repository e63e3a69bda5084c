"""The PostgreSQL backend: a pool of asyncpg connections to one database shared by every process.

- A write is one transaction on a pooled connection (READ COMMITTED), shielded from the caller's
  cancellation. Writes to different games run side by side; a write that changes a game first
  locks its row (`lock_game`: SELECT ... FOR UPDATE), so writers in several processes take turns
  on one game, and the (game, seq) key still gives exactly one winner per version.
- A deadlock or serialisation failure the server reports is retried (the whole body again).
- A read is one REPEATABLE READ, READ ONLY transaction: its queries see one committed moment.
- `synchronous_commit` is forced on for the bot's sessions: a commit returns once the server has
  flushed it to its write-ahead log, so a confirmed choice survives a crash of the bot, of the
  server or of its machine (as far as the server's disk honours fsync; a server with fsync off
  is reported at start-up).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from bot.storage.database import Conflict, Conn, Database, Listening, shielded
from bot.storage.postgres import dump
from bot.storage.postgres.migrate import (
    current_version,
    foreign_tables,
    migrate,
    not_ours,
    postgres_migrations,
)
from bot.storage.records import StorageError
from bot.storage.sqlite.backup import free_name
from bot.storage.sqlite.migrate import MigrationError

log = logging.getLogger(__name__)
T = TypeVar("T")

# Connections per process. Each interaction holds one for a few milliseconds per transaction.
POOL_SIZE = 10
# Where the automatic dump before a migration goes when the caller names no folder.
DEFAULT_BACKUP_DIR = Path("data")
_RETRIED = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
_RETRIES = 5


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The service's `?` parameters as PostgreSQL's `$1, $2 ...` (no `?` appears in its literals)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class PostgresConn(Conn):
    def __init__(self, conn: asyncpg.Connection):
        self.raw = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        try:
            await self.raw.execute(numbered(sql), *args)
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(str(exc)) from None

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if not rows:
            return
        try:
            await self.raw.executemany(numbered(sql), rows)
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(str(exc)) from None

    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[asyncpg.Record]:
        try:
            return await self.raw.fetch(numbered(sql), *args)
        except asyncpg.UniqueViolationError as exc:  # an INSERT ... RETURNING
            raise Conflict(str(exc)) from None

    async def lock_game(self, game_id: int) -> None:
        await self.raw.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)


def _unreachable(url: str, exc: BaseException) -> StorageError:
    where = dump.without_password(url)
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return StorageError(f"the database in {where} does not exist: create it (createdb, or CREATE DATABASE) "
                            "and start again; the bot creates its tables itself")
    if isinstance(exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        return StorageError(f"PostgreSQL refused the user or password in DATABASE_URL ({where}): {exc}")
    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return StorageError(f"cannot connect to PostgreSQL at {where}: {reason}. Is the server running, and is "
                        "DATABASE_URL right? This will not fix itself")


# Advisory lock keys of games: above every other key this bot uses (the migration lock).
GAME_LOCK_BASE = 1 << 62


class GameLocks:
    """Per-game locks across processes: session advisory locks on one connection of their own.

    A game is first locked in this process (an asyncio lock: one request of this process at a
    time), then on the server with pg_try_advisory_lock, tried again after a short pause while
    another process holds it; the connection is never blocked waiting, so the locks of other
    games pass meanwhile. The server drops a dead process's locks with its connection. Should the
    connection itself break, the locks it held are gone: logged, and the (game, seq) key still
    refuses a second choice for one version.
    """

    def __init__(self, url: str):
        self.url = url
        self._conn: asyncpg.Connection | None = None
        self._use = asyncio.Lock()  # one query at a time on the shared connection
        self._local: dict[int, asyncio.Lock] = {}

    @contextlib.asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        async with self._local.setdefault(game_id, asyncio.Lock()):
            key = GAME_LOCK_BASE + game_id
            pause = 0.005
            while not await self._query("SELECT pg_try_advisory_lock($1)", key):
                await asyncio.sleep(pause)
                pause = min(pause * 2, 0.2)
            try:
                yield
            finally:
                await shielded(self._query("SELECT pg_advisory_unlock($1)", key))

    async def _query(self, sql: str, key: int) -> Any:
        async with self._use:
            if self._conn is None or self._conn.is_closed():
                if self._conn is not None:
                    log.warning("the connection holding the games' locks was lost; opening a new one")
                self._conn = await asyncpg.connect(self.url, server_settings={"application_name": "boardgame-bot locks"})
            return await self._conn.fetchval(sql, key)

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None


class PostgresListening(Listening):
    """LISTEN on a connection of its own (a pooled one goes back to the pool after each query)."""

    def __init__(self, conn: asyncpg.Connection, channel: str, callback):
        self.conn, self.channel, self.callback = conn, channel, callback

    def alive(self) -> bool:
        return not self.conn.is_closed()

    async def close(self) -> None:
        if not self.conn.is_closed():
            with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                await self.conn.remove_listener(self.channel, self.callback)
            await self.conn.close()


class PostgresDatabase(Database):
    dialect = "postgresql"

    def __init__(self, url: str, pool: asyncpg.Pool):
        self.url = url
        self.pool = pool
        self.locks = GameLocks(url)
        self._listening: list[PostgresListening] = []

    def game_lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self.locks.hold(game_id)

    @classmethod
    async def open(cls, url: str, *, migrate_schema: bool, clock: Callable[[], datetime],
                   backup_dir: Path | None = None, pool_size: int = POOL_SIZE) -> PostgresDatabase:
        """Connect, check the server takes writes, migrate (after a pg_dump of an older schema).

        With migrate_schema=False (check-db) another schema version is refused instead.
        """
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, command_timeout=60,
                server_settings={"synchronous_commit": "on", "application_name": "boardgame-bot"})
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise _unreachable(url, exc) from None
        database = cls(url, pool)
        try:
            async with pool.acquire() as conn:
                await _check_health(conn, database.describe())
                if migrate_schema:
                    folder = backup_dir or DEFAULT_BACKUP_DIR
                    await migrate(conn, before_migrating=lambda version: database._dump_before_migrating(
                        folder, version, clock()))
                else:
                    await _require_current_schema(conn, database.describe())
        except BaseException:
            await pool.close()
            raise
        return database

    async def _dump_before_migrating(self, folder: Path, version: int, now: datetime) -> None:
        name = urlsplit(self.url).path.lstrip("/") or "postgres"
        target = await dump.dump_database(self.url, free_name(dump.pre_migration_name(folder, name, version, now)))
        log.info("database %s is at schema version %d: dumped to %s before migrating it",
                 self.describe(), version, target)

    async def close(self) -> None:
        for listening in self._listening:
            await listening.close()
        await self.locks.close()
        await self.pool.close()

    # -- telling the other processes -------------------------------------------------------
    async def notify(self, channel: str, payload: str) -> None:
        await self.pool.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def listen(self, channel: str, heard: Callable[[str], None]) -> PostgresListening:
        conn = await asyncpg.connect(self.url, server_settings={"application_name": "boardgame-bot listen"})

        def callback(_conn, _pid, _channel, payload: str) -> None:
            heard(payload)

        try:
            await conn.add_listener(channel, callback)
        except BaseException:
            await conn.close()
            raise
        listening = PostgresListening(conn, channel, callback)
        self._listening = [x for x in self._listening if x.alive()] + [listening]
        return listening

    def describe(self) -> str:
        return dump.without_password(self.url)

    # -- transactions ----------------------------------------------------------------------
    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        async def run() -> T:
            for attempt in range(_RETRIES):
                try:
                    async with self.pool.acquire() as conn, conn.transaction():
                        return await body(PostgresConn(conn))
                except _RETRIED:
                    if attempt == _RETRIES - 1:
                        raise
                    log.info("a write was chosen as a deadlock victim; running it again")
            raise AssertionError("unreachable")

        return await shielded(run())

    async def read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        async def run() -> T:
            async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
                return await body(PostgresConn(conn))

        return await shielded(run())

    # -- checks and backups ----------------------------------------------------------------
    async def integrity_problems(self) -> list[str]:
        """Every table read in full (a damaged page is an error here, not at the first game that
        touches it) and the schema version; PostgreSQL enforces the keys itself."""
        problems = []
        async with self.pool.acquire() as conn:
            want = len(postgres_migrations())
            have = await current_version(conn)
            if have != want:
                problems.append(f"schema version {have}, this code uses {want}")
            for table in ("games", "choices", "snapshots", "messages", "reminders", "guild_settings",
                          "user_settings", "results", "audit"):
                try:
                    await conn.fetchval(f"SELECT count(*) FROM (SELECT * FROM {table}) AS rows")
                except asyncpg.PostgresError as exc:
                    problems.append(f"{table}: {exc}")
        return problems

    async def backup(self, target: str | Path) -> Path:
        """A pg_dump archive (custom format) of the whole database: dump.py."""
        return await dump.dump_database(self.url, target)


async def _check_health(conn: asyncpg.Connection, where: str) -> None:
    """A standby (read-only) server answers reads and refuses every write: say so at once."""
    if await conn.fetchval("SELECT pg_is_in_recovery()"):
        raise StorageError(f"{where} is a read-only standby server: point DATABASE_URL at the primary")
    if await conn.fetchval("SHOW transaction_read_only") == "on":
        raise StorageError(f"{where} is read-only (default_transaction_read_only): make it writable")
    if await conn.fetchval("SHOW fsync") != "on":
        log.warning("PostgreSQL at %s runs with fsync off: a crash of its machine may lose confirmed choices",
                    where)


async def _require_current_schema(conn: asyncpg.Connection, where: str) -> None:
    have, want = await current_version(conn), len(postgres_migrations())
    if have > want:
        raise MigrationError(f"{where} has schema version {have}, newer than this code's {want}: use the newer "
                             "version of the bot (this one must not change it)")
    if have == 0 and (foreign := await foreign_tables(conn)):
        raise MigrationError(not_ours(where, foreign))
    if have != want:
        raise MigrationError(f"{where} has schema version {have}, this code uses {want}; starting the bot "
                             "migrates it (after a pg_dump), or `python -m bot backup` dumps it as it is")
