"""Public narration names the player (issue 28 item 4): "alice reinforces: 1 cube to your
Byzantine elite box", "bob pays 3 Arab bezants for the cube on your mosque", "✅ Cy chose
Improve Candia… (a cube from your free pool)" were posted to everyone. "you"/"your" only where
one player reads it: a public event, and the label of an option of a public decision (the bot
repeats it: "✅ Cy chose …"), never say it."""

from __future__ import annotations

import random
import re

import pytest

from engine import get_game
from engine.core import enumerate_answers

SECOND_PERSON = re.compile(r"\byou(r|rs|rself)?\b", re.IGNORECASE)


def public_texts(game_name: str, players: list[str], seed: int, steps: int):
    """(what, text) of every public event and every option label of a public decision of a game
    played by random answers."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.setup(players, seed, {})
    for _ in range(steps):
        if game.is_over(state):
            break
        asked = game.pending(state)
        for decision in asked:
            if not decision.private:
                yield from ((f"option {o.id}", o.label) for o in decision.options)
        decision = rng.choice(asked)
        state, events = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 200)))
        yield from ((f"event {e.kind}", e.text) for e in events if e.public)


@pytest.mark.parametrize("game_name,players,seeds,steps", [
    ("byzantium", ["Ann", "Bo", "Cy"], range(6), 2000),
    ("warriors_traders", ["Ann", "Bo", "Cy"], range(2), 1500),
    ("alexander", ["Ann", "Bo"], range(2), 1500),
])
def test_no_public_text_says_your(game_name, players, seeds, steps):
    said = set()
    for seed in seeds:
        for what, text in public_texts(game_name, players, seed, steps):
            if SECOND_PERSON.search(str(text)):
                said.add((what, getattr(text, "mid", str(text))))
    assert not said, sorted(said)[:10]


def test_a_reinforcement_is_told_with_the_players_name():
    from tests.byzantium_kit import new_game, play

    state = new_game(("Ann", "Bo"))
    _, events = play(state, "Ann reinforce", "Ann reinforce:byzantine.elite=1,arab.main=2")
    [told] = [e.text for e in events if e.kind == "reinforce"]
    assert str(told) == "Ann reinforces: 1 cube to the Byzantine elite box and 2 cubes to the Arab main army box."


def test_a_bulgar_attack_is_announced_once():
    """"The Bulgars (9) attack Adrianople." then "The Bulgars attack Adrianople.": the sending
    says who sent them, the attack is told once."""
    from tests.byzantium_kit import new_game, play

    state = new_game(("Ann", "Bo"))
    _, events = play(state, "Ann special:bulgars:Thessalonica")
    texts = [str(e.text) for e in events if e.public]
    assert sum("attack" in t for t in texts) == 1, texts
    assert any(t.startswith("Ann sends the Bulgars (") and "against Thessalonica" in t for t in texts), texts
