"""Alexander besieged, in the Macedonian's own view (engine/alexander/evaluate_macedonian.py).

11.4: the third Siege Point takes a city, and "everything inside" it is eliminated, leaders too
(siege.py `take_city`): Alexander's army besieged inside a major city is the game at stake at
every Persian assault (one a round, d6 - the city's value on the Siege Assault Table). The
defender's way out is the counterattack (an army inside attacks the besiegers; won, the siege
is broken) or the sea.

The shared points (engine/alexander/evaluate.py) count a Persian siege as a share of what the
city is worth (`the_way`: 0.1 laid and 0.3 a Siege Point), about 2 points for Ecbatana at two
Siege Points, and nothing for Alexander inside. In a trace (seed 9500 game 1 against greedy)
Alexander sat inside Ecbatana with 61 ASP, Weariness 8, for 43 rounds while the Persian's 32-41
ASP besieged it, 18 rounds of them at two Siege Points, never counterattacking (the battle's +1
Weariness, 9.0, cost him about 9 points, the siege 2); an assault then took the city and
Alexander died with it (the game lost).

Here, while Alexander's army is inside a city the Persian besieges, the chance the city falls
within the next FALL_HORIZON assaults is charged at BESIEGED (an overrun's stake, the game).
A move of his army declared while it is still in the city (the counterattack is offered then,
siege.py `siege_options`) and a sally under way count at the chance they fail: the battle's
odds against the besiegers (a lost or drawn counterattack goes back inside, the siege kept)."""

from __future__ import annotations

from functools import cache

from engine.alexander.board import MAC, PER, board, siege_assault
from engine.alexander.evaluate import OVERRUN, alexanders_army
from engine.alexander.odds import army_force, beats
from engine.alexander.siege import assault_modifier
from engine.alexander.state import AlexState

# What the city falling with Alexander inside costs: the game, as an overrun of his army.
BESIEGED = OVERRUN
# The Persian assaults counted ahead (one a round): the chance the city falls within them.
FALL_HORIZON = 3


def besieged_alexander(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour (never above 0): Alexander's army inside a city the
    Persian besieges, at the chance the city falls soon and his way out fails."""
    mine = alexanders_army(s, leaders)
    if mine is None:
        return 0.0
    siege = s.sieges.get(mine.space)
    besieger = s.army(siege.army) if siege else None
    if besieger is None or besieger.side != PER:
        return 0.0
    sally = bool(s.battle.get("sally")) and s.battle.get("attacker") == mine.id
    if not mine.inside and not sally:
        return 0.0
    fall = fall_chance(s, mine.space, besieger, siege.points)
    breaking_out = sally or _counterattack_declared(s, mine)
    held = 1.0 - beats(army_force(s, mine, leaders), army_force(s, besieger, leaders)) if breaking_out else 1.0
    return -BESIEGED * fall * held


def _counterattack_declared(s: AlexState, army) -> bool:
    """A move of the besieged army declared and not yet begun: the counterattack is its first
    step (11.4), offered while the army has not left the city and is neither Fatigued nor
    Useless (siege.py `siege_options`)."""
    m = s.move
    return bool(m) and m.get("unit") == army.id and "declared" in m and len(m.get("path", ())) <= 1 \
        and not army.fatigued and not army.useless


def fall_chance(s: AlexState, city: str, besieger, points: int) -> float:
    """The chance FALL_HORIZON assaults bring the siege to the Siege Points that take the city."""
    need = board().limits["siege_points_to_fall"] - points
    return _falls_within(assault_modifier(s, city, besieger, MAC), need, FALL_HORIZON)


@cache
def _falls_within(mods: int, need: int, assaults: int) -> float:
    if need <= 0:
        return 1.0
    if assaults == 0:
        return 0.0
    total = 0.0
    for die in range(1, 7):
        gained, _lost = siege_assault(die + mods)
        total += _falls_within(mods, need - gained, assaults - 1) / 6
    return total
