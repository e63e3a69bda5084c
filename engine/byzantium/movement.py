"""Action F: placing a field army, moving it one or two links, and the fleets at sea."""

from __future__ import annotations

from engine.byzantium.board import (
    ARMY_SIDES,
    CONSTANTINOPLE,
    NICAEA,
    SPECIAL_BOXES,
    RouteKind,
    Side,
    other_side,
)
from engine.byzantium.cubes import check_army, cube_cost, has_source
from engine.byzantium.flow import Ctx, chooses, decides, decision, hits, runs
from engine.byzantium.tasks import Arrive, Attack, FleetChoice, Loss, March, PlaceArmy, Source
from engine.core import Option

ROUTES_FOR = {
    Side.BYZANTINE: frozenset({RouteKind.ROAD, RouteKind.SEA}),
    Side.ARAB: frozenset({RouteKind.ROAD, RouteKind.DESERT, RouteKind.SEA}),
}


def leg_cost(ctx: Ctx, seat: int, side: Side, frm: str, to: str, kind: RouteKind) -> int:
    """Movement cubes for one link as a first move (before the second-move surcharge)."""
    if kind != RouteKind.SEA:
        return 1
    if side == Side.BYZANTINE:
        return 1  # a Byzantine army goes by sea "wie über eine Straßenverbindung"
    cost = 2
    if {frm, to} == {NICAEA, CONSTANTINOPLE}:
        cost *= 2  # doubled for an Arab army ("also normalerweise vier Holzwürfel")
    if side == Side.ARAB and ctx.s.boxes["arab_fleet"] == seat:
        cost = (cost + 1) // 2  # the Arab fleet halves its owner's sea costs
    return cost


def destinations(ctx: Ctx, seat: int, side: Side, frm: str) -> dict[str, tuple[int, bool]]:
    """Each city the army could move to from `frm` -> (first-move cost, by sea), cheapest link."""
    found: dict[str, tuple[int, bool]] = {}
    for to, route in ctx.board.neighbours(frm, ROUTES_FOR[side]):
        cost = leg_cost(ctx, seat, side, frm, to, route.kind)
        if to not in found or cost < found[to][0]:
            found[to] = (cost, route.kind == RouteKind.SEA)
    if side == Side.BYZANTINE and frm == CONSTANTINOPLE:
        # The Byzantine sea move from Constantinople to any coastal city (not the other way).
        for name, city in ctx.board.cities.items():
            if city.coastal and name != frm and (name not in found or found[name][0] > 1):
                found[name] = (1, True)
    return dict(sorted(found.items()))


def may_enter(ctx: Ctx, seat: int, side: Side, to: str) -> bool:
    """A city of the army's side may always be entered; any other city is attacked, but never
    a city the player controls himself nor one where his other army stands."""
    city = ctx.s.cities[to]
    if city.side == side:
        return True
    other = ctx.p(seat).card(other_side(side))
    return city.controller != seat and other.at != to


def civil_war_box(ctx: Ctx, side: Side) -> str | None:
    return next((b for b in SPECIAL_BOXES[f"{side.value}_civil_war"] if ctx.s.boxes[b] is None), None)


def civil_war_possible(ctx: Ctx, seat: int, side: Side) -> bool:
    """Attack the city of your own side where the army stands, held by another player."""
    at = ctx.p(seat).card(side).at
    if at is None or at == CONSTANTINOPLE:
        return False
    city = ctx.s.cities[at]
    return (city.side == side and city.controller not in (None, seat)
            and civil_war_box(ctx, side) is not None and has_source(ctx, seat, side))


def move_cost(first_cost: int, moves_made: int, doubled: bool = False) -> int:
    """A move's cost: its cost as a first move, doubled if the Byzantine fleet doubles it, plus one
    for a second move ("einen Holzwürfel ... mehr, als diese Bewegung normalerweise kostet, wenn sie
    die erste Bewegung wäre"). The Arab fleet's halving is already in the first-move cost."""
    return first_cost * (2 if doubled else 1) + (1 if moves_made == 1 else 0)


def fleet_against(ctx: Ctx, seat: int, side: Side, sea: bool) -> int | None:
    """The other player whose Byzantine fleet may double this move (an Arab army at sea)."""
    owner = ctx.s.boxes["byzantine_fleet"]
    if side == Side.ARAB and sea and owner is not None and owner != seat:
        return owner
    return None


def move_label(ctx: Ctx, task: March, to: str, first_cost: int, sea: bool) -> str:
    side = Side(task.side)
    movement = ctx.p(task.player).card(side).movement
    cost = f"{move_cost(first_cost, task.moves)} movement{', by sea' if sea else ''}"
    if fleet_against(ctx, task.player, side, sea) is not None:
        doubled = move_cost(first_cost, task.moves, doubled=True)
        cost += f"; {doubled} if doubled{': no move' if doubled > movement else ''}"
    city = ctx.s.cities[to]
    return f"{to} ({cost})" if city.side == side else f"Attack {city.side.value} {to} ({cost})"


def march_options(ctx: Ctx, task: March) -> list[Option]:
    side = Side(task.side)
    card = ctx.p(task.player).card(side)
    options = []
    if card.at is not None and task.moves < 2:
        for to, (first_cost, sea) in destinations(ctx, task.player, side, card.at).items():
            if (to not in task.blocked and card.movement >= move_cost(first_cost, task.moves)
                    and may_enter(ctx, task.player, side, to)):
                options.append(Option(f"to:{to}", move_label(ctx, task, to, first_cost, sea)))
    if civil_war_possible(ctx, task.player, side):
        options.append(Option("civil_war", f"Civil war: attack {card.at} "
                              f"(civil war box: {cube_cost(ctx, task.player, side)})"))
    if task.moves or task.placed or task.blocked:
        options.append(Option("done", "Stop here"))
    return options


def move_action_options(ctx: Ctx, seat: int) -> list[Option]:
    options = []
    for side in ARMY_SIDES:
        card = ctx.p(seat).card(side)
        if card.at is not None:
            if march_options(ctx, March(player=seat, side=side.value)):
                options.append(Option(f"move:{side.value}", f"Move/attack: your {side.value} army at {card.at} "
                                      f"({card.movement} movement cube{'s' if card.movement != 1 else ''} left)"))
        elif card.field_cubes() and (side == Side.ARAB or card.entered):
            options.append(Option(f"place:{side.value}",
                                  f"Bring your {side.value} army onto the board (no cost; it may then move)"))
    return options


def start_move(ctx: Ctx, seat: int, verb: str, side: Side) -> None:
    if verb == "place":
        ctx.then(PlaceArmy(player=seat, side=side.value))
    else:
        ctx.then(March(player=seat, side=side.value))


@decides("place_army")
def place_decision(ctx: Ctx, task: PlaceArmy):
    options = [Option(f"place:{name}", name) for name, city in sorted(ctx.s.cities.items())
               if city.side == task.side]
    return decision(task.player, ctx, f"Where does your {task.side} army enter the board?", options, "place")


@chooses("place_army")
def place_choose(ctx: Ctx, task: PlaceArmy, option_id: str) -> None:
    city = option_id.removeprefix("place:")
    card = ctx.p(task.player).card(Side(task.side))
    card.at, card.entered = city, True
    ctx.emit("place", f"{ctx.name(task.player)} places the {task.side} army in {city}.",
             player=ctx.name(task.player), side=task.side, city=city)
    ctx.then(March(player=task.player, side=task.side, placed=True))


@decides("march")
def march_decision(ctx: Ctx, task: March):
    options = march_options(ctx, task)
    if not options:
        return None
    side = Side(task.side)
    card = ctx.p(task.player).card(side)
    which = "second move" if task.moves == 1 else "move"
    prompt = f"Your {task.side} army is at {card.at} ({card.movement} movement): choose its {which}."
    if any(o.id == "civil_war" for o in options):
        prompt += (f" A civil war is a special action: it takes the {task.side} civil war box and a cube, "
                   f"and your army attacks {card.at}.")
    owner = fleet_against(ctx, task.player, side, sea=True)
    if owner is not None and any(o.id.startswith("to:") and "if doubled" in o.label for o in options):
        prompt += (f" {ctx.name(owner)} holds the Byzantine fleet and may double the cost of a sea move (and "
                   "roll as many dice against your army); a doubled cost above your movement cubes stops "
                   "the move, and nothing is spent.")
    return decision(task.player, ctx, prompt, options, "move")


@runs("march")
def march_run(ctx: Ctx, task: March) -> None:
    """Nothing more this army can do: the action is over."""


@chooses("march")
def march_choose(ctx: Ctx, task: March, option_id: str) -> None:
    side = Side(task.side)
    card = ctx.p(task.player).card(side)
    if option_id == "done":
        return
    if option_id == "civil_war":
        box = civil_war_box(ctx, side)
        ctx.emit("special", f"{ctx.name(task.player)} starts a {side.value} civil war against {card.at}.",
                 player=ctx.name(task.player), action=f"{side.value}_civil_war", box=box, city=card.at)
        ctx.then(Source(player=task.player, pay_side=side.value, what="the civil war", dest=f"box:{box}"),
                 Attack(actor=task.player, side=side.value, city=card.at, origin=task.came_from, civil=True))
        return
    to = option_id.removeprefix("to:")
    frm = card.at
    first_cost, sea = destinations(ctx, task.player, side, frm)[to]
    owner = fleet_against(ctx, task.player, side, sea)
    if owner is not None:
        ctx.then(FleetChoice(owner=owner, march=task, frm=frm, to=to, cost=move_cost(first_cost, task.moves),
                             doubled=move_cost(first_cost, task.moves, doubled=True)))
        return
    pay_movement(ctx, task.player, side, move_cost(first_cost, task.moves), frm, to)
    ctx.then(Arrive(player=task.player, side=side.value, frm=frm, to=to, moves=task.moves + 1))


def pay_movement(ctx: Ctx, seat: int, side: Side, cost: int, frm: str, to: str) -> None:
    """Pay movement cubes into the casualty pool (the army always has them: see march_options)."""
    player = ctx.p(seat)
    card = player.card(side)
    if cost > card.movement:  # pragma: no cover - moves are offered and doubled costs checked first
        raise RuntimeError(f"{player.name}'s army cannot pay {cost} movement cubes")
    card.movement -= cost
    player.casualty += cost
    ctx.emit("movement", f"{player.name} spends {cost} movement cube{'s' if cost != 1 else ''} "
             f"to go from {frm} to {to}.", player=player.name, side=side.value, cubes=cost)
    check_army(ctx, seat, side)


@decides("fleet_choice")
def fleet_decision(ctx: Ctx, task: FleetChoice):
    mover = ctx.name(task.march.player)
    movement = ctx.p(task.march.player).card(Side(task.march.side)).movement
    stops = task.doubled > movement
    double = f"Double the cost to {task.doubled}"
    options = [
        Option("fleet:none", "Let the move pass"),
        Option("fleet:double", f"{double}: {mover}'s army stays (it has {movement} movement cubes)" if stops
               else double),
        Option("fleet:roll", f"Roll {task.cost} dice against the army"),
    ]
    if not stops:  # a stopped move rolls no dice: doubling and rolling would be the same choice
        options.append(Option("fleet:double_roll", f"{double} and roll {task.doubled} dice"))
    prompt = (f"Byzantine fleet: {mover}'s Arab army sails from {task.frm} to {task.to} for {task.cost} "
              "movement. Use the fleet?")
    if stops:
        prompt += (f" {mover}'s army has only {movement} movement cubes: doubling the cost to {task.doubled} "
                   "stops the move (nothing is spent, no dice are rolled).")
    return decision(task.owner, ctx, prompt, options, "fleet")


@chooses("fleet_choice")
def fleet_choose(ctx: Ctx, task: FleetChoice, option_id: str) -> None:
    use = option_id.removeprefix("fleet:")
    march = task.march
    side = Side(march.side)
    double, roll = "double" in use, "roll" in use
    cost = task.doubled if double else task.cost
    ctx.emit("fleet", f"{ctx.name(task.owner)}'s Byzantine fleet: "
             f"{'doubles the cost' if double else 'no doubling'}{', rolls against the army' if roll else ''}.",
             owner=ctx.name(task.owner), double=double, roll=roll)
    if cost > ctx.p(march.player).card(side).movement:
        # Reading: the army cannot pay the doubled cost, so it does not sail; nothing is spent and
        # no dice are rolled. The move action goes on without that crossing.
        ctx.emit("move_stopped", f"{ctx.name(march.player)}'s army cannot pay {cost} movement cubes and "
                 f"stays in {task.frm}; nothing is spent.", player=ctx.name(march.player), side=march.side,
                 city=task.frm, to=task.to, cost=cost)
        ctx.then(march.model_copy(update={"blocked": march.blocked + [task.to]}))
        return
    pay_movement(ctx, march.player, side, cost, task.frm, task.to)
    sunk = hits(ctx.roll(cost, ctx.name(task.owner), "the Byzantine fleet")) if roll else 0
    # The fleet's hits are taken at sea, before the army arrives (and attacks).
    loss = Loss(player=march.player, side=march.side, count=sunk, why="the Byzantine fleet") if sunk else None
    arrive = Arrive(player=march.player, side=march.side, frm=task.frm, to=task.to, moves=march.moves + 1)
    ctx.then(*[t for t in (loss, arrive) if t is not None])


@runs("arrive")
def arrive_run(ctx: Ctx, task: Arrive) -> None:
    side = Side(task.side)
    card = ctx.p(task.player).card(side)
    if card.at != task.frm:  # destroyed on the way
        return
    card.at = task.to
    ctx.emit("move", f"{ctx.name(task.player)}'s {task.side} army moves from {task.frm} to {task.to}.",
             player=ctx.name(task.player), side=task.side, to=task.to, **{"from": task.frm})
    if ctx.s.cities[task.to].side != side:
        ctx.then(Attack(actor=task.player, side=task.side, city=task.to, origin=task.frm))
    else:
        ctx.then(March(player=task.player, side=task.side, moves=task.moves, came_from=task.frm))
