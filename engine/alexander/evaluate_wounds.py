"""Alexander's wounds, in the Macedonian's own view (engine/alexander/evaluate_macedonian.py).

11.3 I: after every battle his Battle Rating counts in, Alexander rolls 2d6 on his wounds table
(6-9 one injury point, 10-11 two, 12 a die: 1-5 two points, 6 killed); from 20 points on, every
Admin Phase an odd die kills him, and injury points never heal. So the check is the game lost
at even odds at each Admin Phase to come, as the mutiny's check is (the shared points charge
MUTINY times its chance for that). The shared points (engine/alexander/evaluate.py `safety`)
count 0.5 a point and 10 at the check, less than Darius gone (12), and a battle's wounds not at
all until its end: in a trace (seed 9500 game 3 against greedy) Alexander at 16-19 injury points
fought five battles in 16 rounds (Rhagae, Ecbatana, Gabae; at 19, Pasargadae and Persepolis on
one march, to 21) and died at the next Admin Phase.

Here, in his own view:
- at the check or beyond, DEATH_WATCH: the mutiny's stake at the even odds of the wound check;
- a battle under way with his army in it: that at the wounds' expectation (the search at 100 ms
  rarely sees a battle's end), so at 19 points a battle costs about three quarters of it,
  at 18 a sixth, and below 18 nothing (the term leaves every game as it was until then);
- a move of his army under way, drawn on by the enemy armies it can still reach (the shared
  `under_way` pull, a share of what beating them brings): the same share of the wounds'
  expectation taken off it, down to nothing (a march is not made worse for passing near them)."""

from __future__ import annotations

from engine.alexander.board import MAC
from engine.alexander.evaluate import INJURY_CHECK, MUTINY, REACH_SHARE, _within_reach, mp_left
from engine.alexander.odds import wound_odds
from engine.alexander.state import AlexState
from engine.alexander.world import ALEXANDER

ODD_DIE = 0.5  # the wound check's chance to kill him at each Admin Phase
DEATH_WATCH = MUTINY * ODD_DIE  # beyond the shared points' 10


def wounds_ahead(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour (never above 0)."""
    total = -death_watch(s.injury)
    b = s.battle
    armies = [b.get("attacker")] + list(b.get("defenders", ())) if b and not b.get("overrun") else []
    if any(a and ALEXANDER in leaders.get(a, ()) for a in armies):
        return total - expected_wounds(s.injury)
    m = s.move
    if m and m.get("side") == MAC and "declared" in m and not m.get("drops") \
            and ALEXANDER in leaders.get(m.get("unit", ""), ()):
        pull = _within_reach(s, m, mp_left(s, m["unit"]))
        total -= min(max(0.0, pull), REACH_SHARE * expected_wounds(s.injury))
    return total


def death_watch(injury: int) -> float:
    return DEATH_WATCH if injury >= INJURY_CHECK else 0.0


def expected_wounds(injury: int) -> float:
    """What one more battle's wounds cost, at their odds, as the check they bring him to (a 12 counts
    its two points: its 1 in 6 to kill him outright, 1 in 216 a battle, is left to the shared points,
    so below 18 points this term changes nothing)."""
    return sum(p * (death_watch(injury + n) - death_watch(injury)) for n, p in wound_odds().items())
