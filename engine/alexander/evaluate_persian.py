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
  near it is,
  and its chance to beat his army in battle, when an overrun is out of reach (an army frozen
  by a larger one than Army #1, 5.2, strikes nobody: the shared points count that freeze as a
  flat 6);
- Darius's army: the chance a Macedonian army in reach beats it, and more in a battle under
  way (so he avoids, and intercepts only at good odds): a beaten Darius flees and may be
  caught, a Great King part for the Macedonian (the shared points count his army's exposure by
  its ASP alone);
- the wounds: each injury point, and more the nearer the check at 20, from which every Admin
  Phase kills him on an odd die (the shared points count 0.5 a point: the Macedonian's fear);
  a battle under way with his army in it, at the wounds' expectation;
- the harass (session 5): against an Alexander of 50-75 ASP neither an overrun (8 to 1: 400+ ASP)
  nor a won battle is in sight (the battle table's columns stop growing: Darius's 42 ASP beat his
  60 one time in four, and 109 no more often), and traces (seed 3000) showed him idle at
  Celaenae for 150 rounds at injury 12, Weariness 0, while the Persian marched Darius's army to
  and fro and 100 ASP waited loose. Every battle his army fights, won or lost, wounds him (2d6,
  11.3 I), and one outside Europe against 10 Persian ASP or more adds a Weariness (9.0: a
  mutiny's odds); so a Persian army of 10 ASP or more (not the king's: Darius beaten may be
  caught) counts the battle it can bring him, by how near it stands, and a battle under way
  with his army outside Europe, the Weariness it will cost him; a Useless army's way to him goes
  through a treasury city of its side (Useless ends there, 11.3 H; the first harass run left 11
  Useless ASP at Xanthus for 230 rounds)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, board
from engine.alexander.evaluate import INJURY_CHECK, WEARY_BATTLE, alexanders_army, mp_left, weariness_cost
from engine.alexander.odds import REACH, army_force, beats, distance, wound_odds
from engine.alexander.state import AlexState
from engine.alexander.world import ALEXANDER, DARIUS, in_europe, king, supremacy_broken

STRIKE = 30.0  # an army at 8 to 1 against Alexander's, next to him
STRIKE_HALF = 6.0  # MP in which the nearness half of the strike halves
OVERRUN_ODDS = 8  # 10.5
WOUNDS = 20.0  # injury points convex: WOUNDS * (points / 20)^2 up to the check
DEATH_WATCH = 30.0  # at the check or beyond: an odd die at every Admin Phase kills him (11.3 I)
GATHERED = 0.5  # a loose ASP where the army stands: half in it (a Reorganization away, 10.4)
WOUND = 1.0  # per injury point, besides the convex part
MUSTER = 8.0  # times the chance the strike army beats Alexander's in battle (wounds, Weariness, his ASP)
DARIUS_RISK = 8.0  # times the chance Darius's army is beaten by a Macedonian army in reach
HARASS = 1.0  # times what a battle with Alexander's army brings (his wounds, a Weariness outside Europe)
HARASS_HALF = 5.0  # MP in which the harass halves (about two rounds' march)
WEARY = 1.0  # per Weariness a battle adds, besides the shared points' (a step on the mutiny's way)
DARIUS_BATTLE = 20.0  # the same in a battle under way: beaten, he flees, and far from a treasury city
# with a LOC (2d6: 2-7 to one, 8-10 to a space 4 MP away with a LOC, else caught) he is caught


def persian_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Persian's favour, added to his view of the shared estimate only."""
    return strike(s, leaders) + wounds(s.injury) + battle_wounds(s, leaders) - darius_exposed(s, leaders) + \
        harass(s, leaders)


def strike(s: AlexState, leaders: dict[str, list[str]]) -> float:

    alexander = alexanders_army(s, leaders)
    if alexander is None:
        return 0.0

    need = OVERRUN_ODDS * max(1, alexander.asp)
    his = army_force(s, alexander, leaders)
    best = 0.0
    # 5.2: while another army is larger than Army #1 only Army #1 may act; the others strike nobody
    frozen = supremacy_broken(s, PER)
    for army in s.armies:
        if army.side != PER or (frozen and army.number != 1):
            continue
        g = s.garrisons.get(army.space)
        force = army.asp + GATHERED * (g.asp if g is not None and g.side == PER else 0)
        near = 0.5 ** (distance(army.space, alexander.space) / STRIKE_HALF)
        _, drm, elite = army_force(s, army, leaders)
        odds = beats((force, drm, elite), his)
        best = max(best, (STRIKE * min(1.0, force / need) + MUSTER * odds) * (0.5 + 0.5 * near))
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
    return sum(p * (wounds(s.injury + n) - wounds(s.injury)) for n, p in wound_odds(INJURY_CHECK * 2).items())


def darius_exposed(s: AlexState, leaders: dict[str, list[str]]) -> float:
    from engine.alexander.loc import supplied

    mine = next((a for a in s.armies if DARIUS in leaders.get(a.id, ())), None)
    if mine is None:
        return 0.0
    b = s.battle
    weight = DARIUS_RISK
    if b and mine.id in [b.get("attacker")] + list(b.get("defenders", ())):
        enemies = [s.army(a) for a in [b.get("attacker")] + list(b.get("defenders", ())) if a and a != mine.id]
        weight = DARIUS_BATTLE
    else:
        reach = supplied(s, MAC)
        enemies = [e for e in s.armies if e.side == MAC and e.asp > 0 and not e.fatigued and not e.useless
                   and distance(mine.space, e.space) <= (REACH if e.space in reach else 3)]
    force = army_force(s, mine, leaders)
    danger = max((beats(army_force(s, e, leaders), force) for e in enemies if e is not None and e.side == MAC),
                 default=0.0)
    return weight * danger


def harass(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """A battle with Alexander's army outside Europe: what it brings the Persian whoever wins (his
    wounds at their expectation, a Weariness against 10 ASP or more), under way at once, else
    brought by the nearest Persian army of 10 ASP or more that may act (not the king's), by its
    nearness."""
    alexander = alexanders_army(s, leaders)
    if alexander is None or in_europe(alexander.space):
        return 0.0
    b = s.battle
    if b and not b.get("overrun"):
        armies = [s.army(a) for a in [b.get("attacker")] + list(b.get("defenders", ())) if a]
        if any(a is not None and a.id == alexander.id for a in armies):
            persian = sum(a.asp for a in armies if a is not None and a.side == PER)
            return HARASS * (weariness_cost(s, 1) + WEARY) if persian >= WEARY_BATTLE else 0.0
    frozen = supremacy_broken(s, PER)
    oc = king(s, PER)
    near = max((0.5 ** (_way_left(s, a, alexander.space) / HARASS_HALF) for a in s.armies
                if a.side == PER and a.asp >= WEARY_BATTLE and oc not in leaders.get(a.id, ())
                and not (frozen and a.number != 1)), default=0.0)
    if not near:
        return 0.0
    battle = weariness_cost(s, 1) + WEARY + sum(p * (wounds(s.injury + n) - wounds(s.injury)) for n, p in wound_odds(INJURY_CHECK * 2).items())
    return HARASS * near * battle


def _way_left(s: AlexState, army, space: str) -> int:
    """MP from `army` to `space`, less the MP its move under way has left (declared, the march
    is worth it before the steps: the screen sees one decision ahead)."""
    left = mp_left(s, army.id)
    if army.useless:
        # a Useless army attacks nobody until an Admin Phase finds it in a treasury city of its
        # side (11.3 H): its way goes through the nearest (traces: 11 ASP at Xanthus for 230 rounds)
        return min((max(0, distance(army.space, c) - left) + distance(c, space) for c, t in s.treasuries.items()
                    if t.owner == army.side and c in board().spaces), default=60)
    return max(0, distance(army.space, space) - left)
