"""What only the Persian's bot adds to the shared estimate (engine/alexander/evaluate.py): the
ways he wins, Alexander's death, made worth working towards.

The shared points serve both sides and the greedy baseline; these terms are read only in the
Persian's own win share (`evaluate`), so they change what the Persian plays and nothing of the
Macedonian's. Traces against greedy (seeds 2000-2002) showed the Persian's games running to the
cap with 109 recruits waiting loose at Ecbatana while Army #1 held 6 ASP, and Alexander at 16-17
injury points, one or two battles short of the check that kills him on an odd die (11.3 I):

- the strike: the Persian army nearest to overrunning Alexander's (8 to 1, 10.5: he dies), its
  ASP (and half the loose ASP waiting where it stands, a Reorganization away: 10.4) against
  the 8 times his army's that an overrun needs, half of it wherever the army is and half by how
  near it is;
- the wounds: each injury point, and more the nearer the check at 20, from which every Admin
  Phase kills him on an odd die (the shared points count 0.5 a point: the Macedonian's fear);
  a battle under way with his army in it, at the wounds' expectation."""

from __future__ import annotations

from functools import cache

from engine.alexander.board import PER
from engine.alexander.state import AlexState
from engine.alexander.world import ALEXANDER

STRIKE = 30.0  # an army at 8 to 1 against Alexander's, next to him
STRIKE_HALF = 6.0  # MP in which the nearness half of the strike halves
OVERRUN_ODDS = 8  # 10.5
WOUNDS = 20.0  # injury points convex: WOUNDS * (points / 20)^2 up to the check
DEATH_WATCH = 30.0  # at the check or beyond: an odd die at every Admin Phase kills him (11.3 I)
INJURY_CHECK = 20
GATHERED = 0.5  # a loose ASP where the army stands: half in it (a Reorganization away, 10.4)
WOUND = 1.0  # per injury point, besides the convex part


def persian_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Persian's favour, added to his view of the shared estimate only."""
    return strike(s, leaders) + wounds(s.injury) + battle_wounds(s, leaders)


def strike(s: AlexState, leaders: dict[str, list[str]]) -> float:
    from engine.alexander.evaluate import distance

    alexander = next((a for a in s.armies if ALEXANDER in leaders.get(a.id, ())), None)
    if alexander is None:
        return 0.0
    need = OVERRUN_ODDS * max(1, alexander.asp)
    best = 0.0
    for army in s.armies:
        if army.side != PER:
            continue
        g = s.garrisons.get(army.space)
        force = army.asp + GATHERED * (g.asp if g is not None and g.side == PER else 0)
        near = 0.5 ** (distance(army.space, alexander.space) / STRIKE_HALF)
        best = max(best, STRIKE * min(1.0, force / need) * (0.5 + 0.5 * near))
    return best


def wounds(injury: int) -> float:
    points = min(injury, INJURY_CHECK)
    return WOUND * points + WOUNDS * (points / INJURY_CHECK) ** 2 + (DEATH_WATCH if injury >= INJURY_CHECK else 0.0)


def battle_wounds(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """A battle under way with Alexander's army in it: the wounds he rolls for at its end (2d6 on
    his table, 11.3 I), at their expectation; the search sees a battle's end only rarely at 100
    ms, and a battle he cannot avoid is the Persian's surest way to his death."""
    b = s.battle
    if not b or b.get("overrun"):
        return 0.0
    armies = [b.get("attacker")] + list(b.get("defenders", ()))
    if not any(ALEXANDER in leaders.get(a, ()) for a in armies if a):
        return 0.0
    return sum(p * (wounds(s.injury + n) - wounds(s.injury)) for n, p in _wound_odds().items())


@cache
def _wound_odds() -> dict[int, float]:
    """Wound points of one battle and their chances (the danger roll's death counted as the check)."""
    from engine.alexander.board import board, wound_points

    table = board().tables["wounds"]
    odds: dict[int, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            points = wound_points(a + b)
            if points == "danger":
                kill = (7 - table["danger_kill"]) / 6
                odds[INJURY_CHECK * 2] = odds.get(INJURY_CHECK * 2, 0.0) + kill / 36
                points = table["danger_points"]
                odds[points] = odds.get(points, 0.0) + (1 - kill) / 36
                continue
            odds[points] = odds.get(points, 0.0) + 1 / 36
    return odds
