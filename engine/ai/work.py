"""The search's budget, counted in work units rather than wall time (see engine/ai/search.py)."""

from __future__ import annotations

import time

# Work units per step of the search, in proportion to their cost (an apply ~0.3 ms, a
# determinize ~0.1 ms, an evaluate ~0.07 ms on the reference machine; a position key, taken
# from the seat's view, about as much as an apply).
APPLY, DETERMINIZE, EVALUATE, KEY = 4, 2, 1, 4
# Units per millisecond of budget on the reference machine (bench/ai.py prints the measured figure).
UNITS_PER_MS = 6.0
# The safety net: a search stops at this many times its budget in wall time, plus a margin.
WALL_CAP_FACTOR = 10
WALL_CAP_EXTRA_MS = 1000


class BudgetSpent(Exception):
    """The work budget (or the wall-clock cap) is used up: the current iteration is dropped."""


class Work:
    """Counts engine work against a limit in units; checks the wall clock now and then."""

    def __init__(self, limit: int, wall_cap_s: float | None):
        self.limit = limit
        self.used = 0
        self.capped = False
        self._steps = 0
        self._deadline = None if wall_cap_s is None else time.perf_counter() + wall_cap_s

    def spend(self, units: int) -> None:
        if self.used + units > self.limit:
            raise BudgetSpent
        self._steps += 1
        if self._deadline is not None and self._steps % 16 == 0 and time.perf_counter() > self._deadline:
            self.capped = True
            raise BudgetSpent
        self.used += units


def budget(budget_ms: float, share: float = 1.0, wall_cap_ms: float | None = -1) -> Work:
    """The Work of a search given `budget_ms` (of which it uses `share`); `wall_cap_ms`: -1 the
    default safety net, None none."""
    if wall_cap_ms == -1:
        wall_cap_ms = budget_ms * WALL_CAP_FACTOR + WALL_CAP_EXTRA_MS
    return Work(max(0, int(budget_ms * UNITS_PER_MS * share)), None if wall_cap_ms is None else wall_cap_ms / 1000)
