"""Leaders moving alone (10.8, 10.6): a leader on the map walks or sails link by link, paying
no MP ("I Comandanti non pagano costi di movimento. Possono muovere ovunque"), never through a
space held by the enemy or a tribe, and may stop on any space that is not a transit point, or
join an army or fleet of his side there. Every space he enters may bring an interception: by
land, an enemy army one land link away (d6 + its best Battle Rating, 6 or more; -1 over a
mountain, never over a pass, strait or sea link); by sea, enemy fleets within 2 sea MP
(automatic; he may try to slip away, d6 + his Naval Rating, 6 or more, back to the port his
sea leg began at). Caught, he is captured (removed from the game). Leaders held face down are
not on the map: they are placed (leaders.py), not moved.

The walk lives in the task's args: leader, path (spaces so far), sea_from (the port his current
sea leg began at).
"""

from __future__ import annotations

from engine.alexander.board import NO_LAND_INTERCEPT, other
from engine.alexander.face_down import is_face_down, reveal
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.windows import moment, open_window
from engine.alexander.words import army_t, fleet_t, kind_t, leader_t, side_t, space_t
from engine.alexander.world import (
    ALEXANDER,
    DARIUS,
    best_battle,
    enemy_combat,
    is_transit,
    leader_space,
    refresh_control,
)
from engine.text import msg


def start_walk(ctx: Ctx, side: str, name: str) -> None:
    ctx.then(task("leader_walk", side, leader=name, path=[leader_space(ctx.s, name)], sea_from=""))


def _steps(ctx: Ctx, side: str, path: list[str]) -> list[tuple[str, str, str]]:
    """(option id, next space, link kind) of the links the leader may take from the end of his
    path; a space reached by land and by sea is two steps, told apart by the link's kind."""
    b = ctx.board
    here = path[-1]
    found = []
    for link in b.links[here]:
        nxt = link.end(here)
        if nxt in path or enemy_combat(ctx.s, nxt, side):
            continue
        if is_transit(ctx.s, nxt) and not _way_on(ctx, side, nxt, path + [nxt]):
            continue  # nobody may end a move on a transit point (10.2)
        option_id = ("sail:" if link.sea else "go:") + nxt
        if all(option_id != o for o, _, _ in found):
            found.append((option_id, nxt, link.kind))
    return found


def _way_on(ctx: Ctx, side: str, space: str, path: list[str]) -> bool:
    """From a transit point some space he may stop on can be reached."""
    for link in ctx.board.links[space]:
        nxt = link.end(space)
        if nxt in path or enemy_combat(ctx.s, nxt, side):
            continue
        if not is_transit(ctx.s, nxt) or _way_on(ctx, side, nxt, path + [nxt]):
            return True
    return False


@decides("leader_walk")
def _walk_decide(ctx: Ctx, t):
    s, name, path = ctx.s, t.args["leader"], t.args["path"]
    if s.leaders.get(name) in ("dead", "out") or s.victory.winner:
        return None  # captured on the way
    here = path[-1]
    transit = is_transit(s, here)
    options = []
    if len(path) > 1 and not transit:
        options.append(opt("stop", msg("Stop here")))
    if not transit:
        now = s.leaders[name]
        options += [opt(f"join:army:{a.id}", msg("Join {army}", army=army_t(a.id))) for a in s.armies_at(here, t.side)
                    if now != f"army:{a.id}" and a.number]
        options += [opt(f"join:fleet:{f.name}", msg("Join the {fleet}", fleet=fleet_t(f.name)))
                    for f in s.fleets_at(here, t.side) if now != f"fleet:{f.name}"]
    for option_id, nxt, link_kind in _steps(ctx, t.side, path):
        options.append(opt(option_id, msg("{space} ({kind})", space=space_t(nxt), kind=kind_t(link_kind)),
                           msg("Sail on") if option_id.startswith("sail:") else msg("March on")))
    if len(path) == 1:
        options.append(opt("back", msg("Choose another leader")))
    prompt = msg("{leader} is at {space}: where now?", leader=leader_t(name), space=space_t(here))
    if is_face_down(s, name):  # his journey is seen, not who makes it (5.1)
        return ctx.ask(t.side, prompt, options, "leader_walk", private=True,
                       public_prompt=msg("The {side} moves a face-down leader.", side=side_t(t.side)))
    return ctx.ask(t.side, prompt, options, "leader_walk")


@runs("leader_walk")
def _walk_over(ctx: Ctx, t):
    return  # the leader was captured on the way


@chooses("leader_walk")
def _walk_choose(ctx: Ctx, t, option_id: str):
    s, name, path = ctx.s, t.args["leader"], t.args["path"]
    side = t.side
    head, _, arg = option_id.partition(":")
    if head == "back":
        return
    if head in ("stop", "join"):
        where = arg if head == "join" else f"space:{path[-1]}"
        if head == "join":
            reveal(ctx, name)  # assigned to an army or fleet (5.1)
        s.leaders[name] = where
        s.turn["leaders_moved"] = s.turn.get("leaders_moved", []) + [name]
        s.last = {"kind": "leader", "side": side, "path": list(path)}
        if is_face_down(s, name):
            ctx.emit("leader_placed", msg("A face-down {side} leader ends his journey at {space}.", side=side_t(side),
                                          space=space_t(path[-1])), side=side, where=where, path=list(path))
            refresh_control(s)
            return
        ctx.emit("leader_placed", msg("{leader} ends his journey at {space}.", leader=leader_t(name),
                                      space=space_t(path[-1])), leader=name, where=where, path=list(path))
        refresh_control(s)
        return
    frm, to = path[-1], arg
    link = ctx.board.link(frm, to, sea=head == "sail")
    sea_from = t.args["sea_from"] if link.sea and t.args["sea_from"] else (frm if link.sea else "")
    s.leaders[name] = f"space:{to}"
    path = path + [to]
    s.last = {"kind": "leader", "side": side, "path": list(path)}
    if is_face_down(s, name):
        moved = (msg("A face-down {side} leader sails to {space}.", side=side_t(side), space=space_t(to)) if link.sea
                 else msg("A face-down {side} leader travels to {space}.", side=side_t(side), space=space_t(to)))
        ctx.emit("leader_moves", moved, side=side, space=to, frm=frm, link=link.kind)
    else:
        moved = (msg("{leader} sails to {space}.", leader=leader_t(name), space=space_t(to)) if link.sea
                 else msg("{leader} travels to {space}.", leader=leader_t(name), space=space_t(to)))
        ctx.emit("leader_moves", moved,
                 leader=name, space=to, frm=frm, link=link.kind)
    after = []
    if link.kind == "open_sea":
        after.append(task("window_if_alive", other(side), leader=name, moment="leader_storm"))
    if not is_transit(s, to):
        if link.sea:
            after.append(task("leader_naval_intercept", other(side), leader=name, space=to, back=sea_from))
        else:
            after.append(task("leader_intercept", other(side), leader=name, space=to))
    after.append(task("leader_walk", side, leader=name, path=path, sea_from=sea_from))
    ctx.then(*after)


# -- interception by land -------------------------------------------------------------------------
def leader_interceptors(ctx: Ctx, space: str, side: str) -> list[tuple[str, str]]:
    """(army id, link kind) of the side's armies one land link from `space` that may try."""
    s = ctx.s
    found = []
    for link in ctx.board.links[space]:
        if link.kind in NO_LAND_INTERCEPT:
            continue
        for army in s.armies_at(link.end(space), side):
            if army.fatigued or army.useless or (army.inside and army.space in s.sieges):
                continue
            if army.id not in [a for a, _ in found]:
                found.append((army.id, link.kind))
    return found


def caught(ctx: Ctx, name: str, why) -> None:
    """A leader captured (10.8): Alexander dies, Darius counts as captured, another is removed."""
    from engine.alexander.battle import darius_gone, kill_leader
    from engine.alexander.victory import alexander_dies

    reveal(ctx, name)  # his counter leaves the map
    if name == ALEXANDER:
        alexander_dies(ctx, why)
    elif name == DARIUS:
        ctx.s.leaders[name] = "dead"
        ctx.emit("leader_dies", msg("{leader} is captured: {why}.", leader=leader_t(name), why=why), leader=name)
        darius_gone(ctx, "captured")
    else:
        kill_leader(ctx, name, why)


@decides("leader_intercept")
def _land_decide(ctx: Ctx, t):
    if ctx.s.leaders.get(t.args["leader"]) != f"space:{t.args['space']}":
        return None
    tried = t.args.get("tried", [])
    found = [(a, kind) for a, kind in leader_interceptors(ctx, t.args["space"], t.side) if a not in tried]
    if not found:
        return None
    options = [opt(f"intercept:{a}", msg("Intercept with {army} ({kind})", army=army_t(a), kind=kind)) for a, kind in found]
    options.append(opt("pass", msg("Let it pass")))
    prompt = msg("{leader} travels to {space}, next to your army: intercept?", leader=leader_t(t.args["leader"]),
                 space=space_t(t.args["space"]))
    if is_face_down(ctx.s, t.args["leader"]):
        prompt = msg("A face-down leader travels to {space}, next to your army: intercept?",
                     space=space_t(t.args["space"]))
    return ctx.ask(t.side, prompt, options, "intercept", window="intercept", pass_id="pass", auto_id=options[0].id)


@runs("leader_intercept")
def _land_none(ctx: Ctx, t):
    return


@chooses("leader_intercept")
def _land_choose(ctx: Ctx, t, option_id: str):
    if option_id == "pass":
        return
    s = ctx.s
    army_id = option_id.split(":", 1)[1]
    name, space = t.args["leader"], t.args["space"]
    link = ctx.board.link(s.army(army_id).space, space, sea=False)
    penalty = -1 if link is not None and link.kind == "mountain" else 0
    rating = best_battle(s, army_id) + penalty
    why = (msg("Interception of a face-down leader") if is_face_down(s, name)
           else msg("Interception of {leader}", leader=leader_t(name)))
    roll = ctx.roll(1, t.side, why)[0]
    if roll + rating >= 6:
        reveal(ctx, name)
        ctx.emit("leader_caught", msg("{army} catches {leader} ({roll} + {r}).", army=army_t(army_id),
                                      leader=leader_t(name), roll=roll, r=rating), army=army_id, leader=name)
        caught(ctx, name, msg("captured on the road"))
        return
    ctx.emit("intercept_fails", msg("{army} fails to intercept ({roll} + {r}).", army=army_t(army_id), roll=roll,
                                    r=rating), army=army_id)
    ctx.then(task("leader_intercept", t.side, leader=name, space=space, tried=t.args.get("tried", []) + [army_id]))


# -- interception at sea ------------------------------------------------------------------------------
@decides("leader_naval_intercept")
def _naval_decide(ctx: Ctx, t):
    from engine.alexander.intercept import naval_interceptors

    if ctx.s.leaders.get(t.args["leader"]) != f"space:{t.args['space']}":
        return None
    found = naval_interceptors(ctx, t.args["space"], t.side)
    if not found:
        return None
    options = [opt(f"intercept:{sp}", msg("Intercept with the fleets at {space}", space=space_t(sp))) for sp in found]
    options.append(opt("pass", msg("Let it pass")))
    prompt = msg("{leader} sails into {space}, within reach of your fleets: intercept?",
                 leader=leader_t(t.args["leader"]), space=space_t(t.args["space"]))
    if is_face_down(ctx.s, t.args["leader"]):
        prompt = msg("A face-down leader sails into {space}, within reach of your fleets: intercept?",
                     space=space_t(t.args["space"]))
    return ctx.ask(t.side, prompt, options, "intercept", window="intercept", pass_id="pass", auto_id=options[0].id)


@runs("leader_naval_intercept")
def _naval_none(ctx: Ctx, t):
    return


@chooses("leader_naval_intercept")
def _naval_choose(ctx: Ctx, t, option_id: str):
    """Naval interception is automatic (10.6); the intercepted may try to avoid (11.5) with his
    own Naval Rating: he slips back to the port his sea leg began at, and his journey ends."""
    from engine.alexander.world import naval_rating

    if option_id == "pass":
        return
    s = ctx.s
    name, space, back = t.args["leader"], t.args["space"], t.args["back"]
    reveal(ctx, name)  # he slips away by his own Naval Rating
    ctx.emit("naval_intercept", msg("The fleets from {frm} intercept {leader} at {space}.",
                                    frm=space_t(option_id.split(":", 1)[1]), leader=leader_t(name),
                                    space=space_t(space)), leader=name, space=space)
    roll = ctx.roll(1, other(t.side), msg("{leader} tries to slip away", leader=leader_t(name)))[0]
    rating = naval_rating(name)
    if roll + rating >= 6:
        s.leaders[name] = f"space:{back}"
        s.turn["leaders_moved"] = s.turn.get("leaders_moved", []) + [name]
        ctx.emit("avoided", msg("{leader} slips back to {port} ({roll} + {r}).", leader=leader_t(name),
                                port=space_t(back), roll=roll, r=rating), leader=name, space=back)
        _end_walk(ctx, name)
        return
    caught(ctx, name, msg("captured at sea"))


def _end_walk(ctx: Ctx, name: str) -> None:
    """Drop the rest of this leader's journey from the stack."""
    s = ctx.s
    while s.stack and s.stack[-1].args.get("leader") == name:
        s.stack.pop()


# -- Storms at Sea on a leader crossing the open sea -------------------------------------------------
@moment("leader_storm", "interrupt", msg("A leader of the other side crosses the open sea: play Storms at Sea?"))(
    lambda ctx, side, args: ["storms"])
def _storm_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    name = args["leader"]
    roll = ctx.roll(1, side, msg("Storms at Sea (odd: the storm strikes, even: the sea stays calm)"))[0]
    if roll % 2 == 0:
        ctx.emit("storm_spared", msg("The sea stays calm."))
        return
    caught(ctx, name, msg("lost in a storm at sea"))


@runs("window_if_alive")
def _window_if_alive(ctx: Ctx, t):
    if ctx.s.leaders.get(t.args["leader"], "").startswith("space:") and not ctx.s.victory.winner:
        open_window(ctx, t.side, t.args["moment"], leader=t.args["leader"])
