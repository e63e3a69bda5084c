"""Warriors & Traders: Fase Manovra, Eserciti/Principesse/Fortezze, Barbari, Unificazione
(004_81a9b4c8940e7551.txt)."""

from engine.warriors_traders import GAME
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.retreat import barbarian_havens
from engine.warriors_traders.testkit import (
    act,
    amounts_of,
    answer,
    clear,
    options,
    put,
    run,
    seat,
    set_levels,
    start,
    units,
)


def board_position(turn=2, **levels):
    """Ann is France, Bo England; the board is empty but for what a test puts on it."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    state.turn = turn
    clear(state)
    for name in ("Ann", "Bo"):
        set_levels(state, name, production=1, trade=1, military=levels.get(name, 1))
    return state


def maneuver(state, player, double=False):
    me = seat(state, player)
    steps = [("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me)]
    if double:
        steps.append(("double_strike", me))
    return run(state, *steps, ("princesses", me))


def test_movement_costs_one_action_point_per_border():
    """"Ogni movimento costa un (1) Punto Azione"; military I gives 2 AP."""
    state = board_position()
    inf = put(state, "Ann", "infantry", "Île-de-France")[0]
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou", "from:Anjou:Provence")
    u = [x for x in state.units if x.id == inf][0]
    assert u.at == "Provence" and u.ap == 0
    assert state.owner["Provence"] == seat(state, "Ann") and state.owner["Anjou"] is None
    assert not [o for o in options(state, "Ann") if o.startswith("from:Provence:")]


def test_entering_barbarians_needs_a_point_for_battle():
    """FAQ: every army entering a barbarian province needs an AP left for the battle."""
    state = board_position()
    put(state, "Ann", "infantry", "Normandie")
    put(state, None, "barbarian", "Anjou")
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Normandie:Île-de-France")
    assert "from:Île-de-France:Bourbon" in options(state, "Ann")
    assert "from:Île-de-France:Anjou" not in options(state, "Ann"), "1 AP left: no attack"


def test_no_passage_through_another_players_province_in_peace():
    """"In tempi di pace, un esercito non può spostarsi attraverso una Provincia di un altro
    giocatore"; at war, entering it means a battle."""
    state = board_position()
    put(state, "Ann", "infantry", "Normandie")
    put(state, "Bo", "infantry", "Wessex")
    state = maneuver(state, "Ann")
    assert "from:Normandie:Wessex" not in options(state, "Ann")
    state = board_position()
    put(state, "Ann", "infantry", "Normandie")
    put(state, "Bo", "infantry", "Wessex")
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = maneuver(state, "Ann")
    assert "from:Normandie:Wessex" in options(state, "Ann")


def test_no_command_dies_at_zero_with_command_retreats():
    """"le unità incapaci di ritirarsi periranno in caso di 0 o meno punti vita"; with Comando
    they retreat at exactly 0 and die at -1."""
    for military, survives in ((1, False), (4, True)):
        state = board_position(Ann=military)
        put(state, "Ann", "archer", "Île-de-France")
        put(state, None, "barbarian", "Anjou", 2)  # turn 2: 2 damage, exactly the archer's resistance
        state = maneuver(state, "Ann")
        state, _ = act(state, "Ann", "from:Île-de-France:Anjou")
        state, _ = answer(state, "Ann", {f"u{b.id}": 1 for b in units(state, None, "Anjou")})  # both retreat
        if "to:Île-de-France" in options(state, "Ann"):
            state, _ = act(state, "Ann", "to:Île-de-France")
        archers = units(state, "Ann", kind="archer")
        assert bool(archers) == survives
        if survives:
            assert archers[0].retreated and archers[0].at != "Anjou" and archers[0].ap == 0


def test_kills_give_vp_and_conquest_takes_the_province():
    """Conquering a barbarian province: 1 VP per barbarian army destroyed, and the province."""
    state = board_position()
    put(state, "Ann", "infantry", "Île-de-France", 3)
    put(state, None, "barbarian", "Anjou")
    state = maneuver(state, "Ann")
    state, events = act(state, "Ann", "from:Île-de-France:Anjou")
    # 3 damage: enough to kill the army (2 with its retreat) -- taken without a choice.
    assert state.player("Ann").vp_kills == 1
    assert state.owner["Anjou"] == seat(state, "Ann")
    assert len(units(state, "Ann", "Anjou")) == 2  # the barbarian's 1 damage killed one infantry


def test_barbarian_retreat_order_and_removal_without_vp():
    """Regole di ritirata delle armate Barbare: free province of the same nation first; with
    nowhere to go the army is removed with no VP for the attacker."""
    state = board_position()
    put(state, None, "barbarian", "Bourbon")
    put(state, None, "barbarian", "Provence")
    ctx = Ctx(state)
    # Bourbon's neighbours: Anjou, Provence, Île-de-France, Artois, Bourgogne, Bern, Genève.
    free_same = barbarian_havens(ctx, seat(state, "Ann"), "Bourbon")
    assert free_same == ["Anjou", "Artois", "Genève", "Île-de-France"]
    for p in ("Anjou", "Artois", "Genève", "Île-de-France"):
        put(state, "Bo", "infantry", p)
    assert barbarian_havens(Ctx(state), seat(state, "Ann"), "Bourbon") == ["Provence"]
    for p in ("Provence", "Bourgogne", "Bern"):
        clear(state, p)
        put(state, "Bo", "infantry", p)
    assert barbarian_havens(Ctx(state), seat(state, "Ann"), "Bourbon") == []


def test_barbarians_retreat_when_reduced_to_zero():
    """Barbarians "conservano sempre l'abilità di Ritirata": exactly 0 points means retreat,
    to the province the attacker picks among equals; no VP for a retreat."""
    state = board_position(turn=4)
    set_levels(state, "Ann", military=4)
    put(state, "Ann", "infantry", "Île-de-France", 2)
    put(state, None, "barbarian", "Anjou", 2)
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou")
    b1, b2 = units(state, None, "Anjou")
    # Both points on one army (it retreats), or one on each: the two armies are alike, numbered.
    labels = [i.label for i in amounts_of(state, "Ann").items]
    assert labels == ["a barbarian army #1 (3 destroy it, 2 make it retreat)",
                      "a barbarian army #2 (3 destroy it, 2 make it retreat)"]
    state, _ = answer(state, "Ann", {f"u{b1.id}": 2})
    # The barbarians' 4 damage kill both infantry (2 each with Command).
    assert "to:Normandie" in options(state, "Ann")
    state, _ = act(state, "Ann", "to:Normandie")
    assert [u.id for u in units(state, None, "Normandie")] == [b1.id]
    assert [u.id for u in units(state, None, "Anjou")] == [b2.id]
    assert units(state, "Ann") == [] and state.player("Ann").vp_kills == 0


def test_retreated_units_deal_no_damage_and_die_to_any_damage():
    """FAQ: retreated archers under attack deal no damage; any further damage destroys them."""
    state = board_position()
    set_levels(state, "Bo", military=4)
    put(state, "Bo", "archer", "Normandie", damage=2, retreated=True)
    put(state, "Ann", "infantry", "Île-de-France")
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = maneuver(state, "Ann")
    state, events = act(state, "Ann", "from:Île-de-France:Normandie")
    battle = [e for e in events if e.kind == "battle"][0]
    assert battle.data["defence"] == 0
    assert units(state, "Bo", kind="archer") == [] and state.player("Ann").vp_kills == 2
    assert state.owner["Normandie"] == seat(state, "Ann")


def test_fortress_shields_princesses():
    """"Le Principesse sono protette dalle Fortezze ... l'eventuale danno rimanente viene
    assegnato alle Principesse"."""
    state = board_position()
    set_levels(state, "Ann", military=7)
    put(state, "Bo", "fortress", "Normandie")
    put(state, "Bo", "princess", "Normandie", 2)
    put(state, "Ann", "cavalry", "Île-de-France", 2)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Normandie")
    # 6 damage: the fortress is the only target until it has its 5; then one princess.
    fort = units(state, "Bo", kind="fortress")[0]
    assert fort.incoming == 5
    princesses = units(state, "Bo", kind="princess")
    # The two princesses are the same target: one option (issue 12), so the engine takes it.
    assert sorted(u.incoming for u in princesses) == [0, 1] and "Ann" not in [d.player for d in GAME.pending(state)]
    cav = units(state, "Ann", kind="cavalry")[0]
    # 7 damage (fortress 5, princesses 1 each): one cavalry killed, 3 leave the other at 0.
    state, _ = answer(state, "Bo", {f"u{cav.id}": 4, f"u{units(state, 'Ann', kind='cavalry')[1].id}": 3})
    assert len(units(state, "Bo", kind="princess")) == 1
    assert state.player("Ann").vp_kills == 3 + 1


def test_princesses_strike_back_in_defence():
    """Fig 27: "Gli Eserciti, così come le Principesse e le Fortezze riportano valori di Forza e
    Resistenza"; Difesa: "tutte le unità (ad eccezione di quelle ritiratesi) presenti in quella
    Provincia saranno in grado di reagire". An infantry and a princess deal 2 (strength 1 each)."""
    state = board_position()
    set_levels(state, "Ann", military=3)
    put(state, "Bo", "infantry", "Normandie")
    put(state, "Bo", "princess", "Normandie")
    put(state, "Ann", "archer", "Île-de-France")
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = maneuver(state, "Ann")
    state, events = act(state, "Ann", "from:Île-de-France:Normandie")
    battle = next(e for e in events if e.kind == "battle")
    assert (battle.data["attack"], battle.data["defence"]) == (2, 2)
    # The archers (resistance 2, no Command) die; Ann's 2 damage kill both defenders.
    assert units(state, "Ann") == [] and units(state, "Bo", "Normandie") == []


def test_princesses_move_once_to_free_or_own_provinces():
    """"Ad ognuna è permesso un solo movimento verso una provincia adiacente libera o
    controllata dal medesimo giocatore"."""
    state = board_position()
    put(state, "Ann", "princess", "Île-de-France")
    put(state, "Bo", "infantry", "Normandie")
    state = maneuver(state, "Ann")
    opts = options(state, "Ann")
    assert "princess:Île-de-France:Anjou" in opts and "princess:Île-de-France:Normandie" not in opts
    state, _ = act(state, "Ann", "princess:Île-de-France:Anjou")
    assert GAME.pending(state) == []
    assert state.owner["Anjou"] == seat(state, "Ann")


def test_double_strike_second_maneuver():
    """Doppio Attacco (military VI): a second movement and battle with the points left."""
    state = board_position(turn=2)
    set_levels(state, "Ann", military=6)
    put(state, "Ann", "cavalry", "Île-de-France")
    put(state, None, "barbarian", "Anjou")
    put(state, None, "barbarian", "Provence")
    state = maneuver(state, "Ann", double=True)
    state, _ = act(state, "Ann", "from:Île-de-France:Anjou")
    assert state.owner["Anjou"] == seat(state, "Ann")
    cav = units(state, "Ann", kind="cavalry")[0]
    assert cav.ap == 2 and cav.fights == 1
    state, _ = act(state, "Ann", "from:Anjou:Provence")
    assert state.owner["Provence"] == seat(state, "Ann")
    assert units(state, "Ann", kind="cavalry")[0].fights == 2


def test_unification_gives_actions_once():
    """Unificazione Nazionale: all provinces of the nation (contested optional); Tabella 1:
    France with its 5 own provinces and no contested one gets 5 actions; once per game."""
    state = board_position()
    for p in ("Île-de-France", "Anjou", "Bourbon", "Provence", "Normandie"):
        put(state, "Ann", "infantry" if p in ("Anjou", "Normandie") else "princess", p)
    state.player("Ann").res.update(weapons=3)
    state = maneuver(state, "Ann")
    assert "unify" in options(state, "Ann")
    state, events = act(state, "Ann", "unify")
    assert [e.data["actions"] for e in events if e.kind == "unification"] == [5]
    state, _ = act(state, "Ann", "build:infantry:Anjou")
    assert [u.ap for u in units(state, "Ann", "Anjou")] == [2, 0], "new armies move next turn"
    for _ in range(4):
        state, _ = act(state, "Ann", "pass")
    assert "unify" not in options(state, "Ann")
    assert state.player("Ann").unified


def test_unification_counts_contested_provinces_held():
    state = board_position()
    for p in ("Île-de-France", "Anjou", "Bourbon", "Provence", "Normandie", "Genève"):
        put(state, "Ann", "infantry", p)
    state = maneuver(state, "Ann")
    state, events = act(state, "Ann", "unify")
    assert [e.data["actions"] for e in events if e.kind == "unification"] == [7]


def test_barbarian_strength_by_turn():
    """"1 per i Turni 1, 2 e 3; 2 per i Turni 4, 5, 6 e 7; 3 per i Turni 8, 9 e 10"."""
    from engine.warriors_traders.world import barbarian_strength
    state = board_position()
    got = []
    for turn in range(1, 11):
        state.turn = turn
        got.append(barbarian_strength(Ctx(state)))
    assert got == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3]


def test_barbarians_in_a_contested_province_count_both_nations_as_theirs():
    """"Nel caso la provincia in oggetto sia Contesa, 'la stessa Nazione' è ... una delle due
    Nazioni in lotta (a scelta dell'attaccante)": Genève (France/Switzerland) retreats to a
    free province of either nation before one of another nation."""
    state = board_position()
    # Genève's neighbours: Provence, Bourbon (France), Bern, Schwyz (Switzerland).
    for p in ("Provence", "Bourbon"):
        put(state, "Bo", "infantry", p)
    assert barbarian_havens(Ctx(state), seat(state, "Ann"), "Genève") == ["Bern", "Schwyz"]
    put(state, None, "fortress", "Bern")
    put(state, None, "barbarian", "Schwyz")
    # no free province of either nation left: a barbarian capital (Bern) comes before a common one
    assert barbarian_havens(Ctx(state), seat(state, "Ann"), "Genève") == ["Bern"]


def orkney_raid(jylland: str | None):
    """Turn 1: Ann's lone infantry goes from Highlands into Orkney (contested Scotland/Denmark);
    Jylland (Denmark) holds a barbarian army, or Bo's infantry, or nothing."""
    state = board_position(turn=1)
    put(state, "Ann", "infantry", "Highlands")
    put(state, None, "barbarian", "Orkney")
    if jylland == "barbarian":
        put(state, None, "barbarian", "Jylland")
    elif jylland == "Bo":
        put(state, "Bo", "infantry", "Jylland")
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Highlands:Orkney")
    return state


def test_barbarians_leaving_a_contested_province_go_where_the_attackers_chosen_nation_sends_them():
    """Regole di ritirata delle armate Barbare: for a contested province "la stessa Nazione" is
    "Una delle due Nazioni in lotta per il controllo di quella provincia (a scelta
    dell'attaccante)". Counting Scotland, free Highlands comes first; counting Denmark, Jylland
    ("un'altra provincia Barbaro nella stessa Nazione") comes before Highlands ("una provincia
    libera in un'altra Nazione"). Both choices are offered, and the attacker's pick holds."""
    state = orkney_raid("barbarian")
    # Strength 1 each: the infantry dies (no Command), the barbarian is at 0 and retreats.
    assert units(state, "Ann") == []
    assert sorted(options(state, "Ann")) == ["to:Highlands", "to:Jylland"]
    state, _ = act(state, "Ann", "to:Jylland")
    assert len(units(state, None, "Jylland")) == 2 and units(state, None, "Orkney") == []


def test_barbarian_retreat_asks_the_attacker_only_when_the_chosen_nation_matters():
    """With Bo in Jylland both nations send the barbarians to Highlands: no question."""
    state = orkney_raid("Bo")
    assert "Ann" not in [d.player for d in GAME.pending(state)]
    assert len(units(state, None, "Highlands")) == 1 and units(state, None, "Orkney") == []


def test_trapped_attackers_are_removed_without_vp():
    """"Nel caso non vi siano Province disponibili, queste unità verranno dichiarate sconfitte
    e ritorneranno nella riserva" -- and nobody scores them (FAQ, Punti Vittoria)."""
    state = start(map="east", nations={"Ann": "bulgaria", "Bo": "serbia"})
    clear(state)
    put(state, None, "barbarian", "Rumelia")  # Rumelia borders only Bulgaria
    put(state, "Bo", "infantry", "Bulgaria")
    put(state, "Ann", "infantry", "Rumelia", attacking=True)
    state = run(state, ("aftermath", seat(state, "Ann"), {"at": "Rumelia"}))
    assert units(state, "Ann") == [] and state.player("Bo").vp_kills == 0
    assert len(units(state, None, "Rumelia")) == 1


def test_free_province_is_taken_by_entering_it():
    """"Una Provincia è considerata sotto il controllo di un giocatore se questi ne occupa il
    territorio con un Esercito, una Principessa o una Fortezza"; empty, it is free again."""
    state = board_position()
    put(state, "Ann", "infantry", "Île-de-France")
    state = maneuver(state, "Ann")
    state, _ = act(state, "Ann", "from:Île-de-France:Bourbon")
    assert state.owner["Bourbon"] == seat(state, "Ann") and state.owner["Île-de-France"] is None
