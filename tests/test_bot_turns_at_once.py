"""The service works on a few requests at a time, and every click is acknowledged at once
(issue 30): unbounded, at 50 games clicking without pause, each new click's deferral waited
behind the steps of every request in progress (first response p95 over 300 ms)."""

from __future__ import annotations

import asyncio
import random

from bot_fakes import current_prompts, open_game, pick, waiting_member

from bot.discord_ui import interact
from bot.service.core import ServiceCore


async def test_clicks_are_acknowledged_at_once_while_the_service_takes_a_few_at_a_time(world, monkeypatch):
    monkeypatch.setattr(interact, "AT_ONCE", 2)
    tables = [await open_game(world, seed=s) for s in (1, 2, 3, 4)]
    release = asyncio.Event()
    acknowledged, working, most = [], [], []
    real_run, real_game = interact._run, ServiceCore.game_by_id

    async def run(interaction, request, **kwargs):
        acknowledged.append(interaction.response.is_done())  # deferred before anything else
        return await real_run(interaction, request, **kwargs)

    async def game_by_id(self, *args, **kwargs):  # the first step of a click on a prompt
        working.append(1)
        most.append(len(working))
        try:
            await release.wait()
            return await real_game(self, *args, **kwargs)
        finally:
            working.pop()

    monkeypatch.setattr(interact, "_run", run)
    monkeypatch.setattr(ServiceCore, "game_by_id", game_by_id)
    rng = random.Random(4)
    clicks = []
    for channel, members in tables:
        [prompt, *_] = current_prompts(channel)
        clicks.append(asyncio.ensure_future(pick(world, prompt, waiting_member(prompt, members), rng)))
    for _ in range(200):
        await asyncio.sleep(0.005)
        if len(acknowledged) == 4:
            break
    assert acknowledged == [True] * 4  # all four clicks answered (deferred) already
    assert len(working) == 2  # ... while the service works on two, the others wait their turn
    release.set()
    await asyncio.gather(*clicks)
    assert max(most) == 2
    games = await world.bot.storage.list_games(None)
    seqs = [(await world.bot.storage.load(g.id)).seq for g in games]
    assert len(seqs) == 4 and min(seqs) >= 1  # every click went through: each game moved on


async def test_a_full_board_skips_the_queue(world, monkeypatch):
    """A Full board click (a picture the member waits for, mostly kept already) is not held
    behind choices being worked on."""
    monkeypatch.setattr(interact, "AT_ONCE", 1)
    channel, members = await open_game(world)
    [prompt, *_] = current_prompts(channel)
    turns = interact._turns(world.bot)
    await turns.acquire()  # the service's only turn is taken (a long request)
    try:
        board = await asyncio.wait_for(world.click(members[1], prompt, "🗺️ Full board"), 20)
        assert board.replies[0].image() is not None
    finally:
        turns.release()
