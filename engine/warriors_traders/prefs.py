"""The choices a Warriors & Traders player makes once instead of at every turn (issue 12).

Each is asked only when the preference cannot decide; a player changes one at any time with
the stored choice `pref:<key>=<value>` (replays and undo reproduce it):
- `feed`: feeding the armies. "auto" (default) feeds them all without asking whenever the food
  suffices; "ask" asks every turn (to let an army starve although it could be fed). When the
  food does not suffice the player is always asked which armies starve.
- `shift`: moving one development token after the development actions. "keep" (default) keeps
  the tokens where they are without asking; "ask" offers the move every turn.
"""

from __future__ import annotations

from engine.core import Option, Preference
from engine.text import msg

PREFERENCES = (
    Preference("feed", msg("Feeding your armies"),
               (Option("auto", msg("Feed them all without asking when the food suffices")),
                Option("ask", msg("Ask me every turn"))), "auto"),
    Preference("shift", msg("Moving a development token after the actions"),
               (Option("keep", msg("Keep the tokens where they are without asking")),
                Option("ask", msg("Ask me every turn"))), "keep"),
)
DEFAULTS = {p.key: p.default for p in PREFERENCES}


def preference(state, player: str, key: str) -> str:
    """`player`'s value for `key` (its default unless they changed it); the same reading as
    `Game.preference`, for the rules modules that have only the state."""
    return state.prefs.get(player, {}).get(key, DEFAULTS[key])
