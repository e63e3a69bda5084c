"""Sieges (11.4): declaring and keeping one, demanding surrender on the march, the assault
(one per round, C/4), the fall of a city, and the defender's ways out: a negotiated
capitulation (a structured offer the besieger accepts or refuses), a counterattack, escape by
sea (movement.py lets a besieged army out only by sea with a friendly fleet in port)."""

from __future__ import annotations

from engine.alexander.board import MAC, SIDES, board, siege_assault
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.loc import has_loc, treasuries_in_reach
from engine.alexander.state import AlexState, Siege
from engine.alexander.windows import moment, open_window
from engine.alexander.words import army_t, side_t, space_t
from engine.alexander.world import (
    best_battle,
    inside_strength,
    is_transit,
    refresh_control,
    remove_garrison,
    someone_inside,
)
from engine.core import Amounts, Item, Total
from engine.text import msg, msg_n

INDEPENDENT = "independent"


def is_enemy_inside(ctx: Ctx, city: str, side: str) -> bool:
    inside = someone_inside(ctx.s, city)
    return inside is not None and inside != side


def defenders_inside(ctx: Ctx, city: str) -> tuple[int, int]:
    """(ASP, GSP) inside a major city, whoever holds it."""
    return _defenders(ctx.s, city, someone_inside(ctx.s, city))


def _defenders(s: AlexState, city: str, inside: str | None) -> tuple[int, int]:
    if inside in SIDES:
        return inside_strength(s, city, inside)
    g = s.garrisons.get(city)
    return (g.asp, g.gsp) if g else (0, 0)


def assault_modifier(s: AlexState, city: str, army, holder: str | None = None) -> int:
    """The die's modifier of `army`'s assault on `city` (11.4): less the city's value, +1 for more
    than twice the ASP and GSP inside, -1 for a defending fleet in port, +1 for an attacking one,
    +1 with Diades for the Macedonian. `holder`: the side inside (default: whoever is now)."""
    holder = holder or someone_inside(s, city)
    asp, gsp = _defenders(s, city, holder)
    mods = -board().spaces[city].defense
    if army.asp > 2 * (asp + gsp):
        mods += 1
    if any(f.side == holder for f in s.fleets_at(city)):
        mods -= 1
    if s.fleets_at(city, army.side):
        mods += 1
    if army.side == MAC and "diades" in s.in_play:
        mods += 1
    return mods


def siege_options(ctx: Ctx) -> list:
    from engine.alexander.movement import here, moving_army

    s, m = ctx.s, ctx.s.move
    army = moving_army(ctx)
    space = here(ctx)
    options = []
    if not ctx.board.spaces[space].major:
        return options
    if army.inside and space in s.sieges and len(m["path"]) == 1 and not army.fatigued and not army.useless:
        options.append(opt("counterattack", msg("Attack the besiegers")))
        return options
    if not is_enemy_inside(ctx, space, army.side) or any(not a.inside for a in s.armies_at(space, ctx.enemy(army.side))):
        return options
    big = army.asp >= ctx.limits["siege_min_asp"]
    if big and space not in s.sieges:
        options.append(opt("siege", msg("Besiege {city}", city=space_t(space))))
    asked = f"{army.id}@{space}"
    if big and asked not in s.surrender_asked and m["declared"] - m["spent"] >= 1 and has_loc(s, army.side, space):
        options.append(opt("surrender", msg("Demand the surrender of {city} (1 MP)", city=space_t(space))))
    return options


def siege_choice(ctx: Ctx, head: str, arg: str) -> None:
    from engine.alexander.battle import start_battle
    from engine.alexander.movement import here, moving_army

    s, m = ctx.s, ctx.s.move
    army = moving_army(ctx)
    space = here(ctx)
    if head == "siege":
        s.sieges[space] = Siege(army=army.id)
        army.inside = False
        ctx.emit("siege", msg("{army} lays siege to {city}.", army=army_t(army.id), city=space_t(space)),
                 army=army.id, city=space)
        s.last = {"kind": "siege", "side": army.side, "space": space, "path": list(m["path"])}
        ctx.then(task("move_end", army.side))
    elif head == "surrender":
        m["spent"] += 1
        s.surrender_asked = s.surrender_asked + [f"{army.id}@{space}"]
        s.turn["treachery"] = False
        ctx.then(task("surrender_roll", army.side, city=space, army=army.id), task("move_step", army.side))
        open_window(ctx, army.side, "treachery")
    elif head == "counterattack":
        besieger = s.army(s.sieges[space].army)
        army.inside = False
        ctx.emit("counterattack", msg("{army} sallies out against the besiegers.", army=army_t(army.id)), army=army.id)
        ctx.then(task("after_sally", army.side, army=army.id, city=space))
        start_battle(ctx, attacker=army.id, space=space, origin=space, entered_by="")
        s.battle["sally"] = True
        s.battle["defenders"] = [besieger.id] if besieger else s.battle["defenders"]


@moment("treachery", "battle", msg("You demand a surrender: play Treachery (+3, reduces your LOC treasury)?"))(
    lambda ctx, side, args: ["treachery"])
def _treachery(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.s.turn["treachery"] = True


@runs("surrender_roll")
def _surrender_roll(ctx: Ctx, t):
    """d6 + a leader's rating, +1 at more than twice the defenders, - the city's value, +3 with
    Treachery, -1 per ASP inside: 6 or more and the city surrenders (11.4)."""
    from engine.alexander.treasury import reduce_treasury

    s = ctx.s
    city, army = t.args["city"], s.army(t.args["army"])
    if army is None or army.space != city:
        return
    asp, gsp = defenders_inside(ctx, city)
    mods = best_battle(s, army.id) - ctx.board.spaces[city].defense - asp
    if army.asp > 2 * (asp + gsp):
        mods += 1
    if s.turn.get("treachery"):
        mods += 3
        reach = treasuries_in_reach(s, army.side, city)
        if reach:
            reduce_treasury(ctx, reach[0], msg("Treachery"))
    roll = ctx.roll(1, army.side, msg("Surrender of {city} (die {mods}: 6 or more, it surrenders)", city=space_t(city),
                                      mods=f"{mods:+d}"))[0]
    if roll + mods >= 6:
        ctx.emit("surrender", msg("{city} surrenders ({roll} {mods}).",
                                  city=space_t(city), roll=roll, mods=f"{mods:+d}"), city=city)
        take_city(ctx, city, army.side, by_force=False)
    else:
        ctx.emit("no_surrender", msg("{city} refuses to surrender ({roll} {mods}).", city=space_t(city), roll=roll,
                                     mods=f"{mods:+d}"), city=city)


def take_city(ctx: Ctx, city: str, side: str, *, by_force: bool) -> None:
    """A major city falls: everything inside is eliminated, its fleets go to the nearest friendly
    port, the siege ends (11.4)."""
    from engine.alexander.aftermath import eliminate_army
    from engine.alexander.naval import nearest_friendly_port

    s = ctx.s
    holder = someone_inside(s, city)
    for a in [a for a in s.armies_at(city) if a.inside and a.side != side]:
        eliminate_army(ctx, a, msg("the city fell"), leaders_die=True, in_battle=True)
    g = s.garrisons.get(city)
    if g is not None and g.side != side:
        remove_garrison(s, city)
    for f in s.fleets_at(city):
        if f.side is not None and f.side != side:
            f.space = nearest_friendly_port(ctx, city, f.side)
    for name, loc in list(s.leaders.items()):
        if loc == f"space:{city}" and ctx.board.leaders[name].side != side:
            from engine.alexander.battle import kill_leader
            kill_leader(ctx, name, msg("taken in the city"))
    if holder == INDEPENDENT and city == "Rhodes":
        _rhodes_taken(ctx, side)
    if city in s.sieges:
        end_siege(ctx, city, weary=by_force)
    refresh_control(s)
    ctx.emit("city_taken", msg("{city} falls.", city=space_t(city)), city=city, side=side)


def _rhodes_taken(ctx: Ctx, side: str) -> None:
    """Rhodes taken by siege: its garrison is gone and the victor takes what is left of its fleet;
    the squadron of the Rhodes card leaves the map (12.0, card)."""
    s = ctx.s
    for f in list(s.fleets):
        if f.name == "Rhodian squadron":
            s.fleets.remove(f)
        elif f.name == "Rhodian":
            f.side = side
    s.rhodes_card = ""


def end_siege(ctx: Ctx, city: str, *, weary: bool = True) -> None:
    """The siege is over: +1 Macedonian Weariness when a Macedonian siege ends, unless by
    surrender or capitulation (9.0)."""
    s = ctx.s
    siege = s.sieges.pop(city, None)
    if siege is None:
        return
    army = s.army(siege.army)
    if weary and army is not None and army.side == MAC:
        s.weariness += 1
        ctx.emit("weariness", msg("A siege ends: Macedonian Weariness +1 (now {n}).", n=s.weariness),
                 weariness=s.weariness)


def lift_siege(ctx: Ctx, city: str, why) -> None:
    if city not in ctx.s.sieges:
        return
    ctx.emit("siege_lifted", msg("The siege of {city} is lifted: {why}.", city=space_t(city), why=why), city=city)
    end_siege(ctx, city)


def check_sieges(ctx: Ctx) -> None:
    """A siege needs its army in place, outside, with 10 ASP (11.4)."""
    s = ctx.s
    for city, siege in list(s.sieges.items()):
        army = s.army(siege.army)
        if army is None or army.space != city or army.inside:
            lift_siege(ctx, city, msg("the besiegers have left"))
        elif army.asp < ctx.limits["siege_min_asp"]:
            lift_siege(ctx, city, msg("the besiegers are too few"))
        elif someone_inside(s, city) in (None, army.side):
            end_siege(ctx, city, weary=False)


# -- the assault (C/4) ---------------------------------------------------------------------------
@decides("assault")
def _assault_decide(ctx: Ctx, t):
    s = ctx.s
    check_sieges(ctx)
    cities = [c for c, sg in s.sieges.items() if s.army(sg.army) and s.army(sg.army).side == t.side]
    if not cities or s.victory.winner:
        return None
    if s.turn.get("activity") == "proskynesis":
        return None  # a round "nel quale non gli è consentito alcun movimento, combattimento" (3.4)
    options = [opt(f"assault:{c}", msg("Assault {city}", city=space_t(c))) for c in cities]
    options.append(opt("none", msg("No assault this round")))
    return ctx.ask(t.side, msg("Siege Assault segment: assault a city?"), options, "assault")


@runs("assault")
def _no_assault(ctx: Ctx, t):
    return


@chooses("assault")
def _assault_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "none":
        return
    city = option_id.split(":", 1)[1]
    army = s.army(s.sieges[city].army)
    mods = assault_modifier(s, city, army)
    roll = ctx.roll(1, army.side, msg("Assault on {city} (die {mods} on the Siege Assault Table: siege points and "
                                      "the attackers' losses)", city=space_t(city), mods=f"{mods:+d}"))[0]
    points, lost = siege_assault(roll + mods)
    army.asp -= min(lost, army.asp)
    siege = s.sieges[city]
    s.sieges[city] = siege.model_copy(update={"points": siege.points + points})
    s.last = {"kind": "assault", "side": army.side, "space": city, "path": [city]}
    ctx.emit("assault", msg_n("Assault on {city} ({roll} {mods}): {n} siege point, the attackers lose {lost} ASP.",
                              "Assault on {city} ({roll} {mods}): {n} siege points, the attackers lose {lost} ASP.",
                              points, city=space_t(city), roll=roll, mods=f"{mods:+d}", lost=lost),
             city=city, roll=roll, mods=mods, points=points, lost=lost, total=s.sieges[city].points)
    if army.asp <= 0:
        from engine.alexander.aftermath import eliminate_army
        eliminate_army(ctx, army, msg("destroyed assaulting the walls"), in_battle=True)
        return
    if s.sieges[city].points >= ctx.limits["siege_points_to_fall"]:
        caps = ctx.limits["elite_max"]
        if army.elite < caps[army.side]:
            army.elite += 1
            ctx.emit("elite", msg("{army} rises to Elite {n}.", army=army_t(army.id), n=army.elite), army=army.id,
                     elite=army.elite)
        take_city(ctx, city, army.side, by_force=True)
        ctx.then(task("move_in", army.side, army=army.id, city=city))
    else:
        check_sieges(ctx)


@decides("move_in")
def _move_in_decide(ctx: Ctx, t):
    army = ctx.s.army(t.args["army"])
    if army is None or army.asp < 2:
        return None
    top = min(ctx.limits["move_in_after_fall"], army.asp - 1)
    amounts = Amounts((Item("asp", msg("ASP"), top),), (Total(1, top, label=msg("ASP to move in")),), prefix="in")
    return ctx.ask(t.side, msg("{city} has fallen: how many ASP move into the city?", city=space_t(t.args["city"])),
                   [opt("none", msg("None"))], "move_in", amounts=amounts)


@runs("move_in")
def _move_in_none(ctx: Ctx, t):
    return


@chooses("move_in")
def _move_in_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.world import add_gsp

    if option_id == "none":
        return
    n = _move_in_decide(ctx, t).amounts.parse(option_id)["asp"]
    army = ctx.s.army(t.args["army"])
    army.asp -= n
    add_gsp(ctx.s, t.args["city"], t.side, asp=n)
    refresh_control(ctx.s)
    ctx.emit("move_in", msg_n("{n} ASP move into {city}.", "{n} ASP move into {city}.", n, city=space_t(t.args["city"])),
             city=t.args["city"], asp=n)


# -- the counterattack ends -----------------------------------------------------------------------
@decides("after_sally")
def _after_sally_decide(ctx: Ctx, t):
    s = ctx.s
    army = s.army(t.args["army"])
    city = t.args["city"]
    if army is None or army.space != city or city in s.sieges and s.army(s.sieges[city].army) \
            and s.army(s.sieges[city].army).space == city:
        return None
    options = [opt("inside", msg("Stay inside {city}", city=space_t(city)))]
    for link in ctx.board.links[city]:
        nxt = link.end(city)
        info = ctx.board.spaces[nxt]
        if not link.sea and not is_transit(s, nxt) and info.province != ctx.board.spaces[city].province:
            from engine.alexander.world import enemy_combat
            if not enemy_combat(s, nxt, army.side):
                options.append(opt(f"to:{nxt}", msg("March out to {space}", space=space_t(nxt))))
    return ctx.ask(t.side, msg("The siege is broken. Where does {army} go?", army=army_t(army.id)), options, "sally")


@runs("after_sally")
def _after_sally_run(ctx: Ctx, t):
    army = ctx.s.army(t.args["army"])
    if army is not None and army.space == t.args["city"]:
        army.inside = True  # beaten or held: back behind the walls (11.4)
    check_sieges(ctx)
    ctx.then(task("move_end", t.side))


@chooses("after_sally")
def _after_sally_choose(ctx: Ctx, t, option_id: str):
    army = ctx.s.army(t.args["army"])
    if option_id == "inside":
        army.inside = True
    else:
        army.space, army.inside = option_id.split(":", 1)[1], False
    check_sieges(ctx)
    ctx.then(task("move_end", t.side))



# -- a negotiated capitulation (11.4) ---------------------------------------------------------------------
def _inside_pieces(ctx: Ctx, city: str, side: str) -> tuple[list, int]:
    s = ctx.s
    armies = [a for a in s.armies_at(city, side) if a.inside]
    g = s.garrisons.get(city)
    return armies, (g.asp if g is not None and g.side == side else 0)


def _exits(ctx: Ctx, city: str, side: str) -> list[str]:
    """Spaces one land link away in another province, free of enemy units ("province adiacenti
    (ma non oltre)")."""
    from engine.alexander.world import enemy_combat

    b = ctx.board
    found = []
    for link in b.links[city]:
        nxt = link.end(city)
        info = b.spaces[nxt]
        if link.sea or is_transit(ctx.s, nxt) or info.province == b.spaces[city].province or enemy_combat(ctx.s, nxt, side):
            continue
        if nxt not in found:
            found.append(nxt)
    return found


@decides("capitulation_offer")
def _offer_decide(ctx: Ctx, t):
    """The defender's terms, step 1: which of his ASP inside march out (the rest, and every GSP,
    are eliminated)."""
    city = t.args["city"]
    armies, loose = _inside_pieces(ctx, city, t.side)
    items = tuple(Item(a.id, army_t(a.id), a.asp) for a in armies)
    if loose:
        items += (Item("loose", msg("loose ASP"), loose),)
    options = [opt("none", msg("Nobody marches out")), opt("cancel", msg("Make no offer"))]
    if not items or not _exits(ctx, city, t.side):
        return ctx.ask(t.side, msg("Capitulation of {city}: your terms.", city=space_t(city)), options, "capitulation")
    amounts = Amounts(items, (Total(1, sum(i.max for i in items), label=msg("ASP marching out")),), prefix="out")
    return ctx.ask(t.side, msg("Capitulation of {city}: which ASP march out with the honours of war?",
                               city=space_t(city)), options, "capitulation", amounts=amounts)


@chooses("capitulation_offer")
def _offer_choose(ctx: Ctx, t, option_id: str):
    city = t.args["city"]
    if option_id == "cancel":
        ctx.then(task("activity", t.side))
        return
    out = {} if option_id == "none" else _offer_decide(ctx, t).amounts.parse(option_id)
    out = {k: v for k, v in out.items() if v}
    ctx.then(task("capitulation_terms", t.side, city=city, out=out))


@decides("capitulation_terms")
def _terms_decide(ctx: Ctx, t):
    """Step 2: where they go, and whether the defender pays (reduce one of his treasuries to
    restore one of the besieger's)."""
    from engine.alexander.treasury import treasury_t

    s = ctx.s
    city, out = t.args["city"], t.args["out"]
    if out and "to" not in t.args:
        options = [opt(f"to:{sp}", space_t(sp)) for sp in _exits(ctx, city, t.side)]
        return ctx.ask(t.side, msg("Where do they march?"), options, "capitulation")
    mine = [c for c, tr in s.treasuries.items() if tr.owner == t.side and tr.level != "empty" and c != "Memphis"]
    theirs = [c for c, tr in s.treasuries.items() if tr.owner == ctx.enemy(t.side) and tr.level != "full"]
    options = [opt("nopay", msg("No payment"))]
    options += [opt(f"pay:{a}>{b}", msg("Pay: reduce {a} to restore {b}", a=treasury_t(a), b=treasury_t(b)))
                for a in mine for b in theirs]
    return ctx.ask(t.side, msg("Do you offer a payment?"), options, "capitulation")


@chooses("capitulation_terms")
def _terms_choose(ctx: Ctx, t, option_id: str):
    args = dict(t.args)
    if option_id.startswith("to:"):
        args["to"] = option_id[3:]
        ctx.then(task("capitulation_terms", t.side, **args))
        return
    args["pay"] = "" if option_id == "nopay" else option_id[4:]
    ctx.emit("capitulation_offered", msg("The {side} offers to give up {city}.", side=side_t(t.side),
                                         city=space_t(args["city"])), **args)
    ctx.then(task("capitulation_answer", ctx.enemy(t.side), defender=t.side, **args))


@decides("capitulation_answer")
def _answer_decide(ctx: Ctx, t):
    city, out, to, pay = t.args["city"], t.args["out"], t.args.get("to", ""), t.args["pay"]
    n = sum(out.values())
    terms = msg("{n} ASP march out to {to}", n=n, to=space_t(to)) if n else msg("nobody marches out")
    if pay:
        a, b = pay.split(">")
        terms = msg("{terms}; {a} is reduced to restore {b}", terms=terms, a=space_t(a), b=space_t(b))
    return ctx.ask(t.side, msg("{city} offers to capitulate: {terms}. Accept?", city=space_t(city), terms=terms),
                   [opt("accept", msg("Accept")), opt("refuse", msg("Refuse"))], "capitulation_answer")


@chooses("capitulation_answer")
def _answer_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.treasury import raise_treasury, reduce_treasury
    from engine.alexander.world import add_gsp, take_gsp

    s = ctx.s
    city, out, defender = t.args["city"], t.args["out"], t.args["defender"]
    if option_id == "refuse":
        ctx.emit("capitulation_refused", msg("The terms for {city} are refused.", city=space_t(city)), city=city)
        return
    to = t.args.get("to", "")
    for army in [a for a in s.armies_at(city, defender) if a.inside]:
        keep = out.get(army.id, 0)
        if keep:
            army.asp, army.space, army.inside = keep, to, False
    loose = out.get("loose", 0)
    if loose:
        take_gsp(s, city, asp=loose)
        add_gsp(s, to, defender, asp=loose)
    if t.args["pay"]:
        a, b = t.args["pay"].split(">")
        reduce_treasury(ctx, a, msg("a capitulation"))
        raise_treasury(ctx, b, msg("a capitulation"))
    ctx.emit("capitulation", msg("{city} capitulates.", city=space_t(city)), city=city)
    siege = s.sieges.get(city)
    winner = s.army(siege.army).side if siege and s.army(siege.army) else t.side
    take_city(ctx, city, winner, by_force=False)
