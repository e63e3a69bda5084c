"""The translations of every player-facing text: gettext catalogues per language, and the
functions that render engine `Msg`s (and the bot's own texts) in a reader's language.

Catalogues live in locales/<lang>/LC_MESSAGES/messages.po (edited by translators) and .mo
(compiled, shipped with the package); `python -m locales` extracts, updates, compiles and
checks them with Babel (see docs/i18n.md). English is the source language: its text *is*
the message id, so it needs no catalogue.
"""

from __future__ import annotations

import gettext
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from engine.text import render

HERE = Path(__file__).resolve().parent
DOMAIN = "messages"
SOURCE = "en"
# The languages players can choose, with their names in their own language.
LANGUAGES = {"en": "English", "it": "Italiano", "de": "Deutsch", "pl": "Polski"}
PSEUDO = "qps"  # a test language: every translated text wrapped and accented (see pseudo.py)
# The gettext contexts of slash command and option names: a translation of one must be a name
# Discord takes (`valid_command_name`), which `python -m locales check` verifies.
NAME_CONTEXT = "command name"
OPTION_CONTEXT = "command option"
COMMAND_NAME_LIMIT = 32


def valid_command_name(name: str) -> bool:
    """Discord's rule for command and option names: `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`
    (letters and digits of any script, - and _; Devanagari and Thai marks too, which our
    languages never need), lowercase where the script has case."""
    return (1 <= len(name) <= COMMAND_NAME_LIMIT and name == name.lower()
            and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name))


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of `lang` (English, or a language without a catalogue: the source text)."""
    if lang == PSEUDO:
        from locales.pseudo import PseudoTranslations

        return PseudoTranslations()
    if lang == SOURCE or lang not in LANGUAGES:
        return gettext.NullTranslations()
    path = HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        if lang == "it":  # prepositions that change with the word after them ("ad Alessandria")
            from locales.italian import ItalianTranslations

            return ItalianTranslations(handle)
        return gettext.GNUTranslations(handle)


def tr(text: Any, lang: str | None) -> str:
    """`text` (a Msg, or a plain string shown as it is) in `lang` (None: English)."""
    return render(text, translations(lang or SOURCE))


def language_of(locale: str | None, default: str = SOURCE) -> str:
    """One of LANGUAGES for a Discord locale ("it", "de", "pl", "en-US", "pt-BR" ...)."""
    if not locale:
        return default
    base = str(locale).replace("_", "-").split("-")[0].lower()
    if base == PSEUDO:
        return PSEUDO
    return base if base in LANGUAGES else default
