"""Retreat (11.3 E): the beaten force moves a die's worth of spaces (less its commander's
rating, at least one), always farther from the battle, never through the enemy; it may stop
early in a major city or stronghold. A retreat is a move: "se fosse normale movimento" (its MP
after the first add to the loss roll), so it may go by land and by sea as a move may (10.7):
at most one land leg and one sea leg, at most 4 sea MP, at most 15 ASP by sea, open sea never
with land; at sea it may be intercepted by enemy fleets within 2 MP (10.6, 11.5): the ships
carrying it may try to avoid; if not, any 6 of the interceptor sinks them all; avoided or not
sunk, they go back to the port they left, and the retreat goes on from there by land.

`state.battle["retreat"]` holds it: side, armies, loose (ASP without an army), path, need,
mp, flee, legs ("land"/"sea" in order), sea_mp, open_sea, sea_from (the port the sea leg left).
"""

from __future__ import annotations

from collections import deque

from engine.alexander.aftermath import eliminate_army
from engine.alexander.board import SEA_KINDS, other
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.words import kind_t, side_t, space_t
from engine.alexander.world import (
    add_gsp,
    battle_rating,
    enemy_combat,
    is_transit,
    king,
    leaders_of,
    refresh_control,
    take_gsp,
)
from engine.text import msg, msg_n


def hops_from(ctx: Ctx, start: str) -> dict[str, int]:
    """Distance in links, land or sea, from a space (retreats always get farther from the battle)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for link in ctx.board.links[space]:
            nxt = link.end(space)
            if nxt not in dist:
                dist[nxt] = dist[space] + 1
                queue.append(nxt)
    return dist


def retreat_rating(ctx: Ctx, side: str, armies: list[str]) -> int:
    """The king's Battle Rating if he is there, else the lowest-rated leader's (11.3 E)."""
    names = [n for a in armies for n in leaders_of(ctx.s, a)]
    if not names:
        return 0
    if king(ctx.s, side) in names:
        return battle_rating(king(ctx.s, side))
    return min(battle_rating(n) for n in names)


def new_retreat(side: str, armies: list[str], loose: int, start: str, need: int, *, flee: bool) -> dict:
    return {"side": side, "armies": armies, "loose": loose, "path": [start], "need": need, "mp": 0, "flee": flee,
            "legs": [], "sea_mp": 0, "open_sea": False, "sea_from": ""}


@runs("retreat_start")
def _retreat_start(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    b["retreat_mp"] = {side: 0 for side in (b["atk"], b["dfn"])}
    space = b["space"]
    attacker = s.army(b["attacker"])
    if not b["winner"]:
        # A draw: the attacker goes back where it came from; that is no retreat (11.3 E).
        if attacker is not None and b.get("origin"):
            attacker.space = b["origin"]
            ctx.emit("return", msg("{army} returns to {space}.", army=_army_t(attacker.id), space=space_t(b["origin"])),
                     army=attacker.id, space=b["origin"])
        return
    loser = b["loser"]
    if b.get("sally") and loser == b["atk"]:
        return  # a beaten sortie goes back behind the walls (11.4)
    armies = [b["attacker"]] if loser == b["atk"] else list(b["defenders"])
    armies = [a for a in armies if s.army(a)]
    for a in list(armies):
        army = s.army(a)
        if army.useless and s.options.get("useless", True):
            # A Useless army that loses again is destroyed with its leaders (11.3 H).
            eliminate_army(ctx, army, msg("a Useless army beaten again"), leaders_die=True, in_battle=True)
            armies.remove(a)
    b["useless_before"] = True
    g = s.garrisons.get(space)
    loose = g.asp if g is not None and g.side == loser and b.get("garrison") else 0
    if not armies and not loose:
        return
    rating = retreat_rating(ctx, loser, armies)
    roll = ctx.roll(1, loser, msg("Retreat: spaces to go (the die minus the rating {r}, at least 1)", r=rating))[0]
    need = max(1, roll - rating)
    ctx.emit("retreat", msg_n("The {side} must retreat {n} space.", "The {side} must retreat {n} spaces.", need,
                              side=side_t(loser)), side=loser, need=need)
    b["retreat"] = new_retreat(loser, armies, loose, space, need, flee=False)
    ctx.then(task("retreat_step", loser))


def _army_t(army_id: str):
    from engine.alexander.words import army_t

    return army_t(army_id)


def _strength(ctx: Ctx, r: dict) -> int:
    return sum(ctx.s.army(a).asp for a in r["armies"] if ctx.s.army(a)) + r["loose"]


def _legs_allow(r: dict, kind: str, link_kind: str) -> bool:
    """One land leg and one sea leg at most, in either order; open sea never with land (10.7)."""
    if r["open_sea"] and kind == "land":
        return False
    if link_kind == "open_sea" and "land" in r["legs"]:
        return False
    return not r["legs"] or r["legs"][-1] == kind or len(r["legs"]) < 2


def retreat_steps(ctx: Ctx, r: dict | None = None) -> list[tuple[str, int]]:
    """(option id, MP) of the links the retreating force (`r`, else the one in progress) may
    take from where it is."""
    from engine.alexander.movement import move_cost

    s, b = ctx.s, ctx.s.battle
    r = r or b["retreat"]
    here = r["path"][-1]
    dist = b.get("_hops") or hops_from(ctx, b["space"])
    b["_hops"] = dist
    limits = ctx.limits
    found = []
    for link in ctx.board.links[here]:
        nxt = link.end(here)
        kind = "sea" if link.sea else "land"
        if nxt in r["path"] or enemy_combat(s, nxt, r["side"]) or dist.get(nxt, 0) <= dist.get(here, 0):
            continue
        if not _legs_allow(r, kind, link.kind):
            continue
        cost = move_cost(ctx, link, r["side"])
        if link.sea and (r["sea_mp"] + cost > limits["sea_mp_max"] or _strength(ctx, r) > limits["sea_asp_max"]):
            continue
        if is_transit(s, nxt) and not any(
                lk.sea == link.sea and dist.get(lk.end(nxt), 0) > dist[nxt] and not enemy_combat(s, lk.end(nxt), r["side"])
                for lk in ctx.board.links[nxt]):
            continue
        option_id = ("sail:" if link.sea else "to:") + nxt
        if all(option_id != o for o, _ in found):
            found.append((option_id, cost))
    return found


def may_stop(ctx: Ctx, r: dict | None = None) -> bool:
    r = r or ctx.s.battle["retreat"]
    here = r["path"][-1]
    info = ctx.board.spaces[here]
    if len(r["path"]) == 1 or is_transit(ctx.s, here):
        return False
    return len(r["path"]) - 1 >= r["need"] or info.major or info.stronghold


def stepped(ctx: Ctx, r: dict, option_id: str) -> dict:
    """The retreat `r` after the step `option_id` (a new dict; `r` is left as it was)."""
    from engine.alexander.movement import move_cost

    head, _, nxt = option_id.partition(":")
    frm = r["path"][-1]
    link = ctx.board.link(frm, nxt, sea=head == "sail")
    kind = "sea" if link.sea else "land"
    r = dict(r)
    if not r["legs"] or r["legs"][-1] != kind:
        r["legs"] = r["legs"] + [kind]
        if link.sea:
            r["sea_from"] = frm
    cost = move_cost(ctx, link, r["side"])
    r["path"] = r["path"] + [nxt]
    r["mp"] += cost
    if link.sea:
        r["sea_mp"] += cost
    if link.kind == "open_sea":
        r["open_sea"] = True
    return r


def way_on(ctx: Ctx, r: dict) -> bool:
    """Whether the retreat `r` can still end lawfully (stop, now or after more steps); the
    steps are few (a die's worth of spaces, each farther from the battle), so all are tried."""
    return may_stop(ctx, r) or any(way_on(ctx, stepped(ctx, r, o)) for o, _ in retreat_steps(ctx, r))


@decides("retreat_step")
def _retreat_decide(ctx: Ctx, t):
    r = ctx.s.battle["retreat"]
    if r.get("gone"):
        return None
    options = []
    for option_id, cost in retreat_steps(ctx):
        nxt = option_id.split(":", 1)[1]
        link = ctx.board.link(r["path"][-1], nxt, sea=option_id.startswith("sail:"))
        words = dict(space=space_t(nxt), kind=kind_t(link.kind), n=cost)
        # A step from which the retreat cannot end lawfully eliminates the force (reading of 11.3 E).
        label = (msg("{space} ({kind}, {n} MP)", **words) if way_on(ctx, stepped(ctx, r, option_id)) else
                 msg("{space} ({kind}, {n} MP): no way on, the force is eliminated", **words))
        options.append(opt(option_id, label, msg("Sail on") if link.sea else msg("March on")))
    if may_stop(ctx):
        options.insert(0, opt("stop", msg("Stop the retreat here")))
    if not options:
        return None
    done = len(r["path"]) - 1
    if r["flee"]:  # a flight has no length to reach (11.3 H): no "0 of 1 spaces"
        return ctx.ask(t.side, msg_n("Flight from {space}: {done} space so far, {mp} MP; it may go as far as you"
                                     " like (each MP adds 1 to the loss roll).",
                                     "Flight from {space}: {done} spaces so far, {mp} MP; it may go as far as you"
                                     " like (each MP adds 1 to the loss roll).", done,
                                     space=space_t(r["path"][0]), done=done, mp=r["mp"]),
                       options, "retreat")
    return ctx.ask(t.side, msg_n("Retreat from {space}: {done} of {need} space so far, {mp} MP (each MP after the first"
                                 " adds 1 to the loss roll).",
                                 "Retreat from {space}: {done} of {need} spaces so far, {mp} MP (each MP after the"
                                 " first adds 1 to the loss roll).", r["need"],
                                 space=space_t(ctx.s.battle["space"]), done=done, need=r["need"], mp=r["mp"]),
                   options, "retreat")


@runs("retreat_step")
def _retreat_stuck(ctx: Ctx, t):
    """Nowhere left to retreat to: the retreating force is eliminated (reading of 11.3 E)."""
    s = ctx.s
    r = s.battle["retreat"]
    if r.get("gone"):
        return
    for a in r["armies"]:
        army = s.army(a)
        if army is not None:
            eliminate_army(ctx, army, msg("no way to retreat"), in_battle=True)
    if r["loose"]:
        take_gsp(s, s.battle["space"], asp=r["loose"])
    r["armies"], r["loose"], r["gone"] = [], 0, True


@chooses("retreat_step")
def _retreat_choose(ctx: Ctx, t, option_id: str):
    b = ctx.s.battle
    r = b["retreat"]
    if option_id == "stop":
        _finish_retreat(ctx)
        return
    head, _, nxt = option_id.partition(":")
    link = ctx.board.link(r["path"][-1], nxt, sea=head == "sail")
    b["retreat"] = r = stepped(ctx, r, option_id)
    ctx.then(task("retreat_step", t.side))
    if link.kind in SEA_KINDS and not is_transit(ctx.s, nxt):
        ctx.then(task("retreat_intercept", other(t.side)))


def _finish_retreat(ctx: Ctx) -> None:
    s, b = ctx.s, ctx.s.battle
    r = b["retreat"]
    end = r["path"][-1]
    start = r["path"][0]
    inside = ctx.board.spaces[end].major and not enemy_combat(s, end, r["side"])
    for a in r["armies"]:
        army = s.army(a)
        if army is not None:
            army.space, army.inside = end, inside
    if r["loose"] and not r["flee"]:
        take_gsp(s, start, asp=r["loose"])
        add_gsp(s, end, r["side"], asp=r["loose"])
    extra = max(0, r["mp"] - 1)
    b["retreat_mp"][r["side"]] = b["retreat_mp"].get(r["side"], 0) + extra
    s.last = {"kind": "retreat", "side": r["side"], "space": b["space"], "path": list(r["path"])}
    ctx.emit("retreated", msg("The {side} retreats to {space} ({n} MP).", side=side_t(r["side"]), space=space_t(end),
                              n=r["mp"]), side=r["side"], path=list(r["path"]), mp=r["mp"])
    refresh_control(s)


# -- a retreat by sea meets enemy fleets (10.6, 11.5) ------------------------------------------------
@decides("retreat_intercept")
def _intercept_decide(ctx: Ctx, t):
    from engine.alexander.intercept import naval_interceptors

    b = ctx.s.battle
    r = b.get("retreat") if b else None
    if not r or r.get("gone"):
        return None
    space = r["path"][-1]
    found = naval_interceptors(ctx, space, t.side)
    if not found:
        return None
    options = [opt(f"intercept:{sp}", msg("Intercept with the fleets at {space}", space=space_t(sp))) for sp in found]
    options.append(opt("pass", msg("Let it pass")))
    return ctx.ask(t.side, msg("The beaten {side} retreats by sea into {space}, within reach of your fleets: intercept?",
                               side=side_t(r["side"]), space=space_t(space)), options, "intercept",
                   window="intercept", pass_id="pass", auto_id=options[0].id)


@runs("retreat_intercept")
def _intercept_none(ctx: Ctx, t):
    return


@chooses("retreat_intercept")
def _intercept_choose(ctx: Ctx, t, option_id: str):
    """The interceptor's fleets come to the space; the ships carrying the retreat (no fleet goes
    with a retreat) may try to avoid, d6 ≥ 6; otherwise the interceptor rolls a die per NSP plus
    its admiral's rating and any 6 sinks them all (11.5). Avoided or not sunk, they turn back."""
    from engine.alexander.world import best_naval

    if option_id == "pass":
        return
    s, b = ctx.s, ctx.s.battle
    r = b["retreat"]
    frm = option_id.split(":", 1)[1]
    space = r["path"][-1]
    fleets = [f for f in s.fleets_at(frm, t.side) if f.nsp > 0]
    for f in fleets:
        f.space = space
    ctx.emit("naval_intercept", msg("The fleets from {frm} intercept the retreat at {space}.", frm=space_t(frm),
                                    space=space_t(space)), fleets=[f.name for f in fleets], space=space)
    avoid = ctx.roll(1, r["side"], msg("Avoiding the naval combat"))[0]
    if avoid < 6:
        dice_n = sum(f.nsp for f in fleets) + max([best_naval(s, f.name) for f in fleets] + [0])
        dice = ctx.roll(dice_n, t.side, msg("{side} ships fire", side=side_t(t.side)))
        if 6 in dice:
            _sunk(ctx)
            return
    back = r["sea_from"]
    ctx.emit("turned_back", msg("The ships carrying the retreat turn back to {port}.", port=space_t(back)),
             side=r["side"], space=back)
    r["path"] = r["path"][:r["path"].index(back) + 1]
    r["sea_mp"] = ctx.limits["sea_mp_max"]  # the sea leg is over


def _sunk(ctx: Ctx) -> None:
    """Every ASP carried is lost; the leaders make it back to the port they sailed from."""
    s, b = ctx.s, ctx.s.battle
    r = b["retreat"]
    for a in r["armies"]:
        army = s.army(a)
        if army is None:
            continue
        for name in leaders_of(s, a):
            s.leaders[name] = f"space:{r['sea_from']}"
        eliminate_army(ctx, army, msg("its ships were sunk"))
    if r["loose"]:
        take_gsp(s, r["path"][0], asp=r["loose"])
    ctx.emit("retreat_sunk", msg("The ships carrying the {side} retreat are sunk.", side=side_t(r["side"])),
             side=r["side"])
    r["armies"], r["loose"], r["gone"] = [], 0, True
    refresh_control(s)
