"""Pace (issue 29): how long members take to answer, from the stored answer times
(bot/storage/waits.py says what is timed): the median and the 90th percentile of a member's
answers per game in `/stats player`, each seat's median in `/game status`."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence

from bot.storage.members import AnswerTime
from bot.storage.records import GameRecord
from engine.text import joined, layout, msg, msg_n


def median(seconds: Sequence[float]) -> float:
    return float(statistics.median(seconds))


def p90(seconds: Sequence[float]) -> float:
    """The 90th percentile, nearest rank: 90 % of the answers took this long or less."""
    ordered = sorted(seconds)
    return float(ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)])


def span(seconds: float):
    """A duration as a reader says it: minutes under an hour, hours under two days, then days."""
    if seconds < 3600:
        return msg("{n} min", n=max(1, round(seconds / 60)))
    if seconds < 48 * 3600:
        return msg("{n} h", n=_short(seconds / 3600))
    return msg("{n} d", n=_short(seconds / 86400))


def _short(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def seat_medians(record: GameRecord, times: Iterable[AnswerTime]):
    """`/game status`: each seat's median time to answer in this game (None without any answer)."""
    by_seat: dict[str, list[float]] = defaultdict(list)
    for t in times:
        by_seat[t.player].append(t.seconds)
    parts = [layout("**{seat}** {median}", seat=s.seat, median=span(median(by_seat[s.seat])))
             for s in record.seats if by_seat.get(s.seat)]
    if not parts:
        return None
    return msg("⏱️ Median time to answer here: {seats}", seats=joined(parts, " · "))


def member_pace(times: Iterable[AnswerTime]) -> dict[str, tuple[float, float, int]]:
    """`/stats player`: per game type, (median, 90th percentile, how many answers)."""
    by_game: dict[str, list[float]] = defaultdict(list)
    for t in times:
        by_game[t.game].append(t.seconds)
    return {game: (median(found), p90(found), len(found)) for game, found in by_game.items()}


def pace_line(figures: tuple[float, float, int]):
    middle, slow, count = figures
    return msg_n("⏱️ {n} answer timed: median {median}, 90% within {p90}",
                 "⏱️ {n} answers timed: median {median}, 90% within {p90}", count, median=span(middle), p90=span(slow))
