"""Wrapping text (kit.wrap: the close-up's footer, the board's header and key) measures a whole line
only when its words' widths leave in doubt whether it fits (issue 30: every narration measured
each longer line, a tenth of the bot's time at the interpreter under load). The lines are those
of measuring every line whole, because the packaged font moves nothing across a space by more
than KERN_ROOM: checked here for every glyph the catalogues write."""

from __future__ import annotations

import random
import re
from pathlib import Path

from render.kit import lettering
from render.kit.assets import font
from render.kit.lettering import KERN_ROOM, text_width, wrap

LOCALES = Path(__file__).resolve().parent.parent / "locales"
SIZES = range(12, 41)


def catalogue_texts() -> list[str]:
    """Every msgid and translation of every catalogue, placeholders left out."""
    texts = []
    for po in sorted(LOCALES.glob("*/LC_MESSAGES/messages.po")):
        for line in po.read_text(encoding="utf-8").splitlines():
            found = re.match(r'^(?:msgid|msgstr(?:\[\d\])?) "(.+)"$', line)
            if found:
                texts.append(re.sub(r"\{\w+\}", "", found.group(1)).replace("\\n", " "))
    return texts


def measured_wrap(content: str, size: int, width: float) -> list[str]:
    """wrap as it was: every longer line measured whole."""
    lines, line = [], ""
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


def test_no_glyph_kerns_with_the_space_after_it_beyond_kern_room():
    glyphs = sorted({ch for text in catalogue_texts() for ch in text if not ch.isspace()}
                    | {chr(c) for c in range(33, 127)} | set("…·×—–’“”„«»"))
    assert len(glyphs) > 120  # Italian, German and Polish letters among them
    for size in SIZES:
        face = font(size)
        space = face.getlength(" ")
        for ch in glyphs:
            assert abs(face.getlength(ch + " ") - face.getlength(ch) - space) <= KERN_ROOM, (ch, size)


def test_the_lines_are_those_of_measuring_every_line():
    texts = catalogue_texts()
    words = [w for text in texts for w in text.split()]
    rng = random.Random(30)
    cases = [rng.choice(texts) for _ in range(400)]
    cases += [" ".join(rng.choice(words) for _ in range(rng.randint(1, 80))) for _ in range(600)]
    for content in cases:
        size = rng.choice((12, 16, 20, 21, 22, 24, 30))
        width = rng.uniform(40, 900)
        assert wrap(content, size, width) == measured_wrap(content, size, width), (content, size, width)


def test_edges_within_kern_room_are_measured(monkeypatch):
    """A line that fits with less than KERN_ROOM to spare, or overflows by less, is decided by its
    whole measure: the words' widths alone would not say."""
    words = "Ann takes control of Nicaea and Bo passes".split()
    for size in (20, 22):
        whole = text_width(" ".join(words[:4]), size)
        for width in (whole, whole - 0.5, whole + 0.5, whole - 1e-9):
            assert wrap(" ".join(words), size, width) == measured_wrap(" ".join(words), size, width)


def test_a_long_narration_measures_few_whole_lines(monkeypatch):
    measured = []
    width_of = lettering._width

    def counted(content, size):
        if " " in content.strip():
            measured.append(content)
        return width_of(content, size)

    monkeypatch.setattr(lettering, "_width", counted)
    text = " ".join(["Ann cannot pay the upkeep of the Arab army: 2 cubes leave the game."] * 6)
    lines = wrap(text, 22, 820)
    assert len(lines) >= 5
    assert len(measured) <= 2 * len(lines)  # measured before: every word after a line's first (over 70)
