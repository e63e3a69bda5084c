"""The writes waiting while a commit syncs go to disk together, in one transaction (issue 30).

Every commit syncs the WAL to disk (`synchronous=FULL`: a confirmed choice survives a power cut),
and one connection writes at a time. At 26 choices per second, about 4 writes each, the writer's
thread spent nearly all its time in those syncs (5 ms each on a quiet disk, tens when it is
shared) and the choices queued behind it (docs/operations.md, "Where a click's time goes"). Here a
write that arrives while a commit is under way waits for it, and then goes with every other write
that waited, in one transaction with one sync: under load one sync serves many writes, and alone a
write goes at once, as before.

Each write keeps its own outcome: it runs in a savepoint of its own, so a write that fails (a
unique key refusing a second choice of the same number) is rolled back alone and its caller gets
the error while the others are stored. A write is answered only once the commit that holds it has
returned, so nothing is confirmed before it is on disk; a commit that fails fails every write in
it, and none of them was stored. The order is the order the writes were asked in.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.storage.database import Conn

log = logging.getLogger(__name__)

# The most writes in one transaction: a failed commit (a full disk) fails them all, and the last
# of them waits for the others to run first; tens of writes take a few milliseconds.
MOST_PER_COMMIT = 64

Body = Callable[[Conn], Awaitable[Any]]


@dataclass(frozen=True)
class _Failed:
    error: BaseException


class GroupCommit:
    """The writes of one connection, run in its thread by `run_group(bodies)`, which stores each
    in a savepoint of one transaction and returns each one's value or `_Failed`."""

    def __init__(self, conn: aiosqlite.Connection, run_group: Callable[[list[Body]], list[Any]],
                 most: int = MOST_PER_COMMIT):
        self.conn = conn
        self._run_group = run_group
        self.most = most
        self._waiting: list[tuple[Body, asyncio.Future]] = []
        self._running: asyncio.Task | None = None
        self.commits = 0  # transactions committed or tried (the tests count them)

    async def write(self, body: Body) -> Any:
        """Store `body`'s changes; its value once they are committed. A caller cancelled meanwhile
        leaves the write to end as it would have (stored, or rolled back)."""
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        self._waiting.append((body, answer))
        if self._running is None:
            self._running = loop.create_task(self._commit_waiting(), name="sqlite group commit")
        return await answer

    async def _commit_waiting(self) -> None:
        try:
            while self._waiting:
                group, self._waiting = self._waiting[:self.most], self._waiting[self.most:]
                self.commits += 1
                try:
                    outcomes = await self.conn._execute(self._run_group, [body for body, _ in group])
                except Exception as exc:  # the transaction as a whole failed: nothing of it is stored
                    outcomes = [_Failed(exc)] * len(group)
                for (_, answer), outcome in zip(group, outcomes, strict=True):
                    if answer.done():  # its caller was cancelled
                        continue
                    if isinstance(outcome, _Failed):
                        answer.set_exception(outcome.error)
                    else:
                        answer.set_result(outcome)
        finally:
            self._running = None

    async def drain(self) -> None:
        """Wait until every write asked so far has ended (before the connection closes)."""
        while self._running is not None:
            await asyncio.shield(self._running)


def run_group(conn, bodies: list[Body], whole: Callable[[Body, Any], Any], before_commit: Callable[[], None],
              wrap: Callable[[Any], Conn]) -> list[Any]:
    """In the connection's thread: one IMMEDIATE transaction, each body in a savepoint of its
    own (`whole` runs a body to its end), `before_commit()` (it may refuse the commit by
    raising), then the commit. Each body's value, or `_Failed` with its error."""
    outcomes: list[Any] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for body in bodies:
            conn.execute("SAVEPOINT one_write")
            try:
                value = whole(body, wrap(conn))
            except Exception as exc:
                if not conn.in_transaction:  # SQLite ended the whole transaction (a full disk, I/O)
                    raise
                conn.execute("ROLLBACK TO one_write")
                conn.execute("RELEASE one_write")
                outcomes.append(_Failed(exc))
                continue
            conn.execute("RELEASE one_write")
            outcomes.append(value)
        before_commit()
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes
