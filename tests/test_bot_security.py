"""Issue 18: what an attacker or a careless click can do with forged custom ids, other
channels, seats for bots and take-backs of other people's choices. Each case is refused with
a short answer and nothing changes."""

from __future__ import annotations

from bot_fakes import current_prompts, loaded_game, open_game, waiting_member


async def _choices(world, channel) -> list[tuple[int, str, str]]:
    loaded = await loaded_game(world, channel)
    return [(c.seq, c.player, c.option_id) for c in await world.bot.storage.choices(loaded.id)]


# -- /mod replace never seats a bot (issue 18 item 6) ------------------------------------------
async def test_replace_refuses_a_bot_account(world):
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    robot = world.member("Robo", bot=True)
    reply = await world.slash(mod, channel, "mod replace", old=members[0].name, new=robot.mention)
    assert "bot" in reply.reply_text and "handed over" not in reply.reply_text
    record = (await loaded_game(world, channel)).record
    assert record.seat_named(members[0].name).user_id == members[0].id
    assert not any("handed the seat" in m.content for m in channel.messages)


async def test_replace_refuses_this_bot_itself(world):
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    me = world.member("GameBot", bot=True)
    world.bot._connection.user = me  # what discord.py knows once connected
    reply = await world.slash(mod, channel, "mod replace", old=members[1].name, new=me.mention)
    assert "myself" in reply.reply_text
    record = (await loaded_game(world, channel)).record
    assert record.seat_named(members[1].name).user_id == members[1].id


# -- custom ids are checked against the channel, not only the server (item 8) ----------------
async def test_a_prompt_clicked_from_another_channel_of_the_same_server_is_refused(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    label = prompt.option_buttons()[-1]
    before = len(channel.messages)
    prompt.channel = world.channel("elsewhere")  # the same custom id, sent from another channel
    refused = await world.click(player, prompt, label)
    assert "another channel" in refused.reply_text
    assert await _choices(world, channel) == []
    assert len(channel.messages) == before


async def test_a_prompt_of_a_game_in_a_thread_clicked_from_its_parent_is_refused(world):
    parent = world.channel("games")
    thread = await parent.create_thread(name="byz")
    ann, bo, cy = (world.member(n) for n in ("Ann", "Bo", "Cy"))
    await world.slash(ann, thread, "game new", game="byzantium")
    card = thread.messages[-1]
    await world.click(bo, card, "Join")
    await world.click(cy, card, "Join")
    await world.click(ann, card, "Start")
    prompt = current_prompts(thread)[0]
    player = waiting_member(prompt, [ann, bo, cy])
    prompt.channel = parent
    refused = await world.click(player, prompt, prompt.option_buttons()[-1])
    assert "another channel" in refused.reply_text
    assert await _choices(world, thread) == []


async def test_a_lobby_button_from_another_channel_joins_nothing(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium")
    card = channel.messages[-1]
    card.channel = world.channel("elsewhere")
    refused = await world.click(bo, card, "Join")
    assert "another channel" in refused.reply_text
    record = await world.bot.storage.channel_game(channel.id)
    assert [s.user_id for s in record.seats] == [ann.id]


async def test_a_confirmation_from_another_channel_does_nothing(world):
    channel, _members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    ask = await world.slash(mod, channel, "mod abandon")
    question = ask.replies[0]
    question.channel = world.channel("elsewhere")  # same server, another channel
    refused = await world.click(mod, question, "Abandon")
    assert "another channel" in refused.reply_text
    assert await world.bot.storage.channel_game(channel.id) is not None


# -- a take-back takes back only the player's own choice (item 9) -----------------------------
async def test_a_player_cannot_take_back_a_moderators_skip(world):
    channel, members = await open_game(world)
    waited_on = waiting_member(current_prompts(channel)[0], members)
    mod = world.member("Mia", manage_channels=True)
    assert (await world.slash(mod, channel, "mod skip")).reply_text == "Skipped."
    assert [c[2] for c in await _choices(world, channel)] == ["pass"]
    refused = await world.slash(waited_on, channel, "game takeback")
    assert "your own choice" in refused.reply_text
    assert [c[2] for c in await _choices(world, channel)] == ["pass"]  # the skip stands


async def test_a_player_can_still_take_back_their_own_choice(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    label = next(b for b in prompt.buttons() if b.startswith("Pass"))
    await world.click(player, prompt, label)
    taken = await world.slash(player, channel, "game takeback")
    assert taken.reply_text == "Taken back."
    assert await _choices(world, channel) == []

