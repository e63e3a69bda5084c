"""`/settings away until:` and `/settings back` (issue 29): a member away is reminded in no game
until the date they gave; where a game lets a bot stand in (`bot_takeover_hours`), a bot plays
their seat while the game waits on them, announced as any stand-in (bots.py `take_over`). Coming
back early is `/settings back` (every seat a bot plays for them is theirs again) or any click or
command of theirs (their reminders resume; a seat a bot plays comes back with a click on that
game's prompt or its **I'm back**, as after any stand-in)."""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime, timedelta

from bot.service.actor import Actor
from bot.service.core import Refusal, ServiceCore, engine_of
from bot.service.follow_up import retried
from bot.service.posts import Outcome, reason
from bot.service.slash import slash
from bot.storage.records import GameRecord
from engine.text import msg

log = logging.getLogger(__name__)

MOST_DAYS = 60  # a longer absence is a seat to hand over (/mod replace), not a pause
_HOURS = re.compile(r"^(?P<n>[0-9]+(?:[.,][0-9]+)?)\s*(?P<unit>h|d)?$")
_DATE = re.compile(r"^(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})(?:[ T](?P<time>[0-9]{1,2}:[0-9]{2}))?$")


def parse_until(typed: str, now: datetime) -> datetime:
    """`48` or `48h` (hours), `3d` (days), `2026-12-24` or `2026-12-24 18:00` (UTC); Refusal if not
    a time in the next MOST_DAYS days."""
    words = typed.strip().casefold()
    found = _HOURS.match(words)
    if found:
        amount = float(found["n"].replace(",", "."))
        until = now + (timedelta(days=amount) if found["unit"] == "d" else timedelta(hours=amount))
    elif (found := _DATE.match(words)) is not None:
        try:
            until = datetime.fromisoformat(f"{found['date']}T{found['time'] or '00:00'}").replace(tzinfo=UTC)
        except ValueError:
            until = None
    else:
        until = None
    if until is None:
        raise Refusal(msg("Give a number of hours (`48`), of days (`3d`) or a date (`2026-12-24`, or "
                          "`2026-12-24 18:00` in UTC)."))
    if until <= now or until > now + timedelta(days=MOST_DAYS):
        raise Refusal(msg("Give a time in the next {days} days.", days=MOST_DAYS))
    return until


def when(moment: datetime) -> str:
    """Discord renders <t:...:f> as a date and time in each reader's own time zone."""
    return f"<t:{int(moment.timestamp())}:f>"


class AwayActions(ServiceCore):
    async def set_away(self, actor: Actor, typed: str) -> Outcome:
        try:
            until = parse_until(typed, self.clock())
        except Refusal as why:
            return Outcome.refuse(reason(why))
        await self.storage.set_away(actor.user_id, until)
        # Where the game waits on them now and lets a bot stand in, the bot takes the seat at once.
        for record, seat in await self._waiting_seats(actor.user_id):
            if record.bot_takeover_hours:
                await retried(f"bringing forward the schedule of game {record.id}",
                              lambda record=record, seat=seat: self.storage.set_reminder(record.id, seat, self.clock()))
                await self.bot_turn_due(record)  # wakes the process that runs that server's schedule
        return Outcome.say(msg("💤 You are away until {when}: no reminders in any game until then, and where a game "
                               "lets a bot stand in, it plays your seat while you are away. {command} or any click "
                               "of yours brings you back.", when=when(until), command=slash("settings back")))

    async def back_now(self, actor: Actor) -> Outcome:
        """`/settings back`: away no more, and every seat a bot plays for them is theirs again."""
        away = (await self.storage.away_until([actor.user_id], self.clock())).get(actor.user_id)
        await self.storage.set_away(actor.user_id, None)
        outcomes = await self._hand_back_seats(actor)
        if away is None and not outcomes:
            return Outcome.say(msg("You were not away: your reminders are on."))
        reply = Outcome.say(msg("Welcome back: your reminders are on again, and no bot plays for you."))
        reply.also = outcomes
        return reply

    async def back_if_away(self, actor: Actor) -> bool:
        """Any click or command of a member who is away ends it (their reminders resume). True if
        they were away."""
        if not await self.storage.away_until([actor.user_id], self.clock()):
            return False
        await self.storage.set_away(actor.user_id, None)
        return True

    async def _waiting_seats(self, user_id: int) -> list[tuple[GameRecord, str]]:
        """(game, seat) of every running game that waits on one of the member's seats now."""
        found = []
        for record in await self.storage.member_open_games(user_id, ("active",)):
            mine = [s.seat for s in record.seats_of(user_id) if not s.bot]
            if not mine:
                continue
            try:
                loaded = await self.load(record.id)
            except Refusal:
                continue
            waiting = {d.player for d in engine_of(record).pending(loaded.state)}
            found += [(record, seat) for seat in mine if seat in waiting]
        return found

    async def _hand_back_seats(self, actor: Actor) -> list[Outcome]:
        outcomes = []
        for record in await self.storage.member_open_games(actor.user_id):
            seat = record.seat_of(actor.user_id)
            if seat is None or not seat.away:
                continue
            async with self.lock(record.id):
                try:
                    loaded = await self.load(record.id)
                    here = Actor(actor.user_id, actor.name, record.guild_id, record.channel_id)
                    loaded, notice = await self.reclaim_seat(loaded, here)
                except Exception:
                    log.exception("game %s: handing %s's seat back failed", record.id, actor.user_id)
                    continue
                if notice is None:
                    continue
                posts = [notice]
                if loaded.record.status == "active" and any(
                        d.player == seat.seat for d in engine_of(record).pending(loaded.state)):
                    posts += await self.prompt_posts(loaded, here=actor.user_id)
            outcomes.append(self.outcome(loaded.record, posts=posts))
        return outcomes
