"""The Byzantium board PNG: decodes at the board's size, is the same for the same state, draws
every kind of state a game reaches, and shows cities and armies where the summary says."""

import io
import random
from dataclasses import dataclass

import pytest
from PIL import Image

from engine import get_game
from render import highlight_from_events, render_png
from render.byzantium import draw_board
from render.byzantium_board import SIDE_COLOURS, board
from render.byzantium_city import CITY_RADIUS
from render.kit import PLAYER_COLOURS

GAME = get_game("byzantium")


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def random_game(players, seed, limit=400):
    """(state, events) after every choice of a game played by random legal choices."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {})
    history = [(state, [])]
    while not GAME.is_over(state) and len(history) < limit:
        decision = GAME.pending(state)[0]
        state, events = GAME.apply(state, decision.player, rng.choice(decision.options).id)
        history.append((state, events))
    return history


@dataclass(frozen=True)
class FakeEvent:
    kind: str
    text: str
    data: dict


def test_png_decodes_at_the_board_size():
    state = GAME.setup(["Ann", "Bo", "Cy"], 1, {})
    image = decode(render_png("byzantium", state))
    assert image.format == "PNG"
    assert image.size == (board().width, board().height)
    assert image.width >= 1600


def test_base_map_asset_matches_the_projection_and_every_city_is_placed():
    from render.kit import asset_image

    b = board()
    assert asset_image("byzantium_base.png").size == (b.width, b.map_height)
    assert len(b.cities) == 33 and len(b.routes) == 56
    for city in b.cities.values():
        assert 0 < city.x < b.width and b.header < city.y < b.panels_top


def test_unknown_game_is_refused():
    with pytest.raises(ValueError, match="No board drawing"):
        render_png("chess", object())


def test_same_state_gives_identical_bytes():
    history = random_game(["Ann", "Bo", "Cy", "Dee"], 11, limit=60)
    state, events = history[-1]
    highlight = highlight_from_events("byzantium", events)
    first = render_png("byzantium", state, highlight=highlight)
    again = render_png("byzantium", GAME.loads(GAME.dumps(state)), highlight=dict(highlight))
    assert first == again


@pytest.mark.parametrize("players,seed", [(["Ann", "Bo"], 3), (["Ann", "Bo", "Cy"], 5), (["Ann", "Abe", "Cy", "Dee"], 8)])
def test_states_of_random_games_all_draw(players, seed):
    history = random_game(players, seed)
    # Every state is too slow for a unit test: a spread of them, always the first and last.
    picks = sorted({0, len(history) - 1, *range(0, len(history), max(1, len(history) // 6))})
    for index in picks:
        state, events = history[index]
        data = render_png("byzantium", state, highlight=highlight_from_events("byzantium", events))
        assert decode(data).size == (board().width, board().height)


def test_every_event_list_of_a_game_makes_a_valid_highlight():
    for _state, events in random_game(["Ann", "Bo", "Cy"], 21):
        highlight = highlight_from_events("byzantium", events)
        assert set(highlight) <= {"cities", "routes", "boxes", "text", "said"}
        assert all(city in board().cities for city in highlight.get("cities", []))


def test_highlight_follows_moves_and_marks_conquests():
    events = [
        FakeEvent("move", "Ann's arab army moves from Tabuk to Jerusalem.", {"player": "Ann", "frm": "Tabuk", "to": "Jerusalem"}),
        FakeEvent("roll", "Ann rolls 6", {}),
        FakeEvent("conquest", "Ann conquers Jerusalem.", {"player": "Ann", "city": "Jerusalem", "side": "arab"}),
    ]
    highlight = highlight_from_events("byzantium", events)
    assert highlight["routes"] == [["Tabuk", "Jerusalem"]]
    assert highlight["cities"] == ["Jerusalem"]
    assert "conquers Jerusalem" in highlight["text"] and "rolls" not in highlight["text"]


def test_highlight_marks_the_special_action_box_taken():
    events = [FakeEvent("special", "Bo takes the special action: Fortify.", {"player": "Bo", "action": "fortify", "box": "fortify_2"})]
    assert highlight_from_events("byzantium", events) == {
        "boxes": ["fortify_2"], "text": "Bo takes the special action: Fortify.",
        "said": [["Bo takes the special action: Fortify.", False]],
    }  # fmt: skip


# -- pixel checks on hand-made summaries, so they do not depend on how a game goes ------------


def summary(players=("Ann", "Bo"), **changes):
    """A summary in the engine's format: a fresh game's, with `changes` applied."""
    base = GAME.summary(GAME.setup(list(players), 1, {}))
    for key, value in changes.items():
        base[key] = value
    return base


def pixel(image, xy):
    return image.convert("RGB").getpixel((round(xy[0]), round(xy[1])))


def disc_point(city):
    """A point on the city's disc clear of its numeral (left of centre)."""
    return (city.x - CITY_RADIUS + 5, city.y)


def test_a_conquered_city_changes_colour_where_it_stands():
    damascus = board().cities["Damascus"]
    before = summary()
    after = summary()
    after["cities"]["Damascus"] = dict(before["cities"]["Damascus"], side="arab", markers=2, controller="Bo")
    image_before = decode(render_png_from(before))
    image_after = decode(render_png_from(after))
    assert pixel(image_before, disc_point(damascus)) == SIDE_COLOURS["byzantine"]
    assert pixel(image_after, disc_point(damascus)) == SIDE_COLOURS["arab"]
    # The controller's colour rings the city.
    ring = (damascus.x, damascus.y - CITY_RADIUS - 6)
    assert pixel(image_after, ring) == PLAYER_COLOURS["yellow"]


def test_a_real_conquest_recolours_the_city():
    for seed in range(40):
        history = random_game(["Ann", "Bo", "Cy"], seed)
        for (before, _), (after, events) in zip(history, history[1:], strict=False):
            conquest = next((e for e in events if e.kind == "conquest" and e.data.get("city") != "Constantinople"), None)
            if conquest is None:
                continue
            city = board().cities[conquest.data["city"]]
            old = GAME.summary(before)["cities"][city.name]["side"]
            new = GAME.summary(after)["cities"][city.name]["side"]
            assert pixel(decode(render_png("byzantium", before)), disc_point(city)) == SIDE_COLOURS[old]
            assert pixel(decode(render_png("byzantium", after)), disc_point(city)) == SIDE_COLOURS[new]
            return
    pytest.skip("no conquest in the sampled games")


def test_an_army_appears_where_the_summary_says():
    ankara = board().cities["Ankara"]
    away = summary()
    there = summary()
    there["players"]["Ann"]["army"]["byzantine"]["at"] = "Ankara"
    image_away = decode(render_png_from(away)).convert("RGB")
    image_there = decode(render_png_from(there)).convert("RGB")
    red = PLAYER_COLOURS["red"]

    def red_pixels_near(image, city, reach=110):
        return sum(
            1
            for x in range(int(city.x - reach), int(city.x + reach), 2)
            for y in range(int(city.y - reach), int(city.y + reach), 2)
            if image.getpixel((x, y)) == red
        )

    assert red_pixels_near(image_away, ankara) == 0
    assert red_pixels_near(image_there, ankara) > 100  # a token about 44 px across, sampled every 2 px
    # ...and nowhere near a city where it is not.
    assert red_pixels_near(image_there, board().cities["Mecca"]) == 0


def test_armies_sharing_a_city_are_all_visible():
    crowded = summary(players=("Ann", "Bo", "Cy", "Dee"))
    for name in ("Ann", "Bo", "Cy", "Dee"):
        crowded["players"][name]["army"]["byzantine"]["at"] = "Antioch"
        crowded["players"][name]["army"]["arab"]["at"] = "Antioch"
    image = decode(render_png_from(crowded)).convert("RGB")
    antioch = board().cities["Antioch"]
    box = image.crop((antioch.x - 260, antioch.y - 260, antioch.x + 260, antioch.y + 260))
    counts = {colour: n for n, colour in box.getcolors(1 << 20)}
    for colour in PLAYER_COLOURS.values():
        assert counts.get(colour, 0) > 400  # two tokens of each player's colour


def render_png_from(summary_dict) -> bytes:
    from render.byzantium import encode

    return encode(draw_board(summary_dict))


def test_layout_has_no_collisions():
    """With every city's badge, fort and two armies drawn, no name, disc, mark or army covers
    another (render/byzantium_layout.json edits must keep it so)."""
    from render.byzantium_geometry import collisions

    assert collisions(board().cities, board().boxes) == []


def test_treasury_is_called_bezants_as_in_every_prompt():
    """Rulebook "Bezants": the prompts and the terminal name the money bezants, so the army
    cards' treasury row says the same (it said "Gold")."""
    from render.byzantium import scene

    state = random_game(["Ann", "Bo", "Cy"], 4, limit=30)[-1][0]
    drawn = [t.content for t in scene(state).drawn.texts]
    assert drawn.count("Bezants") == 6  # both cards of each of three panels
    assert "Gold" not in drawn
