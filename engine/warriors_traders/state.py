"""The Warriors & Traders game state: plain data that serialises to JSON and back exactly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import BaseState

COLORS = ("red", "blue", "green", "yellow", "white", "black")
BARBARIAN = -1  # the owner of barbarian armies and fortresses

ARMY_KINDS = ("infantry", "archer", "cavalry")
PRINCESS = "princess"
FORTRESS = "fortress"
BARB_ARMY = "barbarian"


class Unit(BaseModel):
    """One token on the map: an army (infantry/archer/cavalry), a princess, a fortress or a
    barbarian army. Damage lasts until the end of the turn."""

    id: int
    owner: int  # seat, or BARBARIAN
    kind: str
    at: str
    damage: int = 0
    incoming: int = 0  # damage assigned in the battle being resolved, applied all at once
    retreated: bool = False  # lying on its side until the end of the turn
    ap: int = 0
    fights: int = 0  # battles fought in this maneuver
    attacking: bool = False  # entered a hostile province; its battle is still to come
    moved: bool = False  # princesses move once a turn

    def is_army(self) -> bool:
        return self.kind in ARMY_KINDS


class PlayerState(BaseModel):
    name: str
    seat: int
    color: str
    team: int  # the seat itself in free play
    nation: str | None = None
    res: dict[str, int] = {}
    tokens: dict[str, int] = {}  # development tokens placed on each track
    vp_kills: int = 0  # defeated units, princesses, barbarians, fortresses: never lost
    vp_bought: int = 0
    routes: list[int] = []  # seats this player opened a trade route to
    unified: bool = False


class War(BaseModel):
    """A war between two teams (in free play a team is one player)."""

    a: int
    b: int
    declared: int  # the turn it was declared in (it ends with the third turn at the latest)
    damage: bool = False  # damage was dealt between the sides this turn


class Task(BaseModel):
    """One step of the game on a stack: a decision some player takes or an automatic step.

    Tasks are plain data and never changed once on a stack (a step that changes one pops
    it and pushes a new one), so copying a state copies the stack as a list."""

    kind: str
    player: int = -1
    args: dict[str, Any] = {}

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def but(self, **changes: Any) -> Task:
        return Task(kind=self.kind, player=self.player, args={**self.args, **changes})


class WTState(BaseState):
    map: str
    variant: str | None = None
    players: list[PlayerState]
    units: list[Unit] = []
    owner: dict[str, int | None] = {}  # province -> seat holding its province token
    turn: int = 1
    phase: str = "setup"
    order: list[int] = []  # seats in this turn's nation order
    variable_order: bool = False
    coop: bool = False
    wars: list[War] = []
    next_id: int = 1
    barbarians_at_start: int = 0
    barbarian_forts_at_start: int = 0
    finished: bool = False
    # Every piece put on or taken off the map, by "owner:kind" (owner -1: barbarians), so the
    # invariants can check that the pieces on the map are exactly those placed minus those gone.
    placed: dict[str, int] = {}
    gone: dict[str, int] = {}
    stack: list[Task] = []
    # Several players deciding at once (trade phase, placing the starting tokens): one stack
    # per seat, run while a "parallel" task is on top of the main stack.
    lanes: dict[int, list[Task]] = {}

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)
