"""The Byzantium game state: plain data that serialises to JSON and back exactly."""

from __future__ import annotations

from pydantic import BaseModel

from engine.byzantium.board import Box, Side
from engine.byzantium.tasks import Task
from engine.core import BaseState

COLORS = ("red", "yellow", "blue", "green")


class ArmyCard(BaseModel):
    """One row of a player's army card and the figure that belongs to it."""

    elite: int = 0
    main: int = 0
    levy: int = 0
    movement: int = 0
    guard: bool = False  # the Emperor's or Caliph's cube sits on this elite box
    at: str | None = None  # the city where the field army stands, None when off the board
    entered: bool = False  # has the figure ever been on the board (Byzantine: first city taken)

    def count(self, box: Box) -> int:
        return getattr(self, Box(box).value)

    def add(self, box: Box, n: int) -> None:
        name = Box(box).value
        setattr(self, name, getattr(self, name) + n)

    def own_cubes(self) -> int:
        return self.elite + self.main + self.levy + self.movement

    def army_cubes(self) -> int:
        """The player's own cubes in the field army: elite, main and movement (not the guard)."""
        return self.elite + self.main + self.movement

    def field_cubes(self) -> int:
        """Cubes of the field army (elite, main, movement) including the guard."""
        return self.army_cubes() + (1 if self.guard else 0)

    def strength(self) -> int:
        return self.elite + self.main + (1 if self.guard else 0)


class PlayerState(BaseModel):
    name: str
    seat: int
    color: str
    available: int
    casualty: int
    removed: int = 0
    byzantine: ArmyCard
    arab: ArmyCard
    treasury: dict[Side, int]
    vp: dict[Side, int]
    forts_left: int
    passed: bool = False
    tax_cubes: int = 0
    churches: int = 0
    mosques: int = 0
    pass_cube: bool = False

    def card(self, side: Side) -> ArmyCard:
        return self.byzantine if side == Side.BYZANTINE else self.arab


class CityState(BaseModel):
    side: Side
    markers: int
    controller: int | None = None  # seat of the controlling player
    control_cube: bool = False  # the controller's cube sits on the city (not yet, or replaced by a fort)
    fortified: bool = False  # the controller's fortification marker replaced his control cube


class ByzantiumState(BaseState):
    players: list[PlayerState]
    cities: dict[str, CityState]
    bulgars: int
    boxes: dict[str, int | None]  # special action box -> seat whose cube is on it
    emperor: int | None = None
    caliph: int | None = None
    round: int = 1
    start_player: int = 0
    turn: int = 0  # seat whose action it is
    pass_order: list[int] = []
    final_action: bool = False  # all others have passed: this is the last action of the round
    finished: bool = False
    constantinople_fallen: bool = False
    stack: list[Task] = []

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)
