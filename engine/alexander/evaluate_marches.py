"""A march off the LOC to an objective, in the Macedonian's own view
(engine/alexander/evaluate_macedonian.py).

The shared points (engine/alexander/evaluate.py `supply`) charge Alexander's army 2.25 while it has
no LOC (7.3: no siege kept, 3 MP, no recruit, -1 in battle), and the way to his next objective
pays about 0.4 a MP near it (`the_way`, bounded so that reaching one always pays). An objective
that needs no siege (a round ended at Siwa or Gordium, Darius's army, the Royal Family, a province
with no enemy city) just beyond the LOC's edge is then never reached: a move onto it, or to one
move short of it, is worth less than waiting at the edge, and the one-decision search never sees
the round end there (seed 9700 game 9 against greedy: Alexander at Pelusium, Siwa 3 MP away, for
177 of his last 400 decisions; the cult's four parts never begun). Such a march needs none of what
the LOC gives.

Here, while his army has no LOC and such an objective is within a move of it (his 4 MP without
one, 10.1), the charge is given back; once it is done, the next objective is the way and the
charge comes back, drawing him home to his LOC."""

from __future__ import annotations

from engine.alexander.board import MAC, board
from engine.alexander.evaluate import NO_LOC, _needs_siege, alexanders_army, targets
from engine.alexander.loc import supplied
from engine.alexander.odds import distance
from engine.alexander.state import AlexState

ALEXANDERS_NO_LOC = NO_LOC * 1.5  # the shared charge on his army (evaluate.py `supply`)


def march_to_an_objective(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """The shared charge on Alexander's army without a LOC given back while an objective that
    needs no siege is within a move of it (see above)."""
    army = alexanders_army(s, leaders)
    if army is None:
        return 0.0
    reach = supplied(s, MAC)
    if army.space in reach:
        return 0.0
    move = board().limits["alexander_base_mp"]
    near = any(distance(army.space, t) <= move and not _needs_siege(s, t) for t in targets(s, reach))
    return ALEXANDERS_NO_LOC if near else 0.0
