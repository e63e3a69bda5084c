"""The rollout algorithm (policy improvement: Bertsekas; Tesauro & Galperin) with the one-move
greedy player as its base policy: the bot's method in a game whose `bot_method` is "rollout"
(Warriors & Traders), at the normal level.

1. Screen: every answer of the bot's seat is applied once and evaluated, as greedy does; the
   `candidates` best are kept (in Warriors & Traders greedy's evaluation is sharp enough that the
   answer worth having is nearly always among its first few).
2. Roll out: from each candidate, every seat follows a cheap greedy policy (each answer it has,
   or a sample of `width` of them, applied once and evaluated; the best for the seat moving) for
   `horizon` decisions, chance as chance; the state reached is scored by `evaluate`.
3. Rounds: round i starts every candidate from the same determinization (the same hidden part,
   the same generator, hence the same dice) and its greedy steps break ties with the same seed:
   common random numbers, so the candidates' differences are not drowned in the dice's noise.
   Rounds go on until the budget is spent; an unfinished round is dropped, so every candidate
   is compared over the same worlds. The answer with the best mean wins; with no round finished
   the bot plays greedy's answer.

Why: greedy weighs a move by the state it leaves, blind to the reply it invites and to the
steps the move prepares (an action of several steps is worth something only once finished). The
opponent here is greedy (or plays much like it), so rolling out with greedy for every seat is
a fair model of the next few decisions; a decision maker that takes the best answer by the
base policy's rollouts is no worse than the base policy when the evaluation is right.

The budget is counted in work units (engine/ai/work.py) exactly as search.py counts it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from dataclasses import dataclass

from engine.ai.answers import answers
from engine.ai.answers import root_answers as root_answers_of
from engine.ai.loops import position_key, same_position
from engine.ai.value import state_values
from engine.ai.work import APPLY, DETERMINIZE, EVALUATE, KEY, BudgetSpent, Work, budget
from engine.core import Game, IllegalAction, used_chance


@dataclass(frozen=True)
class Rollouts:
    candidates: int = 4  # the greedy screen's best answers that are rolled out
    stages: int = 2  # a rollout ends when the game's `stage` has changed this many times (0: never)
    horizon: int = 60  # and at the latest after this many greedy decisions after the candidate
    width: int = 12  # answers a rollout's greedy step weighs at most (a sample beyond)
    # Another candidate replaces greedy's answer only if its mean is better by this much over one
    # round, by margin / sqrt(rounds) over several (the means' noise shrinks so): with few rounds
    # and many dice the means are noisy (Alexander).
    margin: float = 0.0
    # The screen looks this many of the seat's own decisions deeper (greedy's best each time):
    # an answer that only opens a choice ("recruit", "move") is worth what the choice brings.
    screen_depth: int = 0
    # An answer that draws on chance (a die rolled as it is applied: an assault) is screened over
    # this many worlds in all, its look worth the mean (the dice's expectation): on one world a
    # good move with a bad roll looks bad, and a stake taken again and again would be judged by
    # whichever roll came up. The other answers keep the one world (they do not depend on it).
    chance_worlds: int = 1


SETTINGS = {"normal": Rollouts()}


@dataclass
class Rolled:
    option: str
    units: int
    limit: int
    rounds: int  # finished rounds: rollouts per candidate compared
    capped: bool
    rollouts: dict[str, int]  # root answer -> rollouts finished from it
    means: dict[str, float]  # candidate -> mean value over the finished rounds


class _Look:
    """One answer applied and evaluated: the state it leaves and each seat's value there."""

    __slots__ = ("answer", "deep", "shift", "state", "values")

    def __init__(self, answer: str, state, values: dict[str, float]):
        self.answer, self.state, self.values = answer, state, values
        self.deep: float | None = None  # the value after the seat's own next decisions (screen_depth)
        # The mean over the chance worlds less this world's value (0 for an answer without chance):
        # added to what is found from this world's state, deeper on.
        self.shift = 0.0

    def value(self, player: str) -> float:
        return (self.deep if self.deep is not None else self.values.get(player, 0.0)) + self.shift


def rollout_search(game: Game, state, player: str, *, seed: int, budget_ms: float, avoid: Collection[str] = (),
                   wall_cap_ms: float | None = -1, settings: Rollouts | None = None) -> Rolled:
    """The answer of `player` whose greedy rollouts score best (see the module's docstring)."""
    settings = settings or SETTINGS["normal"]
    rng = random.Random(seed)
    root_answers = root_answers_of(game, state, player, rng)
    work = budget(budget_ms, wall_cap_ms=wall_cap_ms)
    limit = work.limit
    if len(root_answers) == 1:
        return Rolled(root_answers[0], 0, limit, 0, False, {root_answers[0]: 0}, {})
    roller = _Roller(game, player, settings, work, state)
    looks: list[_Look] = []
    try:
        world_seed = rng.getrandbits(128)
        work.spend(DETERMINIZE)
        world = game.determinize(state, player, world_seed)
        for answer in root_answers:
            look = roller.look(world, player, answer, ())
            if look is not None:
                looks.append(look)
    except BudgetSpent:
        pass
    if not looks:
        return Rolled(rng.choice(root_answers), work.used, limit, 0, work.capped, dict.fromkeys(root_answers, 0), {})
    chancy = [look for look in looks if used_chance(world, look.state)]
    if settings.chance_worlds > 1 and chancy:
        try:
            roller.expect(state, chancy, settings.chance_worlds, rng)
        except BudgetSpent:
            pass
    if settings.screen_depth:
        try:
            # A budget spent drops the answers not screened yet: first those that cost nothing
            # (the seat does not decide next), then the best at a glance (Alexander's "Proclaim
            # the Proskynesis", 5 points at once, came after a dozen moves and was never weighed)
            for look in sorted(looks, key=lambda look: (roller.goes_on(look.state), -look.value(player))):
                look.deep = roller.deeper(look, settings.screen_depth, rng, world)
        except BudgetSpent:
            looks = [look for look in looks if look.deep is not None] or looks
    ranked = sorted(looks, key=lambda look: -look.value(player))
    # (stable: ties keep the answers' order)
    candidates: list[_Look] = []
    totals: list[float] = []
    rounds = 0
    results: list[float] = []
    try:
        candidates = roller.away_from(ranked, avoid, settings.candidates)
        totals = [0.0] * len(candidates)
        while len(candidates) > 1:
            round_seed = world_seed if rounds == 0 else rng.getrandbits(128)
            if rounds:
                work.spend(DETERMINIZE)
                world = game.determinize(state, player, round_seed)
            results = []
            for look in candidates:
                start = look if rounds == 0 else roller.look(world, player, look.answer, ())
                # round 0 goes on from the screen's world: its dice count as their expectation
                shift = look.shift if rounds == 0 else 0.0
                results.append(roller.rollout(start, round_seed, world) + shift if start is not None else 0.0)
            totals = [t + v for t, v in zip(totals, results, strict=True)]  # only whole rounds count
            rounds += 1
    except BudgetSpent:
        pass
    candidates = candidates or ranked[:1]
    rollouts = dict.fromkeys(root_answers, 0)
    means: dict[str, float] = {}
    best = candidates[0]
    if not rounds and len(results) > 1:  # the first round unfinished: its first candidates, same world
        candidates, totals, rounds = candidates[:len(results)], results, 1
    if rounds:
        for look, total in zip(candidates, totals, strict=True):
            rollouts[look.answer] = rounds
            means[look.answer] = total / rounds
        best = max(candidates, key=lambda look: means[look.answer])  # the first of equals: greedy's order
        if means[best.answer] < means[candidates[0].answer] + settings.margin / math.sqrt(rounds):
            best = candidates[0]
    return Rolled(best.answer, work.used, limit, rounds, work.capped, rollouts, means)


class _Roller:
    def __init__(self, game: Game, player: str, settings: Rollouts, work: Work, root):
        self.game, self.player, self.settings, self.work = game, player, settings, work
        # A game that tells how far it has gone (`stage`: turn and phase) has its rollouts end
        # at the same point of the game whatever the candidate: counted in decisions, a rollout
        # from an answer that only stalls ("offer", then "cancel") would end before the other
        # seat's moves that one from "done" has to weigh, and stalling would look best.
        self.stage = getattr(game, "stage", None) if settings.stages else None
        self.root_stage = self.stage(root) if self.stage else None

    def look(self, s, mover: str, answer: str, earlier) -> _Look | None:
        """`answer` applied to `s` and evaluated; None if the rules refuse it or it leads back
        to a position of `earlier` (a loop of undoable steps)."""
        game = self.game
        self.work.spend(APPLY)
        try:
            after, _events = game.apply(s, mover, answer)
        except IllegalAction:
            return None
        if any(same_position(after, old) for old in earlier):
            return None
        self.work.spend(EVALUATE)
        return _Look(answer, after, state_values(game, after))

    def expect(self, state, chancy: list[_Look], worlds: int, rng: random.Random) -> None:
        """Each of `chancy` valued at its mean over `worlds` worlds (the first the screen's own):
        the same worlds for all of them, so their comparison is not the luck of different dice.
        A look keeps the state of the first world; the others only move its value."""
        player = self.player
        totals = [look.values.get(player, 0.0) for look in chancy]
        for n in range(2, worlds + 1):
            self.work.spend(DETERMINIZE)
            world = self.game.determinize(state, player, rng.getrandbits(128))
            found = []
            for look in chancy:
                other = self.look(world, player, look.answer, ())
                found.append(other.values.get(player, 0.0) if other is not None else look.values.get(player, 0.0))
            totals = [t + v for t, v in zip(totals, found, strict=True)]  # only whole worlds count
            for look, total in zip(chancy, totals, strict=True):
                look.shift = total / n - look.values.get(player, 0.0)

    def goes_on(self, state) -> bool:
        """Whether the seat alone decides next in `state` (the deep screen looks further there)."""
        pending = self.game.pending(state)
        return bool(pending) and all(d.player == self.player for d in pending)

    def deeper(self, look: _Look, depth: int, rng: random.Random, root) -> float:
        """The value for the bot's seat after up to `depth` more of its own decisions, each
        greedy's best (a sample of `width` answers), never going back to a position seen, the
        root's included (else "open a form", then "back" is worth the root's value, and in play,
        where going back is a loop the bot avoids, it must then take something from the form)."""
        game, player = self.game, self.player
        current, earlier = look, [root, look.state]
        for _ in range(depth):
            if not self.goes_on(current.state):
                break
            decisions = game.pending(current.state)
            offered = list(dict.fromkeys(a for d in decisions for a in answers(d, rng)))
            if len(offered) > self.settings.width:
                offered = rng.sample(offered, self.settings.width)
            best = self.best_look(current.state, player, offered, earlier)
            if best is None:
                break
            current = best
            earlier.append(best.state)
        return current.values.get(player, 0.0)

    def best_look(self, state, mover: str, offered: list[str], earlier: list) -> _Look | None:
        """The greedy step: of `offered`, the answer whose look is worth most to `mover` (the
        first of equals), or None when none can be looked at."""
        best = None
        for answer in offered:
            look = self.look(state, mover, answer, earlier)
            if look is not None and (best is None or look.values.get(mover, 0.0) > best.values.get(mover, 0.0)):
                best = look
        return best

    def away_from(self, ranked: list[_Look], avoid: Collection[str], count: int) -> list[_Look]:
        """The first `count` answers of `ranked` that do not go back to a position the seat has
        decided in (`avoid`); the best one if all do."""
        if not avoid:
            return ranked[:count]
        kept = []
        for look in ranked:
            try:
                self.work.spend(KEY)
            except BudgetSpent:
                pass  # never go back round a loop for want of budget (a deep screen may spend it all)
            if position_key(self.game, look.state, self.player) not in avoid:
                kept.append(look)
                if len(kept) == count:
                    break
        return kept or ranked[:1]

    def rollout(self, start: _Look, seed: int, root) -> float:
        """The value for the bot's seat after `horizon` greedy decisions from `start`."""
        game, settings = self.game, self.settings
        rng = random.Random(seed)
        current = start
        earlier = [root, start.state]  # never back to the root either (see `deeper`)
        changes, last = 0, self.root_stage
        for _step in range(settings.horizon):
            if self.stage is not None:
                now = self.stage(current.state)
                if now != last:
                    changes, last = changes + 1, now
                    if changes >= settings.stages:
                        break
            decisions = game.pending(current.state)
            if not decisions:
                break
            movers = list(dict.fromkeys(d.player for d in decisions))
            mover = movers[0] if len(movers) == 1 else rng.choice(movers)
            offered = list(dict.fromkeys(a for d in decisions if d.player == mover for a in answers(d, rng)))
            if len(offered) > settings.width:
                offered = rng.sample(offered, settings.width)
            best = self.best_look(current.state, mover, offered, earlier)
            if best is None:
                break
            current = best
            earlier.append(best.state)
        return current.values.get(self.player, 0.0)
