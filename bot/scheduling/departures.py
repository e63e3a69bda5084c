"""A server the bot was removed from: its data is kept FORGET_AFTER (so a server that adds the bot
back soon finds its games), then deleted (docs/privacy.md). The schedule lives in the database
(guild_departures, migration 008), as reminders do, so it survives restarts; the reminder
scheduler runs `forget_due` at every pass, for the servers of its own shards."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.storage.records import Shards

log = logging.getLogger(__name__)

FORGET_AFTER = timedelta(days=30)


async def left(storage, guild_id: int, now: datetime) -> None:
    """The bot was removed from the server (kicked, banned, or the server deleted)."""
    await storage.guild_left(guild_id, now + FORGET_AFTER)
    log.info("removed from server %s: its data is deleted on %s unless the bot is added back", guild_id,
             (now + FORGET_AFTER).date())


async def joined(storage, guild_id: int) -> None:
    """The bot is in the server (again): nothing of it is to be deleted."""
    if await storage.guild_joined(guild_id):
        log.info("back in server %s: its data is kept", guild_id)


async def forget_due(storage, now: datetime, shards: Shards) -> list[int]:
    """Delete the data of every server whose time has come; returns their ids."""
    done = []
    for guild_id in await storage.departures_due(now, shards):
        counts = await storage.forget_guild(guild_id)
        log.info("server %s left the bot %s ago: its data is deleted (%s)", guild_id, FORGET_AFTER,
                 ", ".join(f"{n} {table}" for table, n in counts.items() if n))
        done.append(guild_id)
    return done
