"""Every command the docs by reader give works as written (issue 31 item 5): README.md,
docs/players.md, moderators.md, hosting.md and development.md.

- A slash command in code style (`/game new game:byzantium bots:2`, `/partita nuova`) names a
  command of the bot's tree, in English or in one of the languages Discord shows it in, with
  options that command has; a value the option offers as choices (`mode:channel|dm|both`) is one
  of them. `/game new`'s setup options quoted alone (`map:west|east|italy`) are options of
  `/game new` with those choices.
- A `python -m ...` or `python bench/...` command's subcommand and flags are the ones its
  `--help` lists (run once per command).
The typed answers of amounts are run through the engine by tests/test_readme_examples.py."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from test_i18n_commands import LOCALES, payloads, tree_with_every_command

from bot.discord_ui.translator import CatalogueTranslator

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["README.md", "docs/players.md", "docs/moderators.md", "docs/hosting.md", "docs/development.md"]
SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")


def doc_texts() -> dict[str, str]:
    return {name: (ROOT / name).read_text("utf-8") for name in DOCS if (ROOT / name).exists()}


def spans() -> list[tuple[str, str]]:
    """(document, text) of every inline code span of the docs."""
    return [(name, m[1]) for name, text in doc_texts().items() for m in SPAN.finditer(text)]


@cache
def commands() -> dict[tuple[str, ...], dict]:
    """{a command's name path in one language: {option name in that language: its choices (names
    and values, every language), or None}} for every leaf command of the tree, in every language."""
    async def build():
        tree = await tree_with_every_command()
        return await payloads(tree, CatalogueTranslator(tree))

    out: dict[tuple[str, ...], dict] = {}

    def names(entry: dict) -> dict[str, str]:
        localized = entry.get("name_localizations") or {}
        return {loc: localized.get(loc, entry["name"]) for loc in ("en", *LOCALES)}

    def choices(option: dict) -> set[str] | None:
        if not option.get("choices"):
            return None
        found = set()
        for choice in option["choices"]:
            found |= {str(choice["value"]), choice["name"], *(choice.get("name_localizations") or {}).values()}
        return found

    def walk(entry: dict, path: dict[str, list[str]]) -> None:
        path = {loc: path.get(loc, []) + [name] for loc, name in names(entry).items()}
        subs = [o for o in entry.get("options") or [] if o.get("type") in (1, 2)]
        for sub in subs:
            walk(sub, path)
        if not subs:
            for loc, parts in path.items():
                out[tuple(parts)] = {names(o)[loc]: choices(o) for o in entry.get("options") or []}

    for payload in asyncio.run(build()):
        walk(payload, {})
    return out


def slash_spans() -> list[tuple[str, str]]:
    return [(doc, text) for doc, text in spans() if text.startswith("/") and not text.startswith("//")
            and re.match(r"/\w", text) and "/" not in text[1:].split()[0]]


def problems_of(text: str) -> list[str]:
    """What is wrong with one slash command as written (nothing: [])."""
    words = text[1:].split(" ")
    known = commands()
    path = next((tuple(words[:n]) for n in range(len(words), 0, -1) if tuple(words[:n]) in known), None)
    if path is None:
        group = tuple(words)
        if any(key[:len(group)] == group for key in known):  # a group alone: `/stats`
            return []
        return [f"no command {text!r}"]
    options = known[path]
    wrong = []
    rest = " ".join(words[len(path):])
    # Tokens: `[name]`, `[name:value]`, `name:`, `name:value`; a value holding `=` is a typed
    # answer of amounts and runs to the end (`step:give:food=2 get:goods=1`).
    for token in re.findall(r"\[[^\]]*\]|\S+", rest):
        bare = token.strip("[]")
        name, sep, value = bare.partition(":")
        if name not in options:
            wrong.append(f"{text!r}: {path} has no option {name!r}")
            continue
        if "=" in value:
            break
        allowed = options[name]
        if allowed is None or not value or value.startswith("<"):
            continue
        wrong += [f"{text!r}: {name}:{v} is not one of its choices {sorted(allowed)}"
                  for v in value.split("|") if v not in allowed]
    return wrong


def test_the_docs_cite_many_slash_commands():
    assert len(slash_spans()) >= 60, len(slash_spans())


@pytest.mark.parametrize("doc,text", slash_spans())
def test_each_slash_command_of_the_docs_exists_with_those_options(doc, text):
    assert problems_of(text) == []


def test_a_command_or_option_that_does_not_exist_is_refused():
    assert problems_of("/game nuke")
    assert problems_of("/game new game:chess")
    assert problems_of("/mod games stale:4")
    assert problems_of("/settings ping mode:pigeon")
    assert problems_of("/stats") == [] and problems_of("/stat")
    assert problems_of("/partita nuova") == []
    assert problems_of("/byz rückzug ziel:") == []


def test_game_new_setup_options_quoted_alone_are_its_options_with_those_choices():
    new = commands()[("game", "new")]
    quoted = [(doc, text) for doc, text in spans() if re.fullmatch(r"\w+:[\w|]+", text)
              and text.split(":")[0] in new and new[text.split(":")[0]] is not None]
    assert {"map", "nations", "turn_order", "teams", "side", "opening"} <= {t.split(":")[0] for _, t in quoted}
    wrong = [f"{doc}: {text}" for doc, text in quoted
             for v in text.split(":")[1].split("|") if v not in new[text.split(":")[0]]]
    assert wrong == []


# `python -m engine play byzantium --players ...`, `python bench/e2e_load.py --profile`
SHELL = re.compile(r"(?:\.venv/bin/)?python3? (-m [\w.]+|bench/\w+\.py)((?: +[^\s`|&;]+)*)")


def shell_commands() -> list[tuple[str, str, tuple[str, ...]]]:
    """(document, program, its words) of every python command of the docs."""
    found = []
    for name, text in doc_texts().items():
        for m in SHELL.finditer(text):
            found.append((name, m[1], tuple(m[2].split())))
    return found


@cache
def help_of(program: str, sub: str | None) -> str:
    argv = [sys.executable, *program.split(), *([sub] if sub else []), "--help"]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{' '.join(argv[1:])}: {done.stderr[-500:]}"
    return done.stdout


ONE_HELP = {"-m locales"}
SUBCOMMANDS = {"-m engine": ("play", "selfplay", "replay", "fuzz"),
               "-m bot": ("backup", "check-db", "forget-server")}


def test_the_docs_give_the_python_commands_a_host_and_a_developer_need():
    given = {(program, words[0] if words and program in SUBCOMMANDS else None)
             for _, program, words in shell_commands()}
    assert {("-m bot", "backup"), ("-m bot", "check-db"), ("-m bot", "forget-server"),
            ("-m engine", "play")} <= given


@pytest.mark.parametrize("doc,program,words", sorted(set(shell_commands())))
def test_each_python_command_of_the_docs_takes_those_flags(doc, program, words):
    flags = [w.strip("[]").split("=")[0] for w in words if w.strip("[").startswith("--")]
    if program.startswith("bench/"):  # a bench runs on --help too (bench/suite.py runs pytest): read its source
        source = (ROOT / program).read_text("utf-8")
        assert [f for f in flags if f != "--" and f"\"{f}\"" not in source] == []
        return
    sub = words[0] if words and program in SUBCOMMANDS and not words[0].startswith("-") else None
    if sub is not None:
        assert sub in SUBCOMMANDS[program], f"{program} has no subcommand {sub}"
    shown = help_of(program, sub)
    if program in ONE_HELP and words:  # `python -m locales update`: its help lists every command
        assert re.search(rf"^- {re.escape(words[0])}\b", shown, re.M), f"{program} has no command {words[0]}"
    assert [f for f in flags if f not in shown] == []


# [text](path#anchor): a relative link of the docs, and the heading it points at.
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text("utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return {slug(m[1]) for m in re.finditer(r"^#+ (.+)$", text, re.M)}


def test_every_relative_link_of_the_docs_finds_its_file_and_heading():
    wrong, seen = [], 0
    for name, text in doc_texts().items():
        for target in LINK.findall(text):
            if re.match(r"\w+:", target):
                continue
            seen += 1
            file, _, anchor = target.partition("#")
            path = (ROOT / name).parent / file if file else ROOT / name
            if not path.exists():
                wrong.append(f"{name}: {target}: no such file")
            elif anchor and anchor not in anchors(path):
                wrong.append(f"{name}: {target}: no such heading")
    assert seen >= 30 and wrong == []


def test_the_readme_is_short_and_sends_each_reader_to_their_doc():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.split()) < 600
    for doc in ("docs/players.md", "docs/moderators.md", "docs/hosting.md", "docs/development.md"):
        assert f"]({doc})" in readme
    picture = re.search(r"!\[[^\]]*\]\((docs/render/[\w.]+\.png)\)", readme)
    assert picture and (ROOT / picture[1]).exists()


def test_the_files_the_docs_commands_read_exist():
    """`bash requirements/refresh`, `-r requirements/bot.lock`, `install -m 600 .env.example .env`."""
    named = set()
    for text in doc_texts().values():
        named |= set(re.findall(r"\bbash ([\w/.-]+)", text))
        named |= set(re.findall(r"-r ([\w/.-]+\.lock)", text))
        named |= set(re.findall(r"install -m 600 ([\w.]+) ", text))
    assert {"requirements/refresh", "requirements/bot.lock", "requirements/dev.lock", ".env.example"} <= named
    assert [name for name in named if not (ROOT / name).exists()] == []


def test_the_invite_link_asks_for_the_permissions_the_bot_checks_and_names_them():
    """hosting.md's invite link carries bot/discord_ui/permissions.py's INVITE_PERMISSIONS, and the
    sentence under it names each of them by Discord's name."""
    from bot.discord_ui.permissions import (
        INVITE_PERMISSIONS,
        NEEDED,
        NEEDED_FOR_BOARD_THREAD,
        NEEDED_IN_THREAD,
    )

    hosting = (ROOT / "docs" / "hosting.md").read_text("utf-8")
    link = re.search(r"discord\.com/oauth2/authorize\?client_id=APPLICATION_ID&scope=bot\+applications\.commands"
                     r"&permissions=(\d+)", hosting)
    assert link and int(link[1]) == INVITE_PERMISSIONS.value
    said = re.search(rf"`{link[1]}` = ([^.]+)\.", hosting)[1]
    assert {n.strip() for n in said.replace("\n", " ").split(",")} == {
        *NEEDED.values(), *NEEDED_IN_THREAD.values(), *NEEDED_FOR_BOARD_THREAD.values()}


def test_every_file_and_folder_the_docs_name_exists():
    """`bot/discord_ui/cogs/`, `engine/core.py`, `bench/suite.py`: a path named in the docs is in the
    repository (a file moved without its docs fails here); a bare file name (`turns.py`) names
    some file of it. Files the bot makes at run time (`./data/...`) and placeholders are left out."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    names = {Path(f).name for f in files}
    wrong, seen = [], 0
    for doc, text in spans():
        if not re.fullmatch(r"[\w./-]+", text) or text.startswith(("/", "./data", "data/", "backups/")):
            continue
        if "/" in text:
            seen += 1
            path = text.removeprefix("./")
            if not (ROOT / path).exists():
                wrong.append(f"{doc}: {text}")
        elif re.fullmatch(r"\w+\.(py|json|md|lock|toml|yaml)", text) and text not in ("FILE.json", "board.png"):
            seen += 1
            if text not in names:
                wrong.append(f"{doc}: {text}")
    assert seen >= 50 and wrong == []


def test_how_to_add_a_game_lists_the_files_every_shipped_game_has():
    """development.md's recipe is what the shipped games are: each has its package with a
    manifest, its drawing listed in render/__init__.py, its rules readings, and is imported by
    engine/games.py; the recipe names each of those places."""
    import render
    from engine.games import game_names

    recipe = (ROOT / "docs" / "development.md").read_text("utf-8").split("## How to add a game", 1)[1]
    for place in ("engine/<game>/", "engine/<game>/manifest.json", "render/<game>.py", "_RENDERERS",
                  "engine/games.py", "GAME_PLUGINS", "boardgame_bot.games", "docs/rules/<game>.md", "locales/"):
        assert place in recipe, place
    games_py = (ROOT / "engine" / "games.py").read_text("utf-8")
    shipped = [name for name in game_names() if (ROOT / "engine" / name).is_dir()]
    assert len(shipped) >= 3
    for name in shipped:
        assert (ROOT / "engine" / name / "manifest.json").exists(), name
        assert (ROOT / "render" / f"{name}.py").exists() and name in render.drawn_games(), name
        assert (ROOT / "docs" / "rules" / f"{name}.md").exists(), name
        assert re.search(rf"^\s+{name},", games_py, re.M), name
