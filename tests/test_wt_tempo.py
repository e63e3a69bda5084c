"""Warriors & Traders in play-by-post (issue 12): every prompt that was merged away or is now
settled by a preference, and the proof that the other choices are still reachable
(004_81a9b4c8940e7551.txt for the rules each one keeps)."""

import random
from collections import Counter

import pytest

from engine.warriors_traders import GAME
from engine.warriors_traders.testkit import (
    act,
    answer,
    clear,
    options,
    put,
    random_step,
    run,
    seat,
    set_levels,
    start,
    units,
)


def pending_of(state, player):
    return [d for d in GAME.pending(state) if d.player == player]


# -- preferences ---------------------------------------------------------------------------------


def test_preferences_are_declared_with_their_defaults():
    table = GAME.preference_table()
    assert GAME.preference(start(), "Ann", "feed") == "auto" and table["feed"].default == "auto"
    assert GAME.preference(start(), "Ann", "shift") == "keep" and table["shift"].default == "keep"
    assert {c.id for c in table["feed"].choices} == {"auto", "ask"}
    assert {c.id for c in table["shift"].choices} == {"keep", "ask"}


def test_the_token_move_is_not_asked_by_default_and_is_reachable_with_the_preference():
    """Fase Sviluppo: "spostare un Gettone Sviluppo dal livello più alto di una ... al livello più
    alto di un'altra" is optional: kept without asking by default; "ask" offers it every turn."""
    def position():
        state = start(nations={"Ann": "france", "Bo": "england"})
        state.player("Ann").tokens.update(production=3, trade=0, military=0)
        return state

    kept = run(position(), ("shift", 0), ("shift", 1))
    assert GAME.pending(kept) == [] and kept.player("Ann").tokens["production"] == 3
    state, _ = act(position(), "Ann", "pref:shift=ask")
    asked = run(state, ("shift", seat(state, "Ann")), ("shift", seat(state, "Bo")))
    [decision] = GAME.pending(asked)
    assert decision.player == "Ann" and decision.kind == "shift" and decision.options[0].id == "keep"
    assert "shift:production:trade" in options(asked, "Ann")


def test_feeding_is_asked_when_the_food_is_short_whatever_the_preference():
    """Fase Sostentamento: "Ogni Esercito che non abbia ricevuto tutta la quantità di cibo necessario
    ... morirà": with too little food the player chooses who starves (armies alike: one option)."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state, "Anjou")
    put(state, "Ann", "infantry", "Anjou", 2)
    state.player("Ann").res["food"] = 1
    state = run(state, ("feed", seat(state, "Ann")))
    # The two infantry alike are one option: no choice, so the engine starves one and feeds the other.
    assert GAME.pending(state) == []
    assert len(units(state, "Ann", kind="infantry")) == 1 and state.player("Ann").res["food"] == 0


def test_a_lone_army_without_food_starves_without_a_question():
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state, "Anjou")
    put(state, "Ann", "cavalry", "Anjou")
    state.player("Ann").res["food"] = 2
    state = run(state, ("feed", seat(state, "Ann")))
    assert GAME.pending(state) == [] and units(state, "Ann", kind="cavalry") == []


# -- development: one choice per action --------------------------------------------------------


def test_a_build_names_the_unit_and_the_province_in_one_choice():
    """Azioni, "Creare Eserciti": the army is paid and placed in a controlled province. Every
    province the player controls is an option of the action itself (no second prompt)."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state, "Anjou", "Bourbon")
    put(state, "Ann", "princess", "Anjou")
    put(state, "Ann", "princess", "Bourbon")
    state.player("Ann").res.update(weapons=5)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    builds = sorted(o for o in options(state, "Ann") if o.startswith("build:infantry:"))
    assert builds == ["build:infantry:Anjou", "build:infantry:Bourbon", "build:infantry:Île-de-France"]
    state, _ = act(state, "Ann", "build:infantry:Bourbon")
    assert len(units(state, "Ann", "Bourbon", "infantry")) == 1 and GAME.pending(state) == []


def test_identical_armies_give_one_upgrade_option():
    state = start(nations={"Ann": "france", "Bo": "england"})
    set_levels(state, "Ann", production=5)
    state.player("Ann").res["goods"] = 20
    put(state, "Ann", "infantry", "Île-de-France", 3)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    upgrades = [o for o in GAME.pending(state)[0].options if o.id.startswith("upgrade:")]
    assert len(upgrades) == 2 and len({o.label for o in upgrades}) == 2
    assert "(7 goods)" in upgrades[0].label and "(14 goods)" in upgrades[1].label


def test_long_action_lists_are_grouped_and_every_label_is_distinct():
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state, "Anjou", "Bourbon", "Provence", "Normandie")
    for p in ("Anjou", "Bourbon", "Provence", "Normandie"):
        put(state, "Ann", "princess", p)
    set_levels(state, "Ann", production=5, military=6)
    state.player("Ann").res.update(gold=20, food=20, goods=20, weapons=20)
    put(state, "Ann", "infantry", "Anjou")
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    [decision] = GAME.pending(state)
    labels = [o.label for o in decision.options]
    assert len(labels) == len(set(labels)) > 10
    groups = {o.group for o in decision.options}
    assert "Build infantry (1 weapon)" in groups and "Build cavalry (3 weapons and 2 gold)" in groups
    assert all(sum(1 for o in decision.options if o.group == g) <= 25 for g in groups)
    assert next(o for o in decision.options if o.id == "pass").group == ""


# -- maneuver: a move is one choice; the princesses ride with the end of the movement ----------


def board_position(**levels):
    state = start(nations={"Ann": "france", "Bo": "england"})
    state.turn = 2
    clear(state)
    for name in ("Ann", "Bo"):
        set_levels(state, name, production=1, trade=1, military=levels.get(name, 1))
    return state


def maneuver(state, player):
    me = seat(state, player)
    return run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me), ("double_strike", me),
               ("princesses", me))


def test_without_battles_the_princesses_are_moved_from_the_movement_prompt():
    """Fase Manovra: armies move, battles are resolved, "infine muoverà le proprie principesse".
    With no battle to come the princess moves are offered with the armies' moves; moving one ends
    the armies' movement; "done" ends the whole maneuver in one click."""
    state = board_position()
    put(state, "Ann", "infantry", "Île-de-France")
    put(state, "Ann", "princess", "Île-de-France", 2)
    state = maneuver(state, "Ann")
    ids = options(state, "Ann")
    assert {"from:Île-de-France:Anjou", "princess:Île-de-France:Anjou", "done"} <= set(ids)
    ended, _ = act(state, "Ann", "done")
    assert GAME.pending(ended) == [] and len(units(ended, "Ann", "Île-de-France", "princess")) == 2
    # The other choices: one princess moves (a click that ends the maneuver), or several at once.
    one, _ = act(state, "Ann", "princess:Île-de-France:Anjou")
    assert GAME.pending(one) == [] and one.owner["Anjou"] == seat(one, "Ann")
    both, _ = answer(state, "Ann", {("Île-de-France", "Anjou"): 1, ("Île-de-France", "Bourbon"): 1})
    assert GAME.pending(both) == [] and {both.owner["Anjou"], both.owner["Bourbon"]} == {seat(both, "Ann")}
    assert units(both, "Ann", "Île-de-France", "infantry"), "the armies did not move"


def test_with_battles_to_come_the_end_of_movement_says_whether_princesses_move_after_them():
    """"Un giocatore potrà muovere le proprie principesse solo al termine della risoluzione di tutti
    i propri scontri": "done" fights and leaves them; "fight" fights, then asks about them."""
    def attacking():
        state = board_position()
        put(state, "Ann", "infantry", "Île-de-France", 2)
        put(state, "Ann", "princess", "Île-de-France")
        put(state, None, "barbarian", "Anjou")
        state = maneuver(state, "Ann")
        state, _ = act(state, "Ann", "from:Île-de-France:Anjou:some")  # one infantry attacks
        state, _ = answer(state, "Ann", {("infantry",): 1})
        assert {"fight", "done"} <= set(options(state, "Ann"))
        assert not [o for o in options(state, "Ann") if o.startswith("princess:")], "not before the battles"
        return state

    def after_the_battle(state):
        if options(state, "Ann") and options(state, "Ann")[0].startswith("to:"):  # where the barbarians go
            state, _ = act(state, "Ann", options(state, "Ann")[0])
        return state

    stay = after_the_battle(act(attacking(), "Ann", "done")[0])
    assert GAME.pending(stay) == [] and units(stay, "Ann", "Île-de-France", "princess")
    later = after_the_battle(act(attacking(), "Ann", "fight")[0])
    assert [d.kind for d in GAME.pending(later)] == ["princess"]
    assert "princess:Île-de-France:Anjou" in options(later, "Ann")  # Anjou, just taken


def test_some_armies_of_a_stack_may_still_move_alone():
    """"Tutti gli eserciti di un giocatore muovono contemporaneamente" but each on its own path:
    "move" takes every army that can go, "some" asks which one (alike armies: one option)."""
    state = board_position(Ann=3)
    put(state, "Ann", "infantry", "Île-de-France", 2)
    put(state, "Ann", "archer", "Île-de-France")
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou:some")
    [decision] = GAME.pending(state)
    assert decision.kind == "move_who" and [o.id for o in decision.options] == ["back"]
    assert [(i.label, i.max) for i in decision.amounts.items] == [("infantry (2 action points left)", 2),
                                                                   ("archers (2 action points left)", 1)]
    state, _ = answer(state, "Ann", {("infantry",): 1, ("archers",): 1})
    assert len(units(state, "Ann", "Anjou")) == 2 and len(units(state, "Ann", "Île-de-France")) == 1
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou")  # the last one follows
    assert len(units(state, "Ann", "Anjou")) == 3


# -- several things at once: offers, the bank, damage -------------------------------------------


def trading_position(**res):
    """Ann (France, trade II) and Bo (England) hold their trade centres, a route between them."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    for name, prov in (("Ann", "Provence"), ("Bo", "East Anglia")):
        clear(state, prov)
        put(state, name, "infantry", prov)
        set_levels(state, name, production=1, trade=1, military=1)
        state.player(name).res.update(gold=10, food=10, goods=10, weapons=10)
    set_levels(state, "Ann", trade=2)
    state.player("Ann").routes = [seat(state, "Bo")]
    state.player("Ann").res.update(**res)
    return run(state, ("trade_start",))


def test_an_offer_of_several_resources_is_one_choice():
    """Fase Commercio: "scambiare qualsiasi risorsa tra loro, a qualsiasi tasso": a 5-for-3 offer
    (give 3 goods and 2 food, ask 2 gold and 1 weapon) is one choice, then Bo's answer."""
    state = trading_position()
    state, _ = act(state, "Ann", "offer:Bo")
    [draft] = pending_of(state, "Ann")
    assert draft.kind == "offer" and [o.id for o in draft.options] == ["cancel"]
    groups = {t.group: (t.lo, t.hi) for t in draft.amounts.totals}
    assert groups == {"give": (0, 40), "get": (0, 40)}
    nothing, _ = act(state, "Ann", "send:")  # nothing for nothing: as good as cancelled
    assert [d.kind for d in pending_of(nothing, "Ann")] == ["trade"]
    state, events = answer(state, "Ann", {"give:goods": 3, "give:food": 2, "get:gold": 2, "get:weapons": 1})
    assert "Ann offers Bo 2 food and 3 goods for 2 gold and 1 weapon." in [e.text for e in events]
    assert [d.kind for d in GAME.pending(state)] == ["answer"]
    state, _ = act(state, "Bo", "accept")
    assert state.player("Ann").res == {"gold": 12, "food": 8, "goods": 7, "weapons": 11}


def test_bank_trades_are_one_choice_and_their_gold_may_buy_vp():
    """Trade level II trades 6 to 1 (Fig 23), VP cost 10 gold: 12 goods become 2 gold in one choice,
    which with 8 gold buy 1 VP with one click; several bank trades of several resources are one
    choice (a total per resource given)."""
    state = trading_position(gold=8, goods=12)
    [menu] = pending_of(state, "Ann")
    assert "vp" not in [o.id for o in menu.options]  # 8 gold: no VP yet
    items = {i.id: i.max for i in menu.amounts.items}
    assert items["bank:goods:gold"] == 2 and "vp" not in items
    state, events = act(state, "Ann", "trade:bank:goods:gold=2")
    assert state.player("Ann").res["gold"] == 10 and "vp" in options(state, "Ann")
    state, _ = act(state, "Ann", "vp")
    assert state.player("Ann").vp_bought == 1 and state.player("Ann").res["gold"] == 0

    state = trading_position(gold=20, goods=12)
    state, _ = answer(state, "Ann", {"bank:goods:food": 1, "bank:goods:weapons": 1, "bank:gold:food": 2})
    assert state.player("Ann").res == {"gold": 8, "food": 13, "goods": 0, "weapons": 11}


def battle(attackers, defenders, turn=4, military=4):
    """Ann attacks Anjou from Île-de-France with `attackers` (kind -> n); barbarians defend."""
    state = board_position(Ann=military)
    state.turn = turn
    for kind, n in attackers.items():
        put(state, "Ann", kind, "Île-de-France", n)
    put(state, None, "barbarian", "Anjou", defenders)
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou")
    return state


def test_damage_is_assigned_in_one_choice_and_alike_units_are_one_choice():
    """"Questo danno potrà essere distribuito in qualsiasi modo fra le truppe nemiche": 4 damage
    on two barbarian armies (strength 2 in turn 4: 3 destroy one, 2 make it retreat) is one
    choice; which of the two alike armies takes the most is no choice (both answers alike)."""
    state = battle({"infantry": 2, "archer": 1}, 2)
    [decision] = pending_of(state, "Ann")
    assert decision.kind == "damage" and decision.options == ()
    assert [(t.lo, t.hi) for t in decision.amounts.totals] == [(4, 4)]
    b1, b2 = units(state, None, "Anjou")
    one, _ = answer(state, "Ann", {f"u{b1.id}": 3, f"u{b2.id}": 1})
    other, _ = answer(state, "Ann", {f"u{b1.id}": 1, f"u{b2.id}": 3})
    assert GAME.dumps(one) == GAME.dumps(other)
    assert state.player("Ann").vp_kills == 0 and one.player("Ann").vp_kills == 1
    split, _ = answer(state, "Ann", {f"u{b1.id}": 2, f"u{b2.id}": 2})  # both retreat: another outcome
    assert split.player("Ann").vp_kills == 0


def test_the_fortress_shields_the_princesses_in_the_choice_of_damage():
    """"Le Principesse sono protette dalle Fortezze": damage reaches a princess only once the
    fortresses have the damage that destroys them."""
    state = board_position(Ann=7)
    put(state, "Bo", "fortress", "Normandie")
    put(state, "Bo", "princess", "Normandie")
    put(state, "Bo", "infantry", "Normandie")
    put(state, "Ann", "cavalry", "Île-de-France", 2)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Normandie")
    fort, princess, inf = (units(state, "Bo", "Normandie", k)[0] for k in ("fortress", "princess", "infantry"))
    # 6 damage: fortress and infantry (5 + 1), or, once the fortress has its 5, the princess.
    [decision] = pending_of(state, "Ann")
    assert [o.id for o in decision.options] == ["princesses"]
    assert sorted(i.id for i in decision.amounts.items) == sorted([f"u{fort.id}", f"u{inf.id}"])
    state, _ = act(state, "Ann", "princesses")
    [decision] = pending_of(state, "Ann")
    assert [o.id for o in decision.options] == ["back"]
    assert {i.id: i.min for i in decision.amounts.items} == {f"u{fort.id}": 5, f"u{inf.id}": 0, f"u{princess.id}": 0}
    state, _ = answer(state, "Ann", {f"u{fort.id}": 5, f"u{princess.id}": 1})
    cav1, cav2 = units(state, "Ann", kind="cavalry")
    state, _ = answer(state, "Bo", {f"u{cav1.id}": 4, f"u{cav2.id}": 3})  # the defenders' 7
    assert units(state, "Bo", kind="princess") == [] and units(state, "Bo", kind="fortress") == []


@pytest.mark.parametrize("seed", range(3))
def test_along_random_games_labels_are_distinct_and_menus_fit_two_clicks(seed):
    """Issue 12: distinct options have distinct labels (and so do the lines of a choice of
    amounts); a list is at most 25 loose options, each group at most 25 (two clicks)."""
    rng = random.Random(seed)
    state = GAME.setup(["Ann", "Bo", "Cy", "Di"][: 2 + seed], seed, {"map": ("west", "east", "italy")[seed]})
    seen = 0
    while not GAME.is_over(state):
        for d in GAME.pending(state):
            labels = [str(o.label) for o in d.options]
            assert len(labels) == len(set(labels)), (d.kind, labels)
            if d.amounts is not None:
                lines = [str(i.label) for i in d.amounts.items]
                assert len(lines) == len(set(lines)), (d.kind, lines)
            sizes = Counter(str(o.group) for o in d.options)
            assert all(n <= 25 for n in sizes.values()), (d.kind, sizes)
            seen += 1
        state, _events, _answer = random_step(state, rng)
    assert seen > 50 and state.finished
