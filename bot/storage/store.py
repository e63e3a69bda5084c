"""The storage service: games kept as their setup plus every choice, in SQLite or PostgreSQL.

Rules this service keeps:
- A choice and its snapshot are written in one transaction; the (game, seq) key is unique, so
  of two racing appends exactly one lands and the other gets GameMovedOn.
- Snapshots are a cache: loading starts from the latest one and replays the choices after
  it through the engine; when none exists it starts from setup. `verify_game` replays from
  setup and checks every snapshot, raising CorruptGame rather than repairing anything.
- Every write is one transaction shielded from cancellation (a cancelled caller never leaves
  half a transaction); a write that changes a game first holds its row (`_locked_game_row`), so
  writers in several processes take turns on one game; reads see committed data only.

The class is split by noun: base.py (opening, transactions), side.py (results, messages,
reminders, settings, audit), tools.py (export, import, checks, backups), all in bot/storage/;
this module holds games, choices, loading and undo. The backends are bot/storage/sqlite/ and
bot/storage/postgres/ (database.py says what they provide).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from bot.storage import replay as rp
from bot.storage import waits
from bot.storage.base import _UNSET, CHECKPOINT_EVERY, _event_json
from bot.storage.database import Conflict
from bot.storage.leases import Leases
from bot.storage.members import MemberTables
from bot.storage.records import (
    OPEN_STATUSES,
    ChannelBusy,
    ChoiceRecord,
    CorruptGame,
    GameMovedOn,
    GameNotFound,
    GameRecord,
    LoadedGame,
    Seat,
    SeatConflict,
    Status,
    StorageError,
    WrongStatus,
    seats_to_text,
    seed_to_text,
    text_to_time,
)
from bot.storage.side import SideTables
from bot.storage.tools import Tools

__all__ = ["CHECKPOINT_EVERY", "Storage"]

# Bits of a new game's secret seed (engine/core.py seed_fields: at least 128 bits).
SEED_BITS = 128

_ALLOWED_MOVES: dict[str, tuple[Status, ...]] = {
    "lobby": ("abandoned",),
    "active": ("paused", "abandoned"),
    "paused": ("active", "abandoned"),
    "finished": (),
    "abandoned": (),
}



def secret_seed() -> int:
    """A new game's seed: secret, from the operating system's generator. (The tests pin it per
    test in tests/conftest.py, so a test never depends on the seed it happened to draw.)"""
    return secrets.randbits(SEED_BITS)


class Storage(SideTables, MemberTables, Tools, Leases):
    """The storage service. Open with `await Storage.open(path)`; close with `await storage.close()`."""

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
        bot_takeover_hours: float | None = None,
    ) -> GameRecord:
        """Open a lobby in a channel. Raises ChannelBusy if the channel has an open game."""
        engine = rp.engine_for(game)
        seats_text = seats_to_text(list(seats))
        # Drawn here, not in the engine: the engine has no global random by design. Secret and
        # wide enough that the dice a channel sees never lead back to it (issue 18).
        seed = secret_seed() if seed is None else seed
        now = self._now()

        async def body(c):
            await self._refuse_busy(c, channel_id)
            try:
                game_id = await c.value(
                    "INSERT INTO games (guild_id, channel_id, parent_channel_id, game, rules_version, seats,"
                    " seed, options, status, host_user_id, reminder_hours, boards_in_thread, created_at,"
                    " updated_at, bot_takeover_hours) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)"
                    " RETURNING id",
                    (guild_id, channel_id, parent_channel_id, game, rp.rules_version(engine), seats_text,
                     seed_to_text(seed), json.dumps(options or {}), host_user_id, reminder_hours, int(boards_in_thread),
                     now, now, bot_takeover_hours),
                )
            except Conflict:  # another process won the race for the channel (its unique index)
                raise ChannelBusy(channel_id, None) from None
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def update_lobby(
        self, game_id: int, *, seats: Iterable[Seat] | None = None, options: dict | None = None,
        seed: int | None = None,
    ) -> GameRecord:
        """Change seats, engine options or seed while the game is still a lobby."""

        async def body(c):
            record = await self._locked_game_row(c, game_id)
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
                args.append(seed_to_text(seed))
            await c.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*args, game_id))
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def update_settings(
        self, game_id: int, *, reminder_hours: float = _UNSET, boards_in_thread: bool = _UNSET,
        board_thread_id: int | None = _UNSET, lobby_message_id: int | None = _UNSET,
        bot_takeover_hours: float | None = _UNSET,
    ) -> GameRecord:
        """The bot's per-game settings; allowed at any time."""
        fields = {"reminder_hours": reminder_hours, "boards_in_thread": boards_in_thread,
                  "board_thread_id": board_thread_id, "lobby_message_id": lobby_message_id,
                  "bot_takeover_hours": bot_takeover_hours}
        given = {k: (int(v) if isinstance(v, bool) else v) for k, v in fields.items() if v is not _UNSET}

        async def body(c):
            await self._locked_game_row(c, game_id)
            sets = ", ".join([f"{k} = ?" for k in given] + ["updated_at = ?"])
            await c.execute(f"UPDATE games SET {sets} WHERE id = ?", (*given.values(), self._now(), game_id))
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def replace_seat(
        self, game_id: int, seat: str, *, user_id: int | None, name: str, by_user_id: int | None = None
    ) -> GameRecord:
        """Hand an engine seat to another member (the engine never notices: its name stays)."""

        async def body(c):
            record = await self._locked_game_row(c, game_id)
            if record.status not in OPEN_STATUSES:
                raise WrongStatus(game_id, record.status, "lobby, active or paused")
            old = record.seat_named(seat)
            if old is None:
                raise SeatConflict(game_id, seat, taken=False)
            if user_id is not None and any(s.user_id == user_id and s.seat != seat for s in record.seats):
                raise SeatConflict(game_id, seat, taken=True)
            # A seat a bot has played keeps saying so: the game counts for nobody's rating.
            seats = [Seat(seat, name, user_id, bot_played=s.bot_played or (s.bot and record.status != "lobby"))
                     if s.seat == seat else s for s in record.seats]
            await c.execute("UPDATE games SET seats = ?, updated_at = ? WHERE id = ?",
                            (seats_to_text(seats), self._now(), game_id))
            await self._audit(c, game_id, by_user_id, "replace",
                              {"seat": seat, "old_user_id": old.user_id, "new_user_id": user_id})
            return await self._game_row(c, game_id)

        return await self._write(body)

    async def put_seat(self, game_id: int, new: Seat, *, by_user_id: int | None = None,
                       action: str = "replace") -> GameRecord:
        """Replace the seat named `new.seat` by `new` as a whole (a bot takes it, or gives it back),
        audited as `action`. Once a game has started, a seat a bot plays is marked `bot_played`
        for good."""

        async def body(c):
            record = await self._locked_game_row(c, game_id)
            if record.status not in OPEN_STATUSES:
                raise WrongStatus(game_id, record.status, "lobby, active or paused")
            old = record.seat_named(new.seat)
            if old is None:
                raise SeatConflict(game_id, new.seat, taken=False)
            if new.user_id is not None and any(s.user_id == new.user_id and s.seat != new.seat for s in record.seats):
                raise SeatConflict(game_id, new.seat, taken=True)
            played = old.bot_played or new.bot_played or (record.status != "lobby" and (old.bot or new.bot))
            seats = [replace(new, bot_played=played) if s.seat == new.seat else s for s in record.seats]
            await c.execute("UPDATE games SET seats = ?, updated_at = ? WHERE id = ?",
                            (seats_to_text(seats), self._now(), game_id))
            await self._audit(c, game_id, by_user_id, action,
                              {"seat": new.seat, "old_user_id": old.user_id, "new_user_id": new.user_id,
                               "bot": new.bot})
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
        # The game is recorded under the code's rules version, so it is set up as that version says.
        state = engine.setup(record.players, record.seed,
                             rp.setup_options(engine, rp.rules_version(engine), record.options))
        text = engine.dumps(state)
        now = self._now()

        async def body(c):
            current = await self._locked_game_row(c, game_id)
            if current.updated_at != record.updated_at or current.status != "lobby":
                raise GameMovedOn(game_id, 0, 0)  # the lobby changed while we set up: start again
            await c.execute("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, 0, ?, ?)",
                            (game_id, text, now))
            await c.execute(
                "UPDATE games SET status = 'active', started_at = ?, updated_at = ?, rules_version = ?"
                " WHERE id = ?", (now, now, rp.rules_version(engine), game_id))
            await waits.restart(c, game_id, [d.player for d in engine.pending(state)], now)
            if engine.is_over(state):
                await self._write_results(c, current, engine.result(state), now)
            return await self._game_row(c, game_id)

        started = await self._write(body)
        return LoadedGame(started, state, 0, None)

    async def set_status(self, game_id: int, status: Status, *, by_user_id: int | None = None) -> GameRecord:
        """Pause, resume or abandon. Finishing happens through the last choice (or record_results)."""

        async def body(c):
            record = await self._locked_game_row(c, game_id)
            if status not in _ALLOWED_MOVES[record.status]:
                raise WrongStatus(game_id, record.status, f"able to become {status}")
            now = self._now()
            await c.execute("UPDATE games SET status = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                            (status, now, now if status == "abandoned" else None, game_id))
            if status != "active":
                await c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            if status == "abandoned":
                await c.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))
            elif status == "active":  # resumed: the pause was nobody's slowness
                await c.execute("UPDATE waits SET since = ? WHERE game_id = ? AND since IS NOT NULL", (now, game_id))
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
            snap = await c.one(
                "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            after = snap["seq"] if snap else 0
            tail = await c.all(
                "SELECT seq, player, option_id, created_at FROM choices WHERE game_id = ? AND seq > ?"
                " ORDER BY seq", (game_id, after))
            last = await c.one(
                "SELECT seq, created_at FROM choices WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            return record, snap, tail, last

        record, snap, tail, last = await self._read(body)
        if record.status == "lobby":
            return LoadedGame(record, None, 0, None)
        return self._rebuild(record, snap, tail, last)

    def _rebuild(self, record: GameRecord, snap, tail, last) -> LoadedGame:
        engine = rp.engine_for(record.game, record.id)
        try:
            return self._rebuild_with(engine, record, snap, tail, last)
        except CorruptGame as exc:
            raise rp.with_rules_hint(exc, record.rules_version, engine) from None

    def _rebuild_with(self, engine, record: GameRecord, snap, tail, last) -> LoadedGame:
        if snap is None:  # snapshots are only a cache: setup is always a valid start
            state = rp.setup_state(engine, record.id, record.players, record.seed, record.options,
                                   record.rules_version)
        else:
            state = self._kept_state(engine, record.id, snap["state"])
            if state is None or engine.version(state) != snap["seq"]:
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
        pending = [] if over else [d.player for d in engine.pending(state)]
        events_text = _event_json(events)

        async def body(c):
            await c.lock_game(game_id)  # appends to one game from several processes take turns
            row = await c.one(
                "SELECT status, seats, guild_id, game,"
                " (SELECT coalesce(max(seq), 0) FROM choices WHERE game_id = ?) AS latest"
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
                    # Not delivered yet: marked once its posts and edits are out (mark_delivered).
                    "INSERT INTO choices (game_id, seq, player, option_id, user_id, events, created_at, delivered)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 0)", (game_id, seq, player, option_id, user_id, events_text, now))
            except Conflict:  # a writer in another process got there first
                raise GameMovedOn(game_id, seq, seq) from None
            if snapshot is not None:
                await c.execute("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)"
                                " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state,"
                                " created_at = excluded.created_at", (game_id, seq, snapshot, now))
            if not self.is_checkpoint(seq - 1):  # the previous head, now superseded
                await c.execute("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq - 1))
            await c.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            await waits.after_choice(c, game_id, player=player, option_id=option_id, user_id=user_id, seq=seq,
                                     pending=pending, now=now, seats_json=row["seats"], guild_id=row["guild_id"],
                                     game=row["game"])
            if standings is not None:
                await self._write_results(c, await self._game_row(c, game_id), standings, now)
            return ChoiceRecord(seq, player, option_id, user_id, json.loads(events_text), text_to_time(now))

        stored = await self._write(body)
        if snapshot is not None:
            self._keep(game_id, snapshot, state)
        return stored

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
        sql, args = "SELECT * FROM choices WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]
        if limit is not None:
            sql, args = sql + " LIMIT ?", [*args, limit]
        rows = await self._read(lambda c: c.all(sql, args))
        return [ChoiceRecord(r["seq"], r["player"], r["option_id"], r["user_id"], json.loads(r["events"]),
                             text_to_time(r["created_at"])) for r in rows]

    async def replay_rows(self, game_id: int, upto: int, *, from_setup: bool = False
                          ) -> tuple[int, str | None, list[tuple[int, str, str]]]:
        """What rebuilding the state after choice `upto` needs, read in one go: (start seq,
        the snapshot there or None for setup, the (seq, player, option_id) choices after it up
        to `upto`). Starts at the latest snapshot at or before `upto` unless `from_setup`.
        The replay itself is left to the caller (a worker thread, not the event loop)."""

        async def body(c):
            snap = None
            if not from_setup:
                snap = await c.one(
                    "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                    (game_id, upto))
            start = snap["seq"] if snap else 0
            rows = await c.all(
                "SELECT seq, player, option_id FROM choices WHERE game_id = ? AND seq > ? AND seq <= ?"
                " ORDER BY seq", (game_id, start, upto))
            return start, (snap["state"] if snap else None), [(r["seq"], r["player"], r["option_id"]) for r in rows]

        return await self._read(body)

    async def last_choices(self, game_id: int, n: int) -> list[ChoiceRecord]:
        """The last n choices in order, with their events (for /game log)."""
        return (await self.choices_before(game_id, None, n))[::-1]

    async def choices_before(self, game_id: int, upto: int | None, limit: int) -> list[ChoiceRecord]:
        """Up to `limit` choices numbered `upto` or less (None: any), the newest first: one
        query, and only the rows asked for parsed (issue 30)."""
        sql = "SELECT * FROM choices WHERE game_id = ?" + (" AND seq <= ?" if upto is not None else "")
        args = [game_id, *([upto] if upto is not None else []), limit]
        rows = await self._read(lambda c: c.all(sql + " ORDER BY seq DESC LIMIT ?", args))
        return [ChoiceRecord(r["seq"], r["player"], r["option_id"], r["user_id"], json.loads(r["events"]),
                             text_to_time(r["created_at"])) for r in rows]

    # -- undo ----------------------------------------------------------------------------
    async def undo_to(self, game_id: int, seq: int, *, by_user_id: int | None = None) -> LoadedGame:
        """Keep choices 1..seq, delete the later ones and their snapshots, rebuild the state.

        A finished game becomes active again and loses its results. Raises GameMovedOn if a
        choice lands while the undo is being prepared.
        """

        async def read(c):
            record = await self._game_row(c, game_id)
            last = await c.one(
                "SELECT seq, created_at FROM choices WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            target = await c.one(
                "SELECT seq, created_at FROM choices WHERE game_id = ? AND seq = ?", (game_id, seq))
            snap = await c.one(
                "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                (game_id, seq))
            tail = await c.all(
                "SELECT seq, player, option_id FROM choices WHERE game_id = ? AND seq > ? AND seq <= ?"
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
        pending = [] if engine.is_over(loaded.state) else [d.player for d in engine.pending(loaded.state)]

        async def body(c):
            await c.lock_game(game_id)
            now_latest = await c.value(
                "SELECT coalesce(max(seq), 0) FROM choices WHERE game_id = ?", (game_id,))
            if now_latest != latest:
                raise GameMovedOn(game_id, latest + 1, now_latest)
            now = self._now()
            await c.execute("DELETE FROM choices WHERE game_id = ? AND seq > ?", (game_id, seq))
            await c.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (game_id, seq))
            # A snapshot at the undo point makes the next load start right there.
            await c.execute("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
                            (game_id, seq, text, now))
            await c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            await c.execute("DELETE FROM answer_times WHERE game_id = ? AND seq > ?", (game_id, seq))
            await waits.restart(c, game_id, pending, now)
            if record.status == "finished":
                await c.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
                await c.execute("UPDATE games SET status = 'active', finished_at = NULL WHERE id = ?", (game_id,))
            await c.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            await self._audit(c, game_id, by_user_id, "undo", {"from": latest, "to": seq})
            return await self._game_row(c, game_id)

        new_record = await self._write(body)
        return LoadedGame(new_record, loaded.state, seq, loaded.last_choice_at)
