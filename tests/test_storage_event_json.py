"""A choice's events are stored as the JSON they always were, without deep-copying them first
(issue 30): dataclasses.asdict copied every event's text (a Msg is rebuilt, its sentence filled
in again) only for it to be written out."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from enum import StrEnum

import pytest

from bot.storage.base import _event_json
from engine import get_game
from engine.ai.answers import answers
from engine.core import Event
from engine.text import Msg, msg, msg_n, term, to_data


def event_json_as_it_was(events) -> str:
    out = []
    for event in events:
        row = dataclasses.asdict(event) if dataclasses.is_dataclass(event) else dict(event)
        if isinstance(getattr(event, "text", None), Msg):
            row["text"] = to_data(event.text)
        out.append(row)
    return json.dumps(out, default=str)


def played_events(name, players, options, seed, count):
    """The events of every choice of a random game, `count` choices at most."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    while not game.is_over(state) and count:
        decision = rng.choice(game.pending(state))
        state, events = game.apply(state, decision.player, rng.choice(answers(decision, rng)))
        count -= 1
        yield events


class Colour(StrEnum):
    RED = "red"


@dataclasses.dataclass
class Spot:
    city: str
    cubes: tuple


def test_the_stored_events_are_the_json_they_were():
    batches = [*played_events("byzantium", ["Ann", "Bo", "Cy"], {}, 1, 400),
               *played_events("warriors_traders", ["Ann", "Bo", "Cy"], {}, 2, 300),
               *played_events("alexander", ["Ann", "Bo"], {}, 3, 300)]
    # Texts in the data, enums, tuples, nested dataclasses and odd values as well.
    batches.append([
        Event("odd", msg("{player} takes {city}.", player="Ann", city=term("byzantium city", "Nicaea")),
              {"why": msg_n("{n} cube", "{n} cubes", 2), Colour.RED: [Colour.RED, (1, 2)], "spot": Spot("Nicaea", (1,)),
               "none": None, "nested": {"a": [{"b": 1.5}]}, "set": {3}}, ("Ann",)),
        {"kind": "plain", "text": "a dict event"},
    ])
    for events in batches:
        assert _event_json(events) == event_json_as_it_was(events)
    assert sum(len(b) for b in batches) > 500


def test_storing_events_copies_none_of_them(monkeypatch):
    events = next(e for e in played_events("byzantium", ["Ann", "Bo", "Cy"], {}, 1, 50) if e)
    expected = event_json_as_it_was(events)
    monkeypatch.setattr(copy, "deepcopy", lambda *a, **k: pytest.fail("an event was deep-copied"))
    assert _event_json(events) == expected
