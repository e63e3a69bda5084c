"""The shared drawing kit: player letters, text fitting, tokens and patterned lines."""

from PIL import Image, ImageDraw

from render import kit


def test_players_are_marked_by_their_initials_when_distinct():
    assert kit.player_letters(["Ann", "bo", "Cy"]) == {"Ann": "A", "bo": "B", "Cy": "C"}


def test_clashing_initials_fall_back_to_seat_letters():
    assert kit.player_letters(["Ann", "Abe", "Cy"]) == {"Ann": "A", "Abe": "B", "Cy": "C"}
    assert kit.player_letters(["7up", "Bo"]) == {"7up": "A", "Bo": "B"}
    assert kit.player_letters(["李小龍", "Bo"]) == {"李小龍": "A", "Bo": "B"}  # the font has no CJK glyphs
    assert kit.player_letters(["Zoë", "Ωmega"]) == {"Zoë": "Z", "Ωmega": "Ω"}


def test_text_is_shrunk_then_cut_to_fit():
    shown, size = kit.fit_text("Constantinople", 30, 120)
    assert size < 30 and kit.text_width(shown, size) <= 120
    shown, size = kit.fit_text("x" * 400, 30, 200, min_size=20)
    assert size == 20 and shown.endswith("…") and kit.text_width(shown, size) <= 200


def _cut_letter_by_letter(content: str, size: int, width: float) -> str:
    """How fit_text cut a text before issue 30: one letter off at a time until it fits."""
    while content and kit.text_width(content + "…", size) > width:
        content = content[:-1]
    return content + "…"


def test_a_cut_text_keeps_the_longest_start_that_fits():
    # The close-ups' prompts and footers of random games, in every language the bot speaks,
    # at the sizes and widths they are fitted to: cut by halving as they were letter by letter.
    from tests.byzantium_kit import random_walk

    texts = {"x" * 400, "Constantinople " * 20, "Ann: " + "Ω" * 90}
    for _state, decision, events in random_walk(4):
        if decision is not None:
            texts.add(f"{decision.player}: {kit.say(decision.prompt)}")
            texts.update(kit.say(e.text) for e in events)
    cut = 0
    for content in sorted(texts):
        for size, width in ((20, 836), (22, 600), (20, 300), (14, 120)):
            if kit.text_width(content, size) <= width:
                continue
            shown, _ = kit.fit_text(content, size, width, min_size=size)
            assert shown == _cut_letter_by_letter(content, size, width)
            assert kit.text_width(shown, size) <= width or shown == "…"
            cut += 1
    assert cut > 100


def test_contrast_ink_is_dark_on_yellow_and_white_on_red():
    assert kit.contrast_ink(kit.PLAYER_COLOURS["yellow"]) == kit.INK
    assert kit.contrast_ink(kit.PLAYER_COLOURS["red"]) == kit.WHITE


def test_token_fills_its_shape_with_the_colour():
    image = Image.new("RGB", (100, 100), kit.WHITE)
    draw = ImageDraw.Draw(image)
    kit.token(draw, (50, 50), 40, kit.PLAYER_COLOURS["blue"], shape="square", letter="B")
    assert image.getpixel((36, 36)) == kit.PLAYER_COLOURS["blue"]  # inside the square, off the letter
    assert image.getpixel((5, 5)) == kit.WHITE


def test_text_with_outline_draws_both_colours():
    image = Image.new("RGB", (200, 60), (0, 0, 255))
    draw = ImageDraw.Draw(image)
    kit.text(draw, (100, 30), "HHH", 40, kit.WHITE, outline=kit.INK, stroke=3, anchor="mm")
    colours = {colour for _, colour in image.getcolors(10_000)}
    assert kit.WHITE in colours and kit.INK in colours


def test_dotted_line_leaves_gaps_and_solid_line_does_not():
    solid = Image.new("RGB", (200, 20), kit.WHITE)
    kit.patterned_line(ImageDraw.Draw(solid), (0, 10), (200, 10), kit.INK, 4)
    dotted = Image.new("RGB", (200, 20), kit.WHITE)
    kit.patterned_line(ImageDraw.Draw(dotted), (0, 10), (200, 10), kit.INK, 4, gap=12, dots=True)
    row = lambda image: [image.getpixel((x, 10)) for x in range(10, 190)]  # noqa: E731
    assert kit.WHITE not in row(solid)
    assert kit.WHITE in row(dotted) and kit.INK in row(dotted)


def test_fanned_points_are_evenly_spaced_and_centred_on_the_direction():
    points = kit.fan((100, 100), 3, 40, -90, 50)  # three pieces above the point
    assert [round(y) for _, y in points] == [50, 50, 50]
    assert [round(x) for x, _ in points] == [60, 100, 140]


def test_palette_png_keeps_named_colours_exactly():
    image = Image.new("RGB", (64, 64), kit.PAPER)
    ImageDraw.Draw(image).rectangle((10, 10, 30, 30), fill=kit.PLAYER_COLOURS["green"])
    palette = kit.build_palette(image, [kit.PLAYER_COLOURS["green"], kit.PAPER])
    data = kit.encode_png(image, palette, compress_level=3)
    decoded = Image.open(__import__("io").BytesIO(data)).convert("RGB")
    assert decoded.getpixel((20, 20)) == kit.PLAYER_COLOURS["green"]
    assert decoded.getpixel((50, 50)) == kit.PAPER


def test_cutting_a_long_text_measures_it_a_few_times_not_once_a_letter(monkeypatch):
    from render.kit import lettering

    measured = []
    width_of = lettering._width

    def counted(content, size):
        measured.append(content)
        return width_of(content, size)

    monkeypatch.setattr(lettering, "_width", counted)
    shown, _ = kit.fit_text("Ann: " + "choose where your cube goes " * 8, 22, 600, min_size=20)
    assert shown.endswith("…") and kit.text_width(shown, 20) <= 600
    assert len(measured) <= 15  # 3 sizes + about log2(229) halvings; one a letter: 150 and more


def _masks_drawn(content, size, anchor):
    """A text's mask as it was made: its box measured, then drawn at (-left, -top) on an image of it."""
    from render.kit.assets import font

    face = font(size)
    left, top, right, bottom = face.getbbox(content, anchor=anchor)
    fill = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(fill).text((-left, -top), content, font=face, fill=255, anchor=anchor)
    return fill, (left, top)


def test_a_text_without_outline_is_rasterised_once_into_the_same_mask(monkeypatch):
    """Issue 30: a text with no outline (the close-up's strip: new strings at every choice) is laid
    out and rasterised once, straight into its mask; the mask and its offset are those of
    measuring its box and drawing it there, for the catalogues' texts in every language, the
    anchors the drawings use and the strip's sizes."""
    import re
    from pathlib import Path

    from PIL import ImageFont

    from render.kit import lettering

    texts = ["1", "12", "A", "…", "·", "Łódź żółć", "W", "Ann: Round 2: choose your action."]
    for po in sorted((Path(__file__).resolve().parent.parent / "locales").glob("*/LC_MESSAGES/messages.po")):
        found = re.findall(r'^msgstr "(.+)"$', po.read_text(encoding="utf-8"), re.MULTILINE)
        texts += [re.sub(r"\{\w+\}", "Ann", t).replace("\\n", " ") for t in found[::25]]
    assert len(texts) > 100
    for i, content in enumerate(texts):
        size, anchor = (20, 22, 26, 30)[i % 4], ("lm", "mm", "la", "rm", "mb", "ls")[i % 6]
        mask, outline, offset = lettering._text_masks.__wrapped__(content, size, 0, anchor)
        fill, expected = _masks_drawn(content, size, anchor)
        assert outline is None and offset == expected and mask.size == fill.size, (content, size, anchor)
        assert mask.tobytes() == fill.tobytes(), (content, size, anchor)

    measured = []
    getbbox = ImageFont.FreeTypeFont.getbbox
    monkeypatch.setattr(ImageFont.FreeTypeFont, "getbbox", lambda *a, **k: measured.append(a) or getbbox(*a, **k))
    lettering._text_masks.__wrapped__("Bo passes.", 22, 0, "lm")
    assert measured == []  # not laid out once to be measured, then again to be drawn
