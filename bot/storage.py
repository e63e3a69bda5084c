"""The storage service: games kept as their setup plus every choice, in SQLite (aiosqlite).

Rules this module keeps:
- A choice and its snapshot are written in one transaction; the (game, seq) key is unique, so
  of two racing appends exactly one lands and the other gets GameMovedOn.
- Snapshots are a cache: loading starts from the latest one and replays the choices after
  it through the engine; when none exists it starts from setup. `verify_game` replays from
  setup and checks every snapshot, raising CorruptGame rather than repairing anything.
- One writer connection, writes serialised by an asyncio lock and shielded from cancellation
  (a cancelled caller never leaves half a transaction); reads use a second connection and
  see committed data only (WAL).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import secrets
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot import storage_replay as rp
from bot.migrate import available, current_version, migrate
from bot.storage_types import (
    OPEN_STATUSES,
    BadReplay,
    ChannelBusy,
    ChoiceRecord,
    CorruptGame,
    GameMovedOn,
    GameNotFound,
    GameRecord,
    GameStats,
    GuildSettings,
    LoadedGame,
    MessageRecord,
    PingMode,
    Reminder,
    ResultRow,
    Seat,
    Status,
    StorageError,
    WrongStatus,
    seats_to_text,
    text_to_time,
    time_to_text,
)
from engine import IllegalAction

# Snapshot policy, chosen by measuring (bench/storage.py, docs/operations.md "Snapshots"):
# every append writes the state after it, so a load replays nothing; the previous snapshot
# is then dropped unless its number is a multiple of CHECKPOINT_EVERY. Loads cost one read
# and one parse, the database keeps about one state per CHECKPOINT_EVERY choices, and an
# undo or a check replays at most CHECKPOINT_EVERY - 1 choices from a kept checkpoint.
CHECKPOINT_EVERY = 10

# Waiting for another process's write lock (a backup, check-db) before giving up.
BUSY_TIMEOUT_MS = 5000

# FULL, not NORMAL: in WAL mode NORMAL survives a process crash but may lose the last
# commits on power loss or an OS crash, and the bot announces a choice to the players as
# soon as it is committed. FULL syncs the WAL at every commit, so a confirmed choice stays.
SYNCHRONOUS = "FULL"

_ALLOWED_MOVES: dict[str, tuple[Status, ...]] = {
    "lobby": ("abandoned",),
    "active": ("paused", "abandoned"),
    "paused": ("active", "abandoned"),
    "finished": (),
    "abandoned": (),
}
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


async def connect(path: str | os.PathLike) -> aiosqlite.Connection:
    """A connection with the settings every connection here needs (see module constants)."""
    conn = await aiosqlite.connect(str(path), isolation_level=None)  # explicit transactions only
    conn.row_factory = sqlite3.Row
    await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    async with conn.execute("PRAGMA journal_mode = WAL") as cur:
        mode = (await cur.fetchone())[0]
    if mode != "wal":
        await conn.close()
        raise StorageError(f"{path}: could not switch to WAL journal mode (got {mode!r})")
    await conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    await conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _event_json(events: Iterable[Any]) -> str:
    out = []
    for event in events:
        out.append(dataclasses.asdict(event) if dataclasses.is_dataclass(event) else dict(event))
    return json.dumps(out, default=str)


class Storage:
    """Open with `await Storage.open(path)`; close with `await storage.close()`."""

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
    ) -> Storage:
        """Create the folder if needed, migrate the schema, and open the two connections.

        With migrate_schema=False (tools such as check-db) an existing file is opened as it
        is, and a missing file or another schema version is refused instead of changed.
        """
        if not migrate_schema and not Path(path).is_file():
            raise StorageError(f"{path}: no such database file")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await connect(path)
        try:
            if migrate_schema:
                await migrate(writer)
            else:
                await _require_current_schema(writer, path)
            reader = await connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(writer, reader, checkpoint_every=checkpoint_every, head_snapshots=head_snapshots, clock=clock)

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
                await self._w.execute("BEGIN IMMEDIATE")
                try:
                    result = await body(self._w)
                except BaseException:
                    if self._w.in_transaction:
                        await self._w.execute("ROLLBACK")
                    raise
                await self._w.execute("COMMIT")
                return result

        # Shielded: if the caller is cancelled the transaction still ends (commit or rollback)
        # before the lock is released, so the connection is never left mid-transaction.
        return await _shielded(run())

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
        async with conn.execute(sql, args) as cur:
            return await cur.fetchone()

    @staticmethod
    async def _all(conn: aiosqlite.Connection, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        async with conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

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
            seed=row["seed"],
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

    async def list_games(
        self, guild_id: int | None, *, statuses: Iterable[Status] | None = None, limit: int = 100
    ) -> list[GameRecord]:
        """A guild's games, newest first (guild_id None: every guild, e.g. at start-up)."""
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
        rows = await self._read(lambda c: self._all(c, sql, (*args, limit)))
        return [self._record(r) for r in rows]

    # -- games: lobby and status -------------------------------------------------------------
    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        host_user_id: int,
        seats: Iterable[Seat] = (),
        seed: int | None = None,
        options: dict | None = None,
        reminder_hours: float = 12.0,
        boards_in_thread: bool = False,
        parent_channel_id: int | None = None,
    ) -> GameRecord:
        """Open a lobby in a channel. Raises ChannelBusy if the channel has an open game."""
        engine = rp.engine_for(game)
        seats_text = seats_to_text(list(seats))
        # Drawn here, not in the engine: the engine has no global random by design.
        seed = secrets.randbits(31) if seed is None else seed
        now = self._now()

        async def body(c):
            await self._refuse_busy(c, channel_id)
            try:
                cur = await c.execute(
                    "INSERT INTO games (guild_id, channel_id, parent_channel_id, game, rules_version, seats,"
                    " seed, options, status, host_user_id, reminder_hours, boards_in_thread, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, parent_channel_id, game, rp.rules_version(engine), seats_text,
                     seed, json.dumps(options or {}), host_user_id, reminder_hours, int(boards_in_thread),
                     now, now),
                )
            except sqlite3.IntegrityError as exc:
                if "games.channel_id" in str(exc):  # another process won the race for the channel
                    raise ChannelBusy(channel_id, None) from None
                raise
            return await self._game_row(c, cur.lastrowid)

        return await self._write(body)

    async def _refuse_busy(self, c: aiosqlite.Connection, channel_id: int) -> None:
        row = await self._one(
            c, "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')", (channel_id,)
        )
        if row is not None:
            raise ChannelBusy(channel_id, row["id"])

    async def update_lobby(
        self, game_id: int, *, seats: Iterable[Seat] | None = None, options: dict | None = None,
        seed: int | None = None,
    ) -> GameRecord:
        """Change seats, engine options or seed while the game is still a lobby."""

        async def body(c):
            record = await self._game_row(c, game_id)
            if record.status != "lobby":
                raise WrongStatus(game_id, record.status, "a lobby")
            sets, args = ["updated_at = ?"], [self._now()]
            if seats is not None:
                sets.append("seats = ?")
                args.append(seats_to_text(list(seats)))
            if options is not None:
                sets.append("options = ?")
                args.append(json.dumps(options))
            if seed is not None:
                sets.append("seed = ?")
                args.append(seed)
            await c.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*args, game_id))
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def update_settings(
        self, game_id: int, *, reminder_hours: float = _UNSET, boards_in_thread: bool = _UNSET,
        board_thread_id: int | None = _UNSET, lobby_message_id: int | None = _UNSET,
    ) -> GameRecord:
        """The bot's per-game settings; allowed at any time."""
        fields = {"reminder_hours": reminder_hours, "boards_in_thread": boards_in_thread,
                  "board_thread_id": board_thread_id, "lobby_message_id": lobby_message_id}
        given = {k: (int(v) if isinstance(v, bool) else v) for k, v in fields.items() if v is not _UNSET}

        async def body(c):
            await self._game_row(c, game_id)
            sets = ", ".join([f"{k} = ?" for k in given] + ["updated_at = ?"])
            await c.execute(f"UPDATE games SET {sets} WHERE id = ?", (*given.values(), self._now(), game_id))
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def replace_seat(
        self, game_id: int, seat: str, *, user_id: int | None, name: str, by_user_id: int | None = None
    ) -> GameRecord:
        """Hand an engine seat to another member (the engine never notices: its name stays)."""

        async def body(c):
            record = await self._game_row(c, game_id)
            if record.status not in OPEN_STATUSES:
                raise WrongStatus(game_id, record.status, "lobby, active or paused")
            old = record.seat_named(seat)
            if old is None:
                raise StorageError(f"game #{game_id} has no seat '{seat}'")
            if user_id is not None and any(s.user_id == user_id and s.seat != seat for s in record.seats):
                raise StorageError(f"that member already holds another seat in game #{game_id}")
            seats = [Seat(seat, name, user_id) if s.seat == seat else s for s in record.seats]
            await c.execute("UPDATE games SET seats = ?, updated_at = ? WHERE id = ?",
                            (seats_to_text(seats), self._now(), game_id))
            await self._audit(c, game_id, by_user_id, "replace",
                              {"seat": seat, "old_user_id": old.user_id, "new_user_id": user_id})
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def start_game(self, game_id: int) -> LoadedGame:
        """Set the game up with its seats, seed and options and make it active.

        Raises engine.IllegalAction (a sentence for players) if the rules refuse the setup,
        e.g. a wrong number of players.
        """
        record = await self.game(game_id)
        if record.status != "lobby":
            raise WrongStatus(game_id, record.status, "a lobby")
        engine = rp.engine_for(record.game, game_id)
        state = engine.setup(record.players, record.seed, dict(record.options))
        text = engine.dumps(state)
        now = self._now()

        async def body(c):
            current = await self._game_row(c, game_id)
            if current.updated_at != record.updated_at or current.status != "lobby":
                raise GameMovedOn(game_id, 0, 0)  # the lobby changed while we set up: start again
            await c.execute("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, 0, ?, ?)",
                            (game_id, text, now))
            await c.execute(
                "UPDATE games SET status = 'active', started_at = ?, updated_at = ?, rules_version = ?"
                " WHERE id = ?", (now, now, rp.rules_version(engine), game_id))
            if engine.is_over(state):
                await self._write_results(c, current, engine.result(state), now)
            return await self._game_row(c, game_id)

        started = await self._write(body)
        return LoadedGame(started, state, 0, None)

    async def set_status(self, game_id: int, status: Status, *, by_user_id: int | None = None) -> GameRecord:
        """Pause, resume or abandon. Finishing happens through the last choice (or record_results)."""

        async def body(c):
            record = await self._game_row(c, game_id)
            if status not in _ALLOWED_MOVES[record.status]:
                raise WrongStatus(game_id, record.status, f"able to become {status}")
            now = self._now()
            await c.execute("UPDATE games SET status = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                            (status, now, now if status == "abandoned" else None, game_id))
            if status != "active":
                await c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            await self._audit(c, game_id, by_user_id, status, {"from": record.status})
            return await self._game_row(c, game_id)

        return await self._write(body)

    # -- loading -------------------------------------------------------------------------
    async def load(self, game_id: int) -> LoadedGame:
        """The game with its current state (None for a lobby): latest snapshot + replayed tail."""

        async def body(c):
            record = await self._game_row(c, game_id)
            if record.status == "lobby":
                return record, None, [], None
            snap = await self._one(
                c, "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            after = snap["seq"] if snap else 0
            tail = await self._all(
                c, "SELECT seq, player, option_id, created_at FROM choices WHERE game_id = ? AND seq > ?"
                   " ORDER BY seq", (game_id, after))
            last = await self._one(
                c, "SELECT seq, created_at FROM choices WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            return record, snap, tail, last

        record, snap, tail, last = await self._read(body)
        if record.status == "lobby":
            return LoadedGame(record, None, 0, None)
        return self._rebuild(record, snap, tail, last)

    def _rebuild(self, record: GameRecord, snap, tail, last) -> LoadedGame:
        engine = rp.engine_for(record.game, record.id)
        if snap is None:  # snapshots are only a cache: setup is always a valid start
            state = rp.setup_state(engine, record.id, record.players, record.seed, record.options)
        else:
            state = rp.parse_snapshot(engine, record.id, snap["seq"], snap["state"])
        latest = last["seq"] if last else 0
        if snap is not None and snap["seq"] > latest:
            raise CorruptGame(record.id, snap["seq"], f"snapshot beyond the last choice ({latest})")
        state = rp.replay(engine, record.id, state, [(r["seq"], r["player"], r["option_id"]) for r in tail])
        if engine.version(state) != latest:
            raise CorruptGame(record.id, engine.version(state) + 1, f"choices stop before {latest}")
        return LoadedGame(record, state, latest, text_to_time(last["created_at"]) if last else None)

    async def load_channel(self, channel_id: int) -> LoadedGame | None:
        """The open game of a channel with its state, or None."""
        record = await self.channel_game(channel_id)
        return await self.load(record.id) if record else None

    # -- choices -------------------------------------------------------------------------
    def is_checkpoint(self, seq: int) -> bool:
        """Snapshots kept for good (seq 0, the state after setup, always is one)."""
        return seq % self.checkpoint_every == 0

    async def append_choice(
        self,
        game_id: int,
        seq: int,
        player: str,
        option_id: str,
        state: Any,
        *,
        user_id: int | None = None,
        events: Iterable[Any] = (),
    ) -> ChoiceRecord:
        """Store choice `seq` (1-based) and, by the snapshot policy, `state` after it: one transaction.

        `state` must be the engine's state after applying this choice (version == seq). Raises
        GameMovedOn if choice `seq` already exists, WrongStatus if the game is not active. If
        the choice ends the game, the results are written and the game finished in the same
        transaction.
        """
        if seq < 1:
            raise ValueError("choices are numbered from 1")
        if game_id not in self._names:
            self._names[game_id] = (await self.game(game_id)).game
        engine = rp.engine_for(self._names[game_id], game_id)
        if engine.version(state) != seq:
            raise StorageError(f"state version {engine.version(state)} does not match choice {seq}")
        over = engine.is_over(state)
        keep = over or self.head_snapshots or self.is_checkpoint(seq)
        snapshot = engine.dumps(state) if keep else None
        standings = engine.result(state) if over else None
        events_text = _event_json(events)

        async def body(c):
            row = await self._one(
                c, "SELECT status, (SELECT coalesce(max(seq), 0) FROM choices WHERE game_id = ?) AS latest"
                   " FROM games WHERE id = ?", (game_id, game_id))
            if row is None:
                raise GameNotFound(f"#{game_id}")
            latest = row["latest"]
            if latest >= seq:
                raise GameMovedOn(game_id, seq, latest)
            if row["status"] != "active":
                raise WrongStatus(game_id, row["status"], "active")
            if latest != seq - 1:
                raise StorageError(f"game #{game_id}: choice {seq} would skip after {latest}")
            now = self._now()
            try:
                await c.execute(
                    "INSERT INTO choices (game_id, seq, player, option_id, user_id, events, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)", (game_id, seq, player, option_id, user_id, events_text, now))
            except sqlite3.IntegrityError:  # a writer in another process got there first
                raise GameMovedOn(game_id, seq, seq) from None
            if snapshot is not None:
                await c.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state, created_at)"
                                " VALUES (?, ?, ?, ?)", (game_id, seq, snapshot, now))
            if not self.is_checkpoint(seq - 1):  # the previous head, now superseded
                await c.execute("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq - 1))
            await c.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            if standings is not None:
                await self._write_results(c, await self._game_row(c, game_id), standings, now)
            return ChoiceRecord(seq, player, option_id, user_id, json.loads(events_text), text_to_time(now))

        return await self._write(body)

    async def play(
        self, game_id: int, player: str, option_id: str, *, expected_seq: int | None = None,
        user_id: int | None = None,
    ) -> tuple[LoadedGame, list]:
        """Load, apply one choice through the engine, append it. Returns (new game, events).

        `expected_seq` is the number of choices the player saw (the version in the button);
        if the game has moved past it, GameMovedOn is raised without applying anything.
        Raises engine.IllegalAction if the rules refuse the choice.
        """
        loaded = await self.load(game_id)
        if loaded.record.status != "active":
            raise WrongStatus(game_id, loaded.record.status, "active")
        if expected_seq is not None and expected_seq != loaded.seq:
            raise GameMovedOn(game_id, expected_seq + 1, loaded.seq)
        engine = rp.engine_for(loaded.record.game, game_id)
        state, events = engine.apply(loaded.state, player, option_id)
        choice = await self.append_choice(game_id, loaded.seq + 1, player, option_id, state,
                                          user_id=user_id, events=events)
        record = await self.game(game_id) if engine.is_over(state) else loaded.record
        return LoadedGame(record, state, choice.seq, choice.created_at), events

    async def choices(self, game_id: int, *, after: int = 0, limit: int | None = None) -> list[ChoiceRecord]:
        rows = await self._read(lambda c: self._all(
            c, "SELECT * FROM choices WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (game_id, after, -1 if limit is None else limit)))
        return [ChoiceRecord(r["seq"], r["player"], r["option_id"], r["user_id"], json.loads(r["events"]),
                             text_to_time(r["created_at"])) for r in rows]

    async def last_choices(self, game_id: int, n: int) -> list[ChoiceRecord]:
        """The last n choices in order, with their events (for /game log)."""
        latest = (await self._read(lambda c: self._one(
            c, "SELECT coalesce(max(seq), 0) FROM choices WHERE game_id = ?", (game_id,))))[0]
        return await self.choices(game_id, after=max(0, latest - n))

    # -- undo ----------------------------------------------------------------------------
    async def undo_to(self, game_id: int, seq: int, *, by_user_id: int | None = None) -> LoadedGame:
        """Keep choices 1..seq, delete the later ones and their snapshots, rebuild the state.

        A finished game becomes active again and loses its results. Raises GameMovedOn if a
        choice lands while the undo is being prepared.
        """

        async def read(c):
            record = await self._game_row(c, game_id)
            last = await self._one(
                c, "SELECT seq, created_at FROM choices WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            target = await self._one(
                c, "SELECT seq, created_at FROM choices WHERE game_id = ? AND seq = ?", (game_id, seq))
            snap = await self._one(
                c, "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                (game_id, seq))
            tail = await self._all(
                c, "SELECT seq, player, option_id FROM choices WHERE game_id = ? AND seq > ? AND seq <= ?"
                   " ORDER BY seq", (game_id, snap["seq"] if snap else 0, seq))
            return record, last, target, snap, tail

        record, last, target, snap, tail = await self._read(read)
        if record.status not in ("active", "paused", "finished"):
            raise WrongStatus(game_id, record.status, "started and not abandoned")
        latest = last["seq"] if last else 0
        if not 0 <= seq <= latest:
            raise StorageError(f"game #{game_id} has choices 0..{latest}; cannot undo to {seq}")
        loaded = self._rebuild(record, snap, tail, target)
        engine = rp.engine_for(record.game, game_id)
        text = engine.dumps(loaded.state)

        async def body(c):
            now_latest = (await self._one(
                c, "SELECT coalesce(max(seq), 0) FROM choices WHERE game_id = ?", (game_id,)))[0]
            if now_latest != latest:
                raise GameMovedOn(game_id, latest + 1, now_latest)
            now = self._now()
            await c.execute("DELETE FROM choices WHERE game_id = ? AND seq > ?", (game_id, seq))
            await c.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (game_id, seq))
            # A snapshot at the undo point makes the next load start right there.
            await c.execute("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
                            (game_id, seq, text, now))
            await c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            if record.status == "finished":
                await c.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
                await c.execute("UPDATE games SET status = 'active', finished_at = NULL WHERE id = ?", (game_id,))
            await c.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            await self._audit(c, game_id, by_user_id, "undo", {"from": latest, "to": seq})
            return await self._game_row(c, game_id)

        new_record = await self._write(body)
        return LoadedGame(new_record, loaded.state, seq, loaded.last_choice_at)

    # -- export and import ------------------------------------------------------------------
    async def export_game(self, game_id: int) -> dict:
        """The replay that `python -m engine replay FILE` accepts: setup plus every choice."""

        async def body(c):
            record = await self._game_row(c, game_id)
            rows = await self._all(c, "SELECT player, option_id FROM choices WHERE game_id = ? ORDER BY seq",
                                   (game_id,))
            return record, rows

        record, rows = await self._read(body)
        return {
            "game": record.game,
            "players": record.players,
            "seed": record.seed,
            "options": record.options,
            "choices": [[r["player"], r["option_id"]] for r in rows],
        }

    async def import_game(
        self,
        replay: dict,
        *,
        guild_id: int,
        channel_id: int,
        host_user_id: int,
        seats: Iterable[Seat] | None = None,
        reminder_hours: float = 12.0,
    ) -> LoadedGame:
        """Create a game from a replay, checking every choice against the rules first.

        Raises BadReplay if the replay is malformed or does not play, UnknownGame for a game
        this code does not have, ChannelBusy if the channel already has an open game.
        """
        name, players, seed, options, choices = _parse_replay(replay)
        engine = rp.engine_for(name)
        seats = list(seats) if seats is not None else [Seat(p, p) for p in players]
        if [s.seat for s in seats] != players:
            raise BadReplay("the seats must name the replay's players, in order")
        try:
            state = engine.setup(players, seed, dict(options))
        except IllegalAction as exc:
            raise BadReplay(f"setup refused: {exc}") from None
        now = self._now()
        rows, snapshots = [], [(0, engine.dumps(state))]
        for seq, (player, option_id) in enumerate(choices, start=1):
            try:
                state, events = engine.apply(state, player, option_id)
            except IllegalAction as exc:
                raise BadReplay(f"choice {seq} ({player}: {option_id}) refused: {exc}") from None
            rows.append((seq, player, option_id, None, _event_json(events), now))
            if self.is_checkpoint(seq) or seq == len(choices):
                snapshots.append((seq, engine.dumps(state)))
        over = engine.is_over(state)

        async def body(c):
            await self._refuse_busy(c, channel_id)
            cur = await c.execute(
                "INSERT INTO games (guild_id, channel_id, game, rules_version, seats, seed, options, status,"
                " host_user_id, reminder_hours, created_at, updated_at, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)",
                (guild_id, channel_id, name, rp.rules_version(engine), seats_to_text(seats), seed,
                 json.dumps(options), host_user_id, reminder_hours, now, now, now))
            game_id = cur.lastrowid
            await c.executemany(
                "INSERT INTO choices (game_id, seq, player, option_id, user_id, events, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)", [(game_id, *r) for r in rows])
            await c.executemany("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
                                [(game_id, s, t, now) for s, t in snapshots])
            record = await self._game_row(c, game_id)
            if over:
                await self._write_results(c, record, engine.result(state), now)
            await self._audit(c, game_id, host_user_id, "import", {"choices": len(rows)})
            return await self._game_row(c, game_id)

        record = await self._write(body)
        return LoadedGame(record, state, len(rows), text_to_time(now) if rows else None)

    # -- results -------------------------------------------------------------------------
    async def record_results(self, game_id: int, standings: list[dict]) -> GameRecord:
        """Finish an active game with the engine's standings (dicts with player, score, rank)."""

        async def body(c):
            record = await self._game_row(c, game_id)
            if record.status not in ("active", "paused"):
                raise WrongStatus(game_id, record.status, "active or paused")
            await self._write_results(c, record, standings, self._now())
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def _write_results(self, c, record: GameRecord, standings: list[dict], now: str) -> None:
        rows = []
        for entry in standings:
            seat = record.seat_named(entry["player"])
            details = {k: v for k, v in entry.items() if k not in ("player", "score", "rank")}
            rows.append((record.id, entry["player"], seat.user_id if seat else None, record.guild_id,
                         record.game, entry.get("score"), int(entry["rank"]), json.dumps(details, default=str),
                         now))
        await c.execute("DELETE FROM results WHERE game_id = ?", (record.id,))
        await c.executemany(
            "INSERT INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        await c.execute("UPDATE games SET status = 'finished', finished_at = ?, updated_at = ? WHERE id = ?",
                        (now, now, record.id))
        await c.execute("DELETE FROM reminders WHERE game_id = ?", (record.id,))

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self._read(lambda c: self._all(
            c, "SELECT * FROM results WHERE game_id = ? ORDER BY rank, player", (game_id,)))
        return [ResultRow(r["game_id"], r["player"], r["user_id"], r["game"], r["score"], r["rank"],
                          json.loads(r["details"]), text_to_time(r["finished_at"])) for r in rows]

    async def user_stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """Games played and won (rank 1, ties included) per game type, in one guild."""
        rows = await self._read(lambda c: self._all(
            c, "SELECT game, count(*) AS played, sum(rank = 1) AS won FROM results"
               " WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game", (guild_id, user_id)))
        return [GameStats(r["game"], r["played"], r["won"]) for r in rows]

    # -- messages the bot posted -----------------------------------------------------------
    async def record_message(
        self, game_id: int, channel_id: int, message_id: int, kind: str, version: int | None = None
    ) -> None:
        await self._write(lambda c: c.execute(
            "INSERT OR REPLACE INTO messages (message_id, game_id, channel_id, kind, version, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)", (message_id, game_id, channel_id, kind, version, self._now())))

    async def game_messages(self, game_id: int, kind: str | None = None) -> list[MessageRecord]:
        """Messages of a game, oldest first (optionally one kind: 'board', 'prompt' ...)."""
        sql = "SELECT * FROM messages WHERE game_id = ?" + (" AND kind = ?" if kind else "")
        sql += " ORDER BY created_at, message_id"
        rows = await self._read(lambda c: self._all(c, sql, (game_id, kind) if kind else (game_id,)))
        return [MessageRecord(r["message_id"], r["game_id"], r["channel_id"], r["kind"], r["version"],
                              text_to_time(r["created_at"])) for r in rows]

    async def forget_message(self, message_id: int) -> None:
        await self._write(lambda c: c.execute("DELETE FROM messages WHERE message_id = ?", (message_id,)))

    # -- reminders -----------------------------------------------------------------------
    async def set_reminder(self, game_id: int, player: str, due_at: datetime, attempt: int = 0) -> None:
        """Schedule (or move) the reminder for one seat the game waits on."""
        await self._write(lambda c: c.execute(
            "INSERT INTO reminders (game_id, player, due_at, attempt) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, player) DO UPDATE SET due_at = excluded.due_at, attempt = excluded.attempt",
            (game_id, player, time_to_text(due_at), attempt)))

    async def clear_reminders(self, game_id: int, player: str | None = None) -> None:
        if player is None:
            await self._write(lambda c: c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,)))
        else:
            await self._write(lambda c: c.execute(
                "DELETE FROM reminders WHERE game_id = ? AND player = ?", (game_id, player)))

    async def reminders(self, game_id: int) -> list[Reminder]:
        return await self._reminder_query("r.game_id = ?", (game_id,))

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Reminders due by `now`, of active games only, earliest first."""
        return await self._reminder_query("r.due_at <= ? AND g.status = 'active'",
                                          (time_to_text(now or self._clock()),))

    async def next_reminder_at(self) -> datetime | None:
        """When the earliest reminder of an active game is due (the scheduler sleeps until then)."""
        row = await self._read(lambda c: self._one(
            c, "SELECT min(r.due_at) FROM reminders r JOIN games g ON g.id = r.game_id WHERE g.status = 'active'"))
        return text_to_time(row[0])

    async def _reminder_query(self, where: str, args: tuple) -> list[Reminder]:
        rows = await self._read(lambda c: self._all(
            c, "SELECT r.*, g.channel_id, g.guild_id FROM reminders r JOIN games g ON g.id = r.game_id"
               f" WHERE {where} ORDER BY r.due_at, r.game_id, r.player", args))
        return [Reminder(r["game_id"], r["player"], text_to_time(r["due_at"]), r["attempt"], r["channel_id"],
                         r["guild_id"]) for r in rows]

    # -- settings ------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._read(lambda c: self._one(c, "SELECT * FROM guild_settings WHERE guild_id = ?",
                                                   (guild_id,)))
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, row["moderator_role_id"], row["default_reminder_hours"],
                             row["log_channel_id"])

    async def set_guild_settings(
        self, guild_id: int, *, moderator_role_id: int | None = _UNSET,
        default_reminder_hours: float | None = _UNSET, log_channel_id: int | None = _UNSET,
    ) -> GuildSettings:
        """Change the given fields (None clears one); fields not given keep their value."""
        given = {k: v for k, v in {"moderator_role_id": moderator_role_id,
                                   "default_reminder_hours": default_reminder_hours,
                                   "log_channel_id": log_channel_id}.items() if v is not _UNSET}
        cols = ", ".join(["guild_id", *given, "updated_at"])
        marks = ", ".join("?" * (len(given) + 2))
        updates = ", ".join([f"{k} = excluded.{k}" for k in given] + ["updated_at = excluded.updated_at"])
        await self._write(lambda c: c.execute(
            f"INSERT INTO guild_settings ({cols}) VALUES ({marks}) ON CONFLICT (guild_id) DO UPDATE SET {updates}",
            (guild_id, *given.values(), self._now())))
        return await self.guild_settings(guild_id)

    async def ping_mode(self, user_id: int) -> PingMode:
        row = await self._read(lambda c: self._one(c, "SELECT ping_mode FROM user_settings WHERE user_id = ?",
                                                   (user_id,)))
        return row["ping_mode"] if row else "channel"

    async def set_ping_mode(self, user_id: int, mode: PingMode) -> None:
        if mode not in ("channel", "dm", "both"):
            raise ValueError(f"ping mode must be channel, dm or both, not {mode!r}")
        await self._write(lambda c: c.execute(
            "INSERT INTO user_settings (user_id, ping_mode, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET ping_mode = excluded.ping_mode, updated_at = excluded.updated_at",
            (user_id, mode, self._now())))

    # -- audit ---------------------------------------------------------------------------
    async def _audit(self, c, game_id: int, user_id: int | None, action: str, detail: dict) -> None:
        await c.execute("INSERT INTO audit (game_id, user_id, action, detail, created_at) VALUES (?, ?, ?, ?, ?)",
                        (game_id, user_id, action, json.dumps(detail), self._now()))

    async def audit(self, game_id: int, user_id: int | None, action: str, detail: dict | None = None) -> None:
        """Record a moderator action that storage does not log by itself (e.g. skip, reset)."""
        await self._write(lambda c: self._audit(c, game_id, user_id, action, detail or {}))

    async def audit_log(self, game_id: int) -> list[dict]:
        rows = await self._read(lambda c: self._all(c, "SELECT * FROM audit WHERE game_id = ? ORDER BY id",
                                                    (game_id,)))
        return [{"user_id": r["user_id"], "action": r["action"], "detail": json.loads(r["detail"]),
                 "at": text_to_time(r["created_at"])} for r in rows]

    # -- checks and backups --------------------------------------------------------------
    async def verify_game(self, game_id: int) -> int:
        """Replay a game from setup, checking every snapshot; returns its number of choices.

        Raises CorruptGame (game and step) or UnknownGame; changes nothing.
        """

        async def body(c):
            record = await self._game_row(c, game_id)
            choices = await self._all(c, "SELECT seq, player, option_id FROM choices WHERE game_id = ? ORDER BY seq",
                                      (game_id,))
            snaps = await self._all(c, "SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
            return record, choices, snaps

        record, choices, snaps = await self._read(body)
        if record.status == "lobby":
            if choices or snaps:
                raise CorruptGame(game_id, 0, "a lobby with choices or snapshots")
            return 0
        engine = rp.engine_for(record.game, game_id)
        rp.verify(engine, game_id, record.players, record.seed, record.options,
                  [(r["seq"], r["player"], r["option_id"]) for r in choices],
                  {r["seq"]: r["state"] for r in snaps})
        return len(choices)

    async def integrity_problems(self) -> list[str]:
        """SQLite's integrity and foreign-key checks; an empty list means the file is sound."""

        async def body(c):
            problems = [r[0] for r in await self._all(c, "PRAGMA integrity_check") if r[0] != "ok"]
            for r in await self._all(c, "PRAGMA foreign_key_check"):
                problems.append(f"foreign key: {r[0]} row {r[1]} points to missing {r[2]}")
            return problems

        return await self._read(body)

    async def backup(self, target: str | os.PathLike) -> Path:
        """An online, consistent copy (VACUUM INTO), synced to disk before it gets its name."""
        target = Path(target)
        if target.exists():
            raise StorageError(f"{target} already exists; choose a new name")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        async with self._read_lock:
            await self._r.execute("VACUUM INTO ?", (str(partial),))
        # VACUUM INTO does not promise an fsync; the backup must survive a power cut too.
        await asyncio.to_thread(_fsync_and_rename, partial, target)
        return target


async def _require_current_schema(conn: aiosqlite.Connection, path) -> None:
    have, want = await current_version(conn), len(available())
    if have != want:
        raise StorageError(f"{path} has schema version {have}, this code uses {want}; "
                           "start the bot once to migrate it (after a backup)")


def _fsync_and_rename(partial: Path, target: Path) -> None:
    with open(partial, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(partial, target)
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _parse_replay(replay: Any) -> tuple[str, list[str], int, dict, list[tuple[str, str]]]:
    if not isinstance(replay, dict):
        raise BadReplay("a replay is a JSON object")
    missing = {"game", "players", "seed", "choices"} - set(replay)
    if missing:
        raise BadReplay(f"the replay lacks {', '.join(sorted(missing))}")
    name, players, seed = replay["game"], replay["players"], replay["seed"]
    options, choices = replay.get("options", {}), replay["choices"]
    if not isinstance(name, str):
        raise BadReplay("'game' must be a name")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadReplay("'players' must be a list of names")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadReplay("'seed' must be an integer")
    if not isinstance(options, dict):
        raise BadReplay("'options' must be an object")
    if not isinstance(choices, list) or not all(
        isinstance(ch, list) and len(ch) == 2 and all(isinstance(x, str) for x in ch) for ch in choices
    ):
        raise BadReplay("'choices' must be a list of [player, option_id] pairs")
    return name, players, seed, options, [(p, o) for p, o in choices]
