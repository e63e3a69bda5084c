"""The people and places of the fake Discord: one application (the bot), guilds, channels, roles, members.

Plain data; payloads.py turns it into the JSON Discord would send.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from .ids import bot_token, snowflake, snowflake_on_shard

# Permission bits used here (https://discord.com/developers/docs/topics/permissions).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

# What @everyone may do in a freshly created server.
EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
    | READ_MESSAGE_HISTORY | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS
)
# The bot's managed role: what an invite link for a game bot would typically grant.
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    # "Allow direct messages from server members" off: the bot may open the DM channel, but
    # every message into it is refused (403, code 50007), as on Discord.
    accepts_dms: bool = True
    # The member's Discord client language, sent with each interaction as `locale`.
    locale: str = "en-US"


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name


@dataclass
class Channel:
    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipients: list[User] = field(default_factory=list)
    position: int = 0
    last_message_id: int | None = None
    message_count: int = 0
    created_at: str = field(default_factory=now_iso)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)
    # The server's language (Server Settings -> Community), sent as `guild_locale`.
    preferred_locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        # The @everyone role's id is the guild's id, as on Discord.
        return next(r for r in self.roles if r.id == self.id)

    def role(self, name: str) -> Role | None:
        return next((r for r in self.roles if r.name == name), None)

    def permissions_of(self, member: Member) -> int:
        """Guild-level permissions (no channel overwrites: the stand-in's channels have none)."""
        value = self.everyone.permissions
        for role in self.roles:
            if role.id in member.role_ids:
                value |= role.permissions
        if member.id == self.owner_id or value & ADMINISTRATOR:
            return (1 << 53) - 1  # owners and administrators have every permission
        return value


@dataclass
class Application:
    """The bot's application and its bot user; the token is what the bot logs in with."""

    id: int
    name: str
    user: User
    token: str
    owner: User
    flags: int = 0

    @classmethod
    def create(cls, name: str = "Boardgame Bot") -> Application:
        app_id = snowflake()
        # On Discord the bot user's id equals the application id.
        user = User(id=app_id, name=name, bot=True)
        owner = User(id=snowflake(), name="bot-owner")
        return cls(id=app_id, name=name, user=user, token=bot_token(app_id), owner=owner)


class World:
    """Everything that exists on the fake Discord, with lookups by id."""

    def __init__(self, app: Application) -> None:
        self.app = app
        self.guilds: list[Guild] = []
        self.users: dict[int, User] = {app.user.id: app.user, app.owner.id: app.owner}
        self.channels: dict[int, Channel] = {}

    def create_guild(self, name: str, channel_names: tuple[str, ...] = ("general",),
                     shard: tuple[int, int] | None = None) -> Guild:
        """A guild; with `shard=(id, count)` one whose events Discord sends on that shard."""
        guild_id = snowflake() if shard is None else snowflake_on_shard(*shard)
        guild = Guild(id=guild_id, name=name, owner_id=self.app.owner.id)
        guild.roles.append(Role(id=guild_id, name="@everyone", permissions=EVERYONE_PERMISSIONS))
        bot_role = Role(id=snowflake(), name=self.app.name, permissions=BOT_PERMISSIONS, position=1, managed=True)
        guild.roles.append(bot_role)
        guild.members.append(Member(user=self.app.user, guild_id=guild_id, role_ids=[bot_role.id]))
        guild.members.append(Member(user=self.app.owner, guild_id=guild_id))
        self.guilds.append(guild)
        for channel_name in channel_names:
            self.create_channel(guild, channel_name)
        return guild

    def create_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(id=snowflake(), type=GUILD_TEXT, name=name, guild_id=guild.id, position=len(guild.channels))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def create_thread(self, parent: Channel, name: str, owner_id: int, *, private: bool = False) -> Channel:
        thread = Channel(
            id=snowflake(),
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
        )
        self.channels[thread.id] = thread
        return thread

    def create_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(id=snowflake(), name=name, permissions=permissions, position=len(guild.roles))
        guild.roles.append(role)
        return role

    def create_member(self, guild: Guild, name: str, role_ids: list[int]) -> Member:
        user = User(id=snowflake(), name=name)
        self.users[user.id] = user
        member = Member(user=user, guild_id=guild.id, role_ids=list(role_ids))
        guild.members.append(member)
        return member

    def dm_channel(self, user: User) -> Channel:
        """The one DM channel between the bot and `user`, created on first use as on Discord."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipients and channel.recipients[0].id == user.id:
                return channel
        channel = Channel(id=snowflake(), type=DM, name=None, recipients=[user])
        self.channels[channel.id] = channel
        return channel

    def guild(self, guild_id: int | None) -> Guild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def member(self, guild_id: int | None, user_id: int) -> Member | None:
        guild = self.guild(guild_id)
        if guild is None:
            return None
        return next((m for m in guild.members if m.id == user_id), None)
