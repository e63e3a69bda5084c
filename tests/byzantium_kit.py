"""Helpers to set up Byzantium positions and play choices in rules tests.

Positions are built by editing a fresh state the way the board would look, then
`rebalance` puts each player's leftover cubes in the free pool so the 42-cube count holds.
"""

from __future__ import annotations

import random

from engine import get_game
from engine.byzantium.board import ARMY_SIDES, CUBES_PER_PLAYER, Side
from engine.byzantium.state import ByzantiumState
from engine.byzantium.tasks import Action

GAME = get_game("byzantium")


def new_game(players=("Ann", "Bo", "Cy"), first: str | None = None, seed: int = 1) -> ByzantiumState:
    return GAME.setup(list(players), seed, {"first": first or players[0]})


def seat(state: ByzantiumState, name: str) -> int:
    return state.player(name).seat


def decision(state: ByzantiumState):
    pending = GAME.pending(state)
    assert pending, "the game is over"
    return pending[0]


def option_ids(state: ByzantiumState) -> list[str]:
    return [o.id for o in decision(state).options]


def play(state: ByzantiumState, *choices: str):
    """Apply choices written "Player option_id"; returns the state and all events."""
    events = []
    for choice in choices:
        player, option = choice.split(" ", 1)
        state, new = GAME.apply(state, player, option)
        events.extend(new)
    return state, events


def texts(events) -> list[str]:
    return [e.text for e in events]


def kinds(events, kind: str):
    return [e for e in events if e.kind == kind]


def rolls(events) -> list[list[int]]:
    return [e.data["dice"] for e in events if e.kind == "roll"]


def pin_dice(state: ByzantiumState, dice: list[int]) -> None:
    state.pinned_dice = list(dice)
    state._decisions = None


def set_city(state: ByzantiumState, name: str, *, side: str | None = None, markers: int | None = None,
             controller: str | None = None, fortified: bool = False) -> None:
    city = state.cities[name]
    if side is not None:
        city.side = Side(side)
    if markers is not None:
        city.markers = markers
    city.controller = seat(state, controller) if controller else None
    city.fortified = fortified
    city.control_cube = controller is not None and not fortified
    if fortified:
        state.player(controller).forts_left -= 1
    state._decisions = None


def set_army(state: ByzantiumState, player: str, side: str, *, at: str | None = None, elite: int = 0,
             main: int = 0, levy: int = 0, movement: int = 0, guard: bool = False) -> None:
    card = state.player(player).card(Side(side))
    card.elite, card.main, card.levy, card.movement, card.guard = elite, main, levy, movement, guard
    card.at = at
    card.entered = card.entered or at is not None
    state._decisions = None


def set_money(state: ByzantiumState, player: str, byzantine: int | None = None, arab: int | None = None) -> None:
    treasury = state.player(player).treasury
    if byzantine is not None:
        treasury[Side.BYZANTINE] = byzantine
    if arab is not None:
        treasury[Side.ARAB] = arab
    state._decisions = None


def rebalance(state: ByzantiumState, casualty: dict[str, int] | None = None) -> ByzantiumState:
    """Put each player's unaccounted cubes in his free pool (after setting casualties)."""
    from engine.byzantium.cubes import cube_places
    from engine.byzantium.flow import Ctx

    for name, n in (casualty or {}).items():
        state.player(name).casualty = n
    ctx = Ctx(state)
    for s, p in enumerate(state.players):
        p.available = 0
        used = sum(cube_places(ctx, s).values()) + sum(p.card(side).own_cubes() for side in ARMY_SIDES)
        assert used <= CUBES_PER_PLAYER, f"{p.name} would have {used} cubes"
        p.available = CUBES_PER_PLAYER - used
    state._decisions = None
    return state


def random_walk(seed: int, players=("Ann", "Bo", "Cy")):
    """A whole game of random answers, amounts included (every answer offered must be accepted):
    yields (state, decision, the answer's events) at each step, and the state at the end last."""
    from engine.core import enumerate_answers

    rng = random.Random(seed)
    state = GAME.setup(list(players), seed, {})
    while not GAME.is_over(state):
        d = GAME.pending(state)[0]
        new, events = GAME.apply(state, d.player, rng.choice(enumerate_answers(d, limit=300)))
        yield state, d, events
        state = new
    yield state, None, []


def turn_to(state: ByzantiumState, player: str) -> ByzantiumState:
    """Make it `player`'s turn to choose an action."""
    state.turn = seat(state, player)
    state.stack = [Action(player=state.turn)]
    state._decisions = None
    return state


def check(state: ByzantiumState) -> None:
    broken = GAME.invariants(state)
    assert not broken, broken
