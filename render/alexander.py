"""The board of The Conquerors: Alexander the Great as a PNG, drawn from the game's public view
(`view(state, None)`: hand sizes, never cards; leaders held face down only counted), so the
picture never differs with what a side holds. Map with provinces, spaces, links and pieces;
header with the round, the question asked, the last action and the action markers; a panel
per side, the Macedonian objectives and the key."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from engine.alexander.game import GAME as ENGINE
from engine.text import msg
from render import kit
from render.alexander_board import INDEPENDENT, MAC, PER, SIDE_COLOURS, board
from render.alexander_geometry import free_space, static_layout
from render.alexander_key import key_layer
from render.alexander_map import (
    control_key,
    draw_highlight,
    draw_markers,
    draw_pieces,
    draw_province_frames,
    draw_spaces,
    draw_tethers,
    place_pieces,
)
from render.alexander_panels import (
    asked,
    draw_header,
    draw_objectives,
    draw_side_panel,
    over_text,
    panel_boxes,
    side_letter,
    title_text,
)
from render.alexander_static import map_layer, palette, repaste_overlay, replay_overlay
from render.alexander_words import LABELS
from render.scene import Scene, Seat, Status

GAME = "alexander"
TITLE = msg("The Conquerors: Alexander the Great")  # the score chart's (ENGINE.title, to be said in a language)
COMPRESS_LEVEL = 3  # as the other boards: measured in docs/render.md
FOCUS_ZOOM = 1.25  # the map's smallest text (16 px) reads as 20 px in the chat's focus view


def public_view(state) -> dict:
    """What the board is drawn from: the public view itself, or a state's public view (the
    terminal and tests may hand a state; the bot hands the view)."""
    if isinstance(state, dict):
        return state
    return ENGINE.view(state, None)


def draw_board(view: dict, highlight: dict | None = None, *, panels: bool = True,
               header: bool = True) -> tuple[Image.Image, list]:
    """The board as an RGB image, and (kind, box, space or province) of every piece and marker
    placed on the map. Without `panels` the panels are left blank (an animation frame);
    without `header` the header too (the close-up shows the map alone)."""
    b = board()
    highlight = highlight or {}
    image = map_layer(control_key(view)).copy()
    draw = ImageDraw.Draw(image)
    free = free_space().copy()
    pieces = place_pieces(b, view, free, highlight.get("spaces") or ())
    replay_overlay()
    under = draw_highlight(draw, b, highlight) + draw_tethers(draw, b, pieces)
    repaste_overlay(image, under)
    draw_province_frames(draw, highlight)
    draw_spaces(draw, b, view)
    placed = draw_markers(draw, b, view, free)
    placed += draw_pieces(draw, pieces)
    if header:
        draw_header(draw, b, view, kit.narration(highlight))
    if panels:
        boxes = panel_boxes(b)
        draw_side_panel(draw, boxes["macedonian"], view, MAC)
        draw_objectives(draw, boxes["objectives"], view)
        draw_side_panel(draw, boxes["persian"], view, PER)
        key, key_drawn = key_layer(boxes["key"])
        image.paste(key, (round(boxes["key"][0]), round(boxes["key"][1])))
        kit.replay(key_drawn)
    return image, placed


def render_png(state, *, highlight: dict | None = None) -> bytes:
    return kit.encode_png(scene(state, highlight).image, palette(), compress_level=COMPRESS_LEVEL)


def story_frame(state, highlight: dict | None = None) -> tuple[Image.Image, tuple, int]:
    """An animation's frame: the close-up the chat shows for the step (880 px wide, read as it is:
    the whole 2000 px board reduced to 667 px could not be read, issue 28), its palette, and 1:
    the frame is not reduced."""
    from render.inline import draw_inline

    shown = close_up_scene(state, highlight)
    image, _ = draw_inline(shown)
    return image, shown.palette, 1


def player_colours(summary: dict, order: Sequence[str]) -> dict[str, kit.RGB]:
    sides = {name: side for side, name in (summary.get("sides") or {}).items()}
    return {name: SIDE_COLOURS.get(sides.get(name, ""), INDEPENDENT) for name in order}


def seat_order(view: dict) -> list[str]:
    """The players, the Macedonian first."""
    sides = view.get("sides") or {}
    return [sides[s] for s in (MAC, PER) if s in sides]


def _provinces_held(view: dict, side: str) -> int:
    return sum(1 for info in (view.get("provinces") or {}).values() if info.get("control") == side)


def scores(state) -> dict[str, dict[str, int]]:
    """Each player's provinces under control: the game has no points, and this is the measure
    of the war over a game that the chart can show."""
    view = public_view(state)
    return {
        name: {LABELS["score_provinces"]: _provinces_held(view, side)}
        for side, name in (view.get("sides") or {}).items()
    }


def round_of(state) -> int | None:
    """The round of a (public view of a) state, for the score chart's x-axis."""
    value = public_view(state).get("round")
    return int(value) if isinstance(value, int) else None


def chart_seats(state) -> list[Seat]:
    view = public_view(state)
    sides = view.get("sides") or {}
    return [Seat(sides[s], side_letter(s), SIDE_COLOURS[s], ()) for s in (MAC, PER) if s in sides]


def close_up_scene(state, highlight: dict | None = None) -> Scene:
    """What render.render_inline crops: the map without the header and the panels, which lie
    outside its map box."""
    return scene(state, highlight, whole=False)


def scene(state, highlight: dict | None = None, *, whole: bool = True) -> Scene:
    """The board drawn once, with what the chat's views need beside it (not `whole`: the map
    alone)."""
    view = public_view(state)
    highlight = highlight or {}
    with kit.recording() as drawn:
        image, placed = draw_board(view, highlight, panels=whole, header=whole)
    b = board()
    found = asked(view)
    waiting = found[1] if found and not over_text(view) else None
    sides = view.get("sides") or {}
    seats = tuple(Seat(sides[s], side_letter(s), SIDE_COLOURS[s], ((LABELS["score_provinces"], _provinces_held(view, s)),),
                       sides[s] == waiting) for s in (MAC, PER) if s in sides)  # fmt: skip
    status = Status(title=title_text(view), seats=seats, asked=((found[1], found[2]),) if waiting else (),
                    over=over_text(view), said=tuple(kit.narration(highlight)))  # fmt: skip
    return Scene(image=image, palette=palette(), map_box=b.map_box, focus=focus_points(highlight, placed) or _last_places(view),
                 home=_home(view), status=status, zoom=FOCUS_ZOOM, covers=[], drawn=drawn)  # fmt: skip


def focus_points(highlight: dict, placed: list = ()) -> list[tuple[float, float]]:
    """Where the last action happened: its path, the pieces and markers standing for its
    places, and its places last (where the outcome is)."""
    b = board()
    layout = static_layout()
    spaces = [p for p in highlight.get("spaces") or () if p in b.spaces]
    provinces = [p for p in highlight.get("provinces") or () if p in layout.provinces]
    points = [b.at(p) for route in highlight.get("routes") or () for p in route if p in b.spaces]
    points += [
        ((x0 + x1) / 2, (y0 + y1) / 2)
        for _, (x0, y0, x1, y1), where in placed
        if where in {*spaces, *provinces}
    ]
    points += [layout.provinces[p].xy for p in provinces]
    points += [b.at(p) for p in spaces]
    return points


def _last_places(view: dict) -> list[tuple[float, float]]:
    """Where the engine says the last action was, when its events named no place (a leader
    joining an army names the army): the focus looks there."""
    b = board()
    last = view.get("last") or {}
    names = [p for p in last.get("path") or () if p in b.spaces]
    if last.get("space") in b.spaces:
        names.append(last["space"])
    return [b.at(p) for p in names]


def _home(view: dict) -> tuple[float, float]:
    """Where to look when nothing happened: the army #1 of the side to act (Alexander's first)."""
    b = board()
    found = asked(view)
    side = found[0] if found and found[0] else MAC
    for army in view.get("armies") or ():
        if army.get("side") == side and army.get("number") == 1 and army.get("space") in b.spaces:
            return b.at(army["space"])
    x0, y0, x1, y1 = b.map_box
    return (x0 + x1) / 2, (y0 + y1) / 2


# Narration left to the log: draws, dice and the cup's bookkeeping.
_QUIET = {
    "roll",
    "draw",
    "apm",
    "round",
    "reshuffle",
    "leader_drawn",
    "leader_kept",
    "take_discard",
    "spies_look",
    "markers_cleared",
    "move_start",
    "battle_roll",
}
# Outcomes: what a board short of room keeps when it drops the steps that led there.
_OUTCOMES = {
    "battle_won",
    "battle_draw",
    "naval_won",
    "naval_draw",
    "city_taken",
    "surrender",
    "capitulation",
    "victory",
    "alexander_dies",
    "darius_taken",
    "darius_escapes",
    "objective",
    "revolt",
    "quelled",
    "army_gone",
    "fleet_gone",
    "leader_dies",
    "mutiny",
    "new_king",
    "royal_treasury",
    "royal_family",
    "alexandria",
    "fleet_defects",
    "overrun",
    "intercepted",
    "devastated",
    "retreated",
    "concede",
    "garrison_lost",
    "tribe_gone",
    "siege_lifted",
}
_SPACE_KEYS = ("frm", "from", "space", "to", "city", "port", "treasury", "where")


def highlight_from_events(events: Iterable) -> dict:
    """The last action: halos on the spaces its events name, an orange band along each move
    (from, to), frames round the provinces they name, and the narration."""
    b = board()
    spaces: list[str] = []
    provinces: list[str] = []
    routes: list[list[str]] = []
    said: list[tuple[str, bool]] = []
    last_text = ""
    for event in events:
        if getattr(event, "private_to", ()):  # a side's own news: never on the public board
            continue
        data = getattr(event, "data", {}) or {}
        kind = getattr(event, "kind", "")
        text = getattr(event, "text", "") or ""
        last_text = text or last_text
        start = data.get("frm") or data.get("from")
        if (
            isinstance(start, str)
            and isinstance(data.get("space"), str)
            and start in b.spaces
            and data["space"] in b.spaces
        ):
            routes.append([start, data["space"]])
        path = data.get("path")
        if (
            isinstance(path, list)
            and len(path) > 1
            and all(isinstance(p, str) and p in b.spaces for p in path)
        ):
            routes.append(list(path))
        spaces += [data[k] for k in _SPACE_KEYS if isinstance(data.get(k), str) and data[k] in b.spaces]
        if isinstance(data.get("province"), str) and data["province"] in b.cells:
            provinces.append(data["province"])
        if text and kind not in _QUIET:
            said.append((text, kind in _OUTCOMES))
    return kit.highlight_dict({"spaces": spaces, "provinces": provinces}, routes, said, last_text)
