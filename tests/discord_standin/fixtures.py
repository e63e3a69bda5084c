"""Pytest fixtures for the Discord stand-in (tests/conftest.py imports them)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from .api import FakeDiscord
from .runner import BotProcess

__all__ = ["fake_discord", "start_bot_process"]


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fresh fake Discord (a guild "Test Server" with #general) on a free port; stopped afterwards."""
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.close()


@pytest.fixture
async def start_bot_process(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Callable[..., Awaitable[BotProcess]]]:
    """Start `python -m bot` (or another module) against fake_discord; every process is stopped afterwards.

        bot = await start_bot_process()                      # waits until it is on the gateway
        bot = await start_bot_process(DEV_GUILD_ID=str(fake_discord.guild.id))
        await bot.restart(); bot.resource_usage(); bot.log()
    """
    started: list[BotProcess] = []

    async def start(module: str = "bot", **env: str) -> BotProcess:
        proc = BotProcess(fake_discord, tmp_path / "games.sqlite3", module=module, extra_env=env)
        started.append(proc)
        return await proc.start()

    try:
        yield start
    finally:
        for proc in started:
            await proc.stop()
