"""Who may moderate, and which of the bot's own permissions a channel lacks (by name)."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.settings import ModeratorRole
from engine.text import listing, msg_n

# What the bot needs in a game channel; the invite link of docs/hosting.md asks for exactly these.
NEEDED = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "read_message_history": "Read Message History",
    "attach_files": "Attach Files",
    "embed_links": "Embed Links",
}
NEEDED_IN_THREAD = {"send_messages_in_threads": "Send Messages in Threads"}
NEEDED_FOR_BOARD_THREAD = {"create_public_threads": "Create Public Threads"}

INVITE_PERMISSIONS = discord.Permissions(
    **{name: True for name in (*NEEDED, *NEEDED_IN_THREAD, *NEEDED_FOR_BOARD_THREAD)}
)


def is_moderator(member: object, channel_permissions: discord.Permissions | None, rule: ModeratorRole | None,
                 guild_id: int | None) -> bool:
    """Manage Channels in this channel, or the configured moderator role: by id anywhere, by
    name only in the server the setting names (`guild_id` is the server of the interaction)."""
    if channel_permissions is not None and (channel_permissions.manage_channels or channel_permissions.administrator):
        return True
    if rule is None:
        return False
    roles: Iterable = getattr(member, "roles", ()) or ()
    return any(rule.matches(role.id, role.name, guild_id) for role in roles)


def missing(permissions: discord.Permissions | None, *, in_thread: bool = False) -> list[str]:
    """The names of the permissions the bot needs here and lacks (empty: all is well).

    Unknown permissions (None) are treated as fine: Discord will say so if they are not.
    """
    if permissions is None:
        return []
    needed = dict(NEEDED)
    if in_thread:
        needed.update(NEEDED_IN_THREAD)
        needed.pop("send_messages")
    if permissions.administrator:
        return []
    return [label for name, label in needed.items() if not getattr(permissions, name)]


def missing_sentence(names: list[str]):
    """The permissions by Discord's own English names, in bold (as docs/hosting.md's invite asks for them)."""
    quoted = listing([f"**{name}**" for name in names])
    return msg_n("I can't play here: I'm missing the {names} permission in this channel. Ask a server admin to grant it.",
                 "I can't play here: I'm missing the {names} permissions in this channel. Ask a server admin to grant "
                 "them.", len(names), names=quoted)
