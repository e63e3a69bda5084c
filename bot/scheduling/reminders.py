"""Play-by-post reminders: ping the player a game waits on, then again at a slower pace.

Schedules live in the database (the reminders table), so they survive restarts; the
scheduler only polls for what is due. The clock is injected, so tests move time by hand.

Each reminder is sent exactly once, also across crashes and several processes:
- only the process holding the lease of the game's shard sends it (shards.py), so two processes
  never both send one; a dead process's reminders are sent by whoever takes its shards over;
- it is sent *before* its row moves on to the next attempt, so a crash in between loses
  nothing: the reminder is still due and is sent again after the restart; and it is sent with a
  nonce made from (game, seat, attempt, due time), which Discord enforces (a second message with
  the same nonce from the bot within minutes returns the first instead of posting again), so
  that second send shows nothing new;
- the row moves on only if it is still that attempt (`advance_reminder`): a move meanwhile has
  made a new schedule, which stands.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.logs import unloadable
from bot.scheduling import departures
from bot.service import text
from bot.service.core import ServiceCore, engine_of, reminder_hours
from bot.service.members.overview import all_my_games_button
from bot.service.posts import Outcome, Post
from bot.service.secrecy import hidden
from bot.storage.records import CorruptGame, GameNotFound, Reminder, Shards, UnknownGame
from engine.text import layout, msg

log = logging.getLogger(__name__)

# Each repeat waits twice as long as the one before, up to this many times the game's delay:
# 12 h, 24 h, 48 h, 48 h ... by default.
SLOWEST = 4
# A game whose history no longer loads is a moderator's matter (`python -m bot check-db`);
# its reminder waits this long instead of failing at every poll.
UNLOADABLE_RETRY = timedelta(hours=24)
POLL_SECONDS = 60.0


def next_delay(reminder_hours: float, attempt: int) -> timedelta:
    """The wait before reminder number `attempt` (0 = the first, counted from the last choice)."""
    return timedelta(hours=reminder_hours * min(2**attempt, SLOWEST))


def nonce_of(reminder: Reminder) -> str:
    """The same for every send of one reminder (Discord allows 25 characters)."""
    key = f"{reminder.game_id}/{reminder.player}/{reminder.attempt}/{reminder.due_at.isoformat()}"
    return "rem" + hashlib.blake2b(key.encode(), digest_size=10).hexdigest()


@dataclass
class Nudge:
    """One reminder to send: posts in the game channel and direct messages (each with the post
    for the channel should the DM not arrive, and the game's language, for a member the bot has
    not heard from yet), then the time the next one is due (the scheduler moves the row there
    once this one is sent)."""

    outcome: Outcome
    dms: list[tuple[int, Post, Post, str]] = field(default_factory=list)
    next_due: datetime | None = None


class ReminderActions(ServiceCore):
    async def remind(self, reminder: Reminder, now: datetime) -> Nudge | None:
        """The reminder's messages (none for a seat without a member) and when the next is due;
        None if the game stopped waiting. Changes nothing but a stale or unloadable row (and the
        seat, when a bot starts standing in for its member: `bot_takeover_hours`): the scheduler
        moves the row on once the messages are out."""
        async with self.lock(reminder.game_id):
            try:
                loaded = await self.storage.load(reminder.game_id)
            except GameNotFound:
                return None
            except (CorruptGame, UnknownGame) as error:
                log.warning("reminder for game #%s postponed: %s", reminder.game_id, unloadable(error))
                await self.storage.set_reminder(reminder.game_id, reminder.player, now + UNLOADABLE_RETRY,
                                                reminder.attempt)
                return None
            record = loaded.record
            engine = engine_of(record)
            decisions = engine.pending(loaded.state) if loaded.state is not None else []
            mine = [d for d in decisions if d.player == reminder.player]
            if record.status != "active" or not mine:
                await self.storage.clear_reminders(record.id, reminder.player)
                return None
            seat = record.seat_named(reminder.player)
            since = await self.waiting_since(loaded)  # a private setting changed meanwhile is not a move
            takeover = _takeover_at(record, since)
            member = seat.user_id if seat is not None and not seat.bot else None
            away = (await self.storage.away_until([member], now)).get(member) if member else None
            if member is not None and record.bot_takeover_hours and (away or (takeover is not None and now >= takeover)):
                # Nobody answered for the game's bot_takeover_hours, or the member is away (/settings
                # away): a bot plays the seat for them (its turn comes after the usual pause).
                outcome = await self.take_over(loaded, seat, record.bot_takeover_hours, away=away)
                return Nudge(outcome, next_due=now + self.bot_pause)
            window = any(d.window for d in mine)  # reminded sooner (core.WINDOW_REMINDER_SHARE)
            next_due = now + next_delay(reminder_hours(record, window=window), reminder.attempt + 1)
            if away is not None:
                # Away: not reminded; the schedule goes on, so one comes after they are back.
                return Nudge(Outcome(game_id=record.id, channel_id=record.channel_id), next_due=min(next_due, away))
            if takeover is not None:
                next_due = min(next_due, takeover)
        nudge = Nudge(Outcome(game_id=record.id, channel_id=record.channel_id), next_due=next_due)
        if seat is None or seat.user_id is None:
            return nudge  # nobody to tell; the schedule still moves on
        link = await self._prompt_link(record, await self.posted_version(loaded))
        decision = mine[0]
        # Public words only: this may be posted in the channel (a private prompt opens from its post).
        if since:
            body = msg("the {game} game has been waiting on you since {when}: {prompt}", game=engine.title,
                       when=text.relative_time(since), prompt=hidden.shown_prompt(decision))
        else:
            body = msg("the {game} game has been waiting on you: {prompt}", game=engine.title,
                       prompt=hidden.shown_prompt(decision))
        body = layout("{body}{link}", body=body, link=link)
        mode = await self.storage.ping_mode(seat.user_id)
        nonce = nonce_of(reminder)
        channel_post = channel_reminder(seat.user_id, body, nonce, record.guild_id)
        if mode in ("channel", "both"):
            nudge.outcome.posts.append(channel_post)
        if mode in ("dm", "both"):
            nudge.dms.append((seat.user_id, Post(msg("⏰ In {channel}, {body}", channel=f"<#{record.channel_id}>",
                                                     body=body), nonce=nonce,
                                                 components=(all_my_games_button(record.guild_id, 0),)),
                              channel_post, await self.record_language(record)))
        return nudge

    async def _prompt_link(self, record, version: int) -> str:
        prompts = [m for m in await self.storage.game_messages(record.id, "prompt") if m.version == version]
        if not prompts:
            return ""
        m = prompts[0]
        return f"\nhttps://discord.com/channels/{record.guild_id}/{m.channel_id}/{m.message_id}"


def channel_reminder(user_id: int, body, nonce: str | None = None, guild_id: int | None = None) -> Post:
    """The reminder in the game's channel, with "All my games" (the clicker's /game mine)."""
    buttons = (all_my_games_button(guild_id, 0),) if guild_id else ()
    return Post(layout("⏰ {member}, {body}", member=f"<@{user_id}>", body=body), mentions=(user_id,), kind="reminder",
                nonce=nonce, components=buttons)
def _takeover_at(record, since: datetime | None) -> datetime | None:
    """When a bot starts playing for a member the game has waited on since `since` (None: never)."""
    if not record.bot_takeover_hours or since is None:
        return None
    return since + timedelta(hours=record.bot_takeover_hours)


class ReminderScheduler:
    """Sends due reminders and plays due bot turns: `run_due()` once (tests), or `run()` forever
    (the bot). A bot turn runs as a task of its own (its search takes a while in the worker
    process), one at a time per seat; `wait_bots()` waits for those started.

    `shards`: the servers whose reminders this process sends (all by default); `holds()` says
    whether it still holds their leases (shards.py), checked before every send."""

    def __init__(self, service, publisher, *, clock: Callable[[], datetime], poll_seconds: float = POLL_SECONDS,
                 shards: Shards | None = None, holds: Callable[[], bool] = lambda: True):
        self.service = service
        self.publisher = publisher
        self.clock = clock
        self.poll_seconds = poll_seconds
        self.shards = shards or Shards()
        self.holds = holds
        self._bot_turns: dict[tuple[int, str], asyncio.Task] = {}
        self._listening = None  # told of bot turns scheduled by other processes (PostgreSQL)
        self._can_listen = True

    async def run_due(self) -> int:
        """Send every reminder due now and start every bot turn due; returns how many members
        were reminded."""
        now = self.clock()
        sent = 0
        try:
            await departures.forget_due(self.service.storage, now, self.shards)
        except Exception:
            log.exception("deleting the data of servers the bot left failed; tried again at the next pass")
        for reminder in await self.service.storage.due_reminders(now, self.shards):
            if not self.holds():
                break  # the shards went to another process: it sends them
            try:
                if await self.service.is_bot_turn(reminder.game_id, reminder.player):
                    self._start_bot_turn(reminder.game_id, reminder.player)
                    continue
                nudge = await self.service.remind(reminder, now)
                if nudge is None:
                    continue
                if nudge.outcome.posts or nudge.dms:
                    await self._send(nudge)
                    sent += 1
                await self.service.storage.advance_reminder(reminder.game_id, reminder.player, reminder.attempt,
                                                            nudge.next_due)
            except Exception:
                log.exception("reminder failed: game=%s seat=%s", reminder.game_id, reminder.player)
        return sent

    def _start_bot_turn(self, game_id: int, player: str) -> None:
        key = (game_id, player)
        if key in self._bot_turns:
            return  # already thinking: its row stays due until the choice is stored

        async def turn() -> None:
            try:
                outcome = await self.service.bot_turn(game_id, player)
                if outcome is not None:
                    await self.publisher.deliver(outcome)
            except Exception:
                log.exception("bot turn failed: game=%s seat=%s", game_id, player)
            finally:
                self._bot_turns.pop(key, None)
                self.service.bot_due.set()  # the schedule changed: look again

        self._bot_turns[key] = asyncio.get_running_loop().create_task(turn(), name=f"bot {game_id} {player}")

    async def wait_bots(self) -> None:
        """Wait until the bot turns started so far are done (tests)."""
        while self._bot_turns:
            await asyncio.gather(*list(self._bot_turns.values()), return_exceptions=True)

    async def _send(self, nudge: Nudge) -> None:
        delivered_dm = True
        for user_id, post, _channel_post, lang in nudge.dms:
            delivered_dm = await self.publisher.dm(user_id, post, fallback=lang) and delivered_dm
        if not nudge.dms or not delivered_dm or nudge.outcome.posts:
            if not nudge.outcome.posts and not delivered_dm:
                # DMs closed: fall back to the channel rather than stay silent.
                nudge.outcome.posts.append(nudge.dms[0][2])
            await self.publisher.deliver(nudge.outcome)

    async def listen(self) -> None:
        """Be woken when another process sharing the database schedules a bot's turn on one of
        this process's servers (PostgreSQL LISTEN); again after a broken connection. Without it
        (SQLite, or the server refused) the poll finds the turn, up to `poll_seconds` later."""
        if not self._can_listen or (self._listening is not None and self._listening.alive()):
            return
        if self._listening is not None:
            log.warning("the connection listening for other processes' bot turns broke; listening again")
        try:
            self._listening = await self.service.storage.listen_bot_turns(self._heard)
        except Exception:
            log.warning("cannot listen for other processes' bot turns; the poll finds them", exc_info=True)
            self._listening = None
            return
        self._can_listen = self._listening is not None

    def _heard(self, guild_id: int) -> None:
        if self.shards.owns(guild_id):
            self.service.bot_due.set()

    async def stop_listening(self) -> None:
        if self._listening is not None:
            await self._listening.close()
            self._listening = None

    async def run(self) -> None:
        while True:
            # A bot's turn scheduled from now on (in this process, or by another one we listen
            # to) wakes the wait below at once.
            self.service.bot_due.clear()
            await self.listen()
            try:
                await self.run_due()
                upcoming = await self.service.storage.next_reminder_at(self.shards)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder pass failed")
                upcoming = None
            wait = self.poll_seconds
            if upcoming is not None:
                # Wake for the next due reminder, but never spin faster than once a second (or
                # than the poll interval, when a test sets it shorter).
                until = (upcoming - self.clock()).total_seconds()
                wait = min(wait, max(until, min(1.0, self.poll_seconds)))
            try:
                await asyncio.wait_for(self.service.bot_due.wait(), wait)
            except TimeoutError:
                pass
