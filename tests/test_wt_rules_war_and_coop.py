"""Warriors & Traders: Guerra and Gioco Cooperativo (004_81a9b4c8940e7551.txt)."""

from engine.warriors_traders import GAME
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.testkit import (
    act,
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
from engine.warriors_traders.world import at_war


def coop_state():
    state = start(["A", "B", "C", "D"], teams=[["A", "B"], ["C", "D"]],
                  nations={"A": "france", "B": "england", "C": "germany", "D": "burgundy"})
    clear(state)
    for name in "ABCD":
        set_levels(state, name, production=1, trade=1, military=1)
    return state


def test_war_between_alliances():
    """"sia sufficiente che uno qualsiasi dei giocatori di un'alleanza dichiari guerra ad un
    altro giocatore che tutti gli alleati di entrambe le parti entrino in conflitto"."""
    state = coop_state()
    state = run(state, ("action", seat(state, "A"), {"why": "first"}))
    assert set(options(state, "A")) >= {"war:C", "war:D"} and "war:B" not in options(state, "A")
    state, _ = act(state, "A", "war:C")
    ctx = Ctx(state)
    s = lambda n: seat(state, n)  # noqa: E731
    assert at_war(ctx, s("B"), s("D")) and at_war(ctx, s("A"), s("D")) and not at_war(ctx, s("A"), s("B"))


def test_allies_move_through_each_others_provinces():
    """"I giocatori possono spostarsi attraverso le Province alleate esattamente come se
    queste fossero sotto il loro controllo"; the province token stays with its holder (FAQ)."""
    state = coop_state()
    put(state, "B", "infantry", "Normandie")
    put(state, "A", "infantry", "Anjou")
    me = seat(state, "A")
    state = run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me))
    state, _ = act(state, "A", "from:Anjou:Normandie")
    assert state.owner["Normandie"] == seat(state, "B")
    state, _ = act(state, "A", "from:Normandie:Artois")
    assert units(state, "A", "Artois") and state.owner["Artois"] == me


def test_peace_agreement_in_the_trade_phase():
    """"Una guerra giunge al termine non appena ... I Giocatori giungono ad un accordo di pace"."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    state = run(state, ("trade_start",), ("development_start",))
    state, _ = act(state, "Bo", "peace:Ann")
    assert [d.player for d in GAME.pending(state)] == ["Ann"]
    state, _ = act(state, "Ann", "refuse")
    assert len(state.wars) == 1
    state, _ = act(state, "Bo", "peace:Ann")
    state, events = act(state, "Ann", "accept")
    assert state.wars == [] and any(e.kind == "peace" for e in events)


def test_damage_between_enemies_keeps_the_war_alive():
    """A battle between the two sides marks the war as active for this turn."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state)
    put(state, "Ann", "cavalry", "Île-de-France")
    put(state, "Bo", "infantry", "Normandie")
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    me = seat(state, "Ann")
    state = run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me))
    state, _ = act(state, "Ann", "from:Île-de-France:Normandie")
    assert state.wars[0].damage
    assert state.owner["Normandie"] == me and state.player("Ann").vp_kills == 1


def test_fortress_destruction_vp_and_reserve():
    """"Nel caso in cui una Fortezza venga distrutta, questa tornerà nella riserva del
    proprietario, mentre il giocatore responsabile ... guadagnerà i 3 Punti Vittoria"."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state)
    set_levels(state, "Ann", military=7)
    put(state, "Bo", "fortress", "Normandie")
    put(state, "Ann", "cavalry", "Île-de-France", 2)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "war:Bo")
    me = seat(state, "Ann")
    state = run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me))
    state, _ = act(state, "Ann", "from:Île-de-France:Normandie")
    cav, other = units(state, "Ann", kind="cavalry")
    state, _ = answer(state, "Bo", {f"u{cav.id}": 4, f"u{other.id}": 1})  # the fortress's 5 damage
    assert units(state, "Bo", kind="fortress") == [] and state.player("Ann").vp_kills == 3
    assert state.player("Bo").vp_kills == 3
    assert state.owner["Normandie"] == me
