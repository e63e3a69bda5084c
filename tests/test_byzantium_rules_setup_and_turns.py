"""Byzantium rules, one test per rule: SPIELVORBEREITUNG, DER SPIELABLAUF, the engine contract.

Rulebook: /work/shared/seeds/002_49aca6fcc1621f95.txt (German, quoted), 000_... (Italian).
"""

import random

import pytest

from engine.byzantium.board import board
from engine.byzantium.cubes import cube_places
from engine.byzantium.flow import Ctx
from engine.core import BaseState, IllegalAction, random_below, same_labels, seed_fields
from tests.byzantium_kit import (
    GAME,
    check,
    decision,
    new_game,
    option_ids,
    pin_dice,
    play,
    set_army,
    set_city,
)
from tests.byzantium_rules_kit import pass_all, pass_round, ready, refused, rich

START_CARDS = {
    "byzantine": {"elite": 1, "main": 3, "levy": 2, "movement": 2},
    "arab": {"elite": 0, "main": 8, "levy": 0, "movement": 5},
}


# -- SPIELVORBEREITUNG ---------------------------------------------------------------------------

def test_setup_city_markers_equal_the_printed_number():
    """SPIELVORBEREITUNG: "Auf jede byzantinische und arabische Stadt des Spielplans werden so viele
    Stadtmarker der entsprechenden Farbe gelegt, wie die Zahl in der Stadt vorgibt." """
    state = new_game()
    checked = 0
    for name, printed in board().cities.items():
        if printed.side in ("byzantine", "arab") and name != "Constantinople":
            city = state.cities[name]
            assert (city.side, city.markers, city.controller) == (printed.side, printed.strength, None), name
            checked += 1
    assert checked == 23  # 20 Byzantine cities besides Constantinople, 3 Arab cities


def test_setup_persian_cities_and_constantinople_get_no_markers():
    """SPIELVORBEREITUNG: "Auf die grauen persischen Städte und auf Konstantinopel werden keine Marker
    gelegt." """
    state = new_game()
    persian = [n for n, c in board().cities.items() if c.side == "persian"]
    assert len(persian) == 9
    for name in persian + ["Constantinople"]:
        assert state.cities[name].markers == 0, name
        assert state.cities[name].controller is None
    assert state.cities["Constantinople"].side == "byzantine"


def test_setup_seven_bulgar_cubes():
    """SPIELVORBEREITUNG: "Auf das Bulgarenfeld werden sieben orangene Holzwürfel gelegt." """
    assert new_game().bulgars == 7


def test_setup_guard_cubes_wait_on_the_emperor_and_caliph_boxes():
    """SPIELVORBEREITUNG: "Auf das Kaiserfeld der Sonderaktionsreihen wird der lila Holzwürfel gelegt,
    der weiße Holzwürfel auf das Kalifenfeld" - nobody holds them, both roles are open."""
    state = new_game()
    assert state.emperor is None and state.caliph is None
    assert not any(p.byzantine.guard or p.arab.guard for p in state.players)
    assert {"special:emperor", "special:caliph"} <= set(option_ids(state))
    assert all(holder is None for holder in state.boxes.values())
    assert len(state.boxes) == 16


def test_setup_army_cards_hold_the_starting_troops_and_no_army_is_on_the_board():
    """SPIELVORBEREITUNG: "Dann setzen alle Spieler ihre Starttruppen auf ihre Armeetafel ... Die
    Feldarmeefiguren werden zunächst beiseite gelegt." (numbers: data/README.md)"""
    state = new_game(("Ann", "Bo", "Cy", "Di"))
    for p in state.players:
        for side, boxes in START_CARDS.items():
            card = p.card(side)
            assert {box: getattr(card, box) for box in boxes} == boxes
            assert card.at is None and not card.guard


def test_setup_each_player_has_42_cubes_rest_in_the_casualty_pool():
    """SPIELMATERIAL: "42 Holzwürfel pro Spieler"; SPIELVORBEREITUNG: "Die übrig bleibenden Holzwürfel
    legt jeder Spieler neben seine Armeetafel, das ist sein Verlustvorrat." """
    state = new_game(("Ann", "Bo"))
    ctx = Ctx(state)
    for seat, p in enumerate(state.players):
        places = cube_places(ctx, seat)
        on_cards = p.byzantine.own_cubes() + p.arab.own_cubes()
        assert sum(places.values()) + on_cards == 42
        assert (places["available"], places["casualty"], on_cards) == (9, 12, 21)
        assert places["cities"] == places["action_spaces"] == places["removed"] == 0


def test_setup_treasuries_15_byzantine_and_5_arab():
    """SPIELVORBEREITUNG: "Jeder Spieler erhält zu Beginn 15 Bezants in seine byzantinische
    Staatskasse und 5 in seine arabische Staatskasse." """
    for p in new_game().players:
        assert p.treasury == {"byzantine": 15, "arab": 5}


def test_setup_ten_vp_on_each_track():
    """SPIELVORBEREITUNG: "Jeder Spieler beginnt das Spiel mit 10 Siegpunkten auf jeder der beiden
    Siegpunkteleisten" """
    for p in new_game().players:
        assert p.vp == {"byzantine": 10, "arab": 10}


def test_start_player_is_drawn_from_the_generator():
    """SPIELVORBEREITUNG: "Mit den Zahlenwürfeln wird ein Startspieler bestimmt." The draw comes from
    the game's own generator, so the seed decides it and every seat can start."""
    players = ["Ann", "Bo", "Cy"]
    seen = set()
    for seed in range(40):
        state = GAME.setup(players, seed, {})
        expected = random_below(BaseState(**seed_fields(seed)), 3)
        assert state.start_player == state.turn == expected
        assert decision(state).player == players[expected]
        assert GAME.setup(players, seed, {}).start_player == expected  # same seed, same start
        seen.add(expected)
    assert seen == {0, 1, 2}


def test_first_option_fixes_the_start_player():
    """SPIELVORBEREITUNG (Startspieler); the `first` option names him for tests and replays, and a
    name that is not a player is refused."""
    state = new_game(("Ann", "Bo", "Cy"), first="Cy")
    assert decision(state).player == "Cy" and state.start_player == 2
    with pytest.raises(IllegalAction):
        GAME.setup(["Ann", "Bo"], 1, {"first": "Zed"})
    with pytest.raises(IllegalAction):
        GAME.setup(["Ann", "Bo"], 1, {"colour": "red"})


@pytest.mark.parametrize("count", [0, 1, 5, 6])
def test_only_two_to_four_players(count):
    """Einleitung: "Byzantium ist für zwei, drei oder vier Spieler geeignet." """
    with pytest.raises(IllegalAction):
        GAME.setup([f"P{i}" for i in range(count)], 1, {})
    for ok in (2, 3, 4):
        GAME.setup([f"P{i}" for i in range(ok)], 1, {})


# -- DER SPIELABLAUF: turns and rounds --------------------------------------------------------

def test_turns_go_clockwise_from_the_start_player():
    """1. SPIELERAKTIONEN: "Die Spielreihenfolge geht reihum im Uhrzeigersinn, beginnend mit dem
    Startspieler." """
    state = new_game(("Ann", "Bo", "Cy", "Di"), first="Cy")
    order = []
    for _ in range(4):
        player = decision(state).player
        order.append(player)
        state, _ = play(state, f"{player} tax", f"{player} tax:byzantine=2")
    order.append(decision(state).player)
    assert order == ["Cy", "Di", "Ann", "Bo", "Cy"]


def test_a_player_who_passed_takes_no_more_actions():
    """1. SPIELERAKTIONEN: "Wer gepasst hat, kann in dieser Spielrunde keine weiteren Aktionen mehr
    ausführen." """
    state = new_game(("Ann", "Bo", "Cy"))
    state = pass_all(state, "Ann")
    assert state.player("Ann").passed
    state, _ = play(state, "Bo tax", "Bo tax:byzantine=2")
    assert decision(state).player == "Cy"
    state, _ = play(state, "Cy tax", "Cy tax:byzantine=2")
    assert decision(state).player == "Bo"  # Ann is skipped
    refused(state, "Ann", "pass")


def test_round_ends_after_the_last_players_single_final_action():
    """G. PASSEN: "Wenn alle Spieler bis auf einen gepasst haben, ist die Runde fast beendet. Der noch
    übrige Spieler führt noch genau eine Aktion aus, das kann auch Passen sein." """
    state = rich(new_game(("Ann", "Bo", "Cy")))
    state = pass_all(state, "Ann", "Bo")
    assert state.final_action and decision(state).player == "Cy"
    state, events = play(state, "Cy take:Nicaea")
    assert state.round == 2  # no second action for Cy: income, upkeep, next round
    assert any(e.kind == "round_end" for e in events)
    assert not state.player("Cy").passed and state.cities["Nicaea"].controller == 2


def test_the_last_player_may_pass_as_his_final_action():
    """G. PASSEN: "Der noch übrige Spieler führt noch genau eine Aktion aus, das kann auch Passen
    sein." """
    state = rich(new_game(("Ann", "Bo")))
    state = pass_all(state, "Ann", "Bo")
    assert state.round == 2


def test_first_passer_starts_the_next_round():
    """3. NEUE RUNDE: "Der Spieler, der als erster gepaßt hatte, ist Startspieler der neuen Runde." """
    state = rich(new_game(("Ann", "Bo", "Cy")))
    state, _ = play(state, "Ann tax", "Ann tax:byzantine=2")
    state = pass_all(state, "Bo", "Cy", "Ann")
    assert state.round == 2
    assert state.start_player == 1 and decision(state).player == "Bo"
    state, _ = play(state, "Bo tax", "Bo tax:byzantine=2")
    state = pass_all(state, "Cy", "Ann", "Bo")
    assert state.round == 3 and decision(state).player == "Cy"


def test_game_lasts_three_rounds():
    """SPIELENDE UND SIEG: "Das Spiel endet nach der dritten Spielrunde." """
    state = new_game(("Ann", "Bo"))
    for expected_round in (1, 2, 3):
        assert state.round == expected_round and not state.finished
        state = pass_round(state)
    assert state.finished and GAME.is_over(state)
    refused(state, "Ann", "pass")


# -- the engine contract --------------------------------------------------------------------------

def test_illegal_choices_are_refused_and_change_nothing():
    """Any option not offered now (wrong player, unknown id, an action of another kind) raises
    IllegalAction and leaves the state as it was."""
    state = new_game(("Ann", "Bo", "Cy"))
    refused(state, "Bo", "pass")  # not Bo's turn
    refused(state, "Ann", "take:Constantinople")
    refused(state, "Ann", "take:Baghdad")
    refused(state, "Ann", "tax:byzantine=6")  # a later decision's option
    refused(state, "Zed", "pass")
    state, _ = play(state, "Ann take:Damascus")
    refused(state, "Ann", "source:byzantine.levy.extra")
    refused(state, "Ann", "pass")


def test_apply_never_changes_its_input():
    """apply returns a new state; the one passed in stays exactly as it was (dumps before/after)."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    set_army(state, "Bo", "byzantine", at="Jerusalem", elite=1, main=2, movement=1)
    ready(state, "Ann")
    pin_dice(state, [6, 6, 6, 1, 1, 1, 1, 5, 5, 5])
    for choice in ("Ann move:arab:to:Jerusalem", "Bo stay", "Bo loss:main=2,movement=1"):
        before = GAME.dumps(state)
        player, option = choice.split(" ", 1)
        new, _ = GAME.apply(state, player, option)
        assert GAME.dumps(state) == before, choice
        assert new is not state
        state = new
    check(state)


def test_dumps_and_loads_round_trip_exactly_mid_action():
    """A state serialises to JSON and back exactly, half-finished actions (the task stack), pinned
    dice and the generator included; the loaded state offers the same decision and plays on the same."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    set_army(state, "Bo", "byzantine", at="Jerusalem", elite=1, main=2, movement=1)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Jerusalem")
    text = GAME.dumps(state)
    loaded = GAME.loads(text)
    assert GAME.dumps(loaded) == text
    assert GAME.pending(loaded) == GAME.pending(state)
    a, events_a = play(state, "Bo stay")
    b, events_b = play(loaded, "Bo stay")
    assert GAME.dumps(a) == GAME.dumps(b)
    assert [e.text for e in events_a] == [e.text for e in events_b]


def test_version_goes_up_by_one_per_choice():
    """Every accepted choice adds exactly one to the version, however many forced steps follow."""
    state = rich(new_game(("Ann", "Bo")))
    assert state.version == 0
    state, _ = play(state, "Ann pass")  # the pass cube's source is forced (casualty pool)
    assert state.version == 1
    state, _ = play(state, "Bo pass")  # the whole end of round runs as forced steps
    assert state.round == 2 and state.version == 2


# -- random playouts ------------------------------------------------------------------------------

def test_random_playouts_keep_every_invariant_and_never_change_their_input():
    """Random legal choices to the end of many games with 2, 3 and 4 players: the invariants hold
    after every step and apply never changes the state it is given. Passing is made rarer than the
    other actions so that games run long and reach fights, conquests and the end of round 3."""
    games = 0
    for seed in range(18):
        players = [f"P{i}" for i in range(2 + seed % 3)]
        state = GAME.setup(players, seed, {})
        rng = random.Random(seed)
        steps = 0
        while not GAME.is_over(state):
            d = GAME.pending(state)[0]
            assert not same_labels(d), (seed, steps, d.kind, same_labels(d))  # options told apart
            ids = [o.id for o in d.options]
            if d.kind == "action" and len(ids) > 1 and rng.random() < 0.8:
                ids.remove("pass")
            option = rng.choice(ids)
            before = GAME.dumps(state)
            new, _ = GAME.apply(state, d.player, option)
            assert GAME.dumps(state) == before, (seed, steps, option)
            broken = GAME.invariants(new)
            assert not broken, (seed, steps, option, broken)
            assert new.version == state.version + 1
            state = new
            steps += 1
            assert steps < 5000
        assert state.finished
        assert len(GAME.result(state)) == len(players)
        games += 1
    assert games == 18
