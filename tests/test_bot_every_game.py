"""The one generic prompt plays every registered game to its end through the click path
(Byzantium has its own, fuller test in test_bot_game.py). A private decision is answered as its
player answers it: "Open my prompt", then a click on the private prompt. A choice of several
things that no button answers is typed with the game's shortcut (`/alex choose`)."""

from __future__ import annotations

import random
import re

import pytest
from bot_fakes import World, current_prompts, loaded_game, own_choices, pick, waiting_member

from engine import game_names, get_game
from engine.core import enumerate_answers

OTHER_GAMES = [name for name in game_names() if name != "byzantium"]
OPEN = "Open my prompt"
# The typed shortcut that takes any answer, per game.
CHOOSE = {"alexander": "alex choose", "warriors_traders": "wt choose"}
# Alexander has no turn limit: its seed and dice are pinned (every die a 6: Alexander dies in his
# first battle unless Black Cleitus saves him), and a random game that has not ended after
# CONCEDE_AFTER choices ends by `/game concede` (its confirmation clicked), as players end a game
# without a turn limit. A whole game to Alexander's death: test_e2e_alexander.py.
PINNED = {"alexander": {"seed": 8, "options": {"dice": [6] * 2000}}}
CONCEDE_AFTER = {"alexander": 120}


async def concede(world, channel, members, name):
    """The member the game waits on gives up, through the command and its confirmation."""
    loaded = await loaded_game(world, channel)
    waiting = get_game(name).pending(loaded.state)[0].player
    member = next(m for m in members if m.id == loaded.record.seat_named(waiting).user_id)
    asked = await world.slash(member, channel, "game concede")
    confirmed = await world.click(member, asked.replies[0], "Concede")
    assert confirmed.reply_text == "", confirmed.reply_text


def open_post(channel):
    """The newest live "Open my prompt" post (a private decision), if any."""
    return next((m for m in reversed(channel.messages) if m.view is not None and OPEN in m.buttons()), None)


async def answer_once(world, channel, members, name, rng):
    """One choice: a click on the live public prompt, or on the private prompt its player opens;
    a choice of several things with no button for it is typed."""
    prompts = current_prompts(channel)
    post = prompts[0] if prompts else open_post(channel)
    if post is None:
        return False
    member = waiting_member(post, members)
    if not prompts:
        opened = await world.click(member, post, OPEN)
        [post] = opened.replies
        assert post.ephemeral and post.view is not None, post.content
    loaded = await loaded_game(world, channel)
    seats = {s.seat for s in loaded.record.seats_of(member.id)}
    decision = next(d for d in get_game(name).pending(loaded.state) if d.player in seats)
    if decision.amounts is not None and (not own_choices(post) or rng.random() < 0.3):
        answer = rng.choice(enumerate_answers(decision, 50))
        typed = await world.slash(member, channel, CHOOSE[name], option=answer)
        # An amount the rules refuse changes nothing (the answer says why); the loop picks again.
        assert "not one of your options" not in typed.reply_text, typed.reply_text
        return True
    interaction = await pick(world, post, member, rng)
    # Nothing, or what only the chooser learnt (a card drawn after a public choice).
    assert interaction.reply_text == "" or interaction.reply_text.startswith("🔒 Only you see this:"), \
        interaction.reply_text
    return True


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
        pinned = PINNED.get(name, {})
        record = await world.bot.storage.game(game_id)
        await world.bot.storage.update_lobby(game_id, seed=pinned.get("seed", 11),
                                             options={**record.options, **pinned.get("options", {})})
        for member in members[1:]:
            await world.click(member, card, "Join")
        await world.click(members[0], card, "Start")
        rng = random.Random(11)
        for step in range(5000):
            if step == CONCEDE_AFTER.get(name):
                await concede(world, channel, members, name)
            if not await answer_once(world, channel, members, name, rng):
                break
        else:
            pytest.fail(f"{name} did not end in 5000 choices")
        assert "is over. Final scores" in channel.messages[-1].content
    finally:
        await world.stop()
