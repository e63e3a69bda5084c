"""Going round in circles: choices that lead back to a position already seen.

Some games let a player undo a step of their own ("choose an army", then "back"). A player who
only weighs positions can then go round such a loop for ever when standing still looks better
than moving on (the one behind prefers the clock not to run). The search never follows a loop
within one look-ahead (`same_position`), and a caller that passes the positions the seat has
decided in (`position_key`, kept by the caller: the bot is a pure function with no memory) keeps
it from choosing to go back to one of them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

from engine.core import Game


def same_position(a, b) -> bool:
    """The same state but for the count of choices made (`version`)."""
    if type(a) is not type(b):
        return False
    mine, theirs = a.__dict__, b.__dict__
    return all(mine[k] == theirs.get(k) for k in mine if k != "version")


def position_key(game: Game, state, player: str) -> str:
    """A short fingerprint of what `player` sees of a position (two positions the seat cannot
    tell apart have the same key): the view of a game with secrets, else the whole state (faster)."""
    if game.secrets:
        seen = json.dumps(game.view(state, player), sort_keys=True, default=str)
    else:
        seen = state.model_dump_json(exclude={"version", "rng", "rng_key"})
    return hashlib.blake2b(seen.encode(), digest_size=16).hexdigest()


class Positions:
    """The keys of some positions of one seat, taken only when first asked for (a key of a game
    with secrets costs a view); an `avoid` for `choose` that costs nothing when never looked at."""

    def __init__(self, game: Game, seat: str):
        self.game, self.seat = game, seat
        self._states: list = []
        self._keys: set[str] = set()

    def add(self, state) -> None:
        self._states.append(state)

    def _keyed(self) -> set[str]:
        while self._states:
            self._keys.add(position_key(self.game, self._states.pop(), self.seat))
        return self._keys

    def __contains__(self, key: object) -> bool:
        return key in self._keyed()

    def __iter__(self) -> Iterator[str]:
        return iter(self._keyed())

    def __len__(self) -> int:
        return len(self._keyed())

    def __bool__(self) -> bool:
        return bool(self._states or self._keys)
