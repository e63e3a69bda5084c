"""Italian prepositions before a field. A translation's template is fixed ("Muovi a {space}.")
but the word that fills it is not, so the preposition takes its form from that word when the
text is rendered, as the Italian rulebooks write it:

- "a" before a vowel is "ad": "ad Alessandria", "ad Ankara", "ad Efeso" (Byzantium, 000: "ad
  Ankara", "ad Atene"; Alexander, 003: "ad Ephesus", "ad Issus", "ad Aradus");
- "e" before an "e" is "ed": "Tiro ed Edessa" (003: "ed Egitto"; 004: "ed Eserciti");
- "di" before a name that begins with its own article is "de": "il controllo de La Mecca"
  (000, which also keeps the name whole after the others: "su La Mecca");
- "a", "da", "di", "in", "su" before a word that begins with an ordinary article (lower case)
  join it: "Da {box}" with "il riquadro Elite Bizantino" is "Dal riquadro Elite Bizantino", "{n}
  cubi in {box}" is "2 cubi nel riquadro..." (issue 28: "nel il riquadro", "Dal il riquadro").

Only the seam between a template's text and a field changes: what the translator wrote stays as
written, and the catalogue keeps plain templates (so `locales check` sees none of this).
engine.text.render asks `seam_at` once per template and `seam` at the fields where it said yes.
"""

from __future__ import annotations

import gettext
import re

VOWELS = frozenset("AEIOUÀÈÉÌÒÙaeiouàèéìòù")
E_SOUNDS = frozenset("EÈÉeèé")
MARKS = "*_«\""  # markdown and quotes that may stand between the preposition and the name
# The last word of a template's text before a field (and any marks after it).
TAIL = re.compile(r"(?:^|(?<=[\s(]))(a|e|di|da|in|su)( [*_«\"]*)$", re.IGNORECASE)
NAMED_ARTICLE = re.compile(r"(?:(?:Il|Lo|La|I|Gli|Le) |L')")
ARTICLE = re.compile(r"(?:(il|lo|la|i|gli|le) |(l)')")  # an ordinary article, joined to the preposition
JOINED = {"a": "a", "da": "da", "di": "de", "in": "ne", "su": "su"}  # "de" + "l" = "del", "ne" + "lla" = "nella"


def seam_at(piece: str) -> tuple[str, str, str] | None:
    """What a template's text just before a field ends with, when that is a preposition whose
    form depends on the field's value: (the text before it, the preposition, any marks after it)."""
    found = TAIL.search(piece)
    return None if found is None else (piece[:found.start()], found.group(1), found.group(2))


def seam(tail: tuple[str, str, str], value: str) -> tuple[str, str] | None:
    """The template's text before a field (as `seam_at` read it) and the field's `value`, with the
    preposition fitted to the value; None when nothing changes."""
    head, word, marks = tail
    article = ARTICLE.match(value) if word.lower() in JOINED and not marks.strip() else None
    if article is not None:
        return head + _joined(word, article.group(1) or "l'") + " " * (article.group(2) is None), \
            value[article.end():]
    if word.lower() in ("da", "in", "su"):
        return None
    name = value.lstrip(MARKS) if value[:1] in MARKS else value
    first = name[:1]
    if word in "aA":
        return (head + word + "d" + marks, value) if first in VOWELS else None
    if word in "eE":
        return (head + word + "d" + marks, value) if first in E_SOUNDS else None
    if first and NAMED_ARTICLE.match(name):  # "di"
        return head + word[0] + "e" + marks, value
    return None


def _joined(word: str, article: str) -> str:
    """A preposition joined with an article: a + il = al, di + la = della, in + i = nei, su + l' = sull'."""
    base = JOINED[word.lower()]
    if word[0].isupper():
        base = base.capitalize()
    if article == "il":
        return base + "l"
    if article in ("i", "gli"):
        return base + article
    return base + "l" + article  # lo, la, le, l'


class ItalianTranslations(gettext.GNUTranslations):
    """The Italian catalogue, with its prepositions fitted to the word that follows."""

    def __init__(self, fp=None):
        self.seams: dict[str, dict] = {}  # template -> its fields with a seam (engine.text)
        super().__init__(fp)

    seam_at = staticmethod(seam_at)
    seam = staticmethod(seam)
