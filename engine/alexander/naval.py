"""Naval combat (11.5): avoiding it, the dice (one per NSP plus the admiral's rating, every 6
sinks an NSP of the roller's choice), Surprise firing first, ships carrying ASP alone, and who
goes back to port.

`state.naval` holds the combat: space, mover (side), movers (fleet names), defenders, transport
(army id carried by sea, or None), intercepted, start_port, home (defender fleet -> its port),
cards {side: [card ids]}, lost {side: NSP}.
"""

from __future__ import annotations

from collections import deque

from engine.alexander.board import MAC, PER, other
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.windows import moment, open_window
from engine.alexander.words import fleet_t, side_t, space_t
from engine.alexander.world import best_naval, is_transit, leaders_of, refresh_control
from engine.core import Amounts, Item, Total
from engine.text import listing, msg, msg_n


def start_naval(ctx: Ctx, *, movers: list[str], defenders: list[str], space: str, transport: str | None,
                intercepted: bool, home: dict[str, str] | None = None) -> None:
    s = ctx.s
    mover = s.move["side"] if s.move else s.fleet(movers[0]).side
    start = s.move.get("start_port", space) if s.move else space
    s.naval = {"space": space, "mover": mover, "movers": list(movers), "defenders": list(defenders),
               "transport": transport, "intercepted": intercepted, "start_port": start, "home": dict(home or {}),
               "cards": {MAC: [], PER: []}, "lost": {MAC: 0, PER: 0}}
    ctx.emit("naval_battle", msg("Naval combat at {space}.", space=space_t(space)), space=space,
             movers=list(movers), defenders=list(defenders))
    s.last = {"kind": "naval", "side": mover, "space": space, "path": list(s.move.get("path", []))}
    # The intercepted movers may try to avoid; fleets attacked in their own space likewise (11.5).
    avoider = mover if intercepted else other(mover)
    ctx.then(task("naval_window", mover), task("naval_avoid", avoider),
             task("naval_fire"), task("naval_finish"))


def _nsp(ctx: Ctx, fleets: list[str]) -> int:
    return sum(ctx.s.fleet(n).nsp for n in fleets if ctx.s.fleet(n))


def _admiral(ctx: Ctx, fleets: list[str]) -> int:
    return max([best_naval(ctx.s, n) for n in fleets if ctx.s.fleet(n)] + [0])


def _naval_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    """Surprise once per side; Spies against a Surprise the other side played (card)."""
    n = ctx.s.naval
    if not n:
        return []
    found = [] if "surprise" in n["cards"][side] else ["surprise"]
    if "surprise" in n["cards"][other(side)]:
        found.append("spies")
    return found


def _naval_prompt(ctx: Ctx, side: str, args: dict):
    """The combat the card would change: where, which fleets on each side and their NSP."""
    n = ctx.s.naval
    return msg("Naval combat at {space}: {movers} ({a} NSP) against {defenders} ({d} NSP). Play Surprise?",
               space=space_t(n["space"]), movers=listing([fleet_t(f) for f in n["movers"]]), a=_nsp(ctx, n["movers"]),
               defenders=listing([fleet_t(f) for f in n["defenders"]]), d=_nsp(ctx, n["defenders"]))


@moment("naval_battle", "battle", _naval_prompt, duel="naval")(_naval_cards)
def _naval_surprise(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    n = ctx.s.naval
    if card_id == "spies":
        n["cards"][other(side)] = [c for c in n["cards"][other(side)] if c != "surprise"]
        ctx.emit("surprise_cancelled", msg("Spies cancel the {side} Surprise.", side=side_t(other(side))))
        return
    n["cards"][side] = n["cards"][side] + [card_id]


@runs("naval_window")
def _naval_window(ctx: Ctx, t):
    if ctx.s.naval:
        open_window(ctx, t.side, "naval_battle")


@decides("naval_avoid")
def _avoid_decide(ctx: Ctx, t):
    n = ctx.s.naval
    if not n or n.get("over"):
        return None
    prompt = (msg("Your ships are intercepted at {space}: try to avoid the combat?", space=space_t(n["space"]))
              if n["intercepted"] else
              msg("Enemy ships attack yours at {space}: try to avoid the combat?", space=space_t(n["space"])))
    return ctx.ask(t.side, prompt,
                   [opt("avoid", msg("Try to avoid (d6 + admiral, 6 or more)")), opt("fight", msg("Fight"))], "avoid")


@runs("naval_avoid")
def _avoid_none(ctx: Ctx, t):
    return


@chooses("naval_avoid")
def _avoid_choose(ctx: Ctx, t, option_id: str):
    s, n = ctx.s, ctx.s.naval
    if option_id == "fight":
        return
    enemy = other(t.side)
    if "surprise" in n["cards"][enemy]:
        # The interceptor's Surprise stops the attempt, and is spent doing it (11.5).
        n["cards"][enemy] = [c for c in n["cards"][enemy] if c != "surprise"]
        ctx.emit("avoid_blocked", msg("The {side} Surprise prevents any escape.", side=side_t(enemy)))
        return
    bonus = 2 if "surprise" in n["cards"][t.side] else 0
    rating = _admiral(ctx, n["movers"] if t.side == n["mover"] else n["defenders"])
    roll = ctx.roll(1, t.side, msg("Avoiding the naval combat"))[0]
    if roll + rating + bonus >= 6:
        # Whoever avoided, "le unità che muovono ritornano nel porto dal quale hanno iniziato il
        # movimento" (11.5).
        ctx.emit("avoided", msg("The combat is avoided: the moving ships go back to {port}.",
                                port=space_t(n["start_port"])), side=t.side)
        _send_back(ctx, n["movers"], n["start_port"], transport=n["transport"])
        n["over"] = True
        if s.move:
            s.move["over"] = True
    else:
        ctx.emit("not_avoided", msg("The ships cannot escape ({roll} + {r}).", roll=roll, r=rating + bonus), side=t.side)


def _send_back(ctx: Ctx, fleets: list[str], port: str, transport: str | None = None) -> None:
    s = ctx.s
    for name in fleets:
        f = s.fleet(name)
        if f is not None:
            f.space = port
    if transport and s.army(transport):
        s.army(transport).space = _landing(ctx, port)


def _landing(ctx: Ctx, port: str) -> str:
    """Where an army turned back to the port its sea leg began at lands: that port, or, when the
    port is a transit point where nobody may stop (10.2; Alexandria before it is built), the
    last space of its move before it where it may (rules 2)."""
    s = ctx.s
    path = s.move.get("path", []) if s.move else []
    if s.rules < 2 or not is_transit(s, port) or port not in path:
        return port
    before = path[:len(path) - path[::-1].index(port)]
    return next((sp for sp in reversed(before) if not is_transit(s, sp)), port)


@runs("naval_fire")
def _fire(ctx: Ctx, t):
    """Both sides fire once; a side with Surprise (unanswered) fires first and its hits land
    before the other side rolls."""
    n = ctx.s.naval
    if not n or n.get("over"):
        return
    mover, enemy = n["mover"], other(n["mover"])
    fleets = {mover: n["movers"], enemy: n["defenders"]}
    first = [side for side in (mover, enemy) if "surprise" in n["cards"][side]]
    simultaneous = len(first) != 1  # two Surprises cancel out
    order = [mover, enemy] if simultaneous else [first[0], other(first[0])]
    hits = {}
    for side in order:
        dice_n = _nsp(ctx, fleets[side])
        if dice_n:
            dice_n += _admiral(ctx, fleets[side])
        if not dice_n:
            hits[side] = 0
            continue
        dice = ctx.roll(dice_n, side, msg("{side} ships fire", side=side_t(side)))
        hits[side] = dice.count(6)
        if not simultaneous:
            _land_hits(ctx, side, hits[side], fleets[other(side)])
    if simultaneous:
        for side in order:
            _land_hits(ctx, side, hits[side], fleets[other(side)])


def _land_hits(ctx: Ctx, side: str, hits: int, targets: list[str]) -> None:
    s, n = ctx.s, ctx.s.naval
    target_side = other(side)
    if target_side == n["mover"] and n["transport"] and not _nsp(ctx, targets):
        if hits:
            _sink_transport(ctx)
        return
    live = [f for f in targets if s.fleet(f) and s.fleet(f).nsp > 0]
    total = min(hits, sum(s.fleet(f).nsp for f in live))
    if not total:
        return
    if len(live) == 1:
        _sink(ctx, live[0], total)
        return
    ctx.then(task("naval_hits", side, targets=live, hits=total))


def _sink(ctx: Ctx, name: str, k: int) -> None:
    s, n = ctx.s, ctx.s.naval
    fleet = s.fleet(name)
    k = min(k, fleet.nsp)
    fleet.nsp -= k
    n["lost"][fleet.side] = n["lost"].get(fleet.side, 0) + k
    ctx.emit("sunk", msg("The {fleet} loses {n} NSP.", fleet=fleet_t(name), n=k), fleet=name, lost=k)


def _sink_transport(ctx: Ctx) -> None:
    from engine.alexander.aftermath import eliminate_army

    s, n = ctx.s, ctx.s.naval
    army = s.army(n["transport"])
    n["transport_sunk"] = True
    if army is not None:
        leaders = leaders_of(s, army.id)
        for name in leaders:
            s.leaders[name] = f"space:{n['start_port']}"  # the leaders make it back to port
        eliminate_army(ctx, army, msg("its ships were sunk"))


@decides("naval_hits")
def _hits_decide(ctx: Ctx, t):
    s = ctx.s
    items = tuple(Item(f, fleet_t(f), s.fleet(f).nsp) for f in t.args["targets"] if s.fleet(f))
    amounts = Amounts(items, (Total(t.args["hits"], t.args["hits"], label=msg("NSP to sink")),), prefix="sink")
    return ctx.ask(t.side, msg_n("Your ships score {n} hit: which enemy fleet loses it?",
                                "Your ships score {n} hits: which enemy fleets lose them?", t.args["hits"]), [],
                   "naval_hits", amounts=amounts)


@chooses("naval_hits")
def _hits_choose(ctx: Ctx, t, option_id: str):
    counts = _hits_decide(ctx, t).amounts.parse(option_id)
    for name, k in counts.items():
        if k:
            _sink(ctx, name, k)


@runs("naval_finish")
def _finish(ctx: Ctx, t):
    """Fewer NSP lost wins; a tie is a draw and the movers count as beaten; ships alone with
    ASP: the other side wins only by sinking them (11.5). Losers go back to port."""
    s, n = ctx.s, ctx.s.naval
    if not n:
        return
    if not n.get("over"):
        mover, enemy = n["mover"], other(n["mover"])
        lost = n["lost"]
        if n["transport"] and not n["movers"]:
            loser = mover
            winner = enemy if n.get("transport_sunk") else ""
        elif lost[mover] < lost[enemy]:
            winner, loser = mover, enemy
        elif lost[enemy] < lost[mover]:
            winner, loser = enemy, mover
        else:
            winner, loser = "", mover
        if winner:
            ctx.emit("naval_won", msg("The {side} wins the naval combat.", side=side_t(winner)), winner=winner)
        else:
            ctx.emit("naval_draw", msg("The naval combat is a draw: the movers turn back."))
        if loser == mover:
            _send_back(ctx, n["movers"], n["start_port"], transport=None if n.get("transport_sunk") else n["transport"])
            if s.move:
                s.move["over"] = True
        else:
            for name in n["defenders"]:
                port = n["home"].get(name) or nearest_free_port(ctx, n["space"], loser)
                _send_back(ctx, [name], port)
    for f in list(s.fleets):
        if f.nsp <= 0:
            for name in leaders_of(s, "fleet:" + f.name):
                s.leaders[name] = f"space:{f.space}"
            s.fleets.remove(f)
            ctx.emit("fleet_gone", msg("The {fleet} is destroyed.", fleet=fleet_t(f.name)), fleet=f.name)
    s.naval = {}
    refresh_control(s)


def nearest_free_port(ctx: Ctx, start: str, side: str) -> str:
    """The nearest port (by sea) with no enemy fleet, for a fleet beaten in its own port."""
    s = ctx.s
    enemy_ports = {f.space for f in s.fleets if f.side == other(side)}
    seen = {start}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for link in ctx.board.links[space]:
            if not link.sea:
                continue
            nxt = link.end(space)
            if nxt in seen:
                continue
            seen.add(nxt)
            info = ctx.board.spaces[nxt]
            if info.port and not is_transit(s, nxt) and nxt not in enemy_ports:
                return nxt
            queue.append(nxt)
    return start



def nearest_friendly_port(ctx: Ctx, start: str, side: str) -> str:
    """The nearest port (by sea) that is the side's: held by its units, or in a province (or
    island) it controls, with no enemy unit there (11.4 "nel porto amico più vicino"); failing
    one, the nearest port free of enemy fleets."""
    from engine.alexander.world import enemy_combat, present, unit_area

    s = ctx.s
    enemy_fleets = {f.space for f in s.fleets if f.side == other(side)}
    seen = {start}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for link in ctx.board.links[space]:
            nxt = link.end(space)
            if not link.sea or nxt in seen:
                continue
            seen.add(nxt)
            info = ctx.board.spaces[nxt]
            if info.port and not is_transit(s, nxt) and nxt not in enemy_fleets and not enemy_combat(s, nxt, side):
                area = unit_area(nxt)
                if present(s, nxt, side) or any(f.side == side for f in s.fleets_at(nxt)) or \
                        (area is not None and s.control.get(area) == side):
                    return nxt
            queue.append(nxt)
    return nearest_free_port(ctx, start, side)


# -- fleets change sides with their home ports (8.4-8.5) ------------------------------------------
def fleet_allegiance(ctx: Ctx) -> None:
    """A fleet belongs to whoever controls all its home ports. A fleet that changes sides while
    sharing a space with fleets of its old side may sail off at once, up to 4 MP (8.5)."""
    from engine.alexander.world import ISLANDS

    s = ctx.s
    for f in s.fleets:
        info = ctx.board.fleets[f.name]
        if info.card or info.independent or f.side is None:
            continue
        owners = {s.control.get(p if p in ISLANDS else ctx.board.spaces[p].province) for p in info.home_ports}
        if len(owners) != 1:
            continue
        owner = owners.pop()
        if owner is None or owner == f.side:
            continue
        old = f.side
        f.side = owner
        for name in leaders_of(s, "fleet:" + f.name):
            s.leaders[name] = f"space:{f.space}"  # the admiral stays with his side
        ctx.emit("fleet_defects", msg("The {fleet} goes over to the {side}.", fleet=fleet_t(f.name), side=side_t(owner)),
                 fleet=f.name, side=owner)
        if any(o.side == old for o in s.fleets_at(f.space) if o.name != f.name):
            ctx.then(task("defect_move", owner, fleet=f.name))


@decides("defect_move")
def _defect_decide(ctx: Ctx, t):
    f = ctx.s.fleet(t.args["fleet"])
    if f is None or f.side != t.side:
        return None
    return ctx.ask(t.side, msg("The {fleet} has come over to you: sail it away (up to 4 MP)?", fleet=fleet_t(f.name)),
                   [opt("sail", msg("Sail (up to 4 MP)")), opt("stay", msg("Stay"))], "defect")


@runs("defect_move")
def _defect_none(ctx: Ctx, t):
    return


@chooses("defect_move")
def _defect_choose(ctx: Ctx, t, option_id: str):
    """The fleet moves like any fleet, step by step, up to 4 MP; the fleets of its old side in
    the space it leaves may not intercept it, those elsewhere may (8.5)."""
    from engine.alexander.movement import start_move

    if option_id == "stay":
        return
    f = ctx.s.fleet(t.args["fleet"])
    start_move(ctx, t.side, "fleet:" + f.name, ctx.limits["fleet_changes_side_mp"], no_intercept_from=f.space)
