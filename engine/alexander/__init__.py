"""The Conquerors: Alexander the Great: the engine registers itself as get_game("alexander")."""

from engine.alexander.game import GAME, Alexander
from engine.core import register

register(GAME)

__all__ = ["GAME", "Alexander"]
