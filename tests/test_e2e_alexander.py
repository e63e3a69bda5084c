"""The Conquerors: Alexander the Great through the real bot against the Discord stand-in (issue 11,
item 6): a whole two-player game to its result, and a whole solitaire game (16.0).

Both are played as members play: "Open my prompt" and its buttons for a private decision, the
typed shortcut `/alex choose` for the rest (and for every choice of several things). The seed and
the dice are pinned (tests/alexander_for_bot.py): every die is a 6, so Alexander dies in his
first battle unless Black Cleitus saves him, and the Persian wins (3.4, 11.3 I).
Leaks: after every step, no public message or edit names a card held in a hand (or in the deck)
that was never shown to everyone; at the end, no member's private answers name a card only the
other side held.
"""

from __future__ import annotations

from alex_kit import alexander_env, card_names, open_alexander, play_to_the_end
from e2e_kit import WAIT

DICE = [6] * 400


async def test_two_members_play_alexander_to_its_result_and_no_hand_reaches_the_channel(
        fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**alexander_env(fake, 11, DICE))
    game = await open_alexander(fake, tmp_path / "games.sqlite3", seed=11, dice=DICE, side="macedonian")
    ann, bo = game.members
    start = next(m for m in game.bot_messages() if "begins" in m.content)
    assert "🟦 Macedonian **Ann**, 🟥 Persian **Bo**" in start.content and start.attachments

    await play_to_the_end(game, policy_seed=11)
    # One new channel message per player turn, private steps included: the turn's message goes on
    # in place (before issue 27: 13 new messages in one turn of 16 answers, 2.45 per turn).
    turns = game.messages_per_turn()
    assert len(turns) >= 10 and max(answers for _seat, answers, _new in turns) >= 10
    assert all(new == 1 for _seat, _answers, new in turns), turns

    final = game.final().content
    assert "1. **Bo**" in final and "(side Persian, reason Alexander is dead)" in final, final
    assert game.state.victory.reason == "alexander_dead"
    assert game.private_opened >= 10 and game.clicked >= 5 and game.typed >= 10
    # Hands: each member's /game hand shows their own cards (while it ran), never the other's.
    game.check_private_answers()
    assert game.held["Ann"] and game.held["Bo"]
    assert card_names(game.held["Bo"] - game.seen["Ann"] - game.public_cards), "Bo held a card Ann never saw"
    fake.assert_clean()


async def test_every_private_prompt_comes_by_dm_and_its_copy_says_chosen_once_answered_in_the_channel(
        fake_discord, start_bot_process, tmp_path):
    """/settings ping mode:dm: every private prompt of Ann's, the follow-up steps of her own turn
    included (she just acted, so nobody pings her), comes by DM; she answers them all from the
    channel's Open my prompt, and each DM copy then says it was chosen and loses its buttons."""
    fake = fake_discord
    await start_bot_process(**alexander_env(fake, 11, DICE))
    game = await open_alexander(fake, tmp_path / "games.sqlite3", seed=11, dice=DICE, side="macedonian")
    ann, _bo = game.members
    await game.slash(ann, "settings ping", mode="dm")
    await play_to_the_end(game, policy_seed=11)

    asked = game.private_asked.count("Ann")
    dms = [m for m in fake.messages(fake.dm(ann)) if "Only you see this" in m.content]
    assert asked >= 10 and len(dms) >= asked - 1, (asked, len(dms))  # the first came before her setting
    # (The last ones are retired just after the final scores are out.)
    await fake.wait_for(lambda: all(m.buttons() == [] and m.content.startswith("✅ Chosen") for m in dms), WAIT,
                        "every DM'd prompt closed")
    fake.assert_clean()


async def test_one_member_plays_alexander_solitaire_to_its_result(fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(**alexander_env(fake, 39, DICE))
    game = await open_alexander(fake, tmp_path / "games.sqlite3", seed=39, dice=DICE, names=("Ann",), solitaire=True)
    [ann] = game.members
    assert set(game.seats) == {"Ann (Macedonian)", "Ann (Persian)"} and {m.id for m in game.seats.values()} == {ann.id}

    await play_to_the_end(game, policy_seed=39)

    assert game.private_opened == 0  # nothing is hidden in solitaire: every prompt is public
    final = game.final().content
    assert "1. **Ann (Persian)**" in final and f"<@{ann.id}>" in final
    fake.assert_clean()
