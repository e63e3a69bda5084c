"""Alexander's army Useless, in the Macedonian's own view (engine/alexander/evaluate_macedonian.py).

11.3 H: an army that loses a battle with more than twice the winner's losses is Useless. It counts
as Fatigued (-2 on the battle tables, and it may not attack: no battle, overrun or assault of its
own), moves at most 3 spaces, and if it loses again it is destroyed with its leaders; with
Alexander in it, that is the game. It recovers only at an Admin Phase spent in a treasury city of
its side, whatever the city's level (admin.py `_admin_clear`).

The shared points (engine/alexander/evaluate.py) count it only as the -2 on the battle tables, so
nothing drew the army back to a treasury city. In the saved games Alexander's army stayed Useless
from round 2 to round 235 (seed 1200 game 13 against greedy: it chased Darius's 42 ASP for 50
rounds, one space behind, never able to attack), from round 61 to the cap (game 14 against
random) and from round 49 to the cap (seed 9700 game 5 against random).

Here, while Alexander's army is Useless:
- USELESS, and the way to the nearest treasury city of the Macedonian (bounded, like the way to
  an objective, RECOVERY_CAP in all); in such a city only RECOVERING (it recovers at the next
  Admin Phase, and leaving costs all of it again);
- a defeat counted at the game: UNDONE times the chance the strongest enemy army that can reach
  it beats it, beyond the shared points' THREAT (an overrun's stake in all).
"""

from __future__ import annotations

from engine.alexander.board import MAC
from engine.alexander.evaluate import OVERRUN, THREAT, alexanders_army, enemies_in_reach, reaches, way_cost
from engine.alexander.odds import army_force, beats, distance
from engine.alexander.state import AlexState

USELESS = 4.0  # no attack, 3 spaces a move, -2 in battle: the campaign stopped
RECOVERING = 1.0  # in a treasury city of his: Useless until the next Admin Phase
RECOVERY_CAP = 6.0  # the way to that city, in all (about 0.75 a MP near it)
RECOVERY_SCALE = 8.0  # MP
UNDONE = OVERRUN - THREAT  # a defeat destroys the army and Alexander with it (11.3 H)


def useless_alexander(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour (never above 0): see above."""
    army = alexanders_army(s, leaders)
    if army is None or not army.useless:
        return 0.0
    cities = [c for c, t in s.treasuries.items() if t.owner == MAC]
    if army.space in cities:
        total = -RECOVERING
    else:
        mp = min((distance(army.space, c) for c in cities), default=None)
        way = RECOVERY_CAP if mp is None else way_cost(mp, RECOVERY_CAP, RECOVERY_SCALE)
        total = -USELESS - way
    reach = reaches(s)
    mine = army_force(s, army, leaders)
    danger = max((beats(army_force(s, e, leaders), mine) for e in enemies_in_reach(s, army, reach)), default=0.0)
    return total - UNDONE * danger
