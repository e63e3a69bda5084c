"""The enemy's footholds in a province of an objective, in the Macedonian's own view
(engine/alexander/evaluate_macedonian.py).

A Great King province or Egypt is won when the Macedonian controls it (3.4, 6.2: the only side
with units there), so every enemy garrison or army in it must go. The shared points
(engine/alexander/evaluate.py) count the province when it is controlled, and a city's siege at a
share of what its fall brings (`city_worth`), the province's objective only for its last enemy
foothold: a first city is worth 1 (Pelusium while Memphis is Persian). An assault costs 1 ASP for
about 2/3 of a Siege Point, so such a siege was laid and never pressed: in seed 9700 game 9
against greedy Alexander besieged Pelusium at 0 Siege Points from round 178, declining every
assault (its mean: -0.04), and Egypt, Siwa and the Alexandria were never begun.

Here every enemy foothold in such a province beyond its last costs STEP of the province's
objective, so taking one pays that much, and a siege of it counts its share of that too
(engine/alexander/evaluate_sieges.py): Pelusium's fall brings 3 more. The last foothold is as
before: the shared points count the whole objective at its fall."""

from __future__ import annotations

from engine.alexander.board import MAC, board
from engine.alexander.evaluate import EGYPT, EGYPT_HELD, GK_PROVINCE, _enemy_held
from engine.alexander.state import AlexState
from engine.alexander.victory import GREAT_KING_PROVINCES
from engine.alexander.world import controls

STEP = 0.5  # of a province's objective, per enemy foothold in it beyond the last


def objective_provinces(s: AlexState) -> dict[str, float]:
    """The provinces of an objective the Macedonian does not control yet, with what each is worth."""
    found = {} if s.victory.great_king else {p: GK_PROVINCE for p in GREAT_KING_PROVINCES}
    found[EGYPT] = EGYPT_HELD
    return {p: worth for p, worth in found.items() if not controls(s, MAC, p, for_victory=True)}


def footholds(s: AlexState, province: str) -> list[str]:
    return [sp for sp in board().provinces[province].spaces if _enemy_held(s, sp, MAC)]


def provinces_footholds(s: AlexState) -> float:
    """STEP of each objective's worth for every enemy foothold in its province beyond the last."""
    return -sum(STEP * worth * max(0, len(footholds(s, p)) - 1) for p, worth in objective_provinces(s).items())


def foothold_step(s: AlexState, city: str) -> float:
    """What taking `city` brings in `provinces_footholds`: STEP of its province's objective while
    it is not the last enemy foothold there."""
    province = board().spaces[city].province
    worth = objective_provinces(s).get(province)
    if worth is None:
        return 0.0
    held = footholds(s, province)
    return STEP * worth if city in held and len(held) > 1 else 0.0
