"""Pace (issue 29): since when the game waits on each seat, and how long a member took to answer.

Kept inside the transaction that stores a choice (store.py), so the schedule of waits is always
the one of the stored choices. The rules:
- a seat's wait starts when the game starts waiting on it (after another seat's choice, at the
  start, after a resume or an undo) and ends with its own choice: that answer is timed, nights
  included (play-by-post);
- a seat that goes on with its own turn (a further choice of the same action) is not timed again
  until the game has waited on somebody else: its row stays with `since` NULL;
- only a member's own choice on their seat is timed: a bot seat, a bot standing in for a member
  away and a moderator's skip (someone else's click) are left out, as are preferences (a setting,
  not an answer).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.storage.database import Conn
from bot.storage.records import text_to_time
from engine.core import PREF_PREFIX


async def after_choice(c: Conn, game_id: int, *, player: str, option_id: str, user_id: int | None, seq: int,
                       pending: Iterable[str], now: str, seats_json: str, guild_id: int, game: str) -> None:
    """Time the choice of `player` (choice `seq`) if it ended a wait, and note the new waits."""
    waits = {r["player"]: r["since"] for r in await c.all("SELECT player, since FROM waits WHERE game_id = ?",
                                                          (game_id,))}
    pending = set(pending)
    preference = option_id.startswith(PREF_PREFIX)
    since = waits.get(player)
    if since is not None and not preference and _timed(seats_json, player, user_id):
        seconds = max(0.0, (text_to_time(now) - text_to_time(since)).total_seconds())
        await c.execute(
            "INSERT INTO answer_times (game_id, seq, player, user_id, guild_id, game, seconds, answered_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game_id, seq, player, user_id, guild_id, game, seconds, now))
    for gone in set(waits) - pending:
        await c.execute("DELETE FROM waits WHERE game_id = ? AND player = ?", (game_id, gone))
    for seat in pending:
        if seat == player and not preference:
            # Answered: its further choices in this turn are not timed again.
            if seat in waits:
                await c.execute("UPDATE waits SET since = NULL WHERE game_id = ? AND player = ?", (game_id, seat))
            else:
                await c.execute("INSERT INTO waits (game_id, player, since) VALUES (?, ?, NULL)", (game_id, seat))
        elif seat not in waits:
            await c.execute("INSERT INTO waits (game_id, player, since) VALUES (?, ?, ?)", (game_id, seat, now))


async def restart(c: Conn, game_id: int, pending: Iterable[str], now: str) -> None:
    """The game waits afresh on `pending` from `now` (start, resume, undo): a pause or a moderator's
    rollback is nobody's slowness."""
    await c.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))
    await c.many("INSERT INTO waits (game_id, player, since) VALUES (?, ?, ?)",
                 [(game_id, seat, now) for seat in sorted(set(pending))])


def _timed(seats_json: str, player: str, user_id: int | None) -> bool:
    """A member's own click on their own seat, which no bot plays."""
    if user_id is None:
        return False
    seat = next((s for s in json.loads(seats_json) if s.get("seat") == player), None)
    return seat is not None and not seat.get("bot") and seat.get("user_id") == user_id
