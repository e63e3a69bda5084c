"""Phase I, Sostentamento: feed the armies in nation order, then everyone's income at once."""

from __future__ import annotations

from engine.warriors_traders.board import Kind
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS
from engine.warriors_traders.world import controlled, level, refresh_owner

# Trade-route income of the 2- and 3-player variants: what each unused route slot gives.
ROUTE_INCOME = {
    2: ({"goods"}, {"goods", "weapons"}, {"gold", "food", "goods", "weapons"}),
    3: ({"goods"}, {"goods", "weapons"}, {"food", "goods", "weapons"}),
}


def armies(ctx: Ctx, seat: int) -> list:
    return [u for u in ctx.s.units if u.owner == seat and u.kind in ARMY_KINDS]


def food_needed(ctx: Ctx, seat: int) -> int:
    return sum(ctx.pieces.units[u.kind].food for u in armies(ctx, seat))


@decides("feed")
def decide_feed(ctx: Ctx, t):
    seat = t.player
    # Pillaging (military VI): the armies need no food.
    if level(ctx, seat, "military") >= 6 or not armies(ctx, seat):
        return None
    need = food_needed(ctx, seat)
    options = []
    if need <= ctx.p(seat).res["food"]:
        options.append(opt("feed", f"Feed all armies ({need} food)"))
    for u in armies(ctx, seat):
        options.append(opt(f"starve:{u.id}", f"Let the {u.kind} in {u.at} starve"))
    return decision(ctx, seat, f"Feed your armies: {need} food needed, you have {ctx.p(seat).res['food']}.",
                    options, "feed")


@runs("feed")
def run_feed(ctx: Ctx, t) -> None:
    if armies(ctx, t.player):
        ctx.emit("feed", f"{ctx.name(t.player)}'s armies pillage and need no food.", player=ctx.name(t.player))


@chooses("feed")
def choose_feed(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    if option_id == "feed":
        need = food_needed(ctx, seat)
        ctx.p(seat).res["food"] -= need
        ctx.emit("feed", f"{ctx.name(seat)} feeds their armies ({need} food).", player=ctx.name(seat), food=need)
        return
    u = ctx.unit(int(option_id.split(":")[1]))
    ctx.remove_unit(u)
    refresh_owner(ctx, u.at)
    ctx.emit("starve", f"{ctx.name(seat)}'s {u.kind} in {u.at} starves.", player=ctx.name(seat), unit=u.kind,
             province=u.at)
    ctx.then(t)


def income_of(ctx: Ctx, seat: int) -> dict[str, int]:
    """Symbols of the controlled provinces times the multipliers, plus the taxes."""
    symbols = {"food": 0, "goods": 0, "weapons": 0}
    provinces = controlled(ctx, seat)
    for name in provinces:
        for r, n in ctx.board.provinces[name].symbols.items():
            symbols[r] += n
    prod = ctx.pieces.production[level(ctx, seat, "production")]
    mil = ctx.pieces.military[level(ctx, seat, "military")]
    got = {"food": symbols["food"] * prod["food"], "goods": symbols["goods"] * prod["goods"],
           "weapons": symbols["weapons"] * mil["weapons"], "gold": 0}
    if level(ctx, seat, "production") >= 6:  # Production Tax: 1 gold per capital (errata)
        got["gold"] += sum(1 for p in provinces if ctx.board.provinces[p].kind == Kind.CAPITAL)
    if level(ctx, seat, "trade") >= 5:  # Trade Tax: 1 gold per trade centre
        got["gold"] += sum(1 for p in provinces if ctx.board.provinces[p].kind == Kind.TRADE_CENTER)
    return got


@runs("income")
def run_income(ctx: Ctx, t) -> None:
    for seat in ctx.s.order:
        p = ctx.p(seat)
        got = income_of(ctx, seat)
        for r, n in got.items():
            p.res[r] += n
        ctx.emit("income", f"{p.name} receives " + ", ".join(f"{n} {r}" for r, n in got.items() if n)
                 + ("" if any(got.values()) else "nothing") + ".", player=p.name, **got)
    if ctx.s.variant:
        players = len(ctx.s.players)
        for seat in ctx.s.order:
            allowed = ctx.pieces.trade[level(ctx, seat, "trade")]["routes"]
            used = len(ctx.p(seat).routes)
            for slot in range(used, allowed):
                ctx.then(task("route_income", seat, slot=slot, players=players))


@decides("route_income")
def decide_route_income(ctx: Ctx, t):
    kinds = sorted(ROUTE_INCOME[t.get("players")][t.get("slot")])
    return decision(ctx, t.player, f"Your unused trade route {t.get('slot') + 1} yields one resource.",
                    [opt(f"take:{r}", f"Take 1 {r}") for r in kinds], "route_income")


@chooses("route_income")
def choose_route_income(ctx: Ctx, t, option_id: str) -> None:
    r = option_id.split(":")[1]
    ctx.p(t.player).res[r] += 1
    ctx.emit("income", f"{ctx.name(t.player)} takes 1 {r} from an unused trade route.", player=ctx.name(t.player),
             **{r: 1})
