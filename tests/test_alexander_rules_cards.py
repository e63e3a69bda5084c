"""Alexander: every card of 15.0 (the battle cards, Attrition, Command Indecision, Treachery,
Diades and Black Cleitus at their moments are also in the battle, movement and siege tests)."""

from __future__ import annotations

from engine.alexander import GAME
from engine.alexander.board import MAC, PER, board
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

PERSIAN_FIRST = [[PER, MAC, MAC, MAC, MAC, PER, PER]]


def segment(side: str, *cards: str, cleared: bool = False, **options):
    """The side's card segment in a round after the first, holding these cards."""
    s = start(**options) if side == MAC else start(opening="optional", draws={"apm": PERSIAN_FIRST}, **options)
    if cleared:
        s = clear(s)
    s.round = 2
    hand(s, side, *cards)
    return s


def test_every_card_has_its_count_and_55_in_all():
    cards = board().cards
    assert sum(c.count for c in cards.values()) == 55
    counts = {c.name: c.count for c in cards.values()}
    assert counts["Spies"] == 3 and counts["Persians Gain Tactical Advantage"] == 3 and counts["Agis III, King of Sparta"] == 1
    assert counts["Fortunes of War"] == 2  # reconstructed


def test_ahriman_makes_the_other_side_discard_at_random():
    s = segment(MAC, "ahriman")
    theirs = list(s.hands[PER])
    s = answer(fresh(s), "play:ahriman")
    assert len(s.hands[PER]) == len(theirs) - 1
    lost = [c for c in theirs if theirs.count(c) > s.hands[PER].count(c)]
    assert lost and lost[0] in s.discard


def test_ahriman_keeps_devastation_through_the_admin_phase():
    s = segment(MAC, "ahriman", cleared=True)
    s.round = 1
    s.devastated = ["Thrace"]
    s.prefs = {"Ann": {"order:interrupt": "ask"}}
    s = answer(to_activity(fresh(s)), "admin")
    while kind(s) != "window":
        s = answer(s, ids(s)[0])
    assert "play:ahriman" in ids(s)
    s = answer(s, "play:ahriman")
    while kind(s) == "window":
        s = answer(s, "pass")
    assert s.devastated == ["Thrace"]


def test_agis_iii_raises_sparta():
    s = segment(PER, "agis")
    garrison(s, MAC, "Sparta", gsp=2)
    garrison(s, MAC, "Cnossus", gsp=1)
    garrison(s, MAC, "Athens", gsp=2)
    s = answer(fresh(s), "play:agis")
    spartans = s.army("persian.sparta")
    assert spartans.asp == 5 and spartans.space == "Sparta" and spartans.side == PER
    assert "Greece" in s.revolt and "Sparta" not in s.garrisons and "Cnossus" not in s.garrisons
    assert s.garrisons["Athens"].gsp == 2 and "agis" in s.removed
    assert "play:agis" not in ids(fresh(segment(MAC, "agis")))  # the Macedonian cannot play it


def test_ahura_mazda_takes_a_card_from_the_discards_or_clears_the_sky():
    s = segment(PER, "ahura_mazda")
    s.deck.remove("surprise")
    s.discard.append("surprise")
    s, _ = play(fresh(s), "play:ahura_mazda", "take:surprise")
    assert "surprise" in s.hands[PER]
    s2 = segment(PER, "ahura_mazda")
    s2, _ = play(fresh(s2), "play:ahura_mazda", "weather")
    assert s2.turn["fair_weather"] == PER


def test_the_great_kings_cards_wait_for_the_great_king():
    s = segment(MAC, "drunken_binge", "goes_native", "proskynesis")
    options = ids(fresh(s))
    assert not any(i.startswith("play:") for i in options)
    s.victory.great_king = True
    assert {"play:drunken_binge", "play:goes_native", "play:proskynesis"} <= set(ids(fresh(s)))


def test_drunken_binge_macedonian_rests_persian_wounds_and_may_kill_cleitus():
    s = segment(MAC, "drunken_binge")
    s.victory.great_king, s.weariness = True, 3
    s = answer(fresh(s), "play:drunken_binge")
    assert s.weariness == 2
    s2 = segment(PER, "drunken_binge")
    s2.victory.great_king = True
    s2 = dice(s2, 3)
    s2 = answer(fresh(s2), "play:drunken_binge")
    assert s2.injury == 1 and s2.cleitus_dead


def test_goes_native_wearies_and_lets_the_persian_follow_with_satraps():
    s = segment(MAC, "goes_native")
    s.victory.great_king = True
    hand(s, PER, "satrap")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    s = answer(fresh(s), "play:goes_native")
    assert s.weariness == 1 and "goes_native" in s.removed
    assert kind(s) == "window" and "play:satrap" in ids(s)


def test_assassin_kills_on_one_to_three():
    s = segment(PER, "assassin", cleared=True)
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    hand(s, MAC)
    s = dice(fresh(s), 3)
    s, _ = play(s, "play:assassin", "pass")  # the only target is taken at once; no card to stop it
    assert s.leaders["Antipater"] == "dead"


def test_assassin_against_alexander_wounds_him_instead():
    s = segment(PER, "assassin", cleared=True)
    army(s, MAC, 1, "Pella", 10, leaders=["Alexander III"])
    hand(s, MAC)
    s = dice(fresh(s), 2, 5)
    s, _ = play(s, "play:assassin", "pass")
    assert s.injury == 5 and not s.victory.winner


def test_bodyguards_stop_an_assassin_and_conspiracy_may_follow():
    s = segment(PER, "assassin", "conspiracy", cleared=True)
    army(s, MAC, 1, "Pella", 10, leaders=["Alexander III"])
    hand(s, MAC, "bodyguards")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    s, events = play(fresh(s), "play:assassin")  # Alexander is the only target; Bodyguards: auto
    assert any(e.kind == "assassin_stopped" for e in events) and s.injury == 0
    assert kind(s) == "window" and "play:conspiracy" in ids(s)
    s = answer(s, "play:conspiracy")
    assert s.weariness == 1  # no other Macedonian leader to execute: the conspiracy fails at once


def test_the_macedonian_needs_bagoas_to_reach_darius():
    s = segment(MAC, "assassin", cleared=True)
    army(s, PER, 1, "Susa", 10, leaders=["Darius III"])
    assert "play:assassin" not in ids(fresh(s))  # Darius is the only target, and no Bagoas
    s2 = segment(MAC, "assassin", "bagoas", cleared=True)
    army(s2, PER, 1, "Susa", 10, leaders=["Darius III"])
    hand(s2, PER)
    s2 = dice(fresh(s2), 2, 1)  # Bagoas survives (not a 6); the assassin strikes with a 1
    s2 = answer(s2, "play:assassin")  # Darius is the only target now
    if kind(s2) == "bagoas":
        s2 = answer(s2, "let")
    if kind(s2) == "window":
        s2 = answer(s2, "pass")
    assert s2.victory.darius == "killed" and "bagoas" in s2.discard


def test_conspiracy_revealed_an_execution_brings_a_replacement():
    s = segment(PER, "conspiracy", cleared=True)
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    s = answer(fresh(s), "play:conspiracy")
    s = answer(s, "execute:Antipater")
    assert s.leaders["Antipater"] == "dead"
    assert [n for n, loc in s.leaders.items() if loc == "army:macedonian.2"]


def test_determined_troops_add_one_to_the_other_sides_losses():
    s = segment(MAC, cleared=True)
    s.round = 1
    army(s, MAC, 2, "Tarsus", 20)
    army(s, PER, 2, "Issus", 10)
    hand(s, MAC, "determined_troops")
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s = dice(s, 6, 6, 1, 1, 1, 1, 1)
    s, events = play(s, "go:Issus", "stand", "play:determined_troops", "pass")
    while kind(s) in ("window", "retreat"):
        s, more = play(s, "pass" if kind(s) == "window" else ("stop" if "stop" in ids(s) else ids(s)[0]))
        events += more
    persian = [e for e in events if e.kind == "losses" and e.data.get("side") == PER]
    assert persian and persian[0].data["mods"].get("determined") == 1


def test_drought_doubles_the_loc_and_bad_weather_marks_a_province():
    s = segment(MAC, "drought", "bad_weather")
    s, _ = play(fresh(s), "play:drought", "province:Lydia")
    assert s.drought == ["Lydia"]
    s2 = segment(MAC, "bad_weather")
    s2, _ = play(fresh(s2), "play:bad_weather", "province:Caria")
    assert s2.bad_weather == ["Caria"]


def test_embezzlement_never_pella_or_memphis():
    s = segment(PER, "embezzlement")
    options = ids(answer(fresh(s), "play:embezzlement")) if "play:embezzlement" in ids(fresh(s)) else []
    assert "city:Pella" not in options
    s2 = segment(MAC, "embezzlement")
    s2 = answer(fresh(s2), "play:embezzlement")
    assert "city:Memphis" not in ids(s2) and "city:Sardes" in ids(s2)
    s2 = answer(s2, "city:Sardes")
    assert s2.treasuries["Sardes"].level == "low"


def test_greek_fleet_goes_to_whoever_controls_greece():
    s = segment(PER, "greek_fleet")
    s = answer(fresh(s), "play:greek_fleet")
    greek = s.fleet("Greek")
    assert greek.side == MAC and greek.space == "Athens" and "greek_fleet" in s.in_play


def test_illness_odd_kills_even_sidelines_and_ahura_mazda_saves():
    s = segment(MAC, "illness", cleared=True)
    army(s, PER, 2, "Susa", 10, leaders=["Memnon"])
    hand(s, PER)
    s = dice(fresh(s), 3)
    s, _ = play(s, "play:illness", "pass")
    assert s.leaders["Memnon"] == "dead"
    s2 = segment(MAC, "illness", cleared=True)
    army(s2, PER, 2, "Susa", 10, leaders=["Memnon"])
    hand(s2, PER, "ahura_mazda")
    s2 = dice(fresh(s2), 3)
    s2, _ = play(s2, "play:illness")  # Ahura Mazda played by the default order
    assert s2.leaders["Memnon"] == "ill:army:persian.2"
    s3 = segment(PER, "illness", cleared=True)
    army(s3, MAC, 1, "Pella", 10, leaders=["Alexander III"])
    s3, _ = play(fresh(s3), "play:illness")
    assert s3.injury == 1


def test_major_campaign_moves_two_units():
    s = segment(MAC, "major_campaign", cleared=True)
    army(s, MAC, 2, "Pella", 10)
    fleet(s, "Macedonian", MAC, "Chersonese", 3)
    s, _ = play(fresh(s), "play:major_campaign")
    s = answer(s, "move:macedonian.2")
    s, _ = play(s, "mp:1", "go:Aegae", "stop")
    assert kind(s) == "activity" and "fleet:Macedonian" in ids(s) and "done" in ids(s)
    s, _ = play(s, "fleet:Macedonian", "sail:Lemnos", "stop")
    assert s.fleet("Macedonian").space == "Lemnos" and s.army("macedonian.2").space == "Aegae"


def test_mass_marriage_needs_the_family_in_macedonian_hands():
    s = segment(PER, "mass_marriage")
    assert "play:mass_marriage" not in ids(fresh(s))
    s.royal_family = s.royal_family.model_copy(update={"holder": MAC})
    s = answer(fresh(s), "play:mass_marriage")
    assert s.victory.married and s.weariness == 1 and "mass_marriage" in s.removed


def test_oligarchic_counter_revolution_takes_the_province_from_the_macedonian():
    s = segment(PER, "oligarchic", cleared=True)
    s.control["Caria"] = MAC
    garrison(s, MAC, "Miletus", gsp=1)
    s = answer(fresh(s), "play:oligarchic")
    assert "space:Mylasa" in ids(s) and "space:Miletus" not in ids(s)
    s = answer(s, "space:Mylasa")
    assert s.garrisons["Mylasa"].side == PER and s.control["Caria"] is None


def test_training_raises_a_persian_army():
    s = segment(PER, "training", cleared=True)
    army(s, PER, 2, "Susa", 10, elite=1)
    s, _ = play(fresh(s), "play:training")  # the only army: chosen at once
    assert s.army("persian.2").elite == 2


def test_8_2_training_is_the_persians_alone_and_never_beyond_elite_3():
    """8.2 "Gioca una carta ... su un'Armata che abbia Livello di Elite di 3 o meno" read with the
    card ("usata dal persiano (solamente) ... Armata persiana") and 8.2's "quello massimo persiano
    è 3": a Persian army at Elite 3 cannot rise, so the card is offered only for armies below 3."""
    s = segment(PER, "training", cleared=True)
    army(s, PER, 2, "Susa", 10, elite=3)
    assert "play:training" not in ids(fresh(s))
    army(s, PER, 3, "Babylon", 10, elite=2)
    s, _ = play(fresh(s), "play:training")  # Army #3 is the only one below the maximum
    assert s.army("persian.3").elite == 3 and s.army("persian.2").elite == 3
    m = segment(MAC, "training", cleared=True)
    assert "play:training" not in ids(fresh(m))  # never the Macedonian's


def test_peucestas_ten_free_asp_for_the_master_of_persis():
    s = segment(MAC, "peucestas", cleared=True)
    army(s, MAC, 1, "Persepolis", 20, leaders=["Alexander III"])
    s.control["Persis"] = MAC
    s, _ = play(fresh(s), "play:peucestas")
    assert s.army("macedonian.1").asp == 30 and s.asp_pool[MAC] == 65 and "peucestas" in s.removed
    s2 = segment(PER, "peucestas", cleared=True)
    assert "play:peucestas" not in ids(fresh(s2))  # the Persian needs Bagoas with it
    hand(s2, PER, "peucestas", "bagoas")
    army(s2, PER, 1, "Susa", 20, leaders=["Darius III"])
    assert "play:peucestas" in ids(fresh(s2))


def test_proskynesis_card_is_the_cult_objective():
    s = segment(MAC, "proskynesis")
    s.victory.great_king = True
    s = answer(fresh(s), "play:proskynesis")
    assert s.victory.proskynesis and "proskynesis" in s.removed


def test_proskynesis_by_action_and_the_card_drawn_later():
    s = start()
    s.victory.great_king = True
    s = answer(to_activity(fresh(s)), "proskynesis")
    assert s.victory.proskynesis and s.weariness == 1 and "proskynesis" in s.removed


def test_revolt_on_a_roll_at_or_under_the_value():
    s = segment(PER, "revolt")
    s = dice(answer(fresh(s), "play:revolt"), 2)
    assert "province:Colchis" not in ids(s) and "province:Egypt" not in ids(s)
    s = answer(s, "province:Greece")
    assert "Greece" in s.revolt and s.control["Greece"] is None
    assert not [g for sp, g in s.garrisons.items() if board().spaces[sp].province == "Greece"]


def test_rhodes_replayed_by_the_other_side_sends_the_squadron_home():
    s = segment(MAC, "rhodes")
    s = answer(fresh(s), "play:rhodes")
    s.hands[PER].append(s.discard.pop(s.discard.index("rhodes")))
    s.active, s.round = PER, 3
    from engine.alexander.cards import play as play_card
    from engine.alexander.flow import Ctx

    play_card(Ctx(s), PER, "rhodes")
    assert s.fleet("Rhodian squadron") is None and s.fleet("Rhodian").nsp == 4 and not s.rhodes_card


def test_satrap_insubordination_unusable_treasury_and_bagoas_cancels():
    s = segment(MAC, "satrap")
    hand(s, PER)
    s, _ = play(fresh(s), "play:satrap", "unusable:Babylon", "pass")
    assert s.unusable == ["Babylon"]
    s2 = segment(MAC, "satrap")
    hand(s2, PER, "bagoas")
    s2 = dice(fresh(s2), 1)
    s2, _ = play(s2, "play:satrap", "unusable:Babylon")  # Bagoas answers by the default order
    assert s2.unusable == []


def test_satrap_harpalus_empties_a_macedonian_treasury_and_shakes_greece():
    s = segment(PER, "satrap")
    s.treasuries["Sardes"] = s.treasuries["Sardes"].model_copy(update={"owner": MAC})
    s.garrisons["Sardes"] = s.garrisons["Sardes"].model_copy(update={"side": MAC})
    hand(s, MAC)
    s = dice(fresh(s), 1)
    s, _ = play(s, "play:satrap", "harpalus:Sardes", "pass")
    assert s.treasuries["Sardes"].level == "empty" and "Sardes" not in s.garrisons and "Greece" in s.revolt


def test_satrap_bad_blood_splits_persian_and_foreign_leaders():
    s = segment(MAC, "satrap", cleared=True)
    army(s, PER, 2, "Susa", 10, leaders=["Mazaeus", "Charidemus"])
    hand(s, PER)
    s = dice(fresh(s), 2, 5)
    s, _ = play(s, "play:satrap", "bad_blood", "pass")
    assert s.leaders["Charidemus"] == "cup" and s.leaders["Mazaeus"] == "army:persian.2"


def test_satrap_eastern_dissent_sends_garrisons_to_alexander():
    s = segment(PER, "satrap", cleared=True)
    s.victory.great_king = True
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    garrison(s, MAC, "Ecbatana", gsp=3)
    hand(s, MAC)
    s = dice(fresh(s), 4)
    s, _ = play(s, "play:satrap", "east", "pass")
    assert "Ecbatana" not in s.garrisons and s.army("macedonian.1").asp == 23


def test_spies_look_privately_or_steal_at_random():
    s = segment(MAC, "spies")
    theirs = list(s.hands[PER])
    s, events = play(fresh(s), "play:spies", "look")
    seen = [e for e in events if e.kind == "spied"]
    assert seen and seen[0].private_to == ("Ann",) and seen[0].data["cards"] == theirs
    s2 = segment(MAC, "spies")
    s2, events = play(fresh(s2), "play:spies", "take")
    assert len(s2.hands[PER]) == 2 and any(e.kind == "stolen" for e in events)


def test_storms_at_sea_sink_an_open_sea_crossing_on_an_odd_roll():
    for roll, lost in ((3, True), (4, False)):
        s = segment(MAC, cleared=True)
        s.round = 1
        army(s, MAC, 2, "Cnossus", 10)
        s.loc_start["macedonian.2"] = True
        hand(s, PER, "storms")
        s.prefs = {"Bo": {"order:interrupt": "ask"}}
        s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "pass")  # no Command Indecision
        s = answer(s, "mp:4@Pella")
        s = answer(s, "sail:Cyrene")
        assert kind(s) == "window" and "play:storms" in ids(s)
        s = dice(s, roll)
        s = answer(s, "play:storms")
        assert (s.army("macedonian.2") is None) == lost


def test_the_honeymooners_lend_four_asp_until_the_admin_phase():
    s = segment(MAC, "honeymooners", cleared=True)
    army(s, MAC, 1, "Pella", 20, leaders=["Alexander III"])
    s.weariness = 2
    s = answer(fresh(s), "play:honeymooners")
    assert s.army("macedonian.1").asp == 16 and s.honeymoon == 4 and s.weariness == 1 and "honeymooners" in s.removed


def test_fortunes_of_war_shuffle_the_discards_back():
    s = segment(MAC, "fortunes_of_war")
    s.deck, s.discard = s.deck[:5], s.deck[5:]
    s = answer(fresh(s), "play:fortunes_of_war")
    assert not s.discard and len(s.deck) >= 50


def test_spies_cancel_a_surprise_in_battle():
    s = segment(MAC, cleared=True)
    s.round = 1
    army(s, MAC, 2, "Tarsus", 20)
    army(s, PER, 2, "Issus", 10)
    hand(s, MAC, "surprise")
    hand(s, PER, "spies")
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
    s = dice(s, 3, 3, 3, 3, 1, 1, 1, 1)
    s, events = play(s, "go:Issus", "stand", "play:surprise", "pass", "play:spies", "pass", "pass")
    rolls = {e.data["side"]: e.data for e in events if e.kind == "battle_roll"}
    assert "surprise" not in rolls[MAC]["mods"]


def test_a_window_opens_whatever_the_hand_holds():
    """The defender's battle window opens with or without a battle card (and says nothing of it)."""
    public = set()
    for cards in ((), ("surprise",)):
        s = segment(MAC, cleared=True)
        s.round = 1
        army(s, MAC, 2, "Tarsus", 20)
        army(s, PER, 2, "Issus", 10)
        hand(s, PER, *cards)
        s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:1")
        s, _ = play(s, "go:Issus", "stand", "pass")
        d = decision(s)
        assert d.kind == "window" and d.player == "Bo" and d.private
        assert d.public_prompt == "Battle at Issus: the Persian may react with a card."  # issue 27: where
        public.add(str(d.public_prompt))
    assert len(public) == 1  # the same words with and without a card in hand
    assert GAME.preference(s, "Bo", "order:battle") == "ask"


def test_15_every_card_has_a_one_line_reminder_shown_with_the_hand():
    """A player reads what each card in hand does (private prompt, /game hand, the open table)."""
    from engine.alexander.card_texts import CARD_TEXTS

    assert set(CARD_TEXTS) == set(board().cards)
    s = segment(MAC, "major_campaign", "spies", "spies")
    lines = [str(line) for line in GAME.secret_lines(s, s.sides[MAC])]
    assert lines[0] == "Your hand, 3 cards: Major Campaign, Spies and Spies."
    assert lines[1:] == ["Major Campaign: Two armies or fleets may move this round.",
                         "Spies: See the other hand, or take a card from it at random; or (PAT) cancel a Surprise."]
    assert GAME.secret_lines(s, "Cy") == []  # not a seat


def test_an_assassin_sent_at_a_face_down_leader_who_proves_to_be_darius_spends_no_bagoas_he_lacks():
    """5.1: a face-down leader is targeted by his spot; the bot's search draws the hidden leaders
    afresh (determinize) after the target's options were fixed, and one such world held Darius
    face down there while the Macedonian held no Bagoas: the card crashed (list.remove). The
    attempt goes on without spending the card he does not hold."""
    s = segment(MAC, "assassin", cleared=True)
    army(s, PER, 2, "Sardes", 10, leaders=["Memnon"])
    s.leaders["Pharnabazus"], s.face_down = "space:Arbela", ["Pharnabazus"]
    s = answer(fresh(s), "play:assassin")
    assert kind(s) == "card_target" and "leader:?Arbela" in ids(s)
    s.leaders["Pharnabazus"], s.leaders["Darius III"], s.face_down = "cup", "space:Arbela", ["Darius III"]
    s, events = play(fresh(s), "leader:?Arbela")
    assert any(e.kind == "assassin" and e.data.get("target") == "Darius III" for e in events)
