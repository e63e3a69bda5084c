"""Information-set Monte Carlo tree search over the engine contract.

Every iteration starts from `game.determinize(state, player, seed_i)`: a state the bot's seat
cannot tell from the real one, with what it may not see (others' hands, the order of a deck)
drawn afresh and the generator reseeded, so no future roll is known. The tree is keyed by the
choices made from the root (single-observer ISMCTS, open loop): dice and hidden cards differ
from one iteration to the next, and a node's statistics average over them. A choice is
weighed only where it is offered in the iteration's state (UCB with availability counts).

Several players deciding at once: below the root the iteration picks at random which of them
moves first (the real order is not known); the root is always the bot's own decision.

Playouts are uniformly random. A game with `evaluate` has them scored by it once the player
who moved last is no longer waited on (an action of several steps is scored when it is over;
the normal level adds no further random decisions); a game without plays them to the end and
scores the standings.

The budget is counted in work units, never in wall time, so the same seed gives the same search
on a busy machine as on an idle one: an apply costs APPLY units, a determinize DETERMINIZE and
an evaluate EVALUATE (their relative costs in Byzantium and Warriors & Traders). `budget_ms`
becomes units through the fixed calibration UNITS_PER_MS; a wall-clock cap far above the
budget only stops a search that something else has slowed down pathologically.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from dataclasses import dataclass, field

from engine.ai.answers import ENUMERATE_LIMIT, SAMPLE_SIZE, random_answer, root_answers, sample_amounts
from engine.ai.loops import position_key, same_position
from engine.ai.rollout import SETTINGS as ROLLOUT_SETTINGS
from engine.ai.rollout import rollout_search
from engine.ai.value import outcome_values, standing_values
from engine.ai.work import APPLY, DETERMINIZE, EVALUATE, KEY, BudgetSpent, Work, budget
from engine.core import Decision, Game, IllegalAction, enumerate_answers
from engine.games import get_game

# A playout waits at most this many decisions beyond its depth for the mover's turn to end.
QUIET_STEPS = 8
# A playout of a game without `evaluate` that has not ended by then is scored by the standings
# of the moment if the game gives them (a draw if not).
MAX_PLAYOUT = 300


@dataclass(frozen=True)
class Level:
    name: str
    share: float  # the part of the budget it searches
    exploration: float  # UCB constant, values in [0, 1]
    playout_depth: int  # random decisions before `evaluate` scores a playout
    sample_final: bool  # pick in proportion to visits (plays looser) instead of the most visited
    # Exploration weighed against the spread of the mean values of the answers at a node (the
    # worst 0, the best 1) instead of the 0-1 scale of values, in a game whose `explores_relative`
    # is true: when every answer is worth about the same (a clear leader's 0.95 to 0.96, a
    # position decided either way) the search still spends its visits on the better ones rather
    # than on all alike.
    relative: bool = False


LEVELS = {
    "easy": Level("easy", share=0.15, exploration=0.5, playout_depth=0, sample_final=True),
    "normal": Level("normal", share=1.0, exploration=0.25, playout_depth=0, sample_final=False, relative=True),
}


@dataclass
class SearchResult:
    option: str
    units: int  # work spent
    limit: int  # work allowed
    iterations: int
    capped: bool  # stopped by the wall-clock safety net (the search was then not deterministic)
    visits: dict[str, int] = field(default_factory=dict)  # root answer -> visits


class Node:
    __slots__ = ("edges", "children", "samples")

    def __init__(self) -> None:
        # (mover, answer) -> [visits, total value for the mover, times available]
        self.edges: dict[tuple[str, str], list[float]] = {}
        self.children: dict[tuple[str, str], Node] = {}
        self.samples: dict[str, list[str]] = {}  # mover -> amounts answers drawn at this node


def choose(game: Game | str, state, player: str, *, seed: int, budget_ms: float, level: str = "normal",
           avoid: Collection[str] = ()) -> str:
    """The option `player` takes now: one of the answers of their pending decisions.

    Pure apart from the wall-clock safety net: the same inputs give the same choice. The inputs
    are a game (or its name), a state, strings and numbers, so a worker process can take them.
    `avoid`: the `position_key`s of the positions this seat has decided in since it began
    deciding in a row (engine.ai.players.Streak keeps them): the bot does not choose to go back
    to one of them, so it never goes round a loop of undoable steps (engine/ai/loops.py)."""
    return search(game, state, player, seed=seed, budget_ms=budget_ms, level=level, avoid=avoid).option


def search(game: Game | str, state, player: str, *, seed: int, budget_ms: float, level: str | Level = "normal",
           avoid: Collection[str] = (), wall_cap_ms: float | None = -1) -> SearchResult:
    """`choose` with its figures. `level`: a name of LEVELS (or a Level, for tuning); `avoid`: keys
    (loops.position_key) of positions the seat has decided in, not to be gone back to;
    `wall_cap_ms`: -1 the default cap, None no cap."""
    game = get_game(game) if isinstance(game, str) else game
    for key, value in game.bot_preferences(state, player).items():  # its standing orders first
        if game.preference(state, player, key) != value:
            option = game.preference_id(key, value)
            return SearchResult(option, 0, 0, 0, False, {option: 0})
    if isinstance(level, Level):
        lvl = level
    elif level in LEVELS:
        lvl = LEVELS[level]
    else:
        raise ValueError(f"unknown level '{level}' (known: {', '.join(LEVELS)})")
    if getattr(game, "bot_method", "mcts") == "rollout" and level in ROLLOUT_SETTINGS:  # engine/ai/rollout.py
        settings = getattr(game, "rollout_settings", {}).get(level, ROLLOUT_SETTINGS[level])
        rolled = rollout_search(game, state, player, seed=seed, budget_ms=budget_ms, avoid=avoid,
                                wall_cap_ms=wall_cap_ms, settings=settings)
        return SearchResult(rolled.option, rolled.units, rolled.limit, sum(rolled.rollouts.values()),
                            rolled.capped, rolled.rollouts)
    rng = random.Random(seed)
    first = root_answers(game, state, player, rng)
    work = budget(budget_ms, lvl.share, wall_cap_ms)
    if len(first) == 1:
        return SearchResult(first[0], 0, work.limit, 0, False, {first[0]: 0})
    tree = _Search(game, player, lvl, rng, work, first, avoid)
    iterations = 0
    while True:
        try:
            tree.iterate(state)
        except BudgetSpent:
            break
        iterations += 1
    return SearchResult(tree.pick(), work.used, work.limit, iterations, work.capped, tree.root_visits())


def _unique(items) -> list[str]:
    return list(dict.fromkeys(items))


class _Search:
    def __init__(self, game: Game, player: str, level: Level, rng: random.Random, work: Work,
                 root_answers: list[str], avoid: Collection[str]):
        self.game = game
        self.player = player
        self.level = level
        self.rng = rng
        self.work = work
        self.root = Node()
        self.root_answers = root_answers
        self.avoid = avoid
        self.checked: set[str] = set()  # root answers seen not to lead back to a position in `avoid`
        # Only for a game that asks for it (Byzantium): in Warriors & Traders, whose maneuvers
        # take several steps before their value shows, it made the bot settle too early (it no
        # longer took a free province in tests/test_wt_bot_evaluation.py).
        self.relative = level.relative and getattr(game, "explores_relative", False)

    # -- one iteration -----------------------------------------------------------------------
    def iterate(self, state) -> None:
        game, rng = self.game, self.rng
        self.work.spend(DETERMINIZE)
        s = game.determinize(state, self.player, rng.getrandbits(128))
        node = self.root
        path: list[tuple[Node, tuple[str, str]]] = []
        seen: list[tuple[Node, list[tuple[str, str]]]] = []
        earlier = [s]  # the positions this iteration went through
        while True:
            decisions = game.pending(s)
            if not decisions:
                break
            if node is self.root:
                mover, legal = self.player, list(self.root_answers)
            else:
                mover = self._mover(decisions)
                legal = self._answers(node, mover, [d for d in decisions if d.player == mover])
            keys = [(mover, a) for a in legal]
            seen.append((node, keys))
            s, key, fresh = self._step(node, s, keys, earlier)
            if key is None:  # nothing offered could be applied: score the state as it is
                break
            earlier.append(s)
            path.append((node, key))
            node = node.children.setdefault(key, Node())
            if fresh:
                break
        values = self._playout(s, path[-1][1][0] if path else None)
        for seen_node, keys in seen:
            for key in keys:
                seen_node.edges.setdefault(key, [0, 0.0, 0])[2] += 1
        for seen_node, key in path:
            edge = seen_node.edges[key]
            edge[0] += 1
            edge[1] += values.get(key[0], 0.0)

    def _step(self, node: Node, s, keys: list[tuple[str, str]], earlier: list):
        """Apply the selected choice (UCB, an unvisited one first); a choice the rules refuse
        in this state is skipped (and dropped for good at the root, where it is the bot's own).
        So is a choice that leads back to a position of this iteration ("choose an army", then
        "back"): a bot whose evaluation likes time to stand still would otherwise go round such
        a loop for ever."""
        keys = list(keys)
        while keys:
            key = self._select(node, keys)
            self.work.spend(APPLY)
            try:
                new, _events = self.game.apply(s, key[0], key[1])
            except IllegalAction:
                keys.remove(key)
                if node is self.root and key[1] in self.root_answers and len(self.root_answers) > 1:
                    self.root_answers.remove(key[1])
                continue
            if any(same_position(new, old) for old in earlier) or self._goes_back(node, key[1], new):
                keys.remove(key)
                continue
            fresh = key not in node.edges or node.edges[key][0] == 0
            return new, key, fresh
        return s, None, False

    def _goes_back(self, node: Node, answer: str, after) -> bool:
        """A root answer that leads back to a position of `avoid` is dropped (unless it is the
        last); each is looked at once, the first time it is tried."""
        if node is not self.root or not self.avoid or answer in self.checked:
            return False
        self.work.spend(KEY)
        if position_key(self.game, after, self.player) not in self.avoid or len(self.root_answers) == 1:
            self.checked.add(answer)
            return False
        self.root_answers.remove(answer)
        return True

    def _select(self, node: Node, keys: list[tuple[str, str]]) -> tuple[str, str]:
        unvisited = [k for k in keys if k not in node.edges or node.edges[k][0] == 0]
        if unvisited:
            return self.rng.choice(unvisited)
        c = self.level.exploration
        low, spread = 0.0, 1.0
        if self.relative:
            means = [node.edges[k][1] / node.edges[k][0] for k in keys]
            if max(means) - min(means) > 1e-9:
                low, spread = min(means), max(means) - min(means)

        def ucb(key):
            visits, total, available = node.edges[key]
            return (total / visits - low) / spread + c * math.sqrt(math.log(max(available, 1)) / visits)

        return max(keys, key=ucb)

    def _mover(self, decisions: list[Decision]) -> str:
        movers = _unique(d.player for d in decisions)
        return movers[0] if len(movers) == 1 else self.rng.choice(movers)

    def _answers(self, node: Node, mover: str, decisions: list[Decision]) -> list[str]:
        out: list[str] = []
        for d in decisions:
            if d.amounts is None:
                out.extend(o.id for o in d.options)
            else:
                out.extend(self._amounts_answers(node, mover, d))
        return _unique(out)

    def _amounts_answers(self, node: Node, mover: str, decision: Decision) -> list[str]:
        """Plain options and amounts answers; a large space keeps, per node, the sample drawn
        on earlier visits (still offered here) so its statistics build up."""
        listed = enumerate_answers(decision, ENUMERATE_LIMIT + 1)
        if len(listed) <= ENUMERATE_LIMIT:
            return listed
        plain = [o.id for o in decision.options]
        kept = [a for a in node.samples.get(mover, []) if decision.offers(a)]
        if len(kept) < SAMPLE_SIZE // 2:
            kept = _unique(kept + sample_amounts(decision.amounts, self.rng, SAMPLE_SIZE))
            node.samples[mover] = _unique(node.samples.get(mover, []) + kept)
        return plain + kept

    # -- playouts ----------------------------------------------------------------------------
    def _playout(self, s, mover: str | None) -> dict[str, float]:
        """Random decisions from `s`, then `evaluate`: after `playout_depth` of them, once the
        player who moved last is no longer being waited on (an action of several steps is
        scored when it is over), or at most QUIET_STEPS later."""
        game, rng = self.game, self.rng
        evaluate = True
        steps = 0
        while True:
            decisions = game.pending(s)
            if not decisions:
                return outcome_values(game, s)
            depth = self.level.playout_depth
            # A game whose `evaluate` reads an action in progress (armies on the march) has it
            # scored at once: random steps to finish the action would only add noise.
            settle = 0 if getattr(game, "evaluates_mid_action", False) else QUIET_STEPS
            if evaluate and steps >= depth and (
                    steps >= depth + settle or all(d.player != mover for d in decisions)):
                self.work.spend(EVALUATE)
                values = game.evaluate(s)
                if values is not None:
                    return values
                evaluate = False  # this game plays its playouts to the end
            if steps >= MAX_PLAYOUT:
                return standing_values(game, s)
            decision = rng.choice(decisions)
            mover = decision.player
            steps += 1
            self.work.spend(APPLY)
            try:
                s, _events = game.apply(s, decision.player, random_answer(decision, rng))
            except IllegalAction:
                continue

    # -- the answer ----------------------------------------------------------------------------
    def root_visits(self) -> dict[str, int]:
        return {a: int(self.root.edges.get((self.player, a), [0])[0]) for a in self.root_answers}

    def pick(self) -> str:
        visits = self.root_visits()
        if not any(visits.values()):
            return self.rng.choice(self.root_answers)
        if self.level.sample_final:
            answers_ = [a for a in self.root_answers if visits[a]]
            return self.rng.choices(answers_, weights=[visits[a] for a in answers_])[0]

        def rank(answer):
            edge = self.root.edges.get((self.player, answer), [0, 0.0, 0])
            return (edge[0], edge[1] / edge[0] if edge[0] else 0.0)

        return max(self.root_answers, key=rank)
