"""Connections, transactions and the row helpers shared by every part of the storage service."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, TypeVar

import aiosqlite

from bot.storage.records import (
    ChannelBusy,
    DatabaseGone,
    GameNotFound,
    GameRecord,
    Seat,
    Status,
    StorageError,
    seat_results,
    text_to_time,
    time_to_text,
)
from bot.storage.sqlite import files
from bot.storage.sqlite.backup import copy_database, pre_migration_name
from bot.storage.sqlite.connection import BUSY_TIMEOUT_MS, SYNCHRONOUS, check_health, connect, unusable
from bot.storage.sqlite.migrate import available, current_version, migrate

# Snapshot policy, chosen by measuring (bench/storage.py, docs/operations.md "Snapshots"):
# every append writes the state after it, so a load replays nothing; the previous snapshot
# is then dropped unless its number is a multiple of CHECKPOINT_EVERY. Loads cost one read
# and one parse, the database keeps about one state per CHECKPOINT_EVERY choices, and an
# undo or a check replays at most CHECKPOINT_EVERY - 1 choices from a kept checkpoint.
CHECKPOINT_EVERY = 10

log = logging.getLogger(__name__)
__all__ = ["BUSY_TIMEOUT_MS", "CHECKPOINT_EVERY", "SYNCHRONOUS", "StorageBase", "connect"]

# "Not given" for optional keyword arguments where None means "clear this value".
_UNSET: Any = object()
T = TypeVar("T")


def _utcnow() -> datetime:
    return datetime.now(UTC)


async def _shielded(coro: Awaitable[T]) -> T:
    """Run `coro` to its end even if the awaiting task is cancelled."""
    task = asyncio.ensure_future(coro)
    # If nobody awaits it any more, still retrieve its outcome (no "never retrieved" noise).
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)


def _event_json(events: Iterable[Any]) -> str:
    out = []
    for event in events:
        out.append(dataclasses.asdict(event) if dataclasses.is_dataclass(event) else dict(event))
    return json.dumps(out, default=str)


async def _require_current_schema(conn: aiosqlite.Connection, path) -> None:
    have, want = await current_version(conn), len(available())
    if have > want:
        raise StorageError(f"{path} has schema version {have}, newer than this code's {want}: it was written "
                           "by a newer version of the bot; use that version (this one must not change it)")
    if have != want:
        raise StorageError(f"{path} has schema version {have}, this code uses {want}; starting the bot "
                           "migrates it (taking a backup first), or `python -m bot backup` copies it as it is")


async def _backup_before_migrating(conn: aiosqlite.Connection, path: Path, version: int, now: datetime) -> None:
    target = await copy_database(conn, pre_migration_name(path, version, now))
    log.info("database %s is at schema version %d: backed up to %s before migrating it", path, version, target)


class StorageBase:
    """Connections, transactions and shared row helpers; `Storage` (bot/storage/sqlite/store.py) adds the rest."""

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        *,
        checkpoint_every: int = CHECKPOINT_EVERY,
        head_snapshots: bool = True,
        clock: Callable[[], datetime] = _utcnow,
    ):
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        self._w = writer
        self._r = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self.checkpoint_every = checkpoint_every
        # False keeps only the checkpoints (loads replay up to K-1 choices): for the benchmark.
        self.head_snapshots = head_snapshots
        self._clock = clock
        # A game's engine name never changes; caching it saves appends a read.
        self._names: dict[int, str] = {}
        # The files opened (set by `open`), checked before every commit (see `_write`); once they
        # are lost, why (every later write is refused with it).
        self._watch: files.FileWatch | None = None
        self._lost: str | None = None

    def is_checkpoint(self, seq: int) -> bool:
        """Snapshots kept for good (seq 0, the state after setup, always is one)."""
        return seq % self.checkpoint_every == 0

    # -- lifecycle -------------------------------------------------------------------------
    @classmethod
    async def open(
        cls,
        path: str | os.PathLike,
        *,
        checkpoint_every: int = CHECKPOINT_EVERY,
        head_snapshots: bool = True,
        clock: Callable[[], datetime] = _utcnow,
        migrate_schema: bool = True,
    ) -> Self:
        """Check the file, migrate the schema (after a backup) and open the two connections.

        A new database is created 0600 (its folder 0700), and marked (bot/storage/sqlite/files.py)
        so that a later start refuses to replace it with an empty one. The file must pass a quick
        integrity check and take a write, else UnusableDatabase says what the operator must do.
        With migrate_schema=False (tools such as check-db) an existing file is opened as it is,
        and a missing file or another schema version is refused instead of changed.
        """
        path = Path(path)
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
        store = cls(writer, reader, checkpoint_every=checkpoint_every, head_snapshots=head_snapshots, clock=clock)
        store._watch = files.FileWatch.of(path)
        return store

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._r.close()
            await self._w.close()

    def _now(self) -> str:
        return time_to_text(self._clock())

    # -- transactions ----------------------------------------------------------------------
    async def _write(self, body: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run `body` in one IMMEDIATE transaction on the writer connection."""

        async def run() -> T:
            async with self._write_lock:
                self._refuse_if_lost()
                await self._w.execute("BEGIN IMMEDIATE")
                try:
                    result = await body(self._w)
                    self._refuse_if_lost()  # before the commit: a confirmed choice must be kept
                except BaseException:
                    if self._w.in_transaction:
                        await self._w.execute("ROLLBACK")
                    raise
                await self._w.execute("COMMIT")
                return result

        # Shielded: if the caller is cancelled the transaction still ends (commit or rollback)
        # before the lock is released, so the connection is never left mid-transaction.
        return await _shielded(run())

    def _refuse_if_lost(self) -> None:
        if self._lost is None and self._watch is not None:
            self._lost = self._watch.lost()
            if self._lost is not None:
                log.critical("THE DATABASE IS GONE: %s. No choice is stored or confirmed from now on (players are "
                             "told nothing was changed). Stop the bot, restore the latest backup "
                             "(docs/operations.md, Backups), then start it again.", self._lost)
        if self._lost is not None:
            raise DatabaseGone(self._lost)

    async def _read(self, body: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run `body` in one read transaction: all its queries see the same committed data."""

        async def run() -> T:
            async with self._read_lock:
                await self._r.execute("BEGIN")
                try:
                    return await body(self._r)
                finally:
                    await self._r.execute("COMMIT")

        return await _shielded(run())

    @staticmethod
    async def _one(conn: aiosqlite.Connection, sql: str, args: tuple = ()) -> sqlite3.Row | None:
        # execute_fetchall is one trip to the connection's thread (execute+fetch+close are three),
        # which matters when the CPU is busy; the queries here return at most a few rows.
        rows = await conn.execute_fetchall(sql, args)
        return rows[0] if rows else None

    @staticmethod
    async def _all(conn: aiosqlite.Connection, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        return list(await conn.execute_fetchall(sql, args))

    # -- games: records --------------------------------------------------------------------
    @staticmethod
    def _record(row: sqlite3.Row) -> GameRecord:
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            parent_channel_id=row["parent_channel_id"],
            game=row["game"],
            rules_version=row["rules_version"],
            seats=tuple(Seat.from_json(s) for s in json.loads(row["seats"])),
            seed=int(row["seed"]),  # decimal text (migration 003): seeds are wider than 64 bits
            options=json.loads(row["options"]),
            status=row["status"],
            host_user_id=row["host_user_id"],
            reminder_hours=row["reminder_hours"],
            boards_in_thread=bool(row["boards_in_thread"]),
            board_thread_id=row["board_thread_id"],
            lobby_message_id=row["lobby_message_id"],
            created_at=text_to_time(row["created_at"]),
            updated_at=text_to_time(row["updated_at"]),
            started_at=text_to_time(row["started_at"]),
            finished_at=text_to_time(row["finished_at"]),
        )

    async def _game_row(self, conn: aiosqlite.Connection, game_id: int) -> GameRecord:
        row = await self._one(conn, "SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"#{game_id}")
        return self._record(row)

    async def game(self, game_id: int) -> GameRecord:
        return await self._read(lambda c: self._game_row(c, game_id))

    async def channel_game(self, channel_id: int) -> GameRecord | None:
        """The open (lobby, active or paused) game of a channel or thread, if any."""

        async def body(c):
            row = await self._one(
                c, "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')", (channel_id,)
            )
            return self._record(row) if row else None

        return await self._read(body)

    async def last_channel_game(self, channel_id: int) -> GameRecord | None:
        """The newest game of a channel or thread, whatever its status (a finished one too)."""
        row = await self._read(lambda c: self._one(
            c, "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)))
        return self._record(row) if row else None

    async def list_games(
        self, guild_id: int | None, *, statuses: Iterable[Status] | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]:
        """A guild's games, newest first (guild_id None: every guild, e.g. at start-up); all by default."""
        where, args = [], []
        if guild_id is not None:
            where.append("guild_id = ?")
            args.append(guild_id)
        if statuses is not None:
            statuses = list(statuses)
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            args.extend(statuses)
        sql = "SELECT * FROM games" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY id DESC LIMIT ?"
        rows = await self._read(lambda c: self._all(c, sql, (*args, -1 if limit is None else limit)))
        return [self._record(r) for r in rows]

    async def _refuse_busy(self, c: aiosqlite.Connection, channel_id: int) -> None:
        row = await self._one(
            c, "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')", (channel_id,)
        )
        if row is not None:
            raise ChannelBusy(channel_id, row["id"])

    async def _write_results(self, c, record: GameRecord, standings: list[dict], now: str) -> None:
        rows = []
        for entry in standings:
            for player, details in seat_results(entry):
                seat = record.seat_named(player)
                rows.append((record.id, player, seat.user_id if seat else None, record.guild_id,
                             record.game, entry.get("score"), int(entry["rank"]),
                             json.dumps(details, default=str), now))
        await c.execute("DELETE FROM results WHERE game_id = ?", (record.id,))
        await c.executemany(
            "INSERT INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        await c.execute("UPDATE games SET status = 'finished', finished_at = ?, updated_at = ? WHERE id = ?",
                        (now, now, record.id))
        await c.execute("DELETE FROM reminders WHERE game_id = ?", (record.id,))

    async def _audit(self, c, game_id: int, user_id: int | None, action: str, detail: dict) -> None:
        await c.execute("INSERT INTO audit (game_id, user_id, action, detail, created_at) VALUES (?, ?, ?, ?, ?)",
                        (game_id, user_id, action, json.dumps(detail), self._now()))
