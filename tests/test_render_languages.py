"""Every board in every language (issue 17, item 5): the boards, the chat's inline image, the
animation's frames and the score chart render in English, Italian, German, Polish and the
pseudo-language; no text runs out of the panel (or band, or map) it is drawn in, checked from
the layout records (the longest words of each catalogue are the test); the pictures keep their
size and stay within the same byte budgets; and in the pseudo-language no word on them escapes
translation (locales.pseudo.unwrapped over every recorded text)."""

import io

import pytest
from PIL import Image

from engine.alexander import GAME as ALEXANDER
from engine.text import msg
from locales import LANGUAGES, PSEUDO
from locales.pseudo import unwrapped
from render import (
    alexander,
    byzantium,
    highlight_from_events,
    inline,
    kit,
    render_png,
    render_views,
)
from render import warriors_traders as wt
from render.__main__ import main as render_cli
from render.alexander_board import board as alexander_board
from render.alexander_panels import panel_boxes as alexander_panels
from render.animation import CAPTION, frame
from render.byzantium_panels import panel_boxes as byzantium_panels
from render.chart import draw_chart
from render.warriors_traders_board import board as wt_board
from render.warriors_traders_panels import panel_boxes as wt_panels
from tests.test_render_alexander import history as alexander_history
from tests.test_render_views import byz_history, wt_history
from tests.test_render_wt import history as wt_history_of

LANGS = [*LANGUAGES, PSEUDO]
PLAYERS = ("Ann", "Bo", "Cy", "Dee")
# What may stand outside the pseudo-language's brackets: player names and letters (never
# translated), and the sides' disc letters of Alexander's header (player letters there).
NOT_WORDS = (*PLAYERS, "A", "B", "C", "D", "M", "P")


@pytest.fixture(scope="module")
def positions():
    """(game, module, state or view, events) of a mid-game position of each game and map."""
    byz = byz_history()
    out = [("byzantium", byzantium, *byz[len(byz) // 2])]
    for map_id in ("west", "east", "italy"):
        steps = wt_history(map_id, limit=300)
        out.append(("warriors_traders", wt, *steps[len(steps) // 2]))
    steps = alexander_history(2, 200)
    state, events = steps[-1]
    out.append(("alexander", alexander, ALEXANDER.view(state, None), events))
    return out


def regions(game: str, image_size, state) -> list[tuple[float, float, float, float]]:
    """The panels, bands and map of a board: a text must stay inside the one it is drawn in."""
    width, height = image_size
    if game == "byzantium":
        b = byzantium.board()
        panels = byzantium_panels(b, len(PLAYERS))
        return [(0, 0, width, b.header), (0, b.header, width, b.panels_top), *b.boxes.values(), *panels,
                (0, b.panels_top, width, height)]  # fmt: skip
    if game == "warriors_traders":
        b = wt_board(state.map)
        x0, y0, x1, y1 = b.legend
        return [(0, 0, width, b.header), (0, b.header, b.map_width, b.height), (x0, y0 + b.header, x1, y1 + b.header),
                *wt_panels(b, len(PLAYERS)), b.column]  # fmt: skip
    b = alexander_board()
    return [(0, 0, width, b.header), b.map_box, *alexander_panels(b).values(), (0, b.panels_top, width, height)]


def inside(box, region, slack: float = 1) -> bool:
    return (box[0] >= region[0] - slack and box[1] >= region[1] - slack
            and box[2] <= region[2] + slack and box[3] <= region[3] + slack)  # fmt: skip


def assert_in_regions(texts, boxes, where: str) -> None:
    """Each text inside the smallest region round its centre (the image when none is)."""
    for mark in texts:
        cx, cy = (mark.box[0] + mark.box[2]) / 2, (mark.box[1] + mark.box[3]) / 2
        holding = [r for r in boxes if r[0] <= cx <= r[2] and r[1] <= cy <= r[3]]
        assert holding, (where, mark)
        smallest = min(holding, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
        assert inside(mark.box, smallest), (where, smallest, mark)


def drawn_in(lang, module, state, highlight):
    """The board's scene and the inline image with the texts of its strip (not the focus view's:
    a crop of the board's)."""
    with kit.language(lang):
        scene = module.scene(state, highlight)
        drawn, scene.drawn = scene.drawn, None
        strip_image, strip = inline.draw_inline(scene)
    scene.drawn = drawn
    return scene, strip_image, strip


@pytest.mark.parametrize("lang", LANGS)
def test_boards_keep_every_text_inside_its_panel_in_each_language(positions, lang):
    for game, module, state, events in positions:
        scene, strip_image, strip = drawn_in(lang, module, state, highlight_from_events(game, events))
        where = f"{game} {lang}"
        assert len(scene.drawn.texts) > 100, where
        assert_in_regions(scene.drawn.texts, regions(game, scene.image.size, state), where)
        w, h = inline.WIDTH, inline.HEIGHT
        strip_regions = [(0, 0, w, inline.HEADER), (w - inline.COLUMN, inline.HEADER, w, h - inline.FOOTER),
                         (0, h - inline.FOOTER, w, h)]  # fmt: skip
        assert strip and strip_image.size == (w, h)
        assert_in_regions(strip, strip_regions, where + " inline")


def test_the_pseudo_language_leaves_no_word_untranslated(positions):
    for game, module, state, events in positions:
        scene, _, strip = drawn_in(PSEUDO, module, state, highlight_from_events(game, events))
        texts = [mark.content for mark in [*scene.drawn.texts, *strip]]
        # Wrapped labels are recorded line by line, in order: joined, their brackets pair up.
        assert unwrapped(" ".join(texts), NOT_WORDS) == "", (game, [t for t in texts if "⟦" not in t][:20])
        assert sum("⟦" in t for t in texts) > 50, game


def test_the_pseudo_language_reaches_the_end_of_a_game_and_a_variant():
    """The final standings (GAME OVER, winners, ranks), a variant's and a team game's header."""
    endings = [("byzantium", byzantium, *byz_history()[-1])]
    variant = {"map": "west", "variant": "isles3"}
    endings.append(("warriors_traders", wt, *wt_history_of(["Ann", "Bo", "Cy"], 3, variant)[-1]))
    teams = {"map": "italy", "variant": "none", "teams": [["Ann", "Bo"], ["Cy", "Dee"]]}
    endings.append(("warriors_traders", wt, *wt_history_of(list(PLAYERS), 3, teams)[-1]))
    for game, module, state, events in endings:
        scene, _, strip = drawn_in(PSEUDO, module, state, highlight_from_events(game, events))
        texts = [mark.content for mark in [*scene.drawn.texts, *strip]]
        assert unwrapped(" ".join(texts), (*NOT_WORDS, "isles3")) == "", (game, [t for t in texts if "⟦" not in t][:20])


def test_the_pseudo_language_is_what_the_board_shows():
    """The check above can fail: an English label left on the board is found."""
    assert unwrapped("⟦Këý⟧ Key", NOT_WORDS) == "Key"


def test_boards_keep_their_size_and_byte_budget_in_each_language(positions):
    """A translated board is the same picture size and about the same bytes as the English one
    (well under Discord's limit): the same budgets hold in every language."""
    for game, _, state, events in positions:
        highlight = highlight_from_events(game, events)
        english_inline, english_board = render_views(game, state, highlight=highlight)
        for lang in LANGS:
            small, board = render_views(game, state, highlight=highlight, lang=lang)
            for data, reference in ((small, english_inline), (board, english_board)):
                assert Image.open(io.BytesIO(data)).size == Image.open(io.BytesIO(reference)).size
                assert len(data) <= 1.15 * len(reference) + 4000, (game, lang, len(data), len(reference))
                assert len(data) < 1_000_000
        assert render_png(game, state, highlight=highlight, lang=None) == english_board


def test_a_language_changes_the_words_not_the_english_board(positions):
    game, _, state, events = positions[0]
    highlight = highlight_from_events(game, events)
    english = render_png(game, state, highlight=highlight)
    assert render_png(game, state, highlight=highlight, lang="en") == english
    assert render_png(game, state, highlight=highlight, lang=PSEUDO) != english
    assert render_png(game, state, highlight=highlight) == english  # no language left behind


@pytest.mark.parametrize("lang", ["de", PSEUDO])
def test_animation_captions_and_chart_speak_the_language(lang):
    steps = byz_history()[:3]
    state = steps[-1][0]
    with kit.language(lang):
        board, palette = byzantium.story_frame(state, None)
    with kit.language(lang), kit.recording() as drawn:
        picture = frame(board, palette, 2, 3, msg("Step {step}/{total}", step=1, total=2))
    caption = [m for m in drawn.texts if m.box[3] <= CAPTION + 1]
    assert len(caption) >= 2
    for mark in caption:
        assert inside(mark.box, (0, 0, picture.width, CAPTION)), mark
    if lang == PSEUDO:
        assert unwrapped(" ".join(m.content for m in caption), NOT_WORDS) == ""
    from render.scene import Seat

    seats = [Seat(name, name[0], kit.PLAYER_COLOURS["red"], ()) for name in PLAYERS]
    series = [byzantium.scores(s) for s, _ in steps]
    with kit.language(lang), kit.recording() as drawn:
        chart = draw_chart(byzantium.TITLE, seats, series)
    assert drawn.texts
    for mark in drawn.texts:
        assert inside(mark.box, (0, 0, chart.width, chart.height)), mark
    if lang == PSEUDO:
        assert unwrapped(" ".join(m.content for m in drawn.texts), NOT_WORDS) == ""


def test_the_command_line_draws_in_a_language(tmp_path):
    replay = tmp_path / "game.json"
    replay.write_text('{"game": "byzantium", "players": ["Ann", "Bo", "Cy"], "seed": 4, "options": {}, "choices": []}')
    english, german = tmp_path / "en.png", tmp_path / "de.png"
    assert render_cli([str(replay), "-o", str(english)]) == 0
    assert render_cli([str(replay), "-o", str(german), "--lang", PSEUDO]) == 0
    assert english.read_bytes() != german.read_bytes()
    assert render_cli([str(replay), "-o", str(german), "--lang", "xx"]) != 0  # not a language: refused
