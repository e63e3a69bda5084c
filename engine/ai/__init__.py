"""Bot players for every game on the engine contract (issue 15): `choose` picks a seat's option
by Monte Carlo tree search over what that seat may know. Pure like the rest of the engine."""

from engine.ai.loops import position_key
from engine.ai.search import LEVELS, SearchResult, choose, search
from engine.ai.work import UNITS_PER_MS

__all__ = ["LEVELS", "UNITS_PER_MS", "SearchResult", "choose", "position_key", "search"]
