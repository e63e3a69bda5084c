"""Storage of play-by-post across many games (issue 29): a member's games on a server, members
away, answer times (pace), and a server's data forgotten on request or after the bot left it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.storage.base import StorageBase
from bot.storage.records import (
    FINISHED_STATUSES,
    OPEN_STATUSES,
    GameRecord,
    Shards,
    text_to_time,
    time_to_text,
)

ALL_SHARDS = Shards()
# A member's ended games listed at most (newest first): older ones are in /stats.
ENDED_LISTED = 100
# Every table that holds a server's rows by its id; the rest of a server's data hangs on its
# games (ON DELETE CASCADE: choices, snapshots, messages, reminders, results, audit, waits,
# answer_times). Member-wide settings (ping mode, away, language) belong to no server.
GUILD_TABLES = ("results", "answer_times", "guild_settings", "language_settings", "guild_departures")


@dataclass(frozen=True)
class AnswerTime:
    game_id: int
    player: str
    user_id: int
    game: str
    seconds: float


class MemberTables(StorageBase):
    """Part of `Storage`."""

    # -- a member's games ----------------------------------------------------------------------
    async def member_games(self, guild_id: int, user_id: int, *, ended: bool = False) -> list[GameRecord]:
        """The server's games where the member holds a seat: open ones (lobby, running, paused),
        and with `ended` also the newest finished or abandoned ones; newest first."""
        found = [g for g in await self.list_games(guild_id, statuses=OPEN_STATUSES) if g.seat_of(user_id)]
        if ended:
            # Seats are JSON: a member's id is looked for in the text first, then checked exactly.
            rows = await self._read(lambda c: c.all(
                "SELECT * FROM games WHERE guild_id = ? AND status IN (?, ?) AND seats LIKE ? ORDER BY id DESC",
                (guild_id, *FINISHED_STATUSES, f"%{user_id}%")))
            found += [r for r in map(self._record, rows) if r.seat_of(user_id)][:ENDED_LISTED]
        return found

    async def member_open_games(self, user_id: int, statuses=("active", "paused")) -> list[GameRecord]:
        """The member's running (or paused) games on every server: for an absence, which is theirs
        everywhere."""
        marks = ",".join("?" * len(statuses))
        rows = await self._read(lambda c: c.all(
            f"SELECT * FROM games WHERE status IN ({marks}) AND seats LIKE ? ORDER BY id",  # noqa: S608
            (*statuses, f"%{user_id}%")))
        return [r for r in map(self._record, rows) if r.seat_of(user_id)]

    # -- away ------------------------------------------------------------------------------------
    async def set_away(self, user_id: int, until: datetime | None) -> None:
        """Pause the member's reminders in every game until `until` (None: back now)."""
        await self._write(lambda c: c.execute(
            "INSERT INTO user_settings (user_id, away_until, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, updated_at = excluded.updated_at",
            (user_id, time_to_text(until) if until else None, self._now())))

    async def away_until(self, user_ids: Iterable[int], now: datetime | None = None) -> dict[int, datetime]:
        """The members of `user_ids` who are away at `now`, with until when."""
        ids = sorted({u for u in user_ids if u})
        if not ids:
            return {}
        at = time_to_text(now or self._clock())
        rows = await self._read(lambda c: c.all(
            f"SELECT user_id, away_until FROM user_settings WHERE user_id IN ({','.join('?' * len(ids))})"
            " AND away_until IS NOT NULL AND away_until > ?", (*ids, at)))
        return {r["user_id"]: text_to_time(r["away_until"]) for r in rows}

    # -- pace --------------------------------------------------------------------------------------
    async def member_answer_times(self, guild_id: int, user_id: int) -> list[AnswerTime]:
        rows = await self._read(lambda c: c.all(
            "SELECT * FROM answer_times WHERE guild_id = ? AND user_id = ? ORDER BY game, seconds",
            (guild_id, user_id)))
        return [AnswerTime(r["game_id"], r["player"], r["user_id"], r["game"], r["seconds"]) for r in rows]

    async def game_answer_times(self, game_id: int) -> list[AnswerTime]:
        rows = await self._read(lambda c: c.all(
            "SELECT * FROM answer_times WHERE game_id = ? ORDER BY player, seconds", (game_id,)))
        return [AnswerTime(r["game_id"], r["player"], r["user_id"], r["game"], r["seconds"]) for r in rows]

    # -- a server's data -----------------------------------------------------------------------------
    async def guild_rows(self, guild_id: int) -> dict[str, int]:
        """How many rows of the server each table holds (its games and what hangs on them too)."""

        async def body(c):
            counts = {"games": await c.value("SELECT count(*) FROM games WHERE guild_id = ?", (guild_id,))}
            for table in ("choices", "snapshots", "messages", "reminders", "audit", "waits"):
                counts[table] = await c.value(
                    f"SELECT count(*) FROM {table} WHERE game_id IN (SELECT id FROM games WHERE guild_id = ?)",  # noqa: S608
                    (guild_id,))
            for table in GUILD_TABLES:
                counts[table] = await c.value(f"SELECT count(*) FROM {table} WHERE guild_id = ?",  # noqa: S608
                                              (guild_id,))
            return counts

        return await self._read(body)

    async def forget_guild(self, guild_id: int) -> dict[str, int]:
        """Delete everything of the server in one transaction; returns what there was."""
        before = await self.guild_rows(guild_id)

        async def body(c):
            for table in ("choices", "snapshots", "messages", "reminders", "audit", "waits"):
                # Also done by the cascade; explicit, so nothing depends on the backend's foreign keys.
                await c.execute(f"DELETE FROM {table} WHERE game_id IN (SELECT id FROM games WHERE guild_id = ?)",  # noqa: S608
                                (guild_id,))
            for table in GUILD_TABLES:
                await c.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))  # noqa: S608
            await c.execute("DELETE FROM games WHERE guild_id = ?", (guild_id,))

        await self._write(body)
        return before

    async def guild_left(self, guild_id: int, forget_at: datetime) -> None:
        """The bot was removed from the server: its data goes at `forget_at` (kept if it was already
        scheduled: leaving twice does not postpone it)."""
        await self._write(lambda c: c.execute(
            "INSERT INTO guild_departures (guild_id, left_at, forget_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO NOTHING", (guild_id, self._now(), time_to_text(forget_at))))

    async def guild_joined(self, guild_id: int) -> bool:
        """The bot is (back) in the server: nothing of it is to be deleted. True if a deletion was due."""
        return bool(await self._write(lambda c: c.value(
            "DELETE FROM guild_departures WHERE guild_id = ? RETURNING guild_id", (guild_id,))))

    async def departures_due(self, now: datetime, shards: Shards = ALL_SHARDS) -> list[int]:
        where, args = shards.where("guild_id")
        rows = await self._read(lambda c: c.all(
            f"SELECT guild_id FROM guild_departures WHERE forget_at <= ? AND {where} ORDER BY forget_at",
            (time_to_text(now), *args)))
        return [r["guild_id"] for r in rows]

    async def departed(self) -> set[int]:
        """Every server whose data is scheduled for deletion."""
        rows = await self._read(lambda c: c.all("SELECT guild_id FROM guild_departures"))
        return {r["guild_id"] for r in rows}

    async def departure(self, guild_id: int) -> datetime | None:
        row = await self._read(lambda c: c.one("SELECT forget_at FROM guild_departures WHERE guild_id = ?",
                                               (guild_id,)))
        return text_to_time(row["forget_at"]) if row else None
