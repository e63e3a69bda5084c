"""Action F: placing a field army, moving it one or two links, and the fleets at sea.

The action's first step is chosen in the action decision itself (where the army enters, or its
first move); the move decision after it offers the second move or a stop."""

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
from engine.byzantium.tasks import Arrive, Attack, FleetChoice, Loss, March, Source
from engine.byzantium.words import army, city_word, region_key, sentences, side_word
from engine.core import Option
from engine.text import Msg, msg, msg_n

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


def move_label(ctx: Ctx, task: March, to: str, first_cost: int, sea: bool, name_army: bool = False) -> Msg:
    """'To Antioch (1 movement cube)', 'Attack Persian Amida (1 movement cube)'; `name_army` says which
    army moves (both of a player's armies may reach the same city)."""
    side = Side(task.side)
    movement = ctx.p(task.player).card(side).movement
    n = move_cost(first_cost, task.moves)
    cost = (msg_n("{n} movement cube, by sea", "{n} movement cubes, by sea", n) if sea
            else msg_n("{n} movement cube", "{n} movement cubes", n))
    if fleet_against(ctx, task.player, side, sea) is not None:
        doubled = move_cost(first_cost, task.moves, doubled=True)
        cost = (msg("{cost}; {n} if doubled: no move", cost=cost, n=doubled) if doubled > movement
                else msg("{cost}; {n} if doubled", cost=cost, n=doubled))
    city = ctx.s.cities[to]
    if name_army:
        if city.side == side:
            return msg("The {side} army to {city} ({cost})", side=side_word(side), city=city_word(to), cost=cost)
        return msg("Attack {target} {city} with the {side} army ({cost})", target=side_word(city.side),
                   city=city_word(to), side=side_word(side), cost=cost)
    if city.side == side:
        return msg("To {city} ({cost})", city=city_word(to), cost=cost)
    return msg("Attack {side} {city} ({cost})", side=side_word(city.side), city=city_word(to), cost=cost)


def civil_war_label(ctx: Ctx, seat: int, side: Side, at: str) -> Msg:
    return msg("Civil war: attack {city} (civil war box: {cost})", city=city_word(at),
               cost=cube_cost(ctx, seat, side))


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
        options.append(Option("civil_war", civil_war_label(ctx, task.player, side, card.at)))
    if task.moves or task.placed or task.blocked:
        options.append(Option("done", msg("Stop here")))
    return options


def move_action_options(ctx: Ctx, seat: int) -> list[tuple[Option, str | None]]:
    """The first move of each army (or its civil war), and where an army off the board may enter:
    each army is one group. (option, city) pairs: the city splits a long group by region."""
    entries: list[tuple[Option, str | None]] = []
    moving = [side for side in ARMY_SIDES if ctx.p(seat).card(side).at is not None]
    reach = [{o.id for o in march_options(ctx, March(player=seat, side=side.value))} for side in moving]
    both = set.intersection(*reach) if len(reach) == 2 else set()  # say which army goes there
    for side in ARMY_SIDES:
        card = ctx.p(seat).card(side)
        if card.at is not None:
            group = msg_n("Move your {side} army from {city} ({n} movement cube)",
                          "Move your {side} army from {city} ({n} movement cubes)", card.movement,
                          side=side_word(side), city=city_word(card.at))
            task = March(player=seat, side=side.value)
            for option in march_options(ctx, task):
                city = option.id.removeprefix("to:") if option.id.startswith("to:") else None
                label = option.label
                if city is not None and option.id in both:
                    first_cost, sea = destinations(ctx, seat, side, card.at)[city]
                    label = move_label(ctx, task, city, first_cost, sea, name_army=True)
                entries.append((Option(f"move:{side.value}:{option.id}", label, group), city))
        elif card.field_cubes() and (side == Side.ARAB or card.entered):
            group = msg("Bring your {side} army onto the board (no cost; it may then move)", side=side_word(side))
            for name in sorted((n for n, c in ctx.s.cities.items() if c.side == side), key=region_key):
                entries.append((Option(f"place:{side.value}:{name}", msg("Enter the board at {city}",
                                                                       city=city_word(name)), group), name))
    return entries


def start_move(ctx: Ctx, seat: int, verb: str, side: Side, choice: str) -> None:
    """The action's first step: place the army at `choice` and let it move, or make its first
    move (`choice` is a move decision's option: "to:<city>" or "civil_war")."""
    if verb == "place":
        card = ctx.p(seat).card(side)
        card.at, card.entered = choice, True
        ctx.emit("place", msg("{player} places the {side} army in {city}.", player=ctx.name(seat),
                              side=side_word(side), city=city_word(choice)),
                 player=ctx.name(seat), side=side.value, city=choice)
        ctx.then(March(player=seat, side=side.value, placed=True))
    else:
        march_choose(ctx, March(player=seat, side=side.value), choice)


@decides("march")
def march_decision(ctx: Ctx, task: March):
    options = march_options(ctx, task)
    if not options:
        return None
    side = Side(task.side)
    card = ctx.p(task.player).card(side)
    parts = [msg_n("Your {side} army is at {city} ({n} movement cube): choose its second move, or stop.",
                   "Your {side} army is at {city} ({n} movement cubes): choose its second move, or stop.",
                   card.movement, side=side_word(side), city=city_word(card.at))
             if task.moves == 1 else
             msg_n("Your {side} army is at {city} ({n} movement cube): choose its move, or stop.",
                   "Your {side} army is at {city} ({n} movement cubes): choose its move, or stop.",
                   card.movement, side=side_word(side), city=city_word(card.at))]
    if any(o.id == "civil_war" for o in options):
        parts.append(msg("A civil war is a special action: it takes the {side} civil war box and a cube, and your "
                         "army attacks {city}.", side=side_word(side), city=city_word(card.at)))
    warning = fleet_warning(ctx, task.player, options)
    if warning is not None:
        parts.append(warning)
    return decision(task.player, ctx, sentences(parts), options, "move")


def fleet_warning(ctx: Ctx, seat: int, options: list[Option]) -> Msg | None:
    """What the mover must know when another player's Byzantine fleet may double a sea move offered."""
    owner = fleet_against(ctx, seat, Side.ARAB, sea=True)
    if owner is None or not any((o.id.startswith("to:") or ":to:" in o.id) and "if doubled" in o.label
                                for o in options):
        return None
    return msg("{owner} holds the Byzantine fleet and may double the cost of a sea move (and roll as many dice "
               "against your army); a doubled cost above your movement cubes stops the move, and nothing is "
               "spent.", owner=ctx.name(owner))


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
        text = (msg("{player} starts a Byzantine civil war against {city}.", player=ctx.name(task.player),
                    city=city_word(card.at)) if side == Side.BYZANTINE else
                msg("{player} starts an Arab civil war against {city}.", player=ctx.name(task.player),
                    city=city_word(card.at)))
        ctx.emit("special", text,
                 player=ctx.name(task.player), action=f"{side.value}_civil_war", box=box, city=card.at)
        ctx.then(Source(player=task.player, pay_side=side.value, dest=f"box:{box}"),
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
    ctx.emit("movement", msg_n("{player} spends {n} movement cube to go from {frm} to {to}.",
                               "{player} spends {n} movement cubes to go from {frm} to {to}.", cost,
                               player=player.name, frm=city_word(frm), to=city_word(to)),
             player=player.name, side=side.value, cubes=cost)
    check_army(ctx, seat, side)


@decides("fleet_choice")
def fleet_decision(ctx: Ctx, task: FleetChoice):
    mover = ctx.name(task.march.player)
    movement = ctx.p(task.march.player).card(Side(task.march.side)).movement
    stops = task.doubled > movement
    options = [
        Option("fleet:none", msg("Let the move pass")),
        Option("fleet:double", msg_n("Double the cost to {cost}: {player}'s army stays (it has {n} movement cube)",
                                     "Double the cost to {cost}: {player}'s army stays (it has {n} movement cubes)",
                                     movement, cost=task.doubled, player=mover) if stops
               else msg("Double the cost to {cost}", cost=task.doubled)),
        Option("fleet:roll", msg_n("Roll {n} die against the army", "Roll {n} dice against the army", task.cost)),
    ]
    if not stops:  # a stopped move rolls no dice: doubling and rolling would be the same choice
        options.append(Option("fleet:double_roll", msg("Double the cost to {cost} and roll {cost} dice",
                                                       cost=task.doubled)))
    prompt = msg_n("Byzantine fleet: {player}'s Arab army sails from {frm} to {to} for {n} movement cube. "
                   "Use the fleet?",
                   "Byzantine fleet: {player}'s Arab army sails from {frm} to {to} for {n} movement cubes. "
                   "Use the fleet?", task.cost, player=mover, frm=city_word(task.frm), to=city_word(task.to))
    if stops:
        prompt = sentences([prompt, msg_n(
            "{player}'s army has only {n} movement cube: doubling the cost to {cost} stops the move (nothing is "
            "spent, no dice are rolled).",
            "{player}'s army has only {n} movement cubes: doubling the cost to {cost} stops the move (nothing is "
            "spent, no dice are rolled).", movement, player=mover, cost=task.doubled)])
    return decision(task.owner, ctx, prompt, options, "fleet")


@chooses("fleet_choice")
def fleet_choose(ctx: Ctx, task: FleetChoice, option_id: str) -> None:
    use = option_id.removeprefix("fleet:")
    march = task.march
    side = Side(march.side)
    double, roll = "double" in use, "roll" in use
    cost = task.doubled if double else task.cost
    owner = ctx.name(task.owner)
    text = {"none": msg("{owner}'s Byzantine fleet lets the move pass.", owner=owner),
            "double": msg("{owner}'s Byzantine fleet doubles the cost.", owner=owner),
            "roll": msg("{owner}'s Byzantine fleet rolls against the army.", owner=owner),
            "double_roll": msg("{owner}'s Byzantine fleet doubles the cost and rolls against the army.",
                               owner=owner)}[use]
    ctx.emit("fleet", text, owner=owner, double=double, roll=roll)
    if cost > ctx.p(march.player).card(side).movement:
        # Reading: the army cannot pay the doubled cost, so it does not sail; nothing is spent and
        # no dice are rolled. The move action goes on without that crossing.
        ctx.emit("move_stopped", msg("{player}'s army cannot pay {n} movement cubes and stays in {city}; nothing "
                                     "is spent.", player=ctx.name(march.player), n=cost, city=city_word(task.frm)),
                 player=ctx.name(march.player), side=march.side, city=task.frm, to=task.to, cost=cost)
        ctx.then(march.model_copy(update={"blocked": march.blocked + [task.to]}))
        return
    pay_movement(ctx, march.player, side, cost, task.frm, task.to)
    sunk = hits(ctx.roll(cost, msg("{player}'s Byzantine fleet", player=owner), msg("the crossing"))) if roll else 0
    # The fleet's hits are taken at sea, before the army arrives (and attacks).
    loss = Loss(player=march.player, side=march.side, count=sunk, why="fleet") if sunk else None
    arrive = Arrive(player=march.player, side=march.side, frm=task.frm, to=task.to, moves=march.moves + 1)
    ctx.then(*[t for t in (loss, arrive) if t is not None])


@runs("arrive")
def arrive_run(ctx: Ctx, task: Arrive) -> None:
    side = Side(task.side)
    card = ctx.p(task.player).card(side)
    if card.at != task.frm:  # destroyed on the way
        return
    card.at = task.to
    ctx.emit("move", msg("{army} moves from {frm} to {to}.", army=army(ctx.name(task.player), side),
                         frm=city_word(task.frm), to=city_word(task.to)),
             player=ctx.name(task.player), side=task.side, to=task.to, **{"from": task.frm})
    if ctx.s.cities[task.to].side != side:
        ctx.then(Attack(actor=task.player, side=task.side, city=task.to, origin=task.frm))
    else:
        ctx.then(March(player=task.player, side=task.side, moves=task.moves, came_from=task.frm))
