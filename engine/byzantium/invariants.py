"""What must hold after every step of a Byzantium game (checked by the fuzzer and tests)."""

from __future__ import annotations

from engine.byzantium.board import (
    ARMY_SIDES,
    BULGAR_CUBES,
    CONSTANTINOPLE,
    CUBES_PER_PLAYER,
    FORTIFICATIONS,
    Side,
)
from engine.byzantium.cubes import cube_places
from engine.byzantium.flow import Ctx
from engine.byzantium.state import ByzantiumState


def broken_invariants(state: ByzantiumState) -> list[str]:
    """Every invariant that does not hold, in words (empty when all is well)."""
    ctx = Ctx(state)
    problems = []
    # An attacking army stands in the city it attacks until the attack is decided.
    attacking = {(t.actor, t.side, t.city) for t in state.stack if t.kind == "attack"}
    for seat, p in enumerate(state.players):
        on_cards = sum(p.card(side).own_cubes() for side in ARMY_SIDES)
        total = sum(cube_places(ctx, seat).values()) + on_cards
        if total != CUBES_PER_PLAYER:
            problems.append(f"{p.name} has {total} cubes, not {CUBES_PER_PLAYER}")
        numbers = {"available": p.available, "casualty": p.casualty, "removed": p.removed,
                   "forts_left": p.forts_left, "tax": p.tax_cubes}
        for side in ARMY_SIDES:
            card = p.card(side)
            numbers.update({f"{side.value} {box}": getattr(card, box) for box in ("elite", "main", "levy", "movement")})
            numbers[f"{side.value} treasury"] = p.treasury[side]
            numbers[f"{side.value} vp"] = p.vp[side]
            if card.at is not None:
                if state.cities[card.at].side != side and (seat, side.value, card.at) not in attacking:
                    problems.append(f"{p.name}'s {side.value} army stands in {card.at}, a {state.cities[card.at].side} city")
                if card.field_cubes() == 0:
                    problems.append(f"{p.name}'s {side.value} army is on the board with no cubes")
        problems.extend(f"{p.name}: {what} is negative ({n})" for what, n in numbers.items() if n < 0)
        forts = sum(1 for c in state.cities.values() if c.fortified and c.controller == seat)
        if forts + p.forts_left != FORTIFICATIONS:
            problems.append(f"{p.name} has {forts} forts placed and {p.forts_left} left")
        if p.byzantine.guard and state.emperor != seat:
            problems.append(f"{p.name} holds the Emperor's guard but is not Emperor")
        if p.arab.guard and state.caliph != seat:
            problems.append(f"{p.name} holds the Caliph's guard but is not Caliph")
    for name, city in state.cities.items():
        if city.controller is not None and city.side not in ARMY_SIDES:
            problems.append(f"{name} is {city.side} but controlled by a player")
        if city.control_cube and (city.controller is None or city.fortified):
            problems.append(f"{name} has a control cube but is uncontrolled or fortified")
        if city.fortified and city.controller is None:
            problems.append(f"{name} is fortified but uncontrolled")
        if city.side != Side.PERSIAN and name != CONSTANTINOPLE and not 1 <= city.markers <= 3:
            problems.append(f"{name} has {city.markers} markers")
        if name == CONSTANTINOPLE and (city.controller is not None or city.side != Side.BYZANTINE) \
                and not state.constantinople_fallen:
            problems.append("Constantinople changed hands without falling")
    if not 0 <= state.bulgars <= BULGAR_CUBES:
        problems.append(f"the Bulgar army has {state.bulgars} cubes")
    if state.finished != (not state.stack):
        problems.append("the game is marked finished with steps left to do" if state.finished
                        else "nothing is left to do but the game is not marked finished")
    return problems
