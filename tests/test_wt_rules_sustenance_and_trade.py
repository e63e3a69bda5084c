"""Warriors & Traders: Fase Sostentamento and Fase Commercio (004_81a9b4c8940e7551.txt)."""


from engine.warriors_traders import GAME
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.sustenance import income_of
from engine.warriors_traders.testkit import (
    act,
    amounts_of,
    clear,
    options,
    put,
    run,
    run_events,
    seat,
    set_levels,
    start,
    units,
)


def fed_position():
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state, "Anjou", "Bourbon")
    put(state, "Ann", "infantry", "Anjou")
    put(state, "Ann", "archer", "Anjou")
    put(state, "Ann", "cavalry", "Bourbon")
    return state


def test_feeding_costs_and_starving():
    """"Fanteria – 1 Cibo, Arcieri – 2 Cibo, Cavalleria – 3 Cibo"; an army not fed dies."""
    state = fed_position()
    state.player("Ann").res["food"] = 6
    state = run(state, ("feed", seat(state, "Ann")))  # enough food: fed without asking (preference)
    assert state.player("Ann").res["food"] == 0 and len(units(state, "Ann", kind="cavalry")) == 1
    state = fed_position()
    state.player("Ann").res["food"] = 3
    state = run(state, ("feed", seat(state, "Ann")))
    assert sorted(options(state, "Ann")) == ["starve:archer:Anjou", "starve:cavalry:Bourbon", "starve:infantry:Anjou"], \
        "FAQ: no feeding part of an army"
    state, _ = act(state, "Ann", "starve:infantry:Anjou")  # 5 food still needed: asked again
    assert "feed" not in options(state, "Ann")
    state, _ = act(state, "Ann", "starve:cavalry:Bourbon")  # the archers are fed at once
    assert units(state, "Ann", kind="cavalry") == [] and state.player("Ann").res["food"] == 1
    assert state.owner["Bourbon"] is None and GAME.pending(state) == []


def test_feeding_preference_ask_lets_an_army_starve_although_the_food_suffices():
    """Issue 12: feeding all armies is automatic by default; with the preference "ask" the
    player may still let an army starve, as the rules allow (FAQ: feed all, or let some starve)."""
    state = fed_position()
    state.player("Ann").res["food"] = 9
    state, events = act(state, "Ann", "pref:feed=ask")
    assert events[0].private_to == ("Ann",)
    state = run(state, ("feed", seat(state, "Ann")))
    assert options(state, "Ann")[0] == "feed"
    state, _ = act(state, "Ann", "starve:infantry:Anjou", "feed")
    assert units(state, "Ann", kind="infantry") == [] and state.player("Ann").res["food"] == 4


def test_feeding_in_nation_order():
    """"in accordo al numero della Nazione, dal minore al maggiore"."""
    state = start(nations={"Ann": "burgundy", "Bo": "denmark"})
    clear(state, "Fyn", "Brabant")
    put(state, "Ann", "infantry", "Brabant")
    put(state, "Bo", "infantry", "Fyn")
    state = run(state, ("turn_start",), stop_at=())
    assert GAME.pending(state)[0].player == "Ann"  # Burgundy is nation 1, Denmark 3


def test_pillaging_needs_no_food():
    """Saccheggio (military VI): the armies need not be fed."""
    state = fed_position()
    set_levels(state, "Ann", military=6)
    state.player("Ann").res["food"] = 0
    state = run(state, ("feed", seat(state, "Ann")))
    assert len(units(state, "Ann", kind="cavalry")) == 1


def test_production_and_trade_tax():
    """Tassa di Produzione (VI): 1 gold per capital (errata: capitals only); Tassa sul
    Commercio (trade V): 1 gold per trade centre."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    clear(state, "Provence", "Anjou")
    put(state, "Ann", "infantry", "Provence")
    put(state, "Ann", "infantry", "Anjou")
    me = seat(state, "Ann")
    set_levels(state, "Ann", production=6, trade=1)
    assert income_of(Ctx(state), me)["gold"] == 1
    set_levels(state, "Ann", production=1, trade=5)
    assert income_of(Ctx(state), me)["gold"] == 1
    set_levels(state, "Ann", production=6, trade=5)
    assert income_of(Ctx(state), me)["gold"] == 2


def test_income_multipliers_by_level():
    """Fig 19/23: weapons x0 at military I, x1 at II, x3 at VII; food x2 from production IV."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    me = seat(state, "Ann")
    set_levels(state, "Ann", production=4, military=7)
    got = income_of(Ctx(state), me)  # the capital alone: 1 food, 1 goods, 1 weapons
    assert (got["food"], got["goods"], got["weapons"]) == (2, 2, 3)


def trade_position(**levels):
    state = start(nations={"Ann": "france", "Bo": "england"})
    for name, prov in (("Ann", "Provence"), ("Bo", "East Anglia")):
        clear(state, prov)
        put(state, name, "infantry", prov)
    for name in ("Ann", "Bo"):
        set_levels(state, name, production=1, trade=1, military=1)
    for name, lv in levels.items():
        set_levels(state, name, **lv)
    for p in state.players:
        p.res.update(gold=10, food=10, goods=10, weapons=10)
    return run(state, ("trade_start",))


def test_only_trade_centre_holders_trade_with_the_bank():
    """"Solo i giocatori che controllano un Centro Commerciale possono partecipare"; level I
    trades 7 to 1, only one kind at a time (FAQ)."""
    state = trade_position()
    assert {i.id: i.max for i in amounts_of(state, "Ann").items}["bank:goods:gold"] == 1  # 10 goods: one lot of 7
    state, _ = act(state, "Ann", "trade:bank:goods:gold=1")
    assert state.player("Ann").res["goods"] == 3 and state.player("Ann").res["gold"] == 11
    clear(state, "Provence")
    state._decisions = None
    assert "Ann" not in [d.player for d in GAME.pending(state)]


def test_trade_phase_has_everyone_deciding_until_done():
    """"In questa fase non esiste un ordine di gioco ... conclusa quando tutti i giocatori
    dichiarano la fine"."""
    state = trade_position()
    assert sorted(d.player for d in GAME.pending(state)) == ["Ann", "Bo"]
    state, _ = act(state, "Bo", "done")
    assert [d.player for d in GAME.pending(state)] == ["Ann"]
    state, _ = act(state, "Ann", "done")
    assert GAME.pending(state) == [] and state.lanes == {}


def test_trade_route_then_offer_accept_and_refuse():
    """Rotte Commerciali: the opener needs trade II; the other only a trade centre (FAQ).
    Then any resources at any rate; an offer is the other player's decision."""
    state = trade_position(Ann={"trade": 2})
    assert "route:Bo" in options(state, "Ann") and "route:Ann" not in options(state, "Bo")
    state, _ = act(state, "Ann", "route:Bo", "offer:Bo", "send:give:goods=2,get:gold=1")  # one choice
    assert [d.player for d in GAME.pending(state)] == ["Bo"], "Ann waits for the answer"
    assert options(state, "Bo") == ["accept", "refuse"]
    state, _ = act(state, "Bo", "accept")
    assert state.player("Ann").res["goods"] == 8 and state.player("Ann").res["gold"] == 11
    assert state.player("Bo").res["goods"] == 12 and state.player("Bo").res["gold"] == 9
    state, _ = act(state, "Bo", "offer:Ann", "send:get:food=1")
    state, _ = act(state, "Ann", "refuse")
    assert state.player("Bo").res["food"] == 10
    assert "route:Bo" not in options(state, "Ann"), "one route per pair, never closed"


def test_route_limits_by_trade_level():
    state = start(["A", "B", "C"], nations={"A": "france", "B": "england", "C": "burgundy"})
    for name, prov in (("A", "Provence"), ("B", "East Anglia"), ("C", "Vlaanderen")):
        clear(state, prov)
        put(state, name, "infantry", prov)
        set_levels(state, name, trade=1)
    set_levels(state, "A", trade=3)
    state = run(state, ("trade_start",))
    state, _ = act(state, "A", "route:B")
    assert "route:C" not in options(state, "A"), "trade III allows one route"


def test_monopoly():
    """Monopolio (trade VII): only its holders trade with the bank; others only with them."""
    state = start(["A", "B", "C"], nations={"A": "france", "B": "england", "C": "burgundy"})
    for name, prov in (("A", "Provence"), ("B", "East Anglia"), ("C", "Vlaanderen")):
        clear(state, prov)
        put(state, name, "infantry", prov)
        state.player(name).res.update(gold=10, goods=10)
        set_levels(state, name, trade=1)
    set_levels(state, "A", trade=7)
    set_levels(state, "B", trade=2)
    state.player("B").routes = [seat(state, "A"), seat(state, "C")]
    state = run(state, ("trade_start",))
    assert "bank:goods:gold" in [i.id for i in amounts_of(state, "A").items]
    assert amounts_of(state, "B") is None or not [i for i in amounts_of(state, "B").items if i.id.startswith("bank:")]
    assert "offer:A" in options(state, "B") and "offer:C" not in options(state, "B")


def test_buy_victory_points():
    """"Ogni singolo PV costa 10 Oro", in the trade phase."""
    state = trade_position()
    state, _ = act(state, "Bo", "vp")
    assert state.player("Bo").vp_bought == 1 and state.player("Bo").res["gold"] == 0
    assert "vp" not in options(state, "Bo")


def test_buying_vp_needs_a_trade_centre():
    """Fase Commercio: "Solo i giocatori che controllano un Centro Commerciale possono
    partecipare a questa Fase!", and VP are bought "durante lo svolgimento della Fase
    Commercio" only (FAQ): without a trade centre, 10 gold buy nothing."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    state.player("Ann").res["gold"] = 10
    clear(state, "East Anglia")
    put(state, "Bo", "infantry", "East Anglia")
    state.player("Bo").res["gold"] = 10
    state, events = run_events(state, ("trade_start",))
    assert "Ann" not in [d.player for d in GAME.pending(state)]
    assert [e.data["player"] for e in events if e.kind == "trade_done"] == ["Ann"]
    assert "vp" in options(state, "Bo")


def test_variant_unused_routes_give_resources():
    """Varianti per 2 giocatori: 1st unused route 1 goods; 2nd goods or weapons; 3rd any."""
    state = start(map="west", variant="britain2", nations={"Ann": "england", "Bo": "scotland"})
    set_levels(state, "Ann", trade=6)
    before = dict(state.player("Ann").res)
    state = run(state, ("income",))
    assert sorted(options(state, "Ann")) == ["take:food", "take:gold", "take:goods", "take:weapons"]
    state, _ = act(state, "Ann", "take:gold")
    assert sorted(options(state, "Ann")) == ["take:goods", "take:weapons"]
    state, _ = act(state, "Ann", "take:weapons")
    after = state.player("Ann").res
    assert after["gold"] == before["gold"] + 1 + 0 and after["goods"] >= before["goods"] + 1


def waiting_trader_position():
    """Ann holds France's trade centre at trade I with nothing to trade; Bo (trade II) could
    open a route to her. Returns the state in the trade phase and the events of its start."""
    state = trade_position(Bo={"trade": 2})
    state.player("Ann").res.update(gold=0, food=1, goods=0, weapons=1)
    return run_events(state, ("trade_start",))


def test_a_player_with_nothing_to_trade_yet_waits_for_a_route_and_a_gift():
    """"La Fase Commercio viene dichiarata conclusa quando tutti i giocatori dichiarano la
    fine dei propri interessi commerciali", and over a route "ai due giocatori coinvolti verrà
    permesso di scambiare": Ann, with nothing to do yet, is not ended for her; once Bo opens a
    route she may trade, and a gift that brings her to the bank rate lets her use it."""
    state, events = waiting_trader_position()
    assert [d.player for d in GAME.pending(state)] == ["Bo"]
    assert not [e for e in events if e.kind == "trade_done"]
    state, _ = act(state, "Bo", "route:Ann")
    assert "offer:Bo" in options(state, "Ann")
    state, _ = act(state, "Bo", "offer:Ann", "send:give:goods=7")
    state, _ = act(state, "Ann", "accept")
    state, _ = act(state, "Ann", "trade:bank:goods:gold=1")
    assert state.player("Ann").res["gold"] == 1 and state.player("Ann").res["goods"] == 0


def test_trading_ends_by_itself_when_nothing_can_come():
    """When Bo is done, no route can reach Ann any more: her trading ends without a question."""
    state, _ = waiting_trader_position()
    state, events = act(state, "Bo", "done")
    assert state.lanes == {}, "the trade phase is over"
    assert [e.data["player"] for e in events if e.kind == "trade_done"] == ["Bo", "Ann"]


def test_offers_are_not_capped_at_twenty():
    """"qualsiasi risorsa ... a qualsiasi tasso di scambio": the 20 cap applies "Al termine di
    ogni turno", after trading, so a player holding more may offer more."""
    state = trade_position(Ann={"trade": 2})
    state.player("Ann").res["goods"] = 25
    state, _ = act(state, "Ann", "route:Bo", "offer:Bo")
    assert {i.id: i.max for i in amounts_of(state, "Ann").items}["give:goods"] == 25
    state, _ = act(state, "Ann", "send:give:goods=21")
    state, _ = act(state, "Bo", "accept")
    assert state.player("Bo").res["goods"] == 31 and state.player("Ann").res["goods"] == 4
