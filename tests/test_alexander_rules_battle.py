"""Alexander: land battle (11.1-11.3): avoiding, modifiers, leader losses, Alexander's wounds,
Darius's flight, retreat, losses, Fatigue and Useless; and naval combat (11.5)."""

from __future__ import annotations

from engine.alexander import GAME
from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    dice,
    fleet,
    fresh,
    garrison,
    hand,
    ids,
    kind,
    play,
    start,
    to_activity,
)


def attack(s, frm_army: str, to: str, mp: str = "mp:1"):
    s = answer(answer(to_activity(fresh(s)), f"move:{frm_army}"), mp)
    return play(s, f"go:{to}")


def through_windows(s, events=None):
    events = events if events is not None else []
    while kind(s) == "window":
        s, more = play(s, "pass")
        events += more
    return s, events


def rolls(events):
    return {e.data["side"]: e.data for e in events if e.kind == "battle_roll"}


def test_11_3_a_a_successful_avoid_moves_the_defender_away_and_the_mover_goes_on():
    s = clear(start())
    army(s, MAC, 2, "Malatya", 20)
    army(s, PER, 2, "Tomisa", 10, leaders=["Memnon"])
    s, _ = attack(s, "macedonian.2", "Tomisa", "mp:2")
    assert kind(s) == "avoid"
    s = dice(s, 4)
    s, events = play(s, "avoid")  # 4 + 2
    assert kind(s) == "avoid_to"
    s = answer(s, ids(s)[0])
    assert s.army("persian.2").space != "Tomisa" and kind(s) == "move" and not s.battle


def test_11_3_a_garrisons_cannot_avoid():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    garrison(s, PER, "Abydos", gsp=2)
    s, _ = attack(s, "macedonian.2", "Abydos", "mp:2")
    assert kind(s) == "window"  # straight to the battle cards: no avoid offered


def test_11_3_d_strait_stronghold_fatigue_and_no_loc():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 20, elite=2)
    defender = army(s, PER, 2, "Abydos", 10, elite=2)
    defender.fatigued = True
    s.loc_start = {"macedonian.2": False, "persian.2": True}
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:2")
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, events = play(s, "go:Abydos", "stand")
    s, events = through_windows(s, events)
    r = rolls(events)
    assert r[MAC]["mods"] == {"no_loc": -1, "pass": -2}  # crossed the Hellespont
    assert r[PER]["mods"] == {"fatigue": -2}


def test_11_3_d_stronghold_minus_two_for_the_attacker():
    s = clear(start())
    army(s, MAC, 2, "Cyzicus", 20)
    army(s, PER, 2, "Pergamum", 10)
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, events = attack(s, "macedonian.2", "Pergamum")
    s, more = play(s, "stand")
    s, events = through_windows(s, events + more)
    assert rolls(events)[MAC]["mods"] == {"stronghold": -2}


def test_11_3_d_surprise_and_terrain_and_tactical_advantage():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 20, leaders=["Antipater"])
    army(s, PER, 2, "Issus", 10, leaders=["Memnon"])
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    hand(s, MAC, "surprise")
    hand(s, PER, "terrain_advantage", "tactical_advantage")
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, events = attack(s, "macedonian.2", "Issus")
    s, more = play(s, "stand", "play:surprise", "pass", "play:terrain_advantage", "play:tactical_advantage", "pass",
                       "pass")  # the attacker may answer the defender's cards (and lets them be)
    r = rolls(events + more)
    assert r[MAC]["mods"] == {"leaders": 2, "surprise": 2, "terrain": -1}
    assert r[PER]["mods"] == {"leaders": 4}  # Memnon's 2 doubled


def test_11_3_d_two_surprises_cancel():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 20)
    army(s, PER, 2, "Issus", 10)
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    hand(s, MAC, "surprise")
    hand(s, PER, "surprise")
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, events = attack(s, "macedonian.2", "Issus")
    s, more = play(s, "stand", "play:surprise", "pass", "play:surprise", "pass", "pass")
    r = rolls(events + more)
    assert "surprise" not in r[MAC]["mods"] and "surprise" not in r[PER]["mods"]


def test_11_3_d_the_king_and_one_more_leader_count():
    from engine.alexander.battle import counted_leaders
    from engine.alexander.flow import Ctx

    s = clear(start())
    army(s, PER, 1, "Susa", 30, leaders=["Darius III", "Ariobarzanes", "Charidemus", "Bessus"])
    names = counted_leaders(Ctx(s), PER, ["persian.1"])
    assert names[0] == "Darius III" and len(names) == 2 and names[1] in ("Ariobarzanes", "Charidemus")


def test_11_3_i_a_final_thirteen_puts_macedonian_leaders_at_risk():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 20, leaders=["Antipater"])
    army(s, PER, 2, "Issus", 10)
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    # Mac 6+5 + Antipater 2 = 13; Persian 1+1; Antipater's check 5: killed
    s = dice(s, 6, 5, 1, 1, 5, 1, 1, 1)
    s, _ = attack(s, "macedonian.2", "Issus")
    s, events = through_windows(*play(s, "stand"))
    assert s.leaders["Antipater"] == "dead"


def test_11_3_i_alexanders_wounds_and_black_cleitus():
    s = clear(start())
    army(s, MAC, 1, "Tarsus", 30, elite=4, leaders=["Alexander III"])
    army(s, PER, 2, "Issus", 10)
    s.loc_start = {"macedonian.1": True, "persian.2": True}
    hand(s, MAC, "black_cleitus")
    # battle 3+3 / 1+1; wounds 6+6 (danger), then 6: death, unless Black Cleitus (auto by default)
    s = dice(s, 3, 3, 1, 1, 6, 6, 6, 1, 1, 1)
    s, _ = attack(s, "macedonian.1", "Issus")
    s, events = play(s, "stand", "pass", "pass")
    assert not s.victory.winner and any(e.kind == "saved" for e in events) and "black_cleitus" in s.discard
    s2 = clear(start())
    army(s2, MAC, 1, "Tarsus", 30, elite=4, leaders=["Alexander III"])
    army(s2, PER, 2, "Issus", 10)
    hand(s2, MAC)
    s2 = dice(s2, 3, 3, 1, 1, 6, 6, 6, 1, 1, 1)
    s2, _ = attack(s2, "macedonian.1", "Issus")
    s2, events = play(s2, "stand", "pass", "pass")
    assert GAME.is_over(s2) and s2.victory.winner == PER and s2.victory.reason == "alexander_dead"


def test_11_3_i_wound_points_from_the_table():
    s = clear(start())
    army(s, MAC, 1, "Tarsus", 30, elite=4, leaders=["Alexander III"])
    army(s, PER, 2, "Issus", 10)
    s = dice(s, 3, 3, 1, 1, 5, 5, 1, 1, 1)  # wounds 10: 2 IP
    s, _ = attack(s, "macedonian.1", "Issus")
    s, _ = through_windows(*play(s, "stand"))
    assert s.injury == 2


def test_11_3_i_darius_flees_at_double_the_score_and_the_treasure_is_taken():
    s = clear(start())
    army(s, MAC, 1, "Sippara", 40, elite=5, leaders=["Alexander III"])
    army(s, PER, 1, "Babylon", 30, elite=0, leaders=["Darius III"])
    s.royal_treasury = s.royal_treasury.model_copy(update={"where": "army:persian.1", "level": "full"})
    s.royal_family = s.royal_family.model_copy(update={"where": "army:persian.1"})
    garrison(s, PER, "Susa", gsp=2)
    # Mac 6+6, Persian 1+1; wounds 1+1; retreat 6 -> Darius 1: 5; losses 1 and 1; flight 2+2: a treasury
    s = dice(s, 6, 6, 1, 1, 1, 1, 6, 1, 1, 2, 2)
    s, _ = attack(s, "macedonian.1", "Babylon")
    s, _ = through_windows(*play(s, "stand"))
    while kind(s) == "retreat":
        s = answer(s, "stop" if "stop" in ids(s) else ids(s)[0])
    if kind(s) == "flee":
        s = answer(s, "stay")
    assert s.royal_treasury.owner == MAC and s.royal_family.holder == MAC
    assert kind(s) == "darius" and "to:Susa" in ids(s)
    s = answer(s, "to:Susa")
    assert s.leaders["Darius III"] == "space:Susa" and s.victory.darius == "alive"


def test_11_3_i_darius_caught_on_eleven_or_more_and_a_new_great_king():
    s = clear(start())
    army(s, MAC, 1, "Sippara", 40, elite=5, leaders=["Alexander III"])
    army(s, PER, 1, "Babylon", 30, elite=0, leaders=["Darius III", "Mazaeus"])
    s = dice(s, 6, 6, 1, 1, 1, 1, 6, 1, 1, 6, 5)
    s, _ = attack(s, "macedonian.1", "Babylon")
    s, _ = through_windows(*play(s, "stand"))
    while kind(s) == "retreat":
        s = answer(s, "stop" if "stop" in ids(s) else ids(s)[0])
    if kind(s) == "flee":
        s = answer(s, "stay")
    assert s.victory.darius == "killed"
    assert kind(s) == "new_king" and "king:Mazaeus" in ids(s)
    s = answer(s, "king:Mazaeus")
    assert s.persian_king == "Mazaeus" and s.leaders["Mazaeus"] == "army:persian.1"


def test_11_3_e_a_draw_sends_the_attacker_back():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 10)
    army(s, PER, 2, "Issus", 10)
    s = dice(s, 3, 3, 3, 3, 1, 1)
    s, _ = attack(s, "macedonian.2", "Issus")
    s, events = through_windows(*play(s, "stand"))
    assert any(e.kind == "battle_draw" for e in events)
    assert s.army("macedonian.2").space == "Tarsus" and s.army("persian.2").space == "Issus"


def test_11_3_g_h_fatigue_for_the_loser_and_useless_beyond_twice_the_losses():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 40, elite=3)
    army(s, PER, 2, "Issus", 20)
    s = dice(s, 6, 6, 1, 1, 1, 1, 6)  # the Macedonian wins; retreat 1; losses 1 (Mac), 6 (Persian)
    s, _ = attack(s, "macedonian.2", "Issus")
    s, _ = through_windows(*play(s, "stand"))
    s = answer(s, "to:Myriandrus")
    if kind(s) == "retreat":
        s = answer(s, "stop")
    loser = s.army("persian.2")
    assert loser.fatigued and loser.useless and not s.army("macedonian.2").fatigued
    assert kind(s) == "flee"


def test_11_3_h_a_useless_army_beaten_again_is_destroyed_with_its_leaders():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 40, elite=3)
    loser = army(s, PER, 2, "Issus", 20, leaders=["Memnon"])
    loser.useless = loser.fatigued = True
    s = dice(s, 6, 6, 1, 1, 1, 1)
    s, _ = attack(s, "macedonian.2", "Issus")
    s, events = through_windows(*play(s, "stand"))
    assert s.army("persian.2") is None and s.leaders["Memnon"] == "dead"


def test_8_7_a_tribe_stops_the_move_and_the_other_side_rolls_for_it():
    s = clear(start())
    army(s, MAC, 2, "Susa", 20)
    assert "Uxii" not in s.tribes
    from engine.alexander.state import Tribe

    s.tribes["Uxii"] = Tribe(name="Uxii", gsp=1)
    s = dice(s, 6, 6, 1, 1, 1, 1, 1)
    s, events = attack(s, "macedonian.2", "Uxii")
    assert any(e.kind == "overrun" for e in events)  # 20 against 1: overrun
    s2 = clear(start())
    army(s2, MAC, 2, "Susa", 7)
    s2.tribes["Uxii"] = Tribe(name="Uxii", gsp=1)
    s2 = dice(s2, 6, 6, 1, 1, 1, 1)
    s2, events = attack(s2, "macedonian.2", "Uxii")
    s2, more = through_windows(s2, events)
    tribe_rolls = [e for e in more if e.kind == "roll" and e.data["side"] == PER]
    assert tribe_rolls  # the Persian rolls for the tribe
    assert "Uxii" not in s2.tribes and s2.army("macedonian.2").space == "Uxii"


def test_9_battle_outside_europe_against_ten_persian_strength_wearies():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 40, elite=3)
    army(s, PER, 2, "Issus", 9)
    garrison(s, PER, "Issus", gsp=1)
    s = dice(s, 6, 6, 1, 1, 1, 1, 1, 1)
    s, _ = attack(s, "macedonian.2", "Issus")
    s, _ = through_windows(*play(s, "stand"))
    assert s.weariness == 1  # 10 strength, 9 of them ASP


def test_8_2_elite_never_above_the_cap():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 40, elite=5)
    army(s, PER, 2, "Issus", 25)
    s = dice(s, 6, 6, 1, 1, 1, 1, 1, 1)
    s, _ = attack(s, "macedonian.2", "Issus")
    s, _ = through_windows(*play(s, "stand"))
    assert s.army("macedonian.2").elite == 5


# -- naval combat (11.5) -------------------------------------------------------------------------
def test_11_5_fleets_meeting_fire_one_die_per_nsp_plus_the_admiral():
    s = clear(start())
    fleet(s, "Macedonian", MAC, "Chersonese", 3, leaders=["Hegelochus"])
    fleet(s, "Ionian", PER, "Lemnos", 3)
    s = answer(to_activity(fresh(s)), "fleet:Macedonian")
    s = dice(s, 6, 6, 1, 1, 1, 1, 1)  # Macedonian 4 dice (3 + Hegelochus), Ionian 3
    s, events = play(s, "sail:Lemnos")
    s, more = through_windows(s)
    s, fight = play(s, "fight")  # the Ionian fleet stands (it may try to avoid)
    more += fight
    fire = [e for e in events + more if e.kind == "roll" and len(e.data["dice"]) in (3, 4)]
    assert [len(e.data["dice"]) for e in fire] == [4, 3]
    assert s.fleet("Ionian").nsp == 1
    assert any(e.kind == "naval_won" and e.data["winner"] == MAC for e in events + more)
    assert s.fleet("Ionian").space != "Lemnos"  # the beaten fleet leaves for a free port


def test_11_5_surprise_fires_first():
    s = clear(start())
    fleet(s, "Macedonian", MAC, "Chersonese", 1)
    fleet(s, "Ionian", PER, "Lemnos", 1)
    hand(s, MAC, "surprise")
    s = answer(to_activity(fresh(s)), "fleet:Macedonian")
    s = dice(s, 6)  # the Macedonian sinks the Ionian fleet before it can fire
    s, events = play(s, "sail:Lemnos", "play:surprise", "pass")
    s, more = through_windows(s)
    s, _ = play(s, "fight")
    assert s.fleet("Ionian") is None and s.fleet("Macedonian").nsp == 1


def test_11_3_f_three_times_the_enemy_strength_takes_two_off_the_loss_roll():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 30, elite=3)
    army(s, PER, 2, "Issus", 10)
    s = dice(s, 6, 6, 1, 1, 1, 3, 3)
    s, events = attack(s, "macedonian.2", "Issus")
    s, more = through_windows(*play(s, "stand"))
    events += more
    while kind(s) == "retreat":
        s, more = play(s, "stop" if "stop" in ids(s) else ids(s)[0])
        events += more
    mods = [e.data["mods"] for e in events if e.kind == "losses" and e.data.get("side") == MAC]
    assert mods and mods[0].get("overwhelming") == -2


def test_11_5_a_successful_naval_avoid_sends_the_movers_back():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    fleet(s, "Ionian", PER, "Lesbos", 3)
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s, _ = play(s, "sail:Lemnos", "intercept:Lesbos")
    s, _ = through_windows(s)
    s = dice(s, 6)
    s, events = play(s, "avoid")
    assert any(e.kind == "avoided" for e in events)
    assert s.army("macedonian.2").space == "Chersonese" and not s.move


def test_11_3_i_darius_on_eight_to_ten_goes_exactly_four_mp_away():
    s = clear(start())
    army(s, MAC, 1, "Sippara", 40, elite=5, leaders=["Alexander III"])
    army(s, PER, 1, "Babylon", 30, elite=0, leaders=["Darius III"])
    s = dice(s, 6, 6, 1, 1, 1, 1, 6, 1, 1, 4, 5)
    s, _ = attack(s, "macedonian.1", "Babylon")
    s, _ = through_windows(*play(s, "stand"))
    while kind(s) == "retreat":
        s = answer(s, "stop" if "stop" in ids(s) else ids(s)[0])
    if kind(s) == "flee":
        s = answer(s, "stay")
    from engine.alexander.loc import distances

    assert kind(s) == "darius"
    for option in ids(s):
        assert distances(s, PER, ["Babylon"], 8)[option[3:]] == 4
