"""Which language each text is read in (issue 17).

Private answers (ephemeral replies, private prompts, DMs) are in the member's own language,
which Discord sends with every interaction (`Actor.lang`); the last one seen is kept for the
DMs sent outside an interaction (reminders, private prompts by DM). Public posts and boards
are in the game's language: the language a moderator set with `/settings language` for the
game's channel, else for the server, else the server's preferred locale (`Actor.guild_lang`,
or the guild the publisher posts in). A change takes effect with the next post.

The service only chooses the language; texts stay message ids until the publisher renders
them (bot/discord_ui/publish.py), so one Outcome holds a German reply and Italian posts.
"""

from __future__ import annotations

import time

from bot.service.actor import Actor
from bot.service.core import ServiceCore
from bot.service.posts import Outcome
from engine.text import msg
from locales import LANGUAGES, SOURCE

SCOPES = ("channel", "server")
DEFAULT = "default"  # /settings language ... default: back to the server's preferred locale

# The moderators' settings of a channel are kept this long: a choice asks for its channel's
# language three times (the service for its pictures, the publisher for its posts), each a trip
# to the database and back through a busy event loop (issue 30). A change made in this process
# clears them at once; one made by another process sharing the database (PostgreSQL, a shard
# that moved) shows within this time.
SETTINGS_KEPT_SECONDS = 30.0
KEPT_CHANNELS = 10_000  # past this many channels kept, all are dropped (read again when asked)


def _clock() -> float:
    return time.monotonic()


class LanguageActions(ServiceCore):
    """`/settings language` and the language of every post; part of GameService."""

    def _language_caches(self) -> tuple[dict, dict]:
        # guild id -> its preferred language as last seen; user id -> their language as last seen.
        # The moderators' settings are kept apart, for SETTINGS_KEPT_SECONDS (`_settings`).
        if not hasattr(self, "_guild_langs"):
            self._guild_langs, self._member_langs = {}, {}
        return self._guild_langs, self._member_langs

    def note_languages(self, actor: Actor) -> bool:
        """Remember what an interaction told of languages: the server's preferred locale, and the
        member's own. True when the member's language is new (`store_member_language` then keeps
        it, after the request: the request itself never waits on this write)."""
        guilds, members = self._language_caches()
        if actor.guild_id is not None and actor.guild_lang:
            guilds[actor.guild_id] = actor.guild_lang
        if actor.lang and members.get(actor.user_id) != actor.lang:
            members[actor.user_id] = actor.lang
            return True
        return False

    async def store_member_language(self, actor: Actor) -> None:
        """Keep a member's language for the DMs sent outside an interaction (reminders)."""
        await self.storage.set_member_language(actor.user_id, actor.lang)

    async def member_language(self, user_id: int, fallback: str | None = None) -> str:
        """A member's own language as last seen (for a DM outside an interaction)."""
        _guilds, members = self._language_caches()
        if user_id not in members:
            members[user_id] = await self.storage.member_language(user_id)
        return members[user_id] or fallback or SOURCE

    async def game_language(self, guild_id: int | None, channel_id: int | None, preferred: str | None = None) -> str:
        """The language of public posts in a channel: set for the channel, else for the server,
        else the server's preferred locale (`preferred`, or as last seen), else English."""
        guilds, _members = self._language_caches()
        if guild_id is None:
            return preferred or SOURCE
        if preferred:
            guilds[guild_id] = preferred
        channel_lang, server_lang = await self._settings(guild_id, channel_id or 0)
        return channel_lang or server_lang or guilds.get(guild_id) or SOURCE

    async def _settings(self, guild_id: int, channel_id: int) -> tuple[str | None, str | None]:
        """The languages set for the channel and for the server, read at most every
        SETTINGS_KEPT_SECONDS (a change made here clears them: set_language)."""
        kept: dict = self.__dict__.setdefault("_kept_settings", {})
        found = kept.get((guild_id, channel_id))
        if found is not None and _clock() - found[0] < SETTINGS_KEPT_SECONDS:
            return found[1]
        settings = await self.storage.languages(guild_id, channel_id)
        if len(kept) >= KEPT_CHANNELS:
            kept.clear()
        kept[(guild_id, channel_id)] = (_clock(), settings)
        return settings

    async def record_language(self, record) -> str:
        """The language of a game's public posts (its boards are drawn in it too)."""
        return await self.game_language(record.guild_id, record.channel_id)

    async def set_language(self, actor: Actor, scope: str, lang: str) -> Outcome:
        """`/settings language`: moderators only; for this channel's games or the whole server."""
        self.require_moderator(actor)
        if actor.guild_id is None:
            return Outcome.refuse(msg("Languages are set in a server channel."))
        if scope not in SCOPES:
            return Outcome.refuse(msg("Choose where: this channel or the whole server."))
        if lang != DEFAULT and lang not in LANGUAGES:
            return Outcome.refuse(msg("I speak English, Italian, German and Polish: choose one of them."))
        channel_id = actor.channel_id if scope == "channel" else 0
        await self.storage.set_language(actor.guild_id, channel_id, None if lang == DEFAULT else lang,
                                        by_user_id=actor.user_id)
        kept: dict = self.__dict__.setdefault("_kept_settings", {})
        for key in [k for k in kept if k[0] == actor.guild_id]:  # the next post reads them anew
            del kept[key]
        now = await self.game_language(actor.guild_id, actor.channel_id, actor.guild_lang or None)
        name = LANGUAGES.get(now, now)
        if scope == "channel":
            return Outcome.say(msg("The games in this channel now post in {language}, from the next post on.",
                                   language=name))
        return Outcome.say(msg("The games of this server now post in {language}, from the next post on "
                               "(a channel with a language of its own keeps it).", language=name))
