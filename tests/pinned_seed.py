"""BOT_TEST_GAMES file every bot process of the tests loads (tests/discord_standin/runner.py):
the seeds of the games it opens come from TEST_SEED, which tests/conftest.py pins per test, so no
end-to-end test depends on the seed it happened to draw (issue 24). It registers no game.

Never imported by a real bot: settings refuse BOT_TEST_GAMES without DISCORD_API_BASE.
"""

from __future__ import annotations

import os
import random

import bot.storage.store as store

_rng = random.Random(int(os.environ["TEST_SEED"]))
store.secret_seed = lambda: _rng.getrandbits(store.SEED_BITS)
