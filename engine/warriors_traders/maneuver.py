"""Phase IV, Manovra: one player at a time moves armies, resolves the battles, moves princesses.

An army spends one action point per border crossed. It may enter a barbarian province, or an
enemy's at war, only with a point left for the battle, and stops there. Double Strike
(military VI) gives a second round of movement and battles with the points left.
National unification is declared here and its actions are taken at once.
"""

from __future__ import annotations

from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS, PRINCESS, Unit
from engine.warriors_traders.world import (
    ap,
    at_war,
    friendly,
    is_free,
    max_fights,
    refresh_owner,
)


@runs("maneuver_start")
def run_maneuver_start(ctx: Ctx, t) -> None:
    ctx.s.phase = "maneuver"
    steps = []
    for seat in ctx.s.order:
        steps += [task("maneuver_begin", seat), task("move", seat, round=1), task("battles", seat)]
        steps += [task("double_strike", seat)]
        steps += [task("princesses", seat)]
    ctx.then(*steps, task("phase_end", what="maneuver"))


@runs("maneuver_begin")
def run_maneuver_begin(ctx: Ctx, t) -> None:
    points = ap(ctx, t.player)
    for u in ctx.s.units:
        if u.owner == t.player and u.kind in ARMY_KINDS and not u.retreated:
            u.ap, u.fights = points, 0
    ctx.emit("maneuver", f"{ctx.name(t.player)} maneuvers ({points} action points per army).",
             player=ctx.name(t.player), ap=points)


@runs("double_strike")
def run_double_strike(ctx: Ctx, t) -> None:
    if max_fights(ctx, t.player) > 1:
        ctx.then(task("move", t.player, round=2), task("battles", t.player))


def hostile(ctx: Ctx, seat: int, province: str) -> bool | None:
    """True: entering means a battle; False: a free or friendly province; None: closed (peace)."""
    here = [u for u in ctx.units_at(province) if not (u.owner == seat and u.attacking)]
    if not here:
        return bool([u for u in ctx.units_at(province) if u.owner == seat and u.attacking])
    owners = {u.owner for u in here}
    if any(o < 0 for o in owners):
        return True
    if all(friendly(ctx, seat, o) for o in owners):
        return False
    if all(friendly(ctx, seat, o) or at_war(ctx, seat, o) for o in owners):
        return True
    return None


def destinations(ctx: Ctx, u: Unit) -> list[str]:
    if u.owner < 0 or u.kind not in ARMY_KINDS or u.retreated or u.attacking or u.ap < 1:
        return []
    out = []
    for q in ctx.board.adj[u.at]:
        h = hostile(ctx, u.owner, q)
        if h is False:
            out.append(q)
        elif h is True and u.ap >= 2 and u.fights < max_fights(ctx, u.owner):
            out.append(q)
    return out


def movable(ctx: Ctx, seat: int) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for u in ctx.s.units:
        if u.owner == seat and destinations(ctx, u):
            out.setdefault(u.at, []).append(u)
    return out


def can_unify(ctx: Ctx, seat: int) -> bool:
    """All provinces of the starting nation (contested ones optional) are controlled."""
    p = ctx.p(seat)
    if p.unified:
        return False
    own = ctx.board.nation_provinces(p.nation, contested=False)
    return all(ctx.s.owner.get(x) == seat for x in own)


def unification_count(ctx: Ctx, seat: int) -> int:
    nation = ctx.p(seat).nation
    return sum(1 for x in ctx.board.nation_provinces(nation) if ctx.s.owner.get(x) == seat)


@decides("move")
def decide_move(ctx: Ctx, t):
    seat = t.player
    options = [opt(f"from:{prov}", f"Move armies out of {prov}") for prov in sorted(movable(ctx, seat))]
    if can_unify(ctx, seat):
        options.append(opt("unify", "Declare national unification"))
    if not options:
        return None
    options.append(opt("fight", "End movement and resolve battles"))
    return decision(ctx, seat, "Maneuver: move your armies.", options, "move")


@runs("move")
def run_move(ctx: Ctx, t) -> None:
    """Nothing can move."""


@chooses("move")
def choose_move(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    if option_id == "fight":
        return
    if option_id == "unify":
        ctx.then(t)
        unify(ctx, seat)  # its actions go on top: taken at once, then movement goes on
        return
    prov = option_id.split(":", 1)[1]
    ctx.then(task("move_to", seat, frm=prov), t)


def unify(ctx: Ctx, seat: int) -> None:
    p = ctx.p(seat)
    count = unification_count(ctx, seat)
    table = ctx.pieces.unification
    actions = table[max(min(count, max(table)), min(table))]
    p.unified = True
    ctx.emit("unification", f"{p.name} unifies {ctx.board.nations[p.nation].name} ({count} provinces): "
             f"{actions} actions at once.", player=p.name, provinces=count, actions=actions)
    ctx.then(*[task("action", seat, why="unification") for _ in range(actions)])


def ready_to_move(ctx: Ctx, seat: int, prov: str, dest: str) -> list[Unit]:
    """The player's armies in `prov` that can still go to `dest`."""
    return [u for u in movable(ctx, seat).get(prov, []) if dest in destinations(ctx, u)]


@decides("move_to")
def decide_move_to(ctx: Ctx, t):
    prov = t.get("frm")
    here = movable(ctx, t.player).get(prov, [])
    dests = sorted({q for u in here for q in destinations(ctx, u)})
    options = [opt(f"to:{q}", f"To {q}" + (" (battle)" if hostile(ctx, t.player, q) else "")) for q in dests]
    options.append(opt("back", "Back"))
    return decision(ctx, t.player, f"Move from {prov} to where?", options, "move_to")


@chooses("move_to")
def choose_move_to(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "back":
        return
    dest = option_id.split(":", 1)[1]
    prov = t.get("frm")
    ready = ready_to_move(ctx, t.player, prov, dest)
    if len(ready) == 1:
        move_units(ctx, t.player, [ready[0]], dest)
    else:
        ctx.then(task("move_who", t.player, frm=prov, to=dest))


@decides("move_who")
def decide_move_who(ctx: Ctx, t):
    prov, dest = t.get("frm"), t.get("to")
    ready = ready_to_move(ctx, t.player, prov, dest)
    options = [opt("all", f"All {len(ready)} armies")]
    options += [opt(f"unit:{u.id}", f"Only the {u.kind} ({u.ap} AP)") for u in ready]
    return decision(ctx, t.player, f"Which armies go from {prov} to {dest}?", options, "move_who")


@chooses("move_who")
def choose_move_who(ctx: Ctx, t, option_id: str) -> None:
    prov, dest = t.get("frm"), t.get("to")
    ready = ready_to_move(ctx, t.player, prov, dest)
    if option_id != "all":
        uid = int(option_id.split(":")[1])
        ready = [u for u in ready if u.id == uid]
    move_units(ctx, t.player, ready, dest)


def move_units(ctx: Ctx, seat: int, units: list[Unit], dest: str) -> None:
    battle = hostile(ctx, seat, dest)
    frm = units[0].at
    for u in units:
        u.at = dest
        u.ap -= 1
        if battle:
            u.attacking = True  # forced to fight here, no further movement
    refresh_owner(ctx, frm)
    if not battle:
        refresh_owner(ctx, dest)
    kinds = ", ".join(u.kind for u in units)
    ctx.emit("move", f"{ctx.name(seat)} moves {kinds} from {frm} to {dest}" + (" to attack." if battle else "."),
             player=ctx.name(seat), frm=frm, to=dest, units=[u.id for u in units], attack=bool(battle))


# -- princesses -----------------------------------------------------------------------------


def princess_moves(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """Each princess moves once a turn, to a free or friendly neighbouring province."""
    out = []
    for prov in sorted({u.at for u in ctx.s.units if u.owner == seat and u.kind == PRINCESS and not u.moved}):
        for q in ctx.board.adj[prov]:
            if is_free(ctx, q) or all(friendly(ctx, seat, u.owner) for u in ctx.units_at(q)):
                out.append((prov, q))
    return out


@decides("princesses")
def decide_princesses(ctx: Ctx, t):
    moves = princess_moves(ctx, t.player)
    options = []
    if can_unify(ctx, t.player):
        options.append(opt("unify", "Declare national unification"))
    if not moves and not options:
        return None
    options += [opt(f"princess:{a}:{b}", f"A princess goes from {a} to {b}") for a, b in moves]
    options.append(opt("done", "Done with princesses"))
    return decision(ctx, t.player, "Move your princesses (each once).", options, "princess")


@runs("princesses")
def run_princesses(ctx: Ctx, t) -> None:
    """No princess can move."""


@chooses("princesses")
def choose_princesses(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "done":
        return
    if option_id == "unify":
        ctx.then(t)
        unify(ctx, t.player)
        return
    _, a, b = option_id.split(":")
    u = next(x for x in ctx.units_at(a) if x.owner == t.player and x.kind == PRINCESS and not x.moved)
    u.at, u.moved = b, True
    refresh_owner(ctx, a)
    refresh_owner(ctx, b)
    ctx.emit("princess", f"{ctx.name(t.player)}'s princess goes from {a} to {b}.", player=ctx.name(t.player),
             frm=a, to=b)
    ctx.then(t)
