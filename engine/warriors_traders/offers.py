"""Offers and peace in the trade phase (Fase Commercio): between two players connected by a
trade route, "ai due giocatori coinvolti verrà permesso di scambiare qualsiasi risorsa tra loro,
a qualsiasi tasso". An offer is one choice of amounts (what to give, what to ask for), then the
other player's accept/refuse decision; the offering player waits for the answer. Peace is
proposed and answered the same way.
"""

from __future__ import annotations

from engine.core import Amounts, Item, Total
from engine.text import msg
from engine.warriors_traders.board import RESOURCES
from engine.warriors_traders.development import can_pay
from engine.warriors_traders.flow import WAIT, Ctx, chooses, decides, decision, opt, task
from engine.warriors_traders.turn import team_name
from engine.warriors_traders.words import bundle_t, resource_t
from engine.warriors_traders.world import at_war, team


def offer_amounts(ctx: Ctx, seat: int, other: int) -> Amounts:
    """What the player may give (all they hold: the cap of 20 applies only at the end of the
    turn) and ask for (all the other holds)."""
    mine, theirs = ctx.p(seat).res, ctx.p(other).res
    give = [Item(f"give:{r}", msg("You give {resource}", resource=resource_t(r)), mine[r], group="give")
            for r in RESOURCES if mine[r]]
    get = [Item(f"get:{r}", msg("You ask for {resource}", resource=resource_t(r)), theirs[r], group="get")
           for r in RESOURCES if theirs[r]]
    totals = (Total(0, sum(i.max for i in give), group="give", label=msg("You give")),
              Total(0, sum(i.max for i in get), group="get", label=msg("You ask for")))
    return Amounts(tuple(give + get), totals, prefix="send")


@decides("draft")
def decide_draft(ctx: Ctx, t):
    seat, other = t.player, t.get("to")
    return decision(ctx, seat, msg("Your offer to {player}: what do you give, what do you ask for?",
                                   player=ctx.name(other)),
                    [opt("cancel", msg("Cancel the offer"))], "offer", offer_amounts(ctx, seat, other))


@chooses("draft")
def choose_draft(ctx: Ctx, t, option_id: str) -> None:
    seat, other = t.player, t.get("to")
    counts = {} if option_id == "cancel" else offer_amounts(ctx, seat, other).parse(option_id)
    if not any(counts.values()):  # cancelled, or an offer of nothing for nothing
        return
    give = {r: counts.get(f"give:{r}", 0) for r in RESOURCES if counts.get(f"give:{r}")}
    get = {r: counts.get(f"get:{r}", 0) for r in RESOURCES if counts.get(f"get:{r}")}
    ctx.then(task(WAIT, seat, on=other))
    ctx.in_lane(other).then(task("answer", other, frm=seat, give=give, get=get))
    words = dict(player=ctx.name(seat), other=ctx.name(other), give=bundle_t(give), get=bundle_t(get))
    text = (msg("{player} offers {other} {give} as a gift.", **words) if not get else
            msg("{player} asks {other} for {get}, giving nothing.", **words) if not give else
            msg("{player} offers {other} {give} for {get}.", **words))
    ctx.emit("offer", text, player=ctx.name(seat), to=ctx.name(other), give=give, get=get)


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
    words = dict(player=ctx.name(frm), give=bundle_t(t.get("give")), get=bundle_t(t.get("get")))
    gift, request = not t.get("get"), not t.get("give")
    options = [opt("refuse", msg("Refuse"))]
    if can_pay(ctx, frm, t.get("give")) and can_pay(ctx, t.player, t.get("get")):
        label = (msg("Accept: you receive {give}", **words) if gift else
                 msg("Accept: you give {get}", **words) if request else
                 msg("Accept: you receive {give} and give {get}", **words))
        options.insert(0, opt("accept", label))
    prompt = (msg("{player} offers you {give} as a gift.", **words) if gift else
              msg("{player} asks you for {get}, giving nothing.", **words) if request else
              msg("{player} offers you {give} for {get}.", **words))
    return decision(ctx, t.player, prompt, options, "answer")


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
    words = dict(player=ctx.name(me), other=ctx.name(frm), give=bundle_t(t.get("give")), get=bundle_t(t.get("get")))
    text = (msg("{player} accepts {other}'s gift of {give}.", **words) if not t.get("get") else
            msg("{player} accepts: {other} receives {get}, giving nothing.", **words) if not t.get("give") else
            msg("{player} accepts: {other} gives {give} and receives {get}.", **words))
    ctx.emit("trade", text, player=ctx.name(me), frm=ctx.name(frm), give=t.get("give"), get=t.get("get"))


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
