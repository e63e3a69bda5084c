"""The rulebook's worked examples (Warriors & Traders, 004_81a9b4c8940e7551.txt) as scenarios."""

from engine.warriors_traders import GAME
from engine.warriors_traders.flow import Ctx, task
from engine.warriors_traders.sustenance import income_of
from engine.warriors_traders.testkit import (
    act,
    answer,
    clear,
    options,
    put,
    run,
    seat,
    set_levels,
    start,
    units,
)


def test_income_example_fig16():
    """Fase Sostentamento, Fig 16: 1 food, 3 goods, 1 weapon symbols at production III and
    military I give "1 Cibo, 6 Prodotti e nessuna Arma"."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    set_levels(state, "Ann", production=3, military=1, trade=1)
    clear(state, "Provence")
    put(state, "Ann", "infantry", "Provence")  # France's trade centre: 2 goods; the capital 1/1/1
    got = income_of(Ctx(state), seat(state, "Ann"))
    assert got == {"food": 1, "goods": 6, "weapons": 0, "gold": 0}


def battle_position(turn: int):
    state = start(nations={"Ann": "denmark", "Bo": "germany"})
    state.turn = turn
    clear(state)
    return state


def attack(state, player: str, frm: str, to: str):
    """Run one maneuver up to the battles: move everything from `frm` to `to`, then fight."""
    me = seat(state, player)
    state = run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me))
    state, _ = act(state, player, f"from:{frm}:{to}")  # every army that can go
    if "fight" in options(state, player):
        state, _ = act(state, player, "fight")
    return state


def test_barbarian_damage_example_fig30():
    """Assegnazione del Danno, Fig 30: turn 5, a barbarian fortress and army deal 7 to three
    infantry and a cavalry with Command: 4 kill the cavalry, 2 an infantry, 1 routs another."""
    state = battle_position(5)
    set_levels(state, "Ann", military=4)
    put(state, None, "fortress", "Île-de-France")
    put(state, None, "barbarian", "Île-de-France")
    put(state, "Ann", "infantry", "Anjou", 3)
    put(state, "Ann", "cavalry", "Anjou")
    state = attack(state, "Ann", "Anjou", "Île-de-France")
    # Ann's 6 damage: she destroys the fortress and hits the barbarian army once.
    fort = [u for u in state.units if u.at == "Île-de-France" and u.kind == "fortress"][0]
    barb = units(state, None, "Île-de-France", "barbarian")[0]
    state, events = answer(state, "Ann", {f"u{fort.id}": 5, f"u{barb.id}": 1})
    destroyed = [e.data for e in events if e.kind == "destroyed"]
    assert {"owner": "Ann", "unit": "cavalry"} in [{k: d[k] for k in ("owner", "unit")} for d in destroyed]
    assert sum(1 for d in destroyed if d["owner"] == "Ann" and d["unit"] == "infantry") == 1
    assert len(units(state, "Ann", kind="cavalry")) == 0
    infantry = units(state, "Ann", kind="infantry")
    assert len(infantry) == 2
    assert sorted(u.retreated for u in infantry) == [False, True]
    assert [u.id for u in units(state, None, "Île-de-France")] == [barb.id]
    assert units(state, None, "Île-de-France")[0].damage == 1


def test_barbarian_damage_example_fig31():
    """Fig 31: turn 3, three barbarian armies deal 3 to an infantry, archers and a cavalry with
    Command: not enough for the cavalry (it could retreat), so they kill the archers."""
    state = battle_position(3)
    set_levels(state, "Ann", military=4)
    put(state, None, "barbarian", "Île-de-France", 3)
    for kind in ("infantry", "archer", "cavalry"):
        put(state, "Ann", kind, "Anjou")
    state = attack(state, "Ann", "Anjou", "Île-de-France")
    assert not [d for d in GAME.pending(state) if d.kind == "damage"], "6 damage destroy all three: no choice"
    assert units(state, "Ann", kind="archer") == []
    assert len(units(state, "Ann", kind="cavalry")) == 1 and len(units(state, "Ann", kind="infantry")) == 1
    assert all(u.damage == 0 for u in units(state, "Ann"))


def test_blue_against_red_fig29():
    """Risoluzione delle battaglie, Fig 29: blue (military VII) attacks with 2 archers a red
    province (military IV) held by an infantry and a cavalry. Blue keeps one archer, red its
    infantry, so blue's archer leaves the province and loses its remaining action points."""
    state = battle_position(2)
    set_levels(state, "Ann", military=7)  # blue
    set_levels(state, "Bo", military=4)  # red
    put(state, "Bo", "infantry", "Île-de-France")
    put(state, "Bo", "cavalry", "Île-de-France")
    put(state, "Ann", "archer", "Anjou", 2)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = attack(state, "Ann", "Anjou", "Île-de-France")
    cav = units(state, "Bo", kind="cavalry")[0]
    state, _ = answer(state, "Ann", {f"u{cav.id}": 4})  # blue's 4 damage destroy the cavalry
    a1, a2 = units(state, "Ann", kind="archer")
    state, _ = answer(state, "Bo", {f"u{a1.id}": 3, f"u{a2.id}": 1})  # red's 4: one archer dies, one is hit
    if "to:Anjou" in options(state, "Ann"):
        state, _ = act(state, "Ann", "to:Anjou")
    archers = units(state, "Ann", kind="archer")
    assert len(archers) == 1 and archers[0].damage == 1 and archers[0].at != "Île-de-France"
    assert archers[0].ap == 0
    assert len(units(state, "Bo", "Île-de-France", "infantry")) == 1
    assert state.owner["Île-de-France"] == seat(state, "Bo")
    assert state.player("Ann").vp_kills == 3 and state.player("Bo").vp_kills == 2


def test_war_and_peace_timing():
    """Guerra: a war ends when a turn ends without damage between the sides, or when its third
    turn ends (counting the turn of the declaration); declaring again starts a new war."""
    state = start(nations={"Ann": "denmark", "Bo": "germany"})
    state.turn = 2
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    for turn in (2, 3):
        state.turn = turn
        state.wars[0].damage = True
        state = run(state, ("turn_end",))
        assert len(state.wars) == 1, f"the war goes on after turn {turn}"
    state.wars[0].damage = True
    state = run(state, ("turn_end",))
    assert state.wars == [], "the war ends with its third turn"
    # Declared in turn 5, no damage that turn: over at its end.
    state.turn = 5
    state = run(state, ("action", seat(state, "Bo"), {"why": "first"}))
    state, _ = act(state, "Bo", "war:Ann")
    state = run(state, ("turn_end",))
    assert state.wars == []


def test_war_declared_again_runs_three_more_turns():
    state = start(nations={"Ann": "denmark", "Bo": "germany"})
    state.turn = 2
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state.turn = 4
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    assert len(state.wars) == 1 and state.wars[0].declared == 4
    for turn in (4, 5):
        state.turn = turn
        state.wars[0].damage = True
        state = run(state, ("turn_end",))
        assert len(state.wars) == 1


def test_merchant_faq_doubling_then_cap():
    """FAQ (Commercio): 15 gold doubled by Merchant is 30, cut to 20; having less of another
    resource carries nothing over."""
    state = start(nations={"Ann": "denmark", "Bo": "germany"})
    set_levels(state, "Ann", trade=4)
    state.player("Ann").res.update(gold=15, food=0, goods=0, weapons=0)
    state = run(state, ("turn_end",))
    assert state.player("Ann").res == {"gold": 20, "food": 0, "goods": 0, "weapons": 0}


def test_task_helper_is_plain_data():
    t = task("battle", 0, at="Anjou")
    assert t.model_dump() == {"kind": "battle", "player": 0, "args": {"at": "Anjou"}}


def test_double_strike_cavalry_faq():
    """FAQ (Eserciti e Battaglie): with Double Strike a cavalry beats a barbarian army of
    strength 2, keeps 1 point, attacks again and "Infliggerà 3 danni, esattamente come nel primo
    scontro"."""
    state = battle_position(4)
    set_levels(state, "Ann", military=6)
    put(state, "Ann", "cavalry", "Île-de-France")
    put(state, None, "barbarian", "Anjou")
    put(state, None, "barbarian", "Provence")
    me = seat(state, "Ann")
    state = run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me),
                ("double_strike", me))
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou")
    cav = units(state, "Ann", kind="cavalry")[0]
    assert cav.damage == 2 and cav.at == "Anjou"
    state, events = act(state, "Ann", "from:Anjou:Provence")
    battle = [e for e in events if e.kind == "battle"][0]
    assert battle.data["attack"] == 3
    assert units(state, "Ann", kind="cavalry") == [], "2 more damage: beyond its last point"
