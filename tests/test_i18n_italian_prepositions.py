"""Italian prepositions before a name take the form the Italian rulebooks print (issue 17):
"ad" before a vowel (Byzantium 000: "ad Ankara", "ad Atene"; Alexander 003: "ad Ephesus",
"ad Issus"), "ed" before an e (003: "ed Egitto"), "de" before a name with its own article
(000: "il controllo de La Mecca"), the name itself kept whole. locales/italian.py."""

from __future__ import annotations

import pytest

from engine.text import listing, msg, msg_n, term
from locales import tr
from locales.italian import seam, seam_at


def city(name: str):
    return term("byzantium city", name)


def battle(where: str):
    return msg("Battle at {city}: {attacker} against {defender}.", city=city(where), attacker="Ann", defender="Bo")


@pytest.mark.parametrize("where,said", [("Antioch", "Battaglia ad Antiochia:"), ("Alexandria", "Battaglia ad Alessandria:"),
                                        ("Athens", "Battaglia ad Atene:"), ("Edessa", "Battaglia ad Edessa:"),
                                        ("Constantinople", "Battaglia a Costantinopoli:"),
                                        ("Mecca", "Battaglia a La Mecca:")])
def test_a_before_a_vowel_is_ad_in_a_rendered_byzantium_event(where, said):
    assert tr(battle(where), "it").startswith(said)


def test_the_alexander_map_reads_the_same():
    text = msg("Alexander escapes to {space}.", space=term("alexander space", "Alexandria"))
    assert tr(text, "it") == "Alessandro fugge ad Alessandria."
    assert tr(msg("Alexander escapes to {space}.", space=term("alexander space", "Tyre")), "it") == "Alessandro fugge a Tyre."


def test_e_before_an_e_is_ed_in_a_list():
    assert tr(listing([city("Antioch"), city("Edessa")]), "it") == "Antiochia ed Edessa"
    assert tr(listing([city("Edessa"), city("Antioch")]), "it") == "Edessa e Antiochia"


def test_di_before_a_name_with_its_article_is_de_and_the_name_stays_whole():
    text = msg("The levy of {city} is scattered ({mine} against {levy}).", city=city("Mecca"), mine=3, levy=2)
    shown = tr(text, "it")
    assert " de La Mecca " in shown and " di La Mecca" not in shown
    assert " di Costantinopoli " in tr(msg("The levy of {city} is scattered ({mine} against {levy}).",
                                            city=city("Constantinople"),
                                    mine=3, levy=2), "it")


def test_only_the_seam_before_a_field_changes_never_the_other_languages_nor_english():
    def fit(text, value):
        tail = seam_at(text)
        fitted = seam(tail, value) if tail else None
        return fitted or (text, value)

    assert fit("Vai a ", "Roma") == ("Vai a ", "Roma") and seam_at("la casa ") is None
    assert fit("A ", "Ankara") == ("Ad ", "Ankara")
    assert fit("Muovi a **", "**Efeso**") == ("Muovi ad **", "**Efeso**")
    assert seam_at("ma ") is None  # "ma" is not "a"
    assert str(battle("Antioch")) == "Battle at Antioch: Ann against Bo."
    assert "ad " not in tr(battle("Antioch"), "de") and "ad " not in tr(battle("Antioch"), "pl")


def test_a_preposition_joins_the_article_of_the_word_after_it():
    """"3 cubi nel il riquadro Esercito Principale Bizantino", "Dal il riquadro": the preposition
    before a field whose text begins with an ordinary article joins it (issue 28)."""
    from engine.byzantium.words import side_box

    box = side_box("byzantine", "main")
    assert tr(msg("From {box}", box=box), "it") == "Dal riquadro Esercito Principale Bizantino"
    reinforced = tr(msg_n("{n} cube to {box}", "{n} cubes to {box}", 3, box=box), "it")
    assert reinforced == "3 cubi nel riquadro Esercito Principale Bizantino"
    assert tr(msg("a cube for {box}", box=box), "it") == "un cubo per il riquadro Esercito Principale Bizantino"
    assert tr(battle("Mecca"), "it").startswith("Battaglia a La Mecca:")  # a name's own article stays
