"""The little of Discord the bot's handlers touch, faked so tests drive the real bot.

Everything else is real: the GameBot with its cogs, command tree, registered DynamicItems,
service, storage (SQLite file) and publisher. A `World` holds one guild with channels and
members; `slash()` calls a real app-command callback with a fake interaction, `click()` and
`select()` resolve a component the way discord.py does for DynamicItems (the registered
template, `from_custom_id`, `interaction_check`, `callback`).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord

from bot.discord_ui.app import GameBot
from bot.service.turn.prompt import (
    BUTTON_TEMPLATE,
)
from bot.settings import Settings

_ids = itertools.count(100_000_000_000_000_000)


def new_id() -> int:
    """A fresh snowflake-sized id (for roles and the like)."""
    return next(_ids)

TOKEN = "A" * 24 + ".BBBBBB." + "C" * 27
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, attach_files=True, embed_links=True,
    send_messages_in_threads=True, create_public_threads=True,
)


class FakeClock:
    def __init__(self, start: datetime | None = None):
        self.now = start or datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


@dataclass
class Role:
    id: int
    name: str


@dataclass
class Member:
    id: int
    name: str
    roles: list[Role] = field(default_factory=list)
    manage_channels: bool = False
    dms: list[str] = field(default_factory=list)
    accepts_dms: bool = True
    bot: bool = False  # a bot account (Discord's User.bot)
    locale: str | None = None  # the member's Discord language (interaction.locale); None: en-US

    @property
    def display_name(self) -> str:
        return self.name

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    async def send(self, content=None, **kwargs):
        if not self.accepts_dms:
            raise discord.Forbidden(_Resp(403), "Cannot send messages to this user")
        self.dms.append(content)


class _Resp:
    def __init__(self, status: int):
        self.status = status
        self.reason = "Forbidden"


@dataclass
class Message:
    id: int
    channel: Channel
    content: str
    files: list[tuple[str, bytes]] = field(default_factory=list)
    view: discord.ui.View | None = None
    mentions: list[int] = field(default_factory=list)
    ephemeral: bool = False
    nonce: str | None = None
    edits: int = 0

    @property
    def components(self) -> list[discord.ui.Item]:
        return list(self.view.children) if self.view else []

    def buttons(self) -> list[str]:
        return [c.item.label for c in self.components if isinstance(c.item, discord.ui.Button)]

    def option_buttons(self) -> list[str]:
        """The labels of the buttons that answer the prompt (not Full board, Open my prompt ...)."""
        return [c.item.label for c in self.components if isinstance(c.item, discord.ui.Button)
                and re.fullmatch(BUTTON_TEMPLATE, c.item.custom_id)]

    async def edit(self, *, content=None, view=None, attachments=None, **kwargs):
        if self.channel.fail_uploads and attachments:
            raise discord.DiscordServerError(_Resp(500), "Internal Server Error")
        if content is not None:
            assert len(content) <= 2000, "message longer than Discord allows"
            self.content = content
        if attachments is not None:  # the new files replace the old ones
            self.files = [(f.filename, f.fp.read()) for f in attachments]
        self.view = view
        self.edits += 1
        return self

    def image(self) -> bytes | None:
        return next((data for name, data in self.files if name.endswith(".png")), None)


class Guild:
    def __init__(self, guild_id: int):
        self.id = guild_id
        self.me = None
        self.filesize_limit = 10 * 1024 * 1024
        self.preferred_locale: str | None = None  # the server's language (guild.preferred_locale)
        self.members: dict[int, Member] = {}

    def get_member(self, user_id: int):
        return self.members.get(user_id)

    async def fetch_member(self, user_id: int):
        if user_id not in self.members:
            raise discord.NotFound(_Response(404), "Unknown Member")
        return self.members[user_id]


class _Response:
    """Enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int):
        self.status = status
        self.reason = "Not Found"


class Channel:
    def __init__(self, world: World, name: str, guild: Guild, parent: Channel | None = None):
        self.id = next(_ids)
        self.name = name
        self.guild = guild
        self.world = world
        self.messages: list[Message] = []
        self.parent_id = parent.id if parent else None
        self.is_thread = parent is not None
        self.threads: list[Channel] = []
        self.can_post = True
        self.fail_uploads = False  # Discord answering 5xx to messages with files

    async def send(self, content=None, *, files=(), view=None, allowed_mentions=None, nonce=None, **kwargs):
        if not self.can_post:
            raise discord.Forbidden(_Resp(403), "Missing Permissions")
        earlier = next((m for m in self.messages if nonce is not None and m.nonce == nonce), None)
        if earlier is not None:  # Discord's enforced nonce: the first message, not a second one
            return earlier
        if self.fail_uploads and files:
            raise discord.DiscordServerError(_Resp(500), "Internal Server Error")
        assert content is None or len(content) <= 2000, "message longer than Discord allows"
        if view is not None:
            view.to_components()  # what discord.py sends; raises on an invalid view
            assert len(view.children) <= 25
        message = Message(next(_ids), self, content or "", [(f.filename, f.fp.read()) for f in files], view,
                          [u.id for u in (allowed_mentions.users or [])] if allowed_mentions
                          and not isinstance(allowed_mentions.users, bool) else [], nonce=nonce)
        self.messages.append(message)
        return message

    def get_partial_message(self, message_id: int) -> Message:
        return next(m for m in self.messages if m.id == message_id)

    async def create_thread(self, *, name, type=None, auto_archive_duration=None):
        thread = Channel(self.world, name, self.guild, parent=self)
        self.threads.append(thread)
        self.world.channels[thread.id] = thread
        return thread

    def permissions_for(self, member):
        return BOT_PERMISSIONS


class Response:
    def __init__(self, interaction: Interaction):
        self.interaction = interaction
        self.deferred: dict | None = None
        self.sent: list[str] = []
        self.modal: discord.ui.Modal | None = None

    def is_done(self) -> bool:
        return self.deferred is not None or bool(self.sent) or self.modal is not None

    async def send_modal(self, modal: discord.ui.Modal):
        assert not self.is_done(), "a form must be the click's first answer"
        modal.to_dict()  # what discord.py sends; raises on an invalid form
        self.modal = modal

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False):
        assert not self.is_done(), "an interaction can be answered only once"
        self.deferred = {"ephemeral": ephemeral, "thinking": thinking}

    async def send_message(self, content=None, **kwargs):
        assert not self.is_done()
        self.sent.append(content)

    async def autocomplete(self, choices):
        self.interaction.choices = list(choices)


class Followup:
    def __init__(self, interaction: Interaction):
        self.interaction = interaction

    async def send(self, content=None, *, files=(), ephemeral=False, view=None, allowed_mentions=None, **kw):
        assert self.interaction.response.is_done(), "follow-ups need a response (defer) first"
        assert content is None or len(content) <= 2000
        message = Message(next(_ids), self.interaction.channel, content or "",
                          [(f.filename, f.fp.read()) for f in files], view, ephemeral=ephemeral)
        self.interaction.replies.append(message)
        return message


class Interaction:
    """What the bot's handlers read from a discord.Interaction."""

    def __init__(self, client: GameBot, user: Member, channel: Channel, *, message: Message | None = None,
                 data: dict | None = None, app_permissions: discord.Permissions = BOT_PERMISSIONS):
        self.client = client
        self.user = user
        self.channel = channel
        self.channel_id = channel.id
        self.guild = channel.guild
        self.guild_id = channel.guild.id
        self.locale = user.locale or "en-US"
        self.guild_locale = channel.guild.preferred_locale
        self.message = message
        self.data = data or {}
        self.permissions = discord.Permissions(manage_channels=user.manage_channels, view_channel=True,
                                               send_messages=True)
        self.app_permissions = app_permissions
        self.response = Response(self)
        self.followup = Followup(self)
        self.replies: list[Message] = []
        self.choices: list = []
        self.type = discord.InteractionType.component

    async def edit_original_response(self, *, content=None, view=None, **kwargs):
        assert self.message is not None, "only a component interaction edits its message here"
        self.message.content = content if content is not None else self.message.content
        self.message.view = view

    @property
    def reply_text(self) -> str:
        return "\n".join(m.content for m in self.replies)


class World:
    """One guild with channels and members, and a real bot bound to a database file."""

    def __init__(self, db_path: Path, clock: FakeClock | None = None, guild_id: int | None = None):
        self.db_path = db_path
        self.clock = clock or FakeClock()
        self.guild = Guild(guild_id or next(_ids))
        self.channels: dict[int, Channel] = {}
        self.members: dict[int, Member] = {}
        self.bot: GameBot | None = None

    def channel(self, name: str = "game", guild: Guild | None = None) -> Channel:
        channel = Channel(self, name, guild or self.guild)
        self.channels[channel.id] = channel
        return channel

    def new_guild(self) -> Guild:
        return Guild(next(_ids))

    def member(self, name: str, **kwargs) -> Member:
        member = Member(next(_ids), name, **kwargs)
        self.members[member.id] = member
        self.guild.members[member.id] = member
        return member

    async def start_bot(self, **settings) -> GameBot:
        """A real GameBot, prepared as on start-up but not connected; replaces any previous one."""
        if self.bot is not None:
            await self.bot.close()
        bot = GameBot(Settings(token=TOKEN, database_path=self.db_path, **settings), clock=self.clock)
        await bot.prepare()
        bot.publisher.channel_lookup = self._lookup_channel
        bot.publisher.user_lookup = self._lookup_user
        self.bot = bot
        return bot

    async def _lookup_channel(self, channel_id: int):
        return self.channels.get(channel_id)

    async def _lookup_user(self, user_id: int):
        return self.members[user_id]

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            self.bot = None

    # -- acting like a member ------------------------------------------------------------
    def _command(self, path: str):
        parts = path.split()
        command = self.bot.tree.get_command(parts[0])
        for part in parts[1:]:
            command = command.get_command(part)
        assert command is not None, f"no command /{path}"
        return command

    async def slash(self, member: Member, channel: Channel, path: str, *,
                    app_permissions: discord.Permissions = BOT_PERMISSIONS, **options) -> Interaction:
        """Run `/path` with `options` as `member` in `channel` (the real command callback)."""
        command = self._command(path)
        interaction = Interaction(self.bot, member, channel, app_permissions=app_permissions)
        # As discord.py calls it: a cog's command with its cog, a command of no cog (a game's
        # shortcuts, built from its manifest) without.
        bound = () if command.binding is None else (command.binding,)
        await command.callback(*bound, interaction, **options)
        assert interaction.response.is_done(), f"/{path} did not answer the interaction"
        return interaction

    async def autocomplete(self, member: Member, channel: Channel, path: str, param: str, current: str):
        command = self._command(path)
        interaction = Interaction(self.bot, member, channel)
        callback = command._params[param].autocomplete
        bound = (command.binding,) if getattr(callback, "pass_command_binding", False) else ()
        return await callback(*bound, interaction, current)

    async def click(self, member: Member, message: Message, label: str) -> Interaction:
        """Click the button labelled `label` (or with that custom id) on `message`."""
        item = next((c for c in message.components if isinstance(c.item, discord.ui.Button)
                     and label in (c.item.label, c.item.custom_id)), None)
        assert item is not None, f"no button {label!r}; buttons: {message.buttons()}"
        return await self.dispatch(member, message, item.item.custom_id, discord.ui.Button(
            custom_id=item.item.custom_id, label=item.item.label))

    async def select(self, member: Member, message: Message, value: str) -> Interaction:
        """Pick `value` (an option value) in whichever select menu on `message` offers it."""
        for c in message.components:
            if isinstance(c.item, discord.ui.Select) and any(o.value == value for o in c.item.options):
                base = discord.ui.Select(custom_id=c.item.custom_id, options=list(c.item.options))
                return await self.dispatch(member, message, c.item.custom_id, base, values=[value])
        raise AssertionError(f"no select offers {value!r}")

    async def submit_form(self, member: Member, opened: Interaction, values: dict[str, str]) -> Interaction:
        """Fill in and submit the form (modal) a click opened, as a client does: every field
        given, a menu's value one of its options, a text within its length; then the bot's
        modal handler answers it."""
        from bot.discord_ui.components import form_submitted

        modal = opened.response.modal
        assert modal is not None, "that click opened no form"
        components = []
        for label in (c for c in modal.children if isinstance(c, discord.ui.Label)):
            widget = label.component
            value = values[widget.custom_id]
            if isinstance(widget, discord.ui.Select):
                assert value in {o.value for o in widget.options}, f"{value!r} is not in the menu"
                components.append({"type": 18, "component": {"type": 3, "custom_id": widget.custom_id,
                                                             "values": [value]}})
            else:
                assert len(value) <= (widget.max_length or 4000), "longer than the field takes"
                components.append({"type": 18, "component": {"type": 4, "custom_id": widget.custom_id,
                                                             "value": value}})
        data = {"custom_id": modal.custom_id, "components": components}
        interaction = Interaction(self.bot, member, opened.channel, message=opened.message, data=data)
        interaction.type = discord.InteractionType.modal_submit
        assert await form_submitted(interaction), "the bot did not take its own form"
        assert interaction.response.is_done(), "a submitted form must be acknowledged"
        return interaction

    async def dispatch(self, member: Member, message: Message, custom_id: str, base: discord.ui.Item,
                       values: list[str] | None = None) -> Interaction:
        """As discord.py's ViewStore does for a DynamicItem: match the registered template,
        rebuild the item from its custom id, check, then run its callback."""
        store = self.bot._connection._view_store
        matches = [(pattern.fullmatch(custom_id), cls) for pattern, cls in store._dynamic_items.items()]
        match, cls = next(((m, c) for m, c in matches if m), (None, None))
        assert match is not None, f"no registered DynamicItem matches {custom_id!r}"
        data = {"custom_id": custom_id, "values": values or []}
        interaction = Interaction(self.bot, member, message.channel, message=message, data=data)
        item = await cls.from_custom_id(interaction, base, match)
        item._refresh_state(interaction, data)
        if await item.interaction_check(interaction):
            await item.callback(interaction)
        assert interaction.response.is_done(), "a click must be acknowledged"
        return interaction


# The playing helpers live in bot_playing.py; tests import them from here too.
from bot_playing import (  # noqa: E402, F401
    PROMPT_TEMPLATES,
    current_prompts,
    form_values,
    loaded_game,
    modal_fields,
    open_game,
    open_group,
    own_choices,
    pass_label,
    pick,
    prompt_seat,
    prompt_version,
    question,
    waiting_member,
)
