"""A board's key: rows of (sample, label), labels wrapped to the key's width."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import ImageDraw

from render.kit.colours import INK, Point
from render.kit.lettering import text, wrap


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
