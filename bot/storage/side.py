"""Storage of what surrounds a game: results and stats, posted messages, reminders, settings, audit."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime

from bot.storage.base import _UNSET, StorageBase
from bot.storage.database import Listening
from bot.storage.records import (
    GameRecord,
    GameStats,
    GuildSettings,
    MessageRecord,
    PingMode,
    Reminder,
    ResultRow,
    Shards,
    WrongStatus,
    text_to_time,
    time_to_text,
)

ALL_SHARDS = Shards()  # one process serving every server: the default
# The PostgreSQL channel on which a process says a bot's turn was scheduled (payload: the server).
BOT_TURNS_CHANNEL = "boardgame_bot_turns"


class SideTables(StorageBase):
    """What the bot keeps beside the games themselves; part of `Storage`."""

    # -- results -------------------------------------------------------------------------
    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self._read(lambda c: c.all(
            "SELECT * FROM results WHERE game_id = ? ORDER BY rank, player", (game_id,)))
        return [ResultRow(r["game_id"], r["player"], r["user_id"], r["game"], r["score"], r["rank"],
                          json.loads(r["details"]), text_to_time(r["finished_at"])) for r in rows]

    async def user_stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """Games played and won (rank 1, ties included) per game type, in one guild."""
        rows = await self._read(lambda c: c.all(
            "SELECT game, count(*) AS played, sum(CASE WHEN rank = 1 THEN 1 ELSE 0 END) AS won FROM results"
            " WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game", (guild_id, user_id)))
        return [GameStats(r["game"], r["played"], r["won"]) for r in rows]

    async def finished_results(self, guild_id: int, game: str | None = None) -> list[tuple[ResultRow, bool]]:
        """The results rows of a guild's finished games (of one game type if given), in the order
        the games ended, each with whether its game had a bot player (for ratings)."""
        sql = ("SELECT r.*, g.seats FROM results r JOIN games g ON g.id = r.game_id"
               " WHERE r.guild_id = ? AND g.status = 'finished'" + (" AND r.game = ?" if game else "")
               + " ORDER BY r.finished_at, r.game_id, r.rank, r.player")
        rows = await self._read(lambda c: c.all(sql, (guild_id, game) if game else (guild_id,)))
        return [(ResultRow(r["game_id"], r["player"], r["user_id"], r["game"], r["score"], r["rank"],
                           json.loads(r["details"]), text_to_time(r["finished_at"])),
                 any(seat.get("bot") or seat.get("bot_played") for seat in json.loads(r["seats"]))) for r in rows]

    async def record_results(self, game_id: int, standings: list[dict]) -> GameRecord:
        """Finish an active game with the engine's standings (dicts with player, score, rank)."""

        async def body(c):
            record = await self._locked_game_row(c, game_id)
            if record.status not in ("active", "paused"):
                raise WrongStatus(game_id, record.status, "active or paused")
            await self._write_results(c, record, standings, self._now())
            return await self._game_row(c, game_id)

        return await self._write(body)

    # -- messages the bot posted -----------------------------------------------------------
    async def record_message(
        self, game_id: int, channel_id: int, message_id: int, kind: str, version: int | None = None,
        *, seat: str | None = None, body: str | None = None, delivered: tuple[int, int] | None = None,
    ) -> None:
        """Note a posted (or re-edited) message; `seat` is whom a prompt waits on, `body` the account
        above a turn message's prompt (kept when the prompt is answered). `delivered`: (game, seq)
        of a choice to mark delivered in the same transaction (its last message: mark_delivered)."""

        async def body_(c):
            await c.execute(
                "INSERT INTO messages (message_id, game_id, channel_id, kind, version, seat, body, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO UPDATE SET game_id = excluded.game_id,"
                " channel_id = excluded.channel_id, kind = excluded.kind, version = excluded.version,"
                " seat = excluded.seat, body = excluded.body, created_at = excluded.created_at",
                (message_id, game_id, channel_id, kind, version, seat, body, self._now()))
            if delivered is not None:
                await _mark(c, *delivered)

        await self._write(body_)

    async def mark_delivered(self, game_id: int, seq: int) -> None:
        """Mark choice `seq` delivered: every post and edit it makes on Discord went out and was
        noted. Usually written with the choice's last message note instead (record_message,
        forget_message); a choice undone meanwhile is simply not found."""
        await self._write(lambda c: _mark(c, game_id, seq))

    async def delivered(self, game_id: int, seq: int) -> bool | None:
        """Whether choice `seq` of the game was delivered (None: no such choice, as at setup).
        Choices stored before the mark existed, and imported ones, count as delivered."""
        value = await self._read(lambda c: c.value(
            "SELECT delivered FROM choices WHERE game_id = ? AND seq = ?", (game_id, seq)))
        return None if value is None else bool(value)

    async def game_messages(self, game_id: int, kind: str | tuple[str, ...] | None = None) -> list[MessageRecord]:
        """Messages of a game, oldest first (optionally of one kind, 'board', 'prompt' ..., or of
        several kinds in one read)."""
        kinds = (kind,) if isinstance(kind, str) else tuple(kind or ())
        sql = "SELECT * FROM messages WHERE game_id = ?"
        sql += f" AND kind IN ({', '.join('?' * len(kinds))})" if kinds else ""
        sql += " ORDER BY created_at, message_id"
        rows = await self._read(lambda c: c.all(sql, (game_id, *kinds)))
        return [MessageRecord(r["message_id"], r["game_id"], r["channel_id"], r["kind"], r["version"],
                              text_to_time(r["created_at"]), r["seat"], r["body"]) for r in rows]

    async def forget_message(self, message_id: int, *, delivered: tuple[int, int] | None = None) -> None:
        """Forget a message (closed, or retired); `delivered` as in record_message."""

        async def body(c):
            await c.execute("DELETE FROM messages WHERE message_id = ?", (message_id,))
            if delivered is not None:
                await _mark(c, *delivered)

        await self._write(body)

    # -- reminders -----------------------------------------------------------------------
    async def set_reminder(self, game_id: int, player: str, due_at: datetime, attempt: int = 0) -> None:
        """Schedule (or move) the reminder for one seat the game waits on."""
        await self._write(lambda c: c.execute(
            "INSERT INTO reminders (game_id, player, due_at, attempt) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, player) DO UPDATE SET due_at = excluded.due_at, attempt = excluded.attempt",
            (game_id, player, time_to_text(due_at), attempt)))

    async def replace_reminders(self, game_id: int, due: dict[str, datetime]) -> None:
        """The game's whole reminder schedule in one transaction: {seat: due time}, attempt 0."""

        async def body(c):
            await c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
            await c.many("INSERT INTO reminders (game_id, player, due_at, attempt) VALUES (?, ?, ?, 0)",
                                [(game_id, player, time_to_text(at)) for player, at in due.items()])

        await self._write(body)

    async def announce_bot_turn(self, guild_id: int) -> None:
        """Wake the process that runs this server's schedule (PostgreSQL NOTIFY; it may be another
        process than this one): a bot's turn is due soon. Nothing on SQLite (one process)."""
        await self.db.notify(BOT_TURNS_CHANNEL, str(guild_id))

    async def listen_bot_turns(self, heard: Callable[[int], None]) -> Listening | None:
        """`heard(guild_id)` for every `announce_bot_turn` of any process; None on SQLite."""

        def payload(text: str) -> None:
            if text.isdigit():
                heard(int(text))

        return await self.db.listen(BOT_TURNS_CHANNEL, payload)

    async def clear_reminders(self, game_id: int, player: str | None = None) -> None:
        if player is None:
            await self._write(lambda c: c.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,)))
        else:
            await self._write(lambda c: c.execute(
                "DELETE FROM reminders WHERE game_id = ? AND player = ?", (game_id, player)))

    async def reminders(self, game_id: int) -> list[Reminder]:
        return await self._reminder_query("r.game_id = ?", (game_id,))

    async def due_reminders(self, now: datetime | None = None, shards: Shards = ALL_SHARDS) -> list[Reminder]:
        """Reminders due by `now`, of active games only (of the servers on `shards`), earliest first."""
        where, args = shards.where("g.guild_id")
        return await self._reminder_query(f"r.due_at <= ? AND g.status = 'active' AND {where}",
                                          (time_to_text(now or self._clock()), *args))

    async def next_reminder_at(self, shards: Shards = ALL_SHARDS) -> datetime | None:
        """When the earliest reminder of an active game is due (the scheduler sleeps until then)."""
        where, args = shards.where("g.guild_id")
        row = await self._read(lambda c: c.one(
            "SELECT min(r.due_at) FROM reminders r JOIN games g ON g.id = r.game_id"
            f" WHERE g.status = 'active' AND {where}", args))
        return text_to_time(row[0])

    async def advance_reminder(self, game_id: int, player: str, attempt: int, due_at: datetime) -> bool:
        """Move reminder `attempt` of a seat, once sent, to `due_at` as attempt + 1; False (and
        nothing changed) when the row is no longer that attempt: a move cleared or replaced it
        meanwhile, and the new schedule stands."""
        moved = await self._write(lambda c: c.value(
            "UPDATE reminders SET due_at = ?, attempt = ? WHERE game_id = ? AND player = ? AND attempt = ?"
            " RETURNING attempt", (time_to_text(due_at), attempt + 1, game_id, player, attempt)))
        return moved is not None

    async def _reminder_query(self, where: str, args: tuple) -> list[Reminder]:
        rows = await self._read(lambda c: c.all(
            "SELECT r.*, g.channel_id, g.guild_id FROM reminders r JOIN games g ON g.id = r.game_id"
            f" WHERE {where} ORDER BY r.due_at, r.game_id, r.player", args))
        return [Reminder(r["game_id"], r["player"], text_to_time(r["due_at"]), r["attempt"], r["channel_id"],
                         r["guild_id"]) for r in rows]

    # -- settings ------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._read(lambda c: c.one("SELECT * FROM guild_settings WHERE guild_id = ?",
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
        row = await self._read(lambda c: c.one("SELECT ping_mode FROM user_settings WHERE user_id = ?",
                                                   (user_id,)))
        return row["ping_mode"] if row else "channel"

    async def set_ping_mode(self, user_id: int, mode: PingMode) -> None:
        if mode not in ("channel", "dm", "both"):
            raise ValueError(f"ping mode must be channel, dm or both, not {mode!r}")
        await self._write(lambda c: c.execute(
            "INSERT INTO user_settings (user_id, ping_mode, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET ping_mode = excluded.ping_mode, updated_at = excluded.updated_at",
            (user_id, mode, self._now())))

    # -- languages (issue 17) ----------------------------------------------------------------
    async def languages(self, guild_id: int, channel_id: int) -> tuple[str | None, str | None]:
        """The language a moderator set for this channel, and for the whole server (None: not set)."""
        rows = await self._read(lambda c: c.all(
            "SELECT channel_id, lang FROM language_settings WHERE guild_id = ? AND channel_id IN (?, 0)",
            (guild_id, channel_id)))
        found = {r["channel_id"]: r["lang"] for r in rows}
        return found.get(channel_id) if channel_id else None, found.get(0)

    async def set_language(self, guild_id: int, channel_id: int, lang: str | None, *, by_user_id: int | None) -> None:
        """Set (or with None clear) the language of a channel, or of the server with channel_id 0."""
        if lang is None:
            await self._write(lambda c: c.execute(
                "DELETE FROM language_settings WHERE guild_id = ? AND channel_id = ?", (guild_id, channel_id)))
            return
        await self._write(lambda c: c.execute(
            "INSERT INTO language_settings (guild_id, channel_id, lang, set_by, updated_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, channel_id) DO UPDATE SET lang = excluded.lang, set_by = excluded.set_by,"
            " updated_at = excluded.updated_at", (guild_id, channel_id, lang, by_user_id, self._now())))

    async def member_language(self, user_id: int) -> str | None:
        row = await self._read(lambda c: c.one("SELECT lang FROM member_languages WHERE user_id = ?", (user_id,)))
        return row["lang"] if row else None

    async def set_member_language(self, user_id: int, lang: str) -> None:
        await self._write(lambda c: c.execute(
            "INSERT INTO member_languages (user_id, lang, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang, updated_at = excluded.updated_at",
            (user_id, lang, self._now())))

    # -- audit ---------------------------------------------------------------------------
    async def audit(self, game_id: int, user_id: int | None, action: str, detail: dict | None = None) -> None:
        """Record a moderator action that storage does not log by itself (e.g. skip, reset)."""
        await self._write(lambda c: self._audit(c, game_id, user_id, action, detail or {}))

    async def audit_log(self, game_id: int) -> list[dict]:
        rows = await self._read(lambda c: c.all("SELECT * FROM audit WHERE game_id = ? ORDER BY id",
                                                    (game_id,)))
        return [{"user_id": r["user_id"], "action": r["action"], "detail": json.loads(r["detail"]),
                 "at": text_to_time(r["created_at"])} for r in rows]


async def _mark(c, game_id: int, seq: int) -> None:
    await c.execute("UPDATE choices SET delivered = 1 WHERE game_id = ? AND seq = ? AND delivered = 0", (game_id, seq))
