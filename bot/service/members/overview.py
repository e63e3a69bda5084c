"""`/game mine` and `/mod games` (issue 29): every game of a member on this server, and every
running game and open lobby of the server for its moderators, one line each, in pages.

A line says where the game is (`<#channel>`, a link to its channel or thread), whose turn it is
and since when (Discord's relative time), and what it waits on from the reader without telling a
private decision's content; the games waiting on the reader come first in `/game mine`, the
longest waits first in `/mod games`. Pages keep each answer within Discord's limits (PAGE games,
◀ ▶ buttons whose custom ids carry everything, so they work after a restart too).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import ServiceCore, engine_of, status_name
from bot.service.posts import Outcome, Post, Refusal
from bot.service.slash import slash
from bot.service.turn.specs import ButtonSpec
from bot.storage.records import GameRecord, LoadedGame
from engine.text import joined, layout, listing, msg, msg_n

log = logging.getLogger(__name__)

LATEST = datetime.max.replace(tzinfo=UTC)  # a game without a wait sorts last
PAGE = 8  # games per page at most
# English characters per page at most: a translation runs longer (German, Polish: up to half as long
# again), and a page turned is one edited message, which Discord caps at 2000 characters.
PAGE_CHARS = 1200
PROMPT_SHOWN = 90  # a longer prompt is left out of the line (the game's own post shows it)
MINE_TEMPLATE = r"mine:(?P<guild>[0-9]+):(?P<user>[0-9]+):(?P<page>[0-9]+):(?P<flags>[we]*)"
MOD_GAMES_TEMPLATE = r"modg:(?P<guild>[0-9]+):(?P<page>[0-9]+):(?P<hours>[0-9]*)"


def mine_id(guild_id: int, user_id: int = 0, page: int = 0, *, waiting: bool = False, ended: bool = False) -> str:
    """A button of `/game mine`; user 0: whoever clicks (the "All my games" button of a reminder)."""
    return f"mine:{guild_id}:{user_id}:{page}:{'w' if waiting else ''}{'e' if ended else ''}"


def mod_games_id(guild_id: int, page: int, hours: int | None) -> str:
    return f"modg:{guild_id}:{page}:{'' if hours is None else hours}"


def all_my_games_button(guild_id: int, row: int = 1) -> ButtonSpec:
    """"All my games" under a reminder: the clicker's own `/game mine`, privately."""
    return ButtonSpec(mine_id(guild_id), str(msg("All my games")), row, "secondary")


@dataclass(frozen=True)
class Line:
    """One game in a list: its sort keys and its text."""

    record: GameRecord
    waits_on_reader: bool
    since: datetime | None
    text: str


class OverviewActions(ServiceCore):
    # -- /game mine ----------------------------------------------------------------------------------
    async def my_games(self, actor: Actor, waiting_on_me: bool = False, ended: bool = False, *, page: int = 0,
                       guild_id: int | None = None, user_id: int | None = None) -> Outcome:
        """The member's games on this server (`guild_id`: the server of the reminder clicked in a DM),
        privately; a page button edits the list it is on."""
        guild = guild_id or actor.guild_id
        if guild is None:
            return Outcome.refuse(msg("Games are listed per server; ask in a server channel."))
        if user_id not in (None, 0, actor.user_id):
            return Outcome.refuse(msg("This list is someone else's; {command} shows yours.",
                                      command=slash("game mine")))
        records = await self.storage.member_games(guild, actor.user_id, ended=ended)
        lines = [await self._mine_line(record, actor.user_id) for record in records]
        if waiting_on_me:
            lines = [line for line in lines if line.waits_on_reader]
        # Waiting on the reader first (the longest wait first), then the others by their wait.
        lines.sort(key=lambda line: (not line.waits_on_reader, line.record.status not in ("active", "paused"),
                                     line.since or LATEST))
        away = (await self.storage.away_until([actor.user_id], self.clock())).get(actor.user_id)
        head = [msg("💤 You are away until {when}: no reminders; {command} brings you back.",
                    when=_date(away), command=slash("settings back"))] if away else []
        if not lines:
            empty = msg("Nothing waits on you here.") if waiting_on_me else msg("You have no game on this server.")
            return self._paged(head + [empty], [], 0, user_id)
        waiting = sum(line.waits_on_reader for line in lines)
        head.append(msg_n("**Your games here** ({count}; {n} waiting on you):",
                          "**Your games here** ({count}; {n} waiting on you):", waiting, count=len(lines)))
        return self._paged(head, lines, page, user_id, lambda p: mine_id(guild, actor.user_id, p,
                                                                         waiting=waiting_on_me, ended=ended))

    async def _mine_line(self, record: GameRecord, user_id: int) -> Line:
        title = engine_of(record).title
        where = layout("{channel} **{game}** #{number}", channel=f"<#{record.channel_id}>", game=title,
                       number=record.id)
        if record.status == "lobby":
            return Line(record, False, record.created_at, layout("• {where} · {what}", where=where, what=msg_n(
                "🚪 lobby, {n} seated", "🚪 lobby, {n} seated", len(record.seats))))
        if record.status in ("finished", "abandoned"):
            return Line(record, False, record.finished_at, layout("• {where} · {what}", where=where, what=msg(
                "🏁 {status} {when}", status=status_name(record.status),
                when=text.relative_time(record.finished_at or record.updated_at))))
        loaded = await self._loaded_or_none(record)
        if loaded is None:
            return Line(record, False, None, layout("• {where} · {what}", where=where, what=msg(
                "⚠️ its history does not load; a moderator can look at it")))
        since = await self.waiting_since(loaded)
        when = text.relative_time(since) if since else "?"
        stood_in = any(seat.away for seat in record.seats_of(user_id))
        mine = [] if stood_in else self.my_decisions(loaded, user_id)
        paused = record.status == "paused"
        if stood_in:  # a bot plays the member's seat while they are away: nothing waits on them
            what = msg("🤖 a bot plays your seat until you click **I'm back** or a prompt of yours; waiting on "
                       "{players} since {when}", players=self._waited_on(loaded), when=when)
        elif mine:
            decision = mine[0]
            if decision.private:
                what = msg("⏰ **waiting on you** since {when}: a private decision (open it from the game's post)",
                           when=when)
            elif len(str(decision.prompt)) <= PROMPT_SHOWN:
                what = msg("⏰ **waiting on you** since {when}: {prompt}", when=when, prompt=decision.prompt)
            else:
                what = msg("⏰ **waiting on you** since {when}", when=when)
        else:
            what = msg("waiting on {players} since {when}", players=self._waited_on(loaded), when=when)
        if paused:
            what = joined([msg("⏸️ paused"), what], " · ")
        return Line(record, bool(mine) and not paused, since, layout("• {where} · {what}", where=where, what=what))

    # -- /mod games ----------------------------------------------------------------------------------
    async def mod_games(self, actor: Actor, stalled_hours: int | None = None, *, page: int = 0,
                        edit: bool = False) -> Outcome:
        """Every running or paused game and open lobby of the server, the longest waits first; with
        `stalled_hours`, only the games waiting that long."""
        try:
            self.require_moderator(actor)
            if actor.guild_id is None:
                raise Refusal(msg("Games are listed per server; ask in a server channel."))
        except Refusal as why:
            return Outcome.refuse(why.args[0])
        records = await self.storage.list_games(actor.guild_id, statuses=("lobby", "active", "paused"))
        lines = [await self._mod_line(record) for record in records]
        if stalled_hours is not None:
            cutoff = self.clock() - timedelta(hours=stalled_hours)
            lines = [line for line in lines if line.since is not None and line.since <= cutoff]
        lines.sort(key=lambda line: line.since or LATEST)
        if not lines:
            return Outcome.say(msg("No game here has waited {hours} h or more.", hours=stalled_hours)
                               if stalled_hours is not None else msg("No game is open on this server."))
        head = [msg("**Games on this server** ({count}), the longest waits first:", count=len(lines))]
        return self._paged(head, lines, page, actor.user_id if edit else None,
                           lambda p: mod_games_id(actor.guild_id, p, stalled_hours))

    async def _mod_line(self, record: GameRecord) -> Line:
        title = engine_of(record).title
        where = layout("{channel} **{game}** #{number}", channel=f"<#{record.channel_id}>", game=title,
                       number=record.id)
        players = listing([s.name for s in record.seats]) if record.seats else "—"
        bots = sum(1 for s in record.seats if s.bot)
        parts = [msg("players: {players}", players=players)]
        if bots:
            parts.append(msg_n("🤖 {n} seat played by a bot", "🤖 {n} seats played by bots", bots))
        if record.status == "lobby":
            since = record.created_at
            parts.insert(0, msg("🚪 lobby open since {when}", when=text.relative_time(since)))
        else:
            loaded = await self._loaded_or_none(record)
            since = await self.waiting_since(loaded) if loaded is not None else None
            if loaded is None:
                parts.insert(0, msg("⚠️ its history does not load"))
            else:
                parts.insert(0, msg("waiting on {players} since {when}", players=self._waited_on(loaded),
                                    when=text.relative_time(since) if since else "?"))
            if record.status == "paused":
                parts.insert(0, msg("⏸️ paused"))
        return Line(record, False, since, layout("• {where} · {what}", where=where, what=joined(parts, " · ")))

    # -- shared ----------------------------------------------------------------------------------------
    async def _loaded_or_none(self, record: GameRecord) -> LoadedGame | None:
        try:
            return await self.load(record.id)
        except Refusal:
            return None  # logged by load(); the line says so

    def _waited_on(self, loaded: LoadedGame) -> str:
        record = loaded.record
        names = []
        for player in dict.fromkeys(d.player for d in engine_of(record).pending(loaded.state)):
            seat = record.seat_named(player)
            if seat is not None and seat.user_id and not seat.bot:
                names.append(f"<@{seat.user_id}>")
            else:
                names.append(layout("🤖 {seat}", seat=player) if seat is not None and seat.bot else player)
        return listing(names) if names else "—"

    def _paged(self, head: list, lines: list[Line], page: int, edit_for: int | None, page_id=None) -> Outcome:
        """One page of `lines` under `head`, with ◀ ▶ when there are more; an edit of the clicked list
        when `edit_for` (a page button) is set, else a new private answer."""
        bounds = page_bounds([len(str(line.text)) for line in lines], sum(len(str(h)) + 1 for h in head))
        pages = len(bounds)
        page = min(max(page, 0), pages - 1)
        start, end = bounds[page]
        shown = [line.text for line in lines[start:end]]
        body = [*head, *shown]
        buttons: tuple[ButtonSpec, ...] = ()
        if pages > 1:
            body.append(msg("Page {page} of {pages}", page=page + 1, pages=pages))
            buttons = (ButtonSpec(page_id(page - 1 if page else pages - 1), "◀", 0, "secondary"),
                       ButtonSpec(page_id(page + 1 if page + 1 < pages else 0), "▶", 0, "secondary"))
        post = Post(text.chunk_lines(body)[0], components=buttons)
        if edit_for:
            return Outcome(edit=post)
        return Outcome(reply=post)


def page_bounds(sizes: list[int], head: int) -> list[tuple[int, int]]:
    """(start, end) of each page: at most PAGE lines, and at most PAGE_CHARS characters of English
    with the head, so the page still fits one message (and one edit) once translated; a line longer
    than that alone is a page of its own."""
    bounds, start, size = [], 0, head
    for i, length in enumerate(sizes):
        if i > start and (i - start >= PAGE or size + length + 1 > PAGE_CHARS):
            bounds.append((start, i))
            start, size = i, head
        size += length + 1
    bounds.append((start, len(sizes)))
    return bounds


def _date(moment: datetime) -> str:
    """Discord renders <t:...:f> as a full date and time in each reader's own time zone."""
    return f"<t:{int(moment.timestamp())}:f>"


MINE_PATTERN, MOD_GAMES_PATTERN = re.compile(MINE_TEMPLATE), re.compile(MOD_GAMES_TEMPLATE)
