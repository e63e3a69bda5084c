"""Slash commands in the members' languages (issue 17): discord.py's Translator fed from the same
catalogues; every localized name obeys Discord's rules (lowercase, no spaces, at most 32
letters, digits, - or _) and differs from its siblings', or the English one is kept."""

from __future__ import annotations

import gettext
import re

import discord
import pytest
from discord.ext import commands

import bot.discord_ui.translator as translator_module
from bot.discord_ui.cogs import COGS
from bot.discord_ui.translator import (
    DESCRIPTION_CONTEXT,
    NAME_CONTEXT,
    OPTION_CONTEXT,
    CatalogueTranslator,
    command_name,
    command_texts,
)
from locales import catalogs

# Discord's own check for command and option names (its API documentation's regex, for our scripts).
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")


async def tree_with_every_command() -> discord.app_commands.CommandTree:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in COGS:
        await client.add_cog(cog(client))
    return client.tree


async def payloads(tree, translator) -> list[dict]:
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def levels(payload: dict, path: str = ""):
    """(path, the names of one level) for a command payload and every level below it."""
    here = f"{path}/{payload['name']}"
    options = payload.get("options") or []
    if options:
        yield here, options
    for option in options:
        if option.get("type") in (1, 2):  # subcommand, group
            yield from levels(option, here)


def check_names(all_payloads: list[dict]) -> list[str]:
    bad = []
    top = [(p["name"], p.get("name_localizations") or {}) for p in all_payloads]
    groups = [("/", [{"name": n, "name_localizations": loc} for n, loc in top])]
    for payload in all_payloads:
        groups.extend(levels(payload))
    for path, entries in groups:
        for locale in {loc for e in entries for loc in (e.get("name_localizations") or {})}:
            shown = [(e.get("name_localizations") or {}).get(locale, e["name"]) for e in entries]
            for name in shown:
                if not DISCORD_NAME.fullmatch(name) or name != name.lower():
                    bad.append(f"{path} [{locale}]: invalid name {name!r}")
            if len(set(shown)) != len(shown):
                bad.append(f"{path} [{locale}]: two equal names in {shown}")
    return bad


async def test_every_localized_command_name_in_the_catalogues_is_valid_and_unique():
    tree = await tree_with_every_command()
    found = await payloads(tree, CatalogueTranslator(tree))
    assert check_names(found) == []


class FakeCatalogue(gettext.NullTranslations):
    def __init__(self, words: dict):
        super().__init__()
        self.words = words

    def pgettext(self, context, message):
        return self.words.get((context, message), message)


async def test_translations_become_valid_names_descriptions_and_choices(monkeypatch):
    words = {(NAME_CONTEXT, "game"): "Partita", (NAME_CONTEXT, "new"): "Nuova Partita!",
             (NAME_CONTEXT, "status"): "stato", (NAME_CONTEXT, "map"): "stato",  # a clash: one keeps English
             (OPTION_CONTEXT, "reminder_hours"): "ore promemoria",
             (DESCRIPTION_CONTEXT, "Play board games in this channel"): "Gioca qui",
             ("command choice", "Byzantium"): "Bisanzio"}
    monkeypatch.setattr(translator_module, "translations", lambda lang: FakeCatalogue(words if lang == "it" else {}))
    tree = await tree_with_every_command()
    found = {p["name"]: p for p in await payloads(tree, CatalogueTranslator(tree))}
    game = found["game"]
    assert game["name_localizations"] == {"it": "partita"}
    assert game["description_localizations"] == {"it": "Gioca qui"}
    subs = {o["name"]: o for o in game["options"]}
    assert subs["new"]["name_localizations"] == {"it": "nuova-partita"}
    assert (subs["status"].get("name_localizations") or {}).get("it", "status") != \
        (subs["map"].get("name_localizations") or {}).get("it", "map")
    new_options = {o["name"]: o for o in subs["new"]["options"]}
    assert new_options["reminder_hours"]["name_localizations"] == {"it": "ore-promemoria"}
    choices = {c["name"]: c for c in new_options["game"]["choices"]}
    assert choices["Byzantium"]["name_localizations"] == {"it": "Bisanzio"}
    assert check_names(list(found.values())) == []


@pytest.mark.parametrize("text,name", [("Nuova partita", "nuova-partita"), ("Spielstand?", "spielstand"),
                                       ("  Ruch  ", "ruch"), ("x" * 40, "x" * 32), ("???", None),
                                       ("Zażółć gęślą", "zażółć-gęślą")])
def test_a_translated_name_is_made_to_fit_discord_s_rules(text, name):
    assert command_name(text) == name


def test_the_catalogues_hold_every_command_text():
    extracted = {(m.context, m.id) for m in catalogs.template() if m.context}
    needed = set(command_texts([c for cog in COGS for c in cog.__cog_app_commands__]))
    assert needed <= extracted
    assert (NAME_CONTEXT, "language") in needed and (NAME_CONTEXT, "settings") in needed
