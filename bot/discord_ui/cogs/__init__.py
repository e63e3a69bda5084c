"""Thin command cogs: each command defers, then hands plain values to the game service. The games'
typed shortcuts are no cog: shortcuts.py builds them from each game's manifest."""

from discord import app_commands

from bot.discord_ui.cogs.game import GameCog, StatsCog
from bot.discord_ui.cogs.mod import ModCog
from bot.discord_ui.cogs.settings import SettingsCog
from bot.discord_ui.cogs.shortcuts import shortcut_groups

COGS = (GameCog, StatsCog, ModCog, SettingsCog)


def every_command() -> list[app_commands.Command | app_commands.Group]:
    """Every top-level slash command the bot has: the cogs' and the games' shortcut groups (the
    order the command list shows: the cogs' first)."""
    return [command for cog in COGS for command in cog.__cog_app_commands__] + shortcut_groups()


__all__ = ["COGS", "GameCog", "ModCog", "SettingsCog", "StatsCog", "every_command", "shortcut_groups"]
