"""Pytest fixtures for the Discord stand-in (tests/conftest.py imports them)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .api import FakeDiscord

__all__ = ["fake_discord"]


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fresh fake Discord (a guild "Test Server" with #general) on a free port; stopped afterwards."""
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.close()
