"""What a sharded process says when it stops (issue 25 item 7): after a database outage the
STOPPING line said "another process serves these servers now", which nobody did."""

from __future__ import annotations

import asyncio
import logging

from bot.discord_ui.app import GameBot
from bot.scheduling.shards import ShardClaim
from bot.storage.records import Shards


class Unreachable:
    async def renew_lease(self, *_args):
        raise ConnectionRefusedError("connection refused")


class TakenOver:
    async def renew_lease(self, *_args):
        return False


async def reason_for(storage) -> str:
    claim = ShardClaim(storage, Shards((0,), 2), seconds=0.3)
    lost: list[str] = []
    claim.keep(on_lost=lambda reason: asyncio.sleep(0, lost.append(reason)))
    await asyncio.wait_for(claim._task, 5)
    [reason] = lost
    return reason


async def test_the_stop_after_an_outage_says_the_database_did_not_answer(caplog):
    reason = await reason_for(Unreachable())
    assert reason.startswith("the database did not answer for 0 s (connection refused)")
    assert "another process may take these servers over" in reason and "serves these servers now" not in reason

    class Stub:
        stopped_because = None

        async def close(self):
            pass

    with caplog.at_level(logging.CRITICAL, logger="bot.discord_ui.app"):
        await GameBot._shards_lost(Stub(), reason)
    [line] = [r.getMessage() for r in caplog.records if r.levelno == logging.CRITICAL]
    assert line == f"STOPPING: {reason}"


async def test_the_stop_after_a_takeover_says_another_process_serves_them():
    assert await reason_for(TakenOver()) == ("shard 0/2 was taken over by another process, which serves these servers "
                                             "now")
