"""Every number a board shows is the engine's own (issue 28): the boards of random states of
each game are drawn under kit.recording(), every number drawn must say what it stands for
(TextMark.means), and each is compared with the figure read from the engine's state, not
from the summary the board was drawn from (a board once added the levy to an army's
strength: 6 on the board, 4 dice rolled)."""

from __future__ import annotations

import random
import re

import pytest

from engine import get_game
from render import alexander, byzantium, kit
from render import warriors_traders as wt

NUMBER = re.compile(r"^[×+]?\d+$")  # a text that is only a number (badges, counts, cells)
FREE = {"key example", "printed"}  # a key's sample piece; a number printed on the board itself


def states(game: str, players: list[str], seed: int, count: int, options=None):
    """`count` states spread over a game played by random legal choices."""
    g = get_game(game)
    rng = random.Random(seed)
    state = g.setup(players, seed, options or {})
    seen = [state]
    while not g.is_over(state) and len(seen) < 400:
        if game == "warriors_traders":  # its amounts are answered in words, not options
            from engine.warriors_traders import testkit

            state, _, _ = testkit.random_step(state, rng)
        else:
            decision = g.pending(state)[0]
            state, _ = g.apply(state, decision.player, rng.choice(decision.options).id)
        seen.append(state)
    step = max(1, len(seen) // count)
    return seen[::step][:count] + [seen[-1]]


def numbers_of(module, state) -> list[kit.TextMark]:
    with kit.recording() as drawn:
        module.scene(state, None)
    return drawn.texts


def check(module, state, engine_value) -> int:
    """Assert every number on the board is named and equals the engine's; the count checked."""
    checked = 0
    for mark in numbers_of(module, state):
        if NUMBER.match(mark.content):
            assert mark.means, f"{mark.content!r} at {mark.box} does not say what it stands for"
        if not mark.means or mark.means[0] in FREE:
            continue
        shown = [int(n) for n in re.findall(r"\d+", mark.content)]
        expected = engine_value(state, *mark.means)
        allowed = expected if isinstance(expected, set) else {expected}
        assert shown and shown[0] in allowed, (mark.means, mark.content, expected)
        checked += 1
    return checked


# -- Byzantium ------------------------------------------------------------------------------


def byzantium_value(state, kind, *args):
    from engine.byzantium.combat import city_strength
    from engine.byzantium.cubes import cube_places
    from engine.byzantium.flow import Ctx
    from engine.byzantium.state import Side

    ctx = Ctx(state)
    seat = {p.name: p.seat for p in state.players}
    if kind == "army_strength":
        name, side = args
        return state.players[seat[name]].card(Side(side)).strength()
    if kind == "city_markers":
        return state.cities[args[0]].markers
    if kind == "city_strength":
        return city_strength(ctx, args[0])
    if kind == "bulgars":
        return state.bulgars
    if kind in ("taxes", "churches", "mosques"):
        p = state.players[seat[args[0]]]
        return {"taxes": p.tax_cubes, "churches": p.churches, "mosques": p.mosques}[kind]
    if kind == "card":
        name, side, row = args
        p = state.players[seat[name]]
        card = p.card(Side(side))
        return {"elite": card.elite, "main": card.main, "levy": card.levy, "move": card.movement,
                "gold": p.treasury[Side(side)], "vp": p.vp[Side(side)]}[row]
    if kind == "cubes":
        name, key = args
        if key == "forts_left":
            return state.players[seat[name]].forts_left
        return cube_places(ctx, seat[name])[key]
    raise AssertionError(f"no engine figure for {kind}")


@pytest.mark.parametrize("seed", [3, 11])
def test_every_number_on_the_byzantium_board_is_the_engines(seed):
    checked = strengths = 0
    for state in states("byzantium", ["Ann", "Bo", "Cy", "Dee"], seed, 8):
        checked += check(byzantium, state, byzantium_value)
        strengths += sum(1 for p in state.players for card in (p.byzantine, p.arab) if card.at and card.levy)
    assert checked > 400
    assert strengths, "no army with a levy on the map: the strength badge was not tested"


def test_the_army_strength_badge_leaves_out_the_levy():
    """The case from the issue: an army with levy cubes shows elite + main (+ the guard)."""
    from engine.byzantium.state import Side

    g = get_game("byzantium")
    state = g.setup(["Ann", "Bo", "Cy"], 1, {})
    card = state.players[0].card(Side.BYZANTINE)
    card.at, card.elite, card.main, card.levy, card.guard = "Thessalonica", 1, 3, 2, False
    badges = [m for m in numbers_of(byzantium, state) if m.means == ("army_strength", "Ann", "byzantine")]
    assert [m.content for m in badges] == ["4"]


# -- Warriors & Traders -----------------------------------------------------------------------


def wt_value(state, kind, *args):
    from engine.warriors_traders.flow import Ctx
    from engine.warriors_traders.world import vp

    ctx = Ctx(state)
    seat = {p.name: p.seat for p in state.players}
    if kind == "vp":
        return vp(ctx, seat[args[0]])
    if kind == "resource":
        name, key = args
        return state.players[seat[name]].res.get(key, 0)

    def owned(unit, owner):  # a player's, or (None, "the barbarians") the barbarians'
        return unit.owner == seat[owner] if owner in seat else unit.owner not in seat.values()

    if kind == "stack":
        province, owner, unit_kind, damage, retreated, attacking = args
        return sum(1 for u in state.units if u.at == province and owned(u, owner) and u.kind == unit_kind
                   and u.damage == damage and u.retreated == retreated and bool(getattr(u, "attacking", False)) == attacking)
    if kind == "damage":
        province, owner, unit_kind = args
        return {u.damage for u in state.units if u.at == province and owned(u, owner) and u.kind == unit_kind}
    if kind == "princesses":
        province, owner = args
        return sum(1 for u in state.units if u.at == province and u.owner == seat[owner] and u.kind == "princess")
    raise AssertionError(f"no engine figure for {kind}")


@pytest.mark.parametrize("map_id", ["west", "east", "italy"])
def test_every_number_on_the_warriors_traders_board_is_the_engines(map_id):
    checked = 0
    for state in states("warriors_traders", ["Ann", "Bo", "Cy", "Dee"], 5, 6, {"map": map_id, "variant": "none"}):
        checked += check(wt, state, wt_value)
    assert checked > 100


# -- Alexander --------------------------------------------------------------------------------


def alexander_value(state, kind, *args):
    from engine.alexander.board import board
    from engine.alexander.world import gsp_free

    if kind == "army_asp":
        return next(a.asp for a in state.armies if a.id == args[0])
    if kind == "fleet_nsp":
        return next(f.nsp for f in state.fleets if f.name == args[0])
    if kind == "garrison_gsp":
        return state.garrisons[args[0]].gsp
    if kind == "garrison_asp":
        return state.garrisons[args[0]].asp
    if kind == "tribe_gsp":
        return state.tribes[args[0]].gsp
    if kind == "asp_pool":
        return state.asp_pool.get(args[0], 0)
    if kind == "gsp_free":
        return gsp_free(state, args[0])
    if kind == "leaders_held":
        return sum(1 for n, where in state.leaders.items() if where == "hand" and board().leaders[n].side == args[0])
    if kind == "apm_in_cup":
        return state.cup.count(args[0])
    raise AssertionError(f"no engine figure for {kind}")


def test_every_number_on_the_alexander_board_is_the_engines():
    checked = 0
    for state in states("alexander", ["Ann", "Bo"], 7, 8):
        checked += check(alexander, state, alexander_value)
    assert checked > 100


def test_the_close_ups_scores_are_the_engines():
    """The strip beside every close-up: each player's scores, against the engine's VP."""
    from engine.byzantium.state import Side
    from engine.warriors_traders.flow import Ctx
    from engine.warriors_traders.world import vp

    for state in states("byzantium", ["Ann", "Bo", "Cy"], 4, 5):
        shown = {seat.name: [v for _, v in seat.scores] for seat in byzantium.scene(state, None).status.seats}
        assert shown == {p.name: [p.vp[Side.BYZANTINE], p.vp[Side.ARAB]] for p in state.players}
    for state in states("warriors_traders", ["Ann", "Bo", "Cy"], 4, 5, {"map": "west", "variant": "none"}):
        shown = {seat.name: [v for _, v in seat.scores] for seat in wt.scene(state, None).status.seats}
        assert shown == {p.name: [vp(Ctx(state), p.seat)] for p in state.players}
