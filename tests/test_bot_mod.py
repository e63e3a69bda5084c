"""Moderator commands through the real handlers: confirmation, announcement, guild scope."""

from __future__ import annotations

import json

import discord
import pytest
from bot_fakes import Role, World, current_prompts, loaded_game, open_game, waiting_member

from bot.storage.records import SeatConflict, WrongStatus


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot(moderator_role=f"{w.guild.id}:Game Masters")
    yield w
    await w.stop()


async def play_passes(world, channel, members, n):
    """Make `n` choices by clicking the pass button (or the first button) of each new prompt."""
    for _ in range(n):
        message = current_prompts(channel)[0]
        labels = message.option_buttons()
        label = next((b for b in labels if b.startswith("Pass")), labels[0])
        interaction = await world.click(waiting_member(message, members), message, label)
        assert interaction.reply_text == ""


async def test_moderator_undo_asks_confirmation_then_rolls_back_and_reposts(world):
    channel, members = await open_game(world)
    await play_passes(world, channel, members, 3)
    assert (await loaded_game(world, channel)).seq == 3

    player = members[0]
    refused = await world.slash(player, channel, "mod undo", steps=2)
    assert "Only moderators" in refused.reply_text

    mod = world.member("Mia", manage_channels=True)
    ask = await world.slash(mod, channel, "mod undo", steps=2)
    question = ask.replies[0]
    assert question.ephemeral and "Undo the last 2 choices" in question.content
    assert question.buttons() == ["Undo"]
    assert (await loaded_game(world, channel)).seq == 3  # nothing changes before the confirmation

    before = len(channel.messages)
    confirm_view = question.view
    done = await world.click(mod, question, "Undo")
    assert question.view is None and "Undo done" in question.content
    assert done.reply_text == ""
    assert (await loaded_game(world, channel)).seq == 1
    new = channel.messages[before:]
    assert f"Moderator <@{mod.id}> undid the last 2 choices" in new[0].content
    assert new[1].image() is not None  # the board is re-posted
    assert current_prompts(channel)[0] is new[-1]  # and a fresh prompt for version 1

    question.view = confirm_view  # a second client still showing the button clicks it again
    again = await world.click(mod, question, "Undo")
    assert "moved on" in again.reply_text
    assert (await loaded_game(world, channel)).seq == 1


async def test_moderator_role_from_settings_can_pause_and_resume(world):
    channel, members = await open_game(world)
    gm = world.member("Gus", roles=[Role(1, "game masters")])
    paused = await world.slash(gm, channel, "mod pause")
    assert paused.reply_text == "Done."
    assert "paused the game" in channel.messages[-1].content
    prompt = current_prompts(channel)[0]
    blocked = await world.click(waiting_member(prompt, members), prompt, prompt.option_buttons()[0])
    assert "paused" in blocked.reply_text
    await world.slash(gm, channel, "mod resume")
    assert "resumed the game" in channel.messages[-2].content
    fresh = current_prompts(channel)[-1]
    ok = await world.click(waiting_member(fresh, members), fresh, fresh.option_buttons()[-1])
    assert ok.reply_text == ""


async def test_replace_hands_a_seat_to_another_member(world):
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    prompt = current_prompts(channel)[0]
    leaving = waiting_member(prompt, members)
    dan = world.member("Dan")
    reply = await world.slash(mod, channel, "mod replace", old=leaving.name, new=dan.mention)
    assert "handed over" in reply.reply_text
    assert f"handed the seat **{leaving.name}** to <@{dan.id}>" in channel.messages[-2].content
    new_prompt = current_prompts(channel)[-1]
    assert dan.id in new_prompt.mentions
    refused = await world.click(leaving, new_prompt, new_prompt.option_buttons()[-1])
    assert "not playing" in refused.reply_text
    accepted = await world.click(dan, new_prompt, new_prompt.option_buttons()[-1])
    assert accepted.reply_text == ""
    record = (await loaded_game(world, channel)).record
    assert record.seat_named(leaving.name).user_id == dan.id


@pytest.mark.parametrize("race", ["seat taken", "game ended"])
async def test_replace_losing_a_race_is_refused_in_the_moderators_language_and_changes_nothing(world, race):
    """The storage refuses a seat's change the service had checked (a lobby click or another
    moderator came first): the moderator reads why in their own language, never the storage's
    English, and the seats stay as they were."""
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True, locale="de")
    before = (await loaded_game(world, channel)).record
    storage = world.bot.storage

    async def lost_race(game_id, seat, **_kwargs):
        if race == "game ended":
            raise WrongStatus(game_id, "finished", "lobby, active or paused")
        raise SeatConflict(game_id, seat, taken=True)

    storage.replace_seat = lost_race
    reply = await world.slash(mod, channel, "mod replace", old=members[0].name, new=world.member("Dan").mention)
    expected = ("Dieses Mitglied hat schon einen Platz in dieser Partie." if race == "seat taken"
                else "Das geht jetzt nicht: Die Partie ist weitergegangen oder hat ihren Zustand geändert.")
    assert reply.reply_text == expected
    assert (await loaded_game(world, channel)).record.seats == before.seats


async def test_skip_takes_pass_for_the_player_waited_on(world):
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    reply = await world.slash(mod, channel, "mod skip")
    assert reply.reply_text == "Skipped."
    game = await loaded_game(world, channel)
    choices = await world.bot.storage.choices(game.id)
    assert [(c.option_id, c.user_id) for c in choices] == [("pass", mod.id)]
    assert "skipped" in "".join(m.content for m in channel.messages[-4:])


async def test_abandon_and_reset_need_confirmation(world):
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    await play_passes(world, channel, members, 2)
    old_prompt = current_prompts(channel)[0]
    ask = await world.slash(mod, channel, "mod reset")
    await world.click(mod, ask.replies[0], "Reset")
    assert old_prompt.view is None  # the old game's prompt lost its buttons
    fresh = await loaded_game(world, channel)
    assert fresh.seq == 0 and [s.user_id for s in fresh.record.seats] == [m.id for m in members]
    assert "reset the game" in "".join(m.content for m in channel.messages[-5:])

    ask = await world.slash(mod, channel, "mod abandon")
    assert await world.bot.storage.channel_game(channel.id) is not None
    await world.click(mod, ask.replies[0], "Abandon")
    assert await world.bot.storage.channel_game(channel.id) is None
    assert all(m.view is None for m in channel.messages)  # nothing left to click
    assert "abandoned this game" in channel.messages[-1].content
    status = await world.slash(members[0], channel, "game status")  # an abandoned game has no scores
    assert status.reply_text.startswith("There is no game in this channel.")


async def test_inspect_and_export_attach_the_public_record_without_the_seed(world):
    """Issue 18 item 1: while a game runs, the seed (which tells every future die) is in nothing
    a moderator is shown, unless they ask for the reveal, which the channel is told of."""
    channel, members = await open_game(world)
    await play_passes(world, channel, members, 2)
    mod = world.member("Mia", manage_channels=True)
    inspect = await world.slash(mod, channel, "mod inspect")
    reply = inspect.replies[0]
    assert reply.ephemeral and "Waiting on" in reply.content and "Last events" in reply.content
    assert "seed" not in reply.content
    files = dict(reply.files)
    record = json.loads(next(v for k, v in files.items() if k.endswith("replay.json")))
    assert record["game"] == "byzantium" and len(record["choices"]) == 2 and record["public_record"] is True
    assert "seed" not in record and record["choices"][0]["option"]  # Byzantium hides no choice
    export = await world.slash(mod, channel, "mod export")
    assert export.replies[0].ephemeral and json.loads(export.replies[0].files[0][1]) == record
    assert "does not replay" in export.replies[0].content
    revealed = await world.slash(mod, channel, "mod export", reveal=True)
    replay = json.loads(revealed.replies[0].files[0][1])
    assert replay["seed"] == 7 and len(replay["choices"]) == 2
    # The data stays private; the channel is told, in one line each, that a moderator looked.
    notices = [m for m in channel.messages if m.content.startswith("🛠️")]
    assert [m.content for m in notices] == [
        f"🛠️ Moderator <@{mod.id}> inspected the game.", f"🛠️ Moderator <@{mod.id}> exported the game.",
        f"🛠️ Moderator <@{mod.id}> exported the game **with its secrets revealed** (hands, decks and the seed)."]
    assert not any(m.files for m in notices)
    assert current_prompts(channel)  # the prompt stays live: nothing changed in the game


async def test_moderators_cannot_touch_a_game_in_another_guild(world):
    channel, members = await open_game(world)
    mod_here = world.member("Mia", manage_channels=True)
    ask = await world.slash(mod_here, channel, "mod abandon")
    question = ask.replies[0]
    # A moderator of another server replays the confirmation's custom id from their own channel.
    elsewhere = world.channel("other", guild=world.new_guild())
    outsider = world.member("Olga", manage_channels=True)
    question.channel = elsewhere
    refused = await world.click(outsider, question, "Abandon")
    assert "another server" in refused.reply_text
    assert await world.bot.storage.channel_game(channel.id) is not None


async def test_a_forged_confirmation_with_no_steps_or_too_many_undoes_nothing(world):
    """Issue 25 item 7: `confirm:…:undo:0` undid one step (`steps or 1`)."""
    channel, members = await open_game(world)
    await play_passes(world, channel, members, 2)
    mod = world.member("Mia", manage_channels=True)
    question = (await world.slash(mod, channel, "mod undo", steps=1)).replies[0]
    [real] = [c.item.custom_id for c in question.components]
    for forged in (real.rsplit(":", 1)[0] + ":0", real.rsplit(":", 1)[0] + ":", real.rsplit(":", 1)[0] + ":3"):
        answer = await world.dispatch(mod, question, forged, discord.ui.Button(custom_id=forged, label="Undo"))
        assert "give a number from 1 to 2" in answer.reply_text, (forged, answer.reply_text)
        assert (await loaded_game(world, channel)).seq == 2
