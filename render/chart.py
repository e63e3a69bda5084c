"""Every player's score over a game as a line chart (Byzantium: one panel per VP track), for
the final post. 880 x 560 like the inline image, so it reads in the chat at 550 px; each line
in the player's colour ends in their letter disc, with names in the legend below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.text import msg
from render import kit
from render.scene import Seat

WIDTH, HEIGHT = 880, 560
TOP, BOTTOM, LEFT, RIGHT = 50, 96, 56, 44
GAP = 64
TEXT = 20
GRID = (222, 214, 198)
# To be translated (issue 17).
LABELS = {"title": msg("{game}: scores over the game"), "steps": msg("step")}


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 6:
            return step
    return 1000


def draw_chart(game_title: str, seats: Sequence[Seat], series: Sequence[Mapping[str, Mapping[str, int]]]) -> Image.Image:
    """`series`: one {player: {track: value}} per step, in order. Returns the RGB chart."""
    image = Image.new("RGB", (WIDTH, HEIGHT), kit.PAPER)
    draw = ImageDraw.Draw(image)
    title, size = kit.fit_text(kit.say(LABELS["title"], game=game_title), 26, WIDTH - 24, min_size=TEXT)
    kit.text(draw, (12, 24), title, size, kit.INK, anchor="lm")
    tracks = list(dict.fromkeys(t for point in series for values in point.values() for t in values))
    if not tracks:
        return image
    width = (WIDTH - LEFT - RIGHT - GAP * (len(tracks) - 1)) / len(tracks)
    top_value = max([1] + [v for point in series for values in point.values() for v in values.values()])
    step = _nice_step(top_value)
    top_value = -(-top_value // step) * step
    y0, y1 = TOP + 30, HEIGHT - BOTTOM
    last = max(1, len(series) - 1)
    for t, track in enumerate(tracks):
        x0 = LEFT + t * (width + GAP)
        x1 = x0 + width
        kit.text(draw, ((x0 + x1) / 2, TOP + 10), track, TEXT + 2, kit.INK, anchor="mm")
        for value in range(0, top_value + 1, step):
            y = y1 - (y1 - y0) * value / top_value
            draw.line((x0, y, x1, y), fill=GRID, width=1)
            if t == 0:
                kit.text(draw, (x0 - 8, y), str(value), TEXT, (110, 100, 90), anchor="rm")
        draw.line((x0, y1, x1, y1), fill=kit.INK, width=2)
        kit.text(draw, (x0, y1 + 16), "0", TEXT, (110, 100, 90), anchor="mm")
        kit.text(draw, (x1, y1 + 16), str(len(series) - 1), TEXT, (110, 100, 90), anchor="rm")
        kit.text(draw, ((x0 + x1) / 2, y1 + 16), LABELS["steps"], TEXT, (110, 100, 90), anchor="mm")
        ends = []
        for seat in seats:
            points = [(x0 + (x1 - x0) * i / last, y1 - (y1 - y0) * int((p.get(seat.name) or {}).get(track, 0)) / top_value)
                      for i, p in enumerate(series)]  # fmt: skip
            if len(points) > 1:
                draw.line(points, fill=kit.INK, width=6, joint="curve")
                draw.line(points, fill=seat.colour, width=4, joint="curve")
            ends.append((points[-1][1], seat))
        for y, seat in _spread(ends, 34):  # letter discs at the lines' ends, never on each other
            kit.badge(draw, (x1 + 18, y), 16, seat.colour, seat.letter)
    _legend(draw, seats)
    return image


def _spread(ends: list, gap: float) -> list:
    """(y, seat) sorted and pushed apart so no two are closer than `gap`."""
    placed: list = []
    for y, seat in sorted(ends, key=lambda item: item[0]):
        if placed and y - placed[-1][0] < gap:
            y = placed[-1][0] + gap
        placed.append((y, seat))
    return placed


def _legend(draw: ImageDraw.ImageDraw, seats: Sequence[Seat]) -> None:
    """Letter disc and name of each player, in one or two rows under the chart."""
    x, y = 16, HEIGHT - 46
    per = (WIDTH - 32) / max(1, min(len(seats), 3 if len(seats) > 3 else len(seats)))
    for i, seat in enumerate(seats):
        if len(seats) > 3 and i == 3:
            x, y = 16, HEIGHT - 18
        kit.badge(draw, (x + 16, y), 16, seat.colour, seat.letter)
        name, size = kit.fit_text(seat.name, TEXT, per - 44, min_size=TEXT)
        kit.text(draw, (x + 34, y), name, size, kit.INK, anchor="lm")
        x += per
