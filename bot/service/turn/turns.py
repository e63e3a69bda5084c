"""One message per turn (issue 12): the board, what happened and the prompt travel together.

A *turn message* is one classic Discord message: the account of what happened (text), the board
(an image attachment: the close-up of the last action when the game's drawing has one, with a
**Full board** button, else the whole board) and the prompt (its question as the last paragraph
of the text, its buttons below). Several players the game waits on at once share one message:
a paragraph and rows of buttons each (turn_prompts.py, shared_prompt.py). After a choice:
- while the message asks nobody new (the game waits on the chooser alone with the next step of
  the same action, or on players of the same shared message who have not answered yet), and no
  decision opens a new action (`opening_kinds`: Byzantium's "choose your action"; none in
  Warriors & Traders, whose player's turn is everything before the game waits on someone else),
  the message is edited in place: the answered question shrinks to one line ("✅ **Ann** chose
  **Take Jerusalem**."), what the choice did is added below it, the board is redrawn, and the
  questions and buttons of those still asked replace the old ones;
- players the game was already waiting on in another message keep it: only its buttons move to
  the new version, in place;
- everyone else the game waits on gets one new message (one per decision only when they do not
  fit together): what the choice did, the board, their prompts, each of them pinged;
- the chooser's message, when it asks nobody any more, closes: the answered question shrinks to
  one line and the buttons go. What the last choice did is told in the next new message (or, when
  nobody new is asked, on the closing message itself). The final scores are a post of their own,
  pinging every player.
A message goes on only while everything fits (2000 characters, 5 rows of buttons), and whether
it goes on depends only on public information. A private step goes on in place too (issue 27):
the answered question shrinks to "✅ **Bo** has chosen.", the public events follow, and the
next step's public post ("waiting on Bo", **Open my prompt**) replaces the old one; its private
prompt goes by DM to a player who asked for DMs (the publisher pings them in a short post of its
own when their DMs are closed, as an edit pings nobody). With boards in a thread, the boards go
there and the channel's messages carry no image. Start, undo, take-back, re-post and the like
post fresh messages (`turn_posts`); the older prompts lose their buttons.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import engine_of
from bot.service.follow_up import CHOICE_SAVED, POSTS_FAILED
from bot.service.posts import Attachment, MessageEdit, Outcome, Post
from bot.service.secrecy import hidden
from bot.service.turn.prompt import history_head
from bot.service.turn.specs import BUTTONS_PER_ROW, ROWS, ButtonSpec, SelectSpec, board_id
from bot.service.turn.turn_prompts import TurnPrompts
from bot.storage.records import LoadedGame, MessageRecord, Seat
from engine import Decision, Event, Option, get_game
from engine.text import lines, msg

log = logging.getLogger(__name__)

# The most choices one close-up tells (a march of many steps, a long maneuver).
ACTION_CHOICES = 40


def opening_kinds(game: str) -> frozenset[str]:
    """The decision kinds that open a new action of their player, so a new message (the game's
    `opening_kinds`: Byzantium's "choose your action"; none in Warriors & Traders)."""
    return get_game(game).opening_kinds


def seats_of(row: MessageRecord | None) -> set[str]:
    """The players a turn message asks (several when they decide at once: shared_prompt.py)."""
    return set(row.seat.split("\n")) if row is not None and row.seat else set()


BOARD_LABEL = msg("🗺️ Full board")


def choice_nonce_key(loaded: LoadedGame) -> str:
    """The nonce key of the posts of `loaded`'s last stored choice (see posts.prompt_nonces): the
    game and its history head, which no other choice (an undone branch included) repeats."""
    return f"{loaded.id}.{history_head(loaded)}"


@dataclasses.dataclass
class _Pictures:
    """The pictures of one change that are posted: the one for a turn message and the full
    board for a board thread (the same picture when the game's drawing has no close-up)."""

    turn: Attachment | None = None
    full: Attachment | None = None
    close_up: bool = False


class TurnPosts(TurnPrompts):
    # -- pictures ----------------------------------------------------------------------------------
    async def action_events(self, after: LoadedGame, mine: MessageRecord | None,
                            public: Sequence[Event]) -> list[Event]:
        """The public events of the action so far, for its close-up (issue 28): every choice
        since the first answered on the chooser's turn message `mine`, so a march shows its whole
        path, a battle its site and outcome, not only the last click ("Stop here"). Where the
        action began is kept per message in this process; after a restart the close-up starts
        again from the next choice."""
        starts: dict[int, int] = self.__dict__.setdefault("_action_starts", {})
        if mine is None:
            return list(public)
        start = starts.get(mine.message_id)
        if start is None or start > after.seq:  # the first answer on it (or an undo went back)
            starts[mine.message_id] = start = after.seq
        if start == after.seq:
            return list(public)
        first = max(start, after.seq - ACTION_CHOICES + 1)
        rows = await self.storage.choices(after.id, after=first - 1, limit=after.seq - first + 1)
        told = [e for row in rows for e in hidden.public_events(hidden.event_from_data(d) for d in row.events)]
        return told or list(public)

    def action_done(self, mine: MessageRecord | None) -> None:
        """`mine` closed: its action's start is forgotten."""
        if mine is not None:
            self.__dict__.get("_action_starts", {}).pop(mine.message_id, None)

    async def pictures(self, loaded: LoadedGame, events: Sequence[Event] = ()) -> _Pictures:
        """Only what will be posted, each drawn once per version (core.py's close_up_image and
        board_image): the close-up for the turn message, or the whole board when the game's
        drawing has no close-up; with boards in a thread, the whole board for the thread alone
        (the channel's messages carry no picture there)."""
        if self.renderer is None:
            return _Pictures()
        if self._threaded(loaded):
            return _Pictures(None, await self.board_image(loaded, events), False)
        close_up = await self.close_up_image(loaded, events)
        if close_up is not None:
            return _Pictures(close_up, None, True)
        board = await self.board_image(loaded, events)
        return _Pictures(board, board, False)

    @staticmethod
    def _threaded(loaded: LoadedGame) -> bool:
        record = loaded.record
        return record.boards_in_thread and record.parent_channel_id is None

    # -- fresh posts (start, undo, re-post ...) ------------------------------------------------------
    async def turn_posts(self, loaded: LoadedGame, events: Sequence[Event], header: str, *,
                         board: bool | None = None, here: int | None = None) -> list[Post]:
        """New messages for the game as it stands: the account (`header` and the public events),
        the board, and the prompts (or the final scores). `board=False`: no picture;
        None: a picture, and a board in the thread only when something visible happened."""
        over = engine_of(loaded.record).is_over(loaded.state)
        public = hidden.public_events(events)
        lines = text.account_lines(header, public)
        pictures = await self.pictures(loaded, public) if board is not False else _Pictures()
        news = await self.result_posts(loaded) if over else await self.prompt_posts(loaded, here=here)
        thread_board = board or (board is None and (bool(public) or over))
        return self._with_account(loaded, lines, pictures, news, thread_board=thread_board)

    def _with_account(self, loaded: LoadedGame, lines: list[str], pictures: _Pictures, news: list[Post],
                      *, thread_board: bool) -> list[Post]:
        """The account and the picture on the first of the new posts (or a post of their own),
        within Discord's limits: an account too long for one message goes in messages before."""
        posts: list[Post] = []
        image = pictures.turn
        if self._threaded(loaded):
            if thread_board and pictures.full is not None:
                # The whole account, not its first line alone ("bob chose 2 main army cubes." said
                # nothing of what for: issue 28), within one message.
                caption = (text.chunk_lines(lines) or [msg("Choice {choice}.", choice=loaded.seq)])[0]
                posts.append(Post(caption, (pictures.full,), where="board", kind="board", version=loaded.seq))
            image = None
        if not news:
            if lines or image is not None:
                chunks = text.chunk_lines(lines) or [msg("Choice {choice}.", choice=loaded.seq)]
                posts += [Post(c, kind="board", version=loaded.seq) for c in chunks[:-1]]
                posts.append(self._pictured(Post(chunks[-1], kind="board", version=loaded.seq), image,
                                            pictures.close_up, loaded.id))
            return posts
        first, rest = news[0], news[1:]
        earlier, account = text.split_account(lines, first.content)
        posts += [Post(c, kind="board", version=loaded.seq) for c in earlier]
        merged = dataclasses.replace(first, content=text.with_prompt(account, first.content),
                                     account=account if first.account is not None else None)
        posts.append(self._pictured(merged, image, pictures.close_up, loaded.id))
        return posts + rest

    @staticmethod
    def _pictured(post: Post, image: Attachment | None, close_up: bool, game_id: int) -> Post:
        """`post` with the picture, and the Full board button beside a close-up when it fits."""
        if image is None:
            return post
        components = post.components
        if close_up:
            components = _with_board_button(components, game_id)
        return dataclasses.replace(post, attachments=(image, *post.attachments), components=components)

    # -- after a choice --------------------------------------------------------------------------------
    async def after_change(self, loaded: LoadedGame, events: Sequence[Event], header: str,
                           *, board: bool | None = None, here: int | None = None) -> tuple[list[Post], list[str]]:
        """Fresh messages for the game (see `turn_posts`), and the reminders rescheduled.
        Returns the posts and the trouble to tell the member who acted (see follow_up.py).

        The change is already stored when this runs, so it never raises: a reminder schedule
        that cannot be written still leaves the board and prompts to post."""
        try:
            posts = await self.turn_posts(loaded, events, header, board=board, here=here)
        except Exception:
            log.exception("game %s: the posts after stored choice %s could not be built", loaded.id, loaded.seq)
            return [], [POSTS_FAILED]
        if engine_of(loaded.record).is_over(loaded.state):
            return posts, []
        return posts, await self.schedule_reminders(loaded)

    async def _apply_choice(self, loaded: LoadedGame, seat: Seat, decision: Decision, option: Option,
                            actor: Actor, *, header: str | None = None, answered: str | None = None,
                            clicked: int | None = None, earlier: Sequence[Event] = (),
                            posted: LoadedGame | None = None) -> Outcome:
        """Apply, store, then update the turn messages and post the new ones. What only the
        chooser learns (a card drawn) is told on their private prompt, or in a private answer
        when the prompt was public. `clicked`: the message the click came from, which is
        answered in place unless it is a turn message (those are changed by `edits`). `answered`:
        the line an answered prompt shrinks to, when not the player's own choice (a moderator's).
        `earlier`: the events of choices stored before this one and not posted yet, told with it;
        `posted`: the game as its live messages show it (before those choices)."""
        after, events = await self._store_choice(loaded, seat, option.id, actor)
        events = [*earlier, *events]  # a bot's run of choices stored before this one (bots.py)
        label = option.label or option.id
        header = header or text.chosen_header(seat.seat, label, decision.private)
        answered = answered or text.answered_line(seat.seat, label, decision.private)
        trouble: list[str] = []
        try:
            edits, posts = await self._after_choice(posted or loaded, after, events, header, answered, seat.seat,
                                                    private=decision.private, here=actor.user_id)
        except Exception:
            log.exception("game %s: the posts after stored choice %s could not be built", after.id, after.seq)
            edits, posts, trouble = [], [], [POSTS_FAILED]
        if not engine_of(after.record).is_over(after.state):
            trouble += await self.schedule_reminders(after)
        learnt = text.event_lines(hidden.private_events(events, seat.seat))
        reply = edit = None
        if decision.private and clicked is not None and await self._public_message(after.id, clicked):
            # A private decision answered from its public post (a window's Let it pass): that
            # message must never show the answer; what only the chooser learnt comes privately.
            reply = Post(lines([msg("🔒 Only you see this:"), *learnt])) if learnt else None
            return self.outcome(after.record, edits=edits, posts=posts, reply=reply, saved=CHOICE_SAVED,
                                trouble=trouble, nonce_key=choice_nonce_key(after),
                            delivers=after.seq)
        more: list[Post] = []
        if decision.private:  # the private prompt names the answer: only its player sees it
            named = text.answered_line(seat.seat, label, private=False)
            edit = Post(text.clip(lines([named, *learnt]), text.MESSAGE_LIMIT))
            # Their next private step comes at once, under the answered one (a DM comes instead
            # to a member who asked for DMs: _decision_posts).
            more = await self._next_private_pages(after, actor)
            reply, more = (more[0], more[1:]) if more else (None, [])
        elif learnt:
            reply = Post(lines([msg("🔒 Only you see this:"), *learnt]))
        if clicked is not None and any(e.message_id == clicked for e in edits):
            edit = None  # the turn message itself: changed by its edit
        elif edit is None:
            edit = Post(answered)  # a group's options, shown to the chooser alone
        return self.outcome(after.record, edit=edit, edits=edits, posts=posts, reply=reply, more_replies=more,
                            saved=CHOICE_SAVED, trouble=trouble, nonce_key=choice_nonce_key(after),
                            delivers=after.seq)

    async def _next_private_pages(self, after: LoadedGame, actor: Actor) -> list[Post]:
        """The private prompt of the actor's next private decision, if the game now waits on them
        privately and they take their prompts in the channel (not by DM)."""
        engine = engine_of(after.record)
        if engine.is_over(after.state) or not actor.user_id:
            return []
        seats = {s.seat: i for i, s in enumerate(after.record.seats) if s.user_id == actor.user_id and not s.bot}
        mine = [d for d in engine.pending(after.state) if d.private and d.player in seats]
        if not mine or await self.storage.ping_mode(actor.user_id) in ("dm", "both"):
            return []
        return await self.private_prompt_pages(after, mine[0], seats[mine[0].player])

    async def _public_message(self, game_id: int, message_id: int) -> bool:
        """Whether `message_id` is one of the game's turn messages in the channel (not a private
        prompt, ephemeral or by DM)."""
        return any(row.message_id == message_id for row in await self.storage.game_messages(game_id, "prompt"))

    async def live_turns(self, loaded: LoadedGame) -> dict[str, MessageRecord]:
        """The turn messages the players see now, by seat: prompts of the live version that carry
        an account (older prompts, and further pages of a long decision, have none)."""
        live = await self.posted_version(loaded)
        found: dict[str, MessageRecord] = {}
        for row in await self.storage.game_messages(loaded.id, "prompt"):
            if row.version == live and row.body is not None:
                for seat in seats_of(row):
                    found.setdefault(seat, row)
        return found

    async def _after_choice(self, before: LoadedGame, after: LoadedGame, events: Sequence[Event], header: str,
                            answered: str, chooser: str, *, private: bool,
                            here: int | None) -> tuple[list[MessageEdit], list[Post]]:
        engine = engine_of(after.record)
        public = hidden.public_events(events)
        over = engine.is_over(after.state)
        lines = text.event_lines(public)
        live = await self.live_turns(before)
        waiting: dict[str, list[Decision]] = {}
        for decision in ([] if over else engine.pending(after.state)):
            waiting.setdefault(decision.player, []).append(decision)
        pictures: _Pictures | None = None
        mine = live.get(chooser)
        action = await self.action_events(after, mine, public)

        async def drawn() -> _Pictures:
            nonlocal pictures
            if pictures is None:
                pictures = await self.pictures(after, action)
            return pictures

        def simple(players) -> bool:  # one public decision each: a message can go on with them
            return all(len(waiting[p]) == 1 and not waiting[p][0].private for p in players)

        def alone(players) -> bool:  # one player's one decision, public or private (its public post)
            return len(players) == 1 and all(len(waiting[p]) == 1 for p in players)

        edits: list[MessageEdit] = []
        placed = False  # whether what this choice did is told somewhere yet
        done: set[str] = set()
        in_mine = seats_of(mine)
        opens = any(ds[0].kind in opening_kinds(after.record.game) for ds in waiting.values())
        # The chooser's message goes on while it asks nobody new: the chooser's next step (a
        # private one too: its public post, as a fresh post would show it), or the players asked
        # with them who have not answered yet. Whether a decision is private and whom it waits on
        # is public, so whether the message goes on tells nothing.
        if mine is not None and waiting and set(waiting) <= in_mine and (simple(waiting) or alone(waiting)) \
                and not opens:
            body = text.join_lines(mine.body, [answered, *lines])
            edit = await self._in_place(after, mine, [ds[0] for ds in waiting.values()], body, here,
                                        await drawn() if action else None)
            if edit is not None:
                edits.append(edit)
                placed = True
                done |= set(waiting)
        # Players asked in other messages keep them; their buttons move to this version. A chooser
        # with no message of their own (a bot's seat) has their answer told on the first of them.
        for row in {r.message_id: r for r in live.values()}.values():
            # In the game's order (a set's order changes from one process to the next).
            still = [p for p in waiting if p in seats_of(row) and p not in done]
            if row is mine or not still or not simple(still):
                continue
            tells = mine is None and not placed
            body = text.join_lines(row.body, [answered, *lines]) if tells else row.body
            edit = await self._in_place(after, row, [waiting[p][0] for p in still], body, here,
                                        await drawn() if tells and public else None)
            if edit is not None:
                edits.append(edit)
                done |= set(still)
                placed = placed or tells
        # Everyone else the game waits on: one new message (several players at once, each with
        # their own buttons), or one per decision when they do not fit together.
        asked = [d for p, ds in waiting.items() if p not in done for d in ds]
        news: list[Post] = []
        shared = await self._asking(after, asked, here=here, quiet=in_mine) if len(asked) > 1 else None
        for decision in [] if shared is not None else asked:
            news += await self._decision_posts(after, decision, here=here)
        news = [shared] if shared is not None else news
        closes = mine is not None and all(e.message_id != mine.message_id for e in edits)
        results = await self.result_posts(after) if over else []
        # The final scores are a post of their own: it pings every player (an edit notifies nobody,
        # and after days of play-by-post the end of the game is news everyone must get).
        news = results + news
        posts: list[Post] = []
        if news:
            account = [] if placed else [header, *lines]
            posts = self._with_account(after, account, await drawn(), news, thread_board=bool(public) or over)
            placed = True
        # The chooser's message closes: the answer in one line (with what it did if untold).
        if closes:
            self.action_done(mine)
            told = [] if placed else lines
            shown = told and public
            image = (await drawn()).turn if shown and not self._threaded(after) else None
            body = text.clip(text.join_lines(mine.body, [answered, *told]), text.MESSAGE_LIMIT)
            attachments = (image,) if image is not None else ()
            edits.append(MessageEdit(mine.message_id, mine.channel_id,
                                     Post(body, attachments, kind="closed", version=after.seq)))
            if shown and self._threaded(after) and (await drawn()).full is not None:
                caption = (text.chunk_lines([header, *lines]) or [header])[0]  # what the choice did, too
                posts.append(Post(caption, ((await drawn()).full,), where="board", kind="board", version=after.seq))
            placed = True
        if not placed and (public or over):
            # No message of the chooser's to tell it on (a typed choice after a restart ...).
            posts = self._with_account(after, [header, *lines], await drawn(), [], thread_board=True) + posts
        return edits, posts

    async def unfinished(self, loaded: LoadedGame, prompts: Sequence[MessageRecord],
                         live: int) -> tuple[list[MessageEdit], list[Post], list[MessageRecord]]:
        """For a restart: what the delivery of `loaded`'s last choice still lacks when a crash cut
        it short after some of its messages were changed (so some prompts of version `live` or
        later are noted; `prompts` are the game's). Every player the game waits on that no such
        prompt asks gets their older turn message changed in place to the question (as the
        choice's own edit would: same account, same buttons; applying it twice shows the same),
        else a new prompt (its nonce the same as the choice's own post: posts.prompt_nonces).
        Returns (edits, posts, prompts of older versions to retire once they are out)."""
        engine = engine_of(loaded.record)
        waiting: dict[str, list[Decision]] = {}
        for decision in [] if engine.is_over(loaded.state) else engine.pending(loaded.state):
            waiting.setdefault(decision.player, []).append(decision)
        current = [r for r in prompts if r.version is not None and live <= r.version <= loaded.seq]
        done: set[str] = set().union(*(seats_of(r) for r in current))
        older = [r for r in prompts if r.version is not None and r.version < live]
        edits: list[MessageEdit] = []
        for row in sorted(older, key=lambda r: (r.version, r.message_id), reverse=True):  # newest first
            still = [p for p in waiting if p in seats_of(row) and p not in done]
            if row.body is None or not still or any(len(waiting[p]) != 1 for p in still) \
                    or (len(still) > 1 and any(waiting[p][0].private for p in still)):
                continue
            edit = await self._in_place(loaded, row, [waiting[p][0] for p in still], row.body, None, None)
            if edit is not None:  # a private prompt is not DM'd again: Open my prompt shows it
                edits.append(dataclasses.replace(edit, post=dataclasses.replace(edit.post, dm_to=(), dm_prompt=())))
                done |= set(still)
        posts: list[Post] = []
        for player, decisions in waiting.items():
            for decision in [] if player in done else decisions:
                posts += await self._decision_posts(loaded, decision, here=None)
        edited = {e.message_id for e in edits}
        return edits, posts, [r for r in older if r.message_id not in edited]

    async def went_on_in_place(self, loaded: LoadedGame, prompts: Sequence[MessageRecord]) -> MessageEdit | None:
        """For a re-post at start-up: the turn message among `prompts` (the game's, all older than
        its stored choices) that the last choice may have changed in place before the process
        stopped, noting it too late: the newest one asking every player the game now waits on,
        with what it would show now. Its post holds the question alone (the account above it is
        read back from Discord, `account` holding the old one to fall back on); None when no
        message could have gone on. See Publisher.shown_in_place."""
        engine = engine_of(loaded.record)
        waiting: dict[str, Decision] = {}
        for decision in [] if engine.is_over(loaded.state) else engine.pending(loaded.state):
            waiting.setdefault(decision.player, decision)
        rows = [r for r in prompts if r.body is not None and r.version is not None and waiting
                and set(waiting) <= seats_of(r)]
        if not rows:
            return None
        row = max(rows, key=lambda r: (r.version, r.message_id))
        edit = await self._in_place(loaded, row, list(waiting.values()), "", None, None)
        if edit is None:
            return None
        return dataclasses.replace(edit, post=dataclasses.replace(edit.post, account=row.body))

    async def _in_place(self, after: LoadedGame, row: MessageRecord, decisions: Sequence[Decision], body: str,
                        here: int | None, pictures: _Pictures | None) -> MessageEdit | None:
        """`row`'s message showing `body` above the prompt of `decisions` (one player's, or several
        players' at once), or None when that does not fit one message (the caller then posts anew)."""
        if len(decisions) == 1 and decisions[0].private:
            # A private step: its public post, and its private prompt by DM to a player who wants
            # it so (`dm_prompt`, sent before the edit; the publisher pings one it cannot reach).
            [prompt] = await self._decision_posts(after, decisions[0], here=here)
            keep = {"dm_to": prompt.dm_to, "dm_prompt": prompt.dm_prompt}
        else:
            prompt = await self._asking(after, decisions, here=here, notify=False)
            keep = {"dm_to": (), "dm_prompt": ()}
        if prompt is None:
            return None
        content = text.with_prompt(body, prompt.content)
        if len(content) > text.MESSAGE_LIMIT:
            return None
        post = dataclasses.replace(prompt, content=content, account=body, mentions=(), **keep)
        if pictures is not None and pictures.turn is not None and not self._threaded(after):
            post = self._pictured(post, pictures.turn, pictures.close_up, after.id)
        elif self.renderer is not None and self.renderer.has_close_up(after.record.game) \
                and not self._threaded(after):
            # The message keeps its close-up, so it keeps the button beside it.
            post = dataclasses.replace(post, components=_with_board_button(post.components, after.id))
        return MessageEdit(row.message_id, row.channel_id, post)


def _with_board_button(components: tuple[ButtonSpec | SelectSpec, ...], game_id: int) -> tuple:
    """The Full board button after the prompt's components, if a row has room for it."""
    button = ButtonSpec(board_id(game_id), BOARD_LABEL, 0, "secondary")
    rows: dict[int, int] = {}
    for spec in components:
        rows[spec.row] = rows.get(spec.row, 0) + (BUTTONS_PER_ROW if isinstance(spec, SelectSpec) else 1)
    last = max(rows, default=-1)
    if last >= 0 and rows[last] < BUTTONS_PER_ROW:
        return (*components, dataclasses.replace(button, row=last))
    if last + 1 < ROWS:
        return (*components, dataclasses.replace(button, row=last + 1))
    return components
