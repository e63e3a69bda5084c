"""Phase I, Sostentamento: feed the armies in nation order, then everyone's income at once.

Feeding asks only when the food does not suffice, or when the player's preference `feed` is
"ask" (prefs.py)."""

from __future__ import annotations

from engine.text import msg
from engine.warriors_traders.board import Kind
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, grouped, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS
from engine.warriors_traders.words import amount_t, bundle_t, province_t, unit_t
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


def hungry(ctx: Ctx, seat: int) -> bool:
    """The player's armies eat this turn (Pillaging, military VI, feeds them off the land)."""
    return level(ctx, seat, "military") < 6 and bool(armies(ctx, seat))


def army_classes(ctx: Ctx, seat: int) -> dict[tuple[str, str], list]:
    """The player's armies by (kind, province): armies of one class are the same choice."""
    out: dict[tuple[str, str], list] = {}
    for u in armies(ctx, seat):
        out.setdefault((u.kind, u.at), []).append(u)
    return out


@decides("feed")
def decide_feed(ctx: Ctx, t):
    seat = t.player
    if not hungry(ctx, seat):
        return None
    need, food = food_needed(ctx, seat), ctx.p(seat).res["food"]
    if need <= food and ctx.prefers(seat, "feed") == "auto":
        return None  # fed without asking (the player's preference)
    if need > food and len(armies(ctx, seat)) == 1:
        return None  # the only army starves: no choice
    options = []
    if need <= food:
        options.append(opt("feed", msg("Feed all armies ({food})", food=amount_t("food", need))))
    for (kind, at), _units in army_classes(ctx, seat).items():
        options.append(opt(f"starve:{kind}:{at}", msg("Let {unit} in {province} starve (saves {food})",
                                                        unit=unit_t(kind), province=province_t(at),
                                                        food=amount_t("food", ctx.pieces.units[kind].food))))
    words = dict(need=amount_t("food", need), food=amount_t("food", food))
    prompt = (msg("Feed your armies: they need {need}; you have {food}.", **words) if need <= food else
              msg("Your armies need {need} and you have {food}: choose an army that starves (the rest are fed "
                  "once the food suffices).", **words))
    return decision(ctx, seat, prompt, grouped(options), "feed")


@runs("feed")
def run_feed(ctx: Ctx, t) -> None:
    seat = t.player
    if not armies(ctx, seat):
        return
    if not hungry(ctx, seat):
        ctx.emit("feed", msg("{player}'s armies pillage and need no food.", player=ctx.name(seat)),
                 player=ctx.name(seat))
        return
    if food_needed(ctx, seat) > ctx.p(seat).res["food"]:
        starve(ctx, seat, armies(ctx, seat)[0])
    feed_all(ctx, seat)


def feed_all(ctx: Ctx, seat: int) -> None:
    need = food_needed(ctx, seat)
    if not need:
        return
    ctx.p(seat).res["food"] -= need
    ctx.emit("feed", msg("{player} feeds their armies ({food}).", player=ctx.name(seat), food=amount_t("food", need)),
             player=ctx.name(seat), food=need)


def starve(ctx: Ctx, seat: int, u) -> None:
    ctx.remove_unit(u)
    refresh_owner(ctx, u.at)
    ctx.emit("starve", msg("{player}'s {unit} in {province} starves.", player=ctx.name(seat), unit=unit_t(u.kind),
                           province=province_t(u.at)), player=ctx.name(seat), unit=u.kind, province=u.at)


@chooses("feed")
def choose_feed(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    if option_id == "feed":
        feed_all(ctx, seat)
        return
    _, kind, at = option_id.split(":", 2)
    starve(ctx, seat, army_classes(ctx, seat)[kind, at][-1])
    ctx.then(t)  # fed without a question once the food suffices (unless the preference asks)


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
        ctx.emit("income", msg("{player} receives {income}.", player=p.name, income=bundle_t(got)), player=p.name,
                 **got)
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
    return decision(ctx, t.player, msg("Your unused trade route {n} yields one resource: which?", n=t.get("slot") + 1),
                    [opt(f"take:{r}", msg("Take {amount}", amount=amount_t(r, 1))) for r in kinds], "route_income")


@chooses("route_income")
def choose_route_income(ctx: Ctx, t, option_id: str) -> None:
    r = option_id.split(":")[1]
    ctx.p(t.player).res[r] += 1
    ctx.emit("income", msg("{player} takes {amount} from an unused trade route.", player=ctx.name(t.player),
                           amount=amount_t(r, 1)), player=ctx.name(t.player), **{r: 1})
