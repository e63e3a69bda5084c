"""Player-facing text as data: a message id with parameters, rendered in a language by the caller.

The engine never decides the language. Every prompt, option label and event it produces is a
`Msg`: the English template (which is also the gettext message id) plus named parameters. As a
`str` a Msg *is* its English rendering, so code and tests that only need English treat it as a
string; `render(text, translations)` gives it in any language from a gettext catalogue.

- `msg("{player} takes {city}.", player=name, city=term("city", "Damascus"))`
- `msg_n("{n} cube", "{n} cubes", n)` for plurals (Polish has three forms; gettext knows them).
- `term(context, name)` for a game term or a place name, translated with its context
  (pgettext), so "Constantinople" can be "Costantinopoli" and "Konstantinopel".
- `listing([a, b, c])` for "a, b and c" in each language.
- `layout("{mark} {event}", ...)` and `lines([...])` arrange texts without words of their own.
Parameters may be numbers, plain strings (player names: never translated) or other Msgs
(rendered in the same language). Never build a sentence by concatenating pieces: word order
differs between languages. `to_data`/`from_data` turn a Msg into JSON and back, for storage.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Protocol

_FIELD = re.compile(r"\{(\w+)\}")


class Translations(Protocol):
    """What `render` needs of a catalogue: gettext.GNUTranslations and NullTranslations fit."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


class Msg(str):
    """A player-facing text. Build it with msg(), msg_n() or term(), not directly."""

    mid: str
    params: dict[str, Any]
    plural: str | None
    count: int | None
    context: str | None
    layout: bool  # a layout() template: shown as it is, never looked up in a catalogue

    def __new__(cls, mid: str, params: dict[str, Any] | None = None, *, plural: str | None = None,
                count: int | None = None, context: str | None = None, layout: bool = False) -> Msg:
        params = dict(params or {})
        if plural is not None:
            params.setdefault("n", count)
        template = plural if plural is not None and count != 1 else mid
        self = super().__new__(cls, _fill(template, params, str))
        self.mid, self.params, self.plural, self.count, self.context = mid, params, plural, count, context
        self.layout = layout
        return self

    def __reduce__(self):  # pickling (the render pool sends events to worker processes)
        return (_rebuild, (self.mid, self.params, self.plural, self.count, self.context, self.layout))

    def __repr__(self) -> str:
        return f"Msg({str.__repr__(self)})"


def _rebuild(mid, params, plural, count, context, layout=False) -> Msg:
    return Msg(mid, params, plural=plural, count=count, context=context, layout=layout)


def msg(message_id: str, /, **params: Any) -> Msg:
    """A sentence or phrase; `message_id` is its English text with {named} fields."""
    return Msg(message_id, params)


def msg_n(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A text whose form depends on the number `n` (also available to it as {n})."""
    return Msg(singular, params, plural=plural, count=n)


def term(context: str, name: str) -> Msg:
    """A game term or place name, translated with its context ("city", "resource" ...)."""
    return Msg(name, context=context)


def layout(template: str, /, **params: Any) -> Msg:
    """Texts arranged without words of its own: `template` holds only {fields}, punctuation,
    spaces, marks and emoji ("{mark} {event}", "{head}\n{tail}"), so it is never translated;
    its parameters are, in the reader's language. A test checks that no template has letters."""
    return Msg(template, params, layout=True)


def joined(texts: list, separator: str) -> Msg:
    """Texts with a separator between them (", ", " · ": no letters), each in the reader's language."""
    if any(ch.isalpha() for ch in separator):
        raise ValueError(f"a separator has no words to translate: {separator!r}")
    texts = list(texts)
    return Msg(separator.join(f"{{l{i}}}" for i in range(len(texts))), {f"l{i}": t for i, t in enumerate(texts)},
               layout=True)


def lines(texts: list) -> Msg:
    """Texts one per line, each in the reader's language."""
    return joined(texts, "\n")


def listing(items: list) -> Msg:
    """'a', 'a and b', 'a, b and c' ... in the reader's language."""
    items = list(items)
    if not items:
        return msg("nothing")
    if len(items) == 1:
        return items[0] if isinstance(items[0], Msg) else msg("{item}", item=items[0])
    head: Any = items[0]
    for item in items[1:-1]:
        head = msg("{head}, {item}", head=head, item=item)
    return msg("{head} and {last}", head=head, last=items[-1])


def render(text: Any, translations: Translations | None = None) -> str:
    """`text` in the catalogue's language (None: English). Plain strings are shown as they are."""
    if not isinstance(text, Msg):
        return str(text)
    if translations is None:
        return str(text)
    if text.layout:
        template = text.mid
    elif text.plural is not None:
        template = (translations.npgettext(text.context, text.mid, text.plural, text.count) if text.context
                    else translations.ngettext(text.mid, text.plural, text.count))
    else:
        # A catalogue never changes once loaded: its lookups are kept beside it (issue 17's speed).
        found = getattr(translations, "_looked_up", None)
        if found is None:
            found = {}
            try:
                translations._looked_up = found
            except AttributeError:  # a catalogue that takes no attributes: looked up every time
                pass
        template = found.get((text.context, text.mid))
        if template is None:
            template = (translations.pgettext(text.context, text.mid) if text.context
                        else translations.gettext(text.mid))
            found[(text.context, text.mid)] = template
    if not text.params:
        return _fill(template, text.params, str)
    show = lambda value: render(value, translations)  # noqa: E731
    # A language whose words before a field change with its value keeps `seams` on its catalogue
    # (an instance attribute: read from __dict__, since a missed getattr costs an exception).
    seams = getattr(translations, "__dict__", _NONE).get("seams")
    if seams is not None:
        points = seams.get(template)
        if points is None:
            points = seams[template] = _seam_points(template, translations.seam_at)
        if points:
            return _fill_seamed(template, text.params, show, points, translations.seam)
    return _fill(template, text.params, show)


_NONE: dict = {}


def _fill(template: str, params: dict[str, Any], show) -> str:
    # Only plain {name} fields: a catalogue can never reach attributes or format specs.
    pieces = _pieces(template)
    if len(pieces) == 1 and isinstance(pieces[0], str):
        return pieces[0]
    return "".join(p if isinstance(p, str) else (show(params[p[0]]) if p[0] in params else "{" + p[0] + "}")
                   for p in pieces)


def _seam_points(template: str, seam_at) -> dict[int, Any]:
    """The fields of `template` whose preceding text a language changes with the field's value
    (Italian "a {space}": "ad Alessandria"; locales/italian.py), each with what `seam_at` read
    in that text; usually none. The catalogue keeps the answer per template (its `seams`), so a
    render asks a dictionary."""
    pieces = _pieces(template)
    points = {}
    for i in range(1, len(pieces)):
        if isinstance(pieces[i], tuple) and isinstance(pieces[i - 1], str):
            found = seam_at(pieces[i - 1])
            if found is not None:
                points[i] = found
    return points


def _fill_seamed(template: str, params: dict[str, Any], show, points: dict[int, Any], seam) -> str:
    """_fill, where the text before each field in `points` may change with its value:
    `seam(what seam_at read, value)` gives that text and the value back fitted to each other
    (None: as they are)."""
    out: list[str] = []
    for i, piece in enumerate(_pieces(template)):
        if piece.__class__ is str:
            out.append(piece)
            continue
        name = piece[0]
        if name not in params:
            out.append("{" + name + "}")
            continue
        value = show(params[name])
        tail = points.get(i)
        if tail is not None:
            fitted = seam(tail, value)
            if fitted is not None:
                out[-1], value = fitted
        out.append(value)
    return "".join(out)


@lru_cache(maxsize=8192)
def _pieces(template: str) -> tuple:
    """A template split once into its text (str) and its fields ((name,)): rendering a prompt's
    dozens of labels costs a join, not a regex pass each (issue 17's budget: under 0.1 ms)."""
    out: list = []
    at = 0
    for match in _FIELD.finditer(template):
        if match.start() > at:
            out.append(template[at:match.start()])
        out.append((match.group(1),))
        at = match.end()
    if at < len(template) or not out:
        out.append(template[at:])
    return tuple(out)


# -- storage ------------------------------------------------------------------------------------

def to_data(text: Any) -> Any:
    """A JSON-able form of a text (a plain string stays a string)."""
    if not isinstance(text, Msg):
        return text if isinstance(text, (str, int, float, bool)) or text is None else str(text)
    data: dict[str, Any] = {"m": text.mid}
    params = {k: to_data(v) for k, v in text.params.items() if not (text.plural is not None and k == "n")}
    if params:
        data["p"] = params
    if text.plural is not None:
        data["pl"], data["n"] = text.plural, text.count
    if text.context:
        data["c"] = text.context
    if text.layout:
        data["l"] = 1
    return data


def from_data(data: Any) -> Any:
    """The inverse of `to_data`; anything that is not a stored Msg comes back as it is."""
    if not (isinstance(data, dict) and isinstance(data.get("m"), str)):
        return data
    params = {k: from_data(v) for k, v in (data.get("p") or {}).items()}
    return Msg(data["m"], params, plural=data.get("pl"), count=data.get("n"), context=data.get("c"),
               layout=bool(data.get("l")))
