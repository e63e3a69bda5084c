"""The turn: its four phases in order, the end of the turn (Mantenimento), wars ending, victory."""

from __future__ import annotations

from engine.text import listing, msg
from engine.warriors_traders.flow import Ctx, runs, task
from engine.warriors_traders.setup import coop_shape
from engine.warriors_traders.words import amount_t, title_t
from engine.warriors_traders.world import LEADER_TITLE, leaders, level, vp


def turn_order(ctx: Ctx) -> list[int]:
    """Nation order, lowest number first. With the variable turn order (Regole facoltative)
    the first player moves on to the next nation in play every turn."""
    seats = sorted(range(len(ctx.s.players)), key=lambda s: ctx.board.nations[ctx.p(s).nation].number)
    if ctx.s.variable_order:
        k = (ctx.s.turn - 1) % len(seats)
        seats = seats[k:] + seats[:k]
    return seats


@runs("turn_start")
def run_turn_start(ctx: Ctx, t) -> None:
    s = ctx.s
    s.order = turn_order(ctx)
    s.phase = "sustenance"
    ctx.emit("turn", msg("Turn {turn} begins; the order is {order}.", turn=s.turn,
                         order=", ".join(ctx.name(x) for x in s.order)), turn=s.turn, order=[ctx.name(x) for x in s.order])
    ctx.then(*[task("feed", seat) for seat in s.order], task("income"), task("trade_start"),
             task("development_start"), task("maneuver_start"), task("turn_end"))


@runs("turn_end")
def run_turn_end(ctx: Ctx, t) -> None:
    s = ctx.s
    s.phase = "upkeep"
    cap = ctx.pieces.cap
    for p in s.players:
        # Merchant (trade IV) doubles the gold, and only then the cap of 20 applies (FAQ).
        if level(ctx, p.seat, "trade") >= 4 and p.res["gold"]:
            ctx.emit("merchant", msg("{player} doubles their gold to {gold} (Merchant, trade level IV).", player=p.name,
                                     gold=amount_t("gold", p.res["gold"] * 2)), player=p.name, gold=p.res["gold"] * 2)
            p.res["gold"] *= 2
        for r, n in p.res.items():
            if n > cap:
                ctx.emit("cap", msg("{player} returns {amount} to the bank (at most {cap} of each resource).",
                                    player=p.name, amount=amount_t(r, n - cap), cap=cap), player=p.name,
                         resource=r, returned=n - cap)
                p.res[r] = cap
    for u in s.units:
        u.damage = u.incoming = u.ap = u.fights = 0
        u.retreated = u.attacking = u.moved = False
    end_wars(ctx)
    titles = leaders(ctx)
    for track, seat in titles.items():
        if seat is not None:
            ctx.emit("title", msg("{player} holds the title of {title} (3 VP).", player=ctx.name(seat),
                                  title=title_t(track)), player=ctx.name(seat), title=LEADER_TITLE[track])
    scores = {p.name: vp(ctx, p.seat) for p in s.players}
    # Built apart: Babel does not extract a msg() nested in a comprehension inside another msg().
    standings = [msg("{player} {vp} VP", player=k, vp=v) for k, v in scores.items()]
    ctx.emit("turn_end", msg("End of turn {turn}: {scores}.", turn=s.turn, scores=listing(standings)),
             turn=s.turn, vp=scores)
    if threshold_passed(ctx) or s.turn >= ctx.pieces.turns:
        s.finished = True
        s.phase = "over"
        ctx.emit("game_over", msg("The game ends after turn {turn}.", turn=s.turn), turn=s.turn)
        return
    s.turn += 1
    ctx.then(task("turn_start"))


def end_wars(ctx: Ctx) -> None:
    """A war ends when a turn ends with no damage between the sides, or when the third turn
    (counting the one it was declared in) ends (Guerra)."""
    kept = []
    for w in ctx.s.wars:
        sides = dict(side=team_name(ctx, w.a), other=team_name(ctx, w.b))
        if not w.damage:
            ctx.emit("peace", msg("The war between {side} and {other} ends: no damage this turn.", **sides),
                     reason="quiet")
        elif ctx.s.turn - w.declared >= 2:
            ctx.emit("peace", msg("The war between {side} and {other} ends after its third turn.", **sides),
                     reason="time")
        else:
            w.damage = False
            kept.append(w)
    ctx.s.wars = kept


def team_name(ctx: Ctx, team: int) -> str:
    return " & ".join(p.name for p in ctx.s.players if p.team == team)


def team_vp(ctx: Ctx) -> dict[int, int]:
    out: dict[int, int] = {}
    for p in ctx.s.players:
        out[p.team] = out.get(p.team, 0) + vp(ctx, p.seat)
    return out


def threshold(ctx: Ctx) -> int:
    if ctx.s.coop:
        return ctx.pieces.victory_coop[coop_shape(ctx.s)]
    return ctx.pieces.victory_free[len(ctx.s.players)]


def threshold_passed(ctx: Ctx) -> bool:
    return max(team_vp(ctx).values()) >= threshold(ctx)
