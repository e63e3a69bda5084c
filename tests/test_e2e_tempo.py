"""End to end, play-by-post tempo (issue 12): the real bot (`python -m bot`) against the Discord
stand-in, on the test game "Tempo" (tests/tempogame.py, registered as a game plugin, GAME_PLUGINS):
- one message per turn: what happened, the board and the prompt together; edited in place while
  the same player goes on with the same action, a new message when the player changes, the
  answered question shrunk to one line;
- a grouped choice in two clicks (the group, then its options, shown to the player alone);
- a choice of several amounts as a form (a modal), its answer exactly one option id, and every
  refusal: another member, a forged submission, a stale form, numbers out of range or not adding up.
"""

from __future__ import annotations

import json

from discord_standin.api import MODAL_SUBMIT, FakeDiscord
from e2e_kit import WAIT, Table, open_table, question, read_db

from bot.service.turn.forms import field_id

PLUGIN = "tempogame"  # tests/tempogame.py, a game plugin
TAKE = "Take a city… (30)"
FORM = "✏️ Choose the numbers…"


async def open_tempo(fake: FakeDiscord, start_bot_process, tmp_path) -> Table:
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id), GAME_PLUGINS=PLUGIN)
    return await open_table(fake, tmp_path / "games.sqlite3", names=("Ann", "Bo"), game="tempo_test",
                            title="Tempo")


def others(table: Table, member):
    return next(m for m in table.members if m is not member)


async def test_a_grouped_choice_takes_two_clicks_and_the_turn_message_goes_on_in_place(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    table = await open_tempo(fake, start_bot_process, tmp_path)
    [turn] = table.live_prompts()
    first = table.waiting()
    other, name = others(table, first), table.seats[first.id]
    # The first action: one button per group (a group of one shows its option), in the game's order.
    assert [b.label for b in turn.buttons()] == [TAKE, "Move an army… (3)", "Collect taxes", "Pass"]
    assert "**Tempo** begins" in turn.content and question(turn).startswith(f"<@{first.id}>, Choose your action.")

    # Only the player the game waits on may open a group.
    refused = await table.refused(await fake.click(other, turn, TAKE))
    assert "not your decision" in refused.content
    # For them, the group's 30 options, privately, in menus of at most 25.
    picker = await fake.open(first, turn, TAKE)
    again = await fake.open(first, turn, TAKE)  # opened twice (say on two devices)
    assert picker.ephemeral and "Take a city" in picker.content
    menus = picker.selects()
    assert sorted(len(m.options) for m in menus) == [5, 25]
    assert "Take City07" in [o.label for m in menus for o in m.options]
    assert [m.content for m in fake.ephemeral_messages(other)] == [refused.content]  # nobody else saw them

    # The second click picks one; the same player goes on (where the cube comes from), so the
    # same message is edited in place: the answer in one line, what it did, the next question.
    seen, version = len(table.bot_messages()), table.version()
    menu = next(m for m in menus if any(o.value == "take:City07" for o in m.options))
    pick = await fake.select(first, picker, menu.custom_id, ["take:City07"])
    await table.settle(pick, version)
    assert not pick.followups, pick.followups[0].content
    table.acked.append((name, "take:City07", first.id))
    assert picker.content == f"✅ **{name}** chose **Take City07**." and picker.components == []
    assert table.live_prompts() == [turn] and len(table.bot_messages()) == seen  # nothing new posted
    assert f"✅ **{name}** chose **Take City07**.\n• {name} takes City07." in turn.content
    assert question(turn).startswith(f"<@{first.id}>, Where does the cube for City07 come from?")
    assert turn.pinged_users == (first.id,)  # an edit notifies nobody again
    # The same options opened a second time are out of date now.
    old = await table.refused(await fake.select(first, again, menu.custom_id, ["take:City08"]))
    assert "out of date" in old.content

    # The action ends: the message closes (its last answer in one line, no buttons) and the next
    # player's turn is a new message telling what that answer did, pinging them.
    await table.choose(first, "source:pool")
    assert turn.buttons() == [] and turn.selects() == []
    assert turn.content.endswith(f"✅ **{name}** chose **From your pool**.")
    [nxt] = table.live_prompts()
    assert nxt is not turn and nxt.content.startswith(f"**{name}** chose **From your pool**.\n"
                                                      f"• {name} places a cube from the pool on City07.")
    assert question(nxt).startswith(f"<@{other.id}>, Choose your action.") and nxt.pinged_users == (other.id,)
    assert TAKE.replace("30", "29") in [b.label for b in nxt.buttons()]
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_an_amounts_form_answers_one_option_and_refuses_what_it_must(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    table = await open_tempo(fake, start_bot_process, tmp_path)
    first = table.waiting()
    other, name = others(table, first), table.seats[first.id]
    await table.choose(first, "tax")
    [turn] = table.live_prompts()
    assert table.waiting() is first and [b.label for b in turn.buttons()] == ["No taxes", FORM]
    before = len(table.stored())

    # Another member clicking the form's button gets a refusal, not the form.
    stranger = await fake.click(other, turn, FORM)
    answer = await stranger.response
    assert answer.type == 4 and answer.ephemeral and "not your decision" in answer.content
    assert stranger.modal is None

    async def form():
        ix = await fake.click(first, turn, FORM)
        assert (await ix.response).type == 9
        return ix

    # The form: the question and the totals above, a menu for the small amount, a number to type
    # for the large one.
    opened = await form()
    modal = opened.modal
    assert modal["title"] == "How many bezants do you collect?"
    display, byz, arab = modal["components"]
    assert display["type"] == 10 and "Bezants in all (2 per cube): 2 to 40, in steps of 2" in display["content"]
    assert byz["label"] == "Byzantine bezants (0 to 6)" and [o["value"] for o in byz["component"]["options"]] == [
        str(n) for n in range(7)]
    assert arab["label"] == "Arab bezants (0 to 40)" and arab["component"]["type"] == 4

    async def refused_form(values: dict) -> str:
        ix = await fake.submit_modal(first, await form(), values)
        return (await table.refused(ix)).content

    # Numbers that are not an answer: refused privately, nothing stored.
    assert "Bezants in all (2 per cube) must be from 2 to 40; these numbers make 1." in await refused_form(
        {field_id(0): "1", field_id(1): "0"})
    assert "'Arab bezants' needs a whole number from 0 to 40." in await refused_form({field_id(1): "lots"})
    assert "'Arab bezants' must be from 0 to 40, not 41." in await refused_form({field_id(1): "41"})
    assert "goes in steps of 2" in await refused_form({field_id(0): "2", field_id(1): "1"})
    # A submission forged by someone the form was never shown to.
    forged = await fake.forge(other, table.channel, MODAL_SUBMIT, {"custom_id": modal["custom_id"], "components": [
        {"type": 18, "component": {"type": 3, "custom_id": field_id(0), "values": ["2"]}},
        {"type": 18, "component": {"type": 4, "custom_id": field_id(1), "value": "4"}}]}, message=turn)
    assert "not your decision" in (await table.refused(forged)).content
    assert len(table.stored()) == before and table.live_prompts() == [turn]

    # A valid form: exactly one option id, the whole answer in one stored choice.
    stale = await form()  # opened now, submitted after the game moved on
    good = await fake.submit_modal(first, opened, {field_id(0): "2", field_id(1): "4"})
    version = table.version()
    await table.settle(good, version)
    assert not good.followups, good.followups[0].content
    table.acked.append((name, "tax:byz=2,arab=4", first.id))
    table.assert_db_matches_acknowledged()
    assert turn.content.endswith(f"✅ **{name}** chose **2 × Byzantine bezants and 4 × Arab bezants**.")
    assert turn.buttons() == []
    assert f"{name} collects 6 bezants." in table.live_prompts()[0].content
    late = await fake.submit_modal(first, stale, {field_id(0): "0", field_id(1): "2"})
    assert "out of date" in (await table.refused(late)).content
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_a_preference_set_once_skips_its_question(fake_discord: FakeDiscord, start_bot_process,
                                                        tmp_path) -> None:
    fake = fake_discord
    table = await open_tempo(fake, start_bot_process, tmp_path)
    first = table.waiting()
    name = table.seats[first.id]
    listed = await (await fake.slash(first, table.channel, "game prefs")).result(WAIT)
    assert listed.ephemeral and "Where a cube comes from: **Ask me**" in listed.content
    done = await (await fake.slash(first, table.channel, "game prefs", setting="source", value="pool")).result(WAIT)
    assert done.ephemeral and "is now: From my pool" in done.content
    assert table.live_prompts()[0].buttons()  # a quiet setting: the prompt stays live
    picker = await fake.open(first, table.live_prompts()[0], TAKE)
    menu = next(m for m in picker.selects() if any(o.value == "take:City03" for o in m.options))
    version = table.version()
    pick = await fake.select(first, picker, menu.custom_id, ["take:City03"])
    await table.settle(pick, version)
    assert not pick.followups
    # No question about the cube: the preference answered it; the next player is asked.
    [nxt] = table.live_prompts()
    assert f"• {name} places a cube from the pool on City03." in nxt.content
    assert table.waiting() is not first
    status = await (await fake.slash(first, table.channel, "game status")).result(WAIT)
    assert "VP 2" in status.content and "2.0" not in status.content
    assert "Your settings" in status.content and "From my pool" in status.content
    rows = read_db(table.db_path, "SELECT option_id FROM choices WHERE game_id = ? ORDER BY seq", (table.game_id,))
    assert [r["option_id"] for r in rows] == ["pref:source=pool", "take:City03"]
    assert json.loads(read_db(table.db_path, "SELECT seats FROM games WHERE id = ?", (table.game_id,))[0]["seats"])
    fake.assert_clean()
