"""Alexander's prompts say what is at stake (issue 27, item 1): every avoid, battle, move, recruit
and card prompt names where, who and what; every number of a battle roll names its source; a
roll says what it decides; an overrun is said as such before the choice (10.5) and told before
what comes of it."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.card_texts import CARD_TEXTS
from engine.alexander.testkit import (
    answer,
    army,
    clear,
    decision,
    dice,
    fresh,
    garrison,
    kind,
    play,
    start,
    to_activity,
)
from locales import tr


def moving(s, army_id: str, mp: str):
    return answer(answer(to_activity(fresh(s)), f"move:{army_id}"), mp)


def label(s, option_id: str) -> str:
    return tr(decision(s).option(option_id).label, "en")


def prompt(s) -> str:
    return tr(decision(s).prompt, "en")


def texts(events) -> list[str]:
    return [tr(e.text, "en") for e in events]


def test_an_overrun_is_said_before_the_choice_and_told_before_the_army_is_gone():
    s = clear(start())
    army(s, MAC, 2, "Malatya", 24)
    army(s, PER, 2, "Tomisa", 3, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:2")
    s, _ = play(s, "go:Tomisa")
    assert kind(s) == "avoid"
    assert prompt(s) == ("Persian: Macedonian Army #2 (24 ASP) overruns Persian Army #2 (3 ASP) at Tomisa: 8 to 1 "
                         "(10.5). If they stay, they are all eliminated and their leaders die. Try to avoid the battle?")
    assert label(s, "stand") == "Stay and be overrun"
    assert label(s, "avoid") == "Try to avoid: a die + 2 (rating), 6 or more: 3 chances in 6"  # Memnon's 2
    s, events = play(s, "stand")
    told = [e.kind for e in events]
    assert told.index("overrun") < told.index("army_gone") < told.index("leader_dies")


def test_an_overrun_of_alexander_names_him_among_those_who_die():
    s = clear(start())
    army(s, MAC, 2, "Malatya", 24)
    army(s, PER, 2, "Tomisa", 3, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:2")
    s, _ = play(s, "go:Tomisa")
    s.leaders["Memnon"], s.leaders["Alexander III"] = "out", "army:persian.2"  # who dies is what counts
    assert "their leaders die, Alexander among them. Try to avoid" in prompt(fresh(s))


def test_the_avoid_prompt_names_both_forces_and_the_odds_and_its_roll_says_what_it_decides():
    s = clear(start())
    army(s, MAC, 2, "Malatya", 20)
    army(s, PER, 2, "Tomisa", 10, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:2")
    s, _ = play(s, "go:Tomisa")
    assert prompt(s) == ("Persian: Macedonian Army #2 (20 ASP) attacks Persian Army #2 (10 ASP) at Tomisa: try to "
                         "avoid the battle?")
    assert label(s, "stand") == "Stand and fight"
    s, events = play(dice(s, 4), "avoid")
    assert "🎲 Avoiding battle (die + 2: 6 or more avoids): 4." in [f"🎲 {t}" for t in texts(events)]


def test_the_battle_card_window_names_the_place_the_forces_and_their_strengths():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    garrison(s, PER, "Abydos", gsp=2)
    s = moving(s, "macedonian.2", "mp:2")
    s, _ = play(s, "go:Abydos")
    assert kind(s) == "window"
    assert prompt(s) == ("Macedonian: Battle at Abydos: Macedonian Army #2 (10) attacks the garrison (2); strength in "
                         "ASP and GSP. Play battle cards?")
    # The channel learns where (the battle is on the board), nothing of the hand.
    assert tr(decision(s).public_prompt, "en") == "Battle at Abydos: the Macedonian may react with a card."


def test_each_number_of_a_battle_roll_names_its_source():
    s = clear(start())
    army(s, MAC, 2, "Malatya", 20)
    army(s, PER, 2, "Tomisa", 10, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:2")
    s, _ = play(s, "go:Tomisa", "stand")
    events = []
    s = dice(s, 3, 4, 5, 5)
    while kind(s) == "window":
        s, more = play(s, "pass")
        events += more
    lines = [t for t in texts(events) if "Battle Score" in t]
    assert lines == ["Macedonian: roll 7 = 7; strength 20 ASP and GSP: Battle Score " + lines[0].rsplit(" ", 1)[1],
                     "Persian: roll 10, leaders +2 = 12; strength 10 ASP and GSP: Battle Score "
                     + lines[1].rsplit(" ", 1)[1]]


def test_move_options_flag_enemy_forces_and_the_risk_of_interception():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    army(s, PER, 2, "Cyzicus", 20, leaders=["Memnon"])
    garrison(s, PER, "Abydos", gsp=1)
    s = moving(s, "macedonian.2", "mp:3")
    assert label(s, "go:Abydos") == "Abydos (strait, 2 MP) · ⚔️ enemy 1 ASP and GSP there · ⚠️ may be intercepted"


def test_an_empty_space_out_of_reach_of_the_enemy_has_no_flag():
    s = clear(start())
    army(s, MAC, 2, "Pella", 10)
    s = moving(s, "macedonian.2", "mp:1")
    moves = [o for o in decision(s).options if o.id.startswith("go:")]
    assert moves and all(" · " not in tr(o.label, "en") for o in moves)


def test_recruit_options_say_what_is_gained_and_what_it_costs():
    s = clear(start())
    army(s, MAC, 2, "Aegae", 10)
    s = answer(to_activity(fresh(s)), "recruit")
    assert label(s, "join:macedonian.2") == "Recruit into Macedonian Army #2: Pella pays: Full → Low"
    assert prompt(s).startswith("Macedonian: Recruitment: each recruit rolls 3 dice of new ASP (")


def test_a_card_target_prompt_says_what_the_card_does():
    from engine.alexander.cards_events import _prompt

    assert tr(_prompt("drought"), "en") == f"Drought: choose the target. ({tr(CARD_TEXTS['drought'], 'en')})"


def test_the_terminals_final_standings_name_each_side_and_how_the_game_ended():
    from engine.__main__ import standings_lines
    from engine.alexander import GAME

    s = start(mac="Ann", per="Bot 1")
    s.victory.winner, s.victory.reason = PER, "alexander_dead"
    assert [tr(line, "en") for line in standings_lines(GAME, s)] == [
        "Final standings:", "  1. Bot 1 (Persian): 1", "  2. Ann (Macedonian): 0", "How it ended: Alexander is dead."]


def test_a_card_target_prompt_never_names_another_card_someone_may_hold():
    from engine.alexander.cards_events import _prompt

    assert tr(_prompt("assassin"), "en") == "Assassin: choose the target."  # its text names Bagoas


def test_solitaire_shows_both_hands_and_a_card_prompt_lists_the_hand():
    """Issue 27: nothing is hidden in solitaire (16.0): /game hand (secret_lines) shows both
    hands, whichever seat asks, and a card decision's prompt lists the hand it is about."""
    from engine.alexander import GAME

    s = start(solitaire=True, mac="Ann (Macedonian)", per="Ann (Persian)")
    from engine.alexander.testkit import hand

    hand(s, MAC, "spies")
    hand(s, PER, "drought", "storms")
    s = fresh(s)
    told = [tr(line, "en") for line in GAME.secret_lines(s, "Ann (Macedonian)")]
    assert told[0] == "Macedonian hand, 1 card: Spies." and "Persian hand, 2 cards: Drought and Storms at Sea." in told
    assert any(line.startswith("Drought: ") for line in told)
    assert kind(s) == "cards" and prompt(s).endswith("(Hand: Spies.)"), prompt(s)


def test_a_revolt_roll_says_what_it_decides():
    from engine.alexander.flow import Ctx
    from engine.alexander.provinces import try_revolt

    s = dice(start(), 2)
    ctx = Ctx(s)
    assert try_revolt(ctx, PER, "Greece", "Revolt") is True  # 2 is at Greece's value
    assert "🎲 Revolt in Greece (Revolt; 2 or less: it revolts): 2." in [f"🎲 {t}" for t in texts(ctx.events)]


def test_each_number_of_a_losses_roll_names_its_source():
    from engine.alexander.testkit import ids

    s = clear(start())
    army(s, MAC, 2, "Malatya", 20)
    army(s, PER, 2, "Tomisa", 10, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:2")
    s, events = play(s, "go:Tomisa", "stand")
    s = dice(s, 6, 6, 1, 1, *[3] * 20)  # the Macedonian wins (12 against 2 + 2)
    for _ in range(20):
        if any(e.kind == "losses" for e in events):
            break
        s, more = play(s, "pass" if kind(s) == "window" else ids(s)[0])
        events += more
    losses = [t for e, t in zip(events, texts(events), strict=True) if e.kind == "losses"]
    assert any(", won the battle -1" in t or ", won the battle -2" in t for t in losses), losses
    assert all(t.split("(roll ")[1][0].isdigit() for t in losses)


def test_a_sea_move_within_reach_of_enemy_fleets_is_flagged():
    from engine.alexander.testkit import fleet

    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    fleet(s, "Ionian", PER, "Lesbos", 3)
    s = moving(s, "macedonian.2", "mp:1")
    assert label(s, "sail:Lemnos").endswith(" · ⚠️ enemy fleets may intercept")


def test_a_naval_combat_window_names_the_place_the_fleets_and_their_nsp():
    from engine.alexander.testkit import fleet

    s = clear(start())
    fleet(s, "Macedonian", MAC, "Chersonese", 3, leaders=["Hegelochus"])
    fleet(s, "Ionian", PER, "Lemnos", 2)
    s = answer(to_activity(fresh(s)), "fleet:Macedonian")
    s, _ = play(s, "sail:Lemnos")
    assert kind(s) == "window"
    assert prompt(s) == ("Macedonian: Naval combat at Lemnos: Macedonian fleet (3 NSP) against Ionian fleet (2 NSP). "
                         "Play Surprise?")


def test_an_interrupt_window_names_the_unit_it_would_stop():
    from engine.alexander.testkit import hand

    s = clear(start())
    s.round = 2
    hand(s, PER, "command_indecision")
    s.prefs = {"Bo": {"order:interrupt": "ask"}}
    army(s, MAC, 2, "Pella", 10, leaders=["Antipater"])
    s = answer(to_activity(fresh(s)), "move:macedonian.2")
    assert kind(s) == "window"
    assert prompt(s) == "Persian: Macedonian Army #2 is about to move: play Command Indecision?"


def test_the_intercept_prompt_names_the_forces_and_the_odds():
    s = clear(start())
    army(s, MAC, 2, "Chersonese", 10)
    army(s, PER, 2, "Cyzicus", 20, leaders=["Memnon"])
    s = moving(s, "macedonian.2", "mp:3")
    s = answer(s, "go:Abydos")
    assert kind(s) == "intercept"
    assert prompt(s) == "Persian: Macedonian Army #2 (10 ASP) enters Abydos, next to your army: intercept?"
    assert label(s, "intercept:persian.2") == "Intercept with Persian Army #2 (20 ASP, land): a die + 2, 6 or more"
