"""The story of a game as an animated GIF: one frame per step (the whole board, reduced), the
step and the action written on each frame, under Discord's upload limit.

GIF because every Discord client plays it inline. Frames use the board's fixed palette (no
per-frame quantisation), and Pillow stores each frame as the rectangle that changed since the
one before, so a long game stays small. When the result would still exceed `max_bytes`, the
frames are thinned (every other step, the last one always kept) until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.text import msg
from render import kit

REDUCE = 3  # 1800 px boards become 600 px frames
CAPTION = 64  # the caption band's height (px)
CAPTION_SIZE = 22
BAND = (40, 38, 52)
MAX_BYTES = 6_000_000  # Discord refuses uploads over 8-10 MB: stay well under
LABELS = {"step": msg("Step {step}/{total}")}


def frame(board: Image.Image, palette: tuple[kit.RGB, ...], step: int, total: int, caption,
          reduce: int = REDUCE) -> Image.Image:
    """One frame: the board reduced, with the step and the action written above it. `caption`:
    a text, or the narration's sentences flagged as outcomes (kit.narration), so a long one
    gives up its middle, never its outcome."""
    small = board.reduce(reduce) if reduce > 1 else board
    image = Image.new("RGB", (small.width, small.height + CAPTION), BAND)
    image.paste(small, (0, CAPTION))
    draw = ImageDraw.Draw(image)
    label = kit.say(LABELS["step"], step=step, total=total)
    kit.text(draw, (10, CAPTION / 2), label, CAPTION_SIZE, kit.HIGHLIGHT, anchor="lm")
    left = 10 + kit.text_width(label, CAPTION_SIZE) + 12
    parts = caption if isinstance(caption, list) else [(caption, True)]
    lines, size = kit.fit_sentences(parts, CAPTION_SIZE, image.width - left - 10, 2, 20)
    for i, line in enumerate(lines):
        y = CAPTION / 2 + (i - (len(lines) - 1) / 2) * 26
        kit.text(draw, (left, y), line, size, kit.WHITE, anchor="lm")
    return image.quantize(palette=kit.palette_image(palette), dither=Image.Dither.NONE)


def encode_gif(frames: Sequence[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    out = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(out, format="GIF", save_all=True, append_images=list(frames[1:]), duration=durations, loop=0,
                   optimize=False, disposal=1)  # fmt: skip
    return out.getvalue()


def animate(
    frame_of: Callable[[object, dict | None], tuple[Image.Image, tuple]],
    steps: Sequence[tuple],
    *,
    frame_ms: int = 700,
    last_ms: int = 4000,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The GIF of `steps`, each (state, caption) or (state, caption, highlight); `scene_of`
    is the game's scene function."""
    if not steps:
        raise ValueError("an animation needs at least one step")
    total = len(steps)
    frames = []
    for number, item in enumerate(steps, 1):
        state, caption = item[0], item[1] or ""
        highlight = item[2] if len(item) > 2 else None
        board, palette, *scale = frame_of(state, highlight)  # a game may give its frame's scale
        said = kit.narration(highlight) if highlight and highlight.get("said") else None
        frames.append(frame(board, palette, number, total, said or caption, scale[0] if scale else REDUCE))
    keep = list(range(total))
    while True:
        data = encode_gif([frames[i] for i in keep], frame_ms, last_ms)
        if len(data) <= max_bytes or len(keep) <= 2:
            return data
        keep = keep[:-1:2] + [keep[-1]]  # every other step, and always the end
