"""Interception (10.6, 11.5): an enemy army one land link away may try to catch a moving army
or leader (d6 + rating, 6 or more; -1 over a mountain; never over a pass, strait or sea link);
enemy fleets within 2 sea MP catch sea moves automatically. Also the windows that follow a
move: Storms at Sea on open sea, Attrition after a desert or long move."""

from __future__ import annotations

from collections import deque

from engine.alexander.board import NO_LAND_INTERCEPT, other
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.movement import here, moving_army
from engine.alexander.windows import moment, open_window
from engine.alexander.words import army_t, fleet_t, kind_t, space_t, unit_t
from engine.alexander.world import best_battle, is_transit, someone_inside
from engine.text import msg, msg_n


def land_interceptors(ctx: Ctx, space: str, side: str, tried: list[str]) -> list[tuple[str, str]]:
    """(army id, link kind) of the side's armies able to intercept a move into `space`."""
    s = ctx.s
    if is_transit(s, space):
        return []  # no combat on a transit point (10.2)
    found = []
    for link in ctx.board.links[space]:
        if link.kind in NO_LAND_INTERCEPT:
            continue
        frm = link.end(space)
        for army in s.armies_at(frm, side):
            if army.id in tried or army.fatigued or army.useless:
                continue
            if army.inside and frm in s.sieges:
                continue  # shut in a besieged city (10.6)
            found.append((army.id, link.kind))
    return found


@decides("land_intercept")
def _land_decide(ctx: Ctx, t):
    m = ctx.s.move
    if not m or m.get("over") or moving_army(ctx) is None or moving_army(ctx).space != here(ctx):
        return None
    found = land_interceptors(ctx, here(ctx), t.side, t.args.get("tried", []))
    if not found:
        return None
    # The odds and the forces, said before the choice: a die + the best rating (-1 over a
    # mountain), 6 or more; a caught mover is attacked by the interceptor (10.6).
    s = ctx.s
    options = []
    for a, kind in found:
        r = best_battle(s, a) - (1 if kind == "mountain" else 0)
        options.append(opt(f"intercept:{a}", msg("Intercept with {army} ({asp} ASP, {kind}): a die + {r}, 6 or more",
                                                 army=army_t(a), asp=s.army(a).asp, kind=kind_t(kind), r=r)))
    options.append(opt("pass", msg("Let it pass")))
    return ctx.ask(t.side, msg("{unit} ({asp} ASP) enters {space}, next to your army: intercept?", unit=unit_t(m["unit"]),
                               asp=moving_army(ctx).asp, space=space_t(here(ctx))), options, "intercept",
                   window="intercept", pass_id="pass", auto_id=options[0].id)


@runs("land_intercept")
def _land_none(ctx: Ctx, t):
    return


@chooses("land_intercept")
def _land_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.battle import start_battle

    if option_id == "pass":
        return
    s = ctx.s
    army_id = option_id.split(":", 1)[1]
    army = s.army(army_id)
    space = here(ctx)
    link = ctx.board.link(army.space, space, sea=False)
    penalty = -1 if link.kind == "mountain" else 0
    rating = best_battle(s, army_id)
    roll = ctx.roll(1, t.side, msg("Interception by {army} (die + {r}: 6 or more intercepts)", army=army_t(army_id),
                                   r=rating + penalty))[0]
    if roll + rating + penalty < 6:
        ctx.emit("intercept_fails", msg("{army} fails to intercept ({roll} + {r}).", army=army_t(army_id), roll=roll,
                                        r=rating + penalty), army=army_id)
        ctx.then(task("land_intercept", t.side, link=t.args.get("link"), tried=t.args.get("tried", []) + [army_id]))
        return
    ctx.emit("intercepted", msg("{army} intercepts at {space}.", army=army_t(army_id), space=space_t(space)),
             army=army_id, space=space)
    origin = army.space
    joins = s.rules >= 2 and stands_there(ctx, space, t.side, army_id)
    army.space, army.inside = space, False
    if joins:
        # 10.3: units standing outside a major city "possono ... essere rinforzate, se soggette ad
        # attacco, da unità amiche che Intercettano": the interceptor joins the defenders, and the
        # mover attacks them all in one battle when it arrives; other armies may still try.
        ctx.emit("intercept_joins", msg("{army} joins the defenders at {space}.", army=army_t(army_id),
                                        space=space_t(space)), army=army_id, space=space)
        ctx.then(task("land_intercept", t.side, link=t.args.get("link"), tried=t.args.get("tried", []) + [army_id]))
        return
    start_battle(ctx, attacker=army_id, space=space, origin=origin, entered_by=link.kind, intercept=True)


def stands_there(ctx: Ctx, space: str, side: str, interceptor: str) -> bool:
    """The side has units standing in `space` that the mover must attack there (10.3): an army
    outside a major city, or a garrison outside one."""
    s = ctx.s
    if any(not a.inside and a.id != interceptor for a in s.armies_at(space, side)):
        return True
    g = s.garrisons.get(space)
    return g is not None and g.side == side and not ctx.board.spaces[space].major


# -- naval interception ------------------------------------------------------------------------
def sea_reach(ctx: Ctx, space: str, side: str, limit: int) -> dict[str, int]:
    """Spaces within `limit` sea MP of `space` (no open sea, not through the side's own fleets'
    enemies: the moving side's fleets block the way, 10.6)."""
    s = ctx.s
    blockers = {f.space for f in s.fleets if f.side == other(side)}
    dist = {space: 0}
    queue = deque([space])
    while queue:
        here_ = queue.popleft()
        if dist[here_] and here_ in blockers:
            continue
        for link in ctx.board.links[here_]:
            if link.kind != "coastal":
                continue
            nxt = link.end(here_)
            d = dist[here_] + link.cost
            if d <= limit and nxt not in dist:
                dist[nxt] = d
                queue.append(nxt)
    return dist


def naval_interceptors(ctx: Ctx, space: str, side: str) -> list[str]:
    """Spaces holding the side's fleets that can reach `space` (fleets move together from one space)."""
    s = ctx.s
    reach = sea_reach(ctx, space, side, ctx.limits["naval_intercept_mp"])
    spaces = []
    for f in s.fleets:
        if f.side == side and f.space in reach and f.space not in spaces and f.nsp > 0:
            if f.space in s.sieges and someone_inside(s, f.space) == side:
                continue
            spaces.append(f.space)
    return spaces


@decides("naval_intercept")
def _naval_decide(ctx: Ctx, t):
    m = ctx.s.move
    if not m or m.get("over"):
        return None
    space = here(ctx)
    found = naval_interceptors(ctx, space, t.side)
    if m["unit"].startswith("fleet:"):
        found = [sp for sp in found if sp != space]  # fleets there fight the mover anyway (11.5)
    # A fleet changing sides sails off unhindered by the fleets it leaves behind (8.5).
    found = [sp for sp in found if sp != m.get("no_intercept_from")]
    if not found:
        return None
    options = [opt(f"intercept:{sp}", msg("Intercept with the fleets at {space}", space=space_t(sp))) for sp in found]
    options.append(opt("pass", msg("Let it pass")))
    return ctx.ask(t.side, msg("{unit} sails into {space}, within reach of your fleets: intercept?",
                               unit=unit_t(m["unit"]), space=space_t(space)), options, "intercept",
                   window="intercept", pass_id="pass", auto_id=options[0].id)


@runs("naval_intercept")
def _naval_none(ctx: Ctx, t):
    return


@chooses("naval_intercept")
def _naval_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.naval import start_naval

    if option_id == "pass":
        return
    s, m = ctx.s, ctx.s.move
    frm = option_id.split(":", 1)[1]
    space = here(ctx)
    fleets = [f.name for f in s.fleets_at(frm, t.side)]
    for name in fleets:
        s.fleet(name).space = space
    ctx.emit("naval_intercept", msg("The fleets from {frm} intercept at {space}.", frm=space_t(frm),
                                    space=space_t(space)), fleets=fleets, space=space)
    army = moving_army(ctx)
    movers = m["escort"] if army is not None else [m["unit"][6:]] + m["companions"]
    start_naval(ctx, movers=list(movers), defenders=fleets, space=space, transport=army.id if army else None,
                intercepted=True, home={n: frm for n in fleets})


# -- Storms at Sea -------------------------------------------------------------------------------------
@moment("storm", "interrupt", msg("The other side crosses the open sea: play Storms at Sea?"))(
    lambda ctx, side, args: ["storms"])
def _storm_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    from engine.alexander.aftermath import eliminate_army
    from engine.alexander.battle import kill_leader
    from engine.alexander.victory import alexander_dies
    from engine.alexander.world import ALEXANDER, leaders_of

    s, m = ctx.s, ctx.s.move
    roll = ctx.roll(1, side, msg("Storms at Sea (odd: the storm strikes, even: the sea stays calm)"))[0]
    if roll % 2 == 0:
        ctx.emit("storm_spared", msg("The sea stays calm."))
        return
    army = moving_army(ctx)
    fleets = m["escort"] if army is not None else [m["unit"][6:]] + m["companions"]
    for name in fleets:
        fleet = s.fleet(name)
        if fleet is not None:
            s.fleets.remove(fleet)
            ctx.emit("fleet_gone", msg("The {fleet} is lost in the storm.", fleet=fleet_t(name)), fleet=name)
            for leader in leaders_of(s, "fleet:" + name):  # "tutte le unità che muovono sono distrutte"
                if leader == ALEXANDER:
                    alexander_dies(ctx, msg("lost in a storm at sea"))
                    return
                kill_leader(ctx, leader, msg("lost in a storm at sea"))
    if army is not None:
        eliminate_army(ctx, army, msg("lost in a storm at sea"), leaders_die=True)
    m["over"] = True


@runs("storm_window")
def _storm_window(ctx: Ctx, t):
    open_window(ctx, t.side, "storm")


# -- Attrition (after a desert move or one of more than 5 MP) ---------------------------------------------
@moment("attrition", "interrupt", lambda ctx, side, args: msg("{army} has finished a hard march: play Attrition?",
                                                               army=army_t(args["army"])))(
    lambda ctx, side, args: ["attrition"])
def _attrition_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    roll = ctx.roll(1, side, msg("Attrition (half the die, rounded up: the ASP lost)"))[0]
    n = (roll + 1) // 2
    ctx.then(task("attrition_pay", other(side), army=args["army"], n=n))


@runs("attrition_window")
def _attrition_window(ctx: Ctx, t):
    if ctx.s.army(t.args["army"]) is not None:
        open_window(ctx, t.side, "attrition", army=t.args["army"])


@decides("attrition_pay")
def _attrition_decide(ctx: Ctx, t):
    from engine.alexander.loc import treasuries_in_reach

    s = ctx.s
    army = s.army(t.args["army"])
    if army is None:
        return None
    options = [opt(f"lose:{t.args['n']}", msg_n("Lose {n} ASP", "Lose {n} ASP", t.args["n"]))]
    for city in treasuries_in_reach(s, army.side, army.space):
        options.append(opt(f"pay:{city}", msg("Reduce {treasury} instead", treasury=_treasury(city))))
    return ctx.ask(t.side, msg("Attrition strikes {army}.", army=army_t(army.id)), options, "attrition")


def _treasury(city: str):
    from engine.alexander.treasury import treasury_t

    return treasury_t(city)


@runs("attrition_pay")
def _attrition_none(ctx: Ctx, t):
    return


@chooses("attrition_pay")
def _attrition_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.aftermath import eliminate_army
    from engine.alexander.treasury import reduce_treasury

    s = ctx.s
    head, _, arg = option_id.partition(":")
    army = s.army(t.args["army"])
    if head == "pay":
        reduce_treasury(ctx, arg, msg("attrition"))
        return
    n = min(army.asp, int(arg))
    army.asp -= n
    ctx.emit("attrition", msg_n("{army} loses {n} ASP to attrition.", "{army} loses {n} ASP to attrition.", n,
                                army=army_t(army.id)), army=army.id, lost=n)
    if army.asp <= 0:
        eliminate_army(ctx, army, msg("attrition"))
