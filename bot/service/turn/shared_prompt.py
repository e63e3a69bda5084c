"""Several players asked at once, in one message (issue 12: one public message per turn).

When the game waits on several players together (Byzantium's upkeep at a round's end, Warriors
& Traders' setup, trading and feeding), their prompts travel in one message: each player's
question as a paragraph of its own (the player pinged), and each player's buttons in rows of
their own below, in the same order. Every button carries its player's seat (specs.py), so a
click by anyone else is refused and each player answers only their own part.

Discord allows 5 rows of components in a message: a player whose buttons take more rows than
there is room for gets their options in one menu instead (placeholder **<player>: Choose what to
do…**), or, when a menu cannot hold them (more than 25, or a form of amounts), one button of that
name, which shows their whole prompt to them alone (the second click); the players with the
most rows go first. When even one row per player does not fit, the caller posts one message per
player as before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.service.turn.specs import ROWS, ButtonSpec, SelectSpec
from engine.text import layout

Components = tuple[ButtonSpec | SelectSpec, ...]


def named(components: Components, player: str) -> Components:
    """A player's buttons and menus in a message shared with other players, each carrying their
    name ("Ann: Done trading", "Bo: Choose (1/2)"): alone, "Choose (1/2)" says nothing of whose
    it is (issue 28). The publisher translates, then clips (the name comes first, so it stays)."""
    out: list[ButtonSpec | SelectSpec] = []
    for spec in components:
        if isinstance(spec, ButtonSpec):
            out.append(dataclasses.replace(spec, label=layout("{player}: {label}", player=player, label=spec.label)))
        else:
            out.append(dataclasses.replace(spec, placeholder=layout("{player}: {choose}", player=player,
                                                                    choose=spec.placeholder)))
    return tuple(out)


def rows_of(components: Components) -> int:
    return max((c.row for c in components), default=-1) + 1


def stacked(parts: Sequence[tuple[Components | None, Components | None, ButtonSpec]]) -> Components | None:
    """The components of one message for several decisions. `parts`: per decision, its whole
    prompt's components (None when it takes more than one message), its options as one menu (None
    when a menu cannot hold them) and the one button that opens it privately. None when the
    decisions do not fit one message even as one row each."""
    if len(parts) > ROWS:
        return None
    chosen: list[Components] = [full if full is not None else (menu or (compact,)) for full, menu, compact in parts]
    while sum(rows_of(c) for c in chosen) > ROWS:
        widest = max(range(len(chosen)), key=lambda i: rows_of(chosen[i]))
        chosen[widest] = parts[widest][1] or (parts[widest][2],)
    out: list[ButtonSpec | SelectSpec] = []
    row = 0
    for components in chosen:
        out += [dataclasses.replace(c, row=row + c.row) for c in components]
        row += rows_of(components)
    return tuple(out)
