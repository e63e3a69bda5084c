"""Byzantium rules, one test per rule: Angriff - retreats, battles, the levy, sieges and conquest.

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
    rebalance,
    rolls,
    set_army,
    set_city,
    set_money,
)
from tests.byzantium_rules_kit import ready, refused


def jerusalem(players=("Ann", "Bo", "Cy"), *, attacker=None, defender=None, controller="Bo", markers=3):
    """Ann's Arab army in Tabuk (hers), Jerusalem held by `controller`, optionally Bo's army inside."""
    state = new_game(players)
    set_city(state, "Tabuk", controller="Ann")
    set_city(state, "Jerusalem", controller=controller, markers=markers)
    set_army(state, "Ann", "arab", at="Tabuk", **(attacker or {"main": 5, "movement": 3}))
    if defender is not None:
        set_army(state, "Bo", "byzantine", at="Jerusalem", **defender)
    return ready(state, "Ann")


def attack(state, *dice, by="Ann"):
    """Ann's Arab army moves from Tabuk into Jerusalem; the dice to come are pinned first."""
    pin_dice(state, list(dice))
    return play(state, f"{by} move:arab:to:Jerusalem")


# -- Rückzug einer Armee (before the battle) ---------------------------------------------------------

def test_defenders_decide_on_retreat_clockwise_from_the_attacker():
    """Rückzug einer Armee: "Bei mehreren dort anwesenden Armeen entscheidet derjenige der betroffenen
    Spieler zuerst über den Rückzug, der dem Angreifer im Uhrzeigersinn am nächsten sitzt, die übrigen
    treffen dann weiter im Uhrzeigersinn ihre Entscheidung" """
    state = new_game(("Ann", "Bo", "Cy", "Di"))
    set_city(state, "Tabuk", controller="Cy")
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Cy", "arab", at="Tabuk", main=9, movement=3)
    for name in ("Ann", "Bo", "Di"):
        set_army(state, name, "byzantine", at="Jerusalem", main=1)
    ready(state, "Cy")
    state, _ = play(state, "Cy move:arab:to:Jerusalem")
    order = []
    for _ in range(3):
        assert option_ids(state) == ["stay", "retreat:Alexandria", "retreat:Damascus"]
        order.append(decision(state).player)
        state, _ = play(state, f"{order[-1]} stay")
    assert order == ["Di", "Ann", "Bo"]


def test_retreat_before_the_battle_costs_no_movement_cube_and_avoids_the_battle():
    """Rückzug einer Armee: "Eine Feldarmee kann sich zu jeder direkt verbundenen Stadt zurückziehen, das
    kostet keinen Holzwürfel aus dem Bewegungsfeld. Falls die erste Stadt ... der eigenen Seite angehört,
    endet der Rückzug dort." """
    state = jerusalem(defender={"main": 2, "movement": 2, "levy": 2})
    state, _ = attack(state, 1, 1, 1)
    assert option_ids(state) == ["stay", "retreat:Alexandria", "retreat:Damascus"]  # where to, with the offer
    state, events = play(state, "Bo retreat:Damascus")
    bo = state.player("Bo")
    assert bo.byzantine.at == "Damascus" and bo.byzantine.movement == 2 and bo.byzantine.main == 2
    assert not kinds(events, "battle")  # straight on to the levy decision / siege
    assert decision(state).kind == "levy" and decision(state).player == "Bo"


# -- Kampf --------------------------------------------------------------------------------------------

def test_field_army_rolls_one_die_per_main_cube_at_most_three_plus_one_per_elite_cube():
    """Kampf: "Eine Feldarmee würfelt mit so vielen Zahlenwürfeln wie Holzwürfel in ihrem Hauptarmeefeld
    sind, aber HÖCHSTENS mit drei Zahlenwürfeln ... Die FELDARMEE würfelt außerdem noch ZUSÄTZLICH mit je
    einem Zahlenwürfel für jeden Holzwürfel in ihrem Elitefeld." """
    state = jerusalem(attacker={"elite": 2, "main": 7, "movement": 3}, defender={"elite": 1, "main": 2})
    state, _ = attack(state)
    pin_dice(state, [1] * 8)
    state, events = play(state, "Bo stay")
    assert [len(r) for r in rolls(events)][:2] == [5, 3]


def test_each_die_of_four_or_more_is_a_hit():
    """Kampf: "Jeder einzelne Würfel mit einem Ergebnis von vier oder mehr ist ein Treffer. Der jeweils
    gegnerische Spieler muß für jeden Treffer einen seiner aktiv am Kampf beteiligten Holzwürfel
    entfernen und in seinen Verlustvorrat legen." """
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 6, "movement": 1})
    state, _ = attack(state)
    bo_casualty = state.player("Bo").casualty
    pin_dice(state, [3, 4, 6, 1, 2, 3])
    state, events = play(state, "Bo stay", "Bo loss:main=1,movement=1")
    assert [e.data["hits"] for e in kinds(events, "roll")][:2] == [2, 0]
    bo = state.player("Bo")
    assert (bo.byzantine.main, bo.byzantine.movement, bo.casualty) == (5, 0, bo_casualty + 2)


def test_attacker_removes_his_losses_first():
    """Kampf: "Der Angreifer entfernt seine Verluste zuerst, dann der Verteidiger." """
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 6, "movement": 1})
    state, _ = attack(state)
    pin_dice(state, [6, 1, 1, 6, 1, 1])
    state, _ = play(state, "Bo stay")
    assert decision(state).kind == "loss" and decision(state).player == "Ann"
    state, _ = play(state, "Ann loss:movement=1")
    assert decision(state).kind == "loss" and decision(state).player == "Bo"


def test_losses_beyond_the_armys_cubes_have_no_further_effect():
    """Kampf: "Falls die entsprechend vorhandenen Holzwürfel den Verlust nicht decken können, werden die
    vorhandenen Holzwürfel entfernt, es gibt keine Strafe oder sonstigen Folgen" """
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 2})
    state, _ = attack(state)
    pin_dice(state, [6, 6, 6, 1, 1, 1, 1, 1, 1])
    state, events = play(state, "Bo stay")
    bo = state.player("Bo")
    assert bo.byzantine.at is None and bo.byzantine.main == 0
    check(state)


def test_strength_is_elite_plus_main_movement_cubes_do_not_count():
    """Kampf: "Die Stärke einer Feldarmee ist gleich der Anzahl Holzwürfel in ihrem Elitefeld und
    Hauptarmeefeld (wichtig – ... die Holzwürfel im Bewegungsfeld beeinflussen nicht die Stärke" """
    state = jerusalem(attacker={"main": 3, "movement": 6}, defender={"elite": 1, "main": 3})
    state, _ = attack(state)
    pin_dice(state, [1] * 7)
    state, events = play(state, "Bo stay")
    result = kinds(events, "battle_result")[0].data
    assert (result["attacker"], result["defender"]) == (3, 4)
    assert state.player("Ann").arab.at == "Tabuk"


def test_a_tie_goes_to_the_defender():
    """Kampf: "Bei Gleichstand siegt der Verteidiger." """
    state = jerusalem(attacker={"main": 4, "movement": 3}, defender={"elite": 1, "main": 3})
    state, _ = attack(state)
    pin_dice(state, [1] * 7)
    state, events = play(state, "Bo stay")
    assert kinds(events, "battle_result")[0].data["winner"] == "Bo"
    assert state.player("Ann").arab.at == "Tabuk" and state.player("Bo").byzantine.at == "Jerusalem"


def test_beaten_attacker_goes_back_to_the_city_it_came_from():
    """Kampf: "Falls der Verteidiger siegt, muß der Angreifer sich in die Stadt zurückziehen, aus der er
    gekommen war." - after two moves, the city of the second move's start, at no cost."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Medina", controller="Ann")
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "arab", at="Medina", main=3, movement=4)
    set_army(state, "Bo", "byzantine", at="Jerusalem", elite=1, main=3)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Tabuk", "Ann to:Jerusalem")
    pin_dice(state, [1] * 7)
    state, events = play(state, "Bo stay")
    ann = state.player("Ann")
    assert ann.arab.at == "Tabuk" and ann.arab.movement == 1  # 1 + 2 spent, nothing for going back
    check(state)


def test_beaten_defender_must_retreat():
    """Kampf: "Falls der Angreifer siegt, muß die unterlegene Feldarmee sich zurückziehen" """
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 3})
    state, _ = attack(state)
    pin_dice(state, [1] * 6)
    state, _ = play(state, "Bo stay")
    assert decision(state).player == "Bo" and decision(state).kind == "retreat"
    assert option_ids(state) == ["retreat:Alexandria", "retreat:Damascus"]


# -- Rückzug: path, losses, sea ----------------------------------------------------------------------

def test_retreat_takes_the_path_of_fewest_losses_one_cube_per_city_not_of_its_side():
    """Rückzug einer Armee: "Gehört die Stadt aber nicht zur eigenen Seite, erleidet die sich
    zurückziehende Armee einen Holzwürfel Verlust ... Ein Rückzugsweg muß immer so gewählt werden, daß der
    Verlust möglichst gering ist" """
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 3, "movement": 1})
    for name in ("Damascus", "Alexandria", "Antioch", "Palmyra", "Candia"):
        set_city(state, name, side="arab", markers=2)
    ready(state, "Ann")
    state, _ = attack(state)
    pin_dice(state, [1] * 6)
    # Damascus or Alexandria (1 cube), then Leucosia by sea; Tarsus via Antioch would cost 2.
    state, events = play(state, "Bo stay")
    retreat = kinds(events, "retreat")[0].data
    assert retreat["to"] == "Leucosia" and retreat["losses"] == 1
    assert decision(state).kind == "loss" and decision(state).player == "Bo"
    state, _ = play(state, "Bo loss:movement=1")
    assert state.player("Bo").byzantine.at == "Leucosia" and state.player("Bo").byzantine.main == 3


def test_retreat_may_pass_through_a_city_with_an_army_of_the_other_side():
    """Rückzug einer Armee: "Ein Rückzug über (nicht in!) eine Stadt, in der eine Armee der gegnerischen
    Seite ist, ist möglich." """
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 3, "movement": 1})
    for name in ("Damascus", "Alexandria", "Leucosia", "Candia"):
        set_city(state, name, side="arab", markers=2)
    set_army(state, "Cy", "arab", at="Damascus", main=4)
    ready(state, "Ann")
    state, _ = attack(state)
    pin_dice(state, [1] * 6)
    state, _ = play(state, "Bo stay")
    assert option_ids(state) == ["retreat:Antioch", "retreat:Palmyra"]  # both through Damascus


def test_arab_army_retreats_by_sea_only_with_the_byzantine_fleets_leave():
    """Rückzug einer Armee: "Eine arabische Armee kann sich nur dann über eine Seeverbindung zurückziehen,
    wenn kein Spieler die byzantinische Flotte kontrolliert oder wenn der Spieler, der die byzantinische
    Flotte kontrolliert, ... den Rückzug gestattet." """
    base = new_game(("Ann", "Bo", "Cy"))
    set_city(base, "Leucosia", side="arab", markers=2, controller="Bo")
    set_city(base, "Damascus", side="arab", markers=2)
    set_army(base, "Bo", "arab", at="Leucosia", main=2, movement=1)
    set_army(base, "Ann", "byzantine", at="Tarsus", main=5, movement=2)
    ready(base, "Ann")
    base, _ = play(base, "Ann move:byzantine:to:Leucosia")
    # Nobody holds the fleet: Bo may simply sail away.
    assert option_ids(base) == ["stay", "retreat:Damascus"]
    free, _ = play(base, "Bo retreat:Damascus")
    assert free.player("Bo").arab.at == "Damascus"
    # Cy holds it and is asked.
    base.boxes["byzantine_fleet"] = 2
    rebalance(base)
    state, _ = play(base, "Bo retreat")
    assert decision(state).player == "Cy" and option_ids(state) == ["fleet:allow", "fleet:forbid"]
    allowed, _ = play(state, "Cy fleet:allow")
    assert allowed.player("Bo").arab.at == "Damascus"
    check(allowed)


def test_the_fleet_owner_needs_no_leave_for_his_own_arab_army():
    """Rückzug einer Armee: only "wenn ... der Spieler, der die byzantinische Flotte kontrolliert, von seiner
    Macht keinen Gebrauch macht" - the owner's own Arab army sails off without a question."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Leucosia", side="arab", markers=2, controller="Bo")
    set_city(state, "Damascus", side="arab", markers=2)
    set_army(state, "Bo", "arab", at="Leucosia", main=2, movement=1)
    set_army(state, "Ann", "byzantine", at="Tarsus", main=5, movement=2)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    state, _ = play(state, "Ann move:byzantine:to:Leucosia", "Bo retreat:Damascus")
    assert state.player("Bo").arab.at == "Damascus"


def test_a_byzantine_army_may_always_retreat_by_sea():
    """Rückzug einer Armee: "Eine byzantinische Armee kann sich immer problemlos und ohne weitere Kosten über
    eine Seeverbindung zurückziehen." """
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Damascus", side="arab", markers=2, controller="Ann")
    set_city(state, "Leucosia", controller="Bo")
    set_army(state, "Ann", "arab", at="Damascus", main=9, movement=3)
    set_army(state, "Bo", "byzantine", at="Leucosia", main=2, movement=1)
    state.boxes["byzantine_fleet"] = 2
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Leucosia", "Cy fleet:none")
    assert option_ids(state) == ["stay", "retreat:Alexandria", "retreat:Antioch", "retreat:Attalia",
                                 "retreat:Candia", "retreat:Tarsus"]
    state, _ = play(state, "Bo retreat:Candia")
    bo = state.player("Bo")
    assert bo.byzantine.at == "Candia" and (bo.byzantine.main, bo.byzantine.movement) == (2, 1)


def test_a_byzantine_army_in_constantinople_may_retreat_by_sea_to_any_coastal_city():
    """Rückzug einer Armee, Italian: "Un Esercito Bizantino può sempre ritirarsi via mare senza subire
    penalità aggiuntive", and from Constantinople its sea move reaches "una qualsiasi città bagnata dal
    Mar Mediterraneo o dal Mar Nero ... anche città che non hanno collegamenti via mare". With Adrianople
    Bulgar and Nicaea Arab, the army still reaches a Byzantine coastal city without a loss."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Adrianople", side="bulgar", markers=1)
    set_city(state, "Nicaea", side="arab", markers=2)
    set_army(state, "Cy", "byzantine", at="Constantinople", main=2, movement=1)
    ready(state, "Ann")
    state, _ = play(state, "Ann special:bulgars:Constantinople")
    coastal = sorted(name for name, city in board().cities.items()
                     if city.coastal and city.side == "byzantine" and name not in ("Constantinople", "Nicaea"))
    assert option_ids(state) == ["stay"] + [f"retreat:{name}" for name in coastal]
    state, events = play(state, "Cy retreat:Trebizond")
    cy = state.player("Cy")
    assert cy.byzantine.at == "Trebizond" and (cy.byzantine.main, cy.byzantine.movement) == (2, 1)
    assert [e.data["path"] for e in kinds(events, "retreat")] == [["Constantinople", "Trebizond"]]
    check(state)


def test_an_army_that_cannot_retreat_is_destroyed():
    """Rückzug einer Armee: "Wenn sich eine arabische Armee nicht zurückziehen kann (weil die byzantinische
    Flotte dies nicht gestattet), ist sie vernichtet, d. h. alle Holzwürfel aus dem Elitefeld, Hauptarmee und
    Bewegungsfeld werden in den Verlustvorrat gelegt." """
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Leucosia", side="arab", markers=2, controller="Bo")
    set_city(state, "Damascus", side="arab", markers=2)
    set_army(state, "Bo", "arab", elite=1, at="Leucosia", main=2, movement=1, levy=1)
    set_army(state, "Ann", "byzantine", at="Tarsus", main=5, movement=2)
    state.boxes["byzantine_fleet"] = 2
    ready(state, "Ann")
    casualty = state.player("Bo").casualty
    state, _ = play(state, "Ann move:byzantine:to:Leucosia", "Bo retreat")
    state, events = play(state, "Cy fleet:forbid")
    bo = state.player("Bo")
    assert bo.arab.at is None and (bo.arab.elite, bo.arab.main, bo.arab.movement, bo.arab.levy) == (0, 0, 0, 1)
    assert bo.casualty == casualty + 4 and kinds(events, "destroyed")
    check(state)


# -- Bürgerwehren -------------------------------------------------------------------------------------

def test_levy_defends_only_when_no_field_army_is_left_in_the_city():
    """Bürgerwehren: "Falls es in der angegriffenen Stadt keine Feldarmee (mehr) gibt, kann der die Stadt
    kontrollierende Spieler die Stadt mit seiner Bürgerwehr verteidigen" - after Cy's army is beaten,
    Bo (whose army was not there) may call his levy."""
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Cy", "byzantine", at="Jerusalem", main=2)
    ready(state, "Ann")
    state, _ = attack(state)
    assert decision(state).player == "Cy"  # the army first, no levy yet
    pin_dice(state, [1] * 5)
    state, _ = play(state, "Cy stay", "Cy retreat:Damascus")
    assert decision(state).player == "Bo" and option_ids(state) == ["levy", "no_levy"]


def test_a_player_whose_army_fought_may_not_then_defend_with_his_levy():
    """Bürgerwehren: "daß die Bürgerwehr nie mit der Feldarmee gemeinsam kämpfen kann und daß ein Spieler
    nie eine Stadt erst mit seiner Bürgerwehr und danach mit seiner Feldarmee verteidigen kann" (reading:
    one or the other in an attack)"""
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 2, "levy": 3})
    state, _ = attack(state)
    pin_dice(state, [1] * 5 + [1, 1, 1])
    state, events = play(state, "Bo stay", "Bo retreat:Damascus")
    assert not kinds(events, "levy") and kinds(events, "siege")


def test_an_army_that_retreated_before_the_battle_leaves_the_levy_free_to_defend():
    """Bürgerwehren: "Falls es in der angegriffenen Stadt keine Feldarmee (mehr) gibt" - the army left
    before any battle, so the levy may still defend."""
    state = jerusalem(attacker={"main": 9, "movement": 3}, defender={"main": 2, "levy": 2})
    state, _ = attack(state)
    state, _ = play(state, "Bo retreat:Damascus")
    assert decision(state).player == "Bo" and option_ids(state) == ["levy", "no_levy"]


def test_levy_rolls_up_to_three_dice_and_loses_only_levy_cubes():
    """Kampf: "Ebenso würfelt eine Bürgerwehr mit so vielen Zahlenwürfeln wie Holzwürfel im
    Bürgerwehfeld sind, aber HÖCHSTENS mit drei." Bürgerwehren: "daß Verluste der Bürgerwehr nur aus dem
    Bürgerwehfeld genommen werden können." """
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Bo", "byzantine", elite=2, main=3, movement=2, levy=5)
    ready(state, "Ann")
    state, _ = attack(state)
    pin_dice(state, [6, 6, 1, 1, 1, 1, 1, 1, 1])
    state, events = play(state, "Bo levy")
    assert [len(r) for r in rolls(events)][:2] == [3, 3]
    bo = state.player("Bo")
    assert (bo.byzantine.levy, bo.byzantine.elite, bo.byzantine.main, bo.byzantine.movement) == (3, 2, 3, 2)


def test_a_beaten_levy_keeps_its_remaining_cubes():
    """Kampf: "Eine unterlegene Bürgerwehr gilt (gedanklich) als aufgelöst, die eventuell noch auf dem
    Bürgerwehfeld vorhandenen Holzwürfel bleiben dem Spieler aber erhalten" - then the siege follows."""
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Bo", "byzantine", levy=4)
    ready(state, "Ann")
    state, _ = attack(state)
    pin_dice(state, [6, 1, 1, 1, 1, 1] + [1, 1, 1])
    state, events = play(state, "Bo levy")
    assert state.player("Bo").byzantine.levy == 3
    assert kinds(events, "siege") and state.cities["Jerusalem"].side == "arab"


def test_a_levy_that_wins_sends_the_attacker_back():
    """Bürgerwehren: "Ein Kampf zwischen Bürgerwehr und Feldarmee läuft fast nach genau denselben Regeln
    ab wie ein Kampf zwischen zwei Feldarmeen." - strength against levy cubes, ties to the defender."""
    state = jerusalem(attacker={"main": 3, "movement": 3})
    set_army(state, "Bo", "byzantine", levy=3)
    ready(state, "Ann")
    state, _ = attack(state)
    pin_dice(state, [1, 1, 1, 1, 1, 1])
    state, events = play(state, "Bo levy")
    assert state.player("Ann").arab.at == "Tabuk" and not kinds(events, "siege")
    assert state.cities["Jerusalem"].controller == 1


def test_only_the_emperor_may_defend_constantinople_with_his_levy():
    """Bürgerwehren: "Falls Konstantinopel angegriffen wird, kann nur der Spieler, der in dieser Runde schon
    die Kaiseraktion gewählt hat (falls überhaupt schon geschehen), beschließen, die Hauptstadt mit seiner
    Bürgerwehr zu verteidigen." """
    base = new_game(("Ann", "Bo", "Cy"))
    set_city(base, "Nicaea", side="arab", markers=2, controller="Ann")
    set_army(base, "Ann", "arab", at="Nicaea", main=9, movement=4)
    ready(base, "Ann")
    state, events = play(base, "Ann move:arab:to:Constantinople")
    assert kinds(events, "siege")  # nobody is Emperor: no levy at all
    base.emperor = 2
    base.player("Cy").byzantine.guard = True
    base._decisions = None
    state, _ = play(base, "Ann move:arab:to:Constantinople")
    assert decision(state).player == "Cy" and option_ids(state) == ["levy", "no_levy"]


# -- Mehrere Verteidiger ------------------------------------------------------------------------------

def test_the_attacker_chooses_the_order_of_several_defenders():
    """Mehrere Verteidiger: "muß der Angreifer erst jede dieser Armeen schlagen (falls sie sich nicht
    zurückziehen), bevor er die Stadt belagert. Der Angreifer entscheidet die Reihenfolge" """
    state = jerusalem(attacker={"elite": 2, "main": 9, "movement": 3}, defender={"main": 2})
    set_army(state, "Cy", "byzantine", at="Jerusalem", main=1)
    ready(state, "Ann")
    state, _ = attack(state)
    state, _ = play(state, "Bo stay", "Cy stay")
    assert decision(state).player == "Ann" and option_ids(state) == ["fight:Bo", "fight:Cy"]
    pin_dice(state, [1] * 6 + [1] * 7)
    state, events = play(state, "Ann fight:Cy")
    assert kinds(events, "battle")[0].data["defender"] == "Cy"
    state, events = play(state, "Cy retreat:Damascus")  # then Bo, the only one left, is fought
    assert kinds(events, "battle")[0].data["defender"] == "Bo"
    assert decision(state).player == "Bo" and decision(state).kind == "retreat"


# -- Belagerung -----------------------------------------------------------------------------------------

def test_siege_rolls_one_die_per_marker_and_fortification():
    """Belagerung: "Der verteidigende Spieler ... wirft so viele Würfel, wie Stadtmarker in der umkämpften
    Stadt sind, einschließlich eines Befestigungsmarkers." """
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_city(state, "Jerusalem", controller="Bo", fortified=True)
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    state, events = attack(state, 1, 1, 1, 1)
    assert rolls(events) == [[1, 1, 1, 1]]


def test_siege_is_won_only_with_more_strength_than_the_city():
    """Belagerung: "Falls nach diesem Würfelwurf die Anzahl Holzwürfel des Angreifers in seinem Elitefeld
    und Hauptarmeefeld größer ist als die Anzahl Stadtmarker einschließlich Befestigungsmarker ..., hat der
    Angreifer die Stadt erobert. Andernfalls hat er verloren und muß sich in die Stadt zurückziehen, aus der
    er gekommen war." """
    state = jerusalem(attacker={"main": 4, "movement": 3})
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    state, events = attack(state, 6, 1, 1)
    state, _ = play(state, "Ann loss:main=1")  # 3 against 3: not enough
    assert state.cities["Jerusalem"].side == "byzantine" and state.player("Ann").arab.at == "Tabuk"
    state = jerusalem(attacker={"main": 4, "movement": 3})
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    state, events = attack(state, 1, 1, 1)  # 4 against 3
    assert state.cities["Jerusalem"].side == "arab" and state.player("Ann").arab.at == "Jerusalem"


def test_persian_city_defends_at_its_printed_strength():
    """Belagerung: "Falls ein Spieler mit seiner Feldarmee zu einer persischen Stadt zieht, verläuft die
    Belagerung genau wie gerade beschrieben ... Die Stärke der Stadt ist in der Stadt selbst auf dem
    Spielplan angegeben." """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Palmyra", controller="Ann")
    set_army(state, "Ann", "byzantine", at="Palmyra", main=3, movement=2)
    ready(state, "Ann")
    pin_dice(state, [1, 1, 1])
    state, events = play(state, "Ann move:byzantine:to:Hira")
    assert rolls(events) == [[1, 1, 1]]
    assert state.cities["Hira"].side == "persian"  # 3 against 3
    assert state.player("Ann").byzantine.at == "Palmyra"


def test_persian_city_conquered_gets_one_marker_fewer_than_printed():
    """Belagerung: "Nach erfolgreicher Eroberung legt der Spieler dann einen Marker weniger auf die Stadt,
    als dort angegeben. Jede persische Stadt kann von beiden Seiten ... angegriffen werden." """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Palmyra", controller="Ann")
    set_army(state, "Ann", "byzantine", at="Palmyra", main=4, movement=2)
    ready(state, "Ann")
    pin_dice(state, [1, 1, 1])
    state, events = play(state, "Ann move:byzantine:to:Hira")
    hira = state.cities["Hira"]
    assert (hira.side, hira.markers, hira.controller) == ("byzantine", 2, 0)
    ann = state.player("Ann")
    assert ann.vp["byzantine"] == 12 and ann.treasury["byzantine"] == 17


def test_constantinople_defends_at_five_and_its_hits_count_double():
    """Belagerung: "Konstantinopel verteidigt sich mit einer Stärke von fünf ... Jeder Treffer, den
    Konstantinopel erzielt, bedeutet zwei Holzwürfel Verlust für den Belagerer" """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Nicaea", side="arab", markers=2, controller="Ann")
    set_army(state, "Ann", "arab", at="Nicaea", main=9, movement=4)
    ready(state, "Ann")
    pin_dice(state, [6, 1, 1, 1, 1])
    state, events = play(state, "Ann move:arab:to:Constantinople")
    assert rolls(events) == [[6, 1, 1, 1, 1]]
    assert state.player("Ann").arab.main == 7  # one hit, two cubes
    assert state.finished and state.constantinople_fallen  # 7 against 5


def test_constantinople_falling_ends_the_game_with_five_arab_vp():
    """Belagerung: "Falls ein Spieler Konstantinopel erobert, bekommt er dafür fünf arabische Siegpunkte
    und das Spiel endet sofort. In diesem Falle zählen nur die arabischen Siegpunkte ... Auch findet keine
    abschließende Städtewertung mehr statt" """
    from tests.byzantium_kit import GAME

    state = new_game(("Ann", "Bo"))
    set_city(state, "Nicaea", side="arab", markers=2, controller="Ann")
    set_city(state, "Damascus", controller="Bo")
    state.player("Bo").vp.update({"byzantine": 30, "arab": 14})
    set_army(state, "Ann", "arab", at="Nicaea", main=9, movement=4)
    ready(state, "Ann")
    pin_dice(state, [1] * 5)
    state, events = play(state, "Ann move:arab:to:Constantinople")
    assert state.finished and not GAME.pending(state)
    assert state.player("Ann").vp == {"byzantine": 10, "arab": 15}
    assert state.player("Bo").vp == {"byzantine": 30, "arab": 14}  # no city scoring
    result = {row["player"]: row["score"] for row in GAME.result(state)}
    assert result == {"Ann": 15, "Bo": 14}


# -- Erfolgreiche Eroberung ----------------------------------------------------------------------------

def test_conquest_replaces_the_markers_by_one_fewer_of_the_conquerors_side():
    """Erfolgreiche Eroberung: "Dann entfernt der Angreifer die vorhandenen Stadtmarker und legt nun
    Stadtmarker seiner Seite in die Stadt, und zwar einen weniger als vorher dort lagen." """
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    state, _ = attack(state, 1, 1, 1)
    city = state.cities["Jerusalem"]
    assert (city.side, city.markers) == ("arab", 2)


def test_conquest_gives_vp_and_booty_equal_to_the_new_markers():
    """Erfolgreiche Eroberung: "Dann erhält der Eroberer jeweils so viele Siegpunkte und Bezants (als
    Beutegut) wie nun neue Stadtmarker in der Stadt liegen." """
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    state, _ = attack(state, 1, 1, 1)
    ann = state.player("Ann")
    assert ann.vp == {"byzantine": 10, "arab": 12}
    assert ann.treasury == {"byzantine": 15, "arab": 7}
    state, _ = play(state)
    assert state.cities["Jerusalem"].controller == 0 and state.cities["Jerusalem"].control_cube


def test_a_one_marker_city_keeps_one_marker_and_gives_no_vp_or_booty():
    """Erfolgreiche Eroberung: "Hatte eine Stadt vor der Eroberung aber nur einen Stadtmarker, erhält sie
    danach auch wieder genau einen Stadtmarker der gegnerischen Seite, allerdings bekommt der Eroberer
    dafür weder Siegpunkte noch Bezants." """
    state = jerusalem(attacker={"main": 9, "movement": 3}, markers=1)
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    state, events = attack(state, 1)
    city = state.cities["Jerusalem"]
    assert (city.side, city.markers) == ("arab", 1)
    ann = state.player("Ann")
    assert ann.vp == {"byzantine": 10, "arab": 10} and ann.treasury == {"byzantine": 15, "arab": 5}
    state, _ = play(state)
    assert state.cities["Jerusalem"].controller == 0  # control all the same ("So oder so")


def test_a_conquered_fortification_goes_back_to_its_owner():
    """Erfolgreiche Eroberung: "Falls in der eroberten Stadt ein Befestigungsmarker war, erhält der Spieler
    diesen nun zurück." """
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_city(state, "Jerusalem", controller="Bo", fortified=True)
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    assert state.player("Bo").forts_left == 1
    state, events = attack(state, 1, 1, 1, 1)
    assert state.player("Bo").forts_left == 2 and not state.cities["Jerusalem"].fortified
    check(state)


def test_the_old_control_cube_goes_to_the_old_owners_casualty_pool():
    """Erfolgreiche Eroberung (Italian: "L'eventuale cubo presente sulla pila di segnalini viene riposto
    nella Riserva delle Perdite del giocatore proprietario")."""
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Bo", "byzantine")
    ready(state, "Ann")
    casualty = state.player("Bo").casualty
    state, _ = attack(state, 1, 1, 1)
    assert state.player("Bo").casualty == casualty + 1
    state, _ = play(state)
    check(state)


def test_the_control_cube_must_be_bought_when_possible():
    """Erfolgreiche Eroberung, BEISPIEL: "Hätte er noch drei Bezants in der Staatskasse gehabt, wäre er
    gezwungen gewesen, damit den Kontrollmarker zu bezahlen." """
    state = jerusalem(attacker={"main": 9, "movement": 3})
    set_army(state, "Bo", "byzantine")
    set_money(state, "Ann", arab=1)
    state.player("Ann").casualty += state.player("Ann").available
    state.player("Ann").available = 0
    ready(state, "Ann")
    casualty = state.player("Ann").casualty
    asked, _ = play(state, "Ann pref:cube_source=ask")
    state, _ = attack(state, 1, 1, 1)
    # 1 + 2 booty = 3 Arab bezants: a bought cube (from the casualty pool, as preferred), not two from the army
    ann = state.player("Ann")
    assert ann.treasury["arab"] == 0 and ann.arab.main == 9 and state.cities["Jerusalem"].control_cube
    assert ann.casualty == casualty + 1 - 1  # the movement cube in, the control cube out
    check(state)
    # A player who is asked sees the same: no free cube, a cube to buy.
    asked, _ = attack(asked, 1, 1, 1)
    assert decision(asked).kind == "source" and "source:casualty" in option_ids(asked)
    assert "source:available" not in option_ids(asked)


def test_without_a_cube_to_buy_two_cubes_leave_the_army():
    """Erfolgreiche Eroberung: "Falls er das nicht kann, ... muß er zwei Holzwürfel von seiner
    Eroberungsarmee nehmen (Elite, Hauptarmee- oder Bewegungsfeld) und einen davon auf die Stadt setzen,
    den anderen in seinen Verlustvorrat legen." """
    state = jerusalem(attacker={"main": 9, "movement": 3}, markers=1)
    set_army(state, "Bo", "byzantine")
    set_money(state, "Ann", byzantine=50, arab=2)
    state.player("Ann").casualty += state.player("Ann").available
    state.player("Ann").available = 0
    ready(state, "Ann")
    casualty = state.player("Ann").casualty
    state, _ = attack(state, 1)
    # The two cubes are one choice.
    assert decision(state).kind == "control"
    assert option_ids(state) == ["army:main=2", "army:main=1,movement=1", "army:movement=2"]
    state, _ = play(state, "Ann army:main=1,movement=1")
    ann = state.player("Ann")
    assert (ann.arab.main, ann.arab.movement) == (8, 1)  # 3 - 1 to move - 1 for the city
    assert ann.casualty == casualty + 1 + 1  # the movement cube spent, and one of the two
    assert state.cities["Jerusalem"].control_cube and ann.treasury["byzantine"] == 50
    check(state)


def test_the_guard_serves_as_one_of_the_two_only_when_two_cubes_are_left():
    """Erfolgreiche Eroberung: "Der weiße bzw. lila Elitewürfel kann nur dann für diesen Zweck genommen
    werden, wenn gerade nur noch genau zwei Holzwürfel in der Armee übrig sind. Der Spieler legt dann seinen
    Holzwürfel auf die Stadt, der Elitewürfel wird zunächst zur Seite gelegt" """
    def caliph_without_cubes_to_buy(**army):
        state = jerusalem(markers=1)
        set_army(state, "Bo", "byzantine")
        set_army(state, "Ann", "arab", at="Tabuk", guard=True, **army)
        state.caliph = 0
        set_money(state, "Ann", arab=0)
        rebalance(state)
        state.player("Ann").casualty += state.player("Ann").available
        state.player("Ann").available = 0
        return ready(state, "Ann")

    state, _ = attack(caliph_without_cubes_to_buy(main=2, movement=2), 1)
    assert option_ids(state) == ["army:main=2", "army:main=1,movement=1"]  # no guard while own cubes are left
    state, _ = play(state, "Ann army:main=2")
    ann = state.player("Ann")
    assert ann.arab.guard and (ann.arab.main, ann.arab.movement) == (0, 1)
    # One own cube and the guard: the elite cube holds the city, the guard is set aside.
    state, events = attack(caliph_without_cubes_to_buy(elite=1, movement=1), 1)
    ann = state.player("Ann")
    assert kinds(events, "control")[0].data["taken"] == ["elite", "guard"]
    assert not ann.arab.guard and ann.arab.at is None
    assert state.cities["Jerusalem"].control_cube and state.caliph == 0
    check(state)


def test_an_army_with_no_cubes_left_after_a_battle_is_destroyed():
    """Vernichtete Feldarmee: "Falls ein Spieler nach einem Kampf keinen einzigen Holzwürfel mehr in seinen
    Armeefeldern (Elite, Hauptarmee, Bewegung) hat, ist die Armee vernichtet und der Spieler nimmt die
    Feldarmeefigur vom Spielplan." """
    state = jerusalem(attacker={"main": 3, "movement": 1}, defender={"elite": 2, "main": 3})
    state, _ = attack(state)
    pin_dice(state, [1, 1, 1, 6, 6, 6, 6, 1])
    state, events = play(state, "Bo stay")
    ann = state.player("Ann")
    assert ann.arab.at is None and kinds(events, "destroyed")
    assert decision(state).player == "Bo" and decision(state).kind == "action"
    refused(state, "Ann", "pass")
    check(state)
