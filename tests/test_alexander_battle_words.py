"""What the battle's texts say of who rolls and how far a flight goes (issue 27, item 7): a tribe's
battle roll is the tribe's, though the attacker's opponent rolls it (8.7, 11.3); a flight (11.3 H,
"a second retreat, as far as you like") has no number of spaces to reach."""

from test_alexander_rules_battle import attack, through_windows

from engine.alexander.state import Tribe
from engine.alexander.testkit import MAC, PER, answer, army, clear, decision, dice, kind, play, start


def test_a_tribes_battle_roll_is_labelled_with_the_tribe():
    s = clear(start())
    army(s, MAC, 2, "Susa", 7)
    s.tribes["Uxii"] = Tribe(name="Uxii", gsp=1)
    s = dice(s, 6, 6, 1, 1, 1, 1)
    s, events = attack(s, "macedonian.2", "Uxii")
    s, more = through_windows(s, events)
    tribe = [e for e in more if e.kind == "battle_roll" and e.data["side"] == PER]
    assert tribe and str(tribe[0].text).startswith("Uxii:"), [str(e.text) for e in tribe]
    roll = [e for e in more if e.kind == "roll" and e.data["side"] == PER]
    assert roll and "Uxii" in str(roll[0].text) and "Persian" not in str(roll[0].text)
    mine = [e for e in more if e.kind == "battle_roll" and e.data["side"] == MAC]
    assert str(mine[0].text).startswith("Macedonian:")


def test_a_flight_names_no_number_of_spaces_to_reach():
    s = clear(start())
    army(s, MAC, 2, "Tarsus", 40, elite=3)
    army(s, PER, 2, "Issus", 20)
    s = dice(s, 6, 6, 1, 1, 1, 1, 6)  # as in test_11_3_g_h: the Persian is beaten and Useless
    s, _ = attack(s, "macedonian.2", "Issus")
    s, _ = through_windows(*play(s, "stand"))
    s = answer(s, "to:Myriandrus")
    if kind(s) == "retreat":
        s = answer(s, "stop")
    assert kind(s) == "flee"
    s = answer(s, "flee")
    prompt = str(decision(s).prompt)
    assert kind(s) == "retreat" and "Flight from Myriandrus: 0 spaces so far" in prompt, prompt
    assert " of 1 " not in prompt and "as far as you like" in prompt
