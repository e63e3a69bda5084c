"""Game messages changed in place (issue 12: one message per turn): a turn message going on
with its player's next decision or closing once answered, and outdated prompts losing their
buttons. A mixin of the Publisher, which provides `service`, `_channel`, `_note`, `_limit` and
`public_language`."""

from __future__ import annotations

import dataclasses
import logging

import discord

from bot.discord_ui import delivery
from bot.discord_ui.components import build_view
from bot.discord_ui.message_parts import _content, _files
from bot.discord_ui.speech import pages, rendered
from bot.service import text
from bot.service.posts import Outcome, Post
from engine.text import msg
from locales import SOURCE

log = logging.getLogger(__name__)


class _BoardLeftOut(Exception):
    """A message was edited without its new board, which Discord would not take."""

    def __init__(self, error: discord.HTTPException):
        super().__init__(str(error))
        self.error = error


@dataclasses.dataclass(frozen=True)
class _Channel:
    id: int


@dataclasses.dataclass(frozen=True)
class _Sent:
    """A message edited in place, as `_note` reads a sent one."""

    id: int
    channel_id: int

    @property
    def channel(self) -> _Channel:
        return _Channel(self.channel_id)


class MessageEdits:
    async def _stale_prompts(self, outcome: Outcome) -> list:
        """Prompts that the outcome's posts make outdated: those of an older version of the
        game, and every prompt of the games in `retire_games` (ended, or asked again)."""
        stale = list(outcome.outdated)
        for game_id in outcome.retire_games:
            stale += await self.service.stale_prompts(game_id, None)
        versions = [p.version for p in [*outcome.posts, *(e.post for e in outcome.edits)] if p.version is not None]
        if outcome.game_id is not None and versions and outcome.game_id not in outcome.retire_games:
            stale += await self.service.stale_prompts(outcome.game_id, max(versions))
        edited = {e.message_id for e in outcome.edits}  # changed in place: not outdated
        once = {record.message_id: record for record in stale if record.message_id not in edited}
        return list(once.values())

    async def edit_all(self, outcome: Outcome, channel, *, lang: str = SOURCE) -> discord.HTTPException | None:
        """Change the outcome's game messages in place (turn messages going on or closing), then
        note them again (a prompt) or forget them (closed). A new board that cannot be uploaded
        is left out (the message keeps its old one; the failure is returned, to tell the member
        once everything else is done); a prompt whose message is gone is posted anew, so the
        game never waits behind a lost message."""
        failed = None
        for index, edit in enumerate(outcome.edits):
            target = channel if getattr(channel, "id", None) == edit.channel_id else await self._channel(edit.channel_id)
            if target is None:
                continue
            if edit.post.dm_prompt:  # a private step going on in place: its prompt by DM first
                await self._dm_in_place(outcome, edit.post, lang)
            post = rendered(edit.post, lang)  # a public message: in the game's language
            try:
                await self._edit_retried(target, edit.message_id, post)
            except discord.HTTPException as exc:
                log.warning("game %s: could not edit message %s: %s", outcome.game_id, edit.message_id, exc)
                if post.kind == "prompt":
                    outcome.posts.insert(0, post)  # its question and buttons in a new message
                continue  # still noted: a later post retires it (a click on it is refused as stale)
            except _BoardLeftOut as left_out:
                failed = failed or left_out.error
            # The last edit's write carries the choice's delivered mark when nothing comes after it.
            last = index == len(outcome.edits) - 1 and not outcome.posts and not delivery.before_retiring()
            if post.kind == "prompt":
                await self._note(outcome.game_id, _Sent(edit.message_id, edit.channel_id), post, outcome.trouble,
                                 last=last)
            else:
                await self._forget(edit.message_id, last=last)
        return failed

    async def shown_in_place(self, outcome: Outcome) -> bool:
        """Whether the turn message of a re-post at start-up (`outcome.in_place`) already asks
        what the re-post would: Discord took the last process's edit in place, which died before
        noting it. Then the message is noted now (its account read back from it), older prompts
        lose their buttons, and nothing is posted again. False, to post as usual, when it shows
        anything else or cannot be read."""
        edit = outcome.in_place
        if edit is None:
            return False
        try:
            channel = await self._channel(edit.channel_id)
            if channel is None:
                return False
            message = await channel.fetch_message(edit.message_id)
            post = rendered(edit.post, await self.public_language(getattr(channel, "guild", None), channel.id))
        except Exception as exc:  # a re-post then, as before reading back
            log.info("game %s: message %s cannot be read back: %s", outcome.game_id, edit.message_id, exc)
            return False
        if sorted(_custom_ids(message)) != sorted(spec.custom_id for spec in post.components):
            return False  # not changed (its old buttons): the re-post asks instead
        question = "\n\n" + post.content
        body = message.content.removesuffix(question) if message.content.endswith(question) else post.account
        await self._note(outcome.game_id, _Sent(edit.message_id, edit.channel_id),
                         dataclasses.replace(post, account=body), outcome.trouble)
        try:
            stale = await self.service.stale_prompts(outcome.game_id, post.version)
        except Exception:  # bookkeeping: a click on an old prompt is refused as stale anyway
            log.exception("game %s: listing its outdated prompts failed; they keep their buttons", outcome.game_id)
            stale = []
        await self.retire_prompts([r for r in stale if r.message_id != edit.message_id])
        log.info("game %s: message %s already asks version %s (changed in place before the restart): noted, "
                 "nothing posted again", outcome.game_id, edit.message_id, post.version)
        return True

    async def _dm_in_place(self, outcome: Outcome, post: Post, lang: str) -> None:
        """DM the private prompt of a turn message going on in place; an edit pings nobody, so a
        member whose DMs are closed gets a short ping of their own in the channel."""
        sent = await self._dm_private_prompt(dataclasses.replace(post, mentions=()), outcome.game_id,
                                             outcome.trouble, lang)
        for user_id in sent.mentions:
            outcome.posts.insert(0, Post(msg("<@{user}>, your private prompt is waiting: click **Open my prompt** above.",
                                             user=user_id), mentions=(user_id,)))

    async def _edit_retried(self, channel, message_id: int, post: Post) -> None:
        """Edit, once more after a server error (discord.py does not retry a 503), then without
        the new board (raising _BoardLeftOut once the rest is shown); a message that is gone or
        forbidden raises at once."""
        for attempt in (1, 2):
            try:
                await self._edit(channel, message_id, post)
                return
            except (discord.NotFound, discord.Forbidden):
                raise
            except discord.HTTPException as exc:
                if attempt == 1:
                    log.info("editing message %s failed (%s); trying again", message_id, exc)
                    continue
                if not post.attachments:
                    raise
                await self._edit(channel, message_id, dataclasses.replace(post, attachments=()))
                raise _BoardLeftOut(exc) from None

    async def _edit(self, channel, message_id: int, post: Post) -> None:
        files, note = _files(post, self._limit(getattr(channel, "guild", None)))
        kwargs = {"attachments": files} if files else {}
        await channel.get_partial_message(message_id).edit(
            content=pages(_content(post, note))[-1], view=build_view(post.components),
            allowed_mentions=discord.AllowedMentions.none(), **kwargs)

    async def _forget(self, message_id: int, *, last: bool = False) -> None:
        async def write(mark: delivery.Mark | None) -> bool:
            try:
                await self.service.forget_prompt(message_id, delivered=mark)
                return True
            except Exception:  # it is retired again next time; a click on it is refused as stale
                log.exception("could not forget message %s", message_id)
                return False

        await delivery.write(write, last=last)  # a delivery's last write carries its choice's mark

    async def retire_prompts(self, stale: list, *, keep_message: int | None = None) -> None:
        """Take the buttons off outdated prompts, so only live prompts stay clickable (a click on
        an old one would be refused as stale anyway)."""
        for record in stale:
            if record.message_id != keep_message:
                channel = await self._channel(record.channel_id)
                closed = {"content": text.clip(record.body, text.MESSAGE_LIMIT)} \
                    if record.kind == "dm_prompt" and record.body else {}
                try:
                    if channel is not None:  # a DM'd prompt also says it is answered (its body)
                        await channel.get_partial_message(record.message_id).edit(view=None, **closed)
                except discord.HTTPException as exc:
                    log.info("could not retire prompt %s: %s", record.message_id, exc)
            await self._forget(record.message_id, last=record is stale[-1])  # every one is forgotten


def _custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of a message's buttons and menus, as Discord shows them."""
    return [child.custom_id for row in message.components for child in getattr(row, "children", [])
            if getattr(child, "custom_id", None)]
