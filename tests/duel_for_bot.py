"""BOT_TEST_GAMES file of the secrets tests: the secret duel (tests/hiddengame.py) in the bot
process an end-to-end test starts, with its board drawing, and its deck pinned by the
DUEL_DECK environment variable (a JSON list of cards, top last) so a test knows every hand.

Never imported by a real bot: settings refuse BOT_TEST_GAMES without DISCORD_API_BASE.
"""

from __future__ import annotations

import json
import os

import hiddengame

import render
from engine.core import register

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
