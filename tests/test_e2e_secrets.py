"""Secrets through the real bot (issue 10): the secret duel (tests/hiddengame.py) played by members
against the Discord stand-in, with `python -m bot` started exactly as an operator starts it plus
the game plugin that registers the test game (tests/duel_for_bot.py).

The leak test plays the same public moves twice, once with Bo holding a Parry and once without:
everything anyone in the server can see (every message and every edit, text, buttons, board
PNG bytes, pings, order) must be identical. Rule: "a secret reaches only its owner; nothing public
(text, buttons, images, timing, order of posts) differs with what a player holds".
"""

from __future__ import annotations

import json
import re

from discord_standin.api import FakeDiscord
from discord_standin.runner import BotProcess
from duel_kit import (
    duel_env,
    first_difference,
    ids_of,
    open_duel,
    pinned_deck,
    private_texts,
    public_record,
)
from e2e_kit import WAIT, question, read_db, start_checked

# Ann is dealt 1, 2, 5; Bo 3, 4 and a Parry (or a 6); the turns then draw 5, 6, 5, 6, 2, 3.
DRAWS = ["5", "6", "5", "6", "2", "3"]
WITH_PARRY = pinned_deck(["1", "2", "5"], ["3", "4", "parry"], DRAWS)
WITHOUT = pinned_deck(["1", "2", "5"], ["3", "4", "6"], DRAWS)


async def play_the_public_moves(fake: FakeDiscord, db_path) -> dict:
    """One whole game; the same moves whatever Bo holds. Returns what the test checks."""
    duel = await open_duel(fake, db_path)
    ann, bo = duel.members
    seen: dict = {}

    # Ann's standing order for the Parry window: never (she is never asked).
    answer = await duel.slash(ann, "game orders", setting="order:parry", value="never")
    assert "is now: Never" in answer.content

    await duel.choose(ann, "play:1")
    bo_prompt = await duel.open_prompt(bo)  # Bo's window: his private prompt
    seen["bo_window"] = ids_of(bo_prompt)
    await duel.choose(bo, "take", bo_prompt)
    seen["bo_hand"] = (await duel.slash(bo, "game hand")).content

    await duel.choose(bo, "play:3")  # Ann's window is settled by her order, silently

    # Ann opens her prompt; meanwhile Bo changes his order twice (two stored choices that settle
    # nothing). Ann's prompt, built two versions ago, still works.
    ann_prompt = await duel.open_prompt(ann)
    await duel.slash(bo, "game orders", setting="order:parry", value="never")
    await duel.slash(bo, "game orders", setting="order:parry", value="ask")
    await duel.choose(ann, "pass", ann_prompt)
    assert "You drew a 5." in ann_prompt.content  # her own draw, on her own prompt

    await duel.choose(bo, "play:4")
    await duel.choose(ann, "play:5")
    await duel.choose(bo, "take")
    seen["status"] = (await duel.slash(ann, "game status")).content
    seen["ann_log"] = (await duel.slash(ann, "game log", n=20)).content
    await duel.choose(bo, "play:6")  # Ann takes 3 + 4 + 6 = 13: the end
    assert duel.final() is not None

    seen["public"] = public_record(fake)
    seen["ann_private"] = private_texts(fake, ann)
    seen["bo_private"] = private_texts(fake, bo)
    fake.assert_clean()
    return seen


async def test_leak_test_public_messages_are_identical_whether_or_not_bo_holds_a_parry(tmp_path):
    runs = []
    for name, deck in (("with", WITH_PARRY), ("without", WITHOUT)):
        (tmp_path / name).mkdir()
        db_path = tmp_path / name / "games.sqlite3"
        fake = await FakeDiscord.start()
        bot = BotProcess(fake, db_path, extra_env=duel_env(deck, fake))
        try:
            await bot.start()
            runs.append(await play_the_public_moves(fake, db_path))
        finally:
            await bot.stop()
            await fake.close()
    held, empty = runs

    # The two runs really differed in secret: Bo was offered the Parry only when he held one.
    assert held["bo_window"] == ["parry", "take"] and empty["bo_window"] == ["take"]
    assert "hands: Bo: 3, 4, parry" in held["bo_hand"] and "hands: Bo: 3, 4, 6" in empty["bo_hand"]

    # Everything public is the same, message for message, edit for edit, byte for byte.
    assert held["public"] == empty["public"], first_difference(held["public"], empty["public"])
    public_text = repr(held["public"])
    # (One message per turn: fewer messages than decisions, each with its edits.)
    # (A player's private steps in a row go on in one message: issue 27.)
    assert sum(len(m["versions"]) for m in held["public"]) > 15 and len(held["public"]) > 6
    assert "secret_duel-1-v" in public_text and "Final scores" in public_text
    assert not re.search(r"(?i)parry\b(?! an attack)|drew|hand[s]?:", public_text.replace("may parry", ""))

    # Ann never sees Bo's cards: her private answers show her own hand and draws, never his.
    for run in (held, empty):
        ann = "\n".join(run["ann_private"])
        assert "hands: Ann: 1, 2, 5" in ann and "hands: Bo" not in ann and "Play a Parry" not in ann
        assert set(re.findall(r"You drew [^.\"]+", ann)) == {"You drew a 5", "You drew a 2"}  # hers
        bo = "\n".join(run["bo_private"])
        assert "hands: Ann" not in bo and set(re.findall(r"You drew [^.\"]+", bo)) == {"You drew a 6", "You drew a 3"}
    # Ann's log has the public events and her own draws, not Bo's; her status shows no prompt of his.
    assert "You drew a 5" in held["ann_log"] and "You drew a 6" not in held["ann_log"]
    assert "Bo may parry" not in held["status"] and "attacks you" not in held["status"]


# -- moderators ----------------------------------------------------------------------------------

def attached_text(message) -> str:
    return message.content + "".join(a.data.decode() for a in message.attachments)


async def test_mod_inspect_and_export_leave_out_cards_and_seed_unless_revealed_never_to_a_player(
        fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.choose(ann, "play:1")  # Bo's Parry window waits
    seed = str(read_db(duel.db_path, "SELECT seed FROM games WHERE id = ?", (duel.game_id,))[0]["seed"])
    mia = fake.member("Mia", manage_channels=True)

    inspect = await duel.slash(mia, "mod inspect")
    export = await duel.slash(mia, "mod export")
    for answer in (inspect, export):
        shown = attached_text(answer)
        assert seed not in shown and '"seed"' not in shown and "draws" not in shown
        # No card of a hand or of the deck: only what the table saw (Ann's played 1).
        assert not re.search(r'"(parry|[2-6])"', shown) and "Play a Parry" not in shown
    assert "Waiting on **Bo** (parry, private): Bo may parry." in inspect.content
    assert "options" not in inspect.content  # how many options Bo has would tell his hand
    summary = json.loads(next(a for a in inspect.attachments if a.filename.endswith("summary.json")).data)
    assert summary["hands"] == {} and summary["deck"] == 16 and summary["hand_sizes"] == {"Ann": 2, "Bo": 3}
    record = json.loads(export.attachments[0].data)
    assert record["public_record"] is True and [c["events"] for c in record["choices"]] == [["Ann plays a 1."]]
    notices = [m.content for m in duel.bot_messages() if m.content.startswith("🛠️")]
    assert notices == [f"🛠️ Moderator <@{mia.id}> inspected the game.", f"🛠️ Moderator <@{mia.id}> exported the game."]

    # A moderator who plays never gets the reveal; nothing is announced or logged.
    fake.member("Bo", manage_channels=True)
    refused = await duel.slash(bo, "mod inspect", reveal=True)
    assert "You play in this game, played in it or host it" in refused.content and not refused.attachments
    refused = await duel.slash(bo, "mod export", reveal=True)
    assert "You play in this game, played in it or host it" in refused.content and not refused.attachments
    assert not read_db(duel.db_path, "SELECT * FROM audit WHERE action = 'reveal'")

    # Another moderator may ask for it: announced in the channel and written to the audit log.
    revealed = await duel.slash(mia, "mod export", reveal=True)
    replay = json.loads(revealed.attachments[0].data)
    assert str(replay["seed"]) == seed and replay["choices"] == [["Ann", "play:1"]]
    inspected = await duel.slash(mia, "mod inspect", reveal=True)
    assert f"seed {seed}" in inspected.content and "2 options" in inspected.content
    full = json.loads(next(a for a in inspected.attachments if a.filename.endswith("summary.json")).data)
    assert full["hands"]["Bo"] == ["3", "4", "parry"]
    await fake.wait_for(lambda: len([m for m in duel.bot_messages() if "secrets revealed" in m.content]) == 2,
                        WAIT, "both reveals announced")
    audit = read_db(duel.db_path, "SELECT user_id, action, detail FROM audit WHERE action = 'reveal'")
    assert [(r["user_id"], json.loads(r["detail"])["command"]) for r in audit] == [(mia.id, "exported"),
                                                                                    (mia.id, "inspected")]
    fake.assert_clean()


async def test_a_moderator_who_held_a_seat_at_any_time_never_gets_the_reveal(fake_discord, start_bot_process, tmp_path):
    """Issue 25 item 1: handing one's own seat away (to a bot player or a member) and asking for
    `reveal:true` is refused, and so is asking after taking it back; the host too. The other way
    round, a moderator who was shown the secrets may not be handed a seat."""
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake), BOT_PAUSE_SECONDS="600")  # the bot waits
    duel = await open_duel(fake, tmp_path / "games.sqlite3", names=("Ann", "Bo"))
    ann, bo = duel.members
    await duel.choose(ann, "play:1")
    bo = fake.member("Bo", manage_channels=True)
    ann = fake.member("Ann", manage_channels=True)  # the host, seated
    cy = fake.member("Cy")

    async def refused(member) -> None:
        for command in ("mod inspect", "mod export"):
            answer = await duel.slash(member, command, reveal=True)
            assert "You play in this game, played in it or host it" in answer.content, answer.content
            assert not answer.attachments and "parry" not in answer.content

    assert "Seat handed to a bot player." in (await duel.slash(bo, "mod replace", old=f"<@{bo.id}>", new="bot")).content
    await refused(bo)
    assert "Seat handed over." in (await duel.slash(bo, "mod replace", old="bot", new=f"<@{bo.id}>")).content
    await refused(bo)
    assert "Seat handed over." in (await duel.slash(bo, "mod replace", old=f"<@{bo.id}>", new=f"<@{cy.id}>")).content
    await refused(bo)
    # An undo back to before the hand-overs leaves the seats as they are, and the refusal with them.
    mia = fake.member("Mia", manage_channels=True)
    ask = await fake.slash(mia, duel.channel, "mod undo", steps=1)
    confirm = await fake.click(mia, await ask.result(WAIT), "Undo")
    await duel.settled(confirm.id)
    await refused(bo)
    await refused(ann)
    assert not read_db(duel.db_path, "SELECT * FROM audit WHERE action = 'reveal'")

    # Mia, who never sat here, may look; then no seat can be handed to her.
    revealed = await duel.slash(mia, "mod export", reveal=True)
    assert '"seed"' in attached_text(revealed)
    answer = await duel.slash(bo, "mod replace", old="Bo", new=f"<@{mia.id}>")
    assert "saw this game's secrets as a moderator" in answer.content
    seats = json.loads(read_db(duel.db_path, "SELECT seats FROM games WHERE id = ?", (duel.game_id,))[0]["seats"])
    assert [s["user_id"] for s in seats] == [ann.id, cy.id]
    fake.assert_clean()


# -- standing orders ----------------------------------------------------------------------------

async def attack_with_orders(fake: FakeDiscord, db_path, order: str) -> dict:
    """Bo sets his Parry order, Ann attacks for 1; what the table and Bo saw."""
    duel = await open_duel(fake, db_path)
    ann, bo = duel.members
    await duel.slash(bo, "game orders", setting="order:parry", value=order)
    await duel.choose(ann, "play:1")
    waiting = duel.live_posts()
    return {"public": public_record(fake), "waiting_on": [question(m).split(",")[0] for m in waiting],
            "bo_private": private_texts(fake, bo), "bo": bo}


async def test_never_and_auto_orders_settle_the_window_silently_and_look_the_same(tmp_path):
    """Bo "never" while holding a Parry, and Bo "auto" without one: both take the hit without being
    asked, and the channel cannot tell the two apart."""
    runs = []
    for name, deck, order in (("never", WITH_PARRY, "never"), ("auto", WITHOUT, "auto")):
        (tmp_path / name).mkdir()
        fake = await FakeDiscord.start()
        bot = BotProcess(fake, tmp_path / name / "games.sqlite3", extra_env=duel_env(deck, fake))
        try:
            await bot.start()
            runs.append(await attack_with_orders(fake, tmp_path / name / "games.sqlite3", order))
            fake.assert_clean()
        finally:
            await bot.stop()
            await fake.close()
    never, auto = runs
    assert never["public"] == auto["public"], first_difference(never["public"], auto["public"])
    text = repr(never["public"])
    assert "Bo takes 1 damage." in text and "may parry" not in text  # taken, never asked
    for run in runs:
        assert run["waiting_on"] == [f"<@{run['bo'].id}>"]  # straight to Bo's own turn
        assert not any("attacks you" in t for t in run["bo_private"])  # no prompt reached him


async def test_an_auto_order_plays_the_parry_when_bo_holds_one(fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    seen = await attack_with_orders(fake, tmp_path / "games.sqlite3", "auto")
    text = repr(seen["public"])
    assert "Bo parries." in text and "takes 1 damage" not in text and "may parry" not in text
    hand = "\n".join(seen["bo_private"])
    assert "is now: Play automatically when possible" in hand


# -- prompts: only the owner, by DM, after a restart -----------------------------------------------

async def test_open_my_prompt_answers_only_its_player(fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    cy = fake.member("Cy")
    post = duel.waiting_post(ann)
    for intruder in (bo, cy):
        ix = await fake.click(intruder, post, "Open my prompt")
        await fake.wait_for(lambda ix=ix: ix.followups, WAIT, "the refusal")
        [answer] = ix.followups
        assert answer.ephemeral and answer.content == "This prompt is for Ann; only they can open it."
        assert not answer.buttons()
    mine = await duel.open_prompt(ann)
    assert "hands: Ann: 1, 2, 5" in mine.content and ids_of(mine) == ["play:1", "play:2", "play:5", "pass"]
    # Bo clicking a button of Ann's private prompt (say he saw its id) is refused too.
    ix = await fake.click(bo, mine, mine.buttons()[0].custom_id)
    await fake.wait_for(lambda: ix.followups, WAIT, "the refusal")
    assert "not your decision" in ix.followups[0].content
    fake.assert_clean()


async def test_private_prompt_by_dm_and_a_ping_in_the_channel_when_dms_are_closed(
        fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.slash(bo, "settings ping", mode="dm")
    await duel.choose(ann, "play:1")

    # Bo's window: the prompt itself reached him by DM, and the channel post does not ping him.
    [dm] = [m for m in fake.messages(fake.dm(bo)) if m.buttons()]
    assert "hands: Bo: 3, 4, parry" in dm.content and ids_of(dm) == ["parry", "take"]
    post = duel.waiting_post(bo)
    assert post.pinged_users == () and "Bo may parry." in post.content
    seq = duel.stored()
    ix = await fake.click(bo, dm, next(b.custom_id for b in dm.buttons() if b.label.startswith("Take")))
    await fake.wait_for(lambda: "✅" in dm.content, WAIT, "the DM prompt answered")
    assert not ix.followups
    await duel.settled(ix.id, seq)
    assert "Bo takes 1 damage." in repr(public_record(fake))

    # Ann asks for DMs but does not accept them: the post pings her in the channel instead.
    await duel.slash(ann, "settings ping", mode="dm")
    fake.close_dms(ann)
    await duel.choose(bo, "play:3")  # Ann's window (her order is "ask")
    post = duel.waiting_post(ann)
    assert "Ann may parry." in post.content and post.pinged_users == (ann.id,)
    assert not [m for m in fake.messages(fake.dm(ann)) if m.buttons()]
    await duel.choose(ann, "take")
    # The DM'd prompt of a decision already answered has lost its button.
    assert dm.buttons() == []
    fake.assert_clean()


async def test_a_restart_between_a_private_prompt_and_its_answer(fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    bot = await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    prompt = await duel.open_prompt(ann)
    await duel.slash(bo, "game orders", setting="order:parry", value="never")  # stored, settles nothing
    before = len(duel.bot_messages())
    await start_checked(fake, bot, restart=True)  # its look for unposted games over: nothing re-posted
    await duel.choose(ann, "play:1", prompt)  # the private prompt opened before the restart
    assert "chose **Play a 1**" in prompt.content
    # Nothing was re-posted at start-up: the preference left Ann's prompt the live one.
    assert not any("Back online" in m.content for m in duel.bot_messages())
    assert len(duel.bot_messages()) == before + 1  # Bo's turn, with what Ann's choice did and the board
    assert "Bo takes 1 damage." in duel.bot_messages()[-1].content  # his order "never" took the hit
    fake.assert_clean()


async def test_undo_across_a_card_draw(fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, _bo = duel.members
    await duel.choose(ann, "pass")  # Ann draws a 5, privately
    assert "hands: Ann: 1, 2, 5, 5" in (await duel.slash(ann, "game hand")).content
    refused = await duel.slash(ann, "game takeback")
    assert "Something hidden was revealed" in refused.content  # she saw the card: it stands

    mia = fake.member("Mia", manage_channels=True)
    ask = await fake.slash(mia, duel.channel, "mod undo", steps=1)
    question = await ask.result(WAIT)
    confirm = await fake.click(mia, question, "Undo")
    await duel.settled(confirm.id)
    assert "hands: Ann: 1, 2, 5\n" in (await duel.slash(ann, "game hand")).content + "\n"
    undone = [m for m in duel.bot_messages() if m.id > confirm.id]
    assert "undid the last choice." in undone[0].content and undone[1].attachments  # the board again
    assert "took back" not in undone[1].content and not any("drew" in m.content for m in undone)
    # One message: what happened (the undo), the board, and Ann's prompt again.
    assert len(undone) == 2 and undone[1].content.split("\n\n") == [
        "↩️ The last choice was undone by a moderator.",
        f"<@{ann.id}>, Ann chooses a card.\n🔒 Your options are private: click **Open my prompt** to see them "
        "(only you can)."]
    # The stored deck is unchanged by the undo: passing again draws the same card.
    await duel.choose(ann, "pass")
    assert "hands: Ann: 1, 2, 5, 5" in (await duel.slash(ann, "game hand")).content
    fake.assert_clean()


async def test_a_private_step_going_on_in_place_pings_a_member_whose_dms_are_closed(
        fake_discord, start_bot_process, tmp_path):
    """Bo's window, then his turn: one message going on in place (issue 27), an edit that pings
    nobody; he wants DMs but does not accept them, so a short ping of its own tells him."""
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.slash(bo, "settings ping", mode="dm")
    fake.close_dms(bo)
    await duel.choose(ann, "play:1")
    post = duel.waiting_post(bo)
    assert post.pinged_users == (bo.id,) and "Bo may parry." in post.content
    before = len(duel.bot_messages())
    await duel.choose(bo, "take")
    assert duel.waiting_post(bo).id == post.id and "Bo takes 1 damage." in post.content  # in place
    ping = await fake.wait_for(lambda: next(iter(duel.bot_messages()[before:]), None), WAIT, "the ping")
    assert ping.pinged_users == (bo.id,) and "Open my prompt" in ping.content and not ping.buttons()
    assert len(duel.bot_messages()) == before + 1
    fake.assert_clean()


async def test_a_window_is_let_pass_in_one_click_from_its_public_post(fake_discord, start_bot_process, tmp_path):
    """Issue 27: the public post of a reaction window has **Let it pass** whatever the hand (the
    leak test above plays it with and without a Parry: every public byte the same). Only its
    owner may click it; the click stores the window's pass and the post goes on in place."""
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.choose(ann, "play:1")
    post = duel.waiting_post(bo)
    assert [b.label for b in post.buttons()] == ["Open my prompt", "⏭️ Let it pass (play nothing)"]
    refused = await fake.click(ann, post, "⏭️ Let it pass (play nothing)")
    await fake.wait_for(lambda: refused.followups, WAIT, "the refusal")
    assert "the game waits on Bo" in refused.followups[0].content
    seq = duel.stored()
    ix = await fake.click(bo, post, "⏭️ Let it pass (play nothing)")
    await duel.settled(ix.id, seq)
    assert read_db(duel.db_path, "SELECT option_id FROM choices WHERE seq = ?", (seq + 1,))[0]["option_id"] == "take"
    assert "Bo takes 1 damage." in post.content and "✅ **Bo** has chosen." in post.content  # in place
    assert "Take" not in post.content and "parry" not in post.content.replace("may parry", "")
    fake.assert_clean()


async def test_the_first_window_of_a_kind_offers_a_standing_order_on_the_spot(
        fake_discord, start_bot_process, tmp_path):
    """Issue 27: Bo's first Parry window offers 🔁 standing orders under its options; one click
    sets it and settles this window too; a window of a kind with an order set offers none."""
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.choose(ann, "play:1")
    prompt = await duel.open_prompt(bo)
    assert [b.label for b in prompt.buttons()][-3:] == ["🔁 Never ask: let it pass", "🔁 Play automatically",
                                                        "🔁 Always ask me"]
    assert "🔁 A standing order for Parry an attack answers every such window for you" in prompt.content
    ix = await fake.click(bo, prompt, "🔁 Never ask: let it pass")
    await fake.wait_for(lambda: ix.followups, WAIT, "the answer")
    await duel.settled(ix.id)
    assert read_db(duel.db_path, "SELECT option_id FROM choices ORDER BY seq DESC LIMIT 1")[0]["option_id"] \
        == "pref:order:parry=never"
    assert "Bo takes 1 damage." in repr(public_record(fake))  # this window too: let pass
    assert "Parry an attack: **Never**" in (await duel.slash(bo, "game hand")).content

    # Ann has set no order: her first window offers them; once she has one, the next does not.
    await duel.choose(bo, "play:3")
    assert "🔁" in (await duel.open_prompt(ann)).content
    await duel.slash(ann, "game orders", setting="order:parry", value="ask")
    assert "🔁" not in (await duel.open_prompt(ann)).content
    fake.assert_clean()


async def test_the_next_private_step_comes_at_once_under_the_answered_one(fake_discord, start_bot_process, tmp_path):
    """Issue 27: Bo answers his window in the channel; his turn (private too) comes at once as a
    private answer to that click, with his hand: no second Open my prompt needed."""
    fake = fake_discord
    await start_bot_process(**duel_env(WITH_PARRY, fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.choose(ann, "play:1")
    ix = await duel.choose(bo, "take")
    await fake.wait_for(lambda: ix.followups, WAIT, "Bo's next prompt")
    [nxt] = ix.followups
    assert nxt.ephemeral and "hands: Bo: 3, 4, parry" in nxt.content and "Bo chooses a card" not in nxt.content
    assert set(ids_of(nxt)) >= {"play:3", "play:4"}
    await duel.choose(bo, "play:3", nxt)  # answered right there
    fake.assert_clean()
