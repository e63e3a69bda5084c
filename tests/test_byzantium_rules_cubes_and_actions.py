"""Byzantium rules, one test per rule: the cubes and the actions A, B, D, E and G.

Rulebook: /work/shared/seeds/002_49aca6fcc1621f95.txt (German, quoted), 000_... (Italian).
"""

from tests.byzantium_kit import (
    check,
    decision,
    new_game,
    option_ids,
    pin_dice,
    play,
    set_army,
    set_city,
    set_money,
)
from tests.byzantium_rules_kit import ready, refused, rich

# -- EIN HINWEIS ZU DEN HOLZWÜRFELN ------------------------------------------------------------


def test_free_pool_cubes_cost_nothing():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: "VORRAT – Diese Holzwürfel sind umsonst. Sie können sowohl für
    die Araber als auch für die Byzantiner eingesetzt werden." """
    state = new_game()
    set_money(state, "Ann", byzantine=0, arab=0)
    assert "take:Damascus" in option_ids(state) and "take:Mecca" in option_ids(state)
    state, events = play(state, "Ann take:Mecca")  # the free pool is the only source: taken by itself
    ann = state.player("Ann")
    assert ann.available == 8 and ann.treasury == {"byzantine": 0, "arab": 0}
    assert not [e for e in events if e.kind == "pay"]
    check(state)


def test_casualty_cube_costs_three_from_the_benefiting_side():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: "aus seinem getrennt liegenden Verlustvorrat, wofür er jeweils
    3 Bezants zahlen muß. Die Bezahlung muß immer aus der Staatskasse der Seite erfolgen, die vom
    Einsatz des Holzwürfels profitiert." An Arab city: the Arab treasury pays."""
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann take:Mecca", "Ann source:casualty")
    ann = state.player("Ann")
    assert ann.treasury == {"byzantine": 15, "arab": 2}
    assert ann.casualty == 11 and ann.available == 9
    check(state)


def test_army_card_cube_costs_three_from_the_benefiting_side():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN, BEISPIEL: "Ein Spieler legt einen Holzwürfel vom arabischen
    Bürgerwehfeld auf das byzantinische Bewegungsfeld. Dafür muß er 3 Bezants aus der byzantinischen
    Staatskasse ... zahlen." (here: Arab movement cube for a Byzantine city)"""
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann take:Nicaea", "Ann source:arab.movement")
    ann = state.player("Ann")
    assert ann.arab.movement == 4
    assert ann.treasury == {"byzantine": 12, "arab": 5}
    check(state)


def test_a_cube_the_player_cannot_pay_for_is_not_offered():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: paid cubes cost 3 bezants "aus der Staatskasse der Seite ..., die
    vom Einsatz des Holzwürfels profitiert" - with an empty free pool and 2 Byzantine bezants no
    Byzantine city can be taken, while Arab cities (3 Arab bezants) still can."""
    state = new_game()
    state.player("Ann").available = 0
    state.player("Ann").casualty += 9
    set_money(state, "Ann", byzantine=2, arab=3)
    ids = option_ids(state)
    assert not [i for i in ids if i in ("take:Damascus", "take:Nicaea", "take:Athens")]
    assert "take:Mecca" in ids
    refused(state, "Ann", "take:Damascus")
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann take:Mecca")
    assert "source:available" not in option_ids(state)
    assert "source:casualty" in option_ids(state)


def test_source_options_when_the_treasury_is_short_are_the_free_pool_only():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: only free-pool cubes are free; the paid sources disappear when
    the benefiting treasury holds less than 3."""
    state = new_game()
    set_money(state, "Ann", byzantine=2)
    state, _ = play(state, "Ann take:Nicaea")
    # A single option is applied by itself: the cube came from the free pool.
    ann = state.player("Ann")
    assert state.cities["Nicaea"].control_cube and ann.available == 8 and ann.treasury["byzantine"] == 2


def test_a_cube_cannot_come_from_the_box_it_goes_to():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: "Man kann aber nicht für einen Holzwürfel bezahlen und diesen dann
    in seinen Vorrat legen. Ein Holzwürfel muß zum Nutzen einer der beiden Seiten eingesetzt werden." -
    nor be bought out of a box and put back into the same box."""
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann reinforce", "Ann reinforce:byzantine.main=1")
    ids = option_ids(state)
    assert "source:byzantine.main" not in ids
    assert {"source:available", "source:casualty", "source:byzantine.levy", "source:arab.main"} <= set(ids)


# -- A. KONTROLLE ÜBER EINE STADT ÜBERNEHMEN ---------------------------------------------------

def test_take_city_gains_vp_equal_to_its_markers_on_its_sides_track():
    """A.: "Dafür erhält er sofort so viele Siegpunkte, wie Stadtmarker in dieser Stadt liegen. Diese
    Siegpunkte werden auf der Siegpunktleiste hinzugefügt, zu deren Seite die Stadt gehört." """
    state = new_game()
    set_city(state, "Tabuk", markers=3)
    state, _ = play(state, "Ann take:Tabuk")
    ann = state.player("Ann")
    assert ann.vp == {"byzantine": 10, "arab": 13}
    city = state.cities["Tabuk"]
    assert city.controller == 0 and city.control_cube
    check(state)


def test_first_byzantine_city_places_the_byzantine_army_there():
    """A.: "Wenn ein Spieler das erste Mal die Kontrolle über eine byzantinische Stadt übernimmt, muß er
    auch sofort eine seiner Feldarmeefiguren dorthin setzen" - and only the first time."""
    state = rich(new_game(("Ann", "Bo")))
    state, _ = play(state, "Ann take:Mecca")
    assert state.player("Ann").byzantine.at is None and state.player("Ann").arab.at is None
    state, _ = play(state, "Bo tax", "Bo tax:byzantine=2")
    state, _ = play(state, "Ann take:Smyrna")
    assert state.player("Ann").byzantine.at == "Smyrna"
    state, _ = play(state, "Bo special:emperor")
    state, _ = play(state, "Ann take:Athens")
    assert state.player("Ann").byzantine.at == "Smyrna"
    check(state)


def test_nobody_can_take_constantinople():
    """A.: "Niemand kann die Kontrolle über Konstantinopel übernehmen." """
    state = new_game()
    assert "take:Constantinople" not in option_ids(state)
    refused(state, "Ann", "take:Constantinople")


def test_only_uncontrolled_byzantine_or_arab_cities_can_be_taken():
    """A.: "einen Holzwürfel als Kontrollmarker auf einen noch unkontrollierten Stapel byzantinischer oder
    arabischer Stadtmarker setzen" - not a controlled city, a Persian or a Bulgar city."""
    state = new_game()
    set_city(state, "Damascus", controller="Bo")
    set_city(state, "Athens", side="bulgar", markers=1)
    ready(state, "Ann")
    ids = option_ids(state)
    for name in ("Damascus", "Athens", "Baghdad", "Hira"):
        assert f"take:{name}" not in ids
        refused(state, "Ann", f"take:{name}")
    assert "take:Jerusalem" in ids


# -- B. ARMEE VERSTÄRKEN -------------------------------------------------------------------------

def test_reinforce_places_up_to_three_cubes():
    """B.: "Der Spieler kann bis zu drei Holzwürfel aus legalen Quellen auf beliebige Armeefelder seiner
    Armeetafel legen." - the third cube ends the action."""
    state = new_game(("Ann", "Bo"))
    state, _ = play(state, "Ann reinforce")
    refused(state, "Ann", "reinforce:byzantine.main=3,arab.levy=1")  # four cubes
    state, _ = play(state, "Ann reinforce:byzantine.main=2,arab.levy=1")
    ann = state.player("Ann")
    assert (ann.byzantine.main, ann.arab.levy, ann.available) == (5, 1, 6)
    assert decision(state).player == "Bo"
    check(state)


def test_reinforce_may_stop_after_one_cube():
    """B.: "bis zu drei Holzwürfel" - fewer are allowed."""
    state = new_game(("Ann", "Bo"))
    state, _ = play(state, "Ann reinforce")
    refused(state, "Ann", "reinforce:")  # at least one cube
    state, _ = play(state, "Ann reinforce:byzantine.levy=1")
    assert state.player("Ann").byzantine.levy == 3 and decision(state).player == "Bo"


def test_reinforce_at_most_one_cube_per_elite_box_per_action():
    """B.: "Auf jedes Elitefeld kann allerdings pro Aktion nur maximal 1 Holzwürfel gelegt werden." """
    state = new_game()
    state, _ = play(state, "Ann reinforce")
    elite = {i.id: i.max for i in decision(state).amounts.items if i.id.endswith(".elite")}
    assert elite == {"byzantine.elite": 1, "arab.elite": 1}
    refused(state, "Ann", "reinforce:byzantine.elite=2")
    state, _ = play(state, "Ann reinforce:byzantine.elite=1,byzantine.main=1,arab.elite=1")
    assert state.player("Ann").byzantine.elite == 2 and state.player("Ann").arab.elite == 1


def test_reinforce_both_sides_in_one_action_from_mixed_sources():
    """B. BEISPIEL: "Andy nimmt zwei Holzwürfel aus seinem Vorrat und einen Holzwürfel vom arabischen
    Bewegungsfeld ... Er muß drei Bezants aus der byzantinischen Staatskasse für den Holzwürfel zahlen";
    "In einer Aktion können Holzwürfel sowohl auf byzantinische als auch arabische Armeefelder gelegt
    werden." Here the bought cube goes to the Arab levy: the Arab treasury pays."""
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann reinforce",
                    "Ann reinforce:byzantine.elite=1,byzantine.main=1,arab.levy=1")
    # The cubes get their sources in turn; the Arab cube comes first (its treasury is the poorer).
    state, _ = play(state, "Ann source:byzantine.movement", "Ann source:available", "Ann source:casualty")
    ann = state.player("Ann")
    assert (ann.byzantine.elite, ann.byzantine.main, ann.byzantine.movement, ann.arab.levy) == (2, 4, 1, 1)
    assert ann.treasury == {"byzantine": 12, "arab": 2}
    check(state)


# -- D. STEUERN ------------------------------------------------------------------------------------

def test_taxes_pay_two_bezants_per_free_pool_cube_split_freely():
    """D. STEUERN: "Der Spieler legt so viele Holzwürfel aus seinem Vorrat auf das Steuerfeld, wie er
    möchte bzw. kann. Für jeden ... bekommt er einmalig 2 Bezants. Das Geld kann er beliebig auf seine
    beiden Staatskassen verteilen" """
    state = new_game()
    state, _ = play(state, "Ann tax")
    # One choice: how many cubes (2 bezants each) and the split; the 9 free-pool cubes, no more.
    [total] = decision(state).amounts.totals
    assert (total.lo, total.hi, total.step) == (2, 18, 2)
    refused(state, "Ann", "tax:byzantine=20")
    refused(state, "Ann", "tax:byzantine=3,arab=4")  # an odd sum is no whole number of cubes
    state, _ = play(state, "Ann tax:byzantine=3,arab=5")
    ann = state.player("Ann")
    assert ann.treasury == {"byzantine": 18, "arab": 10}
    assert ann.tax_cubes == 4 and ann.available == 5 and ann.casualty == 12
    check(state)


def test_taxes_only_once_per_round():
    """D. STEUERN: "Diese Aktion kann jeder Spieler nur einmal pro Spielrunde wählen" """
    state = rich(new_game(("Ann", "Bo")))
    state, _ = play(state, "Ann tax", "Ann tax:byzantine=2", "Bo special:emperor")
    assert "tax" not in option_ids(state)
    refused(state, "Ann", "tax")
    state, _ = play(state, "Ann pass", "Bo pass")
    assert state.round == 2 and "tax" in option_ids(state)


def test_taxes_need_a_free_pool_cube():
    """D. STEUERN: cubes "aus seinem Vorrat" only - none from the casualty pool or the cards."""
    state = new_game()
    state.player("Ann").casualty += state.player("Ann").available
    state.player("Ann").available = 0
    ready(state, "Ann")
    assert "tax" not in option_ids(state)


# -- E. KIRCHE/MOSCHEE BAUEN -----------------------------------------------------------------------

def test_church_costs_six_bezants_and_a_cube_and_gives_two_vp():
    """E. KIRCHE/MOSCHEE BAUEN: "Der Spieler legt einen Holzwürfel auf das Kirchen- oder Moscheefeld,
    wofür er sofort 2 Siegpunkte für die entsprechende Seite erhält. Das kostet ihn sechs Bezants" """
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann church", "Ann source:casualty")
    ann = state.player("Ann")
    assert ann.vp == {"byzantine": 12, "arab": 10}
    assert ann.treasury["byzantine"] == 15 - 6 - 3 and ann.churches == 1
    check(state)


def test_mosque_is_paid_from_the_arab_treasury():
    """E.: "die er aus der Staatskasse der Seite zahlen muß, welche die Siegpunkte erhält." """
    state = new_game()
    assert "mosque" not in option_ids(state)  # 5 Arab bezants are not enough
    set_money(state, "Ann", arab=6)
    assert "mosque" in option_ids(state)
    state, _ = play(state, "Ann mosque")  # 0 Arab bezants left: the free pool is the only source
    ann = state.player("Ann")
    assert ann.treasury == {"byzantine": 15, "arab": 0} and ann.vp["arab"] == 12 and ann.mosques == 1


def test_an_action_may_be_chosen_again_in_the_same_round():
    """1. SPIELERAKTIONEN: "Falls im Folgenden nicht anders gesagt, kann jede Aktion in jeder Runde mehrfach
    gewählt werden." E.: "Die Anzahl der Holzwürfel auf diesen beiden Feldern ist nicht begrenzt." """
    state = rich(new_game(("Ann", "Bo")))
    state, _ = play(state, "Ann church", "Bo take:Nicaea",
                    "Ann church", "Bo take:Ankara")
    assert state.player("Ann").churches == 2 and state.player("Ann").vp["byzantine"] == 14
    assert state.cities["Nicaea"].controller == state.cities["Ankara"].controller == 1
    assert "church" in option_ids(state) and "reinforce" in option_ids(state)


def test_church_is_not_offered_when_six_bezants_plus_the_cube_cannot_be_paid():
    """E. and EIN HINWEIS ZU DEN HOLZWÜRFELN: without a free cube the church costs 6 + 3 bezants."""
    state = new_game()
    ann = state.player("Ann")
    ann.casualty += ann.available
    ann.available = 0
    set_money(state, "Ann", byzantine=8)
    assert "church" not in option_ids(state)
    set_money(state, "Ann", byzantine=9)
    assert "church" in option_ids(state)


def test_church_cube_stays_until_the_end_of_the_game():
    """E.: "Der Holzwürfel bleibt dort bis zum Spielende." - it does not come back at the round end."""
    state = rich(new_game(("Ann", "Bo")))
    state, _ = play(state, "Ann church", "Bo pass", "Ann pass")
    assert state.round == 2
    ann = state.player("Ann")
    assert ann.churches == 1
    # 8 free + the pass cube + half of 11 casualties rounded up; the church cube is not among them
    assert (ann.available, ann.casualty) == (8 + 1 + 6, 5)
    check(state)


# -- G. PASSEN -------------------------------------------------------------------------------------

def test_pass_cube_comes_free_from_the_casualty_pool():
    """G. PASSEN: "nimmt er einen Holzwürfel aus seinem Verlustvorrat und legt ihn auf das Passenfeld.
    Dieser Holzwürfel ist kostenlos" """
    state = new_game()
    state, events = play(state, "Ann pass")
    ann = state.player("Ann")
    assert ann.passed and ann.pass_cube and ann.casualty == 11 and ann.available == 9
    assert ann.treasury == {"byzantine": 15, "arab": 5}
    assert state.pass_order == [0]
    check(state)


def test_pass_cube_from_the_cards_or_free_pool_when_the_casualty_pool_is_empty():
    """G. PASSEN: "Wenn der Spieler keine Holzwürfel mehr in seinem Verlustvorrat hat, muß er sich aus
    seinen Armeefeldern, ebenfalls kostenlos, oder aus seinem Vorrat bedienen." """
    state = new_game()
    set_money(state, "Ann", byzantine=0, arab=0)
    ready(state, "Ann", casualty={"Ann": 0})
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann pass")
    ids = option_ids(state)
    assert "source:available" in ids and "source:arab.main" in ids and "source:casualty" not in ids
    state, events = play(state, "Ann source:arab.main")
    ann = state.player("Ann")
    assert ann.arab.main == 7 and ann.pass_cube and ann.treasury == {"byzantine": 0, "arab": 0}
    check(state)


def test_a_player_without_any_cube_passes_without_one():
    """G. PASSEN (reading): with no cube in the casualty pool, on the cards or in the free pool there is
    nothing to put on the pass box; the pass stands all the same."""
    state = new_game(("Ann", "Bo"))
    set_army(state, "Ann", "byzantine")
    set_army(state, "Ann", "arab")
    state.player("Ann").removed = 42 - 0
    ready(state, "Ann", casualty={"Ann": 0})
    assert state.player("Ann").available == 0
    state, _ = play(state, "Ann pass")
    ann = state.player("Ann")
    assert ann.passed and not ann.pass_cube and decision(state).player == "Bo"
    check(state)


def test_a_player_who_passed_still_defends():
    """G. PASSEN: "Er kann danach in dieser Runde keine Aktionen mehr ausführen, sich aber natürlich
    weiterhin verteidigen." """
    state = new_game(("Ann", "Bo"))
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Bo", "byzantine", at="Jerusalem", elite=1, main=5, movement=1)
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    ready(state, "Bo")
    state, _ = play(state, "Bo pass")
    assert decision(state).player == "Ann"
    state, _ = play(state, "Ann move:arab:to:Jerusalem")
    assert decision(state).player == "Bo" and option_ids(state) == ["stay", "retreat:Alexandria", "retreat:Damascus"]
    pin_dice(state, [1, 1, 1, 1, 1, 1, 1])
    state, _ = play(state, "Bo stay")
    assert state.player("Bo").byzantine.at == "Jerusalem"  # 6 against 5: Bo holds
    assert state.player("Ann").arab.at == "Tabuk"
    check(state)
