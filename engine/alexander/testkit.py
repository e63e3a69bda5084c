"""Positions for tests and examples: start a game, lay pieces by hand, answer decisions.

Kept in the package (not in tests/) so the bot's and the renderer's tests can build the same
positions. Nothing here is used by the rules.
"""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.game import GAME
from engine.alexander.state import AlexState, Army, Fleet, Garrison
from engine.alexander.world import refresh_control
from engine.core import Decision


def start(seed: int = 1, *, mac: str = "Ann", per: str = "Bo", **options) -> AlexState:
    """A game after the suggested starting garrisons, at the Macedonian's first card segment."""
    options.setdefault("garrisons", "suggested")
    return GAME.setup([mac, per], seed, {"macedonian": mac, **options})


def decision(state: AlexState) -> Decision:
    found = GAME.pending(state)
    assert found, "the game is over"
    return found[0]


def answer(state: AlexState, option_id: str) -> AlexState:
    """Answer the pending decision (whoever it waits on)."""
    new, _events = GAME.apply(state, decision(state).player, option_id)
    return new


def play(state: AlexState, *option_ids: str) -> tuple[AlexState, list]:
    """Answer several decisions in a row; returns the state and every event."""
    events = []
    for option_id in option_ids:
        state, got = GAME.apply(state, decision(state).player, option_id)
        events += got
    return state, events


def ids(state: AlexState) -> list[str]:
    return [o.id for o in decision(state).options]


def kind(state: AlexState) -> str:
    return decision(state).kind


def to_activity(state: AlexState) -> AlexState:
    """Skip the card segment (play no card)."""
    while kind(state) in ("cards", "window"):
        d = decision(state)
        state = answer(state, "done" if d.kind == "cards" else "pass")
    return state


def dice(state: AlexState, *values: int) -> AlexState:
    """Pin the next dice (the state is changed in place: use on a fresh copy)."""
    state.pinned_dice = list(values)
    return state


def clear(state: AlexState, *, keep_rhodes: bool = True) -> AlexState:
    """Take every army, fleet, garrison and tribe off the board."""
    state.armies, state.tribes, state.sieges = [], {}, {}
    state.fleets = [f for f in state.fleets if keep_rhodes and f.name == "Rhodian"]
    state.garrisons = {sp: g for sp, g in state.garrisons.items() if keep_rhodes and g.side == "independent"}
    for name, loc in list(state.leaders.items()):
        if loc.startswith(("army:", "fleet:")):
            state.leaders[name] = "out"
    return state


def army(state: AlexState, side: str, number: int, space: str, asp: int, *, elite: int = 0, leaders=(),
         inside: bool = False) -> Army:
    a = Army(id=f"{side}.{number}", side=side, number=number, space=space, asp=asp, elite=elite, inside=inside)
    state.armies = [x for x in state.armies if x.id != a.id] + [a]
    for name in leaders:
        state.leaders[name] = f"army:{a.id}"
    refresh_control(state)
    return a


def fleet(state: AlexState, name: str, side: str | None, space: str, nsp: int, leaders=()) -> Fleet:
    f = Fleet(name=name, side=side, space=space, nsp=nsp)
    state.fleets = [x for x in state.fleets if x.name != name] + [f]
    for leader in leaders:
        state.leaders[leader] = f"fleet:{name}"
    return f


def garrison(state: AlexState, side: str, space: str, gsp: int = 0, asp: int = 0) -> None:
    state.garrisons[space] = Garrison(side=side, gsp=gsp, asp=asp)
    refresh_control(state)


def hand(state: AlexState, side: str, *cards: str) -> None:
    """Give a side exactly these cards (taken from the deck, or the discards)."""
    for c in state.hands[side]:
        state.deck.append(c)
    state.hands[side] = []
    for c in cards:
        other = [h for s, h in state.hands.items() if s != side][0]
        pile = next(p for p in (state.deck, state.discard, other) if c in p)
        pile.remove(c)
        state.hands[side].append(c)


def fresh(state: AlexState) -> AlexState:
    """A copy whose pending decisions are worked out again (after laying pieces by hand)."""
    new = GAME.copy_state(state)
    new._decisions = None
    return new


__all__ = ["MAC", "PER", "start", "answer", "play", "ids", "kind", "to_activity", "dice", "clear", "army", "fleet",
           "garrison", "hand", "fresh", "decision"]
