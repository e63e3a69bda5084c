"""A cheap estimate of how a game of Alexander stands, for bot players (`Game.evaluate`).

The game has no score: the Macedonian wins by three objectives (3.4), the Persian when
Alexander dies or his army mutinies (9.0). The estimate is one number of "points" in the
Macedonian's favour, turned into each side's win share with the terms only that side's bot
adds (engine/alexander/win_shares.py):

- the objectives and their parts done (each Great King province, Darius gone, Gordium, the
  marriage, Greece's provinces, Egypt, an Alexandria, Siwa, the Proskynesis);
- the way to the next of them: Alexander's distance in MP to the nearest objective not yet
  done (a province still to take, Darius, Gordium, Siwa), concave and bounded so that reaching
  one always pays; a city to besiege only within the LOC, the enemy's treasury cities within it
  as steps on the way;
- sieges: a share of what the city brings, less the Weariness their end will cost (none kept
  without a LOC); the army nearest a European province not held drawn to it;
- Alexander's safety: his army's strength against the strongest enemy army that can reach it
  this round (the battle tables' odds, an overrun at 8 to 1), injury points, Weariness;
- every army's strength against what can reach it, ASP and GSP on the map (the Persian's
  are many and worth less each), leaders;
- supply: armies without a LOC, treasury cities and their levels, the Royal Treasury, an army
  larger than Army #1;
- a move under way: the MP left, the treasury roll to come, the enemies still in reach (less
  the Weariness of the battle), ASP left behind;
- the cup: the markers each side has in it (who is likely to act next).

Everything is read from the state as it stands, so an action half done (an army on the march)
is judged by where its units are."""

from __future__ import annotations

import math
from functools import cache

from engine.alexander.board import MAC, PER, board
from engine.alexander.loc import supplied
from engine.alexander.odds import REACH, army_force, beats, distance
from engine.alexander.state import AlexState
from engine.alexander.victory import (
    ALEXANDRIA_EGYPT,
    EGYPT,
    GORDIUM,
    GREAT_KING_PROVINCES,
    SIWA,
    europe_provinces,
)
from engine.alexander.world import (
    ALEXANDER,
    DARIUS,
    army_one,
    battle_rating,
    controls,
    gsp_free,
    in_europe,
    leader_space,
    supremacy_broken,
    treasury_cities_held,
)

# Points of the Macedonian's objectives (3.4) and their parts.
GREAT_KING = 14.0  # reached once and kept
GK_PROVINCE = 5.0  # each of the five provinces held
DARIUS_GONE = 12.0
KING_OF_ASIA = 6.0
MARRIED = 6.0
EUROPE_PROVINCE = 2.5  # each European province held (they are at the start: losing one costs)
EGYPT_HELD = 6.0
ALEXANDRIA = 5.0
SIWA_DONE = 6.0
PROSKYNESIS = 6.0
ROYAL_FAMILY = 4.0  # held by the Macedonian: the marriage is one activity away
# The way to the next objective: points per MP of Alexander's distance to it.
# The way to the next objective: WAY_CAP * (1 - exp(-MP / WAY_SCALE)), about 0.37 a MP near it.
WAY_CAP, WAY_SCALE = 3.0, 8.0
# The army sent to a European province not held: points per MP of its distance, and the ASP it
# needs (a revolt of value 2 is put down by 6 ASP, 6.3). A step of a 3-MP march pays more than
# the LOC it leaves (NO_LOC): at 0.4 the home army never left an Empty Pella.
HOME_DISTANCE, HOME_ASP, HOME_CAP = 1.0, 6, 12
# Free GSP counters kept for the Alexandria in Egypt (13.0: it takes 2 free GSP; the cult's
# objective, 3.4): without them the Alexandria cannot be built, and one game ended with every
# objective but it done and all 20 Macedonian GSP on the map.
FREE_GSP = 0.25  # any other free Macedonian GSP (one on the map: MAC_GSP)
ALEXANDRIA_GSP = 3.0  # the rollouts found garrisons worth more than 1.5 each (seed 3000)
# A siege is worth a share of what taking the city brings (CITY_TAKEN, its treasury, the
# objective its province is): laid, and per Siege Point; the three shares stay below the whole,
# so the last assault (the city falls, +1 Weariness) still pays.
SIEGE_LAID = 0.1
# An assault costs 1 ASP for about 2/3 of a Siege Point (the Siege Assault Table at +0): at 0.2 a
# Point (and 1 point per ASP below 20 in Alexander's army) it never paid for Egypt's last city,
# and Alexander sat outside Pelusium for 50 rounds without assaulting.
SIEGE_POINT = 0.3
CITY_TAKEN = 1.0  # a major city taken: the GSP inside gone, a base for the next march
# Material: per ASP / GSP on the map (the Persian starts with far more of them and a larger pool).
MAC_ASP, PER_ASP = 0.35, 0.16
MAC_GSP, PER_GSP = 0.2, 0.12
POOL = 0.02  # per ASP still in a side's pool (recruits to come)
# A Macedonian army other than Alexander's: the ASP it needs to keep Europe (Agis's 5 ASP, a
# revolt of value 3 needs 9: 6.3), each beyond them worth SPARE_ASP.
HOME_KEEP, SPARE_ASP = 15, 0.08
ELITE = 1.0  # per Elite level of an army, times its share of a full army
LEADER = 0.8  # per Battle Rating of a leader on the map
TREASURY = {"full": 3.0, "low": 2.0, "empty": 1.0}  # a treasury city held, by its level
ROYAL_TREASURY = 3.0
# The Macedonian without a treasury that is not Empty: no LOC anywhere (7.3), so no siege kept,
# 3 MP a move, no recruits; in traces Pella, his only one, was spent to Empty by round 16 (a
# recruit, the treasury rolls of long moves) and Alexander never got beyond the Hellespont.
LOC_SOURCE = 8.0
SUPREMACY = 6.0  # another army larger than Army #1
SUPREMACY_ASP = 0.5  # and per ASP it is larger by (they are worth nothing while it lasts)
NO_LOC = 1.5  # an army without a LOC (no siege kept, no extra MP, -1 in battle); Alexander's x1.5
# Alexander's safety.
THREAT = 15.0  # times the chance the strongest enemy army in reach beats Alexander's in battle
OVERRUN = 60.0  # Alexander's army within reach of an overrun (8 to 1)
SMALL_ARMY = 0.4  # per ASP Alexander's army has below SAFE_ASP (the threats are counted apart)
ALEXANDER_ASP = 0.15  # per ASP of Alexander's own army (up to 40): the army that fights and besieges
SAFE_ASP = 20
TOO_SMALL = 3.0  # per ASP below the 10 a siege needs (11.4): an army that can take no city
INJURY = 0.5  # per injury point; beyond the check (20) every Admin Phase may kill him
INJURY_CHECK = 20  # 11.3 I: from these injury points every Admin Phase may kill him
WEARINESS = 0.6  # per Weariness point
MUTINY = 300.0  # times the chance an Admin Phase's check ends the game by mutiny (9.0): Weariness stays, so
# the chance comes back at every Admin Phase to come
# Other armies: the chance of being beaten by what can reach them, times their share of points.
EXPOSED = 0.5
# Alexander's army in reach of enemy armies it would beat: a share of what they are worth. Off:
# it kept Alexander next to prey he never attacked (an attack is several decisions away); the
# reach of a move under way (REACH_SHARE) draws him on instead.
PREY = 0.0
MP_LEFT = 0.05  # per MP declared for a move under way: more MP, more choice of where to stop
# The form "how many ASP stay here?" open: going back is a loop the bot never takes, so asking
# commits it to leave at least one; without this, asking would tie with stopping (MP_LEFT).
ASKING_TO_DROP = 3.0
TREASURY_ROLL = 1.0  # a treasury a level lower
DROPPED = 1.0  # per time ASP are left behind on a move under way
AT_SEA = 8.0
WEARY_BATTLE = 10  # Persian strength from which a battle outside Europe wears the Macedonians (9.0)
REACH_SHARE = 0.6  # of what beating an enemy army the moving army can still reach would bring
# The hunt: the enemy armies that would beat Alexander's, by how near they are (halved every
# HUNT_HALF MP), so the Persian closes in on a weak Alexander beyond this round's reach.
HUNT, HUNT_HALF = 12.0, 6.0
CUP = 1.0  # per marker of the side in the cup, against the other's


def macedonian_points(s: AlexState) -> float:
    if s.victory.winner:
        return 1000.0 if s.victory.winner == MAC else -1000.0
    reach = reaches(s)
    leaders = leaders_by_army(s)
    return objectives(s) + the_way(s, reach) + home_front(s) + material(s) + supply(s, reach, leaders) + safety(s, reach, leaders) + \
        cup(s) + under_way(s)


def under_way(s: AlexState) -> float:
    """The MP left to a move under way (a tie-break: declare more, stop only with a reason)."""
    m = s.move
    if not m or m.get("unit", "").startswith("fleet:") or "declared" not in m:
        return 0.0
    sign = 1 if m.get("side") == MAC else -1
    asking = ASKING_TO_DROP if s.stack and s.stack[-1].kind == "move_drop" else 0.0
    # What the move's end will cost whenever it comes, counted from the start so that stopping
    # looks no worse than going on: the treasury roll for MP above 3 (d6 + extra >= 6, 10.1).
    limits = board().limits
    base = limits["alexander_base_mp"] if ALEXANDER in leaders_by_army(s).get(m["unit"], ()) else limits["base_mp"]
    extra = m["declared"] - limits["base_mp"]  # the roll is made above the army's base, counts above 3
    roll = min(1.0, (extra + 1) / 6) if m.get("treasury") and m["declared"] > base else 0.0
    # Alexander's army at sea: a 6 of any intercepting fleet sinks it (11.5).
    aboard = "sea" in m.get("legs", ()) and ALEXANDER in leaders_by_army(s).get(m["unit"], ())
    left = max(0, m["declared"] - m.get("spent", 0))
    # The enemies still in reach draw the army on; an army that has left ASP behind on this move
    # has given that up, as stopping would (else leaving one ASP at a time keeps the reach alive
    # at no cost, and the bot bleeds its army rather than stop).
    hunt = 0.0 if m.get("drops") else _within_reach(s, m, left)
    # Each time ASP are left on the march, a cost while the move lasts: leaving ASP must buy
    # something (a province held), not put off the move's end (its treasury roll, say).
    dropped = DROPPED * m.get("drops", 0)
    # More than one desert link in a round: +1 Weariness at the move's end (9.0); in traces a
    # fifth of the Weariness came so, unseen until the move ended.
    desert = weariness_cost(s, 1) if desert_point_due(s) else 0.0
    return sign * (-desert + MP_LEFT * left - asking - treasury_drop(s, m.get("treasury")) * roll - AT_SEA * aboard + hunt - dropped)


def desert_point_due(s: AlexState) -> bool:
    """A Macedonian move under way has crossed more than one desert link, and this round's desert
    Weariness point is not yet taken: +1 at the move's end (9.0)."""
    m = s.move
    return bool(m) and m.get("side") == MAC and m.get("desert", 0) > 1 and not s.turn.get("desert_weary")


def _within_reach(s: AlexState, m: dict, left: int) -> float:
    """The moving army's chance at the enemy armies it can still reach this move: a share of what
    beating them brings (Alexander's army caught at 8 to 1: the game), so declaring the MP and
    marching on them is worth something before the battle."""
    return max((REACH_SHARE * gain for _enemy, gain in prey_in_reach(s, m, left, leaders_by_army(s))), default=0.0)


def prey_in_reach(s: AlexState, m: dict, left: int, leaders: dict[str, list[str]]):
    """The enemy armies the move `m` can still reach with `left` MP, each with what beating it
    brings the moving side (less a battle's Weariness outside Europe for the Macedonian). An army
    inside a major city is no prey: it can only be besieged (10.3, the siege's own term)."""
    army = s.army(m["unit"])
    if army is None:
        return
    mine = army_force(s, army, leaders)
    for e in s.armies:
        if e.side == army.side or e.asp <= 0 or distance(army.space, e.space) > left or _walled(e):
            continue
        gain = beats(mine, army_force(s, e, leaders)) * _worth(e, leaders)
        if army.asp >= 8 * e.asp:  # an overrun (10.5)
            names = leaders.get(e.id, ())
            gain = OVERRUN if ALEXANDER in names else _worth(e, leaders) + DARIUS_GONE / 2 * (DARIUS in names)
        elif army.side == MAC and e.asp >= WEARY_BATTLE and not in_europe(e.space):
            gain -= weariness_cost(s, 1)  # a battle outside Europe against 10 or more: +1 Weariness (9.0)
        yield e, gain


def _walled(army) -> bool:
    """An army inside a major city: no battle reaches it, only a siege (10.3, 11.4)."""
    return army.inside and board().spaces[army.space].major


def mp_left(s: AlexState, army_id: str) -> int:
    """The MP an army on the march has still to spend: counted as the way it will go, so that the
    first steps of a plan (the activity, the MP declared) already show what it leads to; the
    search sees one decision ahead, and a home army never left on a march of several."""
    m = s.move
    if not m or m.get("unit") != army_id or "declared" not in m:
        return 0
    return max(0, m["declared"] - m.get("spent", 0))


def reaches(s: AlexState) -> dict[str, frozenset[str]]:
    """Each side's LOC: the spaces it can trace one from."""
    return {MAC: supplied(s, MAC), PER: supplied(s, PER)}


def alexanders_army(s: AlexState, leaders: dict[str, list[str]]):
    """The army Alexander leads (None: he is off the map)."""
    return next((a for a in s.armies if ALEXANDER in leaders.get(a.id, ())), None)


def leaders_by_army(s: AlexState) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name, loc in s.leaders.items():
        if loc.startswith("army:"):
            found.setdefault(loc[5:], []).append(name)
    return found


# -- objectives -------------------------------------------------------------------------------------
def objectives(s: AlexState) -> float:
    v = s.victory
    total = 0.0
    total += GREAT_KING if v.great_king else sum(GK_PROVINCE for p in GREAT_KING_PROVINCES
                                                  if controls(s, MAC, p, for_victory=True))
    if v.great_king:
        total += GK_PROVINCE * len(GREAT_KING_PROVINCES) + DARIUS_GONE + KING_OF_ASIA + MARRIED
    else:
        total += DARIUS_GONE * (v.darius != "alive") + KING_OF_ASIA * v.king_of_asia + MARRIED * v.married
        total += ROYAL_FAMILY * (s.royal_family.holder == MAC and not v.married)
    total += EUROPE_PROVINCE * sum(controls(s, MAC, p, for_victory=True) for p in europe_provinces())
    total += EGYPT_HELD * controls(s, MAC, EGYPT, for_victory=True)
    total += ALEXANDRIA * ("Alexandria" in s.alexandrias) + SIWA_DONE * v.siwa + PROSKYNESIS * v.proskynesis
    return total + alexandria_room(s)


def alexandria_room(s: AlexState) -> float:
    """The free GSP the Alexandria in Egypt needs, while it is not built: an Alexandria founded
    elsewhere or a garrison of no use takes them (the Admin Phase may remove GSP first, 3.3 D,
    but a bot keeps the standing order "auto": keep my garrisons). Every other free GSP is worth
    a little more than one on the map, so a garrison is placed only for what it holds."""
    limits = board().limits
    free = gsp_free(s, MAC)
    if ALEXANDRIA_EGYPT in s.alexandrias:
        # its GSP count as they did while kept for it: else building it (ALEXANDRIA) cost more
        # than the kept GSP were worth, and it was built only as the game's very last step
        return ALEXANDRIA_GSP * limits["alexandria_gsp"] + FREE_GSP * free
    if len(s.alexandrias) >= limits["alexandrias"]:
        return FREE_GSP * free
    kept = min(limits["alexandria_gsp"], free)
    return ALEXANDRIA_GSP * kept + FREE_GSP * (free - kept)


def targets(s: AlexState, supplied_spaces: frozenset[str] | None = None) -> list[str]:
    """The spaces Alexander should make for: the objectives not yet done that need his army
    (with `supplied_spaces`, the Macedonian's LOC: a city to besiege only within it, and the
    enemy's treasury cities within it as steps on the way)."""
    b = board()
    v = s.victory
    found: list[str] = []
    if not v.king_of_asia:
        found.append(GORDIUM)
    if not v.siwa:
        found.append(SIWA)
    provinces = [] if v.great_king else [p for p in GREAT_KING_PROVINCES if not controls(s, MAC, p, for_victory=True)]
    if not controls(s, MAC, EGYPT, for_victory=True):
        provinces.append(EGYPT)
    for province in provinces:
        enemy = [sp for sp in b.provinces[province].spaces if _enemy_held(s, sp, MAC)]
        found += enemy or [sp for sp in b.provinces[province].spaces if not b.spaces[sp].transit][:1]
    if not v.great_king and v.darius == "alive":
        where = leader_space(s, DARIUS)
        if where:
            found.append(where)
    if not v.great_king and s.royal_family.holder != MAC and s.royal_family.where:
        from engine.alexander.world import token_space

        found.append(token_space(s, s.royal_family.where))
    found = [t for t in found if t in b.spaces]
    if supplied_spaces is None:
        return found
    # The way through the LOC (7.3, 11.4): a city held by the enemy is taken by a siege, and a
    # siege needs a LOC. Such a city beyond the LOC is no place to make for yet; a treasury city
    # of the enemy's within it is (taken and kept Full or Low, it carries the LOC further).
    reachable = [t for t in found if t in supplied_spaces or not _needs_siege(s, t)]
    stepping = [city for city, t in s.treasuries.items() if t.owner == PER and city in supplied_spaces
                and city not in reachable]
    return (reachable + stepping) or found


def _needs_siege(s: AlexState, space: str) -> bool:
    """An enemy garrison or army inside a major city: only a siege takes it."""
    if not board().spaces[space].major:
        return False
    g = s.garrisons.get(space)
    return (g is not None and g.side == PER and bool(g.gsp or g.asp)) or \
        any(a.space == space and a.side == PER and a.inside for a in s.armies)


def _enemy_held(s: AlexState, space: str, side: str) -> bool:
    g = s.garrisons.get(space)
    if g is not None and g.side != side and (g.gsp or g.asp):
        return True
    return any(a.space == space and a.side != side for a in s.armies)


def the_way(s: AlexState, reach: dict) -> float:
    where = leader_space(s, ALEXANDER)
    if not where or where not in board().spaces:
        return 0.0
    goals = targets(s, reach[MAC])
    total = 0.0
    if goals:
        # Concave and bounded: reaching an objective makes the next one the way, and that jump
        # (at most WAY_CAP) stays below what the objective itself is worth, so reaching one pays.
        total -= way_cost(min(distance(where, g) for g in goals))
    for city, siege in s.sieges.items():
        army = s.army(siege.army)
        if army is None:
            continue
        # A besieger without a LOC loses its siege at its next Player Phase (11.4), one marching
        # off at the move's end: a siege that ends unwon costs the Macedonian +1 Weariness (9.0).
        kept = army.space == city and army.space in reach[army.side]
        if kept and army.side == MAC:
            # the +1 Weariness is certain unless the city surrenders: a siege of a city worth
            # little is not laid, and once laid is not kept for its own sake
            total += (SIEGE_LAID + SIEGE_POINT * siege.points) * city_worth(s, city) - weariness_cost(s, 1)
        elif kept:
            total -= (SIEGE_LAID + SIEGE_POINT * siege.points) * city_worth(s, city)
        elif army.side == MAC:
            total -= weariness_cost(s, 1)
    return total


def way_cost(mp: int, cap: float = WAY_CAP, scale: float = WAY_SCALE) -> float:
    """The way's charge for a place `mp` MP off: concave and bounded at `cap` (see `the_way`)."""
    return cap * (1.0 - math.exp(-mp / scale))


def home_front(s: AlexState) -> float:
    """Greece's objective (3.4) is lost while any European province is not held (a revolt, Agis's
    Spartans, a Persian landing): the Macedonian army nearest to such a province, not
    Alexander's, is drawn to it (per MP, as Alexander to his next objective), if it has the ASP
    to put a revolt down (6.3: three times the province's value)."""
    home, fronts = home_fronts(s)
    total = 0.0
    for spaces in fronts:
        # bounded (an island is out of reach by land), and no army able to go there counts as
        # the farthest: losing the home army never makes a lost province look better
        near = min((max(0, distance(a.space, sp) - mp_left(s, a.id)) for a in home for sp in spaces), default=HOME_CAP)
        total -= HOME_DISTANCE * min(near, HOME_CAP)
    return total


def home_fronts(s: AlexState, leaders: dict[str, list[str]] | None = None) -> tuple[list, list[list[str]]]:
    """The Macedonian armies that can win a European province back (not Alexander's, HOME_ASP or
    more), and for each European province not held the spaces to make for: a revolt is put down
    by a move ending anywhere in the province (6.3), else the enemy holding it is the target
    (Agis's Spartans, a landing)."""
    b = board()
    lost = [p for p in europe_provinces() if not controls(s, MAC, p, for_victory=True)]
    if not lost:
        return [], []
    leaders = leaders_by_army(s) if leaders is None else leaders
    home = [a for a in s.armies if a.side == MAC and ALEXANDER not in leaders.get(a.id, ()) and a.asp >= HOME_ASP]
    fronts = []
    for province in lost:
        spaces = [] if province in s.revolt else [sp for sp in b.provinces[province].spaces if _enemy_held(s, sp, MAC)]
        fronts.append(spaces or [sp for sp in b.provinces[province].spaces if not b.spaces[sp].transit])
    return home, fronts


def weariness_cost(s: AlexState, more: int) -> float:
    """What `more` Weariness would cost the Macedonian: the points and the mutiny's chance."""
    return WEARINESS * more + MUTINY * (mutiny_chance(s, s.weariness + more) - mutiny_chance(s))


def city_worth(s: AlexState, city: str) -> float:
    """What taking `city` brings, in points: the city, its treasury taken from the other side,
    and the objective its province is (a Great King province, Egypt) while not yet held."""
    worth = CITY_TAKEN
    t = s.treasuries.get(city)
    if t is not None:
        worth += 2 * TREASURY[t.level]
    province = board().spaces[city].province
    # the province's objective only if this city is the last enemy foothold in it (6.0: control
    # goes to the only side there)
    last = not any(_enemy_held(s, sp, MAC) for sp in board().provinces[province].spaces if sp != city)
    if province in GREAT_KING_PROVINCES and not s.victory.great_king and not controls(s, MAC, province) and last:
        worth += GK_PROVINCE
    elif province == EGYPT and not controls(s, MAC, EGYPT) and last:
        worth += EGYPT_HELD
    return worth





# -- material and supply ----------------------------------------------------------------------------
def material(s: AlexState) -> float:
    total = 0.0
    alexanders = s.leaders.get(ALEXANDER, "")[5:]
    for a in s.armies:
        share = min(1.0, a.asp / 30)
        if a.side == MAC:
            # ASP beyond what keeps Europe are worth little outside Alexander's army: recruits
            # there grew it past Army #1 (5.2: then frozen) while Alexander's was worn down
            spare = max(0, a.asp - HOME_KEEP) if a.id != alexanders else 0
            total += MAC_ASP * (a.asp - spare) + SPARE_ASP * spare + ELITE * a.elite * share
        else:
            total -= PER_ASP * a.asp + ELITE * a.elite * share
    for g in s.garrisons.values():
        # Loose ASP count as garrisons: left behind, they no longer fight with the army.
        if g.side == MAC:
            total += MAC_GSP * (g.gsp + g.asp)
        elif g.side == PER:
            total -= PER_GSP * (g.gsp + g.asp)
    total += POOL * (s.asp_pool.get(MAC, 0) - s.asp_pool.get(PER, 0))
    for name, loc in s.leaders.items():
        if loc.startswith("army:"):
            rating = battle_rating(name)
            total += LEADER * rating if board().leaders[name].side == MAC else -LEADER * rating
    return total


def supply(s: AlexState, reach: dict, leaders: dict) -> float:
    total = 0.0
    for side, sign in ((MAC, 1), (PER, -1)):
        if supremacy_broken(s, side):  # only Army #1 may act (5.2): the others are frozen
            # the more ASP Army #1 lacks, the longer they stay frozen (recruits, or a march to
            # reorganize: 10.4)
            first = army_one(s, side)
            excess = max(a.asp for a in s.armies if a.side == side) - first.asp
            # the Persian's only as a flat sum: per ASP, a larger Persian army counted for the
            # Macedonian (+0.5 against the 0.16 it is worth), and Alexander left a siege at two
            # points for 150 rounds rather than destroy the 45 ASP inside (an end to the freeze)
            total -= sign * (SUPREMACY + (SUPREMACY_ASP * excess if side == MAC else 0.0))
    for t in s.treasuries.values():
        if t.owner == MAC:
            total += TREASURY[t.level]
        elif t.owner == PER:
            total -= TREASURY[t.level]
    if s.royal_treasury.level == "full":
        total += ROYAL_TREASURY if s.royal_treasury.owner == MAC else -ROYAL_TREASURY
    if not loc_sources(s):
        total -= LOC_SOURCE
    for a in s.armies:
        if a.space not in reach[a.side]:
            sign = 1 if a.side == MAC else -1
            total -= sign * NO_LOC * (1.5 if ALEXANDER in leaders.get(a.id, ()) else 1)
    return total


def loc_sources(s: AlexState) -> list[str]:
    """The Macedonian's treasury cities a LOC can run to (not Empty, not barred by a card)."""
    return [c for c, t in s.treasuries.items() if t.owner == MAC and t.level != "empty" and c not in s.unusable]


def treasury_drop(s: AlexState, city: str | None) -> float:
    """What the treasury `city` one level lower costs: a level, and the Macedonian's last LOC
    source (Memphis is never reduced, 7.2)."""
    t = s.treasuries.get(city or "")
    if t is None or city == "Memphis" or t.level == "empty":
        return TREASURY_ROLL if city == "royal" else 0.0
    last = t.owner == MAC and t.level == "low" and loc_sources(s) == [city]
    return TREASURY_ROLL + LOC_SOURCE * last


def cup(s: AlexState) -> float:
    """The markers each side has, the one drawn last counted as back in the cup: the odds of
    the draws to come, the same all round long (so ending a round looks no better than acting)."""
    markers = s.cup + [s.apm_out]
    return CUP * (markers.count(MAC) - markers.count(PER))


# -- safety: armies against what can reach them -----------------------------------------------------
def _worth(army, leaders: dict) -> float:
    """What an army counts for in `material` (its ASP, Elite and leaders), in points."""
    per_asp = MAC_ASP if army.side == MAC else PER_ASP
    names = leaders.get(army.id, ())
    darius = DARIUS_GONE / 2 if DARIUS in names else 0.0  # beaten, he may be caught (11.3)
    return per_asp * army.asp + ELITE * army.elite * min(1.0, army.asp / 30) + \
        LEADER * sum(battle_rating(n) for n in names) + darius


def mutiny_chance(s: AlexState, weariness: int | None = None, held: int | None = None) -> float:
    """The chance the next Weariness check ends the game: dice + Weariness at the threshold or
    more (a mutiny), then a die below the `held` treasury cities of the Persian (9.0; by default
    those he holds)."""
    check = board().tables["weariness_check"]
    need = check["threshold"] - (s.weariness if weariness is None else weariness)
    mutiny = _dice_at_least(check["dice"], need)
    if held is None:
        held = len(treasury_cities_held(s, PER))
    return mutiny * min(1.0, max(0, held - 1) / 6)


@cache
def _dice_at_least(dice: int, need: int) -> float:
    counts = {0: 1}
    for _ in range(dice):
        counts = _add_die(counts)
    return sum(n for total, n in counts.items() if total >= need) / 6 ** dice


def _add_die(counts: dict[int, int]) -> dict[int, int]:
    new: dict[int, int] = {}
    for total, n in counts.items():
        for face in range(1, 7):
            new[total + face] = new.get(total + face, 0) + n
    return new


def enemies_in_reach(s: AlexState, army, reach: dict) -> list:
    """The enemy armies able to attack `army` within a round: a move with a LOC (REACH MP),
    3 MP without one, neither Fatigued nor Useless (they cannot attack)."""
    return [e for e in s.armies if e.side != army.side and e.asp > 0 and not e.fatigued and not e.useless
            and distance(army.space, e.space) <= (REACH if e.space in reach[e.side] else 3)]


def safety(s: AlexState, reach: dict, leaders: dict) -> float:
    total = 0.0
    total -= INJURY * s.injury + (10.0 if s.injury >= INJURY_CHECK else 0.0)
    total -= WEARINESS * s.weariness + MUTINY * mutiny_chance(s)
    for army in s.armies:
        enemies = enemies_in_reach(s, army, reach)
        mine = army_force(s, army, leaders)
        alexander = ALEXANDER in leaders.get(army.id, ())
        danger = 0.0
        overrun = False
        for enemy in enemies:
            danger = max(danger, beats(army_force(s, enemy, leaders), mine))
            overrun = overrun or (enemy.asp >= 8 * max(1, army.asp) and not _walled(army))
        if alexander:
            total -= THREAT * danger + OVERRUN * overrun + SMALL_ARMY * max(0, SAFE_ASP - army.asp) + \
                TOO_SMALL * max(0, board().limits["siege_min_asp"] - army.asp)
            total += ALEXANDER_ASP * min(army.asp, 40)
            mp = REACH if army.space in reach[army.side] else 3
            prey = [beats(mine, army_force(s, e, leaders)) * _worth(e, leaders) for e in s.armies
                    if e.side != army.side and e.asp > 0 and distance(e.space, army.space) <= mp]
            total += PREY * max(prey, default=0.0) * (1 if army.side == MAC else -1)
            hunters = [beats(army_force(s, e, leaders), mine) * 0.5 ** (distance(army.space, e.space) / HUNT_HALF)
                       for e in s.armies if e.side != army.side and e.asp > 0]
            total -= HUNT * max(hunters, default=0.0)
        elif army.side == MAC:
            # only the Macedonian's: a Persian army in Alexander's reach counted for him as PREY
            # did, and he stood between two of them for 40 rounds, attacking neither
            total -= EXPOSED * danger * MAC_ASP * army.asp
    return total
