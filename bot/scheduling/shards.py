"""Which process owns which shards: one lease per Discord shard, in the shared database.

A bot process holds the lease `shard K/N` for each shard K it serves (all of them by default)
and renews each every third of its length. While it holds a shard's lease it alone answers that
shard's servers and does their scheduled work (reminders; later bot players' turns and absent
players' takeovers), so nothing scheduled is done twice. A process killed without a word stops
renewing: its leases expire, and its restart (or a replacement) takes them over then, and sends
what came due meanwhile, so nothing is lost either.

At start-up a shard held by another live process is waited for, up to a bit more than one lease
length (the holder may be the killed predecessor of this very process); if it is still renewed
after that, a second process runs the same shard and this one refuses to start. A process whose
lease is taken from it (it could not renew in time) stops at once rather than work beside the new
owner. Used on PostgreSQL; on SQLite one process holds the whole file (bot/storage/sqlite/lock.py).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.storage.records import Shards, StorageError

log = logging.getLogger(__name__)


class ShardsTaken(StorageError):
    """Another live process serves one of this process's shards, or uses another SHARD_COUNT."""


def lease_name(shard: int, count: int) -> str:
    return f"shard {shard}/{count}"


def wall_clock() -> datetime:
    return datetime.now(UTC)


class ShardClaim:
    def __init__(self, storage, shards: Shards, *, seconds: float = 30.0,
                 clock: Callable[[], datetime] = wall_clock, owner: str | None = None):
        self.storage = storage
        self.shards = shards
        self.seconds = seconds
        self.clock = clock  # the real time, even when the bot's own clock is a test's
        self.owner = owner or f"pid {os.getpid()} on {socket.gethostname()} ({secrets.token_hex(4)})"
        self.names = [lease_name(k, shards.count) for k in shards.ids]
        self.held = False
        self._task: asyncio.Task | None = None

    async def take(self, *, poll: float = 1.0) -> None:
        """Take every lease of this process's shards, waiting out a dead holder; ShardsTaken if a
        live process keeps one (or runs another shard count)."""
        await self._refuse_other_counts()
        give_up = asyncio.get_running_loop().time() + self.seconds * 1.5 + poll
        waiting: list[str] = list(self.names)
        while True:
            for name in list(waiting):
                lease = await self.storage.take_lease(name, self.owner, self.clock(), self.seconds)
                if lease.owner == self.owner:
                    waiting.remove(name)
            if not waiting:
                break
            if asyncio.get_running_loop().time() > give_up:
                holders = {lease.name: lease.owner for lease in await self.storage.leases()}
                taken = "; ".join(f"{name} by {holders.get(name, '?')}" for name in waiting)
                raise ShardsTaken(f"another bot process serves the same shards ({taken}); two would both answer "
                                  "every click. Give each process its own SHARD_IDS")
            log.info("waiting for %s: held by another process until its lease expires", ", ".join(waiting))
            await asyncio.sleep(poll)
        self.held = True
        log.info("serving %s as %s", ", ".join(self.names), self.owner)

    async def _refuse_other_counts(self) -> None:
        now = self.clock()
        for lease in await self.storage.leases():
            count = lease.name.rsplit("/", 1)[-1]
            if lease.name.startswith("shard ") and count != str(self.shards.count) and lease.expires_at > now:
                raise ShardsTaken(f"another bot process runs with SHARD_COUNT={count} ({lease.owner}); every process "
                                  f"must use the same SHARD_COUNT (this one has {self.shards.count})")

    def keep(self, on_lost: Callable[[str], Awaitable[None]]) -> None:
        """Renew the leases in the background; `on_lost(reason)` once one cannot be kept."""
        self._task = asyncio.create_task(self._renew(on_lost), name="shard-leases")

    async def _renew(self, on_lost: Callable[[str], Awaitable[None]]) -> None:
        failing_since: datetime | None = None
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                for name in self.names:
                    if not await self.storage.renew_lease(name, self.owner, self.clock(), self.seconds):
                        self.held = False
                        return await on_lost(f"{name} was taken over by another process, which serves these "
                                             "servers now")
                failing_since = None
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is unreachable: keep trying until the lease runs out
                failing_since = failing_since or self.clock()
                if (self.clock() - failing_since).total_seconds() >= self.seconds * 2 / 3:
                    self.held = False
                    # Nobody else serves them yet: say what happened and what to do, not a takeover.
                    return await on_lost(f"the database did not answer for {self.seconds * 2 / 3:.0f} s ({exc}), so "
                                         "the shard leases could not be renewed and another process may take these "
                                         "servers over; start this one again once the database answers")
                log.warning("renewing the shard leases failed (%s); trying again", exc)

    async def release(self) -> None:
        """Give the leases back at a clean stop, so a replacement need not wait them out."""
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._task = None
        if self.held:
            self.held = False
            for name in self.names:
                try:
                    await self.storage.release_lease(name, self.owner)
                except Exception:
                    log.exception("could not give back %s (it expires by itself)", name)
