"""Game plugin (GAME_PLUGINS=alexander_for_bot) of the Alexander end-to-end tests: the real Alexander, with its seed and
dice pinned by the environment (ALEX_SEED, ALEX_DICE: a JSON list) so that a test knows the
whole game in advance (its deck, its draws, which battle kills Alexander).

STANDIN_ONLY: a bot on the real Discord refuses to start with it (bot/plugins.py).
"""

from __future__ import annotations

import json
import os

from engine.alexander.game import Alexander
from engine.core import register

STANDIN_ONLY = True

SEED = json.loads(os.environ.get("ALEX_SEED") or "null")
DICE = json.loads(os.environ.get("ALEX_DICE") or "null")


class PinnedAlexander(Alexander):
    """The same game; every setup (the start, and every replay) uses the pinned seed and dice."""

    def setup(self, players, seed, options=None):
        options = dict(options or {})
        if DICE is not None:
            options.setdefault("dice", list(DICE))
        return super().setup(players, SEED if SEED is not None else seed, options)


GAME = register(PinnedAlexander())
