"""Every game's typed shortcuts (`/byz`, `/wt`, `/alex`), built from the game's manifest
(engine/<game>/manifest.json, `Game.manifest()`): a slash command group per game, a subcommand
per shortcut. Autocomplete lists the member's own pending options, narrowed by option-id prefix
and by what they typed; the choice goes through the same service path as a click (and is checked
again). A game, a plugin's included, gets its shortcuts by its manifest alone.

Only the member's own decisions are offered, so when several players decide at once (the
Warriors & Traders trade phase) each sees their own options, never another player's.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence

import discord
from discord import app_commands

from bot.discord_ui import interact
from bot.discord_ui.speech import lang_of
from bot.service.text import clip
from engine import game_names, get_game
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


def shortcut_groups() -> list[app_commands.Group]:
    """A command group for every game whose manifest declares shortcuts (fresh objects each call:
    a command tree owns its commands)."""
    groups = []
    for name in game_names():
        declared = get_game(name).manifest().get("shortcuts")
        if declared:
            groups.append(shortcut_group(name, declared))
    return groups


def shortcut_group(game: str, declared: Mapping) -> app_commands.Group:
    """`/<group> <shortcut> [<option>]` for each shortcut the manifest declares, in its order."""
    group = app_commands.Group(name=declared["group"], description=declared["description"], guild_only=True)
    for shortcut in declared["commands"]:
        group.add_command(_shortcut_command(game, shortcut))
    return group


def _shortcut_command(game: str, shortcut: Mapping) -> app_commands.Command:
    prefixes = tuple(shortcut["prefixes"])
    option = shortcut.get("option")

    async def run(interaction: discord.Interaction, **typed: str) -> None:
        if option:
            await choose(interaction, typed[option], prefixes, game)
        elif shortcut.get("finish"):
            await finish(interaction, prefixes, game)
        else:
            await choose(interaction, shortcut["answer"], prefixes, game)

    # discord.py reads a command's options from its callback's signature: the manifest names it.
    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    if option:
        parameters.append(inspect.Parameter(option, inspect.Parameter.KEYWORD_ONLY, annotation=str))
    run.__signature__ = inspect.Signature(parameters)
    if option and shortcut.get("option_description"):
        run = app_commands.describe(**{option: shortcut["option_description"]})(run)
    command = app_commands.Command(name=shortcut["name"], description=shortcut["description"], callback=run)
    if option:
        async def suggestions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await suggest(interaction, current, prefixes, game)

        command.autocomplete(option)(suggestions)
    return command
