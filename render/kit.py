"""The shared drawing kit: fonts, player colours and letters, outlined text, tokens, badges,
panels, legends, patterned lines and PNG encoding. Every game's board is built from these,
so all boards read alike and each game module only says where things go.

Everything here draws on an RGB Pillow image and is deterministic: the same calls give the
same pixels (one packaged font, no system fonts, no randomness).
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Point = tuple[float, float]

INK: RGB = (28, 28, 32)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (250, 246, 236)
FAINT: RGB = (200, 194, 180)
HIGHLIGHT: RGB = (255, 140, 0)

# The four colours of the box, in seat order; each player is also given a letter (below) so
# the board reads without telling the colours apart.
PLAYER_COLOURS: dict[str, RGB] = {
    "red": (210, 38, 38),
    "yellow": (246, 200, 24),
    "blue": (36, 96, 214),
    "green": (32, 150, 72),
}
SEAT_COLOURS = ("red", "yellow", "blue", "green")

FONT_FILE = "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The packaged bold font at `size` px, loaded once (no system fonts: output must not
    depend on the machine)."""
    data = resources.files("render").joinpath("assets", FONT_FILE).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


@cache
def asset_image(name: str) -> Image.Image:
    """A packaged image, decoded once and kept (callers must copy before drawing on it)."""
    with resources.files("render").joinpath("assets", name).open("rb") as handle:
        image = Image.open(handle)
        image.load()
    return image


@dataclass(frozen=True)
class TextMark:
    """One piece of text as drawn: what, at which font size, and its box on the image."""

    content: str
    size: int
    box: tuple[float, float, float, float]


@dataclass
class Drawn:
    """What a drawing put on an image, recorded while `recording()` is active: every text (to
    measure the smallest and check none is cut) and the kind of every mark (to check the key
    explains each)."""

    texts: list[TextMark]
    marks: set[str]

    def extend(self, other: Drawn) -> None:
        self.texts.extend(other.texts)
        self.marks |= other.marks


# Per thread (the bot renders in a thread pool): the records being filled, innermost last.
_RECORDS: ContextVar[tuple[Drawn, ...]] = ContextVar("render_records", default=())


@contextmanager
def recording() -> Iterator[Drawn]:
    """Record every text and mark drawn in this block (and in the blocks it calls)."""
    record = Drawn([], set())
    token = _RECORDS.set(_RECORDS.get() + (record,))
    try:
        yield record
    finally:
        _RECORDS.reset(token)


def recording_active() -> bool:
    return bool(_RECORDS.get())


def public_prompt(decision) -> str:
    """What everyone may read of a decision: its prompt, or for a private one only its public
    prompt (boards and the chat's strip are public)."""
    if getattr(decision, "private", False):
        return str(getattr(decision, "public_prompt", "") or "")
    return str(getattr(decision, "prompt", "") or "")


def mark(kind: str) -> None:
    """Note that a mark of `kind` (a key of the game's key table) was drawn."""
    for record in _RECORDS.get():
        record.marks.add(kind)


def replay(drawn: Drawn) -> None:
    """Count a cached layer's texts and marks as drawn again (it is pasted, not redrawn)."""
    for record in _RECORDS.get():
        record.extend(drawn)


@cache
def cap_height(size: int) -> int:
    """Height in px of a capital letter at `size`: how tall text looks (digits are as tall)."""
    left, top, right, bottom = font(size).getbbox("H")
    return bottom - top


def player_colour(name: str) -> RGB:
    return PLAYER_COLOURS.get(name, (120, 120, 120))


def contrast_ink(fill: RGB) -> RGB:
    """Black or white, whichever reads better on `fill` (yellow and white take black)."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


def outline_for(ink: RGB) -> RGB:
    return WHITE if ink == INK else INK


def seat_order(summary: dict) -> list[str]:
    """The players of an engine summary in seat order (then by name)."""
    players = summary.get("players") or {}
    return sorted(players, key=lambda name: (int(players[name].get("seat", 0)), name))


def player_letters(names: Sequence[str]) -> dict[str, str]:
    """Each player's initial, or A, B, C, D by seat when two initials clash (or one is not a
    letter the font draws), so every player has a distinct, readable letter."""
    initials = [name.strip()[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(_drawable_letter(i) for i in initials):
        return dict(zip(names, initials, strict=True))
    return {name: "ABCDEFGH"[i] for i, name in enumerate(names)}


@lru_cache(maxsize=4096)
def _text_masks(content: str, size: int, stroke: int, anchor: str):
    """The glyph mask and the outline mask of a string, and their offset from the anchor point.
    Cached because boards redraw the same numerals, letters and captions on every render, and
    rasterising text is the slowest part of drawing."""
    face = font(size)
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


def _drawable_letter(char: str) -> bool:
    """A letter of a script the packaged font draws (anything else would show as a box)."""
    return char.isalpha() and unicodedata.name(char, "").split(" ")[0] in ("LATIN", "GREEK", "CYRILLIC")


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
) -> None:
    """Draw text at `xy` (a Pillow anchor, e.g. "mm" centred), optionally with a contrasting
    outline `stroke` px wide (what keeps labels readable over the map)."""
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
        placed = TextMark(content, size, (at[0], at[1], at[0] + mask.size[0], at[1] + mask.size[1]))
        for record in records:
            record.texts.append(placed)
    if outline_mask is not None:
        draw.bitmap(at, outline_mask, fill=outline)
    draw.bitmap(at, mask, fill=fill)


@lru_cache(maxsize=4096)
def text_width(content: str, size: int) -> float:
    return font(size).getlength(content)


def fit_text(content: str, size: int, width: float, min_size: int = 12) -> tuple[str, int]:
    """Shrink `content` to fit `width`, then cut it with an ellipsis if even the smallest size
    does not fit (player names and prompts are of any length)."""
    while size > min_size and text_width(content, size) > width:
        size -= 1
    if text_width(content, size) <= width:
        return content, size
    while content and text_width(content + "…", size) > width:
        content = content[:-1]
    return content + "…", size


def token(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    size: int,
    fill: RGB,
    *,
    shape: str = "circle",
    letter: str = "",
    border: RGB = INK,
    border_width: int = 3,
) -> None:
    """A playing piece: circle, square, diamond, triangle or hexagon in `fill`, with a letter in
    the middle."""
    x, y = centre
    h = size / 2
    box = (x - h, y - h, x + h, y + h)
    if shape == "square":
        draw.rounded_rectangle(box, radius=max(2, size // 8), fill=fill, outline=border, width=border_width)
    elif shape in ("diamond", "triangle", "hexagon"):
        if shape == "diamond":
            corners = [(0, -1), (1, 0), (0, 1), (-1, 0)]
            inset = math.sqrt(2)
        elif shape == "triangle":  # pointing up; the letter sits low, in its widest part
            corners = [(0, -1.2), (1.1, 0.6), (-1.1, 0.6)]  # centroid at the centre
            inset = 1.62
        else:
            corners = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 60)]
            inset = 1.16
        # The border is the shape in `border` with the shape shrunk by its width on top: Pillow's
        # polygon outline of width > 1 costs a mask image per call.
        draw.polygon([(x + cx * h, y + cy * h) for cx, cy in corners], fill=border)
        k = max(0.0, h - border_width * inset)
        draw.polygon([(x + cx * k, y + cy * k) for cx, cy in corners], fill=fill)
        if shape == "triangle":
            y += h * 0.12
    else:
        draw.ellipse(box, fill=fill, outline=border, width=border_width)
    if letter:
        ink = contrast_ink(fill)
        text(draw, (x, y), letter, int(size * 0.62), ink, outline=outline_for(ink), stroke=2, anchor="mm")


def badge(draw: ImageDraw.ImageDraw, centre: Point, radius: int, fill: RGB, label: str) -> None:
    """A small disc with a short label (a count or a player letter), the label as large as
    the disc allows (a badge is read at a glance, often on a phone)."""
    token(draw, centre, 2 * radius, fill, shape="circle", border_width=2)
    if label:
        ink = contrast_ink(fill)
        size = round(radius * (1.3 if len(label) <= 2 else 1.05))  # two digits fit the disc too
        text(draw, centre, label, size, ink, outline=outline_for(ink), stroke=1 if fill == WHITE else 2, anchor="mm")


def ring(draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: RGB, width: int) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=colour, width=width)


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    *,
    title: str = "",
    fill: RGB = PAPER,
    border: RGB = INK,
    title_fill: RGB | None = None,
    title_size: int = 24,
    radius: int = 10,
) -> float:
    """A framed box with an optional title bar; returns the y where its content starts."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=border, width=3)
    x0, y0, x1, _ = box
    if not title:
        return y0 + 8
    bar = title_fill or border
    bar_h = title_size + 14
    draw.rounded_rectangle((x0, y0, x1, y0 + bar_h), radius=radius, fill=bar, outline=border, width=3)
    draw.rectangle((x0 + 3, y0 + bar_h - radius, x1 - 3, y0 + bar_h - 2), fill=bar)
    label, size = fit_text(title, title_size, x1 - x0 - 20)
    ink = contrast_ink(bar)
    text(draw, (x0 + 10, y0 + bar_h / 2), label, size, ink, anchor="lm")
    return y0 + bar_h + 6


def patterned_line(
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    fill: RGB,
    width: int,
    *,
    dash: float = 0,
    gap: float = 0,
    dots: bool = False,
) -> None:
    """A solid, dashed (`dash`, `gap`) or dotted (`dots`, spaced by `gap`) straight line."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    if dots:
        step = gap or width * 2.2
        count = max(1, int(length // step))
        offset = (length - count * step) / 2 + step / 2
        r = width / 2
        for i in range(count):
            cx, cy = x0 + ux * (offset + i * step), y0 + uy * (offset + i * step)
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        return
    if not dash:
        draw.line((x0, y0, x1, y1), fill=fill, width=width)
        return
    pos = 0.0
    while pos < length:
        stop = min(pos + dash, length)
        draw.line((x0 + ux * pos, y0 + uy * pos, x0 + ux * stop, y0 + uy * stop), fill=fill, width=width)
        pos = stop + gap


def arrow(
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    fill: RGB,
    width: int,
    head: int,
    *,
    border: RGB | None = INK,
) -> None:
    """A straight arrow from `start` with its point at `end`, outlined so it shows on any ground."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    px, py = -uy, ux
    tip = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    if border is not None:
        draw.line((x0, y0, bx, by), fill=border, width=width + 4)
        draw.polygon(tip, fill=border, outline=border, width=3)
    draw.line((x0, y0, bx, by), fill=fill, width=width)
    draw.polygon(tip, fill=fill)


def legend(
    draw: ImageDraw.ImageDraw,
    origin: Point,
    entries: Iterable[tuple[object, str]],
    *,
    size: int = 20,
    row: int = 34,
    swatch: int = 56,
    width: float | None = None,
) -> float:
    """Rows of (sample, label). A sample is a callable drawing into the box it is given
    (x0, y0, x1, y1), so each game decides what its symbols look like. With `width`, a label
    too long for one line wraps onto more (the row grows). Returns the bottom y."""
    x, y = origin
    for sample, label in entries:
        lines = _legend_lines(label, size, swatch, width)
        height = row + (len(lines) - 1) * (size + 4)
        box = (x, y + (height - row) / 2 + 3, x + swatch, y + (height + row) / 2 - 3)
        if callable(sample):
            sample(draw, box)
        top = y + height / 2 - (len(lines) - 1) * (size + 4) / 2
        for i, line in enumerate(lines):
            text(draw, (x + swatch + 10, top + i * (size + 4)), line, size, INK, anchor="lm")
        y += height
    return y


def _legend_lines(label: str, size: int, swatch: int, width: float | None) -> list[str]:
    if width is None:
        return [label]
    return wrap(label, size, width - swatch - 10) or [label]


def legend_height(labels: Sequence[str], width: float, *, size: int, row: int, swatch: int) -> float:
    """How tall `legend` draws these labels at `width`."""
    return sum(row + (len(_legend_lines(label, size, swatch, width)) - 1) * (size + 4) for label in labels)


def fan(centre: Point, count: int, spacing: float, angle_deg: float, distance: float) -> list[Point]:
    """`count` points in a row perpendicular to `angle_deg`, `distance` away from `centre`:
    where several pieces standing at one place are laid out so none hides another."""
    cx, cy = centre
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    mx, my = cx + ux * distance, cy + uy * distance
    first = -(count - 1) / 2
    return [(mx + px * spacing * (first + i), my + py * spacing * (first + i)) for i in range(count)]


@lru_cache(maxsize=8)
def _palette_image(colours: tuple[RGB, ...]) -> Image.Image:
    image = Image.new("P", (1, 1))
    flat = [c for colour in colours for c in colour]
    image.putpalette(flat + [0, 0, 0] * (256 - len(colours)))
    return image


def build_palette(sample: Image.Image, extra: Sequence[RGB], size: int = 256) -> tuple[RGB, ...]:
    """A fixed palette for a board: the colours the game names (`extra`, kept exactly) plus the
    most useful of `sample` (the static layer with antialiased samples of everything drawn).
    Computed once per game, so every board maps to the same palette cheaply."""
    free = size - len(extra)
    reduced = sample.convert("RGB").quantize(free, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    raw = reduced.getpalette() or []
    used = sorted({index for _, index in (reduced.getcolors(256) or [])})
    found = [tuple(raw[3 * i : 3 * i + 3]) for i in used]
    # Pillow maps colours to a palette through a cache of 4x4x4 cells, each resolved by the
    # first colour seen in it; a sampled colour a step away from a named one could capture
    # that cell, and the named colour would then come out slightly off. So none may be close.
    named = list(dict.fromkeys(extra))
    colours: list[RGB] = list(named)
    for colour in found:
        if all(max(abs(a - b) for a, b in zip(colour, other, strict=True)) > 6 for other in named):
            colours.append(colour)  # type: ignore[arg-type]
    return tuple(dict.fromkeys(colours[:size]))


def palette_image(colours: tuple[RGB, ...]) -> Image.Image:
    """A 1x1 palette image holding `colours`: what Image.quantize maps onto."""
    return _palette_image(colours)


def encode_png(image: Image.Image, palette: tuple[RGB, ...] | None, *, compress_level: int) -> bytes:
    """PNG bytes. With a palette the image is mapped to it without dithering (flat areas stay
    flat) and saved as 8-bit palette PNG: about a quarter of the bytes and time of RGB."""
    out = io.BytesIO()
    if palette is not None:
        image = image.quantize(palette=_palette_image(palette), dither=Image.Dither.NONE)
    image.save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def highlight_dict(places: dict[str, list[str]], routes: list[list[str]], said: list[tuple[str, bool]], last_text: str) -> dict:
    """A highlight from what the events named: each non-empty list of places once per name,
    the routes as drawn, and the narration: "text" all of it in one line, "said" the same as
    [sentence, is an outcome] pairs, so a board short of room drops the steps, never the
    result (the last event's text when nothing else was worth saying)."""
    highlight: dict = {key: list(dict.fromkeys(names)) for key, names in places.items() if names}
    if routes:
        highlight["routes"] = routes
    said = list(dict.fromkeys((str(text), bool(important)) for text, important in said)) or (
        [(last_text, False)] if last_text else []
    )
    if said:
        highlight["text"] = " ".join(text for text, _ in said)
        highlight["said"] = [[text, important] for text, important in said]
    return highlight


def narration(highlight: dict) -> list[tuple[str, bool]]:
    """The highlight's sentences as (text, is an outcome); a hand-made highlight with only
    "text" is one sentence."""
    said = highlight.get("said")
    if said:
        return [(str(text), bool(important)) for text, important in said]
    return [(str(highlight["text"]), False)] if highlight.get("text") else []


def wrap(content: str, size: int, width: float) -> list[str]:
    """`content` broken into lines no wider than `width` at `size`, at spaces (a word wider
    than a line gets a line of its own, cut later by the caller's fitting)."""
    lines: list[str] = []
    line = ""
    for word in content.split():
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


ELLIPSIS = "…"


def fit_sentences(
    parts: Sequence[tuple[str, bool]], size: int, width: float, max_lines: int, min_size: int
) -> tuple[list[str], int]:
    """The lines (at most `max_lines`, each within `width`) and font size for a narration made
    of sentences, each flagged important (an outcome: a battle's result, a conquest). The size
    shrinks down to `min_size`; if it still does not fit, unimportant sentences are dropped
    from the middle (the first one stays, for context) and marked with "…", so the outcome is
    never the part that is cut. Only if the important ones alone do not fit is the last line
    cut with "…"."""
    parts = [(p.strip(), important) for p, important in parts if p and p.strip()]
    if not parts:
        return [], size
    for trial in range(size, min_size - 1, -1):
        lines = wrap(" ".join(p for p, _ in parts), trial, width)
        if len(lines) <= max_lines:
            return lines, trial
    keep = list(parts)
    droppable = [i for i, (_, important) in enumerate(parts) if not important and i > 0]
    while droppable:
        drop = droppable.pop(len(droppable) // 2)
        keep[drop] = (ELLIPSIS, False)
        lines = wrap(_join_kept(keep), min_size, width)
        if len(lines) <= max_lines:
            return lines, min_size
    if len(keep) > 1 and not keep[0][1]:
        keep[0] = (ELLIPSIS, False)
    lines = wrap(_join_kept(keep), min_size, width)
    if len(lines) > max_lines:
        last = lines[max_lines - 1]
        while last and text_width(last + ELLIPSIS, min_size) > width:
            last = last[:-1]
        lines = lines[: max_lines - 1] + [last + ELLIPSIS]
    return lines, min_size


def _join_kept(parts: Sequence[tuple[str, bool]]) -> str:
    """Sentences joined by spaces, runs of dropped ones ("…") shown once."""
    out: list[str] = []
    for content, _ in parts:
        if content == ELLIPSIS and out and out[-1] == ELLIPSIS:
            continue
        out.append(content)
    return " ".join(out)
