"""What the storage service needs from a database: the one interface both backends implement.

The storage service (store.py, side.py, tools.py) writes its SQL once, in the dialect both SQLite
and PostgreSQL speak, with `?` for parameters; a backend runs it:
- `write(body)`: `body(conn)` in one transaction that either commits whole or not at all, shielded
  from the caller's cancellation; `read(body)`: in one transaction that sees one committed moment.
- `conn.one/all/value/execute/many` inside a body; a unique key or index refusing a row is raised
  as `Conflict`, whatever the backend's own error (the service turns it into ChannelBusy or
  GameMovedOn).
- `conn.lock_game(game_id)`: in a write, hold the game's row until the commit, so two processes
  changing one game take turns (PostgreSQL: `SELECT ... FOR UPDATE`; SQLite: nothing to do, one
  writer at a time already).
- `game_lock(game_id)`: one game's lock for a whole request (load, decide, write, and again),
  held across processes where one write's row lock is not enough (PostgreSQL: an advisory lock;
  SQLite, one process: an asyncio lock).

Backends: sqlite/database.py (the default: a file) and postgres/database.py (DATABASE_URL).
"""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from bot.storage.records import StorageError

T = TypeVar("T")


async def shielded(coro: Awaitable[T]) -> T:
    """Run `coro` to its end even if the awaiting task is cancelled: a transaction then still
    ends (commit or rollback) and its connection is never left in the middle of one."""
    task = asyncio.ensure_future(coro)
    # If nobody awaits it any more, still retrieve its outcome (no "never retrieved" noise).
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)


class Conflict(StorageError):
    """A unique key or index refused a row (another writer got there first)."""


class Conn(ABC):
    """One connection inside one transaction. Rows support `row["column"]` and `row[0]`."""

    @abstractmethod
    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None: ...

    @abstractmethod
    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]: ...

    async def one(self, sql: str, args: Sequence[Any] = ()) -> Any | None:
        rows = await self.all(sql, args)
        return rows[0] if rows else None

    async def value(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first column of the first row (None without rows): counts, `RETURNING id`."""
        row = await self.one(sql, args)
        return None if row is None else row[0]

    @abstractmethod
    async def lock_game(self, game_id: int) -> None:
        """Hold game `game_id` against other processes' writes until this transaction ends."""


class Listening(ABC):
    """A subscription of `Database.listen`."""

    @abstractmethod
    def alive(self) -> bool:
        """False once its connection broke (listen again) or it was closed."""

    @abstractmethod
    async def close(self) -> None: ...


class Database(ABC):
    """A backend: transactions, checks, backups. Open one with `Storage.open` (base.py)."""

    #: "sqlite" or "postgresql": for messages and the few places the tools differ.
    dialect: str

    @abstractmethod
    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T: ...

    @abstractmethod
    async def read(self, body: Callable[[Conn], Awaitable[T]]) -> T: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def integrity_problems(self) -> list[str]:
        """The database's own consistency checks; an empty list means sound."""

    @abstractmethod
    async def backup(self, target: str | Path) -> Path:
        """A consistent, private copy taken while the bot runs (a file, never half-written)."""

    @abstractmethod
    def describe(self) -> str:
        """Where the data is, for messages (a file path, or a URL without its password)."""

    async def notify(self, channel: str, payload: str) -> None:
        """Tell the other processes sharing this database (PostgreSQL NOTIFY); one process owns
        a SQLite file, so there is nobody to tell."""
        return None

    async def listen(self, channel: str, heard: Callable[[str], None]) -> Listening | None:
        """Call `heard(payload)` for every `notify` on `channel` by any process, until the
        Listening is closed or its connection breaks; None where nobody else can notify (SQLite)."""
        return None

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """This process's lock on one game (a backend shared by processes adds theirs)."""
        locks: dict[int, asyncio.Lock] = self.__dict__.setdefault("_game_locks", {})
        async with locks.setdefault(game_id, asyncio.Lock()):
            yield

    async def execute(self, sql: str, *args: Any) -> None:
        """One statement in a write transaction of its own (tests and tools)."""

        async def body(conn: Conn) -> None:
            await conn.execute(sql, args)

        await self.write(body)

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        """One query in a read transaction of its own (tests and tools)."""
        return await self.read(lambda conn: conn.all(sql, args))
