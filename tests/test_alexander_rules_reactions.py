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
    garrison,
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


# -- cards played at any time (15.0 PAT) ----------------------------------------------------------
PERSIAN_FIRST = [[PER, MAC, MAC, MAC, MAC, PER, PER]]


def persian_round(*, mac_cards=(), per_cards=(), orders=None):
    """A Persian Player Phase after the first round, with these hands and standing orders."""
    s = start(opening="optional", draws={"apm": PERSIAN_FIRST})
    s.round = 2
    hand(s, MAC, *mac_cards)
    hand(s, PER, *per_cards)
    s.prefs = {player: {f"order:{k}": v for k, v in o.items()} for player, o in (orders or {}).items()}
    return fresh(s)


def test_15_peucestas_is_played_in_the_other_sides_round():
    """Peucestas "[PAT] Se il giocatore che gioca questa carta controlla Persis, può reclutare 10
    ASP gratuitamente": at any time, so also in the other side's round (the `anytime` window,
    which opens after the active side's draw for both sides)."""
    s = persian_round(mac_cards=("peucestas",), orders={"Ann": {"anytime": "ask"}})
    s.control["Persis"] = MAC
    s, _ = play(fresh(s), "done")  # the Persian plays no card, then draws
    while decision(s).player == "Bo" and kind(s) == "window":
        s = answer(s, "pass")
    d = decision(s)
    assert d.kind == "window" and d.player == "Ann" and d.window == "anytime" and "play:peucestas" in ids(s)
    before = s.army("macedonian.1").asp
    s, _ = play(s, "play:peucestas", "army:macedonian.1")
    assert s.army("macedonian.1").asp == before + 10 and "peucestas" in s.removed
    assert kind(s) == "activity" and decision(s).player == "Bo"


def test_15_by_default_peucestas_is_played_as_soon_as_it_can_be():
    """The `anytime` window's default order is "auto": it plays Peucestas (and nothing else)."""
    s = persian_round(mac_cards=("peucestas",))
    s.control["Persis"] = MAC
    before = s.army("macedonian.1").asp
    s, _ = play(fresh(s), "done")
    assert "peucestas" in s.removed
    assert kind(s) == "card_target"  # where do the new ASP go?
    s = answer(s, "army:macedonian.1")
    assert s.army("macedonian.1").asp == before + 10


def test_15_peucestas_before_a_battle():
    """Peucestas in the battle window: the ASP recruited join the battle."""
    s = clear(start())
    s.round = 2
    army(s, MAC, 2, "Tarsus", 20)
    army(s, PER, 2, "Issus", 10)
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    s.control["Persis"] = PER
    hand(s, PER, "peucestas", "bagoas")
    s.prefs = {"Bo": {"order:anytime": "never"}}  # kept for the battle
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s, _ = play(s, "go:Issus", "stand", "pass")
    assert "play:peucestas" in ids(s) and decision(s).player == "Bo"
    s = dice(s, 1)  # Bagoas survives
    s, events = play(s, "play:peucestas", "pass", "pass")  # (one army: no target to choose)
    rolls = {e.data["side"]: e.data for e in events if e.kind == "battle_roll"}
    assert rolls[PER]["strength"] == 20


def test_15_ahura_mazda_clears_the_sky_after_the_draw():
    """Ahura Mazda Smiles: "Ignorate il Cattivo tempo per quell'APM [PAT]": the Persian may play
    it after his draw in the same round (a card just drawn) through the `anytime` window."""
    s = persian_round(per_cards=("ahura_mazda",), orders={"Bo": {"anytime": "ask"}})
    s.bad_weather = ["Susiana"]
    s, _ = play(fresh(s), "done")
    d = decision(s)
    assert d.kind == "window" and d.player == "Bo" and "play:ahura_mazda" in ids(s)
    s, _ = play(s, "play:ahura_mazda")
    assert s.turn.get("fair_weather") == PER and "ahura_mazda" in s.discard


def test_15_ahura_mazda_for_the_weather_does_not_take_the_segments_card():
    """15.0 "Le carte PAT possono sempre essere giocate in aggiunta ad una carta" of C/1: played
    for its PAT use in the card segment, Ahura Mazda leaves the segment's one card to play."""
    s = persian_round(per_cards=("ahura_mazda", "drought"))
    s.bad_weather = ["Susiana"]
    s, _ = play(fresh(s), "play:ahura_mazda", "weather")
    assert kind(s) == "cards" and "play:drought" in ids(s)


def test_15_storms_at_sea_drown_the_admirals_of_the_fleets_they_sink():
    """Storms at Sea: "tutte le unità che muovono sono distrutte": the leaders aboard go down
    with their fleets (they were left behind on no map space)."""
    s = clear(start())
    s.round = 2
    fleet(s, "Macedonian", MAC, "Cnossus", 3, leaders=["Hegelochus"])
    garrison(s, MAC, "Cydonia", gsp=1)  # a friendly port one sea MP away: a LOC (7.3)
    hand(s, PER, "storms")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    s = to_activity(fresh(s))
    s, _ = play(s, "fleet:Macedonian", "pass", "sail:Cyrene")  # (no Command Indecision)
    assert kind(s) == "window" and "play:storms" in ids(s)
    s = dice(s, 3)
    s, _ = play(s, "play:storms")
    assert s.fleet("Macedonian") is None and s.leaders["Hegelochus"] == "dead"
