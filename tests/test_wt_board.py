"""Board data (engine/warriors_traders/maps): the border lists of "Confini tra province" kept
exactly, and the loader's checks."""

import json
import math
from importlib import resources
from itertools import permutations

import pytest

from engine.warriors_traders.board import MAPS, Kind, _check_full, board, map_data, pieces, variants

# The rulebook's lists, copied verbatim from 004_81a9b4c8940e7551.txt ("Confini tra province").
BORDER_LISTS = """
Europa dell'Ovest
DENMARK
Sjælland – Slesvig, Fyn, Jylland, Pomerania
Fyn – Slesvig, Sjælland, Jylland, Friesland
Slesvig – Sjælland, Fyn, Friesland, Oldenburg
Jylland – Sjælland, Fyn, Orkney
Orkney (Contesa tra Scotland e Denmark) – Highlands, Jylland
Oldenburg (Contesa tra Germany e Denmark) – Palatinate, Brandenburg, Pomerania, Slesvig, Sjælland, Friesland
GERMANY
Brandenburg – Pomerania, Oldenburg, Palatinate, Bayern
Bayern – Brandenburg, Palatinate, Württemberg, Breisgau, Konstanz
Pomerania – Oldenburg, Brandenburg, Sjælland
Palatinate – Württemberg, Bayern, Brabant, Brandenburg, Oldenburg, Friesland, Bourgogne
Württemberg – Breisgau, Bayern, Palatinate, Bourgogne
Breisgau (Contesa tra Switzerland e Germany) – Konstanz, Bern, Bourgogne, Bayern, Württemberg
Oldenburg (Contesa tra Germany e Denmark) – Palatinate, Brandenburg, Slesvig, Pomerania, Sjælland, Friesland
FRANCE
Île-de-France – Anjou, Bourbon, Artois, Normandie
Anjou – Provence, Bourbon, Île-de-France, Normandie
Bourbon – Anjou, Provence, Île-de-France, Artois, Bourgogne, Bern, Genève
Provence – Genève, Bourbon, Anjou
Normandie – Anjou, Île-de-France, Artois, Calais, London, Wessex, Munster
Genève (Contesa tra France e Switzerland) – Provence, Bourbon, Bern, Schwyz
Artois (Contesa tra Burgundy e France) – Île-de-France, Normandie, Calais, Brabant, Bourgogne, Bourbon
ENGLAND
London – Wessex, Wales, East Anglia, Calais, Normandie
East Anglia – London, Wales, Yorkshire, Friesland
Wales – Yorkshire, East Anglia, London, Wessex, Ulster
Yorkshire – East Anglia, Wales, Dublin, Lothian
Wessex – London, Wales, Normandie, Munster
Ulster (Contesa tra England e Ireland) – Connaught, Dublin, Wales, Western Islands
Calais (Contesa tra Burgundy e England) – London, Vlaanderen, Brabant, Artois, Normandie
SWITZERLAND
Schwyz – Konstanz, Bern, Genève
Bern – Genève, Schwyz, Konstanz, Breisgau, Bourgogne, Bourbon
Konstanz – Schwyz, Bern, Breisgau, Bayern
Genève (Contesa tra France e Switzerland) – Provence, Bourbon, Bern, Schwyz
Breisgau (Contesa tra Switzerland e Germany) – Konstanz, Bern, Bourgogne, Bayern, Württemberg
SCOTLAND
Aberdeen – Lothian, Highlands, Western Islands
Highlands – Aberdeen, Western Islands, Orkney
Lothian – Aberdeen, Western Islands, Yorkshire
Orkney (Contesa tra Scotland e Denmark) – Highlands, Jylland
Western Islands (Contesa tra Ireland e Scotland) – Ulster, Connaught, Lothian, Highlands, Aberdeen
IRELAND
Dublin – Munster, Connaught, Ulster, Yorkshire
Connaught – Munster, Dublin, Ulster, Western Islands
Munster – Connaught, Dublin, Normandie, Wessex
Western Islands (Contesa tra Ireland e Scotland) – Ulster, Connaught, Lothian, Highlands, Aberdeen
Ulster (Contesa tra England e Ireland) – Connaught, Dublin, Wales, Western Islands
BURGUNDY
Vlaanderen – Friesland, Brabant, Calais, Yorkshire
Brabant – Vlaanderen, Friesland, Bourgogne, Palatinate, Artois, Normandie, Calais
Friesland – Vlaanderen, Brabant, Palatinate, Oldenburg, Slesvig, Fyn, East Anglia
Bourgogne – Brabant, Palatinate, Württemberg, Breisgau, Bern, Bourbon, Artois
Artois (Contesa tra Burgundy e France) – Île-de-France, Normandie, Calais, Brabant, Bourgogne, Bourbon
Calais (Contesa tra Burgundy e England) – London, Vlaanderen, Brabant, Artois, Normandie
Europa dell'Est
AUSTRIA
Wien – Steiermark, Salzburg, Moravia, Ratibor, Košice
Salzburg – Tirol, Steiermark, Wien, Moravia, Praha
Tirol – Salzburg, Steiermark, Praha
Steiermark – Tirol, Salzburg, Wien, Sopron, Pécs, Slavonija, Istria
Moravia (Contesa tra Austria e Bohemia) – Wien, Salzburg, Praha, Bohemia, Ratibor, Košice
Istria (Contesa tra Croatia e Austria) – Dalmacija, Slavonija, Steiermark
BOHEMIA
Bohemia – Praha, Moravia, Ratibor, Silesia
Praha – Bohemia, Moravia, Salzburg, Tirol
Ratibor – Bohemia, Moravia, Wien, Košice, Kraków, Silesia
Košice – Ratibor, Moravia, Wien, Sopron, Budapest, Kraków, Silesia
Moravia (Contesa tra Austria e Bohemia) – Wien, Salzburg, Praha, Bohemia, Ratibor, Košice
Silesia (Contesa tra Bohemia e Poland) – Bohemia, Ratibor, Košice, Kraków, Warszawa, Gdańsk
POLAND
Warszawa – Kraków, Lubelskie, Mazowsze, Gdańsk, Silesia
Kraków – Warszawa, Lubelskie, Carpathia, Budapest, Košice, Ratibor, Silesia
Lubelskie – Mazowsze, Warszawa, Kraków, Carpathia
Gdańsk – Mazowsze, Warszawa, Silesia
Mazowsze – Gdańsk, Warszawa, Lubelskie
Silesia (Contesa tra Bohemia e Poland) – Bohemia, Ratibor, Košice, Kraków, Warszawa, Gdańsk
Carpathia (Contesa tra Poland e Hungary) – Lubelskie, Kraków, Budapest, Partium, Moldova, Basarabia
HUNGARY
Budapest – Partium, Sopron, Košice, Kraków, Carpathia
Partium – Budapest, Sopron, Banat, Transylvania, Moldova, Carpathia
Sopron – Budapest, Partium, Transylvania, Banat, Pécs, Steiermark, Wien, Košice
Pécs – Sopron, Banat, Vojvodina, Slavonija, Steiermark
Carpathia (Contesa tra Poland e Hungary) – Lubelskie, Kraków, Budapest, Partium, Moldova, Basarabia
Transylvania (Contesa tra Hungary e Romania) – Partium, Sopron, Banat, Oltenia, Valahia, Moldova
ROMANIA
Valahia – Moldova, Basarabia, Dobrudja, Tarnovo, Oltenia, Transylvania
Moldova – Valahia, Basarabia, Carpathia, Partium, Transylvania
Basarabia – Valahia, Moldova, Carpathia
Oltenia – Valahia, Transylvania, Banat, Vojvodina, Vidin, Tarnovo
Banat – Oltenia, Transylvania, Partium, Sopron, Pécs, Vojvodina
Transylvania (Contesa tra Hungary e Romania) – Partium, Sopron, Banat, Oltenia, Valahia, Moldova
Dobrudja (Contesa tra Romania e Bulgaria) – Basarabia, Valahia, Tarnovo, Bulgaria
BULGARIA
Bulgaria – Rumelia, Dobrudja, Tarnovo, Vidin, Kosovo, Makedonija
Rumelia – Bulgaria
Tarnovo – Bulgaria, Dobrudja, Valahia, Oltenia, Vidin
Vidin – Bulgaria, Tarnovo, Oltenia, Vojvodina, Beograd, Kosovo
Dobrudja (Contesa tra Romania e Bulgaria) – Basarabia, Valahia, Tarnovo, Bulgaria
Makedonija (Contesa tra Bulgaria e Serbia) – Bulgaria, Kosovo, Zeta
SERBIA
Beograd – Kosovo, Vidin, Vojvodina, Bosnia, Ragusa
Kosovo – Zeta, Makedonija, Bulgaria, Vidin, Beograd, Ragusa
Vojvodina – Beograd, Vidin, Oltenia, Banat, Pécs, Slavonija, Bosnia
Zeta – Makedonija, Kosovo, Ragusa
Makedonija (Contesa tra Bulgaria e Serbia) – Bulgaria, Kosovo, Zeta
Ragusa (Contesa tra Serbia e Croatia) – Zeta, Kosovo, Beograd, Bosnia
CROATIA
Dalmacija – Bosnia, Slavonija, Istria
Slavonija – Dalmacija, Bosnia, Vojvodina, Pécs, Steiermark, Istria
Bosnia – Dalmacija, Slavonija, Vojvodina, Beograd, Ragusa
Ragusa (Contesa tra Serbia e Croatia) – Zeta, Kosovo, Beograd, Bosnia
Istria (Contesa tra Croatia e Austria) – Dalmacija, Slavonija, Steiermark
Italia
STATI DELLA CHIESA
Roma – Siena, Urbino, Ancona, Abruzzo, Benevento, Napoli, Gallura
Ancona – Emilia Romagna, Urbino, Roma, Abruzzo, Benevento, Ferrara, Venezia, Istria
Urbino – Roma, Ancona, Emilia Romagna, Firenze, Siena
Emilia Romagna – Ancona, Urbino, Firenze, Modena, Ferrara, Istria
Benevento (Contesa tra Stati della Chiesa e Regno di Napoli) – Roma, Ancona, Abruzzo, Napoli, Puglia
Ferrara (Contesa tra Stati della Chiesa e Serenissima Repubblica di Venezia) – Emilia Romagna, Modena, Mantova, Verona, Venezia, Ancona
REGNO DI NAPOLI
Napoli – Salerno, Puglia, Benevento, Roma, Siena
Salerno – Napoli, Puglia, Calabria
Abruzzo – Benevento, Roma, Ancona, Puglia, Dalmazia
Puglia – Salerno, Abruzzo, Napoli, Benevento, Venezia, Dalmazia
Benevento (Contesa tra Stati della Chiesa e Regno di Napoli) – Roma, Ancona, Abruzzo, Napoli, Puglia
Calabria (Contesa tra Regno di Napoli e Regno di Sicilia) – Salerno, Messina, Malta
REGNO DI SICILIA
Palermo – Messina, Ragusa, Malta, Gallura
Messina – Palermo, Ragusa, Catania, Calabria
Catania – Messina, Ragusa, Malta
Ragusa – Palermo, Messina, Catania
Calabria (Contesa tra Regno di Napoli e Regno di Sicilia) – Salerno, Messina, Malta
Malta (Contesa tra Regno di Sicilia e Regno di Sardegna) – Palermo, Catania, Calabria, Gallura, Cagliari
REGNO DI SARDEGNA
Piemonte – Savoia, Aosta, Milano, Piacenza, Genova, Gallura, Cagliari
Cagliari – Piemonte, Arborea, Malta, Gallura
Savoia – Aosta, Piemonte
Aosta – Piemonte, Savoia, Como, Milano
Arborea – Cagliari, Gallura, Torres
Malta (Contesa tra Regno di Sicilia e Regno di Sardegna) – Palermo, Catania, Calabria, Gallura, Cagliari
Gallura (Contesa tra Regno di Sardegna e Repubblica di Genova) – Torres, Arborea, Cagliari, Ajaccio, Alta Corsica, Roma, Palermo, Malta
REPUBBLICA DI GENOVA
Genova – Piemonte, Piacenza, Parma, Modena, Alta Corsica, Ajaccio
Ajaccio – Alta Corsica, Genova, Torres, Gallura
Torres – Arborea, Gallura, Ajaccio
Gallura (Contesa tra Regno di Sardegna e Repubblica di Genova) – Torres, Arborea, Cagliari, Ajaccio, Alta Corsica, Roma, Palermo, Malta
Alta Corsica (Contesa tra Repubblica di Genova e Granducato di Toscana) – Ajaccio, Genova, Modena, Firenze, Siena, Gallura
GRANDUCATO DI TOSCANA
Firenze – Modena, Emilia Romagna, Urbino, Siena, Alta Corsica
Modena – Firenze, Emilia Romagna, Ferrara, Mantova, Parma, Genova, Alta Corsica
Siena – Firenze, Urbino, Roma, Alta Corsica
Mantova – Modena, Parma, Milano, Brescia, Verona, Ferrara
Alta Corsica (Contesa tra Repubblica di Genova e Granducato di Toscana) – Ajaccio, Genova, Modena, Firenze, Siena, Gallura
Parma (Contesa tra Granducato di Toscana e Ducato di Milano) – Modena, Genova, Piacenza, Milano, Mantova
DUCATO DI MILANO
Milano – Piacenza, Como, Parma, Brescia, Mantova, Piemonte, Aosta
Como – Milano, Brescia, Aosta
Piacenza – Milano, Parma, Genova, Piemonte
Parma (Contesa tra Granducato di Toscana e Ducato di Milano) – Modena, Genova, Piacenza, Milano, Mantova
Brescia (Contesa tra Ducato di Milano e Serenissima Repubblica di Venezia) – Milano, Como, Mantova, Verona, Friuli
SERENISSIMA REPUBBLICA DI VENEZIA
Venezia – Ferrara, Verona, Friuli, Istria, Dalmazia, Ancona, Puglia
Verona – Venezia, Friuli, Brescia, Mantova, Ferrara
Friuli – Venezia, Brescia, Verona
Istria – Venezia, Dalmazia, Emilia Romagna, Ancona
Dalmazia – Istria, Venezia, Puglia, Abruzzo
Brescia (Contesa tra Ducato di Milano e Serenissima Repubblica di Venezia) – Milano, Como, Mantova, Verona, Friuli
Ferrara (Contesa tra Stati della Chiesa e Serenissima Repubblica di Venezia) – Emilia Romagna, Modena, Mantova, Verona, Venezia, Ancona
"""


def parse_lists():
    maps, current = {}, None
    names = {"Europa dell'Ovest": "west", "Europa dell'Est": "east", "Italia": "italy"}
    for line in BORDER_LISTS.strip().splitlines():
        line = line.strip()
        if line in names:
            current = maps.setdefault(names[line], {})
            continue
        if "–" not in line:
            continue  # a nation heading
        head, rest = line.split("–", 1)
        head = head.split(" (Contesa")[0].strip()
        current.setdefault(head, set()).update(x.strip() for x in rest.split(","))
    return maps


@pytest.mark.parametrize("name", MAPS)
def test_borders_are_exactly_the_rulebook_lists(name):
    """Every border listed (under either province) is on the board, and no other."""
    listed = parse_lists()[name]
    expected = {frozenset((a, b)) for a, ns in listed.items() for b in ns}
    data = {frozenset(b) for b in map_data(name)["borders"]}
    assert data == expected
    assert set(board(name).provinces) == set(listed)


@pytest.mark.parametrize("name", MAPS)
def test_one_sided_listings_are_recorded(name):
    """Seven borders are listed under one province only; the data notes each of them."""
    listed = parse_lists()[name]
    one_sided = {(a, b) for a, ns in listed.items() for b in ns if a not in listed[b]}
    notes = {(n["a"], n["b"]) for n in map_data(name)["border_notes"]}
    assert notes == one_sided


def test_contested_provinces_from_the_lists():
    """"(Contesa tra X e Y)" in the lists makes a province contested between those nations."""
    west = board("west")
    assert set(west.provinces["Orkney"].contested) == {"scotland", "denmark"}
    assert west.provinces["Orkney"].kind == Kind.CONTESTED
    east = board("east")
    assert set(east.provinces["Carpathia"].contested) == {"poland", "hungary"}
    italy = board("italy")
    assert set(italy.provinces["Gallura"].contested) == {"sardegna", "genova"}
    assert sum(1 for p in west.provinces.values() if p.kind == Kind.CONTESTED) == 8


@pytest.mark.parametrize("name", MAPS)
def test_every_nation_has_a_capital_and_a_trade_centre(name):
    b = board(name)
    for nation in b.nations.values():
        own = [p for p in b.provinces.values() if p.nation == nation.id]
        assert [p.name for p in own if p.kind == Kind.CAPITAL] == [nation.capital]
        assert sum(1 for p in own if p.kind == Kind.TRADE_CENTER) == 1
    assert sorted(n.number for n in b.nations.values()) == list(range(1, 9))


def test_east_nation_numbers_from_the_turn_order_example():
    """Ordine di Turno Variabile: "Romania (2), Austria (5), Croatia (6) e Bulgaria (8)"."""
    nations = board("east").nations
    assert [nations[n].number for n in ("romania", "austria", "croatia", "bulgaria")] == [2, 5, 6, 8]


def nation_borders(name: str, direct: bool) -> dict[str, set[str]]:
    """Nations that border each other: through their own provinces only (`direct`), or also
    through contested provinces, which belong to both their nations."""
    b = board(name)
    def of(p):
        return (p.nation,) if p.nation else (() if direct else p.contested)
    out: dict[str, set[str]] = {n: set() for n in b.nations}
    for a, neighbours in b.adj.items():
        for q in neighbours:
            for x in of(b.provinces[a]):
                out[x].update(y for y in of(b.provinces[q]) if y != x)
    return out


def bearing(name: str, hub: str, nation: str) -> float:
    """Direction of `nation`'s own provinces seen from `hub`'s, in degrees counterclockwise from east."""
    b = board(name)
    def centre(n):
        own = [p for p in b.provinces.values() if p.nation == n]
        return sum(p.lat for p in own) / len(own), sum(p.lon for p in own) / len(own)
    (lat0, lon0), (lat, lon) = centre(hub), centre(nation)
    return math.degrees(math.atan2(lat - lat0, (lon - lon0) * math.cos(math.radians(lat0)))) % 360


def wheel(name: str) -> list[str]:
    """The nations in number order by the wheel: 1 the one that borders most others through its
    own provinces; 2-8 the ring the others form (each bordering the next, contested provinces
    joining their two nations), of the rings with most direct borders the one that goes once
    counterclockwise round nation 1, from the nation nearest due east."""
    direct, joined = nation_borders(name, True), nation_borders(name, False)
    hub = max(direct, key=lambda n: len(direct[n]))
    assert sorted(len(v) for v in direct.values())[-2] < len(direct[hub]), "nation 1 must stand alone"
    rest = [n for n in direct if n != hub]
    angle = {n: bearing(name, hub, n) for n in rest}
    east = min(rest, key=lambda n: min(angle[n], 360 - angle[n]))
    rings = [(east, *p) for p in permutations([n for n in rest if n != east])
             if all(r in joined[q] for q, r in zip((east, *p), (*p, east), strict=True))]
    def direct_count(ring):
        return sum(r in direct[q] for q, r in zip(ring, (*ring[1:], ring[0]), strict=True))
    most = max(map(direct_count, rings))
    def winding(ring):
        return sum((angle[r] - angle[q]) % 360 for q, r in zip(ring, (*ring[1:], ring[0]), strict=True))
    chosen = [r for r in rings if direct_count(r) == most and round(winding(r)) == 360]
    assert len(chosen) == 1, f"the wheel must give one order, not {chosen}"
    return [hub, *chosen[0]]


@pytest.mark.parametrize("name", MAPS)
def test_nation_numbers_follow_the_wheel(name):
    """Nation numbers are printed on the nation cards; the text gives four, Romania 2,
    Austria 5, Croatia 6, Bulgaria 8, and says the nations follow "in ordine antiorario"
    (Fig 34). The wheel gives exactly those four on the East map, and the numbers of all
    three maps are the wheel's (docs/rules/warriors_traders.md, item 8)."""
    b = board(name)
    assert [n.id for n in sorted(b.nations.values(), key=lambda n: n.number)] == wheel(name)


@pytest.mark.parametrize("name", MAPS)
def test_every_guess_is_marked_reconstructed(name):
    data = map_data(name)
    known = {"romania", "austria", "croatia", "bulgaria"} if name == "east" else set()
    for n in data["nations"]:
        assert ("reconstructed" in n) == (n["id"] not in known)
    for p in data["provinces"]:
        assert "resources" in p["reconstructed"]
        assert -90 <= p["lat"] <= 90 and -180 <= p["lon"] <= 180
    raw = json.loads(resources.files("engine.warriors_traders").joinpath("maps", "pieces.json").read_text())
    assert "reconstructed" in raw["princess"] and "reconstructed" in raw["fortress"]
    assert "reconstructed" in raw["tracks"]


def test_piece_values_derived_from_the_examples():
    """Fig 29-31 and the cavalry FAQ pin infantry 1/1, archers 2/2, cavalry 3/3, fortress strength 5."""
    p = pieces()
    assert [(u.strength, u.resistance) for u in p.units.values()] == [(1, 1), (2, 2), (3, 3)]
    assert p.fortress_strength == 5
    assert p.barbarian[3] == 1 and p.barbarian[4] == 2 and p.barbarian[8] == 3


@pytest.mark.parametrize("name", MAPS)
def test_variants_load_and_keep_their_starting_capitals(name):
    for vid, v in variants(name).items():
        b = board(name, vid)
        assert set(b.provinces) == set(v.provinces)
        for nid in v.start:
            assert b.nations[nid].capital in b.provinces
        for a, ns in b.adj.items():
            assert all(a in b.adj[n] for n in ns)


def test_variant_contested_changes():
    """Variante 2 giocatori (BASE): Western Islands and Orkney belong to Scotland only."""
    b = board("west", "britain2")
    assert b.provinces["Orkney"].nation == "scotland" and b.provinces["Orkney"].kind == Kind.COMMON
    assert "Calais" not in b.provinces and "Ulster" not in b.provinces
    north3 = board("italy", "north3")
    assert set(north3.provinces["Piacenza"].contested) == {"milano", "genova"}
    assert north3.provinces["Brescia"].nation == "milano"


def test_loader_refuses_asymmetric_or_unknown_borders():
    b = board("west")
    nations = dict(b.nations)
    borders = [tuple(x) for x in map_data("west")["borders"]]
    with pytest.raises(ValueError):
        _check_full("west", nations, dict(b.provinces), borders + [("London", "Atlantis")])
    with pytest.raises(ValueError):
        _check_full("west", nations, dict(b.provinces), borders + [borders[0]])


def test_mainland3_keeps_the_danish_islands_and_drops_the_british_isles():
    """Variante 3 giocatori (BASE): "escludendo ogni provincia che non sia sulla terraferma.
    Escludere tutte le province appartenenti a Ireland, Scotland e England, con l'eccezione di
    Calais". The second sentence says what goes; the Danish islands stay, for Jylland borders
    only Sjælland, Fyn and Orkney ("Jylland – Sjælland, Fyn, Orkney"): without the islands a
    Danish province would be cut off from the whole board."""
    full = board("west")
    assert set(full.adj["Jylland"]) == {"Sjælland", "Fyn", "Orkney"}
    b = board("west", "mainland3")
    assert {"Sjælland", "Fyn", "Jylland"} <= set(b.provinces) and "Orkney" not in b.provinces
    british = {p for p, prov in full.provinces.items() if set(prov.nations()) & {"england", "scotland", "ireland"}}
    assert (british - {"Calais"}) & set(b.provinces) == set()
    assert b.provinces["Calais"].nation == "burgundy"


# Capitals and trade centres are not printed; each is the historical one (the reason of each is
# in the data's "reconstructed" entries and docs/rules/warriors_traders.md).
HISTORICAL = {
    "west": {"denmark": ("Sjælland", "Slesvig"), "germany": ("Brandenburg", "Palatinate"),
             "france": ("Île-de-France", "Provence"), "england": ("London", "East Anglia"),
             "switzerland": ("Bern", "Konstanz"), "scotland": ("Lothian", "Aberdeen"),
             "ireland": ("Dublin", "Munster"), "burgundy": ("Bourgogne", "Vlaanderen")},
    "east": {"austria": ("Wien", "Salzburg"), "bohemia": ("Praha", "Košice"), "poland": ("Warszawa", "Gdańsk"),
             "hungary": ("Budapest", "Sopron"), "romania": ("Valahia", "Moldova"), "bulgaria": ("Bulgaria", "Tarnovo"),
             "serbia": ("Beograd", "Kosovo"), "croatia": ("Slavonija", "Dalmacija")},
    "italy": {"chiesa": ("Roma", "Ancona"), "napoli": ("Napoli", "Salerno"), "sicilia": ("Palermo", "Messina"),
              "sardegna": ("Piemonte", "Cagliari"), "genova": ("Genova", "Ajaccio"), "toscana": ("Firenze", "Siena"),
              "milano": ("Milano", "Como"), "venezia": ("Venezia", "Verona")},
}


@pytest.mark.parametrize("name", MAPS)
def test_capitals_and_trade_centres_are_the_historical_ones(name):
    """Not "the first province listed": Praha (not the province Bohemia), Edinburgh's Lothian
    (not Aberdeen), Dijon's Bourgogne (not Vlaanderen), Bern (not Schwyz), Zagreb's Slavonija
    (not Dalmacija) are the capitals; every choice keeps its reason in the data."""
    b = board(name)
    found = {n.id: (n.capital, next(p.name for p in b.provinces.values()
                                    if p.nation == n.id and p.kind == Kind.TRADE_CENTER)) for n in b.nations.values()}
    assert found == HISTORICAL[name]
    for p in map_data(name)["provinces"]:
        if p["type"] in ("capital", "trade_center"):
            assert "(not printed)" in p["reconstructed"]["type"]
