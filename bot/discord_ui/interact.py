"""The one path every interaction takes: defer at once, ask the service, deliver the outcome.

Deferring first means no interaction ever misses Discord's 3-second deadline, however long
the board takes to render. Errors are logged with the game and the user and answered
politely; the member never sees a stack trace and the game is never half-changed (the
service only persists whole choices).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_ui.in_flight import tracked
from bot.discord_ui.modals import build_modal
from bot.discord_ui.permissions import is_moderator, missing, missing_sentence
from bot.discord_ui.speech import lang_of, say
from bot.service.actor import Actor
from bot.service.posts import Outcome, Refusal
from bot.service.slash import slash
from bot.storage.records import DatabaseGone
from engine.text import msg

log = logging.getLogger(__name__)

POST_FAILED = msg("That was saved, but Discord would not take everything I posted; {command} shows the board "
                  "and prompt again.", command=slash("game repost"))
NOT_VALID = msg("That button or form is not valid (or no longer is); nothing was changed.")
SORRY = msg("Sorry, something went wrong on my side and nothing was changed. Please try again in a moment.")
# The database file was deleted or replaced under the running bot (DatabaseGone): trying again
# cannot help, only the operator can (the log has a CRITICAL line saying what to do).
GONE = msg("I can't save any game right now (my database file is gone), so nothing was changed; whoever runs "
           "the bot must restore it and restart me.")


Request = Callable[[object, Actor], Awaitable[Outcome]]

# How many requests the service works on at once; the others wait their turn, already deferred
# (issue 30). Unbounded, at 50 games clicking without pause the process (one interpreter, busy all
# the time) interleaved every request's steps: each new click's deferral waited behind all of them
# (first response p95 over 300 ms) and every request took as long as the slowest. In turn, the
# event loop stays free to acknowledge clicks at once and each request finishes in a few of the
# loop's turns. The service's waits are the database's (milliseconds) and the drawing's, so a few
# at a time keep the CPU busy; the posts to Discord (network waits) are not counted. Measured
# (docs/operations.md, "Where a click's time goes"): 4 answered clicks faster than 8 (first
# response p50 19-29 ms against 40-45) with the same throughput and board latency.
AT_ONCE = 4


def _turns(client) -> asyncio.Semaphore:
    """The client's turns at the service (AT_ONCE), made on the first request."""
    turns = getattr(client, "service_turns", None)
    if turns is None:
        turns = client.service_turns = asyncio.Semaphore(AT_ONCE)
    return turns


def actor_from(interaction: discord.Interaction) -> Actor:
    client = interaction.client
    settings = getattr(client, "settings", None)
    user = interaction.user
    channel = interaction.channel
    in_thread = isinstance(channel, discord.Thread) or getattr(channel, "is_thread", False) is True
    parent_id = getattr(channel, "parent_id", None) if in_thread else None
    return Actor(
        user_id=user.id,
        name=getattr(user, "display_name", None) or user.name,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        is_moderator=is_moderator(user, interaction.permissions, getattr(settings, "moderator_rule", None),
                                  interaction.guild_id),
        parent_channel_id=parent_id,
        in_thread=bool(in_thread),
        lang=lang_of(getattr(interaction, "locale", None), ""),
        guild_lang=lang_of(getattr(interaction, "guild_locale", None), "") if interaction.guild_id else "",
    )


def refusal_for_log(text) -> str:
    """A refusal as the log shows it: its sentence's template, never the values in it (a refusal
    can quote what a member typed in a form, or name a card of their hand; docs/operations.md)."""
    return repr(getattr(text, "mid", "(a plain text)"))


async def component(interaction: discord.Interaction, request: Request | None, *, game_id: int | None = None,
                    presence: bool = True, waits_turn: bool = True) -> None:
    """A click on a button or a menu: acknowledged silently, answered privately if refused.
    `presence`: the click ends its member's absence (/settings away); a look at a list does not.
    `waits_turn=False`: a look at a picture the member waits for (Full board) skips the queue of
    requests (AT_ONCE)."""
    async with tracked(interaction.client):
        await interaction.response.defer()
        if request is not None:
            await _run(interaction, request, game_id=game_id, waits_turn=waits_turn)
        if presence:  # after the answer: it never delays the click
            await _back_if_away(interaction)


async def _back_if_away(interaction: discord.Interaction) -> None:
    """Any click of a member who is away brings them back (their reminders resume); a failure to
    say so fails nothing."""
    try:
        await interaction.client.service.back_if_away(actor_from(interaction))
    except Exception:
        log.exception("ending the absence of user %s failed", interaction.user.id)


# A form must be the click's first answer, within Discord's 3 seconds: the service gets this long
# to build it, then the member is asked to click again (nothing was changed).
FORM_DEADLINE = 2.0
FORM_BUSY = msg("I am busy right now; please click again in a moment. Nothing was changed.")


async def form(interaction: discord.Interaction, request: Request, *, game_id: int | None = None) -> None:
    """A click that opens a form (modal): the form at once, or a private refusal."""
    async with tracked(interaction.client):
        await _form(interaction, request, game_id=game_id)


async def _form(interaction: discord.Interaction, request: Request, *, game_id: int | None = None) -> None:
    try:
        outcome = await asyncio.wait_for(request(interaction.client.service, actor_from(interaction)), FORM_DEADLINE)
    except TimeoutError:
        outcome = Outcome.refuse(FORM_BUSY, game_id)
    except DatabaseGone:
        outcome = Outcome.refuse(GONE, game_id)
    except Exception:
        log.exception("opening a form failed: game=%s user=%s", game_id, interaction.user.id)
        outcome = Outcome.refuse(SORRY, game_id)
    if outcome.modal is not None:  # a form is private: in the member's own language
        await interaction.response.send_modal(build_modal(outcome.modal, lang_of(getattr(interaction, "locale", None))))
        return
    if outcome.reply is not None:
        log.info("refused user=%s game=%s: %s", interaction.user.id, game_id, refusal_for_log(outcome.reply.content))
    lang = lang_of(getattr(interaction, "locale", None))
    await interaction.response.send_message(say(outcome.reply.content if outcome.reply else SORRY, lang),
                                            ephemeral=True)


async def command(interaction: discord.Interaction, request: Request, *, ephemeral: bool = True,
                  waits_turn: bool = True) -> None:
    """A slash command: 'thinking…' at once, then the reply (private unless asked otherwise).
    `waits_turn`: as for `component`."""
    async with tracked(interaction.client):
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        await _run(interaction, request, must_reply=True, waits_turn=waits_turn)


async def _store_member_language(client, actor: Actor | None) -> None:
    """The member's language, kept for the DMs sent outside an interaction; written after the
    request (it never delays it), and a failure to store it fails nothing."""
    try:
        await client.service.store_member_language(actor)
    except Exception:
        log.exception("storing the language of user %s failed", getattr(actor, "user_id", None))


async def _game_for_log(interaction: discord.Interaction, game_id: int | None) -> int | str | None:
    """The game an error concerns: the clicked one, or the open game of the channel."""
    if game_id is not None:
        return game_id
    try:
        record = await interaction.client.service.storage.channel_game(interaction.channel_id)
    except Exception:  # the log line must not fail too
        return "?"
    return record.id if record else None


async def _run(interaction: discord.Interaction, request: Request, *, must_reply: bool = False,
               game_id: int | None = None, waits_turn: bool = True) -> None:
    client = interaction.client
    actor = None
    new_language = False
    try:
        actor = actor_from(interaction)
        new_language = client.service.note_languages(actor)
        # In a DM the bot only answers the interaction, which needs no channel permission.
        lacking = missing(interaction.app_permissions, in_thread=actor.in_thread) if actor.guild_id else []
        if lacking:
            outcome = Outcome.refuse(missing_sentence(lacking))
        elif waits_turn:
            async with _turns(client):
                outcome = await request(client.service, actor)
        else:
            outcome = await request(client.service, actor)
    except Refusal as why:  # a refusal raised where no handler turned it into an Outcome
        outcome = Outcome.refuse(why.args[0] if why.args else str(why))
    except DatabaseGone:  # logged as CRITICAL where it was found
        outcome = Outcome.refuse(GONE, game_id)
    except OverflowError:  # an id no game, member or message has (a forged 2**70): no error of ours
        log.info("refused user=%s: an id out of range", interaction.user.id)
        outcome = Outcome.refuse(NOT_VALID)
    except Exception:
        log.exception(
            "request failed: game=%s user=%s guild=%s channel=%s",
            await _game_for_log(interaction, game_id), interaction.user.id, interaction.guild_id,
            interaction.channel_id,
        )
        outcome = Outcome.refuse(SORRY)
    if outcome.ok is False:
        log.info("refused user=%s game=%s: %s", getattr(actor, "user_id", None), outcome.game_id,
                 refusal_for_log(outcome.reply.content if outcome.reply else ""))
    try:
        await client.publisher.deliver(outcome, interaction=interaction, must_reply=must_reply)
    except Exception:
        log.exception("delivering failed: game=%s user=%s", outcome.game_id, getattr(actor, "user_id", None))
        try:
            lang = lang_of(getattr(interaction, "locale", None))
            await interaction.followup.send(say(POST_FAILED, lang), ephemeral=True)
        except discord.HTTPException:
            pass
    if new_language:
        await _store_member_language(client, actor)
