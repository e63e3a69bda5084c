"""Game plugin (GAME_PLUGINS=three_asks_for_bot) of test_e2e_faults: three seats asked at once in
three separate turn messages, so one choice changes several of them.

"Three asks": the first seat picks a letter privately (a private decision: its public post is a
message of its own, so nobody shares a message), the two others answer yes or no in the open. The
first seat's pick moves the others' messages on to the new version in place (two edits) and closes
its own. The game ends when all three answered. Drawn by this module too (a plain card).

STANDIN_ONLY: a bot on the real Discord refuses to start with it (bot/plugins.py).
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image, ImageDraw

import render
from engine.core import BaseState, Decision, Event, Game, Option, register
from engine.text import msg

STANDIN_ONLY = True
NAME = "three_asks"


class AsksState(BaseState):
    players: list[str]
    answers: dict[str, str] = {}


class ThreeAsks(Game[AsksState]):
    name = NAME
    title = "Three asks"
    rules_version = "1"
    splitmix_rules_versions = frozenset()
    min_players = max_players = 3
    state_class = AsksState

    def _setup(self, players, seed, options):
        return AsksState(players=players), []

    def _pending(self, state):
        first, *others = state.players
        asks = []
        if first not in state.answers:
            asks.append(Decision(first, msg("Pick a letter."), (Option("a", msg("A")), Option("b", msg("B"))),
                                 kind="pick", private=True, public_prompt=msg("{player} picks.", player=first)))
        asks += [Decision(p, msg("Yes or no?"), (Option("yes", msg("Yes")), Option("no", msg("No"))), kind="vote")
                 for p in others if p not in state.answers]
        return asks

    def _apply(self, state, player, option_id):
        state.answers[player] = option_id
        return [] if player == state.players[0] else [Event("vote", msg("{player} answers.", player=player))]

    def summary(self, state):
        return {"answered": sorted(state.answers)}

    def result(self, state):
        return [{"player": p, "score": 1, "rank": 1} for p in state.players]


def render_png(state, *, highlight: dict | None = None) -> bytes:
    image = Image.new("RGB", (200, 60), "white")
    ImageDraw.Draw(image).text((8, 8), f"{len(state.answers)} of 3 answered", fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def highlight_from_events(events: Iterable) -> dict:
    return {}


GAME = register(ThreeAsks())
render.register_renderer(NAME, __name__)
