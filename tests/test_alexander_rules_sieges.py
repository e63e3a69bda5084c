"""Alexander: sieges (11.4): declaring and keeping one, surrender, assault and the fall of a
city, the defender's capitulation, counterattack and escape by sea; Rhodes (12.0)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.state import Siege
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


def at_city(asp: int = 20, city: str = "Sardes", frm: str = "Thyatira", gsp: int = 3):
    s = clear(start())
    army(s, MAC, 2, frm, asp, leaders=["Antipater"])
    garrison(s, PER, city, gsp=gsp)
    s.treasuries["Pella"] = s.treasuries["Pella"].model_copy(update={"level": "full"})
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:3")
    return answer(s, f"go:{city}")


def test_11_4_a_major_city_with_defenders_inside_can_be_passed_or_besieged():
    """10.3: "possono continuare a muovere ... o fermarsi dichiarando un Assedio" (no plain stop)."""
    s = at_city()
    assert "siege" in ids(s) and "stop" not in ids(s) and any(i.startswith("go:") for i in ids(s))


def test_11_4_only_ten_asp_may_besiege():
    s = at_city(asp=9)
    assert "siege" not in ids(s) and "surrender" not in ids(s)


def test_11_4_declaring_a_siege_ends_the_move_and_shuts_the_city():
    s = at_city()
    s = answer(s, "siege")
    assert s.sieges["Sardes"].army == "macedonian.2" and not s.army("macedonian.2").inside


def test_11_4_surrender_once_per_army_and_city_for_one_mp():
    s = at_city(gsp=1)
    assert "surrender" in ids(s)
    s = dice(s, 2)
    s, events = play(s, "surrender", "pass")  # the Treachery window, then the roll
    assert any(e.kind == "no_surrender" for e in events)
    assert s.move["spent"] == 2 and "surrender" not in ids(s)  # 1 MP to get there, 1 for the demand


def test_11_4_a_surrender_roll_of_six_takes_the_city():
    s = at_city(gsp=1)
    # d6 6 + Antipater 2 + 1 (more than twice the defenders) - Sardes's 2 = 7
    s = dice(s, 6)
    s, events = play(s, "surrender", "pass")
    assert any(e.kind == "surrender" for e in events)
    assert "Sardes" not in s.garrisons and s.treasuries["Sardes"].owner == MAC
    assert s.weariness == 0  # no weariness for a surrender


def test_11_4_treachery_adds_three_and_reduces_the_treasury_used():
    s = at_city(gsp=1)
    hand(s, MAC, "treachery")
    s = dice(s, 3)
    s, events = play(s, "surrender", "play:treachery")
    assert any(e.kind == "surrender" for e in events)  # 3 + 2 + 1 - 2 + 3 = 7
    assert s.treasuries["Pella"].level == "low"


def besieged(asp=20, gsp=3, city="Sardes"):
    s = clear(start())
    army(s, MAC, 2, city, asp, leaders=["Antipater"])
    garrison(s, PER, city, gsp=gsp)
    s.sieges[city] = Siege(army="macedonian.2")
    return fresh(s)


def test_11_4_the_assault_segment_and_siege_points():
    s = besieged()
    s = answer(to_activity(s), "pass")
    assert kind(s) == "assault" and ids(s) == ["assault:Sardes", "none"]
    s = dice(s, 6)  # 6 - 2 (Sardes) + 1 (20 > 2 x 3) = 5: one siege point, 1 ASP lost
    s, events = play(s, "assault:Sardes")
    assert s.sieges["Sardes"].points == 1 and s.army("macedonian.2").asp == 19
    [told] = [e.text for e in events if e.kind == "assault"]
    assert told == "Assault on Sardes (6 -1): 1 siege point, the attackers lose 1 ASP."  # one point, not "points"


def test_11_4_fall_by_assault_eliminates_the_defenders_and_raises_elite():
    s = besieged()
    s.sieges["Sardes"] = Siege(army="macedonian.2", points=2)
    s.in_play.append("diades")
    s.deck.remove("diades")
    s = answer(to_activity(fresh(s)), "pass")
    s = dice(s, 6)  # 6 - 2 + 1 + 1 = 6: one more point: three
    s, events = play(s, "assault:Sardes")
    assert any(e.kind == "city_taken" for e in events)
    assert "Sardes" not in s.sieges and s.army("macedonian.2").elite == 1 and s.weariness == 1
    assert kind(s) == "move_in"
    s = answer(s, "in:asp=10")
    assert s.garrisons["Sardes"].side == MAC and s.garrisons["Sardes"].asp == 10
    assert s.treasuries["Sardes"].owner == MAC


def test_11_4_a_siege_without_a_loc_is_lifted_in_the_besiegers_phase():
    from engine.alexander.activity import _keep_sieges
    from engine.alexander.flow import Ctx, task

    s = besieged()
    s.treasuries["Pella"] = s.treasuries["Pella"].model_copy(update={"level": "empty"})
    _keep_sieges(Ctx(s), task("keep_sieges", MAC))
    assert "Sardes" not in s.sieges and s.weariness == 1  # a siege ended, not by surrender


def test_11_4_a_siege_ends_when_the_besiegers_fall_under_ten_asp():
    from engine.alexander.flow import Ctx
    from engine.alexander.siege import check_sieges

    s = besieged(asp=10)
    s.army("macedonian.2").asp = 9
    check_sieges(Ctx(s))
    assert "Sardes" not in s.sieges


def test_11_4_units_inside_cannot_leave_but_by_sea_with_a_fleet():
    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}))
    army(s, PER, 2, "Halicarnassus", 12, inside=True)
    army(s, MAC, 2, "Halicarnassus", 20)
    s.sieges["Halicarnassus"] = Siege(army="macedonian.2")
    s = answer(answer(to_activity(fresh(s)), "move:persian.2"), "mp:2")
    assert not any(i.startswith(("go:", "sail:")) for i in ids(s))
    assert "counterattack" in ids(s)
    s2 = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}))
    army(s2, PER, 2, "Halicarnassus", 12, inside=True)
    army(s2, MAC, 2, "Halicarnassus", 20)
    fleet(s2, "Ionian", PER, "Halicarnassus", 3)
    s2.sieges["Halicarnassus"] = Siege(army="macedonian.2")
    s2 = answer(answer(to_activity(fresh(s2)), "move:persian.2"), "mp:2")
    assert any(i.startswith("sail:") for i in ids(s2)) and not any(i.startswith("go:") for i in ids(s2))


def test_11_4_a_counterattack_that_wins_breaks_the_siege():
    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}))
    army(s, PER, 2, "Sardes", 30, inside=True, elite=2, leaders=["Memnon"])
    army(s, MAC, 2, "Sardes", 12)
    s.sieges["Sardes"] = Siege(army="macedonian.2")
    s = answer(answer(to_activity(fresh(s)), "move:persian.2"), "mp:1")
    s = dice(s, 6, 6, 1, 1, 1, 1, 1)
    s, _ = play(s, "counterattack")
    assert kind(s) == "avoid"  # the besiegers may try to slip away
    s, _ = play(s, "stand")
    while kind(s) == "window":
        s = answer(s, "pass")
    while kind(s) == "retreat":
        s = answer(s, "stop" if "stop" in ids(s) else ids(s)[0])
    if kind(s) == "flee":
        s = answer(s, "stay")
    assert "Sardes" not in s.sieges
    assert kind(s) == "sally"
    s = answer(s, "inside")
    assert s.army("persian.2").inside


def test_11_4_a_capitulation_offered_and_accepted():
    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}))
    army(s, PER, 2, "Sardes", 12, inside=True)
    garrison(s, PER, "Sardes", gsp=2)
    army(s, MAC, 2, "Sardes", 20)
    s.sieges["Sardes"] = Siege(army="macedonian.2")
    s = answer(to_activity(fresh(s)), "capitulate:Sardes")
    s = answer(s, "out:persian.2=8")
    # Colossae is Sardes' one neighbour in another province, and the Persian has nothing to pay
    # for (Pella is Full): both taken at once; the Macedonian answers.
    assert kind(s) == "capitulation_answer" and s.sides[MAC] == "Ann"
    s = answer(s, "accept")
    assert s.army("persian.2").space == "Colossae" and s.army("persian.2").asp == 8
    assert "Sardes" not in s.sieges and "Sardes" not in s.garrisons and s.treasuries["Sardes"].owner == MAC
    assert s.weariness == 0


def test_11_4_a_capitulation_refused_changes_nothing():
    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}))
    garrison(s, PER, "Sardes", gsp=2)
    army(s, MAC, 2, "Sardes", 20)
    s.sieges["Sardes"] = Siege(army="macedonian.2")
    s, _ = play(to_activity(fresh(s)), "capitulate:Sardes", "none", "refuse")
    assert "Sardes" in s.sieges and s.garrisons["Sardes"].gsp == 2


def test_12_rhodes_taken_by_siege_gives_its_fleet():
    s = clear(start())
    army(s, MAC, 2, "Rhodes", 20)
    s.sieges["Rhodes"] = Siege(army="macedonian.2", points=2)
    s = answer(to_activity(fresh(s)), "pass")
    s = dice(s, 6)  # 6 - 2 + 1 (20 > 2 x 2): 5, one point
    s, events = play(s, "assault:Rhodes")
    assert s.fleet("Rhodian").side == MAC and "Rhodes" not in s.sieges
    assert s.garrisons.get("Rhodes") is None or s.garrisons["Rhodes"].side == MAC
