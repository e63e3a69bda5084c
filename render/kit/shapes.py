"""Pieces and marks: tokens, badges, rings, framed panels, dashed/dotted lines, arrows, and
fanning several pieces out round one place."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.kit.colours import INK, PAPER, RGB, WHITE, Point, contrast_ink, outline_for
from render.kit.lettering import fit_text, text


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
    means: tuple = (),
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
        text(draw, (x, y), letter, int(size * 0.62), ink, outline=outline_for(ink), stroke=2, anchor="mm", means=means)


def badge(draw: ImageDraw.ImageDraw, centre: Point, radius: int, fill: RGB, label: str, means: tuple = ()) -> None:
    """A small disc with a short label (a count or a player letter), the label as large as
    the disc allows (a badge is read at a glance, often on a phone)."""
    token(draw, centre, 2 * radius, fill, shape="circle", border_width=2)
    if label:
        ink = contrast_ink(fill)
        size = round(radius * (1.3 if len(label) <= 2 else 1.05))  # two digits fit the disc too
        text(draw, centre, label, size, ink, outline=outline_for(ink), stroke=1 if fill == WHITE else 2, anchor="mm",
             means=means)


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
