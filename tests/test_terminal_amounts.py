"""The terminal's typed amounts (issue 28 item 11): the hint showed an empty example
("e.g. ``"), items by internal ids (`m0`, `u34`), and every refused line got the same words,
though the README promises the reason: `byzantine=3` (an odd total), `byzantine=30`, `foo=1`."""

from __future__ import annotations

import re

from engine.terminal import amounts_help, refusal, typed_amounts
from tests.byzantium_kit import decision, new_game, play


def tax_decision():
    state = new_game(("Ann", "Bo"))
    state, _ = play(state, "Ann tax")
    asked = decision(state)
    assert asked.amounts is not None and asked.kind == "tax"
    return asked


def test_the_hint_shows_a_real_example_and_the_items_by_number_and_name():
    asked = tax_decision()
    hint = str(amounts_help(asked))
    example = re.search(r"e\.g\. `([^`]*)`", hint)[1]
    assert example and asked.offers(typed_amounts(asked.amounts, example))
    first = asked.amounts.items[0]
    assert f"1 {first.label} {first.min}-{first.max}" in hint


def test_each_refused_line_says_why():
    asked = tax_decision()
    byz = [i for i in asked.amounts.items if i.id == "byzantine"][0]
    said = {line: str(refusal(asked, line)) for line in ("byzantine=3", "byzantine=30", "foo=1")}
    assert "steps of 2" in said["byzantine=3"]
    assert f"must be from {byz.min} to {byz.max}, not 30" in said["byzantine=30"]
    assert "'foo' names none of the items" in said["foo=1"] and byz.label in said["foo=1"]
    assert len(set(said.values())) == 3


def test_an_item_is_typed_by_its_number():
    asked = tax_decision()
    assert typed_amounts(asked.amounts, "1=2") == asked.amounts.answer({asked.amounts.items[0].id: 2})


def test_only_what_changed_is_printed_before_a_prompt_and_s_shows_it_all():
    """About 20 lines of state were reprinted before every prompt; now the lines that changed,
    and `s` prints the whole state."""
    from engine import get_game
    from engine.terminal import Terminal

    game = get_game("byzantium")
    state = game.setup(["Ann", "Bo", "Cy"], 5, {})
    whole = game.describe(state).split("\n")
    answers = iter(["tax", "tax:byzantine=2", "s", "pass", "q"])
    shown: list[str] = []
    terminal = Terminal(game, ask=lambda _prompt: next(answers), say=shown.append)
    terminal.play(state)
    text = "\n".join(shown)
    assert text.count(whole[0]) >= 2  # the first print, and the one `s` asked for
    first_prompt = next(i for i, line in enumerate(shown) if ": Round 1: choose your action." in line)
    second_prompt = next(i for i, line in enumerate(shown) if i > first_prompt and "choose your action." in line)
    between = "\n".join(shown[first_prompt + 1: second_prompt]).split("\n")
    assert len([line for line in between if line in whole]) < len(whole) / 2
    assert "(Type `s` to see the whole state.)" in text
