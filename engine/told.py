"""Events as they are told, one text per line: what every player gets in turn is one line for all.

Warriors & Traders says "X has nothing left to trade in this phase." and "X maneuvers (2 action
points per army)." for each player every turn (issue 28 item 9); when such events come one after
another, the bot's posts and the terminal both tell them once ("Ann, Bo and Cy have nothing left
to trade in this phase."). One implementation for both readers: they only add their own marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event
from engine.text import listing, msg

# kind -> the data that must match for consecutive events to be told as one (the line: `_for_all`).
SAME_FOR_ALL = {"trade_done": (), "maneuver": ("ap",)}


def told(events: Sequence[Event]) -> list[tuple[Event, object]]:
    """The events with a text, each run of one kind merged: (the run's first event, its text)."""
    shown = [e for e in events if e.text]
    out: list[tuple[Event, object]] = []
    i = 0
    while i < len(shown):
        run = _run(shown, i)
        first = run[0]
        out.append((first, _for_all(first, [e.data["player"] for e in run]) if len(run) > 1 else first.text))
        i += len(run)
    return out


def _run(shown: Sequence[Event], start: int) -> list[Event]:
    event = shown[start]
    run = [event]
    if event.kind not in SAME_FOR_ALL or not isinstance(event.data.get("player"), str):
        return run
    keys = SAME_FOR_ALL[event.kind]
    for nxt in shown[start + 1:]:
        if nxt.kind != event.kind or not isinstance(nxt.data.get("player"), str) \
                or any(nxt.data.get(k) != event.data.get(k) for k in keys):
            break
        run.append(nxt)
    return run


def _for_all(event: Event, players: list[str]):
    if event.kind == "trade_done":
        return msg("{players} have nothing left to trade in this phase.", players=listing(players))
    return msg("{players} maneuver ({ap} action points per army).", players=listing(players), ap=event.data.get("ap"))
