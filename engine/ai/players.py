"""Players to pit against each other, and a loop that plays a whole game with them.

A player is a function (game, state, seat, seed, avoid) -> option id, where `avoid` holds the
`position_key`s of the positions the seat has decided in (engine/ai/loops.py). `searcher` is the
bot; `uniform` and `greedy` are the baselines its strength is measured against (bench/ai.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from engine.ai.answers import answers, random_answer
from engine.ai.loops import Positions, position_key
from engine.ai.search import search
from engine.ai.value import state_values
from engine.core import Game, IllegalAction

Player = Callable[[Game, object, str, int, Collection[str]], str]


def _mine(game: Game, state, seat: str):
    return [d for d in game.pending(state) if d.player == seat]


def uniform(game: Game, state, seat: str, seed: int, avoid: Collection[str] = ()) -> str:
    """Uniformly at random among the decisions waiting on the seat, then among its answers."""
    rng = random.Random(seed)
    return random_answer(rng.choice(_mine(game, state, seat)), rng)


def greedy(game: Game, state, seat: str, seed: int, avoid: Collection[str] = ()) -> str:
    """The answer whose resulting state `evaluate`s best for the seat, one apply deep (on one
    determinization, so it knows no more than the seat), never one going back to a position in
    `avoid` while another is left. Ties and games without `evaluate`: at random."""
    rng = random.Random(seed)
    options = list(dict.fromkeys(a for d in _mine(game, state, seat) for a in answers(d, rng)))
    world = game.determinize(state, seat, rng.getrandbits(128))
    best, best_value = [], -1.0
    for option in options:
        try:
            after, _events = game.apply(world, seat, option)
        except IllegalAction:  # an answer the rules refuse in this state
            continue
        if avoid and position_key(game, after, seat) in avoid:
            continue
        value = state_values(game, after).get(seat, 0.0)
        if value > best_value + 1e-12:
            best, best_value = [option], value
        elif abs(value - best_value) <= 1e-12:
            best.append(option)
    return rng.choice(best or options)


def searcher(level: str = "normal", budget_ms: float = 200) -> Player:
    """The bot at a level and a budget per decision."""

    def play(game: Game, state, seat: str, seed: int, avoid: Collection[str] = ()) -> str:
        return search(game, state, seat, seed=seed, budget_ms=budget_ms, level=level, avoid=avoid).option

    play.__name__ = f"bot:{level}"
    return play


class Streak:
    """The positions a seat has decided in since it started deciding in a row: what to pass as
    `avoid` (a loop of undoable steps is one player's, with nobody else deciding in between)."""

    def __init__(self, game: Game):
        self.game = game
        self.seat: str | None = None
        self.positions = Positions(game, "")
        self._previous = None

    def before(self, state, seat: str) -> Positions:
        """The positions of `seat`'s streak before `state`, where it decides now."""
        if seat != self.seat:
            self.seat, self.positions, self._previous = seat, Positions(self.game, seat), None
        if self._previous is not None:
            self.positions.add(self._previous)
        self._previous = state
        return self.positions


@dataclass
class GameRecord:
    state: object
    choices: list[tuple[str, str]] = field(default_factory=list)
    result: list[dict] = field(default_factory=list)


def play_game(game: Game, seats: list[str], players: dict[str, Player], seed: int, options: dict | None = None,
              on_choice: Callable[[str, str, object], None] | None = None, max_choices: int = 100_000) -> GameRecord:
    """A whole game: whenever several seats are waited on at once, one of them (at random) answers
    first. Each seat is told the positions it has decided in (`avoid`), so no player goes round
    a loop of undoable steps for ever. `on_choice(seat, option, state_after)` sees every choice."""
    rng = random.Random(seed)
    state = game.setup(seats, rng.getrandbits(64), options or {})
    record = GameRecord(state)
    streak = Streak(game)
    while not game.is_over(state) and len(record.choices) < max_choices:
        seat = rng.choice(list(dict.fromkeys(d.player for d in game.pending(state))))
        option = players[seat](game, state, seat, rng.getrandbits(64), streak.before(state, seat))
        state, _events = game.apply(state, seat, option)
        record.choices.append((seat, option))
        if on_choice is not None:
            on_choice(seat, option, state)
    record.state = state
    record.result = game.result(state) if game.is_over(state) else []
    return record
