"""Secrets through the real bot (issue 10): the secret duel (tests/hiddengame.py) played by members
against the Discord stand-in, with `python -m bot` started exactly as an operator starts it plus
the BOT_TEST_GAMES test hook that registers the test game.

The leak test plays the same public moves twice, once with Bo holding a Parry and once without:
everything anyone in the server can see (every message and every edit, text, buttons, board
PNG bytes, pings, order) must be identical. Rule: "a secret reaches only its owner; nothing public
(text, buttons, images, timing, order of posts) differs with what a player holds".
"""

from __future__ import annotations

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
    assert len(held["public"]) > 15 and "secret_duel-1-v" in public_text and "Final scores" in public_text
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
