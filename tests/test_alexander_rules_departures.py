"""Alexander: the departures from the rulebook found by issue 26, each fixed (rules version 2)
with the passage it follows; where a game recorded under version 1 must replay as it was
played, the old behaviour is checked too (option `rules: 1`)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    decision,
    dice,
    fresh,
    ids,
    kind,
    play,
    start,
    to_activity,
)
from engine.core import same_labels


def leaders_round(s):
    s.round = 2
    return answer(to_activity(fresh(s)), "leaders")


def label(s, option_id: str) -> str:
    return str(decision(s).option(option_id).label)


# -- 7: two options a player cannot tell apart ------------------------------------------------------
def test_a_leader_at_mytilene_tells_the_land_link_to_lesbos_from_the_sea_link():
    """Mytilene and Lesbos are joined by land and by sea; land or sea changes the rules applied
    (10.6: interception by armies or by fleets; Storms at Sea), so the two steps read apart, and
    the log says which was taken."""
    s = clear(start())
    army(s, MAC, 2, "Mytilene", 5, leaders=["Antipater"])
    s = answer(leaders_round(s), "leader:Antipater")
    assert {"go:Lesbos", "sail:Lesbos"} <= set(ids(s))
    assert label(s, "go:Lesbos") != label(s, "sail:Lesbos")
    assert not same_labels(decision(s))
    _, by_land = play(s, "go:Lesbos")
    _, by_sea = play(s, "sail:Lesbos")
    moved = [str(e.text) for e in by_land if e.kind == "leader_moves"] + [
        str(e.text) for e in by_sea if e.kind == "leader_moves"]
    assert len(moved) == 2 and moved[0] != moved[1] and "sails" in moved[1]


def beaten_at_issus(s, retreat_roll: int):
    """The Macedonian Army #2 (60 ASP, Elite 3) from Tarsus beats the Persian Army #2 (10 ASP)
    at Issus; the Persian must retreat `retreat_roll` spaces."""
    army(s, MAC, 2, "Tarsus", 60, elite=3)
    army(s, PER, 2, "Issus", 10)
    s.round = 2
    s.loc_start = {"macedonian.2": True, "persian.2": True}
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s = dice(s, 6, 6, 1, 1, retreat_roll, 1, 1, 1, 1, 1, 1)
    s, _ = play(s, "go:Issus", "stand")
    while kind(s) == "window":
        s = answer(s, "pass")
    return s


def test_an_army_moving_by_sea_sails_in_the_log():
    """The log says by land or by sea, as the option did (10.6: the interceptions differ)."""
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:2")
    _, by_sea = play(s, "sail:Lemnos")
    _, by_land = play(s, next(i for i in ids(s) if i.startswith("go:")))
    assert [str(e.text) for e in by_sea if e.kind == "move"] == ["Macedonian Army #2 sails to Lemnos."]
    assert all("moves to" in str(e.text) for e in by_land if e.kind == "move")


def test_a_retreat_by_land_and_by_sea_to_one_space_reads_apart():
    s = beaten_at_issus(clear(start()), 2)
    assert kind(s) == "retreat" and {"to:Myriandrus", "sail:Myriandrus"} <= set(ids(s))
    assert not same_labels(decision(s))


# -- 8: retreats into a dead end -----------------------------------------------------------------------
def test_a_retreat_step_into_a_dead_end_says_the_force_is_eliminated():
    """11.3 E: the path "deve sempre portare la forza sconfitta ad una distanza maggiore dallo
    Spazio di battaglia" and the force never enters enemy units; with the Macedonians at Aradus,
    Myriandrus leads nowhere farther from Issus (Aleppo is no farther), so a 2-space retreat
    there cannot end, and the engine's reading eliminates the force: the option says so."""
    s = clear(start())
    army(s, MAC, 3, "Aradus", 5)
    s = beaten_at_issus(s, 2)
    assert kind(s) == "retreat"
    assert "no way on" in label(s, "to:Myriandrus") and "eliminated" in label(s, "sail:Myriandrus")
    assert "no way on" not in label(s, "to:Aleppo")
    # The prompt counts spaces and says what the MP cost; the labels give the MP of each step.
    prompt = str(decision(s).prompt)
    assert "0 of 2 spaces" in prompt and "0 MP" in prompt and "(land, 1 MP)" in label(s, "to:Myriandrus")
    s, events = play(s, "to:Myriandrus")
    assert s.army("persian.2") is None
    assert any("no way to retreat" in str(e.text) for e in events)


# -- the rules version ------------------------------------------------------------------------------
def test_games_recorded_under_rules_version_1_keep_its_rules():
    """Stored games replay as they were played: a game recorded under version 1 is set up with
    `rules: 1` (storage and engine.replay ask `recorded_options`), a new game gets version 2,
    and a snapshot stored before the field existed loads as version 1."""
    import json

    from bot.storage.replay import setup_options
    from engine.alexander import GAME
    from engine.replay import replay

    assert GAME.rules_version == "4" and start().rules == 4
    assert setup_options(GAME, "1", {}) == {"rules": 1} and setup_options(GAME, "2", {}) == {"rules": 2} and setup_options(GAME, "3", {}) == {"rules": 3}
    assert setup_options(GAME, "4", {}) == {}
    assert GAME.setup(["Ann", "Bo"], 1, setup_options(GAME, "1", {})).rules == 1
    record = {"game": "alexander", "rules_version": "1", "players": ["Ann", "Bo"], "seed": 1, "options": {},
              "choices": []}
    assert replay(GAME, record).rules == 1
    old = json.loads(GAME.dumps(start()))
    del old["rules"]
    assert GAME.loads(json.dumps(old)).rules == 1
    # A version 1 game serializes without the field, as its snapshots were stored, so storage's
    # comparison of a replay with a stored snapshot (bot.storage.replay.same_state) still holds.
    from bot.storage.replay import same_state

    v1 = GAME.setup(["Ann", "Bo"], 1, {"rules": 1})
    stored = json.loads(GAME.dumps(v1))
    assert "rules" not in stored and same_state(GAME, GAME.setup(["Ann", "Bo"], 1, {"rules": 1}), json.dumps(stored))
    assert json.loads(GAME.dumps(start()))["rules"] == 4


# -- 2: Command Indecision cancels the Activation Phase --------------------------------------------
def campaign_stopped_by_indecision(**options):
    from engine.alexander.testkit import hand

    s = start(**options)
    s = clear(s)
    s.round = 2
    hand(s, MAC, "major_campaign")
    hand(s, PER, "command_indecision")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    army(s, MAC, 3, "Amphipolis", 10)
    s, _ = play(fresh(s), "play:major_campaign")
    s = answer(s, "move:macedonian.2")
    assert kind(s) == "window"
    s = dice(s, 6)
    s, events = play(s, "play:command_indecision")  # 6 beats Antipater's rating
    assert any(e.kind == "indecision" for e in events)
    return s


def test_command_indecision_ends_a_major_campaign():
    """Command Indecision: "Se il risultato è superiore al Valore di Battaglia del comandante
    ... quel movimento (e la Fase di Attivazione) viene annullato": the Activation Phase is
    over, so the Major Campaign's second army is not offered."""
    s = campaign_stopped_by_indecision()
    assert not (kind(s) == "activity" and "move:macedonian.3" in ids(s))
    assert s.army("macedonian.2").space == "Pella" and s.army("macedonian.3").space == "Amphipolis"
    # A game recorded under rules version 1 replays as it was played: the second unit was offered.
    old = campaign_stopped_by_indecision(rules=1)
    assert kind(old) == "activity" and "move:macedonian.3" in ids(old)


# -- 3: beside an enemy-held major city, go on or besiege ------------------------------------------
def at_byzantium(asp: int, mp: str = "mp:3", **options):
    s = clear(start(**options))
    s.round = 2
    army(s, MAC, 2, "Perinthos", asp)
    from engine.alexander.testkit import garrison

    garrison(s, PER, "Byzantium", gsp=2)
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), mp)
    s, _ = play(s, "go:Byzantium")
    return s


def test_an_army_beside_an_enemy_held_major_city_goes_on_or_besieges():
    """10.3: "Se però l'unità ferma è entro una Città Maggiore, le unità che muovono possono
    continuare a muovere (soggette all'Intercettazione) o fermarsi dichiarando un Assedio": the
    army may not park beside the city without a siege."""
    s = at_byzantium(12)
    assert "stop" not in ids(s) and {"siege", "surrender", "go:Chalcedon"} <= set(ids(s))
    # Too small to besiege (11.4: 10 ASP), it goes on; with no MP left it may still stop.
    small = at_byzantium(5)
    assert "stop" not in ids(small) and "siege" not in ids(small) and "go:Chalcedon" in ids(small)
    assert at_byzantium(5, "mp:1").army("macedonian.2").space == "Byzantium"  # "Stop here", forced
    # Version 1 games replay as they were played.
    assert "stop" in ids(at_byzantium(12, rules=1))


# -- 4: Persians Gain Tactical Advantage doubles the leader the Persian chooses ---------------------
def tactical_battle(choice: str | None, **options):
    from engine.alexander.testkit import hand

    s = clear(start(**options))
    army(s, MAC, 2, "Tarsus", 20, leaders=["Antipater"])
    army(s, PER, 1, "Issus", 10, leaders=["Darius III", "Memnon"])
    s.loc_start = {"macedonian.2": True, "persian.1": True}
    hand(s, PER, "tactical_advantage")
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1)
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s, events = play(s, "go:Issus", "stand", "pass", "play:tactical_advantage")
    if choice:
        assert kind(s) == "tactical_advantage" and ids(s) == ["double:Darius III", "double:Memnon"]
        assert not same_labels(decision(s))
        s, more = play(s, choice)
        events += more
    while kind(s) == "window":
        s, more = play(s, "pass")
        events += more
    return next(e.data for e in events if e.kind == "battle_roll" and e.data["side"] == PER)


def test_tactical_advantage_doubles_the_leader_the_persian_chooses():
    """The card: "Può raddoppiare il Valore di Battaglia di uno dei suoi comandanti": Darius (1)
    and Memnon (2) both count (11.3 D); the Persian doubles Memnon's: 1 + 4."""
    assert tactical_battle("double:Memnon")["mods"]["leaders"] == 5
    assert tactical_battle("double:Darius III")["mods"]["leaders"] == 4
    # Version 1 doubled the first counted leader, the king, without asking.
    assert tactical_battle(None, rules=1)["mods"]["leaders"] == 4


# -- 6: Agis III never puts the Spartans beside a Macedonian army ------------------------------------
def test_agis_iii_is_not_playable_while_macedonian_asp_stand_at_sparta():
    """10.3 "ASP avversari non possono terminare alcuna Azione nello stesso Spazio": the card
    places the Spartan army at Sparta (no move, so no battle: 11.3's draw sends an attacker back
    where it came from, and the Spartans came from nowhere); while a Macedonian army or loose
    ASP stand there it cannot be played. The garrison the card removes is no obstacle."""
    from test_alexander_rules_cards import segment

    from engine.alexander.testkit import garrison

    s = segment(PER, "agis")
    army(s, MAC, 3, "Sparta", 6)
    assert "play:agis" not in ids(fresh(s))
    s = segment(PER, "agis")
    garrison(s, MAC, "Sparta", asp=2)
    assert "play:agis" not in ids(fresh(s))
    s = segment(PER, "agis")
    garrison(s, MAC, "Sparta", gsp=1)
    s = answer(fresh(s), "play:agis")
    assert s.army("persian.sparta").space == "Sparta" and "Sparta" not in s.garrisons
    # Version 1 let it be played (and the armies shared the space).
    old = segment(PER, "agis", rules=1)
    army(old, MAC, 3, "Sparta", 6)
    assert "play:agis" in ids(fresh(old))


# -- 5: Black Cleitus when Alexander's army is destroyed --------------------------------------------
def alexander_useless_beaten(**options):
    """Alexander's Useless Army #1 at Issus is beaten again by the Persians from Tarsus (11.3 H:
    "E' totalmente distrutta, e tutti i suoi ASP e Comandanti sono rimossi")."""
    from engine.alexander.testkit import hand

    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}, **options))
    s.round = 2
    army(s, PER, 2, "Tarsus", 40, elite=3, leaders=["Memnon"])
    beaten = army(s, MAC, 1, "Issus", 10, leaders=["Alexander III"])
    beaten.useless = beaten.fatigued = True
    s.loc_start = {"macedonian.1": True, "persian.2": True}
    hand(s, MAC, "black_cleitus")
    s.prefs = {"Ann": {"order:defence": "ask"}}
    s = answer(answer(to_activity(fresh(s)), "move:persian.2"), "mp:1")
    s = dice(s, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    s, _ = play(s, "go:Issus", "stand")
    while s.victory.winner == "" and kind(s) == "window" and "play:black_cleitus" not in ids(s):
        s = answer(s, "pass")
    return s


def test_black_cleitus_saves_alexander_when_his_army_is_destroyed():
    """Black Cleitus "Può essere giocata in qualsiasi momento nel quale Alessandro è in pericolo di
    essere ucciso in battaglia ... annulla la 'morte' di Alessandro": his Useless army beaten again
    is destroyed with its leaders; the card saves him, and he gets away to the nearest space free
    of the enemy."""
    s = alexander_useless_beaten()
    assert s.army("macedonian.1") is None
    assert kind(s) == "window" and "play:black_cleitus" in ids(s) and not s.victory.winner
    saved, events = play(s, "play:black_cleitus")
    assert any(e.kind == "saved" for e in events)
    assert kind(saved) == "leader_to" and "to:Myriandrus" in ids(saved)
    saved, _ = play(saved, "to:Myriandrus")
    assert saved.leaders["Alexander III"] == "space:Myriandrus" and not saved.victory.winner
    dead, _ = play(s, "pass")
    assert dead.leaders["Alexander III"] == "dead" and dead.victory.winner == PER
    # Version 1: he died with his army, the card never offered.
    old = alexander_useless_beaten(rules=1)
    assert old.leaders["Alexander III"] == "dead" and old.victory.winner == PER


# -- 1: an interceptor reinforces the units the mover attacks ------------------------------------------
def memnon_marches_on_amphipolis(**options):
    """Alexander waits at Amphipolis; Memnon marches in from Abdera; Antipater intercepts from Pella."""
    s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}, **options))
    s.round = 2
    army(s, MAC, 1, "Amphipolis", 20, leaders=["Alexander III"])
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    army(s, PER, 2, "Abdera", 30, leaders=["Memnon"])
    s.loc_start = {"macedonian.1": True, "macedonian.2": True, "persian.2": True}
    s = answer(answer(to_activity(fresh(s)), "move:persian.2"), "mp:1")
    s, events = play(s, "go:Amphipolis")
    assert kind(s) == "intercept" and "intercept:macedonian.2" in ids(s)
    s = dice(s, 6)
    s, more = play(s, "intercept:macedonian.2")
    return s, events + more


def test_an_interceptor_joins_the_army_the_mover_attacks():
    """10.3: the units standing in the space "possono ... essere rinforzate, se soggette ad attacco,
    da unità amiche che Intercettano": Antipater's army joins Alexander's, and Memnon fights them
    both in one battle, as the attacker."""
    s, events = memnon_marches_on_amphipolis()
    battles = [e.data for e in events if e.kind == "battle"]
    assert len(battles) == 1 and battles[0]["attacker"] == "persian.2"
    assert sorted(battles[0]["defenders"]) == ["macedonian.1", "macedonian.2"]
    assert s.army("macedonian.2").space == "Amphipolis" and s.battle["atk"] == PER
    # Version 1: the interceptor attacked the mover alone first.
    old, events = memnon_marches_on_amphipolis(rules=1)
    battles = [e.data for e in events if e.kind == "battle"]
    assert battles[0]["attacker"] == "macedonian.2" and battles[0]["defenders"] == ["persian.2"]


# -- found by random play: turned back to a transit point -------------------------------------------
def sails_from_alexandria(**options):
    from engine.alexander.testkit import fleet

    s = clear(start(**options))
    army(s, MAC, 2, "Paraetonium", 10)
    fleet(s, "Ionian", PER, "Naucratis", 2)
    s.loc_start = {"macedonian.2": True}
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:3")
    s, _ = play(s, "go:Alexandria", "sail:Naucratis", "intercept:Naucratis")
    while kind(s) == "window":
        s = answer(s, "pass")
    s = dice(s, 1, 1)  # the Persian ships miss: a draw, the movers turn back
    s, events = play(s, "fight")
    assert any(e.kind == "naval_draw" for e in events)
    return s


def test_an_army_turned_back_at_sea_never_lands_on_a_transit_point():
    """11.5: turned back, "le unità che muovono ritornano nel porto dal quale hanno iniziato il
    movimento"; the sea leg began at Alexandria, a transit point before the city is built, where
    nobody may stop (10.2): the army goes back to Paraetonium, the last space of its move where
    it may stop (random play found the army left on the transit point)."""
    from engine.alexander import GAME

    s = sails_from_alexandria()
    assert s.army("macedonian.2").space == "Paraetonium" and not GAME.invariants(s)
    assert sails_from_alexandria(rules=1).army("macedonian.2").space == "Alexandria"
