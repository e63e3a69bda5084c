"""Warriors & Traders: the engine registers itself as get_game("warriors_traders")."""

from engine.core import register
from engine.warriors_traders.game import WarriorsTraders

GAME = register(WarriorsTraders())

__all__ = ["GAME", "WarriorsTraders"]
