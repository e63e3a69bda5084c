"""What a game's renderer hands the shared views (the chat's inline image, the animation, the
score chart): the drawn board plus the facts a view needs to show without reading the board.

A game module (render/byzantium.py, render/warriors_traders.py, and Alexander's later) offers:

- `scene(state, highlight) -> Scene`: draws its board once and says where its map is, where
  the last action happened and what the status is;
- `scores(state) -> dict[player, dict[track, int]]`: the score tracks (one "VP" track, or
  Byzantium's two) for the chart;
- `render_png`, `highlight_from_events` as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from render import kit

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Seat:
    """A player as every view shows them: name, letter, colour, scores (label, value) in the
    game's order of tracks, and whether the game waits on them now."""

    name: str
    letter: str
    colour: kit.RGB
    scores: tuple[tuple[str, int], ...]
    waiting: bool = False


@dataclass(frozen=True)
class Status:
    """The facts of the status strip, in words already (labels come from each game's table)."""

    title: str  # "BYZANTIUM · Round 2"
    seats: tuple[Seat, ...]
    asked: tuple[tuple[str, str], ...] = ()  # (player, prompt) of each decision waited on
    over: str = ""  # the final standings, once the game is over
    said: tuple[tuple[str, bool], ...] = ()  # the last action: (sentence, is an outcome)


@dataclass
class Scene:
    image: Image.Image  # the whole board, RGB
    palette: tuple[kit.RGB, ...]  # the board's fixed palette (views encode with it too)
    map_box: Box  # the part of the board a focus view may show
    focus: list[tuple[float, float]]  # where the last action happened (board px); may be empty
    home: tuple[float, float]  # where to look when nothing happened (the acting player's pieces)
    status: Status
    zoom: float = 1.0  # the focus view's scale: enough for the board's smallest map text
    # Parts of the board a focus view paints over (the key: the inline image explains itself)
    # with what lies under them: (box, patch of that box's size).
    covers: list[tuple[Box, Image.Image]] = field(default_factory=list)
    drawn: kit.Drawn | None = None  # texts and marks, when drawn under kit.recording()
