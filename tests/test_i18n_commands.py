"""Slash commands in the members' languages (issue 17): discord.py's Translator fed from the same
catalogues; every command, subcommand and option has its own name in Italian, German and Polish,
each obeys Discord's rules (lowercase, 1-32 letters, digits, - or _) and differs from its
siblings' (the stand-in's checks of a registration: tests/discord_standin/command_rules.py)."""

from __future__ import annotations

import gettext

import discord
import pytest
from discord.ext import commands
from discord_standin import command_rules

import bot.discord_ui.translator as translator_module
from bot.discord_ui.cogs import COGS, every_command, shortcut_groups
from bot.discord_ui.translator import (
    DESCRIPTION_CONTEXT,
    NAME_CONTEXT,
    OPTION_CONTEXT,
    CatalogueTranslator,
    command_texts,
    valid_name,
)
from locales import catalogs

LOCALES = ("it", "de", "pl")  # Discord's locale codes for our languages


async def tree_with_every_command() -> discord.app_commands.CommandTree:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in COGS:
        await client.add_cog(cog(client))
    for group in shortcut_groups():
        client.tree.add_command(group)
    return client.tree


async def payloads(tree, translator) -> list[dict]:
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def check_names(all_payloads: list[dict]) -> list[str]:
    return command_rules.problems(all_payloads)


def named_levels(payload: dict, path: str = ""):
    """(path, entry) of a command payload and every subcommand and option below it."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options") or []:
        if option.get("type") in (1, 2):
            yield from named_levels(option, here)
        else:
            yield f"{here} {option['name']}", option


async def test_every_localized_command_name_in_the_catalogues_is_valid_and_unique():
    tree = await tree_with_every_command()
    found = await payloads(tree, CatalogueTranslator(tree))
    assert check_names(found) == []


# The games' short names stay as the boxes print the titles (Byzantium, Warriors & Traders and
# Alexander keep their titles in every catalogue); a few words are the same in a language.
SAME_WORD = {(loc, name) for loc in LOCALES for name in ("byz", "wt", "alex")} | {
    ("de", "hand"), ("de", "pause"), ("de", "option"), ("de", "teams"), ("de", "bots"), ("pl", "stop")}


async def test_every_command_subcommand_and_option_has_a_name_in_each_language():
    tree = await tree_with_every_command()
    unnamed = []
    for payload in await payloads(tree, CatalogueTranslator(tree)):
        for path, entry in named_levels(payload):
            for locale in LOCALES:
                local = (entry.get("name_localizations") or {}).get(locale)
                if local is None and (locale, entry["name"]) not in SAME_WORD:
                    unnamed.append(f"/{path} [{locale}]")
    assert unnamed == []


async def test_players_type_natural_words_in_their_language():
    tree = await tree_with_every_command()
    shown = {}
    for payload in await payloads(tree, CatalogueTranslator(tree)):
        for path, entry in named_levels(payload):
            shown[path] = {loc: (entry.get("name_localizations") or {}).get(loc, entry["name"]) for loc in LOCALES}
    assert shown["game"] == {"it": "partita", "de": "spiel", "pl": "gra"}
    assert shown["game new"] == {"it": "nuova", "de": "neu", "pl": "nowa"}
    assert shown["byz retreat"] == {"it": "ritirata", "de": "rückzug", "pl": "odwrót"}
    assert shown["settings language"] == {"it": "lingua", "de": "sprache", "pl": "język"}
    assert shown["mod replace new"] == {"it": "nuovo", "de": "neu", "pl": "nowy"}


def test_the_registration_checks_catch_what_discord_refuses():
    good = {"name": "game", "description": "Play", "name_localizations": {"it": "partita"},
            "options": [{"type": 1, "name": "new", "description": "New", "name_localizations": {"it": "nuova"}},
                        {"type": 1, "name": "status", "description": "Status", "name_localizations": {"it": "stato"}}]}
    assert command_rules.problems([good]) == []
    clash = {**good, "options": [dict(o, name_localizations={"it": "nuova"}) for o in good["options"]]}
    assert any("two equal names [it]" in p for p in command_rules.problems([clash]))
    for bad in ("Partita", "nuova partita", "x" * 33, "", "partita!"):
        assert command_rules.problems([{**good, "name_localizations": {"it": bad}}]) != [], bad
    long = {**good, "description_localizations": {"de": "x" * 101}}
    assert any("description" in p for p in command_rules.problems([long]))


class FakeCatalogue(gettext.NullTranslations):
    def __init__(self, words: dict):
        super().__init__()
        self.words = words

    def pgettext(self, context, message):
        return self.words.get((context, message), message)


async def test_translations_become_names_descriptions_and_choices_or_english_when_discord_would_refuse(
        monkeypatch):
    words = {(NAME_CONTEXT, "game"): "partita", (NAME_CONTEXT, "new"): "Nuova Partita!",  # refused: English
             (NAME_CONTEXT, "status"): "stato", (NAME_CONTEXT, "map"): "stato",  # a clash: one keeps English
             (OPTION_CONTEXT, "reminder_hours"): "ore_promemoria",
             (DESCRIPTION_CONTEXT, "Play board games in this channel"): "Gioca qui",
             ("command choice", "Byzantium"): "Bisanzio"}
    monkeypatch.setattr(translator_module, "translations", lambda lang: FakeCatalogue(words if lang == "it" else {}))
    tree = await tree_with_every_command()
    found = {p["name"]: p for p in await payloads(tree, CatalogueTranslator(tree))}
    game = found["game"]
    assert game["name_localizations"] == {"it": "partita"}
    assert game["description_localizations"] == {"it": "Gioca qui"}
    subs = {o["name"]: o for o in game["options"]}
    assert not subs["new"].get("name_localizations")
    assert (subs["status"].get("name_localizations") or {}).get("it", "status") != \
        (subs["map"].get("name_localizations") or {}).get("it", "map")
    new_options = {o["name"]: o for o in subs["new"]["options"]}
    assert new_options["reminder_hours"]["name_localizations"] == {"it": "ore_promemoria"}
    choices = {c["name"]: c for c in new_options["game"]["choices"]}
    assert choices["Byzantium"]["name_localizations"] == {"it": "Bisanzio"}
    assert check_names(list(found.values())) == []


@pytest.mark.parametrize("name,ok", [("nuova", True), ("zurücknehmen", True), ("odśwież", True),
                                     ("ore_promemoria", True), ("neu-posten", True), ("x" * 32, True),
                                     ("Nuova", False), ("nuova partita", False), ("spielstand?", False),
                                     ("x" * 33, False), ("", False), ("`gra`", False)])
def test_a_name_is_valid_only_as_discord_takes_it(name, ok):
    assert valid_name(name) is ok and command_rules.valid_name(name) is ok


def test_the_catalogues_hold_every_command_text():
    extracted = {(m.context, m.id) for m in catalogs.template() if m.context}
    needed = set(command_texts(every_command()))
    assert needed <= extracted
    assert (NAME_CONTEXT, "language") in needed and (NAME_CONTEXT, "settings") in needed
