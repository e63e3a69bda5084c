"""The Conquerors: Alexander the Great. Importing this package gives GAME; it joins the registry
(get_game("alexander")) from engine.core._load_games once it plays whole games end to end."""

from engine.alexander.game import GAME, Alexander

__all__ = ["GAME", "Alexander"]
