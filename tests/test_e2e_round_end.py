"""End to end (issue 12: one public message per turn): the end of a Byzantium round asks every
player who cannot pay the upkeep at once, in one public message.

Rulebook (German, 2. Einkommen und Unterhalt): "Alle Spieler erhalten nun Einkommen und müssen
Unterhalt für ihre Armeen bezahlen ... Dann muß jeder Spieler Unterhalt für seine Truppen
zahlen": no order, and one player's upkeep changes nothing of another's, so the engine asks
them together (rules version 4, docs/rules/byzantium.md) and the bot asks them in one message:
each player pinged, each with their own buttons; a click on someone else's part is refused, and
the others' choices stay as they were while one player answers.

The game runs through the real bot (`python -m bot`) against the Discord stand-in, played by
bench/pbp.py's scripted player from a fixed seed until a round ends with several upkeeps.
"""

from __future__ import annotations

import random

from discord_standin.api import FakeDiscord
from e2e_answers import engine_state, give
from e2e_kit import open_table, questions, seat_of_id

from bench.pbp import byz_actions_this_round, byz_policy
from bot.service.turn.prompt import WHOLE_REF

SEED = 1  # round 1 ends with all three players short of money for their upkeep


async def test_a_round_end_asks_every_upkeep_in_one_message_and_each_player_answers_their_own(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    db_path = tmp_path / "games.sqlite3"
    table = await open_table(fake, db_path, seed=SEED)
    members = {table.seats[m.id]: m for m in table.members}
    rng = random.Random(SEED)
    byz_actions_this_round.clear()
    for _step in range(300):
        game, state = engine_state(db_path, table.game_id)
        pending = game.pending(state)
        if len(pending) > 1:
            break
        [decision] = pending
        await give(table, members[decision.player], decision, byz_policy(game, state, decision, rng))
    else:
        raise AssertionError("no round ended with several upkeeps")
    assert {d.kind for d in pending} == {"upkeep"}
    asked = {members[d.player].id for d in pending}

    # One message for all of them: each one's question, each pinged (the member who just acted
    # too, issue 28: among several questions theirs is easily missed), each with buttons of their own.
    [shared] = table.live_prompts()
    assert set(questions(shared)) == asked
    assert set(shared.pinged_users) == asked
    mine = {member_id: set(table.options(table.member(member_id))) for member_id in asked}
    posted = len(table.bot_messages())

    # A player whose buttons do not fit beside the others' has one button: their whole prompt,
    # shown to them alone.
    for button in [b for b in shared.buttons() if WHOLE_REF in (b.custom_id or "")]:
        owner = next(m for m in table.members if table.seat_index[m.id] == seat_of_id(button.custom_id))
        assert button.label == f"{table.seats[owner.id]}: Choose what to do…"
        opened = await fake.open(owner, shared, button.custom_id)
        assert opened.ephemeral and opened.buttons() + opened.selects() and "Upkeep" in opened.content

    first, second, *_ = pending
    one, other = members[first.player], members[second.player]
    # A click on someone else's part is refused, privately, and nothing changes.
    theirs = [b for b in shared.buttons() if seat_of_id(b.custom_id) == table.seat_index[other.id]]
    assert theirs and all(seat_of_id(b.custom_id) in {table.seat_index[i] for i in asked} | {None}
                          for b in shared.buttons())
    refused = await table.refused(await fake.click(one, shared, theirs[0].custom_id))
    assert "This prompt is for" in refused.content and len(table.bot_messages()) == posted
    # The first answers; the same message goes on: their answer in one line, the others still asked,
    # with the same choices as before.
    game, state = engine_state(db_path, table.game_id)
    await give(table, one, first, byz_policy(game, state, first, rng))
    assert len(table.bot_messages()) == posted
    assert table.live_prompts() == [shared] and f"✅ **{first.player}** chose" in shared.content
    assert other.id in questions(shared) and set(table.options(other)) == mine[other.id]

    # Everyone answers; still no new message until the next action (or the end) asks a new player.
    game, state = engine_state(db_path, table.game_id)
    pending = game.pending(state)
    while pending and pending[0].kind == "upkeep":
        assert len(table.bot_messages()) == posted and table.live_prompts() == [shared]
        decision = pending[0]
        await give(table, members[decision.player], decision, byz_policy(game, state, decision, rng))
        game, state = engine_state(db_path, table.game_id)
        pending = game.pending(state)
    assert all(f"✅ **{d.player}** chose" in shared.content for d in (first, second))
    assert len(table.bot_messages()) == posted + (1 if pending else 0)  # the next action's message
    assert not shared.buttons() or table.final() is not None
    fake.assert_clean()
