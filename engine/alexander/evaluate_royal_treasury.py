"""The Royal Treasury carried by Alexander's army, in the Macedonian's own view (read in his win
share alone, engine/alexander/win_shares.py).

7.4: a Full Royal Treasury supplies the units in its own space, and it goes where the army
carrying it goes; taken from Darius (his army wiped out, or Darius fleeing) it travels with
Alexander's. A siege is kept only with a LOC (11.4), so with a Full Royal Treasury in his army
Alexander can besiege and keep any city he stands before, however far from Pella. An Empty one is
restored automatically in an Admin Phase in the space of a treasury city of its owner (7.4, any
level: engine/alexander/admin.py `royal_restore`).

The shared points (evaluate.py) count it as a treasury level (3 points) and its loss on a long
move's treasury roll as one (1 point): nothing of what it carries. In a trace (seed 8000 game 1
against random, main 750d9d1) Alexander took the Royal Treasury with Darius's army, stood at
Babylon (his, Empty) with it Full, and in round 104 declared 5 MP paid by it (a roll at even odds,
worth 0.17 points in the shared view more than 4 MP): it went Empty, Babylon could no longer be
restored (no LOC: rules 2), the LOC never reached Susa, Ecbatana or Persepolis again, and he
stood at Thapsacus for the last 200 rounds. The shared way had counted only Siwa as a target,
the Persian cities needing a siege being beyond the fixed LOC (evaluate.py `targets`), though
the treasury he carried would have kept a siege of any of them.

Here, while the Macedonian still has a city to take (the Great King or Egypt not done):
- a Full Royal Treasury with Alexander's army is worth ROYAL_CARRIED more, and a move under way
  paying its extra MP with it is charged that at the roll's odds (10.1);
- with it Full, the way to the next objective counts the cities to besiege beyond the fixed LOC
  as targets (the shared way replaced by the way over every target);
- an Empty one carried draws Alexander to the nearest treasury city of his, where the next Admin
  Phase restores it (worth ROYAL_RESTORE there, halved every ROYAL_HALF MP away).
"""

from __future__ import annotations

import math

from engine.alexander.board import MAC, board
from engine.alexander.evaluate import WAY_CAP, WAY_SCALE, targets
from engine.alexander.loc import supplied
from engine.alexander.odds import distance
from engine.alexander.state import AlexState
from engine.alexander.victory import EGYPT
from engine.alexander.world import ALEXANDER, controls, leader_space

ROYAL_CARRIED = 6.0  # a mobile LOC source: a siege kept before any city Alexander reaches (7.4, 11.4)
ROYAL_RESTORE = 4.0  # an Empty one carried, Alexander on a treasury city of his: Full at the next Admin
ROYAL_HALF = 4.0  # MP from such a city at which that pull is halved


def royal_treasury_carried(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour for the Royal Treasury carried by Alexander's army."""
    rt = s.royal_treasury
    if rt.owner != MAC or not rt.where.startswith("army:"):
        return 0.0
    army_id = rt.where[5:]
    if ALEXANDER not in leaders.get(army_id, ()) or not _cities_to_take(s):
        return 0.0
    where = leader_space(s, ALEXANDER)
    if not where or where not in board().spaces:
        return 0.0
    if rt.level == "full":
        return ROYAL_CARRIED - ROYAL_CARRIED * _royal_roll(s, army_id) + _way_beyond_the_loc(s, where)
    near = min((distance(where, c) for c, t in s.treasuries.items() if t.owner == MAC), default=None)
    return 0.0 if near is None else ROYAL_RESTORE * 0.5 ** (near / ROYAL_HALF)


def _cities_to_take(s: AlexState) -> bool:
    return not s.victory.great_king or not controls(s, MAC, EGYPT, for_victory=True)


def _royal_roll(s: AlexState, army_id: str) -> float:
    """The chance a move under way of this army, paying its extra MP with the Royal Treasury,
    empties it at its end (10.1: d6 + MP above 3, 6 or more; only above Alexander's base 4)."""
    m = s.move
    if not m or m.get("unit") != army_id or m.get("treasury") != "royal" or "declared" not in m:
        return 0.0
    limits = board().limits
    if m["declared"] <= limits["alexander_base_mp"]:
        return 0.0
    return min(1.0, (m["declared"] - limits["base_mp"] + 1) / 6)


def _way_beyond_the_loc(s: AlexState, where: str) -> float:
    """The shared way (evaluate.py `the_way`: to targets within the fixed LOC) replaced by the way
    to every target: the treasury carried keeps a siege wherever Alexander stands."""
    within = targets(s, supplied(s, MAC))
    every = targets(s)
    if not within or not every:
        return 0.0

    def way(goals):
        return -WAY_CAP * (1.0 - math.exp(-min(distance(where, g) for g in goals) / WAY_SCALE))

    return way(every) - way(within)
