"""The actions A-G a player chooses from, and the short ones that are not movement or combat.

The first decision of a turn offers every action whole, grouped the way a player thinks (issue
12): take a city (by side and region), move an army (by army), a special action (by action),
reinforce, taxes, build, pass. Where an action used to ask a second question with no chance or
other player in between (which city to improve or fortify, what the Bulgars do, where an army
enters the board, its first move), that question's answers are options of the first decision, so
any option is at most two clicks away (the group, then the option).
"""

from __future__ import annotations

from functools import lru_cache

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
from engine.byzantium.combos import combo_decision, parse
from engine.byzantium.cubes import (
    CARD_BOXES,
    Purse,
    card_slot,
    cube_cost,
    cube_cost_words,
    has_any_cube,
    has_source,
    parse_slot,
    spend,
)
from engine.byzantium.flow import Ctx, chooses, decides, decision, runs
from engine.byzantium.tasks import Action, Attack, NextTurn, Reinforce, Source, Tax
from engine.byzantium.words import (
    bezants,
    box_word,
    city_word,
    region_key,
    region_word,
    sentences,
    side_box,
    side_word,
    special_word,
)
from engine.core import Amounts, Item, Option, Total
from engine.text import Msg, listing, msg, msg_n

# A group is one menu; Discord shows at most 25 options in one, so a longer group is split by region.
GROUP_LIMIT = 25
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
    """Every action the player may take now, each option in its group ("" for a lone button)."""
    player = ctx.p(seat)
    entries: list[tuple[Option, str | None]] = []  # (option, city: where a long group splits)
    for name in sorted(takeable_cities(ctx), key=region_key):
        city = ctx.s.cities[name]
        if has_source(ctx, seat, city.side):
            entries.append((_take_option(name, city.markers, city.side, bool(player.available)), None))
    entries.extend(movement.move_action_options(ctx, seat))
    entries.extend((o, city) for o, city in special_options(ctx, seat))
    if can_reinforce(ctx, seat):
        entries.append((Option("reinforce", msg("Reinforce the armies ({cost})",
                                                cost=reinforce_cost(player.available))), None))
    if player.tax_cubes == 0 and player.available > 0:
        entries.append((Option("tax", msg_n("Taxes: up to {n} cube from the free pool, 2 bezants each",
                                            "Taxes: up to {n} cubes from the free pool, 2 bezants each",
                                            player.available)), None))
    for building, side in (("church", Side.BYZANTINE), ("mosque", Side.ARAB)):
        if has_source(ctx, seat, side, extra_cost=CHURCH_PRICE):
            entries.append((Option(building, building_label(ctx, seat, building, side)), None))
    entries.append((Option("pass", msg("Pass (no more actions this round)")), None))
    return split_long_groups(entries)


@lru_cache(maxsize=1024)
def _take_option(name: str, markers: int, side: Side, from_pool: bool) -> Option:
    """The option to take city `name`: the same for the same markers and cube (issue 30: an action
    decision built a label, its group and their words for every city, at every choice)."""
    group = (msg("Take a Byzantine city in {region}", region=region_word(name))
             if side == Side.BYZANTINE else msg("Take an Arab city in {region}", region=region_word(name)))
    label = msg("Take {city} (+{vp} {side} VP; {cost})", city=city_word(name), vp=markers, side=side_word(side),
                cost=cube_cost_words(from_pool, side))
    return Option(f"take:{name}", label, group)


def split_long_groups(entries: list[tuple[Option, str | None]]) -> list[Option]:
    """A group longer than one menu is split by the region of each option's city."""
    sizes: dict[str, int] = {}
    for option, _city in entries:
        sizes[option.group] = sizes.get(option.group, 0) + 1
    options = []
    for option, city in entries:
        if option.group and sizes[option.group] > GROUP_LIMIT and city is not None:
            group = msg("{group}: {region}", group=option.group, region=region_word(city))
            option = Option(option.id, option.label, group)
        options.append(option)
    return options


def building_label(ctx: Ctx, seat: int, building: str, side: Side) -> Msg:
    """The church is paid from the Byzantine treasury, the mosque from the Arab one: the VP say which."""
    if ctx.p(seat).available:
        cost = msg("{money} and a cube from the free pool", money=bezants(CHURCH_PRICE))
    else:
        cost = msg("{money} with the cube", money=bezants(CHURCH_PRICE + CUBE_PRICE))
    if building == "church":
        return msg("Build a church (+2 Byzantine VP; {cost})", cost=cost)
    return msg("Build a mosque (+2 Arab VP; {cost})", cost=cost)


def reinforce_cost(free: int) -> Msg:
    if free >= 3:
        return msg("up to 3 cubes from the free pool")
    if free == 0:
        return msg("up to 3 cubes, {price} bezants each", price=CUBE_PRICE)
    return msg("up to 3 cubes: {free} free, then {price} bezants each", free=free, price=CUBE_PRICE)


@decides("action")
def action_decision(ctx: Ctx, task: Action):
    s = ctx.s
    prompt = (msg("Round {round}: choose your action. This is the last action of the round.", round=s.round)
              if s.final_action else msg("Round {round}: choose your action.", round=s.round))
    options = action_options(ctx, task.player)
    warning = movement.fleet_warning(ctx, task.player, options)
    return decision(task.player, ctx, sentences([prompt, warning]) if warning else prompt, options, "action")


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
        action, _, target = arg.partition(":")
        start_special(ctx, seat, action, target)
    elif verb == "tax":
        ctx.then(Tax(player=seat))
    elif verb in ("church", "mosque"):
        build(ctx, seat, verb)
    elif verb in ("move", "place"):
        side, _, rest = arg.partition(":")
        movement.start_move(ctx, seat, verb, Side(side), rest)
    elif verb == "pass":
        pass_action(ctx, seat)
    else:  # pragma: no cover - options come from action_options
        raise RuntimeError(f"unknown action {option_id}")


# -- A. take a city -----------------------------------------------------------------------------

def take_city(ctx: Ctx, seat: int, name: str) -> None:
    city = ctx.city(name)
    player = ctx.p(seat)
    city.controller = seat
    ctx.emit("take", msg("{player} takes control of {city}.", player=player.name, city=city_word(name)),
             player=player.name, city=name)
    ctx.then(Source(player=seat, pay_side=city.side.value, dest=f"city:{name}"))
    ctx.gain_vp(seat, city.side, city.markers, msg("taking {city}", city=city_word(name)))
    card = player.byzantine
    if city.side == Side.BYZANTINE and not card.entered:
        card.entered = True
        if card.field_cubes():
            card.at = name
            ctx.emit("place", msg("{player}'s Byzantine army is placed in {city}.", player=player.name,
                                  city=city_word(name)),
                     player=player.name, side="byzantine", city=name)


# -- B. reinforce -------------------------------------------------------------------------------

def _reinforce_mosts(purse: Purse):
    """(side, box, slot, most) of each army box: the most cubes it could get alone (0: none)."""
    for side in ARMY_SIDES:
        for box in CARD_BOXES:
            slot = card_slot(side, box)
            yield side, box, slot, next((n for n in range(1 if box == Box.ELITE else 3, 0, -1)
                                         if purse.can_source([slot] * n)), 0)


def can_reinforce(ctx: Ctx, seat: int) -> bool:
    """Whether reinforce_amounts has any item, without wording them (issue 30)."""
    return any(most for _side, _box, _slot, most in _reinforce_mosts(Purse.of(ctx, seat)))


def reinforce_amounts(ctx: Ctx, seat: int) -> Amounts | None:
    """1 to 3 cubes on the army boxes, at most one on each elite box (the rules' limits), each box
    bounded by what could be paid for on it alone; the check refuses the mixes that cannot all
    be paid for, saying why."""
    purse = Purse.of(ctx, seat)
    items = [Item(slot, msg("{side} {box}", side=side_word(side), box=box_word(box)), most)
             for side, box, slot, most in _reinforce_mosts(purse) if most]
    if not items:
        return None

    def check(counts: dict[str, int]) -> Msg | None:
        return reinforce_refusal(purse, reinforce_slots(counts))

    return Amounts(tuple(items), (Total(1, 3, label=msg("Cubes to add")),), prefix="reinforce", check=check)


def reinforce_refusal(purse: Purse, slots: list[str]) -> Msg | None:
    """Why these cubes cannot all be paid for (Purse.can_source), or None when they can."""
    if purse.can_source(slots):
        return None
    need = {side: sum(1 for s in slots if parse_slot(s)[0] == side) for side in ARMY_SIDES}
    cap = {side: purse.treasury[side] // CUBE_PRICE for side in ARMY_SIDES}
    if sum(max(0, need[s] - cap[s]) for s in ARMY_SIDES) > min(purse.free, len(slots)):
        return msg("Not enough to pay for them: {free}, then {price} bezants a cube from the treasury of the side "
                   "that gets it ({byz} Byzantine, {arab} Arab).",
                   free=msg_n("{n} free cube", "{n} free cubes", purse.free), price=CUBE_PRICE,
                   byz=purse.treasury[Side.BYZANTINE], arab=purse.treasury[Side.ARAB])
    spare = sum(n for slot, n in purse.cards.items() if slot not in slots)
    return msg("Not enough cubes to buy: {n} must come from your casualty pool ({casualty}) or from army boxes "
               "that get none of these cubes ({spare}).",
               n=len(slots) - min(purse.free, len(slots)), casualty=purse.casualty, spare=spare)


def reinforce_slots(counts: dict[str, int]) -> list[str]:
    return [slot for slot, n in counts.items() for _ in range(n)]


def reinforce_label(counts: dict[str, int]) -> Msg:
    parts = []
    for slot, n in counts.items():
        if n:
            side, box = parse_slot(slot)
            parts.append(msg_n("{n} cube to {box}", "{n} cubes to {box}", n, box=side_box(side, box)))
    return listing(parts)


@decides("reinforce")
def reinforce_decision(ctx: Ctx, task: Reinforce):
    amounts = reinforce_amounts(ctx, task.player)
    if amounts is None:  # pragma: no cover - offered only when a cube can be placed
        return None

    def most_on_one_box(found):  # the shortcuts: as many cubes as can go on each single box
        for item in amounts.items:
            yield {item.id: item.max}

    return combo_decision(ctx.name(task.player), msg("Reinforce: which boxes of your army cards get the cubes "
                                                      "(1 to 3, at most one on each elite box)?"),
                          "reinforce", amounts, reinforce_label, shortcuts=most_on_one_box)


@runs("reinforce")
def reinforce_run(ctx: Ctx, task: Reinforce) -> None:  # pragma: no cover - see reinforce_decision
    """No cube can be placed: nothing happens."""


@chooses("reinforce")
def reinforce_choose(ctx: Ctx, task: Reinforce, option_id: str) -> None:
    counts = parse(reinforce_amounts(ctx, task.player), option_id)
    slots = reinforce_slots(counts)
    purse = Purse.of(ctx, task.player)
    # The free cubes go first to the side that is shortest of bezants to buy its cubes.
    short = {side: sum(1 for s in slots if parse_slot(s)[0] == side) - purse.treasury[side] // CUBE_PRICE
             for side in ARMY_SIDES}
    slots.sort(key=lambda s: -short[parse_slot(s)[0]])
    ctx.emit("reinforce", msg("{player} reinforces: {what}.", player=ctx.name(task.player),
                              what=reinforce_label(counts)), player=ctx.name(task.player), slots=slots)
    ctx.then(*[Source(player=task.player, pay_side=parse_slot(slot)[0].value, dest=f"card:{slot}",
                      reserve=slots[i + 1:]) for i, slot in enumerate(slots)])


# -- C. special actions ---------------------------------------------------------------------------

def special_options(ctx: Ctx, seat: int) -> list[tuple[Option, str | None]]:
    """Every special action with what it is done to: the Bulgars' targets, the city fortified or
    improved; each kind of action is one group."""
    s, found = ctx.s, []
    pool = bool(ctx.p(seat).available)
    if free_box(ctx, "bulgars") is not None:
        army = min(BULGAR_CUBES, s.bulgars + 2)
        for city in sorted(bulgar_targets(ctx), key=region_key):
            pay = bulgar_pay_side(ctx, city)
            if has_source(ctx, seat, pay):
                found.append((_special_option("bulgars", city, army, pool, pay), city))
        if BULGAR_CUBES - army >= 2 and has_source(ctx, seat, None):
            found.append((Option("special:bulgars:more",
                                 msg("Add 4 cubes to the Bulgars, to {n} ({cost})", n=army + 2,
                                     cost=cube_cost(ctx, seat, None)), msg("Send the Bulgars (+2 cubes)")), None))
    if free_box(ctx, "fortify") is not None and ctx.p(seat).forts_left > 0:
        for city in sorted(fortifiable_cities(ctx, seat), key=region_key):
            side = s.cities[city].side
            if has_source(ctx, seat, side):
                found.append((_special_option("fortify", city, 0, pool, side), city))
    for action in ("byzantine_improvement", "arab_improvement"):
        side = SPECIAL_SIDE[action]
        if free_box(ctx, action) is not None and has_source(ctx, seat, side):
            for city in sorted(improvable_cities(ctx, side), key=region_key):
                found.append((_special_option(action, city, s.cities[city].markers + 1, pool, side), city))
    titles = msg("Emperor, Caliph or a fleet")
    if s.emperor is None:
        found.append((Option("special:emperor", msg("Become Emperor (+2 Byzantine VP, the purple guard cube; "
                                                    "no cube needed)"), titles), None))
    if s.caliph is None:
        found.append((Option("special:caliph", msg("Become Caliph (+2 Arab VP, the white guard cube; "
                                                   "no cube needed)"), titles), None))
    for action in ("byzantine_fleet", "arab_fleet"):
        side = SPECIAL_SIDE[action]
        if free_box(ctx, action) is not None and has_source(ctx, seat, side):
            label = (msg("Take the Byzantine fleet ({cost})", cost=cube_cost(ctx, seat, side))
                     if side == Side.BYZANTINE else msg("Take the Arab fleet ({cost})", cost=cube_cost(ctx, seat, side)))
            found.append((Option(f"special:{action}", label, titles), None))
    return found


@lru_cache(maxsize=1024)
def _special_option(action: str, city: str, n: int, from_pool: bool, side: Side) -> Option:
    """The option of a special action done to `city` (the Bulgars' attack with `n` cubes, its
    fortification, its improvement to `n` markers), paid from the pool or `side`'s treasury: the
    same for the same of these, so built once (issue 30, as _take_option)."""
    cost = cube_cost_words(from_pool, side)
    if action == "bulgars":
        return Option(f"special:bulgars:{city}", msg("The Bulgars ({n}) attack {city} ({cost})", n=n,
                                                     city=city_word(city), cost=cost),
                      msg("Send the Bulgars (+2 cubes)"))
    if action == "fortify":
        return Option(f"special:fortify:{city}", msg("Fortify {city} (+1 in sieges; {cost})", city=city_word(city),
                                                     cost=cost), msg("Fortify one of your cities"))
    group = (msg("Improve a Byzantine city (+1 marker)") if action == "byzantine_improvement"
             else msg("Improve an Arab city (+1 marker)"))
    return Option(f"special:{action}:{city}", msg("Improve {city} to {n} markers ({cost})", city=city_word(city), n=n,
                                                  cost=cost), group)


def start_special(ctx: Ctx, seat: int, action: str, target: str = "") -> None:
    player = ctx.p(seat)
    if action in ("emperor", "caliph"):
        side = Side.BYZANTINE if action == "emperor" else Side.ARAB
        setattr(ctx.s, action, seat)
        player.card(side).guard = True
        text = (msg("{player} becomes Emperor; the purple guard cube joins the Byzantine elite.", player=player.name)
                if action == "emperor" else
                msg("{player} becomes Caliph; the white guard cube joins the Arab elite.", player=player.name))
        ctx.emit("special", text, player=player.name, action=action)
        ctx.gain_vp(seat, side, 2, msg("becoming Emperor") if action == "emperor" else msg("becoming Caliph"))
        return
    box = free_box(ctx, action)  # the cube lands on it once its source is chosen
    ctx.emit("special", msg("{player} takes the special action: {action}.", player=player.name,
                            action=special_word(action)),
             player=player.name, action=action, box=box)
    if action == "bulgars":
        send_bulgars(ctx, seat, box, target)
    elif action == "fortify":
        fortify(ctx, seat, box, target)
    elif action in ("byzantine_improvement", "arab_improvement"):
        side = SPECIAL_SIDE[action]
        ctx.then(Source(player=seat, pay_side=side.value, dest=f"box:{box}"))
        ctx.city(target).markers += 1
        ctx.emit("improve", msg("{city} grows to {n} markers.", city=city_word(target), n=ctx.s.cities[target].markers),
                 player=player.name, city=target)
    else:  # the fleets
        ctx.then(Source(player=seat, pay_side=SPECIAL_SIDE[action].value, dest=f"box:{box}"))


def fortify(ctx: Ctx, seat: int, box: str, name: str) -> None:
    city, player = ctx.city(name), ctx.p(seat)
    city.fortified, city.control_cube = True, False
    player.forts_left -= 1
    player.casualty += 1  # the control cube it replaces goes to the casualty pool
    ctx.emit("fortify", msg("{player} fortifies {city}.", player=player.name, city=city_word(name)),
             player=player.name, city=name)
    ctx.then(Source(player=seat, pay_side=city.side.value, dest=f"box:{box}"))


def send_bulgars(ctx: Ctx, seat: int, box: str, target: str) -> None:
    """Two Bulgar cubes arrive; then they attack `target`, or two more arrive ("more")."""
    arrive = min(2, BULGAR_CUBES - ctx.s.bulgars)  # never more than eleven
    ctx.s.bulgars += arrive
    if arrive:
        ctx.emit("bulgars", msg_n("{n} Bulgar cube joins the Bulgar army (now {army}).",
                                  "{n} Bulgar cubes join the Bulgar army (now {army}).", arrive, army=ctx.s.bulgars),
                 added=arrive, army=ctx.s.bulgars)
    if target == "more":
        ctx.s.bulgars += 2
        ctx.emit("bulgars", msg("Two more Bulgar cubes join (now {army}).", army=ctx.s.bulgars),
                 added=2, army=ctx.s.bulgars)
        ctx.then(Source(player=seat, pay_side=None, dest=f"box:{box}"))
        return
    pay = bulgar_pay_side(ctx, target)
    # Who sends them and how strong; the attack itself is told once, when it begins (combat.begin).
    ctx.emit("bulgars", msg("{player} sends the Bulgars ({n}) against {city}.", player=ctx.name(seat),
                            n=ctx.s.bulgars, city=city_word(target)),
             city=target, army=ctx.s.bulgars)
    ctx.then(Source(player=seat, pay_side=pay.value, dest=f"box:{box}"),
             Attack(actor=seat, side=Side.BULGAR.value, city=target, origin=None))


# -- D. taxes -------------------------------------------------------------------------------------

def tax_amounts(ctx: Ctx, seat: int) -> Amounts:
    """Bezants for each treasury: 2 per cube from the free pool, at least one cube."""
    most = 2 * ctx.p(seat).available
    items = (Item("byzantine", msg("Byzantine bezants"), most), Item("arab", msg("Arab bezants"), most))
    return Amounts(items, (Total(2, most, step=2, label=msg("Bezants in all (2 per cube)")),), prefix="tax")


def tax_label(counts: dict[str, int]) -> Msg:
    byz, arab = counts.get("byzantine", 0), counts.get("arab", 0)
    cubes = (byz + arab) // 2
    return msg_n("{n} cube: {byz} Byzantine and {arab} Arab bezants",
                 "{n} cubes: {byz} Byzantine and {arab} Arab bezants", cubes, byz=byz, arab=arab)


@decides("tax")
def tax_decision(ctx: Ctx, task: Tax):
    free = ctx.p(task.player).available

    def shortcuts(found):  # every free cube, all to one side or split evenly
        yield {"byzantine": 2 * free}
        yield {"arab": 2 * free}
        yield {"byzantine": free + free % 2, "arab": free - free % 2}

    prompt = msg("Taxes: how many cubes from your free pool go to the tax box (you have {n}), and how are their "
                 "bezants (2 per cube) split between your treasuries?", n=free)
    return combo_decision(ctx.name(task.player), prompt, "tax", tax_amounts(ctx, task.player), tax_label,
                          shortcuts=shortcuts)


@chooses("tax")
def tax_choose(ctx: Ctx, task: Tax, option_id: str) -> None:
    counts = parse(tax_amounts(ctx, task.player), option_id)
    byz, arab = counts["byzantine"], counts["arab"]
    n = (byz + arab) // 2
    player = ctx.p(task.player)
    player.available -= n
    player.tax_cubes += n
    player.treasury[Side.BYZANTINE] += byz
    player.treasury[Side.ARAB] += arab
    ctx.emit("tax", msg_n("{player} raises taxes with {n} cube: {byz} Byzantine and {arab} Arab bezants.",
                          "{player} raises taxes with {n} cubes: {byz} Byzantine and {arab} Arab bezants.", n,
                          player=player.name, byz=byz, arab=arab),
             player=player.name, cubes=n, amount=byz + arab, byzantine=byz, arab=arab)


# -- E. church / mosque -----------------------------------------------------------------------------

def build(ctx: Ctx, seat: int, building: str) -> None:
    side = Side.BYZANTINE if building == "church" else Side.ARAB
    player = ctx.p(seat)
    what = msg("a church") if building == "church" else msg("a mosque")
    spend(ctx, seat, side, CHURCH_PRICE, what)
    ctx.emit(building, msg("{player} builds {building}.", player=player.name, building=what), player=player.name)
    ctx.gain_vp(seat, side, 2, what)
    ctx.then(Source(player=seat, pay_side=side.value, dest=building))


# -- G. pass ----------------------------------------------------------------------------------------

def pass_action(ctx: Ctx, seat: int) -> None:
    s, player = ctx.s, ctx.p(seat)
    player.passed = True
    first = not s.pass_order
    s.pass_order.append(seat)
    text = (msg("{player} passes first, and will start the next round.", player=player.name) if first
            else msg("{player} passes.", player=player.name))
    ctx.emit("pass", text, player=player.name, first=first)
    if has_any_cube(ctx, seat):
        ctx.then(Source(player=seat, pay_side=None, free=True, dest="pass"))
