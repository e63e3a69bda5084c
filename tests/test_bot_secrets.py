"""The bot's secrets, through the real handlers with the in-process fakes (quick): what status, help,
log, reminders and the board say about a private decision; /game orders and /game hand; the pure rules of bot/service/secrecy/hidden.py. The end-to-end tests (the
leak test first) are in test_e2e_secrets.py."""

from __future__ import annotations

import re

import hiddengame
import pytest
from bot_fakes import World, loaded_game
from duel_kit import pinned_deck

from bot.service.secrecy import hidden
from engine import Event

DECK = pinned_deck(["1", "2", "5"], ["3", "4", "parry"], ["5", "6"])
OPEN = "Open my prompt"


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def open_duel(world: World):
    """A secret duel (Ann first) with the pinned deck: Ann holds 1, 2, 5; Bo 3, 4 and a Parry."""
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game=hiddengame.NAME)
    card = channel.messages[-1]
    game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
    await world.bot.storage.update_lobby(game_id, options={"draws": {"deck": [DECK]}})
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    return channel, ann, bo


def live_post(channel):
    return [m for m in channel.messages if OPEN in m.buttons()][-1]


async def choose(world, channel, member, label):
    """Open `member`'s private prompt and click `label` on it."""
    opened = await world.click(member, live_post(channel), OPEN)
    [prompt] = opened.replies
    assert prompt.ephemeral
    return await world.click(member, prompt, label), prompt


async def test_status_help_and_reminders_show_only_the_public_prompt_of_a_private_decision(world):
    channel, ann, bo = await open_duel(world)
    await choose(world, channel, ann, "Play a 1")  # Bo's window: "Ann attacks you for 1" is his prompt
    status = await world.slash(ann, channel, "game status")
    assert "Bo: Bo may parry." in status.reply_text and "attacks you" not in status.reply_text
    assert "hands" not in status.reply_text
    help_ann = await world.slash(ann, channel, "game help")
    assert "Bo — Bo may parry." in help_ann.reply_text
    help_bo = await world.slash(bo, channel, "game help")
    assert "Bo — Ann attacks you for 1." in help_bo.reply_text  # his own, privately
    world.clock.advance(hours=12)
    assert await world.bot.reminders.run_due() == 1
    [ping] = [m for m in channel.messages if m.content.startswith("⏰")]
    assert "Bo may parry." in ping.content and "attacks you" not in ping.content


async def test_the_board_post_after_a_private_choice_names_no_option(world):
    channel, ann, _bo = await open_duel(world)
    clicked, prompt = await choose(world, channel, ann, "Pass")
    board = [m for m in channel.messages if "has chosen" in m.content][-1]
    account = board.content.split("\n\n")[0]  # the next prompt comes below it
    assert account.splitlines() == ["**Ann** has chosen.", "• Ann passes.", "• Ann draws a card."]
    # Her public post shrank to one line that does not name it either.
    closed = [m for m in channel.messages if m.content.endswith("✅ **Ann** has chosen.")]
    assert len(closed) == 1 and closed[0].view is None
    # The private prompt, and only it, says what she chose and what she drew.
    assert "✅ **Ann** chose **Pass**." in prompt.content and "• You drew a 5." in prompt.content
    assert clicked.reply_text == ""


async def test_orders_are_private_stored_choices_with_clear_refusals(world):
    channel, ann, bo = await open_duel(world)
    settings = await world.autocomplete(bo, channel, "game orders", "setting", "")
    assert [(c.name, c.value) for c in settings] == [("Parry an attack", "order:parry")]
    before = len(channel.messages)
    done = await world.slash(bo, channel, "game orders", setting="order:parry", value="auto")
    assert done.replies[0].ephemeral and "is now: Play automatically when possible" in done.reply_text
    assert len(channel.messages) == before  # nothing public: Ann's prompt stays the live one
    loaded = await loaded_game(world, channel)
    assert loaded.seq == 1 and hiddengame.GAME.preference(loaded.state, "Bo", "order:parry") == "auto"
    again = await world.slash(bo, channel, "game orders", setting="order:parry", value="auto")
    assert "already your setting" in again.reply_text
    assert (await loaded_game(world, channel)).seq == 1  # not stored twice
    for who, setting, value, words in ((bo, "order:dodge", "auto", "not a setting of Secret duel"),
                                       (bo, "order:parry", "maybe", "not a value"),
                                       (world.member("Cy"), "order:parry", "never", "not playing")):
        refused = await world.slash(who, channel, "game orders", setting=setting, value=value)
        assert words in refused.reply_text
    assert (await loaded_game(world, channel)).seq == 1
    # Ann's prompt, built before Bo's order, still works: the order settled nothing.
    await choose(world, channel, ann, "Play a 1")
    board = [m for m in channel.messages if "has chosen" in m.content][-1]
    assert "• Bo parries." in board.content  # his order played the Parry, without asking him


async def test_hand_shows_own_secrets_orders_and_what_only_you_learnt(world):
    channel, ann, bo = await open_duel(world)
    await choose(world, channel, ann, "Pass")
    hand = (await world.slash(ann, channel, "game hand")).reply_text
    assert "hands: Ann: 1, 2, 5, 5" in hand and "You drew a 5." in hand and "Parry an attack: **Ask me**" in hand
    assert "Bo:" not in hand
    bo_hand = (await world.slash(bo, channel, "game hand")).reply_text
    assert "hands: Bo: 3, 4, parry" in bo_hand and "drew" not in bo_hand
    outsider = await world.slash(world.member("Cy"), channel, "game hand")
    assert "not playing" in outsider.reply_text


async def test_log_hides_others_orders_and_private_events(world):
    channel, ann, bo = await open_duel(world)
    await world.slash(bo, channel, "game orders", setting="order:parry", value="never")
    await choose(world, channel, ann, "Pass")
    ann_log = (await world.slash(ann, channel, "game log")).reply_text
    # Each choice as its button read (issue 27), not its option id; a standing order in words.
    assert "pref" not in ann_log and "#2** Ann: Pass\n" in ann_log and "You drew a 5." in ann_log
    bo_log = (await world.slash(bo, channel, "game log")).reply_text
    assert "#1** Bo: Parry an attack: Never" in bo_log and "#2** Ann\n" in bo_log + "\n" and "drew a 5" not in bo_log


def test_a_preference_is_quiet_only_when_everything_it_caused_was_private():
    told = Event("preference", "set", private_to=("Bo",))
    assert hidden.is_quiet_preference("pref:order:parry=never", [{"kind": "preference", "private_to": ["Bo"]}])
    assert not hidden.is_quiet_preference("pref:order:parry=never",
                                          [{"kind": "preference", "private_to": ["Bo"]}, {"kind": "damage"}])
    assert not hidden.is_quiet_preference("take", [{"kind": "preference", "private_to": ["Bo"]}])
    assert hidden.event_from_data({"kind": "x", "text": "t", "private_to": ["Bo"]}).private_to == ("Bo",)
    assert hidden.private_events([told, Event("x", "public")], "Bo") == [told]
    assert hidden.public_options({"dice": [6], "draws": {}, "map": "east"}) == {"map": "east"}
    assert hidden.compact({"Bo": ["3", "parry"]}) == "Bo: 3, parry"


async def test_a_moderator_skip_of_a_private_window_lets_it_pass_and_names_no_option(world):
    channel, ann, bo = await open_duel(world)
    await choose(world, channel, ann, "Play a 1")  # Bo could parry
    mod = world.member("Mia", manage_channels=True)
    skipped = await world.slash(mod, channel, "mod skip")
    assert skipped.reply_text == "Skipped."
    notice = next(m for m in channel.messages if m.content.startswith("🛠️"))
    assert notice.content == f"🛠️ Moderator <@{mod.id}> skipped **Bo**."
    board = [m for m in channel.messages if "A moderator decided" in m.content][-1]
    told = board.content.splitlines()  # Bo's turn goes on in his message: the skip, then what it did
    assert told[told.index("⏭️ A moderator decided for **Bo**.") + 1] == "• Bo takes 1 damage."
    assert (await loaded_game(world, channel)).state.damage["Bo"] == 1  # the window's pass, not his Parry


async def test_a_quiet_order_neither_restarts_the_wait_nor_loses_the_reminders_link(world):
    channel, ann, bo = await open_duel(world)
    post = live_post(channel)
    before = (await world.slash(bo, channel, "game status")).reply_text
    world.clock.advance(hours=3)
    await world.slash(bo, channel, "game orders", setting="order:parry", value="never")
    after = (await world.slash(bo, channel, "game status")).reply_text
    assert re.search(r"since <t:\d+:R>", after)[0] == re.search(r"since <t:\d+:R>", before)[0]
    world.clock.advance(hours=9)
    assert await world.bot.reminders.run_due() == 1
    [ping] = [m for m in channel.messages if m.content.startswith("⏰")]
    assert f"/{channel.id}/{post.id}" in ping.content and "Ann chooses a card." in ping.content


async def test_a_window_is_reminded_after_a_quarter_of_a_turns_wait(world):
    """Issue 27: a reaction window asks a card or nothing; its reminders come after 3 h, then 6 h
    (the game's 12 h wait, a quarter of it), while a turn's come after 12 h."""
    channel, ann, bo = await open_duel(world)
    await choose(world, channel, ann, "Play a 1")  # Bo's window
    world.clock.advance(hours=2, minutes=59)
    assert await world.bot.reminders.run_due() == 0
    world.clock.advance(minutes=1)
    assert await world.bot.reminders.run_due() == 1
    world.clock.advance(hours=5, minutes=59)
    assert await world.bot.reminders.run_due() == 0
    world.clock.advance(minutes=1)
    assert await world.bot.reminders.run_due() == 1
    await choose(world, channel, bo, "Take 1 damage")  # his turn now: the turn's wait
    world.clock.advance(hours=11, minutes=59)
    assert await world.bot.reminders.run_due() == 0
    world.clock.advance(minutes=1)
    assert await world.bot.reminders.run_due() == 1
