"""Darius's army that would not attack, in the Macedonian's own view
(engine/alexander/evaluate_macedonian.py).

The shared points (engine/alexander/evaluate.py `safety`) charge Alexander's army THREAT times the
chance the strongest enemy army in reach beats it if it attacks, and HUNT times that chance halved
every HUNT_HALF MP for every enemy army, whatever the odds: as if every enemy army attacked. An
army that would lose three battles in four attacks no one. In a saved game (seed 1200 game 17
against greedy) Darius's 113 ASP stood at Sippara from round 181 to the cap and Alexander's 72 ASP
(Battle Rating 5 with his best leader) sat at Soli, 7 MP off, for his last 400 decisions: he beat
Darius's army three times in four if he attacked and it beat him once in six, but every space
within its reach cost him 2.4-3 points, more than the way to Babylonia paid, and the shared
points count no prey merely in reach (PREY, off: it anchored him next to armies he never
attacked).

Here, while Darius is still to be caught or killed for the Great King (3.4), his army counts in
those charges only if its attack would be a fair risk for it: it beats Alexander's army at least
CREDIBLE of the time. Every other army is feared as before (counting them all so, the Macedonian
fought more and won three games fewer of 17 against random on seed 1200), and the overrun (8 to 1)
is counted as before.
"""

from __future__ import annotations

from engine.alexander.evaluate import HUNT, HUNT_HALF, THREAT, alexanders_army, enemies_in_reach, reaches
from engine.alexander.odds import army_force, beats, distance
from engine.alexander.state import AlexState
from engine.alexander.world import DARIUS

CREDIBLE = 0.35  # the chance to beat Alexander's army below which an enemy army does not attack


def idle_threats(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour (never below 0): the shared charges for the enemy armies
    that would not attack, given back (see above)."""
    army = alexanders_army(s, leaders)
    if army is None or s.victory.great_king or s.victory.darius != "alive":
        return 0.0
    mine = army_force(s, army, leaders)
    reach = reaches(s)

    def feared(enemy, odds: float) -> bool:
        return odds >= CREDIBLE or DARIUS not in leaders.get(enemy.id, ())

    in_reach = [(e, beats(army_force(s, e, leaders), mine)) for e in enemies_in_reach(s, army, reach)]
    hunters = [(e, beats(army_force(s, e, leaders), mine), distance(army.space, e.space))
               for e in s.armies if e.side != army.side and e.asp > 0]
    danger = max((p for _e, p in in_reach), default=0.0) - max((p for e, p in in_reach if feared(e, p)), default=0.0)
    hunt = max((p * 0.5 ** (d / HUNT_HALF) for _e, p, d in hunters), default=0.0) - \
        max((p * 0.5 ** (d / HUNT_HALF) for e, p, d in hunters if feared(e, p)), default=0.0)
    return THREAT * danger + HUNT * hunt
