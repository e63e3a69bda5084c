"""Byzantium: the engine registers itself as get_game("byzantium")."""

from engine.byzantium.game import Byzantium
from engine.core import register

GAME = register(Byzantium())

__all__ = ["GAME", "Byzantium"]
