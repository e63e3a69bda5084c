"""Leaving a province after a battle: beaten units retreat (Regole di Ritirata), surviving
attackers withdraw, barbarians follow their own retreat list (Regole di ritirata delle armate
Barbare); units with nowhere to go leave the game.
"""

from __future__ import annotations

from engine.text import Msg, msg, msg_n
from engine.warriors_traders.board import Kind
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs
from engine.warriors_traders.state import BARBARIAN, Unit
from engine.warriors_traders.words import count_units, nation_t, province_t
from engine.warriors_traders.world import friendly, is_barbarian, is_free, refresh_owner


def leaving_text(ctx: Ctx, units: list[Unit], why: str, frm: str, to: str | None) -> Msg:
    """"Ann's 2 infantry retreat from Anjou to Bourbon", "1 barbarian army withdraws ...", or
    that they can go nowhere (`to` None)."""
    n = len(units)
    words = dict(frm=province_t(frm), to=province_t(to) if to else "")
    if units[0].owner < 0:
        if to is None:
            return msg_n("{n} barbarian army in {frm} can retreat nowhere and leaves the game (no VP).",
                         "{n} barbarian armies in {frm} can retreat nowhere and leave the game (no VP).", n, **words)
        return msg_n("{n} barbarian army retreats from {frm} to {to}.", "{n} barbarian armies retreat from {frm} to {to}.",
                     n, **words)
    words.update(player=ctx.name(units[0].owner), units=count_units([u.kind for u in units]))
    if to is None and why == "retreat":
        return msg("{player}'s {units} in {frm} can retreat nowhere and leave the game (no VP).", **words)
    if to is None:
        return msg("{player}'s {units} in {frm} can withdraw nowhere and leave the game (no VP).", **words)
    if why == "retreat":
        return msg("{player}'s {units} retreat from {frm} to {to}.", **words)
    return msg("{player}'s {units} withdraw from {frm} to {to}.", **words)


def safe_havens(ctx: Ctx, seat: int, prov: str) -> list[str]:
    """Neighbouring provinces that are free or held by the player (or an ally)."""
    out = []
    for q in ctx.board.adj[prov]:
        here = ctx.units_at(q)
        if not here or (all(friendly(ctx, seat, u.owner) for u in here)):
            out.append(q)
    return out


def _move_out(ctx: Ctx, ids: list[int], prov: str, dest: str | None, why: str) -> None:
    units = [u for u in (ctx.unit(i) for i in ids) if u is not None and u.at == prov]
    if not units:
        return
    owner = units[0].owner
    if dest is None:
        for u in units:
            ctx.remove_unit(u)
        ctx.emit("lost", leaving_text(ctx, units, why, prov, None), province=prov, owner=ctx.name(owner),
                 units=[u.kind for u in units])
    else:
        for u in units:
            u.at, u.ap, u.attacking = dest, 0, False
        refresh_owner(ctx, dest)
        ctx.emit(why, leaving_text(ctx, units, why, prov, dest), province=prov, to=dest, owner=ctx.name(owner),
                 units=[u.id for u in units])
    refresh_owner(ctx, prov)


def full_board_nation(ctx: Ctx, nid: str) -> str:
    """The name of a nation the variant leaves out of play (its province may still be contested)."""
    from engine.warriors_traders.board import board

    return board(ctx.s.map).nations[nid].name


def barbarian_havens(ctx: Ctx, seat: int, prov: str) -> list[str]:
    """Regole di ritirata delle armate Barbare: free, then barbarian capital, trade centre,
    other barbarian province in the same nation; then the same four in another nation.

    For a contested province the attacker chooses which of its two nations is "the same"
    ("a scelta dell'attaccante"): the havens are every province that comes first under one
    of those choices, so the attacker is asked only when the choice changes where they go."""
    return sorted({q for home in home_nations(ctx, seat, prov) for q in _first_havens(ctx, prov, home)})


def home_nations(ctx: Ctx, seat: int, prov: str) -> tuple[str, ...]:
    """The nations the attacker may count as "la stessa Nazione" of `prov`: its own nation if
    it controls the contested province, else either of the two (one for a common province)."""
    if ctx.s.owner.get(prov) == seat:
        return (ctx.p(seat).nation,)
    return ctx.board.provinces[prov].nations()


def _first_havens(ctx: Ctx, prov: str, home: str) -> list[str]:
    """The neighbours of `prov` in the best tier of the retreat list, `home` being "the same
    nation" (free 0, barbarian capital 1, trade centre 2, other barbarian 3; +4 elsewhere)."""
    ranked: dict[int, list[str]] = {}
    for q in ctx.board.adj[prov]:
        info = ctx.board.provinces[q]
        if is_free(ctx, q):
            kind = 0
        elif is_barbarian(ctx, q) and all(u.owner == BARBARIAN for u in ctx.units_at(q)):
            kind = {Kind.CAPITAL: 1, Kind.TRADE_CENTER: 2}.get(info.kind, 3)
        else:
            continue
        rank = kind + (0 if home in info.nations() else 4)
        ranked.setdefault(rank, []).append(q)
    return ranked[min(ranked)] if ranked else []


def _haven_label(ctx: Ctx, seat: int, prov: str, q: str) -> Msg:
    homes = home_nations(ctx, seat, prov)
    counted = [h for h in homes if q in _first_havens(ctx, prov, h)]
    if len(homes) < 2 or len(counted) == len(homes):
        return msg("The barbarians retreat to {province}", province=province_t(q))
    nation = ctx.board.nations.get(counted[0])
    name = nation.name if nation else full_board_nation(ctx, counted[0])  # a nation a variant leaves out
    return msg("The barbarians retreat to {province} (counting {nation} as their nation)", province=province_t(q),
               nation=nation_t(name))


@decides("barb_retreat")
def decide_barb_retreat(ctx: Ctx, t):
    havens = barbarian_havens(ctx, t.player, t.get("at"))
    if len(havens) < 2:
        return None
    return decision(ctx, t.player, msg("The barbarians in {province} retreat: choose where.",
                                       province=province_t(t.get("at"))),
                    [opt(f"to:{q}", _haven_label(ctx, t.player, t.get("at"), q)) for q in havens],
                    "barbarian_retreat")


@runs("barb_retreat")
def run_barb_retreat(ctx: Ctx, t) -> None:
    havens = barbarian_havens(ctx, t.player, t.get("at"))
    _move_out(ctx, t.get("units"), t.get("at"), havens[0] if havens else None, "retreat")


@chooses("barb_retreat")
def choose_barb_retreat(ctx: Ctx, t, option_id: str) -> None:
    _move_out(ctx, t.get("units"), t.get("at"), option_id.split(":", 1)[1], "retreat")


# Leaving a province: a beaten army retreats, surviving attackers withdraw. Same rules, own words.
LEAVE_KINDS = ("retreat", "withdraw")


def decide_leave(ctx: Ctx, t):
    havens = safe_havens(ctx, t.player, t.get("at"))
    if not havens:
        return None
    at = province_t(t.get("at"))
    if t.kind == "retreat":
        prompt = msg("Your units in {province} retreat: where to?", province=at)
        options = [opt(f"to:{q}", msg("Retreat to {province}", province=province_t(q))) for q in havens]
    else:
        prompt = msg("The defenders hold {province}: your survivors must leave. Where to?", province=at)
        options = [opt(f"to:{q}", msg("Withdraw to {province}", province=province_t(q))) for q in havens]
    return decision(ctx, t.player, prompt, options, t.kind)


def run_leave(ctx: Ctx, t) -> None:
    _move_out(ctx, t.get("units"), t.get("at"), None, t.kind)


def choose_leave(ctx: Ctx, t, option_id: str) -> None:
    _move_out(ctx, t.get("units"), t.get("at"), option_id.split(":", 1)[1], t.kind)


for _kind in LEAVE_KINDS:
    decides(_kind)(decide_leave)
    runs(_kind)(run_leave)
    chooses(_kind)(choose_leave)
