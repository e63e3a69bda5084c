"""The language a board is drawn in: every label is a message id (engine.text.msg/term), and
the kit renders it with locales.tr in the language of the drawing under way, so a board's
modules pass message ids down and never choose the language themselves.

    with kit.language("de"):          # set by render_png/render_views/... (lang=None: English)
        kit.text(draw, xy, LABELS["key"], 20)          # drawn in German
        kit.say(LABELS["round"], round=3)              # "Runde 3": a str, for composing
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any

from engine.text import Msg
from locales import tr

# Per thread (the bot renders in a thread pool), like the records.
_LANG: ContextVar[str | None] = ContextVar("render_language", default=None)


@contextmanager
def language(lang: str | None) -> Iterator[None]:
    """Draw everything in this block in `lang` (None: English)."""
    token = _LANG.set(lang or None)
    try:
        yield
    finally:
        _LANG.reset(token)


def current_language() -> str | None:
    """The language of the drawing under way (None: English): cached layers with words key on it."""
    return _LANG.get()


def say(text: Any, /, **params: Any) -> str:
    """`text` (a Msg, with `params` added to its own, or a plain string formatted with them)
    in the drawing's language. A plural text (msg_n) takes its count from `n` when given."""
    if params:
        if isinstance(text, Msg):
            count = params.get("n", text.count) if text.plural is not None else text.count
            text = Msg(text.mid, {**text.params, **params}, plural=text.plural, count=count,
                       context=text.context)  # fmt: skip
        else:
            return str(text).format(**params)
    return tr(text, _LANG.get()) if isinstance(text, Msg) else str(text)


def per_language(maxsize: int | None = 8):
    """Cache a builder of drawn layers once per language (and arguments): it runs in the
    language of the first drawing that asks for it in that language."""

    def wrap(fn):
        @lru_cache(maxsize=maxsize)
        def cached(lang, *args):
            with language(lang):
                return fn(*args)

        @wraps(fn)
        def call(*args):
            return cached(_LANG.get(), *args)

        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return call

    return wrap
