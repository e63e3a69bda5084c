"""The service's shared machinery: per-game locks, loading with guild checks, and the posts
that follow every change (board with the account of events, then the prompts or results).

Holds no Discord objects: it speaks in Actors, storage records and `Post`s.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from bot.service import hidden, private_prompt, tapes, text
from bot.service.actor import Actor
from bot.service.follow_up import CHOICE_SAVED, POSTS_FAILED, REMINDERS_FAILED, retried
from bot.service.posts import Attachment, Outcome, Post, Refusal
from bot.service.prompt import build_prompt, history_head
from bot.service.render_pool import RenderPool
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
from engine import Decision, Event, IllegalAction, Option, game_names, get_game
from engine.core import Game

log = logging.getLogger(__name__)


def utcnow() -> datetime:
    return datetime.now(UTC)


OTHER_CHANNEL = "That button belongs to a game in another channel; nothing was changed."
STALE = "That prompt is out of date: the game has moved on. Please use the latest prompt."


def engine_of(record: GameRecord) -> Game:
    return get_game(record.game)


def game_title(name: str) -> str:
    """A game's title; a game this bot no longer offers (an old result row) keeps its name."""
    return get_game(name).title if name in game_names() else name


def seat_map(record: GameRecord) -> dict[str, int]:
    """Engine seat name -> Discord user id (seats whose member is gone are left out)."""
    return {s.seat: s.user_id for s in record.seats if s.user_id}


def events_from_json(rows: Sequence[dict]) -> list[Event]:
    """Stored events, each with its audience (`private_to`)."""
    return [hidden.event_from_data(r) for r in rows]


class ServiceCore:
    def __init__(self, storage: Storage, renderer: RenderPool | None = None,
                 clock: Callable[[], datetime] = utcnow):
        self.storage = storage
        self.renderer = renderer
        self.clock = clock

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
            # The details (a pydantic report, a rules message) are for the operator's log; the
            # players get a plain sentence with the step to quote to a moderator.
            log.error("game %s cannot be loaded: %s", game_id, exc)
            where = f"at step {exc.step}" if isinstance(exc, CorruptGame) else "its rules are no longer here"
            raise Refusal(f"This game's saved history does not replay ({where}). Nothing was changed; "
                          "a moderator can `/mod export` or `/mod abandon` it.") from None

    async def channel_record(self, actor: Actor, *, states: tuple[str, ...] = ("active", "paused")) -> GameRecord:
        """The record of the actor's channel's open game (nothing replayed), or Refusal with the
        reason: for requests that load the game themselves, under its lock."""
        record = await self.storage.channel_game(actor.channel_id)
        if record is None:
            raise Refusal("There is no game in this channel. Start one with `/game new`.")
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
        try:
            record = await self.storage.game(game_id)
        except GameNotFound:
            raise Refusal("That game no longer exists.") from None
        if from_dm and actor.guild_id is None and record.seat_of(actor.user_id) is not None:
            return await self.load(game_id)
        self.check_guild(record, actor)
        if record.channel_id != actor.channel_id:
            raise Refusal(OTHER_CHANNEL)
        return await self.load(game_id)

    @staticmethod
    def check_guild(record: GameRecord, actor: Actor) -> None:
        if actor.guild_id is None or record.guild_id != actor.guild_id:
            raise Refusal("That game belongs to another server.")

    @staticmethod
    def require_moderator(actor: Actor) -> None:
        if not actor.is_moderator:
            raise Refusal("Only moderators (Manage Channels permission or the moderator role) can do that.")

    # -- preferences leave prompts valid ---------------------------------------------------------
    async def still_valid(self, loaded: LoadedGame, version: int, head: str | None) -> bool:
        """Whether a prompt posted for `version` (history head `head`) still stands although the
        game is further on: every choice since was a quiet preference (a standing order set
        while nothing it settles waited), so the game waits on exactly what it did then."""
        if head is None or not 0 <= version < loaded.seq:
            return False
        rows = await self.storage.choices(loaded.id, after=max(version - 1, 0))
        since = [c for c in rows if c.seq > version]
        if not since or not all(hidden.is_quiet_preference(c.option_id, c.events) for c in since):
            return False
        at = next((c.created_at for c in rows if c.seq == version), None) if version else None
        return history_head(LoadedGame(loaded.record, None, version, at)) == head

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
        """(seq, time) of the last choice that was not a quiet preference (0 and None: none)."""
        if not loaded.seq:
            return 0, None
        rows = await self.storage.last_choices(loaded.id, 50)
        for choice in reversed(rows):
            if not hidden.is_quiet_preference(choice.option_id, choice.events):
                return choice.seq, choice.created_at
        return (rows[0].seq - 1, None) if rows and rows[0].seq > 1 else (0, None)

    # -- messages ----------------------------------------------------------------------------
    async def record_message(self, game_id: int, channel_id: int, message_id: int, kind: str,
                             version: int | None) -> None:
        """Note a posted message (retried: the message is out, whatever the database says)."""
        await retried(f"recording message {message_id} of game {game_id}",
                      lambda: self.storage.record_message(game_id, channel_id, message_id, kind, version))
        if kind == "lobby":
            await retried(f"recording the lobby message of game {game_id}",
                          lambda: self.storage.update_settings(game_id, lobby_message_id=message_id))

    async def stale_prompts(self, game_id: int, version: int | None) -> list:
        """Prompt messages of the game (in the channel, and private prompts sent by DM) for any
        version other than `version` (None: all of them)."""
        prompts = [*await self.storage.game_messages(game_id, "prompt"),
                   *await self.storage.game_messages(game_id, "dm_prompt")]
        return [m for m in prompts if m.version != version]

    async def forget_prompt(self, message_id: int) -> None:
        await retried(f"forgetting prompt {message_id}", lambda: self.storage.forget_message(message_id))

    async def set_board_thread(self, game_id: int, thread_id: int) -> None:
        await retried(f"recording the board thread of game {game_id}",
                      lambda: self.storage.update_settings(game_id, board_thread_id=thread_id))

    def outcome(self, record: GameRecord, **fields) -> Outcome:
        """An Outcome aimed at the game's channel and board thread."""
        out = Outcome(game_id=record.id, channel_id=record.channel_id,
                      board_thread_id=record.board_thread_id, **fields)
        if record.boards_in_thread and record.board_thread_id is None and record.parent_channel_id is None:
            out.wants_board_thread = f"{engine_of(record).title} boards"
        return out

    # -- the posts after a change ---------------------------------------------------------------
    async def board_image(self, loaded: LoadedGame, events: Sequence[Event] = ()) -> Attachment | None:
        if self.renderer is None:
            return None
        # Drawn from public information only: the public view of a game with secrets, and
        # the public events for the highlight.
        engine = engine_of(loaded.record)
        png = await self.renderer.board(loaded.record.game, hidden.board_input(engine, loaded.state),
                                        hidden.public_events(events))
        if png is None:
            return None
        return Attachment(f"{loaded.record.game}-{loaded.id}-v{loaded.seq}.png", png)

    async def board_posts(self, loaded: LoadedGame, events: Sequence[Event], header: str) -> list[Post]:
        """The board PNG with the account of what happened (split over messages if long); only
        the public events are told."""
        events = hidden.public_events(events)
        image = await self.board_image(loaded, events)
        chunks = text.account(header, events)
        posts = []
        for i, chunk in enumerate(chunks):
            attachments = (image,) if i == 0 and image is not None else ()
            posts.append(Post(chunk, attachments, where="board", kind="board", version=loaded.seq))
        return posts

    async def prompt_posts(self, loaded: LoadedGame, *, here: int | None = None) -> list[Post]:
        """One prompt per pending decision (a large decision may take several messages).

        Each player is notified as they chose with `/settings ping`: a ping in the channel, a
        DM, or both; `here` is the member who just acted, who needs no notification at all.
        """
        record = loaded.record
        seats = seat_map(record)
        head = history_head(loaded)
        posts = []
        for decision in engine_of(record).pending(loaded.state):
            user_id = seats.get(decision.player)
            mode = await self.storage.ping_mode(user_id) if user_id and user_id != here else None
            index = next((i for i, s in enumerate(record.seats) if s.seat == decision.player), 0)
            if decision.private:
                posts.append(await self._private_prompt_post(loaded, decision, index, user_id, mode, head))
                continue
            pages = build_prompt(record.id, loaded.seq, decision, index, head=head)
            for number, page in enumerate(pages):
                first = number == 0
                posts.append(Post(
                    text.prompt_text(decision, user_id, part=page.part), components=page.components,
                    mentions=(user_id,) if first and mode in ("channel", "both") else (),
                    dm_to=(user_id,) if first and mode in ("dm", "both") else (),
                    kind="prompt", version=loaded.seq,
                ))
        return posts

    async def _private_prompt_post(self, loaded: LoadedGame, decision: Decision, index: int, user_id: int | None,
                                   mode: str | None, head: str) -> Post:
        """The public "waiting on X" post of a private decision. With `/settings ping` dm or
        both, the private prompt itself goes by DM first; if the DM cannot be delivered the
        publisher pings the player in the channel instead (see `Post.dm_prompt`)."""
        post = private_prompt.waiting_post(loaded, decision, index, user_id)
        ping = (user_id,) if mode in ("channel", "both") else ()
        dm: tuple[Post, ...] = ()
        if user_id and mode in ("dm", "both"):
            dm = tuple(await self.private_prompt_pages(loaded, decision, index, head=head))
        return dataclasses.replace(post, mentions=ping, dm_to=(user_id,) if dm else (), dm_prompt=dm)

    async def private_prompt_pages(self, loaded: LoadedGame, decision: Decision, index: int,
                                   *, head: str | None = None) -> list[Post]:
        """The private prompt of `decision` for its player (ephemeral answer or DM)."""
        recent = await self.storage.last_choices(loaded.id, private_prompt.RECAP_CHOICES)
        learnt = private_prompt.recap(recent, decision.player)
        return private_prompt.private_pages(engine_of(loaded.record), loaded, decision, index,
                                            head=head or history_head(loaded), learnt=learnt,
                                            channel_id=loaded.record.channel_id)

    async def result_posts(self, loaded: LoadedGame) -> list[Post]:
        """The final scores, the first message carrying the chart of every player's score over
        the game (replayed from the stored choices in the render pool)."""
        record = loaded.record
        engine = engine_of(record)
        lines = text.result_lines(engine.title, engine.result(loaded.state), seat_map(record))
        user_ids = tuple(s.user_id for s in record.seats if s.user_id)
        chart = await tapes.score_chart(self.storage, self.renderer, record)
        return [Post(chunk, (chart,) if chart is not None and i == 0 else (), mentions=user_ids, kind="result",
                     version=loaded.seq) for i, chunk in enumerate(text.chunk_lines(lines))]

    async def after_change(self, loaded: LoadedGame, events: Sequence[Event], header: str,
                           *, board: bool | None = None, here: int | None = None) -> tuple[list[Post], list[str]]:
        """Board and account, then results (game over) or the prompts; reminders rescheduled.
        Returns the posts and the trouble to tell the member who acted (see follow_up.py).

        The change is already stored when this runs, so it never raises: a reminder schedule
        that cannot be written still leaves the board and prompts to post.

        A choice that changed nothing visible (no events: "move this army", then the real move
        is the next decision) gets no board, to keep the channel readable; `board=True` forces one
        (start, undo, take-back).
        """
        try:
            over = engine_of(loaded.record).is_over(loaded.state)
            posts = []
            if board or (board is None and (hidden.public_events(events) or over)):
                posts = await self.board_posts(loaded, events, header)
            if over:
                posts.extend(await self.result_posts(loaded))
                return posts, []
            posts.extend(await self.prompt_posts(loaded, here=here))
        except Exception:
            log.exception("game %s: the posts after stored choice %s could not be built", loaded.id, loaded.seq)
            return [], [POSTS_FAILED]
        return posts, await self.schedule_reminders(loaded)

    async def schedule_reminders(self, loaded: LoadedGame) -> list[str]:
        """The game now waits on the pending players: each gets a fresh reminder schedule.
        Returns the trouble to report if the schedule could not be written (it is logged)."""
        record = loaded.record
        due: dict[str, datetime] = {}
        if record.status == "active":
            at = self.clock() + timedelta(hours=record.reminder_hours)
            due = {player: at for player in sorted({d.player for d in engine_of(record).pending(loaded.state)})}
        try:
            # One transaction: the old schedule never lingers beside the new one.
            await retried(f"rescheduling the reminders of game {record.id}",
                          lambda: self.storage.replace_reminders(record.id, due))
        except Exception:
            log.exception("game %s: reminders not rescheduled after choice %s", record.id, loaded.seq)
            return [REMINDERS_FAILED]
        return []

    async def _store_choice(self, loaded: LoadedGame, seat: Seat, option_id: str,
                            actor: Actor) -> tuple[LoadedGame, list[Event]]:
        """Apply and store one choice (failing cleanly if another choice landed first)."""
        record = loaded.record
        engine = engine_of(record)
        try:
            state, events = engine.apply(loaded.state, seat.seat, option_id)
        except IllegalAction as exc:
            raise Refusal(str(exc)) from None
        try:
            choice = await self.storage.append_choice(
                record.id, loaded.seq + 1, seat.seat, option_id, state, user_id=actor.user_id, events=events
            )
        except GameMovedOn:
            raise Refusal(STALE) from None
        except WrongStatus as exc:
            raise Refusal(f"The game can't take choices now ({exc.status}).") from None
        # Stored: from here on nothing may answer "nothing was changed" (see follow_up.py).
        if engine.is_over(state):
            try:
                record = await retried(f"reading finished game {record.id}", lambda: self.storage.game(record.id))
            except Exception:
                log.exception("game %s: reading its finished record failed; posting the results anyway", record.id)
        return LoadedGame(record, state, choice.seq, choice.created_at), events

    async def _apply_choice(self, loaded: LoadedGame, seat: Seat, decision: Decision, option: Option,
                            actor: Actor, *, header: str | None = None) -> Outcome:
        """Apply, store, then build the posts. What only the chooser learns (a card drawn) is
        told on their private prompt, or in a private answer when the prompt was public."""
        after, events = await self._store_choice(loaded, seat, option.id, actor)
        label = option.label or option.id
        header = header or text.chosen_header(seat.seat, label, decision.private)
        posts, trouble = await self.after_change(after, events, header, here=actor.user_id)
        who = text.mention(seat.user_id, seat.seat)
        learnt = text.event_lines(hidden.private_events(events, seat.seat))
        answered = f"{who}: {decision.prompt}\n✅ **{text.clip(label, 200)}**"
        reply = None
        if decision.private:
            answered = "\n".join([answered, *learnt])
        elif learnt:
            reply = Post("\n".join(["🔒 Only you see this:", *learnt]))
        return self.outcome(after.record, edit=Post(text.clip(answered, text.MESSAGE_LIMIT)), posts=posts,
                            reply=reply, saved=CHOICE_SAVED, trouble=trouble)

    @staticmethod
    def my_decisions(loaded: LoadedGame, user_id: int) -> list[Decision]:
        """The decisions waiting on any of the member's seats (both, in a solitaire game)."""
        mine = {s.seat for s in loaded.record.seats_of(user_id)}
        return [d for d in engine_of(loaded.record).pending(loaded.state) if d.player in mine]


def _status_words(status: str) -> str:
    return {
        "lobby": "The game here has not started yet: join it from the lobby message.",
        "paused": "The game here is paused by a moderator.",
        "active": "The game here is already running.",
    }.get(status, "The game here is over.")
