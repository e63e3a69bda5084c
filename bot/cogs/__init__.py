"""Thin command cogs: each command defers, then hands plain values to the game service."""

from bot.cogs.byz import ByzCog
from bot.cogs.game import GameCog
from bot.cogs.mod import ModCog
from bot.cogs.settings import SettingsCog
from bot.cogs.wt import WTCog

COGS = (GameCog, ByzCog, WTCog, ModCog, SettingsCog)

__all__ = ["COGS", "ByzCog", "GameCog", "ModCog", "SettingsCog", "WTCog"]
