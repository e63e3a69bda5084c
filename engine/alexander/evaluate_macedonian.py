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

Tried and dropped (docs/ai.md): every Weariness point costing 1.5 more in his view (the budget
of the game spent; a siege's point counted ahead by its Siege Points, so that laying one still
paid): against greedy the Great King stayed at 1 of 4 in every game of seed 2000 (0 won of 5,
2 before)."""

from __future__ import annotations

from engine.alexander.board import MAC, board
from engine.alexander.evaluate import (
    DARIUS_GONE,
    OVERRUN,
    REACH_SHARE,
    WEARY_BATTLE,
    _within_reach,
    _worth,
    weariness_cost,
)
from engine.alexander.odds import army_force, beats, distance
from engine.alexander.state import AlexState
from engine.alexander.world import ALEXANDER, DARIUS, battle_rating, in_europe, king


def macedonian_own_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour, added to his view of the shared estimate only."""
    return safeguards(s, leaders)


def safeguards(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """What keeps the Macedonian in the game (Weariness, Alexander's life), in his favour."""
    return chase_at_its_odds(s, leaders)


def chase_at_its_odds(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """The shared points' pull of the enemy armies a Macedonian move under way can still reach
    (evaluate.py `under_way`) replaced by the same with each prey's chance to avoid the battle
    (see above): the difference, never in his favour."""
    m = s.move
    if not m or m.get("side") != MAC or m.get("unit", "").startswith("fleet:") or "declared" not in m \
            or m.get("drops"):
        return 0.0
    army = s.army(m["unit"])
    if army is None:
        return 0.0
    left = max(0, m["declared"] - m.get("spent", 0))
    mine = army_force(s, army, leaders)
    best = 0.0
    for e in s.armies:
        if e.side == army.side or e.asp <= 0 or distance(army.space, e.space) > left:
            continue
        names = leaders.get(e.id, ())
        gain = beats(mine, army_force(s, e, leaders)) * _worth(e, leaders)
        if army.asp >= 8 * e.asp and not (e.inside and board().spaces[e.space].major):  # an overrun (10.5)
            gain = OVERRUN if ALEXANDER in names else _worth(e, leaders) + DARIUS_GONE / 2 * (DARIUS in names)
        elif e.asp >= WEARY_BATTLE and not in_europe(e.space):
            gain -= weariness_cost(s, 1)
        best = max(best, REACH_SHARE * gain * (1.0 - avoid_chance(s, e, names)))
    return min(0.0, best - _within_reach(s, m, left))


def avoid_chance(s: AlexState, army, names) -> float:
    """11.3 A: an army outside a major city tries to avoid a battle (or an overrun) with a die +
    its king's Battle Rating if he is there, else its best leader's, 6 or more."""
    if army.inside:
        return 0.0
    oc = king(s, army.side)
    rating = battle_rating(oc) if oc in names else max([battle_rating(n) for n in names] + [0])
    return min(1.0, (rating + 1) / 6)
