"""Alexander: card texts read closely (15.0): the Honeymooners come back to any army, the
dissent of Satrap Insubordination is rolled per province."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    decision,
    dice,
    fresh,
    garrison,
    hand,
    ids,
    kind,
    play,
    start,
)


def test_15_the_honeymooners_come_back_to_any_macedonian_army():
    """The Honeymooners: "I 4 ASP possono tornare in qualsiasi Armata macedone nella Fase
    Amministrativa seguente": the Macedonian chooses the army."""
    s = clear(start())
    s.round = 2
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    army(s, MAC, 2, "Amphipolis", 10)
    s.honeymoon = 4
    s = fresh(s)
    while kind(s) == "cards" or kind(s) == "window":
        s = answer(s, "done" if kind(s) == "cards" else "pass")
    s = answer(s, "admin")
    for _ in range(20):  # the Admin Phase's steps, up to the newly-weds' return
        if kind(s) in ("honeymoon", "activity"):
            break
        s = answer(s, "none" if "none" in ids(s) else ids(s)[0])
    assert kind(s) == "honeymoon"
    assert decision(s).player == "Ann" and set(ids(s)) == {"army:macedonian.1", "army:macedonian.2"}
    s = answer(s, "army:macedonian.2")
    assert s.army("macedonian.2").asp == 14 and s.army("macedonian.1").asp == 20 and s.honeymoon == 0


def test_15_satrap_dissent_rolls_once_per_province():
    """Satrap Insubordination, option 2: "Tirate un dado per ogni provincia tra queste che
    contiene una guarnigione macedone ... Con un risultato di 1-5 rimuovete la guarnigione"."""
    s = start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]})
    s = clear(s)
    s.round = 2
    s.victory.great_king = True
    army(s, MAC, 1, "Susa", 30, leaders=["Alexander III"])
    garrison(s, MAC, "Babylon", gsp=2)
    garrison(s, MAC, "Sippara", gsp=1)
    garrison(s, MAC, "Ecbatana", gsp=2)
    hand(s, PER, "satrap")
    s = dice(fresh(s), 5, 6)  # Babylonia: 5, the garrisons go; Media: 6, it stays
    s, events = play(s, "play:satrap", "east")
    while kind(s) == "window":
        s, more = play(s, "pass")
        events += more
    rolls = [e for e in events if e.kind == "roll" and "Dissent" in e.text]
    assert len(rolls) == 2
    assert "Babylon" not in s.garrisons and "Sippara" not in s.garrisons and s.garrisons["Ecbatana"].gsp == 2
    assert s.army("macedonian.1").asp == 33


def test_3_4_no_siege_assault_in_the_round_of_the_proskynesis():
    """3.4: the Proskynesis by action takes "un intero Round di Azione ... (nel quale non gli è
    consentito alcun movimento, combattimento o reclutamento)": no assault in its C/4."""
    from engine.alexander.state import Siege

    s = clear(start())
    s.round = 2
    s.victory.great_king = True
    army(s, MAC, 1, "Sardes", 30, leaders=["Alexander III"])
    garrison(s, PER, "Sardes", gsp=3)
    s.sieges["Sardes"] = Siege(army="macedonian.1")
    s.loc_start = {"macedonian.1": True}
    s = fresh(s)
    while kind(s) in ("cards", "window"):
        s = answer(s, "done" if kind(s) == "cards" else "pass")
    assert "proskynesis" in ids(s)
    s, _ = play(s, "proskynesis")
    assert s.victory.proskynesis and kind(s) != "assault"
