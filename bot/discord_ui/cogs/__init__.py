"""Thin command cogs: each command defers, then hands plain values to the game service."""

from bot.discord_ui.cogs.alex import AlexCog
from bot.discord_ui.cogs.byz import ByzCog
from bot.discord_ui.cogs.game import GameCog, StatsCog
from bot.discord_ui.cogs.mod import ModCog
from bot.discord_ui.cogs.settings import SettingsCog
from bot.discord_ui.cogs.wt import WTCog

COGS = (GameCog, StatsCog, ByzCog, WTCog, AlexCog, ModCog, SettingsCog)

__all__ = ["COGS", "AlexCog", "ByzCog", "GameCog", "ModCog", "SettingsCog", "StatsCog", "WTCog"]
