"""Slash commands in the members' languages (issue 17): names, descriptions, option names and
choices come from the same gettext catalogues as every other text, through discord.py's
app_commands Translator (Discord shows each member the command in their client's language).

The catalogue entries are not written by hand: `command_texts()` walks the command tree and
`python -m locales update` adds every text with its context ("command name", "command
option", "command description", "command choice"). A localized name must follow Discord's
rules as the translator wrote it (`valid_name`: lowercase, 1-32 letters, digits, - or _;
`python -m locales check` reports any other), since texts cite commands by the same catalogue
entries (engine/slash.py) and must show the very name Discord offers; a name that breaks
the rules, or equals a sibling's, keeps English (tests/test_i18n_commands.py finds none).
"""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from locales import (
    COMMAND_NAME_LIMIT,
    LANGUAGES,
    NAME_CONTEXT,
    OPTION_CONTEXT,
    SOURCE,
    language_of,
    translations,
    valid_command_name,
)

DESCRIPTION_CONTEXT = "command description"
CHOICE_CONTEXT = "command choice"
NAME_CONTEXTS = (NAME_CONTEXT, OPTION_CONTEXT)
CONTEXTS = {
    Where.command_name: NAME_CONTEXT,
    Where.group_name: NAME_CONTEXT,
    Where.parameter_name: OPTION_CONTEXT,
    Where.command_description: DESCRIPTION_CONTEXT,
    Where.group_description: DESCRIPTION_CONTEXT,
    Where.parameter_description: DESCRIPTION_CONTEXT,
    Where.choice_name: CHOICE_CONTEXT,
}
NAME_LIMIT, DESCRIPTION_LIMIT, CHOICE_LIMIT = COMMAND_NAME_LIMIT, 100, 100


valid_name = valid_command_name  # Discord's rule for command and option names (locales)


def localize(text: str, context: str, lang: str) -> str | None:
    """`text` (a command's English string) in `lang`, fitted to Discord's limits; None when
    the catalogue has nothing different (Discord then shows the English)."""
    if lang not in LANGUAGES or lang == SOURCE:
        return None
    found = translations(lang).pgettext(context, text)
    if not found or found == text:
        return None
    if context in NAME_CONTEXTS:
        return found if valid_name(found) else None
    limit = CHOICE_LIMIT if context == CHOICE_CONTEXT else DESCRIPTION_LIMIT
    return found if len(found) <= limit else found[: limit - 1] + "…"


class CatalogueTranslator(app_commands.Translator):
    """What discord.py asks for each text of each command, once per Discord locale, at sync."""

    def __init__(self, tree: app_commands.CommandTree | None = None):
        self._clashes: set[tuple[str, str, str]] = set()
        if tree is not None:
            self._clashes = clashing_names(tree)

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = language_of(str(locale), "")
        kind = CONTEXTS.get(context.location)
        if not lang or kind is None:
            return None
        if kind in NAME_CONTEXTS and (lang, kind, string.message) in self._clashes:
            return None
        return localize(string.message, kind, lang)


def _children(node) -> list:
    if isinstance(node, app_commands.Group):
        return list(node.commands)
    return []


def command_texts(commands: Iterable) -> list[tuple[str, str]]:
    """(context, English text) of every name, description, option and choice of `commands`."""
    found: list[tuple[str, str]] = []

    def walk(node) -> None:
        found.append((NAME_CONTEXT, node.name))
        if node.description and node.description != "…":
            found.append((DESCRIPTION_CONTEXT, node.description))
        for param in getattr(node, "parameters", []) if isinstance(node, app_commands.Command) else []:
            found.append((OPTION_CONTEXT, param.name))
            if param.description and param.description != "…":
                found.append((DESCRIPTION_CONTEXT, param.description))
            found.extend((CHOICE_CONTEXT, c.name) for c in param.choices)
        for child in _children(node):
            walk(child)

    for command in commands:
        walk(command)
    return list(dict.fromkeys(found))


def name_levels(commands: Iterable) -> list[tuple[str, str, list[str]]]:
    """Every level of the tree whose names must differ: (path, context, English names): the
    top level and each group's subcommands (command names), each command's options."""
    levels: list[tuple[str, str, list[str]]] = []

    def walk(path: str, nodes: list) -> None:
        levels.append((path or "/", NAME_CONTEXT, [n.name for n in nodes]))
        for node in nodes:
            if isinstance(node, app_commands.Command):
                levels.append((f"{path}/{node.name}", OPTION_CONTEXT, [p.name for p in node.parameters]))
            elif _children(node):
                walk(f"{path}/{node.name}", _children(node))

    walk("", list(commands))
    return levels


def clashing_names(tree: app_commands.CommandTree) -> set[tuple[str, str, str]]:
    """(lang, context, English name) of the names whose translation equals a sibling's: those
    keep English, since Discord refuses a level with two equal names."""
    clashes = set()
    for lang in LANGUAGES:
        for _path, context, names in name_levels(tree.get_commands()):
            seen: dict[str, str] = {}
            for english in names:
                local = localize(english, context, lang) or english
                if local in seen:
                    clashes.add((lang, context, english))
                seen.setdefault(local, english)
    return clashes


def extract_commands(fileobj, keywords, comment_tags, options):
    """A Babel extractor (locales/catalogs.py maps this file to it): the file's own texts, then
    every text of the slash commands as `term(context, text)` calls, so `python -m locales
    update` adds them with their contexts."""
    from babel.messages.extract import extract_python

    from bot.discord_ui.cogs import every_command

    yield from extract_python(fileobj, keywords, comment_tags, options)
    for context, text in command_texts(every_command()):
        yield 0, "term", (context, text), []
