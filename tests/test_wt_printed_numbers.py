"""Warriors & Traders: every number of the economy the rulebook prints (004_81a9b4c8940e7551.txt),
checked against the engine's data and its income (issue 14, item 11). The province symbols are
reconstructed (the tokens are not in the text): they must reproduce each printed number."""

import pytest

from engine.warriors_traders.board import MAPS, Kind, board, pieces
from engine.warriors_traders.development import MASTER_TRADER_PRICE
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.sustenance import income_of
from engine.warriors_traders.testkit import clear, put, seat, set_levels, start
from engine.warriors_traders.world import vp


def holding(map_name: str, nation: str, *provinces: str):
    """Ann plays `nation` and holds exactly `provinces` (her capital included or not)."""
    other = next(n for n in board(map_name).nations if n != nation)
    state = start(map=map_name, nations={"Ann": nation, "Bo": other})
    capital = board(map_name).nations[nation].capital
    clear(state, capital)
    for p in provinces:
        clear(state, p)
        put(state, "Ann", "infantry", p)
    return state


NATIONS = [(m, n) for m in MAPS for n in board(m).nations]


@pytest.mark.parametrize("map_name, nation", NATIONS)
def test_fig16_capital_and_trade_centre_give_the_printed_income(map_name, nation):
    """Fig 16: "un giocatore dispone in totale di 1 Cibo, 3 Prodotti e 1 Arma con le proprie
    Province, si trova al livello 3 in tecnologia di Produzione e al livello 1 di Tecnologia
    Militare. I suoi moltiplicatori sono 1x per Cibo, 2x per Prodotti e 0x per Armi, così che in
    totale riceverà 1 Cibo, 6 Prodotti e nessuna Arma". Every nation's capital and trade centre
    carry those symbols, so the example holds whichever nation it shows."""
    b = board(map_name)
    capital = b.nations[nation].capital
    centre = next(p.name for p in b.provinces.values() if p.nation == nation and p.kind == Kind.TRADE_CENTER)
    symbols = {r: b.provinces[capital].symbols.get(r, 0) + b.provinces[centre].symbols.get(r, 0)
               for r in ("food", "goods", "weapons")}
    assert symbols == {"food": 1, "goods": 3, "weapons": 1}
    state = holding(map_name, nation, capital, centre)
    set_levels(state, "Ann", production=3, trade=1, military=1)
    assert income_of(Ctx(state), seat(state, "Ann")) == {"food": 1, "goods": 6, "weapons": 0, "gold": 0}


# Fig 19 and Fig 23 (Plancia del Giocatore), level I to VII.
PRODUCTION = {"food": [1, 1, 1, 2, 2, 2, 2], "goods": [0, 1, 2, 2, 3, 4, 4]}
MILITARY = {"weapons": [0, 1, 1, 1, 2, 3, 3], "ap": [2, 2, 2, 3, 4, 4, 5]}
TRADE = {"rate": [7, 6, 5, 3, 2, 2, 1], "routes": [0, 1, 1, 2, 2, 3, 3]}


@pytest.mark.parametrize("level", range(1, 8))
def test_fig23_multipliers_give_the_income(level):
    """Fig 23: production "1x 0x" at I ("Start: get 1 food for each food symbol") up to "2x 4x"
    at VII; weapons "0x" at military I up to "3x" at VII. The FAQ's "livello IV ... maggiore
    quantità di Cibo" is the step from 1x to 2x. The capital alone (1 food, 1 goods, 1 weapon)
    yields the multipliers themselves."""
    p = pieces()
    assert p.production[level] == {"food": PRODUCTION["food"][level - 1], "goods": PRODUCTION["goods"][level - 1]}
    assert p.military[level] == {"weapons": MILITARY["weapons"][level - 1], "ap": MILITARY["ap"][level - 1]}
    state = holding("west", "france", "Île-de-France")
    set_levels(state, "Ann", production=level, trade=1, military=level)
    got = income_of(Ctx(state), seat(state, "Ann"))
    assert (got["food"], got["goods"], got["weapons"]) == (PRODUCTION["food"][level - 1],
                                                         PRODUCTION["goods"][level - 1],
                                                         MILITARY["weapons"][level - 1])


def test_fig23_trade_rates_and_routes():
    """Fig 23: "7 to 1" at I down to "1 to 1" at VII; "Al raggiungimento del livello II, un
    giocatore potrà aprire la sua prima Rotta Commerciale. Ai livelli IV e VI una seconda e,
    rispettivamente, una terza"."""
    p = pieces()
    assert [p.trade[n]["rate"] for n in range(1, 8)] == TRADE["rate"]
    assert [p.trade[n]["routes"] for n in range(1, 8)] == TRADE["routes"]


def test_printed_costs_prices_and_limits():
    """Every other printed number of the economy: costs (Formare un Esercito, Costruttori,
    Rinforzo), food (Rifocillare gli eserciti), the VP price, Master Trader's price, the cap,
    the start, the kill VP, unification and victory tables."""
    p = pieces()
    assert {k: u.cost for k, u in p.units.items()} == {  # "1 Arma", "2 Armi e 1 Oro", "3 Armi e 2 Oro"
        "infantry": {"weapons": 1}, "archer": {"weapons": 2, "gold": 1}, "cavalry": {"weapons": 3, "gold": 2}}
    assert {k: u.military_level for k, u in p.units.items()} == {"infantry": 1, "archer": 3, "cavalry": 6}
    assert {k: u.food for k, u in p.units.items()} == {"infantry": 1, "archer": 2, "cavalry": 3}
    assert {k: u.vp for k, u in p.units.items()} == {"infantry": 1, "archer": 2, "cavalry": 3}
    assert p.fortress_cost == {"goods": 12, "food": 2, "gold": 1}  # "12 Prodotti, 2 Cibi e 1 Oro"
    assert p.upgrade_goods == 7  # "7 Prodotti/livello"
    assert p.vp_price == 10  # "Ogni singolo PV costa 10 Oro"
    assert p.cap == 20  # "più di 20 unità di ogni risorsa"
    assert p.start_resources == {"gold": 1, "food": 1, "weapons": 1} and p.start_tokens == 3
    assert (p.fortress_vp, p.princesses, p.fortresses, p.reserve) == (3, 4, 8, 4)
    assert p.unification == {3: 2, 4: 3, 5: 5, 6: 7, 7: 9}
    assert p.victory_free == {6: 27, 5: 30, 4: 33, 3: 37, 2: 42}
    assert p.victory_coop == {"3v3": 75, "2v2": 65, "2v2v2": 55}
    assert MASTER_TRADER_PRICE == 5  # "Il costo di di ogni Azione extra è 5 Ori"


def test_start_is_six_vp():
    """"tutti iniziano il gioco con 6 Punti Vittoria, 3 per il controllo di una Capitale e 3 per
    il controllo di una Fortezza"."""
    for map_name in MAPS:
        state = start(map=map_name)
        assert [vp(Ctx(state), p.seat) for p in state.players] == [6, 6]
