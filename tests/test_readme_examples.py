"""The README's (now the docs') typed examples and figures are true (issue 28 item 12): `/wt offer
step:give:grain=2 get:wood=1` and `/wt trade option:bank:iron:gold=1` named resources the game
does not have, and the replay's size limit was 9 MB in the code and "under 6 MB" in the README.
Each typed answer of the README is read the way the bot reads it (bot/service/play.py) against
the decisions of random games, and must name items the game offers."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import get_game
from engine.core import enumerate_answers
from engine.terminal import typed_amounts

ROOT = Path(__file__).resolve().parents[1]
# The README and the docs by reader (issue 31): the examples moved to docs/players.md.
DOCS = ["README.md", "docs/players.md", "docs/moderators.md", "docs/hosting.md", "docs/development.md"]
README = "\n".join((ROOT / name).read_text() for name in DOCS if (ROOT / name).exists())
GAMES = {"byz": "byzantium", "wt": "warriors_traders", "alex": "alexander"}
# `/wt offer step:give:food=2 get:goods=1`: a command, its parameter and a typed amounts answer.
TYPED = re.compile(r"`/(byz|wt|alex) (\w+) (\w+):([^`]*=[^`]*)`")


def examples() -> list[tuple[str, str]]:
    found = [(GAMES[m[1]], m[4]) for m in TYPED.finditer(README)]
    assert len(found) >= 3, found
    return found


def amounts_decisions(game_name: str, seeds=range(4), steps=700):
    """Every decision of amounts of random games (Warriors & Traders through its testkit)."""
    game = get_game(game_name)
    players = ["Ann", "Bo"] if game_name == "alexander" else ["Ann", "Bo", "Cy"]
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(players, seed, {})
        for _ in range(steps):
            if game.is_over(state):
                break
            asked = game.pending(state)
            yield from (d for d in asked if d.amounts is not None)
            if game_name == "warriors_traders":  # its testkit trades and fights more than chance does
                from engine.warriors_traders import testkit

                state, _, _ = testkit.random_step(state, rng)
                continue
            decision = rng.choice(asked)
            state, _ = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 300)))


def reads(amounts, typed: str) -> str | None:
    """The answer the bot reads from a typed line (play._match_amounts_line)."""
    head, sep, body = typed.strip().partition(":")
    return typed_amounts(amounts, body if sep and head == amounts.prefix else typed)


@pytest.mark.parametrize("game_name,typed", examples())
def test_each_typed_example_of_the_readme_names_what_the_game_offers(game_name, typed):
    read = [answer for d in amounts_decisions(game_name) for answer in [reads(d.amounts, typed)] if answer]
    assert read, f"{typed!r} names nothing a {game_name} decision of amounts offers"


def test_the_readme_says_the_replays_real_size_limit():
    from bot.service.past.story_posts import REPLAY_MAX_BYTES

    said = re.search(r"`/game replay`[^\n]*under (\d+) MB", README)
    assert said and int(said[1]) * 1_000_000 == REPLAY_MAX_BYTES


def test_the_terminal_typed_amounts_of_the_docs_answer_a_byzantium_tax():
    """development.md: `1=4 2=2` (the items' numbers) and `byzantine=4 arab=2` (their names) are
    both a tax the game takes, and the same one."""
    from tests.byzantium_kit import decision, new_game, play

    assert "(`1=4 2=2`" in README and "`byzantine=4 arab=2`" in README
    state, _ = play(new_game(("Ann", "Bo")), "Ann tax")
    asked = decision(state)
    by_number, by_name = typed_amounts(asked.amounts, "1=4 2=2"), typed_amounts(asked.amounts, "byzantine=4 arab=2")
    assert by_number and asked.offers(by_number) and by_number == by_name


def test_each_preference_the_docs_set_is_one_the_game_has_with_that_value():
    """`pref:cube_source=ask` (the terminal) and `/game orders setting:cube_source value:` with
    `pools`, `free` or `ask` (players.md) name Byzantium's preference and its values."""
    table = get_game("byzantium").preference_table()
    typed = re.findall(r"`pref:([a-z_]+)=(\w+)`", README)
    assert typed
    for key, value in typed:
        assert value in {c.id for c in table[key].choices}
    said = re.search(r"`/game orders setting:(\w+) value:` `(\w+)` \([^)]*\), `(\w+)` \([^)]*\) or `(\w+)`", README)
    assert said, "players.md names the cube source's values"
    preference = table[said[1]]
    assert set(said.groups()[1:]) == {c.id for c in preference.choices}
    assert preference.default == said[2]
