"""Game plugin (GAME_PLUGINS=duel_for_bot) of the secrets tests: the secret duel (tests/hiddengame.py) in the bot
process an end-to-end test starts, with its board drawing, and its deck pinned by the
DUEL_DECK environment variable (a JSON list of cards, top last) so a test knows every hand.

STANDIN_ONLY: a bot on the real Discord refuses to start with it (bot/plugins.py).
"""

from __future__ import annotations

import json
import os

import hiddengame

import render
from engine.core import register

STANDIN_ONLY = True

DECK = json.loads(os.environ.get("DUEL_DECK") or "null")


class PinnedDuel(hiddengame.SecretDuel):
    """The same game; its deck comes in the order the test pinned (read once, at import)."""

    def setup(self, players, seed, options=None):
        options = dict(options or {})
        if DECK is not None:
            options.setdefault("draws", {"deck": [list(DECK)]})
        return super().setup(players, seed, options)


GAME = register(PinnedDuel())
render.register_renderer(hiddengame.NAME, "hiddengame_board")
