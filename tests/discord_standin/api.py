"""The test API: a fake Discord that reads like a person using it.

    discord = await FakeDiscord.start()
    ann = discord.member("Ann")
    ix = await discord.slash(ann, discord.channel("general"), "game new", game="byzantium")
    reply = await ix.response                # the first callback: .type, .content, .ephemeral, .files
    board = await discord.wait_for_message(discord.channel("general"), lambda m: m.attachments)
    board.image().size; board.buttons()
    await discord.click(ann, board, "Take Damascus")
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from typing import Any

from . import commands, interactions, payloads
from .faults import Faults
from .gateway import GUILD_MEMBERS, GUILDS, RESUMABLE_CLOSE
from .ids import snowflake
from .message_record import Message
from .records import Interaction, RegisteredCommand, Violation
from .server import StandIn
from .world import DM, MANAGE_CHANNELS, Channel, Guild, Member, Role

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
BUTTON, STRING_SELECT = 2, 3
MANAGERS_ROLE = "Channel Managers"


class FakeDiscord:
    def __init__(self, standin: StandIn, guild: Guild) -> None:
        self.standin = standin
        self.guild = guild
        self._announcements: list[asyncio.Task[bool]] = []
        self._since = 0  # messages with a larger id came after the last action of a test member

    @classmethod
    async def start(cls, *, guild_name: str = "Test Server", channels: tuple[str, ...] = ("general",),
                    **standin_options: Any) -> FakeDiscord:
        standin = await StandIn(**standin_options).start()
        return cls(standin, standin.world.create_guild(guild_name, channels))

    async def close(self) -> None:
        await self._flush()
        await self.standin.stop()

    # -- addresses for starting a bot ----------------------------------------------------------

    @property
    def token(self) -> str:
        return self.standin.token

    @property
    def api_base(self) -> str:
        return self.standin.api_base

    @property
    def application_id(self) -> int:
        return self.standin.world.app.id

    @property
    def bot_user_id(self) -> int:
        return self.standin.world.app.user.id

    # -- places and people ---------------------------------------------------------------------

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None,
                  channels: tuple[str, ...] = ("general",)) -> FakeDiscord:
        """Another server (with `shard=(id, count)`: one Discord puts on that shard), as a view of
        this fake Discord whose channel()/member()/role() are that server's. Create it before the
        bot connects, or it is not in the bot's READY."""
        return self.in_guild(self.standin.world.create_guild(name, channels, shard=shard))

    def in_guild(self, guild: Guild) -> FakeDiscord:
        view = copy.copy(self)  # the same stand-in, announcements and action marker
        view.guild = guild
        return view

    def channel(self, name: str) -> Channel:
        """The text channel (or thread) called `name`; a text channel is created if there is none."""
        for channel in self.standin.world.channels.values():
            if channel.name == name and channel.guild_id == self.guild.id:
                return channel
        channel = self.standin.world.create_channel(self.guild, name)
        self._announce("CHANNEL_CREATE", payloads.channel(channel), GUILDS)
        return channel

    def thread(self, name: str) -> Channel:
        for channel in self.standin.world.channels.values():
            if channel.is_thread and channel.name == name:
                return channel
        raise AssertionError(f"no thread named {name!r}")

    def dm(self, member: Member) -> Channel:
        """The DM channel between the bot and `member` (where the bot's DMs to them appear)."""
        return self.standin.world.dm_channel(member.user)

    def close_dms(self, member: Member, closed: bool = True) -> None:
        """The member turns off direct messages from server members: the bot's DMs are refused."""
        member.user.accepts_dms = not closed

    def member(self, name: str, manage_channels: bool = False, roles: list[str] | tuple[str, ...] = ()) -> Member:
        """The server member called `name`, created on first use; named roles (and Manage Channels,
        through a role) are given to them, also when they already exist."""
        role_ids = [self.role(r).id for r in roles]
        if manage_channels:
            role_ids.append(self.role(MANAGERS_ROLE, permissions=MANAGE_CHANNELS).id)
        existing = next((m for m in self.guild.members if m.name == name), None)
        if existing is not None:
            added = [r for r in role_ids if r not in existing.role_ids]
            if added:
                existing.role_ids.extend(added)
                self._announce("GUILD_MEMBER_UPDATE", payloads.member(existing) | {"guild_id": str(self.guild.id)},
                               GUILD_MEMBERS)
            return existing
        member = self.standin.world.create_member(self.guild, name, role_ids)
        self._announce("GUILD_MEMBER_ADD", payloads.member(member) | {"guild_id": str(self.guild.id)}, GUILD_MEMBERS)
        return member

    def role(self, name: str, permissions: int = 0) -> Role:
        role = self.guild.role(name)
        if role is None:
            role = self.standin.world.create_role(self.guild, name, permissions)
            self._announce("GUILD_ROLE_CREATE", {"guild_id": str(self.guild.id), "role": payloads.role(role)}, GUILDS)
        return role

    def _announce(self, event: str, data: dict[str, Any], intent: int) -> None:
        """Tell a connected bot about a new channel/member/role, as Discord would, before the next action."""
        self._announcements.append(asyncio.ensure_future(self.standin.gateway.dispatch(event, data, intent=intent)))

    async def _flush(self) -> None:
        tasks = list(self._announcements)
        self._announcements.clear()  # the list is shared with in_guild() views
        if tasks:
            await asyncio.gather(*tasks)

    # -- what the bot registered ---------------------------------------------------------------

    def commands(self) -> dict[str, RegisteredCommand]:
        """Registered slash commands visible in the test guild (guild commands shadow global ones)."""
        store = self.standin.store
        return {**store.global_commands, **store.guild_commands.get(self.guild.id, {})}

    def command(self, name: str) -> RegisteredCommand:
        return commands.find_command(self.standin.store, self.guild.id, name)

    async def wait_for_commands(self, *names: str, timeout: float = 10.0) -> dict[str, RegisteredCommand]:
        """Wait until the bot has registered these commands (or any command, if none are named)."""
        def done() -> dict[str, RegisteredCommand] | None:
            found = self.commands()
            return found if (all(n in found for n in names) if names else found) else None
        return await self.standin.store.wait_until(done, timeout, f"commands {names or 'any'} to be registered")

    # -- acting as a person ----------------------------------------------------------------------

    async def slash(self, member: Member, channel: Channel, command: str, **options: Any) -> Interaction:
        """Use a slash command: "game new" is command game, subcommand new; options by name."""
        cmd, data = commands.build(self.standin.world, self.standin.store, self.guild.id, command, options)
        self._check_visible(cmd, member, channel)
        return await self._interact(member, channel, APPLICATION_COMMAND, data, command_name=command)

    async def autocomplete(self, member: Member, channel: Channel, command: str, option: str, typed: str,
                           **options: Any) -> Interaction:
        """Type `typed` into `option` of the command; `(await ix.response).choices` are the suggestions."""
        cmd, data = commands.build(self.standin.world, self.standin.store, self.guild.id, command,
                                   {**options, option: typed}, focused=option)
        self._check_visible(cmd, member, channel)
        return await self._interact(member, channel, AUTOCOMPLETE, data, command_name=command)

    def can_use(self, member: Member, command: str, channel: Channel | None = None) -> bool:
        """Whether the Discord client offers /command to this member (permissions, guild-only)."""
        try:
            self._check_visible(self.command(command.split()[0]), member, channel or self.channel("general"))
        except commands.CommandHidden:
            return False
        return True

    def _check_visible(self, cmd: RegisteredCommand, member: Member, channel: Channel) -> None:
        commands.check_visible(cmd, self.guild.permissions_of(member), in_dm=channel.type == DM)

    async def click(self, member: Member, message: Message, label_or_custom_id: str) -> Interaction:
        """Click a button (found by label or custom id) on the message as it stands now."""
        button = message.button(label_or_custom_id)
        if button.disabled:
            raise AssertionError(f"button {label_or_custom_id!r} is disabled; nobody can click it")
        if button.custom_id is None:
            raise AssertionError(f"button {label_or_custom_id!r} is a link button; it opens {button.url}")
        data = {"custom_id": button.custom_id, "component_type": BUTTON}
        return await self._interact(member, self._channel_of(message), MESSAGE_COMPONENT, data, message=message)

    async def select(self, member: Member, message: Message, custom_id_or_placeholder: str,
                     values: list[str] | str) -> Interaction:
        """Pick option values (by value or label) in a string select on the message."""
        menu = message.select(custom_id_or_placeholder)
        picked = [values] if isinstance(values, str) else list(values)
        by_label = {o.label: o.value for o in menu.options}
        offered = {o.value for o in menu.options}
        picked = [v if v in offered else by_label.get(v, v) for v in picked]
        if menu.disabled:
            raise AssertionError(f"select {custom_id_or_placeholder!r} is disabled")
        if menu.type == STRING_SELECT and not set(picked) <= offered:
            raise AssertionError(f"{sorted(set(picked) - offered)} not offered by select {custom_id_or_placeholder!r}")
        if not menu.min_values <= len(picked) <= menu.max_values:
            raise AssertionError(f"pick {menu.min_values}-{menu.max_values} values, not {len(picked)}")
        data = {"custom_id": menu.custom_id, "component_type": menu.type, "values": picked}
        return await self._interact(member, self._channel_of(message), MESSAGE_COMPONENT, data, message=message)

    async def open(self, member: Member, message: Message, label_or_custom_id: str, *,
                   timeout: float = 10.0) -> Message:
        """Click a button that opens more choices for the clicker alone (an ephemeral follow-up
        with components, as a bot shows a group's options) and return that message."""
        ix = await self.click(member, message, label_or_custom_id)

        def opened() -> Message | None:
            return next((m for m in ix.followups if m.components), None) or (
                ix.followups[0] if ix.followups else None)
        shown = await self.standin.store.wait_until(opened, timeout, f"the choices {label_or_custom_id!r} opens")
        assert shown.ephemeral, f"{label_or_custom_id!r} opened a public message: {shown}"
        return shown

    async def submit_modal(self, member: Member, ix: Interaction, values: dict[str, str | list[str]] | None = None,
                           ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to `ix` (callback type 9), as
        the Discord client does: fields by custom id, a text input's value as text, a select's
        values as a list (a string is one value); a field left out keeps what the bot
        prefilled. Refuses what the client refuses: someone else submitting, a required field
        left empty, a value outside a select's options or a text input's lengths."""
        modal = ix.modal
        if modal is None:
            raise AssertionError(f"interaction {ix.id} opened no modal (callbacks: {[c.type for c in ix.callbacks]})")
        if ix.user.id != member.id:
            raise AssertionError(f"the modal is open on {ix.user.name}'s screen, not {member.name}'s")
        values = dict(values or {})
        submitted = [self._field_answer(comp, values) for comp in modal.get("components") or []]
        if values:
            raise AssertionError(f"the modal has no fields {sorted(values)}")
        data = {"custom_id": modal["custom_id"], "components": submitted}
        ix.modal = None  # submitting closes it
        channel = self.standin.world.channels[ix.channel_id]
        return await self._interact(member, channel, MODAL_SUBMIT, data, message=ix.source_message)

    async def forge(self, member: Member, channel: Channel, type: int, data: dict[str, Any], *,
                    message: Message | None = None) -> Interaction:
        """An interaction no Discord client would send but a modified one could (a form submitted
        by a member it was never shown to, a click on a component that is not there): for tests
        of what a bot refuses. `type` is an interaction type (3 component, 5 modal submit)."""
        return await self._interact(member, channel, type, data, message=message)

    @staticmethod
    def _field_answer(comp: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        """One top-level component of a modal as Discord submits it."""
        kind = comp.get("type")
        if kind == 10:
            return {"type": 10, "id": comp.get("id"), "content": comp.get("content", "")}
        if kind == 1:
            return {"type": 1, "components": [FakeDiscord._input_answer(c, values) for c in comp["components"]]}
        return {"type": 18, "id": comp.get("id"), "component": FakeDiscord._input_answer(comp["component"], values)}

    @staticmethod
    def _input_answer(field: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        custom_id = field["custom_id"]
        if field.get("type") == 4:
            value = str(values.pop(custom_id, field.get("value") or ""))
            lo, hi = int(field.get("min_length") or 0), int(field.get("max_length") or 4000)
            if field.get("required", True) and not value:
                raise AssertionError(f"the field {custom_id!r} is required")
            if value and not lo <= len(value) <= hi:
                raise AssertionError(f"the field {custom_id!r} takes {lo} to {hi} characters, not {len(value)}")
            return {"type": 4, "id": field.get("id"), "custom_id": custom_id, "value": value}
        chosen = values.pop(custom_id, [o["value"] for o in field.get("options") or [] if o.get("default")])
        chosen = [chosen] if isinstance(chosen, str) else list(chosen)
        offered = {o["value"] for o in field.get("options") or []}
        if field.get("type") == STRING_SELECT and not set(chosen) <= offered:
            raise AssertionError(f"{sorted(set(chosen) - offered)} not offered by {custom_id!r}")
        lo, hi = field.get("min_values", 1), field.get("max_values", 1)
        if field.get("required", True) and not lo <= len(chosen) <= hi:
            raise AssertionError(f"pick {lo}-{hi} values in {custom_id!r}, not {len(chosen)}")
        return {"type": field.get("type", STRING_SELECT), "id": field.get("id"), "custom_id": custom_id,
                "values": chosen}

    def _channel_of(self, message: Message) -> Channel:
        return self.standin.world.channels[message.channel_id]

    async def _interact(self, member: Member, channel: Channel, type: int, data: dict[str, Any], *,
                        message: Message | None = None, command_name: str | None = None) -> Interaction:
        await self._flush()
        self._since = snowflake()
        return await interactions.create(self.standin, member, channel, type, data, message=message,
                                         command_name=command_name)

    # -- what people see -------------------------------------------------------------------------

    def messages(self, channel: Channel, *, include_ephemeral: bool = False) -> list[Message]:
        """Messages in the channel, oldest first, as they stand now (ephemeral ones only if asked)."""
        return self.standin.store.channel_messages(channel.id, include_ephemeral=include_ephemeral)

    def ephemeral_messages(self, member: Member) -> list[Message]:
        """Ephemeral messages only `member` saw (answers to their interactions)."""
        store = self.standin.store
        return [m for m in store.messages.values() if m.ephemeral and not m.deleted and m.interaction_id
                and store.interactions[m.interaction_id].user.id == member.id]

    def message(self, message_id: int) -> Message:
        return self.standin.store.messages[message_id]

    async def wait_for_message(self, channel: Channel, predicate: Callable[[Message], Any] | None = None,
                               timeout: float = 10.0, *, since: Message | Interaction | int | None = -1,
                               include_ephemeral: bool = False) -> Message:
        """The first message in `channel` matching `predicate` (checked against its latest version).

        By default only messages posted after the last slash/click/select count; pass since=None
        for any message, or a Message/Interaction/id to count from there.
        """
        floor = self._since if since == -1 else (since.id if isinstance(since, Message | Interaction) else since or 0)

        def find() -> Message | None:
            for m in self.messages(channel, include_ephemeral=include_ephemeral):
                if m.id > floor and (predicate is None or predicate(m)):
                    return m
            return None
        return await self.standin.store.wait_until(find, timeout, f"a matching message in #{channel.name}")

    async def wait_for(self, check: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
        """Wait until check() is truthy, re-checking whenever the stand-in records something."""
        return await self.standin.store.wait_until(check, timeout, what)

    async def wait_until_connected(self, timeout: float = 10.0) -> None:
        gateway = self.standin.gateway
        await self.standin.store.wait_until(lambda: gateway.connected, timeout, "the bot to connect to the gateway")

    # -- records and faults --------------------------------------------------------------------

    @property
    def faults(self) -> Faults:
        """Knobs: rate_limit_message_posts(n, retry_after=), fail_uploads(n), delay(seconds)."""
        return self.standin.faults

    async def drop_gateway(self, code: int = RESUMABLE_CLOSE) -> None:
        await self.standin.gateway.drop(code)

    def drop_gateway_before(self, event_type: str = "INTERACTION_CREATE", code: int = RESUMABLE_CLOSE) -> None:
        self.standin.gateway.drop_before(event_type, code)

    @property
    def violations(self) -> list[Violation]:
        return self.standin.store.violations

    @property
    def unknown_routes(self) -> list[str]:
        return self.standin.store.unknown_routes

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.standin.store.interactions.values())

    def latencies(self) -> list[dict[str, Any]]:
        """Per interaction: seconds to the first callback and to the first message with a file."""
        return [
            {"id": ix.id, "type": ix.type, "first_response": ix.first_response_latency,
             "first_attachment": ix.first_attachment_latency}
            for ix in self.standin.store.interactions.values()
        ]

    def unanswered(self) -> list[Interaction]:
        """Interactions past their deadline without any callback: players saw "did not respond"."""
        return [ix for ix in self.standin.store.interactions.values() if not ix.acknowledged and ix.age > ix.deadline]

    def assert_clean(self) -> None:
        """Nothing the bot sent broke Discord's rules, every interaction was answered in time, and the
        bot called no route the stand-in lacks."""
        assert not self.violations, "violations:\n" + "\n".join(map(str, self.violations))
        assert not self.unknown_routes, f"unknown routes called: {self.unknown_routes}"
        assert not self.unanswered(), f"interactions never answered: {self.unanswered()}"

    def __repr__(self) -> str:
        channels = [c.name for c in self.standin.world.channels.values() if c.type != DM]
        return f"<FakeDiscord {self.standin.base_url} guild={self.guild.name!r} channels={channels}>"
