"""Cubes: where a player may take one from, what it costs, and the army-card bookkeeping.

"A HINT ABOUT THE CUBES": a cube from the free pool (Vorrat) costs nothing and serves either
side; a cube from the casualty pool or from any army box costs 3 bezants, paid from the
treasury of the side that benefits.

Where a cube comes from is almost always the free pool, so it is a preference (issue 12):
`cube_source` = "pools" (the free pool, then the casualty pool; the default), "free" (the free
pool, else ask) or "ask" (always ask). The player is asked only when the preference cannot decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.byzantium.board import ARMY_SIDES, CUBE_PRICE, Box, Side
from engine.byzantium.flow import Ctx, chooses, decides, decision, runs
from engine.byzantium.tasks import Pay, Source
from engine.byzantium.words import army, box_word, city_word, side_bezants, side_word, special_word
from engine.core import Option, Preference
from engine.text import Msg, msg

CARD_BOXES = (Box.ELITE, Box.MAIN, Box.LEVY, Box.MOVEMENT)

SOURCE_PREF = "cube_source"
PREFERENCES = (
    Preference(SOURCE_PREF, msg("Where your cubes come from"), (
        Option("pools", msg("The free pool, then the casualty pool; ask me only when neither can give one")),
        Option("free", msg("The free pool; ask me when it is empty")),
        Option("ask", msg("Always ask me")),
    ), "pools"),
)
DEFAULTS = {p.key: p.default for p in PREFERENCES}


def preference(ctx: Ctx, seat: int, key: str) -> str:
    """The player's value of one of the game's preferences (its default unless he changed it)."""
    return ctx.s.prefs.get(ctx.name(seat), {}).get(key, DEFAULTS[key])


def card_slot(side: Side, box: Box) -> str:
    return f"{side.value}.{box.value}"


def parse_slot(slot: str) -> tuple[Side, Box]:
    side, box = slot.split(".")
    return Side(side), Box(box)


def slot_words(slot: str) -> Msg:
    """'the Byzantine elite box'."""
    side, box = parse_slot(slot)
    return msg("the {side} {box} box", side=side_word(side), box=box_word(box))


def can_pay(ctx: Ctx, seat: int, pay_side: Side | None, amount: int) -> bool:
    treasury = ctx.p(seat).treasury
    if pay_side is None:
        return any(treasury[s] >= amount for s in ARMY_SIDES)
    return treasury[pay_side] >= amount


def cube_cost(ctx: Ctx, seat: int, pay_side: Side | None) -> Msg:
    """What the cube an action needs costs at least, for its label: nothing from the free pool,
    else 3 bezants of the side that benefits (None: the side is settled later)."""
    return cube_cost_words(bool(ctx.p(seat).available), pay_side)


@cache  # two words for every option of an action decision: built once (issue 30)
def cube_cost_words(from_pool: bool, pay_side: Side | None) -> Msg:
    if from_pool:
        return msg("a cube from the free pool")
    if pay_side is None:
        return msg("a cube for {price} bezants", price=CUBE_PRICE)
    return msg("a cube for {money}", money=side_bezants(CUBE_PRICE, pay_side))


def cube_words(ctx: Ctx, dest: str) -> Msg:
    """The cube by where it goes: 'the control cube on Candia', 'the cube on the Byzantine fleet box'."""
    where, _, arg = dest.partition(":")
    if where == "city":
        return msg("the control cube on {city}", city=city_word(arg))
    if where == "box":
        return msg("the cube on the {action} box", action=special_word(arg))
    if where == "card":
        return msg("a cube for {box}", box=slot_words(arg))
    if where == "church":
        return msg("the cube on the church")
    if where == "mosque":
        return msg("the cube on the mosque")
    return msg("the pass cube")


# -- where a cube may come from -------------------------------------------------------------------

def source_options(ctx: Ctx, task: Source) -> list[Option]:
    player = ctx.p(task.player)
    pay_side = Side(task.pay_side) if task.pay_side else None
    if task.free:
        # Passing: the cube comes from the casualty pool; only when it is empty from elsewhere.
        if player.casualty:
            return [Option("source:casualty", msg("From the casualty pool"))]
        paid_ok = True
    else:
        paid_ok = can_pay(ctx, task.player, pay_side, CUBE_PRICE)
    if task.free:
        price: Msg | None = None
    elif pay_side is None:
        price = msg("{price} bezants from either treasury", price=CUBE_PRICE)
    else:
        price = side_bezants(CUBE_PRICE, pay_side)
    options = []
    if player.available:
        options.append(Option("source:available", msg("From the free pool ({n} left)", n=player.available)))
    if paid_ok and player.casualty and not task.free:
        options.append(Option("source:casualty", msg("From the casualty pool ({price})", price=price)))
    if paid_ok:
        for side in ARMY_SIDES:
            card = player.card(side)
            for box in CARD_BOXES:
                slot = card_slot(side, box)
                if card.count(box) and f"card:{slot}" != task.dest:
                    label = (msg("From {box} ({price})", box=slot_words(slot), price=price) if price
                             else msg("From {box}", box=slot_words(slot)))
                    options.append(Option(f"source:{slot}", label))
    if task.reserve:  # cubes still to come in this action: keep a source for each of them
        options = [o for o in options if purse_after(ctx, task, o.id).can_source(task.reserve)]
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


@dataclass
class Purse:
    """What a player can take cubes from, to tell whether several cubes can all be sourced."""

    free: int
    casualty: int
    cards: dict[str, int]  # slot -> cubes
    treasury: dict[Side, int]

    @classmethod
    def of(cls, ctx: Ctx, seat: int) -> Purse:
        p = ctx.p(seat)
        return cls(p.available, p.casualty,
                   {card_slot(s, b): p.card(s).count(b) for s in ARMY_SIDES for b in CARD_BOXES}, dict(p.treasury))

    def can_source(self, slots: list[str]) -> bool:
        """Can a cube be found for each of these army-card boxes, each paid by its own side?
        Free cubes go where money is short; paid ones come from the casualty pool, then from
        boxes that receive none of these cubes."""
        need = {side: sum(1 for s in slots if parse_slot(s)[0] == side) for side in ARMY_SIDES}
        cap = {side: self.treasury[side] // CUBE_PRICE for side in ARMY_SIDES}
        free = min(self.free, len(slots))
        if sum(max(0, need[s] - cap[s]) for s in ARMY_SIDES) > free:
            return False
        paid = len(slots) - free
        spare = sum(n for slot, n in self.cards.items() if slot not in slots)
        return paid <= self.casualty + spare


def purse_after(ctx: Ctx, task: Source, option_id: str) -> Purse:
    """The purse once this cube is taken from `option_id` (and paid, unless free)."""
    purse = Purse.of(ctx, task.player)
    origin = option_id.removeprefix("source:")
    if origin == "available":
        purse.free -= 1
        return purse
    if origin == "casualty":
        purse.casualty -= 1
    else:
        purse.cards[origin] -= 1
    if task.pay_side and not task.free:
        purse.treasury[Side(task.pay_side)] -= CUBE_PRICE
    return purse


def preferred_source(ctx: Ctx, task: Source) -> str | None:
    """The source the player's preference picks, or None when he must be asked."""
    choice = preference(ctx, task.player, SOURCE_PREF)
    if choice == "ask":
        return None
    ids = [o.id for o in source_options(ctx, task)]
    if "source:available" in ids:
        return "source:available"
    if choice == "pools" and "source:casualty" in ids:
        return "source:casualty"
    return None


@decides("source")
def source_decision(ctx: Ctx, task: Source):
    if preferred_source(ctx, task) is not None:
        return None
    return decision(task.player, ctx, msg("Where does {cube} come from?", cube=cube_words(ctx, task.dest)),
                    source_options(ctx, task), "source")


@runs("source")
def source_by_preference(ctx: Ctx, task: Source) -> None:
    source_choose(ctx, task, preferred_source(ctx, task))


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
            spend(ctx, task.player, Side(task.pay_side), CUBE_PRICE, cube_words(ctx, task.dest))
        else:
            ctx.then(Pay(player=task.player, what=task.dest))


@decides("pay")
def pay_decision(ctx: Ctx, task: Pay):
    treasury = ctx.p(task.player).treasury
    options = [Option(f"pay:{side.value}", msg("Pay {money} (you have {have})",
                                                money=side_bezants(CUBE_PRICE, side), have=treasury[side]))
               for side in ARMY_SIDES if treasury[side] >= CUBE_PRICE]
    return decision(task.player, ctx, msg("Which treasury pays for {cube}?", cube=cube_words(ctx, task.what)),
                    options, "pay")


@chooses("pay")
def pay_choose(ctx: Ctx, task: Pay, option_id: str) -> None:
    spend(ctx, task.player, Side(option_id.removeprefix("pay:")), CUBE_PRICE, cube_words(ctx, task.what))


def place_cube(ctx: Ctx, seat: int, dest: str) -> None:
    player = ctx.p(seat)
    where, _, arg = dest.partition(":")
    if where == "card":
        side, box = parse_slot(arg)
        player.card(side).add(box, 1)
    elif where == "city":
        ctx.city(arg).control_cube = True
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


def spend(ctx: Ctx, seat: int, side: Side, amount: int, why: Msg) -> None:
    player = ctx.p(seat)
    if player.treasury[side] < amount:
        raise RuntimeError(f"{player.name} cannot pay {amount} from the {side.value} treasury")
    player.treasury[side] -= amount
    ctx.emit("pay", msg("{player} pays {money} for {why}.", player=player.name,
                        money=side_bezants(amount, side), why=why),
             player=player.name, side=side.value, amount=amount)


def check_army(ctx: Ctx, seat: int, side: Side) -> None:
    """A field army needs at least one cube in elite, main or movement to stay on the board."""
    card = ctx.p(seat).card(side)
    if card.at is not None and card.field_cubes() == 0:
        ctx.emit("destroyed", msg("{army} at {city} is destroyed.", army=army(ctx.name(seat), side),
                                  city=city_word(card.at)),
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
