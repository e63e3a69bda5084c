"""The contract every game meets: decisions, options, events, dice, and the registry.

A game is a state machine that waits on decisions. `pending(state)` says who must decide
what; `apply(state, player, option_id)` takes one choice and returns a new state plus the
events that narrate what happened. States are pydantic models that carry their own dice
generator, so the same state and the same choices always give the same game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, PrivateAttr

# A decision with one option is applied by the engine itself; this bounds that loop.
_MAX_FORCED_STEPS = 10_000


class IllegalAction(ValueError):
    """A choice that is not offered now. The message is a sentence a player can read."""


@dataclass(frozen=True)
class Option:
    id: str
    label: str


@dataclass(frozen=True)
class Decision:
    player: str
    prompt: str
    options: tuple[Option, ...]
    # A short machine name for the kind of decision ("action", "source", "retreat"...),
    # so the bot can group options or offer help without parsing prompts.
    kind: str = ""

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        return None


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)


class BaseState(BaseModel):
    """Fields every game state has: the version counter and the dice generator."""

    version: int = 0
    rng: int = 0
    # Results pinned for the next rolls (tests and replays); consumed before the generator.
    pinned_dice: list[int] = []
    # The pending decisions, computed once per state (never serialised; states are not
    # changed after `apply` returns them).
    _decisions: list[Decision] | None = PrivateAttr(default=None)


_MASK64 = (1 << 64) - 1


def _splitmix64(seed: int) -> tuple[int, int]:
    """One step of splitmix64: returns (new generator state, 64 random bits)."""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK64
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return seed, z ^ (z >> 31)


def random_below(state: BaseState, n: int) -> int:
    """A uniform integer in [0, n) from the state's generator (not a die: never pinned)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state.rng, bits = _splitmix64(state.rng)
        if bits < limit:
            return bits % n


def roll_dice(state: BaseState, count: int, sides: int = 6) -> list[int]:
    """Roll `count` dice, taking pinned results first. Callers must report them in an event."""
    results = []
    for _ in range(count):
        if state.pinned_dice:
            value = state.pinned_dice.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"pinned die {value} is not between 1 and {sides}")
            results.append(value)
        else:
            results.append(random_below(state, sides) + 1)
    return results


def seed_generator(seed: int) -> int:
    """The generator state for a game seed (mixed so nearby seeds give unrelated games)."""
    state, bits = _splitmix64(seed & _MASK64)
    return bits


S = TypeVar("S", bound=BaseState)


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses implement the underscored hooks; the public surface
    (setup, pending, apply ...) is shared so every game behaves the same to its callers."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_class: ClassVar[type[BaseState]]
    # Bumped whenever a rules change makes old choices replay differently, so storage can
    # tell "the rules changed" from "the data is corrupt".
    rules_version: ClassVar[str] = "1"

    # -- hooks for each game -------------------------------------------------------------
    @abstractmethod
    def _setup(self, players: list[str], seed: int, options: dict) -> tuple[S, list[Event]]:
        """A fresh state (version 0) before any forced decisions are taken."""

    @abstractmethod
    def _pending(self, state: S) -> list[Decision]:
        """The decisions waiting now; empty when the game is over."""

    @abstractmethod
    def _apply(self, state: S, player: str, option_id: str) -> list[Event]:
        """Apply an offered option to `state` in place; return the events. A game that has
        just worked out the decisions now waiting may leave them in `state._decisions`."""

    @abstractmethod
    def result(self, state: S) -> list[dict]:
        """Final standings: dicts with player, score, rank (ties share a rank) and tie-breaks."""

    @abstractmethod
    def summary(self, state: S) -> dict:
        """A JSON-able account of the state for status views and replays."""

    def copy_state(self, state: S) -> S:
        """A copy that `_apply` may change freely; games with big states override it."""
        return state.model_copy(deep=True)

    def invariants(self, state: S) -> list[str]:
        """What is wrong with a state, in words; the fuzzer checks this after every step."""
        return []

    def describe(self, state: S) -> str:
        """The state as text for a terminal."""
        import json

        return json.dumps(self.summary(state), indent=1)

    def view(self, state: S, player: str | None) -> dict:
        """What `player` may see (None: a spectator). Games without secrets show everything."""
        return self.summary(state)

    # -- the shared surface ----------------------------------------------------------------
    def setup(self, players: list[str], seed: int, options: dict | None = None) -> S:
        options = dict(options or {})
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(
                f"{self.title} needs {self.min_players} to {self.max_players} players, not {len(players)}."
            )
        # Names first: a seat that is not a string cannot be compared for repeats.
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise IllegalAction("Every player needs a name.")
        if len(set(players)) != len(players):
            raise IllegalAction("Each player may take only one seat.")
        dice = options.get("dice", [])
        if not isinstance(dice, list) or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise IllegalAction("Pinned dice must be a list of numbers from 1 to 6.")
        state, _events = self._setup(list(players), seed, options)
        state.pinned_dice = list(dice)
        self._take_forced(state, [])
        return state

    def pending(self, state: S) -> list[Decision]:
        if state._decisions is None:
            state._decisions = self._pending(state)
        return list(state._decisions)

    def is_over(self, state: S) -> bool:
        return not self.pending(state)

    def version(self, state: S) -> int:
        return state.version

    def apply(self, state: S, player: str, option_id: str) -> tuple[S, list[Event]]:
        decisions = self.pending(state)
        if not decisions:
            raise IllegalAction("The game is over.")
        mine = [d for d in decisions if d.player == player]
        if not mine:
            waiting = ", ".join(sorted({d.player for d in decisions}))
            raise IllegalAction(f"It is not your decision now; the game waits on {waiting}.")
        if not any(d.option(option_id) for d in mine):
            raise IllegalAction(f"'{option_id}' is not one of your options now.")
        new_state = self.copy_state(state)
        new_state._decisions = None
        events = self._apply(new_state, player, option_id)
        self._take_forced(new_state, events)
        new_state.version = state.version + 1
        return new_state, events

    def _take_forced(self, state: S, events: list[Event]) -> None:
        """Apply every decision that has exactly one option, as the rules need no choice there."""
        for _ in range(_MAX_FORCED_STEPS):
            forced = next((d for d in self.pending(state) if len(d.options) == 1), None)
            if forced is None:
                return
            state._decisions = None
            events.extend(self._apply(state, forced.player, forced.options[0].id))
        raise RuntimeError("forced decisions did not settle")

    def dumps(self, state: S) -> str:
        return state.model_dump_json()

    def loads(self, text: str) -> S:
        return self.state_class.model_validate_json(text)  # type: ignore[return-value]


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    _REGISTRY[game.name] = game
    return game


def get_game(name: str) -> Game:
    _load_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise IllegalAction(f"There is no game called '{name}'. Known games: {known}.") from None


def game_names() -> list[str]:
    _load_games()
    return sorted(_REGISTRY)


def _load_games() -> None:
    # Imported lazily so `engine.core` stays importable by the games themselves.
    from engine import (
        byzantium,  # noqa: F401
        warriors_traders,  # noqa: F401
    )
