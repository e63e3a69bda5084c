"""The state of a game of Alexander: plain data, everything JSON-able.

Sides are "macedonian" and "persian"; `sides` maps each to its seat's name. Places are
space and province names of map.json. A unit's place on the board is a space; an army in a
major city is `inside` or outside it. The steps of an unfinished action are `Task`s on a
stack (flow.py); the contexts of a move, a battle or a siege being resolved live in `move`,
`battle` and `naval` while they last.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, model_serializer

from engine.core import BaseState


class Task(BaseModel):
    kind: str
    side: str = ""
    args: dict[str, Any] = {}


class Army(BaseModel):
    id: str  # "macedonian.1" ... "persian.3"; the Spartan army is "persian.sparta"
    side: str
    number: int  # 1-3 (Army #1 is the king's); 0 for the Spartan army
    space: str
    inside: bool = False
    asp: int = 0
    elite: int = 0
    fatigued: bool = False
    useless: bool = False


class Fleet(BaseModel):
    name: str
    side: str | None  # None: independent (the Rhodian fleet while Rhodes is free)
    space: str
    nsp: int


class Garrison(BaseModel):
    """A side's garrison in one space: GSP and loose ASP (ASP without an army, 8.1)."""

    side: str
    gsp: int = 0
    asp: int = 0


class Tribe(BaseModel):
    name: str
    gsp: int


class Siege(BaseModel):
    army: str  # the besieging army
    points: int = 0  # Siege Points the city has taken


class Treasury(BaseModel):
    owner: str | None
    level: str = "full"  # full, low, empty


class RoyalTreasury(BaseModel):
    level: str = "empty"  # full or empty
    owner: str = "persian"
    where: str = ""  # "army:<id>" or "space:<name>"


class RoyalFamily(BaseModel):
    holder: str = "persian"
    where: str = ""  # "army:<id>" or "space:<name>"
    captured_round: int = 0


class Victory(BaseModel):
    """The Macedonian objectives (3.4) as they are reached; and the end of the game."""

    darius: str = "alive"  # alive, captured, killed
    king_of_asia: bool = False  # Alexander ended his round at Gordium
    married: bool = False
    great_king: bool = False
    siwa: bool = False  # a round ended with Alexander at Siwa
    proskynesis: bool = False
    proskynesis_by_action: bool = False
    winner: str = ""
    reason: str = ""
    conceded: str = ""


# The rules version new games are played by (Alexander.rules_version). A game keeps the version
# it was set up with (`AlexState.rules`), so the rules changed since replay it as it was played.
RULES = 4


class AlexState(BaseState):
    sides: dict[str, str]  # side -> seat name
    # Its rules version; 1 by default: snapshots stored before the field existed are version 1.
    rules: int = 1
    solitaire: bool = False
    options: dict[str, Any] = {}
    # -- the APM cup and the round ----------------------------------------------------------
    cup: list[str] = []  # markers "macedonian", "persian", "admin"
    apm_out: str = ""  # the marker drawn last (out of the cup)
    round: int = 0
    active: str = ""  # the side whose Player Phase this is ("" in an Admin round)
    streak_side: str = ""
    streak: int = 0
    admin_declared_round: int = -1  # the round whose Activity was a declared Admin Phase
    admin_round: int = -1  # the last round that had an Admin Phase
    # -- pieces --------------------------------------------------------------------------------
    armies: list[Army] = []
    fleets: list[Fleet] = []
    garrisons: dict[str, Garrison] = {}
    tribes: dict[str, Tribe] = {}
    sieges: dict[str, Siege] = {}
    # Where each leader is: cup, hand (drawn, face down), army:<id>, fleet:<name>, space:<name>,
    # ill:<where it returns>, dead or out (removed, may come back to the cup).
    leaders: dict[str, str] = {}
    # Leaders placed alone on the map still face down (5.1, rules 4): named only to their side.
    face_down: list[str] = []
    persian_king: str = "Darius III"  # the Great King: Darius, or the leader who replaced him (5.3)
    oligarchs: str = ""  # the space of the Oligarchic Counter-Revolution garrison
    alexandrias: list[str] = []
    # -- provinces and treasuries ---------------------------------------------------------------
    control: dict[str, str | None] = {}  # province (and the four islands) -> side or None
    revolt: list[str] = []
    devastated: list[str] = []
    drought: list[str] = []
    bad_weather: list[str] = []
    treasuries: dict[str, Treasury] = {}
    unusable: list[str] = []  # treasury cities barred until the next Admin Phase (Satrap card)
    royal_treasury: RoyalTreasury = RoyalTreasury()
    royal_family: RoyalFamily = RoyalFamily()
    # -- tracks ----------------------------------------------------------------------------------
    asp_pool: dict[str, int] = {}
    weariness: int = 0
    injury: int = 0
    honeymoon: int = 0  # ASP away on honeymoon until the next Admin Phase
    # GSP counters taken off the map come back in a later round (8.6): side -> how many this round.
    gsp_lost: dict[str, int] = {}
    gsp_lost_round: int = 0
    # -- cards -----------------------------------------------------------------------------------
    deck: list[str] = []
    discard: list[str] = []
    removed: list[str] = []
    in_play: list[str] = []
    hands: dict[str, list[str]] = {}
    rhodes_card: str = ""  # the side holding the Rhodian squadron by the Rhodes card
    cleitus_dead: bool = False
    # -- memory of the round and of the game ------------------------------------------------------
    loc_start: dict[str, bool] = {}  # army/fleet id -> had a LOC when the Player Phase began
    surrender_asked: list[str] = []  # "<army id>@<city>": once per army and city (11.4)
    turn: dict[str, Any] = {}  # what this Player Phase did: card played, activity, assault...
    victory: Victory = Victory()
    last: dict[str, Any] = {}  # the last action, for the board picture
    # -- the task machine -----------------------------------------------------------------------
    stack: list[Task] = []
    move: dict[str, Any] = {}
    battle: dict[str, Any] = {}
    naval: dict[str, Any] = {}

    # -- lookups ------------------------------------------------------------------------------------
    def army(self, army_id: str) -> Army | None:
        for a in self.armies:
            if a.id == army_id:
                return a
        return None

    def fleet(self, name: str) -> Fleet | None:
        for f in self.fleets:
            if f.name == name:
                return f
        return None

    def armies_at(self, space: str, side: str | None = None) -> list[Army]:
        return [a for a in self.armies if a.space == space and (side is None or a.side == side)]

    def fleets_at(self, space: str, side: str | None = None) -> list[Fleet]:
        return [f for f in self.fleets if f.space == space and (side is None or f.side == side)]

    def seat(self, side: str) -> str:
        return self.sides[side]

    def side_of(self, player: str) -> str:
        for side, name in self.sides.items():
            if name == player:
                return side
        raise KeyError(player)

    @model_serializer(mode="wrap")
    def _as_stored(self, handler):
        """A version 1 game serializes as it did before `rules` existed, so its stored snapshots
        still equal its replay (storage compares them as JSON values)."""
        data = handler(self)
        if isinstance(data, dict) and data.get("rules") == 1:
            del data["rules"]
        if isinstance(data, dict) and not data.get("face_down", True):
            del data["face_down"]  # (snapshots stored before the field existed still compare equal)
        return data
