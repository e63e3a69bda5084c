"""Helpers for the end-to-end tests: the real bot (`python -m bot`) against the Discord stand-in,
used the way members use Discord (slash commands, buttons, menus), and what the database holds.

A `Table` is one Byzantium game in one channel. It finds the live prompt (the bot's message
with choice buttons for the newest game version), who it is addressed to, and the option ids
behind its buttons and menus (they travel in the custom ids, see bot/service/turn/prompt.py). `choose()`
clicks or picks like a person and waits until the bot has either moved the game on (a prompt
for the next version, or the final scores) or answered privately. Every accepted choice is
written in `table.acked`, so tests can compare it with the `choices` table row for row.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord_standin.api import FakeDiscord
from discord_standin.ids import DISCORD_EPOCH_MS
from discord_standin.message_record import Message, walk_components
from discord_standin.records import Interaction
from discord_standin.runner import BotProcess
from discord_standin.world import Channel, Member

from bot.service.turn.prompt import (
    BUTTON_TEMPLATE,
    FORM_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    SELECT_TEMPLATE,
    WHOLE_REF,
)
from engine.text import msg
from locales import LANGUAGES, tr
from render.byzantium_board import board

BOARD_SIZE = (board().width, board().height)
CLOSE_UP = (880, 560)  # render.render_inline: the picture on a turn message
# The bot's own custom id formats (they carry the game version and, for buttons, the option).
BUTTON_ID, SELECT_ID = re.compile(BUTTON_TEMPLATE), re.compile(SELECT_TEMPLATE)
# A prompt's other components: a group of options, a menu of groups, the button of a form.
GROUP_ID, GROUP_SELECT_ID, FORM_ID = (re.compile(t) for t in (GROUP_TEMPLATE, GROUP_SELECT_TEMPLATE, FORM_TEMPLATE))
PROMPT_IDS = (BUTTON_ID, SELECT_ID, GROUP_ID, GROUP_SELECT_ID, FORM_ID)
ADDRESSEE = re.compile(r"^<@(?P<id>[0-9]+)>")
FINAL = "is over. Final scores"
# The same words in every language (an Italian game's final post: "è finita. Punteggi finali").
FINALS = tuple({tr(msg("🏁 **{game}** is over. Final scores:", game="\x00"), lang).split("\x00")[-1].strip("*: ")
                for lang in LANGUAGES})


def is_final(text: str) -> bool:
    return any(words in text for words in FINALS)
STALE = "out of date"
WAIT = 30.0  # generous: several engineers share two CPU cores
# What a bot process logs once its start-up look for games left unposted is over (bot.recover_posts).
STARTUP_CHECKED = "start-up check of unposted games done"


# -- reading what the bot posted --------------------------------------------------------------------

def id_version(custom_id: str | None) -> int | None:
    """The game version in the custom id of a prompt's button or menu (None for other components)."""
    match = next((m for m in (p.fullmatch(custom_id or "") for p in PROMPT_IDS) if m), None)
    return int(match["version"]) if match else None


def prompt_version(message: Message) -> int | None:
    """The game version a prompt message asks about, from its (enabled) components' custom ids."""
    for cid in _custom_ids(message):
        if id_version(cid) is not None:
            return id_version(cid)
    return None


def _custom_ids(message: Message) -> list[str]:
    return ([b.custom_id for b in message.buttons() if b.custom_id and not b.disabled]
            + [s.custom_id for s in message.selects() if not s.disabled])


def is_board(message: Message) -> bool:
    """A public post with a board image (not the final scores' chart nor a replay's GIF)."""
    return message.author_is_bot and not message.ephemeral and any(
        a.is_image and not a.filename.endswith(("-scores.png", ".gif")) for a in message.attachments)


def question(message: Message) -> str:
    """A turn message's prompt: its last paragraph (what happened comes above it)."""
    return message.content.rpartition("\n\n")[2]


def questions(message: Message) -> dict[int, str]:
    """A turn message's prompts by the member they ask: one paragraph each (several players
    asked at once share one message, bot/service/turn/shared_prompt.py)."""
    found = {}
    for paragraph in message.content.split("\n\n"):
        match = ADDRESSEE.match(paragraph)
        if match:
            found.setdefault(int(match["id"]), paragraph)
    return found


def addressee(message: Message) -> int | None:
    """The member a prompt asks (the first of them, in a message shared by several)."""
    return next(iter(questions(message)), None)


def final_since(message: Message, after_id: int) -> bool:
    """Whether the final scores came on `message` after the snowflake `after_id`: in a message of
    their own, or edited into the last turn message."""
    first = next(v for v in message.versions if is_final(v.content))
    if first is message.versions[0]:
        return message.id > after_id
    return first.wall * 1000 > (after_id >> 22) + DISCORD_EPOCH_MS


def seat_of_id(custom_id: str | None) -> int | None:
    """The deciding seat's index in the custom id of a prompt's button or menu."""
    match = next((m for m in (p.fullmatch(custom_id or "") for p in PROMPT_IDS) if m), None)
    return int(match["seat"]) if match else None


@dataclass(frozen=True)
class Choice:
    """One option as a person can pick it: a button, or a value in a menu."""

    option_id: str
    label: str
    message: Message
    custom_id: str  # the button's, or the menu's
    in_menu: bool
    behind: bool = False  # behind the player's one button of a shared message (opened first)


def options_on(messages: list[Message], seat: int | None = None) -> dict[str, Choice]:
    """Option id -> how to pick it, over the messages of one prompt (only `seat`'s when given: a
    message shared by several players holds each one's buttons)."""
    found: dict[str, Choice] = {}
    for message in messages:
        for b in message.buttons():
            match = BUTTON_ID.fullmatch(b.custom_id or "")
            if match and not b.disabled and not match["ref"].startswith("#") \
                    and seat in (None, int(match["seat"])):
                found[match["ref"]] = Choice(match["ref"], b.label or "", message, b.custom_id, False)
        for s in message.selects():
            if SELECT_ID.fullmatch(s.custom_id) and not s.disabled and seat in (None, seat_of_id(s.custom_id)):
                for o in s.options:
                    found[o.value] = Choice(o.value, o.label, message, s.custom_id, True)
    return found


# -- bot processes ----------------------------------------------------------------------------------

def startup_checks(bot: BotProcess) -> int:
    """How many of the bot's processes (their log is appended to across restarts) have finished
    their start-up look for games left unposted, re-posts included."""
    return bot.log_path.read_text(errors="replace").count(STARTUP_CHECKED) if bot.log_path.exists() else 0


async def start_checked(fake: FakeDiscord, bot: BotProcess, *, restart: bool = False) -> None:
    """(Re)start the bot process and wait until it has re-posted whatever a crash left unposted:
    only then does what it posts at start-up (or does not) say anything."""
    checks = startup_checks(bot)
    await (bot.restart() if restart else bot.start())
    await fake.wait_for(lambda: startup_checks(bot) > checks, WAIT, "the restarted bot's look for unposted games")


# -- the database ---------------------------------------------------------------------------------

def read_db(db_path: Path | str, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
    """A read-only query on the bot's database while the bot runs: its SQLite file (WAL: readers
    never block), or a PostgreSQL URL (the sharded tests)."""
    if isinstance(db_path, str):
        return _read_postgres(db_path, sql, args)
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10)
    conn.row_factory = sqlite3.Row
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def _read_postgres(url: str, sql: str, args: tuple) -> list:
    """The same query through asyncpg, on a thread of its own (the caller is a test's event loop)."""
    import asyncpg

    from bot.storage.postgres.database import numbered

    async def fetch() -> list:
        conn = await asyncpg.connect(url)
        try:
            async with conn.transaction(readonly=True):
                return await conn.fetch(numbered(sql), *args)
        finally:
            await conn.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, fetch()).result(timeout=30)


def db_choices(db_path: Path | str, game_id: int) -> list[tuple[int, str, str, int | None]]:
    """(seq, player, option_id, user_id) of every stored choice of the game, in order."""
    rows = read_db(db_path, "SELECT seq, player, option_id, user_id FROM choices WHERE game_id = ? ORDER BY seq",
                   (game_id,))
    return [(r["seq"], r["player"], r["option_id"], r["user_id"]) for r in rows]


def db_game(db_path: Path, game_id: int) -> sqlite3.Row:
    return read_db(db_path, "SELECT * FROM games WHERE id = ?", (game_id,))[0]


def db_snapshot(db_path: Path) -> dict[str, list[tuple]]:
    """Everything a game change would touch, to show that a refused click changed nothing."""
    tables = ("games", "choices", "snapshots", "reminders", "results", "audit")
    out = {}
    for table in tables:
        rows = read_db(db_path, f"SELECT * FROM {table}")  # noqa: S608 - fixed table names
        out[table] = sorted(tuple(r) for r in rows)
    return out


# -- a game at a table ----------------------------------------------------------------------------

@dataclass
class Table:
    fake: FakeDiscord
    channel: Channel
    members: list[Member]
    db_path: Path
    game_id: int = 0
    seats: dict[int, str] = field(default_factory=dict)  # user id -> engine seat name
    seat_index: dict[int, int] = field(default_factory=dict)  # user id -> the seat's place (custom ids)
    acked: list[tuple[str, str, int]] = field(default_factory=list)  # (seat, option id, user id)

    # -- who and what ---------------------------------------------------------------------------
    def member(self, user_id: int | None) -> Member:
        for m in self.members:
            if m.id == user_id:
                return m
        raise AssertionError(f"no member of this table has id {user_id}")

    def bot_messages(self) -> list[Message]:
        return [m for m in self.fake.messages(self.channel) if m.author_is_bot and not m.deleted]

    def live_prompts(self) -> list[Message]:
        """The messages of the newest prompt that still has buttons or menus (empty if none)."""
        live = [m for m in self.bot_messages() if prompt_version(m) is not None]
        if not live:
            return []
        newest = max(prompt_version(m) for m in live)
        return [m for m in live if prompt_version(m) == newest]

    def version(self) -> int | None:
        prompts = self.live_prompts()
        return prompt_version(prompts[0]) if prompts else None

    def waiting(self) -> Member:
        prompts = self.live_prompts()
        assert prompts, "no live prompt in the channel"
        return self.member(addressee(prompts[0]))

    def options(self, member: Member | None = None) -> dict[str, Choice]:
        """The options of `member` (by default: the first member the live prompt asks); those
        behind their one button in a message shared by several players (shared_prompt.py) are
        read from the game's state, to be picked after opening it (`press`)."""
        if member is None and self.live_prompts():
            member = self.waiting()
        seat = self.seat_index.get(member.id) if member is not None else None
        found = options_on(self.live_prompts(), seat)
        whole = [(m, b) for m in self.live_prompts() for b in m.buttons()
                 if WHOLE_REF in (b.custom_id or "") and seat_of_id(b.custom_id) == seat and not b.disabled]
        if whole:
            from e2e_answers import engine_state  # noqa: PLC0415  (it imports this module)

            game, state = engine_state(self.db_path, self.game_id)
            message, button = whole[0]
            for decision in game.pending(state):
                if decision.player == self.seats[member.id]:
                    found.update({o.id: Choice(o.id, o.label, message, button.custom_id, False, True)
                                  for o in decision.options})
        return found

    def asking(self, member: Member) -> list[Message]:
        """The live prompt messages that ask `member`."""
        return [m for m in self.live_prompts() if member.id in questions(m)]

    def final(self) -> Message | None:
        return next((m for m in self.bot_messages() if is_final(m.content)), None)

    def boards(self) -> list[Message]:
        return [m for m in self.bot_messages() if is_board(m)]

    def moved_past(self, version: int, after_id: int = 0) -> bool:
        """A prompt for a later version than `version` is up (posted, or a message edited in place
        to it), or the final scores were posted after `after_id` (an interaction's or message's
        id: snowflakes grow with time)."""
        for m in self.bot_messages():
            if is_final(m.content) and final_since(m, after_id):
                return True
            shown = (id_version(c.get("custom_id")) for c in walk_components(m.components))
            if any(v is not None and v > version for v in shown):
                return True
        return False

    def posted_prompt_versions(self) -> list[int]:
        """The version of every prompt message as it was posted (a version twice = a doubled post;
        a decision too large for one message would legitimately repeat its version)."""
        out = []
        for m in self.bot_messages():
            versions = {id_version(c.get("custom_id")) for c in walk_components(m.versions[0].components)} - {None}
            out.extend(versions)
        return out

    def board_files(self) -> list[str]:
        """The file names of the posted boards (the bot names them after the game and its version)."""
        return [a.filename for m in self.boards() for a in m.attachments if a.is_image]

    def assert_nothing_doubled(self) -> None:
        versions = self.posted_prompt_versions()
        assert len(versions) == len(set(versions)), f"a prompt was posted twice: {sorted(versions)}"
        files = self.board_files()
        assert len(files) == len(set(files)), f"a board was posted twice: {sorted(files)}"

    async def wait_prompt(self, timeout: float = WAIT) -> list[Message]:
        return await self.fake.wait_for(lambda: self.live_prompts() or None, timeout, "a live prompt")

    # -- acting ---------------------------------------------------------------------------------
    async def press(self, member: Member, option_id: str) -> Interaction:
        """Click the button or pick the menu value of `option_id` on the live prompt (no waiting);
        an option inside a group is found by opening the groups (the second click, privately)."""
        choice = self.options(member).get(option_id)
        if choice is None or choice.behind:  # another member may click too (and is refused)
            choice = (choice is None and options_on(self.live_prompts()).get(option_id)) or \
                await self.in_group(member, option_id)
        assert choice is not None, f"{option_id!r} is not offered; the prompt offers {sorted(self.options())}"
        if choice.in_menu:
            return await self.fake.select(member, choice.message, choice.custom_id, [option_id])
        return await self.fake.click(member, choice.message, choice.custom_id)

    async def in_group(self, member: Member, option_id: str) -> Choice | None:
        """`option_id` among the options of the live prompt's groups, as `member` opens them (only
        their own groups: in a message shared by several players the others' are theirs)."""
        index = self.seat_index.get(member.id)

        def theirs(custom_id: str | None) -> bool:
            return index is None or seat_of_id(custom_id) == index

        for message in self.live_prompts():
            for button in message.buttons():
                if GROUP_ID.fullmatch(button.custom_id or "") and not button.disabled and theirs(button.custom_id):
                    opened = await self.fake.open(member, message, button.custom_id)
                    found = options_on([opened]).get(option_id)
                    if found is not None:
                        return found
            for menu in message.selects():
                if GROUP_SELECT_ID.fullmatch(menu.custom_id) and not menu.disabled and theirs(menu.custom_id):
                    for group in menu.options:
                        ix = await self.fake.select(member, message, menu.custom_id, [group.value])
                        await self.fake.wait_for(lambda ix=ix: ix.followups, WAIT, "a group's options")
                        found = options_on(ix.followups[:1]).get(option_id)
                        if found is not None:
                            return found
        return None

    async def choose(self, member: Member, option_id: str, *, timeout: float = WAIT) -> Interaction:
        """A click that must be accepted: the game moves to the next version and the clicked prompt
        shows the answer; recorded in `acked`."""
        version = self.version()
        assert version is not None, "no live prompt"
        # The message answered: the option's, or (an option in a group) the turn message itself.
        live = self.live_prompts()
        mine = self.options(member)
        prompt = mine[option_id].message if option_id in mine else (live[0] if live else None)
        made = len(self.choices_of(member))
        ix = await self.press(member, option_id)
        await self.settle(ix, version, timeout)
        # The click's own fate: refused (a follow-up) or stored as this member's choice. In
        # decisions made at once another seat's answer moves the game and the shared message on
        # too, so neither the version nor the message tells.
        await self.fake.wait_for(lambda: ix.followups or len(self.choices_of(member)) > made, timeout,
                                 f"{member.name}'s click to be stored or refused")
        assert not ix.followups, f"{member.name}'s click on {option_id} was refused: {ix.followups[0].content}"
        # Then its edits and posts: a prompt built after it (or the final scores) is up.
        stored = max(self.choices_of(member))
        await self.fake.wait_for(lambda: self.moved_past(stored - 1, ix.id), timeout,
                                 f"the posts of {member.name}'s choice {stored}")
        # The answered question shrank to one line saying what was chosen (on the message itself,
        # which closed or goes on with the next question).
        assert prompt is not None and f"✅ **{self.seats[member.id]}**" in prompt.content, prompt
        self.acked.append((self.seats[member.id], option_id, member.id))
        return ix

    def choices_of(self, member: Member) -> list[int]:
        """The seqs of the choices stored from `member`'s clicks."""
        return [seq for seq, _player, _option, user in db_choices(self.db_path, self.game_id) if user == member.id]

    async def settle(self, ix: Interaction, version: int, timeout: float = WAIT) -> None:
        """Wait until the bot moved past `version` or answered `ix` privately."""
        # The clicked prompt is edited before the next board and prompt are posted, so once the
        # next version is up the edit is visible too.
        await self.fake.wait_for(lambda: ix.followups or self.moved_past(version, ix.id), timeout,
                                 f"the bot to answer interaction {ix.id} or move past version {version}")

    async def shortcut(self, member: Member, command: str, option_id: str, **options: Any) -> Message:
        """A /byz shortcut that must be accepted: answered "Done." privately, the game moves on."""
        version = self.version()
        assert version is not None, "no live prompt"
        ix = await self.fake.slash(member, self.channel, command, **options)
        answer = await ix.result(WAIT)
        assert answer.ephemeral and answer.content == "Done.", answer.content
        await self.fake.wait_for(lambda: self.moved_past(version, ix.id), WAIT, f"the game to move past {version}")
        self.acked.append((self.seats[member.id], option_id, member.id))
        return answer

    async def refused(self, ix: Interaction, timeout: float = WAIT) -> Message:
        """The private answer of a refused interaction."""
        await self.fake.wait_for(lambda: ix.followups, timeout, f"a private answer to interaction {ix.id}")
        answer = ix.followups[0]
        assert answer.ephemeral, answer
        return answer

    # -- the database -----------------------------------------------------------------------------
    def stored(self) -> list[tuple[str, str, int]]:
        return [(player, option, user) for _seq, player, option, user in db_choices(self.db_path, self.game_id)]

    def assert_db_matches_acknowledged(self) -> None:
        """Every acknowledged choice is stored exactly once, in order, and nothing else is."""
        rows = db_choices(self.db_path, self.game_id)
        assert [seq for seq, *_ in rows] == list(range(1, len(rows) + 1))
        assert self.stored() == self.acked


async def open_table(fake: FakeDiscord, db_path: Path, *, channel: str = "general",
                     names: tuple[str, ...] = ("Ann", "Bo", "Cy"), game: str = "byzantium", title: str = "Byzantium",
                     seed: int | None = None, **new_options: Any) -> Table:
    """/game new by the first member, Join by the others, Start: the first board and prompt are up.
    `seed`: the lobby's seed is set to it before Start (in the bot's database: members cannot
    choose it), so a test can reach a given position."""
    await fake.wait_for_commands("game", "byz", "mod", timeout=WAIT)
    where = fake.channel(channel)
    members = [fake.member(n) for n in names]
    host = members[0]
    ix = await fake.slash(host, where, "game new", game=game, **new_options)
    assert (await ix.result(WAIT)).content == f"Lobby for {title} opened."
    lobby = await fake.wait_for_message(where, lambda m: "lobby, hosted by" in m.content, timeout=WAIT, since=ix)
    assert [b.label for b in lobby.buttons()][:4] == ["Join", "Leave", "Start", "Cancel"]
    for m in members[1:]:
        await fake.click(m, lobby, "Join")
        await fake.wait_for(lambda m=m: f"<@{m.id}>" in lobby.content, WAIT, f"{m.name} seated in the lobby")
    if seed is not None:
        conn = sqlite3.connect(db_path, timeout=10)
        with conn:
            conn.execute("UPDATE games SET seed = ? WHERE channel_id = ? AND status = 'lobby'", (seed, where.id))
        conn.close()
    await fake.click(host, lobby, "Start")
    table = Table(fake, where, members, db_path)
    await table.wait_prompt()
    assert "▶️ Started." in lobby.content and lobby.buttons() == []
    row = read_db(db_path, "SELECT id, seats FROM games WHERE channel_id = ? AND status = 'active'", (where.id,))[0]
    table.game_id = row["id"]
    table.seats = {s["user_id"]: s["seat"] for s in json.loads(row["seats"])}
    table.seat_index = {s["user_id"]: i for i, s in enumerate(json.loads(row["seats"]))}
    return table


def quick_option(options: dict[str, Choice]) -> str:
    """The choice that ends a game soonest: pass, stop, or the cheapest way through upkeep."""
    for wanted in ("pass", "done", "stay", "no_levy"):
        if wanted in options:
            return wanted
    disband = [c for c in options.values() if c.option_id.startswith("disband:")]
    if disband:
        return disband[0].option_id  # the upkeep's first answer loses the fewest VP
    return sorted(options)[0]
