"""What Discord checks in a slash command it is asked to register, localizations included
(API v10, "Application Commands"): a name or localized name matches
`^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$` and is lowercase where the script has case;
descriptions and choice names are 1-100 characters; the names of one level (the commands, a
group's subcommands, a command's options) differ in every locale, as each member sees them."""

from __future__ import annotations

import unicodedata
from typing import Any

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def valid_name(name: str) -> bool:
    # \p{L} and \p{N}: Unicode letters and numbers of any script (Devanagari and Thai marks, which
    # Discord also allows, do not occur in our languages).
    return (1 <= len(name) <= 32 and name == name.lower()
            and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name))


def problems(commands: list[dict[str, Any]]) -> list[str]:
    """Everything Discord would refuse in these top-level slash command payloads (one scope)."""
    found = level_problems("/", commands)
    for command in commands:
        found += command_problems(command)
    return found


def command_problems(command: dict[str, Any]) -> list[str]:
    """What Discord would refuse in one slash command's payload: its names, localized names,
    descriptions and choices at every level below it."""
    path = f"/{command.get('name')}"
    found = _name_problems(path, command)
    texts = [("description", command.get("description") or "")]
    texts += [(f"description [{loc}]", t) for loc, t in (command.get("description_localizations") or {}).items()]
    found += [f"{path}: {what} must be 1-100 characters: {t!r}" for what, t in texts if not 1 <= len(t) <= 100]
    options = command.get("options") or []
    for option in options:
        for choice in option.get("choices") or []:
            names = [("default", choice.get("name", ""))] + list((choice.get("name_localizations") or {}).items())
            found += [f"{path} {option.get('name')}: choice name [{loc}] must be 1-100 characters"
                      for loc, t in names if not 1 <= len(t) <= 100]
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            found += [p.replace("/", f"{path} ", 1) for p in command_problems(option)]
        else:
            found += _name_problems(f"{path} {option.get('name')}", option)
            texts = [option.get("description") or ""] + list((option.get("description_localizations") or {}).values())
            found += [f"{path} {option.get('name')}: description must be 1-100 characters: {t!r}"
                      for t in texts if not 1 <= len(t) <= 100]
    return found + level_problems(path, options)


def level_problems(path: str, entries: list[dict[str, Any]]) -> list[str]:
    """One level's names (the commands, a group's subcommands, a command's options) all differ,
    in every locale (a locale without a localization shows the default name)."""
    found = []
    for loc in sorted({"default"} | {loc for e in entries for loc in (e.get("name_localizations") or {})}):
        shown = [(e.get("name_localizations") or {}).get(loc, e.get("name")) for e in entries]
        if len(set(shown)) != len(shown):
            found.append(f"{path}: two equal names [{loc}] in {shown}")
    return found


def _name_problems(path: str, entry: dict[str, Any]) -> list[str]:
    names = [("default", entry.get("name", ""))] + list((entry.get("name_localizations") or {}).items())
    return [f"{path}: invalid name [{loc}] {name!r}" for loc, name in names if not valid_name(str(name))]
