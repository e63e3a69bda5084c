"""Thin command cogs: each command defers, then hands plain values to the game service."""

from bot.cogs.byz import ByzCog
from bot.cogs.game import GameCog
from bot.cogs.mod import ModCog
from bot.cogs.settings import SettingsCog

COGS = (GameCog, ByzCog, ModCog, SettingsCog)

__all__ = ["COGS", "ByzCog", "GameCog", "ModCog", "SettingsCog"]
