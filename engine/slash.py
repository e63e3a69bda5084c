"""Citing a slash command in a text: `slash("game new")` is `/game new` to an English reader,
`/partita nuova` to an Italian one, `/spiel neu` and `/gra nowa` in German and Polish (issue 17).

A citation is a layout of the command's own names, each a term of the context Discord's
translator reads (bot/discord_ui/translator.py; the games' shortcuts are declared in their
manifests), so it renders, in whatever language
`locales.tr` is asked for, exactly the name the reader's Discord client offers. No message id
holds a command's name: `msg("Start one with {command}.", command=slash("game new"))`.

Why not Discord's clickable mention `</game new:ID>`: the client shows the name written in it,
the command's default (English) name, to every reader, and a mention with a localized name does
nothing when clicked (discord-api-docs issues 5518, 5632, 7309). docs/i18n.md, "Citing commands".

tests/test_i18n_command_citations.py checks every `slash(...)` call against the command tree and
every rendering against the names the tree registers in each language.
"""

from __future__ import annotations

from typing import Any

from engine.text import Msg, joined, layout, term

# The term() calls below write out the contexts of command and option names
# (locales.NAME_CONTEXT, OPTION_CONTEXT), so that they stay literals for the extraction.


def slash(path: str, /, **options: Any) -> Msg:
    """`/path opt:value ...` in the reader's language, in code style. `path` is the English
    command path ("game orders"); each option's value is shown after its name as given (a plain
    string stays as typed, "" leaves it blank for the reader to fill, a Msg is translated)."""
    names = path.split()
    if not names:
        raise ValueError("a command citation names a command")
    parts = [term("command name", name) for name in names]
    parts += [layout("{option}:{value}", option=term("command option", option), value=value)
              for option, value in options.items()]
    return layout("`/{command}`", command=joined(parts, " "))
