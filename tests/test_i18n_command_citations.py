"""Texts cite slash commands as their reader's Discord shows them (issue 17): `slash("game new")`
renders `/partita nuova` for an Italian reader, from the same catalogue entries the command tree
registers with Discord, and no message names a command by hand (engine/slash.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from test_i18n_commands import LOCALES, payloads, tree_with_every_command

from bot.discord_ui.translator import CatalogueTranslator
from bot.service.past.history import NO_GAME
from bot.service.slash import slash
from bot.service.text import help_text
from engine.text import msg
from locales import catalogs, tr

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "engine", "render", "locales")


def citations_in_sources() -> list[tuple[str, int, object, list[str]]]:
    """(file, line, the path argument, the option names) of every `slash(...)` call."""
    found = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "slash":
                    first = node.args[0] if node.args else None
                    literal = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
                    found.append((str(path.relative_to(ROOT)), node.lineno, literal, [k.arg for k in node.keywords]))
    return found


async def shown_tree() -> dict[str, dict[str, object]]:
    """{English command path: {locale: its name path as a member of that locale sees it,
    "options": {English option: {locale: name}}}} from the payloads Discord registers."""
    tree = await tree_with_every_command()
    out: dict[str, dict] = {}

    def walk(entry: dict, english: list[str], local: dict[str, list[str]]) -> None:
        english = english + [entry["name"]]
        names = entry.get("name_localizations") or {}
        local = {loc: local.get(loc, []) + [names.get(loc, entry["name"])] for loc in ("en", *LOCALES)}
        subs = [o for o in entry.get("options") or [] if o.get("type") in (1, 2)]
        if subs:
            for sub in subs:
                walk(sub, english, local)
            return
        options = {o["name"]: {loc: (o.get("name_localizations") or {}).get(loc, o["name"])
                               for loc in ("en", *LOCALES)} for o in entry.get("options") or []}
        out[" ".join(english)] = {loc: " ".join(parts) for loc, parts in local.items()} | {"options": options}

    for payload in await payloads(tree, CatalogueTranslator(tree)):
        walk(payload, [], {})
    return out


def test_every_citation_in_the_sources_names_a_command_and_options_of_the_tree():
    cited = citations_in_sources()
    assert len(cited) >= 25  # the help texts, refusals and hints that send members to a command
    import asyncio

    tree = asyncio.run(shown_tree())
    wrong = []
    for where, line, path, options in cited:
        if path is None:
            wrong.append(f"{where}:{line}: the command path must be a string literal")
        elif path not in tree:
            wrong.append(f"{where}:{line}: no command /{path}")
        else:
            wrong += [f"{where}:{line}: /{path} has no option {o!r}" for o in options if o not in tree[path]["options"]]
    assert wrong == []


@pytest.mark.parametrize("lang", ["en", *LOCALES])
async def test_a_citation_renders_the_names_the_tree_registers_in_each_language(lang):
    tree = await shown_tree()
    for path, shown in tree.items():
        assert tr(slash(path), lang) == f"`/{shown[lang]}`"
        for option, names in shown["options"].items():
            assert tr(slash(path, **{option: "x"}), lang) == f"`/{shown[lang]} {names[lang]}:x`"


def test_a_member_reads_the_command_in_their_own_language():
    assert tr(NO_GAME, "en") == "There is no game in this channel yet. Start one with `/game new`."
    assert "`/partita nuova`" in tr(NO_GAME, "it")
    assert "`/spiel neu`" in tr(NO_GAME, "de")
    assert "`/gra nowa`" in tr(NO_GAME, "pl")
    helped = tr(help_text("Byzantium", None, None), "de")
    assert "`/spiel stand`" in helped and "`/einstellungen benachrichtigung`" in helped
    assert "`/spiel meine`" in helped and "`/einstellungen abwesend bis:`" in helped
    assert "`/game" not in helped
    # An option's value is shown as given; a Msg value is translated with the rest.
    cited = slash("game orders", setting="order:intercept")
    assert tr(cited, "it") == "`/partita ordini impostazione:order:intercept`"
    assert tr(slash("settings language", language=msg("Default: the server's language")), "en") == \
        "`/settings language language:Default: the server's language`"


def test_no_message_names_a_command_by_hand():
    """Every id and every translation cites commands through `slash()`: a `/game ...` written
    into a text would not follow the reader's language nor a renamed command."""
    import asyncio

    tree = asyncio.run(shown_tree())
    tops = {shown[loc].split()[0] for shown in tree.values() for loc in ("en", *LOCALES)}
    by_hand = re.compile(r"`/\w|(?<![\w/<.:-])/(" + "|".join(sorted(map(re.escape, tops))) + r")\b")
    found = []
    for message in catalogs.template():
        for text in catalogs._source_forms(message) if message.id else ():
            if by_hand.search(text):
                found.append(f"id: {text}")
    for lang in catalogs.TARGETS:
        for message in catalogs.read(lang):
            for text in catalogs._forms(message) if message.id else ():
                if text and by_hand.search(text):
                    found.append(f"[{lang}] {text}")
    assert found == []


def test_the_docs_list_the_names_players_see_as_the_tree_registers_them():
    import asyncio

    tree = asyncio.run(shown_tree())
    documented = {}
    for row in (ROOT / "docs" / "i18n.md").read_text("utf-8").splitlines():
        cells = [c.strip().strip("`") for c in row.strip("|").split("|")]
        if row.startswith("| `/") and len(cells) == 4:
            documented[cells[0].lstrip("/")] = cells
    assert documented == {path: [f"/{shown[loc]}" for loc in ("en", *LOCALES)] for path, shown in tree.items()}
