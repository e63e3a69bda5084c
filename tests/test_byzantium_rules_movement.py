"""Byzantium rules, one test per rule: F. BEWEGUNG UND/ODER ANGRIFF - placing and moving armies.

Rulebook: /work/shared/seeds/002_49aca6fcc1621f95.txt (German, quoted), 000_... (Italian).
"""

from engine.byzantium.board import board
from tests.byzantium_kit import (
    check,
    decision,
    kinds,
    new_game,
    option_ids,
    pin_dice,
    play,
    rolls,
    set_army,
    set_city,
)
from tests.byzantium_rules_kit import ready, refused


def moves(state, side=None):
    """The cities the army may move to: its first move is chosen with the action
    ("move:<side>:to:City"), a second one in the move decision ("to:City")."""
    prefix = f"move:{side}:to:" if side else "to:"
    return sorted(i.removeprefix(prefix) for i in option_ids(state) if i.startswith(prefix))


def movement_spent(events):
    return sum(e.data["cubes"] for e in kinds(events, "movement"))


def arab_at(state, player, city, *, main=5, movement=6, elite=0, markers=2):
    set_city(state, city, side="arab", markers=markers, controller=player)
    set_army(state, player, "arab", at=city, elite=elite, main=main, movement=movement)


# -- placing armies -----------------------------------------------------------------------------

def test_arab_army_enters_in_any_arab_city_and_may_stay_there():
    """F.: "kann jeder Spieler ... seine arabische Feldarmee in eine beliebige arabisch kontrollierte
    (egal ob von ihm selbst oder einem anderen Spieler) Stadt einsetzen ... muß sie nicht auch zwangsläufig
    anschließend bewegen ... Trotzdem gilt dies dann als Aktion Bewegung und/oder Angriff." """
    state = new_game()
    set_city(state, "Medina", controller="Bo")
    ready(state, "Ann")
    assert [i for i in option_ids(state) if i.startswith("place:")] == [
        "place:arab:Mecca", "place:arab:Medina", "place:arab:Tabuk"]
    state, _ = play(state, "Ann place:arab:Medina")
    assert state.player("Ann").arab.at == "Medina"
    assert "done" in option_ids(state) and "to:Mecca" in option_ids(state)
    state, _ = play(state, "Ann done")
    assert decision(state).player == "Bo"
    assert state.player("Ann").arab.movement == 5  # no movement cube for the placement
    check(state)


def test_arab_army_moves_on_from_where_it_enters_for_one_cube():
    """F. BEISPIEL: "Er setzt sie in Hira ein und zahlt dann einen Holzwürfel aus dem arabischen
    Bewegungsfeld, um sie nach Bagdad zu ziehen" """
    state = new_game()
    state, events = play(state, "Ann place:arab:Tabuk", "Ann to:Medina")
    ann = state.player("Ann")
    assert ann.arab.at == "Medina" and ann.arab.movement == 4 and ann.casualty == 13


def test_byzantine_army_cannot_enter_before_the_first_byzantine_city():
    """Einleitung: "seine byzantinische [Armeefigur], wenn er die Kontrolle über seine erste byzantinische
    Stadt übernimmt" - there is no other way onto the board at first."""
    state = new_game()
    assert not [i for i in option_ids(state) if i.startswith("place:byzantine")]
    refused(state, "Ann", "place:byzantine:Ankara")


def test_destroyed_army_reenters_like_an_arab_army():
    """Vernichtete Feldarmee: "In einer späteren Aktion kann der Spieler die Armee (byzantinisch oder
    arabisch) wieder auf gleiche Weise ins Spiel bringen wie anfänglich eine arabische Armee." """
    state = new_game()
    set_army(state, "Ann", "byzantine", main=3, movement=2)
    state.player("Ann").byzantine.entered = True  # it was on the board and was destroyed
    ready(state, "Ann")
    assert "place:byzantine:Ankara" in option_ids(state) and "place:byzantine:Mecca" not in option_ids(state)
    state, _ = play(state, "Ann place:byzantine:Ankara", "Ann done")
    assert state.player("Ann").byzantine.at == "Ankara"


def test_an_army_without_field_cubes_cannot_enter():
    """Vernichtete Feldarmee: "Eine Armee muß mindestens einen Holzwürfel auf ihrem Elite-, Hauptarmee-
    oder Bewegungsfeld haben, damit die Figur auf dem Spielplan sein kann." """
    state = new_game()
    set_army(state, "Ann", "arab", levy=3)
    ready(state, "Ann")
    assert not [i for i in option_ids(state) if i.startswith("place:arab")]


# -- costs -----------------------------------------------------------------------------------------

def test_a_move_costs_one_movement_cube_into_the_casualty_pool_and_no_bezants():
    """F.: "Dafür muß der Spieler einen Holzwürfel aus dem Bewegungsfeld der Armee, die sich bewegt, in
    seinen Verlustvorrat legen. Wichtig - ... muß er dafür nicht 3 Bezants bezahlen!" """
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Ankara", main=3, movement=2)
    ready(state, "Ann")
    state, events = play(state, "Ann move:byzantine:to:Caesarea")  # one cube left: the action ends
    ann = state.player("Ann")
    assert ann.byzantine.at == "Caesarea" and ann.byzantine.movement == 1 and ann.casualty == 13
    assert ann.treasury == {"byzantine": 15, "arab": 5}


def test_desert_routes_are_for_arab_armies_only():
    """F.: "Nur arabische Armeen können über die Wüstenpisten ziehen." """
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Jerusalem", main=3, movement=2)
    set_army(state, "Bo", "arab", at="Tabuk", main=3, movement=2)
    ready(state, "Ann")
    assert moves(state, "byzantine") == ["Alexandria", "Damascus"]  # not Tabuk
    assert moves(ready(state, "Bo"), "arab") == ["Alexandria", "Jerusalem", "Medina"]


def test_byzantine_sea_move_costs_one_cube():
    """F.: "Eine byzantinische Feldarmee kann sich über eine Seeverbindung bewegen (Seebewegung) wie über
    eine Straßenverbindung. Zwei Bewegungen ... kosten also eine byzantinische Armee insgesamt drei
    Holzwürfel, egal ob die erste oder zweite oder beide über Land und/oder über See erfolgen." (reading:
    the Nicaea-Constantinople lane too; its doubling is stated for Arab armies)"""
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Candia", main=3, movement=1)
    ready(state, "Ann")
    assert moves(state, "byzantine") == ["Alexandria", "Athens", "Leucosia", "Smyrna"]
    state, events = play(state, "Ann move:byzantine:to:Leucosia")
    assert movement_spent(events) == 1 and state.player("Ann").byzantine.at == "Leucosia"
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Nicaea", main=3, movement=1)
    ready(state, "Ann")
    state, events = play(state, "Ann move:byzantine:to:Constantinople")
    assert movement_spent(events) == 1 and state.player("Ann").byzantine.at == "Constantinople"


def test_arab_sea_move_costs_two_cubes():
    """F.: "Eine arabische Feldarmee muß für die Bewegung über eine Seeverbindung zwei Holzwürfel aus
    ihrem Bewegungsfeld zahlen." """
    state = new_game()
    arab_at(state, "Ann", "Leucosia", movement=1)
    set_city(state, "Candia", side="arab", markers=2)
    ready(state, "Ann")
    assert "move:arab" not in option_ids(state)  # one cube is not enough for any sea lane
    state.player("Ann").arab.movement = 2
    state.player("Ann").casualty -= 1
    state._decisions = None
    state, events = play(state, "Ann move:arab:to:Candia")
    assert movement_spent(events) == 2 and state.player("Ann").arab.at == "Candia"
    check(state)


def test_nicaea_constantinople_sea_lane_costs_an_arab_army_double():
    """F. (Arab sea moves): "Die Kosten von Nicaea nach Konstantinopel sind doppelt so hoch, also
    normalerweise vier Holzwürfel." """
    state = new_game()
    arab_at(state, "Ann", "Nicaea", movement=3)
    ready(state, "Ann")
    assert "Constantinople" not in moves(state, "arab")
    state = new_game()
    arab_at(state, "Ann", "Nicaea", movement=4)
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Constantinople")
    assert movement_spent(events) == 4
    assert kinds(events, "attack") or decision(state).kind in ("levy", "loss")


def test_second_move_costs_one_more_than_as_a_first_move():
    """F.: "der Spieler kann zwei weitere Holzwürfel aus dem entsprechenden Bewegungsfeld in seinen
    Verlustvorrat legen, um die Armee noch eine Verbindung weiter zu ziehen ... Zwei Bewegungen ...
    kosten also eine byzantinische Armee insgesamt drei Holzwürfel ... Zwei Seebewegungen in einer Aktion
    kosten eine arabische Armee insgesamt fünf" """
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Ankara", main=3, movement=3)
    ready(state, "Ann")
    state, events = play(state, "Ann move:byzantine:to:Caesarea", "Ann to:Trebizond")
    assert movement_spent(events) == 3 and state.player("Ann").byzantine.at == "Trebizond"
    # Arab: sea, then sea again = 2 + 3
    state = new_game()
    arab_at(state, "Ann", "Alexandria", movement=5)
    set_city(state, "Candia", side="arab", markers=2)
    set_city(state, "Athens", side="arab", markers=2)
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Candia", "Ann to:Athens")
    assert movement_spent(events) == 5 and state.player("Ann").arab.at == "Athens"
    # Arab: land, then sea = 1 + 3
    state = new_game()
    arab_at(state, "Ann", "Jerusalem", movement=4)
    set_city(state, "Alexandria", side="arab", markers=2)
    set_city(state, "Candia", side="arab", markers=2)
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Alexandria", "Ann to:Candia")
    assert movement_spent(events) == 4


def test_at_most_two_moves_per_action():
    """F.: "In der Aktion Bewegung/Angriff kann sich die Armee normalerweise über eine (1) Verbindung
    bewegen, aber ... noch eine Verbindung weiter" - two links at most, however many cubes are left."""
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Ankara", main=3, movement=9)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:byzantine:to:Caesarea", "Ann to:Trebizond")
    assert decision(state).player == "Bo"
    assert state.player("Ann").byzantine.at == "Trebizond" and state.player("Ann").byzantine.movement == 6


def test_second_move_needs_enough_movement_cubes():
    """F.: the second move costs "einen Holzwürfel aus dem Bewegungsfeld mehr" - two cubes for a road."""
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Ankara", main=3, movement=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:byzantine:to:Caesarea")
    # One cube left: a second road move would cost two, so the action simply ends.
    assert decision(state).player == "Bo"
    assert state.player("Ann").byzantine.at == "Caesarea"


def test_no_second_move_after_an_attack():
    """F.: "um die Armee noch eine Verbindung weiter zu ziehen, allerdings nur, wenn er nach der ersten
    Bewegung keinen Angriff gemacht hat." """
    state = new_game(("Ann", "Bo"))
    set_army(state, "Ann", "byzantine", at="Edessa", main=6, movement=5)
    ready(state, "Ann")
    pin_dice(state, [1, 1])
    state, events = play(state, "Ann move:byzantine:to:Amida")  # Persian: attack and siege
    assert state.cities["Amida"].side == "byzantine"
    assert state.cities["Amida"].control_cube  # from the free pool, by itself
    assert decision(state).player == "Bo"  # no move decision for Ann any more
    assert state.player("Ann").byzantine.movement == 4


# -- fleets --------------------------------------------------------------------------------------------

def test_arab_fleet_halves_its_owners_sea_costs():
    """Arabische Flotte: "Dadurch werden die Kosten (Anzahl Holzwürfel aus dem Bewegungsfeld) für die
    Seebewegung seiner arabischen Feldarmee halbiert." (BEISPIEL: Alexandria - Candia für einen Würfel)"""
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Alexandria", movement=2)
    set_city(state, "Candia", side="arab", markers=2)
    arab_at(state, "Bo", "Leucosia", movement=2)
    state.boxes["arab_fleet"] = 0
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Candia")
    assert movement_spent(events) == 1
    # Bo does not hold the fleet: he pays the full 2.
    state = ready(state, "Bo")
    state, events = play(state, "Bo move:arab:to:Candia")
    assert movement_spent(events) == 2


def test_arab_fleet_halves_the_nicaea_constantinople_lane_and_the_second_move_adds_one():
    """Arabische Flotte halves sea costs; F.: "Die zweite Bewegung kostet immer einen Holzwürfel aus dem
    Bewegungsfeld mehr" - a second sea move with the fleet costs 1 + 1."""
    state = new_game()
    arab_at(state, "Ann", "Alexandria", movement=3)
    set_city(state, "Candia", side="arab", markers=2)
    set_city(state, "Athens", side="arab", markers=2)
    state.boxes["arab_fleet"] = 0
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Candia", "Ann to:Athens")
    assert movement_spent(events) == 3
    state = new_game()
    arab_at(state, "Ann", "Nicaea", movement=2)
    state.boxes["arab_fleet"] = 0
    ready(state, "Ann")
    assert "Constantinople" in moves(state, "arab")  # 4 halved to 2


def test_byzantine_fleet_may_double_an_arab_sea_move_and_roll_a_die_per_cube():
    """Byzantinische Flotte: "Dadurch ist er in der Lage, die Kosten ... für die Seebewegung einer
    arabischen Feldarmee zu verdoppeln. Außerdem hat er die Möglichkeit, so viele Würfel zu werfen, wie
    die arabische Feldarmee Holzwürfel für diese Seebewegung aufwenden muß. Jeder einzelne Würfel mit
    einem Ergebnis von vier oder höher eliminiert dann einen Holzwürfel dieser Feldarmee ... er ist nicht
    gezwungen, sie zu nutzen." """
    base = new_game(("Ann", "Bo"))
    arab_at(base, "Ann", "Alexandria", main=5, movement=5)
    set_city(base, "Candia", side="arab", markers=2)
    base.boxes["byzantine_fleet"] = 1
    ready(base, "Ann")
    base, _ = play(base, "Ann move:arab:to:Candia")
    assert decision(base).player == "Bo"
    assert option_ids(base) == ["fleet:none", "fleet:double", "fleet:roll", "fleet:double_roll"]
    state, events = play(base, "Bo fleet:none")
    assert movement_spent(events) == 2 and not rolls(events)
    state, events = play(base, "Bo fleet:double")
    assert movement_spent(events) == 4 and not rolls(events)
    pin_dice(base, [6, 1])
    state, events = play(base, "Bo fleet:roll")
    assert movement_spent(events) == 2 and rolls(events) == [[6, 1]]
    state, _ = play(state, "Ann loss:main=1")
    assert state.player("Ann").arab.main == 4 and state.player("Ann").arab.at == "Candia"
    pin_dice(base, [6, 6, 1, 1])
    state, events = play(base, "Bo fleet:double_roll")
    assert movement_spent(events) == 4 and rolls(events) == [[6, 6, 1, 1]]


def test_byzantine_fleet_losses_are_taken_at_sea_before_the_attack():
    """Byzantinische Flotte: the dice eliminate cubes "dieser Feldarmee" during "diese Seebewegung" - the
    army lands (and attacks) with what is left."""
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Alexandria", main=5, movement=5)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Candia")  # Candia is Byzantine: an attack
    pin_dice(state, [6, 6])
    state, events = play(state, "Bo fleet:roll")
    assert decision(state).kind == "loss" and decision(state).player == "Ann"
    assert not kinds(events, "siege")  # no siege before the fleet's losses
    pin_dice(state, [1, 1])
    state, events = play(state, "Ann loss:main=2")
    siege = [e for e in events if e.kind == "siege"]
    assert siege and state.player("Ann").arab.main == 3


def test_byzantine_fleet_doubles_a_second_move_as_a_first_move_then_adds_one():
    """F.: "Die zweite Bewegung kostet immer einen Holzwürfel aus dem Bewegungsfeld mehr, als diese
    Bewegung normalerweise kostet, wenn sie die erste Bewegung wäre." As a first move Alexandria-Candia
    costs 2, doubled by the Byzantine fleet 4; as a second move one more: 5 cubes and 5 dice (not
    (2 + 1) * 2 = 6). Both fleets act on the first-move cost before the +1: with the Arab fleet too,
    2 halved is 1, doubled 2, plus one 3."""
    base = new_game(("Ann", "Bo"))
    arab_at(base, "Ann", "Jerusalem", movement=7)
    set_city(base, "Alexandria", side="arab", markers=2)
    set_city(base, "Candia", side="arab", markers=2)
    base.boxes["byzantine_fleet"] = 1
    ready(base, "Ann")
    state, _ = play(base.model_copy(deep=True), "Ann move:arab:to:Alexandria", "Ann to:Candia")
    labels = {o.id: o.label for o in decision(state).options}
    assert labels["fleet:double"] == "Double the cost to 5"
    assert labels["fleet:roll"] == "Roll 3 dice against the army"
    pin_dice(state, [1] * 5)
    state, events = play(state, "Bo fleet:double_roll")
    assert movement_spent(events) == 5 and [len(r) for r in rolls(events)] == [5]
    assert state.player("Ann").arab.at == "Candia"
    # With Ann's Arab fleet: the sea leg costs 1 as a first move, 2 doubled, 3 as a second move.
    state = base.model_copy(deep=True)
    state.boxes["arab_fleet"] = 0
    state._decisions = None
    state, _ = play(state, "Ann move:arab:to:Alexandria", "Ann to:Candia")
    state, events = play(state, "Bo fleet:double")
    assert movement_spent(events) == 3 and state.player("Ann").arab.movement == 7 - 1 - 3


def test_byzantine_fleet_owner_is_not_asked_about_his_own_arab_army():
    """Byzantinische Flotte; BEISPIEL Alexandria: "Falls ein anderer Spieler die byzantinische Flotte
    kontrolliert, könnte er die Kosten wieder verdoppeln" """
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Alexandria", movement=2)
    set_city(state, "Candia", side="arab", markers=2)
    state.boxes["byzantine_fleet"] = 0
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Candia")
    assert movement_spent(events) == 2 and state.player("Ann").arab.at == "Candia"


def test_a_doubled_cost_the_army_cannot_pay_stops_the_move_and_spends_nothing():
    """Byzantinische Flotte (reading, the rules are silent): when the doubled cost is more than the
    movement cubes the army has, the move does not happen: no cube is spent and the fleet rolls no
    dice ("so viele Würfel ..., wie die arabische Feldarmee Holzwürfel für diese Seebewegung aufwenden
    muß": none). The move action goes on: another move (not that crossing again), or stop ("Trotzdem
    gilt dies dann als Aktion Bewegung und/oder Angriff")."""
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Alexandria", main=3, movement=3)
    set_city(state, "Candia", side="arab", markers=2)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    casualty = state.player("Ann").casualty
    state, _ = play(state, "Ann move:arab:to:Candia")
    # Doubling stops the move, so doubling and rolling would be the same choice: it is offered once.
    assert option_ids(state) == ["fleet:none", "fleet:double", "fleet:roll"]
    state, events = play(state, "Bo fleet:double")
    ann = state.player("Ann")
    assert ann.arab.at == "Alexandria" and ann.arab.movement == 3 and ann.casualty == casualty
    assert not rolls(events) and not kinds(events, "movement")
    assert decision(state).player == "Ann" and decision(state).kind == "move"
    assert "to:Candia" not in option_ids(state) and "done" in option_ids(state)
    state, _ = play(state, "Ann done")
    assert decision(state).player == "Bo" and decision(state).kind == "action"
    check(state)


def test_a_stopped_second_move_leaves_the_army_where_its_first_move_took_it():
    """Byzantinische Flotte (reading): a second move stopped by a doubled cost costs nothing; the first
    move stands."""
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Jerusalem", movement=5)
    set_city(state, "Alexandria", side="arab", markers=2)
    set_city(state, "Candia", side="arab", markers=2)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Alexandria", "Ann to:Candia")  # 3, or 5 doubled
    state, events = play(state, "Bo fleet:double")
    ann = state.player("Ann")
    assert ann.arab.at == "Alexandria" and ann.arab.movement == 4 and not rolls(events)
    assert decision(state).player == "Ann" and "to:Candia" not in option_ids(state)
    check(state)


def test_the_mover_and_the_fleet_owner_are_warned_when_doubling_would_stop_the_move():
    """Byzantinische Flotte (reading): a cost the player could not foresee must not surprise him - the
    move option says what doubling would cost and that it would stop the move; so does the owner's."""
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Alexandria", main=3, movement=3)
    set_city(state, "Candia", side="arab", markers=2)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    labels = {o.id: o.label for o in decision(state).options}
    assert labels["move:arab:to:Candia"] == "To Candia (2 movement cubes, by sea; 4 if doubled: no move)"
    assert "Bo holds the Byzantine fleet" in decision(state).prompt
    state, _ = play(state, "Ann move:arab:to:Candia")
    labels = {o.id: o.label for o in decision(state).options}
    assert labels["fleet:double"] == "Double the cost to 4: Ann's army stays (it has 3 movement cubes)"
    assert "has only 3 movement cubes" in decision(state).prompt
    # An army that could pay the doubled cost is told the price only.
    state = new_game(("Ann", "Bo"))
    arab_at(state, "Ann", "Alexandria", main=3, movement=4)
    set_city(state, "Candia", side="arab", markers=2)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    labels = {o.id: o.label for o in decision(state).options}
    assert labels["move:arab:to:Candia"] == "To Candia (2 movement cubes, by sea; 4 if doubled)"


def test_byzantine_army_sails_from_constantinople_to_any_coastal_city_but_not_back():
    """F.: "Eine byzantinische Feldarmee in Konstantinopel kann in einer Seebewegung zu jeder Küstenstadt
    am Mittelmeer und Schwarzen Meer ziehen, also auch zu Städten, zu denen keine Seeverbindung besteht.
    Das kostet wie üblich einen Holzwürfel ... Achtung – in umgekehrter Richtung ist diese Bewegung nicht
    möglich!" """
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Constantinople", main=3, movement=1)
    ready(state, "Ann")
    coastal = sorted(n for n, c in board().cities.items() if c.coastal and n != "Constantinople")
    assert moves(state, "byzantine") == sorted(coastal + ["Adrianople"])
    assert {"Trebizond", "Dyrrachium", "Alexandria", "Sinope"} <= set(moves(state, "byzantine"))
    state, events = play(state, "Ann move:byzantine:to:Trebizond")
    assert movement_spent(events) == 1 and state.player("Ann").byzantine.at == "Trebizond"
    back = new_game()
    set_army(back, "Ann", "byzantine", at="Trebizond", main=3, movement=3)
    ready(back, "Ann")
    assert "Constantinople" not in moves(back, "byzantine")


# -- where an army may go ----------------------------------------------------------------------------

def test_an_army_never_moves_into_a_city_its_player_controls_for_the_other_side():
    """F.: "Ein Spieler kann niemals seine arabische Armee zu einer byzantinischen Stadt ziehen, die er
    selbst kontrolliert ... d. h. er kann sich nie selbst angreifen." """
    state = new_game()
    set_city(state, "Jerusalem", controller="Ann")
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    ready(state, "Ann")
    assert "Jerusalem" not in moves(state, "arab") and "Alexandria" in moves(state, "arab")
    refused(state, "Ann", "move:arab:to:Jerusalem")
    # ...and the other way round: his Byzantine army never attacks his own Arab city.
    state = new_game()
    set_city(state, "Tarsus", controller="Ann")
    arab_at(state, "Ann", "Antioch", main=3, movement=1)
    set_army(state, "Ann", "byzantine", at="Tarsus", main=3, movement=2)
    ready(state, "Ann")
    assert "Antioch" not in moves(state, "byzantine")


def test_an_army_never_attacks_a_city_where_its_players_other_army_stands():
    """F.: "d. h. er kann sich nie selbst angreifen." (reading: nor a city held by another player where his
    own army of the other side stands)"""
    state = new_game()
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "byzantine", at="Jerusalem", main=3)
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    ready(state, "Ann")
    assert moves(state, "arab") == ["Alexandria", "Medina"]


def test_a_city_of_the_armys_own_side_is_entered_without_a_fight():
    """F.: "ein Spieler kann ohne weitere Folgen seine Armee in eine zur Ausgangsstadt gleichfarbige Stadt
    ziehen, die ein anderer oder kein Spieler kontrolliert." """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Caesarea", controller="Bo")
    set_army(state, "Bo", "byzantine", at="Caesarea", main=3)
    set_army(state, "Ann", "byzantine", at="Ankara", main=3, movement=2)
    ready(state, "Ann")
    state, events = play(state, "Ann move:byzantine:to:Caesarea")
    assert not kinds(events, "attack")
    assert decision(state).player == "Ann" and "done" in option_ids(state)
    state, _ = play(state, "Ann done")
    assert state.cities["Caesarea"].controller == 1
    assert state.player("Ann").byzantine.at == state.player("Bo").byzantine.at == "Caesarea"


def test_moving_into_a_city_of_another_side_forces_an_attack():
    """F.: "Falls eine Armee zu einer Stadt anderer Farbe zieht als die, von der sie losgezogen ist, muß
    sie diese Stadt angreifen." Angriff: "Falls eine Armee zu einer Stadt zieht, die nicht von ihrer
    eigenen Seite kontrolliert wird, muß sie sofort angreifen." """
    state = new_game()
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    ready(state, "Ann")
    pin_dice(state, [1, 1, 1])
    state, events = play(state, "Ann move:arab:to:Jerusalem")
    assert kinds(events, "attack") and kinds(events, "siege")
    assert state.cities["Jerusalem"].side == "arab"


def test_taking_the_last_movement_cube_of_an_empty_army_destroys_it():
    """Vernichtete Feldarmee: "Wenn eine Armee z. B. ihren letzten Holzwürfel aus dem Bewegungsfeld nimmt,
    um sich zu bewegen, ist sie damit aufgelöst und die Figur wird vom Spielplan genommen anstatt sich zu
    bewegen." """
    state = new_game()
    set_army(state, "Ann", "arab", at="Tabuk", movement=1)
    ready(state, "Ann")
    state, events = play(state, "Ann move:arab:to:Medina")
    ann = state.player("Ann")
    assert ann.arab.at is None and kinds(events, "destroyed") and not kinds(events, "move")
    assert decision(state).player == "Bo"
    check(state)
