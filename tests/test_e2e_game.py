"""End to end: the real bot, started exactly as `python -m bot` starts it, against the Discord
stand-in; three members play a whole Byzantium game by clicks, menus and /byz shortcuts.

To stay quick the players pass early every round, but the first round has a take, an army
entering and moving, and a battle, so dice, several boards and a prompt to a player whose
turn it is not all appear. Everything asserted is what a member would see in Discord.
"""

from __future__ import annotations

import re

from discord_standin.api import FakeDiscord
from e2e_kit import BOARD_SIZE, CLOSE_UP, FINAL, WAIT, is_board, open_table, question, quick_option, read_db


async def test_three_members_play_byzantium_to_the_final_scores(fake_discord: FakeDiscord, start_bot_process,
                                                                tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    channel = table.channel

    # The start: one message with what happened, the board's close-up (a decodable PNG) and the
    # first player's prompt; the whole board is a click away, for anyone, privately.
    [prompt] = table.live_prompts()
    assert table.boards() == [prompt] and table.bot_messages()[-1] is prompt
    assert "**Byzantium** begins" in prompt.content and prompt.image().size == CLOSE_UP
    first = table.waiting()
    assert question(prompt).startswith(f"<@{first.id}>, Round 1: choose your action.")
    assert prompt.pinged_users == (first.id,)  # only the player it waits on is notified
    whole = await (await fake.click(table.members[-1], prompt, "🗺️ Full board")).result(WAIT)
    assert whole.ephemeral and whole.image().size == BOARD_SIZE
    assert "Pass (no more actions this round)" in [b.label for b in prompt.buttons()]
    # The cities come in groups by side and region, two clicks away, shown to the player alone.
    assert [b.label for b in prompt.buttons() if b.label.startswith("Take a")] == [
        "Take a Byzantine city in the Balkans… (5)", "Take a Byzantine city in Anatolia… (8)",
        "Take a Byzantine city in Syria and Egypt… (7)", "Take an Arab city in Arabia… (3)"]
    jerusalem = await table.in_group(first, "take:Jerusalem")
    assert jerusalem.label == "Take Jerusalem (+3 Byzantine VP; a cube from the free pool)"
    assert jerusalem.message.ephemeral and "Syria and Egypt" in jerusalem.message.content

    # The first player takes Jerusalem with the /byz take shortcut, picking the autocomplete suggestion.
    suggestion = await fake.autocomplete(first, channel, "byz take", "city", "jerus")
    assert (await suggestion.response).choices == [{"name": "Take Jerusalem (+3 Byzantine VP; a cube from the free pool)",
                                                    "value": "take:Jerusalem"}]
    start_image = prompt.image().tobytes()
    await table.shortcut(first, "byz take", "take:Jerusalem", city="take:Jerusalem")
    # The control cube came from the free pool by itself, so the action is over: the message
    # closed (the answered question in one line, no buttons), and the next player's turn is a new
    # message telling what the take did, with the new board.
    await fake.wait_for(lambda: prompt.buttons() == [] and prompt.selects() == [], WAIT,
                        "the answered prompt to lose its buttons and menus")
    name = table.seats[first.id]
    assert prompt.content.endswith(f"✅ **{name}** chose **Take Jerusalem (+3 Byzantine VP; a cube from the free "
                                   "pool)**.")
    [turn] = table.live_prompts()
    assert "takes control of Jerusalem" in turn.content and turn.image().size == CLOSE_UP
    assert turn.image().tobytes() != start_image and len(table.bot_messages()) == 3  # lobby, closed, this

    # The next player brings the Arab army in at Tabuk (one choice of the action) and moves on Jerusalem.
    second = table.waiting()
    assert second is not first and "choose your action" in table.live_prompts()[0].content
    army = await fake.open(second, turn, "Bring your Arab army onto the board (no cost; it may then move)… (3)")
    assert [b.label for b in army.buttons()] == [f"Enter the board at {c}" for c in ("Mecca", "Medina", "Tabuk")]
    await table.choose(second, "place:arab:Tabuk")  # the group opened again, then Tabuk
    # The same player goes on (where the army moves): the same message, edited in place, tells
    # what happened below the answered question (now one line), and asks the next question.
    assert table.live_prompts() == [turn] and len(table.bot_messages()) == 3
    assert f"✅ **{table.seats[second.id]}** chose **" in turn.content and turn.pinged_users == (second.id,)
    moves = await (await fake.autocomplete(second, channel, "byz move", "to", "Jer")).response
    assert "to:Jerusalem" in [c["value"] for c in moves.choices]
    await table.shortcut(second, "byz move", "to:Jerusalem", to="to:Jerusalem")

    # The defender is asked, out of turn, whether to retreat or fight.
    defence = table.live_prompts()[0]
    assert table.waiting() is first
    assert "attacks Jerusalem" in defence.content and "Retreat or fight?" in defence.content
    assert set(table.options()) == {"stay", "retreat:Alexandria", "retreat:Damascus"}  # where to, with the offer
    await table.choose(first, "stay")
    battle = await fake.wait_for_message(channel, lambda m: is_board(m) and "🎲" in m.content, WAIT, since=None)
    assert re.search(r"🎲 .*rolls? [1-6]", battle.content), battle.content
    assert battle.image().size == CLOSE_UP

    # Then everyone makes the quickest choices to the end (some passes typed as /byz pass).
    passes = 0
    for _ in range(200):
        if table.final() is not None:
            break
        options = table.options()
        member = table.waiting()
        option = quick_option(options)
        if option == "pass":
            passes += 1
        if option == "pass" and passes % 2 == 0:
            await table.shortcut(member, "byz pass", "pass")
        else:
            await table.choose(member, option)
    else:
        raise AssertionError("the game did not end in 200 choices")

    # The final scores: every member named, ranked, with the tie-break figures, in a message of
    # their own that pings every member (an edit would notify nobody), with what the last choice
    # did and the last board.
    result = table.final()
    scores = question(result)
    assert scores.startswith("🏁 **Byzantium** is over. Final scores:")
    assert all(f"<@{m.id}>" in scores for m in table.members)
    assert FINAL in result.versions[0].content  # posted with the scores, not a prompt edited into them
    assert set(result.pinged_users) == {m.id for m in table.members}
    lines = scores.splitlines()[1:]
    assert len(lines) == 3 and all(re.match(r"^[1-3]\. \*\*\w+\*\* <@\d+>: \*\*-?\d+\*\* \(.*total VP", line)
                                   for line in lines), lines
    assert table.live_prompts() == []  # nothing left to click
    boards = table.boards()
    assert len(boards) >= 10 and all(b.image().size == CLOSE_UP for b in boards[-3:])
    # The last board travels with the final scores, in the last message.
    assert table.bot_messages()[-1] is result and boards[-1] is result

    # The database holds exactly the choices the members saw acknowledged, and the results.
    table.assert_db_matches_acknowledged()
    game = read_db(table.db_path, "SELECT status FROM games WHERE id = ?", (table.game_id,))[0]
    assert game["status"] == "finished"
    ranks = read_db(table.db_path, "SELECT user_id, rank FROM results WHERE game_id = ?", (table.game_id,))
    assert {r["user_id"] for r in ranks} == {m.id for m in table.members}
    assert FINAL in result.content
    fake.assert_clean()
