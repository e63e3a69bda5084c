"""The edge where texts become words: a Post's message ids rendered in one language, within
Discord's limits (which apply to the translated text, often longer than the English).

Every text the service hands over stays a message id (engine.text.Msg) until here; the
publisher picks the language (the member's for private answers, the game's for public posts,
see bot/service/languages.py) and calls `rendered` just before sending.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import discord

from bot.service.posts import Post
from bot.service.text import MESSAGE_LIMIT, chunk_lines, clip
from bot.service.turn.prompt import (
    BUTTON_LABEL_LIMIT,
    PLACEHOLDER_LIMIT,
    SELECT_TEXT_LIMIT,
    ButtonSpec,
    SelectSpec,
)
from locales import language_of, tr


def lang_of(locale: discord.Locale | str | None, default: str = "en") -> str:
    """One of our languages for a Discord locale (an interaction's, a guild's preferred)."""
    return language_of(str(locale) if locale is not None else None, default)


def localized(specs: Sequence[ButtonSpec | SelectSpec], lang: str) -> tuple[ButtonSpec | SelectSpec, ...]:
    out: list[ButtonSpec | SelectSpec] = []
    for spec in specs:
        if isinstance(spec, ButtonSpec):
            out.append(dataclasses.replace(spec, label=clip(tr(spec.label, lang), BUTTON_LABEL_LIMIT) or "?"))
        else:
            options = tuple((clip(tr(label, lang), SELECT_TEXT_LIMIT) or "?", value) for label, value in spec.options)
            out.append(dataclasses.replace(spec, placeholder=clip(tr(spec.placeholder, lang), PLACEHOLDER_LIMIT),
                                           options=options))
    return tuple(out)


def rendered(post: Post, lang: str) -> Post:
    """`post` with its content and components in `lang` (content may now exceed one message:
    see `pages`)."""
    account = tr(post.account, lang) if getattr(post, "account", None) else getattr(post, "account", None)
    return dataclasses.replace(post, content=tr(post.content, lang), components=localized(post.components, lang),
                               account=account)


def pages(content: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """A rendered text as messages of at most `limit` characters, split between lines."""
    if len(content) <= limit:
        return [content]
    return chunk_lines(content.split("\n"), limit) or [""]


def say(text, lang: str) -> str:
    """A one-message text (an error answer) in `lang`."""
    return clip(tr(text, lang), MESSAGE_LIMIT)
