"""Phase II, Commercio: everyone trades at once until all have declared they are done.

Only players controlling a trade centre take part: they trade with the bank at their rate or
with players they are connected to by a trade route, and buy VP (10 gold each). Proposing
peace, which the engine hosts in this phase, is open to everyone. An offer is drafted one resource at a time, then becomes an
accept/refuse decision of the other player; the offering player waits for the answer.

A player's trading ends when they say "done", or by itself when nothing they could ever do
in this phase remains. One with nothing to do yet, but to whom a player still trading could
open a route, waits (no decision) until that route comes or that chance is gone.
"""

from __future__ import annotations

from engine.text import msg
from engine.warriors_traders.board import RESOURCES
from engine.warriors_traders.development import can_pay
from engine.warriors_traders.flow import (
    PARALLEL,
    WAIT,
    Ctx,
    chooses,
    decides,
    decision,
    grouped,
    opt,
    runs,
    task,
    waits,
)
from engine.warriors_traders.turn import team_name
from engine.warriors_traders.words import amount_t, bundle_t, resource_t
from engine.warriors_traders.world import at_war, controls_trade_center, level, team


def monopoly(ctx: Ctx, seat: int) -> bool:
    return level(ctx, seat, "trade") >= 7


def anyone_monopoly(ctx: Ctx) -> bool:
    return any(monopoly(ctx, p.seat) for p in ctx.s.players)


def can_bank(ctx: Ctx, seat: int) -> bool:
    """Monopoly: once someone has it, only its holders trade with the bank."""
    return controls_trade_center(ctx, seat) and (monopoly(ctx, seat) or not anyone_monopoly(ctx))


def connected(ctx: Ctx, a: int, b: int) -> bool:
    return b in ctx.p(a).routes or a in ctx.p(b).routes


def can_trade_with(ctx: Ctx, a: int, b: int) -> bool:
    if a == b or not connected(ctx, a, b):
        return False
    if not (controls_trade_center(ctx, a) and controls_trade_center(ctx, b)):
        return False
    # Without Monopoly one trades only with a player who has it (once anyone has it).
    return not anyone_monopoly(ctx) or monopoly(ctx, a) or monopoly(ctx, b)


def routes_allowed(ctx: Ctx, seat: int) -> int:
    return ctx.pieces.trade[level(ctx, seat, "trade")]["routes"]


def can_open_route(ctx: Ctx, a: int, b: int) -> bool:
    """Only the opener's trade level limits routes; the other needs a trade centre (FAQ)."""
    return (a != b and not connected(ctx, a, b) and len(ctx.p(a).routes) < routes_allowed(ctx, a)
            and controls_trade_center(ctx, a) and controls_trade_center(ctx, b))


@runs("trade_start")
def run_trade_start(ctx: Ctx, t) -> None:
    ctx.s.phase = "trade"
    ctx.s.lanes = {seat: [task("trade", seat)] for seat in ctx.s.order}
    ctx.then(task(PARALLEL))


def trade_options(ctx: Ctx, seat: int) -> list:
    """What the player can do in the trade phase now, besides declaring "done"."""
    p = ctx.p(seat)
    options = []
    # "Solo i giocatori che controllano un Centro Commerciale possono partecipare a questa Fase!"
    if controls_trade_center(ctx, seat) and p.res["gold"] >= ctx.pieces.vp_price:
        options.append(opt("vp", msg("Buy 1 VP ({cost})", cost=amount_t("gold", ctx.pieces.vp_price))))
    if can_bank(ctx, seat):
        rate = ctx.pieces.trade[level(ctx, seat, "trade")]["rate"]
        for give in RESOURCES:
            if p.res[give] >= rate:
                group = msg("Give {amount} to the bank", amount=amount_t(give, rate))
                for get in RESOURCES:
                    if get != give:
                        options.append(opt(f"bank:{give}:{get}", msg("Give {give} to the bank for {get}",
                                                                     give=amount_t(give, rate), get=amount_t(get, 1)),
                                           group))
    for other in ctx.s.players:
        if other.seat == seat:
            continue
        if can_open_route(ctx, seat, other.seat):
            options.append(opt(f"route:{other.name}", msg("Open a trade route to {player}", player=other.name)))
        if can_trade_with(ctx, seat, other.seat):
            options.append(opt(f"offer:{other.name}", msg("Make an offer to {player}", player=other.name)))
        if at_war(ctx, seat, other.seat):
            options.append(opt(f"peace:{other.name}", msg("Propose peace to {player}", player=other.name)))
    return options


def still_trading(ctx: Ctx, seat: int) -> bool:
    return any(t.kind == "trade" for t in ctx.s.lanes.get(seat, []))


def route_may_come(ctx: Ctx, seat: int) -> bool:
    """Another player still trading could open a route to `seat` and then trade with them."""
    return any(still_trading(ctx, other.seat) and can_open_route(ctx, other.seat, seat)
               and (not anyone_monopoly(ctx) or monopoly(ctx, seat) or monopoly(ctx, other.seat))
               for other in ctx.s.players if other.seat != seat)


@waits("trade")
def trade_waits(ctx: Ctx, t) -> bool:
    return not trade_options(ctx, t.player) and route_may_come(ctx, t.player)


@decides("trade")
def decide_trade(ctx: Ctx, t):
    options = trade_options(ctx, t.player)
    if not options:
        return None
    return decision(ctx, t.player, msg("Trade phase: trade, or declare you are done."),
                    grouped([opt("done", msg("Done trading")), *options]), "trade")


@runs("trade")
def run_trade(ctx: Ctx, t) -> None:
    """Nothing the player could do in this phase remains."""
    name = ctx.name(t.player)
    ctx.emit("trade_done", msg("{player} has nothing left to trade in this phase.", player=name), player=name)


@chooses("trade")
def choose_trade(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    p = ctx.p(seat)
    if option_id == "done":
        ctx.emit("trade_done", msg("{player} is done trading.", player=p.name), player=p.name)
        return
    ctx.then(t)  # the trade menu stays until "done"
    verb, _, rest = option_id.partition(":")
    if verb == "vp":
        p.res["gold"] -= ctx.pieces.vp_price
        p.vp_bought += 1
        ctx.emit("vp", msg("{player} buys 1 VP for {cost}.", player=p.name, cost=amount_t("gold", ctx.pieces.vp_price)),
                 player=p.name, amount=1)
    elif verb == "bank":
        give, get = rest.split(":")
        rate = ctx.pieces.trade[level(ctx, seat, "trade")]["rate"]
        p.res[give] -= rate
        p.res[get] += 1
        ctx.emit("bank", msg("{player} gives the bank {give} for {get}.", player=p.name, give=amount_t(give, rate),
                             get=amount_t(get, 1)), player=p.name, give=give, rate=rate, get=get)
    elif verb == "route":
        other = ctx.seat_of(rest)
        p.routes.append(other)
        ctx.emit("route", msg("{player} opens a trade route to {other}.", player=p.name, other=rest), player=p.name,
                 to=rest)
    elif verb == "offer":
        ctx.then(task("draft", seat, to=ctx.seat_of(rest), give={}, get={}))
    elif verb == "peace":
        other = ctx.seat_of(rest)
        ctx.then(task(WAIT, seat, on=other))
        ctx.in_lane(other).then(task("peace_answer", other, frm=seat))
        ctx.emit("peace_offer", msg("{player} proposes peace to {other}.", player=p.name, other=rest), player=p.name,
                 to=rest)


@decides("draft")
def decide_draft(ctx: Ctx, t):
    seat, other = t.player, t.get("to")
    give, get = t.get("give"), t.get("get")
    options = []
    # Any amount held, at any rate: the cap of 20 applies only at the end of the turn.
    for r in RESOURCES:
        if give.get(r, 0) < ctx.p(seat).res[r]:
            options.append(opt(f"give:{r}", msg("Give one more {resource} (now {amount})", resource=resource_t(r),
                                                amount=amount_t(r, give.get(r, 0)))))
    for r in RESOURCES:
        if get.get(r, 0) < ctx.p(other).res[r]:
            options.append(opt(f"get:{r}", msg("Ask one more {resource} (now {amount})", resource=resource_t(r),
                                               amount=amount_t(r, get.get(r, 0)))))
    if any(give.values()) or any(get.values()):
        options.append(opt("send", msg("Send: you give {give} and get {get}", give=bundle_t(give), get=bundle_t(get))))
    options.append(opt("cancel", msg("Cancel the offer")))
    return decision(ctx, seat, msg("Offer to {player}: you give {give} and get {get}.", player=ctx.name(other),
                                   give=bundle_t(give), get=bundle_t(get)), options, "offer")


@chooses("draft")
def choose_draft(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "cancel":
        return
    seat, other = t.player, t.get("to")
    if option_id == "send":
        ctx.then(task(WAIT, seat, on=other))
        ctx.in_lane(other).then(task("answer", other, frm=seat, give=t.get("give"), get=t.get("get")))
        ctx.emit("offer", msg("{player} offers {other} {give} for {get}.", player=ctx.name(seat), other=ctx.name(other),
                              give=bundle_t(t.get("give")), get=bundle_t(t.get("get"))),
                 player=ctx.name(seat), to=ctx.name(other), give=t.get("give"), get=t.get("get"))
        return
    side, r = option_id.split(":")
    bundle = dict(t.get(side))
    bundle[r] = bundle.get(r, 0) + 1
    ctx.then(t.but(**{side: bundle}))


def _release(ctx: Ctx, waiting: int, on: int) -> None:
    """The answer has come: the offering player's lane goes on."""
    lane = ctx.s.lanes[waiting]
    for i in range(len(lane) - 1, -1, -1):
        if lane[i].kind == WAIT and lane[i].get("on") == on:
            del lane[i]
            return
    raise RuntimeError("an answer found nobody waiting for it")


@decides("answer")
def decide_answer(ctx: Ctx, t):
    frm = t.get("frm")
    give, get = bundle_t(t.get("give")), bundle_t(t.get("get"))
    options = [opt("refuse", msg("Refuse"))]
    if can_pay(ctx, frm, t.get("give")) and can_pay(ctx, t.player, t.get("get")):
        options.insert(0, opt("accept", msg("Accept: you receive {give} and give {get}", give=give, get=get)))
    return decision(ctx, t.player, msg("{player} offers you {give} for {get}.", player=ctx.name(frm), give=give,
                                       get=get), options, "answer")


@chooses("answer")
def choose_answer(ctx: Ctx, t, option_id: str) -> None:
    frm, me = t.get("frm"), t.player
    _release(ctx, frm, me)
    if option_id == "refuse":
        ctx.emit("refuse", msg("{player} refuses {other}'s offer.", player=ctx.name(me), other=ctx.name(frm)),
                 player=ctx.name(me), to=ctx.name(frm))
        return
    for r, n in t.get("give").items():
        ctx.p(frm).res[r] -= n
        ctx.p(me).res[r] += n
    for r, n in t.get("get").items():
        ctx.p(me).res[r] -= n
        ctx.p(frm).res[r] += n
    ctx.emit("trade", msg("{player} accepts: {other} gives {give} and receives {get}.", player=ctx.name(me),
                          other=ctx.name(frm), give=bundle_t(t.get("give")), get=bundle_t(t.get("get"))),
             player=ctx.name(me), frm=ctx.name(frm), give=t.get("give"), get=t.get("get"))


@decides("peace_answer")
def decide_peace(ctx: Ctx, t):
    return decision(ctx, t.player, msg("{player} proposes peace.", player=ctx.name(t.get("frm"))),
                    [opt("accept", msg("Accept peace")), opt("refuse", msg("Refuse"))], "peace")


@chooses("peace_answer")
def choose_peace(ctx: Ctx, t, option_id: str) -> None:
    frm, me = t.get("frm"), t.player
    _release(ctx, frm, me)
    if option_id == "accept" and at_war(ctx, frm, me):
        a, b = team(ctx, frm), team(ctx, me)
        ctx.s.wars = [w for w in ctx.s.wars if {w.a, w.b} != {a, b}]
        ctx.emit("peace", msg("Peace between {side} and {other}.", side=team_name(ctx, a), other=team_name(ctx, b)),
                 reason="agreement")
    else:
        ctx.emit("refuse", msg("{player} refuses peace with {other}.", player=ctx.name(me), other=ctx.name(frm)),
                 player=ctx.name(me))
