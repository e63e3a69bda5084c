"""Alexander: random playouts capped by a number of decisions, with the invariants checked after
every step, and nothing secret in anything public (the view, public events, public prompts)."""

from __future__ import annotations

import json
import random

import pytest

from engine.alexander import GAME
from engine.alexander.board import SIDES, board
from engine.core import IllegalAction, enumerate_answers, same_labels

CAP = 500


# Card ids that are also words of the view (marker and objective names) and card names that are
# also places: they appear in public for other reasons, so the search leaves them out.
VIEW_WORDS = {"drought", "bad_weather", "revolt", "proskynesis", "rhodes", "Bad Weather", "Drought", "Revolt"}


def hidden_words(state, shown=()) -> set[str]:
    """Card ids and names held only in hands or the deck, and the face-down leaders' names."""
    b = board()
    public = state.discard + state.removed + state.in_play + list(shown)
    words = set()
    for card_id, info in b.cards.items():
        if card_id not in public:
            if card_id not in VIEW_WORDS:
                words.add(f'"{card_id}"')
            if info.name not in b.provinces and info.name not in b.spaces and info.name not in VIEW_WORDS:
                words.add(info.name)
    for name, loc in state.leaders.items():
        if loc in ("hand", "cup") or name in state.face_down:  # (face down on the map: rules 4)
            words.add(name)
    return words


def public_text(state, events) -> str:
    parts = [json.dumps(GAME.view(state, None), default=str)]
    parts += [f"{e.text} {json.dumps(e.data, default=str)}" for e in events if e.public]
    for d in GAME.pending(state):
        if d.private:
            parts.append(f"{d.player} {d.public_prompt}")
        else:
            parts.append(f"{d.prompt} " + " ".join(f"{o.id} {o.label}" for o in d.options))
    return "\n".join(parts)


def playout(seed: int, options: dict | None = None, cap: int = CAP, check_secrets: bool = True):
    rng = random.Random(seed)
    state = GAME.setup(["Ann", "Bo"], seed, {"garrisons": "suggested", **(options or {})})
    steps = 0
    known: set[str] = set()  # cards seen in public at some point: they may be named later
    while not GAME.is_over(state) and steps < cap:
        decision = GAME.pending(state)[0]
        # No decision offers two options a player cannot tell apart (the same text).
        assert not same_labels(decision), (seed, steps, decision.kind, same_labels(decision))
        answer = rng.choice(enumerate_answers(decision, 100))
        try:
            state, events = GAME.apply(state, decision.player, answer)
        except IllegalAction:
            continue  # an Amounts answer the rules refuse: nothing changed
        steps += 1
        broken = GAME.invariants(state)
        assert not broken, (seed, steps, decision.kind, answer, broken)
        if check_secrets and not state.solitaire:
            seen = GAME.view(state, None)
            assert seen["hands"] == {} and seen["deck"] is None and seen["leaders_hidden"] == {}
            assert seen["leaders_face_down"] == {}
            text = public_text(state, events)
            known |= {e.data.get("card") for e in events if e.public} | set(state.discard) | set(state.in_play)
            known |= {c for e in events if e.public for c in e.data.get("cards", [])}
            leaked = [w for w in hidden_words(state, known) if w in text]
            assert not leaked, (seed, steps, decision.kind, answer, leaked)
    return state, steps


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_keep_the_invariants_and_the_secrets(seed):
    state, steps = playout(seed)
    assert steps > 0 and state.round > 10


def test_random_playout_with_the_optional_opening_and_balance():
    state, steps = playout(11, {"opening": "optional", "balance": True}, cap=300)
    assert steps > 0


def test_random_solitaire_playout_shows_both_hands():
    state, _ = playout(12, {"solitaire": True}, cap=300, check_secrets=False)
    seen = GAME.view(state, None)
    assert all(side in seen["hands"] for side in SIDES)
