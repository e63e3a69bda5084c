"""Leaders alone where the enemy stands (rules 3). A leader is no combat unit (11.3 I speaks of
Darius "soltanto (senza unità combattenti)"); one moving alone is captured when an enemy army
reaches him on the way (10.8 "Se intercettati sono considerati Catturati e sono rimossi dal
gioco"), so one left alone in a space the enemy's combat units hold, with none of his side's,
is captured too: entered by an enemy army, or left behind when his side's army avoids,
retreats or falls there. Darius has his own rule (11.3 I: he flees again, +3; left alone beside
the Macedonians, from rules 4), and Alexander waits while Black Cleitus may still save him."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.flow import Ctx, before_decision
from engine.alexander.world import ALEXANDER, DARIUS, present
from engine.text import msg

# Darius's flight under way (11.3 I): he waits for it.
FLIGHT = frozenset({"darius_flight", "darius_place", "bagoas_window"})
# Black Cleitus may still save Alexander from his destroyed army (windows.py): he waits.
CLEITUS = frozenset({"cleitus_window", "cleitus_outcome", "cleitus_escape"})


@before_decision
def catch_lone_leaders(ctx: Ctx) -> bool:
    """Capture every leader alone in a space held by enemy combat units; True if one was."""
    from engine.alexander.leader_moves import caught

    s = ctx.s
    if s.rules < 3 or s.victory.winner:
        return False
    found = False
    for name, loc in sorted(s.leaders.items()):
        if not loc.startswith("space:"):
            continue
        if name == DARIUS:
            found = _darius_left(ctx, loc[6:]) or found
            continue
        if name == ALEXANDER and any(t.kind in CLEITUS for t in s.stack):
            continue
        space, side = loc[6:], ctx.board.leaders[name].side
        if present(s, space, side) or not present(s, space, ctx.enemy(side)):
            continue
        caught(ctx, name, msg("captured where the enemy stands"))
        found = True
        if s.victory.winner:
            break
    return found


def _darius_left(ctx: Ctx, space: str) -> bool:
    """Darius left alone beside Macedonian combat units (his army beaten and gone) flees as if
    they had entered his space: 11.3 I "Se qualsiasi unità combattente macedone entra in un
    esagono occupato da Dario soltanto ... il persiano tira ancora il dado, sommando 3" (rules 4)."""
    from engine.alexander.flow import task

    s = ctx.s
    if s.rules < 4 or s.victory.darius != "alive" or any(t.kind in FLIGHT for t in s.stack):
        return False
    if present(s, space, PER) or not present(s, space, MAC):
        return False
    ctx.then(task("darius_flight", PER, space=space, alone=True))
    return True
