"""Questions about the state every rules module asks: levels, control, relations, VP."""

from __future__ import annotations

from engine.warriors_traders.board import KIND_VP, TRACKS, Kind
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.state import ARMY_KINDS, BARB_ARMY, BARBARIAN, FORTRESS, PRINCESS, Unit

# -- technology ------------------------------------------------------------------------------


def level(ctx: Ctx, seat: int, track: str) -> int:
    """The level reached on a track: level I is free, each further level needs all its spaces."""
    tokens = ctx.p(seat).tokens.get(track, 0)
    lvl = 1
    for n in range(2, 8):
        need = ctx.pieces.slots[n]
        if tokens < need:
            break
        tokens -= need
        lvl = n
    return lvl


def tokens_to_next(ctx: Ctx, seat: int, track: str) -> int:
    """Development tokens still to place for the next level (0 at level VII)."""
    lvl = level(ctx, seat, track)
    if lvl >= 7:
        return 0
    return sum(ctx.pieces.slots[n] for n in range(2, lvl + 2)) - ctx.p(seat).tokens.get(track, 0)


def max_tokens(ctx: Ctx) -> int:
    return sum(ctx.pieces.slots.values())


def can_retreat(ctx: Ctx, owner: int) -> bool:
    """Barbarians always may retreat; players from Commander (military IV)."""
    return owner == BARBARIAN or level(ctx, owner, "military") >= 4


def ap(ctx: Ctx, seat: int) -> int:
    return ctx.pieces.military[level(ctx, seat, "military")]["ap"]


def max_fights(ctx: Ctx, seat: int) -> int:
    """Double Strike (military VI) lets an army spend a second action point on battle."""
    return 2 if level(ctx, seat, "military") >= 6 else 1


# -- teams and wars --------------------------------------------------------------------------


def team(ctx: Ctx, seat: int) -> int:
    return ctx.p(seat).team


def allied(ctx: Ctx, a: int, b: int) -> bool:
    return a >= 0 and b >= 0 and team(ctx, a) == team(ctx, b)


def at_war(ctx: Ctx, a: int, b: int) -> bool:
    if a < 0 or b < 0 or allied(ctx, a, b):
        return False
    ta, tb = team(ctx, a), team(ctx, b)
    return any({w.a, w.b} == {ta, tb} for w in ctx.s.wars)


def friendly(ctx: Ctx, seat: int, other: int | None) -> bool:
    return other is not None and other >= 0 and allied(ctx, seat, other)


# -- provinces --------------------------------------------------------------------------------


def is_free(ctx: Ctx, province: str) -> bool:
    return not ctx.units_at(province)


def is_barbarian(ctx: Ctx, province: str) -> bool:
    return any(u.owner == BARBARIAN for u in ctx.units_at(province))


def refresh_owner(ctx: Ctx, province: str) -> None:
    """Keep the province token with whoever occupies the province.

    The holder keeps it while any of his pieces is there; otherwise it passes to the player
    (or, in cooperative play, the ally) whose pieces remain; an empty province is free."""
    here = [u for u in ctx.units_at(province) if u.owner >= 0 and not u.attacking]
    holder = ctx.s.owner.get(province)
    if holder is not None and any(u.owner == holder for u in here):
        return
    # Barbarians never hold a province token: with only them left the province has none.
    ctx.s.owner[province] = here[0].owner if here else None


def controlled(ctx: Ctx, seat: int) -> list[str]:
    return [p for p in ctx.board.provinces if ctx.s.owner.get(p) == seat]


def controls_trade_center(ctx: Ctx, seat: int) -> bool:
    return any(ctx.board.provinces[p].kind == Kind.TRADE_CENTER for p in controlled(ctx, seat))


def barbarian_strength(ctx: Ctx) -> int:
    return ctx.pieces.barbarian[min(ctx.s.turn, ctx.pieces.turns)]


def strength(ctx: Ctx, u: Unit) -> int:
    if u.kind in ARMY_KINDS:
        return ctx.pieces.units[u.kind].strength
    if u.kind == BARB_ARMY:
        return barbarian_strength(ctx)
    if u.kind == FORTRESS:
        return ctx.pieces.fortress_strength
    return ctx.pieces.princess_strength


def resistance(ctx: Ctx, u: Unit) -> int:
    if u.kind in ARMY_KINDS:
        return ctx.pieces.units[u.kind].resistance
    if u.kind == BARB_ARMY:
        return barbarian_strength(ctx)
    if u.kind == FORTRESS:
        return ctx.pieces.fortress_resistance
    return ctx.pieces.princess_resistance


def unit_can_retreat(ctx: Ctx, u: Unit) -> bool:
    """Fortresses never move and princesses never retreat."""
    return u.kind in ARMY_KINDS + (BARB_ARMY,) and can_retreat(ctx, u.owner)


def to_kill(ctx: Ctx, u: Unit) -> int:
    """Further damage (beyond what is already assigned) that destroys `u`."""
    if u.retreated:
        return max(1 - u.incoming, 0)
    hp = resistance(ctx, u) - u.damage
    need = hp + 1 if unit_can_retreat(ctx, u) else hp
    return max(need - u.incoming, 0)


def to_rout(ctx: Ctx, u: Unit) -> int | None:
    """Further damage that leaves `u` at exactly zero points, so it retreats (None: it cannot)."""
    if u.retreated or not unit_can_retreat(ctx, u):
        return None
    need = resistance(ctx, u) - u.damage - u.incoming
    return need if need > 0 else None


def size_rank(u: Unit) -> int:
    """Bigger armies first: cavalry, archers, infantry (the barbarians' order)."""
    return {"cavalry": 0, "archer": 1, "infantry": 2}.get(u.kind, 3)


# -- victory points ---------------------------------------------------------------------------


def leaders(ctx: Ctx) -> dict[str, int | None]:
    """Builder, Merchant and Warrior: the one player most advanced on each track (ties: nobody)."""
    out: dict[str, int | None] = {}
    for track in TRACKS:
        counts = [(p.tokens.get(track, 0), p.seat) for p in ctx.s.players]
        best = max(c for c, _ in counts)
        top = [seat for c, seat in counts if c == best]
        out[track] = top[0] if len(top) == 1 else None
    return out


LEADER_TITLE = {"production": "Builder", "trade": "Merchant", "military": "Warrior"}


def vp_breakdown(ctx: Ctx, seat: int) -> dict[str, int]:
    provinces = sum(KIND_VP[ctx.board.provinces[p].kind] for p in controlled(ctx, seat))
    forts = count_pieces(ctx, seat, FORTRESS) * ctx.pieces.fortress_vp
    titles = sum(3 for who in leaders(ctx).values() if who == seat)
    p = ctx.p(seat)
    return {"provinces": provinces, "fortresses": forts, "titles": titles, "kills": p.vp_kills,
            "bought": p.vp_bought}


def vp(ctx: Ctx, seat: int) -> int:
    return sum(vp_breakdown(ctx, seat).values())


def count_pieces(ctx: Ctx, seat: int, kind: str) -> int:
    return sum(1 for u in ctx.s.units if u.owner == seat and u.kind == kind)


def reserve(ctx: Ctx, seat: int, kind: str) -> int:
    if kind == FORTRESS:
        return ctx.pieces.fortresses - count_pieces(ctx, seat, FORTRESS)
    if kind == PRINCESS:
        return 0
    return ctx.pieces.reserve - count_pieces(ctx, seat, kind)
