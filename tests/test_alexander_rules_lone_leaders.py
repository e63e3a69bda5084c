"""Alexander, rules 3: a leader alone where the enemy's combat units stand is captured (10.8,
11.3 I; docs/rules/alexander.md, Leaders). Games recorded under rules 2 keep the old behaviour
(the leader stayed beside the enemy army), checked too."""

from __future__ import annotations

from test_alexander_rules_departures import beaten_at_issus

from engine.alexander.board import MAC
from engine.alexander.testkit import answer, army, clear, fresh, ids, kind, play, start, to_activity


def memnon_beside_the_victors(rules: int):
    """Memnon stands alone at Issus beside the Persian Army #2; the Macedonian Army #2 beats
    it there and it retreats: Memnon is left with the victors."""
    s = clear(start(rules=rules))
    s.leaders["Memnon"] = "space:Issus"
    s = beaten_at_issus(s, 2)
    events = []
    while kind(s) == "retreat":
        s, got = play(s, next(i for i in ids(s) if i.startswith("to:")))
        events += got
    return s, events


def test_a_leader_left_alone_beside_the_victorious_army_is_captured():
    s, events = memnon_beside_the_victors(3)
    assert s.army("persian.2").space != "Issus" and s.army("macedonian.2").space == "Issus"
    assert s.leaders["Memnon"] == "dead"
    assert any(e.kind == "leader_dies" and "Memnon" in str(e.text) and "captured" in str(e.text) for e in events)


def test_under_rules_2_the_leader_stayed_beside_the_victors():
    s, _ = memnon_beside_the_victors(2)
    assert s.army("macedonian.2").space == "Issus" and s.leaders["Memnon"] == "space:Issus"


def test_an_army_entering_a_space_where_an_enemy_leader_stands_alone_captures_him():
    """No battle (a leader is no combat unit): the army walks in and he is taken."""
    for rules, where in ((3, "dead"), (2, "space:Issus")):
        s = clear(start(rules=rules))
        army(s, MAC, 2, "Tarsus", 10)
        s.leaders["Memnon"] = "space:Issus"
        s.round = 2
        s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
        s, events = play(s, "go:Issus")
        assert s.leaders["Memnon"] == where, rules
        assert any(e.kind == "leader_dies" for e in events) == (rules == 3)


def test_darius_left_alone_beside_the_victors_flees_as_if_they_had_entered_his_space():
    """11.3 I: "Se qualsiasi unità combattente macedone entra in un esagono occupato da Dario
    soltanto (senza unità combattenti), il persiano tira ancora il dado, sommando 3" (rules 4)."""
    for rules in (4, 3):
        s = clear(start(rules=rules))
        s.leaders["Darius III"] = "space:Issus"
        s = beaten_at_issus(s, 2)
        events = []
        while kind(s) == "retreat":
            s, got = play(s, next(i for i in ids(s) if i.startswith("to:")))
            events += got
        fled = [e for e in events if e.kind == "roll" and "Darius flees" in str(e.text)]
        if rules == 4:
            # 1 + 1 + 3 = 5: he gets away to a Persian treasury city of the Persian's choice.
            assert [str(e.text) for e in fled] == ["Darius flees: 1 1."] and kind(s) == "darius"
            city = ids(s)[0]
            s, _ = play(s, city)
            assert s.leaders["Darius III"] == "space:" + city[3:] and s.victory.darius == "alive"
        else:
            assert not fled and s.leaders["Darius III"] == "space:Issus"
