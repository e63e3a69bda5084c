"""The rulebook's worked examples (002_49aca6fcc1621f95.txt, German; 000_..., Italian) as scenarios."""

from tests.byzantium_kit import check, new_game, option_ids, play, rebalance, set_army, set_city, turn_to


def test_simon_takes_damascus_with_a_casualty_cube():
    """A. KONTROLLE ÜBER EINE STADT ÜBERNEHMEN, example: Simon pays 3 Byzantine bezants for a
    casualty cube, gains 3 Byzantine VP (13) and places his Byzantine army in Damascus."""
    state = new_game(("Simon", "Andy", "Jerry"))
    state, events = play(state, "Simon take:Damascus", "Simon source:casualty")
    simon = state.player("Simon")
    assert simon.vp["byzantine"] == 13
    assert simon.treasury["byzantine"] == 12
    assert simon.casualty == 11
    assert simon.byzantine.at == "Damascus"
    assert state.cities["Damascus"].controller == simon.seat
    check(state)
