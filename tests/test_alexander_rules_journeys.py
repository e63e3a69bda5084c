"""Alexander: journeys out of the ordinary move: leaders moving alone link by link (10.8, with
interception by land and sea, 10.6) and retreats by sea (11.3 E)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    decision,
    dice,
    fleet,
    fresh,
    ids,
    kind,
    play,
    start,
    to_activity,
)


def leaders_round(s):
    s.round = 2
    return answer(to_activity(fresh(s)), "leaders")


def test_10_8_a_leader_alone_moves_link_by_link_and_is_caught_on_the_way():
    """10.8 "Possono muovere ovunque, ma sono soggetti all'Intercettazione" and 10.6 "Se
    un'Armata (o Comandante che muove da solo) muove in uno Spazio che è collegato ... ad uno
    Spazio che contiene un'Armata nemica": Antipater walks Pella - Aegae - Larissa - Lamia; the
    Persians at Pherae (next to Larissa, not to Lamia) catch him on the way."""
    s = clear(start())
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    army(s, PER, 2, "Pherae", 10, leaders=["Memnon"])
    s = leaders_round(s)
    s = answer(s, "leader:Antipater")
    assert kind(s) == "leader_walk" and "go:Aegae" in ids(s) and "back" in ids(s)
    s, _ = play(s, "go:Aegae")
    assert kind(s) == "leader_walk" and "stop" in ids(s)  # nobody next to Aegae
    s, _ = play(s, "go:Larissa")
    d = decision(s)
    assert d.kind == "intercept" and d.player == "Bo" and ids(s) == ["intercept:persian.2", "pass"]
    s = dice(s, 4)
    s, events = play(s, "intercept:persian.2")  # 4 + Memnon's 2
    assert s.leaders["Antipater"] == "dead" and any(e.kind == "leader_caught" for e in events)
    assert kind(s) == "leader_move"  # the next leader, or done


def test_10_8_a_leader_alone_may_stop_on_the_way_and_pays_no_mp():
    s = clear(start())
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    s = leaders_round(s)
    s, _ = play(s, "leader:Antipater", "go:Aegae", "go:Larissa", "go:Lamia", "stop", "done")
    assert s.leaders["Antipater"] == "space:Lamia" and s.army("macedonian.2").space == "Pella"


def test_10_6_a_mountain_link_takes_one_from_the_interception_of_a_leader():
    """10.6 "un'Intercettazione che usa un collegamento di Montagna subisce un DRM -1", for a
    leader moving alone as for an army: Memnon at Dodona reaches Aegae over a mountain."""
    s = clear(start())
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    army(s, PER, 2, "Dodona", 10, leaders=["Memnon"])
    s = leaders_round(s)
    s, _ = play(s, "leader:Antipater", "go:Aegae")
    assert ids(s) == ["intercept:persian.2", "pass"]
    s = dice(s, 4)
    s, events = play(s, "intercept:persian.2")  # 4 + 2 - 1 = 5: not enough
    assert any(e.kind == "intercept_fails" for e in events)
    assert s.leaders["Antipater"] == "space:Aegae" and kind(s) == "leader_walk"


def test_10_6_a_leader_sailing_alone_may_be_intercepted_by_fleets():
    """10.6: units moving on sea links may be intercepted by enemy fleets within 2 naval MP;
    11.5: the intercepted may try to avoid (here with Hegelochus' own Naval Rating), back to the
    port his voyage began at; caught, he is captured (10.8)."""
    s = clear(start())
    army(s, MAC, 2, "Pella", 10, leaders=["Hegelochus", "Antipater"])
    fleet(s, "Ionian", PER, "Lesbos", 3)
    s = leaders_round(s)
    s, _ = play(s, "leader:Hegelochus", "sail:North Aegean Sea", "sail:Lemnos")
    d = decision(s)
    assert d.kind == "intercept" and d.player == "Bo" and ids(s) == ["intercept:Lesbos", "pass"]
    escaped = dice(fresh(s), 5)
    escaped, events = play(escaped, "intercept:Lesbos")  # 5 + 1: he slips back
    assert escaped.leaders["Hegelochus"] == "space:Pella" and kind(escaped) == "leader_move"
    caught = dice(fresh(s), 4)
    caught, _ = play(caught, "intercept:Lesbos")  # 4 + 1: captured
    assert caught.leaders["Hegelochus"] == "dead"


def beaten_at_issus(s, retreat_roll: int, persians: int = 10):
    """The Macedonian Army #2 (60 ASP, Elite 3) from Tarsus beats the Persian Army #2 (10 ASP)
    at Issus, a port; the Persian must retreat `retreat_roll` spaces."""
    army(s, MAC, 2, "Tarsus", 60, elite=3)
    army(s, PER, 2, "Issus", persians)
    s.round = 2
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s = dice(s, 6, 6, 1, 1, retreat_roll, 1, 1, 1, 1, 1, 1)
    s, _ = play(s, "go:Issus", "stand")
    while kind(s) == "window":
        s = answer(s, "pass")
    return s


def test_11_3_e_a_beaten_army_in_a_port_may_retreat_by_sea():
    """11.3 E: "Il giocatore che si Ritira aggiunge uno ... per ogni MP dopo il primo che avrebbe
    usato per percorrere la via di Ritirata se fosse normale movimento": a retreat is a move, and
    a move may go by sea (10.7). Issus to Aradus by sea: two spaces, 2 MP, +1 to the losses."""
    s = beaten_at_issus(clear(start()), 2)
    assert kind(s) == "retreat" and decision(s).player == "Bo"
    assert "sail:Myriandrus" in ids(s) and "to:Myriandrus" in ids(s)
    s, _ = play(s, "sail:Myriandrus")
    assert "sail:Aradus" in ids(s)
    s, events = play(s, "sail:Aradus", "stop")
    assert s.army("persian.2").space == "Aradus"
    losses = [e.data for e in events if e.kind == "losses" and e.data["side"] == PER]
    assert losses and losses[0]["mods"].get("retreat") == 1
    # 10.7 "non più di 15 ASP ... possono essere trasportati per mare in una singola Azione".
    s = beaten_at_issus(clear(start()), 2, persians=16)
    assert kind(s) == "retreat" and "to:Myriandrus" in ids(s)
    assert not [i for i in ids(s) if i.startswith("sail:")]


def test_11_3_e_a_retreat_by_sea_may_be_intercepted_and_sunk():
    """10.7: armies moving by sea "Sono soggette all'intercettazione (in mare) da parte di Flotte
    nemiche"; 11.5: with no fleet of its own, any 6 of the interceptor sinks all the ASP carried."""
    s = clear(start())
    fleet(s, "Macedonian", MAC, "Salamis", 3)  # two sea MP from Myriandrus
    s = beaten_at_issus(s, 2)
    s, _ = play(s, "sail:Myriandrus")
    d = decision(s)
    assert d.kind == "intercept" and d.player == "Ann" and "intercept:Salamis" in ids(s)
    s = dice(s, 3, 6, 1, 1)  # the avoid fails (3); the Macedonian ships fire three dice: a 6
    s, events = play(s, "intercept:Salamis")
    assert s.army("persian.2") is None and any(e.kind == "retreat_sunk" for e in events)
    assert s.fleet("Macedonian").space == "Myriandrus"


def test_11_3_e_a_retreat_turned_back_at_sea_goes_on_by_land():
    """11.5: not sunk, the ships go back to the port they left; the retreat goes on from there."""
    s = clear(start())
    fleet(s, "Macedonian", MAC, "Salamis", 1)
    s = beaten_at_issus(s, 1)
    s, _ = play(s, "sail:Myriandrus")
    s = dice(s, 3, 1)  # the avoid fails; the one Macedonian die misses
    s, events = play(s, "intercept:Salamis")
    assert any(e.kind == "turned_back" for e in events)
    assert kind(s) == "retreat" and not [i for i in ids(s) if i.startswith("sail:")]
    assert "to:Myriandrus" in ids(s)


def test_11_3_e_retreat_mp_are_those_of_a_normal_move_bad_weather_included():
    """11.3 E "ogni MP dopo il primo che avrebbe usato ... se fosse normale movimento": Bad
    Weather in Cilicia triples the land link from Issus (Bad Weather card), so a one-space
    retreat costs 3 MP and adds 2 to the losses."""
    s = beaten_at_issus(clear(start()), 1)
    s.bad_weather = ["Cilicia"]  # (set once the Macedonian has marched in)
    s, events = play(fresh(s), "to:Myriandrus", "stop")
    losses = [e.data for e in events if e.kind == "losses" and e.data["side"] == PER]
    assert losses and losses[0]["mods"].get("retreat") == 2


def test_11_3_a_an_army_may_avoid_battle_over_a_sea_link():
    """11.3 A: the avoiding army "deve muovere in qualsiasi Spazio adiacente (direttamente
    collegato) non occupato da unità nemiche": a sea link connects directly too (2.1 lists
    "mare/costiera" among the connections). Lemnos has no land link at all."""
    s = clear(start())
    s.round = 2
    army(s, MAC, 2, "Chersonese", 10)
    army(s, PER, 2, "Lemnos", 5, leaders=["Memnon"])
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s, _ = play(s, "sail:Lemnos")
    assert kind(s) == "avoid" and decision(s).player == "Bo"
    s = dice(s, 4)
    s, _ = play(s, "avoid")  # 4 + Memnon's 2
    assert kind(s) == "avoid_to" and set(ids(s)) == {"to:Chersonese", "to:Lesbos", "to:Mytilene"}
    s, _ = play(s, "to:Lesbos")
    assert s.army("persian.2").space == "Lesbos" and not s.battle


def test_7_3_an_enemy_fleet_in_a_port_of_a_strait_cuts_a_loc_across_it():
    """7.3 "Un LOC tracciata attraverso uno Stretto può essere interrotta usando il metodo sopra
    citato. L'intercettazione non può però avvenire se chi traccia la LOC ha una Flotta in uno
    Spazio di porto che fa parte di quello Stretto": a Persian fleet at Chersonese closes the
    Hellespont (Abydos - Chersonese) to the Macedonian LOC, unless a Macedonian fleet lies at
    Abydos or Chersonese."""
    from engine.alexander.loc import distances

    s = clear(start())
    assert distances(s, MAC, ["Abydos"], 10)["Chersonese"] == 2
    fleet(s, "Ionian", PER, "Chersonese", 3)
    assert distances(s, MAC, ["Abydos"], 10).get("Chersonese", 99) > 2
    fleet(s, "Macedonian", MAC, "Abydos", 3)
    assert distances(s, MAC, ["Abydos"], 10)["Chersonese"] == 2


def test_11_4_the_fleets_of_a_fallen_city_go_to_the_nearest_friendly_port():
    """11.4 "Le Flotte difendenti devono Ritirarsi nel porto amico più vicino, indipendentemente
    dalla distanza": Ephesus is nearer but Macedonian; Halicarnassus is held by the Persians."""
    from engine.alexander.flow import Ctx
    from engine.alexander.siege import take_city
    from engine.alexander.testkit import garrison

    s = clear(start())
    garrison(s, PER, "Miletus", gsp=2)
    fleet(s, "Ionian", PER, "Miletus", 3)
    garrison(s, PER, "Halicarnassus", gsp=1)
    garrison(s, MAC, "Sardes", gsp=1)
    s.control["Lydia"] = MAC
    army(s, MAC, 2, "Miletus", 20)
    take_city(Ctx(s), "Miletus", MAC, by_force=True)
    assert s.fleet("Ionian").space == "Halicarnassus"


def test_13_an_alexandria_built_on_a_transit_point_is_a_minor_city():
    """13.0 "Una Alessandria è trattata come Città Minore, e può essere costruita su qualsiasi
    esistente Città Minore o Punto di Transito. La locazione egiziana di Alessandria è trattata
    come Punto di Transito sino a quando non viene costruita": once built, units may end their
    move there."""
    s = clear(start())
    s.round = 2
    army(s, MAC, 2, "Naucratis", 10)
    before = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    assert "go:Alexandria" not in ids(before)  # a transit point: no stopping there
    s.alexandrias = ["Alexandria"]
    s, _ = play(answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1"), "go:Alexandria")
    assert kind(s) == "move" and "stop" in ids(s)
    s, _ = play(s, "stop")
    assert s.army("macedonian.2").space == "Alexandria"


def test_10_9_an_alexandria_on_a_transit_point_counts_for_devastation():
    """10.9 "superiore al numero di Spazi in quella provincia (esclusi i Punti di Transito)": an
    Alexandria built on a transit point is a minor city (13.0), so it counts."""
    from engine.alexander.flow import Ctx
    from engine.alexander.movement import counted_spaces

    s = clear(start())
    plain = counted_spaces(Ctx(s), "Egypt")
    s.alexandrias = ["Alexandria"]
    assert counted_spaces(Ctx(s), "Egypt") == plain + 1
