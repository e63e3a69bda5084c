"""A Byzantium city as the drawing places it (its point, rings, label and the directions of
the marks round it) and the sizes of those marks. render/byzantium_board.py builds the cities
from the layout; render/byzantium_geometry.py places and checks the marks round them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.text import term
from render import kit

CITY_RADIUS = 24
CAPITAL_RADIUS = 33
LABEL_SIZE = 26
CAPITAL = "Constantinople"
ARMY_TOKEN = 44
ARMY_SPACING = 48
BADGE_RADIUS = 15  # the controller's badge
STRENGTH_RADIUS = 15  # the army strength badge on an army token's corner
FORT_HALF = 17


@dataclass(frozen=True)
class City:
    name: str
    side: str
    strength: int
    coastal: bool
    bulgar_entry: bool
    x: float
    y: float
    label: tuple[float, float, str]
    army_angle: float
    badge_angle: float
    fort_angle: float
    halo: float = 0.0  # radius of the highlight's halo (set by place_marks)

    @property
    def xy(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def radius(self) -> int:
        return CAPITAL_RADIUS if self.name == CAPITAL else CITY_RADIUS

    @property
    def outer(self) -> int:
        """Radius of everything drawn round the disc (controller ring, the capital's walls)."""
        return self.radius + (24 if self.name == CAPITAL else 10)

    @property
    def ring(self) -> int:
        """Outer edge of the controller ring (the capital: of its walls): armies touch it."""
        return self.outer - 4 if self.name == CAPITAL else self.radius + 8

    @property
    def rim(self) -> int:
        """What the city's own marks leave clear: the disc (the capital: and most of its walls)."""
        return self.outer - 10 if self.name == CAPITAL else self.radius + 1

    @property
    def label_text(self) -> str:
        """The name in the drawing's language (the capital in capitals)."""
        name = kit.say(term("byzantium city", self.name))
        return name.upper() if self.name == CAPITAL else name

    @property
    def label_size(self) -> int:
        return LABEL_SIZE + 2 if self.name == CAPITAL else LABEL_SIZE

    def at_angle(self, degrees: float, distance: float) -> tuple[float, float]:
        a = math.radians(degrees)
        return (self.x + math.cos(a) * distance, self.y + math.sin(a) * distance)
