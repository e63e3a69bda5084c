"""An answer for the clicks and forms nothing else answers (issue 25): a button an edit has just
removed (Discord sends the message as it is now, and discord.py hands a click only to a component
still on it), a custom id that matches none of the bot's templates, a form that is not one of
the bot's. Without it the member sees "This interaction failed" after three seconds."""

from __future__ import annotations

import logging

import discord

from bot.discord_ui.components import DYNAMIC_ITEMS
from bot.discord_ui.speech import lang_of, say
from engine.text import msg

log = logging.getLogger(__name__)

UNCLAIMED = msg("That button is no longer in use: the message changed since. Please use the latest prompt.")


def claimed(interaction: discord.Interaction) -> bool:
    """Whether discord.py hands this click to one of the bot's items: a template matches its custom
    id and the clicked message still holds that component (its dispatch asks for both)."""
    data = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS):
        return False
    message = interaction.message
    if message is None:
        return False
    layout = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    view = layout.from_message(message, timeout=None)
    return any(item.type.value == data.get("component_type") and getattr(item, "custom_id", None) == custom_id
               for item in view.walk_children())


async def answer_unclaimed(interaction: discord.Interaction, *, form_answered: bool) -> None:
    """Answer privately a click no item takes, or a form `form_submitted` did not take."""
    if interaction.type is discord.InteractionType.component:
        if claimed(interaction):
            return
    elif interaction.type is not discord.InteractionType.modal_submit or form_answered:
        return
    log.info("unclaimed %s from user=%s in channel=%s", interaction.type.name, interaction.user.id,
             interaction.channel_id)
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(say(UNCLAIMED, lang_of(getattr(interaction, "locale", None))),
                                                    ephemeral=True)
    except discord.HTTPException:
        pass
