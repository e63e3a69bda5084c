"""The service's shared machinery: per-game locks, loading with guild checks, the messages the
bot noted, storing a choice. The posts that follow a change are built in turns.py.

Holds no Discord objects: it speaks in Actors, storage records and `Post`s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from bot.logs import unloadable
from bot.service import text
from bot.service.actor import Actor
from bot.service.bot_players.bot_pool import ThinkPool
from bot.service.follow_up import REMINDERS_FAILED, retried
from bot.service.past import tapes
from bot.service.pictures.render_pool import RenderPool
from bot.service.pictures.version_pictures import KeptSteps, VersionPictures
from bot.service.posts import Attachment, Outcome, Post, Refusal, reason
from bot.service.secrecy import hidden
from bot.service.slash import slash
from bot.service.turn.prompt import history_head
from bot.storage.records import (
    CorruptGame,
    GameMovedOn,
    GameNotFound,
    GameRecord,
    LoadedGame,
    Seat,
    UnknownGame,
    WrongStatus,
)
from bot.storage.store import Storage
from engine import Decision, Event, IllegalAction, game_names, get_game
from engine.core import Game
from engine.text import msg

log = logging.getLogger(__name__)


def utcnow() -> datetime:
    return datetime.now(UTC)


# A bot player's thinking budget per decision (engine/ai counts it in work units), and the pause
# before its turn is played.
BOT_BUDGET_MS = 1000.0
BOT_PAUSE_SECONDS = 2.0

OTHER_CHANNEL = msg("That button belongs to a game in another channel; nothing was changed.")
STALE = msg("That prompt is out of date: the game has moved on. Please use the latest prompt.")


def engine_of(record: GameRecord) -> Game:
    return get_game(record.game)


def game_title(name: str) -> str:
    """A game's title; a game this bot no longer offers (an old result row) keeps its name."""
    return get_game(name).title if name in game_names() else name


def seat_map(record: GameRecord) -> dict[str, int]:
    """Engine seat name -> Discord user id (seats whose member is gone are left out)."""
    return {s.seat: s.user_id for s in record.seats if s.user_id}


def board_thread_name(record: GameRecord) -> str:
    """The board thread is named after its game: "Byzantium #12 boards"."""
    return msg("{game} #{number} boards", game=engine_of(record).title, number=record.id)


def events_from_json(rows: Sequence[dict]) -> list[Event]:
    """Stored events, each with its audience (`private_to`)."""
    return [hidden.event_from_data(r) for r in rows]


class ServiceCore:
    def __init__(self, storage: Storage, renderer: RenderPool | None = None,
                 clock: Callable[[], datetime] = utcnow, *, thinker: ThinkPool | None = None,
                 bot_budget_ms: float = BOT_BUDGET_MS, bot_pause: float = BOT_PAUSE_SECONDS):
        self.storage = storage
        self.renderer = renderer
        self.clock = clock
        # Bot players (bot/service/bot_players/bots.py): where they think, for how long, and the pause before
        # a bot's turn (so the channel stays readable); `bot_due` wakes the scheduler for one.
        self.thinker = thinker or ThinkPool()
        self.bot_budget_ms = bot_budget_ms
        self.bot_pause = timedelta(seconds=bot_pause)
        self.bot_due = asyncio.Event()
        self.kept_pictures = VersionPictures()  # each version's pictures, drawn once
        self.kept_steps = KeptSteps()  # the history view's past steps, drawn once

    def lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """One game's requests are handled one at a time, by every process sharing the database
        (storage's game_lock; the storage's sequence check backs it up)."""
        return self.storage.game_lock(game_id)

    # -- loading ---------------------------------------------------------------------------
    async def load(self, game_id: int) -> LoadedGame:
        """The game with its state; a game whose stored history no longer replays is refused
        with the step, never guessed at (moderators can still export or abandon it)."""
        try:
            return await self.storage.load(game_id)
        except (CorruptGame, UnknownGame) as exc:
            # The details (a pydantic report quoting the state, the option refused) can hold the
            # game's secrets: check-db shows them to the operator; the log says where only. The
            # players get a plain sentence with the step to quote to a moderator.
            log.error("game %s cannot be loaded: %s", game_id, unloadable(exc))
            where = msg("at step {step}", step=exc.step) if isinstance(exc, CorruptGame) else \
                msg("its rules are no longer here")
            raise Refusal(msg("This game's saved history does not replay ({where}). Nothing was changed; "
                              "a moderator can {export} or {abandon} it.", where=where,
                              export=slash("mod export"), abandon=slash("mod abandon"))) from None

    async def channel_record(self, actor: Actor, *, states: tuple[str, ...] = ("active", "paused")) -> GameRecord:
        """The record of the actor's channel's open game (nothing replayed), or Refusal with the
        reason: for requests that load the game themselves, under its lock."""
        record = await self.storage.channel_game(actor.channel_id)
        if record is None:
            raise Refusal(msg("There is no game in this channel. Start one with {command}.", command=slash("game new")))
        self.check_guild(record, actor)
        if record.status not in states:
            raise Refusal(_status_words(record.status))
        return record

    async def channel_game(self, actor: Actor, *, states: tuple[str, ...] = ("active", "paused")) -> LoadedGame:
        """The open game of the actor's channel, or Refusal with the reason."""
        return await self.load((await self.channel_record(actor, states=states)).id)

    async def game_by_id(self, game_id: int, actor: Actor, *, from_dm: bool = False) -> LoadedGame:
        """The game a custom id names (a prompt, lobby or confirmation button), refused unless
        the click comes from that game's own channel: an id is easy to copy elsewhere.
        `from_dm`: a private prompt the bot sent by DM may be answered there, by a player of the
        game (a bot's DM channel holds only that member; the prompt's seat is checked after)."""
        # One read: the game with its state, checked after (a click is a choice far more often
        # than a copied id; issue 30 counts the reads of a choice).
        try:
            loaded = await self.load(game_id)
        except GameNotFound:
            raise Refusal(msg("That game no longer exists.")) from None
        except Refusal:  # a game that cannot be loaded: whether the click may ask comes first
            self._check_where(await self.storage.game(game_id), actor, from_dm)
            raise
        self._check_where(loaded.record, actor, from_dm)
        return loaded

    def _check_where(self, record: GameRecord, actor: Actor, from_dm: bool) -> None:
        """Refuse a click on a game from anywhere but its channel (or, for `from_dm`, its
        player's DMs)."""
        if from_dm and actor.guild_id is None and record.seat_of(actor.user_id) is not None:
            return
        self.check_guild(record, actor)
        if record.channel_id != actor.channel_id:
            raise Refusal(OTHER_CHANNEL)

    @staticmethod
    def check_guild(record: GameRecord, actor: Actor) -> None:
        if actor.guild_id is None or record.guild_id != actor.guild_id:
            raise Refusal(msg("That game belongs to another server."))

    @staticmethod
    def require_moderator(actor: Actor) -> None:
        if not actor.is_moderator:
            raise Refusal(msg("Only moderators (Manage Channels permission or the moderator role) can do that."))

    # -- prompts that still stand although the game is further on --------------------------------
    async def choices_since(self, loaded: LoadedGame, version: int, head: str | None) -> list | None:
        """The choices after `version` if a prompt posted for it (history head `head`) belongs to
        the game's history and the game is further on; None otherwise (undone, restored, current)."""
        if head is None or not 0 <= version < loaded.seq:
            return None
        rows = await self.storage.choices(loaded.id, after=max(version - 1, 0))
        at = next((c.created_at for c in rows if c.seq == version), None) if version else None
        if history_head(LoadedGame(loaded.record, None, version, at)) != head:
            return None
        return [c for c in rows if c.seq > version]

    @staticmethod
    def still_valid(since: list) -> bool:
        """Whether a prompt stands although `since` were chosen after it: every one was a quiet
        preference (a standing order set while nothing it settles waited), so the game waits on
        exactly what it did then."""
        return bool(since) and all(hidden.is_quiet_preference(c.option_id, c.events) for c in since)

    async def posted_version(self, loaded: LoadedGame) -> int:
        """The version whose prompts are the live ones: the last choice that was not a quiet
        preference (a preference changes no prompt, so none is posted for it)."""
        return (await self._last_move(loaded))[0]

    async def waiting_since(self, loaded: LoadedGame) -> datetime | None:
        """Since when the game waits on its current decisions, as everyone saw it: a quiet
        preference (private, it settled nothing) does not restart the wait."""
        version, at = await self._last_move(loaded)
        return at if version else loaded.record.started_at

    async def _last_move(self, loaded: LoadedGame) -> tuple[int, datetime | None]:
        """(seq, time) of the last choice up to `loaded`'s that was not a quiet preference (0 and
        None: none). Choices stored after `loaded` was read (the one being posted) do not count."""
        if not loaded.seq:
            return 0, None
        rows: list = []
        # Almost always the last choice is a move: one row read. Else up to 50 (quiet preferences).
        for limit in (1, 50):
            rows = await self.storage.choices_before(loaded.id, loaded.seq, limit)
            for choice in rows:
                if not hidden.is_quiet_preference(choice.option_id, choice.events):
                    return choice.seq, choice.created_at
            if len(rows) < limit:
                break
        return (rows[-1].seq - 1, None) if rows and rows[-1].seq > 1 else (0, None)

    # -- messages ----------------------------------------------------------------------------
    async def record_message(self, game_id: int, channel_id: int, message_id: int, kind: str,
                             version: int | None, *, seat: str | None = None, body: str | None = None,
                             delivered: tuple[int, int] | None = None) -> None:
        """Note a posted message (retried: the message is out, whatever the database says).
        `seat` and `body` let a turn message be edited in place later (see turns.py); `delivered`:
        (game, seq) of the choice whose delivery this note completes, marked in the same write."""
        await retried(f"recording message {message_id} of game {game_id}",
                      lambda: self.storage.record_message(game_id, channel_id, message_id, kind, version,
                                                          seat=seat, body=body, delivered=delivered))
        if kind == "lobby":
            await retried(f"recording the lobby message of game {game_id}",
                          lambda: self.storage.update_settings(game_id, lobby_message_id=message_id))

    async def mark_delivered(self, game_id: int, seq: int) -> None:
        """Choice `seq`'s posts and edits are all out and noted (retried: a restart would otherwise
        check the game's messages again, which is harmless)."""
        await retried(f"marking choice {seq} of game {game_id} delivered",
                      lambda: self.storage.mark_delivered(game_id, seq))

    async def stale_prompts(self, game_id: int, version: int | None) -> list:
        """Prompt messages of the game (in the channel, and private prompts sent by DM) for any
        version other than `version` (None: all of them)."""
        found = await self.storage.game_messages(game_id, ("prompt", "dm_prompt"))  # one read for both
        prompts = [m for m in found if m.kind == "prompt"] + [m for m in found if m.kind == "dm_prompt"]
        return [m for m in prompts if m.version != version]

    async def forget_prompt(self, message_id: int, *, delivered: tuple[int, int] | None = None) -> None:
        """Forget a prompt; `delivered`: (game, seq) of the choice whose delivery this completes."""
        await retried(f"forgetting prompt {message_id}",
                      lambda: self.storage.forget_message(message_id, delivered=delivered))

    async def set_board_thread(self, game_id: int, thread_id: int) -> None:
        await retried(f"recording the board thread of game {game_id}",
                      lambda: self.storage.update_settings(game_id, board_thread_id=thread_id))

    async def record_language(self, record: GameRecord) -> str:
        """The language of a game's public posts and boards (bot/service/languages.py)."""
        return "en"

    def outcome(self, record: GameRecord, **fields) -> Outcome:
        """An Outcome aimed at the game's channel and board thread."""
        out = Outcome(game_id=record.id, channel_id=record.channel_id,
                      board_thread_id=record.board_thread_id, **fields)
        if record.boards_in_thread and record.board_thread_id is None and record.parent_channel_id is None:
            out.wants_board_thread = board_thread_name(record)
        return out

    # -- the posts after a change ---------------------------------------------------------------
    async def board_image(self, loaded: LoadedGame, events: Sequence[Event] = ()) -> Attachment | None:
        """The whole board of `loaded`'s version, drawn once for it (version_pictures.py), with
        the highlight of the change that made it when this process saw that change."""
        if self.renderer is None:
            return None
        png = await self._version_picture(loaded, "board", events, self.renderer.board)
        return Attachment(f"{loaded.record.game}-{loaded.id}-v{loaded.seq}.png", png) if png else None

    async def close_up_image(self, loaded: LoadedGame, events: Sequence[Event] = ()) -> Attachment | None:
        """The close-up of `loaded`'s version for its turn message, drawn once for it; None for
        a game whose drawing has no close-up."""
        if self.renderer is None or not self.renderer.has_close_up(loaded.record.game):
            return None
        png = await self._version_picture(loaded, "close-up", events, self.renderer.close_up)
        return Attachment(f"{loaded.record.game}-{loaded.id}-v{loaded.seq}-close-up.png", png) if png else None

    async def _version_picture(self, loaded: LoadedGame, kind: str, events: Sequence[Event], draw) -> bytes | None:
        # Drawn from public information only: the public view of a game with secrets, and the
        # public events for the highlight.
        public = hidden.public_events(events)
        self.kept_pictures.note_change(loaded, public)
        shown = public or self.kept_pictures.events_of(loaded)
        lang = await self.record_language(loaded.record)
        engine = engine_of(loaded.record)
        return await self.kept_pictures.get(
            loaded, kind, lang, lambda: draw(loaded.record.game, hidden.board_input(engine, loaded.state),
                                             list(shown), lang=lang))

    async def result_posts(self, loaded: LoadedGame) -> list[Post]:
        """The final scores, the first message carrying the chart of every player's score over
        the game (replayed from the stored choices in the render pool)."""
        record = loaded.record
        engine = engine_of(record)
        bots = [s.seat for s in record.seats if s.bot or s.bot_played]
        lines = text.result_lines(engine.title, engine.result(loaded.state), seat_map(record), bots)
        user_ids = tuple(s.user_id for s in record.seats if s.user_id)
        chart = await tapes.score_chart(self.storage, self.renderer, record, await self.record_language(record))
        return [Post(chunk, (chart,) if chart is not None and i == 0 else (), mentions=user_ids, kind="result",
                     version=loaded.seq) for i, chunk in enumerate(text.chunk_lines(lines))]

    async def schedule_reminders(self, loaded: LoadedGame) -> list[str]:
        """The game now waits on the pending players: each gets a fresh reminder schedule.
        Returns the trouble to report if the schedule could not be written (it is logged)."""
        record = loaded.record
        due: dict[str, datetime] = {}
        away: dict[int, datetime] = {}
        if record.status == "active":
            now = self.clock()
            pending = engine_of(record).pending(loaded.state)
            waiting = sorted({d.player for d in pending})
            # Members away (/settings away) in a game where a bot may stand in: it does at once.
            away = await self._away_members(record, waiting, now) if record.bot_takeover_hours else {}
            for player in waiting:
                seat = record.seat_named(player)
                # A seat a bot plays: its turn, after a short pause; a member's: a reminder.
                bot = seat is not None and (seat.bot or seat.user_id in away)
                window = any(d.window for d in pending if d.player == player)
                due[player] = now + (self.bot_pause if bot else member_delay(record, window=window))
        try:
            # One transaction: the old schedule never lingers beside the new one.
            await retried(f"rescheduling the reminders of game {record.id}",
                          lambda: self.storage.replace_reminders(record.id, due))
        except Exception:
            log.exception("game %s: reminders not rescheduled after choice %s", record.id, loaded.seq)
            return [REMINDERS_FAILED]
        if any(record.seat_named(player) is not None and record.seat_named(player).bot for player in due) or away:
            await self.bot_turn_due(record)
        return []

    async def _away_members(self, record: GameRecord, seats, now: datetime) -> dict[int, datetime]:
        ids = [s.user_id for s in map(record.seat_named, seats) if s is not None and s.user_id and not s.bot]
        try:
            return await self.storage.away_until(ids, now)
        except Exception:  # the usual schedule then; the reminder sees the absence when it comes due
            log.exception("game %s: reading who is away failed", record.id)
            return {}

    async def schedule_seat(self, loaded: LoadedGame, player: str) -> None:
        """A seat changed hands (a member, a bot): its own row of the schedule starts afresh, a
        bot's turn or a member's first reminder, if the game waits on it."""
        record = loaded.record
        seat = record.seat_named(player)
        waiting = record.status == "active" and any(
            d.player == player for d in engine_of(record).pending(loaded.state))
        if not waiting or seat is None:
            await retried(f"clearing a reminder of game {record.id}", lambda: self.storage.clear_reminders(record.id, player))
            return
        delay = self.bot_pause if seat.bot else member_delay(record)
        await retried(f"rescheduling a seat of game {record.id}",
                      lambda: self.storage.set_reminder(record.id, player, self.clock() + delay))
        if seat.bot:
            await self.bot_turn_due(record)

    async def bot_turn_due(self, record: GameRecord) -> None:
        """Wake the scheduler for a bot's turn: this process's at once, and on PostgreSQL the one
        that runs this server's schedule, which may be another (a failure leaves it to its poll)."""
        self.bot_due.set()
        try:
            await self.storage.announce_bot_turn(record.guild_id)
        except Exception:
            log.warning("game %s: could not tell the other processes of a bot's turn; their poll finds it",
                        record.id, exc_info=True)

    async def _store_choice(self, loaded: LoadedGame, seat: Seat, option_id: str,
                            actor: Actor) -> tuple[LoadedGame, list[Event]]:
        """Apply and store one choice (failing cleanly if another choice landed first)."""
        record = loaded.record
        engine = engine_of(record)
        try:
            state, events = engine.apply(loaded.state, seat.seat, option_id)
        except IllegalAction as exc:
            raise Refusal(reason(exc)) from None
        try:
            choice = await self.storage.append_choice(
                record.id, loaded.seq + 1, seat.seat, option_id, state, user_id=actor.user_id or None, events=events
            )
        except GameMovedOn:
            raise Refusal(STALE) from None
        except WrongStatus as exc:
            raise Refusal(msg("The game can't take choices now ({status}).", status=status_name(exc.status))) from None
        # Stored: from here on nothing may answer "nothing was changed" (see follow_up.py).
        if engine.is_over(state):
            try:
                record = await retried(f"reading finished game {record.id}", lambda: self.storage.game(record.id))
            except Exception:
                log.exception("game %s: reading its finished record failed; posting the results anyway", record.id)
        return LoadedGame(record, state, choice.seq, choice.created_at), events

    @staticmethod
    def my_decisions(loaded: LoadedGame, user_id: int) -> list[Decision]:
        """The decisions waiting on any of the member's seats (both, in a solitaire game)."""
        mine = {s.seat for s in loaded.record.seats_of(user_id)}
        return [d for d in engine_of(loaded.record).pending(loaded.state) if d.player in mine]


# A reaction window asks a card or nothing (issue 27): its reminders come after this share of a
# turn's wait, so a window left open costs a quarter of the hours a turn does.
WINDOW_REMINDER_SHARE = 0.25


def reminder_hours(record: GameRecord, *, window: bool = False) -> float:
    """The wait between a member's reminders: the game's, or a share of it for a window."""
    return record.reminder_hours * (WINDOW_REMINDER_SHARE if window else 1)


def member_delay(record: GameRecord, *, window: bool = False) -> timedelta:
    """How long the schedule waits on a member before it acts: their first reminder (sooner for
    a reaction window), or a bot standing in for them if that comes first."""
    hours = min(reminder_hours(record, window=window), record.bot_takeover_hours or record.reminder_hours)
    return timedelta(hours=hours)


def _status_words(status: str) -> str:
    return {
        "lobby": msg("The game here has not started yet: join it from the lobby message."),
        "paused": msg("The game here is paused by a moderator."),
        "active": msg("The game here is already running."),
    }.get(status) or msg("The game here is over.")


def status_name(status: str) -> str:
    return {"lobby": msg("in the lobby"), "paused": msg("paused"), "active": msg("running"),
            "finished": msg("finished"), "abandoned": msg("abandoned")}.get(status) or status
