"""Phase III, Sviluppo: two actions each (ascending, then descending nation order), the extra
actions of University, Master Trader and Warlord, then the optional move of one token."""

from __future__ import annotations

from engine.warriors_traders.board import TRACKS
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS, FORTRESS, War
from engine.warriors_traders.turn import team_name
from engine.warriors_traders.world import (
    allied,
    at_war,
    friendly,
    level,
    max_tokens,
    reserve,
    team,
)

MASTER_TRADER_PRICE = 5


@runs("development_start")
def run_development_start(ctx: Ctx, t) -> None:
    s = ctx.s
    s.phase = "development"
    ctx.then(*[task("action", seat, why="first") for seat in s.order],
             *[task("action", seat, why="second") for seat in reversed(s.order)],
             *[task("extra", seat, university=1, bought=0, warlord=1) for seat in s.order],
             *[task("shift", seat) for seat in s.order],
             task("phase_end", what="development"))


@runs("phase_end")
def run_phase_end(ctx: Ctx, t) -> None:
    ctx.emit("phase", f"The {t.get('what')} phase ends.", phase=t.get("what"))


def can_pay(ctx: Ctx, seat: int, cost: dict[str, int]) -> bool:
    return all(ctx.p(seat).res[r] >= n for r, n in cost.items())


def pay(ctx: Ctx, seat: int, cost: dict[str, int]) -> None:
    for r, n in cost.items():
        ctx.p(seat).res[r] -= n


def build_sites(ctx: Ctx, seat: int) -> list[str]:
    """Armies are placed in a province the player (or, in cooperative play, an ally) controls."""
    return [p for p in ctx.board.provinces if friendly(ctx, seat, ctx.s.owner.get(p))]


def fortress_sites(ctx: Ctx, seat: int) -> list[str]:
    """Only in one's own provinces (not allies'), at most two per province."""
    return [p for p in ctx.board.provinces if ctx.s.owner.get(p) == seat
            and sum(1 for u in ctx.units_at(p) if u.kind == FORTRESS) < ctx.pieces.fortress_per_province]


def buildable(ctx: Ctx, seat: int) -> list[str]:
    mil = level(ctx, seat, "military")
    return [k for k in ARMY_KINDS if mil >= ctx.pieces.units[k].military_level and reserve(ctx, seat, k) > 0
            and can_pay(ctx, seat, ctx.pieces.units[k].cost)]


def upgrades(ctx: Ctx, seat: int) -> list[tuple[int, str]]:
    """(unit id, new kind) pairs: Reinforce (production V), 7 goods a level, own or allied armies."""
    if level(ctx, seat, "production") < 5:
        return []
    out = []
    for u in ctx.s.units:
        if u.kind not in ARMY_KINDS or not allied(ctx, seat, u.owner):
            continue
        start = ARMY_KINDS.index(u.kind)
        for k in ARMY_KINDS[start + 1:]:
            steps = ARMY_KINDS.index(k) - start
            if ctx.p(seat).res["goods"] >= steps * ctx.pieces.upgrade_goods and reserve(ctx, u.owner, k) > 0:
                out.append((u.id, k))
    return out


def war_targets(ctx: Ctx, seat: int) -> list[int]:
    """Anyone not allied; declaring again on an enemy starts the war anew (Guerra)."""
    return [p.seat for p in ctx.s.players if not allied(ctx, seat, p.seat)]


def action_options(ctx: Ctx, seat: int, *, only_war: bool = False) -> list:
    options = []
    if not only_war:
        for track in TRACKS:
            if ctx.p(seat).tokens[track] < max_tokens(ctx):
                options.append(opt(f"tech:{track}", f"Develop {track} (now level {level(ctx, seat, track)})"))
        if build_sites(ctx, seat):
            for k in buildable(ctx, seat):
                options.append(opt(f"build:{k}", f"Build {k}"))
        if (level(ctx, seat, "production") >= 4 and reserve(ctx, seat, FORTRESS) > 0
                and can_pay(ctx, seat, ctx.pieces.fortress_cost) and fortress_sites(ctx, seat)):
            options.append(opt("fortress", "Build a fortress (12 goods, 2 food, 1 gold)"))
        if upgrades(ctx, seat):
            options.append(opt("upgrade", "Upgrade an army"))
    for other in war_targets(ctx, seat):
        again = " again" if at_war(ctx, seat, other) else ""
        options.append(opt(f"war:{ctx.name(other)}", f"Declare war{again} on {ctx.name(other)}"))
    options.append(opt("pass", "Pass"))
    return options


@decides("action")
def decide_action(ctx: Ctx, t):
    why = {"first": "your first action", "second": "your second action", "extra": "an extra action",
           "unification": "a unification action", "warlord": "Warlord: declare war"}[t.get("why")]
    return decision(ctx, t.player, f"Development: choose {why}.",
                    action_options(ctx, t.player, only_war=t.get("why") == "warlord"), "action")


@chooses("action")
def choose_action(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    verb, _, rest = option_id.partition(":")
    if verb == "pass":
        ctx.emit("pass", f"{ctx.name(seat)} passes.", player=ctx.name(seat))
    elif verb == "tech":
        ctx.p(seat).tokens[rest] += 1
        ctx.emit("tech", f"{ctx.name(seat)} develops {rest} (level {level(ctx, seat, rest)}).",
                 player=ctx.name(seat), track=rest, level=level(ctx, seat, rest))
    elif verb == "build":
        # Warlord (military VII): two armies for one action, both paid for.
        second = level(ctx, seat, "military") >= 7
        ctx.then(task("place", seat, piece=rest, second=second))
    elif verb == "fortress":
        ctx.then(task("place", seat, piece=FORTRESS, second=False))
    elif verb == "upgrade":
        ctx.then(task("upgrade_pick", seat))
    elif verb == "war":
        declare_war(ctx, seat, ctx.seat_of(rest))


def declare_war(ctx: Ctx, seat: int, other: int) -> None:
    a, b = team(ctx, seat), team(ctx, other)
    ctx.s.wars = [w for w in ctx.s.wars if {w.a, w.b} != {a, b}]
    ctx.s.wars.append(War(a=a, b=b, declared=ctx.s.turn))
    ctx.emit("war", f"{team_name(ctx, a)} declare{'s' if not ctx.s.coop else ''} war on {team_name(ctx, b)}.",
             player=ctx.name(seat), to=ctx.name(other))


@decides("place")
def decide_place(ctx: Ctx, t):
    kind = t.get("piece")
    sites = fortress_sites(ctx, t.player) if kind == FORTRESS else build_sites(ctx, t.player)
    options = [opt(f"at:{p}", f"Place the {kind} in {p}") for p in sites]
    return decision(ctx, t.player, f"Where does the new {kind} go?", options, "place")


@chooses("place")
def choose_place(ctx: Ctx, t, option_id: str) -> None:
    seat, kind = t.player, t.get("piece")
    where = option_id.split(":", 1)[1]
    cost = ctx.pieces.fortress_cost if kind == FORTRESS else ctx.pieces.units[kind].cost
    pay(ctx, seat, cost)
    ctx.add_unit(seat, kind, where)
    article = "an" if kind[0] in "aeiou" else "a"
    ctx.emit("build", f"{ctx.name(seat)} builds {article} {kind} in {where}.", player=ctx.name(seat), unit=kind,
             province=where, cost=cost)
    if t.get("second"):
        ctx.then(task("second_build", seat))


@decides("second_build")
def decide_second(ctx: Ctx, t):
    options = [opt(f"build:{k}", f"Build a second army: {k}") for k in buildable(ctx, t.player)]
    options.append(opt("stop", "No second army"))
    return decision(ctx, t.player, "Warlord: build a second army with the same action?", options, "build")


@chooses("second_build")
def choose_second(ctx: Ctx, t, option_id: str) -> None:
    if option_id != "stop":
        ctx.then(task("place", t.player, piece=option_id.split(":")[1], second=False))


@decides("upgrade_pick")
def decide_upgrade(ctx: Ctx, t):
    options = []
    for uid, k in upgrades(ctx, t.player):
        u = ctx.unit(uid)
        steps = ARMY_KINDS.index(k) - ARMY_KINDS.index(u.kind)
        owner = "" if u.owner == t.player else f"{ctx.name(u.owner)}'s "
        options.append(opt(f"upgrade:{uid}:{k}", f"{owner}{u.kind} in {u.at} to {k} "
                           f"({steps * ctx.pieces.upgrade_goods} goods)"))
    return decision(ctx, t.player, "Upgrade which army?", options, "upgrade")


@chooses("upgrade_pick")
def choose_upgrade(ctx: Ctx, t, option_id: str) -> None:
    _, uid, k = option_id.split(":")
    u = ctx.unit(int(uid))
    steps = ARMY_KINDS.index(k) - ARMY_KINDS.index(u.kind)
    ctx.p(t.player).res["goods"] -= steps * ctx.pieces.upgrade_goods
    ctx.emit("upgrade", f"{ctx.name(t.player)} upgrades {ctx.name(u.owner)}'s {u.kind} in {u.at} to {k}.",
             player=ctx.name(t.player), unit=u.id, to=k)
    ctx.change_kind(u, k)


@decides("extra")
def decide_extra(ctx: Ctx, t):
    seat = t.player
    options = []
    if t.get("university") and level(ctx, seat, "production") >= 7:
        options.append(opt("university", "University: take an extra action"))
    if (t.get("bought") < 2 and level(ctx, seat, "trade") >= 6
            and ctx.p(seat).res["gold"] >= MASTER_TRADER_PRICE):
        options.append(opt("buy", f"Master Trader: buy an extra action for {MASTER_TRADER_PRICE} gold"))
    if t.get("warlord") and level(ctx, seat, "military") >= 7 and war_targets(ctx, seat):
        options.append(opt("warlord", "Warlord: declare war as an extra action"))
    if not options:
        return None
    options.append(opt("done", "No more extra actions"))
    return decision(ctx, seat, "Extra actions.", options, "extra")


@runs("extra")
def run_extra(ctx: Ctx, t) -> None:
    """Nothing left to take."""


@chooses("extra")
def choose_extra(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    if option_id == "done":
        return
    if option_id == "university":
        ctx.then(task("action", seat, why="extra"), t.but(university=0))
    elif option_id == "buy":
        ctx.p(seat).res["gold"] -= MASTER_TRADER_PRICE
        ctx.emit("buy_action", f"{ctx.name(seat)} buys an extra action for {MASTER_TRADER_PRICE} gold.",
                 player=ctx.name(seat))
        ctx.then(task("action", seat, why="extra"), t.but(bought=t.get("bought") + 1))
    elif option_id == "warlord":
        ctx.then(task("action", seat, why="warlord"), t.but(warlord=0))


@decides("shift")
def decide_shift(ctx: Ctx, t):
    seat = t.player
    tokens = ctx.p(seat).tokens
    options = [opt(f"shift:{a}:{b}", f"Move a token from {a} to {b}") for a in TRACKS for b in TRACKS
               if a != b and tokens[a] > 0 and tokens[b] < max_tokens(ctx)]
    if not options:
        return None
    options.insert(0, opt("keep", "Keep the tokens where they are"))
    return decision(ctx, seat, "You may move one development token from the top of one track to another.",
                    options, "shift")


@runs("shift")
def run_shift(ctx: Ctx, t) -> None:
    """No token to move."""


@chooses("shift")
def choose_shift(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "keep":
        return
    _, a, b = option_id.split(":")
    tokens = ctx.p(t.player).tokens
    tokens[a] -= 1
    tokens[b] += 1
    ctx.emit("shift", f"{ctx.name(t.player)} moves a development token from {a} to {b}.",
             player=ctx.name(t.player), frm=a, to=b)
