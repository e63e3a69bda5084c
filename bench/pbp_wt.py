"""Warriors & Traders in bench/pbp.py: prompts are counted per player per game turn.

A turn asks every player in several phases (feeding, trading all at once, two development
actions, maneuver), interleaved with the others, so the unit is the turn: for each turn and
each player, the prompts that player answered (zero for one asked nothing). The starting
nations and tokens are counted apart ("setup").

A *confirmation* here is an answer that only ends or skips a step: keep the tokens, end the
movement, done trading / with princesses / with extra actions, feed all armies, no second army.

`policy` is a scripted player who plays with intent (the same intent whatever shape the
decisions take): buys VP and opens routes when he can, sometimes trades with the bank or
makes an offer of a few resources, develops and builds, moves a few armies (attacking about
half the time), now and then moves a princess or a development token.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.core import Decision, enumerate_answers

ACTIONS = ("turn",)
CONFIRMING = frozenset({"keep", "fight", "done", "feed", "stop", "end"})

# What the scripted player has done this turn: (game key, turn, player, what) -> count.
_done: Counter = Counter()
# The offer being drafted: (game key, turn, player) -> {"give": {...}, "get": {...}}.
_offers: dict = {}


def turn(state) -> int:
    return state.turn


def outside(decision: Decision) -> str | None:
    return "setup" if decision.kind in ("nation", "token") else None


def action(decision: Decision, answer: str) -> str | None:
    return None  # counted per turn (pbp.py's Tempo.turn)


def confirms(decision: Decision, answer: str) -> bool:
    return answer in CONFIRMING


def _random(decision: Decision, rng: random.Random) -> str:
    return rng.choice(enumerate_answers(decision, limit=500))


def policy(game, state, decision: Decision, rng: random.Random) -> str:
    ids = [o.id for o in decision.options]
    key = (state.rng_key, state.turn, decision.player)

    def did(what: str) -> int:
        return _done[(*key, what)]

    def mark(what: str) -> None:
        _done[(*key, what)] += 1

    def starting(*prefixes: str) -> list[str]:
        return [i for i in ids if i.split(":", 1)[0] in prefixes]

    kind = decision.kind
    if kind == "feed":
        if "feed" in ids:
            return "feed"
        if decision.amounts is not None:  # rules version 5: the food is short; who starves, at once
            return _random(decision, rng)
        return rng.choice(ids)
    if kind == "trade":
        return _trade(state, decision, rng, ids, did, mark, starting)
    if kind == "offer":
        return _draft(state, decision, rng, ids, key)
    if kind == "answer":
        return "accept" if "accept" in ids and rng.random() < 0.6 else "refuse"
    if kind == "peace":
        return "accept" if rng.random() < 0.5 else "refuse"
    if kind == "action":
        weights = {"tech": 30, "build": 30, "fortress": 20, "upgrade": 10, "war": 2, "pass": 3}
        return rng.choices(ids, [weights.get(i.split(":", 1)[0], 5) for i in ids])[0]
    if kind == "build":
        builds = starting("build")
        return rng.choice(builds) if builds and rng.random() < 0.7 else "stop"
    if kind == "extra":
        takes = [i for i in ids if i != "done"]
        return rng.choice(takes) if takes and rng.random() < 0.6 else "done"
    if kind == "shift":  # asked only with the preference "ask" (rules version 5), which he leaves
        shifts = starting("shift")
        return rng.choice(shifts) if shifts and rng.random() < 0.1 else "keep"
    if kind == "place":  # rules version 4: where a build goes was a second prompt
        return rng.choice(ids)
    if kind == "move":
        return _move(state, decision, rng, ids, did, mark, starting)
    if kind == "move_to":  # rules version 4: the destination was a second prompt
        dests = starting("to")
        attacks = [o.id for o in decision.options if o.id.startswith("to:") and "battle" in o.label]
        if attacks and rng.random() < 0.6:
            return _best_target(state, attacks, rng)
        return rng.choice(dests)
    if kind == "move_who":
        if decision.amounts is not None:  # rules version 5: how many of each go, at once
            return rng.choice([a for a in enumerate_answers(decision, 200) if a not in ids])
        if "all" in ids and rng.random() < 0.7:
            return "all"
        return rng.choice(starting("unit"))
    if kind == "princess":
        if "unify" in ids:
            return "unify"
        return _princesses(decision, rng, ids, did, mark, starting, 0.25)
    return _random(decision, rng)


def _best_target(state, ids: list[str], rng: random.Random) -> str:
    """A trade centre first (it lets its holder trade)."""
    from engine.warriors_traders.board import Kind, board

    provinces = board(state.map, state.variant).provinces
    centres = [i for i in ids if provinces[i.split(":")[2 if i.startswith("from:") else 1]].kind == Kind.TRADE_CENTER]
    return rng.choice(centres or ids)


def _move(state, decision, rng, ids, did, mark, starting) -> str:
    """Up to two moves (then seldom more), an attack about 60% of the time, a trade centre
    first; once in four turns a princess moves after the armies."""
    if "unify" in ids:
        return "unify"
    if any(i.startswith("from:") and i.count(":") == 1 for i in ids):  # rules version 4: the province first, the destination next
        froms = starting("from")
        if rng.random() < (0.65 if did("move") < 2 else 0.2):
            mark("move")
            return rng.choice(froms)
        return "fight"
    moves = [i for i in ids if i.startswith("from:") and not i.endswith(":some")]
    if moves and rng.random() < (0.65 if did("move") < 2 else 0.2):
        mark("move")
        attacks = [o.id for o in decision.options if o.id in moves and "attack" in o.label]
        chosen = _best_target(state, attacks, rng) if attacks and rng.random() < 0.6 else rng.choice(moves)
        some = chosen + ":some"
        return some if some in ids and rng.random() < 0.3 else chosen
    wants_princess = rng.random() < 0.25
    if starting("princess") and wants_princess:
        return _princesses(decision, rng, ids, did, mark, starting, 1.0)
    if "done" in ids and not wants_princess:
        return "done"
    return "fight" if "fight" in ids else "done"


def _princesses(decision, rng, ids, did, mark, starting, chance: float) -> str:
    """One princess, sometimes two, moves (with `chance`); two at once where the decision takes
    several (rules version 5), one a prompt before."""
    moves = starting("princess")
    if not moves or did("princess") >= 2 or rng.random() >= chance:
        return "done"
    mark("princess")
    amounts = decision.amounts
    if amounts is not None and rng.random() < 0.3:
        two = [a for a in enumerate_answers(decision, 200) if a not in ids and sum(amounts.parse(a).values()) == 2]
        if two:
            mark("princess")
            return rng.choice(two)
    return rng.choice(moves)


def _trade(state, decision, rng, ids, did, mark, starting) -> str:
    held = state.player(decision.player).res
    amounts = decision.amounts
    if "vp" in ids and rng.random() < 0.9:
        most = held["gold"] // 10
        if amounts is not None and most > 1:  # rules version 5: every VP he can pay for at once
            return amounts.answer({"vp": most})
        return "vp"
    routes = starting("route")
    if routes and rng.random() < 0.8:
        return rng.choice(routes)
    peace = starting("peace")
    if peace and not did("peace") and rng.random() < 0.3:
        mark("peace")
        return rng.choice(peace)
    offers = starting("offer")
    if offers and not did("offer") and rng.random() < 0.35:
        mark("offer")
        return rng.choice(offers)
    banks = starting("bank") or [i.id for i in (amounts.items if amounts else ()) if i.id.startswith("bank:")]
    if banks and did("bank") < 2 and rng.random() < 0.5:
        most = max(held, key=held.get)
        chosen = rng.choice([b for b in banks if b.split(":")[1] == most] or banks)
        if chosen in ids:  # rules version 4: one bank trade a prompt
            mark("bank")
            return chosen
        lots = min(2 - did("bank"), next(i.max for i in amounts.items if i.id == chosen))
        for _ in range(lots):
            mark("bank")
        return amounts.answer({chosen: lots})
    return "done"


def _draft(state, decision, rng, ids, key) -> str:
    """An offer of 1-3 units of what the player holds most for 1-3 units of what the other
    holds, one unit per prompt (the drafting shape of rules version 4)."""
    if key not in _offers:
        mine = state.player(decision.player).res
        give = {r: 0 for r in mine}
        for _ in range(rng.randint(1, 3)):
            give[rng.choice([r for r in mine if mine[r] > give[r]] or list(mine))] += 1
        get = {r: 0 for r in mine}
        for _ in range(rng.randint(1, 3)):
            get[rng.choice(list(mine))] += 1
        _offers[key] = {"give": give, "get": get, "now": {"give": Counter(), "get": Counter()}}
    plan = _offers[key]
    if decision.amounts is not None:  # rules version 5: the whole offer is one choice
        del _offers[key]
        limits = {i.id: i.max for i in decision.amounts.items}
        counts = {f"{side}:{r}": min(n, limits.get(f"{side}:{r}", 0)) for side in ("give", "get")
                  for r, n in plan[side].items()}
        return decision.amounts.answer(counts) if any(counts.values()) else "cancel"
    for side in ("give", "get"):
        for r, n in plan[side].items():
            if plan["now"][side][r] < n and f"{side}:{r}" in ids:
                plan["now"][side][r] += 1
                return f"{side}:{r}"
    del _offers[key]
    return "send" if "send" in ids else "cancel"
