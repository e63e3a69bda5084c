"""The Alexander board PNG (issue 11 item 4): drawn from the public view only, it decodes at its
size, is the same for the same view, places nothing of one meaning over another, explains
every mark in its key, shows pieces and colours where the view puts them, never differs with
what a side holds in secret, and reads at the chat's 550 px."""

import io
import json
import math
import random

import pytest
from PIL import Image

from engine.alexander import GAME, testkit
from engine.alexander.state import Siege, Tribe
from engine.core import Event, IllegalAction, enumerate_answers
from render import (
    alexander,
    alexander_map,
    highlight_from_events,
    inline,
    kit,
    render_animation,
    render_png,
    render_score_chart,
    render_views,
    scores,
)
from render.alexander_board import CONTROL_FILL, SIDE_COLOURS, TRIBE, board, cell_images
from render.alexander_geometry import free_space, overlaps, static_footprints, static_layout, symbol_box
from render.alexander_key import KINDS
from render.alexander_map import place_pieces
from render.alexander_panels import panel_boxes
from render.alexander_words import LABELS

NAME = "alexander"


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def history(seed: int, steps: int = 260) -> list[tuple]:
    """(state, public events) after each decision of a game of random legal answers."""
    rng = random.Random(seed)
    state = GAME.setup(["Ann", "Bo"], seed, {"garrisons": "suggested"})
    out = [(state, [])]
    while not GAME.is_over(state) and len(out) < steps:
        decision = GAME.pending(state)[0]
        try:
            state, events = GAME.apply(state, decision.player, rng.choice(enumerate_answers(decision, 100)))
        except IllegalAction:
            continue
        out.append((state, [e for e in events if e.public]))
    return out


def rich_state():
    """A position with one of every kind of thing the board shows."""
    s = testkit.start(3)
    testkit.clear(s)
    testkit.army(s, "macedonian", 1, "Sardes", 33, elite=4, leaders=("Alexander III", "Parmenion"))
    testkit.army(s, "macedonian", 2, "Gordium", 12, elite=1)
    testkit.army(s, "persian", 1, "Babylon", 42, elite=1, leaders=("Darius III",), inside=True)
    testkit.army(s, "persian", 2, "Tarsus", 9, leaders=("Memnon",))
    s.army("macedonian.2").fatigued = True
    s.army("persian.2").useless = True
    testkit.fleet(s, "Macedonian", "macedonian", "Miletus", 3, leaders=("Hegelochus",))
    testkit.fleet(s, "Tyrian", "persian", "Tyre", 4)
    testkit.garrison(s, "persian", "Sardes", gsp=4)
    testkit.garrison(s, "persian", "Damascus", gsp=2, asp=6)
    testkit.garrison(s, "macedonian", "Pella", gsp=3)
    s.tribes = {"Uxii": Tribe(name="Uxii", gsp=1)}
    s.sieges = {"Sardes": Siege(army="macedonian.1", points=2)}
    s.alexandrias = ["Alexandria", "Issus"]
    s.revolt, s.devastated, s.drought, s.bad_weather = ["Greece"], ["Lydia"], ["Egypt"], ["Cilicia"]
    s.treasuries["Babylon"].level = "low"
    s.treasuries["Susa"].level = "empty"
    s.unusable = ["Ecbatana"]
    s.leaders["Bessus"] = "space:Arbela"
    s.leaders["Mazaeus"] = "ill:army:persian.1"
    s.royal_treasury.where, s.royal_treasury.level = "space:Susa", "full"
    s.royal_family.where = "space:Persepolis"
    s.weariness, s.injury = 9, 14
    return testkit.fresh(s)


@pytest.fixture(scope="module")
def steps():
    return history(2) + history(5)[100:]


def spread(items, count=8):
    return [items[i] for i in sorted({0, len(items) - 1, *range(0, len(items), max(1, len(items) // count))})]


def test_png_decodes_at_the_board_size_and_is_deterministic(steps):
    state, events = steps[-1]
    highlight = highlight_from_events(NAME, events)
    data = render_png(NAME, GAME.view(state, None), highlight=highlight)
    image = decode(data)
    assert image.size == (board().width, board().height)
    assert len(data) < 1_000_000
    again = render_png(NAME, json.loads(json.dumps(GAME.view(GAME.loads(GAME.dumps(state)), None))),
                       highlight=json.loads(json.dumps(highlight)))  # fmt: skip
    assert again == data
    assert render_png(NAME, state, highlight=highlight) == data  # a state is drawn from its public view


def test_assets_agree_with_the_engine_map():
    """Every space of map.json is drawn, at the warped projection of its lat/lon pushed apart
    by at most a few tens of px, and no two spaces closer than the layout's gap allows."""
    from engine.alexander.board import board as engine_board
    from render.alexander_board import layout
    from render.projection import Warped

    sidecar = json.loads(
        (
            __import__("pathlib").Path(alexander.__file__).parent / "assets" / "alexander_cells.json"
        ).read_text()
    )
    warp = Warped(
        tuple(map(tuple, sidecar["x_knots"])), tuple(map(tuple, sidecar["y_knots"])), *sidecar["size"]
    )
    b = board()
    assert set(b.spaces) == set(engine_board().spaces) and len(b.spaces) == 139
    for s in sidecar["spaces"]:
        x, y = warp.to_pixel(s["lat"], s["lon"])
        assert abs(x - s["real"][0]) < 0.2 and abs(y - s["real"][1]) < 0.2, s["name"]
        assert math.dist(s["real"], s["at"]) < 64, s["name"]
    gap = layout()["min_gap"]
    points = [(s.x, s.y) for s in b.spaces.values()]
    assert min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :]) > gap - 3
    provinces = {c.name for c in b.cells.values() if c.kind == "province"}
    assert provinces == set(engine_board().provinces) and len(provinces) == 38
    assert all(c.box for c in b.cells.values())


def test_static_layout_places_every_name_clear_of_every_other_mark():
    layout = static_layout()
    assert layout.unplaced == ()
    assert len(layout.names) == 139 and len(layout.provinces) == 38
    marks = list(static_footprints())
    clashes = [(a[:2], c[:2]) for i, a in enumerate(marks) for c in marks[i + 1 :] if overlaps(a[2], c[2])]
    assert clashes == []
    x0, y0, x1, y1 = board().map_box
    assert all(x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1 for _, _, box in marks)


def _placed(view, highlight=None):
    with kit.recording() as drawn:
        image, placed = alexander.draw_board(view, highlight)
    return image, placed, drawn


def test_pieces_and_markers_cover_nothing_of_another_meaning(steps):
    views = [GAME.view(rich_state(), None)] + [GAME.view(s, None) for s, _ in spread(steps, 10)]
    statics = [(kind, box) for kind, _, box in static_footprints()]
    for view in views:
        _, placed, _ = _placed(view)
        assert placed
        for i, (kind, box, _) in enumerate(placed):
            assert not [k for k, other in statics if overlaps(box, other)], (kind, box)
            assert not [k for k, other, _ in placed[i + 1 :] if overlaps(box, other)], (kind, box)
    _, placed, _ = _placed(views[0])
    assert {"army", "fleet", "loose", "leader", "royal_treasury", "royal_family", "revolt", "devastated", "drought",
            "bad_weather"} <= {kind for kind, _, _ in placed}  # fmt: skip


def test_every_mark_on_the_board_is_in_its_key(steps):
    seen: set[str] = set()
    cases = [(rich_state(), [Event("move", "Alexander marches.", {"frm": "Ephesus", "space": "Sardes"}),
                             Event("revolt", "Greece revolts.", {"province": "Greece"})])]  # fmt: skip
    cases += spread(steps, 10)
    for state, events in cases:
        _, _, drawn = _placed(GAME.view(state, None), highlight_from_events(NAME, events))
        assert drawn.marks <= KINDS, drawn.marks - KINDS
        seen |= drawn.marks
    assert {"army", "elite", "inside", "besieging", "spent", "fleet", "loose", "leader", "garrison", "tribe",
            "alexandria", "revolt", "devastated", "drought", "bad_weather", "royal_treasury", "royal_family",
            "treasury_city", "defense", "halo", "band", "link_pass", "link_open_sea", "hand"} <= seen  # fmt: skip


def test_no_text_is_cut_at_the_board_edge(steps):
    for state, events in [(rich_state(), []), *spread(steps, 5)]:
        image, _, drawn = _placed(GAME.view(state, None), highlight_from_events(NAME, events))
        assert len(drawn.texts) > 300
        for mark in drawn.texts:
            x0, y0, x1, y1 = mark.box
            assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, mark


def test_panel_texts_stay_in_their_panels_with_words_40_percent_longer(monkeypatch):
    """Translations run longer than English (issue 17): every label of the table 40% longer
    still fits its panel (it shrinks, wraps or is cut with "…", never runs out)."""
    longer = {
        key: value + "x" * math.ceil(len(value) * 0.4) for key, value in LABELS.items() if len(value) > 1
    }
    for key, value in longer.items():
        monkeypatch.setitem(LABELS, key, value)
    from render import alexander_key

    alexander_key.key_layer.cache_clear()
    try:
        _, _, drawn = _placed(GAME.view(rich_state(), None))
    finally:
        alexander_key.key_layer.cache_clear()
    boxes = panel_boxes(board())
    for mark in drawn.texts:
        if mark.box[1] >= board().panels_top:
            assert any(
                b[0] <= mark.box[0] and mark.box[2] <= b[2] and mark.box[3] <= b[3] for b in boxes.values()
            ), mark


def _rgb(image, xy):
    return image.getpixel((round(xy[0]), round(xy[1])))


def test_an_army_appears_where_the_view_puts_it():
    state = testkit.start(4)
    testkit.clear(state)
    empty = testkit.fresh(state)
    testkit.army(state, "persian", 2, "Ancyra", 27, leaders=("Memnon",))
    state = testkit.fresh(state)
    view = GAME.view(state, None)
    assert [(a["space"], a["asp"]) for a in view["armies"]] == [("Ancyra", 27)]
    [(piece, (cx, cy), box, _)] = [
        p for p in place_pieces(board(), view, free_space().copy()) if p[0].kind == "army"
    ]
    assert math.dist((cx, cy), board().at("Ancyra")) < 120
    drawn, before = decode(render_png(NAME, view)), decode(render_png(NAME, GAME.view(empty, None)))
    corner = (box[0] + 5, box[1] + 5)  # the strength square, clear of its number
    assert _rgb(drawn, corner) == SIDE_COLOURS["persian"]
    assert _rgb(before, corner) != SIDE_COLOURS["persian"]


def test_a_garrison_and_a_tribe_fill_their_space_and_control_colours_the_province():
    state = rich_state()
    image = decode(render_png(NAME, GAME.view(state, None)))
    b = board()
    sardes, pella, uxii = b.at("Sardes"), b.at("Pella"), b.at("Uxii")
    assert (
        _rgb(image, (sardes[0] - 7, sardes[1])) == SIDE_COLOURS["persian"]
    )  # inside the hexagon, left of "4"
    assert _rgb(image, (pella[0] - 7, pella[1])) == SIDE_COLOURS["macedonian"]
    assert _rgb(image, (uxii[0] - 7, uxii[1] - 7)) == TRIBE
    # A point deep inside Macedonia's cell, away from every mark: the Macedonian tint.
    labels, _ = cell_images()
    cell = b.cells["Macedonia"]
    statics = [box for _, _, box in static_footprints()]
    for y in range(cell.box[1], cell.box[3], 3):
        for x in range(cell.box[0], cell.box[2], 3):
            if labels.getpixel((x, y)) == cell.index and not any(
                box[0] - 8 < x < box[2] + 8 and box[1] - 8 < y + b.header < box[3] + 8 for box in statics
            ):
                spot = (x, y + b.header)
                break
        else:
            continue
        break
    if _rgb(image, spot) != CONTROL_FILL["macedonian"]:  # a link may run there: look round it
        assert CONTROL_FILL["macedonian"] in {
            _rgb(image, (spot[0] + dx, spot[1] + dy)) for dx in (-3, 3) for dy in (-3, 3)
        }


def test_two_states_differing_only_in_secrets_draw_the_same_bytes():
    """Hands, the deck's order and which leaders are held face down are secret (the public
    view has hand sizes and counts): swapping them changes no byte of the picture."""
    state = rich_state()
    other = GAME.copy_state(state)
    pool = other.hands["macedonian"] + other.hands["persian"] + other.deck
    rng = random.Random(9)
    rng.shuffle(pool)
    sizes = {side: len(h) for side, h in other.hands.items()}
    other.hands = {"macedonian": pool[: sizes["macedonian"]],
                   "persian": pool[sizes["macedonian"]: sizes["macedonian"] + sizes["persian"]]}  # fmt: skip
    other.deck = pool[sizes["macedonian"] + sizes["persian"] :]
    hidden = [n for n, where in state.leaders.items() if where in ("hand", "cup")]
    assert hidden
    held = [n for n in hidden if state.leaders[n] == "hand"]
    for name in hidden:  # the same number held face down, but other leaders
        other.leaders[name] = "cup"
    from engine.alexander.board import board as engine_board

    for side in ("macedonian", "persian"):
        count = sum(1 for n in held if engine_board().leaders[n].side == side)
        for name in [n for n in reversed(hidden) if engine_board().leaders[n].side == side][:count]:
            other.leaders[name] = "hand"
    other = testkit.fresh(other)
    assert other.hands != state.hands
    highlight = highlight_from_events(
        NAME, [Event("move", "A march.", {"frm": "Ephesus", "space": "Sardes"})]
    )
    assert render_png(NAME, other, highlight=highlight) == render_png(NAME, state, highlight=highlight)
    with kit.recording() as drawn:
        alexander.scene(state, highlight)
    words = " ".join(m.content for m in drawn.texts)
    assert not [n for n in hidden if n.split()[0] in words]


def test_the_inline_image_reads_at_discords_width(steps):
    cases = [(rich_state(), [Event("move", "Alexander marches.", {"frm": "Ephesus", "space": "Sardes"})])]
    cases += spread(steps, 6)
    for state, events in cases:
        highlight = highlight_from_events(NAME, events)
        scene = alexander.scene(state, highlight)
        image, texts = inline.draw_inline(scene)
        assert image.size == (inline.WIDTH, inline.HEIGHT)
        assert len(texts) > 8
        assert inline.smallest_text_px(texts) >= 9, min(texts, key=lambda m: m.size)
    scene = alexander.scene(cases[0][0], highlight_from_events(NAME, cases[0][1]))
    x0, y0, x1, y1 = inline.focus_box(scene)
    for name in ("Ephesus", "Sardes"):
        x, y = board().at(name)
        assert x0 < x < x1 and y0 < y < y1
    # The army that stands there is in view too, card and all.
    _, placed, _ = _placed(GAME.view(cases[0][0], None))
    [(_, card, _)] = [p for p in placed if p[0] == "army" and p[2] == "Sardes"]
    assert x0 <= card[0] and card[2] <= x1 and y0 <= card[1] and card[3] <= y1


def test_highlight_follows_moves_places_and_provinces():
    events = [
        Event(
            "move", "Army #1 moves to Sardes.", {"frm": "Ephesus", "space": "Sardes", "unit": "macedonian.1"}
        ),
        Event("battle_won", "The Macedonian wins.", {"winner": "macedonian"}),
        Event("revolt", "Greece revolts.", {"province": "Greece"}),
        Event("roll", "3 + 4", {"dice": [3, 4]}),
    ]
    highlight = highlight_from_events(NAME, events)
    assert highlight["routes"] == [["Ephesus", "Sardes"]]
    assert highlight["spaces"] == ["Ephesus", "Sardes"] and highlight["provinces"] == ["Greece"]
    assert "wins" in highlight["text"] and "3 + 4" not in highlight["text"]
    assert ["The Macedonian wins.", True] in highlight["said"]


def test_views_story_and_chart_work_for_alexander(steps):
    state, events = steps[40]
    inline_png, board_png = render_views(
        NAME, GAME.view(state, None), highlight=highlight_from_events(NAME, events)
    )
    assert decode(inline_png).size == (inline.WIDTH, inline.HEIGHT) and len(board_png) < 1_000_000
    gif = render_animation(NAME, [(GAME.view(s, None), f"step {i}") for i, (s, _) in enumerate(steps[:3])])
    assert Image.open(io.BytesIO(gif)).n_frames == 3
    series = [scores(NAME, GAME.view(s, None)) for s, _ in steps[::20]]
    assert set(series[0]) == {"Ann", "Bo"} and all(LABELS["score_provinces"] in v for v in series[0].values())
    assert sum(series[0][p][LABELS["score_provinces"]] for p in series[0]) > 20
    chart = decode(render_score_chart(NAME, series, state=GAME.view(state, None)))
    colours = {c for _, c in chart.getcolors(1 << 20)}
    assert SIDE_COLOURS["macedonian"] in colours and SIDE_COLOURS["persian"] in colours


def test_the_key_has_a_row_for_every_link_and_space_kind():
    from engine.alexander.board import MOVE_COST

    assert {f"link_{kind}" for kind in MOVE_COST} <= KINDS
    assert {"minor_city", "major_city", "treasury_city", "stronghold", "transit"} <= KINDS
    assert symbol_box(board().spaces["Pella"])  # a treasury city has its ring kept free


def test_an_alexandria_on_a_transit_point_is_drawn_as_a_city():
    """13.0: Alexandria in Egypt is a transit point until built, then a minor city (with its
    2 GSP); other transit points may take an Alexandria too (Anatho, Assur)."""
    state = rich_state()
    b = board()
    x, y = b.at("Alexandria")
    before = decode(render_png(NAME, GAME.view(state, None)))
    state.alexandrias = ["Issus"]
    without = decode(render_png(NAME, GAME.view(state, None)))
    assert _rgb(without, (x + 9, y)) != SIDE_COLOURS["macedonian"]  # a small red dot, and map round it
    testkit.garrison(state, "macedonian", "Alexandria", gsp=2)
    state.alexandrias = ["Alexandria"]
    built = decode(render_png(NAME, GAME.view(testkit.fresh(state), None)))
    assert _rgb(built, (x - 7, y)) == SIDE_COLOURS["macedonian"]  # a minor city's disc with the garrison
    assert before.size == built.size


def test_private_events_never_reach_the_highlight():
    events = [
        Event("draw", "You draw Spies.", {"side": "macedonian", "card": "spies"}, private_to=("Ann",)),
        Event("move", "Army #1 moves to Sardes.", {"frm": "Ephesus", "space": "Sardes"}),
    ]
    highlight = highlight_from_events(NAME, events)
    assert "Spies" not in highlight["text"] and highlight["routes"] == [["Ephesus", "Sardes"]]


def test_free_space_keeps_a_piece_within_its_reach_or_says_there_is_none():
    anchor = board().at("Ancyra")
    free = free_space().copy()
    free.placed.append(free._cells((anchor[0] - 200, anchor[1] - 200, anchor[0] + 200, anchor[1] + 200)))
    assert free.copy().place(anchor, (30, 30), reach=150) is None
    far = free.copy().place(anchor, (30, 30))
    near = free.copy().place(anchor, (30, 30), reach=300)
    for box in (far, near):
        assert box is not None
        assert not (box[2] > anchor[0] - 200 and box[0] < anchor[0] + 200
                    and box[3] > anchor[1] - 200 and box[1] < anchor[1] + 200)  # fmt: skip
    assert math.dist(((near[0] + near[2]) / 2, (near[1] + near[3]) / 2), anchor) <= 300


def test_a_crowded_piece_takes_its_shorter_form(monkeypatch):
    """A card too long for any spot near its space is drawn in its shorter form there, rather
    than far away in its full form."""
    state = testkit.start(4)
    testkit.clear(state)
    testkit.army(state, "persian", 2, "Ancyra", 27, leaders=("Memnon",))
    view = GAME.view(testkit.fresh(state), None)
    real = alexander_map.pieces

    def widened(b, v):
        out = []
        for piece in real(b, v):
            if piece.kind == "army":
                (_, draw), *rest = piece.forms
                piece = alexander_map.Piece(piece.space, piece.kind, (((5000, 30), draw), *rest), piece.line)
            out.append(piece)
        return out

    monkeypatch.setattr(alexander_map, "pieces", widened)
    [(piece, centre, box, draw)] = [
        p for p in place_pieces(board(), view, free_space().copy()) if p[0].kind == "army"
    ]
    assert draw is piece.forms[1][1]
    assert box[2] - box[0] == pytest.approx(piece.forms[1][0][0], abs=1)
    assert math.dist(centre, board().at("Ancyra")) <= alexander_map.REACH


def test_the_header_names_the_side_once_badge_and_seat_not_the_prompt_again():
    """The engine puts the side before each prompt for the chat (a solitaire member holds both
    seats); the board's header shows the side's badge and the seat, so it drops that prefix."""
    from render.alexander_panels import asked

    state = testkit.to_activity(testkit.fresh(testkit.start(mac="Ann", per="Bo")))
    view = GAME.view(state, None)
    decision = GAME.pending(state)[0]
    assert not decision.private and str(decision.prompt).startswith("Macedonian: ")
    side, player, prompt = asked(view)
    assert (side, player) == ("macedonian", "Ann")
    assert prompt == str(decision.prompt).removeprefix("Macedonian: ") and not prompt.startswith("Macedonian")
    assert asked(json.loads(json.dumps(view)))[2] == prompt  # the view as JSON (plain English text) too
