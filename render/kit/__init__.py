"""The shared drawing kit: fonts, player colours and letters, outlined text, tokens, badges,
panels, legends, patterned lines and PNG encoding. Every game's board is built from these,
so all boards read alike and each game module only says where things go.

Everything here draws on an RGB Pillow image and is deterministic: the same calls give the
same pixels (one packaged font, no system fonts, no randomness). Callers use `kit.NAME`; the
names live in one module per topic:

- colours: the palette, seat colours, player letters, contrasting ink
- assets: the packaged font and images
- records: recording the texts and marks drawn (layout tests, readability measures)
- lettering: drawing, measuring, fitting and wrapping text
- sentences: the last action's narration fitted to a few lines; public prompts
- shapes: tokens, badges, rings, panels, patterned lines, arrows, fanning
- key: a board's key (legend) rows
- language: the language a board is drawn in; labels (message ids) rendered in it
- encoding: fixed palettes and PNG encoding
"""

from render.kit.assets import FONT_FILE, asset_image, font
from render.kit.colours import (
    FAINT,
    HIGHLIGHT,
    INK,
    PAPER,
    PLAYER_COLOURS,
    RGB,
    SEAT_COLOURS,
    WHITE,
    Point,
    contrast_ink,
    outline_for,
    player_colour,
    player_letters,
    seat_order,
)
from render.kit.encoding import build_palette, encode_png, palette_image
from render.kit.key import legend, legend_height
from render.kit.language import current_language, language, per_language, say
from render.kit.lettering import cap_height, fit_text, text, text_width, wrap
from render.kit.records import Drawn, TextMark, mark, recording, recording_active, replay
from render.kit.sentences import ELLIPSIS, fit_sentences, highlight_dict, narration, public_prompt
from render.kit.shapes import arrow, badge, fan, panel, patterned_line, ring, token

__all__ = [
    "ELLIPSIS", "FAINT", "FONT_FILE", "HIGHLIGHT", "INK", "PAPER", "PLAYER_COLOURS", "RGB", "SEAT_COLOURS",
    "WHITE", "Drawn", "Point", "TextMark", "arrow", "asset_image", "badge", "build_palette", "cap_height",
    "contrast_ink", "current_language", "encode_png", "fan", "fit_sentences", "fit_text", "font", "highlight_dict", "language", "legend",
    "legend_height", "mark", "narration", "outline_for", "palette_image", "panel", "per_language", "patterned_line",
    "player_colour", "player_letters", "public_prompt", "recording", "recording_active", "replay", "ring",
    "say", "seat_order", "text", "text_width", "token", "wrap",
]
