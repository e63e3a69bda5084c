"""Treasuries (7.1-7.2, 7.4): levels, reductions, restoration, and the Royal Treasury."""

from __future__ import annotations

from engine.alexander.flow import Ctx
from engine.alexander.words import level_t, space_t
from engine.text import msg

LEVELS = ("empty", "low", "full")
NEVER_REDUCED = "Memphis"  # 7.2


def treasury_t(city: str):
    return msg("the Royal Treasury") if city == "royal" else space_t(city)


def reduce_treasury(ctx: Ctx, city: str, why, *, to_empty: bool = False) -> None:
    """Full -> Low -> Empty; the Royal Treasury goes Full -> Empty; Memphis is never reduced."""
    s = ctx.s
    if city == "royal":
        if s.royal_treasury.level != "empty":
            s.royal_treasury = s.royal_treasury.model_copy(update={"level": "empty"})
            ctx.emit("treasury", msg("The Royal Treasury is spent ({why}): now Empty.", why=why),
                     treasury="royal", level="empty")
        return
    if city == NEVER_REDUCED:
        ctx.emit("treasury_safe", msg("Memphis is never reduced."), treasury=city)
        return
    t = s.treasuries[city]
    level = "empty" if to_empty else LEVELS[max(0, LEVELS.index(t.level) - 1)]
    if level != t.level:
        s.treasuries[city] = t.model_copy(update={"level": level})
        ctx.emit("treasury", msg("{city} is reduced ({why}): now {level}.", city=space_t(city), why=why,
                                 level=level_t(level)), treasury=city, level=level)


def raise_treasury(ctx: Ctx, city: str, why) -> None:
    s = ctx.s
    if city == "royal":
        s.royal_treasury = s.royal_treasury.model_copy(update={"level": "full"})
        ctx.emit("treasury", msg("The Royal Treasury is restored ({why}): now Full.", why=why),
                 treasury="royal", level="full")
        return
    t = s.treasuries[city]
    level = LEVELS[min(2, LEVELS.index(t.level) + 1)]
    s.treasuries[city] = t.model_copy(update={"level": level})
    ctx.emit("treasury", msg("{city} is restored ({why}): now {level}.", city=space_t(city), why=why,
                             level=level_t(level)), treasury=city, level=level)


def level_of(ctx: Ctx, city: str) -> str:
    return ctx.s.royal_treasury.level if city == "royal" else ctx.s.treasuries[city].level
