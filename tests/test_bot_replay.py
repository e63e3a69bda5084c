"""`/game replay` in process (the real bot's handlers, tests/bot_fakes.py): answered at once, one
drawing per game at a time, the GIF posted when its worker is done (issue 13, item 3)."""

from __future__ import annotations

import asyncio
import random
import threading
from concurrent.futures import ThreadPoolExecutor

from bot_fakes import current_prompts, open_game, pick, waiting_member


async def test_replay_is_answered_at_once_drawn_once_per_game_and_posted_when_ready(world):
    channel, members = await open_game(world)
    rng = random.Random(2)
    for _ in range(6):
        [prompt, *_] = current_prompts(channel)
        await pick(world, prompt, waiting_member(prompt, members), rng)
    release = threading.Event()
    pool = world.bot.service.renderer

    class HeldBack(ThreadPoolExecutor):  # the long-job worker, held until the test lets it go
        def submit(self, fn, *args, **kwargs):
            return super().submit(lambda: release.wait(30) and fn(*args, **kwargs))

    pool._long_factory = lambda: HeldBack(max_workers=1)
    posted = len(channel.messages)

    first = await world.slash(members[1], channel, "game replay")
    assert first.reply_text.startswith("🎞️ Drawing the replay of ")
    again = await world.slash(members[2], channel, "game replay")
    assert again.reply_text == "The replay of this game is already being drawn; it will appear here shortly."
    assert len(channel.messages) == posted  # nothing in the channel until the drawing is done

    release.set()
    await asyncio.wait_for(asyncio.gather(*world.bot.publisher._later), 60)
    gif = channel.messages[-1]
    assert gif.content.startswith("🎞️ The story of game #") and gif.files[0][0].endswith("-replay.gif")
    assert gif.files[0][1][:6] == b"GIF89a"
    # Drawn, so it may be asked again.
    third = await world.slash(members[2], channel, "game replay")
    assert third.reply_text.startswith("🎞️ Drawing the replay of ")
    await asyncio.wait_for(asyncio.gather(*world.bot.publisher._later), 60)


async def test_history_and_replay_in_a_channel_without_a_game_are_refused(world):
    channel = world.channel()
    member = world.member("Ann")
    for command in ("game history", "game replay"):
        answer = await world.slash(member, channel, command)
        assert answer.reply_text == "There is no game in this channel yet. Start one with `/game new`."
