"""Phase II, Commercio: everyone trades at once until all have declared they are done.

Only players controlling a trade centre take part: they trade with the bank at their rate or
with players they are connected to by a trade route, and buy VP (10 gold each). Proposing
peace, which the engine hosts in this phase, is open to everyone. Offers and peace are in
offers.py.

The trade menu is one decision: plain options (done, buy 1 VP, a route, an offer, peace) and
one choice of amounts for the bank: any number of bank trades at the player's rate, in one go.

A player's trading ends when they say "done", or by itself when nothing they could ever do
in this phase remains. One with nothing to do yet, but to whom a player still trading could
open a route, waits (no decision) until that route comes or that chance is gone.
"""

from __future__ import annotations

from engine.core import Amounts, Item, Total
from engine.text import msg, msg_n
from engine.warriors_traders.board import RESOURCES
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
from engine.warriors_traders.words import amount_t, resource_t
from engine.warriors_traders.world import at_war, controls_trade_center, level


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


def bank_amounts(ctx: Ctx, seat: int) -> Amounts | None:
    """Bank trades, as many as the player can pay for: each item one trade of `rate` of a
    resource for 1 of another, with a total per resource given (what the player holds)."""
    p = ctx.p(seat)
    items, totals = [], []
    if can_bank(ctx, seat):
        rate = ctx.pieces.trade[level(ctx, seat, "trade")]["rate"]
        for give in RESOURCES:
            lots = p.res[give] // rate
            if not lots:
                continue
            items += [Item(f"bank:{give}:{get}", msg("Give {give} to the bank for {get}", give=amount_t(give, rate),
                                                     get=amount_t(get, 1)), lots, group=give)
                      for get in RESOURCES if get != give]
            totals.append(Total(0, lots, group=give, label=msg("{resource} given to the bank, {rate} at a time",
                                                                  resource=resource_t(give), rate=rate)))
    if not items:
        return None
    return Amounts(tuple(items), tuple(totals), prefix="trade")


def still_trading(ctx: Ctx, seat: int) -> bool:
    return any(t.kind == "trade" for t in ctx.s.lanes.get(seat, []))


def route_may_come(ctx: Ctx, seat: int) -> bool:
    """Another player still trading could open a route to `seat` and then trade with them."""
    return any(still_trading(ctx, other.seat) and can_open_route(ctx, other.seat, seat)
               and (not anyone_monopoly(ctx) or monopoly(ctx, seat) or monopoly(ctx, other.seat))
               for other in ctx.s.players if other.seat != seat)


def nothing_to_do(ctx: Ctx, seat: int) -> bool:
    return not trade_options(ctx, seat) and bank_amounts(ctx, seat) is None


@waits("trade")
def trade_waits(ctx: Ctx, t) -> bool:
    return nothing_to_do(ctx, t.player) and route_may_come(ctx, t.player)


@decides("trade")
def decide_trade(ctx: Ctx, t):
    if nothing_to_do(ctx, t.player):
        return None
    options = [opt("done", msg("Done trading")), *trade_options(ctx, t.player)]
    return decision(ctx, t.player, msg("Trade phase: trade, or declare you are done."), grouped(options), "trade",
                    bank_amounts(ctx, t.player))


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
    verb, _, rest = option_id.partition(":")
    # The trade menu stays until "done"; it counts the offers and peace proposals the player
    # made in this phase (a bot player weighs asking again against that: evaluate.py).
    ctx.then(t.but(asked=t.get("asked", 0) + 1) if verb in ("offer", "peace") else t)
    if verb == "vp":
        buy_vp(ctx, seat, 1)
    elif verb == "trade":
        amounts = bank_amounts(ctx, seat)
        counts = amounts.parse(option_id)  # all zero: nothing traded, the menu stays
        rate = ctx.pieces.trade[level(ctx, seat, "trade")]["rate"]
        for item in amounts.items:
            if counts[item.id]:
                _, give, get = item.id.split(":")
                bank(ctx, seat, give, get, rate, counts[item.id])
    elif verb == "route":
        other = ctx.seat_of(rest)
        p.routes.append(other)
        ctx.emit("route", msg("{player} opens a trade route to {other}.", player=p.name, other=rest), player=p.name,
                 to=rest)
    elif verb == "offer":
        ctx.then(task("draft", seat, to=ctx.seat_of(rest)))
    elif verb == "peace":
        other = ctx.seat_of(rest)
        ctx.then(task(WAIT, seat, on=other))
        ctx.in_lane(other).then(task("peace_answer", other, frm=seat))
        ctx.emit("peace_offer", msg("{player} proposes peace to {other}.", player=p.name, other=rest), player=p.name,
                 to=rest)


def buy_vp(ctx: Ctx, seat: int, n: int) -> None:
    p = ctx.p(seat)
    p.res["gold"] -= n * ctx.pieces.vp_price
    p.vp_bought += n
    ctx.emit("vp", msg_n("{player} buys {n} VP for {cost}.", "{player} buys {n} VP for {cost}.", n, player=p.name,
                         cost=amount_t("gold", n * ctx.pieces.vp_price)), player=p.name, amount=n)


def bank(ctx: Ctx, seat: int, give: str, get: str, rate: int, n: int) -> None:
    p = ctx.p(seat)
    p.res[give] -= rate * n
    p.res[get] += n
    ctx.emit("bank", msg("{player} gives the bank {give} for {get}.", player=p.name, give=amount_t(give, rate * n),
                         get=amount_t(get, n)), player=p.name, give=give, rate=rate, get=get, times=n)
