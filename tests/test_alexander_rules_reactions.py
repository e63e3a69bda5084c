"""Alexander: cards played out of one's own card segment (15.0 PAT cards, the reaction
windows): Spies against either side's Surprise, naval avoid for whoever is attacked, PAT
cards at every window the engine opens."""

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
    hand,
    ids,
    kind,
    play,
    start,
    to_activity,
)


def battle_at_issus(mac_cards=(), per_cards=()):
    """The Macedonian Army #2 at Tarsus attacks the Persian Army #2 at Issus (both with a LOC)."""
    s = clear(start())
    s.round = 2
    army(s, MAC, 2, "Tarsus", 20)
    army(s, PER, 2, "Issus", 10)
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    hand(s, MAC, *mac_cards)
    hand(s, PER, *per_cards)
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    return play(s, "go:Issus", "stand")


def battle_rolls(events):
    return {e.data["side"]: e.data for e in events if e.kind == "battle_roll"}


def test_15_spies_cancel_the_defenders_surprise():
    """Spies: "Annullare gli effetti di una carta Sorpresa [PAT]" works for the attacker too: the
    defender's Surprise comes after the attacker's window, which opens again to answer it."""
    s, events = battle_at_issus(mac_cards=("spies",), per_cards=("surprise",))
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, more = play(s, "pass", "play:surprise", "pass")
    d = decision(s)
    assert d.kind == "window" and d.player == "Ann" and "play:spies" in ids(s)
    s, more2 = play(s, "play:spies", "pass", "pass")
    rolls = battle_rolls(events + more + more2)
    assert "surprise" not in rolls[PER]["mods"]
    assert "spies" in s.discard and "surprise" in s.discard
    # When both sides let the moment go, one window each and the battle follows (the reopening
    # depends on public plays only, never on the hands).
    s, _ = battle_at_issus(mac_cards=("spies",), per_cards=("surprise",))
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, events = play(s, "pass", "pass")
    assert kind(s) != "window" and battle_rolls(events)


def test_15_spies_cancel_a_surprise_in_naval_combat():
    """11.5 and Spies: the Surprise that lets a side fire first can be cancelled by either side."""
    s = clear(start())
    s.round = 2
    fleet(s, "Macedonian", MAC, "Chersonese", 3)
    fleet(s, "Ionian", PER, "Lemnos", 3)
    s.loc_start = {}
    hand(s, MAC, "surprise")
    hand(s, PER, "spies")
    s = to_activity(fresh(s))
    s, _ = play(s, "fleet:Macedonian", "sail:Lemnos")
    assert kind(s) == "window" and decision(s).player == "Ann"
    s, _ = play(s, "play:surprise", "pass")
    assert kind(s) == "window" and "play:spies" in ids(s)
    s, events = play(s, "play:spies", "pass", "pass")
    assert any(e.kind == "surprise_cancelled" for e in events)


def test_11_5_fleets_attacked_in_their_own_space_may_avoid():
    """11.5 "Evitare il combattimento" (and Surprise: "Se è il difensore, può aggiungere +2 al suo
    tentativo di Evitare"): the fleets a moving fleet attacks may try to avoid too; avoided, the
    moving ships go back to the port they left."""
    s = clear(start())
    s.round = 2
    fleet(s, "Macedonian", MAC, "Chersonese", 3)
    fleet(s, "Ionian", PER, "Lemnos", 3, leaders=["Pharnabazus"])
    s = to_activity(fresh(s))
    s, _ = play(s, "fleet:Macedonian", "sail:Lemnos", "pass", "pass")
    d = decision(s)
    assert d.kind == "avoid" and d.player == "Bo"
    s = dice(s, 6)
    s, events = play(s, "avoid")
    assert any(e.kind == "avoided" for e in events)
    assert s.fleet("Macedonian").space == "Chersonese" and s.fleet("Ionian").space == "Lemnos"
    assert s.fleet("Ionian").nsp == 3 and s.fleet("Macedonian").nsp == 3 and not s.move


def test_8_5_a_fleet_changing_sides_sails_step_by_step_and_fleets_elsewhere_may_intercept():
    """8.5: "Non è consentita l'Intercettazione da parte di Flotte che si trovano nello Spazio in
    cui viene mossa, ma è consentita da parte di Flotte che sono in altri Spazi." The example: the
    Ionian fleet comes over at Tyre; the Tyrian and Egyptian fleets there cannot intercept it,
    the Cypriot fleet at Salamis (2 MP from Sidon) can."""
    s = clear(start())
    s.round = 2
    fleet(s, "Ionian", PER, "Tyre", 3)
    fleet(s, "Tyrian", PER, "Tyre", 4)
    fleet(s, "Egyptian", PER, "Tyre", 4)
    fleet(s, "Cypriot", PER, "Salamis", 3)
    for port in ("Lesbos", "Chios", "Caria"):
        s.control[port] = MAC  # Alexander holds every home port of the Ionian fleet
    s = to_activity(fresh(s))
    s = answer(s, "pass")
    while kind(s) != "defect":
        s = answer(s, "none" if "none" in ids(s) else ids(s)[0])
    assert s.fleet("Ionian").side == MAC and decision(s).player == "Ann"
    s, _ = play(s, "sail", "sail:Sidon")
    d = decision(s)
    assert d.kind == "intercept" and d.player == "Bo"
    assert ids(s) == ["intercept:Salamis", "pass"]  # not the fleets at Tyre
    s, _ = play(s, "pass")
    assert kind(s) == "move" and s.fleet("Ionian").space == "Sidon"
    s, _ = play(s, "stop")
    assert s.fleet("Ionian").space == "Sidon" and not s.move
