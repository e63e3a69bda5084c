"""The Polish catalogue: three plural forms, and the Polish Byzantium summary's own words (001)."""

from __future__ import annotations

import pytest

from engine.text import msg, msg_n, term
from locales import catalogs, tr


@pytest.mark.parametrize("n,text", [(1, "1 kostka"), (2, "2 kostki"), (4, "4 kostki"), (5, "5 kostek"),
                                    (12, "12 kostek"), (22, "22 kostki"), (25, "25 kostek"), (0, "0 kostek")])
def test_polish_cubes_take_the_one_few_and_many_forms(n, text):
    assert tr(msg_n("{n} cube", "{n} cubes", n), "pl") == text


def test_polish_place_names_are_the_summarys_and_the_standard_exonyms():
    # 001: "Konstantynopol", "w Damaszku", "Tessaloniki", "Antiochie", "Jerozolima".
    assert tr(term("byzantium city", "Constantinople"), "pl") == "Konstantynopol"
    assert tr(term("byzantium city", "Damascus"), "pl") == "Damaszek"
    assert tr(term("byzantium city", "Thessalonica"), "pl") == "Tessaloniki"
    assert tr(term("byzantium city", "Antioch"), "pl") == "Antiochia"


def test_polish_army_boxes_follow_the_summary():
    # 001: "Elity, Sił Głównych, Garnizonu oraz Taborów"; moving spends "kostkę z pola Taborów".
    boxes = {name: tr(term("byzantium box", name), "pl") for name in ("elite", "main army", "levy", "movement")}
    assert boxes == {"elite": "Elita", "main army": "Siły Główne", "levy": "Garnizon", "movement": "Tabory"}
    text = msg("{player} loses {n} {side} VP for {why} (now {total}).", player="Ann", n=1,
               side=term("byzantium side", "Arab"), why="x", total=9)
    assert tr(text, "pl") == "Ann traci 1 PZ Arabów za: x (teraz 9)."


def test_the_polish_glossary_names_every_game_term_and_holds_the_core_words():
    glossary = catalogs.glossary("pl")
    for core in ("bezant", "cube", "levy", "main army", "elite", "fleet", "Bulgar", "special action",
                 "Emperor", "Caliph", "church", "mosque", "ASP", "Weariness", "barbarian", "princess"):
        assert glossary["terms"][core], core
    # Game terms and names (the slash commands' texts have contexts of their own: "command ...").
    named = {f"{m.context}|{m.id}" for m in catalogs.template() if m.context and not m.context.startswith("command ")}
    assert named <= set(glossary["names"]), sorted(named - set(glossary["names"]))[:5]
    assert glossary["names"]["byzantium special|Emperor"] == "Cesarz"
