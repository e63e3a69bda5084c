"""Shared pytest fixtures. The Discord stand-in's fixtures live in discord_standin/fixtures.py."""

import pytest
from discord_standin.fixtures import *  # noqa: F401,F403  (the fixtures module defines __all__)


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
