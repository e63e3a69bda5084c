"""The Warriors & Traders board PNG: decodes at each map's size, is the same for the same state,
draws states from every phase of random games on every map, and shows holders, armies and the
players the game waits on where the summary says."""

import io
import json
import random

import pytest
from PIL import Image

from engine import get_game
from engine.warriors_traders import testkit
from render import highlight_from_events, render_png
from render.__main__ import main as render_main
from render.warriors_traders import draw_board
from render.warriors_traders_board import BAND, COLOURS, NEUTRAL, OUT_OF_PLAY, board, cells, owner_fill
from render.warriors_traders_map import piece_spots
from render.warriors_traders_panels import panel_boxes

GAME = get_game("warriors_traders")
NAME = "warriors_traders"
MAPS = ("west", "east", "italy")


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def rgb(image: Image.Image, xy) -> tuple:
    return image.convert("RGB").getpixel((round(xy[0]), round(xy[1])))


def history(players, seed, options, limit=100_000):
    """(state, events) after every choice of a game played by random legal choices (the
    testkit's bias towards doing things, so games reach battles and conquests)."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed, options)
    steps = [(state, [])]
    while not GAME.is_over(state) and len(steps) < limit:
        state, events, _answer = testkit.random_step(state, rng)
        steps.append((state, events))
    return steps


def interior_point(map_id: str, province: str, clear_of: float = 46, variant: str | None = None) -> tuple[int, int]:
    """A canvas point inside the province's cell (not its edge strip), away from its name and
    pieces, so the fill colour shows there (on a variant's enlarged part of the map)."""
    b = board(map_id, variant)
    p = b.provinces[province]
    labels, _ = cells(map_id, variant, b.view)
    x0, y0, x1, y1 = p.box
    best = None
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            if labels.getpixel((x, y)) == p.index:
                d = abs(x - p.x) + abs(y - p.y)
                if d > clear_of and (best is None or d < best[0]):
                    best = (d, x, y)
    assert best is not None, province
    return best[1], best[2] + b.header


def band_point(map_id: str, province: str) -> tuple[int, int]:
    b = board(map_id)
    p = b.provinces[province]
    labels, _ = cells(map_id)
    x0, y0, x1, y1 = p.box
    for y in range(y0, y1):
        for x in range(x0, x1):
            if labels.getpixel((x, y)) == p.index + BAND:
                return x, y + b.header
    raise AssertionError(province)


@pytest.mark.parametrize("map_id", MAPS)
def test_png_decodes_at_the_map_size_and_assets_agree(map_id):
    state = testkit.start(("Ann", "Bo", "Cy"), map=map_id)
    image = decode(render_png(NAME, state))
    b = board(map_id)
    assert image.format == "PNG" and image.size == (b.width, b.height) and image.width >= 1600
    labels, _ = cells(map_id)
    assert labels.size == (b.map_width, b.map_height)
    # Every province of the engine's map has a cell, its real centre is where the layout's
    # projection puts its lat/lon (the assets match the layout), and its drawn centre is near.
    from engine.warriors_traders.board import board as engine_board
    from render.projection import Projection
    from render.warriors_traders_board import _layout

    projection = Projection.from_dict(_layout()["maps"][map_id]["projection"])
    assert (projection.width, projection.height) == (b.map_width, b.map_height)
    assert set(b.provinces) == set(GAME.summary(state)["provinces"])
    for p in b.provinces.values():
        real = engine_board(map_id).provinces[p.name]
        x, y = projection.to_pixel(real.lat, real.lon)
        assert abs(p.real[0] - x) < 0.2 and abs(p.real[1] - y) < 0.2, p.name
        assert p.box is not None, p.name
        assert abs(p.x - p.real[0]) < 45 and abs(p.y - p.real[1]) < 45, p.name


def test_same_state_gives_identical_bytes():
    steps = history(["Ann", "Bo", "Cy"], 4, {"map": "east", "variant": "none"}, limit=150)
    state, events = steps[-1]
    highlight = highlight_from_events(NAME, events)
    first = render_png(NAME, state, highlight=highlight)
    again = render_png(NAME, GAME.loads(GAME.dumps(state)), highlight=json.loads(json.dumps(highlight)))
    assert first == again
    assert len(first) < 1_000_000


@pytest.mark.parametrize(
    "map_id,players,seed,variant",
    [("west", 4, 3, "none"), ("east", 3, 5, "none"), ("italy", 6, 7, "none"), ("italy", 2, 2, "south2")],
)
def test_states_of_random_games_all_draw(map_id, players, seed, variant):
    names = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"][:players]
    steps = history(names, seed, {"map": map_id, "variant": variant})
    # Every state is too slow for a unit test: a spread of them, always the first and last.
    picks = sorted({0, len(steps) - 1, *range(0, len(steps), max(1, len(steps) // 7))})
    b = board(map_id)
    for index in picks:
        state, events = steps[index]
        highlight = highlight_from_events(NAME, events)
        assert set(highlight) <= {"provinces", "routes", "text", "said"}
        assert all(p in b.provinces for p in highlight.get("provinces", []))
        assert decode(render_png(NAME, state, highlight=highlight)).size == (b.width, b.height)


def test_a_province_changes_colour_where_it_stands_when_it_changes_holder():
    state = testkit.start(("Ann", "Bo"), map="west", nations={"Ann": "england", "Bo": "france"})
    summary = GAME.summary(state)
    assert summary["provinces"]["Wales"]["owner"] is None
    point, edge = interior_point("west", "Wales"), band_point("west", "Wales")
    before = draw_board(summary)
    summary["provinces"]["Wales"]["owner"] = "Ann"
    after = draw_board(summary)
    assert rgb(before, point) == NEUTRAL
    assert rgb(after, point) == owner_fill(COLOURS["red"])
    assert rgb(after, edge) == COLOURS["red"]
    # The encoded PNG keeps those colours exactly (they are in the fixed palette).
    from render.warriors_traders import encode

    assert rgb(decode(encode(after, "west")), point) == owner_fill(COLOURS["red"])


def test_a_real_change_of_holder_recolours_the_province():
    steps = history(["Ann", "Bo", "Cy"], 3, {"map": "italy", "variant": "none"})
    for (before, _), (after, _events) in zip(steps, steps[1:], strict=False):
        old, new = GAME.summary(before), GAME.summary(after)
        changed = [name for name, info in new["provinces"].items()
                   if info["owner"] and info["owner"] != old["provinces"][name]["owner"]]
        if not changed:
            continue
        province = changed[0]
        player = new["provinces"][province]["owner"]
        colour = COLOURS[new["players"][player]["color"]]
        point = interior_point("italy", province)
        assert rgb(decode(render_png(NAME, after)), point) == owner_fill(colour)
        assert rgb(decode(render_png(NAME, before)), point) != owner_fill(colour)
        return
    pytest.fail("nobody took a province in the sample game")


def test_an_army_token_appears_where_the_summary_puts_it():
    state = testkit.start(("Ann", "Bo"), map="east", nations={"Ann": "austria", "Bo": "hungary"})
    testkit.clear(state, "Tirol")
    empty = decode(render_png(NAME, state))
    testkit.put(state, "Bo", "cavalry", "Tirol")
    assert GAME.summary(state)["provinces"]["Tirol"]["armies"][0]["kind"] == "cavalry"
    drawn = decode(render_png(NAME, state))
    b = board("east")
    (x, y), = piece_spots(b.at("Tirol"), 1)
    left_of_letter = (x - 10, y)  # inside the diamond, clear of the letter
    assert rgb(drawn, left_of_letter) == COLOURS[GAME.summary(state)["players"]["Bo"]["color"]]
    assert rgb(empty, left_of_letter) != rgb(drawn, left_of_letter)


def test_every_player_the_game_waits_on_is_framed():
    # Placing the starting tokens, like trading, is decided by everyone at once: once one
    # player has placed theirs, the others still wait.
    state = GAME.setup(["Ann", "Bo", "Cy"], 1, {"map": "west", "variant": "none"})
    assert len(GAME.pending(state)) == 3
    state, _ = GAME.apply(state, "Bo", "tech:trade=3")  # all three starting tokens in one choice
    assert {d.player for d in GAME.pending(state)} == {"Ann", "Cy"}
    waiting = {d.player for d in GAME.pending(state)}
    image = decode(render_png(NAME, state))
    summary = GAME.summary(state)
    order = sorted(summary["players"], key=lambda n: summary["players"][n]["seat"])
    for name, (x0, y0, _x1, y1) in zip(order, panel_boxes(board("west"), len(order)), strict=True):
        frame = rgb(image, (x0 - 3, (y0 + y1) / 2))
        assert (frame == (255, 140, 0)) == (name in waiting), name


def test_left_out_provinces_of_a_variant_are_grey():
    state = testkit.start(("Ann", "Bo"), map="west", variant="britain2")
    assert "Dublin" not in GAME.summary(state)["provinces"]  # Ireland is out of play, in view
    image = decode(render_png(NAME, state))
    assert rgb(image, interior_point("west", "Dublin", variant="britain2")) == OUT_OF_PLAY


def test_highlight_follows_moves_and_battles():
    from engine.core import Event

    events = [
        Event("move", "Ann moves cavalry from Wien to Moravia to attack.", {"player": "Ann", "frm": "Wien", "to": "Moravia"}),
        Event("battle", "Battle in Moravia: Ann deals 3, the barbarians deal 1.", {"province": "Moravia"}),
        Event("income", "Ann receives 2 food.", {"player": "Ann"}),
    ]
    highlight = highlight_from_events(NAME, events)
    assert highlight["routes"] == [["Wien", "Moravia"]]
    assert highlight["provinces"] == ["Moravia"]
    assert "Battle in Moravia" in highlight["text"] and "receives" not in highlight["text"]


def test_the_command_line_draws_a_replay_and_a_wrapped_state(tmp_path):
    players, seed, options = ["Ann", "Bo"], 6, {"map": "italy", "variant": "none"}
    rng = random.Random(1)
    state = GAME.setup(players, seed, options)
    choices = []
    for _ in range(30):
        decision = GAME.pending(state)[0]
        option = testkit.random_answers(decision, rng)[0]
        choices.append([decision.player, option])
        state, _ = GAME.apply(state, decision.player, option)
    record = {"game": NAME, "players": players, "seed": seed, "options": options, "choices": choices}
    (tmp_path / "replay.json").write_text(json.dumps(record))
    (tmp_path / "state.json").write_text(json.dumps({"game": NAME, "state": json.loads(GAME.dumps(state))}))
    assert render_main([str(tmp_path / "replay.json"), "-o", str(tmp_path / "a.png")]) == 0
    assert render_main([str(tmp_path / "state.json"), "-o", str(tmp_path / "b.png")]) == 0
    size = (board("italy").width, board("italy").height)
    assert decode((tmp_path / "a.png").read_bytes()).size == size
    assert (tmp_path / "b.png").read_bytes() == render_png(NAME, state)
    (tmp_path / "bare.json").write_text(GAME.dumps(state))
    assert render_main([str(tmp_path / "bare.json"), "-o", str(tmp_path / "c.png")]) == 0
    assert (tmp_path / "c.png").read_bytes() == (tmp_path / "b.png").read_bytes()


@pytest.mark.parametrize("map_id", ["west", "east", "italy"])
def test_a_variant_fills_the_map_with_the_part_in_play(map_id):
    """Issue 13: a 2- or 3-player variant is drawn on its part of the map, enlarged: every
    province in play stands inside the map area with its whole cell, those cells reach across
    most of the map's width or height, and the key hides none of them."""
    from engine.warriors_traders.board import board as engine_board
    from engine.warriors_traders.board import variants

    whole = board(map_id)
    for variant in variants(map_id):
        b = board(map_id, variant)
        names = [n for n in engine_board(map_id, variant).provinces if whole.provinces[n].box]
        boxes = [b.provinces[n].box for n in names]
        assert all(box is not None for box in boxes), variant
        x0, y0 = min(box[0] for box in boxes), min(box[1] for box in boxes)
        x1, y1 = max(box[2] for box in boxes), max(box[3] for box in boxes)
        assert x0 >= 0 and y0 >= 0 and x1 <= b.map_width and y1 <= b.map_height, variant
        assert (x1 - x0) >= 0.8 * b.map_width or (y1 - y0) >= 0.8 * b.map_height, (variant, (x0, y0, x1, y1))
        old = [whole.provinces[n].box for n in names]
        old_span = max(max(o[2] for o in old) - min(o[0] for o in old), max(o[3] for o in old) - min(o[1] for o in old))
        assert max(x1 - x0, y1 - y0) >= old_span, variant  # never smaller than on the whole map
        lx0, ly0, lx1, ly1 = b.legend
        for name in names:
            p = b.provinces[name]
            assert not (lx0 - 40 < p.x < lx1 + 40 and ly0 - 20 < p.y < ly1 + 30), (variant, name, b.legend)


def test_a_variant_board_is_drawn_on_its_part_of_the_map():
    state = testkit.start(("Ann", "Bo", "Cy"), map="italy", variant="north3")
    assert board("italy", "north3").view is not None
    image = decode(render_png(NAME, state))
    summary = GAME.summary(state)
    held = next(n for n, info in summary["provinces"].items() if info.get("owner"))
    colour = COLOURS[summary["players"][summary["provinces"][held]["owner"]]["color"]]
    assert rgb(image, interior_point("italy", held, clear_of=90, variant="north3")) == owner_fill(colour)


def test_the_header_names_a_variant_by_its_place_and_players_not_its_id():
    from render.warriors_traders_panels import header_title

    state = get_game("warriors_traders").setup(["Ann", "Bo", "Cy"], 1, {"map": "west", "variant": "isles3"})
    summary = get_game("warriors_traders").view(state, None)
    assert summary["variant"] == "isles3"
    assert header_title(summary, "West Europe") == "WARRIORS & TRADERS · West Europe · British Isles, 3 players"
    whole = get_game("warriors_traders").setup(["Ann", "Bo", "Cy"], 1, {"map": "west", "variant": "none"})
    assert header_title(get_game("warriors_traders").view(whole, None), "West Europe") == "WARRIORS & TRADERS · West Europe"


def test_the_close_up_tells_what_every_player_gets_in_turn_once():
    """The Last band read "Ann has nothing left to trade in this phase. Bo has nothing left to
    trade in this phase. Cy ..." (issue 28 item 9): the board tells the run once, as the bot's
    posts and the terminal do (engine.told)."""
    from engine.core import Event
    from engine.text import msg
    from render import warriors_traders as wt_render

    done = [Event("trade_done", msg("{player} has nothing left to trade in this phase.", player=p), {"player": p})
            for p in ("Ann", "Bo", "Cy", "Dee")]
    highlight = wt_render.highlight_from_events(done)
    assert highlight["text"] == "Ann, Bo, Cy and Dee have nothing left to trade in this phase."
    assert [text for text, _ in highlight["said"]] == [highlight["text"]]
