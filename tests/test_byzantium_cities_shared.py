"""A Byzantium state shares with the one it was made from the cities no rule changed (issue 30):
copy_state copied all 40-odd cities at every choice (and every step of every replay), though a
choice changes one or two. A rule that changes a city copies it first (Ctx.city), so the state
an apply was given never changes."""

from __future__ import annotations

import random

from engine.core import enumerate_answers
from tests.byzantium_kit import GAME

CHANGES_A_CITY = {"take", "conquest", "fortify", "improve", "destroyed", "control"}


def test_unchanged_cities_are_shared_and_the_given_state_never_changes():
    changed_kinds: dict[str, int] = {}
    applies = 0
    for seed in range(12):
        players = [f"P{i}" for i in range(2 + seed % 3)]
        state = GAME.setup(players, seed, {})
        rng = random.Random(seed)
        while not GAME.is_over(state):
            d = rng.choice(GAME.pending(state))
            ids = enumerate_answers(d, limit=300)
            if d.kind == "action" and len(ids) > 1 and rng.random() < 0.8:
                ids = [i for i in ids if i != "pass"]  # long games: fights, conquests, fortresses
            before = GAME.dumps(state)
            old_cities = {name: city.model_dump() for name, city in state.cities.items()}
            new, events = GAME.apply(state, d.player, rng.choice(ids))
            applies += 1
            assert GAME.dumps(state) == before  # the given state, its cities included, as it was
            for name, city in new.cities.items():
                if city.model_dump() == old_cities[name]:
                    continue
                assert city is not state.cities[name], name  # changed: its own copy
            shared = [n for n in new.cities if new.cities[n] is state.cities[n]]
            assert len(shared) >= len(new.cities) - 4  # unchanged: not copied
            for e in events:
                if e.kind in CHANGES_A_CITY:
                    changed_kinds[e.kind] = changed_kinds.get(e.kind, 0) + 1
            state = new
    assert applies > 1000
    assert {"take", "conquest", "fortify", "improve"} <= set(changed_kinds), changed_kinds
