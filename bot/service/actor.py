"""Who makes a request, as plain data the service can trust (taken from Discord's payload)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    """Who acts, where, as plain data the service can trust (taken from Discord's payload)."""

    user_id: int
    name: str
    guild_id: int | None
    channel_id: int
    is_moderator: bool = False
    # The channel's parent when the game channel is a thread.
    parent_channel_id: int | None = None
    in_thread: bool = False
    # The member's own language and the server's preferred one (locales.language_of of Discord's
    # interaction.locale and guild_locale); "" when unknown (tests, reminders).
    lang: str = ""
    guild_lang: str = ""
