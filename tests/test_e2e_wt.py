"""End to end: the real bot, started as `python -m bot` starts it, against the Discord stand-in;
three members play a whole Warriors & Traders game (the 3-player isles3 variant) by random
answers of every shape: buttons, groups opened first, and forms for the choices of several
things at once (offers, bank trades, damage, princesses, armies; issue 12).

At every step the live prompts ping exactly the members the game waits on (several at once in
the setup and the trade phase), each answered on their own part of the prompt; Discord's limits
hold throughout. One public message per stretch (issue 12): while the game waits on the same
members (a player's two development actions and maneuver in a row, everyone trading at once),
their message is edited in place; several members asked at once share one message.
"""

from __future__ import annotations

import random

from discord_standin.api import FakeDiscord
from e2e_answers import engine_state, give
from e2e_kit import open_table, questions

from engine import IllegalAction
from engine.warriors_traders.testkit import random_answers

STEPS = 1500


def accepted_answer(game, state, decision, rng) -> str:
    """A random answer of `decision` the game takes (a plain option or amounts)."""
    for answer in random_answers(decision, rng)[:60]:
        try:
            game.apply(state, decision.player, answer)
            return answer
        except IllegalAction:
            continue
    raise AssertionError(f"no answer of {decision.player}'s {decision.kind} decision is accepted")


async def test_three_members_play_warriors_and_traders_to_the_final_scores(fake_discord: FakeDiscord,
                                                                           start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    db_path = tmp_path / "games.sqlite3"
    table = await open_table(fake, db_path, game="warriors_traders", title="Warriors & Traders", variant="isles3")
    members = {table.seats[m.id]: m for m in table.members}
    rng = random.Random(5)
    forms = simultaneous = 0
    stretches: list[tuple[frozenset, int]] = []  # (whom the game waits on, channel messages then)
    for _step in range(STEPS):
        if table.final() is not None:
            break
        game, state = engine_state(db_path, table.game_id)
        pending = game.pending(state)
        waiting = {members[d.player].id for d in pending}
        await fake.wait_for(lambda waiting=waiting: {m for p in table.live_prompts() for m in questions(p)} == waiting,
                            120, "prompts for exactly the members the game waits on")
        # Everyone the game waits on is asked in one message, however many they are.
        assert len(table.live_prompts()) == 1, [questions(p) for p in table.live_prompts()]
        if not stretches or stretches[-1][0] != frozenset(waiting):
            stretches.append((frozenset(waiting), len(table.bot_messages())))
        simultaneous += len(pending) > 1
        decision = rng.choice(pending)
        answer = accepted_answer(game, state, decision, rng)
        forms += decision.amounts is not None and decision.option(answer) is not None and \
            answer not in {o.id for o in decision.options}
        await give(table, members[decision.player], decision, answer)
    else:
        raise AssertionError(f"the game did not end in {STEPS} answers")
    final = table.final()
    assert "**Warriors & Traders** is over. Final scores" in final.content
    assert all(f"<@{m.id}>" in final.content for m in table.members)
    assert table.live_prompts() == []
    assert forms >= 3 and simultaneous >= 1, (forms, simultaneous)
    # One new message per stretch: the next stretch's (after the last one, the final scores' own).
    posted = [b - a for (_w, a), (_v, b) in zip(stretches, [*stretches[1:], (None, len(table.bot_messages()))],
                                                strict=True)]
    assert max(posted) <= 1 and sum(posted) >= len(stretches) // 2, posted
    fake.assert_clean()
