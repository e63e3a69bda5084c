"""Snowflake ids shaped like Discord's, so discord.py derives sensible creation times from them."""

from __future__ import annotations

import itertools
import secrets
import time

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh, increasing id: milliseconds since Discord's epoch, then a counter.

    Ids must grow with time because discord.py sorts and pages messages by id.
    """
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def snowflake_on_shard(shard: int, count: int) -> int:
    """A fresh id whose guild lands on `shard` of `count` ((id >> 22) % count, Discord's rule):
    the timestamp part moved on by less than `count` milliseconds."""
    ms = (snowflake() >> 22) + 1
    ms += (shard - ms) % count
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def bot_token(application_id: int) -> str:
    """A token with the three dot-separated parts of a real one (bot/settings.py checks the shape)."""
    import base64

    head = base64.urlsafe_b64encode(str(application_id).encode()).decode().rstrip("=")
    return f"{head}.{secrets.token_urlsafe(6)}.{secrets.token_urlsafe(27)}"


def interaction_token() -> str:
    return "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
