"""Warriors & Traders in play-by-post (issue 12): every prompt that was merged away or is now
settled by a preference, and the proof that the other choices are still reachable
(004_81a9b4c8940e7551.txt for the rules each one keeps)."""

from engine.warriors_traders import GAME
from engine.warriors_traders.testkit import act, clear, options, put, run, seat, set_levels, start, units


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
    assert options(state, "Ann") == ["starve:infantry:Anjou"] or GAME.pending(state) == []
    # One option is no choice: the engine starves one infantry and feeds the other.
    assert len(units(state, "Ann", kind="infantry")) == 1 and state.player("Ann").res["food"] == 0


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
    # The other choice: a princess moves; then only the princesses are asked (armies are done).
    moved, _ = act(state, "Ann", "princess:Île-de-France:Anjou")
    assert [d.kind for d in GAME.pending(moved)] == ["princess"]
    assert not [o for o in options(moved, "Ann") if o.startswith("from:")]
    moved, _ = act(moved, "Ann", "princess:Île-de-France:Bourbon")
    assert GAME.pending(moved) == [] and moved.owner["Bourbon"] == seat(moved, "Ann")


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
        state, _ = act(state, "Ann", options(state, "Ann")[0])
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
    assert decision.kind == "move_who" and [o.id.split(":")[0] for o in decision.options] == ["unit", "unit", "back"]
    infantry = next(o.id for o in decision.options if "infantry" in o.label)
    state, _ = act(state, "Ann", infantry)
    assert len(units(state, "Ann", "Anjou")) == 1 and len(units(state, "Ann", "Île-de-France")) == 2
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou")  # the other two follow together
    assert len(units(state, "Ann", "Anjou")) == 3
