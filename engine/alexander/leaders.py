"""Leaders (5.0, 10.8): drawing one from the cup, keeping it face down "in hand", assigning
it, moving leaders alone (subject to interception: an intercepted leader is captured); and the
Royal Family moving on its own (14.0)."""

from __future__ import annotations

from engine.alexander.board import PER
from engine.alexander.face_down import place_face_down, reveal
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.movement import move_cost
from engine.alexander.words import army_t, fleet_t, leader_t, province_t, side_t, space_t
from engine.alexander.world import (
    army_one,
    enemy_combat,
    is_transit,
    king,
    leader_space,
    refresh_control,
)
from engine.core import draw_order
from engine.text import msg


def draw_leader(ctx: Ctx, side: str) -> str | None:
    """A random leader from the side's cup, held face down until assigned (5.1)."""
    s = ctx.s
    cup = sorted(n for n, loc in s.leaders.items() if loc == "cup" and ctx.board.leaders[n].side == side)
    if not cup:
        return None
    name = draw_order(s, f"leaders_{side}", cup)[0]
    s.leaders[name] = "hand"
    ctx.emit("leader_drawn", msg("The {side} draws a leader.", side=side_t(side)), side=side)
    ctx.emit_private(side, "leader_drawn_private", msg("You drew {leader}.", leader=leader_t(name)), leader=name)
    return name


def destinations(ctx: Ctx, side: str) -> list:
    s = ctx.s
    options = [opt(f"army:{a.id}", army_t(a.id), msg("Join an army")) for a in s.armies if a.side == side]
    options += [opt(f"fleet:{f.name}", fleet_t(f.name), msg("Join a fleet")) for f in s.fleets if f.side == side]
    return options


@decides("assign_leader")
def _assign_decide(ctx: Ctx, t):
    name = t.args["leader"]
    options = destinations(ctx, t.side) + [opt("hand", msg("Keep the leader face down"))]
    return ctx.ask(t.side, msg("Where does {leader} go?", leader=leader_t(name)), options, "assign_leader",
                   private=True, public_prompt=msg("The {side} places a leader.", side=side_t(t.side)))


@chooses("assign_leader")
def _assign_choose(ctx: Ctx, t, option_id: str):
    assign(ctx, t.side, t.args["leader"], option_id)


def assign(ctx: Ctx, side: str, name: str, where: str) -> None:
    s = ctx.s
    if where == "hand":
        s.leaders[name] = "hand"
        ctx.emit("leader_kept", msg("The {side} keeps a leader face down.", side=side_t(side)), side=side)
        return
    if where.startswith(("army:", "fleet:")):
        reveal(ctx, name)  # assigned to an army or fleet (5.1): a face-down leader turns face up
    s.leaders[name] = where
    ctx.emit("leader_placed", msg("{leader} joins {unit}.", leader=leader_t(name), unit=_where_t(where)),
             leader=name, where=where)


def place_alone(ctx: Ctx, side: str, name: str, space: str) -> None:
    """Alone on a space he stays face down (5.1: revealed only when assigned to an army or fleet)."""
    ctx.s.leaders[name] = f"space:{space}"
    place_face_down(ctx.s, name)
    ctx.emit("leader_placed", msg("The {side} places a face-down leader at {space}.", side=side_t(side),
                                  space=space_t(space)), side=side, space=space)
    ctx.emit_private(side, "leader_placed_private", msg("{leader} waits face down at {space}.", leader=leader_t(name),
                                                        space=space_t(space)), leader=name, space=space)


def _where_t(where: str):
    kind, _, rest = where.partition(":")
    if kind == "army":
        return army_t(rest)
    if kind == "fleet":
        return fleet_t(rest)
    return space_t(rest)


# -- leaders moving alone (10.8) -----------------------------------------------------------------
def movable_leaders(ctx: Ctx, side: str) -> list[str]:
    s = ctx.s
    first = army_one(s, side)
    found = []
    for name, loc in s.leaders.items():
        if ctx.board.leaders[name].side != side or loc.split(":")[0] not in ("army", "fleet", "space", "hand"):
            continue
        if name == king(s, side) and first is not None and loc == f"army:{first.id}":
            continue  # the king stays with Army #1 (5.2)
        if name in s.turn.get("leaders_moved", []):
            continue
        if loc != "hand" and not leader_space(s, name):
            continue  # (not on the map)
        found.append(name)
    return found


@decides("leader_move")
def _leader_move_decide(ctx: Ctx, t):
    names = movable_leaders(ctx, t.side)
    options = [opt(f"leader:{n}", leader_t(n)) for n in names if ctx.s.leaders[n] != "hand"]
    hidden = [n for n in names if ctx.s.leaders[n] == "hand"]
    options += [opt(f"leader:{n}", msg("{leader} (face down)", leader=leader_t(n))) for n in hidden]
    options.append(opt("done", msg("No more leaders")))
    return ctx.ask(t.side, msg("Move leaders: which one?"), options, "leader_move", private=True,
                   public_prompt=msg("The {side} moves leaders.", side=side_t(t.side)))


@chooses("leader_move")
def _leader_move_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.leader_moves import start_walk

    if option_id == "done":
        return
    name = option_id.split(":", 1)[1]
    ctx.then(task("leader_move", t.side))
    if ctx.s.leaders[name] == "hand":
        ctx.then(task("leader_to", t.side, leader=name))  # placed, not moved (5.1)
    else:
        start_walk(ctx, t.side, name)  # link by link, open to interception (10.8)


@decides("leader_to")
def _leader_to_decide(ctx: Ctx, t):
    """A leader held face down is placed where his side wants him ("ponendolo ovunque desideri",
    5.1): with an army or fleet of his side, or alone on a space free of enemy units."""
    name = t.args["leader"]
    options = destinations(ctx, t.side)
    province = t.args.get("province")
    if province is None:
        provinces = sorted({ctx.board.spaces[sp].province for sp in _free_spaces(ctx, t.side)} - {None})
        options += [opt(f"province:{p}", province_t(p), msg("Go to a space")) for p in provinces]
        options.append(opt("back", msg("Choose another leader")))
    else:
        options = [opt(f"space:{sp}", space_t(sp)) for sp in _free_spaces(ctx, t.side)
                   if ctx.board.spaces[sp].province == province]
        options.append(opt("back", msg("Choose another leader")))
    return ctx.ask(t.side, msg("Where does {leader} go?", leader=leader_t(name)), options, "leader_to",
                   private=True, public_prompt=msg("The {side} moves leaders.", side=side_t(t.side)))


def _free_spaces(ctx: Ctx, side: str) -> list[str]:
    return [sp for sp, info in ctx.board.spaces.items()
            if not is_transit(ctx.s, sp) and info.province and not enemy_combat(ctx.s, sp, side)]


@chooses("leader_to")
def _leader_to_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    name = t.args["leader"]
    if option_id == "back":
        return
    if option_id.startswith("province:"):
        ctx.then(task("leader_to", t.side, leader=name, province=option_id.split(":", 1)[1]))
        return
    s.turn["leaders_moved"] = s.turn.get("leaders_moved", []) + [name]
    if option_id.startswith("space:") and s.rules >= 4:
        place_alone(ctx, t.side, name, option_id[6:])
    else:
        assign(ctx, t.side, name, option_id)
    to = leader_space(s, name)
    s.last = {"kind": "leader", "side": t.side, "path": [to] if to else []}


# -- the Royal Family (14.0) ----------------------------------------------------------------------
def family_destinations(ctx: Ctx) -> list[str]:
    """Spaces within 3 MP the family can reach without entering an enemy-held space."""
    import heapq

    s = ctx.s
    start = s.royal_family.where[6:]
    limit = ctx.limits["royal_family_mp"]
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, space = heapq.heappop(heap)
        if d > best.get(space, 99):
            continue
        for link in ctx.board.links[space]:
            nxt = link.end(space)
            nd = d + move_cost(ctx, link, PER)
            if nd <= limit and nd < best.get(nxt, 99) and not enemy_combat(s, nxt, PER):
                best[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return [sp for sp in best if sp != start and not is_transit(s, sp)]


@decides("family_move")
def _family_decide(ctx: Ctx, t):
    options = [opt(f"to:{sp}", space_t(sp), _group(ctx, sp)) for sp in family_destinations(ctx)]
    options.append(opt("stay", msg("Stay")))
    return ctx.ask(PER, msg("Where does the Royal Family go (up to 3 MP)?"), options, "family")


def _group(ctx: Ctx, space: str):
    province = ctx.board.spaces[space].province
    return province_t(province) if province else space_t(space)


@chooses("family_move")
def _family_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "stay":
        return
    to = option_id.split(":", 1)[1]
    king_army = next((a for a in s.armies_at(to, PER) if s.leaders.get(king(s, PER)) == f"army:{a.id}"), None)
    where = f"army:{king_army.id}" if king_army else f"space:{to}"
    frm = s.royal_family.where[6:]
    s.royal_family = s.royal_family.model_copy(update={"where": where})
    s.last = {"kind": "family", "side": PER, "path": [frm, to]}
    ctx.emit("family_moves", msg("The Royal Family moves to {space}.", space=space_t(to)), space=to)
    refresh_control(s)


@runs("draw_leader")
def _draw_leader_task(ctx: Ctx, t):
    name = draw_leader(ctx, t.side)
    if name is not None:
        ctx.then(task("assign_leader", t.side, leader=name))
