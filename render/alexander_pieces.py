"""The shapes of the Alexander board, shared by the map and its key: space symbols by type,
treasury rings, the Alexandria star, the siege ring, army and fleet cards, province markers,
royal tokens and lone leaders. Each draws at a given centre; sizes that placement needs
(cards) are computed by the same functions that draw."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from render import kit
from render.alexander_board import (
    BAD_WEATHER,
    DEVASTATED,
    DROUGHT,
    EMPTY,
    GOLD,
    GOLD_DARK,
    REVOLT,
    SYMBOL_RADIUS,
    TRANSIT,
    TREASURY_RING,
    tint,
)

CARD_TEXT = 16
CARD_NUMBER = 22
CARD_H = 30
FLEET_H = 30
ELITE: kit.RGB = (150, 104, 0)
NO_LOC: kit.RGB = (190, 20, 20)
ROYAL: kit.RGB = (120, 40, 150)
MARKER_GLYPHS = {"revolt": ("⚑", REVOLT), "devastated": ("✖", DEVASTATED), "drought": ("☀", DROUGHT),
                 "bad_weather": ("☂", BAD_WEATHER)}  # fmt: skip


def _polygon(centre, radius: float, sides: int, start: float) -> list[tuple[float, float]]:
    x, y = centre
    return [(x + radius * math.cos(math.radians(start + i * 360 / sides)),
             y + radius * math.sin(math.radians(start + i * 360 / sides))) for i in range(sides)]  # fmt: skip


def symbol(
    draw: ImageDraw.ImageDraw,
    kind: str,
    centre,
    fill: kit.RGB = kit.WHITE,
    number: str = "",
    radius: float | None = None,
    means: tuple = (),
) -> None:
    """A space's symbol: circle (minor city), hexagon (major and treasury city), square
    (stronghold), small red dot (transit point); a garrison's or tribe's strength inside."""
    r = radius or SYMBOL_RADIUS[kind]
    x, y = centre
    if kind == "transit":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=TRANSIT, outline=kit.INK, width=2)
        return
    if kind in ("major_city", "treasury_city"):
        draw.polygon(_polygon(centre, r + 1.5, 6, 30), fill=kit.INK)
        draw.polygon(_polygon(centre, r - 1.5, 6, 30), fill=fill)
    elif kind == "stronghold":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK, width=3)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK, width=3)
    if number:
        ink = kit.contrast_ink(fill)
        kit.text(draw, (x, y), number, CARD_TEXT, ink, outline=kit.outline_for(ink), stroke=1, anchor="mm", means=means)


def treasury_ring(
    draw: ImageDraw.ImageDraw, centre, level: str, unusable: bool = False, radius: float = 0
) -> None:
    """The gold ring round a treasury city: whole when full, its lower half when low, grey
    when empty; crossed out while unusable. Drawn alone (radius given) in the panels and key."""
    r = radius or SYMBOL_RADIUS["treasury_city"] + TREASURY_RING
    x, y = centre
    box = (x - r, y - r, x + r, y + r)
    draw.ellipse(box, fill=EMPTY, outline=kit.INK, width=2)
    if level == "full":
        draw.ellipse(box, fill=GOLD, outline=kit.INK, width=2)
    elif level == "low":
        draw.pieslice(box, 0, 180, fill=GOLD, outline=kit.INK, width=2)
    if unusable:
        d = r * 0.75
        draw.line((x - d, y - d, x + d, y + d), fill=kit.INK, width=4)


def alexandria_star(draw: ImageDraw.ImageDraw, centre, radius: float) -> None:
    """A gold star behind a space's symbol: an Alexandria stands there."""
    x, y = centre
    points = []
    for i in range(16):
        rr = radius if i % 2 == 0 else radius * 0.6
        a = math.radians(-90 + i * 22.5)
        points.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    draw.polygon(points, fill=GOLD, outline=GOLD_DARK)


def siege_ring(draw: ImageDraw.ImageDraw, centre, radius: float, colour: kit.RGB) -> None:
    """Teeth round a besieged city in the besieger's colour."""
    x, y = centre
    for i in range(12):
        a = math.radians(i * 30)
        inner, outer = radius - 1, radius + 6
        p0 = (x + inner * math.cos(a), y + inner * math.sin(a))
        p1 = (x + outer * math.cos(a), y + outer * math.sin(a))
        draw.line((*p0, *p1), fill=colour, width=4)
    kit.ring(draw, centre, radius, colour, 3)


def halo(draw: ImageDraw.ImageDraw, centre, radius: float) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=kit.HIGHLIGHT)


# -- cards --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Flag:
    """A glyph or word on a card's second line, in its colour, with the kind of mark it is."""

    text: str
    colour: kit.RGB
    kind: str


def _line_width(flags: tuple[Flag, ...]) -> float:
    return sum(kit.text_width(f.text, CARD_TEXT) + 6 for f in flags) - (6 if flags else 0)


def army_card_size(title: str, flags: tuple[Flag, ...]) -> tuple[float, float]:
    """An army's card: the strength square alone when it has neither title nor flags."""
    if not title and not flags:
        return CARD_H, CARD_H
    return CARD_H + 12 + kit.text_width(title, CARD_TEXT) + (6 + _line_width(flags) if flags else 0), CARD_H


def army_card(
    draw: ImageDraw.ImageDraw, centre, colour: kit.RGB, strength: int, title: str, flags: tuple[Flag, ...],
    means: tuple = (),
) -> None:
    """An army on one line, so it finds room near its space: its ASP big on a square of its
    side's colour, its leaders, then its flags (army number, Elite, inside, siege, royal
    tokens, fatigue...)."""
    w, h = army_card_size(title, flags)
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=6, fill=tint(colour, 0.85, kit.WHITE),
                           outline=kit.INK, width=2)  # fmt: skip
    draw.rectangle((x0, y0, x0 + h, y0 + h), fill=colour, outline=kit.INK, width=2)
    ink = kit.contrast_ink(colour)
    number = str(strength)
    size = CARD_NUMBER if kit.text_width(number, CARD_NUMBER) <= h - 6 else CARD_TEXT
    kit.text(
        draw, (x0 + h / 2, y0 + h / 2), number, size, ink, outline=kit.outline_for(ink), stroke=2, anchor="mm",
        means=means,
    )
    kit.text(draw, (x0 + h + 6, y0 + h / 2), title, CARD_TEXT, kit.INK, anchor="lm")
    _flags(draw, (x0 + h + 12 + kit.text_width(title, CARD_TEXT), y0 + h / 2), flags)


def _flags(draw: ImageDraw.ImageDraw, start, flags: tuple[Flag, ...]) -> None:
    x, y = start
    for flag in flags:
        kit.text(draw, (x, y), flag.text, CARD_TEXT, flag.colour, anchor="lm")
        kit.mark(flag.kind)
        x += kit.text_width(flag.text, CARD_TEXT) + 6


def ship(
    draw: ImageDraw.ImageDraw, centre, width: float, height: float, colour: kit.RGB, number: str, means: tuple = ()
) -> None:
    """A galley: hull in the side's colour with the NSP on it, a sail above."""
    x, y = centre
    hull_top = y - height * 0.05
    hull = [(x - width / 2, hull_top), (x + width / 2, hull_top), (x + width * 0.32, y + height / 2),
            (x - width * 0.32, y + height / 2)]  # fmt: skip
    mast_x = x
    draw.line((mast_x, y - height / 2, mast_x, hull_top), fill=kit.INK, width=2)
    draw.polygon([(mast_x + 2, y - height / 2), (mast_x + width * 0.3, hull_top - 2), (mast_x + 2, hull_top - 2)],
                 fill=kit.WHITE, outline=kit.INK)  # fmt: skip
    draw.polygon(hull, fill=colour, outline=kit.INK, width=2)
    ink = kit.contrast_ink(colour)
    kit.text(draw, (x, (hull_top + y + height / 2) / 2 + 1), number, CARD_TEXT, ink, outline=kit.outline_for(ink),
             stroke=1, anchor="mm", means=means)  # fmt: skip


def fleet_card_size(name: str, leaders: str) -> tuple[float, float]:
    """A fleet's card: the galley alone when it has no name to show."""
    return (44 + kit.text_width(_fleet_title(name, leaders), CARD_TEXT) if name else 42), FLEET_H


def _fleet_title(name: str, leaders: str) -> str:
    return f"{name} · {leaders}" if leaders else name


def fleet_card(draw: ImageDraw.ImageDraw, centre, colour: kit.RGB, nsp: int, name: str, leaders: str,
               means: tuple = ()) -> None:
    """A fleet on one line: a galley with its NSP, its name and any leader."""
    w, h = fleet_card_size(name, leaders)
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=6, fill=tint(colour, 0.85, kit.WHITE),
                           outline=kit.INK, width=2)  # fmt: skip
    ship(draw, (x0 + 21, y0 + h / 2), 34, h - 4, colour, str(nsp), means)
    kit.text(draw, (x0 + 42, y0 + h / 2), _fleet_title(name, leaders), CARD_TEXT, kit.INK, anchor="lm")


def chip_size(text: str) -> tuple[float, float]:
    return kit.text_width(text, CARD_TEXT) + 16, 26


def chip(draw: ImageDraw.ImageDraw, centre, colour: kit.RGB, text: str) -> None:
    """A small rounded tag in a side's colour: a leader alone, loose ASP."""
    w, h = chip_size(text)
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=8, fill=colour, outline=kit.INK, width=2)
    ink = kit.contrast_ink(colour)
    kit.text(draw, centre, text, CARD_TEXT, ink, outline=kit.outline_for(ink), stroke=1, anchor="mm")


def loose_size(asp: int) -> tuple[float, float]:
    return max(28, kit.text_width(str(asp), CARD_TEXT) + 12), 24


def loose(draw: ImageDraw.ImageDraw, centre, colour: kit.RGB, asp: int, means: tuple = ()) -> None:
    """ASP in a space without an army: a small square of the side's colour with their number."""
    w, h = loose_size(asp)
    x, y = centre
    draw.rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), fill=colour, outline=kit.INK, width=2)
    draw.line((x - w / 2 + 3, y + h / 2 - 4, x + w / 2 - 3, y + h / 2 - 4), fill=kit.WHITE, width=1)
    ink = kit.contrast_ink(colour)
    kit.text(draw, (x, y - 1), str(asp), CARD_TEXT, ink, outline=kit.outline_for(ink), stroke=1, anchor="mm", means=means)


MARKER_R = 12


def marker(draw: ImageDraw.ImageDraw, centre, kind: str) -> None:
    """A province marker: a disc with its glyph (revolt, devastated, drought, bad weather)."""
    glyph, colour = MARKER_GLYPHS[kind]
    kit.badge(draw, centre, MARKER_R, colour, glyph)


def royal_token(draw: ImageDraw.ImageDraw, centre, kind: str, colour: kit.RGB) -> None:
    """The Royal Treasury (coins) or the Royal Family (crown) on its own, ringed in its holder's colour."""
    glyph = "⛁" if kind == "royal_treasury" else "♛"
    x, y = centre
    draw.ellipse((x - 13, y - 13, x + 13, y + 13), fill=kit.WHITE, outline=colour, width=4)
    kit.text(
        draw, (x, y + 1), glyph, CARD_TEXT, GOLD_DARK if kind == "royal_treasury" else ROYAL, anchor="mm"
    )
