"""The turn: its four phases in order, the end of the turn (Mantenimento), wars ending, victory."""

from __future__ import annotations

from engine.warriors_traders.flow import Ctx, runs, task
from engine.warriors_traders.setup import coop_shape
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
    ctx.emit("turn", f"Turn {s.turn} begins; order: {', '.join(ctx.name(x) for x in s.order)}.",
             turn=s.turn, order=[ctx.name(x) for x in s.order])
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
            ctx.emit("merchant", f"{p.name} doubles their gold to {p.res['gold'] * 2} (Merchant).",
                     player=p.name, gold=p.res["gold"] * 2)
            p.res["gold"] *= 2
        for r, n in p.res.items():
            if n > cap:
                ctx.emit("cap", f"{p.name} returns {n - cap} {r} to the bank (at most {cap}).", player=p.name,
                         resource=r, returned=n - cap)
                p.res[r] = cap
    for u in s.units:
        u.damage = u.incoming = u.ap = u.fights = 0
        u.retreated = u.attacking = u.moved = False
    end_wars(ctx)
    titles = leaders(ctx)
    for track, seat in titles.items():
        if seat is not None:
            ctx.emit("title", f"{ctx.name(seat)} holds the {LEADER_TITLE[track]}.", player=ctx.name(seat),
                     title=LEADER_TITLE[track])
    scores = {p.name: vp(ctx, p.seat) for p in s.players}
    ctx.emit("turn_end", f"End of turn {s.turn}: " + ", ".join(f"{k} {v} VP" for k, v in scores.items()) + ".",
             turn=s.turn, vp=scores)
    if threshold_passed(ctx) or s.turn >= ctx.pieces.turns:
        s.finished = True
        s.phase = "over"
        ctx.emit("game_over", f"The game ends after turn {s.turn}.", turn=s.turn)
        return
    s.turn += 1
    ctx.then(task("turn_start"))


def end_wars(ctx: Ctx) -> None:
    """A war ends when a turn ends with no damage between the sides, or when the third turn
    (counting the one it was declared in) ends (Guerra)."""
    kept = []
    for w in ctx.s.wars:
        names = f"{team_name(ctx, w.a)} and {team_name(ctx, w.b)}"
        if not w.damage:
            ctx.emit("peace", f"The war between {names} ends: no damage this turn.", reason="quiet")
        elif ctx.s.turn - w.declared >= 2:
            ctx.emit("peace", f"The war between {names} ends after its third turn.", reason="time")
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
