"""Recruitment (8.3-8.5) and Reorganization (8.1, 10.4): ASP from the pools, fleets raised or
brought back to strength at their home ports, a new leader from the cup; armies that began the
round together trading ASP and leaders."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, board
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.loc import distances, treasuries_in_reach, usable_treasuries
from engine.alexander.state import Army, Fleet
from engine.alexander.treasury import reduce_treasury, treasury_t
from engine.alexander.words import army_t, fleet_t, leader_t, level_t, province_t, side_t, space_t
from engine.alexander.world import (
    ISLANDS,
    add_gsp,
    enemy_combat,
    is_transit,
    king,
    leaders_of,
    refresh_control,
    take_gsp,
)
from engine.core import Amounts, Item, Total
from engine.text import msg, msg_n

PELLA = "Pella"
PERSIAN_RECRUIT_CITIES = ("Ecbatana", "Babylon", "Susa", "Persepolis")  # 8.3


def combine_elite(groups: list[tuple[int, int]]) -> int:
    """Combining ASP of different Elite levels: the larger group's level minus one (equal
    groups: the higher level minus one), never below zero (8.1)."""
    groups = [(n, e) for n, e in groups if n > 0]
    if not groups or len({e for _, e in groups}) == 1:
        return groups[0][1] if groups else 0
    biggest = max(n for n, _ in groups)
    return max(0, max(e for n, e in groups if n == biggest) - 1)


def join(army: Army, asp: int, elite: int, *, fatigued: bool = False, useless: bool = False) -> None:
    army.elite = combine_elite([(army.asp, army.elite), (asp, elite)])
    army.asp += asp
    army.fatigued = army.fatigued or fatigued or useless
    army.useless = army.useless or useless


# -- the recruit action ---------------------------------------------------------------------------
def mac_join_options(ctx: Ctx) -> list:
    """Macedonian ASP join any army with a LOC of any length to Pella while Pella is not Empty."""
    s = ctx.s
    if PELLA not in usable_treasuries(s, MAC):
        return []
    reach = distances(s, MAC, [PELLA], 10_000)
    return [opt(f"join:{a.id}", msg("Recruit into {army}: {paid}", army=army_t(a.id), paid=paid(ctx, PELLA)),
                msg("Recruit ASP"))
            for a in s.armies if a.side == MAC and a.space in reach]


def paid(ctx: Ctx, pay: str):
    """What a recruit costs, said on its option: the treasury that pays and its level before and
    after ("Susa pays: Full → Low"); Memphis is never reduced (7.2)."""
    from engine.alexander.treasury import LEVELS, NEVER_REDUCED, level_of

    if pay == NEVER_REDUCED:
        return msg("{treasury} pays (never reduced)", treasury=treasury_t(pay))
    before = level_of(ctx, pay)
    after = "empty" if pay == "royal" else LEVELS[max(0, LEVELS.index(before) - 1)]
    return msg("{treasury} pays: {before} → {after}", treasury=treasury_t(pay), before=level_t(before),
               after=level_t(after))


def mac_new_army_spaces(ctx: Ctx) -> dict[str, list[str]]:
    """Where a new Macedonian army may be raised: a friendly space of a Macedonian province
    within a standard LOC of a Full or Low treasury, with a leader in the province or in hand;
    -> {space: treasuries that may pay}."""
    s = ctx.s
    if sum(1 for a in s.armies if a.side == MAC and a.number) >= ctx.limits["armies_max"]:
        return {}
    hand = any(loc == "hand" and ctx.board.leaders[n].side == MAC for n, loc in s.leaders.items())
    # One search from each usable treasury, rather than one from every candidate space.
    reach = {city: distances(s, MAC, [city], ctx.limits["land_loc"][MAC]) for city in usable_treasuries(s, MAC)}
    found = {}
    for space, info in ctx.board.spaces.items():
        province = info.province
        if is_transit(s, space) or province is None or s.control.get(province) != MAC or province in s.revolt:
            continue
        if enemy_combat(s, space, MAC) or s.armies_at(space, MAC):
            continue
        if not hand and not _leader_in(ctx, province, MAC):
            continue
        pays = [city for city, dist in reach.items() if space in dist]
        if pays:
            found[space] = pays
    return found


def _leader_in(ctx: Ctx, province: str, side: str) -> bool:
    from engine.alexander.world import leader_space

    for name, loc in ctx.s.leaders.items():
        if name == king(ctx.s, side):
            continue
        if ctx.board.leaders[name].side == side and loc.startswith(("army:", "fleet:", "space:")):
            sp = leader_space(ctx.s, name)
            if sp and ctx.board.spaces[sp].province == province:
                return True
    return False


def persian_options(ctx: Ctx) -> list:
    """Persian ASP appear only at Ecbatana, Babylon, Susa or Persepolis, held by him; the
    treasury that pays is any he can trace a LOC to from there (8.3)."""
    s = ctx.s
    options = []
    for city in PERSIAN_RECRUIT_CITIES:
        t = s.treasuries.get(city)
        if t is None or t.owner != PER or enemy_combat(s, city, PER):
            continue
        army = next(iter(s.armies_at(city, PER)), None)
        whom = army_t(army.id) if army is not None else msg("a new army") if free_army_number(ctx, PER) \
            else msg("loose ASP there")
        for pay in treasuries_in_reach(s, PER, city):
            options.append(opt(f"per:{city}:{pay}", msg("At {city}, for {whom}: {paid}", city=space_t(city), whom=whom,
                                                         paid=paid(ctx, pay)), space_t(city)))
    return options


def fleet_options(ctx: Ctx, side: str) -> list:
    """Fleets a side may raise or bring back to full strength at a home port: it must hold every
    home port, trace a LOC from a treasury to the port, and use that treasury for one fleet
    only (8.5)."""
    s = ctx.s
    used = s.turn.get("fleet_treasuries", [])
    options = []
    for name, info in ctx.board.fleets.items():
        if info.card or info.independent or not _holds_ports(ctx, side, info.home_ports):
            continue
        fleet = s.fleet(name)
        if fleet is not None and (fleet.side != side or fleet.nsp >= info.max_nsp or fleet.space not in info.home_ports):
            continue
        ports = [fleet.space] if fleet is not None else list(info.home_ports)
        for port in ports:
            if enemy_combat(s, port, side):
                continue
            for pay in treasuries_in_reach(s, side, port):
                if pay in used or pay == "royal":
                    continue
                label = (msg("Raise the {fleet} at {port}, paid by {treasury}", fleet=fleet_t(name), port=space_t(port),
                             treasury=treasury_t(pay)) if fleet is None else
                         msg("Bring the {fleet} back to strength, paid by {treasury}", fleet=fleet_t(name),
                             treasury=treasury_t(pay)))
                options.append(opt(f"fleet:{name}@{port}:{pay}", label, msg("Fleets")))
    return options


def _holds_ports(ctx: Ctx, side: str, ports: tuple[str, ...]) -> bool:
    s = ctx.s
    for port in ports:
        area = port if port in ISLANDS else ctx.board.spaces[port].province
        if s.control.get(area) != side:
            return False
    return True


@decides("recruit")
def _recruit_decide(ctx: Ctx, t):
    s, side = ctx.s, t.side
    options = []
    if s.asp_pool[side] > 0:
        if side == MAC:
            options += mac_join_options(ctx)
            if mac_new_army_spaces(ctx):
                options.append(opt("new", msg("Raise a new army"), msg("Recruit ASP")))
        else:
            options += persian_options(ctx)
    options += fleet_options(ctx, side)
    if not s.turn.get("leader_drawn") and any(loc == "cup" and ctx.board.leaders[n].side == side
                                              for n, loc in s.leaders.items()):
        options.append(opt("leader", msg("Draw a leader")))
    options.append(opt("done", msg("Recruit nothing more")))
    return ctx.ask(side, msg_n("Recruitment: each recruit rolls 3 dice of new ASP ({n} ASP left in the pool) and "
                               "lowers the treasury that pays by one level.",
                               "Recruitment: each recruit rolls 3 dice of new ASP ({n} ASP left in the pool) and "
                               "lowers the treasury that pays by one level.", s.asp_pool[side]), options, "recruit")


@chooses("recruit")
def _recruit_choose(ctx: Ctx, t, option_id: str):
    s, side = ctx.s, t.side
    head, _, arg = option_id.partition(":")
    if head == "done":
        return
    ctx.then(task("recruit", side))
    if head == "leader":
        s.turn["leader_drawn"] = True
        ctx.then(task("draw_leader", side))
    elif head == "join":
        army = s.army(arg)
        n = _roll_recruits(ctx, side)
        reduce_treasury(ctx, PELLA, msg("recruitment"))
        join(army, n, 0)
        ctx.emit("recruit", msg_n("{army} takes in {n} new ASP.", "{army} takes in {n} new ASP.", n,
                                  army=army_t(army.id)), army=army.id, asp=n)
    elif head == "new":
        ctx.then(task("new_army", side))
    elif head == "per":
        city, pay = arg.split(":")
        n = _roll_recruits(ctx, side)
        reduce_treasury(ctx, pay, msg("recruitment"))
        if s.rules >= 2 and s.armies_at(city, PER):
            ctx.then(task("persian_place", side, city=city, n=n))  # join an army there or stay loose
        else:
            _persian_place(ctx, city, n)
    elif head == "fleet":
        name_port, pay = arg.rsplit(":", 1)
        name, port = name_port.split("@")
        _raise_fleet(ctx, side, name, port, pay)


def _roll_recruits(ctx: Ctx, side: str) -> int:
    s = ctx.s
    n = min(sum(ctx.roll(3, side, msg("{side} recruits", side=side_t(side)))), s.asp_pool[side])
    s.asp_pool[side] -= n
    return n


def _persian_place(ctx: Ctx, city: str, n: int) -> None:
    """New Persian ASP join an army in the city, or form a new army, or wait there as loose ASP."""
    s = ctx.s
    army = next(iter(s.armies_at(city, PER)), None)
    if army is not None:
        join(army, n, 0)
        ctx.emit("recruit", msg_n("{army} takes in {n} new ASP at {city}.", "{army} takes in {n} new ASP at {city}.", n,
                                  army=army_t(army.id), city=space_t(city)), army=army.id, asp=n, city=city)
        return
    number = free_army_number(ctx, PER)
    if number:
        army = Army(id=f"{PER}.{number}", side=PER, number=number, space=city, asp=n, inside=True)
        s.armies.append(army)
        ctx.emit("recruit", msg_n("{army} is raised at {city} with {n} ASP.", "{army} is raised at {city} with {n} ASP.",
                                  n, army=army_t(army.id), city=space_t(city)), army=army.id, asp=n, city=city)
    else:
        add_gsp(s, city, PER, asp=n)
        ctx.emit("recruit", msg_n("{n} new ASP wait at {city}.", "{n} new ASP wait at {city}.", n, city=space_t(city)),
                 asp=n, city=city)
    refresh_control(s)


@decides("persian_place")
def _place_decide(ctx: Ctx, t):
    """8.3 "Gli ASP persiani reclutati devono essere posti in qualsiasi delle seguenti Città
    Tesoro": placed in the city; joining an army there (8.1: its Elite combines with theirs, 0)
    is the Persian's choice, as loose ASP they wait for a Reorganization (rules 2)."""
    city, n = t.args["city"], t.args["n"]
    options = [opt(f"join:{a.id}", msg("Join {army}", army=army_t(a.id))) for a in ctx.s.armies_at(city, PER)]
    options.append(opt("loose", msg("Keep them as loose ASP in {city}", city=space_t(city))))
    return ctx.ask(t.side, msg_n("{n} new ASP at {city}: join an army there?", "{n} new ASP at {city}: join an army there?",
                                 n, city=space_t(city)), options, "recruit_place")


@chooses("persian_place")
def _place_choose(ctx: Ctx, t, option_id: str):
    s, city, n = ctx.s, t.args["city"], t.args["n"]
    head, _, arg = option_id.partition(":")
    if head == "join":
        army = s.army(arg)
        join(army, n, 0)
        ctx.emit("recruit", msg_n("{army} takes in {n} new ASP at {city}.", "{army} takes in {n} new ASP at {city}.", n,
                                  army=army_t(army.id), city=space_t(city)), army=army.id, asp=n, city=city)
    else:
        add_gsp(s, city, PER, asp=n)
        ctx.emit("recruit", msg_n("{n} new ASP wait at {city}.", "{n} new ASP wait at {city}.", n, city=space_t(city)),
                 asp=n, city=city)
    refresh_control(s)


def free_army_number(ctx: Ctx, side: str) -> int:
    used = {a.number for a in ctx.s.armies if a.side == side}
    for number in range(1, ctx.limits["armies_max"] + 1):
        if number not in used:
            return number
    return 0


def _raise_fleet(ctx: Ctx, side: str, name: str, port: str, pay: str) -> None:
    s = ctx.s
    info = board().fleets[name]
    s.turn["fleet_treasuries"] = s.turn.get("fleet_treasuries", []) + [pay]
    reduce_treasury(ctx, pay, msg("a fleet"))
    fleet = s.fleet(name)
    if fleet is None:
        s.fleets.append(Fleet(name=name, side=side, space=port, nsp=info.max_nsp))
        ctx.emit("fleet_raised", msg("The {side} raises the {fleet} at {port}.", side=side_t(side), fleet=fleet_t(name),
                                     port=space_t(port)), fleet=name, port=port)
    else:
        fleet.nsp = info.max_nsp
        ctx.emit("fleet_refit", msg("The {fleet} is back to {n} NSP.", fleet=fleet_t(name), n=info.max_nsp), fleet=name)
    refresh_control(s)


@decides("new_army")
def _new_army_decide(ctx: Ctx, t):
    spaces = mac_new_army_spaces(ctx)
    province = t.args.get("province")
    if province is None:
        provinces = sorted({ctx.board.spaces[sp].province for sp in spaces})
        return ctx.ask(t.side, msg("Raise the new army in which province?"),
                       [opt(f"province:{p}", province_t(p)) for p in provinces], "new_army")
    options = [opt(f"at:{sp}:{pay}", msg("{space}, paid by {treasury}", space=space_t(sp), treasury=treasury_t(pay)))
               for sp, pays in spaces.items() if ctx.board.spaces[sp].province == province for pay in pays]
    options.append(opt("back", msg("Choose another province")))
    return ctx.ask(t.side, msg("Raise the new army where?"), options, "new_army")


@chooses("new_army")
def _new_army_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    head, _, arg = option_id.partition(":")
    if head == "back":
        ctx.then(task("new_army", t.side))
        return
    if head == "province":
        ctx.then(task("new_army", t.side, province=arg))
        return
    space, pay = arg.split(":")
    n = _roll_recruits(ctx, MAC)
    reduce_treasury(ctx, pay, msg("recruitment"))
    number = free_army_number(ctx, MAC)
    army = Army(id=f"{MAC}.{number}", side=MAC, number=number, space=space, asp=n)
    s.armies.append(army)
    ctx.emit("recruit", msg_n("{army} is raised at {space} with {n} ASP.", "{army} is raised at {space} with {n} ASP.", n,
                              army=army_t(army.id), space=space_t(space)), army=army.id, asp=n, space=space)
    ctx.then(task("new_army_leader", MAC, army=army.id))
    refresh_control(s)


@decides("new_army_leader")
def _new_leader_decide(ctx: Ctx, t):
    """The new army's leader: one in its province, or one held face down (8.3)."""
    from engine.alexander.world import leader_space

    s = ctx.s
    army = s.army(t.args["army"])
    province = ctx.board.spaces[army.space].province
    names = [n for n, loc in s.leaders.items() if ctx.board.leaders[n].side == MAC and
             (loc == "hand" or (loc.startswith(("army:", "fleet:", "space:")) and leader_space(s, n)
                                and ctx.board.spaces[leader_space(s, n)].province == province
                                and n != "Alexander III"))]
    options = [opt(f"leader:{n}", leader_t(n)) for n in names]
    if not options:
        return None
    return ctx.ask(MAC, msg("Who commands {army}?", army=army_t(army.id)), options, "new_army_leader", private=True,
                   public_prompt=msg("The Macedonian names a commander."))


@runs("new_army_leader")
def _new_leader_none(ctx: Ctx, t):
    return


@chooses("new_army_leader")
def _new_leader_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.leaders import assign

    assign(ctx, MAC, option_id.split(":", 1)[1], f"army:{t.args['army']}")


# -- reorganization (10.4) ---------------------------------------------------------------------------
@decides("reorganize")
def _reorg_decide(ctx: Ctx, t):
    s, space = ctx.s, t.args["space"]
    armies = s.armies_at(space, t.side)
    g = s.garrisons.get(space)
    loose = g.asp if g is not None and g.side == t.side else 0
    options = []
    # What each source can give: Army #1 keeps at least one ASP (as _amount_decide bounds it).
    sources = [(a.id, a.asp - 1 if a.number == 1 else a.asp) for a in armies] + ([("loose", loose)] if loose else [])
    for src, n in sources:
        for dst in armies:
            if dst.id != src and n > 0:
                label = msg("From {src} to {dst}", src=army_t(src) if src != "loose" else msg("the loose ASP"),
                            dst=army_t(dst.id))
                options.append(opt(f"asp:{src}>{dst.id}", label, msg("Move ASP")))
    for a in armies:
        for name in leaders_of(s, a.id):
            if name == king(s, t.side):
                continue  # the king commands Army #1 (5.2)
            for dst in armies:
                if dst.id != a.id:
                    options.append(opt(f"leader:{name}>{dst.id}", msg("{leader} to {army}", leader=leader_t(name),
                                                                      army=army_t(dst.id)), msg("Move a leader")))
    if _reorg_legal(ctx, space, t.side):
        options.append(opt("done", msg("Finish the reorganization")))
    return ctx.ask(t.side, msg("Reorganize at {space}:", space=space_t(space)), options, "reorganize")


def _reorg_legal(ctx: Ctx, space: str, side: str) -> bool:
    """No army may end larger than Army #1 (5.2, 10.4)."""
    from engine.alexander.world import army_one

    first = army_one(ctx.s, side)
    if first is None or first.space != space:
        return True
    return all(a.asp <= first.asp for a in ctx.s.armies_at(space, side) if a.number > 1)


@chooses("reorganize")
def _reorg_choose(ctx: Ctx, t, option_id: str):
    s, space = ctx.s, t.args["space"]
    head, _, arg = option_id.partition(":")
    if head == "done":
        for a in list(s.armies_at(space, t.side)):
            if a.asp <= 0:
                for name in leaders_of(s, a.id):
                    s.leaders[name] = f"space:{space}"
                s.armies.remove(a)
                ctx.emit("army_gone", msg("{army} is disbanded.", army=army_t(a.id)), army=a.id, space=space)
        ctx.emit("reorganized", msg("The {side} reorganizes at {space}.", side=side_t(t.side), space=space_t(space)),
                 side=t.side, space=space)
        s.last = {"kind": "reorganize", "side": t.side, "space": space, "path": [space]}
        return
    if head == "leader":
        name, dst = arg.split(">")
        s.leaders[name] = f"army:{dst}"
        ctx.emit("leader_placed", msg("{leader} joins {unit}.", leader=leader_t(name), unit=army_t(dst)),
                 leader=name, where=f"army:{dst}")
        ctx.then(task("reorganize", t.side, space=space))
        return
    ctx.then(task("reorganize_amount", t.side, space=space, pair=arg))


@decides("reorganize_amount")
def _amount_decide(ctx: Ctx, t):
    s = ctx.s
    src, dst = t.args["pair"].split(">")
    if src == "loose":
        top = s.garrisons[t.args["space"]].asp
    else:
        source = s.army(src)
        top = source.asp - 1 if source.number == 1 else source.asp  # Army #1 is never dissolved
    amounts = Amounts((Item("asp", msg("ASP"), top),), (Total(1, top, label=msg("ASP to move")),), prefix="asp")
    return ctx.ask(t.side, msg("How many ASP move to {army}?", army=army_t(dst)), [opt("back", msg("None"))],
                   "reorganize_amount", amounts=amounts)


@chooses("reorganize_amount")
def _amount_choose(ctx: Ctx, t, option_id: str):
    s, space = ctx.s, t.args["space"]
    ctx.then(task("reorganize", t.side, space=space))
    if option_id == "back":
        return
    n = _amount_decide(ctx, t).amounts.parse(option_id)["asp"]
    src, dst = t.args["pair"].split(">")
    target = s.army(dst)
    if src == "loose":
        take_gsp(s, space, asp=n)
        join(target, n, 0)
    else:
        source = s.army(src)
        source.asp -= n
        join(target, n, source.elite, fatigued=source.fatigued, useless=source.useless)
        if source.asp <= 0:
            for name in leaders_of(s, source.id):
                s.leaders[name] = f"army:{target.id}"
            s.armies.remove(source)
            ctx.emit("army_gone", msg("{army} merges into {other}.", army=army_t(source.id), other=army_t(dst)),
                     army=source.id, space=space)
    ctx.emit("reorganize", msg_n("{n} ASP move to {army}.", "{n} ASP move to {army}.", n, army=army_t(dst)),
             asp=n, army=dst)
