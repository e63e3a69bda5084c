"""The actions A-G a player chooses from, and the short ones that are not movement or combat."""

from __future__ import annotations

from engine.byzantium import movement
from engine.byzantium.board import (
    ARMY_SIDES,
    BULGAR_CUBES,
    CHURCH_PRICE,
    CONSTANTINOPLE,
    CUBE_PRICE,
    MAX_MARKERS,
    SPECIAL_BOXES,
    Box,
    RouteKind,
    Side,
    bulgars_serve,
)
from engine.byzantium.cubes import (
    CARD_BOXES,
    card_slot,
    cube_cost,
    has_any_cube,
    has_source,
    slot_label,
    spend,
)
from engine.byzantium.flow import Ctx, chooses, decides, decision, runs
from engine.byzantium.tasks import (
    Action,
    Attack,
    Bulgars,
    Fortify,
    Improve,
    NextTurn,
    Reinforce,
    Source,
    TaxCount,
    TaxSplit,
)
from engine.core import Option

# Each special action's name and what it gives, for its option; its cost is added there.
SPECIAL_LABELS = {
    "bulgars": ("Bulgars", "+2 cubes, then attack or 2 more"),
    "fortify": ("Fortify one of your cities", "+1 in sieges"),
    "byzantine_improvement": ("Byzantine city improvement", "+1 marker"),
    "arab_improvement": ("Arab city improvement", "+1 marker"),
    "emperor": ("Become Emperor", "+2 byzantine VP, the purple guard cube"),
    "caliph": ("Become Caliph", "+2 arab VP, the white guard cube"),
    "byzantine_fleet": ("Take the Byzantine fleet", ""),
    "arab_fleet": ("Take the Arab fleet", ""),
}
# Which treasury pays for the cube on a box (None: it depends on the choice that follows).
SPECIAL_SIDE = {
    "byzantine_improvement": Side.BYZANTINE, "arab_improvement": Side.ARAB,
    "byzantine_fleet": Side.BYZANTINE, "arab_fleet": Side.ARAB,
}


def free_box(ctx: Ctx, action: str) -> str | None:
    for box in SPECIAL_BOXES[action]:
        if ctx.s.boxes[box] is None:
            return box
    return None


def takeable_cities(ctx: Ctx) -> list[str]:
    """Action A: an uncontrolled stack of Byzantine or Arab markers (never Constantinople)."""
    return [name for name, city in sorted(ctx.s.cities.items())
            if city.side in ARMY_SIDES and city.markers > 0 and city.controller is None
            and name != CONSTANTINOPLE]


def improvable_cities(ctx: Ctx, side: Side) -> list[str]:
    return [name for name, city in sorted(ctx.s.cities.items())
            if city.side == side and 0 < city.markers < MAX_MARKERS and name != CONSTANTINOPLE]


def fortifiable_cities(ctx: Ctx, seat: int) -> list[str]:
    return [name for name, city in sorted(ctx.s.cities.items())
            if city.controller == seat and not city.fortified]


def bulgar_targets(ctx: Ctx) -> list[str]:
    """Cities with the orange arrow, or joined by land to a Bulgar city; never by sea."""
    bulgar_cities = {n for n, c in ctx.s.cities.items() if c.side == Side.BULGAR}
    targets = {n for n, c in ctx.board.cities.items() if c.bulgar_entry}
    for name in bulgar_cities:
        targets.update(n for n, _ in ctx.board.neighbours(name, frozenset({RouteKind.ROAD})))
    return sorted(t for t in targets if t not in bulgar_cities)


def bulgar_pay_side(ctx: Ctx, city: str) -> Side:
    """The cube is paid by, and the VP go to, the side the Bulgars did not attack."""
    return bulgars_serve(ctx.s.cities[city].side)


# -- choosing an action ------------------------------------------------------------------------

def action_options(ctx: Ctx, seat: int) -> list[Option]:
    s, player = ctx.s, ctx.p(seat)
    options: list[Option] = []
    for name in takeable_cities(ctx):
        city = s.cities[name]
        if has_source(ctx, seat, city.side):
            options.append(Option(f"take:{name}", f"Take {name} (+{city.markers} {city.side.value} VP; "
                                  f"{cube_cost(ctx, seat, city.side)})"))
    if reinforce_slots(ctx, Reinforce(player=seat)):
        options.append(Option("reinforce", f"Reinforce your armies ({reinforce_cost(player.available)})"))
    for action in SPECIAL_LABELS:
        if special_possible(ctx, seat, action):
            options.append(Option(f"special:{action}", special_label(ctx, seat, action)))
    if player.tax_cubes == 0 and player.available > 0:
        options.append(Option("tax", f"Taxes: cubes from your free pool, 2 bezants each ({player.available} free)"))
    for building, side in (("church", Side.BYZANTINE), ("mosque", Side.ARAB)):
        if has_source(ctx, seat, side, extra_cost=CHURCH_PRICE):
            money = (f"{CHURCH_PRICE} {side.value} bezants and a cube from your free pool" if player.available
                     else f"{CHURCH_PRICE + CUBE_PRICE} {side.value} bezants with the cube")
            options.append(Option(building, f"Build a {building} (+2 VP; {money})"))
    options.extend(movement.move_action_options(ctx, seat))
    options.append(Option("pass", "Pass (no more actions this round)"))
    return options


def reinforce_cost(free: int) -> str:
    if free >= 3:
        return "up to 3 cubes from your free pool"
    if free == 0:
        return f"up to 3 cubes, {CUBE_PRICE} bezants each"
    return f"up to 3 cubes: {free} free, then {CUBE_PRICE} bezants each"


def special_label(ctx: Ctx, seat: int, action: str) -> str:
    """The special action's name, what it gives and what its cube costs."""
    name, gives = SPECIAL_LABELS[action]
    if action in ("emperor", "caliph"):
        cost = "no cube needed"  # the guard cube leaves the box; the player puts none there
    elif action == "fortify":
        sides = {ctx.s.cities[c].side for c in fortifiable_cities(ctx, seat)}
        cost = cube_cost(ctx, seat, sides.pop() if len(sides) == 1 else None)
    else:
        cost = cube_cost(ctx, seat, SPECIAL_SIDE.get(action))  # the Bulgars: the side served, known later
    return f"{name} ({gives + '; ' if gives else ''}{cost})"


def special_possible(ctx: Ctx, seat: int, action: str) -> bool:
    s = ctx.s
    if action == "emperor":
        return s.emperor is None
    if action == "caliph":
        return s.caliph is None
    if free_box(ctx, action) is None:
        return False
    if action == "bulgars":
        return any(bulgar_option_possible(ctx, seat, o.id) for o in bulgar_options(ctx, assumed_extra=2))
    if action == "fortify":
        player = ctx.p(seat)
        return player.forts_left > 0 and any(
            has_source(ctx, seat, s.cities[c].side) for c in fortifiable_cities(ctx, seat))
    if action in ("byzantine_improvement", "arab_improvement"):
        side = SPECIAL_SIDE[action]
        return bool(improvable_cities(ctx, side)) and has_source(ctx, seat, side)
    return has_source(ctx, seat, SPECIAL_SIDE[action])


@decides("action")
def action_decision(ctx: Ctx, task: Action):
    s = ctx.s
    last = " This is the last action of the round." if s.final_action else ""
    return decision(task.player, ctx, f"Round {s.round}: choose your action.{last}",
                    action_options(ctx, task.player), "action")


@chooses("action")
def action_choose(ctx: Ctx, task: Action, option_id: str) -> None:
    seat = task.player
    verb, _, arg = option_id.partition(":")
    ctx.then(NextTurn())  # runs once everything this action starts is done
    if verb == "take":
        take_city(ctx, seat, arg)
    elif verb == "reinforce":
        ctx.then(Reinforce(player=seat))
    elif verb == "special":
        start_special(ctx, seat, arg)
    elif verb == "tax":
        ctx.then(TaxCount(player=seat))
    elif verb in ("church", "mosque"):
        build(ctx, seat, verb)
    elif verb in ("move", "place"):
        movement.start_move(ctx, seat, verb, Side(arg))
    elif verb == "pass":
        pass_action(ctx, seat)
    else:  # pragma: no cover - options come from action_options
        raise RuntimeError(f"unknown action {option_id}")


# -- A. take a city -----------------------------------------------------------------------------

def take_city(ctx: Ctx, seat: int, name: str) -> None:
    city = ctx.s.cities[name]
    player = ctx.p(seat)
    city.controller = seat
    ctx.emit("take", f"{player.name} takes control of {name}.", player=player.name, city=name)
    ctx.then(Source(player=seat, pay_side=city.side.value, what=f"control of {name}", dest=f"city:{name}"))
    ctx.gain_vp(seat, city.side, city.markers, f"taking {name}")
    card = player.byzantine
    if city.side == Side.BYZANTINE and not card.entered:
        card.entered = True
        if card.field_cubes():
            card.at = name
            ctx.emit("place", f"{player.name}'s Byzantine army is placed in {name}.",
                     player=player.name, side="byzantine", city=name)


# -- B. reinforce -------------------------------------------------------------------------------

def reinforce_slots(ctx: Ctx, task: Reinforce) -> list[str]:
    slots = []
    for side in ARMY_SIDES:
        for box in CARD_BOXES:
            if box == Box.ELITE and side.value in task.elite_sides:
                continue
            slot = card_slot(side, box)
            if has_source(ctx, task.player, side, dest=f"card:{slot}"):
                slots.append(slot)
    return slots


@decides("reinforce")
def reinforce_decision(ctx: Ctx, task: Reinforce):
    if task.placed >= 3:
        return None
    options = [Option(f"to:{slot}", f"Add a cube to your {slot_label(slot)} box")
               for slot in reinforce_slots(ctx, task)]
    if task.placed:
        options.append(Option("done", "Done reinforcing"))
    if not options:
        return None
    return decision(task.player, ctx, f"Reinforce: cube {task.placed + 1} of up to 3.", options, "reinforce")


@runs("reinforce")
def reinforce_run(ctx: Ctx, task: Reinforce) -> None:
    """Three cubes placed (or none can be): the action is complete."""


@chooses("reinforce")
def reinforce_choose(ctx: Ctx, task: Reinforce, option_id: str) -> None:
    if option_id == "done":
        return
    slot = option_id.removeprefix("to:")
    side, box = slot.split(".")
    elite = task.elite_sides + ([side] if box == Box.ELITE else [])
    ctx.emit("reinforce", f"{ctx.name(task.player)} adds a cube to the {slot_label(slot)} box.",
             player=ctx.name(task.player), slot=slot)
    ctx.then(Source(player=task.player, pay_side=side, what=f"the {slot_label(slot)} box", dest=f"card:{slot}"),
             Reinforce(player=task.player, placed=task.placed + 1, elite_sides=elite))


# -- C. special actions ---------------------------------------------------------------------------

def start_special(ctx: Ctx, seat: int, action: str) -> None:
    player = ctx.p(seat)
    if action in ("emperor", "caliph"):
        side = Side.BYZANTINE if action == "emperor" else Side.ARAB
        title = "Emperor" if action == "emperor" else "Caliph"
        setattr(ctx.s, action, seat)
        player.card(side).guard = True
        ctx.emit("special", f"{player.name} becomes {title}; the guard cube joins the {side.value} elite.",
                 player=player.name, action=action)
        ctx.gain_vp(seat, side, 2, f"becoming {title}")
        return
    box = free_box(ctx, action)  # the cube lands on it once its source is chosen
    ctx.emit("special", f"{player.name} takes the special action: {SPECIAL_LABELS[action][0]}.",
             player=player.name, action=action, box=box)
    if action == "bulgars":
        arrive = min(2, BULGAR_CUBES - ctx.s.bulgars)
        ctx.s.bulgars += arrive
        ctx.emit("bulgars", f"{arrive} Bulgar cube{'s' if arrive != 1 else ''} join the Bulgar army "
                 f"(now {ctx.s.bulgars}).", added=arrive, army=ctx.s.bulgars)
        ctx.then(Bulgars(player=seat, box=box))
    elif action == "fortify":
        ctx.then(Fortify(player=seat, box=box))
    elif action in ("byzantine_improvement", "arab_improvement"):
        side = SPECIAL_SIDE[action]
        ctx.then(Source(player=seat, pay_side=side.value, what=f"the {side.value} city improvement",
                        dest=f"box:{box}"),
                 Improve(player=seat, side=side.value))
    else:  # the fleets
        ctx.then(Source(player=seat, pay_side=SPECIAL_SIDE[action].value, what=f"the {action.replace('_', ' ')}",
                        dest=f"box:{box}"))


@decides("improve")
def improve_decision(ctx: Ctx, task: Improve):
    options = [Option(f"improve:{c}", f"{c} ({ctx.s.cities[c].markers} -> {ctx.s.cities[c].markers + 1})")
               for c in improvable_cities(ctx, Side(task.side))]
    return decision(task.player, ctx, f"Which {task.side} city gets a new marker (at most 3)?", options, "improve")


@chooses("improve")
def improve_choose(ctx: Ctx, task: Improve, option_id: str) -> None:
    name = option_id.removeprefix("improve:")
    ctx.s.cities[name].markers += 1
    ctx.emit("improve", f"{name} grows to {ctx.s.cities[name].markers} markers.",
             player=ctx.name(task.player), city=name)


@decides("fortify")
def fortify_decision(ctx: Ctx, task: Fortify):
    options = [Option(f"fortify:{c}", f"Fortify {c}") for c in fortifiable_cities(ctx, task.player)
               if has_source(ctx, task.player, ctx.s.cities[c].side)]
    return decision(task.player, ctx, "Which of your cities gets a fortification?", options, "fortify")


@chooses("fortify")
def fortify_choose(ctx: Ctx, task: Fortify, option_id: str) -> None:
    name = option_id.removeprefix("fortify:")
    city, player = ctx.s.cities[name], ctx.p(task.player)
    city.fortified, city.control_cube = True, False
    player.forts_left -= 1
    player.casualty += 1  # the control cube it replaces goes to the casualty pool
    ctx.emit("fortify", f"{player.name} fortifies {name}.", player=player.name, city=name)
    ctx.then(Source(player=task.player, pay_side=city.side.value, what="the fortify action", dest=f"box:{task.box}"))


def bulgar_options(ctx: Ctx, assumed_extra: int = 0) -> list[Option]:
    army = min(BULGAR_CUBES, ctx.s.bulgars + assumed_extra)
    options = [Option(f"bulgar_attack:{c}", f"Bulgars ({army}) attack {c}") for c in bulgar_targets(ctx)]
    if BULGAR_CUBES - army >= 2:
        options.append(Option("bulgar_reinforce", f"Add 2 more Bulgar cubes (to {army + 2})"))
    return options


def bulgar_option_possible(ctx: Ctx, seat: int, option_id: str) -> bool:
    if option_id == "bulgar_reinforce":
        return has_source(ctx, seat, None)
    return has_source(ctx, seat, bulgar_pay_side(ctx, option_id.removeprefix("bulgar_attack:")))


@decides("bulgars")
def bulgars_decision(ctx: Ctx, task: Bulgars):
    options = [o for o in bulgar_options(ctx) if bulgar_option_possible(ctx, task.player, o.id)]
    return decision(task.player, ctx, "Attack with the Bulgars, or reinforce them?", options, "bulgars")


@chooses("bulgars")
def bulgars_choose(ctx: Ctx, task: Bulgars, option_id: str) -> None:
    if option_id == "bulgar_reinforce":
        ctx.s.bulgars += 2
        ctx.emit("bulgars", f"Two more Bulgar cubes join (now {ctx.s.bulgars}).", added=2, army=ctx.s.bulgars)
        ctx.then(Source(player=task.player, pay_side=None, what="the Bulgar action", dest=f"box:{task.box}"))
        return
    city = option_id.removeprefix("bulgar_attack:")
    pay = bulgar_pay_side(ctx, city)
    ctx.emit("bulgars", f"The Bulgars ({ctx.s.bulgars}) attack {city}.", city=city, army=ctx.s.bulgars)
    ctx.then(Source(player=task.player, pay_side=pay.value, what="the Bulgar action", dest=f"box:{task.box}"),
             Attack(actor=task.player, side=Side.BULGAR.value, city=city, origin=None))


# -- D. taxes -------------------------------------------------------------------------------------

@decides("tax_count")
def tax_count_decision(ctx: Ctx, task: TaxCount):
    free = ctx.p(task.player).available
    options = [Option(f"tax:{n}", f"{n} cube{'s' if n > 1 else ''} for {2 * n} bezants") for n in range(1, free + 1)]
    return decision(task.player, ctx, "How many cubes from your free pool go to the tax box?", options, "tax")


@chooses("tax_count")
def tax_count_choose(ctx: Ctx, task: TaxCount, option_id: str) -> None:
    n = int(option_id.removeprefix("tax:"))
    player = ctx.p(task.player)
    player.available -= n
    player.tax_cubes += n
    ctx.emit("tax", f"{player.name} raises taxes with {n} cube{'s' if n > 1 else ''}: {2 * n} bezants.",
             player=player.name, cubes=n, amount=2 * n)
    ctx.then(TaxSplit(player=task.player, amount=2 * n))


@decides("tax_split")
def tax_split_decision(ctx: Ctx, task: TaxSplit):
    options = [Option(f"byzantine:{b}", f"{b} Byzantine / {task.amount - b} Arab") for b in range(task.amount, -1, -1)]
    return decision(task.player, ctx, f"Split the {task.amount} bezants between your treasuries.", options, "tax_split")


@chooses("tax_split")
def tax_split_choose(ctx: Ctx, task: TaxSplit, option_id: str) -> None:
    byz = int(option_id.removeprefix("byzantine:"))
    player = ctx.p(task.player)
    player.treasury[Side.BYZANTINE] += byz
    player.treasury[Side.ARAB] += task.amount - byz
    ctx.emit("money", f"{player.name} puts {byz} in the Byzantine and {task.amount - byz} in the Arab treasury.",
             player=player.name, byzantine=byz, arab=task.amount - byz)


# -- E. church / mosque -----------------------------------------------------------------------------

def build(ctx: Ctx, seat: int, building: str) -> None:
    side = Side.BYZANTINE if building == "church" else Side.ARAB
    player = ctx.p(seat)
    spend(ctx, seat, side, CHURCH_PRICE, f"a {building}")
    ctx.emit(building, f"{player.name} builds a {building}.", player=player.name)
    ctx.gain_vp(seat, side, 2, f"a {building}")
    ctx.then(Source(player=seat, pay_side=side.value, what=f"the {building}", dest=building))


# -- G. pass ----------------------------------------------------------------------------------------

def pass_action(ctx: Ctx, seat: int) -> None:
    s, player = ctx.s, ctx.p(seat)
    player.passed = True
    first = not s.pass_order
    s.pass_order.append(seat)
    note = " first, and will start the next round" if first else ""
    ctx.emit("pass", f"{player.name} passes{note}.", player=player.name, first=first)
    if has_any_cube(ctx, seat):
        ctx.then(Source(player=seat, pay_side=None, what="passing", free=True, dest="pass"))
