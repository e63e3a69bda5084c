"""No label under another mark (issue 28 item 6): the full Byzantium board's key, growing with
the longer words of Italian and Polish, covered Alexandria's name."""

from __future__ import annotations

import pytest

from render import kit
from render.byzantium_board import board
from render.byzantium_geometry import disc_circle, label_box


@pytest.mark.parametrize("lang", [None, "it", "de", "pl", "qps"])
def test_the_byzantium_key_covers_no_city_name_or_disc_in_any_language(lang):
    with kit.language(lang):
        b = board()
        x0, y0, x1, y1 = b.boxes["legend"]
        for city in b.cities.values():
            lx0, ly0, lx1, ly1 = label_box(city)
            assert not (lx1 > x0 and lx0 < x1 and ly1 > y0 and ly0 < y1), (lang, city.name, "name")
            cx, cy, r = disc_circle(city)
            assert not (cx + r > x0 and cx - r < x1 and cy + r > y0 and cy - r < y1), (lang, city.name, "disc")


def test_a_highlight_ring_never_covers_a_nations_name():
    """The ring round Jylland covered "DENMARK"; nation names are drawn over the highlight."""
    from engine import get_game
    from render import warriors_traders as wt
    from render.warriors_traders_map import NATION_INK

    game = get_game("warriors_traders")
    state = game.setup(["Ann", "Bo", "Cy"], 3, {"map": "west", "variant": "none"})
    with kit.recording() as drawn:
        plain = wt.scene(state, {}).image
    [denmark] = [m for m in drawn.texts if m.content.startswith("DENMARK")]
    ringed = wt.scene(state, {"provinces": ["Jylland"]}).image
    box = tuple(round(v) for v in denmark.box)

    def ink(image):
        part = image.crop(box)
        return sum(1 for x in range(part.width) for y in range(part.height) if part.getpixel((x, y)) == NATION_INK)

    assert ink(plain) > 20 and ink(ringed) == ink(plain)


def test_a_warriors_traders_battle_is_framed_on_its_site_not_where_the_losers_went():
    """A battle at Orkney was framed on Jylland, where the barbarians retreated (issue 28 item 5)."""
    from engine import get_game
    from engine.core import Event
    from render import inline
    from render import warriors_traders as wt

    events = [Event("battle", "Battle in Orkney.", {"province": "Orkney"}),
              Event("retreat", "The barbarians retreat to Jylland.", {"province": "Orkney", "to": "Jylland"})]
    highlight = wt.highlight_from_events(events)
    assert highlight["provinces"][-1] == "Orkney" and "Jylland" in highlight["provinces"]
    assert highlight["routes"] == [["Orkney", "Jylland"]]
    state = get_game("warriors_traders").setup(["Ann", "Bo", "Cy"], 3, {"map": "west", "variant": "none"})
    scene = wt.scene(state, highlight)
    x0, y0, x1, y1 = inline.focus_box(scene)
    ox, oy = wt.board("west", None).at("Orkney")
    assert x0 < ox < x1 and y0 < oy < y1


def test_the_byzantium_close_up_says_the_round_once():
    """"BYZANTIUM · Round 1" then "Bo: Round 1: choose your action.": the strip's prompt leaves
    the round to the title (issue 28 item 9)."""
    from engine import get_game
    from render import byzantium
    from render.inline import draw_inline

    game = get_game("byzantium")
    state = game.setup(["Ann", "Bo", "Cy"], 5, {})
    scene = byzantium.scene(state, {})
    _, texts = draw_inline(scene)
    said = [t.content for t in texts]
    assert sum("Round 1" in s for s in said) == 1, said
    assert any(s.endswith("Choose your action.") for s in said)
