"""Option numbers that stay put between prompts in the terminal (issue 28 item 11).

Numbering the options 1, 2, 3... as listed moved every number after an option that came or went:
"Take Athens" was 2, then 1 once Adrianople was taken, and "Pass" walked from 53 to 50. The rule:
within one player's questions of one kind (Decision.kind, else the prompt's own words), an option
offered again keeps the number it had before; the options new to the question take the smallest
numbers left free, in the listed order. The first question of a kind is numbered 1, 2, 3... as
before; later ones may skip a number (an option that is gone) or list one out of order (a new
option in a gap). A number goes to a new option only when its old one is not on offer.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Decision, Option


class OptionNumbers:
    """The numbers given so far, per (player, kind of question): number -> the option that last
    held it (so an option that comes back finds its number unless another took it meanwhile)."""

    def __init__(self) -> None:
        self._holders: dict[tuple[str, str], dict[int, str]] = {}

    def number(self, decision: Decision, options: Sequence[Option]) -> dict[str, int]:
        """Each option's number (`options` in the order they are listed), remembered for the next
        question of the same kind."""
        holders = self._holders.setdefault((decision.player, kind_of(decision)), {})
        offered = {option.id for option in options}
        numbers = {option_id: n for n, option_id in holders.items() if option_id in offered}
        taken = set(numbers.values())
        free = 1
        for option in options:
            if option.id not in numbers:
                while free in taken:
                    free += 1
                numbers[option.id] = free
                taken.add(free)
        holders.update({n: option_id for option_id, n in numbers.items()})
        return {option.id: numbers[option.id] for option in options}


def kind_of(decision: Decision) -> str:
    return decision.kind or getattr(decision.prompt, "mid", str(decision.prompt))
