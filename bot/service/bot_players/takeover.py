"""`/mod takeover hours:N`: change, in a running game, after how many hours without an answer a
bot plays for a member (`bot_takeover_hours`, first set by `/game new ... bot_takeover_hours:`);
0 turns it off. A moderator or the game's host may; it is announced in the channel, audited, and
the waiting members' schedule follows at once (bot/scheduling/reminders.py acts on it)."""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.service.actor import Actor
from bot.service.core import Refusal
from bot.service.follow_up import retried
from bot.service.moderation.mod import AUDIT_FAILED
from bot.service.posts import Outcome, Post, reason
from bot.service.turn.turns import TurnPosts
from bot.storage.records import GameRecord, LoadedGame
from engine.text import msg

log = logging.getLogger(__name__)

FEWEST_HOURS, MOST_HOURS = 1, 24 * 14  # as `/game new ... bot_takeover_hours:`


def takeover_line(record: GameRecord) -> str | None:
    """The setting in words (lobby card, /game status); None when no bot stands in."""
    if not record.bot_takeover_hours:
        return None
    return msg("🤖 A bot plays for anyone who has not answered for {hours} h, until they click "
               "a prompt of theirs.", hours=f"{record.bot_takeover_hours:g}")


class TakeoverActions(TurnPosts):
    async def set_takeover(self, actor: Actor, hours: float) -> Outcome:
        try:
            if hours and not FEWEST_HOURS <= hours <= MOST_HOURS:
                raise Refusal(msg("Give a number of hours from {fewest} to {most}, or 0 to let no bot stand in.",
                                  fewest=FEWEST_HOURS, most=MOST_HOURS))
            record = await self.channel_record(actor, states=("active", "paused"))
            if not actor.is_moderator and actor.user_id != record.host_user_id:
                raise Refusal(msg("Only a moderator or the game's host can change that."))
            async with self.lock(record.id):
                record = await self.storage.update_settings(record.id, bot_takeover_hours=hours or None)
                loaded = await self.load(record.id)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        trouble = []
        try:
            await retried(f"auditing a takeover setting in game {record.id}", lambda: self.storage.audit(
                record.id, actor.user_id, "takeover", {"hours": hours or None}))
        except Exception:
            log.exception("game %s: the takeover setting is stored but not in the audit log", record.id)
            trouble.append(AUDIT_FAILED)
        await self._reschedule_members(loaded)
        who = f"<@{actor.user_id}>"
        if hours:
            notice = msg("🛠️ {member} changed the setting: a bot now plays for anyone who has not answered for "
                         "{hours} h, until they click a prompt of theirs.", member=who, hours=f"{hours:g}")
        else:
            notice = msg("🛠️ {member} changed the setting: no bot plays for a member who does not answer. (A "
                         "seat a bot already plays stays the bot's until its member clicks **I'm back**.)",
                         member=who)
        return self.outcome(record, posts=[Post(notice, kind="mod")], reply=Post(msg("Setting changed.")),
                            trouble=trouble)

    async def _reschedule_members(self, loaded: LoadedGame) -> None:
        """The waiting members' rows of the schedule follow the new setting: due at the takeover
        when that comes before their next reminder; their first reminder again when it is off."""
        record = loaded.record
        if record.status != "active":
            return  # a paused game is rescheduled as it resumes
        since = await self.waiting_since(loaded) or loaded.last_choice_at or self.clock()
        for row in await self.storage.reminders(record.id):
            seat = record.seat_named(row.player)
            if seat is None or seat.bot:
                continue  # a bot's turn keeps its time
            due = since + timedelta(hours=record.reminder_hours) if row.attempt == 0 else row.due_at
            if record.bot_takeover_hours:
                due = min(due, since + timedelta(hours=record.bot_takeover_hours))
            await retried(f"rescheduling game {record.id}", lambda row=row, due=due: self.storage.set_reminder(
                record.id, row.player, due, row.attempt))
        self.bot_due.set()  # the scheduler looks again (a takeover may be due now)
