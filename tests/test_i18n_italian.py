"""The Italian catalogue speaks the Italian rulebooks: Byzantium (seeds/000), Warriors & Traders
(004) and Alexander (003): their words for the army board, the money, the places they print, and
a glossary that holds them."""

from __future__ import annotations

import pytest

from engine.byzantium.words import army, bezants, box_cubes, cubes
from engine.text import msg, term
from locales import catalogs, tr


@pytest.mark.parametrize("n,text", [(0, "0 cubi"), (1, "1 cubo"), (2, "2 cubi"), (11, "11 cubi")])
def test_italian_cubes_take_the_singular_only_for_one(n, text):
    assert tr(cubes(n), "it") == text


def test_money_is_counted_in_bisanti():
    """"Il denaro sarà conteggiato in Bisanti ... i gettoni piccoli color rame rappresentano un Bisante"."""
    assert tr(bezants(1), "it") == "1 Bisante"
    assert tr(bezants(6), "it") == "6 Bisanti"


def test_the_army_board_boxes_read_as_the_rulebook_prints_them():
    """"Ci sono quattro riquadri per ciascun esercito: Élite, Esercito Principale, Leva, e Movimento"."""
    words = [tr(term("byzantium box", box), "it") for box in ("elite", "main army", "levy", "movement")]
    assert words == ["Élite", "Esercito Principale", "Leva", "Movimento"]
    assert tr(box_cubes({"elite": 1, "main": 2}), "it") == "1 cubo Élite e 2 cubi Esercito Principale"


def test_the_side_agrees_with_the_army_it_names():
    """"la sua pedina "Esercito Bizantino""; the side word stays masculine beside Esercito/riquadro."""
    assert tr(army("Anna", "arab"), "it") == "l'Esercito Arabo di Anna"
    text = msg("{player} gains {n} {side} VP for {why} (now {total}).", player="Anna", n=2,
               side=term("byzantium side", "Byzantine"), why="x", total=12)
    assert tr(text, "it") == "Anna guadagna 2 PV sul punteggio Bizantino per x (ora 12)."


def test_places_are_named_as_the_italian_rulebook_prints_them():
    """Costantinopoli, Atene, Adrianopoli, Alessandria, Antiochia, Bagdad, La Mecca in Italian; the
    board's Damascus, Nicaea, Thessalonica, Jerusalem as the examples print them ("piazzarlo su Damascus")."""
    names = {"Constantinople": "Costantinopoli", "Athens": "Atene", "Adrianople": "Adrianopoli",
             "Alexandria": "Alessandria", "Antioch": "Antiochia", "Baghdad": "Bagdad", "Mecca": "La Mecca",
             "Damascus": "Damascus", "Nicaea": "Nicaea", "Thessalonica": "Thessalonica", "Jerusalem": "Jerusalem"}
    assert {en: tr(term("byzantium city", en), "it") for en in names} == names


def test_the_special_actions_are_the_rulebooks_azioni_speciali():
    specials = {"Bulgars": "Bulgari", "Fortification": "Fortificare", "Emperor": "Imperatore", "Caliph": "Califfo",
                "Byzantine civil war": "Guerra Civile Bizantina", "Arab city improvement": "Sviluppare una Città Araba"}
    assert {en: tr(term("byzantium special", en), "it") for en in specials} == specials


def test_warriors_and_traders_keeps_the_rulebooks_resources_units_and_map_names():
    """"Segnalini Risorse: Oro, Cibo, Prodotti e Armi"; nations and provinces as the border lists print them
    ("Calais (Contesa tra Burgundy e England)")."""
    resources = [tr(term("wt resource", r), "it") for r in ("gold", "food", "goods", "weapons")]
    assert resources == ["oro", "cibo", "prodotti", "armi"]
    assert tr(term("wt nation", "Burgundy"), "it") == "Burgundy"
    assert tr(term("wt province", "Calais"), "it") == "Calais"
    assert tr(term("wt title", "Warrior"), "it") == "Guerriero"


def test_alexander_cards_and_leaders_carry_the_italian_rulebooks_names():
    """15.0: "Satrap Insubordination Insubordinazione dei Satrapi", "The Honeymooners [1] Luna di Miele";
    3.1: "Alessandro III (Magno); Antipater ed Hegelochus (Macedoni), e Dario III, Memnon"."""
    cards = {"Satrap Insubordination": "Insubordinazione dei Satrapi", "The Honeymooners": "Luna di Miele",
             "Black Cleitus": "Cleitus il Nero", "Embezzlement": "Furto"}
    assert {en: tr(term("alexander card", en), "it") for en in cards} == cards
    leaders = {"Alexander III": "Alessandro III", "Darius III": "Dario III", "Antipater": "Antipater"}
    assert {en: tr(term("alexander leader", en), "it") for en in leaders} == leaders
    assert tr(term("alexander treasury", "Low"), "it") == "Scarso"


def test_the_glossary_holds_the_core_terms_and_every_name_of_the_three_games():
    glossary = catalogs.glossary("it")
    for english, italian in {"cube": "cubo", "levy": "leva", "main army": "esercito principale",
                             "special action": "azione speciale", "casualty pool": "riserva delle perdite",
                             "free pool": "riserva di cubi", "bezant": "bisanti", "Emperor": "imperatore",
                             "princess": "principessa", "garrison": "guarnigione", "weariness": "logoramento"}.items():
        assert italian in glossary["terms"][english]
    data = {f"{context}|{name}" for context, name in catalogs.data_terms()}
    assert data <= set(glossary["names"])
