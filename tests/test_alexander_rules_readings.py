"""Alexander: the readings issue 26 asked to settle, each with the rulebook's passage (also quoted
in docs/rules/alexander.md); where the reading changed the engine (rules version 2) the old
behaviour is checked too (option `rules: 1`)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.testkit import (
    army,
    clear,
    dice,
    fresh,
    garrison,
    hand,
    kind,
    play,
    start,
)


def dissent(**options):
    s = start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}, **options)
    s = clear(s)
    s.round = 2
    s.victory.great_king = True
    army(s, MAC, 1, "Susa", 30, elite=4, leaders=["Alexander III"])
    garrison(s, MAC, "Babylon", gsp=2)
    hand(s, PER, "satrap")
    s = dice(fresh(s), 5)
    s, _ = play(s, "play:satrap", "east")
    while kind(s) == "window":
        s, _ = play(s, "pass")
    return s.army("macedonian.1")


def test_8_1_garrisons_joining_alexander_in_dissent_dilute_his_elite_as_recruits_do():
    """Satrap Insubordination 2: "aggiungete i GSP della guarnigione all'Armata di Alessandro come
    ASP"; 8.1: "Se i Livelli di Elite degli ASP da combinare è diverso, gli ASP combinati o
    l'Armata prendono il Livello di Elite del gruppo più numeroso di ASP, meno uno": new ASP
    (Elite 0) lower a veteran army one level, whether recruited or come from a garrison."""
    joined = dissent()
    assert joined.asp == 32 and joined.elite == 3
    old = dissent(rules=1)  # version 1: the GSP joined and the Elite stayed
    assert old.asp == 32 and old.elite == 4


def test_3_4_the_great_king_once_become_stays_the_great_king():
    """3.4: "Divenire il Grande Re" (become), and the cards say "dopo che Alessandro è divenuto
    Grande Re"; 5.3: the Persian may no longer crown a king "se Alessandro diviene Grande Re".
    "Mantenere l'egemonia sulla Grecia" is kept (checked every round); the Great King, once
    become, is not undone when a province of the four conditions is lost later."""
    from engine.alexander.flow import Ctx
    from engine.alexander.victory import end_of_round, great_king_checks

    s = clear(start())
    s.victory.great_king = True
    s.victory.siwa, s.victory.proskynesis = True, True
    s.alexandrias = ["Alexandria"]
    s.control.update({"Egypt": MAC, "Lydia": PER})
    assert not great_king_checks(s)["provinces"]
    end_of_round(Ctx(s))
    assert s.victory.great_king and s.victory.winner == MAC  # Greece and the Cult hold


def test_7_3_restoring_a_treasury_needs_a_loc_to_a_treasury_that_is_not_empty():
    """7.3: "Affinché un giocatore possa usare o Ripristinare i suoi Tesori (o Reclutare ASP), deve
    avere una LOC ad uno dei suoi Tesori non Vuoti": an Empty Babylon held by the Macedonian, too
    far from Pella for a LOC, is not restored; a Low one (a LOC to itself) is."""
    from engine.alexander.admin import restorable
    from engine.alexander.flow import Ctx

    def held_sardes(level: str, **options):
        s = clear(start(**options))
        garrison(s, MAC, "Babylon", gsp=2)
        s.treasuries["Babylon"] = s.treasuries["Babylon"].model_copy(update={"owner": MAC, "level": level})
        s.turn = {"admin_restored": []}
        return restorable(Ctx(s), MAC)

    assert "Babylon" not in held_sardes("empty")
    assert "Babylon" in held_sardes("low")
    assert "Babylon" in held_sardes("empty", rules=1)  # version 1 asked no LOC


def test_4_0_the_set_aside_first_apm_begins_no_run_of_three():
    """4.0: "Se l'APM di un giocatore viene pescato tre volte di fila ... Notate che il pescare un
    APM Amministrativo non interrompe questa continuità"; 3.1i: in the historical opening the
    Macedonian's first APM is set aside, not drawn. The rulebook's example (two drawn, the Admin,
    a third drawn) holds for drawn markers: after the set-aside one, two drawn Macedonian APMs
    around the Admin APM are not yet three; a third drawn one is."""
    from engine.alexander.testkit import answer, to_activity

    order = [[MAC, PER, PER, PER, MAC, MAC, "admin"], ["admin", MAC, MAC, PER, PER, PER, MAC],
             [MAC, PER, PER, PER, MAC, MAC, MAC], [MAC, MAC, PER, PER, PER, "admin", MAC]]
    s = start(draws={"apm": order})
    s = answer(to_activity(s), "pass")  # round 1: the set-aside APM
    s = answer(to_activity(s), "pass")  # round 2: drawn (1); round 3: the Admin APM
    assert s.round == 4 and s.active == MAC and not s.turn.get("free")  # drawn (2)
    s = answer(to_activity(s), "pass")
    assert s.round == 5 and s.active == PER and s.turn.get("free")  # drawn (3): the Persian first


def test_11_3_f_the_no_loc_loss_modifier_is_traced_from_the_battle():
    """11.3 F: "Un'Armata priva di LOC (7.3) per la battaglia aggiunge +2 al suo tiro di dado per
    le Perdite": the LOC for the battle, traced from its space, not from where the retreat (which
    comes first, 11.2's order) has since taken the beaten army: Persians beaten at Issus, a short
    LOC from Damascus, then at Aegae, far from any Persian treasury not Empty."""
    from engine.alexander.aftermath import loss_modifiers
    from engine.alexander.flow import Ctx

    def mods(**options):
        s = clear(start(**options))
        for city, t in s.treasuries.items():
            if t.owner == PER and city not in ("Damascus", "Memphis"):
                s.treasuries[city] = t.model_copy(update={"level": "empty"})
        army(s, MAC, 2, "Issus", 20)
        army(s, PER, 2, "Aegae", 5)  # where the retreat ended
        s.battle = {"space": "Issus", "atk": MAC, "dfn": PER, "attacker": "macedonian.2",
                    "defenders": ["persian.2"], "winner": MAC, "loser": PER, "double": False,
                    "strength": {MAC: 20, PER: 10}, "cards": {MAC: [], PER: []}}
        return loss_modifiers(Ctx(s), PER)

    assert "no_loc" not in mods()
    assert mods(rules=1)["no_loc"] == 2  # version 1 traced it from Aegae


def test_8_3_persian_recruits_join_an_army_in_the_city_only_if_the_persian_wishes():
    """8.3: "Gli ASP persiani reclutati devono essere posti in qualsiasi delle seguenti Città Tesoro
    ... Possono essere divisi tra queste città": they are placed in the city; joining the veteran
    army there would lower its Elite (8.1), so the Persian may keep them loose instead (8.1: "Gli
    ASP possono essere posti in uno Spazio senza Armata")."""
    from engine.alexander.testkit import answer, decision, ids, to_activity

    def recruit_at_babylon(**options):
        s = clear(start(opening="optional", draws={"apm": [[PER, MAC, MAC, MAC, MAC, PER, PER]]}, **options))
        army(s, PER, 2, "Babylon", 20, elite=2, inside=True)
        s = answer(to_activity(fresh(s)), "recruit")
        s = dice(s, 1, 2, 3)
        return answer(s, "per:Babylon:Babylon")

    s = recruit_at_babylon()
    assert decision(s).kind == "recruit_place" and ids(s) == ["join:persian.2", "loose"]
    loose = answer(s, "loose")
    assert loose.army("persian.2").asp == 20 and loose.army("persian.2").elite == 2
    assert loose.garrisons["Babylon"].asp == 6
    joined = answer(s, "join:persian.2")
    assert joined.army("persian.2").asp == 26 and joined.army("persian.2").elite == 1
    old = recruit_at_babylon(rules=1)  # version 1 put them into the army at once
    assert old.army("persian.2").asp == 26


def test_8_7_no_battle_card_is_played_for_a_tribe():
    """8.7: tribes "sono 'indipendenti', non sono controllate né mosse da nessuno ... Quando sono
    attaccate, l'avversario dell'attaccante tira i dadi per le Tribù": rolling their dice makes
    him no side of the battle, so he plays no Surprise, Terrain Advantage or Determined Troops
    for them."""
    from engine.alexander.state import Tribe
    from engine.alexander.testkit import answer, decision, ids, to_activity

    def attack_uxii(**options):
        s = clear(start(**options))
        army(s, MAC, 2, "Susa", 7)
        s.tribes["Uxii"] = Tribe(name="Uxii", gsp=1)
        hand(s, PER, "surprise", "terrain_advantage", "determined_troops")
        s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
        s = answer(s, "go:Uxii")
        seen = []
        while kind(s) == "window":
            seen.append((decision(s).player, ids(s)))
            s = answer(s, "pass")
        return seen

    persian = [opts for player, opts in attack_uxii() if player == "Bo"]
    assert persian and all(opts == ["pass"] for opts in persian)
    old = [opts for player, opts in attack_uxii(rules=1) if player == "Bo"]
    assert any("play:terrain_advantage" in opts for opts in old)


def test_7_3_a_sea_loc_is_cut_by_an_enemy_fleet_on_it_not_by_one_within_reach():
    """7.3: "Una LOC tracciata per mare può essere interrotta da un giocatore se dichiara una
    Intercettazione nello Spazio di Mare attraverso il quale la LOC viene tracciata. Se
    l'Intercettazione ha successo, spostate la flotta intercettante nello Spazio di Mare dove ha
    avuto luogo. Non si effettua alcun combattimento." A LOC is traced at many moments with no
    turn for the other side to declare anything; the engine keeps the outcome, a standing one:
    an enemy fleet in a space of the sea lane cuts it; a fleet that could reach it (10.6: 2 sea
    MP) does not until it sails there. The 7.3 example: Aradus - Salamis - Aspendus - Sardes."""
    from engine.alexander.loc import distances
    from engine.alexander.testkit import fleet

    s = clear(start())
    s.treasuries["Pella"] = s.treasuries["Pella"].model_copy(update={"level": "empty"})
    s.treasuries["Sardes"] = s.treasuries["Sardes"].model_copy(update={"owner": MAC})
    army(s, MAC, 1, "Aradus", 20)
    army(s, PER, 2, "Myriandrus", 20)
    fleet(s, "Tyrian", PER, "Citium", 2)  # one sea MP from Salamis: within reach, not on the lane
    assert distances(s, MAC, ["Aradus"], 10)["Sardes"] == 6
    fleet(s, "Tyrian", PER, "Salamis", 2)  # on the lane: cut
    assert distances(s, MAC, ["Aradus"], 10).get("Sardes") != 6


def test_11_3_a_leader_standing_alone_in_the_battles_space_counts():
    """11.3 D: "Sommate i Valori di Battaglia di due qualsiasi comandanti presenti"; 11.3 A: the
    avoid roll adds "il Valore di Battaglia di un qualsiasi comandante amico in quello Spazio": a
    leader standing alone beside his army (10.8 lets him stop without joining it) is present."""
    from engine.alexander.testkit import answer, to_activity

    def persian_roll(**options):
        s = clear(start(**options))
        army(s, MAC, 2, "Tarsus", 20)
        army(s, PER, 2, "Issus", 10)
        s.leaders["Memnon"] = "space:Issus"
        s.loc_start = {"macedonian.2": True, "persian.2": True}
        s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1)
        s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
        s, events = play(s, "go:Issus", "stand")
        while kind(s) == "window":
            s, more = play(s, "pass")
            events += more
        return next(e.data for e in events if e.kind == "battle_roll" and e.data["side"] == PER)

    assert persian_roll()["mods"].get("leaders") == 2  # Memnon's 2
    assert "leaders" not in persian_roll(rules=1)["mods"]


def test_15_bagoas_is_not_offered_against_embezzlement():
    """Bagoas: "dimezzare il risultato di qualsiasi Furto (arrotondate per eccesso)"; Furto:
    "Designate una Città tesoro e Riducetela di un livello". Half of one level, rounded up, is one
    level: halving changes nothing, so the engine offers no window for it."""
    from test_alexander_rules_cards import segment

    from engine.alexander.testkit import answer, decision, ids

    s = segment(MAC, "embezzlement")
    hand(s, PER, "bagoas")
    s.prefs = {"Bo": {"order:defence": "ask", "order:interrupt": "ask"}}
    s = answer(answer(fresh(s), "play:embezzlement"), "city:Sardes")
    assert s.treasuries["Sardes"].level == "low"
    assert not (decision(s).player == "Bo" and "play:bagoas" in ids(s))


def test_15_ahrimans_discard_is_drawn_at_random_and_discarded_face_up():
    """Ahriman: "Rimuovete a caso una carta dalla mano e scartatela. Non guardate quale carta è":
    read as how the card is picked (blind, at random: the generator picks it, the player chooses
    nothing); it is then discarded like any card, and the discards are face up (only the deck is
    "a faccia in giù", 3.1b), so it is named."""
    from test_alexander_rules_cards import segment

    s = segment(PER, "ahriman")
    hand(s, MAC, "spies", "surprise", "bodyguards")
    s, events = play(fresh(s), "play:ahriman")
    [lost] = [c for c in ("spies", "surprise", "bodyguards") if c not in s.hands[MAC]]
    assert lost in s.discard and any(e.kind == "discard" and e.data["card"] == lost and e.public for e in events)


def test_15_determined_troops_is_declared_in_the_battle_window_before_the_rolls():
    """Determined Troops "viene giocata prima che l'avversario determini le proprie perdite in
    battaglia": the engine offers it in the battle window, before the battle rolls (so before
    the loss rolls, as the card asks), and opens no second window after the result (reading:
    docs/rules/alexander.md, Issue 26)."""
    from engine.alexander.testkit import answer, decision, ids, to_activity

    s = clear(start())
    army(s, MAC, 2, "Tarsus", 20)
    army(s, PER, 2, "Issus", 10)
    hand(s, MAC, "determined_troops")
    s.prefs = {"Ann": {"order:battle": "ask"}}
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s = dice(s, 6, 6, 1, 1, 1, 1, 1)
    s, events = play(s, "go:Issus", "stand")
    assert kind(s) == "window" and "play:determined_troops" in ids(s)
    assert not any(e.kind == "battle_roll" for e in events)  # offered before the rolls
    s, events = play(s, "pass")
    offered_after = []
    while s.victory.winner == "" and kind(s) in ("window", "retreat"):
        if kind(s) == "window" and any(e.kind == "battle_roll" for e in events):
            offered_after.append((decision(s).player, ids(s)))
        s, more = play(s, "pass" if kind(s) == "window" else ("stop" if "stop" in ids(s) else ids(s)[0]))
        events += more
    assert any(e.kind == "losses" for e in events)
    assert not [o for p, o in offered_after if "play:determined_troops" in o]
