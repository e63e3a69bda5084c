"""Alexander: every worked example of the rulebook, with pinned dice and draws.

Where the example's own arithmetic disagrees with the rulebook's tables, the tables win and the
test says so (docs/rules/alexander.md, "Readings")."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    dice,
    fresh,
    kind,
    play,
    start,
    to_activity,
)


def texts(events) -> str:
    return "\n".join(str(e.text) for e in events)


def test_11_3_alexander_against_memnon_at_cyzicus():
    """Alexander crosses the Hellespont at Chersonese and attacks Memnon at Cyzicus (11.3)."""
    s = to_activity(start())
    s = answer(answer(s, "move:macedonian.1"), "mp:4")
    # avoid 2; battle Mac 5+5, Persian 2+3; wounds 2+2; retreat 1; losses Mac 3, Persian 3
    s = dice(s, 2, 5, 5, 2, 3, 2, 2, 1, 3, 3)
    s, _ = play(s, "go:Chersonese", "go:Abydos")
    assert kind(s) == "intercept"  # Memnon could try to catch him at Abydos
    s, _ = play(s, "pass", "go:Cyzicus")
    s, ev = play(s, "avoid")
    assert "fails to avoid" in texts(ev)  # 2 + Memnon's 2 is not 6
    while kind(s) == "window":
        s = answer(s, "pass")
    battle = s.battle
    assert battle["modified"] == {MAC: 17, PER: 7}  # +7 for Alexander: rating 4, Elite 4 against 1
    # The example reads 7 for Memnon's score; the table's 36-44 column gives 8 for a 7.
    assert battle["score"] == {MAC: 16, PER: 8}
    assert s.army("macedonian.1").elite == 5 and s.army("persian.2").elite == 0
    assert s.weariness == 1
    assert kind(s) == "retreat"  # 1 - 2 = the minimum of one space; he goes three, into Sardes
    s, ev = play(s, "to:Pergamum", "to:Thyatira", "to:Sardes", "stop")
    assert s.army("macedonian.1").asp == 32  # 3 - 2 on the losses table: 1 ASP
    # Memnon: 3 + 2 for the extra retreat MP; the example says 7 ASP, the 36-44 column gives 8.
    memnon = s.army("persian.2")
    assert memnon.asp == 32 and memnon.space == "Sardes" and memnon.inside
    assert memnon.useless and memnon.fatigued
    assert kind(s) == "flee"
    s = answer(s, "stay")  # not obliged to flee: he is in a treasury city
    assert s.injury == 0 and s.leaders["Memnon"] == "army:persian.2"  # no leader loss: no final 9 or 13
    assert s.control["Mysia"] == MAC


def test_4_0_three_apms_of_a_side_in_a_row_give_the_other_a_free_round():
    """Two Macedonian APMs, then the Admin APM, then a Macedonian one: the third in a row (4.0)."""
    order = [[MAC, PER, PER, PER, MAC, MAC, "admin"], ["admin", MAC, MAC, PER, PER, PER, MAC]]
    second_mac = [MAC, PER, PER, PER, MAC, MAC, MAC]
    s = start(draws={"apm": [order[0], order[1], second_mac]})
    s = answer(to_activity(s), "pass")  # round 1 (the set-aside Macedonian APM)
    assert s.active == MAC and s.round == 2  # a second Macedonian APM
    s = answer(to_activity(s), "pass")
    # The Admin APM was drawn (round 3); then the third Macedonian APM: the Persian goes first.
    assert s.round == 4 and s.active == PER and s.turn.get("free")


def test_6_3_armenia_needs_nine_asp_to_quell():
    """'It takes an army of 9 ASP to put down a revolt in Armenia, revolt value 3' (6.3)."""
    for asp, quelled in ((8, False), (9, True)):
        s = clear(start())
        s.revolt, s.control["Armenia"] = ["Armenia"], None
        army(s, MAC, 1, "Malatya", asp, leaders=["Alexander III"])
        s = answer(answer(to_activity(fresh(s)), "move:macedonian.1"), "mp:1")
        s, _ = play(s, "go:Tomisa", "stop")
        assert ("Armenia" not in s.revolt) == quelled
        assert s.control["Armenia"] == (MAC if quelled else None)
