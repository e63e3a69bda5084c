"""End to end: two sharded bot processes (`python -m bot --shards K --shard-count 2`, as an operator
starts them) over one PostgreSQL database, a game in a server on each shard, the stand-in for
Discord routing each server's events to its shard's process. One process is SIGKILLed in the
middle of a click and started again; every acknowledged choice is stored exactly once, nothing is
posted twice, and the other server's game never stops. (Which process sends which reminders, and
the leases, are tested in test_sharding.py.)
"""

from __future__ import annotations

import asyncio

from discord_standin.api import FakeDiscord
from discord_standin.runner import BotProcess
from e2e_kit import WAIT, Table, db_choices, open_table, quick_option, start_checked

LEASE_SECONDS = "3"  # how long the killed process's shard waits before its restart takes it


def sharded_bot(fake: FakeDiscord, tmp_path, url: str, shard: int) -> BotProcess:
    env = {"DATABASE_URL": url, "SHARD_IDS": str(shard), "SHARD_COUNT": "2", "SHARD_LEASE_SECONDS": LEASE_SECONDS}
    return BotProcess(fake, tmp_path / f"shard{shard}.sqlite3", extra_env=env,
                      log_path=tmp_path / f"shard{shard}.log")


async def play(table: Table, choices: int) -> None:
    for _ in range(choices):
        if table.final() is not None:
            return
        await table.choose(table.waiting(), quick_option(table.options()))


async def test_two_sharded_processes_play_and_one_survives_a_sigkill(fake_discord: FakeDiscord, tmp_path,
                                                                    pg_url) -> None:
    fake = fake_discord
    servers = [fake.add_guild(f"Server on shard {k}", shard=(k, 2)) for k in (0, 1)]
    bots = [sharded_bot(fake, tmp_path, pg_url, k) for k in (0, 1)]
    try:
        for bot in bots:
            await bot.start(timeout=60)
        gateway = fake.standin.gateway
        assert {gateway.by_shard[k].shard for k in (0, 1)} == {(0, 2), (1, 2)}
        tables = [await open_table(server, pg_url) for server in servers]
        for table in tables:
            await play(table, 3)

        # A click in the shard-1 server, and its process killed while it handles it.
        table = tables[1]
        version = table.version()
        member, option = table.waiting(), quick_option(table.options())
        await table.press(member, option)
        await asyncio.sleep(0.05)
        await bots[1].kill()
        # Meanwhile the other server plays on: its process never depended on the dead one.
        await play(tables[0], 2)

        # The restart waits out the dead process's lease, identifies shard 1, and re-posts what the
        # killed process had stored but not shown (recover_posts): a new post, or the turn message it
        # had already changed in place, read back and noted.
        await start_checked(fake, bots[1])
        # The prompt of the stored game is up (a prompt's version is the number of choices it
        # follows), not just any live prompt.
        await fake.wait_for(lambda: table.version() == len(db_choices(pg_url, table.game_id)), WAIT,
                            "the restarted process to show the stored game's live prompt")
        if table.version() > version:
            # The click was stored before the kill; the restart posted its board and the next prompt
            # (bot.recover_posts): the player sees it confirmed, so it counts as acknowledged.
            table.acked.append((table.seats[member.id], option, member.id))
        await play(table, 3)
        await play(tables[0], 1)

        for table in tables:
            table.assert_db_matches_acknowledged()  # every acknowledged choice, once, in order
            table.assert_nothing_doubled()
        assert "IDENTIFY shard 1/2" in gateway.log[gateway.log.index("IDENTIFY shard 1/2") + 1:]  # identified again
        assert fake.unknown_routes == [] and fake.violations == []
    finally:
        for bot in bots:
            await bot.stop()
