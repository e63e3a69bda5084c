"""Leases: a named piece of work owned by one process until a time (the `leases` table).

A process takes a lease that is free or expired, renews it before it expires, and gives it back
when it stops. Taking and renewing are single statements (an upsert with a condition, an update
of the holder's own row), so of two processes racing for one lease exactly one gets it, on SQLite
and on PostgreSQL alike. Times are the processes' own UTC clocks: keep the machines' clocks in
step (NTP); the lease length (seconds) dwarfs their drift.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.storage.base import StorageBase
from bot.storage.records import text_to_time, time_to_text


@dataclass(frozen=True)
class Lease:
    name: str
    owner: str
    expires_at: datetime
    renewed_at: datetime


class Leases(StorageBase):
    """Lease rows; part of `Storage`."""

    async def take_lease(self, name: str, owner: str, now: datetime, seconds: float) -> Lease:
        """Take `name` for `owner` if it is free, expired, or already `owner`'s; returns the lease
        as it now stands (its owner says whether it was taken)."""
        until, stamp = time_to_text(now + timedelta(seconds=seconds)), time_to_text(now)

        async def body(c) -> Lease:
            await c.execute(
                "INSERT INTO leases (name, owner, expires_at, renewed_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at,"
                " renewed_at = excluded.renewed_at WHERE leases.owner = excluded.owner OR leases.expires_at < ?",
                (name, owner, until, stamp, stamp))
            return _lease(await c.one("SELECT * FROM leases WHERE name = ?", (name,)))

        return await self._write(body)

    async def renew_lease(self, name: str, owner: str, now: datetime, seconds: float) -> bool:
        """Extend `owner`'s lease; False if it is no longer theirs (expired and taken by another)."""
        until, stamp = time_to_text(now + timedelta(seconds=seconds)), time_to_text(now)
        renewed = await self._write(lambda c: c.value(
            "UPDATE leases SET expires_at = ?, renewed_at = ? WHERE name = ? AND owner = ? RETURNING name",
            (until, stamp, name, owner)))
        return renewed is not None

    async def release_lease(self, name: str, owner: str) -> None:
        await self._write(lambda c: c.execute("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner)))

    async def leases(self) -> list[Lease]:
        return [_lease(r) for r in await self._read(lambda c: c.all("SELECT * FROM leases ORDER BY name"))]


def _lease(row) -> Lease:
    return Lease(row["name"], row["owner"], text_to_time(row["expires_at"]), text_to_time(row["renewed_at"]))
