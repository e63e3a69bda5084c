"""Alexander's secrets through the real bot against the Discord stand-in (issue 25): a takeback
may not peek at chance, and a log at DEBUG holds no secret of the game.

Seed and dice pinned by the game plugin tests/alexander_for_bot.py, members playing as
in tests/test_e2e_alexander.py (tests/alex_kit.py).
"""

from __future__ import annotations

import json
import random
import re

from alex_kit import alexander_env, card_names, open_alexander
from e2e_kit import WAIT, read_db

from bot.service.text import has_dice
from engine.alexander import GAME
from engine.core import seed_fields

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


async def test_a_debug_log_of_a_whole_game_holds_no_secret(fake_discord, start_bot_process, tmp_path):
    """Issue 25 item 2: `LOG_LEVEL=DEBUG` over a whole two-player game (hidden hands, a deck, a
    face-down leader drawn into a hand): the log holds no seed, no generator key, no hand, no deck
    order, no state at all; and it did log at DEBUG (the bot's own lines)."""
    fake = fake_discord
    bot = await start_bot_process(**alexander_env(fake, 11, DICE), LOG_LEVEL="DEBUG")
    game = await open_alexander(fake, tmp_path / "games.sqlite3", seed=11, dice=DICE, side="macedonian")
    # The game's seed as stored (128 bits and more), and the key the pinned seed gives the generator.
    secrets: set[str] = {seed_fields(11)["rng_key"]}
    secrets.add(str(read_db(game.db_path, "SELECT seed FROM games WHERE id = ?", (game.game_id,))[0]["seed"]))
    rng = random.Random(11)  # the policy of tests/test_e2e_alexander.py: this game ends
    for _ in range(400):
        game.catch_up()
        state = game.state
        for cards in (*state.hands.values(), state.deck):
            if len(cards) >= 2:  # one card alone is a word that public lines may hold
                secrets.add(json.dumps(cards))
                secrets.add(json.dumps(cards, separators=(",", ":")))
        if GAME.is_over(state):
            break
        await game.step(rng)
    else:
        raise AssertionError("the game did not end in 400 decisions")
    await fake.wait_for(game.final, WAIT, "the final scores")
    assert game.seq >= 20 and game.held["Ann"] and game.held["Bo"]
    await bot.stop()
    log = bot.log_path.read_text(errors="replace")
    assert " DEBUG " in log, "nothing was logged at DEBUG"
    leaked = sorted(s for s in secrets if s in log)
    assert leaked == [], f"{len(leaked)} secrets in the DEBUG log, e.g. {leaked[:3]}"
    for field in ('"hands"', '"deck"', '"rng_key"', '"seed"', "rng_key", "pinned_dice"):
        assert field not in log, field
    # No card that sat in a hand and was never shown to all, by id or by name.
    hidden = set().union(*game.held.values()) - game.public_cards
    assert hidden, "some card stayed hidden"
    named = sorted(c for c in hidden | card_names(hidden) if re.search(rf"\b{re.escape(c)}\b", log))
    assert named == [], named
