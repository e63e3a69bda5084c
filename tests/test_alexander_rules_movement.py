"""Alexander: movement (10.1-10.9): the declared allowance, costs, transit points, sea legs,
garrisons, overrun, interception, leaders alone, devastation, the Royal Family."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, board
from engine.alexander.testkit import (
    answer,
    army,
    clear,
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


def moving(s, army_id: str, mp: str):
    return answer(answer(to_activity(fresh(s)), f"move:{army_id}"), mp)


def declared_options(s, army_id):
    return ids(answer(to_activity(fresh(s)), f"move:{army_id}"))


def test_10_1_three_mp_without_a_loc_four_for_alexander_six_with_one():
    s = clear(start())
    army(s, MAC, 2, "Paraetonium", 10)
    assert declared_options(s, "macedonian.2") == ["mp:1", "mp:2", "mp:3"]
    army(s, MAC, 1, "Siwa", 10, leaders=["Alexander III"])
    assert declared_options(s, "macedonian.1") == ["mp:1", "mp:2", "mp:3", "mp:4"]
    s2 = clear(start())
    army(s2, MAC, 2, "Aegae", 10)
    s2.loc_start["macedonian.2"] = True
    assert declared_options(s2, "macedonian.2")[-3:] == ["mp:4@Pella", "mp:5@Pella", "mp:6@Pella"]


def test_10_1_the_royal_treasury_slows_an_army():
    s = clear(start())
    army(s, PER, 1, "Susa", 30, leaders=["Darius III"])
    s.royal_treasury = s.royal_treasury.model_copy(update={"where": "army:persian.1", "level": "full"})
    s.loc_start["persian.1"] = True
    s.active = PER
    from engine.alexander.flow import Ctx
    from engine.alexander.movement import max_mp

    assert max_mp(Ctx(s), "persian.1")[0] == 4
    army(s, MAC, 1, "Pella", 30, leaders=["Alexander III"])
    s.royal_treasury = s.royal_treasury.model_copy(update={"where": "army:macedonian.1", "owner": MAC})
    s.loc_start["macedonian.1"] = True
    assert max_mp(Ctx(s), "macedonian.1")[0] == 5


def test_10_2_mountain_costs_two_and_a_unit_never_stops_on_a_transit_point():
    s = clear(start())
    army(s, MAC, 2, "Pella", 10)
    assert "go:Heraclea Lyncestis" in ids(moving(s, "macedonian.2", "mp:2"))  # a mountain link: 2 MP
    assert "go:Heraclea Lyncestis" not in ids(moving(s, "macedonian.2", "mp:1"))
    s2 = clear(start())
    army(s2, MAC, 2, "Sippara", 10)
    assert "go:Anatho" not in ids(moving(s2, "macedonian.2", "mp:1"))  # no MP left to go on from it
    s3 = moving(s2, "macedonian.2", "mp:3")
    s3 = answer(s3, "go:Anatho")
    # Anatho is a transit point with one way on: the step through it is taken at once.
    assert s3.move["path"] == ["Sippara", "Anatho", "Thapsacus"]


def test_bad_weather_triples_land_moves_and_adds_one_next_door():
    from engine.alexander.flow import Ctx
    from engine.alexander.movement import move_cost

    s = clear(start())
    s.bad_weather = ["Macedonia"]
    b = board()
    ctx = Ctx(s)
    assert move_cost(ctx, b.link("Pella", "Aegae", sea=False), MAC) == 3
    assert move_cost(ctx, b.link("Larissa", "Pherae", sea=False), MAC) == 2  # Thessaly is next to Macedonia
    assert move_cost(ctx, b.link("Pella", "North Aegean Sea", sea=True), MAC) == 1  # the sea is not affected


def test_10_7_at_most_fifteen_asp_by_sea():
    s = clear(start())
    army(s, MAC, 2, "Pella", 16)
    s = moving(s, "macedonian.2", "mp:2")
    assert not any(i.startswith("sail:") for i in ids(s))
    s, _ = play(s, "drop", "drop:asp=1")
    assert any(i.startswith("sail:") for i in ids(s))


def test_10_7_open_sea_never_with_land():
    s = clear(start())
    army(s, MAC, 2, "Gortyn", 10)
    s.loc_start["macedonian.2"] = True
    s = moving(s, "macedonian.2", "mp:3")
    s = answer(s, "go:Cnossus")
    assert "sail:Cyrene" not in ids(s)


def test_8_6_garrisons_in_spaces_taken_on_the_march_within_the_limits():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 20)
    s = moving(s, "macedonian.2", "mp:3")
    s = answer(s, "go:Abydos")
    assert "garrison" in ids(s)
    s = answer(s, "garrison")
    items = {i.id: i.max for i in GAME_pending(s).amounts.items}
    assert items == {"gsp": 3}  # a minor city holds 3
    s = answer(s, "gsp:gsp=2")
    assert s.garrisons["Abydos"].gsp == 2 and s.garrisons["Abydos"].side == MAC
    assert "garrison" not in ids(s)


def GAME_pending(s):
    from engine.alexander.game import GAME

    return GAME.pending(s)[0]


def test_8_6_garrison_counters_run_out():
    from engine.alexander.world import gsp_free

    s = clear(start())
    for space in ["Aegae", "Amphipolis", "Abdera", "Philippopolis", "Larissa", "Pherae"]:
        garrison(s, MAC, space, gsp=3)
    garrison(s, MAC, "Lamia", gsp=2)
    assert gsp_free(s, MAC) == 0
    army(s, MAC, 2, "Pella", 10)
    s = moving(s, "macedonian.2", "mp:1")
    s = answer(s, "go:Heraclea Lyncestis") if "go:Heraclea Lyncestis" in ids(s) else s
    assert "garrison" not in ids(s)


def test_10_1_an_army_leaves_asp_where_it_passes():
    s = clear(start())
    army(s, MAC, 2, "Pella", 10)
    s = moving(s, "macedonian.2", "mp:2")
    s, _ = play(s, "go:Aegae", "drop", "drop:asp=3")
    assert s.army("macedonian.2").asp == 7 and s.garrisons["Aegae"].asp == 3


def test_10_5_overrun_at_eight_to_one():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 24)
    garrison(s, PER, "Abydos", gsp=3)
    s = moving(s, "macedonian.2", "mp:3")
    s, events = play(s, "go:Abydos")
    assert any(e.kind == "overrun" for e in events) and "Abydos" not in s.garrisons
    assert kind(s) == "move" and s.move["spent"] == 2  # no MP for the overrun: the army goes on


def test_10_5_less_than_eight_to_one_is_a_battle():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 23)
    garrison(s, PER, "Abydos", gsp=3)
    s = moving(s, "macedonian.2", "mp:3")
    s, events = play(s, "go:Abydos")
    assert any(e.kind == "battle" for e in events)


def test_10_6_land_interception_never_over_a_pass_and_minus_one_over_a_mountain():
    s = clear(start())
    army(s, MAC, 2, "Mazaca", 10)
    army(s, PER, 2, "Tarsus", 10)  # Tyana-Tarsus is the Cilician Gates
    s = moving(s, "macedonian.2", "mp:1")
    s = answer(s, "go:Tyana")
    assert kind(s) == "move"  # no interception over the pass
    s2 = clear(start())
    army(s2, MAC, 2, "Pherae", 10)
    army(s2, PER, 2, "Dodona", 10)  # Dodona-Larissa is a mountain link: -1
    s2 = moving(s2, "macedonian.2", "mp:1")
    s2 = dice(answer(s2, "go:Larissa"), 6)
    s2, events = play(s2, "intercept:persian.2")
    assert any(e.kind == "intercept_fails" for e in events)  # 6 - 1 is not 6


def test_10_6_a_successful_interception_is_a_battle_with_the_interceptor_attacking():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    army(s, PER, 2, "Cyzicus", 20, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:3")
    s = answer(s, "go:Abydos")
    assert kind(s) == "intercept"
    s = dice(s, 4)
    s, events = play(s, "intercept:persian.2")  # 4 + Memnon's 2
    assert any(e.kind == "intercepted" for e in events)
    assert s.battle["attacker"] == "persian.2" and s.army("persian.2").space == "Abydos"
    assert kind(s) == "avoid" and s.sides[MAC] == GAME_pending(s).player  # the mover may avoid


def test_10_6_a_failed_interception_lets_the_mover_go_on():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    army(s, PER, 2, "Cyzicus", 20)
    s = moving(s, "macedonian.2", "mp:3")
    s = dice(answer(s, "go:Abydos"), 5)
    s, events = play(s, "intercept:persian.2")  # 5 + 0
    assert any(e.kind == "intercept_fails" for e in events) and kind(s) == "move"


def test_10_6_armies_in_a_besieged_city_cannot_intercept():
    from engine.alexander.flow import Ctx
    from engine.alexander.intercept import land_interceptors
    from engine.alexander.state import Siege

    s = clear(start())
    army(s, PER, 2, "Sardes", 20, inside=True)
    army(s, MAC, 2, "Sardes", 20)
    s.sieges["Sardes"] = Siege(army="macedonian.2")
    assert land_interceptors(Ctx(s), "Thyatira", PER, []) == []


def test_10_8_a_leader_caught_alone_is_captured():
    s = clear(start())
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    army(s, PER, 2, "Pherae", 10, leaders=["Memnon"])
    s = to_activity(fresh(s))
    s, _ = play(s, "leaders", "leader:Antipater", "go:Aegae", "go:Larissa")
    # Larissa is one land link from Pherae.
    assert kind(s) == "intercept" and ids(s) == ["intercept:persian.2", "pass"]
    s = dice(s, 4)
    s, events = play(s, "intercept:persian.2")  # 4 + Memnon's 2
    assert s.leaders["Antipater"] == "dead"


def test_10_9_no_devastation_with_the_enemy_in_the_province():
    s = clear(start())
    army(s, MAC, 1, "Bynyan", 30, leaders=["Alexander III"])
    army(s, PER, 3, "Samosata", 5)
    s = answer(answer(to_activity(fresh(s)), "devastate:macedonian.1"), "mp:2")
    s = answer(s, "go:Malatya")
    assert "devastate" not in ids(s)


def test_10_9_devastation_fails_at_or_under_the_number_of_spaces():
    s = clear(start())
    army(s, MAC, 1, "Bynyan", 30, leaders=["Alexander III"])
    s = answer(answer(to_activity(fresh(s)), "devastate:macedonian.1"), "mp:3")
    s = dice(answer(s, "go:Malatya"), 2)
    s, _ = play(s, "devastate", "mp:2")  # 2 + 2 is not more than 4
    assert "Commagene" not in s.devastated and "devastate" not in ids(s)  # one try per province


def test_10_9_devastation_doubles_land_loc_and_blocks_restoration():
    from engine.alexander.admin import qualifies
    from engine.alexander.flow import Ctx
    from engine.alexander.loc import distances

    s = clear(start())
    before = distances(s, PER, ["Malatya"], 20)["Samosata"]
    s.devastated = ["Commagene"]
    assert distances(s, PER, ["Malatya"], 20)["Samosata"] == 2 * before
    s.turn["admin_used"] = []
    assert not qualifies(Ctx(s), PER, "Commagene")


def test_10_3_a_fatigued_army_cannot_enter_an_enemy_space():
    s = clear(start())
    a = army(s, MAC, 2, "Chersonese", 20)
    a.fatigued = True
    army(s, PER, 2, "Abydos", 5)
    s = moving(s, "macedonian.2", "mp:3")
    assert "go:Abydos" not in ids(s)


def test_11_3_h_a_useless_army_moves_three_spaces_at_most():
    s = clear(start())
    a = army(s, MAC, 2, "Aegae", 10)
    a.useless = True
    s.loc_start["macedonian.2"] = True
    s = moving(s, "macedonian.2", "mp:6@Pella")
    s, _ = play(s, "go:Pella", "go:Amphipolis", "go:Abdera")
    assert not any(i.startswith(("go:", "sail:")) for i in ids(s))


def test_10_2_an_army_stopping_in_an_empty_major_city_says_inside_or_outside():
    s = clear(start())
    army(s, MAC, 2, "Aegae", 10)
    s = moving(s, "macedonian.2", "mp:1")
    s = answer(answer(s, "go:Pella"), "stop")
    assert kind(s) == "inside"
    s = answer(s, "inside")
    assert s.army("macedonian.2").inside


def test_14_the_royal_family_moves_alone_three_mp():
    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}))
    s.royal_family = s.royal_family.model_copy(update={"where": "space:Susa"})
    s = answer(to_activity(fresh(s)), "family")
    options = [i for i in ids(s) if i.startswith("to:")]
    assert options and "stay" in ids(s)
    s = answer(s, options[0])
    assert s.royal_family.where == "space:" + options[0][3:]


def test_14_a_macedonian_army_taking_the_familys_space_captures_it():
    s = clear(start())
    s.royal_family = s.royal_family.model_copy(update={"where": "space:Uruk"})
    army(s, MAC, 2, "Babylon", 10)
    s = moving(s, "macedonian.2", "mp:1")
    s = answer(s, "go:Uruk")
    assert s.royal_family.holder == MAC and s.royal_family.captured_round == s.round


def test_9_more_than_one_desert_link_in_a_round_wearies_the_macedonian():
    s = clear(start())
    army(s, MAC, 2, "Paraetonium", 10)
    s = moving(s, "macedonian.2", "mp:3")
    s, events = play(s, "go:Siwa", "go:Memphis", "stop", "outside")
    assert s.weariness == 1
    assert any(e.kind == "weariness" for e in events)


def test_attrition_window_opens_after_a_desert_move():
    s = clear(start())
    army(s, MAC, 2, "Paraetonium", 10)
    from engine.alexander.testkit import hand

    hand(s, PER, "attrition")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "pass")  # no Command Indecision
    s = answer(s, "mp:1")
    s = answer(answer(s, "go:Siwa"), "stop")
    assert kind(s) == "window" and "play:attrition" in ids(s)
    s = dice(s, 5)
    s, events = play(s, "play:attrition")
    # Half of 5, rounded up; no treasury within a LOC to pay instead, so the loss is taken at once.
    assert s.army("macedonian.2").asp == 7 and any(e.kind == "attrition" for e in events)


def test_command_indecision_cancels_the_move_on_a_roll_above_the_rating():
    from engine.alexander.testkit import hand

    s = clear(start())
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    hand(s, PER, "command_indecision")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    s = answer(to_activity(fresh(s)), "move:macedonian.2")
    assert kind(s) == "window"
    s = dice(s, 3)
    s, events = play(s, "play:command_indecision")  # 3 beats Antipater's 2
    assert any(e.kind == "indecision" for e in events)
    assert s.active != MAC or kind(s) != "move"


def test_independent_rhodes_stops_every_sea_move():
    s = clear(start())
    fleet(s, "Ionian", MAC, "Halicarnassus", 3)
    s = answer(to_activity(fresh(s)), "fleet:Ionian")
    s, events = play(s, "sail:Rhodes")
    assert s.fleet("Ionian").space == "Rhodes" and not s.move  # the move ended there by itself


def test_garrison_placement_needs_an_uncontrolled_space():
    s = clear(start())
    army(s, MAC, 2, "Aegae", 10)
    garrison(s, MAC, "Pella", gsp=1)
    s = moving(s, "macedonian.2", "mp:1")
    s = answer(s, "go:Pella")
    assert "garrison" not in ids(s)  # already his


def test_sea_movement_can_be_intercepted_and_sunk():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    fleet(s, "Ionian", PER, "Lesbos", 3)
    s = moving(s, "macedonian.2", "mp:1")
    s = answer(s, "sail:Lemnos")
    assert kind(s) == "intercept"
    s = answer(s, "intercept:Lesbos")
    while kind(s) == "window":
        s = answer(s, "pass")
    assert kind(s) == "avoid"
    s = dice(s, 1, 6, 1, 1)  # no escape; then a 6 among the Ionian dice
    s, events = play(s, "avoid")
    assert s.army("macedonian.2") is None  # the transports are sunk
    assert any(e.kind == "army_gone" for e in events)


def test_10_7_fleets_that_begin_in_one_space_may_sail_together():
    s = clear(start())
    fleet(s, "Macedonian", MAC, "Chersonese", 3)
    fleet(s, "Greek", MAC, "Chersonese", 2)
    s = answer(to_activity(fresh(s)), "fleets:Chersonese")
    s, _ = play(s, "sail:Lemnos", "stop")
    assert s.fleet("Macedonian").space == "Lemnos" and s.fleet("Greek").space == "Lemnos"


def test_8_6_losses_beyond_the_whole_force_take_everything():
    from engine.alexander.aftermath import gsp_bounds

    assert gsp_bounds(20, 5, 3) == (3, 3)
    assert gsp_bounds(4, 0, 3) == (3, 3)


def test_10_7_a_fleet_without_a_loc_cannot_move():
    """10.7 "Le Flotte devono tracciare una LOC per muovere; se non possono farlo, non possono
    muovere": the Macedonian fleet at Chersonese (LOC to Pella) may be the activity; stranded at
    Cyrene, far beyond any LOC, it is not offered (it still fights where it stands: no rule asks a
    LOC for combat)."""
    s = clear(start())
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    fleet(s, "Macedonian", MAC, "Chersonese", 3)
    assert "fleet:Macedonian" in ids(to_activity(fresh(s)))
    s = clear(start())
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    fleet(s, "Macedonian", MAC, "Cyrene", 3)
    s = to_activity(fresh(s))
    assert kind(s) == "activity" and not any(i.startswith(("fleet:", "fleets:")) for i in ids(s))
