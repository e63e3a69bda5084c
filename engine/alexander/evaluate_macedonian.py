"""What only the Macedonian's bot adds to the shared estimate (engine/alexander/evaluate.py),
read in his own win share alone (engine/alexander/win_shares.py): it changes what the Macedonian
plays and nothing of the Persian's own view.

The safeguards: what keeps him in the game (Weariness, Alexander's life).

- A chase counted at its odds. The shared points draw a moving army on to the enemy armies it
  can still reach this move (`under_way`: a share of what beating or overrunning them brings,
  Darius's army most), as if they would stand; an army outside a major city may first try to
  avoid the battle (11.3 A: a die + its king's Battle Rating if he is there, else its best
  leader's, 6 or more; an overrun too, 10.5). In a game lost by mutiny (seed 5000 game 2
  against random) Alexander declared 6 MP to run down Darius's 1 ASP six MP away (7.5 points
  at once, before a step), left his sieges of Susa and Ecbatana three times for such chases
  (+1 Weariness each, 9.0) and crossed two desert links in one (+1): 4 of the 9 points of the
  mutiny. Here each prey counts at the chance it does not get away (Darius: 4 in 6).

Greece (engine/alexander/evaluate_greece.py): the shared pull of a home army to a European
province lost counts the way over land only; Crete, an island, had no pull at all. His own view
counts it with a sea leg (10.7).

Alexander besieged (engine/alexander/evaluate_besieged.py): a city taken kills everything inside
(11.4); the shared points count a Persian siege of his city as a share of the city's worth, and
in a trace he waited 43 rounds inside Ecbatana, never counterattacking, until it fell on him.

Alexander's wounds (engine/alexander/evaluate_wounds.py): from 20 injury points every Admin Phase
kills him on an odd die (11.3 I), which the shared points count as 10; in a trace he fought two
battles on one march at 19 and died at the next Admin Phase.

The enemy's footholds (engine/alexander/evaluate_footholds.py): in a province of an objective,
each beyond the last costs a share of it, so a first city taken pays (the shared points count
only the last).

His sieges (engine/alexander/evaluate_sieges.py): counted at their share of what their fall
brings, the Weariness charged as the city is credited; a treasury city counts the mutiny's
chance its taking removes. The shared points charge a siege's Weariness in full when it is laid,
and from Weariness 7 no siege was laid.

Darius out of reach: off the map (the cup, a hand) he can be neither caught nor killed, and the
Great King waits for him; the shared points see nothing lost (his army is weaker, the way to
him gone), so the Macedonian's bad blood sent him there.

Alexander's army Useless (engine/alexander/evaluate_useless.py): it recovers only at an Admin
Phase in a treasury city of his (11.3 H) and is destroyed with him at its next defeat; the shared
points count only its -2 in battle, and in the saved games it stayed Useless for up to 260
rounds, the campaign stopped.

Darius's army that would not attack (engine/alexander/evaluate_threats.py): the shared points
fear every enemy army in reach at the chance it beats his if it attacks, even one that would lose
three battles in four; while Darius is to be caught or killed, his own view fears Darius's army
only with a fair chance (Alexander sat 7 MP from it for 400 decisions, beating it three times in
four).

A march off the LOC (engine/alexander/evaluate_marches.py): an objective that needs no siege
within a move of his army without a LOC costs him no LOC charge, so Siwa beyond the LOC's edge is
reached.

The desert's Weariness: a second desert link in a round brings +1 Weariness at the move's end
(9.0), which the shared points charge at the next check's chance (0.6 points below Weariness 7);
but Weariness stays for the game, and the stalls and mutinies of the endgame come at 7-9. In 40
saved games (session 10) a second desert link brought 2.3 Weariness a game, a fifth of it. A move
that has crossed two costs DESERT_AHEAD more in his view until its point is paid.

Tried and dropped (docs/ai.md): every Weariness point costing 1.5 more in his view (the budget
of the game spent; a siege's point counted ahead by its Siege Points, so that laying one still
paid): against greedy the Great King stayed at 1 of 4 in every game of seed 2000 (0 won of 5,
2 before). Session 10 (branches `campaign-tried`, `prey-march-fleet-tried`): the mutiny's chance
counted over the sieges the objectives still need, a prey not worth its battle given back, a
move's way off the LOC not charged while it can still end on it, a fleet drawn to Crete held by
a Persian fleet: each broke a stall at Weariness 8 and lost more games to mutinies than it won
(6-9 in 40 against main's 3)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.evaluate import (
    PER_ASP,
    REACH_SHARE,
    SUPREMACY,
    _within_reach,
    desert_point_due,
    mp_left,
    prey_in_reach,
)
from engine.alexander.evaluate_besieged import besieged_alexander
from engine.alexander.evaluate_footholds import provinces_footholds
from engine.alexander.evaluate_greece import island_home_front
from engine.alexander.evaluate_marches import march_to_an_objective
from engine.alexander.evaluate_sieges import sieges_at_their_odds
from engine.alexander.evaluate_threats import idle_threats
from engine.alexander.evaluate_useless import useless_alexander
from engine.alexander.evaluate_wounds import wounds_ahead
from engine.alexander.state import AlexState
from engine.alexander.world import DARIUS, army_one, battle_rating, king, supremacy_broken

DARIUS_AWAY = 6.0  # half of Darius gone (evaluate.py DARIUS_GONE): the objective blocked while he is off the map


def macedonian_own_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour, added to his view of the shared estimate only."""
    return safeguards(s, leaders) + island_home_front(s, leaders) + besieged_alexander(s, leaders) + \
        wounds_ahead(s, leaders) + darius_out_of_reach(s) + persian_freeze_at_its_worth(s) + \
        sieges_at_their_odds(s) + provinces_footholds(s) + useless_alexander(s, leaders) + \
        idle_threats(s, leaders) + march_to_an_objective(s, leaders)


def safeguards(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """What keeps the Macedonian in the game (Weariness, Alexander's life), in his favour."""
    return chase_at_its_odds(s, leaders) + desert_ahead(s)


def darius_out_of_reach(s: AlexState) -> float:
    """The Great King needs Darius captured or killed (3.4); a leader in the cup or in a hand is
    on no space (the Satrap Insubordination's bad blood sends the higher roller of a mixed
    army's leaders there, 15.0, Darius too): until the Persian draws him again, no march or
    battle can finish the objective. In a game (seed 9700 game 2 against greedy, session 8) the
    Macedonian's own bad blood sent him there at round 96 and he came back at round 270; at
    the cap every part of the three objectives was done but Darius and the Proskynesis (which
    needs the Great King)."""
    if s.victory.great_king or s.victory.darius != "alive":
        return 0.0
    return -DARIUS_AWAY if s.leaders.get(DARIUS, "") in ("cup", "hand") else 0.0


def persian_freeze_at_its_worth(s: AlexState) -> float:
    """5.2: while another Persian army is larger than his Army #1, only Army #1 may act; the
    shared points count that freeze 6 in the Macedonian's favour (evaluate.py `supply`), more
    than an army of 37 ASP is worth there. So the army that breaks it was better left alive: in a
    game (seed 9700 game 9 against random, session 8) Alexander besieged Babylon at two Siege
    Points from round 202 to the cap (round 298) and never made the last assault, which would
    have killed the 11 ASP inside (and Darius dead, Army #1 was 2 ASP): the fall looked 6.2 points
    worse. Here the freeze counts no more than the Persian armies it holds (all but Army #1)."""
    if not supremacy_broken(s, PER):
        return 0.0
    first = army_one(s, PER)
    frozen = sum(a.asp for a in s.armies if a.side == PER and a is not first)
    return -max(0.0, SUPREMACY - PER_ASP * frozen)


DESERT_AHEAD = 4.0  # a second desert link in a round (see above)


def desert_ahead(s: AlexState) -> float:
    """A second desert link in a round: +1 Weariness at the move's end (9.0), charged by the
    shared points at the next check's chance only (0.6 below Weariness 7). It stays for the game
    and brings every later check nearer: a fifth of the Weariness of the saved games came so."""
    return -DESERT_AHEAD if desert_point_due(s) else 0.0


def chase_at_its_odds(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """The shared points' pull of the enemy armies a Macedonian move under way can still reach
    (evaluate.py `under_way`) replaced by the same with each prey's chance to avoid the battle
    (see above): the difference, never in his favour."""
    m = s.move
    if not m or m.get("side") != MAC or m.get("unit", "").startswith("fleet:") or "declared" not in m \
            or m.get("drops"):
        return 0.0
    left = mp_left(s, m["unit"])
    at_odds = max((REACH_SHARE * gain * (1.0 - avoid_chance(s, e, leaders.get(e.id, ())))
                   for e, gain in prey_in_reach(s, m, left, leaders)), default=0.0)
    return min(0.0, at_odds - _within_reach(s, m, left))


def avoid_chance(s: AlexState, army, names) -> float:
    """11.3 A: an army outside a major city tries to avoid a battle (or an overrun) with a die +
    its king's Battle Rating if he is there, else its best leader's, 6 or more."""
    if army.inside:
        return 0.0
    oc = king(s, army.side)
    rating = battle_rating(oc) if oc in names else max([battle_rating(n) for n in names] + [0])
    return min(1.0, (rating + 1) / 6)
