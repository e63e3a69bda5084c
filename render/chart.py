"""Every player's score over a game as a line chart (Byzantium: one panel per VP track), for
the final post. 880 x 560 like the inline image, so it reads in the chat at 550 px; each line
in the player's colour ends in their letter disc, with names in the legend below."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.text import layout, listing, msg
from render import kit
from render.scene import Seat

WIDTH, HEIGHT = 880, 560
TOP, BOTTOM, LEFT, RIGHT = 50, 96, 56, 44
GAP = 64
TEXT = 20
GRID = (222, 214, 198)
# To be translated (issue 17).
LABELS = {"title": msg("{game}: scores over the game"), "steps": msg("step"), "rounds": msg("round"),
          "won": msg("Final: {players} won with {score}")}
GOLD = (176, 128, 0)


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 6:
            return step
    return 1000


def draw_chart(game_title: str, seats: Sequence[Seat], series: Sequence[Mapping[str, Mapping[str, int]]],
               rounds: Sequence[int] | None = None, final: Mapping[str, tuple[int, int]] | None = None,
               round_word=None) -> Image.Image:
    """`series`: one {player: {track: value}} per step, in order; `rounds`: the round (or turn)
    of each step, so the x-axis counts rounds, not steps; `final`: {player: (score, rank)} once
    the game is over, written in the legend with the winner marked (issue 28: the two VP tracks
    did not say who won). Returns the RGB chart."""
    image = Image.new("RGB", (WIDTH, HEIGHT), kit.PAPER)
    draw = ImageDraw.Draw(image)
    won = _winners(final or {})
    won_width = kit.text_width(won, TEXT + 2) + 24 if won else 0
    title, size = kit.fit_text(kit.say(LABELS["title"], game=game_title), 26, WIDTH - 24 - won_width, min_size=TEXT)
    kit.text(draw, (12, 24), title, size, kit.INK, anchor="lm")
    if won:
        kit.text(draw, (WIDTH - 12, 24), won, TEXT + 2, GOLD, anchor="rm")
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
        _x_axis(draw, x0, x1, y1, len(series), rounds, round_word)
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
    _legend(draw, seats, final or {})
    return image


def _x_axis(draw: ImageDraw.ImageDraw, x0: float, x1: float, y1: float, steps: int, rounds, round_word) -> None:
    """Ticks at the step where each round begins, numbered (a few, evenly), and the axis named;
    without rounds, the first and last step."""
    muted = (110, 100, 90)
    last = max(1, steps - 1)
    if not rounds or len(rounds) != steps:
        kit.text(draw, (x0, y1 + 16), "0", TEXT, muted, anchor="mm")
        kit.text(draw, (x1, y1 + 16), str(steps - 1), TEXT, muted, anchor="rm")
        kit.text(draw, ((x0 + x1) / 2, y1 + 16), LABELS["steps"], TEXT, muted, anchor="mm")
        return
    starts = [(i, r) for i, r in enumerate(rounds) if i == 0 or r != rounds[i - 1]]
    every = max(1, -(-len(starts) // 6))  # at most about six numbers under one panel
    shown = starts[::every]
    for i, _round in starts:
        x = x0 + (x1 - x0) * i / last
        draw.line((x, y1, x, y1 + 6), fill=kit.INK, width=2)
    word = round_word or LABELS["rounds"]
    right = x0  # where the last number drawn ends: numbers never run into each other
    for n, (i, r) in enumerate(shown):
        x = x0 + (x1 - x0) * i / last
        label = layout("{word} {n}", word=word, n=r) if n == 0 else str(r)  # "round 1", then "2", "3"...
        width = kit.text_width(label, TEXT)
        left = x if n == 0 else min(x - width / 2, x1 - width)
        if n and left < right + 12:
            continue
        kit.text(draw, (left, y1 + 18), label, TEXT, muted, anchor="lm", means=() if n == 0 else ("round", r))
        right = left + width


def _winners(final: Mapping[str, tuple[int, int]]) -> str:
    """"Final: Bo won with 63" (ties: every winner), or "" before the game is over."""
    first = [(name, score) for name, (score, rank) in final.items() if rank == 1]
    if not first:
        return ""
    return kit.say(LABELS["won"], players=listing([name for name, _ in first]), score=first[0][1])


def _spread(ends: list, gap: float) -> list:
    """(y, seat) sorted and pushed apart so no two are closer than `gap`."""
    placed: list = []
    for y, seat in sorted(ends, key=lambda item: item[0]):
        if placed and y - placed[-1][0] < gap:
            y = placed[-1][0] + gap
        placed.append((y, seat))
    return placed


def _legend(draw: ImageDraw.ImageDraw, seats: Sequence[Seat], final: Mapping[str, tuple[int, int]]) -> None:
    """Letter disc and name of each player, in one or two rows under the chart; at the end of a
    game their final score, the winner's in gold with a star."""
    x, y = 16, HEIGHT - 46
    per = (WIDTH - 32) / max(1, min(len(seats), 3 if len(seats) > 3 else len(seats)))
    for i, seat in enumerate(seats):
        if len(seats) > 3 and i == 3:
            x, y = 16, HEIGHT - 18
        kit.badge(draw, (x + 16, y), 16, seat.colour, seat.letter)
        score, rank = final.get(seat.name, (None, None))
        tail = "" if score is None else f"{score} ★" if rank == 1 else str(score)
        tail_width = kit.text_width(tail, TEXT) + 10 if tail else 0
        name, size = kit.fit_text(seat.name, TEXT, per - 44 - tail_width, min_size=TEXT)
        kit.text(draw, (x + 34, y), name, size, kit.INK, anchor="lm")
        if tail:
            kit.text(draw, (x + 34 + kit.text_width(name, size) + 10, y), tail, TEXT, GOLD if rank == 1 else kit.INK,
                     anchor="lm", means=("final_score", seat.name))
        x += per
