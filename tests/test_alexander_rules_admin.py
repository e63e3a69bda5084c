"""Alexander: recruitment and reorganization (8.1-8.5, 10.4), leaders drawn (5.1), treasuries
(7.2, 7.4), and the Admin Phase (3.3 D): restoration, garrisons, markers, Alexandria (13.0),
Alexander's wounds (11.3 I), weariness and mutiny (9.0)."""

from __future__ import annotations

from engine.alexander import GAME
from engine.alexander.board import MAC, PER
from engine.alexander.flow import Ctx
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    decision,
    dice,
    fleet,
    fresh,
    garrison,
    ids,
    kind,
    play,
    start,
    to_activity,
)

PERSIAN_FIRST = [[PER, MAC, MAC, MAC, MAC, PER, PER]]


def test_8_3_recruit_three_dice_from_the_pool_and_reduce_the_treasury():
    s = clear(start())
    army(s, MAC, 2, "Aegae", 10)
    s = answer(to_activity(fresh(s)), "recruit")
    assert "join:macedonian.2" in ids(s)
    s = dice(s, 4, 5, 6)
    s = answer(s, "join:macedonian.2")
    assert s.army("macedonian.2").asp == 25 and s.asp_pool[MAC] == 60
    assert s.treasuries["Pella"].level == "low"


def test_8_1_recruits_lower_a_veteran_armys_elite():
    from engine.alexander.recruit import combine_elite

    assert combine_elite([(33, 4), (10, 0)]) == 3
    assert combine_elite([(10, 2), (10, 0)]) == 1  # equal groups: the higher level minus one
    assert combine_elite([(10, 2), (5, 2)]) == 2
    assert combine_elite([(1, 0), (10, 0)]) == 0


def test_8_3_the_persian_recruits_only_in_four_treasury_cities():
    s = clear(start(opening="optional", draws={"apm": PERSIAN_FIRST}))
    s = answer(to_activity(fresh(s)), "recruit")
    cities = {i.split(":")[1] for i in ids(s) if i.startswith("per:")}
    assert cities == {"Ecbatana", "Babylon", "Susa", "Persepolis"}
    s = dice(s, 1, 2, 3)
    s = answer(s, "per:Babylon:Babylon")
    new = [a for a in s.armies if a.side == PER]
    assert len(new) == 1 and new[0].space == "Babylon" and new[0].asp == 6
    assert s.treasuries["Babylon"].level == "low"


def test_8_3_a_new_macedonian_army_needs_a_leader_in_the_province_or_in_hand():
    s = clear(start())
    garrison(s, MAC, "Larissa", gsp=1)
    s.leaders["Parmenion"] = "hand"
    s = answer(to_activity(fresh(s)), "recruit")
    assert "new" in ids(s)
    s = answer(s, "new")
    s = answer(s, "province:Thessaly")
    pick = [i for i in ids(s) if i.startswith("at:Pherae")][0]
    s = dice(s, 2, 2, 2)
    s = answer(s, pick)
    assert kind(s) == "new_army_leader" and decision(s).private
    s = answer(s, "leader:Parmenion")
    a = [a for a in s.armies if a.side == MAC][0]
    assert a.space == "Pherae" and a.asp == 6 and s.leaders["Parmenion"] == f"army:{a.id}"
    s2 = clear(start())
    s2 = answer(to_activity(fresh(s2)), "recruit")
    assert "new" not in ids(s2)  # no leader anywhere


def test_5_1_a_drawn_leader_is_held_face_down_until_assigned():
    s = clear(start())
    army(s, MAC, 2, "Pella", 10)
    s = answer(to_activity(fresh(s)), "recruit")
    s, events = play(s, "leader")
    name = [n for n, loc in s.leaders.items() if loc == "hand"][0]
    public = [e for e in events if e.public and e.kind == "leader_drawn"]
    assert public and name not in str(public[0].text)
    assert [e for e in events if e.kind == "leader_drawn_private" and e.private_to == ("Ann",)]
    assert decision(s).private and kind(s) == "assign_leader"
    s = answer(s, "hand")
    assert s.leaders[name] == "hand" and name not in GAME.view(s, None)["leaders"]


def test_8_5_raising_a_fleet_at_its_home_port():
    s = clear(start(opening="optional", draws={"apm": PERSIAN_FIRST}))
    s = answer(to_activity(fresh(s)), "recruit")
    cypriot = [i for i in ids(s) if i.startswith("fleet:Cypriot@Salamis:")]
    assert cypriot
    s = answer(s, cypriot[0])
    assert s.fleet("Cypriot").nsp == 3 and s.fleet("Cypriot").side == PER
    paid = cypriot[0].rsplit(":", 1)[1]
    assert s.treasuries[paid].level == "low"
    assert not [i for i in ids(s) if i.endswith(f":{paid}") and i.startswith("fleet:")]  # one fleet per treasury


def test_10_4_reorganize_moves_asp_and_leaders_between_armies():
    s = clear(start())
    army(s, MAC, 1, "Pella", 20, elite=4, leaders=["Alexander III"])
    army(s, MAC, 2, "Pella", 10, elite=2, leaders=["Antipater"])
    s = answer(to_activity(fresh(s)), "reorganize:Pella")
    assert "leader:Antipater>macedonian.1" in ids(s)
    assert "leader:Alexander III>macedonian.2" not in ids(s)  # the king stays with Army #1
    s = answer(s, "asp:macedonian.2>macedonian.1")
    s = answer(s, "asp:asp=10")
    # Army #2 is merged away; 20 ASP at Elite 4 with 10 at Elite 2: the larger group's 4, minus one.
    assert s.army("macedonian.2") is None and s.army("macedonian.1").asp == 30
    assert s.army("macedonian.1").elite == 3 and s.leaders["Antipater"] == "army:macedonian.1"


def test_5_2_no_army_may_end_a_reorganization_larger_than_army_one():
    s = clear(start())
    army(s, MAC, 1, "Pella", 10, leaders=["Alexander III"])
    army(s, MAC, 2, "Pella", 10)
    s = answer(to_activity(fresh(s)), "reorganize:Pella")
    s, _ = play(s, "asp:macedonian.1>macedonian.2", "asp:asp=2")
    assert "done" not in ids(s)


def test_5_2_while_another_army_is_larger_only_army_one_may_move():
    s = clear(start())
    army(s, MAC, 1, "Pella", 10, leaders=["Alexander III"])
    army(s, MAC, 2, "Aegae", 20)
    s = to_activity(fresh(s))
    assert "move:macedonian.1" in ids(s) and "move:macedonian.2" not in ids(s)


# -- the Admin Phase -----------------------------------------------------------------------------
def admin(s, **prefs):
    s.prefs = {"Ann": dict(prefs), "Bo": dict(prefs)}
    return answer(to_activity(fresh(s)), "admin")


def test_7_2_restoration_d6_plus_provinces_seven_or_more():
    s = clear(start())
    s.treasuries["Sardes"] = s.treasuries["Sardes"].model_copy(update={"level": "low"})
    from engine.alexander.admin import restore_modifiers

    s.turn["admin_used"] = []
    provinces = restore_modifiers(Ctx(s), PER, "Sardes")
    assert provinces[0] == "Lydia" and "Mysia" in provinces  # its own province and the Persian ones around
    s = dice(s, 7 - len(provinces))
    s = admin(s)
    assert s.treasuries["Sardes"].level == "full"


def test_7_2_a_province_feeds_one_restoration_roll_only():
    from engine.alexander.admin import restore_modifiers

    s = clear(start())
    s.turn["admin_used"] = ["Babylonia"]
    assert "Babylonia" not in restore_modifiers(Ctx(s), PER, "Susa")


def test_7_4_the_royal_treasury_is_restored_in_a_treasury_city():
    s = clear(start())
    army(s, PER, 1, "Susa", 30, leaders=["Darius III"])
    s.royal_treasury = s.royal_treasury.model_copy(update={"where": "army:persian.1", "level": "empty"})
    s = admin(s)
    assert s.royal_treasury.level == "full"


def test_7_2_memphis_is_never_reduced_and_the_royal_treasury_goes_full_to_empty():
    from engine.alexander.treasury import reduce_treasury

    s = clear(start())
    ctx = Ctx(s)
    reduce_treasury(ctx, "Memphis", "test")
    assert s.treasuries["Memphis"].level == "full"
    s.royal_treasury = s.royal_treasury.model_copy(update={"level": "full"})
    reduce_treasury(ctx, "royal", "test")
    assert s.royal_treasury.level == "empty"


def test_3_3_d_markers_are_cleared_and_useless_ends_in_a_treasury_city():
    s = clear(start())
    s.devastated, s.drought, s.bad_weather = ["Thrace"], ["Lydia"], ["Caria"]
    a = army(s, MAC, 2, "Pella", 10)
    a.fatigued = a.useless = True
    b = army(s, MAC, 3, "Aegae", 5)
    b.useless = b.fatigued = True
    s = admin(s)
    assert not s.devastated and not s.drought and not s.bad_weather
    assert not s.army("macedonian.2").useless and not s.army("macedonian.2").fatigued
    assert s.army("macedonian.3").useless  # not in a treasury city


def test_8_6_garrisons_may_be_removed_in_the_admin_phase():
    s = clear(start())
    garrison(s, MAC, "Athens", gsp=3)
    s = admin(s, admin="ask")
    assert kind(s) == "admin"
    s, _ = play(s, "garrisons", "province:Greece", "rm:Athens=2", "done")
    assert s.garrisons["Athens"].gsp == 1


def test_13_alexandria_in_egypt_holds_two_gsp():
    s = clear(start())
    army(s, MAC, 1, "Memphis", 20, leaders=["Alexander III"])
    s.control["Egypt"] = MAC
    s = admin(s)
    assert kind(s) == "alexandria" and "build:Alexandria" in ids(s)
    s = answer(s, "build:Alexandria")
    assert s.alexandrias == ["Alexandria"] and s.garrisons["Alexandria"].gsp == 2


def test_11_3_i_at_twenty_injury_points_an_odd_die_kills_alexander():
    s = clear(start())
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    s.injury = 20
    s = dice(s, 3)
    s = admin(s)
    assert GAME.is_over(s) and s.victory.winner == PER


def test_9_mutiny_and_the_persian_victory_roll():
    # Round 2 draws the Admin APM: the check is made (2d6 + 10 >= 20 on 5+5), mutiny losses 4,
    # then the Persian rolls 3, under his 7 treasury cities.
    s = start(draws={"apm": [["admin", MAC, MAC, MAC, PER, PER, PER]]})
    s = clear(s)
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    s.weariness = 10
    s = fresh(s)
    s = dice(s, 5, 5, 4, 3)
    s = answer(to_activity(s), "pass")
    assert s.victory.winner == PER and s.victory.reason == "mutiny"


def test_9_no_weariness_check_in_a_declared_admin_phase():
    s = clear(start())
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    s.weariness = 19
    s = admin(s)
    assert not s.victory.winner and s.weariness == 19


def test_honeymooners_return_at_the_admin_phase():
    s = clear(start())
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    s.honeymoon = 4
    s = admin(s)
    assert s.army("macedonian.1").asp == 24 and s.honeymoon == 0


def test_fleet_needs_a_loc_to_move():
    s = clear(start())
    fleet(s, "Macedonian", MAC, "Chersonese", 3)
    assert "fleet:Macedonian" in ids(to_activity(fresh(s)))
    s.treasuries["Pella"] = s.treasuries["Pella"].model_copy(update={"level": "empty"})
    assert "fleet:Macedonian" not in ids(to_activity(fresh(s)))


def test_8_6_gsp_taken_off_the_map_come_back_in_a_later_round():
    from engine.alexander.world import gsp_free

    s = clear(start())
    garrison(s, MAC, "Athens", gsp=3)
    garrison(s, MAC, "Pella", gsp=1)
    s = admin(s, admin="ask")
    s, _ = play(s, "garrisons", "province:Greece", "rm:Athens=3")
    assert "Athens" not in s.garrisons and gsp_free(s, MAC) == 16  # not this round
    s = answer(s, "done")
    assert s.round == 2 and gsp_free(s, MAC) == 19
