"""How the game ends (3.4): the Macedonian's three objectives, checked at the end of every
Action Round; the Persian wins when Alexander dies or after a mutiny (9.0); a side may concede."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, board
from engine.alexander.flow import Ctx
from engine.alexander.state import AlexState
from engine.alexander.words import side_t
from engine.alexander.world import ALEXANDER, controls, leader_space
from engine.text import msg

GREAT_KING_PROVINCES = ("Lydia", "Babylonia", "Media", "Susiana", "Persis")
GORDIUM, SIWA, EGYPT = "Gordium", "Siwa", "Egypt"
ALEXANDRIA_EGYPT = "Alexandria"


def great_king_checks(s: AlexState) -> dict[str, bool]:
    return {
        "provinces": all(controls(s, MAC, p, for_victory=True) for p in GREAT_KING_PROVINCES),
        "darius": s.victory.darius != "alive",
        "king_of_asia": s.victory.king_of_asia,
        "married": s.victory.married,
    }


def europe_provinces() -> list[str]:
    return [p for p, info in board().provinces.items() if info.region == "europe"]


def greece_check(s: AlexState) -> bool:
    """Hegemony over Greece: every European province held, none in revolt."""
    return all(controls(s, MAC, p, for_victory=True) for p in europe_provinces())


def cult_checks(s: AlexState) -> dict[str, bool]:
    return {
        "egypt": controls(s, MAC, EGYPT, for_victory=True),
        "alexandria": ALEXANDRIA_EGYPT in s.alexandrias,
        "siwa": s.victory.siwa,
        "proskynesis": s.victory.proskynesis,
    }


def objectives(s: AlexState) -> dict:
    """The checklist of the three Macedonian objectives, for the summary and the board."""
    gk = great_king_checks(s)
    cult = cult_checks(s)
    return {"great_king": {"done": s.victory.great_king, **gk},
            "greece": {"done": greece_check(s)},
            "cult": {"done": all(cult.values()), **cult}}


def end_of_round(ctx: Ctx) -> None:
    s = ctx.s
    if s.victory.winner:
        return
    where = leader_space(s, ALEXANDER)
    if where == GORDIUM and s.active == MAC and not s.victory.king_of_asia:
        s.victory.king_of_asia = True
        ctx.emit("objective", msg("Alexander ends his round at Gordium: he is King of Asia."), objective="king_of_asia")
    if where == SIWA and not s.victory.siwa:
        s.victory.siwa = True
        ctx.emit("objective", msg("Alexander ends a round at Siwa: the oracle hails him."), objective="siwa")
    if not s.victory.great_king and all(great_king_checks(s).values()):
        s.victory.great_king = True
        ctx.emit("objective", msg("Alexander is the Great King."), objective="great_king")
    if s.victory.great_king and greece_check(s) and all(cult_checks(s).values()):
        win(ctx, MAC, "objectives")


def win(ctx: Ctx, side: str, reason: str) -> None:
    s = ctx.s
    if s.victory.winner:
        return
    s.victory.winner, s.victory.reason = side, reason
    ctx.emit("victory", msg("The {side} wins the game.", side=side_t(side)), side=side, reason=reason)
    s.stack.clear()


def alexander_dies(ctx: Ctx, why) -> None:
    ctx.s.leaders[ALEXANDER] = "dead"
    ctx.emit("alexander_dies", msg("Alexander dies: {why}.", why=why))
    win(ctx, PER, "alexander_dead")


def reason_words(reason: str):
    """How the game was won, in words (the final scores show it)."""
    return {"objectives": msg("all three objectives"), "alexander_dead": msg("Alexander is dead"),
            "mutiny": msg("mutiny"), "concession": msg("the other side conceded")}.get(reason, reason)


def result(s: AlexState) -> list[dict]:
    """The standings: side and how the game ended in words (the bot lists every figure)."""
    winner = s.victory.winner
    rows = []
    for side in (MAC, PER):
        won = side == winner
        rows.append({"player": s.sides[side], "side": side_t(side), "score": 1 if won else 0,
                     "rank": 1 if won or not winner else 2, "reason": reason_words(s.victory.reason)})
    rows.sort(key=lambda r: r["rank"])
    return rows
