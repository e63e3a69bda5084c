"""Byzantium rules, one test per rule: C. SONDERAKTIONEN (special actions), the Bulgars included.

Rulebook: /work/shared/seeds/002_49aca6fcc1621f95.txt (German, quoted), 000_... (Italian).
"""

import pytest

from tests.byzantium_kit import (
    check,
    decision,
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
)
from tests.byzantium_rules_kit import offered, pass_round, ready, refused, rich, whose

SPECIAL_COUNTS = [
    ("bulgars", 2), ("fortify", 2), ("byzantine_improvement", 2), ("arab_improvement", 3),
    ("emperor", 1), ("caliph", 1), ("byzantine_fleet", 1), ("arab_fleet", 1),
]


def finish_action(state):
    """Take the first option of every decision until the next player chooses an action."""
    while decision(state).kind != "action":
        d = decision(state)
        state, _ = play(state, f"{d.player} {d.options[0].id}")
    return state


# -- each box once per round -------------------------------------------------------------------

@pytest.mark.parametrize("action,boxes", SPECIAL_COUNTS)
def test_each_special_box_once_per_round(action, boxes):
    """C. SONDERAKTIONEN: "Jedes Feld kann nur einmal pro Spielrunde gewählt werden ... Für manche
    Sonderaktionen gibt es aber mehrere Felder" (Bulgaren x2, Befestigung x2, byzantinische
    Stadterweiterung x2, arabische Stadterweiterung x3, Kaiser, Kalif, je eine Flotte)."""
    state = rich(new_game(("Ann", "Bo", "Cy", "Di")))
    for name, city in zip(("Ann", "Bo", "Cy", "Di"), ("Smyrna", "Ankara", "Sinope", "Caesarea"), strict=True):
        set_city(state, city, controller=name)
    ready(state, "Ann")
    before = offered(state, f"special:{action}")
    for _ in range(boxes):
        assert offered(state, f"special:{action}")
        state, _ = play(state, f"{whose(state)} {offered(state, f'special:{action}')[0]}")
        state = finish_action(state)
    assert not offered(state, f"special:{action}")
    for option in before:
        refused(state, whose(state), option)
    state = pass_round(rich(state))
    assert state.round == 2 and offered(state, f"special:{action}")


def test_civil_war_boxes_one_byzantine_two_arab():
    """C. SONDERAKTIONEN (board): one Byzantine civil-war box, two Arab civil-war boxes; each once per
    round."""
    state = rich(new_game(("Ann", "Bo", "Cy")))
    set_city(state, "Damascus", controller="Bo")
    set_city(state, "Tabuk", controller="Bo")
    set_army(state, "Ann", "byzantine", at="Damascus", main=5, movement=2)
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=2)
    set_army(state, "Cy", "arab", at="Tabuk", main=5, movement=2)
    ready(state, "Ann")
    state.boxes["byzantine_civil_war"] = 1
    state.boxes["arab_civil_war_1"] = 1
    state._decisions = None
    assert "move:byzantine:civil_war" not in option_ids(state)
    assert "move:arab:civil_war" in option_ids(state)  # the second Arab box is free
    state.boxes["arab_civil_war_2"] = 1
    state._decisions = None
    assert "move:arab:civil_war" not in option_ids(state)


# -- Kaiser / Kalif ------------------------------------------------------------------------------

def test_emperor_gives_two_byzantine_vp_and_the_guard_on_the_elite_box():
    """Kaiser: "Er nimmt den lila Holzwürfel vom Sonderaktionsfeld und legt ihn auf sein byzantisches
    Elitefeld ... Der Spieler erhält sofort 2 byzantinische Siegpunkte" - no cube of his own
    ("Ausnahmen Kaiser und Kalif") and no money."""
    state = new_game()
    state, _ = play(state, "Ann special:emperor")
    ann = state.player("Ann")
    assert state.emperor == 0 and ann.byzantine.guard and not ann.arab.guard
    assert ann.vp == {"byzantine": 12, "arab": 10}
    assert (ann.available, ann.casualty, ann.byzantine.elite) == (9, 12, 1)
    assert ann.treasury == {"byzantine": 15, "arab": 5}
    assert decision(state).player == "Bo"
    check(state)


def test_caliph_gives_two_arab_vp_and_the_guard_on_the_arab_elite_box():
    """Kalif: "Er nimmt den weißen Holzwürfel vom Sonderaktionsfeld und legt ihn auf sein arabisches
    Elitefeld ... Der Spieler erhält sofort 2 arabische Siegpunkte" """
    state = new_game()
    state, _ = play(state, "Ann special:caliph")
    ann = state.player("Ann")
    assert state.caliph == 0 and ann.arab.guard and not ann.byzantine.guard
    assert ann.vp == {"byzantine": 10, "arab": 12}
    assert (ann.available, ann.casualty, ann.arab.elite) == (9, 12, 0)
    check(state)


def test_guard_cube_costs_no_upkeep():
    """Kaiser: "Diese Einheit kostet keinen Unterhalt" """
    state = new_game(("Ann", "Bo"))
    set_money(state, "Ann", byzantine=12, arab=13)  # exactly the upkeep of the starting cards
    set_money(state, "Bo", byzantine=100, arab=100)
    state, _ = play(state, "Ann special:emperor", "Bo special:caliph", "Ann pass", "Bo pass")
    assert state.round == 2
    ann = state.player("Ann")
    assert ann.treasury == {"byzantine": 0, "arab": 0} and ann.removed == 0


def test_guard_cubes_go_back_at_the_round_end():
    """Kaiser: "zum Schluß der Runde verliert der Spieler seine Stellung als Kaiser und muß den lila
    Holzwürfel auf das Sonderaktionsfeld zurücklegen." (Kalif likewise)"""
    state = rich(new_game(("Ann", "Bo")))
    state, _ = play(state, "Ann special:emperor", "Bo special:caliph", "Ann pass", "Bo pass")
    assert state.round == 2
    assert state.emperor is None and state.caliph is None
    assert not state.player("Ann").byzantine.guard and not state.player("Bo").arab.guard
    assert {"special:emperor", "special:caliph"} <= set(option_ids(state))


def test_guard_is_an_elite_cube_in_battle():
    """Kaiser/Kalif: the guard lies on the elite box; Kampf: "Die FELDARMEE würfelt außerdem noch
    ZUSÄTZLICH mit je einem Zahlenwürfel für jeden Holzwürfel in ihrem Elitefeld" and strength is
    "Elitefeld und Hauptarmeefeld"."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Jerusalem", controller="Ann")
    set_army(state, "Ann", "byzantine", at="Jerusalem", main=2)
    set_army(state, "Bo", "arab", at="Tabuk", main=3, movement=1)
    ready(state, "Ann")
    state, _ = play(state, "Ann special:emperor", "Bo move:arab:to:Jerusalem")
    pin_dice(state, [1, 1, 1, 1, 1, 1])
    state, events = play(state, "Ann stay")
    assert [len(r) for r in rolls(events)] == [3, 3]  # Ann: 2 main + the guard
    # 3 against 3: the defender holds, Bo falls back to Tabuk
    assert state.player("Bo").arab.at == "Tabuk" and state.player("Ann").byzantine.at == "Jerusalem"


def test_guard_is_taken_as_a_loss_only_when_it_is_the_last_cube():
    """Kaiser: "Der Spieler kann diesen Holzwürfel nicht dafür benutzen, um Verluste zu entfernen, außer
    er ist der letzte, der dafür überhaupt in Frage kommt; in diesem Falle wird der Holzwürfel zunächst
    zur Seite gelegt und kommt zu Beginn der nächsten Runde zurück" """
    base = new_game(("Ann", "Bo"))
    set_city(base, "Jerusalem", controller="Ann")
    set_army(base, "Ann", "byzantine", at="Jerusalem", main=2, movement=1)
    set_army(base, "Bo", "arab", at="Tabuk", main=3, movement=1)
    ready(base, "Ann")
    base, _ = play(base, "Ann special:emperor", "Bo move:arab:to:Jerusalem")
    # One hit: a main or movement cube goes, never the guard.
    state = base.model_copy(deep=True)
    pin_dice(state, [6, 1, 1, 1, 1, 1])
    state, _ = play(state, "Ann stay")
    assert decision(state).kind == "loss" and option_ids(state) == ["loss:main=1", "loss:movement=1"]
    state, _ = play(state, "Ann loss:movement=1")
    assert state.player("Ann").byzantine.guard
    # Three hits on three cubes and the guard: everything else first, so the guard stays.
    state = base.model_copy(deep=True)
    pin_dice(state, [6, 6, 6, 1, 1, 1])
    state, events = play(state, "Ann stay")  # no choice: the two main cubes and the movement cube
    ann = state.player("Ann")
    assert ann.byzantine.guard and ann.byzantine.main == 0 and ann.byzantine.movement == 0
    # Four cubes to lose with only the guard left: it goes too, set aside for the round.
    state = base.model_copy(deep=True)
    set_army(state, "Bo", "arab", at="Jerusalem", elite=1, main=3, movement=1)
    rebalance(state)
    pin_dice(state, [6, 6, 6, 6, 1, 1, 1])
    state, events = play(state, "Ann stay")
    ann = state.player("Ann")
    assert not ann.byzantine.guard and ann.byzantine.at is None
    assert state.emperor == 0 and "special:emperor" not in option_ids(state)
    check(state)


def test_the_emperor_keeps_his_title_and_constantinoples_levy_after_losing_the_guard():
    """Kaiser: "zum Schluß der Runde verliert der Spieler seine Stellung als Kaiser" (Italian: "quando
    il giocatore perde la posizione di Imperatore, ossia alla fine del turno in corso"); Bürgerwehren:
    "kann nur der Spieler, der in dieser Runde schon die Kaiseraktion gewählt hat, ... die Hauptstadt
    mit seiner Bürgerwehr ... verteidigen". Title and levy go with the action, until the round ends,
    not with the guard cube."""
    state = new_game(("Ann", "Bo", "Cy"), first="Cy")
    set_city(state, "Tabuk", controller="Ann")
    set_city(state, "Jerusalem", controller="Cy")
    set_city(state, "Nicaea", side="arab", markers=2, controller="Bo")
    set_army(state, "Ann", "arab", at="Tabuk", main=9, movement=3)
    set_army(state, "Bo", "arab", at="Nicaea", main=9, movement=4)
    set_army(state, "Cy", "byzantine", at="Jerusalem", main=1, levy=2)
    rebalance(state)
    state, _ = play(state, "Cy special:emperor", "Ann move:arab:to:Jerusalem")
    pin_dice(state, [6, 6, 6, 1, 1, 1, 1, 1])
    state, _ = play(state, "Cy stay")
    cy = state.player("Cy")
    assert cy.byzantine.at is None and not cy.byzantine.guard  # the guard is set aside for the round
    assert state.emperor == cy.seat and "special:emperor" not in option_ids(state)
    state, _ = play(state, "Bo move:arab:to:Constantinople")
    assert decision(state).player == "Cy" and option_ids(state) == ["levy", "no_levy"]
    check(state)


# -- Stadterweiterung --------------------------------------------------------------------------

def test_city_improvement_adds_one_marker_at_most_three_and_no_vp():
    """Stadterweiterung: "muß einer Stadt der entsprechenden Seite einen Stadtmarker hinzufügen. Jede
    Stadt kann maximal 3 Stadtmarker haben." BEISPIEL: "Diese Aktion wird nicht mit Siegpunkten
    belohnt." """
    state = new_game()
    ids = offered(state, "special:byzantine_improvement")
    assert "special:byzantine_improvement:Ankara" in ids
    assert not {f"special:byzantine_improvement:{city}"
                for city in ("Damascus", "Mecca", "Constantinople", "Baghdad")} & set(ids)
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann special:byzantine_improvement:Ankara", "Ann source:casualty")
    ann = state.player("Ann")
    assert state.cities["Ankara"].markers == 3 and ann.vp == {"byzantine": 10, "arab": 10}
    assert ann.treasury["byzantine"] == 12 and state.boxes["byzantine_improvement_1"] == 0
    check(state)


def test_city_improvement_may_grow_another_players_city():
    """Stadterweiterung: "Ein Spieler kann durchaus eine Stadt erweitern, die er nicht selbst
    kontrolliert." """
    state = new_game()
    set_city(state, "Medina", controller="Bo")
    ready(state, "Ann")
    state, _ = play(state, "Ann special:arab_improvement:Medina")
    assert state.cities["Medina"].markers == 2 and state.cities["Medina"].controller == 1


def test_arab_improvement_is_paid_from_the_arab_treasury_and_grows_arab_cities():
    """Stadterweiterung: "Die Farbe des Feldes macht deutlich, für welche Seite diese Sonderaktion
    genutzt werden kann." (C.), the cube paid by that side."""
    state = new_game()
    assert offered(state, "special:arab_improvement") == [
        "special:arab_improvement:Mecca", "special:arab_improvement:Medina", "special:arab_improvement:Tabuk"]
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann special:arab_improvement:Tabuk", "Ann source:casualty")
    assert state.player("Ann").treasury == {"byzantine": 15, "arab": 2}
    assert state.cities["Tabuk"].markers == 2


def test_a_fortified_city_can_still_grow_to_three_markers():
    """Befestigung: "Der Befestigungsmarker unterliegt nicht dem Stapellimit von drei Stadtmarkern pro
    Stadt" """
    state = new_game()
    set_city(state, "Ankara", controller="Bo", fortified=True)
    ready(state, "Ann")
    state, _ = play(state, "Ann special:byzantine_improvement:Ankara")
    ankara = state.cities["Ankara"]
    assert ankara.markers == 3 and ankara.fortified
    check(state)


def test_no_improvement_without_a_city_below_three_markers():
    """Stadterweiterung: "Jede Stadt kann maximal 3 Stadtmarker haben." """
    state = new_game()
    for name in ("Mecca", "Medina", "Tabuk"):
        set_city(state, name, markers=3)
    assert not offered(state, "special:arab_improvement")


# -- Befestigung ----------------------------------------------------------------------------------

def test_fortify_replaces_the_own_control_cube_which_goes_to_the_casualty_pool():
    """Befestigung: "ersetzt einen eigenen Kontrollmarker in einer Stadt durch einen seiner beiden
    Spielmarker ... Der ersetzte Holzwürfel kommt in den Verlustvorrat des Spielers." """
    state = new_game()
    set_city(state, "Ankara", controller="Ann")
    set_city(state, "Smyrna", controller="Bo")
    ready(state, "Ann")
    casualty = state.player("Ann").casualty
    assert offered(state, "special:fortify") == ["special:fortify:Ankara"]  # Ankara is her only city
    state, _ = play(state, "Ann special:fortify:Ankara")
    ann = state.player("Ann")
    ankara = state.cities["Ankara"]
    assert ankara.fortified and not ankara.control_cube and ankara.controller == 0
    assert ann.casualty == casualty + 1 and ann.forts_left == 1
    assert not state.cities["Smyrna"].fortified
    check(state)


def test_fortify_only_own_cities_one_per_city_two_per_player():
    """Befestigung: "einen eigenen Kontrollmarker" ... "jede Stadt kann immer nur höchstens einen
    Befestigungsmarker haben"; each player has two ("einen seiner beiden Spielmarker")."""
    state = rich(new_game(("Ann", "Bo")))
    for name in ("Ankara", "Smyrna", "Mecca"):
        set_city(state, name, controller="Ann")
    set_city(state, "Sinope", controller="Bo")
    ready(state, "Ann")
    assert offered(state, "special:fortify") == ["special:fortify:Ankara", "special:fortify:Smyrna",
                                                 "special:fortify:Mecca"]  # by region
    state, _ = play(state, "Ann special:fortify:Ankara", "Bo pass")
    assert offered(state, "special:fortify") == ["special:fortify:Smyrna", "special:fortify:Mecca"]
    state, _ = play(state, "Ann special:fortify:Smyrna")
    state = pass_round(rich(state))
    assert state.player("Ann").forts_left == 0
    assert not offered(ready(state, "Ann"), "special:fortify")


def test_fortify_cube_is_paid_by_the_fortified_citys_side():
    """Befestigung: "Diese Aktion kann für beide Seiten genutzt werden." The cube is paid by the side
    that benefits: an Arab city's fortification from the Arab treasury."""
    state = new_game()
    set_city(state, "Mecca", controller="Ann")
    ready(state, "Ann")
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann special:fortify:Mecca", "Ann source:casualty")
    assert state.player("Ann").treasury == {"byzantine": 15, "arab": 2}


# -- Flotten --------------------------------------------------------------------------------------

def test_fleet_boxes_are_paid_by_their_side():
    """Byzantinische/Arabische Flotte: "Die Farbe des Feldes macht deutlich, für welche Seite diese
    Sonderaktion genutzt werden kann." The cube is paid by that side's treasury."""
    state = new_game(("Ann", "Bo"))
    state, _ = play(state, "Ann pref:cube_source=ask", "Bo pref:cube_source=ask",
                    "Ann special:byzantine_fleet", "Ann source:casualty", "Bo special:arab_fleet", "Bo source:casualty")
    assert state.boxes["byzantine_fleet"] == 0 and state.boxes["arab_fleet"] == 1
    assert state.player("Ann").treasury == {"byzantine": 12, "arab": 5}
    assert state.player("Bo").treasury == {"byzantine": 15, "arab": 2}


# -- Bürgerkrieg -------------------------------------------------------------------------------------

def civil_war_position():
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Damascus", controller="Bo")
    set_city(state, "Antioch", controller="Ann")
    set_city(state, "Palmyra")
    set_army(state, "Ann", "byzantine", at="Antioch", elite=1, main=5, movement=3)
    return ready(state, "Ann")


def test_civil_war_where_the_army_stands_or_after_a_move_in_the_move_action():
    """Bürgerkrieg: "Der Spieler kann diese Aktion nach einer Bewegung wählen, aber bevor er einen
    Angriff erklärt ... Der Spieler kann auch eine Stadt angreifen, in der seine Feldarmee bereits ist" """
    state = civil_war_position()
    assert not offered(state, "special:byzantine_civil_war")  # not an action of its own
    assert "move:byzantine:civil_war" not in option_ids(state)  # Antioch is Ann's own city
    state, _ = play(state, "Ann move:byzantine:to:Damascus")
    assert decision(state).kind == "move" and "civil_war" in option_ids(state)
    # Without moving, standing in Bo's city:
    standing = civil_war_position()
    set_army(standing, "Ann", "byzantine", at="Damascus", elite=1, main=5, movement=3)
    assert "move:byzantine:civil_war" in option_ids(standing)


def test_civil_war_only_against_a_city_of_another_player():
    """Bürgerkrieg: "eine byzantinische Stadt angreifen, die von einem anderen Spieler kontrolliert
    wird" - not an uncontrolled city."""
    state = civil_war_position()
    state, _ = play(state, "Ann move:byzantine:to:Palmyra")
    assert "civil_war" not in option_ids(state)


def test_no_civil_war_in_constantinople():
    """Bürgerkrieg: "Konstantinopel kann nie von einer byzantinischen Armee angegriffen werden, d. h. dort
    kann es keinen Bürgerkrieg geben." """
    state = new_game()
    set_army(state, "Ann", "byzantine", at="Constantinople", main=5, movement=3)
    state.cities["Constantinople"].controller = 1  # even if somebody held it
    state.cities["Constantinople"].control_cube = True
    ready(state, "Ann")
    assert offered(state, "move:byzantine") and "move:byzantine:civil_war" not in option_ids(state)


def test_civil_war_changes_the_controller_but_not_the_side():
    """Kampf im Bürgerkrieg: "nur wechselt die Stadt anschließend nicht die Seite (wohl aber den
    kontrollierenden Spieler). Auch im Bürgerkrieg wird die Anzahl der Stadtmarker anschließend um eins
    reduziert und der Spieler erhält Siegpunkte und Bezants wie sonst auch ... für einen byzantinischen
    Bürgerkrieg muß die byzantinische Staatskasse [zahlen], ... die Beute kommt in die byzantinische
    Staatskasse." """
    state = civil_war_position()
    bo_casualty = state.player("Bo").casualty
    state, _ = play(state, "Ann move:byzantine:to:Damascus")
    pin_dice(state, [1, 1, 1])  # the siege of Damascus: 3 markers, no hits
    state, events = play(state, "Ann pref:cube_source=ask", "Ann civil_war", "Ann source:casualty", "Bo no_levy")
    damascus = state.cities["Damascus"]
    ann = state.player("Ann")
    assert (damascus.side, damascus.markers, damascus.controller) == ("byzantine", 2, 0)
    assert ann.vp == {"byzantine": 12, "arab": 10}
    assert ann.treasury == {"byzantine": 15 - 3 + 2, "arab": 5}  # the box cube, then 2 bezants of booty
    assert state.boxes["byzantine_civil_war"] == 0
    assert state.player("Bo").casualty == bo_casualty + 1  # his control cube
    check(state)


def test_civil_war_loser_retreats():
    """Bürgerkrieg: "Falls er verliert, muß die angreifende Armee sich zurückziehen, siehe
    Rückzugsregeln." - an army that attacked where it stood retreats by the retreat rules."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Damascus", controller="Bo")
    set_city(state, "Jerusalem", controller="Cy")
    set_army(state, "Ann", "byzantine", at="Damascus", main=3, movement=1)
    ready(state, "Ann")
    pin_dice(state, [6, 6, 1])  # the siege: 2 hits, Ann 1 strength against 3 markers
    state, events = play(state, "Ann move:byzantine:civil_war", "Bo no_levy", "Ann loss:main=2")
    assert state.cities["Damascus"].controller == 1
    assert decision(state).kind == "retreat"
    assert set(option_ids(state)) == {"retreat:Antioch", "retreat:Jerusalem", "retreat:Leucosia",
                                      "retreat:Palmyra"}
    state, _ = play(state, "Ann retreat:Palmyra")
    assert state.player("Ann").byzantine.at == "Palmyra"
    check(state)


def test_civil_war_attacker_that_moved_falls_back_to_the_city_it_came_from():
    """Bürgerkrieg: "Falls er verliert, muß die angreifende Armee sich zurückziehen" with Kampf: "muß der
    Angreifer sich in die Stadt zurückziehen, aus der er gekommen war" (reading: an army that moved goes
    back where its move started, at no cost)."""
    state = civil_war_position()
    set_army(state, "Ann", "byzantine", at="Antioch", main=3, movement=3)
    ready(state, "Ann")
    pin_dice(state, [6, 6, 1])
    state, _ = play(state, "Ann move:byzantine:to:Damascus", "Ann civil_war", "Bo no_levy", "Ann loss:main=2")
    ann = state.player("Ann")
    assert ann.byzantine.at == "Antioch" and ann.byzantine.movement == 2
    assert state.cities["Damascus"].controller == 1
    check(state)


def test_other_players_armies_defend_a_city_in_a_civil_war():
    """Bürgerkrieg ("Die Kämpfe in einem Bürgerkrieg verlaufen genau so wie alle anderen Kämpfe") and
    Rückzug einer Armee: armies standing in the attacked city may retreat or fight."""
    state = civil_war_position()
    set_army(state, "Cy", "byzantine", at="Damascus", main=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:byzantine:to:Damascus", "Ann civil_war")
    assert decision(state).player == "Cy" and option_ids(state)[0] == "stay"
    assert option_ids(state)[1:] == ["retreat:Antioch", "retreat:Jerusalem", "retreat:Leucosia", "retreat:Palmyra"]


# -- Bulgarenangriff --------------------------------------------------------------------------------

def test_bulgars_get_two_cubes_then_attack_or_two_more():
    """Bulgarenangriff: "muß entweder einen Angriff mit den bulgarischen Streitkräften führen oder diese
    verstärken. Auf jeden Fall legt er zunächst zwei weitere orangene bulgarische Holzwürfel auf das
    Bulgarenfeld." ... "auch um noch genau zwei weitere Holzwürfel verstärken" """
    state = new_game()
    # The two cubes come with every choice, so what the Bulgars then do is chosen with the action.
    assert offered(state, "special:bulgars") == ["special:bulgars:Adrianople", "special:bulgars:Thessalonica",
                                                 "special:bulgars:more"]
    attack, _ = play(state, "Ann special:bulgars:Thessalonica")
    assert attack.bulgars < 9 or attack.cities["Thessalonica"].side == "bulgar"  # 9 attacked
    state, _ = play(state, "Ann special:bulgars:more")
    assert state.bulgars == 11 and state.boxes["bulgars_1"] == 0
    assert decision(state).player == "Bo"
    check(state)


def test_bulgars_attack_the_arrow_cities_or_by_land_from_a_bulgar_city_never_by_sea():
    """Bulgarenangriff: "eine Stadt angreifen, die mit einem orangenen Pfeil gekennzeichnet ist oder eine
    Stadt, die mit einer bereits von den Bulgaren kontrollierten Stadt auf dem Landweg verbunden ist
    ... die Bulgaren können nie über Seeverbindungen angreifen." """
    state = new_game()
    set_city(state, "Athens", side="bulgar", markers=1)
    ready(state, "Ann")
    targets = [i for i in offered(state, "special:bulgars") if i != "special:bulgars:more"]
    # Athens reaches Thessalonica by road; Candia lies across the sea.
    assert targets == ["special:bulgars:Adrianople", "special:bulgars:Thessalonica"]
    state = new_game()
    set_city(state, "Adrianople", side="bulgar", markers=1)
    ready(state, "Ann")
    assert [i for i in offered(state, "special:bulgars") if i != "special:bulgars:more"] == [
        "special:bulgars:Constantinople", "special:bulgars:Thessalonica"]


def test_bulgars_never_exceed_eleven_cubes():
    """Bulgarenangriff: "Falls nur noch ein bulgarischer Holzwürfel im Vorrat ist, fügt der Spieler nur
    diesen hinzu, gibt es keine mehr im Vorrat, entfällt diese Verstärkung." - "maximal elf" """
    state = new_game()
    state.bulgars = 10
    pin_dice(state, [1, 1])  # Adrianople's two markers roll no hit
    state, events = play(state, "Ann special:bulgars:Adrianople")
    assert state.bulgars == 11 and kinds(events, "bulgars")[0].data["added"] == 1
    state = new_game()
    state.bulgars = 11
    pin_dice(state, [1, 1])
    state, events = play(state, "Ann special:bulgars:Adrianople")
    assert state.bulgars == 11 and [e.data.get("added") for e in kinds(events, "bulgars")] == [None]


def test_bulgars_must_attack_when_two_more_cubes_are_not_left():
    """Bulgarenangriff: "Falls für diese Verstärkung nicht mehr genügend bulgarische Holzwürfel im Vorrat
    sind, muß der Spieler die erste Option wahrnehmen und mit den Bulgaren angreifen." """
    state = new_game()
    state.bulgars = 8
    state._decisions = None
    assert offered(state, "special:bulgars") == ["special:bulgars:Adrianople", "special:bulgars:Thessalonica"]
    refused(state, "Ann", "special:bulgars:more")
    state, events = play(state, "Ann special:bulgars:Adrianople")
    assert kinds(events, "bulgars")[0].data == {"added": 2, "army": 10}


def test_bulgar_conquest_gives_vp_to_the_side_not_attacked_and_no_cube_or_booty():
    """Bulgarenangriff: "Der Spieler setzt weder einen seiner Holzwürfel in die Stadt noch bekommt er
    dafür Bezants, erhält aber Siegpunkte als hätte er mit seiner eigenen Armee angegriffen. Und zwar werden
    die Siegpunkte auf der Siegpunkteleiste der Seite hinzugefügt, die nicht von den Bulgaren angegriffen
    wurde." """
    state = new_game()
    set_city(state, "Thessalonica", controller="Bo")  # 3 Byzantine markers
    ready(state, "Ann")
    bo_casualty = state.player("Bo").casualty
    pin_dice(state, [1, 1, 1])
    state, _ = play(state, "Ann special:bulgars:Thessalonica",
                    "Bo no_levy")
    thessalonica = state.cities["Thessalonica"]
    ann = state.player("Ann")
    assert (thessalonica.side, thessalonica.markers, thessalonica.controller) == ("bulgar", 2, None)
    assert not thessalonica.control_cube
    assert ann.vp == {"byzantine": 10, "arab": 12}
    assert ann.treasury == {"byzantine": 15, "arab": 5} and ann.available == 8
    assert state.player("Bo").casualty == bo_casualty + 1
    check(state)
    # An Arab city taken by the Bulgars: Byzantine VP.
    state = new_game()
    set_city(state, "Adrianople", side="arab", markers=3, controller="Bo")
    ready(state, "Ann")
    pin_dice(state, [1, 1, 1])
    state, _ = play(state, "Ann special:bulgars:Adrianople")
    assert state.cities["Adrianople"].side == "bulgar" and state.cities["Adrianople"].markers == 2
    assert state.player("Ann").vp == {"byzantine": 12, "arab": 10}


def test_bulgars_taking_a_one_marker_city_give_no_vp():
    """Bulgarenangriff: Siegpunkte "als hätte er mit seiner eigenen Armee angegriffen" - and Erfolgreiche
    Eroberung: "Hatte eine Stadt vor der Eroberung aber nur einen Stadtmarker, ... bekommt der Eroberer
    dafür weder Siegpunkte noch Bezants." """
    state = new_game()
    set_city(state, "Adrianople", markers=1)
    ready(state, "Ann")
    pin_dice(state, [1])
    state, _ = play(state, "Ann special:bulgars:Adrianople")
    adrianople = state.cities["Adrianople"]
    assert (adrianople.side, adrianople.markers) == ("bulgar", 1)
    assert state.player("Ann").vp == {"byzantine": 10, "arab": 10}


def test_a_player_may_defend_his_city_with_his_levy_against_bulgars_he_sent():
    """Bulgarenangriff: "Dabei gelten die üblichen Kampfregeln" - Bürgerwehren: "kann der die Stadt
    kontrollierende Spieler die Stadt mit seiner Bürgerwehr verteidigen, falls er das möchte" (reading,
    issue 14 item 16: also when he sent the Bulgars himself; "er kann sich nie selbst angreifen" is said
    of moving his own armies, and the Bulgars are nobody's)."""
    state = new_game()
    set_city(state, "Thessalonica", controller="Ann")
    ready(state, "Ann")
    state, _ = play(state, "Ann special:bulgars:Thessalonica")
    assert decision(state).player == "Ann" and option_ids(state) == ["levy", "no_levy"]


def test_bulgar_attack_cube_is_paid_by_the_side_not_attacked():
    """Bulgarenangriff: "Falls er für den Holzwürfel bezahlen mußte, den er auf das bulgarische
    Angriffsfeld gesetzt hatte, muß diese Zahlung aus der Staatskasse der Seite erfolgen, für die im
    Erfolgsfall auch die Siegpunkte notiert werden." (BEISPIEL: Athen - die arabische Staatskasse)"""
    state = new_game()
    pin_dice(state, [6, 6, 6])
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann special:bulgars:Thessalonica", "Ann source:casualty")
    assert state.player("Ann").treasury == {"byzantine": 15, "arab": 2}
    # An Arab-held city attacked: the Byzantine treasury pays.
    state = new_game()
    set_city(state, "Adrianople", side="arab", markers=1, controller="Bo")
    ready(state, "Ann")
    pin_dice(state, [6, 6])
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann special:bulgars:Adrianople", "Ann source:casualty")
    assert state.player("Ann").treasury["byzantine"] == 12 and state.player("Ann").treasury["arab"] == 5


def test_second_bulgar_reinforcement_is_paid_from_either_treasury():
    """Bulgarenangriff: "Falls der Spieler im Falle der zweiten Verstärkung für den Holzwürfel bezahlen
    mußte ..., kann die Bezahlung nach seinem Gutdünken aus einem seiner beiden Staatsschätze erfolgen." """
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann special:bulgars:more", "Ann source:casualty")
    assert option_ids(state) == ["pay:byzantine", "pay:arab"]
    state, _ = play(state, "Ann pay:arab")
    assert state.player("Ann").treasury == {"byzantine": 15, "arab": 2}


def test_bulgars_attack_with_the_whole_army_at_most_three_dice():
    """Bulgarenangriff: "Die bulgarische Armee besteht immer aus allen im Bulgarenfeld befindlichen
    orangenen Holzwürfeln, d. h. sie wirft maximal mit drei Würfeln." Their strength is all of them."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Thessalonica", controller="Bo")
    set_army(state, "Bo", "byzantine", at="Thessalonica", elite=2, main=6)
    ready(state, "Ann")
    pin_dice(state, [1, 1, 1, 1, 1, 1, 1, 1])
    state, events = play(state, "Ann special:bulgars:Thessalonica",
                         "Bo stay")
    assert [len(r) for r in rolls(events)][0] == 3  # 9 Bulgars roll 3 dice
    assert decision(state).kind == "retreat"  # 9 against 8: Bo's army is beaten
    assert decision(state).player == "Bo"


def test_bulgars_defend_their_city_with_the_whole_army():
    """Angriff auf eine bulgarische Stadt: "verteidigen die Bulgaren sie immer mit ihrer gesamten Armee,
    haben also maximal drei Würfel. Falls sie geschlagen wird, muß der Spieler anschließend wie sonst auch
    die Stadt belagern" """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Thessalonica", side="bulgar", markers=2)
    set_city(state, "Athens", side="arab", markers=1, controller="Ann")
    set_army(state, "Ann", "arab", at="Athens", main=9, movement=2)
    state.bulgars = 5
    ready(state, "Ann")
    pin_dice(state, [6, 6, 6, 1, 1, 1, 1, 1])
    state, events = play(state, "Ann move:arab:to:Thessalonica")
    dice = rolls(events)
    assert [len(r) for r in dice] == [3, 3, 2]  # Ann 3, the Bulgars 3 (of 5), then the siege (2 markers)
    assert state.bulgars == 2
    thessalonica = state.cities["Thessalonica"]
    assert (thessalonica.side, thessalonica.markers, thessalonica.controller) == ("arab", 1, 0)
    assert state.player("Ann").vp["arab"] == 11
    check(state)


def test_bulgars_holding_their_city_on_a_tie_send_the_attacker_back():
    """Angriff auf eine bulgarische Stadt with Kampf: "Bei Gleichstand siegt der Verteidiger." and "Falls der
    Verteidiger siegt, muß der Angreifer sich in die Stadt zurückziehen, aus der er gekommen war." """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Thessalonica", side="bulgar", markers=1)
    set_city(state, "Athens", side="arab", markers=1, controller="Ann")
    set_army(state, "Ann", "arab", at="Athens", main=4, movement=2)
    state.bulgars = 4
    ready(state, "Ann")
    pin_dice(state, [1, 1, 1, 1, 1, 1])
    state, events = play(state, "Ann move:arab:to:Thessalonica")
    assert state.player("Ann").arab.at == "Athens" and not kinds(events, "siege")
    assert state.cities["Thessalonica"].side == "bulgar" and state.bulgars == 4


def test_constantinople_falling_to_the_bulgars_ends_the_game():
    """Bulgarenangriff: "Allerdings können sie Konstantinopel angreifen, was im Erfolgsfall das sofortige
    Spielende bedeutet. Der Spieler erhält dafür 5 arabische Siegpunkte." """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Adrianople", side="bulgar", markers=1)
    state.bulgars = 9
    ready(state, "Ann")
    pin_dice(state, [6, 1, 1, 1, 1])  # one hit from Constantinople's 5 dice: 2 Bulgar cubes
    state, events = play(state, "Ann special:bulgars:Constantinople")
    assert state.bulgars == 9
    assert state.finished and state.constantinople_fallen
    assert state.player("Ann").vp["arab"] == 15
    assert kinds(events, "game_end")
    check(state)


def test_the_player_who_sent_the_bulgars_decides_on_retreat_first():
    """Rückzug einer Armee, Italian: "Se ci sono più Eserciti, i giocatori decidono in ordine, in senso
    orario a partire dal giocatore di turno" - clockwise starting from the player whose turn it is, so
    the sender's own army first. (German "der dem Angreifer im Uhrzeigersinn am nächsten sitzt" names no
    seat for the Bulgars, who are nobody's army.)"""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Thessalonica", controller="Cy")
    for name in ("Ann", "Bo", "Cy"):
        set_army(state, name, "byzantine", at="Thessalonica", main=2)
    ready(state, "Bo")
    state, _ = play(state, "Bo special:bulgars:Thessalonica")
    order = []
    for _ in range(3):
        order.append(decision(state).player)
        state, _ = play(state, f"{order[-1]} stay")
    assert order == ["Bo", "Cy", "Ann"]


def test_armies_in_a_city_the_bulgars_attack_may_retreat_or_fight():
    """Bulgarenangriff, BEISPIEL: "Falls eine oder mehrere Feldarmee(n) in Athen gewesen wäre(n),
    hätte(n) der (die) Spieler die Wahl gehabt, sich entweder zurückzuziehen oder zu kämpfen." """
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Thessalonica", controller="Cy")
    set_army(state, "Bo", "byzantine", at="Thessalonica", main=2)
    set_army(state, "Cy", "byzantine", at="Thessalonica", main=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann special:bulgars:Thessalonica")
    assert decision(state).player == "Bo" and option_ids(state)[0] == "stay" and "retreat:Athens" in option_ids(state)
    state, _ = play(state, "Bo retreat:Athens")
    assert state.player("Bo").byzantine.at == "Athens"
    assert decision(state).player == "Cy" and option_ids(state)[0] == "stay" and "retreat:Athens" in option_ids(state)
