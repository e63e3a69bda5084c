"""The German catalogue speaks the German Byzantium rulebook (seeds/002): its words for the army
board, the cubes, the special actions and the places it prints, and the glossary holds them."""

from __future__ import annotations

from engine.byzantium.words import army, bezants, box_cubes, cubes, side_bezants
from engine.text import term
from locales import catalogs, tr


def test_the_army_board_boxes_read_as_the_rulebook_prints_them():
    """ARMEETAFEL: "Elite", "Hauptarmee", "Bürgerwehr", "Bewegung" (Übersicht)."""
    words = [tr(term("byzantium box", box), "de") for box in ("elite", "main army", "levy", "movement")]
    assert words == ["Elite", "Hauptarmee", "Bürgerwehr", "Bewegung"]


def test_cubes_are_holzwuerfel_and_money_is_bezants():
    """"mit Holzwürfeln sind die kleinen farbigen Holzklötzchen gemeint" (Spielmaterial);
    "Das Geld in diesem Spiel heißt Bezant bzw. Bezants in der Mehrzahl"."""
    assert tr(cubes(1), "de") == "1 Holzwürfel"
    assert tr(cubes(3), "de") == "3 Holzwürfel"
    assert tr(bezants(1), "de") == "1 Bezant"
    assert tr(bezants(6), "de") == "6 Bezants"
    assert tr(side_bezants(3, "byzantine"), "de") == "3 byzantinische Bezants"
    assert tr(box_cubes({"elite": 1, "main": 2}), "de") == "1 Holzwürfel (Elite) und 2 Holzwürfel (Hauptarmee)"


def test_the_sides_inflect_inside_the_sentence():
    assert tr(army("Anna", "arab"), "de") == "Anna (arabische Armee)"


def test_places_are_named_as_the_german_rulebook_prints_them():
    """Konstantinopel, Athen, Bagdad, Adrianopel in German; the board's Damascus, Antioch, Mecca,
    Nicaea as the examples print them ("einen Holzwürfel aus seinem Verlustvorrat nach Damascus")."""
    names = {"Constantinople": "Konstantinopel", "Athens": "Athen", "Baghdad": "Bagdad",
             "Adrianople": "Adrianopel", "Damascus": "Damascus", "Antioch": "Antioch", "Mecca": "Mecca",
             "Nicaea": "Nicaea"}
    assert {en: tr(term("byzantium city", en), "de") for en in names} == names


def test_the_special_actions_are_the_rulebooks_sonderaktionen():
    specials = {"Bulgars": "Bulgarenangriff", "Fortification": "Befestigung", "Emperor": "Kaiser",
                "Caliph": "Kalif", "Byzantine civil war": "Byzantinischer Bürgerkrieg"}
    assert {en: tr(term("byzantium special", en), "de") for en in specials} == specials


def test_the_glossary_holds_the_core_terms_and_every_name_of_the_three_games():
    glossary = catalogs.glossary("de")
    for english, german in {"cube": "holzwürfel", "levy": "bürgerwehr", "main army": "hauptarmee",
                            "special action": "sonderaktion", "casualty pool": "verlustvorrat",
                            "free pool": "vorrat", "bezant": "bezant", "Emperor": "kaiser"}.items():
        assert german in glossary["terms"][english]
    data = {f"{context}|{name}" for context, name in catalogs.data_terms()}
    assert data <= set(glossary["names"])
