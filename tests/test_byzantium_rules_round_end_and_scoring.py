"""Byzantium rules, one test per rule: 2. EINKOMMEN UND UNTERHALT, 3. NEUE RUNDE, SPIELENDE UND SIEG.

Rulebook: /work/shared/seeds/002_49aca6fcc1621f95.txt (German, quoted), 000_... (Italian).
"""

from tests.byzantium_kit import (
    GAME,
    check,
    decision,
    kinds,
    new_game,
    option_ids,
    play,
    set_army,
    set_city,
    set_money,
)
from tests.byzantium_rules_kit import blank, pass_round, ready, refused, rich


def quiet(players=("Ann", "Bo")):
    """A game with empty army cards (no upkeep) and no money."""
    state = blank(new_game(players))
    for p in state.players:
        set_money(state, p.name, byzantine=0, arab=0)
    return ready(state, players[0])


def end_round(state, *players):
    """Everyone passes in turn, starting with the first player named."""
    for name in players:
        state, _ = play(state, f"{name} pass")
    return state


# -- 2. EINKOMMEN UND UNTERHALT --------------------------------------------------------------------

def test_income_is_two_bezants_per_controlled_marker_into_that_sides_treasury():
    """2. EINKOMMEN UND UNTERHALT: "Für jeden Stadtmarker unter seiner Kontrolle erhält jeder Spieler zwei
    Bezants, wobei er genau darauf achten muß, die Einnahmen beider Seite getrennt zu halten" """
    state = quiet()
    set_city(state, "Damascus", controller="Ann")  # 3 Byzantine markers
    set_city(state, "Ankara", controller="Ann")  # 2
    set_city(state, "Mecca", controller="Ann")  # 2 Arab markers
    set_city(state, "Medina", controller="Bo")
    ready(state, "Ann")
    state = end_round(state, "Ann", "Bo")
    assert state.round == 2
    assert state.player("Ann").treasury == {"byzantine": 10, "arab": 4}
    assert state.player("Bo").treasury == {"byzantine": 0, "arab": 2}


def test_a_fortification_earns_no_income():
    """Befestigung: "Befestigungsmarker generieren weder Siegpunkte noch Einkommen." """
    state = quiet()
    set_city(state, "Damascus", controller="Ann", fortified=True)
    ready(state, "Ann")
    state = end_round(state, "Ann", "Bo")
    assert state.player("Ann").treasury["byzantine"] == 6


def test_upkeep_per_cube_elite_3_main_1_movement_1_levy_2():
    """2. EINKOMMEN UND UNTERHALT: "Für jeden Holzwürfel in seinen Truppenfeldern muß er den jeweils im
    Goldkreis genannten Betrag aus der entsprechenden Staatskasse zahlen." (elite 3, main 1, movement 1,
    levy 2: data/README.md)"""
    state = quiet()
    set_army(state, "Ann", "byzantine", elite=2, main=3, levy=1, movement=2)  # 6 + 3 + 2 + 2 = 13
    set_army(state, "Ann", "arab", elite=1, main=4, movement=1, levy=2)  # 3 + 4 + 1 + 4 = 12
    set_money(state, "Ann", byzantine=20, arab=12)
    ready(state, "Ann")
    state, events = play(state, "Ann pass", "Bo pass")
    ann = state.player("Ann")
    assert ann.treasury == {"byzantine": 7, "arab": 0} and ann.removed == 0
    paid = {e.data["side"]: e.data["amount"] for e in kinds(events, "upkeep") if e.data["player"] == "Ann"}
    assert paid == {"byzantine": 13, "arab": 12}


def test_income_comes_before_upkeep():
    """2. EINKOMMEN UND UNTERHALT: "Alle Spieler erhalten nun Einkommen und müssen Unterhalt für ihre
    Armeen bezahlen ... Dann muß jeder Spieler Unterhalt für seine Truppen zahlen." """
    state = quiet()
    set_city(state, "Damascus", controller="Ann")
    set_army(state, "Ann", "byzantine", main=6)
    ready(state, "Ann")
    state = end_round(state, "Ann", "Bo")
    ann = state.player("Ann")
    assert ann.byzantine.main == 6 and ann.removed == 0 and ann.treasury["byzantine"] == 0


def test_unpaid_cubes_leave_the_game_and_cost_one_vp_each():
    """2. EINKOMMEN UND UNTERHALT: "Jeder Holzwürfel, für den ein Spieler den Betrag nicht bezahlen kann,
    wird aus dem Spiel entfernt (und nicht etwa in den Verlustvorrat gelegt)! Außerdem verliert der Spieler
    für jeden Holzwürfel, den er auf diese Weise verliert, einen Siegpunkt der entsprechenden Seite." """
    state = quiet()
    set_army(state, "Ann", "arab", main=3, levy=1)  # 5 bezants of upkeep
    set_money(state, "Ann", arab=2)
    ready(state, "Ann")
    casualty = state.player("Ann").casualty
    state, _ = play(state, "Ann pass", "Bo pass")
    assert decision(state).player == "Ann" and decision(state).kind == "upkeep"
    # One choice of the cubes that go: removed one at a time "until the rest can be paid", so never
    # more than that (main=3,levy=1 would remove the levy after the rest was already affordable).
    assert option_ids(state) == ["disband:main=1,levy=1", "disband:main=3", "disband:main=2,levy=1"]
    refused(state, "Ann", "disband:main=3,levy=1")
    refused(state, "Ann", "disband:levy=1")  # 3 left to pay, 2 in the treasury
    state, _ = play(state, "Ann disband:main=1,levy=1")
    ann = state.player("Ann")
    assert (ann.arab.main, ann.arab.levy, ann.removed) == (2, 0, 2)
    assert ann.vp == {"byzantine": 10, "arab": 8} and ann.treasury["arab"] == 0
    # Out of the game, not in the casualty pool: the pool (less the pass cube) gives back half of itself.
    assert ann.casualty == (casualty - 1) // 2
    assert state.round == 2
    check(state)


def test_every_players_upkeep_waits_at_once_and_each_answers_their_own():
    """2. EINKOMMEN UND UNTERHALT: "Alle Spieler erhalten nun Einkommen und müssen Unterhalt für ihre
    Armeen bezahlen ... Dann muß jeder Spieler Unterhalt für seine Truppen zahlen": no order, so every
    player who cannot pay decides at once (rules version 4), whoever answers first."""
    state = quiet(("Ann", "Bo", "Cy"))
    for name in ("Ann", "Bo", "Cy"):
        set_army(state, name, "arab", main=3, levy=1)  # 5 bezants of upkeep, 2 in the treasury
        set_money(state, name, arab=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann pass", "Bo pass", "Cy pass")
    waiting = GAME.pending(state)
    assert [(d.player, d.kind) for d in waiting] == [("Ann", "upkeep"), ("Bo", "upkeep"), ("Cy", "upkeep")]
    # The last in turn order may answer first; the others' choices stay exactly as they were.
    before = {d.player: [o.id for o in d.options] for d in waiting}
    state, _ = play(state, "Cy disband:main=3")
    waiting = GAME.pending(state)
    assert {d.player: [o.id for o in d.options] for d in waiting} == {"Ann": before["Ann"], "Bo": before["Bo"]}
    refused(state, "Cy", "disband:main=1,levy=1")  # Cy has answered
    refused(state, "Ann", "disband:main=3,levy=1")  # still checked against Ann's own upkeep
    state, _ = play(state, "Bo disband:main=2,levy=1", "Ann disband:main=1,levy=1")
    assert [state.player(name).arab.main for name in ("Ann", "Bo", "Cy")] == [2, 1, 0]
    assert state.round == 2
    check(state)


def test_vp_never_drop_below_zero():
    """2. EINKOMMEN UND UNTERHALT: "Ein Spieler kann niemals weniger als null Siegpunkte haben." """
    state = quiet()
    set_army(state, "Ann", "byzantine", main=3)
    state.player("Ann").vp["byzantine"] = 1
    ready(state, "Ann")
    state, _ = play(state, "Ann pass", "Bo pass")  # nothing to pay with: all three go, one by one
    ann = state.player("Ann")
    assert ann.removed == 3 and ann.vp["byzantine"] == 0 and ann.byzantine.main == 0
    check(state)


def test_cubes_come_back_from_the_action_tax_and_pass_boxes():
    """2. EINKOMMEN UND UNTERHALT: "Alle Spieler nehmen nun ihre Holzwürfel aus den Aktionsfeldern, dem
    Steuerfeld und dem Passenfeld und legen sie zurück in ihren Vorrat." - control cubes stay."""
    state = rich(quiet())
    ready(state, "Ann", casualty={"Ann": 0, "Bo": 0})
    ann_free, bo_free = state.player("Ann").available, state.player("Bo").available
    # Every cube comes from the free pool, the only source left (empty cards, empty casualty pools).
    state, _ = play(state, "Ann special:arab_fleet", "Bo special:emperor",
                    "Ann tax", "Ann tax:byzantine=6", "Bo pass")
    state, _ = play(state, "Ann take:Mecca")  # Ann's last action
    ann, bo = state.player("Ann"), state.player("Bo")
    assert state.round == 2 and ann.casualty == bo.casualty == 0
    assert ann.available == ann_free - 1  # the fleet and tax cubes are back, Mecca's control cube is not
    assert bo.available == bo_free and not bo.pass_cube
    assert state.cities["Mecca"].control_cube and ann.tax_cubes == 0
    assert all(holder is None for holder in state.boxes.values())
    check(state)


def test_half_the_casualties_come_back_rounded_up():
    """2. EINKOMMEN UND UNTERHALT: "Außerdem erhalten alle Spieler die Hälfte (aufgerundet) der Holzwürfel
    ihres Verlustvorrats und legen sie ebenfalls in ihren Vorrat." """
    state = rich(quiet())
    ready(state, "Ann", casualty={"Ann": 12, "Bo": 8})
    ann_free, bo_free = state.player("Ann").available, state.player("Bo").available
    state = end_round(state, "Ann", "Bo")  # each pass cube comes from the casualty pool: 11 and 7 left
    assert (state.player("Ann").casualty, state.player("Ann").available) == (5, ann_free + 1 + 6)
    assert (state.player("Bo").casualty, state.player("Bo").available) == (3, bo_free + 1 + 4)


# -- SPIELENDE UND SIEG --------------------------------------------------------------------------------

def test_round_three_has_income_and_upkeep_before_the_final_scoring():
    """DER SPIELABLAUF: "Das Spiel geht über drei Spielrunden, jede Spielrunde besteht aus folgenden drei
    Phasen: 1. SPIELERAKTIONEN 2. EINKOMMEN UND UNTERHALT 3. NEUE RUNDE" (reading: round 3 too)."""
    state = quiet()
    set_city(state, "Damascus", controller="Ann")
    set_army(state, "Ann", "arab", main=1)
    set_money(state, "Ann", arab=1)
    state.round = 3
    ready(state, "Ann")
    state, events = play(state, "Ann pass", "Bo pass")
    assert state.finished
    assert state.player("Ann").treasury == {"byzantine": 6, "arab": 0}
    assert kinds(events, "income") and kinds(events, "upkeep")


def test_final_scoring_one_vp_per_controlled_marker_by_side():
    """SPIELENDE UND SIEG: "Alle Spieler erhalten nun noch einmal einen Siegpunkt für jeden Stadtmarker
    unter ihrer Kontrolle, natürlich getrennt nach byzantinischer und arabischer Seite." - fortifications
    give no VP ("Befestigungsmarker generieren weder Siegpunkte noch Einkommen")."""
    state = quiet()
    set_city(state, "Damascus", controller="Ann", fortified=True)
    set_city(state, "Smyrna", controller="Ann")
    set_city(state, "Mecca", controller="Ann", markers=3)
    set_city(state, "Medina", controller="Bo")
    state.round = 3
    ready(state, "Ann")
    state = end_round(state, "Ann", "Bo")
    assert state.finished
    assert state.player("Ann").vp == {"byzantine": 15, "arab": 13}
    assert state.player("Bo").vp == {"byzantine": 10, "arab": 11}


def finished_with(vps, cities=None, money=None):
    """A finished game where each player has the given (byzantine, arab) VP (before city scoring: none)."""
    names = tuple(vps)
    state = quiet(names)
    for name, (byz, arab) in vps.items():
        state.player(name).vp.update({"byzantine": byz, "arab": arab})
    for name, held in (cities or {}).items():
        for city in held:
            set_city(state, city, controller=name, markers=1)
    for name, amount in (money or {}).items():
        set_money(state, name, byzantine=amount)
    state.round = 3
    ready(state, names[0])
    state = pass_round(state)
    assert state.finished
    return state


def test_a_side_below_half_the_other_does_not_count():
    """SPIELENDE UND SIEG: "Falls der niedrigere Siegpunktwert eines Spielers mindestens halb so hoch ist wie
    sein höherer Siegpunktwert, zählt er beide Werte ... zusammen. Falls der niedrigere Siegpunktwert ...
    weniger als halb so hoch ist ..., zählt nur der höhere Wert" """
    state = finished_with({"Ann": (21, 10), "Bo": (12, 24), "Cy": (9, 19)})
    scores = {row["player"]: (row["score"], row["halved"]) for row in GAME.result(state)}
    assert scores == {"Ann": (21, True), "Bo": (36, False), "Cy": (19, True)}
