"""What the typed shortcuts of every game share (`/byz`, `/wt`): autocomplete from the
member's own pending options, narrowed by option-id prefix and by what they typed, and the
choice itself, which goes through the same service path as a click (and is checked again).

Only the member's own decisions are offered, so when several players decide at once (the
Warriors & Traders trade phase) each sees their own options, never another player's.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from bot.discord_ui import interact
from bot.discord_ui.speech import lang_of
from bot.service.text import clip
from locales import tr

AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 suggestions
CHOICE_TEXT_LIMIT = 100


async def suggest(interaction: discord.Interaction, current: str, prefixes: Sequence[str],
                  game: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the member's options now whose id starts with one of `prefixes` (all
    options when empty), filtered by what they typed."""
    try:
        options = await interaction.client.service.my_options(interact.actor_from(interaction), tuple(prefixes), game)
    except Exception:  # autocomplete is a suggestion; a failure must not raise at the member
        return []
    typed = current.casefold().strip()
    lang = lang_of(getattr(interaction, "locale", None))
    labelled = [(tr(o.label, lang) if o.label else o.id, o) for o in options]
    hits = [(label, o) for label, o in labelled
            if not typed or typed in label.casefold() or typed in o.id.casefold() or typed in o.label.casefold()]
    return [app_commands.Choice(name=clip(label, CHOICE_TEXT_LIMIT), value=o.id[:CHOICE_TEXT_LIMIT])
            for label, o in hits[:AUTOCOMPLETE_LIMIT]]


async def choose(interaction: discord.Interaction, typed: str, prefixes: Sequence[str], game: str) -> None:
    """Apply the option `typed` names (an id from autocomplete, or words) as a click would."""
    await interact.command(interaction, lambda service, actor: service.choose_typed(actor, typed, tuple(prefixes), game))


async def finish(interaction: discord.Interaction, ids: Sequence[str], game: str) -> None:
    """A shortcut that names no option (`/wt done`): whichever of `ids` the member's decision
    offers now ("done trading", "end movement" ...), through the same path as a typed choice."""

    async def request(service, actor):
        offered = [o.id for o in await service.my_options(actor, tuple(ids), game)]
        return await service.choose_typed(actor, offered[0] if offered else ids[0], tuple(ids), game)

    await interact.command(interaction, request)
