"""Byzantium's action decision keeps the words of its options (issue 30): every choice built the
option to take each city (its label, its group, the city's and the region's terms, the cube's
cost) anew, the engine's largest cost once the upkeep's walks were kept; and it wrote out every
reinforcement item only to learn whether there was one. The special actions done to a city
(improve, fortify, the Bulgars) likewise. Kept, the options must read as those
built afresh in every language."""

from __future__ import annotations

import random

from engine.byzantium import actions, cubes, words
from engine.core import enumerate_answers
from locales import LANGUAGES, tr
from tests.byzantium_kit import GAME


def forget():
    actions._take_option.cache_clear()
    actions._special_option.cache_clear()
    cubes.cube_cost_words.cache_clear()
    words.city_word.cache_clear()
    words.region_word.cache_clear()


def read(decisions) -> list:
    """Every option as each language reads it (a Msg compares by its English alone)."""
    return [(d.player, [(o.id, [(tr(o.label, lang), tr(o.group, lang)) for lang in LANGUAGES]) for o in d.options])
            for d in decisions]


def fresh(state):
    forget()
    copy = GAME.copy_state(state)
    copy._decisions = None
    return GAME.pending(copy)


def action_states(seeds, players):
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(list(players), seed, {})
        while not GAME.is_over(state):
            pending = GAME.pending(state)
            if pending[0].kind == "action":
                yield state
            d = rng.choice(pending)
            state, _ = GAME.apply(state, d.player, rng.choice(enumerate_answers(d, limit=300)))


def test_the_kept_option_words_read_as_those_built_afresh():
    """Kept from other games and other players too: each decision reads as one built from scratch."""
    compared = 0
    for players in (("Ann", "Bo", "Cy"), ("Ann", "Bo", "Cy", "Dee")):
        for state in action_states(range(3), players):
            kept = read(GAME.pending(state))
            assert kept == read(fresh(state))
            compared += 1
    assert compared > 100


def test_the_same_decision_words_no_city_again(monkeypatch):
    said = []
    say = actions.msg

    def counted(template, /, **params):
        said.append(template)
        return say(template, **params)

    monkeypatch.setattr(actions, "msg", counted)
    for state in action_states([4], ("Ann", "Bo", "Cy")):
        copy = GAME.copy_state(state)
        copy._decisions = None
        takes = [o for o in GAME.pending(copy)[0].options if o.id.startswith("take:")]
        copy._decisions = None
        said.clear()
        GAME.pending(copy)
        if takes:
            # No city's label or group again (to take it, improve it, fortify it, send the Bulgars there).
            assert not [t for t in said if t.startswith(("Take {city}", "Take a", "Take an", "Improve", "Fortify",
                                                         "The Bulgars"))], said
            assert not [t for t in said if t == "{side} {box}"]  # nor a reinforcement item, to know there is one
            return
    raise AssertionError("no decision offered to take a city")
