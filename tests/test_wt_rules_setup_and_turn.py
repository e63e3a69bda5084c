"""Warriors & Traders: preparation, the turn structure, the end of the turn and victory
(004_81a9b4c8940e7551.txt: Preparazione del Gioco, Giocare una Partita, Fine del Turno,
Punti Vittoria, Regole facoltative)."""

import pytest

from engine.core import IllegalAction
from engine.warriors_traders import GAME
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.testkit import act, clear, options, put, run, seat, set_levels, start, units
from engine.warriors_traders.turn import turn_order
from engine.warriors_traders.world import leaders, vp


def test_setup_capitals_barbarians_and_resources():
    """"piazzare una Fortezza e tutte le quattro Principesse nella propria Capitale. Posizionare
    una Fortezza Barbara in ogni altra Capitale e un esercito Barbaro in tutte le altre
    Province"; each player starts with 1 gold, 1 food, 1 weapon and 6 VP."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    assert [u.kind for u in units(state, "Ann", "Île-de-France")] == ["fortress"] + ["princess"] * 4
    assert [u.kind for u in units(state, None, "Sjælland")] == ["fortress"]
    assert [u.kind for u in units(state, None, "Anjou")] == ["barbarian"]
    assert state.barbarians_at_start == 40 - 8
    for name in ("Ann", "Bo"):
        assert vp(Ctx(state), seat(state, name)) == 6
    fresh = GAME.setup(["Ann", "Bo"], 3, {"map": "west", "variant": "none"})
    assert fresh.player("Ann").res == {"gold": 1, "food": 1, "goods": 0, "weapons": 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_without_options_is_the_whole_west_map(players):
    """The 2- and 3-player variants are "Regole facoltative" ("Chi si sente più portato per un
    gioco gestionale ... può continuare ad utilizzare le mappe di Est ed Ovest Europa
    interamente"): with no options the game is the whole West map, never a variant."""
    names = [f"P{i}" for i in range(players)]
    for seed in range(12):
        state = GAME.setup(names, seed, {})
        assert (state.map, state.variant) == ("west", None)


def test_map_and_variant_may_still_be_drawn_at_random():
    drawn = {(s.map, s.variant) for s in (GAME.setup(["Ann", "Bo"], seed, {"map": "random", "variant": "random"})
                                          for seed in range(40))}
    assert {m for m, _ in drawn} == {"west", "east", "italy"}
    assert None in {v for _, v in drawn} and len({v for _, v in drawn}) > 1


def test_starting_tokens_are_placed_by_everyone_at_once():
    """"Ogni giocatore inizia la partita con tre Gettoni Sviluppo da piazzare": all players
    decide at the same time, three tokens each."""
    state = GAME.setup(["Ann", "Bo", "Cy"], 4, {"map": "west", "variant": "none"})
    assert sorted(d.player for d in GAME.pending(state)) == ["Ann", "Bo", "Cy"]
    # Issue 12: the three tokens are one choice among the ten ways to spread them.
    spreads = options(state, "Bo")
    assert len(spreads) == len(set(spreads)) == 10 and "tech:production=1,trade=1,military=1" in spreads
    state, _ = act(state, "Bo", "tech:military=3")
    assert state.player("Bo").tokens["military"] == 3
    assert sorted(d.player for d in GAME.pending(state)) == ["Ann", "Cy"]


def test_nations_random_distinct_and_chosen():
    """Scelta della Nazione: drawn at random, or chosen by the players."""
    state = GAME.setup(["A", "B", "C", "D", "E", "F"], 9, {"map": "east", "variant": "none"})
    assert len({p.nation for p in state.players}) == 6
    state = GAME.setup(["Ann", "Bo"], 9, {"map": "italy", "variant": "none", "nations": "choose"})
    d = GAME.pending(state)[0]
    assert d.player == "Ann" and len(d.options) == 8
    state, _ = act(state, "Ann", "nation:venezia")
    assert "nation:venezia" not in options(state, "Bo")
    with pytest.raises(IllegalAction):
        GAME.setup(["Ann", "Bo"], 1, {"map": "west", "variant": "none", "nations": {"Ann": "france", "Bo": "france"}})


def test_nation_order_and_variable_turn_order_example():
    """Regole facoltative: Romania (2), Austria (5), Croatia (6), Bulgaria (8); turn 2 starts
    with Austria, turn 3 with Croatia."""
    names = {"R": "romania", "A": "austria", "C": "croatia", "B": "bulgaria"}
    state = start(("B", "C", "R", "A"), map="east", nations=names, turn_order="variable")
    ctx = Ctx(state)
    order = lambda: [ctx.name(s) for s in turn_order(ctx)]  # noqa: E731
    assert order() == ["R", "A", "C", "B"]
    state.turn = 2
    assert order() == ["A", "C", "B", "R"]
    state.turn = 3
    assert order() == ["C", "B", "R", "A"]
    fixed = start(("B", "C", "R", "A"), map="east", nations=names)
    fixed.turn = 3
    assert [Ctx(fixed).name(s) for s in turn_order(Ctx(fixed))] == ["R", "A", "C", "B"]


def test_end_of_turn_clears_damage_and_restores_retreated_armies():
    """"Alla fine di ogni Turno, tutto il danno accumulato ... viene rimosso"; retreated armies
    "torneranno alle loro condizioni normali"."""
    state = start()
    clear(state, "Anjou")
    put(state, "Ann", "cavalry", "Anjou", damage=3, retreated=True)
    put(state, None, "barbarian", "Bourbon")
    state.units[-1].damage = 1
    state = run(state, ("turn_end",))
    assert all(u.damage == 0 and not u.retreated for u in state.units)


def test_resource_cap_of_twenty():
    """"i giocatori saranno impossibilitati a stoccare più di 20 unità di ogni risorsa"."""
    state = start()
    state.player("Bo").res.update(food=27, goods=20, weapons=3)
    state = run(state, ("turn_end",))
    assert state.player("Bo").res["food"] == 20 and state.player("Bo").res["goods"] == 20


def test_builder_merchant_warrior_go_to_the_most_advanced():
    """FAQ (Punti Vittoria): two tokens on level IV beat one token on level IV; ties: nobody."""
    state = start()
    state.player("Ann").tokens.update(production=4, trade=2, military=0)
    state.player("Bo").tokens.update(production=5, trade=2, military=1)
    got = leaders(Ctx(state))
    assert got == {"production": seat(state, "Bo"), "trade": None, "military": seat(state, "Bo")}
    assert vp(Ctx(state), seat(state, "Bo")) == 6 + 6


@pytest.mark.parametrize("players,needed", [(2, 42), (3, 37), (4, 33), (5, 30), (6, 27)])
def test_victory_threshold_ends_the_game_at_the_end_of_the_turn(players, needed):
    """Tabella 2: the game ends at the end of the turn in which a player reaches the threshold."""
    names = [f"P{i}" for i in range(players)]
    state = start(names)
    state.players[0].vp_bought = needed - 7
    state = run(state, ("turn_end",))
    assert not state.finished and state.turn == 2
    state.players[0].vp_bought = needed - 6
    state = run(state, ("turn_end",))
    assert state.finished and GAME.is_over(state)
    assert GAME.result(state)[0]["player"] == "P0"


def test_victory_is_judged_at_the_end_of_the_turn_only():
    """FAQ: reaching 33 VP in the trade phase and losing fortresses before the end: no win."""
    state = start(["A", "B", "C", "D"])
    state.players[0].vp_bought = 27  # 33 with the capital and its fortress
    clear(state, state.players[0].nation and Ctx(state).board.nations[state.players[0].nation].capital)
    state = run(state, ("turn_end",))
    assert not state.finished


def test_game_ends_after_turn_ten():
    state = start()
    state.turn = 10
    state = run(state, ("turn_end",))
    assert state.finished
    assert [r["rank"] for r in GAME.result(state)] == [1, 1]


def test_equal_vp_at_the_end_share_the_victory_with_no_tie_break():
    """Condizioni di Vittoria: "La Vittoria verrà ottenuta dal Giocatore(i) ... con il maggior
    quantitativo di Punti Vittoria": several players may win; nothing else (kills, resources,
    turn order) breaks a tie."""
    state = start(["A", "B", "C"])
    state.turn = 10
    state.player("A").vp_kills = 2  # A: 6 + 2 by kills; B: 6 + 2 bought and more resources
    state.player("B").vp_bought = 2
    state.player("B").res["gold"] = 15
    state = run(state, ("turn_end",))
    rows = {r["player"]: r for r in GAME.result(state)}
    assert rows["A"]["score"] == rows["B"]["score"] == 8
    assert rows["A"]["rank"] == rows["B"]["rank"] == 1 and rows["C"]["rank"] == 3


def test_cooperative_victory_by_team():
    """Tabella 3: 2 vs 2 needs 65 VP together; allies win as a team."""
    state = start(["A", "B", "C", "D"], teams=[["A", "C"], ["B", "D"]])
    state.player("A").vp_bought = 30
    state.player("C").vp_bought = 23  # 36 + 29 = 65
    state = run(state, ("turn_end",))
    assert state.finished
    result = GAME.result(state)
    assert result[0]["players"] == ["A", "C"] and result[0]["score"] == 65


def test_cooperative_shapes_checked():
    with pytest.raises(IllegalAction):
        GAME.setup(["A", "B", "C"], 1, {"teams": [["A", "B"], ["C"]]})


def test_summary_is_json_and_complete():
    import json
    state = start(["Ann", "Bo", "Cy"], map="italy")
    s = GAME.summary(state)
    json.dumps(s)
    assert s["map"] == "italy" and s["turn"] == 1 and len(s["provinces"]) == 40
    assert set(s["players"]["Ann"]) >= {"resources", "techs", "vp", "nation", "armies", "routes", "wars"}
    assert {"owner", "armies", "fortresses", "princesses", "barbarians", "lat", "lon"} <= set(s["provinces"]["Roma"])
    assert GAME.dumps(GAME.loads(GAME.dumps(state))) == GAME.dumps(state)


def test_levels_follow_the_tokens():
    """Fig 18: a level is reached when every space under it is covered."""
    from engine.warriors_traders.world import level
    state = start()
    ctx = Ctx(state)
    me = seat(state, "Ann")
    for tokens, lvl in [(0, 1), (1, 2), (2, 2), (3, 3), (5, 3), (6, 4), (9, 5), (13, 6), (17, 7)]:
        state.player("Ann").tokens["trade"] = tokens
        assert level(ctx, me, "trade") == lvl
    set_levels(state, "Ann", military=4)
    assert level(ctx, me, "military") == 4


def test_describe_for_the_terminal():
    state = start(["Ann", "Bo"], map="west", nations={"Ann": "france", "Bo": "england"})
    text = GAME.describe(state)
    assert "turn 1 of 10" in text and "Île-de-France[Ann] F 4P" in text and "Ann (France): 6 VP" in text
    # Issue 12: no abbreviation without a legend.
    assert "Key: I infantry, A archers, C cavalry, F fortress, P princess, b barbarian army" in text
    assert "production II, trade II and military II" in text
