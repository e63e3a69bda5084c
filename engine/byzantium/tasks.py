"""The steps a Byzantium action is made of, as plain data on a stack in the state.

A long action (move, maybe civil war, retreats, battles, losses, a siege, the control cube)
is a chain of small tasks. The top of the stack is what happens next: either a decision
some player must take, or an automatic step. Keeping them as data makes the state a
complete, serialisable picture of a half-finished action. Behaviour lives in the rules
modules (actions, cubes, movement, combat, rounds), keyed by `kind`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field


class Action(BaseModel):
    """The active player chooses one of the actions A-G."""
    kind: Literal["action"] = "action"
    player: int


class NextTurn(BaseModel):
    """An action is over: hand over to the next player, or end the round."""
    kind: Literal["next_turn"] = "next_turn"


class Source(BaseModel):
    """Choose where a cube comes from (free pool, or 3 bezants for a casualty or card cube)."""
    kind: Literal["source"] = "source"
    player: int
    pay_side: str | None  # treasury that pays; None: the player picks (second Bulgar reinforcement)
    # Where the cube goes: "city:Damascus", "box:fortify_1", "card:byzantine.elite", "church",
    # "mosque" or "pass". It is placed there when it leaves its source, so counts always add up.
    dest: str
    free: bool = False  # the pass cube costs nothing
    # Army-card boxes ("byzantine.main") that still get a cube in this action after this one: the
    # player is offered only sources that leave a source for each of them.
    reserve: list[str] = []


class Pay(BaseModel):
    """Pick the treasury that pays for a cube when either may (second Bulgar reinforcement)."""
    kind: Literal["pay"] = "pay"
    player: int
    what: str  # where the cube went (a Source's `dest`)


class Reinforce(BaseModel):
    """Action B: up to three cubes onto army boxes, at most one per elite box (one decision)."""
    kind: Literal["reinforce"] = "reinforce"
    player: int


class Tax(BaseModel):
    """Action D: how many free cubes go to the tax box, and how their bezants are split (one decision)."""
    kind: Literal["tax"] = "tax"
    player: int


class March(BaseModel):
    """Action F in progress: move (again), declare a civil war, or stop."""
    kind: Literal["march"] = "march"
    player: int
    side: str
    moves: int = 0
    placed: bool = False
    came_from: str | None = None  # the city the last move started from
    blocked: list[str] = []  # destinations a doubled cost stopped in this action: not offered again


class FleetChoice(BaseModel):
    """The Byzantine fleet's owner may double an Arab sea move and roll against the army."""
    kind: Literal["fleet_choice"] = "fleet_choice"
    owner: int
    march: March  # the move action as it stood when this move was chosen
    frm: str
    to: str
    cost: int  # what the move costs the army
    doubled: int  # what it costs if the fleet doubles it


class Arrive(BaseModel):
    """The army reaches a city: attack it, or go on with the move action."""
    kind: Literal["arrive"] = "arrive"
    player: int
    side: str
    frm: str
    to: str
    moves: int


class Attack(BaseModel):
    """One attack on a city, walked through its stages: retreats, battles, levy, siege, conquest."""
    kind: Literal["attack"] = "attack"
    actor: int  # the player whose action this is (for the Bulgars: who sent them)
    side: str  # the attacking side: byzantine, arab or bulgar
    city: str
    origin: str | None  # where a beaten attacker goes back to (None: it retreats instead)
    civil: bool = False
    stage: str = "begin"
    fighting: int | None = None  # defender seat in the current battle
    fought: list[int] = []  # players whose field army fought here
    levy_player: int | None = None


class RetreatOffer(BaseModel):
    """Before the battle, a defending army may retreat."""
    kind: Literal["retreat_offer"] = "retreat_offer"
    player: int
    side: str
    city: str
    actor: int
    attacking_side: str  # byzantine, arab, or bulgar (then `actor` sent them)


class Retreat(BaseModel):
    """An army leaves a city by the path of fewest losses."""
    kind: Literal["retreat"] = "retreat"
    player: int
    side: str
    city: str
    sea: bool | None = None  # for Arab armies: has the fleet owner allowed sea routes?


class FleetPermit(BaseModel):
    kind: Literal["fleet_permit"] = "fleet_permit"
    owner: int
    player: int
    city: str


class RetreatChoose(BaseModel):
    kind: Literal["retreat_choose"] = "retreat_choose"
    player: int
    side: str
    city: str
    sea: bool


class Loss(BaseModel):
    """Remove `count` cubes, as the owner chooses (one decision), into the casualty pool."""
    kind: Literal["loss"] = "loss"
    player: int
    side: str
    count: int
    # What caused it: "battle:<city>", "levy:<city>", "siege:<city>", "fleet" or "retreat".
    why: str = ""


class FightOrder(BaseModel):
    kind: Literal["fight_order"] = "fight_order"
    actor: int
    city: str
    candidates: list[int]


class Levy(BaseModel):
    kind: Literal["levy"] = "levy"
    player: int
    side: str
    city: str


class ControlCube(BaseModel):
    """After a conquest: a control cube, bought if at all possible, else two from the army."""
    kind: Literal["control_cube"] = "control_cube"
    player: int
    side: str
    city: str


class ControlFromArmy(BaseModel):
    """No control cube can be bought: two cubes leave the army (one decision)."""
    kind: Literal["control_from_army"] = "control_from_army"
    player: int
    side: str
    city: str


class RoundEnd(BaseModel):
    kind: Literal["round_end"] = "round_end"
    stage: str = "income"


class Upkeep(BaseModel):
    """A player cannot pay for every cube on one side: he disbands cubes until he can."""
    kind: Literal["upkeep"] = "upkeep"
    player: int
    side: str


Task = Annotated[
    Action | NextTurn | Source | Pay | Reinforce | Tax | March | FleetChoice | Arrive | Attack | RetreatOffer | Retreat | FleetPermit
    | RetreatChoose | Loss | FightOrder | Levy | ControlCube | ControlFromArmy | RoundEnd | Upkeep,
    Field(discriminator="kind"),
]
