"""Shared pytest fixtures. The Discord stand-in's fixtures live in discord_standin/fixtures.py."""

import os
import random
import zlib

import pytest
from discord_standin.fixtures import *  # noqa: F401,F403  (the fixtures module defines __all__)


@pytest.fixture(autouse=True)
def pinned_seeds(request, monkeypatch) -> random.Random:
    """Every game a test opens gets its seed from a generator pinned to the test's name, in this
    process and in the bot processes it starts (TEST_SEED, read by tests/pinned_seed.py): no test
    depends on the secret seed it happened to draw (issue 24). TEST_SEED_SALT changes every pin at
    once, to show that no test passes only by luck: `TEST_SEED_SALT=7 pytest`. A test that needs
    random numbers of its own takes this fixture's generator."""
    salt = os.environ.get("TEST_SEED_SALT", "0")
    rng = random.Random(zlib.crc32(f"{salt}:{request.node.nodeid}".encode()))
    monkeypatch.setenv("TEST_SEED", str(rng.getrandbits(63)))
    try:
        import bot.storage.store as store
    except ImportError:  # an engine-only install has no bot
        return rng
    monkeypatch.setattr(store, "secret_seed", lambda: rng.getrandbits(store.SEED_BITS))
    return rng


@pytest.fixture
async def world(tmp_path):
    """A real bot on a fresh database with one guild (tests/bot_fakes.py), stopped afterwards.
    A test file that needs other settings defines its own `world`."""
    from bot_fakes import World  # imported here: engine-only runs need not load the bot

    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()
from pg_kit import *  # noqa: E402,F401,F403  (a real PostgreSQL server: pg_server, pg_url, db_target)
