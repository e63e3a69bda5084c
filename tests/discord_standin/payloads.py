"""JSON objects exactly as Discord API v10 sends them (the fields discord.py 2.7 reads, and the usual rest)."""

from __future__ import annotations

from typing import Any

from .world import DM, Application, Channel, Guild, Member, Role, User, now_iso


def user(u: User) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": None if u.bot else u.name,
        "avatar": None,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


def current_user(app: Application) -> dict[str, Any]:
    """GET /users/@me for the bot."""
    return user(app.user) | {"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}


def application(app: Application) -> dict[str, Any]:
    """GET /oauth2/applications/@me (discord.Client.login reads it for application_info)."""
    return {
        "id": str(app.id),
        "name": app.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": app.flags,
        "owner": user(app.owner),
        "team": None,
        "bot": user(app.user),
        "redirect_uris": [],
        "interactions_endpoint_url": None,  # set, discord.py would warn that no interactions arrive
        "approximate_guild_count": 1,
        "integration_types_config": {"0": {}},
    }


def role(r: Role) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }


def member(m: Member, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "nick": None,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.role_ids],
        "joined_at": m.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user(m.user)
    if permissions is not None:
        # Interactions carry the member's resolved permissions in the channel.
        data["permissions"] = str(permissions)
    return data


def channel(c: Channel) -> dict[str, Any]:
    if c.type == DM:
        return {
            "id": str(c.id),
            "type": DM,
            "last_message_id": str(c.last_message_id) if c.last_message_id else None,
            "recipients": [user(u) for u in c.recipients],
            "flags": 0,
        }
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [],
        "topic": None,
        "nsfw": False,
        "last_message_id": str(c.last_message_id) if c.last_message_id else None,
        "rate_limit_per_user": 0,
        "parent_id": str(c.parent_id) if c.parent_id else None,
        "flags": 0,
    }
    if c.is_thread:
        data |= {
            "owner_id": str(c.owner_id),
            "message_count": c.message_count,
            "total_message_sent": c.message_count,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": c.created_at,
                "locked": False,
                "create_timestamp": c.created_at,
            },
        }
    return data


def guild_create(g: Guild, *, all_members: bool, threads: list[Channel]) -> dict[str, Any]:
    """GUILD_CREATE. Without the GUILD_MEMBERS intent Discord sends only the bot's own member."""
    members = g.members if all_members else [m for m in g.members if m.user.bot]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": g.preferred_locale,
        "features": [],
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "max_members": 500000,
        "roles": [role(r) for r in g.roles],
        "emojis": [],
        "stickers": [],
        "joined_at": g.joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "voice_states": [],
        "members": [member(m) for m in members],
        "channels": [channel(c) for c in g.channels],
        "threads": [channel(t) for t in threads],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def ready(app: Application, guilds: list[Guild], session_id: str, resume_url: str,
          shard: tuple[int, int] | None = None) -> dict[str, Any]:
    return {
        "v": 10,
        "user": current_user(app),
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": list(shard or (0, 1)),
        "application": {"id": str(app.id), "flags": app.flags},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "auth_session_id_hash": "",
        "user_settings": {},
        "_trace": ["discord-standin"],
    }


def timestamp() -> str:
    return now_iso()
