"""Phase III, Sviluppo: two actions each (ascending, then descending nation order), the extra
actions of University, Master Trader and Warlord, then the optional move of one token.

An action is one choice: "build infantry in Anjou", "upgrade the infantry in Anjou to archers"
(options grouped by what they do). The move of a token is asked only when the player's
preference `shift` is "ask" (prefs.py)."""

from __future__ import annotations

from engine.text import Msg, msg, msg_n
from engine.warriors_traders.board import TRACKS
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, grouped, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS, FORTRESS, War
from engine.warriors_traders.turn import team_name
from engine.warriors_traders.words import (
    ROMAN,
    amount_t,
    cost_t,
    province_t,
    track_level,
    track_t,
    unit_t,
    units_n,
)
from engine.warriors_traders.world import (
    allied,
    at_war,
    friendly,
    level,
    max_tokens,
    reserve,
    team,
    tokens_to_next,
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


PHASE_ENDS = {"development": msg("The development phase ends."), "maneuver": msg("The maneuver phase ends.")}


@runs("phase_end")
def run_phase_end(ctx: Ctx, t) -> None:
    ctx.emit("phase", PHASE_ENDS[t.get("what")], phase=t.get("what"))


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
    seen = set()
    for u in ctx.s.units:
        if u.kind not in ARMY_KINDS or not allied(ctx, seat, u.owner):
            continue
        if (u.owner, u.kind, u.at) in seen:
            continue  # identical armies (same owner, kind, province) are the same choice
        seen.add((u.owner, u.kind, u.at))
        start = ARMY_KINDS.index(u.kind)
        for k in ARMY_KINDS[start + 1:]:
            steps = ARMY_KINDS.index(k) - start
            if ctx.p(seat).res["goods"] >= steps * ctx.pieces.upgrade_goods and reserve(ctx, u.owner, k) > 0:
                out.append((u.id, k))
    return out


def war_targets(ctx: Ctx, seat: int) -> list[int]:
    """Anyone not allied; declaring again on an enemy starts the war anew (Guerra)."""
    return [p.seat for p in ctx.s.players if not allied(ctx, seat, p.seat)]


def build_options(ctx: Ctx, seat: int) -> list:
    """`build:<kind>:<province>`: an army of each kind the player can build, in each province
    it may go, grouped by kind ("Build infantry (1 weapon)")."""
    options = []
    sites = build_sites(ctx, seat)
    for k in buildable(ctx, seat):
        cost = cost_t(ctx.pieces.units[k].cost)
        group = msg("Build {unit} ({cost})", unit=unit_t(k), cost=cost)
        options += [opt(f"build:{k}:{p}", msg("Build {unit} in {province} ({cost})", unit=unit_t(k),
                                              province=province_t(p), cost=cost), group) for p in sites]
    return options


def action_options(ctx: Ctx, seat: int, *, only_war: bool = False) -> list:
    """Every development action, whole: what to build says where, what to upgrade says which
    army, so one choice is one action (grouped: at most two clicks)."""
    options = []
    if not only_war:
        develop = msg("Develop a technology")
        for track in TRACKS:
            if ctx.p(seat).tokens[track] < max_tokens(ctx):
                options.append(opt(f"tech:{track}", develop_label(ctx, seat, track), develop))
        options += build_options(ctx, seat)
        if (level(ctx, seat, "production") >= 4 and reserve(ctx, seat, FORTRESS) > 0
                and can_pay(ctx, seat, ctx.pieces.fortress_cost)):
            cost = cost_t(ctx.pieces.fortress_cost)
            group = msg("Build a fortress ({cost})", cost=cost)
            options += [opt(f"fortress:{p}", msg("Build a fortress in {province} ({cost})", province=province_t(p),
                                                 cost=cost), group) for p in fortress_sites(ctx, seat)]
        group = msg("Upgrade an army ({goods} a level)", goods=amount_t("goods", ctx.pieces.upgrade_goods))
        for uid, k in upgrades(ctx, seat):
            u = ctx.unit(uid)
            cost = amount_t("goods", (ARMY_KINDS.index(k) - ARMY_KINDS.index(u.kind)) * ctx.pieces.upgrade_goods)
            label = (msg("Upgrade the {unit} in {province} to {kind} ({cost})", unit=unit_t(u.kind),
                         province=province_t(u.at), kind=unit_t(k), cost=cost) if u.owner == seat else
                     msg("Upgrade {player}'s {unit} in {province} to {kind} ({cost})", player=ctx.name(u.owner),
                         unit=unit_t(u.kind), province=province_t(u.at), kind=unit_t(k), cost=cost))
            options.append(opt(f"upgrade:{uid}:{k}", label, group))
    for other in war_targets(ctx, seat):
        label = (msg("Declare war on {player} again (the war restarts)", player=ctx.name(other))
                 if at_war(ctx, seat, other) else msg("Declare war on {player}", player=ctx.name(other)))
        options.append(opt(f"war:{ctx.name(other)}", label, msg("Declare war")))
    options.append(opt("pass", msg("Pass")))
    return grouped(options)


def develop_label(ctx: Ctx, seat: int, track: str) -> Msg:
    """"Develop trade (level II; 2 tokens to level III)": what the next token brings."""
    now, more = level(ctx, seat, track), tokens_to_next(ctx, seat, track)
    words = dict(track=track_t(track), level=ROMAN[now], next=ROMAN[now + 1])
    if more == 1:
        return msg("Develop {track} to level {next}", **words)
    return msg_n("Develop {track} (level {level}; {n} token to level {next})",
                 "Develop {track} (level {level}; {n} tokens to level {next})", more, **words)


ACTION_PROMPTS = {
    "first": msg("Development: choose your first action."),
    "second": msg("Development: choose your second action."),
    "extra": msg("Development: choose an extra action."),
    "unification": msg("Unification: choose an action."),
    "warlord": msg("Warlord: declare war, or pass."),
}


@decides("action")
def decide_action(ctx: Ctx, t):
    return decision(ctx, t.player, ACTION_PROMPTS[t.get("why")],
                    action_options(ctx, t.player, only_war=t.get("why") == "warlord"), "action")


@chooses("action")
def choose_action(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    verb, _, rest = option_id.partition(":")
    if verb == "pass":
        ctx.emit("pass", msg("{player} passes.", player=ctx.name(seat)), player=ctx.name(seat))
    elif verb == "tech":
        before = level(ctx, seat, rest)
        ctx.p(seat).tokens[rest] += 1
        now, more = level(ctx, seat, rest), tokens_to_next(ctx, seat, rest)
        words = dict(player=ctx.name(seat), track=track_t(rest), level=ROMAN[now])
        text = (msg("{player} develops {track} to level {level}.", **words) if now > before else
                msg_n("{player} develops {track} (level {level}; {n} more token to level {next}).",
                      "{player} develops {track} (level {level}; {n} more tokens to level {next}).", more,
                      next=ROMAN[now + 1], **words))
        ctx.emit("tech", text, player=ctx.name(seat), track=rest, level=now)
    elif verb == "build":
        kind, where = rest.split(":", 1)
        build(ctx, seat, kind, where)
        # Warlord (military VII): two armies for one action, both paid for.
        if level(ctx, seat, "military") >= 7:
            ctx.then(task("second_build", seat))
    elif verb == "fortress":
        build(ctx, seat, FORTRESS, rest)
    elif verb == "upgrade":
        uid, k = rest.split(":")
        upgrade(ctx, seat, ctx.unit(int(uid)), k)
    elif verb == "war":
        declare_war(ctx, seat, ctx.seat_of(rest))


def declare_war(ctx: Ctx, seat: int, other: int) -> None:
    a, b = team(ctx, seat), team(ctx, other)
    ctx.s.wars = [w for w in ctx.s.wars if {w.a, w.b} != {a, b}]
    ctx.s.wars.append(War(a=a, b=b, declared=ctx.s.turn))
    text = (msg("{team} declare war on {enemy}.", team=team_name(ctx, a), enemy=team_name(ctx, b)) if ctx.s.coop
            else msg("{player} declares war on {enemy}.", player=ctx.name(seat), enemy=ctx.name(other)))
    ctx.emit("war", text, player=ctx.name(seat), to=ctx.name(other))


def build(ctx: Ctx, seat: int, kind: str, where: str) -> None:
    cost = ctx.pieces.fortress_cost if kind == FORTRESS else ctx.pieces.units[kind].cost
    pay(ctx, seat, cost)
    ctx.add_unit(seat, kind, where)
    ctx.emit("build", msg("{player} builds {unit} in {province} ({cost}).", player=ctx.name(seat),
                          unit=units_n(kind, 1), province=province_t(where), cost=cost_t(cost)),
             player=ctx.name(seat), unit=kind, province=where, cost=cost)


@decides("second_build")
def decide_second(ctx: Ctx, t):
    options = build_options(ctx, t.player)
    options.append(opt("stop", msg("No second army")))
    return decision(ctx, t.player, msg("Warlord: build a second army with the same action?"), grouped(options), "build")


@chooses("second_build")
def choose_second(ctx: Ctx, t, option_id: str) -> None:
    if option_id != "stop":
        _, kind, where = option_id.split(":", 2)
        build(ctx, t.player, kind, where)


def upgrade(ctx: Ctx, seat: int, u, k: str) -> None:
    steps = ARMY_KINDS.index(k) - ARMY_KINDS.index(u.kind)
    goods = steps * ctx.pieces.upgrade_goods
    ctx.p(seat).res["goods"] -= goods
    text = (msg("{player} upgrades their {unit} in {province} to {kind} ({cost}).", player=ctx.name(seat),
                unit=unit_t(u.kind), province=province_t(u.at), kind=unit_t(k), cost=amount_t("goods", goods))
            if u.owner == seat else
            msg("{player} upgrades {owner}'s {unit} in {province} to {kind} ({cost}).", player=ctx.name(seat),
                owner=ctx.name(u.owner), unit=unit_t(u.kind), province=province_t(u.at), kind=unit_t(k),
                cost=amount_t("goods", goods)))
    ctx.emit("upgrade", text, player=ctx.name(seat), unit=u.id, to=k)
    ctx.change_kind(u, k)


@decides("extra")
def decide_extra(ctx: Ctx, t):
    seat = t.player
    options = []
    if t.get("university") and level(ctx, seat, "production") >= 7:
        options.append(opt("university", msg("University: take an extra action")))
    if (t.get("bought") < 2 and level(ctx, seat, "trade") >= 6
            and ctx.p(seat).res["gold"] >= MASTER_TRADER_PRICE):
        options.append(opt("buy", msg("Master Trader: buy an extra action ({cost})",
                                      cost=amount_t("gold", MASTER_TRADER_PRICE))))
    if t.get("warlord") and level(ctx, seat, "military") >= 7 and war_targets(ctx, seat):
        options.append(opt("warlord", msg("Warlord: declare war as an extra action")))
    if not options:
        return None
    options.append(opt("done", msg("No more extra actions")))
    return decision(ctx, seat, msg("Extra actions: take one, or stop."), options, "extra")


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
        ctx.emit("buy_action", msg("{player} buys an extra action ({cost}).", player=ctx.name(seat),
                                   cost=amount_t("gold", MASTER_TRADER_PRICE)), player=ctx.name(seat))
        ctx.then(task("action", seat, why="extra"), t.but(bought=t.get("bought") + 1))
    elif option_id == "warlord":
        ctx.then(task("action", seat, why="warlord"), t.but(warlord=0))


def shift_options(ctx: Ctx, seat: int) -> list:
    tokens = ctx.p(seat).tokens
    return [opt(f"shift:{a}:{b}", msg("Move a token from {frm} to {to}", frm=track_t(a), to=track_t(b)))
            for a in TRACKS for b in TRACKS if a != b and tokens[a] > 0 and tokens[b] < max_tokens(ctx)]


@decides("shift")
def decide_shift(ctx: Ctx, t):
    """Asked only when the player's preference `shift` is "ask" (prefs.py)."""
    seat = t.player
    options = shift_options(ctx, seat)
    if not options or ctx.prefers(seat, "shift") == "keep":
        return None
    options.insert(0, opt("keep", msg("Keep the tokens where they are")))
    return decision(ctx, seat, msg("You may move one development token from the top of one track to another."),
                    options, "shift")


@runs("shift")
def run_shift(ctx: Ctx, t) -> None:
    """No token to move, or the player keeps them (preference)."""


@chooses("shift")
def choose_shift(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "keep":
        return
    _, a, b = option_id.split(":")
    tokens = ctx.p(t.player).tokens
    tokens[a] -= 1
    tokens[b] += 1
    ctx.emit("shift", msg("{player} moves a development token from {frm} to {to}.", player=ctx.name(t.player),
                          frm=track_level(a, level(ctx, t.player, a)), to=track_level(b, level(ctx, t.player, b))),
             player=ctx.name(t.player), frm=a, to=b)
