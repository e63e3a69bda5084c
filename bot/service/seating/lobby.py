"""The lobby: open a game in a channel, take and leave seats, start or cancel.

One open game per channel is enforced by the database (ChannelBusy); the host starts when
the number of seats fits the game; the first board and prompt follow the start at once.
"""

from __future__ import annotations

from bot.service import text
from bot.service.actor import Actor
from bot.service.bot_players.bots import BOT_LEVELS, bot_label
from bot.service.bot_players.takeover import takeover_line
from bot.service.core import Refusal, engine_of
from bot.service.posts import Outcome, Post, reason
from bot.service.seating import lobby_options
from bot.service.seating.seats import colour_mark, role_marks, seat_name
from bot.service.secrecy import insiders
from bot.service.slash import slash
from bot.service.turn.prompt import ButtonSpec, lobby_id
from bot.service.turn.turns import TurnPosts
from bot.storage.records import ChannelBusy, GameMovedOn, GameRecord, Seat, UnknownGame, WrongStatus
from engine import IllegalAction, game_names, get_game
from engine.text import joined, layout, lines, msg, msg_n
from locales import tr

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "bot_normal", "bot_easy", "unbot")
GAME_STARTED = msg("The game has started.")


def FULL_TABLE(what, most: int):  # noqa: N802 (a message, as the constants beside it)
    return msg_n("{what} takes at most {n} player; the table is full.",
                 "{what} takes at most {n} players; the table is full.", most, what=what)


def lobby_card(record: GameRecord, note: str = "") -> Post:
    """The lobby message: game, setup options, seats with colours (and teams), settings, and
    the four buttons."""
    engine = engine_of(record)
    count = len({s.user_id or s.seat for s in record.seats})  # a solitaire game seats its host twice
    out = [msg("🎲 **{game}** lobby, hosted by {host}", game=engine.title, host=f"<@{record.host_user_id}>")]
    setup = lobby_options.describe(record.game, record.options)
    if setup:
        out.append(setup)
    fewest, most, why = lobby_options.seat_limits(record.game, record.options)
    if most == 1:  # solitaire: the host alone, in both seats at Start
        out.append(msg("Player ({mode}):", mode=why))
    elif fewest != most:
        out.append(msg("Seats ({count}; {fewest}-{most} players):", count=count, fewest=fewest, most=most))
    else:
        out.append(msg_n("Seats ({count}; {n} player):", "Seats ({count}; {n} players):", fewest, count=count))
    if record.seats:
        for i, seat in enumerate(record.seats):
            team = lobby_options.seat_label(record.game, record.options, i, seat.seat)
            line = layout("{number}. {colour} **{player}** {mention}", number=i + 1, colour=colour_mark(record.game, i),
                          player=seat.seat, mention=layout("🤖 ({level})", level=bot_label(seat.level)) if seat.bot
                          else f"<@{seat.user_id}>")
            out.append(layout("{line} ({team})", line=line, team=team) if team else line)
    else:
        out.append(msg("(empty)"))
    if record.boards_in_thread:
        out.append(msg("Reminders after {hours} h · boards in a thread: yes", hours=f"{record.reminder_hours:g}"))
    else:
        out.append(msg("Reminders after {hours} h · boards in a thread: no", hours=f"{record.reminder_hours:g}"))
    if takeover_line(record):
        out.append(takeover_line(record))
    if record.status == "lobby":
        out.append(msg("Click **Join** to take a seat; the host clicks **Start** when everyone is in."))
    if note:
        out.append(note)
    components = ()
    if record.status == "lobby":
        components = (
            ButtonSpec(lobby_id(record.id, "join"), msg("Join"), 0, "success"),
            ButtonSpec(lobby_id(record.id, "leave"), msg("Leave"), 0, "secondary"),
            ButtonSpec(lobby_id(record.id, "start"), msg("Start"), 0, "primary"),
            ButtonSpec(lobby_id(record.id, "cancel"), msg("Cancel"), 0, "danger"),
            ButtonSpec(lobby_id(record.id, "bot_normal"), msg("🤖 Add bot"), 1, "secondary"),
            ButtonSpec(lobby_id(record.id, "bot_easy"), msg("🤖 Add easy bot"), 1, "secondary"),
            ButtonSpec(lobby_id(record.id, "unbot"), msg("Remove a bot"), 1, "secondary"),
        )
    return Post(text.clip(lines(out), text.MESSAGE_LIMIT), components=components, kind="lobby")


class LobbyActions(TurnPosts):
    async def new_game(self, actor: Actor, game_name: str, *, reminder_hours: float = 12.0,
                       boards_in_thread: bool = False, seed: int | None = None,
                       setup: dict[str, str | None] | None = None, bots: int = 0,
                       bot_level: str = "normal", bot_takeover_hours: float | None = None) -> Outcome:
        """`setup`: the game's setup options as the host gave them (see bot/service/seating/lobby_options.py);
        `bots`: bot seats at `bot_level` after the host's; `bot_takeover_hours`: a bot plays for a
        member who has not answered for that long (None: never)."""
        if actor.guild_id is None:
            return Outcome.refuse(msg("Games are played in a server's channels, not in direct messages."))
        if game_name not in game_names():
            return Outcome.refuse(msg("There is no game called '{game}'. Games: {games}.", game=game_name,
                                      games=", ".join(game_names())))
        if not 1 <= reminder_hours <= 24 * 14:
            return Outcome.refuse(msg("The reminder delay must be between 1 hour and 14 days (336 hours)."))
        if bot_takeover_hours is not None and not 1 <= bot_takeover_hours <= 24 * 14:
            return Outcome.refuse(msg("The delay before a bot stands in must be between 1 hour and 14 days "
                                      "(336 hours)."))
        try:
            options = lobby_options.lobby_options(game_name, setup or {})
        except Refusal as why:
            return Outcome.refuse(reason(why))
        if boards_in_thread and actor.in_thread:
            boards_in_thread = False  # a thread cannot hold another thread; boards stay here
        host = Seat(seat_name(actor.name, ()), actor.name, actor.user_id)
        try:
            seats = [host, *_bot_seats(game_name, options, [host], bots, bot_level)]
        except Refusal as why:
            return Outcome.refuse(str(why))
        try:
            record = await self.storage.create_game(
                guild_id=actor.guild_id, channel_id=actor.channel_id, game=game_name, host_user_id=actor.user_id,
                seats=seats, seed=seed, options=options, reminder_hours=reminder_hours,
                boards_in_thread=boards_in_thread,
                parent_channel_id=actor.parent_channel_id, bot_takeover_hours=bot_takeover_hours,
            )
        except ChannelBusy:
            return Outcome.refuse(
                msg("This channel already has a game. Finish it (or ask a moderator to {command} it) first, "
                    "or start yours in another channel or thread.", command=slash("mod abandon"))
            )
        except UnknownGame:
            return Outcome.refuse(msg("There is no game called '{game}'.", game=game_name))
        title = get_game(game_name).title
        return self.outcome(record, reply=Post(msg("Lobby for {game} opened.", game=title)), posts=[lobby_card(record)])

    async def drop_unseen_lobby(self, game_id: int) -> None:
        """The lobby message could not be posted: abandon the lobby instead of leaving it invisible."""
        await self.storage.set_status(game_id, "abandoned")

    async def lobby_action(self, game_id: int, action: str, actor: Actor) -> Outcome:
        if action not in LOBBY_ACTIONS:
            return Outcome.refuse(msg("Unknown lobby action."), game_id)
        async with self.lock(game_id):
            try:
                record = (await self.game_by_id(game_id, actor)).record
                if record.status != "lobby":
                    raise Refusal(msg("This lobby is closed."))
                return await getattr(self, f"_lobby_{action}")(record, actor)
            except Refusal as why:
                return Outcome.refuse(reason(why), game_id)
            except (WrongStatus, GameMovedOn):
                return Outcome.refuse(msg("The lobby changed meanwhile; please try again."), game_id)

    async def _lobby_join(self, record: GameRecord, actor: Actor) -> Outcome:
        if record.seat_of(actor.user_id):
            raise Refusal(msg("You already have a seat in this game."))
        if await insiders.saw_secrets(self.storage, record, actor.user_id):
            raise Refusal(msg("You saw this game's secrets as a moderator (`reveal`), so you cannot take a seat in it."))
        _fewest, most, why = lobby_options.seat_limits(record.game, record.options)
        if len(record.seats) >= most:
            raise Refusal(FULL_TABLE(why, most))
        seat = Seat(seat_name(actor.name, [s.seat for s in record.seats]), actor.name, actor.user_id)
        record = await self.storage.update_lobby(record.id, seats=[*record.seats, seat])
        return self.outcome(record, edit=lobby_card(record))

    async def _lobby_bot_normal(self, record: GameRecord, actor: Actor) -> Outcome:
        return await self._lobby_bot(record, actor, "normal")

    async def _lobby_bot_easy(self, record: GameRecord, actor: Actor) -> Outcome:
        return await self._lobby_bot(record, actor, "easy")

    async def _lobby_bot(self, record: GameRecord, actor: Actor, level: str) -> Outcome:
        if actor.user_id != record.host_user_id and not actor.is_moderator:
            raise Refusal(msg("Only the host (or a moderator) can add bot players."))
        seats = [*record.seats, *_bot_seats(record.game, record.options, record.seats, 1, level)]
        record = await self.storage.update_lobby(record.id, seats=seats)
        return self.outcome(record, edit=lobby_card(record))

    async def _lobby_unbot(self, record: GameRecord, actor: Actor) -> Outcome:
        if actor.user_id != record.host_user_id and not actor.is_moderator:
            raise Refusal(msg("Only the host (or a moderator) can remove bot players."))
        bots = [s for s in record.seats if s.bot]
        if not bots:
            raise Refusal(msg("There is no bot player in this lobby."))
        record = await self.storage.update_lobby(record.id, seats=[s for s in record.seats if s is not bots[-1]])
        return self.outcome(record, edit=lobby_card(record))

    async def _lobby_leave(self, record: GameRecord, actor: Actor) -> Outcome:
        if record.seat_of(actor.user_id) is None:
            raise Refusal(msg("You don't have a seat in this game."))
        if actor.user_id == record.host_user_id:
            raise Refusal(msg("You are the host: click **Cancel** to close the lobby instead."))
        seats = [s for s in record.seats if s.user_id != actor.user_id]
        record = await self.storage.update_lobby(record.id, seats=seats)
        return self.outcome(record, edit=lobby_card(record))

    async def _lobby_cancel(self, record: GameRecord, actor: Actor) -> Outcome:
        if actor.user_id != record.host_user_id and not actor.is_moderator:
            raise Refusal(msg("Only the host or a moderator can cancel this lobby."))
        record = await self.storage.set_status(record.id, "abandoned", by_user_id=actor.user_id)
        return self.outcome(record, edit=lobby_card(record, msg("❌ Cancelled by {member}.", member=f"<@{actor.user_id}>")))

    async def _lobby_start(self, record: GameRecord, actor: Actor) -> Outcome:
        if actor.user_id != record.host_user_id and not actor.is_moderator:
            raise Refusal(msg("Only the host (or a moderator) can start the game."))
        engine = engine_of(record)
        fewest, most, why = lobby_options.seat_limits(record.game, record.options)
        if not fewest <= len(record.seats) <= most:
            seated = msg_n("{n} has joined", "{n} have joined", len(record.seats))
            if fewest != most:
                raise Refusal(msg("{game} needs {fewest} to {most} players; {joined}.", game=why, fewest=fewest,
                                  most=most, joined=seated))
            raise Refusal(msg("{game} needs exactly {fewest} players; {joined}.", game=why, fewest=fewest,
                              joined=seated))
        seats = list(record.seats)
        alone = engine.seat_names(dict(record.options), seats[0].name) if seats else None
        if alone:  # the host takes every seat (Alexander's solitaire), named in the game's language
            lang = await self.record_language(record)
            seats = [Seat(tr(name, lang), seats[0].name, seats[0].user_id) for name in alone]
        players = [s.seat for s in seats]
        options = lobby_options.engine_options(record.game, record.options, players)
        try:
            if options != record.options or seats != list(record.seats):
                # The rules check the seats with these options before anything is stored.
                engine.setup(players, record.seed, dict(options))
                record = await self.storage.update_lobby(record.id, options=options, seats=seats)
            loaded = await self.storage.start_game(record.id)
        except IllegalAction as exc:
            raise Refusal(reason(exc)) from None
        roles = role_marks(loaded.record.game, engine.view(loaded.state, None))
        marks = joined([layout("{mark} **{player}**", mark=roles.get(s.seat) or colour_mark(record.game, i),
                               player=s.seat) for i, s in enumerate(loaded.record.seats)], ", ")
        header = msg("▶️ **{game}** begins: {seats}.", game=engine.title, seats=marks)
        setup = lobby_options.describe(loaded.record.game, loaded.record.options)
        if setup:
            header = lines([header, setup])
        posts, trouble = await self.after_change(loaded, [], header, board=True)
        return self.outcome(loaded.record, edit=lobby_card(loaded.record, msg("▶️ Started.")), posts=posts,
                            saved=GAME_STARTED, trouble=trouble)


def _bot_seats(game: str, options: dict, seats: list[Seat] | tuple[Seat, ...], count: int, level: str) -> list[Seat]:
    """`count` new bot seats ("Bot 1", "Bot 2" ... after those already seated), or Refusal when
    the table has no room for them or the level is unknown."""
    if level not in BOT_LEVELS:
        raise Refusal(msg("Bot players come in these levels: {levels}.", levels=", ".join(BOT_LEVELS)))
    if count <= 0:
        return []
    _fewest, most, why = lobby_options.seat_limits(game, options)
    if len(seats) + count > most:
        room = most - len(seats)
        if room <= 0:
            raise Refusal(FULL_TABLE(why, most))
        raise Refusal(msg("{what} takes at most {most} players: there is room for {room} more, not {count}.",
                          what=why, most=most, room=room, count=count))
    taken = [s.seat for s in seats]
    number = sum(1 for s in seats if s.bot)
    added = []
    for _ in range(count):
        number += 1
        name = seat_name(str(msg("Bot {number}", number=number)), taken)
        taken.append(name)
        added.append(Seat(name, name, None, bot=True, level=level))
    return added
