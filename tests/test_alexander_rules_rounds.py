"""Alexander: Action Rounds, the card segment and the draw (3.2-3.3, 4.0, 15.0), victory (3.4)
and concession."""

from __future__ import annotations

import pytest

from engine.alexander import GAME
from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    decision,
    fresh,
    garrison,
    hand,
    ids,
    kind,
    play,
    start,
    to_activity,
)
from engine.core import IllegalAction


def second_round(**options):
    """Past the first round (the Macedonian passed), at the next side's card segment."""
    s = start(**options)
    return answer(to_activity(s), "pass")


def test_3_3_first_round_only_pat_cards_and_no_draw():
    s = start()
    hand(s, MAC, "revolt", "peucestas", "drought")
    s.control["Persis"] = MAC
    s = fresh(s)
    assert ids(s) == ["play:peucestas", "discard", "done"]  # Peucestas is PAT; Revolt and Drought wait
    s.prefs = {"Ann": {"order:anytime": "never"}}  # (else Peucestas is played right after)
    s = to_activity(fresh(s))
    assert len(s.hands[MAC]) == 3  # no draw in the first round


def test_3_3_c2_a_card_is_drawn_privately_with_a_public_counterpart():
    s = second_round()
    side = s.active
    before = len(s.hands[side])
    s, events = play(s, "done")
    assert len(s.hands[side]) == before + 1
    public = [e for e in events if e.public and e.kind == "draw"]
    private = [e for e in events if e.kind == "drew"]
    assert public and "card" not in public[0].data
    assert private and private[0].private_to == (s.sides[side],) and private[0].data["card"] == s.hands[side][-1]


def test_3_3_c1_the_card_segment_is_private_with_a_public_prompt():
    s = start()
    d = decision(s)
    assert d.private and d.kind == "cards" and "plays or discards" in d.public_prompt


def test_3_3_a_full_hand_must_play_or_discard():
    s = second_round()
    side = s.active
    hand(s, side, "spies", "spies", "spies", "surprise", "surprise")
    s = fresh(s)
    assert "done" not in ids(s) and "discard" in ids(s)


def test_3_3_discarding_ends_the_card_segment():
    s = second_round()
    side = s.active
    hand(s, side, "spies", "drought", "surprise")
    s = fresh(s)
    s = answer(s, "discard")
    d = decision(s)
    s = answer(s, d.amounts.answer({"surprise": 1}))
    assert kind(s) == "activity" and s.hands[side] == ["spies", "drought", s.hands[side][-1]]
    assert "surprise" in s.discard


def test_15_a_full_hand_discards_before_drawing():
    s = second_round(draws={"apm": [[PER, MAC, MAC, MAC, PER, PER, "admin"]]})
    assert s.active == PER
    hand(s, PER, "ahura_mazda", "spies", "spies", "spies", "drought")
    s.deck.remove("surprise")
    s.discard.append("surprise")
    s, _ = play(fresh(s), "play:ahura_mazda", "take:surprise")  # back to five cards
    assert kind(s) == "discard" and len(s.hands[PER]) == 5
    s = answer(s, "discard:drought")
    assert len(s.hands[PER]) == 5  # four, then the draw


def test_15_the_discards_are_shuffled_in_when_the_deck_runs_out():
    s = second_round()
    side = s.active
    s.discard = s.discard + s.deck
    s.deck = []
    s, events = play(fresh(s), "done")
    assert any(e.kind == "reshuffle" for e in events) and len(s.hands[side]) == 4 and not s.discard


def test_3_3_declared_admin_not_twice_in_a_row_and_the_admin_apm_after_it_is_ignored():
    first = ["admin", MAC, MAC, MAC, PER, PER, PER]  # round 2 draws the Admin APM: ignored...
    again = [PER, MAC, MAC, MAC, PER, PER]  # ...and another is drawn from the other six
    s = start(draws={"apm": [first, again]})
    s, events = play(to_activity(s), "admin")  # round 1: a declared Admin Phase
    assert any(e.kind == "apm_ignored" for e in events)
    assert s.round == 2 and s.active == PER and "admin" in s.cup
    s = to_activity(s)
    assert "admin" not in ids(s)  # not twice in a row


def test_4_0_the_apm_drawn_stays_out_until_the_next_draw():
    s = second_round()
    assert len(s.cup) == 7 and s.apm_out in (MAC, PER, "admin")


def test_3_4_macedonian_victory_when_all_three_objectives_hold():
    s = clear(start())
    for p in ("Lydia", "Babylonia", "Media", "Susiana", "Persis", "Egypt"):
        s.control[p] = MAC
    s.victory.darius = "killed"
    s.victory.king_of_asia = s.victory.married = s.victory.siwa = s.victory.proskynesis = True
    s.alexandrias = ["Alexandria"]
    army(s, MAC, 1, "Pella", 30, leaders=["Alexander III"])
    s = answer(to_activity(fresh(s)), "pass")
    assert GAME.is_over(s) and s.victory.winner == MAC
    assert GAME.result(s)[0] == {"player": "Ann", "side": "Macedonian", "score": 1, "rank": 1,
                                 "reason": "all three objectives"}


def test_3_4_a_devastated_or_revolted_province_does_not_count():
    s = clear(start())
    for p in ("Lydia", "Babylonia", "Media", "Susiana", "Persis", "Egypt"):
        s.control[p] = MAC
    s.devastated = ["Media"]
    s.victory.darius = "killed"
    s.victory.king_of_asia = s.victory.married = True
    army(s, MAC, 1, "Pella", 30, leaders=["Alexander III"])
    s = answer(to_activity(fresh(s)), "pass")
    assert not s.victory.great_king


def test_3_4_king_of_asia_at_gordium_in_his_own_round():
    s = clear(start())
    army(s, MAC, 1, "Ancyra", 30, leaders=["Alexander III"])
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.1"), "mp:1")
    s, _ = play(s, "go:Gordium", "stop")
    assert s.victory.king_of_asia


def test_3_4_greece_needs_every_european_province_and_no_revolt():
    from engine.alexander.victory import greece_check

    s = start()
    assert greece_check(s)
    s.revolt.append("Thrace")
    assert not greece_check(s)


def test_concession_ends_the_game_for_the_other_side():
    s = start()
    s2, events = GAME.concede(s, "Bo")
    assert GAME.is_over(s2) and s2.victory.winner == MAC and s2.victory.conceded == PER
    assert [r["player"] for r in GAME.result(s2)] == ["Ann", "Bo"]
    assert not GAME.is_over(s)  # the old state is unchanged
    with pytest.raises(IllegalAction):
        GAME.concede(s2, "Ann")
    with pytest.raises(IllegalAction):
        GAME.concede(s, "Cy")


def test_concession_is_a_choice_any_seat_may_make_at_any_time():
    """The bot stores a concession as the choice CONCEDE_ID, so replays reproduce it; the
    Persian may concede while the game waits on the Macedonian."""
    from engine import get_game
    from engine.core import CONCEDE_ID

    s = start()
    waiting = decision(s).player
    other_seat = next(p for p in ("Ann", "Bo") if p != waiting)
    s2, events = GAME.apply(s, other_seat, CONCEDE_ID)
    assert GAME.is_over(s2) and s2.version == s.version + 1 and events[0].kind == "concede"
    assert GAME.result(s2)[0]["player"] == waiting
    byz = get_game("byzantium")
    b = byz.setup(["Ann", "Bo", "Cy"], 1)
    with pytest.raises(IllegalAction, match="not one of your options"):
        byz.apply(b, "Ann", CONCEDE_ID)


def test_solitaire_nothing_is_private_and_both_hands_show():
    s = start(solitaire=True)
    d = decision(s)
    assert not d.private
    seen = GAME.view(s, None)
    assert set(seen["hands"]) == {MAC, PER}


def test_the_public_view_hides_hands_deck_and_face_down_leaders():
    s = start()
    s.leaders["Parmenion"] = "hand"
    seen = GAME.view(s, None)
    assert seen["hands"] == {} and seen["deck"] is None and "Parmenion" not in seen["leaders"]
    assert seen["hand_sizes"] == {MAC: 3, PER: 3} and seen["leaders_held"] == {MAC: 1, PER: 0}
    mine = GAME.view(s, "Ann")
    assert set(mine["hands"]) == {MAC} and mine["leaders"]["Parmenion"] == "hand"
    theirs = GAME.view(s, "Bo")
    assert "Parmenion" not in theirs["leaders"]


def test_determinize_deals_the_other_hand_again_and_keeps_mine():
    s = start()
    s.leaders["Parmenion"] = "hand"
    other = GAME.determinize(s, "Bo", seed=99)
    assert other.hands[PER] == s.hands[PER]
    assert sorted(other.hands[MAC] + other.deck) == sorted(s.hands[MAC] + s.deck)
    assert len(other.hands[MAC]) == 3
    held = [n for n, loc in other.leaders.items() if loc == "hand"]
    assert len(held) == 1 and held[0] in ("Parmenion", "Craterus", "Ptolemy", "Perdiccas", "Hephaestion", "Coenus",
                                          "Nearchus")


def test_garrison_sets_control_and_removing_it_loses_the_province():
    from engine.alexander.world import lose_if_bare, take_gsp

    s = clear(start())
    garrison(s, MAC, "Sinope", gsp=1)
    assert s.control["Paphlagonia"] == MAC
    take_gsp(s, "Sinope", gsp=1)
    lose_if_bare(s, "Sinope", MAC)
    assert s.control["Paphlagonia"] is None


def test_3_4_a_round_ended_at_siwa_and_the_marriage():
    s = clear(start())
    army(s, MAC, 1, "Paraetonium", 20, leaders=["Alexander III"])
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.1"), "mp:1")
    s, _ = play(s, "go:Siwa", "stop")
    assert s.victory.siwa
    s2 = clear(start())
    army(s2, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    s2.royal_family = s2.royal_family.model_copy(update={"holder": MAC, "where": "space:Pella", "captured_round": 0})
    s2 = to_activity(fresh(s2))
    assert "marry" in ids(s2)
    s2 = answer(s2, "marry")
    assert s2.victory.married and kind(s2) == "activity"  # the marriage costs no activity


def test_8_7_tribes_block_a_loc_for_both_sides():
    from engine.alexander.loc import blocked_spaces, distances
    from engine.alexander.state import Tribe

    s = clear(start())
    s.tribes["Uxii"] = Tribe(name="Uxii", gsp=1)
    assert "Uxii" in blocked_spaces(s, MAC) and "Uxii" in blocked_spaces(s, PER)
    # A LOC search reaches the tribe's space but goes no further through it.
    assert distances(s, PER, ["Uxii", "Susa"], 0) == {"Uxii": 0, "Susa": 0}
    assert set(distances(s, PER, ["Susa"], 1)) >= {"Uxii"}
