"""The contract every game meets: decisions, options, events, secrets, randomness, the registry.

A game is a state machine that waits on decisions. `pending(state)` says who must decide
what; `apply(state, player, option_id)` takes one choice and returns a new state plus the
events that narrate what happened. States are pydantic models that carry their own random
generator, so the same state and the same choices always give the same game.

What a game must know about the rest of the contract (docs/engine.md tells it at length):

Text. Prompts, labels and event texts are `engine.text.Msg`s (a message id with parameters);
the caller renders them in the reader's language. A Msg is also a str (its English form).

Secrets. `summary(state)` is the whole truth (tests, replays, the end of the game);
`view(state, player)` is what one seat may see and `view(state, None)` what everyone may see.
A game with hidden information overrides `view` and lists its secret parts in `secrets`.
An `Event` is public unless `private_to` names the seats that may read it; a game that must
tell the public that *something* happened emits a public counterpart beside the private event
("Persian draws a card" / "you drew Surprise"). A `Decision` with `private=True` shows its
prompt and options only to its player; the public learns `public_prompt` (or only whom the
game waits on). The seed and the generator's state are secrets of the game itself: no
summary, view or event ever shows them.

Forced choices. A public decision with exactly one option is taken by the engine itself. A
private decision never is (its timing would tell what its owner holds). A reaction window
(a decision with `window` set, opened at the same moments whatever the player holds) is
settled by the player's *standing order* for that kind of window: "ask" (prompt me),
"never" (take `pass_id` silently) or "auto" (take `auto_id` when the game offers one, else
pass). Orders and other *preferences* (choices that are almost always the same, declared
by the game in `preferences`) are part of the game: a player changes one with the choice
`pref:<key>=<value>` at any time, so replays and undo reproduce them.

Concession. A game without a turn limit (Alexander) may let a player give up at any time:
`concedes = True` and a `concede(state, player)` method; the choice `CONCEDE_ID`, accepted
from any seat while the game runs, goes there, so replays and undo reproduce it.

Several things at once. A decision may carry `amounts`: "how many of each of these items",
with totals per group; its answer is one option id (`Amounts.answer({...})`), so a choice of
N cubes, a sum and its split, or a trade offer is one `apply`.

Randomness. Dice, shuffles and draws come only from the state's generator: a keyed hash
(BLAKE2b) over a counter, its key derived from a secret seed of at least 128 bits, so the
public record of a game does not let anyone predict the next roll. Options can pin dice
(`{"dice": [...]}`) and the order of named decks or cups (`{"draws": {"cup": [...]}}`) for
tests and worked examples. Games recorded before this generator replay with the old one
(`{"rng": "splitmix64"}`, which storage passes for their rules versions).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, PrivateAttr

from engine.text import Msg, listing, msg

# A forced decision is applied by the engine itself; this bounds that loop.
_MAX_FORCED_STEPS = 10_000

# Options every game accepts, handled here: pinned dice and draws, and the generator's kind.
CORE_OPTIONS = frozenset({"dice", "draws", "rng"})

PREF_PREFIX = "pref:"
ORDER_PREFIX = "order:"  # a standing order is the preference "order:<window>"
ORDERS = ("ask", "never", "auto")
# The choice "I give up" of a game that `concedes` (never an option of a decision).
CONCEDE_ID = "game:concede"


class IllegalAction(ValueError):
    """A choice that is not offered now. The message is a sentence a player can read."""


@dataclass(frozen=True)
class Option:
    id: str
    label: str
    # Long lists are shown two clicks deep: first the group, then the option ("Take a city").
    group: str = ""


@dataclass(frozen=True)
class Item:
    """One line of a choice of several things: how many of this (between min and max)."""

    id: str
    label: str
    max: int
    min: int = 0
    group: str = ""  # items of one group share a total (see Total)


@dataclass(frozen=True)
class Total:
    """The bounds on the sum of one group's amounts (a multiple of `step`)."""

    lo: int
    hi: int
    step: int = 1
    group: str = ""
    label: str = ""  # "You give", "Damage to allocate" ...


_AMOUNT = re.compile(r"^([\w.:-]+)=(\d+)$")
# What an item id may not hold in an answer ("=" and "," separate, blanks would be cut by typing):
# each run of it is written "_", so "Heraclea Lyncestis" answers as "Heraclea_Lyncestis=2".
_PREFIX = re.compile(r"[\w.-]+")
_UNSAFE = re.compile(r"[^\w.:-]+")


def answer_key(item_id: str) -> str:
    """How an item is named in an answer: its id, any run of unsafe characters written "_"."""
    return _UNSAFE.sub("_", item_id)


@dataclass(frozen=True)
class Amounts:
    """A choice of how many of each item, answered as one option id:
    `<prefix>:<key>=<n>,<key>=<n>` (items at zero left out, in the order of `items`; an item's key is
    its id made safe, `answer_key`, so any id a game gives can be answered)."""

    items: tuple[Item, ...]
    totals: tuple[Total, ...]
    prefix: str = "amounts"
    # A rule the bounds and totals cannot say (which cubes can be paid for, "until the rest can
    # be paid"): the reason counts are refused, in words, or None when they are fine. What it
    # refuses is no answer (parse), so every answer a decision offers is accepted.
    check: Callable[[dict[str, int]], Msg | None] | None = field(default=None, compare=False, repr=False)
    # The game's words for an answer ("1 cube to the Byzantine elite box"), when it has its own: an
    # answer typed into the form then reads as the same answer on a button (issue 28 item 7). None:
    # "2 × Elite and 1 × Movement".
    words: Callable[[dict[str, int]], Msg] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        keys = [answer_key(i.id) for i in self.items]
        if len(set(keys)) != len(keys) or not all(keys) or not _PREFIX.fullmatch(self.prefix):
            raise ValueError(f"amounts {self.prefix!r}: items need distinct non-empty keys, got {keys}")

    def answer(self, counts: dict[str, int]) -> str:
        return self.prefix + ":" + ",".join(f"{answer_key(i.id)}={counts[i.id]}" for i in self.items
                                            if counts.get(i.id))

    def describe(self, counts: dict[str, int]) -> Msg:
        """The answer in words: the game's (`words`), else "2 × Elite and 1 × Movement" (items at
        zero left out). Every option whose id is an answer of these amounts is labelled so."""
        if self.words is not None:
            return self.words(counts)
        return listing([msg("{n} × {item}", n=counts[i.id], item=i.label) for i in self.items if counts.get(i.id)])

    def parse(self, option_id: str) -> dict[str, int] | None:
        """The amounts an option id names, every item present; None if it is not a valid answer."""
        head, sep, body = option_id.partition(":")
        if head != self.prefix or not sep:
            return None
        counts = {item.id: 0 for item in self.items}
        ids = {answer_key(item.id): item.id for item in self.items}
        for part in filter(None, body.split(",")):
            match = _AMOUNT.match(part)
            item_id = ids.get(match.group(1)) if match else None
            if item_id is None or counts[item_id]:
                return None
            counts[item_id] = int(match.group(2))
        if self.answer(counts) != option_id:  # one spelling per answer: replays compare ids
            return None
        if any(not item.min <= counts[item.id] <= item.max for item in self.items):
            return None
        for total in self.totals:
            value = sum(counts[i.id] for i in self.items if i.group == total.group)
            if not total.lo <= value <= total.hi or (value - total.lo) % total.step:
                return None
        if self.refusal(counts) is not None:
            return None
        return counts

    def allows(self, counts: dict[str, int]) -> bool:
        """Whether `counts` (every item's count) is an answer: what `parse(answer(counts))` says,
        without the round trip through the option id (issue 30: Byzantium's upkeep walked its
        combinations through it, the engine's largest cost in a quick game)."""
        for item in self.items:
            n = counts[item.id]
            # An answer writes a count as digits: a negative one, or a non-int, is no answer.
            if type(n) is not int or n < 0 or not item.min <= n <= item.max:
                return False
        for total in self.totals:
            value = sum(counts[i.id] for i in self.items if i.group == total.group)
            if not total.lo <= value <= total.hi or (value - total.lo) % total.step:
                return False
        return self.refusal({item.id: counts[item.id] for item in self.items}) is None

    def refusal(self, counts: dict[str, int]) -> Msg | None:
        """Why counts within the bounds and totals are still no answer (the `check`), or None."""
        return self.check(counts) if self.check is not None else None


@dataclass(frozen=True)
class Decision:
    player: str
    prompt: str
    options: tuple[Option, ...]
    # A short machine name for the kind of decision ("action", "source", "retreat"...),
    # so the bot can group options or offer help without parsing prompts.
    kind: str = ""
    # A choice of several things at once; `options` may still hold plain answers ("done").
    amounts: Amounts | None = None
    # Secret: only `player` may see the prompt and the options; the public sees
    # `public_prompt` (never anything that depends on what the player holds) or only "waiting".
    private: bool = False
    public_prompt: str = ""
    # A reaction window (a key of the game's `windows`), settled by the player's standing order.
    window: str = ""
    pass_id: str = ""  # the option that lets the moment go by (a window always has one)
    auto_id: str = ""  # the option an "auto" order takes now ("": nothing is playable)

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        counts = self.amounts.parse(option_id) if self.amounts is not None else None
        if counts is not None:
            return Option(option_id, self.amounts.describe(counts))
        return None

    def offers(self, option_id: str) -> bool:
        return self.option(option_id) is not None

    @property
    def forced(self) -> bool:
        """Taken by the engine itself: public, no reaction window, exactly one possible answer."""
        return not self.private and not self.window and self.amounts is None and len(self.options) == 1


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    # Empty: everyone may read it. Otherwise only these seats (a card drawn, a hand shown).
    private_to: tuple[str, ...] = ()

    @property
    def public(self) -> bool:
        return not self.private_to

    def visible_to(self, player: str | None) -> bool:
        return not self.private_to or player in self.private_to


def visible_events(events: list[Event], player: str | None) -> list[Event]:
    """The events `player` may read (None: the public)."""
    return [e for e in events if e.visible_to(player)]


@dataclass(frozen=True)
class Preference:
    """A choice a player makes once instead of at every turn ("take cubes from the pool first")."""

    key: str
    label: str
    choices: tuple[Option, ...]  # the values, with labels
    default: str


@dataclass(frozen=True)
class Window:
    """A kind of moment at which a player may react (play a card), and its default order."""

    key: str
    label: str
    default: str = "ask"


class BaseState(BaseModel):
    """Fields every game state has: the version counter, the seats, the random generator and
    the players' preferences."""

    version: int = 0
    seats: list[str] = []
    # The generator: a BLAKE2b key (hex) and a counter; an empty key means the old splitmix64
    # generator whose state is `rng` (games recorded before the keyed one).
    rng: int = 0
    rng_key: str = ""
    # Results pinned for the next rolls (tests and replays); consumed before the generator.
    pinned_dice: list[int] = []
    # Orders pinned for named draws (a deck, a cup), consumed by `draw_order`.
    pinned_draws: dict[str, list[list[str]]] = {}
    # player -> preference key -> value, only where a player changed the default.
    prefs: dict[str, dict[str, str]] = {}
    # The pending decisions, computed once per state (never serialised; states are not
    # changed after `apply` returns them).
    _decisions: list[Decision] | None = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        """Equal when the game's fields are: the decisions kept for speed are no part of it (a
        state read back from its snapshot equals the one written, whether or not either has
        worked out who waits)."""
        if not isinstance(other, BaseModel):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__ and \
            self.__pydantic_extra__ == other.__pydantic_extra__


# -- randomness --------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1


def _splitmix64(seed: int) -> tuple[int, int]:
    """One step of splitmix64: returns (new generator state, 64 random bits)."""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK64
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return seed, z ^ (z >> 31)


def seed_generator(seed: int) -> int:
    """The splitmix64 state for a seed (the old generator; kept for recorded games)."""
    state, bits = _splitmix64(seed & _MASK64)
    return bits


def seed_fields(seed: int, options: dict | None = None) -> dict[str, Any]:
    """The random fields of a new state: `State(..., **seed_fields(seed, options))` gives it its
    generator and the dice and draws the options pin (`Game.setup` has checked their shape).

    The key is a hash of the whole seed, so a seed of 128 random bits or more cannot be found
    from any number of rolls. `{"rng": "splitmix64"}` gives the old generator.
    """
    options = options or {}
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalAction(msg("The seed must be a whole number."))
    pins = {"pinned_dice": list(options.get("dice", [])),
            "pinned_draws": {name: [list(o) for o in orders] for name, orders in options.get("draws", {}).items()
                             if orders}}
    kind = options.get("rng", "blake2b")
    if kind == "splitmix64":
        return {"rng": seed_generator(seed), "rng_key": "", **pins}
    if kind != "blake2b":
        raise IllegalAction(msg("Unknown random generator '{kind}'.", kind=kind))
    material = (seed % (1 << 512)).to_bytes(64, "big")
    key = hashlib.blake2b(material, digest_size=32, person=b"boardgame-seed").hexdigest()
    return {"rng": 0, "rng_key": key, **pins}


def _next_bits(state: BaseState) -> int:
    if not state.rng_key:
        state.rng, bits = _splitmix64(state.rng)
        return bits
    digest = hashlib.blake2b(state.rng.to_bytes(8, "big"), key=bytes.fromhex(state.rng_key), digest_size=8)
    state.rng += 1
    return int.from_bytes(digest.digest(), "big")


def random_below(state: BaseState, n: int) -> int:
    """A uniform integer in [0, n) from the state's generator (not a die: never pinned)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        bits = _next_bits(state)
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


def shuffle(state: BaseState, items: list) -> list:
    """A new list with `items` in a random order from the generator (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = random_below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def draw_order(state: BaseState, name: str, items: list[str]) -> list[str]:
    """`items` shuffled for the deck or cup `name`: the next order pinned for that name if a test
    pinned one (it must hold exactly these items), else a shuffle from the generator."""
    pinned = state.pinned_draws.get(name)
    if pinned:
        order = pinned.pop(0)
        if not pinned:
            del state.pinned_draws[name]
        if sorted(order) != sorted(items):
            raise ValueError(f"the pinned order for '{name}' does not hold the same items")
        return list(order)
    return shuffle(state, items)


def used_chance(before: BaseState, after: BaseState) -> bool:
    """Whether the step from `before` to `after` drew on chance: the generator moved (a die, a
    draw, a shuffle, a random pick of any kind) or a pinned die or draw was used up. A step that
    did may not be taken back by a player: played again it gives the same result, so the player
    would have looked at chance before committing (issue 25)."""
    return ((before.rng, before.rng_key, before.pinned_dice, before.pinned_draws)
            != (after.rng, after.rng_key, after.pinned_dice, after.pinned_draws))


S = TypeVar("S", bound=BaseState)


def preference_value(state: BaseState, player: str, preference: Preference) -> str:
    """`player`'s value for `preference` (its default unless they changed it): what a game's rules
    read, without going through the game object that holds them."""
    chosen = state.prefs.get(player, {}).get(preference.key)
    return chosen if chosen is not None else preference.default


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
    # Rules versions recorded with the old splitmix64 generator (storage replays them with it).
    splitmix_rules_versions: ClassVar[frozenset[str]] = frozenset({"1"})
    # The parts of `summary` that are secret (for documentation and the leak tests); a game
    # with secrets overrides `view` to leave them out.
    secrets: ClassVar[tuple[str, ...]] = ()
    # Choices a player may settle once for the whole game, and the kinds of reaction windows.
    preferences: ClassVar[tuple[Preference, ...]] = ()
    windows: ClassVar[tuple[Window, ...]] = ()
    # Whether a player may give up (`CONCEDE_ID`, handled by `concede`): games without a turn limit.
    concedes: ClassVar[bool] = False
    # How the bot presents it: each seat's colour in seat order (as its drawing gives them; none:
    # a plain mark), and the decision kinds that open a new action of their player, so a new turn
    # message (Byzantium's "choose your action"; none: a turn is everything a player does before
    # the game waits on someone else).
    seat_colours: ClassVar[tuple[str, ...]] = ()
    # One or two sentences of rules per decision kind, for `/game help` (message ids).
    hints: ClassVar[Mapping[str, str]] = {}
    opening_kinds: ClassVar[frozenset[str]] = frozenset({"action"})

    # -- hooks for each game -------------------------------------------------------------
    @abstractmethod
    def _setup(self, players: list[str], seed: int, options: dict) -> tuple[S, list[Event]]:
        """A fresh state (version 0) before any forced decisions are taken. Build the generator
        with `seed_fields(seed, options)`; accept every key of CORE_OPTIONS."""

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
        """A JSON-able account of the whole state (secrets included) for tests and replays."""

    def copy_state(self, state: S) -> S:
        """A copy that `_apply` may change freely; games with big states override it."""
        return state.model_copy(deep=True)

    def invariants(self, state: S) -> list[str]:
        """What is wrong with a state, in words; the fuzzer checks this after every step."""
        return []

    def describe(self, state: S, player: str | None = None) -> str:
        """What `player` may see of the state, as text for a terminal."""
        import json

        return json.dumps(self.view(state, player), indent=1)

    def view(self, state: S, player: str | None) -> dict:
        """What `player` may see (None: the public). Games without secrets show everything."""
        return self.summary(state)

    def determinize(self, state: S, player: str | None, seed: int) -> S:
        """A state `player` cannot tell from this one: what they may not see is drawn afresh
        (hidden cards dealt again consistently with the view), and the generator is reseeded
        so no future roll is known. For search by bot players; games with secrets override it."""
        new = self.copy_state(state)
        new._decisions = None
        for name, value in seed_fields(seed).items():  # a fresh generator, nothing pinned
            setattr(new, name, value)
        return new

    def manifest(self) -> dict:
        """What the bot offers for this game beside its rules, as data: its typed shortcuts
        (`shortcuts`: a slash command group). Read from manifest.json beside the game's modules,
        those of its class or of a class it extends (a game that pins another's seed keeps its
        shortcuts); {} when there is none."""
        for cls in type(self).__mro__:
            package = getattr(sys.modules.get(cls.__module__), "__package__", None)
            if package and package != __package__:
                found = _manifest(package)
                if found is not None:
                    return found
        return {}

    # -- the lobby (the options a host gives when opening a game: the manifest's `lobby`) ----------

    def lobby_setup(self, given: dict) -> dict:
        """The setup options a lobby keeps from those its host gave (only names the manifest's
        `lobby` declares reach here), or IllegalAction saying why not."""
        return dict(given)

    def seat_range(self, options: dict) -> tuple[int, int, str]:
        """(fewest, most) players a lobby with these options seats, and what sets the limit (a
        text for the one-line refusal)."""
        return self.min_players, self.max_players, self.title

    def seat_names(self, options: dict, host: str) -> list | None:
        """Seats the host alone takes at Start (texts, in the game's language), as solitaire
        play does; None: one seat per member."""
        return None

    def setup_options(self, options: dict, players: list[str]) -> dict:
        """What `setup` takes at Start for a lobby's options and these seats."""
        return dict(options)

    def describe_setup(self, options: dict) -> str | None:
        """One line of the lobby card and the start post naming the setup (None: nothing to say)."""
        return None

    def seat_label(self, options: dict, index: int, seat: str) -> str | None:
        """A word after a seat on the lobby card (its team), or None."""
        return None

    def seat_roles(self, public_view: dict) -> dict[str, str]:
        """Seat -> the side it plays, where seats have sides (a mark and the side's name, shown
        instead of its colour at the start); {} when they do not."""
        return {}

    def terms(self) -> list[tuple[str, str]]:
        """(context, name) of the words of the game's data that its code passes to `term()`
        as variables (place names, units ...): the catalogues are extracted from these."""
        return []

    def recorded_options(self, recorded: str) -> dict:
        """Setup options that make a game recorded under rules version `recorded` play by the
        rules it was played by, so it replays identically ({}: the current rules). A game that
        keeps an older rule behind its version overrides this (storage and replays call it)."""
        return {}

    def evaluate(self, state: S) -> dict[str, float] | None:
        """How good the state is for each player, from 0 (lost) to 1 (won), if the game can
        tell cheaply; bot players use it to cut playouts short. None: play to the end."""
        return None

    # -- the shared surface ----------------------------------------------------------------
    def setup(self, players: list[str], seed: int, options: dict | None = None) -> S:
        options = dict(options or {})
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(msg("{game} needs {lo} to {hi} players, not {n}.", game=self.title,
                                    lo=self.min_players, hi=self.max_players, n=len(players)))
        # Names first: a seat that is not a string cannot be compared for repeats.
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise IllegalAction(msg("Every player needs a name."))
        if len(set(players)) != len(players):
            raise IllegalAction(msg("Each player may take only one seat."))
        if any(p.startswith(PREF_PREFIX) for p in players):
            raise IllegalAction(msg("That name is reserved."))
        dice = options.get("dice", [])
        if not isinstance(dice, list) or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise IllegalAction(msg("Pinned dice must be a list of numbers from 1 to 6."))
        draws = options.get("draws", {})
        if not isinstance(draws, dict) or not all(
                isinstance(orders, list) and all(isinstance(o, list) for o in orders) for orders in draws.values()):
            raise IllegalAction(msg("Pinned draws must map a name to a list of orders."))
        state, _events = self._setup(list(players), seed, options)
        state.seats = list(players)
        self._take_forced(state, [])
        return state

    def players(self, state: S) -> list[str]:
        """The seats in order."""
        if state.seats:
            return list(state.seats)
        return [p.name for p in getattr(state, "players", [])]  # states saved before `seats`

    def pending(self, state: S) -> list[Decision]:
        if state._decisions is None:
            state._decisions = self._pending(state)
        return list(state._decisions)

    def is_over(self, state: S) -> bool:
        return not self.pending(state)

    def version(self, state: S) -> int:
        return state.version

    def apply(self, state: S, player: str, option_id: str) -> tuple[S, list[Event]]:
        if option_id.startswith(PREF_PREFIX):
            return self._apply_preference(state, player, option_id)
        if option_id == CONCEDE_ID:
            return self.concede(state, player)
        decisions = self.pending(state)
        if not decisions:
            raise IllegalAction(msg("The game is over."))
        mine = [d for d in decisions if d.player == player]
        if not mine:
            waiting = listing(sorted({d.player for d in decisions}))
            raise IllegalAction(msg("It is not your decision now; the game waits on {waiting}.", waiting=waiting))
        if not any(d.offers(option_id) for d in mine):
            raise IllegalAction(msg("'{option}' is not one of your options now.", option=option_id))
        new_state = self.copy_state(state)
        new_state._decisions = None
        events = self._apply(new_state, player, option_id)
        self._take_forced(new_state, events)
        new_state.version = state.version + 1
        return new_state, events

    def secret_lines(self, state: S, player: str) -> list[Msg] | None:
        """`player`'s own secrets in sentences ("Your hand: ..."), for private prompts and the
        bot's /game hand; None: callers list the parts of `view(state, player)` the public lacks."""
        return None

    def concede(self, state: S, player: str) -> tuple[S, list[Event]]:
        """`player` gives up; a game that `concedes` ends here with the others ahead. Other games
        refuse it as they refuse any option they do not offer."""
        raise IllegalAction(msg("'{option}' is not one of your options now.", option=CONCEDE_ID))

    # -- preferences and standing orders ---------------------------------------------------
    def preference_table(self) -> dict[str, Preference]:
        """Every preference a player may set, standing orders ("order:<window>") included."""
        table = {p.key: p for p in self.preferences}
        for window in self.windows:
            table[ORDER_PREFIX + window.key] = Preference(
                ORDER_PREFIX + window.key, window.label,
                (Option("ask", msg("Ask me")), Option("never", msg("Never")),
                 Option("auto", msg("Play automatically when possible"))), window.default)
        return table

    def preference(self, state: S, player: str, key: str) -> str:
        """`player`'s value for a preference (its default unless they changed it)."""
        return preference_value(state, player, self.preference_table()[key])

    def bot_preferences(self, state: S, player: str) -> dict[str, str]:
        """The settings a bot player takes for `player`'s seat before its first answer (engine/ai
        search answers with them while they differ): a standing order that keeps a bot from a
        choice it needs. None by default."""
        return {}

    def preferences_of(self, state: S, player: str) -> dict[str, str]:
        return {key: self.preference(state, player, key) for key in self.preference_table()}

    @staticmethod
    def preference_id(key: str, value: str) -> str:
        return f"{PREF_PREFIX}{key}={value}"

    def _apply_preference(self, state: S, player: str, option_id: str) -> tuple[S, list[Event]]:
        key, sep, value = option_id[len(PREF_PREFIX):].partition("=")
        table = self.preference_table()
        if player not in self.players(state):
            raise IllegalAction(msg("Only the game's players have settings."))
        if self.is_over(state):
            raise IllegalAction(msg("The game is over."))
        if not sep or key not in table:
            raise IllegalAction(msg("'{key}' is not a setting of {game}.", key=key, game=self.title))
        choice = next((c for c in table[key].choices if c.id == value), None)
        if choice is None:
            raise IllegalAction(msg("'{value}' is not a value of '{setting}'.", value=value, setting=table[key].label))
        new_state = self.copy_state(state)
        new_state._decisions = None
        new_state.prefs = {p: dict(v) for p, v in state.prefs.items()}
        new_state.prefs.setdefault(player, {})[key] = value
        events = [Event("preference", msg("Your setting '{setting}' is now: {value}.",
                                           setting=table[key].label, value=choice.label),
                        {"player": player, "key": key, "value": value}, private_to=(player,))]
        self._take_forced(new_state, events)
        new_state.version = state.version + 1
        return new_state, events

    def _settled(self, state: S, decision: Decision) -> str | None:
        """The answer the engine gives itself for `decision`, or None if the player must."""
        if decision.window:
            if not decision.pass_id:
                raise RuntimeError(f"the '{decision.window}' window of {decision.player} has no pass option")
            order = self.preference(state, decision.player, ORDER_PREFIX + decision.window)
            if order == "never":
                return decision.pass_id
            if order == "auto":
                return decision.auto_id or decision.pass_id
            return None
        return decision.options[0].id if decision.forced else None

    def _take_forced(self, state: S, events: list[Event]) -> None:
        """Apply every decision the rules or the player's standing orders already answer."""
        for _ in range(_MAX_FORCED_STEPS):
            for decision in self.pending(state):
                answer = self._settled(state, decision)
                if answer is not None:
                    break
            else:
                return
            state._decisions = None
            events.extend(self._apply(state, decision.player, answer))
        raise RuntimeError("forced decisions did not settle")

    # -- storage ------------------------------------------------------------------------------
    def dumps(self, state: S) -> str:
        return state.model_dump_json()

    def loads(self, text: str) -> S:
        return self.state_class.model_validate_json(text)  # type: ignore[return-value]


def enumerate_answers(decision: Decision, limit: int = 1000) -> list[str]:
    """Every option id that answers `decision` (the plain options, then the amounts answers),
    at most `limit` of them: for bot players, fuzzers and the terminal."""
    answers = [o.id for o in decision.options]
    amounts = decision.amounts
    if amounts is None:
        return answers[:limit]

    # A group's running sum never passes its total's upper bound: long walks are cut short.
    ceiling: dict[str, int] = {}
    for total in amounts.totals:
        ceiling[total.group] = min(ceiling.get(total.group, total.hi), total.hi)
    used: dict[str, int] = {}

    def walk(index: int, counts: dict[str, int]):
        if len(answers) >= limit:
            return
        if index == len(amounts.items):
            answer = amounts.answer(counts)
            if amounts.parse(answer) is not None:
                answers.append(answer)
            return
        item = amounts.items[index]
        room = ceiling.get(item.group, item.max) - used.get(item.group, 0)
        for n in range(item.min, min(item.max, room) + 1):
            counts[item.id] = n
            used[item.group] = used.get(item.group, 0) + n
            walk(index + 1, counts)
            used[item.group] -= n
        counts[item.id] = 0

    walk(0, {})
    return answers[:limit]


def same_labels(decision: Decision) -> list[str]:
    """The labels (the text a player reads: the label, else the id) that two or more of
    `decision`'s options share, each once. A player cannot tell such options apart, whatever
    their groups (a group of one shows as a bare button): every random-play test requires none."""
    seen: set[str] = set()
    twice: list[str] = []
    for option in decision.options:
        text = str(option.label or option.id)
        if text in seen and text not in twice:
            twice.append(text)
        seen.add(text)
    return twice


@cache
def _manifest(package: str) -> dict | None:
    path = resources.files(package) / "manifest.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Offer `game` under its name (engine/games.py finds it there)."""
    _REGISTRY[game.name] = game
    return game


def registered() -> dict[str, Game]:
    """Every game registered so far, by name."""
    return dict(_REGISTRY)
