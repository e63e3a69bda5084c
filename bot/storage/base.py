"""The storage service's shared part: opening a backend, transactions, and the row helpers every
part of the service uses. The SQL here and in store.py, side.py and tools.py is written once for
both backends (database.py says how)."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import os
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, TypeVar

from bot.storage.database import Conn, Database
from bot.storage.records import (
    ChannelBusy,
    GameNotFound,
    GameRecord,
    Seat,
    Status,
    seat_results,
    text_to_time,
    time_to_text,
)
from engine.text import Msg, to_data

# Snapshot policy, chosen by measuring (bench/storage.py, docs/operations.md "Snapshots"):
# every append writes the state after it, so a load replays nothing; the previous snapshot
# is then dropped unless its number is a multiple of CHECKPOINT_EVERY. Loads cost one read
# and one parse, the database keeps about one state per CHECKPOINT_EVERY choices, and an
# undo or a check replays at most CHECKPOINT_EVERY - 1 choices from a kept checkpoint.
CHECKPOINT_EVERY = 10

__all__ = ["CHECKPOINT_EVERY", "StorageBase", "is_database_url"]

# "Not given" for optional keyword arguments where None means "clear this value".
_UNSET: Any = object()
T = TypeVar("T")


def _utcnow() -> datetime:
    return datetime.now(UTC)


def _event_json(events: Iterable[Any]) -> str:
    """Events as JSON; a text that is a message id is kept as one (engine.text.to_data), so the
    log and the recaps read it in each reader's language later."""
    out = []
    for event in events:
        if dataclasses.is_dataclass(event):
            row = {f.name: _plain(getattr(event, f.name)) for f in dataclasses.fields(event)}
        else:
            row = dict(event)
        if isinstance(getattr(event, "text", None), Msg):
            row["text"] = to_data(event.text)
        out.append(row)
    return json.dumps(out, default=str)


def _plain(value: Any) -> Any:
    """A field's value as json.dumps writes dataclasses.asdict's copy of it, without the copy:
    asdict deep-copied every text (a Msg is rebuilt, its sentence filled in again) only for it
    to be written out (issue 30: a fiftieth of the bot's time at the interpreter)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def is_database_url(target: object) -> bool:
    """A PostgreSQL URL (DATABASE_URL) rather than a SQLite file path."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


class StorageBase:
    """Transactions and shared row helpers; `Storage` (bot/storage/store.py) adds the rest."""

    def __init__(
        self,
        db: Database,
        *,
        checkpoint_every: int = CHECKPOINT_EVERY,
        head_snapshots: bool = True,
        clock: Callable[[], datetime] = _utcnow,
    ):
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        self.db = db
        self.checkpoint_every = checkpoint_every
        # False keeps only the checkpoints (loads replay up to K-1 choices): for the benchmark.
        self.head_snapshots = head_snapshots
        self._clock = clock
        # A game's engine name never changes; caching it saves appends a read.
        self._names: dict[int, str] = {}
        # The state this process last stored for a game, with its snapshot's text: a load that
        # reads that same text takes it as it is (checked unchanged) instead of parsing the text
        # and working out who waits again (issue 30).
        self._kept: collections.OrderedDict[int, tuple[str, Any]] = collections.OrderedDict()

    KEPT_GAMES = 64  # states kept, one per game, the least recently stored dropped first (about 80 KB each)

    def _keep(self, game_id: int, snapshot: str, state: Any) -> None:
        self._kept[game_id] = (snapshot, state)
        self._kept.move_to_end(game_id)
        while len(self._kept) > self.KEPT_GAMES:
            self._kept.popitem(last=False)

    def _kept_state(self, engine: Any, game_id: int, snapshot: str) -> Any | None:
        """The state stored last for `game_id` if `snapshot` is its text, and still is (nothing
        changed it since: written out again, a fraction of parsing it); else None: parse it."""
        kept = self._kept.get(game_id)
        if kept is None or kept[0] != snapshot or engine.dumps(kept[1]) != snapshot:
            return None
        return kept[1]

    def is_checkpoint(self, seq: int) -> bool:
        """Snapshots kept for good (seq 0, the state after setup, always is one)."""
        return seq % self.checkpoint_every == 0

    # -- lifecycle -------------------------------------------------------------------------
    @classmethod
    async def open(
        cls,
        target: str | os.PathLike,
        *,
        checkpoint_every: int = CHECKPOINT_EVERY,
        head_snapshots: bool = True,
        clock: Callable[[], datetime] = _utcnow,
        migrate_schema: bool = True,
        backup_dir: Path | None = None,
    ) -> Self:
        """Open the database `target`: a SQLite file path, or a `postgresql://` URL.

        Either way the schema is migrated at start-up after a backup of an older one (SQLite: a
        copy beside the file; PostgreSQL: a pg_dump into `backup_dir`, default ./data); with
        migrate_schema=False (tools such as check-db) another schema version is refused instead.
        """
        if is_database_url(target):
            from bot.storage.postgres.database import PostgresDatabase  # asyncpg only when used

            db: Database = await PostgresDatabase.open(str(target), migrate_schema=migrate_schema, clock=clock,
                                                       backup_dir=backup_dir)
        else:
            from bot.storage.sqlite.database import SqliteDatabase

            db = await SqliteDatabase.open(Path(target), migrate_schema=migrate_schema, clock=clock)
        return cls(db, checkpoint_every=checkpoint_every, head_snapshots=head_snapshots, clock=clock)

    async def close(self) -> None:
        await self.db.close()

    def game_lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """One game's lock for a whole request, held across processes on PostgreSQL (database.py)."""
        return self.db.game_lock(game_id)

    def _now(self) -> str:
        return time_to_text(self._clock())

    # -- transactions ----------------------------------------------------------------------
    async def _write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `body` in one write transaction (committed whole or not at all)."""
        return await self.db.write(body)

    async def _read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `body` in one read transaction: all its queries see the same committed data."""
        return await self.db.read(body)

    # -- games: records --------------------------------------------------------------------
    @staticmethod
    def _record(row: Any) -> GameRecord:
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
            bot_takeover_hours=row["bot_takeover_hours"],
        )

    async def _game_row(self, conn: Conn, game_id: int) -> GameRecord:
        row = await conn.one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"#{game_id}")
        return self._record(row)

    async def _locked_game_row(self, conn: Conn, game_id: int) -> GameRecord:
        """In a write: the game's row, held against other processes' writes until the commit."""
        await conn.lock_game(game_id)
        return await self._game_row(conn, game_id)

    async def game(self, game_id: int) -> GameRecord:
        return await self._read(lambda c: self._game_row(c, game_id))

    async def channel_game(self, channel_id: int) -> GameRecord | None:
        """The open (lobby, active or paused) game of a channel or thread, if any."""

        async def body(c):
            row = await c.one(
                "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')", (channel_id,)
            )
            return self._record(row) if row else None

        return await self._read(body)

    async def last_channel_game(self, channel_id: int) -> GameRecord | None:
        """The newest game of a channel or thread, whatever its status (a finished one too)."""
        row = await self._read(lambda c: c.one(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)))
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
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        rows = await self._read(lambda c: c.all(sql, args))
        return [self._record(r) for r in rows]

    async def _refuse_busy(self, c: Conn, channel_id: int) -> None:
        row = await c.one(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')", (channel_id,)
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
        await c.many(
            "INSERT INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        await c.execute("UPDATE games SET status = 'finished', finished_at = ?, updated_at = ? WHERE id = ?",
                        (now, now, record.id))
        await c.execute("DELETE FROM reminders WHERE game_id = ?", (record.id,))
        await c.execute("DELETE FROM waits WHERE game_id = ?", (record.id,))

    async def _audit(self, c, game_id: int, user_id: int | None, action: str, detail: dict) -> None:
        await c.execute("INSERT INTO audit (game_id, user_id, action, detail, created_at) VALUES (?, ?, ?, ?, ?)",
                        (game_id, user_id, action, json.dumps(detail), self._now()))
