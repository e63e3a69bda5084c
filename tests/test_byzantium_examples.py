"""The rulebook's worked examples (002_49aca6fcc1621f95.txt, German; 000_..., Italian) as scenarios."""

import re

import pytest

from engine.byzantium.rounds import standings
from tests.byzantium_kit import (
    GAME,
    check,
    kinds,
    new_game,
    option_ids,
    pin_dice,
    play,
    rebalance,
    rolls,
    set_army,
    set_city,
    set_money,
    turn_to,
)

PLAYERS = ("Simon", "Andy", "Jerry")


def test_simon_takes_damascus_with_a_casualty_cube():
    """A. KONTROLLE ÜBER EINE STADT ÜBERNEHMEN, example: Simon pays 3 Byzantine bezants for a
    casualty cube, gains 3 Byzantine VP (13) and places his Byzantine army in Damascus."""
    state = new_game(("Simon", "Andy", "Jerry"))
    state, events = play(state, "Simon pref:cube_source=ask", "Simon take:Damascus", "Simon source:casualty")
    simon = state.player("Simon")
    assert simon.vp["byzantine"] == 13
    assert simon.treasury["byzantine"] == 12
    assert simon.casualty == 11
    assert simon.byzantine.at == "Damascus"
    assert state.cities["Damascus"].controller == simon.seat
    check(state)


def test_a_cube_from_the_arab_levy_onto_the_byzantine_movement_box():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN, example: a player moves a cube from his Arab levy box to
    his Byzantine movement box and pays 3 bezants from the Byzantine treasury into the bank."""
    state = new_game(PLAYERS)
    set_army(state, "Simon", "arab", main=8, levy=1, movement=5)
    rebalance(state)
    state, _ = play(state, "Simon pref:cube_source=ask", "Simon reinforce", "Simon reinforce:byzantine.movement=1")
    assert "source:arab.levy" in option_ids(state)
    state, events = play(state, "Simon source:arab.levy")
    simon = state.player("Simon")
    assert (simon.arab.levy, simon.byzantine.movement) == (0, 3)
    assert simon.treasury == {"byzantine": 12, "arab": 5}
    assert [(e.data["side"], e.data["amount"]) for e in kinds(events, "pay")] == [("byzantine", 3)]
    check(state)


def test_andy_reinforces_with_two_free_cubes_and_one_arab_movement_cube():
    """B. ARMEE VERSTÄRKEN, example: Andy takes two cubes from his free pool and one from the
    Arab movement box and puts one each on the Byzantine elite, main army and levy boxes. He
    pays 3 bezants from the Byzantine treasury for the cube from the Arab movement box."""
    state = turn_to(new_game(PLAYERS), "Andy")
    andy = state.player("Andy")
    assert (andy.byzantine.elite, andy.byzantine.main, andy.byzantine.levy, andy.arab.movement) == (1, 3, 2, 5)
    state, _ = play(state, "Andy pref:cube_source=ask", "Andy reinforce")
    # At most one cube per elite box in one action.
    elite = {i.id: i.max for i in GAME.pending(state)[0].amounts.items if i.id.endswith("elite")}
    assert elite == {"byzantine.elite": 1, "arab.elite": 1}
    state, _ = play(state, "Andy reinforce:byzantine.elite=1,byzantine.main=1,byzantine.levy=1")
    # Where each cube comes from: Andy is asked (his setting), cube after cube.
    state, _ = play(state, "Andy source:available", "Andy source:available")
    assert "source:arab.movement" in option_ids(state)
    state, events = play(state, "Andy source:arab.movement")
    andy = state.player("Andy")
    assert (andy.byzantine.elite, andy.byzantine.main, andy.byzantine.levy) == (2, 4, 3)
    assert andy.arab.movement == 4
    assert andy.available == 7  # 9 at the start, two taken
    assert andy.treasury["byzantine"] == 12 and andy.treasury["arab"] == 5
    assert [(e.data["side"], e.data["amount"]) for e in kinds(events, "pay")] == [("byzantine", 3)]
    # Three cubes placed: the action is over and Jerry is next.
    assert GAME.pending(state)[0].player == "Jerry"
    check(state)


def test_jerrys_byzantine_civil_war_against_simon_in_damascus():
    """C. SONDERAKTIONEN, Bürgerkrieg, example: Jerry moves his Byzantine army from Antioch to
    Damascus, held by Simon (one movement cube to his casualty pool), then puts a cube from his
    free pool on the Byzantine civil war box and must attack Simon. Simon's army is elsewhere;
    he could defend with his levy but declines, and Jerry besieges the city. The conquest
    (Erfolgreiche Eroberung, Bürgerkrieg): the city stays Byzantine, loses a marker, and VP and
    booty go to the Byzantine side."""
    state = new_game(PLAYERS)
    set_city(state, "Damascus", controller="Simon")
    set_city(state, "Jerusalem", controller="Simon")
    set_army(state, "Simon", "byzantine", at="Jerusalem", elite=1, main=3, levy=2, movement=2)
    set_army(state, "Jerry", "byzantine", at="Antioch", main=4, movement=2)
    rebalance(state)
    turn_to(state, "Jerry")
    jerry_casualty, jerry_free = state.player("Jerry").casualty, state.player("Jerry").available
    simon_casualty = state.player("Simon").casualty

    state, events = play(state, "Jerry move:byzantine:to:Damascus")
    jerry = state.player("Jerry")
    assert jerry.byzantine.at == "Damascus"
    assert jerry.byzantine.movement == 1 and jerry.casualty == jerry_casualty + 1
    assert kinds(events, "attack") == []  # a city of the army's own side: no attack by the move
    assert "civil_war" in option_ids(state)
    state, events = play(state, "Jerry civil_war")
    assert state.boxes["byzantine_civil_war"] == jerry.seat
    assert state.player("Jerry").available == jerry_free - 1
    assert state.player("Jerry").treasury["byzantine"] == 15  # the free cube costs nothing
    # Simon's army is not in Damascus: he may defend with his levy.
    assert GAME.pending(state)[0].player == "Simon"
    assert option_ids(state) == ["levy", "no_levy"]

    pin_dice(state, [1, 2, 3])
    state, events = play(state, "Simon no_levy")
    siege = kinds(events, "siege")
    assert [(e.data["city"], e.data["strength"]) for e in siege] == [("Damascus", 3)]
    assert rolls(events) == [[1, 2, 3]]
    state, events = play(state)
    damascus = state.cities["Damascus"]
    assert (damascus.side, damascus.markers, damascus.controller) == ("byzantine", 2, jerry.seat)
    assert damascus.control_cube
    jerry, simon = state.player("Jerry"), state.player("Simon")
    assert jerry.vp == {"byzantine": 12, "arab": 10}
    assert jerry.treasury == {"byzantine": 17, "arab": 5}
    assert simon.casualty == simon_casualty + 1  # his control cube
    assert simon.byzantine.levy == 2
    check(state)


def test_andy_improves_mecca_to_three_markers():
    """C. SONDERAKTIONEN, Stadterweiterung, example: Andy already controls Mecca. He puts a cube
    from his free pool on an Arab city improvement box and adds a white marker to the two in
    Mecca, which reaches the maximum of three. The action gives no VP."""
    state = new_game(PLAYERS)
    set_city(state, "Mecca", controller="Andy")
    rebalance(state)
    turn_to(state, "Andy")
    free = state.player("Andy").available
    assert state.cities["Mecca"].markers == 2
    assert "special:arab_improvement:Mecca" in option_ids(state)
    state, _ = play(state, "Andy special:arab_improvement:Mecca")
    andy = state.player("Andy")
    assert state.cities["Mecca"].markers == 3
    assert state.boxes["arab_improvement_1"] == andy.seat
    assert andy.available == free - 1
    assert andy.vp == {"byzantine": 10, "arab": 10}
    assert andy.treasury == {"byzantine": 15, "arab": 5}
    # Three markers is the limit: Mecca can no longer be improved.
    turn_to(state, "Jerry")
    assert "special:arab_improvement:Mecca" not in option_ids(state)
    assert "special:arab_improvement:Medina" in option_ids(state)
    check(state)


def test_simon_sends_the_bulgars_against_athens():
    """C. SONDERAKTIONEN, Bulgarenangriff, example: Simon puts a cube from his casualty pool on a
    Bulgar box. The Bulgars already hold Thessalonica. Two Bulgar cubes join, and Simon attacks
    Athens (joined to Thessalonica by land). Athens is Byzantine, so the 3 bezants for the cube
    come from his ARAB treasury. The Bulgars conquer Athens: its two purple markers become one
    orange marker, and Simon gains one Arab VP. He could have added two more Bulgar cubes."""
    state = new_game(PLAYERS)
    set_city(state, "Thessalonica", side="bulgar", markers=2)
    rebalance(state)
    casualty = state.player("Simon").casualty
    assert state.bulgars == 7
    assert {i for i in option_ids(state) if i.startswith("special:bulgars")} == {
        "special:bulgars:Adrianople", "special:bulgars:Athens", "special:bulgars:Dyrrachium", "special:bulgars:more"}
    state, events = play(state, "Simon pref:cube_source=ask", "Simon special:bulgars:Athens")
    assert state.bulgars == 9
    assert "source:casualty" in option_ids(state)
    pin_dice(state, [1, 2])
    state, events = play(state, "Simon source:casualty")
    simon = state.player("Simon")
    assert simon.casualty == casualty - 1
    assert state.boxes["bulgars_1"] == simon.seat
    assert simon.treasury == {"byzantine": 15, "arab": 2}
    assert rolls(events) == [[1, 2]]  # Athens (2 markers) defends the siege
    athens = state.cities["Athens"]
    assert (athens.side, athens.markers, athens.controller) == ("bulgar", 1, None)
    assert simon.vp == {"byzantine": 10, "arab": 11}
    assert state.bulgars == 9
    check(state)


def test_andy_places_his_arab_army_in_hira_and_moves_to_baghdad():
    """F. BEWEGUNG UND/ODER ANGRIFF, example: Jerry conquered Hira earlier. Andy's Arab army is
    not yet on the board: he places it in Hira and pays one cube from the Arab movement box to
    move to Baghdad, still Persian, which he must besiege to take it."""
    state = new_game(PLAYERS)
    set_city(state, "Hira", side="arab", markers=2, controller="Jerry")
    rebalance(state)
    turn_to(state, "Andy")
    casualty = state.player("Andy").casualty
    assert "place:arab:Hira" in option_ids(state)  # any Arab city, whoever holds it
    state, _ = play(state, "Andy place:arab:Hira")
    assert state.player("Andy").arab.at == "Hira"
    assert {"to:Baghdad", "done"} <= set(option_ids(state))  # placing alone is a move action
    pin_dice(state, [1, 2, 3])
    state, events = play(state, "Andy to:Baghdad")
    andy = state.player("Andy")
    assert andy.arab.movement == 4 and andy.casualty == casualty + 1
    assert [(e.data["city"], e.data["strength"]) for e in kinds(events, "siege")] == [("Baghdad", 3)]
    assert rolls(events) == [[1, 2, 3]]
    state, _ = play(state)
    baghdad = state.cities["Baghdad"]
    andy = state.player("Andy")
    assert (baghdad.side, baghdad.markers, baghdad.controller) == ("arab", 2, andy.seat)
    assert andy.arab.at == "Baghdad"
    assert andy.vp["arab"] == 12 and andy.treasury["arab"] == 7
    check(state)


def no_free_cubes(state, name: str) -> None:
    """Move a player's free pool into his casualty pool (after `rebalance`)."""
    player = state.player(name)
    player.casualty += player.available
    player.available = 0
    state._decisions = None


def ankara_position(jerry_arab_bezants: int = 0):
    """Jerry's Arab army (9 main, 3 movement once it has moved) next to Ankara, a Byzantine city
    of 3 markers and Andy's fortification, where Andy's army (1 elite, 6 main, 1 movement)
    stands. Jerry has no free cubes left."""
    state = new_game(PLAYERS)
    set_city(state, "Caesarea", side="arab", markers=1)
    set_city(state, "Ankara", markers=3, controller="Andy", fortified=True)
    set_army(state, "Jerry", "arab", at="Caesarea", main=9, movement=4)
    set_army(state, "Andy", "byzantine", at="Ankara", elite=1, main=6, levy=2, movement=1)
    set_money(state, "Jerry", arab=jerry_arab_bezants)
    rebalance(state)
    no_free_cubes(state, "Jerry")
    return turn_to(state, "Jerry")


def ankara_battle(jerry_arab_bezants: int = 0, ask: bool = False):
    """The Kampf example played through: returns the state, events, and Jerry's casualty pool
    before the action. `ask`: Jerry is asked where his cubes come from."""
    state = ankara_position(jerry_arab_bezants)
    casualty = state.player("Jerry").casualty
    if ask:
        state, _ = play(state, "Jerry pref:cube_source=ask")
    state, events = play(state, "Jerry move:arab:to:Ankara")
    assert state.player("Jerry").arab.movement == 3
    # Andy's army is in Ankara: it may retreat before the battle; it stays.
    assert GAME.pending(state)[0].player == "Andy" and option_ids(state)[0] == "stay"
    assert option_ids(state)[1:] and all(i.startswith("retreat:") for i in option_ids(state)[1:])
    pin_dice(state, [2, 4, 6, 1, 3, 5, 5])
    state, more = play(state, "Andy stay")
    events += more
    # The attacker removes his losses first, then the defender; each chooses both cubes at once.
    assert GAME.pending(state)[0].player == "Jerry"
    assert set(option_ids(state)) == {"loss:main=2", "loss:main=1,movement=1", "loss:movement=2"}
    state, more = play(state, "Jerry loss:main=1,movement=1")
    events += more
    assert GAME.pending(state)[0].player == "Andy"
    state, more = play(state, "Andy loss:elite=1,main=1")
    events += more
    return state, events, casualty


def test_jerry_beats_andys_army_at_ankara():
    """F. BEWEGUNG UND/ODER ANGRIFF, Kampf, example: Jerry's Arab army (9 main, 3 movement)
    attacks Ankara, where Andy's army (1 elite, 6 main, 1 movement) stays. Jerry rolls three
    dice, 2 4 6: two hits; Andy rolls four (three for the main army, one for the elite), 1 3 5 5:
    two hits. Jerry removes a main and a movement cube: strength 8. Andy removes an elite and a
    main cube: strength 5. Jerry wins and Andy must retreat."""
    state, events, _ = ankara_battle()
    assert rolls(events) == [[2, 4, 6], [1, 3, 5, 5]]
    assert [e.data["hits"] for e in kinds(events, "roll")] == [2, 2]
    jerry, andy = state.player("Jerry"), state.player("Andy")
    assert (jerry.arab.elite, jerry.arab.main, jerry.arab.movement) == (0, 8, 2)
    assert jerry.arab.strength() == 8
    assert (andy.byzantine.elite, andy.byzantine.main, andy.byzantine.movement) == (0, 5, 1)
    assert andy.byzantine.strength() == 5
    result = kinds(events, "battle_result")[-1]
    assert (result.data["winner"], result.data["attacker"], result.data["defender"]) == ("attacker", 8, 5)
    # Andy must retreat: every Byzantine neighbour of Ankara, none of them costing a cube
    # (Caesarea, where Jerry came from, is Arab now).
    assert GAME.pending(state)[0].player == "Andy"
    assert option_ids(state) == ["retreat:Attalia", "retreat:Nicaea", "retreat:Sinope", "retreat:Tarsus"]
    check(state)


def ankara_siege(jerry_arab_bezants: int = 0, ask: bool = False):
    state, events, casualty = ankara_battle(jerry_arab_bezants, ask)
    pin_dice(state, [1, 1, 3, 6])
    state, more = play(state, "Andy retreat:Nicaea")
    events += more
    # Andy's army fought: his levy does not defend Ankara too; the siege follows at once.
    assert state.player("Andy").byzantine.at == "Nicaea"
    assert state.player("Andy").byzantine.levy == 2
    assert [(e.data["city"], e.data["strength"]) for e in kinds(events, "siege")] == [("Ankara", 4)]
    assert rolls(events)[-1] == [1, 1, 3, 6]
    assert GAME.pending(state)[0].player == "Jerry"
    state, more = play(state, "Jerry loss:main=1")
    events += more
    return state, events, casualty


def test_jerry_besieges_ankara():
    """F. BEWEGUNG UND/ODER ANGRIFF, Belagerung, example: after Andy's army retreated, Jerry
    besieges Ankara (3 markers and a fortification). Andy rolls four dice, 1 1 3 6: one hit.
    Jerry removes a main army cube: his strength 7 is more than the city's 4, Ankara is his."""
    state, events, _ = ankara_siege()
    jerry = state.player("Jerry")
    assert jerry.arab.main == 7 and jerry.arab.strength() == 7
    assert kinds(events, "roll")[-1].data["hits"] == 1
    assert [e.data["city"] for e in kinds(events, "conquest")] == ["Ankara"]
    assert state.cities["Ankara"].controller == jerry.seat
    assert jerry.arab.at == "Ankara"


def test_jerry_conquers_ankara_and_takes_two_army_cubes_for_control():
    """F. BEWEGUNG UND/ODER ANGRIFF, Erfolgreiche Eroberung, example: Jerry removes the three
    markers and the fortification, which goes back to Andy; two Arab markers replace the three
    Byzantine ones; Jerry gains two Arab VP and two bezants. With no free cube and only those two
    bezants he cannot buy a control cube, so two cubes leave his army (main and movement): one
    goes to his casualty pool, the other onto Ankara."""
    state, events, casualty = ankara_siege(jerry_arab_bezants=0)
    jerry, andy = state.player("Jerry"), state.player("Andy")
    ankara = state.cities["Ankara"]
    assert (ankara.side, ankara.markers, ankara.fortified) == ("arab", 2, False)
    assert andy.forts_left == 2  # the fortification is back in Andy's hand
    assert jerry.vp == {"byzantine": 10, "arab": 12}
    assert jerry.treasury["arab"] == 2
    assert GAME.pending(state)[0].player == "Jerry"
    # No cube can be bought: both cubes from the army, in one choice.
    assert set(option_ids(state)) == {"army:main=2", "army:main=1,movement=1", "army:movement=2"}
    state, more = play(state, "Jerry army:main=1,movement=1")
    jerry = state.player("Jerry")
    ankara = state.cities["Ankara"]
    assert (jerry.arab.main, jerry.arab.movement) == (6, 1)
    assert ankara.controller == jerry.seat and ankara.control_cube
    assert jerry.treasury["arab"] == 2
    # Casualties: 1 movement cube for the move, 2 in the battle, 1 in the siege, 1 of the two
    # cubes taken for control.
    assert jerry.casualty == casualty + 5
    assert GAME.pending(state)[0].player == "Simon"  # the action is over: Simon is next
    check(state)


def test_jerry_with_three_bezants_must_buy_the_control_cube_for_ankara():
    """Erfolgreiche Eroberung, the example's counter-case: "Hätte er noch drei Bezants in der
    Staatskasse gehabt, wäre er gezwungen gewesen, damit den Kontrollmarker zu bezahlen." With 1
    bezant before the booty he has 3: he must buy a cube and may not take two from his army."""
    asked, _, _ = ankara_siege(jerry_arab_bezants=1, ask=True)
    assert asked.player("Jerry").treasury["arab"] == 3
    ids = option_ids(asked)
    assert ids and all(i.startswith("source:") for i in ids)
    assert "source:available" not in ids and "source:casualty" in ids
    # By his preference (the free pool, then the casualty pool) the cube is bought without a question.
    state, events, casualty = ankara_siege(jerry_arab_bezants=1)
    jerry = state.player("Jerry")
    assert jerry.treasury["arab"] == 0
    assert (jerry.arab.main, jerry.arab.movement) == (7, 2)
    assert state.cities["Ankara"].controller == jerry.seat and state.cities["Ankara"].control_cube
    assert jerry.casualty == casualty + 4 - 1
    check(state)


def test_simons_arab_army_retreats_from_tarsus_through_antioch():
    """F. BEWEGUNG UND/ODER ANGRIFF, Rückzug einer Armee, example: Simon's Arab army in Tarsus
    is beaten and must retreat. The nearest Arab cities are Palmyra and Damascus. Simon
    chooses Palmyra; the way leads through Antioch, under Byzantine control, which costs one
    cube of the army: he takes it from the movement box."""
    state = new_game(PLAYERS)
    set_city(state, "Tarsus", side="arab", markers=1, controller="Simon")
    set_city(state, "Palmyra", side="arab", markers=2)
    set_city(state, "Damascus", side="arab", markers=2)
    set_city(state, "Antioch", controller="Andy")
    set_army(state, "Simon", "arab", at="Tarsus", main=2, movement=2)
    set_army(state, "Jerry", "byzantine", at="Ankara", main=3, movement=1)
    rebalance(state)
    turn_to(state, "Jerry")
    casualty = state.player("Simon").casualty
    state, _ = play(state, "Jerry move:byzantine:to:Tarsus")
    pin_dice(state, [6, 6, 1, 1, 1])
    state, events = play(state, "Simon stay", "Simon loss:main=1,movement=1")
    assert rolls(events) == [[6, 6, 1], [1, 1]]
    simon = state.player("Simon")
    assert simon.arab.strength() == 1
    # The beaten army retreats by the path of fewest losses: one cube to either Arab city
    # (Palmyra by road through Antioch; Damascus through Antioch or by sea through Leucosia).
    assert GAME.pending(state)[0].player == "Simon"
    assert option_ids(state) == ["retreat:Damascus", "retreat:Palmyra"]
    assert all("lose 1 cube" in o.label for o in GAME.pending(state)[0].options)
    state, events = play(state, "Simon retreat:Palmyra")
    retreat = kinds(events, "retreat")[0]
    assert retreat.data["path"] == ["Tarsus", "Antioch", "Palmyra"] and retreat.data["losses"] == 1
    assert set(option_ids(state)) == {"loss:main=1", "loss:movement=1"}
    pin_dice(state, [1])
    state, events = play(state, "Simon loss:movement=1")
    simon = state.player("Simon")
    assert simon.arab.at == "Palmyra"
    assert (simon.arab.main, simon.arab.movement) == (1, 0)
    # Simon's army fought, so no levy: Jerry besieges Tarsus (1 marker) and takes it back.
    assert [(e.data["city"], e.data["strength"]) for e in kinds(events, "siege")] == [("Tarsus", 1)]
    tarsus = state.cities["Tarsus"]
    assert (tarsus.side, tarsus.markers, tarsus.controller) == ("byzantine", 1, state.player("Jerry").seat)
    # Two cubes lost in the battle, one on the retreat, and the control cube on Tarsus.
    assert simon.casualty == casualty + 4
    # A city of one marker keeps one marker and gives neither VP nor booty.
    state, _ = play(state)
    jerry = state.player("Jerry")
    assert jerry.vp == {"byzantine": 10, "arab": 10} and jerry.treasury == {"byzantine": 15, "arab": 5}
    check(state)


def fleet_position(arab_fleet: bool = True, byzantine_fleet: str | None = "Simon"):
    """Andy holds Alexandria (fallen to the Arabs) with his Arab army (4 main, 3 movement)."""
    state = new_game(PLAYERS)
    set_city(state, "Alexandria", side="arab", markers=2, controller="Andy")
    set_army(state, "Andy", "arab", at="Alexandria", main=4, movement=3)
    if arab_fleet:
        state.boxes["arab_fleet"] = state.player("Andy").seat
    if byzantine_fleet:
        state.boxes["byzantine_fleet"] = state.player(byzantine_fleet).seat
    rebalance(state)
    return turn_to(state, "Andy")


def candia_label(state) -> str:
    return next(o.label for o in GAME.pending(state)[0].options if o.id == "move:arab:to:Candia")


def test_alexandria_to_candia_costs_two_without_the_arab_fleet():
    """F. BEWEGUNG UND/ODER ANGRIFF, example (Alexandria to Candia): an Arab sea move normally
    costs two movement cubes."""
    state = fleet_position(arab_fleet=False, byzantine_fleet=None)
    assert candia_label(state) == "Attack Byzantine Candia (2 movement cubes, by sea)"
    pin_dice(state, [1, 1])
    state, events = play(state, "Andy move:arab:to:Candia")
    assert state.player("Andy").arab.movement == 1
    assert kinds(events, "fleet") == []


@pytest.mark.parametrize(("choice", "spent", "dice"), [
    ("fleet:none", 1, 0),
    ("fleet:roll", 1, 1),
    ("fleet:double", 2, 0),
    ("fleet:double_roll", 2, 2),
])
def test_alexandria_to_candia_with_the_fleets(choice, spent, dice):
    """F. BEWEGUNG UND/ODER ANGRIFF, example: Andy holds the Arab fleet, which halves the cost
    of Alexandria to Candia to one movement cube. Another player holding the Byzantine fleet
    could double the cost again and also roll two dice against the army (Byzantinische Flotte:
    "so viele Würfel ..., wie die arabische Feldarmee Holzwürfel für diese Seebewegung
    aufwenden muß"); each use is his choice."""
    state = fleet_position()
    casualty = state.player("Andy").casualty
    assert candia_label(state) == "Attack Byzantine Candia (1 movement cube, by sea; 2 if doubled)"
    state, _ = play(state, "Andy move:arab:to:Candia")
    assert GAME.pending(state)[0].player == "Simon"
    assert option_ids(state) == ["fleet:none", "fleet:double", "fleet:roll", "fleet:double_roll"]
    pin_dice(state, [1] * dice + [1, 1])  # the fleet misses; then Candia's siege (2 markers)
    state, events = play(state, f"Simon {choice}")
    andy = state.player("Andy")
    assert andy.arab.movement == 3 - spent
    assert [e.data["cubes"] for e in kinds(events, "movement")] == [spent]
    fleet_rolls = [e.data["dice"] for e in kinds(events, "roll") if e.data["who"] == "Simon's Byzantine fleet"]
    assert fleet_rolls == ([[1] * dice] if dice else [])
    assert andy.arab.at == "Candia"
    assert [(e.data["city"], e.data["strength"]) for e in kinds(events, "siege")] == [("Candia", 2)]
    state, _ = play(state)
    assert andy.casualty == casualty + spent
    assert state.cities["Candia"].controller == andy.seat
    check(state)


def test_the_byzantine_fleet_hits_before_the_army_lands():
    """Byzantinische Flotte: each die of 4 or more removes a cube of the Arab army making the
    sea move (its owner chooses from elite, main, movement). The losses are taken at sea,
    before the army attacks Candia."""
    state = fleet_position()
    state, _ = play(state, "Andy move:arab:to:Candia")
    pin_dice(state, [4, 6, 1, 1])
    state, events = play(state, "Simon fleet:double_roll")
    assert rolls(events) == [[4, 6]]
    assert kinds(events, "siege") == []
    assert GAME.pending(state)[0].player == "Andy"
    assert set(option_ids(state)) == {"loss:main=2", "loss:main=1,movement=1"}
    state, events = play(state, "Andy loss:main=2")
    andy = state.player("Andy")
    assert (andy.arab.main, andy.arab.movement) == (2, 1)
    assert rolls(events) == [[1, 1]]  # now the siege of Candia, against an army of strength 2
    assert andy.arab.at == "Alexandria"  # 2 is not more than Candia's 2: back to Alexandria
    check(state)


def set_vp(state, name: str, byzantine: int, arab: int) -> None:
    state.player(name).vp.update({"byzantine": byzantine, "arab": arab})
    state._decisions = None


def test_final_scoring_of_simon_and_andy():
    """SPIELENDE UND SIEG, example: Simon ends with 18 Arab and 40 Byzantine VP; the Arab are
    less than half the Byzantine, so he scores 40. Andy has 15 Arab and 30 Byzantine: the lower
    is exactly half the higher, so both count: 45. With 18 Arab and 30 Byzantine he would have
    48 (here that is Jerry). The game ends after the third round: the last action of round 3 is
    a pass, then income, upkeep and one VP per controlled city marker."""
    state = new_game(PLAYERS)
    state.round = 3
    set_city(state, "Damascus", controller="Simon")  # 3 Byzantine markers: +3 at the end
    set_city(state, "Mecca", controller="Andy")  # 2 Arab markers: +2 at the end
    set_vp(state, "Simon", byzantine=37, arab=18)
    set_vp(state, "Andy", byzantine=30, arab=13)
    set_vp(state, "Jerry", byzantine=30, arab=18)
    for name in PLAYERS:
        set_money(state, name, byzantine=50, arab=50)  # every cube's upkeep can be paid
    for name in ("Andy", "Jerry"):
        state.player(name).passed = state.player(name).pass_cube = True
        state.pass_order.append(state.player(name).seat)
    state.final_action = True
    rebalance(state)
    turn_to(state, "Simon")
    state, events = play(state, "Simon pass")
    assert state.finished and GAME.pending(state) == []
    assert [e.data["reason"] for e in kinds(events, "game_end")] == ["rounds"]
    assert state.player("Simon").vp == {"byzantine": 40, "arab": 18}
    assert state.player("Andy").vp == {"byzantine": 30, "arab": 15}
    rows = {row["player"]: row for row in GAME.result(state)}
    assert (rows["Simon"]["score"], rows["Simon"]["halved"]) == (40, True)
    assert (rows["Andy"]["score"], rows["Andy"]["halved"]) == (45, False)
    assert (rows["Jerry"]["score"], rows["Jerry"]["halved"]) == (48, False)
    assert [row["player"] for row in GAME.result(state)] == ["Jerry", "Andy", "Simon"]
    assert [rows[p]["rank"] for p in ("Jerry", "Andy", "Simon")] == [1, 2, 3]
    check(state)


def ranking(state) -> list[tuple[str, int, int]]:
    return [(row["player"], row["score"], row["rank"]) for row in standings(state)]


def test_tie_where_one_counted_only_his_higher_side_goes_to_the_larger_total():
    """SPIELENDE UND SIEG, tie-breaks: "Bei Gleichstand in dem Falle, daß bei einem oder mehreren
    daran beteiligten Spielern nur ihr jeweils höherer Wert zählt, gewinnt ... derjenige, der
    insgesamt gesehen (also beide Seiten addiert) mehr Siegpunkte hat" - before cities."""
    state = new_game(PLAYERS)
    set_vp(state, "Simon", byzantine=40, arab=18)  # 40, total 58
    set_vp(state, "Andy", byzantine=40, arab=19)  # 40, total 59
    set_vp(state, "Jerry", byzantine=20, arab=20)  # 40, total 40
    set_city(state, "Damascus", controller="Jerry")  # more cities does not help Jerry
    set_city(state, "Jerusalem", controller="Jerry")
    set_city(state, "Mecca", controller="Simon")
    assert ranking(state) == [("Andy", 40, 1), ("Simon", 40, 2), ("Jerry", 40, 3)]


def test_tie_without_halving_goes_to_most_cities_then_most_money():
    """SPIELENDE UND SIEG, tie-breaks: "in allen anderen Fällen gewinnt derjenige ..., der die
    meisten Städte kontrolliert, danach derjenige ..., der das meiste Geld hat, jeweils beide
    Staatskassen zusammen genommen" (Italian: cities, not city markers)."""
    state = new_game(PLAYERS)
    set_vp(state, "Simon", byzantine=20, arab=20)
    set_vp(state, "Andy", byzantine=24, arab=16)
    set_vp(state, "Jerry", byzantine=16, arab=24)
    set_city(state, "Tabuk", controller="Andy")  # one city of one marker
    set_city(state, "Damascus", controller="Simon")  # one city of three markers
    set_city(state, "Jerusalem", controller="Jerry")
    set_city(state, "Alexandria", controller="Jerry")
    set_money(state, "Simon", byzantine=0, arab=10)  # 10 in all
    set_money(state, "Andy", byzantine=6, arab=5)  # 11 in all
    set_money(state, "Jerry", byzantine=0, arab=0)
    assert ranking(state) == [("Jerry", 40, 1), ("Andy", 40, 2), ("Simon", 40, 3)]


def test_complete_tie_shares_the_rank():
    """SPIELENDE UND SIEG: "Besteht auch dann noch ein Gleichstand ..., gibt es mehrere Sieger."""
    state = new_game(PLAYERS)
    set_vp(state, "Simon", byzantine=30, arab=15)
    set_vp(state, "Andy", byzantine=15, arab=30)
    set_vp(state, "Jerry", byzantine=20, arab=20)
    for name, city in (("Simon", "Damascus"), ("Andy", "Mecca"), ("Jerry", "Tabuk")):
        set_city(state, city, controller=name)
    set_money(state, "Simon", byzantine=7, arab=3)
    set_money(state, "Andy", byzantine=1, arab=9)
    set_money(state, "Jerry", byzantine=20, arab=20)
    assert ranking(state) == [("Simon", 45, 1), ("Andy", 45, 1), ("Jerry", 40, 3)]


def constantinople_position(elite: int, main: int):
    """Jerry's Arab army stands in Adrianople (fallen to the Arabs), next to Constantinople."""
    state = new_game(PLAYERS)
    set_city(state, "Adrianople", side="arab", markers=1, controller="Jerry")
    set_city(state, "Mecca", controller="Jerry")
    set_army(state, "Jerry", "arab", at="Adrianople", elite=elite, main=main, movement=2)
    set_vp(state, "Simon", byzantine=40, arab=20)
    set_vp(state, "Andy", byzantine=10, arab=10)
    set_vp(state, "Jerry", byzantine=10, arab=16)
    rebalance(state)
    return turn_to(state, "Jerry")


def test_constantinople_falls_and_the_game_ends_at_once():
    """F. BEWEGUNG UND/ODER ANGRIFF, Belagerung: Constantinople defends with a strength of five
    and each of its hits costs the besieger two cubes. Erfolgreiche Eroberung: whoever conquers
    it gains five Arab VP and the game ends at once; only Arab VP count and there is no final
    city scoring."""
    state = constantinople_position(elite=1, main=7)
    pin_dice(state, [4, 1, 1, 1, 1])
    state, events = play(state, "Jerry move:arab:to:Constantinople")
    assert [(e.data["city"], e.data["strength"]) for e in kinds(events, "siege")] == [("Constantinople", 5)]
    assert rolls(events) == [[4, 1, 1, 1, 1]]
    # One hit, two cubes.
    state, events = play(state, "Jerry loss:main=2")
    jerry = state.player("Jerry")
    assert jerry.arab.strength() == 6
    assert state.finished and state.constantinople_fallen and GAME.pending(state) == []
    assert [e.data["reason"] for e in kinds(events, "game_end")] == ["constantinople"]
    assert jerry.vp == {"byzantine": 10, "arab": 21}  # +5, and no VP for Mecca's markers
    assert ranking(state) == [("Jerry", 21, 1), ("Simon", 20, 2), ("Andy", 10, 3)]
    check(state)


def test_constantinople_hits_count_double():
    """Belagerung: "Jeder Treffer, den Konstantinopel erzielt, bedeutet zwei Holzwürfel Verlust
    für den Belagerer." An army of 8 suffers two hits, loses four cubes, and with 4 is not
    stronger than the city's 5: it goes back to Adrianople."""
    state = constantinople_position(elite=0, main=8)
    pin_dice(state, [4, 5, 1, 1, 1])
    state, events = play(state, "Jerry move:arab:to:Constantinople")
    assert [e.data["hits"] for e in kinds(events, "roll")] == [2]
    state, events = play(state, "Jerry loss:main=4")
    jerry = state.player("Jerry")
    assert (jerry.arab.main, jerry.arab.movement) == (4, 1)
    assert jerry.arab.at == "Adrianople"
    assert not state.finished and state.cities["Constantinople"].side == "byzantine"
    assert jerry.vp["arab"] == 16
    check(state)


def move_costs(state) -> dict[str, int]:
    """The movement cost each move option names: `move:<side>:to:City` in the action decision (the
    first move), `to:City` in the move decision (the second)."""
    costs = {}
    for o in GAME.pending(state)[0].options:
        head, sep, city = o.id.rpartition("to:")
        if sep and head in ("", "move:byzantine:", "move:arab:"):
            costs[city] = int(re.search(r"\((\d+) movement", o.label).group(1))
    return costs


def test_two_moves_cost_three_for_a_byzantine_army_by_land_or_sea():
    """F. BEWEGUNG UND/ODER ANGRIFF: "Zwei Bewegungen (kein Angriff nach der ersten!) kosten also
    eine byzantinische Armee insgesamt drei Holzwürfel, egal ob die erste oder zweite oder beide
    über Land und/oder über See erfolgen." Smyrna to Nicaea by road, then to Constantinople by
    sea: the doubled Nicaea-Constantinople cost is stated for Arab armies only (German and
    Italian: in the Arab paragraph, "also normalerweise vier"; Polish: "dla niej", for it)."""
    state = new_game(PLAYERS)
    set_army(state, "Simon", "byzantine", at="Smyrna", main=3, movement=3)
    rebalance(state)
    assert move_costs(state)["Nicaea"] == 1
    state, _ = play(state, "Simon move:byzantine:to:Nicaea")
    assert move_costs(state)["Constantinople"] == 2  # a second move: one cube more
    state, events = play(state, "Simon to:Constantinople")
    assert [e.data["cubes"] for e in kinds(events, "movement")] == [2]
    simon = state.player("Simon")
    assert simon.byzantine.at == "Constantinople" and simon.byzantine.movement == 0
    check(state)


@pytest.mark.parametrize(("arab_cities", "start", "path", "costs"), [
    # land, then sea: 1 + (2 + 1) = 4
    (("Jerusalem", "Damascus", "Leucosia"), "Jerusalem", ["Damascus", "Leucosia"], [1, 3]),
    # sea, then land: 2 + (1 + 1) = 4
    (("Leucosia", "Damascus", "Palmyra"), "Leucosia", ["Damascus", "Palmyra"], [2, 2]),
    # two sea moves: 2 + (2 + 1) = 5
    (("Damascus", "Leucosia", "Candia"), "Damascus", ["Leucosia", "Candia"], [2, 3]),
])
def test_arab_sea_moves_cost_two_and_a_second_move_one_more(arab_cities, start, path, costs):
    """F. BEWEGUNG UND/ODER ANGRIFF: "Führt die erste Bewegung einer arabischen Armee über Land,
    die zweite ... über See, kostet sie das insgesamt vier Holzwürfel ..., ebenfalls, wenn die
    erste Bewegung über See und die zweite über Land stattfindet. Zwei Seebewegungen in einer
    Aktion kosten eine arabische Armee insgesamt fünf Holzwürfel"."""
    state = new_game(PLAYERS)
    for city in arab_cities:
        set_city(state, city, side="arab", markers=1)
    set_army(state, "Simon", "arab", at=start, main=3, movement=5)
    rebalance(state)
    spent = []
    for step, (to, cost) in enumerate(zip(path, costs, strict=True)):
        assert move_costs(state)[to] == cost
        state, events = play(state, f"Simon move:arab:to:{to}" if step == 0 else f"Simon to:{to}")
        spent += [e.data["cubes"] for e in kinds(events, "movement")]
    assert spent == costs
    simon = state.player("Simon")
    assert simon.arab.at == path[-1] and simon.arab.movement == 5 - sum(costs)
    check(state)


@pytest.mark.parametrize(("fleet", "spent"), [(None, 4), ("fleet:none", 4), ("fleet:double", 8)])
def test_arab_sea_move_from_nicaea_to_constantinople_costs_four_or_eight(fleet, spent):
    """F. BEWEGUNG UND/ODER ANGRIFF: "Die Kosten von Nicaea nach Konstantinopel sind doppelt so
    hoch, also normalerweise vier Holzwürfel. Das würde nochmals verdoppelt, falls ein anderer
    Spieler die byzantinische Flotte kontrolliert und diese Kontrolle auch nutzt" (Italian:
    "raddoppierebbe ad otto")."""
    state = new_game(PLAYERS)
    set_city(state, "Nicaea", side="arab", markers=2)
    set_army(state, "Jerry", "arab", at="Nicaea", main=9, movement=8)
    if fleet:
        state.boxes["byzantine_fleet"] = state.player("Simon").seat
    rebalance(state)
    turn_to(state, "Jerry")
    assert move_costs(state)["Constantinople"] == 4
    pin_dice(state, [1] * 5)
    state, events = play(state, "Jerry move:arab:to:Constantinople")
    if fleet:
        state, more = play(state, f"Simon {fleet}")
        events += more
    assert [e.data["cubes"] for e in kinds(events, "movement")] == [spent]
    assert state.player("Jerry").arab.movement == 8 - spent


def test_an_army_spending_its_last_cube_to_move_is_disbanded_instead():
    """F. BEWEGUNG UND/ODER ANGRIFF, Vernichtete Feldarmee: "Wenn eine Armee z. B. ihren letzten
    Holzwürfel aus dem Bewegungsfeld nimmt, um sich zu bewegen, ist sie damit aufgelöst und die
    Figur wird vom Spielplan genommen anstatt sich zu bewegen." Later it may come back like an
    Arab army entering the board."""
    state = new_game(PLAYERS)
    set_army(state, "Simon", "arab", at="Mecca", movement=1)
    rebalance(state)
    casualty = state.player("Simon").casualty
    state, events = play(state, "Simon move:arab:to:Medina")
    simon = state.player("Simon")
    assert simon.arab.at is None and simon.arab.movement == 0
    assert simon.casualty == casualty + 1
    assert [e.data["city"] for e in kinds(events, "destroyed")] == ["Mecca"]
    assert kinds(events, "move") == [] and kinds(events, "attack") == []
    assert GAME.pending(state)[0].player == "Andy"
    check(state)
    # With a cube on the main army box again, the army may be placed anew.
    set_army(state, "Simon", "arab", main=1)
    turn_to(rebalance(state), "Simon")
    assert "place:arab:Mecca" in option_ids(state)
