"""The parts of a message the publisher sends or edits: its files (left out, with a note, when
larger than the server takes), its content (within 2000 characters) and whom it may ping."""

from __future__ import annotations

import io

import discord

from bot.service.posts import Post
from engine.text import Msg, msg
from locales import SOURCE, tr

# Discord's smallest upload limit for bots (servers with boosts allow more).
DEFAULT_FILE_LIMIT = 10 * 1024 * 1024


def _files(post: Post, limit: int, lang: str = SOURCE) -> tuple[list[discord.File], str]:
    files, notes = [], []
    for attachment in post.attachments:
        if len(attachment.data) > limit:
            notes.append(tr(msg("({file} is too large to upload here)", file=attachment.filename), lang))
            continue
        files.append(discord.File(io.BytesIO(attachment.data), filename=attachment.filename))
    return files, " ".join(notes)


def _allowed(post: Post) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(uid) for uid in post.mentions], replied_user=False
    )


def _content(post: Post, note: str) -> str:
    """A rendered post's text with a note; the publisher splits one longer than a message
    (speech.pages): a translation may be longer than the English."""
    return f"{post.content}\n{note}" if note else post.content


def own_question(question: str, user_id: int) -> str:
    """`user_id`'s own question when `question` asks several players at once (a shared message's
    paragraphs, bot/service/turn/turn_prompts.py), for their DM; else `question` itself."""
    if not isinstance(question, Msg):
        return question
    for part in question.params.values():
        if isinstance(part, Msg) and part.params.get("who") == f"<@{user_id}>":
            return part
    return question
