"""Movement (10.1-10.3, 10.7): the declared allowance, a move step by step with "stop here"
always offered, leaving ASP and garrisons on the way, land and sea legs, and what entering a
space brings (interception, overrun, battle, a city to besiege). The end of a move rolls for
the treasury that paid for extra MP.

`state.move` holds the move in progress:
unit, side, declared, treasury, spent, spaces, path, legs ("land"/"sea" in order), sea_mp,
open_sea, desert, devastate, tried (provinces), entered_by, came_from, escort, start_port,
garrison_ok, fought.
"""

from __future__ import annotations

from engine.alexander.board import LAND_KINDS, MAC, PER, other
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.loc import treasuries_in_reach
from engine.alexander.words import army_t, kind_t, province_t, side_t, space_t, unit_t
from engine.alexander.world import (
    ALEXANDER,
    add_gsp,
    enemy_combat,
    gsp_free,
    gsp_room,
    in_europe,
    is_transit,
    leaders_of,
    present,
    refresh_control,
    someone_inside,
)
from engine.core import Amounts, Item, Total
from engine.text import joined, layout, msg, msg_n


# -- costs -------------------------------------------------------------------------------------
def move_cost(ctx: Ctx, link, side: str) -> int:
    """MP to use a link: its kind's cost, Bad Weather tripling land moves in its province and
    adding 1 in the provinces next to it (card), unless Ahura Mazda waves it off this APM."""
    cost = link.cost
    s = ctx.s
    if link.kind not in LAND_KINDS or not s.bad_weather or s.turn.get("fair_weather") == side:
        return cost
    b = ctx.board
    ends = {b.spaces[link.a].province, b.spaces[link.b].province} - {None}
    if ends & set(s.bad_weather):
        return cost * 3
    if any(ends & b.provinces[p].adjacent for p in s.bad_weather):
        return cost + 1
    return cost


def base_mp(ctx: Ctx, army_id: str) -> int:
    limits = ctx.limits
    return limits["alexander_base_mp"] if ALEXANDER in leaders_of(ctx.s, army_id) else limits["base_mp"]


def max_mp(ctx: Ctx, army_id: str) -> tuple[int, list[str]]:
    """The most MP an army may declare and the treasuries that may pay for MP above its base:
    6 with a LOC to a Full or Low treasury at the start of the round (7.2, 10.1); at most 4 for
    a Persian army with the Royal Treasury and 5 for Alexander's (10.1)."""
    s = ctx.s
    army = s.army(army_id)
    treasuries = treasuries_in_reach(s, army.side, army.space) if s.loc_start.get(army_id) else []
    top = ctx.limits["loc_mp"] if treasuries else base_mp(ctx, army_id)
    if s.royal_treasury.where == f"army:{army_id}":
        top = min(top, ctx.limits["royal_treasury_mp"][army.side])
    return top, treasuries


# -- declaring ---------------------------------------------------------------------------------
@decides("move_declare")
def _declare_decide(ctx: Ctx, t):
    unit = t.args["unit"]
    if unit.startswith("fleet:") or ctx.s.turn.get("cancelled"):
        return None
    top, treasuries = max_mp(ctx, unit)
    base = base_mp(ctx, unit)
    options = []
    for n in range(1, top + 1):
        if n <= base:
            options.append(opt(f"mp:{n}", msg_n("{n} MP", "{n} MP", n)))
        else:
            for city in treasuries:
                where = msg("the Royal Treasury") if city == "royal" else space_t(city)
                options.append(opt(f"mp:{n}@{city}", msg("{n} MP, paid by {treasury}", n=n, treasury=where),
                                   msg("More MP, at the risk of a treasury")))
    return ctx.ask(t.side, msg("How many MP will {army} use at most?", army=army_t(unit)), options, "declare_mp")


@runs("move_declare")
def _declare_fleet(ctx: Ctx, t):
    if ctx.s.turn.get("cancelled"):
        # Command Indecision: "quel movimento (e la Fase di Attivazione) viene annullato": the
        # mark stays for the round, so a Major Campaign's second unit is not offered (rules 2).
        if ctx.s.rules < 2:
            ctx.s.turn["cancelled"] = False
        return
    unit = t.args["unit"]
    _start(ctx, t.side, unit, ctx.limits["sea_mp_max"], None, False, tuple(t.args.get("companions", ())))


@chooses("move_declare")
def _declare_choose(ctx: Ctx, t, option_id: str):
    body = option_id.split(":", 1)[1]
    mp, _, treasury = body.partition("@")
    _start(ctx, t.side, t.args["unit"], int(mp), treasury or None, t.args.get("devastate", False))


def start_move(ctx: Ctx, side: str, unit: str, declared: int, *, no_intercept_from: str = "") -> None:
    """A move that is no activity of the round (a fleet changing sides sails off, 8.5);
    `no_intercept_from`: a space whose fleets may not intercept it."""
    _start(ctx, side, unit, declared, None, False)
    ctx.s.move["no_intercept_from"] = no_intercept_from


def _start(ctx: Ctx, side: str, unit: str, declared: int, treasury: str | None, devastate: bool,
           companions: tuple[str, ...] = ()) -> None:
    s = ctx.s
    space = s.fleet(unit[6:]).space if unit.startswith("fleet:") else s.army(unit).space
    s.move = {"unit": unit, "side": side, "declared": declared, "treasury": treasury, "spent": 0, "spaces": 0,
              "path": [space], "legs": [], "sea_mp": 0, "open_sea": False, "desert": 0, "devastate": devastate,
              "tried": [], "entered_by": "", "came_from": "", "escort": [], "start_port": space,
              "companions": list(companions),
              "garrison_ok": False, "fought": False, "surrendered": []}
    text = (msg("{unit} sets out from {space}.", unit=unit_t(unit), space=space_t(space)) if unit.startswith("fleet:")
            else msg("{unit} sets out from {space} with up to {n} MP.", unit=unit_t(unit), space=space_t(space),
                     n=declared))
    ctx.emit("move_start", text, side=side, unit=unit, space=space, declared=declared)
    s.last = {"kind": "move", "side": side, "unit": unit, "path": [space]}
    ctx.then(task("move_step", side))


# -- one step -------------------------------------------------------------------------------------
def here(ctx: Ctx) -> str:
    return ctx.s.move["path"][-1]


def unit_space(ctx: Ctx) -> str | None:
    """Where the moving unit is now (None: it is gone)."""
    unit = ctx.s.move["unit"]
    piece = ctx.s.fleet(unit[6:]) if unit.startswith("fleet:") else ctx.s.army(unit)
    return piece.space if piece is not None else None


def moving_army(ctx: Ctx):
    unit = ctx.s.move["unit"]
    return None if unit.startswith("fleet:") else ctx.s.army(unit)


def step_links(ctx: Ctx) -> list[tuple[str, object, int]]:
    """The links the moving unit may take now: (option id, link, cost)."""
    s, m = ctx.s, ctx.s.move
    side, space = m["side"], here(ctx)
    army = moving_army(ctx)
    left = m["declared"] - m["spent"]
    found = []
    besieged = army is not None and army.inside and space in s.sieges
    for link in ctx.board.links[space]:
        nxt = link.end(space)
        sea = link.sea
        if army is None and not sea:
            continue
        if besieged and not (sea and s.fleets_at(space, side)):
            continue  # shut in: out only by sea with a friendly fleet in port (11.4)
        cost = move_cost(ctx, link, side)
        if cost > left:
            continue
        if army is not None:
            if army.useless and m["spaces"] >= ctx.limits["useless_spaces"]:
                continue
            if army.number == 0 and not in_europe(nxt):
                continue  # the Spartan army never leaves Europe (Agis III)
            if (army.fatigued or army.useless or m["devastate"]) and enemy_combat(s, nxt, side):
                continue
            if not _legs_allow(ctx, "sea" if sea else "land", link.kind):
                continue
            if sea and army.asp > ctx.limits["sea_asp_max"]:
                continue
        if sea and m["sea_mp"] + cost > ctx.limits["sea_mp_max"]:
            continue
        if nxt in m["path"]:
            continue
        if is_transit(s, nxt) and not way_on(ctx, nxt, left - cost, m["path"] + [nxt], sea):
            continue  # nobody may end a move on a transit point (10.2)
        found.append((("sail:" if sea else "go:") + nxt, link, cost))
    return found


def _step_flags(ctx: Ctx, space: str, side: str, by_land: bool, by_sea: bool) -> list:
    """What waits in a space a move may enter, said on its option before the choice: enemy
    armies and loose units there (a battle, or an overrun at 8 to 1: 10.5), a tribe, enemy
    armies next to it that may intercept a march, and enemy fleets within reach of a sea move
    (10.6; all public on the map)."""
    from engine.alexander.intercept import land_interceptors, naval_interceptors

    s = ctx.s
    enemy = other(side)
    flags = []
    asp = sum(a.asp for a in s.armies_at(space, enemy) if not a.inside)
    g = s.garrisons.get(space)
    if g is not None and g.side == enemy and not ctx.board.spaces[space].major:
        asp += g.asp + g.gsp
    if asp:
        flags.append(msg("⚔️ enemy {n} ASP and GSP there", n=asp))
    if space in s.tribes:
        flags.append(msg("⚔️ a tribe there"))
    if by_land and land_interceptors(ctx, space, enemy, []):
        flags.append(msg("⚠️ may be intercepted"))
    if by_sea and naval_interceptors(ctx, space, enemy):
        flags.append(msg("⚠️ enemy fleets may intercept"))
    return flags


def way_on(ctx: Ctx, space: str, left: int, path: list[str], sea: bool) -> bool:
    """From a transit point, a link of the same kind (land or sea) leads on within `left` MP."""
    for link in ctx.board.links[space]:
        nxt = link.end(space)
        if link.sea != sea or nxt in path or link.cost > left:
            continue
        if not is_transit(ctx.s, nxt) or way_on(ctx, nxt, left - link.cost, path + [nxt], sea):
            return True
    return False


def _legs_allow(ctx: Ctx, kind: str, link_kind: str) -> bool:
    """One land leg and one sea leg at most, in either order; open sea never with land (10.7)."""
    legs = ctx.s.move["legs"]
    if ctx.s.move["open_sea"] and kind == "land":
        return False
    if link_kind == "open_sea" and "land" in legs:
        return False
    if not legs or legs[-1] == kind:
        return True
    return len(legs) < 2


@decides("move_step")
def _step_decide(ctx: Ctx, t):
    from engine.alexander.siege import siege_options

    s, m = ctx.s, ctx.s.move
    space = here(ctx)
    army = moving_army(ctx)
    options = []
    transit = is_transit(s, space)
    if not transit:
        options.append(opt("stop", msg("Stop here")))
    for option_id, link, cost in step_links(ctx):
        nxt = link.end(space)
        label = msg("{space} ({kind}, {n} MP)", space=space_t(nxt), kind=kind_t(link.kind), n=cost)
        flags = _step_flags(ctx, nxt, m["side"], army is not None and not link.sea, link.sea)
        if flags:
            label = layout("{label} · {flags}", label=label, flags=joined(flags, " · "))
        options.append(opt(option_id, label, msg("Sail on") if link.sea else msg("March on")))
    if army is not None and not transit:
        if army.asp > 1 and not enemy_combat(s, space, m["side"]) and not (army.inside and space in s.sieges):
            options.append(opt("drop", msg("Leave ASP here")))
        if m["garrison_ok"] and gsp_free(s, m["side"]) and gsp_room(s, space, m["side"]):
            options.append(opt("garrison", msg("Place a garrison here")))
        if m["devastate"] and _may_devastate(ctx):
            options.append(opt("devastate", msg("Devastate {province}", province=province_t(_province(ctx)))))
        options += siege_options(ctx)
        if s.rules >= 2 and _siege_or_go_on(ctx, space, army, options):
            options = [o for o in options if o.id != "stop"]
    if transit and not options:
        return None  # stranded (an interception took the MP): see _stranded
    return ctx.ask(m["side"], msg("{unit} is at {space} with {n} MP left.", unit=unit_t(m["unit"]),
                                  space=space_t(space), n=m["declared"] - m["spent"]), options, "move")


def _siege_or_go_on(ctx: Ctx, space: str, army, options: list) -> bool:
    """10.3: "Se però l'unità ferma è entro una Città Maggiore, le unità che muovono possono
    continuare a muovere ... o fermarsi dichiarando un Assedio": beside an enemy-held major
    city (not yet besieged) an army stops only by besieging, while it may besiege or go on."""
    from engine.alexander.world import someone_inside

    s = ctx.s
    if not ctx.board.spaces[space].major or army.inside or space in s.sieges:
        return False
    if someone_inside(s, space) != ctx.enemy(army.side):
        return False
    if any(not a.inside for a in s.armies_at(space, ctx.enemy(army.side))):
        return False  # an army outside: a battle, not a siege
    return any(o.id.startswith(("go:", "sail:")) or o.id in ("siege", "surrender") for o in options)


@runs("move_step")
def _stranded(ctx: Ctx, t):
    """A unit that cannot leave a transit point goes back to the last space it may stop in."""
    m = ctx.s.move
    back = next(sp for sp in reversed(m["path"]) if not is_transit(ctx.s, sp))
    m["path"] = m["path"] + [back]
    _carry(ctx, back)
    ctx.then(task("move_end", t.side))


@chooses("move_step")
def _step_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.siege import siege_choice

    head, _, arg = option_id.partition(":")
    side = ctx.s.move["side"]
    if head == "stop":
        ctx.then(task("move_stop", side))
    elif head in ("go", "sail"):
        ctx.then(task("move_enter", side, to=arg, sea=head == "sail"))
    elif head == "drop":
        ctx.then(task("move_drop", side))
    elif head == "garrison":
        ctx.then(task("move_garrison", side))
    elif head == "devastate":
        ctx.then(task("devastate", side))
    else:
        siege_choice(ctx, head, arg)


@runs("move_enter")
def _enter(ctx: Ctx, t):
    s, m = ctx.s, ctx.s.move
    side, frm, to = t.side, here(ctx), t.args["to"]
    link = ctx.board.link(frm, to, sea=t.args["sea"])
    cost = move_cost(ctx, link, side)
    army = moving_army(ctx)
    kind = "sea" if link.sea else "land"
    if not m["legs"] or m["legs"][-1] != kind:
        m["legs"] = m["legs"] + [kind]
        if kind == "sea":
            m["start_port"] = frm
            m["escort"] = [f.name for f in s.fleets_at(frm, side) if army is not None
                           and ("fleet:" + f.name) not in s.turn.get("moved", [])]
    if army is not None and army.inside:
        army.inside = False
    m["spent"] += cost
    m["spaces"] += 1
    if link.sea:
        m["sea_mp"] += cost
    if link.kind == "open_sea":
        m["open_sea"] = True
    if link.kind == "desert":
        m["desert"] += 1
    m["came_from"], m["entered_by"] = frm, link.kind
    m["path"] = m["path"] + [to]
    m["garrison_ok"] = not present(s, to, side) and not enemy_combat(s, to, side) and to not in s.garrisons
    _carry(ctx, to)
    s.last = {"kind": "move", "side": side, "unit": m["unit"], "path": list(m["path"])}
    # By land or by sea changes the rules that follow (interception, storms): the log says which.
    moved = (msg("{unit} sails to {space}.", unit=unit_t(m["unit"]), space=space_t(to)) if link.sea
             else msg("{unit} moves to {space}.", unit=unit_t(m["unit"]), space=space_t(to)))
    ctx.emit("move", moved,
             side=side, unit=m["unit"], space=to, frm=frm, link=link.kind)
    # What entering brings, in order (run from the end of this list backwards by the stack).
    after = [task("arrive", side)]
    if army is not None and not link.sea:
        after.insert(0, task("land_intercept", ctx.enemy(side), link=link.kind))
    if link.sea and not is_transit(s, to):
        after.insert(0, task("naval_intercept", ctx.enemy(side)))
    if link.kind == "open_sea":
        after.insert(0, task("storm_window", ctx.enemy(side)))
    ctx.then(*after)


def _carry(ctx: Ctx, to: str) -> None:
    """The moving unit (with its escort fleets) is now at `to`."""
    s, m = ctx.s, ctx.s.move
    unit = m["unit"]
    if unit.startswith("fleet:"):
        for name in [unit[6:]] + m["companions"]:  # fleets that set out together sail together (10.7)
            if s.fleet(name) is not None:
                s.fleet(name).space = to
    else:
        s.army(unit).space = to
        if m["sea_mp"] and m["legs"][-1] == "sea":
            for name in m["escort"]:
                fleet = s.fleet(name)
                if fleet is not None:
                    fleet.space = to


@runs("arrive")
def _arrive(ctx: Ctx, t):
    """The unit is in its new space (if interception has not ended the move): meet what is
    there. Enemy units outside a major city (or a tribe) stop the move: overrun or battle
    (10.3, 10.5); enemies inside a major city let it go on or stay to besiege."""
    from engine.alexander.battle import start_battle, try_overrun

    s, m = ctx.s, ctx.s.move
    if not m:
        return
    side, space = t.side, here(ctx)
    if m.get("over"):  # sunk, turned back or scattered on the way: the move ends
        ctx.then(task("move_end", side))
        return
    refresh_control(s)
    if m["unit"].startswith("fleet:"):
        fleet = s.fleet(m["unit"][6:])
        if fleet is None or fleet.space != space:
            ctx.then(task("move_end", side))
        else:
            fleet_arrive(ctx)
        return
    army = moving_army(ctx)
    if army is None or army.space != space:
        ctx.then(task("move_end", side))  # intercepted and beaten back, or lost at sea
        return
    enemy = ctx.enemy(side)
    outside_enemy = any(not a.inside for a in s.armies_at(space, enemy))
    garrisoned = (s.garrisons.get(space) is not None and s.garrisons[space].side == enemy
                  and not ctx.board.spaces[space].major)
    tribe = space in s.tribes
    _darius_found(ctx, space)
    if outside_enemy or garrisoned or tribe:
        ctx.then(task("after_battle_move", side))
        if not try_overrun(ctx, army, space):
            start_battle(ctx, attacker=army.id, space=space, origin=m["came_from"], entered_by=m["entered_by"])
        return
    if space == "Rhodes" and someone_inside(s, space) == "independent" and m["legs"] and m["legs"][-1] == "sea":
        ctx.emit("rhodes_stop", msg("Independent Rhodes: every sea move through it ends there (12.0)."))
        ctx.then(task("move_stop", side))
        return
    ctx.then(task("move_step", side))


def _darius_found(ctx: Ctx, space: str) -> None:
    """Macedonian combat units entering a space where Darius is alone: he flees again, +3 (11.3 I)."""
    from engine.alexander.battle import DARIUS

    s = ctx.s
    if ctx.s.move["side"] != MAC or s.victory.darius != "alive" or s.leaders.get(DARIUS) != f"space:{space}":
        return
    if present(s, space, PER):
        return
    ctx.then(task("darius_flight", PER, space=space, alone=True))


@runs("after_battle_move")
def _after_battle(ctx: Ctx, t):
    """A victorious attacker with MP left may go on (11.1); otherwise the move is over."""
    m = ctx.s.move
    if not m or m.get("over") or unit_space(ctx) != here(ctx):
        ctx.then(task("move_end", t.side))
        return
    m["garrison_ok"] = not m["unit"].startswith("fleet:")
    m["fought"] = True
    ctx.then(task("move_step", t.side))


def fleet_arrive(ctx: Ctx) -> None:
    from engine.alexander.naval import start_naval

    s, m = ctx.s, ctx.s.move
    side, space = m["side"], here(ctx)
    enemy_fleets = [f.name for f in s.fleets_at(space) if f.side == ctx.enemy(side)]
    if enemy_fleets:
        ctx.then(task("after_battle_move", side))
        start_naval(ctx, movers=[m["unit"][6:]] + m["companions"], defenders=enemy_fleets, space=space,
                    transport=None, intercepted=False)
        return
    if space == "Rhodes" and someone_inside(s, space) == "independent":
        ctx.then(task("move_stop", side))
        return
    ctx.then(task("move_step", side))


# -- leaving ASP and garrisons -----------------------------------------------------------------
@decides("move_drop")
def _drop_decide(ctx: Ctx, t):
    army = moving_army(ctx)
    items = (Item("asp", msg("ASP"), army.asp - 1),)
    amounts = Amounts(items, (Total(1, army.asp - 1, label=msg("ASP to leave")),), prefix="drop")
    return ctx.ask(t.side, msg("How many ASP stay at {space}?", space=space_t(here(ctx))),
                   [opt("back", msg("None"))], "drop", amounts=amounts)


@chooses("move_drop")
def _drop_choose(ctx: Ctx, t, option_id: str):
    if option_id != "back":
        n = _drop_decide(ctx, t).amounts.parse(option_id)["asp"]
        army = moving_army(ctx)
        army.asp -= n
        add_gsp(ctx.s, here(ctx), t.side, asp=n)
        ctx.s.move["drops"] = ctx.s.move.get("drops", 0) + 1  # for the bot's evaluation (evaluate.py)
        ctx.emit("drop", msg_n("{army} leaves {n} ASP at {space}.", "{army} leaves {n} ASP at {space}.", n,
                               army=army_t(army.id), space=space_t(here(ctx))), army=army.id, asp=n,
                 space=here(ctx))
    ctx.then(task("move_step", t.side))


@decides("move_garrison")
def _garrison_decide(ctx: Ctx, t):
    s, space = ctx.s, here(ctx)
    top = min(gsp_free(s, t.side), gsp_room(s, space, t.side))
    amounts = Amounts((Item("gsp", msg("GSP"), top),), (Total(1, top, label=msg("GSP to place")),), prefix="gsp")
    return ctx.ask(t.side, msg("How many GSP do you place at {space}?", space=space_t(space)),
                   [opt("back", msg("None"))], "garrison", amounts=amounts)


@chooses("move_garrison")
def _garrison_choose(ctx: Ctx, t, option_id: str):
    if option_id != "back":
        n = _garrison_decide(ctx, t).amounts.parse(option_id)["gsp"]
        place_garrison(ctx, t.side, here(ctx), n)
        ctx.s.move["garrison_ok"] = False
    ctx.then(task("move_step", t.side))


def place_garrison(ctx: Ctx, side: str, space: str, n: int) -> None:
    add_gsp(ctx.s, space, side, gsp=n)
    refresh_control(ctx.s)
    ctx.emit("garrison", msg_n("{side} places {n} GSP at {space}.", "{side} places {n} GSP at {space}.", n,
                               side=side_t(side), space=space_t(space)), side=side, space=space, gsp=n)


# -- devastation (10.9) -------------------------------------------------------------------------
def _province(ctx: Ctx) -> str | None:
    return ctx.board.spaces[here(ctx)].province


def _may_devastate(ctx: Ctx) -> bool:
    """No enemy in the whole province (a garrison inside a major city excepted), one try per
    province per activity, and MP left to spend on it."""
    s, m = ctx.s, ctx.s.move
    province = _province(ctx)
    if province is None or province in m["tried"] or m["declared"] <= m["spent"]:
        return False
    enemy = ctx.enemy(m["side"])
    b = ctx.board
    for space in b.provinces[province].spaces + b.transits[province]:
        if any(a.side == enemy for a in s.armies_at(space)):
            return False
        g = s.garrisons.get(space)
        if g is not None and g.side == enemy and not b.spaces[space].major:
            return False
    return True


def counted_spaces(ctx: Ctx, province: str) -> int:
    """The spaces a Devastation roll must beat: transit points excluded, but an Alexandria built
    on one is a minor city (10.9, 13.0)."""
    return ctx.board.provinces[province].counted_spaces + sum(
        1 for sp in ctx.board.transits[province] if sp in ctx.s.alexandrias)


@decides("devastate")
def _devastate_decide(ctx: Ctx, t):
    m = ctx.s.move
    left = m["declared"] - m["spent"]
    options = [opt(f"mp:{n}", msg_n("Spend {n} MP", "Spend {n} MP", n)) for n in range(1, left + 1)]
    options.append(opt("back", msg("Do not devastate")))
    return ctx.ask(t.side, msg("Devastate {province}: how many MP does the army spend on it?",
                               province=province_t(_province(ctx))), options, "devastate")


@chooses("devastate")
def _devastate_choose(ctx: Ctx, t, option_id: str):
    s, m = ctx.s, ctx.s.move
    if option_id != "back":
        n = int(option_id.split(":")[1])
        province = _province(ctx)
        m["spent"] += n
        m["tried"] = m["tried"] + [province]
        roll = ctx.roll(1, t.side, msg("Devastation of {province}", province=province_t(province)))[0]
        needed = counted_spaces(ctx, province)
        if roll + n > needed:
            if province not in s.devastated:
                s.devastated.append(province)
            ctx.emit("devastated", msg("{province} is devastated ({roll} + {n} > {spaces}).",
                                       province=province_t(province), roll=roll, n=n, spaces=needed),
                     province=province)
        else:
            ctx.emit("not_devastated", msg("{province} is not devastated ({roll} + {n} is not above {spaces}).",
                                           province=province_t(province), roll=roll, n=n, spaces=needed),
                     province=province)
    ctx.then(task("move_step", t.side))


# -- stopping -------------------------------------------------------------------------------------
@decides("move_stop")
def _stop_decide(ctx: Ctx, t):
    """In a major city with nobody inside, the army says whether it is inside or outside (10.2)."""
    s, space = ctx.s, here(ctx)
    army = moving_army(ctx)
    if army is None or not ctx.board.spaces[space].major or someone_inside(s, space) not in (None, t.side):
        return None
    if enemy_combat(s, space, t.side):
        return None
    return ctx.ask(t.side, msg("Is {army} inside {city} or outside?", army=army_t(army.id), city=space_t(space)),
                   [opt("inside", msg("Inside the city")), opt("outside", msg("Outside the city"))], "inside")


@chooses("move_stop")
def _stop_choose(ctx: Ctx, t, option_id: str):
    moving_army(ctx).inside = option_id == "inside"
    ctx.then(task("move_end", t.side))


@runs("move_stop")
def _stop_run(ctx: Ctx, t):
    ctx.then(task("move_end", t.side))


@runs("move_end")
def _end(ctx: Ctx, t):
    """After the move: revolts quelled (6.3), desert weariness (9.0), the treasury roll for MP
    above the base (7.2), and the other side's chance to play Attrition."""
    from engine.alexander.provinces import quell

    s, m = ctx.s, ctx.s.move
    if not m:
        return
    side = m["side"]
    army = moving_army(ctx)
    m["over"] = True
    if army is not None and s.army(army.id) is not None:
        quell(ctx, army)
        if side == MAC and m["desert"] > 1 and not s.turn.get("desert_weary"):
            s.turn["desert_weary"] = True
            s.weariness += 1
            ctx.emit("weariness", msg("More than one desert link in a round: Macedonian Weariness +1 (now {n}).",
                                      n=s.weariness), weariness=s.weariness)
        base = base_mp(ctx, army.id)
        if m["declared"] > base and m["treasury"]:
            ctx.then(task("treasury_roll", side, treasury=m["treasury"], extra=m["declared"] - ctx.limits["base_mp"]))
        if m["desert"] or m["spent"] > 5:
            ctx.then(task("attrition_window", ctx.enemy(side), army=army.id))
    refresh_control(s)
    ctx.then(task("move_clear"))


@runs("move_clear")
def _clear(ctx: Ctx, t):
    from engine.alexander.naval import fleet_allegiance

    ctx.s.move = {}
    fleet_allegiance(ctx)


@runs("treasury_roll")
def _treasury_roll(ctx: Ctx, t):
    """d6 + the MP declared above 3: 6 or more reduces the treasury that paid (7.2, 10.1 note)."""
    from engine.alexander.treasury import reduce_treasury, treasury_t

    treasury, extra = t.args["treasury"], t.args["extra"]
    roll = ctx.roll(1, t.side, msg("Treasury check for {treasury}", treasury=treasury_t(treasury)))[0]
    if roll + extra >= 6:
        reduce_treasury(ctx, treasury, msg("extra movement"))
    else:
        ctx.emit("treasury_safe", msg("{treasury} is not reduced ({roll} + {n} is less than 6).",
                                      treasury=treasury_t(treasury), roll=roll, n=extra), treasury=treasury)

