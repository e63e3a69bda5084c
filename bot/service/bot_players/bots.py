"""Bot players at the table (issue 15): a bot seat's turn, a member's seat a bot plays while they
are away, and the member taking it back.

A bot's turn is scheduled like a reminder (the reminders table, due a short pause after the game
starts waiting on it), so it survives a restart and is run by the one process that runs the
schedule (bot/scheduling/reminders.py). The search runs in the ThinkPool's worker process on
what the seat may know (bot/service/bot_players/bot_pool.py); the choice it returns is stored as an ordinary
choice, so replays, undo and history never search again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import replace
from datetime import datetime, timedelta

from bot.logs import unloadable
from bot.service.actor import Actor
from bot.service.bot_players.bot_pool import Job
from bot.service.core import Refusal, engine_of
from bot.service.posts import Outcome, Post
from bot.service.turn.specs import ButtonSpec, back_id
from bot.service.turn.turns import TurnPosts
from bot.storage import replay as rp
from bot.storage.records import (
    CorruptGame,
    GameNotFound,
    GameRecord,
    LoadedGame,
    Seat,
    StorageError,
    UnknownGame,
)
from engine.ai import LEVELS, position_key
from engine.core import Game, Option
from engine.text import msg

log = logging.getLogger(__name__)

# A bot turn that failed (the worker died, the database was busy) is tried again after this.
RETRY = timedelta(minutes=1)
# The seat's own choices in a row looked back on, so it never goes round a loop of undoable steps.
STREAK_MAX = 40
# At most this many choices of a bot seat in a row are posted together.
BOT_RUN_MAX = 20
BOT_LEVELS = tuple(LEVELS)


def bot_label(level: str | None) -> str:
    return str(msg("bot, {level}", level=level or "normal"))


class BotActions(TurnPosts):
    # -- a bot's turn ---------------------------------------------------------------------------
    async def is_bot_turn(self, game_id: int, player: str) -> bool:
        """Whether the schedule's row for this seat is a bot's turn (else a member's reminder)."""
        try:
            record = await self.storage.game(game_id)
        except GameNotFound:
            return False
        seat = record.seat_named(player)
        return seat is not None and seat.bot

    async def bot_turn(self, game_id: int, player: str) -> Outcome | None:
        """Think for the bot seat `player` and store its choice; the posts that follow (None when
        there is nothing to do: the game moved on, or stopped waiting on that seat)."""
        try:
            loaded = await self.storage.load(game_id)
        except GameNotFound:
            return None
        except (CorruptGame, UnknownGame) as error:
            log.warning("bot turn of game #%s postponed: %s", game_id, unloadable(error))
            await self._postpone(game_id, player)
            return None
        seat = loaded.record.seat_named(player)
        if not self._bot_waited_on(loaded, seat):
            await self.storage.clear_reminders(game_id, player)
            return None
        # A run of choices while the game waits on this seat alone (Alexander's Persian placing
        # eight starting garrisons) is posted once, with all it did (issue 27): the choices before
        # the last are stored as they are made, and told with the last.
        posted, earlier = loaded, []
        for _ in range(BOT_RUN_MAX):
            try:
                option_id = await self.thinker.choose(await self._job(loaded, seat))
            except Exception:
                log.exception("game #%s: the bot for %s could not think; trying again later", game_id, player)
                await self._postpone(game_id, player)
                return None
            async with self.lock(game_id):
                try:
                    current = await self.load(game_id)
                except Refusal:
                    return None
                seat = current.record.seat_named(player)
                if current.seq != loaded.seq or not self._bot_waited_on(current, seat):
                    # A member or a moderator acted meanwhile: the schedule was redone then. What
                    # the run stored so far is still told.
                    return await self._run_told(current, player, earlier) if earlier else None
                if not self._goes_on_alone(current, seat, option_id):
                    return await self._store_bot_choice(current, seat, option_id, earlier=earlier, posted=posted)
                try:
                    loaded, events = await self._store_choice(current, seat, option_id, Actor(
                        0, seat.seat, current.record.guild_id, current.record.channel_id))
                except Refusal as why:
                    log.error("game #%s: the bot's choice %r for %s was refused: %s", game_id, option_id, seat.seat, why)
                    await self._postpone(game_id, player)
                    return None
                earlier += events
        async with self.lock(game_id):  # a long run: what it did so far, and the seat's next turn
            return await self._run_told(await self.load(game_id), player, earlier)

    async def _run_told(self, current: LoadedGame, player: str, earlier: list) -> Outcome:
        """The posts telling a bot's run of stored choices (fresh posts, as after an undo)."""
        posts, trouble = await self.after_change(current, earlier, msg("🤖 **{seat}** has chosen.", seat=player))
        return self.outcome(current.record, posts=posts, trouble=trouble)

    def _goes_on_alone(self, loaded: LoadedGame, seat: Seat, option_id: str) -> bool:
        """Whether, after `option_id`, the game still waits on this bot seat alone and goes on
        (whether a choice is posted at once depends only on what the public sees: who is next)."""
        engine = engine_of(loaded.record)
        try:
            state, _events = engine.apply(loaded.state, seat.seat, option_id)
        except Exception:
            return False  # the usual path tells why
        if engine.is_over(state):
            return False
        return {d.player for d in engine.pending(state)} == {seat.seat}

    def _bot_waited_on(self, loaded: LoadedGame, seat: Seat | None) -> bool:
        if loaded.record.status != "active" or seat is None or not seat.bot:
            return False
        return any(d.player == seat.seat for d in engine_of(loaded.record).pending(loaded.state))

    async def _store_bot_choice(self, loaded: LoadedGame, seat: Seat, option_id: str, *, earlier=(),
                                posted: LoadedGame | None = None) -> Outcome | None:
        record = loaded.record
        decision = next((d for d in engine_of(record).pending(loaded.state)
                         if d.player == seat.seat and d.option(option_id) is not None), None)
        if decision is not None and not decision.private:
            option = decision.option(option_id)
            header = msg("🤖 **{seat}** chose **{label}**.", seat=seat.seat, label=option.label or option.id)
        else:  # a private decision, or an answer of several amounts: the events tell what is public
            decision = decision or next(d for d in engine_of(record).pending(loaded.state) if d.player == seat.seat)
            option = decision.option(option_id) or Option(option_id, str(msg("their choice")))
            header = msg("🤖 **{seat}** has chosen.", seat=seat.seat)
        actor = Actor(0, seat.seat, record.guild_id, record.channel_id)
        try:
            if earlier:  # a run of choices: the events tell what is public of each
                header = msg("🤖 **{seat}** has chosen.", seat=seat.seat)  # (str() below, as before)
            outcome = await self._apply_choice(loaded, seat, decision, option, actor, header=str(header),
                                               earlier=earlier, posted=posted)
        except Refusal:
            # (Not the option: a private decision's answer is a secret of the game.)
            log.error("game #%s: the bot's choice for %s at choice %s was refused", record.id, seat.seat, loaded.seq)
            await self._postpone(record.id, seat.seat)
            return None
        # Nobody clicked: no answer to give, and what only the seat learnt stays unsaid.
        outcome.reply = outcome.edit = None
        return outcome

    async def _postpone(self, game_id: int, player: str) -> None:
        try:
            await self.storage.set_reminder(game_id, player, self.clock() + RETRY)
        except Exception:
            log.exception("game #%s: the bot turn of %s could not be postponed", game_id, player)

    async def _job(self, loaded: LoadedGame, seat: Seat) -> Job:
        """What the worker is given: the seat's world (what it may not see dealt afresh), and the
        positions of its current streak."""
        engine = engine_of(loaded.record)
        streak = await self._streak(loaded, seat.seat)
        seed = secrets.randbits(64)  # the bot's own: nothing of the game's secret seed
        world, avoid = await asyncio.to_thread(_world_and_avoid, engine, loaded, seat.seat, seed, streak)
        return Job(loaded.record.game, world, seat.seat, seed, self.bot_budget_ms, seat.level or "normal", avoid)

    async def _streak(self, loaded: LoadedGame, player: str) -> tuple[object | None, list[tuple[int, str, str]]]:
        """The state before the seat's last choices in a row (None: it has none), and those choices."""
        rows = await self.storage.last_choices(loaded.id, STREAK_MAX)
        mine: list = []
        for row in reversed(rows):
            if row.player != player:
                break
            mine.insert(0, row)
        if not mine:
            return None, []
        start, snapshot, tail = await self.storage.replay_rows(loaded.id, mine[0].seq - 1)
        return (start, snapshot, tail), [(r.seq, r.player, r.option_id) for r in mine]

    # -- a member away, and back ----------------------------------------------------------------
    async def reclaim_seat(self, loaded: LoadedGame, actor: Actor) -> tuple[LoadedGame, Post | None]:
        """A click of a member whose seat a bot plays while they are away gives them the seat back
        (under the game's lock). Returns the game as it now stands and the channel's notice."""
        seat = loaded.record.seat_of(actor.user_id)
        if seat is None or not seat.away or loaded.record.status not in ("active", "paused"):
            return loaded, None
        back = Seat(seat.seat, seat.name, seat.user_id, bot_played=True)
        try:
            record = await self.storage.put_seat(loaded.id, back, by_user_id=actor.user_id, action="back")
        except StorageError:
            log.exception("game #%s: %s could not take their seat back", loaded.id, seat.seat)
            return loaded, None
        loaded = LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at)
        await self.schedule_seat(loaded, seat.seat)  # their turn is theirs again: reminders, no bot
        notice = msg("👋 <@{user}> is back: **{seat}** is theirs again, the bot stops playing it.",
                     user=actor.user_id, seat=seat.seat)
        return loaded, Post(str(notice), kind="info")

    async def reclaim_if_away(self, game_id: int, actor: Actor, record: GameRecord | None = None) -> Outcome | None:
        """Under the game's lock: if a bot plays the actor's seat while they are away, give it back;
        the outcome with the channel's notice (None when the seat was not away). `record`: the
        game's row as just read under the lock, if the caller has it (no second read)."""
        try:
            record = record or await self.storage.game(game_id)
        except GameNotFound:
            return None
        seat = record.seat_of(actor.user_id)
        if seat is None or not seat.away or record.status not in ("active", "paused"):
            return None  # the usual case costs one read of the game's row
        loaded, notice = await self.reclaim_seat(await self.load(game_id), actor)
        return self.outcome(loaded.record, posts=[notice]) if notice is not None else None

    async def take_over(self, loaded: LoadedGame, seat: Seat, hours: float, *, away: datetime | None = None) -> Outcome:
        """A bot starts playing for a member who has not answered for `hours`, or who is away until
        `away` (/settings away); announced."""
        record = await self.storage.put_seat(loaded.id, replace(seat, bot=True, level="normal"), action="away")
        loaded = LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at)
        await self.schedule_seat(loaded, seat.seat)
        if away is not None:
            notice = msg("🤖 <@{user}> is away until {when}: a bot plays **{seat}** for them until they click "
                         "**I'm back** or any prompt of theirs.", user=seat.user_id,
                         when=f"<t:{int(away.timestamp())}:f>", seat=seat.seat)
        else:
            notice = msg("🤖 <@{user}> has not answered for {hours} h: a bot plays **{seat}** for them until they "
                         "click **I'm back** or any prompt of theirs.", user=seat.user_id, hours=f"{hours:g}",
                         seat=seat.seat)
        index = next(i for i, s in enumerate(record.seats) if s.seat == seat.seat)
        button = ButtonSpec(back_id(record.id, index), str(msg("I'm back")), 0, "success")
        return self.outcome(record, posts=[Post(str(notice), components=(button,), mentions=(seat.user_id,),
                                                kind="info")])

    async def come_back(self, game_id: int, seat_index: int, actor: Actor) -> Outcome:
        """"I'm back": the member whose seat a bot plays takes it back (and is asked at once if the
        game waits on them)."""
        async with self.lock(game_id):
            try:
                loaded = await self.game_by_id(game_id, actor)
                seats = loaded.record.seats
                if seat_index >= len(seats) or seats[seat_index].user_id != actor.user_id:
                    raise Refusal(msg("This button is for the member whose seat a bot played."))
                if loaded.record.status not in ("active", "paused"):
                    raise Refusal(msg("This game is over."))
                loaded, back = await self.reclaim_seat(loaded, actor)
                if back is None:
                    raise Refusal(msg("Your seat is yours already: no bot plays it."))
            except Refusal as why:
                return Outcome.refuse(str(why), game_id)
            posts = [back]
            player = seats[seat_index].seat
            if loaded.record.status == "active" and any(
                    d.player == player for d in engine_of(loaded.record).pending(loaded.state)):
                posts += await self.prompt_posts(loaded, here=actor.user_id)
        return self.outcome(loaded.record, posts=posts, reply=Post(str(msg("Welcome back: your seat is yours again."))))


def _world_and_avoid(engine: Game, loaded: LoadedGame, player: str, seed: int,
                     streak: tuple[object | None, list]) -> tuple[str, tuple[str, ...]]:
    """(the seat's world as text, the keys of the positions it decided in during its streak).
    Runs in a thread: replays and views are engine work."""
    world = engine.dumps(engine.determinize(loaded.state, player, seed))
    found, choices = streak
    if found is None:
        return world, ()
    start, snapshot, tail = found
    record = loaded.record
    if snapshot is None:
        state = rp.setup_state(engine, record.id, record.players, record.seed, record.options, record.rules_version)
    else:
        state = rp.parse_snapshot(engine, record.id, start, snapshot)
    state = rp.replay(engine, record.id, state, tail)
    keys = []
    for seq, who, option_id in choices:
        keys.append(position_key(engine, state, player))
        state = rp.replay(engine, record.id, state, [(seq, who, option_id)])
    return world, tuple(dict.fromkeys(keys))
