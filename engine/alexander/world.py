"""Questions about the board: who is where, strengths, leaders, control (6.2) and what follows
from it (treasury cities, the islands, Alexandria, the Royal Family)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, SIDES, board, other
from engine.alexander.state import AlexState, Army, Garrison

ISLANDS = ("Lesbos", "Mytilene", "Chios", "Naxos")  # spaces that are no province (6.1)
ALEXANDER, DARIUS = "Alexander III", "Darius III"


# -- leaders ---------------------------------------------------------------------------------
def leaders_of(s: AlexState, unit: str) -> list[str]:
    """Leaders with an army (by id) or a fleet ("fleet:<name>")."""
    where = unit if unit.startswith("fleet:") else f"army:{unit}"
    return [name for name, loc in s.leaders.items() if loc == where]


def leader_unit(s: AlexState, name: str) -> str:
    """The army id or "fleet:<name>" a leader is with, or "" (alone, in hand...)."""
    loc = s.leaders.get(name, "")
    if loc.startswith("army:"):
        return loc[5:]
    return loc if loc.startswith("fleet:") else ""


def leader_space(s: AlexState, name: str) -> str:
    """The space a leader is at ("" if not on the map)."""
    loc = s.leaders.get(name, "")
    if loc.startswith("army:"):
        army = s.army(loc[5:])
        return army.space if army else ""
    if loc.startswith("fleet:"):
        fleet = s.fleet(loc[6:])
        return fleet.space if fleet else ""
    return loc[6:] if loc.startswith("space:") else ""


def king(s: AlexState, side: str) -> str:
    """The side's Overall Commander (5.2): Alexander, or the Persian Great King."""
    return ALEXANDER if side == MAC else s.persian_king


def battle_rating(name: str) -> int:
    return board().leaders[name].battle


def naval_rating(name: str) -> int:
    return board().leaders[name].naval


def best_battle(s: AlexState, army_id: str) -> int:
    """The best Battle Rating with an army (its inherent commander rates 0)."""
    return max([battle_rating(n) for n in leaders_of(s, army_id)] + [0])


def best_naval(s: AlexState, fleet_name: str) -> int:
    return max([naval_rating(n) for n in leaders_of(s, "fleet:" + fleet_name)] + [0])


def army_one(s: AlexState, side: str) -> Army | None:
    for a in s.armies:
        if a.side == side and a.number == 1:
            return a
    return None


def supremacy_broken(s: AlexState, side: str) -> bool:
    """Another army is larger than Army #1 (5.2): only Army #1 may act until it is fixed."""
    first = army_one(s, side)
    if first is None:
        return False
    return any(a.side == side and a.number > 1 and a.asp > first.asp for a in s.armies)


def is_transit(s: AlexState, space: str) -> bool:
    """A transit point, unless an Alexandria stands on it: "Una Alessandria è trattata come Città
    Minore, e può essere costruita su qualsiasi esistente Città Minore o Punto di Transito" (13.0)."""
    return board().spaces[space].transit and space not in s.alexandrias


# -- pieces in a space ------------------------------------------------------------------------------
def garrison(s: AlexState, space: str, side: str | None = None) -> Garrison | None:
    g = s.garrisons.get(space)
    if g is None or (side is not None and g.side != side):
        return None
    return g


def present(s: AlexState, space: str, side: str) -> bool:
    """The side has combat units (an army, GSP or loose ASP) in the space."""
    return any(a.side == side for a in s.armies if a.space == space) or garrison(s, space, side) is not None


def enemy_combat(s: AlexState, space: str, side: str) -> bool:
    """Enemy combat units or a tribe in the space (they block a LOC and stop a move)."""
    return present(s, space, other(side)) or space in s.tribes


def inside_strength(s: AlexState, space: str, side: str) -> tuple[int, int]:
    """(ASP, GSP) of a side inside a major city (garrisons there are always inside)."""
    asp = sum(a.asp for a in s.armies if a.space == space and a.side == side and a.inside)
    g = garrison(s, space, side)
    return asp + (g.asp if g else 0), g.gsp if g else 0


def someone_inside(s: AlexState, space: str) -> str | None:
    """The side inside a major city, if any (independent Rhodes counts as 'rhodes')."""
    for side in SIDES:
        if any(a.inside for a in s.armies_at(space, side)) or garrison(s, space, side):
            return side
    g = s.garrisons.get(space)
    if g is not None:
        return g.side
    return None


def add_gsp(s: AlexState, space: str, side: str, gsp: int = 0, asp: int = 0) -> None:
    g = s.garrisons.get(space)
    if g is None:
        s.garrisons[space] = Garrison(side=side, gsp=gsp, asp=asp)
    else:
        s.garrisons[space] = g.model_copy(update={"gsp": g.gsp + gsp, "asp": g.asp + asp})


def take_gsp(s: AlexState, space: str, gsp: int = 0, asp: int = 0) -> None:
    g = s.garrisons[space]
    left = g.model_copy(update={"gsp": g.gsp - gsp, "asp": g.asp - asp})
    if left.gsp < 0 or left.asp < 0:
        raise ValueError("a garrison cannot go below zero")
    _counters_off(s, g.side, gsp)
    if left.gsp or left.asp:
        s.garrisons[space] = left
    else:
        del s.garrisons[space]


def remove_garrison(s: AlexState, space: str) -> Garrison:
    """The whole garrison of a space leaves the map (its GSP counters come back next round)."""
    g = s.garrisons.pop(space)
    _counters_off(s, g.side, g.gsp)
    return g


def _counters_off(s: AlexState, side: str, gsp: int) -> None:
    """GSP taken off the map are usable again only in a later round (8.6)."""
    if not gsp or side not in SIDES:
        return
    if s.gsp_lost_round != s.round:
        s.gsp_lost, s.gsp_lost_round = {}, s.round
    s.gsp_lost = {**s.gsp_lost, side: s.gsp_lost.get(side, 0) + gsp}


def gsp_on_map(s: AlexState, side: str) -> int:
    return sum(g.gsp for g in s.garrisons.values() if g.side == side)


def gsp_free(s: AlexState, side: str) -> int:
    """GSP counters not on the map and not taken off it this round (8.6)."""
    lost = s.gsp_lost.get(side, 0) if s.gsp_lost_round == s.round else 0
    return max(0, board().limits["gsp_counters"][side] - gsp_on_map(s, side) - lost)


def gsp_room(s: AlexState, space: str, side: str) -> int:
    """How many more GSP the side may put in the space (10 in a major city, else 3)."""
    limits = board().limits
    cap = limits["major_city_gsp"] if board().spaces[space].major else limits["other_gsp"]
    g = garrison(s, space, side)
    return max(0, cap - (g.gsp if g else 0))


# -- control (6.2) ---------------------------------------------------------------------------
def unit_area(space: str) -> str | None:
    """What a space's units count towards: its province, or the island itself."""
    if space in ISLANDS:
        return space
    return board().spaces[space].province


def refresh_control(s: AlexState) -> None:
    """Control after any change (6.2): the only side with an army or garrison in a province
    takes it; failing that, the only side with a fleet in one of its ports. Control is kept
    when the units leave (it is a marker, set up in 3.1j); a province in revolt has no
    controller, and the Oligarchic garrison denies the Macedonian a province they share."""
    armed: dict[str, set[str]] = {}
    for a in s.armies:
        area = unit_area(a.space)
        if area:
            armed.setdefault(area, set()).add(a.side)
    for space, g in s.garrisons.items():
        area = unit_area(space)
        if area and g.side in SIDES:
            armed.setdefault(area, set()).add(g.side)
    floating: dict[str, set[str]] = {}
    for f in s.fleets:
        area = unit_area(f.space)
        if area and f.side in SIDES:
            floating.setdefault(area, set()).add(f.side)
    oligarchs = unit_area(s.oligarchs) if s.oligarchs else None
    for area in s.control:
        if area in s.revolt:
            s.control[area] = None
            continue
        sides = armed.get(area, set())
        if len(sides) == 1:
            s.control[area] = next(iter(sides))
        elif len(sides) == 2:
            if area == oligarchs:
                s.control[area] = None
        elif len(floating.get(area, ())) == 1:
            s.control[area] = next(iter(floating[area]))
    _refresh_treasury_owners(s)
    _refresh_alexandrias(s)
    _refresh_royal_family(s)


def lose_if_bare(s: AlexState, space: str, side: str) -> None:
    """A garrison was removed (6.2 note): a province held through it is lost if nothing of the
    side is left in it."""
    area = unit_area(space)
    if area is None or s.control.get(area) != side:
        return
    spaces = (area,) if area in ISLANDS else board().provinces[area].spaces + board().transits[area]
    if not any(present(s, sp, side) for sp in spaces):
        s.control[area] = None


def _refresh_treasury_owners(s: AlexState) -> None:
    for city, t in s.treasuries.items():
        inside = someone_inside(s, city)
        if inside in SIDES:
            owner = inside
        else:
            sides = {a.side for a in s.armies_at(city)}
            owner = next(iter(sides)) if len(sides) == 1 else t.owner
        if owner != t.owner:
            s.treasuries[city] = t.model_copy(update={"owner": owner})


def _refresh_alexandrias(s: AlexState) -> None:
    """An Alexandria is lost when the Persian takes its space (13.0)."""
    for space in list(s.alexandrias):
        if present(s, space, PER) and not present(s, space, MAC):
            s.alexandrias.remove(space)


def _refresh_royal_family(s: AlexState) -> None:
    """A Macedonian army that takes the Royal Family's space captures it (14.0)."""
    fam = s.royal_family
    if fam.holder == MAC or not fam.where.startswith("space:"):
        return
    space = fam.where[6:]
    if any(a.side == MAC for a in s.armies_at(space)) and not present(s, space, PER):
        capture_family(s)


def capture_family(s: AlexState) -> None:
    fam = s.royal_family
    where = fam.where
    if where.startswith("army:"):
        army = s.army(where[5:])
        where = f"space:{army.space}" if army else where
    s.royal_family = fam.model_copy(update={"holder": MAC, "where": where, "captured_round": s.round})


def controls(s: AlexState, side: str, province: str, *, for_victory: bool = False) -> bool:
    if s.control.get(province) != side or province in s.revolt:
        return False
    return not (for_victory and province in s.devastated)


def treasury_cities_held(s: AlexState, side: str) -> list[str]:
    return [city for city, t in s.treasuries.items() if t.owner == side]


def region(province: str) -> str:
    return board().provinces[province].region


def in_europe(space: str) -> bool:
    province = board().spaces[space].province
    return province is not None and region(province) == "europe"


def token_space(s: AlexState, where: str) -> str:
    """The space of a token kept as "army:<id>" or "space:<name>"."""
    if where.startswith("army:"):
        army = s.army(where[5:])
        return army.space if army else ""
    return where[6:] if where.startswith("space:") else ""


def royal_treasury_space(s: AlexState, side: str) -> str:
    """Where a Full Royal Treasury of the side supplies the units in its space (7.4)."""
    rt = s.royal_treasury
    if rt.owner != side or rt.level != "full":
        return ""
    return token_space(s, rt.where)
