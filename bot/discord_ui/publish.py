"""Turns the service's `Outcome`s into Discord messages: the only module that posts.

Pings are limited by construction to the users a post names (never @everyone or roles);
boards go to the game's board thread when it has one; every game message is recorded so it
can be found again; a missing permission is reported by name instead of failing silently.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging

import discord

from bot.discord_ui import delivery
from bot.discord_ui.components import build_view
from bot.discord_ui.message_parts import DEFAULT_FILE_LIMIT, _allowed, _content, _files, own_question
from bot.discord_ui.permissions import missing, missing_sentence
from bot.discord_ui.publish_edits import MessageEdits
from bot.discord_ui.speech import lang_of, pages, rendered
from bot.service import follow_up
from bot.service.posts import Outcome, Post, prompt_nonces
from engine.text import Msg, lines, msg
from locales import SOURCE, tr

log = logging.getLogger(__name__)

class Publisher(MessageEdits):
    """Sends outcomes. `client` resolves channels by id (for posts not tied to a click)."""

    def __init__(self, client: discord.Client, service, *, channel_lookup=None, user_lookup=None):
        self.client = client
        self.service = service
        # Seams for tests: async id -> channel / user. By default the client's cache, then REST.
        self.channel_lookup = channel_lookup or self._client_channel
        self.user_lookup = user_lookup or self._client_user
        self._later: set[asyncio.Task] = set()

    async def deliver(self, outcome: Outcome, *, interaction: discord.Interaction | None = None,
                      must_reply: bool = False) -> None:
        try:
            await self._deliver(outcome, interaction=interaction, must_reply=must_reply)
        finally:
            if outcome.later is not None:
                self.run_later(outcome)
            for other in outcome.also:  # other games' channels; one failing stops none of the rest
                try:
                    await self.deliver(other)
                except Exception:
                    log.exception("game %s: delivering its posts failed", other.game_id)

    def run_later(self, outcome: Outcome) -> None:
        """Start the outcome's work of seconds; its own Outcome is delivered when it ends."""

        async def run() -> None:
            try:
                await self.deliver(await outcome.later())
            except Exception:
                log.exception("game %s: delivering the result of later work failed", outcome.game_id)

        task = asyncio.get_running_loop().create_task(run())
        self._later.add(task)  # held until done: the loop keeps only weak references to tasks
        task.add_done_callback(self._later.discard)

    async def public_language(self, guild, channel_id: int | None) -> str:
        """The language of the game posts in a channel (bot/service/languages.py): a moderator's
        setting, else the server's preferred locale."""
        preferred = lang_of(getattr(guild, "preferred_locale", None), "") if guild is not None else ""
        try:
            return await self.service.game_language(getattr(guild, "id", None), channel_id, preferred or None)
        except Exception:  # the setting cannot be read: the server's own language still reads well
            log.exception("reading the language of channel %s failed", channel_id)
            return preferred or SOURCE

    async def _deliver(self, outcome: Outcome, *, interaction: discord.Interaction | None = None,
                       must_reply: bool = False) -> None:
        channel = interaction.channel if interaction is not None else None
        if outcome.channel_id is not None and (channel is None or channel.id != outcome.channel_id):
            channel = await self._channel(outcome.channel_id)
        guild = getattr(channel, "guild", None) or (interaction.guild if interaction is not None else None)
        public = await self.public_language(guild, getattr(channel, "id", None))
        private = lang_of(getattr(interaction, "locale", None), public) if interaction is not None else public
        # Only a click has a message of its own to edit; a slash command's is its reply.
        if interaction is not None and outcome.edit is not None and interaction.message is not None:
            flags = getattr(interaction.message, "flags", None)
            own = interaction.guild_id is None or bool(getattr(flags, "ephemeral", False))
            await self._edit_clicked(interaction, outcome.edit, private if own else public)
        lacking: list[str] = []
        mark = (outcome.game_id, outcome.delivers) \
            if outcome.delivers is not None and outcome.game_id is not None and channel is not None else None
        if (outcome.posts or outcome.edits or outcome.outdated) and channel is not None:
            async with delivery.delivering(mark, lambda: self._noted_all(outcome), self._mark_alone) as delivered:
                # Listed before posting, so the prompts about to be sent are never among them.
                try:
                    stale = await self._stale_prompts(outcome)
                except Exception:  # bookkeeping: never a reason to hold back the posts
                    log.exception("game %s: listing its outdated prompts failed; they keep their buttons",
                                  outcome.game_id)
                    stale = []
                clicked = getattr(getattr(interaction, "message", None), "id", None)
                delivery.retiring(bool(stale))  # each one forgotten after the posts
                await self._ensure_board_thread(outcome, channel, public)
                failed_edit = await self.edit_all(outcome, channel, lang=public)
                lacking = await self.post_all(outcome, channel, lang=public)
                if not lacking:
                    await self.retire_prompts(stale, keep_message=clicked)
                    delivered.done = True
                    if failed_edit is not None:
                        raise failed_edit
        elif mark is not None and self._noted_all(outcome):
            await self._mark_alone(mark)  # a choice that changes no message (a quiet preference)
        if interaction is None:
            if outcome.trouble:
                log.warning("game %s: posted, with trouble: %s", outcome.game_id, " ".join(outcome.trouble))
            return
        reply = outcome.reply
        if outcome.trouble:  # the change is stored; say so, then what did not happen
            content = follow_up.reply_text(outcome.saved, reply.content if reply else None, outcome.trouble)
            reply = dataclasses.replace(reply, content=content) if reply else Post(content)
        if lacking:
            sentence = missing_sentence(lacking)
            reply = Post(lines([reply.content, sentence]) if reply else sentence)
        if reply is None and must_reply:
            reply = Post(msg("Done."))
        for answer in ([reply] if reply is not None else []) + list(outcome.more_replies):
            answer = rendered(answer, private)
            files, note = _files(answer, self._limit(interaction.guild), private)
            view = build_view(answer.components)
            *before, last = pages(_content(answer, note))
            for page in before:
                await interaction.followup.send(page, ephemeral=True, allowed_mentions=_allowed(answer))
            kwargs = {"view": view} if view is not None else {}
            await interaction.followup.send(
                last, files=files, ephemeral=True, allowed_mentions=_allowed(answer), **kwargs
            )

    @staticmethod
    def _noted_all(outcome: Outcome) -> bool:
        """Whether every post of the outcome was built and noted (else no delivered mark: the
        restart finishes the delivery, Service.unposted)."""
        return not {follow_up.POSTS_FAILED, follow_up.MESSAGES_FAILED} & set(outcome.trouble)

    async def _mark_alone(self, mark: delivery.Mark) -> None:
        """The delivered mark of a choice that noted no message (a write of its own)."""
        try:
            await self.service.mark_delivered(*mark)
        except Exception:  # the restart only looks at the game's messages again
            log.exception("game %s: choice %s could not be marked delivered", *mark)

    async def _ensure_board_thread(self, outcome: Outcome, channel, lang: str = SOURCE) -> None:
        """Create the game's board thread the first time a board is posted, if it wants one,
        named in the game's language."""
        if outcome.wants_board_thread is None or outcome.board_thread_id is not None:
            return
        if not any(p.where == "board" for p in outcome.posts) or outcome.game_id is None:
            return
        thread_id = await self.create_board_thread(channel, tr(outcome.wants_board_thread, lang))
        if thread_id is not None:
            outcome.board_thread_id = thread_id
            try:
                await self.service.set_board_thread(outcome.game_id, thread_id)
            except Exception:  # this board still goes there; the next one opens a new thread
                log.exception("game %s: board thread %s could not be recorded", outcome.game_id, thread_id)

    async def _edit_clicked(self, interaction: discord.Interaction, post: Post, lang: str) -> None:
        post = rendered(post, lang)
        view = build_view(post.components)
        # A post with images (a history view's next step) replaces the clicked message's files.
        files = {"attachments": _files(post, self._limit(interaction.guild), lang)[0]} if post.attachments else {}
        try:
            await interaction.edit_original_response(
                content=pages(post.content)[0], view=view, allowed_mentions=_allowed(post), **files
            )
        except discord.HTTPException as exc:
            # An edit is cosmetic (the choice already counts); never fail the click over it.
            log.warning("could not edit clicked message %s: %s", getattr(interaction.message, "id", None), exc)

    async def post_all(self, outcome: Outcome, channel, *, lang: str = SOURCE) -> list[str]:
        """Send the outcome's posts; return the names of missing permissions if any send failed.

        Any other failure of one post (Discord answering 5xx after discord.py's retries) does not
        stop the others, and a board that cannot be uploaded never takes the prompt it travels
        with down: the post goes again without it. The first such error is raised once
        everything else is sent."""
        board_channel = channel
        if outcome.board_thread_id is not None:
            board_channel = await self._channel(outcome.board_thread_id) or channel
        failed: discord.HTTPException | None = None
        posts = prompt_nonces(outcome)
        for index, post in enumerate(posts):
            target = board_channel if post.where == "board" else channel
            # The last post's note carries the choice's delivered mark, when all before it went out.
            last = index == len(posts) - 1 and failed is None and not delivery.before_retiring()
            try:
                await self.send(post, target, game_id=outcome.game_id, trouble=outcome.trouble, lang=lang, last=last)
            except discord.Forbidden:
                lacking = self._missing_in(target)
                log.warning("cannot post in channel %s for game %s: missing %s",
                            getattr(target, "id", None), outcome.game_id, lacking or "unknown")
                if post.kind == "lobby" and outcome.game_id is not None:
                    # Nobody could ever see or join this lobby: close it so the channel stays free.
                    try:
                        await self.service.drop_unseen_lobby(outcome.game_id)
                    except Exception:
                        log.exception("game %s: its unseen lobby could not be closed", outcome.game_id)
                return lacking or ["Send Messages"]
            except discord.HTTPException as exc:
                log.warning("posting a %s message for game %s failed: %s", post.kind, outcome.game_id, exc)
                failed = failed or exc
                if post.attachments and post.components:
                    try:  # the prompt without its board, so the game never waits behind an upload
                        await self.send(dataclasses.replace(post, attachments=()), target, game_id=outcome.game_id,
                                        trouble=outcome.trouble)
                    except discord.HTTPException as again:
                        log.warning("posting it without its board failed too: %s", again)
        if failed is not None:
            raise failed
        return []

    async def send(self, post: Post, channel, *, game_id: int | None,
                   trouble: list[str] | None = None, lang: str = SOURCE, last: bool = False) -> discord.Message:
        """Post (in `lang`, the game's language), then note the message in the database. The
        message is out whatever the note does: a note that fails (after the service's retries)
        is logged and added to `trouble`."""
        if post.dm_prompt:
            post = await self._dm_private_prompt(post, game_id, trouble, lang)
        text = post.content  # still a message id: a DM below tells it in the member's language
        post = rendered(post, lang)
        files, note = _files(post, self._limit(getattr(channel, "guild", None)), lang)
        view = build_view(post.components)
        *before, final = pages(_content(post, note))
        for page in before:  # a translation longer than one message: the earlier lines first
            await channel.send(page, allowed_mentions=_allowed(post))
        kwargs = {"view": view} if view is not None else {}
        if post.nonce is not None:
            kwargs["nonce"] = post.nonce
        message = await channel.send(final, files=files, allowed_mentions=_allowed(post), **kwargs)
        await self._note(game_id, message, post, trouble, last=last)
        if post.dm_to and not post.dm_prompt:
            guild_id = getattr(getattr(channel, "guild", None), "id", "@me")
            link = f"https://discord.com/channels/{guild_id}/{channel.id}/{message.id}"
            # The question alone (no account), still a message id: told in each member's language.
            question = text.params["prompt"] if isinstance(text, Msg) and "prompt" in text.params and post.account \
                else text
            for user_id in post.dm_to:
                await self.dm(user_id, Post(msg("🎲 Your turn in {channel}: {prompt}\n{link}", channel=f"<#{channel.id}>",
                                                prompt=own_question(question, user_id), link=link)), fallback=lang)
        return message

    async def _note(self, game_id: int | None, message, post: Post, trouble: list[str] | None, *,
                    last: bool = False) -> None:
        """Record a posted message of a game; a failure (after the service's retries) is logged
        and told through `trouble`, never raised: the message is out whatever the database says."""
        if game_id is None or message is None:
            return

        async def write(mark: delivery.Mark | None) -> bool:
            try:
                await self.service.record_message(game_id, message.channel.id, message.id, post.kind, post.version,
                                                  seat=post.seat, body=post.account, delivered=mark)
                return True
            except Exception:
                log.exception("game %s: posted %s message %s could not be recorded", game_id, post.kind, message.id)
                if trouble is not None:
                    trouble.append(follow_up.MESSAGES_FAILED)
                return False

        await delivery.write(write, last=last)  # a delivery's last write carries its choice's mark

    async def _channel(self, channel_id: int):
        try:
            return await self.channel_lookup(channel_id)
        except discord.HTTPException as exc:
            log.warning("channel %s is gone or hidden: %s", channel_id, exc)
            return None

    async def _client_channel(self, channel_id: int):
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    async def _client_user(self, user_id: int):
        return self.client.get_user(user_id) or await self.client.fetch_user(user_id)

    @staticmethod
    def _missing_in(channel) -> list[str]:
        guild = getattr(channel, "guild", None)
        me = getattr(guild, "me", None)
        if me is None:
            return []
        return missing(channel.permissions_for(me), in_thread=isinstance(channel, discord.Thread))

    @staticmethod
    def _limit(guild) -> int:
        return getattr(guild, "filesize_limit", None) or DEFAULT_FILE_LIMIT

    async def create_board_thread(self, channel, name: str) -> int | None:
        """A public thread for the boards of a game, or None if the bot may not create one."""
        try:
            thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        except (discord.Forbidden, AttributeError) as exc:
            log.warning("cannot create a board thread in %s: %s", getattr(channel, "id", None), exc)
            return None
        return thread.id

    async def _dm_private_prompt(self, post: Post, game_id: int | None, trouble: list[str] | None,
                                 lang: str = SOURCE) -> Post:
        """DM the private prompt before its public post; a member whose DMs are closed is
        pinged by the public post instead (its button opens the same prompt). The DMs are
        recorded, so they lose their buttons once the game moves on."""
        unreached = []
        for user_id in post.dm_to:
            own = await self.member_language(user_id, lang)
            for page in post.dm_prompt:
                shown = rendered(page, own)
                try:
                    message = await self._send_dm(user_id, shown)
                except discord.HTTPException as exc:
                    log.info("cannot DM user %s: %s", user_id, exc)
                    unreached.append(user_id)
                    break
                # What the DM says once the prompt is answered elsewhere (in the channel) or goes
                # out of date, in the member's language: kept as its body (MessageEdits.retire_prompts).
                closed = lines([msg("✅ Chosen: this prompt is closed, the channel shows what came of it."),
                                pages(shown.content)[0]])
                await self._note(game_id, message, dataclasses.replace(page, account=tr(closed, own)), trouble)
        mentions = tuple(dict.fromkeys(post.mentions + tuple(unreached)))
        return dataclasses.replace(post, mentions=mentions)

    async def member_language(self, user_id: int, fallback: str = SOURCE) -> str:
        """A member's own language as last seen with an interaction (else `fallback`)."""
        try:
            return await self.service.member_language(user_id, fallback)
        except Exception:
            log.exception("reading the language of user %s failed", user_id)
            return fallback

    async def dm(self, user_id: int, post: Post, *, fallback: str = SOURCE) -> bool:
        """A direct message (reminders), in the member's own language as last seen (else
        `fallback`, the game's); False when the member does not accept DMs from the bot."""
        try:
            await self._send_dm(user_id, rendered(post, await self.member_language(user_id, fallback)))
        except discord.HTTPException as exc:
            log.info("cannot DM user %s: %s", user_id, exc)
            return False
        return True

    async def _send_dm(self, user_id: int, post: Post):
        user = await self.user_lookup(user_id)
        view = build_view(post.components)
        kwargs = {"view": view} if view is not None else {}
        if post.nonce is not None:
            kwargs["nonce"] = post.nonce
        return await user.send(pages(post.content)[0], allowed_mentions=_allowed(post), **kwargs)
