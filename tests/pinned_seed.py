"""Game plugin (GAME_PLUGINS, bot/plugins.py) every bot process of the tests loads (tests/discord_standin/runner.py):
the seeds of the games it opens come from TEST_SEED, which tests/conftest.py pins per test, so no
end-to-end test depends on the seed it happened to draw (issue 24). It registers no game.

STANDIN_ONLY: a bot on the real Discord refuses to start with it (bot/plugins.py).
"""

from __future__ import annotations

import os
import random

import bot.storage.store as store

STANDIN_ONLY = True

_rng = random.Random(int(os.environ["TEST_SEED"]))
store.secret_seed = lambda: _rng.getrandbits(store.SEED_BITS)
