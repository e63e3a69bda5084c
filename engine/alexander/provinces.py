"""Revolts (6.3): raising one, its effects, and quelling it with an army."""

from __future__ import annotations

from engine.alexander.board import board
from engine.alexander.flow import Ctx
from engine.alexander.state import Army
from engine.alexander.words import province_t, side_t
from engine.alexander.world import ISLANDS, refresh_control, remove_garrison
from engine.text import msg


def revolt_value(province: str) -> int | None:
    info = board().provinces.get(province)
    return info.revolt if info is not None and info.can_revolt else None


def start_revolt(ctx: Ctx, province: str, *, garrisons: bool = True) -> None:
    """The province revolts: its garrisons are removed (unless a card names which), armies and
    fleets stay; nobody controls it."""
    s = ctx.s
    if province in s.revolt:
        return
    s.revolt.append(province)
    b = board()
    for space in (b.provinces[province].spaces + b.transits[province]) if garrisons else ():
        g = s.garrisons.get(space)
        if g is not None and g.side in ("macedonian", "persian"):
            remove_garrison(s, space)
    if s.oligarchs and b.spaces[s.oligarchs].province == province:
        s.oligarchs = ""
    refresh_control(s)
    ctx.emit("revolt", msg("{province} is in revolt.", province=province_t(province)), province=province)


def try_revolt(ctx: Ctx, side: str, province: str, why) -> bool:
    """Roll a die: at or under the province's revolt value, it revolts (6.3)."""
    value = revolt_value(province)
    if value is None:
        return False
    roll = ctx.roll(1, side, msg("Revolt in {province} ({why}; {value} or less: it revolts)",
                                 province=province_t(province), why=why, value=value))[0]
    if roll <= value:
        start_revolt(ctx, province)
        return True
    ctx.emit("no_revolt", msg("{province} stays calm ({roll} is above {value}).", province=province_t(province),
                              roll=roll, value=value), province=province)
    return False


def quell(ctx: Ctx, army: Army) -> None:
    """An army ending its move in a province in revolt with at least three times its revolt value
    in ASP puts the revolt down (6.3)."""
    s = ctx.s
    province = board().spaces[army.space].province
    if province is None or province not in s.revolt or army.space in ISLANDS:
        return
    value = board().provinces[province].revolt or 0
    if army.asp >= 3 * value:
        s.revolt.remove(province)
        s.control[province] = army.side
        refresh_control(s)
        ctx.emit("quelled", msg("The {side} puts down the revolt in {province}.", side=side_t(army.side),
                                province=province_t(province)), province=province, side=army.side)
