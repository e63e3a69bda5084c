"""Byzantium asks only where there is a real choice (issue 12), and no legal choice got lost.

Each merged decision (one choice where there were several prompts) and each preference (a choice
made once instead of at every cube) has a test here that the other choices are still reachable:
every combination the old one-step-at-a-time prompts allowed is an accepted answer of the new
decision, and every value of a preference can be chosen.
"""

from itertools import combinations_with_replacement

import pytest

from engine.byzantium import actions, movement
from engine.byzantium.board import UPKEEP, Box, Side
from engine.byzantium.flow import Ctx
from engine.byzantium.tasks import March
from engine.core import IllegalAction, enumerate_answers
from tests.byzantium_kit import (
    GAME,
    check,
    decision,
    kinds,
    new_game,
    option_ids,
    pin_dice,
    play,
    random_walk,
    rebalance,
    set_army,
    set_city,
    set_money,
)
from tests.byzantium_rules_kit import offered, ready, refused


def accepted(state, player, answer) -> bool:
    try:
        GAME.apply(state, player, answer)
    except IllegalAction:
        return False
    return True


def no_free_cubes(state, name):
    player = state.player(name)
    player.casualty += player.available
    player.available = 0
    state._decisions = None
    return state


# -- where a cube comes from: a preference ---------------------------------------------------------

def test_by_default_a_cube_comes_from_the_free_pool_without_a_question():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: the free pool costs nothing, so that is where a cube comes from
    unless the player says otherwise (the preference `cube_source`, default "pools")."""
    state = new_game()
    assert GAME.preference(state, "Ann", "cube_source") == "pools"
    state, events = play(state, "Ann take:Damascus")
    assert decision(state).player == "Bo"  # no question about the cube
    ann = state.player("Ann")
    assert ann.available == 8 and state.cities["Damascus"].control_cube and not kinds(events, "pay")


def test_by_default_an_empty_free_pool_is_followed_by_the_casualty_pool():
    """With the free pool empty, the casualty pool (3 bezants of the side that benefits) is the
    usual source; the army boxes only when the player asks to be asked."""
    state = no_free_cubes(new_game(), "Ann")
    state, events = play(state, "Ann take:Damascus")
    assert decision(state).player == "Bo"
    assert state.player("Ann").treasury["byzantine"] == 12
    assert [e.data["amount"] for e in kinds(events, "pay")] == [3]


def test_the_preference_free_asks_when_the_free_pool_is_empty():
    state = no_free_cubes(new_game(), "Ann")
    state, events = play(state, "Ann pref:cube_source=free", "Ann take:Damascus")
    assert decision(state).kind == "source" and decision(state).player == "Ann"
    assert "source:casualty" in option_ids(state) and "source:arab.main" in option_ids(state)
    state, _ = play(state, "Ann source:arab.main")  # an army box: reachable again
    assert state.player("Ann").arab.main == 7


def test_the_preference_ask_offers_every_source_even_with_free_cubes():
    """The choices the preference would make for the player stay his: casualty pool or any army box
    although free cubes are left (3 bezants each)."""
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann take:Damascus")
    ids = option_ids(state)
    assert ids[:2] == ["source:available", "source:casualty"]
    assert {"source:byzantine.elite", "source:byzantine.main", "source:arab.movement"} <= set(ids)
    state, _ = play(state, "Ann source:byzantine.elite")
    assert state.player("Ann").byzantine.elite == 0 and state.player("Ann").treasury["byzantine"] == 12


def test_setting_the_preference_while_asked_answers_the_question():
    """A preference may be changed at any time; one that now decides the waiting question answers it."""
    state = new_game()
    state, _ = play(state, "Ann pref:cube_source=ask", "Ann take:Damascus")
    assert decision(state).kind == "source"
    state, events = play(state, "Ann pref:cube_source=pools")
    assert decision(state).player == "Bo" and state.player("Ann").available == 8
    assert [e.kind for e in events][0] == "preference" and events[0].private_to == ("Ann",)
    check(state)


def test_preferences_are_kept_per_player_and_replay_with_the_choices():
    state = new_game()
    state, _ = play(state, "Bo pref:cube_source=ask", "Ann take:Damascus", "Bo take:Mecca")
    assert decision(state).player == "Bo" and decision(state).kind == "source"  # Bo is asked, Ann was not
    assert GAME.loads(GAME.dumps(state)).prefs == {"Bo": {"cube_source": "ask"}}
    refused(state, "Bo", "pref:cube_source=sometimes")


# -- upkeep: one choice of the cubes that go ---------------------------------------------------------

def one_at_a_time(counts: dict[str, int], money: int) -> set[tuple]:
    """What the old prompts allowed: remove one cube at a time, of any box, until the rest can be paid."""
    found = set()

    def cost(c):
        return sum(UPKEEP[Box(box)] * n for box, n in c.items())

    def walk(left, removed):
        if cost(left) <= money:
            found.add(tuple(sorted((box, n) for box, n in removed.items() if n)))
            return
        for box, n in left.items():
            if n:
                walk({**left, box: n - 1}, {**removed, box: removed.get(box, 0) + 1})

    walk(counts, {})
    return found


@pytest.mark.parametrize(("army", "money"), [
    ({"elite": 1, "main": 3, "levy": 2, "movement": 2}, 6),
    ({"elite": 2, "main": 4, "levy": 1, "movement": 3}, 3),
    ({"main": 3, "levy": 1}, 2),
])
def test_upkeep_is_one_choice_and_every_removal_the_rules_allow_is_accepted(army, money):
    """2. EINKOMMEN UND UNTERHALT: the player removes cubes "until the rest can be paid". The old prompts
    asked for one cube at a time; the one choice accepts exactly the same sets of cubes."""
    state = new_game(("Ann", "Bo"))
    set_army(state, "Ann", "byzantine", **army)
    set_money(state, "Ann", byzantine=money, arab=100)
    set_money(state, "Bo", byzantine=100, arab=100)
    ready(state, "Ann")
    state, _ = play(state, "Ann pass", "Bo pass")
    d = decision(state)
    assert d.kind == "upkeep" and d.player == "Ann"
    allowed = one_at_a_time({box: n for box, n in army.items() if n}, money)
    answers = set(enumerate_answers(d, limit=10_000))
    taken = {a for a in answers if accepted(state, "Ann", a)}
    as_sets = {tuple(sorted((box, int(n)) for box, n in (part.split("=") for part in a.split(":")[1].split(","))))
               for a in taken}
    assert as_sets == allowed


# -- taxes: the number of cubes and the split in one choice -----------------------------------------------

def test_taxes_accept_every_number_of_cubes_and_every_split():
    """D. STEUERN: any number of free-pool cubes, 2 bezants each, split freely: every pair the old two
    prompts (how many, then the split) allowed is one answer."""
    state = new_game()
    state.player("Ann").casualty += state.player("Ann").available - 3
    state.player("Ann").available = 3
    state._decisions = None
    state, _ = play(state, "Ann tax")
    for n in range(1, 4):
        for byz in range(2 * n + 1):
            answer = "tax:" + ",".join(p for p in (f"byzantine={byz}" if byz else "",
                                                   f"arab={2 * n - byz}" if 2 * n - byz else "") if p)
            assert accepted(state, "Ann", answer), answer
    assert not accepted(state, "Ann", "tax:byzantine=8")  # 4 cubes: only 3 in the free pool
    after, events = play(state, "Ann tax:byzantine=1,arab=5")
    ann = after.player("Ann")
    assert (ann.tax_cubes, ann.available, ann.treasury["byzantine"], ann.treasury["arab"]) == (3, 0, 16, 10)


# -- losses and the two cubes for control -----------------------------------------------------------------

def test_battle_losses_are_one_choice_of_every_mix_of_boxes():
    """Kampf: for each hit the owner removes one of his cubes in the fight (elite, main, movement); the
    old prompts asked once per hit, the one choice accepts every mix."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "arab", at="Tabuk", main=9, movement=3)
    set_army(state, "Bo", "byzantine", at="Jerusalem", elite=2, main=3, movement=2)
    ready(state, "Ann")
    pin_dice(state, [6, 6, 6, 1, 1, 1, 1, 1])
    state, _ = play(state, "Ann move:arab:to:Jerusalem", "Bo stay")
    assert decision(state).kind == "loss" and decision(state).player == "Bo"
    boxes = {"elite": 2, "main": 3, "movement": 2}
    mixes = {tuple(sorted(m)) for m in combinations_with_replacement(boxes, 3)
             if all(m.count(b) <= n for b, n in boxes.items())}
    for mix in mixes:
        answer = "loss:" + ",".join(f"{b}={mix.count(b)}" for b in boxes if mix.count(b))
        assert accepted(state, "Bo", answer), answer
    assert not accepted(state, "Bo", "loss:main=2")  # three hits, three cubes
    assert not accepted(state, "Bo", "loss:elite=3")


def test_the_two_cubes_given_up_for_control_are_one_choice():
    """Erfolgreiche Eroberung: two cubes of the army (elite, main or movement); every pair is offered."""
    state = new_game(("Ann", "Bo"))
    set_city(state, "Jerusalem", controller="Bo", markers=1)
    set_army(state, "Ann", "arab", at="Tabuk", elite=1, main=3, movement=3)
    set_money(state, "Ann", byzantine=50, arab=0)
    ready(state, "Ann")
    no_free_cubes(state, "Ann")
    pin_dice(state, [1])
    state, _ = play(state, "Ann move:arab:to:Jerusalem", "Bo no_levy")
    assert decision(state).kind == "control"
    assert set(option_ids(state)) == {"army:elite=1,main=1", "army:elite=1,movement=1", "army:main=2",
                                      "army:main=1,movement=1", "army:movement=2"}


# -- reinforcements: up to three cubes in one choice -----------------------------------------------------

def test_a_reinforcement_accepts_every_placement_of_one_to_three_cubes():
    """B. ARMEE VERSTÄRKEN: up to three cubes on any boxes, at most one per elite box; every placement
    the old cube-by-cube prompts allowed is one answer, nothing more."""
    state = new_game(("Ann", "Bo"))
    state, _ = play(state, "Ann reinforce")
    slots = [f"{side}.{box}" for side in ("byzantine", "arab") for box in ("elite", "main", "levy", "movement")]
    amounts = decision(state).amounts
    for n in (1, 2, 3):
        for placement in combinations_with_replacement(slots, n):
            counts = {slot: placement.count(slot) for slot in slots}
            legal = all(counts[s] <= 1 for s in slots if s.endswith("elite"))
            assert accepted(state, "Ann", amounts.answer(counts)) == legal, placement
    assert not accepted(state, "Ann", "reinforce:byzantine.main=2,arab.main=2")


def test_a_reinforcement_beyond_the_cubes_one_can_get_is_refused():
    """EIN HINWEIS ZU DEN HOLZWÜRFELN: one free cube and 3 Byzantine bezants buy two cubes, one of them
    Byzantine; a second bought cube cannot be paid. Free cubes go where the money is short."""
    state = new_game(("Ann", "Bo"))
    rebalance(state)
    ann = state.player("Ann")
    ann.casualty += ann.available - 1
    ann.available = 1
    set_money(state, "Ann", byzantine=3, arab=0)
    state, _ = play(state, "Ann reinforce")
    refused(state, "Ann", "reinforce:byzantine.main=1,arab.main=2")
    state, events = play(state, "Ann reinforce:byzantine.main=1,arab.main=1")
    ann = state.player("Ann")
    assert (ann.byzantine.main, ann.arab.main, ann.available) == (4, 9, 0)
    assert ann.treasury == {"byzantine": 0, "arab": 0}
    check(state)


def legal_reinforcements(state, name) -> set[str]:
    """Every placement of 1 to 3 cubes (at most one per elite box) whose cubes can all be paid
    for: what the rules version 4 listed as buttons, one per placement."""
    from engine.byzantium.cubes import Purse

    purse = Purse.of(Ctx(state), state.player(name).seat)
    slots = [f"{side}.{box}" for side in ("byzantine", "arab") for box in ("elite", "main", "levy", "movement")]
    found = set()
    for n in (1, 2, 3):
        for placement in combinations_with_replacement(slots, n):
            counts = {slot: placement.count(slot) for slot in slots}
            if all(counts[s] <= 1 for s in slots if s.endswith("elite")) and purse.can_source(list(placement)):
                found.add("reinforce:" + ",".join(f"{s}={counts[s]}" for s in slots if counts[s]))
    return found


def test_a_reinforcement_that_cannot_all_be_paid_is_still_a_choice_of_amounts():
    """Issue 28: with money short on one side, rules version 4 listed every payable placement as a
    button (143 options in 6 menus over two messages). Now it is amounts (a form, or a line typed)
    with a few buttons, one message; the answers are exactly the payable placements, so games
    recorded under version 4 replay the same; a placement that cannot be paid says why."""
    state = new_game(("Ann", "Bo"))
    rebalance(state)
    no_free_cubes(state, "Ann")
    set_money(state, "Ann", byzantine=30, arab=3)  # any Byzantine placement, one Arab cube
    state, _ = play(state, "Ann reinforce")
    asked = decision(state)
    assert asked.amounts is not None and len(asked.options) <= 8
    legal = legal_reinforcements(state, "Ann")
    assert len(legal) > 50
    assert set(enumerate_answers(asked, 10_000)) == legal
    counts = asked.amounts.parse("reinforce:arab.main=1")
    assert counts is not None
    two_arab = dict(counts, **{"arab.main": 2})
    assert asked.amounts.parse(asked.amounts.answer(two_arab)) is None
    reason = str(asked.amounts.refusal(two_arab))
    assert "Not enough to pay" in reason and "3 Arab" in reason
    assert GAME.rules_version == "5"


def test_every_reinforcement_of_random_games_fits_one_message():
    """Over random games (bezants and cubes of every kind): a reinforcement is at most 8 buttons,
    or amounts with at most 8 shortcuts; its answers are the payable placements, no more, no less."""
    seen = amounts = 0
    for seed in range(12):
        for state, asked, _ in random_walk(seed=seed):
            if asked is None or asked.kind != "reinforce":
                continue
            seen += 1
            amounts += asked.amounts is not None
            assert len(asked.options) <= 8
            assert set(enumerate_answers(asked, 10_000)) == legal_reinforcements(state, asked.player)
    assert seen > 20 and amounts


# -- the first decision offers each action whole ----------------------------------------------------------

def test_every_second_step_of_an_action_is_an_option_of_the_first_decision():
    """The improvement's city, the fortified city, the Bulgars' target or their two more cubes, where an
    army enters and its first move (or civil war) were second questions; they are options of the first
    decision now, all of them."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Damascus", controller="Bo")
    set_city(state, "Ankara", controller="Ann")
    set_city(state, "Mecca", controller="Ann")
    set_army(state, "Ann", "byzantine", at="Damascus", main=4, movement=3)
    ready(state, "Ann")
    ctx = Ctx(state)
    ids = set(option_ids(state))
    for side, action in ((Side.BYZANTINE, "byzantine_improvement"), (Side.ARAB, "arab_improvement")):
        assert {f"special:{action}:{c}" for c in actions.improvable_cities(ctx, side)} == set(
            offered(state, f"special:{action}"))
    assert set(offered(state, "special:fortify")) == {f"special:fortify:{c}" for c in ("Ankara", "Mecca")}
    assert set(offered(state, "special:bulgars")) == (
        {f"special:bulgars:{c}" for c in actions.bulgar_targets(ctx)} | {"special:bulgars:more"})
    march = {o.id for o in movement.march_options(ctx, March(player=0, side="byzantine"))}
    assert "civil_war" in march and {f"move:byzantine:{i}" for i in march} == set(offered(state, "move:byzantine"))
    assert {f"place:arab:{c}" for c in ("Mecca", "Medina", "Tabuk")} == set(offered(state, "place:arab"))
    assert ids >= {"reinforce", "tax", "church", "pass", "special:emperor", "special:caliph"}


def test_any_action_is_at_most_two_clicks_away():
    """Grouped the way a player thinks: cities by side and region, each army, each special action; no
    group is longer than one menu (25)."""
    state = new_game(("Ann", "Bo"))
    set_army(state, "Ann", "byzantine", at="Constantinople", main=4, movement=3)
    ready(state, "Ann")
    options = decision(state).options
    groups = {}
    for o in options:
        groups.setdefault(o.group, []).append(o)
    assert all(len(members) <= 25 for members in groups.values())
    assert len(groups) - 1 + len(groups[""]) <= 25  # the first click: groups and lone buttons
    assert [o.id for o in groups[""]] == ["reinforce", "tax", "church", "pass"]
    assert {str(g) for g in groups} >= {"Take a Byzantine city in the Balkans", "Take a Byzantine city in Anatolia",
                                        "Take an Arab city in Arabia", "Send the Bulgars (+2 cubes)"}
    move = [g for g in groups if str(g).startswith("Move your Byzantine army from Constantinople")]
    assert len(move) == 1 and len(groups[move[0]]) > 10  # every coastal city by sea


def test_a_retreat_offer_names_each_destination_and_still_asks_the_fleet_when_it_matters():
    """Rückzug einer Armee: retreating and choosing where to were two prompts; without the Byzantine
    fleet to ask, each destination is an option of the offer. With a fleet that may forbid the sea,
    its owner is still asked first (another player), then the player picks."""
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Jerusalem", controller="Bo")
    set_army(state, "Ann", "arab", at="Tabuk", main=5, movement=3)
    set_army(state, "Bo", "byzantine", at="Jerusalem", main=2)
    ready(state, "Ann")
    state, _ = play(state, "Ann move:arab:to:Jerusalem")
    assert option_ids(state) == ["stay", "retreat:Alexandria", "retreat:Damascus"]
    state, _ = play(state, "Bo retreat:Alexandria")
    assert state.player("Bo").byzantine.at == "Alexandria"
    # Cy's Byzantine fleet may forbid an Arab army's retreat by sea: one "retreat", then Cy is asked.
    state = new_game(("Ann", "Bo", "Cy"))
    set_city(state, "Leucosia", side="arab", markers=2, controller="Bo")
    set_city(state, "Damascus", side="arab", markers=2)
    set_army(state, "Bo", "arab", at="Leucosia", main=2, movement=1)
    set_army(state, "Ann", "byzantine", at="Tarsus", main=5, movement=2)
    state.boxes["byzantine_fleet"] = 2
    ready(state, "Ann")
    state, _ = play(state, "Ann move:byzantine:to:Leucosia")
    assert option_ids(state) == ["stay", "retreat"]
    state, _ = play(state, "Bo retreat")
    assert decision(state).player == "Cy" and option_ids(state) == ["fleet:allow", "fleet:forbid"]
    state, _ = play(state, "Cy fleet:allow")
    assert state.player("Bo").arab.at == "Damascus"


# -- distinct options ------------------------------------------------------------------------------------

def test_no_decision_shows_two_options_with_the_same_label_or_id():
    """Issue 12, item 3: distinct options read differently; one choice is one option."""
    for seed in range(6):
        for _state, d, _events in random_walk(seed):
            if d is None:
                continue
            labels = [str(o.label) for o in d.options]
            assert len(set(labels)) == len(labels), (d.kind, labels)
            assert len({o.id for o in d.options}) == len(d.options)
