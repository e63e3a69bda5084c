"""Positions for tests and examples: start a game, lay pieces by hand, run chosen steps.

Kept in the package (not in tests/) so the bot's and renderer's tests can build the same
positions. Nothing here is used by the rules.
"""

from __future__ import annotations

import random

from engine.core import IllegalAction, enumerate_answers
from engine.warriors_traders import GAME
from engine.warriors_traders.board import TRACKS
from engine.warriors_traders.flow import PARALLEL, RUN, Ctx, advance, task, top_decision
from engine.warriors_traders.state import BARB_ARMY, BARBARIAN, WTState
from engine.warriors_traders.world import refresh_owner


def start(players=("Ann", "Bo"), *, map="west", variant=None, nations=None, tokens=None, seed=1,
          **options) -> WTState:
    """A game past the starting tokens (default: one token on each track), at turn 1."""
    state = GAME.setup(list(players), seed, {"map": map, "variant": variant or "none",
                                            "nations": nations or "random", **options})
    tokens = tokens or {}
    while state.phase == "setup":
        d = GAME.pending(state)[0]
        wanted = list(tokens.get(d.player, TRACKS))
        spread = {track: wanted.count(track) for track in TRACKS}
        state, _ = GAME.apply(state, d.player, "tech:" + ",".join(f"{t}={n}" for t, n in spread.items() if n))
    return state


def seat(state: WTState, name: str) -> int:
    return state.player(name).seat


def set_tokens(state: WTState, name: str, **tracks: int) -> None:
    """Development tokens per track: 0 is level I, 1 level II, 3 III, 6 IV, 9 V, 13 VI, 17 VII."""
    state.player(name).tokens.update(tracks)


LEVEL_TOKENS = {1: 0, 2: 1, 3: 3, 4: 6, 5: 9, 6: 13, 7: 17}


def set_levels(state: WTState, name: str, **levels: int) -> None:
    state.player(name).tokens.update({t: LEVEL_TOKENS[n] for t, n in levels.items()})


def clear(state: WTState, *provinces: str) -> None:
    """Empty provinces of every piece (all of the board when none are named)."""
    ctx = Ctx(state)
    names = set(provinces) or set(ctx.board.provinces)
    for u in [u for u in state.units if u.at in names]:
        ctx.remove_unit(u)
    for p in names:
        refresh_owner(ctx, p)


def put(state: WTState, owner: str | None, kind: str, province: str, n: int = 1, **fields) -> list[int]:
    """Place `n` pieces; owner None means barbarian. Returns their ids."""
    ctx = Ctx(state)
    who = BARBARIAN if owner is None else seat(state, owner)
    ids = [ctx.add_unit(who, kind, province, **fields).id for _ in range(n)]
    refresh_owner(ctx, province)
    return ids


def barbarians(state: WTState, province: str) -> int:
    return sum(1 for u in state.units if u.at == province and u.kind == BARB_ARMY)


def units(state: WTState, name: str | None, province: str | None = None, kind: str | None = None) -> list:
    who = BARBARIAN if name is None else seat(state, name)
    return [u for u in state.units if u.owner == who and (province is None or u.at == province)
            and (kind is None or u.kind == kind)]


def run(state: WTState, *steps, stop_at: tuple[str, ...] = ("turn_start",)) -> WTState:
    return run_events(state, *steps, stop_at=stop_at)[0]


def run_events(state: WTState, *steps, stop_at: tuple[str, ...] = ("turn_start",)) -> tuple[WTState, list]:
    """Replace whatever was to come by `steps` (a Task, or a tuple of kind, seat and args) and
    run them until a decision is needed, or a task of a kind in `stop_at` comes up (by
    default the next turn, so a test of the end of a turn sees its result)."""
    ctx = Ctx(state)
    state.stack = []
    state.lanes = {}
    tasks = [s if not isinstance(s, tuple) else task(s[0], s[1] if len(s) > 1 else -1, **(s[2] if len(s) > 2 else {}))
             for s in steps]
    ctx.then(*tasks)
    while state.stack and state.stack[-1].kind not in stop_at:
        top = state.stack[-1]
        if top.kind == PARALLEL or top_decision(ctx) is not None:
            advance(ctx)
            break
        state.stack.pop()
        RUN[top.kind](ctx, top)
    state._decisions = None
    if state.stack and state.stack[-1].kind not in stop_at:
        GAME._take_forced(state, ctx.events)
    return state, ctx.events


def act(state: WTState, player: str, *option_ids: str) -> tuple[WTState, list]:
    events: list = []
    for option_id in option_ids:
        state, new = GAME.apply(state, player, option_id)
        events += new
    return state, events


def amounts_of(state: WTState, player: str):
    """The choice of amounts of the player's decision (None if it has none)."""
    return next(d.amounts for d in GAME.pending(state) if d.player == player)


def item(state: WTState, player: str, *words: str) -> str:
    """The id of the one item of the player's amounts whose label holds all `words`."""
    found = [i.id for i in amounts_of(state, player).items if all(w in i.label for w in words)]
    if len(found) != 1:
        raise LookupError(f"{len(found)} items of {player}'s choice name {words}")
    return found[0]


def answer(state: WTState, player: str, counts: dict[str, int]) -> tuple[WTState, list]:
    """Answer the player's choice of amounts: `counts` by item id (or by label words, a tuple)."""
    ids = {(item(state, player, *k) if isinstance(k, tuple) else k): n for k, n in counts.items()}
    return GAME.apply(state, player, amounts_of(state, player).answer(ids))


def options(state: WTState, player: str | None = None) -> list[str]:
    found = [d for d in GAME.pending(state) if player is None or d.player == player]
    return [o.id for d in found for o in d.options]


# Decisions where a random player should rather do something than pass (the trade phase is
# left uniform: there "done" is what ends it).
BUSY_KINDS = {"action", "move", "move_to", "princess", "extra", "build", "feed"}
IDLE = ("pass", "done", "fight", "keep", "back", "cancel", "refuse", "stop")


def random_answers(decision, rng: random.Random, *, bias: bool = True) -> list[str]:
    """Answers to try for `decision`, in a random order: plain options and choices of amounts
    alike (the rules may still refuse an amounts answer: try the next). With `bias`, a busy
    decision prefers doing something to passing."""
    answers = enumerate_answers(decision, limit=400)
    rng.shuffle(answers)
    if bias and decision.kind in BUSY_KINDS and rng.random() < 0.85:
        keen = [a for a in answers if a not in IDLE and not a.startswith(("war:", "shift:", "peace:"))]
        answers = keen + [a for a in answers if a not in keen]
    return answers


def random_step(state: WTState, rng: random.Random, *, bias: bool = True) -> tuple[WTState, list, str]:
    """One random choice of a random waiting player: the new state, its events and the answer."""
    decision = rng.choice(GAME.pending(state))
    for answer in random_answers(decision, rng, bias=bias)[:60]:
        try:
            new, events = GAME.apply(state, decision.player, answer)
            return new, events, answer
        except IllegalAction:
            continue
    raise RuntimeError(f"no answer of {decision.player}'s '{decision.kind}' decision was accepted")


def random_game(players: list[str], seed: int, options: dict | None = None, *, check=None,
                bias: bool = True) -> tuple[WTState, int]:
    """Play to the end by random choices (biased towards doing things when `bias`), calling
    `check(state)` after every step. Returns the final state and the number of steps."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed, options or {})
    steps = 0
    while not GAME.is_over(state):
        state, _events, _answer = random_step(state, rng, bias=bias)
        steps += 1
        if check:
            check(state)
    return state, steps
