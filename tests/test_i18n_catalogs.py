"""The translation machinery (locales/): catalogues, the pseudo-language, and their checks."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from engine import IllegalAction, get_game
from engine.text import msg, msg_n
from locales import LANGUAGES, PSEUDO, catalogs, language_of, tr
from locales.pseudo import pseudo, unwrapped


def test_an_engine_refusal_reads_in_each_language():
    with pytest.raises(IllegalAction) as caught:
        get_game("byzantium").setup(["Ann"], 1)
    text = caught.value.args[0]
    assert tr(text, "it") == "Byzantium richiede da 2 a 4 giocatori, non 1."
    assert tr(text, "de") == "Byzantium braucht 2 bis 4 Spieler, nicht 1."
    assert tr(text, "pl") == "Byzantium wymaga od 2 do 4 graczy, a nie 1."
    assert tr(text, "en") == tr(text, None) == "Byzantium needs 2 to 4 players, not 1."


def test_nested_texts_are_translated_in_the_same_language():
    waiting = msg("It is not your decision now; the game waits on {waiting}.",
                  waiting=msg("{head} and {last}", head="Ann", last="Bo"))
    assert tr(waiting, "de") == "Du bist jetzt nicht am Zug; das Spiel wartet auf Ann und Bo."


@pytest.mark.parametrize("locale,lang", [("it", "it"), ("de", "de"), ("pl", "pl"), ("en-US", "en"), ("en-GB", "en"),
                                         ("pt-BR", "en"), (None, "en"), ("", "en"), ("DE", "de"), ("qps", PSEUDO)])
def test_discord_locales_map_to_our_languages(locale, lang):
    assert language_of(locale) == lang


def test_every_language_has_a_compiled_catalogue_except_the_source():
    assert set(LANGUAGES) == {"en", "it", "de", "pl"}
    for lang in catalogs.TARGETS:
        assert catalogs.mo_path(lang).exists()


def test_the_translated_sources_are_complete_in_every_language():
    """CI fails if any message of the sources lacks a translation, or a translation drops or adds
    a {field}, or a compiled catalogue is stale."""
    # Every source, the games' data terms and the slash commands, as `python -m locales check` sees
    # them: in a process of its own, where no test game (tests/hiddengame.py) is registered.
    done = subprocess.run([sys.executable, "-m", "locales", "check"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_check_finds_a_missing_translation_a_lost_field_and_too_few_polish_forms(tmp_path, monkeypatch):
    source = Catalog()
    source.add("{player} wins.")
    source.add(("{n} cube", "{n} cubes"))
    source.add("Ready")
    monkeypatch.setattr(catalogs, "HERE", tmp_path)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "messages.pot")
    pl = catalogs.read("pl")
    pl.add("{player} wins.", string="Wygrywa gracz.")  # drops {player}
    pl.add(("{n} cube", "{n} cubes"), string=("{n} kostka", "{n} kostki"))  # Polish needs 3
    catalogs.write("pl", pl)
    catalogs.mo_path("pl").write_bytes(catalogs.compiled("pl"))
    found = {(p.msgid, p.what) for p in catalogs.check(source, langs=["pl"])}
    assert ("{player} wins.", "drops ['player']") in found
    # Babel pads a short plural with empty forms, so two forms read as an incomplete translation.
    assert {what for msgid, what in found if msgid == "{n} cube"} & {"needs 3 plural forms", "not translated"}
    assert ("Ready", "not translated") in found


def test_the_glossary_holds_translations_to_the_rulebook_words(monkeypatch):
    monkeypatch.setattr(catalogs, "glossary", lambda lang: {"terms": {"bezant": ["bisante", "bisanti"]},
                                                             "names": {"city|Constantinople": "Costantinopoli"}})
    catalog = Catalog(locale="it")
    catalog.add("Pay 3 bezants", string="Paga 3 monete")
    catalog.add("Take 2 bezants", string="Prendi 2 bisanti")
    catalog.add("Constantinople", string="Constantinopoli", context="city")
    found = [(p.msgid, p.what.split(":")[0]) for p in catalogs.glossary_problems("it", catalog)]
    assert found == [("Pay 3 bezants", "glossary"), ("Constantinople", "glossary")]


def test_the_pseudo_language_wraps_every_translated_text_and_finds_the_rest():
    text = msg("{player} takes {n} cubes.", player="Ann", n=3)
    shown = tr(text, PSEUDO)
    assert shown.startswith("⟦") and "Ann" in shown and "3" in shown and "cubes" not in shown
    assert unwrapped(shown, allowed=("Ann",)) == ""
    assert unwrapped(shown + " (untranslated)", allowed=("Ann",)) == "untranslated"
    assert pseudo("{n} cubes") == "⟦{n} çübëš⟧"
    assert tr(msg_n("{n} cube", "{n} cubes", 1), PSEUDO) == "⟦1 çübë⟧"


def test_every_message_id_in_the_sources_is_a_literal_so_it_can_be_extracted():
    """msg(x) with a variable id would never reach the catalogues; term(context, name) may take a
    variable name only because games list their data terms in Game.terms()."""
    import ast

    bad = []
    for folder in ("engine", "render", "bot", "locales"):
        for path in sorted((catalogs.ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                literal_args = {"msg": (0,), "msg_n": (0, 1), "term": (0,)}.get(node.func.id, ())
                if node.func.id == "layout" and node.args:  # engine.text.layout (render has a layout() of its own)
                    literal_args = (0,)
                for index in literal_args:
                    arg = node.args[index] if len(node.args) > index else None
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        bad.append(f"{path.relative_to(catalogs.ROOT)}:{node.lineno} {node.func.id}()")
    assert bad == []


def test_layout_templates_hold_no_words_so_nothing_in_them_needs_translating():
    """layout() is never looked up in a catalogue: its template may hold only fields, punctuation,
    spaces and marks; the words are in its parameters."""
    import ast
    import re

    wordy = []
    for folder in ("engine", "render", "bot", "locales"):
        for path in sorted((catalogs.ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "layout"
                        and node.args and isinstance(node.args[0], ast.Constant)):
                    if any(ch.isalpha() for ch in re.sub(r"\{\w+\}", "", node.args[0].value)):
                        wordy.append(f"{path.relative_to(catalogs.ROOT)}:{node.lineno}")
    assert wordy == []


def test_layout_and_lines_translate_their_parts_and_survive_storage():
    from engine.text import from_data, layout, lines, to_data

    text = lines([layout("{mark} {event}", mark="🎲", event=msg("{player} wins.", player="Ann")), msg("Ready")])
    assert str(text) == "🎲 Ann wins.\nReady"
    assert tr(text, PSEUDO) == "🎲 ⟦Ånn wïñš.⟧\n⟦Rëådý⟧".replace("Ånn", "Ann")
    assert tr(from_data(to_data(text)), PSEUDO) == tr(text, PSEUDO)


def test_a_compiled_catalogue_is_checked_by_what_it_says_not_by_its_bytes(tmp_path, monkeypatch):
    """Issue 24: a new Babel release writes other bytes (its name in the header, another layout)
    for the same translations; that is not stale. A changed translation is."""
    monkeypatch.setattr(catalogs, "HERE", tmp_path)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    source = Catalog()
    source.add("Ready")
    it = catalogs.read("it")
    it.add("Ready", string="Pronto")
    catalogs.write("it", it)
    fresh = catalogs.compiled("it")
    assert catalogs.mo_content(fresh) == catalogs.mo_content(fresh)

    other_tool = catalogs.read("it")
    other_tool.fuzzy = False
    other_tool.version = "9.9"  # the header a generator writes differs
    other_tool.msgid_bugs_address = "someone@example.org"
    out = io.BytesIO()
    write_mo(out, other_tool, use_fuzzy=False)
    assert out.getvalue() != fresh
    catalogs.mo_path("it").write_bytes(out.getvalue())
    assert not [p for p in catalogs.check(source, langs=["it"]) if "compiled" in p.what]

    changed = catalogs.read("it")
    changed.get("Ready").string = "Pronta"
    out = io.BytesIO()
    write_mo(out, changed, use_fuzzy=False)
    catalogs.mo_path("it").write_bytes(out.getvalue())
    assert [p for p in catalogs.check(source, langs=["it"]) if p.what == "compiled catalogue out of date"]
