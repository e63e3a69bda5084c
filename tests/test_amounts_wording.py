"""An answer reads the same typed into a form and on a button (issue 28 item 7): a Byzantium
reinforcement answered through the form read "1 × Byzantine elite and 2 × Byzantine levy" while
the same answer as a button read "1 cube to the Byzantine elite box…". Both now come from one
function, the game's words for an answer (`Amounts.words`, set by Byzantium's combo_decision),
which `Amounts.describe` gives the form's answer: in every language, for every amounts decision
met in random play of the three games."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.service.turn.forms import ALL_FIELD, amounts_form, field_id, read_form
from engine.core import enumerate_answers
from engine.games import get_game
from locales import tr

LANGS = ("en", "it", "de", "pl")
GAMES = [
    ("byzantium", ["Ann", "Bo", "Cy"], {}, (1, 2, 3), 3000),
    ("warriors_traders", ["Ann", "Bo", "Cy"], {}, (1,), 3000),
    ("alexander", ["Ann", "Bo"], {"garrisons": "choose"}, (1,), 1500),
]


def form_values(decision, counts: dict[str, int], lang: str) -> dict[str, str]:
    """The form filled in as a member would: one field per item, or the one box's lines."""
    form = amounts_form(1, 1, "h", 0, decision)
    items = decision.amounts.items
    if form.fields[0].custom_id == ALL_FIELD:
        return {ALL_FIELD: "\n".join(f"{tr(item.label, lang)}: {counts[item.id]}" for item in items)}
    return {field_id(i): str(counts[item.id]) for i, item in enumerate(items)}


def form_echo(decision, counts: dict[str, int], lang: str):
    """What the channel reads after the form's answer, on a turn whose buttons do not hold it
    (the bot says `decision.option(answer).label`)."""
    option_id, wrong = read_form(decision, form_values(decision, counts, lang), lang)
    assert option_id is not None, str(wrong)
    return dataclasses.replace(decision, options=()).option(option_id).label


@pytest.mark.parametrize(("name", "players", "options", "seeds", "cap"), GAMES)
def test_a_form_answer_reads_as_the_same_answer_on_a_button(name, players, options, seeds, cap):
    game = get_game(name)
    compared: dict[str, int] = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(players, seed, options)
        for _ in range(cap):
            if game.is_over(state):
                break
            decision = game.pending(state)[0]
            if decision.amounts is not None:
                compared.setdefault(decision.kind, 0)
                for button in decision.options:
                    counts = decision.amounts.parse(button.id)
                    if counts is None:
                        continue  # a plain answer ("Keep them all"), not a choice of amounts
                    compared[decision.kind] += 1
                    for lang in LANGS:
                        echo = form_echo(decision, counts, lang)
                        assert tr(echo, lang) == tr(button.label, lang), (decision.kind, lang)
            state, _ = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 100)))
    assert compared, f"random play of {name} met no amounts decision"
    if name == "byzantium":  # the decisions whose buttons are answers of their amounts
        assert {kind for kind, n in compared.items() if n} >= {"reinforce", "tax", "upkeep"}, compared


def test_the_reinforcement_of_the_issue_reads_in_the_game_s_words():
    game = get_game("byzantium")
    rng = random.Random(1)
    state = game.setup(["Ann", "Bo", "Cy"], 1, {})
    for _ in range(3000):
        decision = game.pending(state)[0]
        if decision.kind == "reinforce" and decision.amounts is not None:
            break
        state, _ = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 100)))
    else:
        raise AssertionError("no reinforcement form met")
    answer = next(a for a in enumerate_answers(decision, 500) if decision.amounts.parse(a)
                  and sum(decision.amounts.parse(a).values()) == 3 and a not in {o.id for o in decision.options})
    said = str(form_echo(decision, decision.amounts.parse(answer), "en"))
    assert " × " not in said and "cube" in said, said
