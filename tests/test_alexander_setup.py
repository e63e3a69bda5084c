"""Alexander: the setup (3.1), the options, and the APM cup's openings (3.1i, 2.7)."""

from __future__ import annotations

import pytest

from engine.alexander import GAME
from engine.alexander.board import MAC, PER, board
from engine.alexander.testkit import answer, ids, kind, start
from engine.core import IllegalAction


def test_3_1_c_macedonian_setup():
    s = start()
    a1, a2 = s.army("macedonian.1"), s.army("macedonian.2")
    assert (a1.space, a1.asp, a1.elite, a1.inside) == ("Perinthos", 33, 4, False)
    assert (a2.space, a2.asp, a2.elite, a2.inside) == ("Pella", 15, 2, False)
    assert s.leaders["Alexander III"] == "army:macedonian.1" and s.leaders["Antipater"] == "army:macedonian.2"
    fleet = s.fleet("Macedonian")
    assert (fleet.space, fleet.nsp, fleet.side) == ("Chersonese", 3, MAC)
    assert s.leaders["Hegelochus"] == "fleet:Macedonian"


def test_3_1_d_persian_setup():
    s = start()
    a1, a2 = s.army("persian.1"), s.army("persian.2")
    assert (a1.space, a1.asp, a1.elite, a1.inside) == ("Susa", 42, 1, False)
    assert (a2.space, a2.asp, a2.elite) == ("Cyzicus", 40, 1)
    assert s.leaders["Darius III"] == "army:persian.1" and s.leaders["Memnon"] == "army:persian.2"
    assert s.royal_treasury.where == "army:persian.1" and s.royal_treasury.level == "empty"
    assert s.royal_family.where == "army:persian.1" and s.royal_family.holder == PER
    assert {f.name: f.space for f in s.fleets if f.side == PER} == {"Egyptian": "Pelusium", "Tyrian": "Tyre",
                                                                     "Ionian": "Salamis"}
    assert s.leaders["Pharnabazus"] == "fleet:Egyptian"


def test_3_1_a_other_leaders_wait_in_the_cups():
    s = start()
    in_cup = {n for n, loc in s.leaders.items() if loc == "cup"}
    set_aside = {"Alexander III", "Antipater", "Hegelochus", "Darius III", "Memnon", "Pharnabazus"}
    assert in_cup == set(board().leaders) - set_aside


def test_3_1_e_f_rhodes_and_the_tribes():
    s = start()
    assert s.garrisons["Rhodes"].side == "independent" and s.garrisons["Rhodes"].gsp == 2
    rhodian = s.fleet("Rhodian")
    assert rhodian.side is None and rhodian.nsp == 4 and rhodian.space == "Rhodes"
    assert {sp: (t.name, t.gsp) for sp, t in s.tribes.items()} == {
        "Cadusii": ("Cadusii", 2), "Uxii": ("Uxii", 1), "Petra": ("Nabataeans", 1)}


def test_3_1_g_h_treasuries_and_tracks():
    s = start()
    assert {c: (t.owner, t.level) for c, t in s.treasuries.items()} == {
        "Pella": (MAC, "full"), **{c: (PER, "full") for c in
                                   ("Sardes", "Damascus", "Memphis", "Babylon", "Susa", "Ecbatana", "Persepolis")}}
    assert s.asp_pool == {MAC: 75, PER: 175}
    assert s.weariness == 0 and s.injury == 0


def test_3_1_b_three_cards_each_and_the_rest_face_down():
    s = start()
    assert len(s.hands[MAC]) == 3 and len(s.hands[PER]) == 3
    assert len(s.deck) == 55 - 6  # 2.5: 55 cards


def test_3_1_j_control_at_the_start():
    s = start()
    b = board()
    for name, p in b.provinces.items():
        expected = {"europe": MAC, "persia": PER}.get(p.region)
        assert s.control[name] == expected, name
    for island in ("Lesbos", "Mytilene", "Chios", "Naxos"):
        assert s.control[island] == PER
    assert s.control["Parthia"] is None and s.control["Colchis"] is None and s.control["Rhodes"] is None


def test_2_2_the_frontier_is_parthia_and_colchis():
    frontier = sorted(p for p, info in board().provinces.items() if info.region == "frontier")
    assert frontier == ["Colchis", "Parthia"]


def test_3_1_c_d_starting_garrisons_are_placed_by_province_then_space():
    s = GAME.setup(["Ann", "Bo"], 3, {"macedonian": "Ann"})
    assert kind(s) == "setup_garrisons" and "province:Greece" in ids(s)
    assert not any(i.startswith("province:Lydia") for i in ids(s))  # Europe only for the Macedonian
    s = answer(s, "province:Greece")
    d = GAME.pending(s)[0]
    assert {i.id for i in d.amounts.items} >= {"Athens", "Sparta"}
    s = answer(s, d.amounts.answer({"Athens": 3, "Sparta": 2}))
    assert s.garrisons["Athens"].gsp == 3 and s.garrisons["Sparta"].gsp == 2
    # Five placed: the Persian places next; Mysia, Bithynia and the frontier are barred.
    d = GAME.pending(s)[0]
    assert d.player == "Bo" and "province:Lydia" in ids(s)
    assert not {"province:Mysia", "province:Bithynia", "province:Parthia"} & set(ids(s))


def test_8_6_at_most_three_gsp_in_a_minor_city_and_ten_in_a_major_one():
    s = GAME.setup(["Ann", "Bo"], 3, {"macedonian": "Ann"})
    s = answer(s, "province:Greece")
    items = {i.id: i.max for i in GAME.pending(s)[0].amounts.items}
    assert items["Sparta"] == 3 and items["Athens"] == 5  # 10 in a major city, capped by the 5 to place


def test_sides_by_option_or_drawn():
    s = GAME.setup(["Ann", "Bo"], 5, {"macedonian": "Bo", "garrisons": "suggested"})
    assert s.sides == {MAC: "Bo", PER: "Ann"}
    drawn = {tuple(sorted(GAME.setup(["Ann", "Bo"], seed, {"garrisons": "suggested"}).sides.items()))
             for seed in range(12)}
    assert len(drawn) == 2


@pytest.mark.parametrize("options", [{"nope": 1}, {"macedonian": "Cy"}, {"opening": "sudden"},
                                     {"solitaire": "yes"}, {"garrisons": "none"}])
def test_bad_options_are_refused(options):
    with pytest.raises(IllegalAction):
        GAME.setup(["Ann", "Bo"], 1, options)


def test_3_1_i_historical_opening_sets_a_macedonian_apm_aside():
    s = start()
    assert s.apm_out == MAC and sorted(s.cup) == sorted([MAC] * 3 + [PER] * 3 + ["admin"])
    assert s.round == 1 and s.active == MAC


def test_3_1_i_optional_opening_draws_the_first_apm_then_adds_the_admin_marker():
    order = [PER, MAC, MAC, MAC, MAC, PER, PER]
    s = start(opening="optional", draws={"apm": [order]})
    assert s.apm_out == PER and s.active == PER
    assert sorted(s.cup) == sorted([MAC] * 4 + [PER] * 2 + ["admin"])


def test_2_7_balance_option_removes_a_macedonian_apm():
    s = start(balance=True)
    assert sorted(s.cup + [s.apm_out]) == sorted([MAC] * 3 + [PER] * 3 + ["admin"])
