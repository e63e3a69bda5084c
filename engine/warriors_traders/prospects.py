"""What a player's armies and princesses can still take: the provinces within reach, for the bot
players' evaluation (evaluate.py). Counting only the VP held now, a player never builds an army:
an infantry is worth nothing until the maneuver in which it takes a province.

A province is within reach of an army next to it (every army has at least 2 action points: one
to enter, one to fight) and, when free, of a princess next to it. Taking it needs more strength
than its defenders have (the attackers then kill or rout them and one of them is left standing);
a free province needs none. Each target is priced at what it brings: its VP, the kills, its
income for the turns left, and for a player without a trade centre the trade one opens. The
player's armies are shared out among the targets, best value for the strength first, each group
of armies used once; a target the armies near it cannot take counts by the square of the part of
the strength they have (so a first infantry next to a barbarian is already worth something), each
group of armies for one such target only. Armies that have entered a hostile province and wait
for their battle count that province as taken if they are strong enough.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.warriors_traders.board import KIND_VP, Kind
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.state import ARMY_KINDS, BARB_ARMY, FORTRESS, PRINCESS
from engine.warriors_traders.world import at_war, controls_trade_center, friendly, level, strength

KILL_VP = {BARB_ARMY: 1, FORTRESS: 3, PRINCESS: 1}


@dataclass(frozen=True)
class Target:
    province: str
    need: int  # attacking strength that takes it (0: free)
    value: float  # VP it brings now and, through its income, later


def income_value(ctx: Ctx, seat: int, province: str, turns_left: float, per_resource: float) -> float:
    """A province's income for the rest of the game at the player's levels, in VP."""
    prod = ctx.pieces.production[level(ctx, seat, "production")]
    mil = ctx.pieces.military[level(ctx, seat, "military")]
    multiplier = {"food": prod["food"], "goods": prod["goods"], "weapons": mil["weapons"]}
    got = sum(n * multiplier.get(r, 0) for r, n in ctx.board.provinces[province].symbols.items())
    return got * per_resource * turns_left


def defence(ctx: Ctx, seat: int, province: str) -> tuple[int, float] | None:
    """(strength needed to take `province`, kill VP won doing so), or None when `seat` cannot
    attack it (its own, an ally's, or a player's it is at peace with). Armies of `seat` that are
    attacking it are not defenders."""
    here = [u for u in ctx.units_at(province) if u.owner != seat]
    if not here:
        return (0, 0.0) if ctx.s.owner.get(province) is None else None
    if any(u.owner >= 0 and not (at_war(ctx, seat, u.owner)) for u in here):
        return None
    power = sum(strength(ctx, u) for u in here if not u.retreated)
    kills = sum(ctx.pieces.units[u.kind].vp if u.kind in ARMY_KINDS else KILL_VP.get(u.kind, 0) for u in here)
    return power + 1, float(kills)


def reach_value(ctx: Ctx, seat: int, turns_left: float, per_resource: float,
                access_per_turn: float) -> tuple[float, float]:
    """(value of the provinces `seat`'s armies and princesses can take next, value of the battles
    its armies are about to fight and win), in VP. A player without a trade centre values one
    also for the trade it opens: `access_per_turn` VP a turn."""
    trade_access = 0.0 if controls_trade_center(ctx, seat) else access_per_turn * turns_left
    s = ctx.s
    groups: dict[str, int] = {}  # province -> strength of the seat's armies there, free to move
    princesses: set[str] = set()
    attacking: dict[str, int] = {}
    for u in s.units:
        if u.owner != seat:
            continue
        if u.kind in ARMY_KINDS and not u.retreated:
            if u.attacking:
                attacking[u.at] = attacking.get(u.at, 0) + strength(ctx, u)
            else:
                groups[u.at] = groups.get(u.at, 0) + strength(ctx, u)
        elif u.kind == PRINCESS and not u.moved:
            princesses.add(u.at)

    def worth(province: str, kills: float) -> float:
        kind = ctx.board.provinces[province].kind
        access = trade_access if kind == Kind.TRADE_CENTER else 0.0
        return KIND_VP[kind] + kills + access + income_value(ctx, seat, province, turns_left, per_resource)

    battles = 0.0
    for province, power in attacking.items():
        found = defence(ctx, seat, province)
        if found is not None:
            need, kills = found
            if power >= need:  # too weak, they die or withdraw: little comes of it
                battles += worth(province, kills)

    near = set(groups) | princesses
    targets: list[Target] = []
    for province in {q for p in near for q in ctx.board.adj[p]}:
        if province in attacking or friendly(ctx, seat, s.owner.get(province)):
            continue
        found = defence(ctx, seat, province)
        if found is None:
            continue
        need, kills = found
        targets.append(Target(province, need, worth(province, kills)))
    targets.sort(key=lambda t: (-t.value / (t.need + 1), t.province))
    used: set[str] = set()
    reach = 0.0
    for t in targets:
        sources = [p for p in ctx.board.adj[t.province] if p in groups and p not in used]
        if t.need == 0:
            if sources or any(p in princesses for p in ctx.board.adj[t.province]):
                reach += t.value
            continue
        power = sum(groups[p] for p in sources)
        if power >= t.need:  # these armies are spoken for
            reach += t.value
            used.update(sources)
    for t in targets:  # armies too weak for any target: a part of the best one near them
        sources = [p for p in ctx.board.adj[t.province] if p in groups and p not in used]
        if t.need and sources:
            share = sum(groups[p] for p in sources) / t.need
            reach += t.value * share * share
            used.update(sources)
    return reach, battles
