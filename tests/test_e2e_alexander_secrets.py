"""Alexander's secrets through the real bot against the Discord stand-in (issue 25): a takeback
may not peek at chance, and a log at DEBUG holds no secret of the game.

Seed and dice pinned by the BOT_TEST_GAMES hook (tests/alexander_for_bot.py), members playing as
in tests/test_e2e_alexander.py (tests/alex_kit.py).
"""

from __future__ import annotations

import random

from alex_kit import alexander_env, open_alexander
from e2e_kit import read_db

from bot.service.text import has_dice
from engine.alexander import GAME

DICE = [6] * 400


async def test_a_choice_that_draws_an_apm_cannot_be_taken_back(fake_discord, start_bot_process, tmp_path):
    """Issue 25 item 3: a choice ending in a public "Drawn: a Persian APM" (no die, nothing
    private) used the generator: taken back, the same choice would draw the same marker again,
    so the player could look before committing. It stands; the takeback is refused."""
    fake = fake_discord
    await start_bot_process(**alexander_env(fake, 11, DICE))
    game = await open_alexander(fake, tmp_path / "games.sqlite3", seed=11, dice=DICE, side="macedonian")
    rng = random.Random(11)
    for _ in range(200):
        game.catch_up()
        before = game.state
        await game.step(rng)
        [row] = read_db(game.db_path, "SELECT seq, player, option_id FROM choices WHERE game_id = ? ORDER BY seq DESC"
                                      " LIMIT 1", (game.game_id,))
        _after, events = GAME.apply(before, row["player"], row["option_id"])
        drawn = [e for e in events if e.kind == "apm" and not e.data.get("first")]
        if drawn and not any(has_dice(e) or e.private_to for e in events):
            break
    else:
        raise AssertionError("no choice drew an APM without dice in 200 steps")
    assert "Drawn:" in str(drawn[0].text)

    member = game.seats[row["player"]]
    answer = await game.slash(member, "game takeback")
    assert answer.content == "Something was drawn or shuffled in that choice, so it stands. A moderator can still undo it."
    [still] = read_db(game.db_path, "SELECT max(seq) AS seq FROM choices WHERE game_id = ?", (game.game_id,))
    assert still["seq"] == row["seq"]
    assert not any("took back" in m.content for m in game.bot_messages())
    fake.assert_clean()
