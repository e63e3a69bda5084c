"""Reading the game (status, map, log, help), statistics and per-user settings."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from bot.service import text
from bot.service.actor import Actor
from bot.service.bot_players.takeover import takeover_line
from bot.service.core import Refusal, engine_of, events_from_json, game_title, seat_map, status_name
from bot.service.posts import Outcome, Post, reason
from bot.service.secrecy import hidden
from bot.service.secrecy.private import settings_lines
from bot.service.slash import slash
from bot.service.stats import pace
from bot.service.turn.turns import TurnPosts, choice_nonce_key
from bot.storage import replay as rp
from bot.storage.records import standings_of
from engine import game_names
from engine.core import PREF_PREFIX
from engine.text import layout, msg
from engine.text import lines as one_per_line

PING_MODES = {"channel": msg("You will be told of your turns and reminded in the game's channel."),
              "dm": msg("You will be told of your turns and reminded by direct message."),
              "both": msg("You will be told of your turns and reminded in the channel and by DM.")}
LOG_MAX = 50
log = logging.getLogger(__name__)


class ReadActions(TurnPosts):
    async def status(self, actor: Actor) -> Outcome:
        try:
            loaded = await self.channel_game(actor, states=("active", "paused", "lobby"))
        except Refusal as why:
            finished = await self.finished_status(actor)
            return finished or Outcome.refuse(reason(why))
        record = loaded.record
        engine = engine_of(record)
        if loaded.state is None:
            seats = ", ".join(s.seat for s in record.seats)
            return Outcome.say(msg("**{game}** lobby: {count} seated ({players}).", game=engine.title,
                                   count=len(record.seats), players=seats), record.id)
        body = text.status_text(
            engine.title, engine.view(loaded.state, None), engine.pending(loaded.state), seat_map(record),
            since=await self.waiting_since(loaded),
            status=msg("game #{game}, {status}, choice {choice}", game=record.id, status=status_name(record.status),
                       choice=loaded.seq),
        )
        seat = record.seat_of(actor.user_id)  # the answer is private: the reader's own settings
        mine = settings_lines(engine, loaded.state, seat.seat) if seat is not None else []
        away = await self.storage.away_until([s.user_id for s in record.seats if s.user_id], self.clock())
        mine = [line for line in (takeover_line(record), *away_lines(record, away),
                                  pace.seat_medians(record, await self.storage.game_answer_times(record.id)))
                if line] + mine
        if mine and len(body) + sum(len(line) + 1 for line in mine) < text.MESSAGE_LIMIT:
            body = one_per_line([body, *mine])
        return Outcome.say(body, record.id)

    async def finished_status(self, actor: Actor) -> Outcome | None:
        """`/game status` where no game is open but the last one finished: its final scores."""
        record = await self.storage.last_channel_game(actor.channel_id)
        if record is None or record.status != "finished" or record.guild_id != actor.guild_id:
            return None
        rows = await self.storage.results(record.id)
        standings = standings_of(rows)  # a team's rows (cooperative play) as one again
        lines = text.result_lines(game_title(record.game), standings, seat_map(record),
                                  [s.seat for s in record.seats if s.bot or s.bot_played])
        if rows and rows[0].finished_at:
            lines.insert(1, msg("(game #{game}, finished {when}; start the next one with {command})", game=record.id,
                                when=text.relative_time(rows[0].finished_at), command=slash("game new")))
        else:
            lines.insert(1, msg("(game #{game}, finished; start the next one with {command})", game=record.id,
                                command=slash("game new")))
        return Outcome.say(text.chunk_lines(lines)[0], record.id)

    async def board(self, actor: Actor, public: bool = False) -> Outcome:
        try:
            loaded = await self.channel_game(actor)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        image = await self.board_image(loaded)
        caption = msg("Board of game #{game} after choice {choice}.", game=loaded.id, choice=loaded.seq)
        if image is None:
            caption = msg("Board of game #{game} after choice {choice}. (This game has no board drawing; "
                          "{command} tells where it stands.)", game=loaded.id, choice=loaded.seq,
                          command=slash("game status"))
        post = Post(caption, (image,) if image else (), kind="board", version=loaded.seq)
        if public:
            return self.outcome(loaded.record, reply=Post(msg("Posted.")), posts=[post])
        return Outcome(reply=post, game_id=loaded.id)

    async def repost(self, actor: Actor) -> Outcome:
        """The board and the current prompts again (after a Discord hiccup, or when the prompt
        scrolled far away); the older prompts lose their buttons."""
        try:
            loaded = await self.channel_game(actor, states=("active",))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        if loaded.record.seat_of(actor.user_id) is None and not actor.is_moderator:
            return Outcome.refuse(msg("Only the players and moderators can re-post this game's prompts."), loaded.id)
        header = msg("📌 The game so far (choice {choice}), re-posted for {member}.", choice=loaded.seq,
                     member=f"<@{actor.user_id}>")
        posts = await self.turn_posts(loaded, [], header, board=True, here=actor.user_id)
        return self.outcome(loaded.record, reply=Post(msg("Re-posted.")), posts=posts, retire_games=[loaded.id])

    async def unposted(self, before: datetime) -> list[Outcome]:
        """Games whose latest choice was stored but whose prompt never went out (the process
        stopped in between): their board and prompts, to post again at start-up.

        Only games last changed `before` this process started: a choice made since is still
        being posted by this process (a slow or rate-limited post is not a lost one).
        """
        outcomes = []
        for record in await self.storage.list_games(None, statuses=["active"]):
            try:
                loaded = await self.load(record.id)
            except Refusal:
                continue  # reported by load(); a moderator has to look at it
            if loaded.waiting_since is None or loaded.waiting_since >= before:
                continue
            prompts = await self.storage.game_messages(record.id, "prompt")
            live = await self.posted_version(loaded)  # a quiet preference posts no prompt
            if engine_of(record).is_over(loaded.state) or _only_bots_waited_on(loaded):
                continue
            if any(m.version is not None and live <= m.version <= loaded.seq for m in prompts):
                # Some of its prompts are out. Not marked delivered: the stop came between the
                # choice's edits and posts, so the rest of them go out now (never twice).
                if loaded.seq and await self.storage.delivered(record.id, loaded.seq) is False:
                    outcomes.append(await self._finishing(loaded, prompts, live))
                continue
            header = msg("📌 Back online: the game so far (choice {choice}).", choice=loaded.seq)
            posts = await self.turn_posts(loaded, [], header, board=True)
            # The same nonces as the choice's first posting: a prompt that went out just before
            # the crash (and was never noted) is returned by Discord, not posted twice.
            # A turn message changed in place just before the crash (never noted) is read back
            # first: then nothing is posted twice either (Publisher.shown_in_place).
            outcomes.append(self.outcome(loaded.record, posts=posts, nonce_key=choice_nonce_key(loaded),
                                         in_place=await self.went_on_in_place(loaded, prompts),
                                         delivers=loaded.seq or None))
        return outcomes

    async def finish_delivery(self, game_id: int) -> Outcome | None:
        """After a turn message was read back at start-up (Publisher.shown_in_place): the rest of
        the choice's delivery, which the stop may have cut short too (other players' messages);
        None when the game has nothing of it left to finish."""
        try:
            loaded = await self.load(game_id)
        except Refusal:
            return None
        if not loaded.seq or await self.storage.delivered(game_id, loaded.seq) is not False:
            return None
        prompts = await self.storage.game_messages(game_id, "prompt")
        return await self._finishing(loaded, prompts, await self.posted_version(loaded))

    async def _finishing(self, loaded, prompts, live: int) -> Outcome:
        """The rest of the delivery of `loaded`'s last choice (TurnPosts.unfinished), marked
        delivered once out, even when nothing was left but the mark."""
        edits, posts, outdated = await self.unfinished(loaded, prompts, live)
        return self.outcome(loaded.record, edits=edits, posts=posts, outdated=outdated,
                            nonce_key=choice_nonce_key(loaded), delivers=loaded.seq)

    async def log(self, actor: Actor, n: int = 10) -> Outcome:
        try:
            loaded = await self.channel_game(actor, states=("active", "paused"))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        n = max(1, min(n, LOG_MAX))
        lines = []
        seat = loaded.record.seat_of(actor.user_id)
        me = seat.seat if seat else None
        engine = engine_of(loaded.record)
        secretive = hidden.has_secrets(engine)
        choices = await self.storage.last_choices(loaded.id, n)
        labels = await self._choice_labels(loaded, choices)
        for choice, label in zip(choices, labels, strict=True):
            mine = choice.player == me
            if hidden.is_preference(choice.option_id) and not mine:
                continue  # another player's standing order is theirs alone
            # Which option a player took in a game with secrets may be a secret too: the
            # public events tell what everyone may know of it.
            if mine or not secretive:
                lines.append(layout("**#{seq}** {player}: {choice}", seq=choice.seq, player=choice.player,
                                    choice=label))
            else:
                lines.append(f"**#{choice.seq}** {choice.player}")
            lines.extend(text.event_lines(hidden.events_for(events_from_json(choice.events), me)))
        if not lines:
            return Outcome.say(msg("No choices yet."), loaded.id)
        # Keep the newest lines that fit one message: the end of the log is what readers want.
        kept, size = [], 0
        for line in reversed(lines):
            if size + len(line) + 1 > text.MESSAGE_LIMIT - 40:
                kept.append(msg("… (earlier events cut; ask for fewer choices)"))
                break
            kept.append(line)
            size += len(line) + 1
        return Outcome.say(one_per_line(list(reversed(kept))), loaded.id)

    async def _choice_labels(self, loaded, choices) -> list:
        """What each choice read on its button ("Discard 1 Spies"), not its option id: the game
        replayed from the snapshot before the first of them (in a thread: engine work). A
        choice the replay cannot name (a standing order, a game that no longer replays) keeps
        its id."""
        if not choices:
            return []
        record = loaded.record
        try:
            start, snapshot, tail = await self.storage.replay_rows(loaded.id, choices[0].seq - 1)
            return await asyncio.to_thread(_labels, engine_of(record), record, start, snapshot, tail, choices)
        except Exception:  # a log without labels still tells everything else
            log.exception("game %s: the labels of its last choices could not be worked out", loaded.id)
            return [f"`{c.option_id}`" for c in choices]

    async def help(self, actor: Actor) -> Outcome:
        record = await self.storage.channel_game(actor.channel_id) if actor.channel_id else None
        if record is None or record.status not in ("active", "paused"):
            games = ", ".join(f"{n} ({game_title(n)})" for n in game_names())
            return Outcome.say(one_per_line([
                msg("Start a game here with {command}; others click Join, the host clicks Start.",
                    command=slash("game new", game="")),
                msg("Games: {games}", games=games)]))
        loaded = await self.load(record.id)
        engine = engine_of(record)
        mine = self.my_decisions(loaded, actor.user_id)
        pending = engine.pending(loaded.state)
        decision = (mine or pending or [None])[0]
        rules = engine.hints.get(decision.kind) if decision else None
        return Outcome.say(text.help_text(engine.title, decision, rules, own=bool(mine)), record.id)

    async def set_ping(self, actor: Actor, mode: str) -> Outcome:
        if mode not in PING_MODES:
            return Outcome.refuse(msg("Choose one of: {modes}.", modes=", ".join(PING_MODES)))
        await self.storage.set_ping_mode(actor.user_id, mode)
        return Outcome.say(PING_MODES[mode])


def _labels(engine, record, start, snapshot, tail, choices) -> list:
    """The label of each of `choices` in the state it was made in (see `_choice_labels`)."""
    if snapshot is None:
        state = rp.setup_state(engine, record.id, record.players, record.seed, record.options, record.rules_version)
    else:
        state = rp.parse_snapshot(engine, record.id, start, snapshot)
    state = rp.replay(engine, record.id, state, tail)
    out = []
    for choice in choices:
        label = next((o.label or o.id for d in engine.pending(state) if d.player == choice.player
                      and (o := d.option(choice.option_id)) is not None), None)
        if label is None and hidden.is_preference(choice.option_id):
            label = preference_words(engine, choice.option_id)
        out.append(label if label is not None else f"`{choice.option_id}`")
        state = rp.replay(engine, record.id, state, [(choice.seq, choice.player, choice.option_id)])
    return out


def preference_words(engine, option_id: str):
    """"Battle cards: Never" for `pref:order:battle=never` (None for a setting the game lacks)."""
    key, _, value = option_id[len(PREF_PREFIX):].partition("=")
    preference = engine.preference_table().get(key)
    if preference is None:
        return None
    label = next((c.label for c in preference.choices if c.id == value), value)
    return layout("{setting}: {value}", setting=preference.label, value=label)


def away_lines(record, away: dict) -> list:
    """`/game status`: the seats whose members are away, until when (Discord shows the date in
    each reader's time zone)."""
    return [msg("💤 **{seat}** (<@{user}>) is away until {when}.", seat=s.seat, user=s.user_id,
                when=f"<t:{int(away[s.user_id].timestamp())}:f>") for s in record.seats if s.user_id in away]


def _only_bots_waited_on(loaded) -> bool:
    """The game waits on bot seats only: no prompt was posted, their turns come from the schedule."""
    record = loaded.record
    seats = [record.seat_named(d.player) for d in engine_of(record).pending(loaded.state)]
    return bool(seats) and all(s is not None and s.bot and s.user_id is None for s in seats)
