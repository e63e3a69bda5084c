"""Text: drawing it outlined (glyph masks cached), measuring it, shrinking and wrapping it to
fit."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.kit.assets import font
from render.kit.colours import INK, RGB, Point
from render.kit.language import say
from render.kit.records import _RECORDS, TextMark


@cache
def cap_height(size: int) -> int:
    """Height in px of a capital letter at `size`: how tall text looks (digits are as tall)."""
    left, top, right, bottom = font(size).getbbox("H")
    return bottom - top


@lru_cache(maxsize=4096)
def _text_masks(content: str, size: int, stroke: int, anchor: str):
    """The glyph mask and the outline mask of a string, and their offset from the anchor point.
    Cached because boards redraw the same numerals, letters and captions on every render, and
    rasterising text is the slowest part of drawing."""
    face = font(size)
    if not stroke:
        # Laid out and rasterised once, straight into its mask: what drawing it at (-left, -top)
        # on an image of its box gave, without the box measured first (issue 30: a close-up's
        # strip writes new strings at every choice). tests/test_render_kit.py compares them.
        core, (left, top) = face.getmask2(content, mode="L", anchor=anchor)
        if core.size[0] and core.size[1]:
            return Image.Image()._new(core), None, (left, top)
    left, top, right, bottom = face.getbbox(content, anchor=anchor, stroke_width=stroke)
    box_size = (max(1, right - left), max(1, bottom - top))
    fill = Image.new("L", box_size, 0)
    ImageDraw.Draw(fill).text((-left, -top), content, font=face, fill=255, anchor=anchor)
    outline = None
    if stroke:
        outline = Image.new("L", box_size, 0)
        ImageDraw.Draw(outline).text(
            (-left, -top), content, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
        )
    return fill, outline, (left, top)


def text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    content: str,
    size: int,
    fill: RGB = INK,
    *,
    outline: RGB | None = None,
    stroke: int = 0,
    anchor: str = "la",
    means: tuple = (),
) -> None:
    """Draw text at `xy` (a Pillow anchor, e.g. "mm" centred), optionally with a contrasting
    outline `stroke` px wide (what keeps labels readable over the map). `means`: what a number
    stands for (records.TextMark), for the tests that check boards against the engine."""
    content = say(content)  # a message id is drawn in the drawing's language
    if not content:
        return
    if outline is None:
        stroke = 0
    elif stroke == 0:
        stroke = max(2, size // 9)
    mask, outline_mask, (dx, dy) = _text_masks(content, size, stroke, anchor)
    at = (round(xy[0] + dx), round(xy[1] + dy))
    records = _RECORDS.get()
    if records:
        placed = TextMark(content, size, (at[0], at[1], at[0] + mask.size[0], at[1] + mask.size[1]), means)
        for record in records:
            record.texts.append(placed)
    if outline_mask is not None:
        draw.bitmap(at, outline_mask, fill=outline)
    draw.bitmap(at, mask, fill=fill)


def text_width(content: str, size: int) -> float:
    return _width(say(content), size)


@lru_cache(maxsize=4096)
def _width(content: str, size: int) -> float:
    return font(size).getlength(content)


def fit_text(content: str, size: int, width: float, min_size: int = 12) -> tuple[str, int]:
    """Shrink `content` to fit `width`, then cut it with an ellipsis if even the smallest size
    does not fit (player names and prompts are of any length)."""
    content = say(content)
    while size > min_size and text_width(content, size) > width:
        size -= 1
    if text_width(content, size) <= width:
        return content, size
    # The longest start of it that fits with the ellipsis: found by halving (a long prompt cut
    # one letter at a time measured it a hundred times and more, 2 ms a close-up: issue 30).
    fits, over = 0, len(content)  # content[:fits] + "…" fits (or fits is 0); content[:over] does not
    while over - fits > 1:
        middle = (fits + over) // 2
        if text_width(content[:middle] + "…", size) <= width:
            fits = middle
        else:
            over = middle
    return content[:fits] + "…", size


# How far the packaged font's kerning between a glyph and a space after it may move what follows
# (px): none in DejaVu Sans Condensed Bold (tests/test_render_wrap.py measures every glyph of every
# catalogue). A line's width is then its words' widths added up, known to within this per space.
KERN_ROOM = 1.0


def wrap(content: str, size: int, width: float) -> list[str]:
    """`content` broken into lines no wider than `width` at `size`, at spaces (a word wider
    than a line gets a line of its own, cut later by the caller's fitting).

    A line grows by a word while it fits, as measured whole; the measure is taken only when the
    words' own widths (each kept, " word" with its space) leave it in doubt (issue 30: measuring
    every longer line of every narration was a tenth of the bot's time at the interpreter)."""
    lines: list[str] = []
    line = ""
    low = high = 0.0  # what the width of `line` may be
    for word in say(content).split():
        if not line:
            line = word
            low = high = _width(word, size)
            continue
        more = _width(" " + word, size)
        candidate = f"{line} {word}"
        if high + more + KERN_ROOM <= width:  # fits, however the space kerns
            line = candidate
            low, high = low + more - KERN_ROOM, high + more + KERN_ROOM
            continue
        if low + more - KERN_ROOM <= width:  # in doubt: measured whole
            exact = _width(candidate, size)
            if exact <= width:
                line = candidate
                low = high = exact
                continue
        lines.append(line)
        line = word
        low = high = _width(word, size)
    if line:
        lines.append(line)
    return lines
