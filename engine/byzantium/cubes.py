"""Cubes: where a player may take one from, what it costs, and the army-card bookkeeping.

"A HINT ABOUT THE CUBES": a cube from the free pool (Vorrat) costs nothing and serves either
side; a cube from the casualty pool or from any army box costs 3 bezants, paid from the
treasury of the side that benefits.
"""

from __future__ import annotations

from engine.byzantium.board import ARMY_SIDES, CUBE_PRICE, Box, Side
from engine.byzantium.flow import Ctx, chooses, decides, decision
from engine.byzantium.tasks import Pay, Source
from engine.core import Option

CARD_BOXES = (Box.ELITE, Box.MAIN, Box.LEVY, Box.MOVEMENT)


def card_slot(side: Side, box: Box) -> str:
    return f"{side.value}.{box.value}"


def parse_slot(slot: str) -> tuple[Side, Box]:
    side, box = slot.split(".")
    return Side(side), Box(box)


def slot_label(slot: str) -> str:
    side, box = parse_slot(slot)
    return f"{side.value.title()} {box.value}"


def can_pay(ctx: Ctx, seat: int, pay_side: Side | None, amount: int) -> bool:
    treasury = ctx.p(seat).treasury
    if pay_side is None:
        return any(treasury[s] >= amount for s in ARMY_SIDES)
    return treasury[pay_side] >= amount


def cube_cost(ctx: Ctx, seat: int, pay_side: Side | None) -> str:
    """What the cube an action needs costs at least, for its label: nothing from the free pool,
    else 3 bezants of the side that benefits (None: the side is settled later)."""
    if ctx.p(seat).available:
        return "a cube from your free pool"
    return f"a cube for {CUBE_PRICE}{' ' + pay_side.value if pay_side else ''} bezants"


def source_options(ctx: Ctx, task: Source) -> list[Option]:
    player = ctx.p(task.player)
    pay_side = Side(task.pay_side) if task.pay_side else None
    if task.free:
        # Passing: the cube comes from the casualty pool; only when it is empty from elsewhere.
        if player.casualty:
            return [Option("source:casualty", "From your casualty pool")]
        paid_ok = True
    else:
        paid_ok = can_pay(ctx, task.player, pay_side, CUBE_PRICE)
    price = "" if task.free else f" ({CUBE_PRICE} bezants{' from the ' + pay_side.value + ' treasury' if pay_side else ''})"
    options = []
    if player.available:
        options.append(Option("source:available", f"From your free pool ({player.available} left)"))
    if paid_ok and player.casualty and not task.free:
        options.append(Option("source:casualty", f"From your casualty pool{price}"))
    if paid_ok:
        for side in ARMY_SIDES:
            card = player.card(side)
            for box in CARD_BOXES:
                slot = card_slot(side, box)
                if card.count(box) and f"card:{slot}" != task.dest:
                    options.append(Option(f"source:{slot}", f"From your {slot_label(slot)} box{price}"))
    return options


def has_source(ctx: Ctx, seat: int, pay_side: Side | None, extra_cost: int = 0,
               dest: str | None = None) -> bool:
    """Could the player get a cube for this purpose, with `extra_cost` also to pay from pay_side?"""
    player = ctx.p(seat)
    if extra_cost and not can_pay(ctx, seat, pay_side, extra_cost):
        return False
    if player.available:
        return True
    if not can_pay(ctx, seat, pay_side, CUBE_PRICE + extra_cost):
        return False
    if player.casualty:
        return True
    return any(player.card(side).count(box) and f"card:{card_slot(side, box)}" != dest
               for side in ARMY_SIDES for box in CARD_BOXES)


def has_any_cube(ctx: Ctx, seat: int) -> bool:
    player = ctx.p(seat)
    return bool(player.available or player.casualty
                or any(player.card(side).own_cubes() for side in ARMY_SIDES))


@decides("source")
def source_decision(ctx: Ctx, task: Source):
    return decision(task.player, ctx, f"Where does the cube for {task.what} come from?",
                    source_options(ctx, task), "source")


@chooses("source")
def source_choose(ctx: Ctx, task: Source, option_id: str) -> None:
    player = ctx.p(task.player)
    origin = option_id.removeprefix("source:")
    paid = not task.free and origin != "available"
    if origin == "available":
        player.available -= 1
    elif origin == "casualty":
        player.casualty -= 1
    else:
        side, box = parse_slot(origin)
        player.card(side).add(box, -1)
        check_army(ctx, task.player, side)
    place_cube(ctx, task.player, task.dest)
    if paid:
        if task.pay_side:
            spend(ctx, task.player, Side(task.pay_side), CUBE_PRICE, f"a cube for {task.what}")
        else:
            ctx.then(Pay(player=task.player, what=task.what))


@decides("pay")
def pay_decision(ctx: Ctx, task: Pay):
    treasury = ctx.p(task.player).treasury
    options = [Option(f"pay:{side.value}", f"Pay {CUBE_PRICE} from the {side.value} treasury ({treasury[side]})")
               for side in ARMY_SIDES if treasury[side] >= CUBE_PRICE]
    return decision(task.player, ctx, f"Which treasury pays for the cube for {task.what}?", options, "pay")


@chooses("pay")
def pay_choose(ctx: Ctx, task: Pay, option_id: str) -> None:
    spend(ctx, task.player, Side(option_id.removeprefix("pay:")), CUBE_PRICE, f"a cube for {task.what}")


def place_cube(ctx: Ctx, seat: int, dest: str) -> None:
    player = ctx.p(seat)
    where, _, arg = dest.partition(":")
    if where == "card":
        side, box = parse_slot(arg)
        player.card(side).add(box, 1)
    elif where == "city":
        ctx.s.cities[arg].control_cube = True
    elif where == "box":
        ctx.s.boxes[arg] = seat
    elif where == "church":
        player.churches += 1
    elif where == "mosque":
        player.mosques += 1
    elif where == "pass":
        player.pass_cube = True
    else:  # pragma: no cover - destinations are written by the rules modules
        raise RuntimeError(f"unknown cube destination {dest}")


def spend(ctx: Ctx, seat: int, side: Side, amount: int, why: str) -> None:
    player = ctx.p(seat)
    if player.treasury[side] < amount:
        raise RuntimeError(f"{player.name} cannot pay {amount} from the {side.value} treasury")
    player.treasury[side] -= amount
    ctx.emit("pay", f"{player.name} pays {amount} {side.value} bezants for {why}.",
             player=player.name, side=side.value, amount=amount)


def earn(ctx: Ctx, seat: int, side: Side, amount: int, why: str) -> None:
    if amount <= 0:
        return
    player = ctx.p(seat)
    player.treasury[side] += amount
    ctx.emit("money", f"{player.name} receives {amount} {side.value} bezants for {why}.",
             player=player.name, side=side.value, amount=amount)


def check_army(ctx: Ctx, seat: int, side: Side) -> None:
    """A field army needs at least one cube in elite, main or movement to stay on the board."""
    card = ctx.p(seat).card(side)
    if card.at is not None and card.field_cubes() == 0:
        ctx.emit("destroyed", f"{ctx.name(seat)}'s {side.value} army at {card.at} is destroyed.",
                 player=ctx.name(seat), side=side.value, city=card.at)
        card.at = None


def cube_places(ctx: Ctx, seat: int) -> dict[str, int]:
    """Where all 42 of a player's cubes are (the summary's `cubes`, plus the army cards)."""
    player = ctx.p(seat)
    cities = sum(1 for c in ctx.s.cities.values() if c.controller == seat and c.control_cube)
    boxes = sum(1 for holder in ctx.s.boxes.values() if holder == seat)
    return {
        "available": player.available,
        "casualty": player.casualty,
        "cities": cities,
        "action_spaces": boxes,
        "taxes": player.tax_cubes,
        "religion": player.churches + player.mosques,
        "pass": 1 if player.pass_cube else 0,
        "removed": player.removed,
    }
