"""The Macedonian's sieges, in his own view (engine/alexander/evaluate_macedonian.py): the
Weariness a siege will cost charged as its city is credited, and a treasury city counted with
the mutiny's chance its taking removes.

Why (session 7's traces, docs/ai.md): the shared points (engine/alexander/evaluate.py `the_way`)
charge a siege's +1 Weariness (9.0: every siege concluded but by surrender) in full the moment
it is laid and credit the city a share at a time, 0.1 of its worth laid and 0.3 per Siege Point.
From Weariness 7 the point costs more than the city while it is not yet taken (Susa, Susiana's
last city: 12 points against 11.7 at Weariness 8), so the one-decision screen never lays the
siege: Alexander stood beside Susa with 79 ASP for 150 rounds (seed 9000 game 2 against random).
And the shared worth of a city leaves out what matters most at that Weariness: after a mutiny the
Persian wins on a die below the treasury cities he holds, so each one taken from him takes a sixth
of the game lost at every check to come.

And the shares count the city's own point (CITY_TAKEN), which no term realizes at its fall, and
not the way's jump when it is a place to make for (the next objective becomes the way): the fall of
Pelusium, Egypt's last enemy city with the next objective 15 MP off, looked worse than the siege at
two Siege Points, and Alexander sat there for 400 decisions (seed 9700 game 6 against random,
session 8).

Here a siege the Macedonian keeps (at the city, with a LOC: 11.4) counts the shared shares (0.1
laid, 0.3 a Siege Point) of what its fall brings: the city's worth beyond its own point
(`city_worth`: its treasury, its province's objective), its share of the province's objective while
other enemy footholds remain there (engine/alexander/evaluate_footholds.py), the mutiny's chance a
treasury city taken from the Persian removes, less the way's jump (`way_after`). When that, less
the siege's Weariness, is a bargain (MIN_BARGAIN or more, or any gain for a foothold, whose Siege
Points pay through its step), the Weariness is charged as the city is credited: every step pays,
and the fall pays more than the second Siege Point. Otherwise the Weariness is charged when the
siege is laid, as the shared points do (a siege whose every assault would cost more than its share
only waits for its Weariness). A siege left, or cut from its LOC, counts nothing here: the shared
points charge its Weariness in full.
"""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.evaluate import (
    CITY_TAKEN,
    MUTINY,
    SIEGE_LAID,
    SIEGE_POINT,
    city_worth,
    mutiny_chance,
    targets,
    way_cost,
    weariness_cost,
)
from engine.alexander.evaluate_footholds import foothold_step
from engine.alexander.loc import supplied
from engine.alexander.odds import distance
from engine.alexander.state import AlexState
from engine.alexander.world import treasury_cities_held

MIN_BARGAIN = 2.0  # points: below it the whole bargain is not counted (see above)


def sieges_at_their_odds(s: AlexState) -> float:
    """The Macedonian's sieges kept, counted at their share of what their fall brings (see above),
    less the shared points' count of them."""
    reach = None
    total = 0.0
    for city, siege in s.sieges.items():
        army = s.army(siege.army)
        if army is None or army.side != MAC or army.space != city:
            continue
        reach = supplied(s, MAC) if reach is None else reach
        if city not in reach:
            continue
        share = min(1.0, SIEGE_LAID + SIEGE_POINT * siege.points)
        worth, step, weariness = city_worth(s, city), foothold_step(s, city), weariness_cost(s, 1)
        shared = share * worth - weariness  # the shared points' siege (evaluate.py `the_way`)
        brings = worth - CITY_TAKEN + step + mutiny_relief(s, city) - way_after(s, city, reach)
        whole = brings - weariness
        if whole >= MIN_BARGAIN or (step > 0 and whole > 0):
            total += share * whole - shared  # the Weariness charged as the city is credited
        else:
            total += share * brings - weariness - shared  # no bargain: the Weariness charged now
    return total


def way_after(s: AlexState, city: str, reach: frozenset[str]) -> float:
    """What the way to the next objective (evaluate.py `the_way`) will cost once `city` is taken,
    if it is a place to make for now: the nearest other one, from there."""
    goals = targets(s, reach)
    if city not in goals:
        return 0.0
    return way_cost(min((distance(city, g) for g in goals if g != city), default=0))


def mutiny_relief(s: AlexState, city: str) -> float:
    """The mutiny's chance (in points) that taking `city` would take from the Persian: one
    treasury city fewer for his die after a mutiny, at the Weariness the siege's end brings."""
    t = s.treasuries.get(city)
    if t is None or t.owner != PER:
        return 0.0
    held = len(treasury_cities_held(s, PER))
    after = s.weariness + 1
    return MUTINY * (mutiny_chance(s, after, held) - mutiny_chance(s, after, held - 1))
