"""Warriors & Traders: random games to the end on every map, variant and player count, with
the invariants checked after every step; and fuzzing of trade offers."""

import random

import pytest

from engine.core import enumerate_answers, same_labels
from engine.warriors_traders import GAME
from engine.warriors_traders.board import MAPS, variants
from engine.warriors_traders.testkit import clear, put, random_game, run, start

CASES = [(m, None, n) for m in MAPS for n in range(2, 7)] + [
    (m, v, spec.players) for m in MAPS for v, spec in variants(m).items()]


def check(state):
    broken = GAME.invariants(state)
    assert not broken, broken
    for decision in GAME.pending(state):  # no two options a player cannot tell apart
        assert not same_labels(decision), (decision.kind, same_labels(decision))


@pytest.mark.parametrize("map_name,variant,players", CASES,
                         ids=[f"{m}-{v or 'full'}-{n}p" for m, v, n in CASES])
def test_random_game_to_the_end(map_name, variant, players):
    names = [f"P{i}" for i in range(players)]
    state, steps = random_game(names, 1000 + len(names) * 7 + len(map_name), {"map": map_name,
                               "variant": variant or "none"}, check=check)
    assert GAME.is_over(state) and state.finished
    assert state.turn <= 10 and steps > 50
    assert len(GAME.result(state)) == players
    assert GAME.dumps(GAME.loads(GAME.dumps(state))) == GAME.dumps(state)


@pytest.mark.parametrize("teams", [[["P0", "P1"], ["P2", "P3"]], [["P0", "P1", "P2"], ["P3", "P4", "P5"]],
                                   [["P0", "P1"], ["P2", "P3"], ["P4", "P5"]]])
def test_random_cooperative_game(teams):
    names = sorted(n for t in teams for n in t)
    state, _ = random_game(names, 77, {"map": "west", "variant": "none", "teams": teams,
                                       "turn_order": "variable"}, check=check)
    assert state.finished and len(GAME.result(state)) == len(teams)


def test_uniform_random_games_with_default_options():
    """As the fuzz command plays: no options, so the seed picks map, variant and nations."""
    for seed in range(3):
        state, _ = random_game(["A", "B", "C"][: 2 + seed % 2], seed, None, check=check, bias=False)
        assert state.finished


def offer_position(players: int, seed: int):
    names = [f"P{i}" for i in range(players)]
    nations = dict(zip(names, ["france", "england", "burgundy", "germany"], strict=False))
    state = start(names, nations=nations, seed=seed)
    rng = random.Random(seed)
    for name, prov in zip(names, ["Provence", "East Anglia", "Vlaanderen", "Palatinate"], strict=False):
        clear(state, prov)
        put(state, name, "infantry", prov)
        state.player(name).res.update({r: rng.randrange(0, 8) for r in ("gold", "food", "goods", "weapons")})
    for p in state.players:  # everyone connected to everyone
        p.routes = [q.seat for q in state.players if q.seat > p.seat]
    return run(state, ("trade_start",), ("development_start",))


@pytest.mark.parametrize("seed", range(12))
def test_fuzz_trade_offers(seed):
    """Offers drafted, sent, accepted or refused at random by several players at once: no
    resource is created or lost between players, nobody goes negative, nobody deadlocks."""
    rng = random.Random(seed)
    state = offer_position(2 + seed % 3, seed)
    totals = {r: sum(p.res[r] for p in state.players) for r in ("gold", "food", "goods", "weapons")}
    steps = drafted = sent = 0
    while state.lanes:
        decisions = GAME.pending(state)
        assert len({d.player for d in decisions}) == len(decisions)
        d = rng.choice(decisions)
        trading = [o.id for o in d.options if not o.id.startswith(("vp", "route:"))]
        if d.kind == "offer":  # one choice of what to give and ask for (or cancel)
            drafted += 1
            trading = ["cancel"] if sent and rng.random() < 0.2 else [a for a in enumerate_answers(d, 300) if a != "send:"]
        if steps > 300:  # wind down
            trading = [o for o in trading if o in ("done", "cancel", "refuse", "accept")] or trading
        option = rng.choice(trading)
        sent += option.startswith("send:")
        state, _ = GAME.apply(state, d.player, option)
        steps += 1
        check(state)
        assert {r: sum(p.res[r] for p in state.players) for r in totals} == totals
        assert steps < 5000
    assert state.phase == "development"
    assert drafted == 0 or sent > 0


def test_offer_refused_when_no_longer_affordable():
    """An offer accepted after the offerer's resources changed cannot be accepted."""
    state = offer_position(3, 5)
    a, b = state.players[0].name, state.players[1].name
    state.players[0].res["gold"] = 2
    state, _ = GAME.apply(state, a, f"offer:{b}")
    state, _ = GAME.apply(state, a, "send:give:gold=1")
    state.players[0].res["gold"] = 0  # as if spent meanwhile
    state._decisions = None
    d = [x for x in GAME.pending(state) if x.player == b][0]
    assert [o.id for o in d.options] == ["refuse"]


def test_invariants_catch_broken_states():
    """The fuzzer's checks fire: negative resources, pieces vanishing without the ledger,
    three fortresses in a province, enemies side by side."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    assert GAME.invariants(state) == []
    bad = GAME.loads(GAME.dumps(state))
    bad.player("Ann").res["gold"] = -1
    assert any("-1 gold" in p for p in GAME.invariants(bad))
    bad = GAME.loads(GAME.dumps(state))
    bad.units = [u for u in bad.units if u.kind != "princess"]
    assert any("princess" in p for p in GAME.invariants(bad))
    bad = GAME.loads(GAME.dumps(state))
    put(bad, "Ann", "fortress", "Île-de-France", 2)
    assert any("3 fortresses" in p for p in GAME.invariants(bad))
    bad = GAME.loads(GAME.dumps(state))
    put(bad, "Bo", "infantry", "Île-de-France")
    assert any("enemies side by side" in p for p in GAME.invariants(bad))
