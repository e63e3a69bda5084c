"""The pseudo-language: every text that went through a catalogue comes out wrapped in ⟦ ⟧ with
its letters accented, so a test reading what players see finds any text that was NOT
translated (it has no brackets) and any layout that breaks on longer words (it is longer)."""

from __future__ import annotations

import gettext
import re

_ACCENTS = str.maketrans("aeiouAEIOUcnsyzCNSYZ", "åëïöüÅËÏÖÜçñšýžÇÑŠÝŽ")
_FIELD = re.compile(r"(\{\w+\})")
OPEN, CLOSE = "⟦", "⟧"


def pseudo(template: str) -> str:
    """Accent the words of a template (not its {fields}) and wrap it."""
    parts = _FIELD.split(template)
    return OPEN + "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTS) for p in parts) + CLOSE


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


def unwrapped(text: str, allowed: tuple[str, ...] = ()) -> str:
    """What of `text` lies outside every ⟦ ⟧ pair, with the `allowed` strings (player names,
    numbers the caller knows about) and punctuation, digits and spaces removed: the
    untranslated remainder, "" when everything was translated."""
    depth, outside = 0, []
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            outside.append(char)
    rest = "".join(outside)
    for word in sorted(allowed, key=len, reverse=True):
        rest = rest.replace(word, " ")
    return "".join(ch for ch in rest if ch.isalpha())
