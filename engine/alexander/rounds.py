"""Action Rounds (3.2-3.3, 4.0): the APM cup, the free round after three in a row, the Player
Phase's segments, and the end of a round (the victory check)."""

from __future__ import annotations

from engine.alexander.board import MAC, SIDES, other
from engine.alexander.flow import Ctx, runs, task
from engine.alexander.loc import supplied
from engine.alexander.words import side_t
from engine.alexander.world import refresh_control
from engine.core import draw_order
from engine.text import msg

ADMIN = "admin"


def _draw_apm(ctx: Ctx) -> str:
    order = draw_order(ctx.s, "apm", list(ctx.s.cup))
    marker = order[0]
    ctx.s.cup.remove(marker)
    return marker


def marker_t(marker: str):
    return msg("the Admin APM") if marker == ADMIN else msg("a {side} APM", side=side_t(marker))


@runs("first_round")
def _first_round(ctx: Ctx, t):
    """The first APM is already out of the cup (3.1i): no draw and no return this round."""
    refresh_control(ctx.s)
    ctx.emit("apm", msg("The first round is {marker}.", marker=marker_t(ctx.s.apm_out)),
             marker=ctx.s.apm_out, first=True)
    # 4.0 "Se l'APM di un giocatore viene pescato tre volte di fila": the marker the historical
    # opening sets aside (3.1i) was not drawn, so from rules 2 it begins no run of three.
    drawn = ctx.s.options.get("opening", "historical") == "optional"
    _start_marker(ctx, ctx.s.apm_out, counts=drawn or ctx.s.rules < 2)


@runs("next_round")
def _next_round(ctx: Ctx, t):
    s = ctx.s
    if s.victory.winner:
        return
    drawn = _draw_apm(ctx)  # Phase A
    if drawn == ADMIN and s.admin_declared_round == s.round:
        # An Admin APM drawn right after a declared Admin Phase is ignored and redrawn (3.3).
        ctx.emit("apm_ignored", msg("The Admin APM is drawn right after a declared Admin Phase: it is ignored."))
        drawn = _draw_apm(ctx)
        s.cup.append(ADMIN)
    s.cup.append(s.apm_out)  # Phase B: the previous APM goes back
    s.apm_out = drawn
    ctx.emit("apm", msg("Drawn: {marker}.", marker=marker_t(drawn)), marker=drawn)
    _start_marker(ctx, drawn)


def _start_marker(ctx: Ctx, marker: str, counts: bool = True) -> None:
    s = ctx.s
    if marker == ADMIN:
        ctx.then(task("admin_round"), task("round_end"), task("next_round"))
        return
    if not counts:
        ctx.then(task("player_round", marker), task("round_end"), task("next_round"))
        return
    # Three APMs of one side in a row (an Admin APM in between does not break it) give the
    # other side a free round first (4.0); the streak starts again after it.
    s.streak = s.streak + 1 if s.streak_side == marker else 1
    s.streak_side = marker
    tasks = []
    if s.streak >= ctx.limits["apm_streak"]:
        s.streak, s.streak_side = 0, ""
        ctx.emit("free_round", msg("Third {side} APM in a row: the {other} takes a free round first.",
                                   side=side_t(marker), other=side_t(other(marker))), side=other(marker))
        tasks += [task("player_round", other(marker), free=True), task("round_end")]
    tasks += [task("player_round", marker), task("round_end"), task("next_round")]
    ctx.then(*tasks)


@runs("player_round")
def _player_round(ctx: Ctx, t):
    s = ctx.s
    s.round += 1
    s.active = t.side
    s.turn = {"free": bool(t.args.get("free"))}
    # What every army and fleet could trace when this Player Phase began (battle DRM, 10.1).
    s.loc_start = {}
    for side in SIDES:
        reach = supplied(s, side)
        for a in s.armies:
            if a.side == side:
                s.loc_start[a.id] = a.space in reach
        for f in s.fleets:
            if f.side == side:
                s.loc_start["fleet:" + f.name] = f.space in reach
    ctx.emit("round", msg("Round {n}: {side} Player Phase.", n=s.round, side=side_t(t.side)),
             round=s.round, side=t.side)
    # After the draw both sides may play the cards played at any time (15.0 PAT) before the
    # activity: the active side a card it just drew, the other before the active side acts.
    ctx.then(task("keep_sieges", t.side), task("cards", t.side), task("draw_card", t.side),
             task("anytime_window", t.side), task("anytime_window", other(t.side)),
             task("activity", t.side), task("assault", t.side))


@runs("admin_round")
def _admin_round(ctx: Ctx, t):
    s = ctx.s
    s.round += 1
    s.active = ""
    s.turn = {}
    ctx.emit("round", msg("Round {n}: Admin Phase.", n=s.round), round=s.round, side="")
    ctx.then(task("admin_phase", drawn=True))


@runs("round_end")
def _round_end(ctx: Ctx, t):
    from engine.alexander.naval import fleet_allegiance
    from engine.alexander.victory import end_of_round

    refresh_control(ctx.s)
    end_of_round(ctx)
    fleet_allegiance(ctx)
    if ctx.s.victory.winner:
        ctx.s.stack.clear()


def first_round(ctx: Ctx) -> bool:
    return ctx.s.round == 1


def is_macedonian_round(ctx: Ctx) -> bool:
    return ctx.s.active == MAC
