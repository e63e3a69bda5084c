"""Byzantium prompts say what a choice does and costs (issue 14, item 17).

A label is read on a button (at most 80 characters) by a player who may not have the rulebook at
hand: an attack names the city attacked, an action names its cost ("EIN HINWEIS ZU DEN
HOLZWÜRFELN": a cube from the free pool costs nothing, from elsewhere 3 bezants), and a retreat
offer says where the army would go and what it would lose ("Rückzug einer Armee").
"""

import pytest

from tests.byzantium_kit import decision, new_game, play, set_army, set_city
from tests.byzantium_rules_kit import ready


def labels(state) -> dict[str, str]:
    return {o.id: o.label for o in decision(state).options}


def test_a_move_into_a_city_of_another_side_is_labelled_as_an_attack_on_that_city():
    """F. Angriff: "Falls eine Armee zu einer Stadt zieht, die nicht von ihrer eigenen Seite
    kontrolliert wird, muß sie sofort angreifen" - the label names the city's side as the target's,
    never as if it were the attacker's ("attack (persian)")."""
    state = new_game(("Ann", "Bo"))
    set_army(state, "Ann", "byzantine", at="Edessa", main=6, movement=5)
    ready(state, "Ann")
    found = labels(state)
    assert found["move:byzantine:to:Amida"] == "Attack Persian Amida (1 movement cube)"
    assert found["move:byzantine:to:Antioch"] == "To Antioch (1 movement cube)"
    state = new_game(("Ann", "Bo"))
    set_city(state, "Alexandria", side="arab", markers=2, controller="Ann")
    set_army(state, "Ann", "arab", at="Alexandria", main=5, movement=4)
    state.boxes["byzantine_fleet"] = 1
    ready(state, "Ann")
    assert labels(state)["move:arab:to:Candia"] == "Attack Byzantine Candia (2 movement cubes, by sea; 4 if doubled)"


def test_the_civil_war_option_says_it_takes_the_civil_war_box_and_a_cube():
    """Bürgerkrieg is a special action ("indem er einen Holzwürfel auf ein entsprechendes leeres Feld
    ... legt") chosen within the move action: its option says so, and what the cube costs."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Damascus", controller="Bo")
    set_army(state, "Ann", "byzantine", at="Damascus", main=4, movement=2)
    ready(state, "Ann")
    assert labels(state)["move:byzantine:civil_war"] == ("Civil war: attack Damascus (civil war box: a cube from the "
                                                         "free pool)")
    moved = state.model_copy(deep=True)
    set_army(moved, "Ann", "byzantine", at="Damascus", main=4, movement=4)
    ready(moved, "Ann")
    moved, _ = play(moved, "Ann move:byzantine:to:Jerusalem", "Ann to:Damascus")  # after a move: the move decision
    assert labels(moved)["civil_war"].startswith("Civil war: attack Damascus")
    assert "special action" in decision(moved).prompt
    state = new_game(("Ann", "Bo"))
    set_city(state, "Damascus", controller="Bo")
    set_army(state, "Ann", "byzantine", at="Damascus", main=4, movement=2)
    ready(state, "Ann", casualty={"Ann": 10})
    state.player("Ann").casualty += state.player("Ann").available  # no free cube left
    state.player("Ann").available = 0
    state._decisions = None
    assert labels(state)["move:byzantine:civil_war"] == ("Civil war: attack Damascus (civil war box: a cube for 3 "
                                                         "Byzantine bezants)")


def test_a_bulgar_attack_speaks_to_its_sender_as_the_sender():
    """Bulgarenangriff: the player sends the Bulgars; the army standing in the attacked city is asked
    about its retreat. The sender is told of "the Bulgars you sent", never "Bo attacks ... where your
    army stands" as if Bo were someone else; the others learn who sent them."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Thessalonica", controller="Cy")
    for name in ("Bo", "Cy"):
        set_army(state, name, "byzantine", at="Thessalonica", main=2)
    ready(state, "Bo")
    state, _ = play(state, "Bo special:bulgars:Thessalonica")
    assert decision(state).player == "Bo"
    assert decision(state).prompt.startswith("The Bulgars you sent attack Thessalonica, where your Byzantine army")
    state, _ = play(state, "Bo stay")
    assert decision(state).player == "Cy"
    assert decision(state).prompt.startswith("The Bulgars sent by Bo attack Thessalonica, where your Byzantine army")


@pytest.mark.parametrize(("free", "expected"), [
    (None, {
        "take:Jerusalem": "Take Jerusalem (+3 Byzantine VP; a cube from the free pool)",
        "reinforce": "Reinforce the armies (up to 3 cubes from the free pool)",
        "special:bulgars:Thessalonica": "The Bulgars (9) attack Thessalonica (a cube from the free pool)",
        "special:bulgars:more": "Add 4 cubes to the Bulgars, to 11 (a cube from the free pool)",
        "special:emperor": "Become Emperor (+2 Byzantine VP, the purple guard cube; no cube needed)",
        "special:byzantine_fleet": "Take the Byzantine fleet (a cube from the free pool)",
        "special:arab_improvement:Tabuk": "Improve Tabuk to 2 markers (a cube from the free pool)",
        "special:fortify:Ankara": "Fortify Ankara (+1 in sieges; a cube from the free pool)",
        "church": "Build a church (+2 Byzantine VP; 6 bezants and a cube from the free pool)",
        "move:byzantine:to:Caesarea": "To Caesarea (1 movement cube)",
        "place:arab:Tabuk": "Enter the board at Tabuk",
    }),
    (0, {
        "take:Jerusalem": "Take Jerusalem (+3 Byzantine VP; a cube for 3 Byzantine bezants)",
        "reinforce": "Reinforce the armies (up to 3 cubes, 3 bezants each)",
        "special:bulgars:Thessalonica": "The Bulgars (9) attack Thessalonica (a cube for 3 Arab bezants)",
        "special:bulgars:more": "Add 4 cubes to the Bulgars, to 11 (a cube for 3 bezants)",
        "special:byzantine_fleet": "Take the Byzantine fleet (a cube for 3 Byzantine bezants)",
        "mosque": "Build a mosque (+2 Arab VP; 9 bezants with the cube)",
    }),
    (2, {"reinforce": "Reinforce the armies (up to 3 cubes: 2 free, then 3 bezants each)"}),
])
def test_action_labels_say_what_they_cost(free, expected):
    """"EIN HINWEIS ZU DEN HOLZWÜRFELN": a cube from the free pool costs nothing, one from the casualty
    pool or an army box 3 bezants of the side that benefits; the church costs "sechs Bezants" on top;
    Kaiser and Kalif take no cube of the player's own; a move spends movement cubes, no bezants."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Ankara", controller="Ann")
    set_army(state, "Ann", "byzantine", at="Ankara", main=3, movement=2)
    set_army(state, "Ann", "arab", main=3)
    ready(state, "Ann", casualty={"Ann": 12})
    ann = state.player("Ann")
    ann.treasury.update({"byzantine": 20, "arab": 20})
    kept = ann.available if free is None else free  # cubes left in the free pool
    ann.casualty += ann.available - kept
    ann.available = kept
    state._decisions = None
    found = labels(state)
    for option_id, label in expected.items():
        assert found[option_id] == label
    assert all(len(label) <= 80 for label in found.values())


def test_the_retreat_offer_shows_where_the_army_would_go_and_what_it_would_lose():
    """Rückzug einer Armee: the army retreats to the nearest city of its side, one cube lost for each
    other city passed; the offer says where that is and what it costs before the player decides."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Tabuk", controller="Ann")
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    set_army(state, "Bo", "byzantine", at="Jerusalem", main=2, movement=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Jerusalem")
    assert labels(state) == {"stay": "Stay and fight in Jerusalem", "retreat:Alexandria": "Retreat to Alexandria (no loss)",
                             "retreat:Damascus": "Retreat to Damascus (no loss)"}
    assert decision(state).prompt == ("Ann's Arab army attacks Jerusalem, where your Byzantine army stands "
                                      "(2 strong). Retreating, it would go to Alexandria or Damascus, losing no "
                                      "cube. Retreat or fight?")
    # Bo's Arab army needs the leave of Cy's Byzantine fleet to retreat by sea: from Leucosia there is
    # no other way; from Alexandria by land it passes Tabuk (made Byzantine) and loses a cube.
    state = arab_army_attacked_under_cys_fleet("Leucosia", "Tarsus")
    assert labels(state)["retreat"] == "Retreat (destroyed unless Cy lets it go by sea)"
    assert decision(state).prompt.endswith(
        "Retreating by sea, which Cy's Byzantine fleet may forbid, it would go to Tabuk, losing 1 cube; otherwise "
        "it would be destroyed. Retreat or fight?")
    state = arab_army_attacked_under_cys_fleet("Alexandria", "Jerusalem", byzantine="Tabuk", arab="Leucosia")
    assert labels(state)["retreat"] == "Retreat to Medina (lose 1 cube), or by sea if Cy allows"
    assert decision(state).prompt.endswith(
        "Retreating by sea, which Cy's Byzantine fleet may forbid, it would go to Leucosia, losing no cube; "
        "otherwise to Medina, losing 1 cube. Retreat or fight?")


def arab_army_attacked_under_cys_fleet(at, attacker_from, byzantine=None, arab=None):
    """Bo's Arab army at `at` (his city) is attacked by Ann's Byzantine army; Cy holds the fleet."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, at, side="arab", markers=2, controller="Bo")
    for city, side in ((byzantine, "byzantine"), (arab, "arab")):
        if city:
            set_city(state, city, side=side, markers=1)
    set_army(state, "Bo", "arab", at=at, main=2, movement=1)
    set_army(state, "Ann", "byzantine", at=attacker_from, main=5, movement=2)
    state.boxes["byzantine_fleet"] = 2
    ready(state, "Ann")
    state, _ = play(state, f"Ann move:byzantine:to:{at}")
    return state


def test_an_army_in_a_city_attacked_in_a_civil_war_is_told_it_is_a_civil_war():
    """Bürgerkrieg: "Die Kämpfe in einem Bürgerkrieg verlaufen genau so wie alle anderen Kämpfe" - an
    army of the same side standing in the city is asked about its retreat like any defender, and is told
    why an army of its own side attacks."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Damascus", controller="Bo")
    set_army(state, "Ann", "byzantine", at="Damascus", main=4, movement=2)
    set_army(state, "Cy", "byzantine", at="Damascus", main=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:byzantine:civil_war")
    assert decision(state).player == "Cy"
    assert decision(state).prompt.startswith("Ann's Byzantine army attacks Damascus in a civil war, where your "
                                             "Byzantine army stands (2 strong).")
