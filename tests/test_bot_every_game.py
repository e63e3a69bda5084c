"""The one generic prompt plays every registered game to its end through the click path
(Byzantium has its own, fuller test in test_bot_game.py)."""

from __future__ import annotations

import random
import re

import pytest
from bot_fakes import World, current_prompts, pick, waiting_member

from engine import game_names, get_game

# Games with secrets wait on private prompts ("Open my prompt"), which this random clicker does
# not open; they are played through the bot in their own tests (tests/test_bot_secrets.py).
OTHER_GAMES = [name for name in game_names() if name != "byzantium" and not get_game(name).secrets]


@pytest.mark.parametrize("name", OTHER_GAMES)
async def test_random_clicks_play_the_game_to_its_final_scores(name, tmp_path):
    world = World(tmp_path / "games.sqlite3")
    await world.start_bot()
    try:
        game = get_game(name)
        count = max(game.min_players, min(3, game.max_players))
        channel = world.channel()
        members = [world.member(n) for n in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:count]]
        await world.slash(members[0], channel, "game new", game=name)
        card = channel.messages[-1]
        game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
        await world.bot.storage.update_lobby(game_id, seed=11)
        for member in members[1:]:
            await world.click(member, card, "Join")
        await world.click(members[0], card, "Start")
        rng = random.Random(11)
        for _ in range(5000):
            prompts = current_prompts(channel)
            if not prompts:
                break
            interaction = await pick(world, prompts[0], waiting_member(prompts[0], members), rng)
            assert interaction.reply_text == "", interaction.reply_text
        else:
            pytest.fail(f"{name} did not end in 5000 choices")
        assert "is over. Final scores" in channel.messages[-1].content
    finally:
        await world.stop()
