"""Creating an interaction as Discord does when a person uses a command or a component: the
INTERACTION_CREATE payload (member with permissions, channel, app permissions, the message for
components), the record that collects the bot's answers, and the dispatch on the gateway."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import payloads
from .ids import interaction_token, snowflake
from .message_record import Message
from .records import Interaction
from .world import DM, Channel, Member

if TYPE_CHECKING:
    from .server import StandIn

GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


async def create(s: StandIn, member: Member, channel: Channel, type: int, data: dict[str, Any], *,
                 message: Message | None = None, command_name: str | None = None) -> Interaction:
    world = s.world
    ix_id = snowflake()
    token = interaction_token()
    guild = world.guild(channel.guild_id)
    bot_member = world.member(channel.guild_id, world.app.user.id)
    payload: dict[str, Any] = {
        "id": str(ix_id),
        "application_id": str(world.app.id),
        "type": type,
        "data": data,
        "channel_id": str(channel.id),
        "token": token,
        "version": 1,
        "locale": member.user.locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if guild is not None and channel.type != DM:
        permissions = guild.permissions_of(member)
        payload |= {
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            "guild_locale": guild.preferred_locale,
            "member": payloads.member(member, permissions=permissions),
            "channel": payloads.channel(channel) | {"permissions": str(permissions)},
            "app_permissions": str(guild.permissions_of(bot_member) if bot_member else 0),
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": GUILD_CONTEXT,
        }
    else:
        payload |= {
            "user": payloads.user(member.user),
            "channel": payloads.channel(channel),
            "app_permissions": "0",
            "authorizing_integration_owners": {"1": str(member.id)},
            "context": BOT_DM_CONTEXT,
        }
    if message is not None:
        payload["message"] = s.messaging.payload(message)

    ix = Interaction(id=ix_id, token=token, type=type, payload=payload, member=member, user=member.user,
                     channel_id=channel.id, deadline=s.deadline)
    ix.source_message = message
    ix.command_name = command_name
    s.store.add_interaction(ix)
    ix.delivered = await s.gateway.dispatch("INTERACTION_CREATE", payload)
    s.store.changed()
    return ix
