"""Attacks: field battles, the levy, the Bulgars, sieges, conquest and losses (retreats: retreats.py).

An attack is one `Attack` task walked through stages. Each stage either finishes the attack
or puts the attack back on the stack with its next stage, under the decisions (losses,
retreats, the levy) that must be taken first.
"""

from __future__ import annotations

from engine.byzantium.board import (
    ARMY_SIDES,
    CONSTANTINOPLE,
    CONSTANTINOPLE_STRENGTH,
    Side,
    bulgars_serve,
)
from engine.byzantium.combos import box_amounts, combo_decision, parse
from engine.byzantium.cubes import check_army, has_source
from engine.byzantium.flow import Ctx, chooses, decides, decision, hits, runs
from engine.byzantium.state import ArmyCard
from engine.byzantium.tasks import (
    Attack,
    ControlCube,
    ControlFromArmy,
    FightOrder,
    Levy,
    Loss,
    Retreat,
    RetreatOffer,
    Source,
)
from engine.byzantium.words import army, box_cubes, box_word, city_word, side_bezants, side_word
from engine.core import Amounts, Option
from engine.text import Msg, msg, msg_n

STAGES = {}


def stage(name: str):
    def register(fn):
        STAGES[name] = fn
        return fn
    return register


@runs("attack")
def attack_run(ctx: Ctx, task: Attack) -> None:
    STAGES[task.stage](ctx, task)


def resume(ctx: Ctx, task: Attack, stage_name: str, **changes) -> Attack:
    return task.model_copy(update={"stage": stage_name, **changes})


def battle_dice(card: ArmyCard) -> int:
    """Main army at most 3 dice, plus one per elite cube (the guard is an elite cube)."""
    return min(card.main, 3) + card.elite + (1 if card.guard else 0)


def attacker_card(ctx: Ctx, task: Attack) -> ArmyCard | None:
    if task.side == Side.BULGAR:
        return None
    return ctx.p(task.actor).card(Side(task.side))


def attacker_dice(ctx: Ctx, task: Attack) -> int:
    """The Bulgars roll like a main army: at most 3 dice."""
    card = attacker_card(ctx, task)
    return min(ctx.s.bulgars, 3) if card is None else battle_dice(card)


def attacker_name(ctx: Ctx, task: Attack) -> Msg:
    """The attacker as the object of a sentence ('falls to the Bulgars'); as its subject the
    Bulgars take a plural verb, so those sentences have a Bulgar form of their own."""
    return msg("the Bulgars") if task.side == Side.BULGAR else army(ctx.name(task.actor), task.side)


def bulgars(task: Attack) -> bool:
    return task.side == Side.BULGAR


def attacker_roll(ctx: Ctx, task: Attack, count: int, why: Msg) -> list[int]:
    return ctx.roll(count, attacker_name(ctx, task), why, bulgars=bulgars(task))


def attacker_strength(ctx: Ctx, task: Attack) -> int:
    card = attacker_card(ctx, task)
    return ctx.s.bulgars if card is None else card.strength()


def attacker_present(ctx: Ctx, task: Attack) -> bool:
    card = attacker_card(ctx, task)
    return ctx.s.bulgars > 0 if card is None else card.at == task.city


def attacker_losses(ctx: Ctx, task: Attack, count: int, why: str) -> Loss | None:
    """Bulgar losses go straight back to the Bulgar supply; a player chooses his own."""
    if count <= 0:
        return None
    if task.side == Side.BULGAR:
        lose_bulgars(ctx, count)
        return None
    return Loss(player=task.actor, side=task.side, count=count, why=why)


def lose_bulgars(ctx: Ctx, count: int) -> None:
    lost = min(count, ctx.s.bulgars)
    ctx.s.bulgars -= lost
    if lost:
        ctx.emit("loss", msg_n("The Bulgars lose {n} cube (now {army}).", "The Bulgars lose {n} cubes (now {army}).",
                               lost, army=ctx.s.bulgars), player=None, side="bulgar", count=lost)


def schedule(ctx: Ctx, *tasks) -> None:
    ctx.then(*[t for t in tasks if t is not None])


def defenders_in(ctx: Ctx, task: Attack) -> list[int]:
    """Field armies in the attacked city, in the order they decide on retreat: clockwise from the
    player whose turn it is ("in senso orario a partire dal giocatore di turno"), so against the
    Bulgars their sender's own army first; an attacking army never defends."""
    side = ctx.s.cities[task.city].side
    if side not in ARMY_SIDES:
        return []
    order = ([task.actor] if task.side == Side.BULGAR else []) + ctx.clockwise_from(task.actor)
    return [seat for seat in order if ctx.p(seat).card(side).at == task.city]


@stage("begin")
def begin(ctx: Ctx, task: Attack) -> None:
    city = ctx.s.cities[task.city]
    where = city_word(task.city)
    if bulgars(task):
        text = msg("The Bulgars attack {city}.", city=where)
    elif task.civil:
        text = msg("{army} attacks {city} in a civil war.", army=attacker_name(ctx, task), city=where)
    else:
        text = msg("{army} attacks {city}.", army=attacker_name(ctx, task), city=where)
    ctx.emit("attack", text, city=task.city, side=task.side,
             player=None if bulgars(task) else ctx.name(task.actor), civil=task.civil)
    offers = [RetreatOffer(player=seat, side=city.side.value, city=task.city, actor=task.actor,
                           attacking_side=task.side)
              for seat in defenders_in(ctx, task)]
    schedule(ctx, *offers, resume(ctx, task, "battles"))


@stage("battles")
def battles(ctx: Ctx, task: Attack) -> None:
    if not attacker_present(ctx, task):
        return  # the attacking army is gone: the attack is over
    remaining = defenders_in(ctx, task)
    if not remaining:
        STAGES["levy"](ctx, task)
    elif len(remaining) == 1:
        fight(ctx, resume(ctx, task, "battle", fighting=remaining[0]))
    else:
        schedule(ctx, FightOrder(actor=task.actor, city=task.city, candidates=remaining),
                 resume(ctx, task, "battle"))


@stage("battle")
def fight(ctx: Ctx, task: Attack) -> None:
    defender = task.fighting
    side = ctx.s.cities[task.city].side
    card = ctx.p(defender).card(side)
    own_dice = attacker_dice(ctx, task)
    where = city_word(task.city)
    ctx.emit("battle", msg("Battle at {city}: {attacker} against {defender}.", city=where,
                           attacker=attacker_name(ctx, task), defender=army(ctx.name(defender), side)),
             city=task.city, defender=ctx.name(defender))
    why = msg("the battle at {city}", city=where)
    on_defender = hits(attacker_roll(ctx, task, own_dice, why))
    on_attacker = hits(ctx.roll(battle_dice(card), army(ctx.name(defender), side), why))
    # The attacker removes his losses first, then the defender.
    schedule(ctx, attacker_losses(ctx, task, on_attacker, f"battle:{task.city}"),
             Loss(player=defender, side=side.value, count=on_defender, why=f"battle:{task.city}")
             if on_defender else None,
             resume(ctx, task, "battle_result", fought=task.fought + [defender]))


@stage("battle_result")
def battle_result(ctx: Ctx, task: Attack) -> None:
    defender = task.fighting
    side = ctx.s.cities[task.city].side
    card = ctx.p(defender).card(side)
    mine, theirs = attacker_strength(ctx, task), (card.strength() if card.at == task.city else 0)
    where = city_word(task.city)
    if not attacker_present(ctx, task):
        text = (msg("The Bulgars are destroyed at {city}.", city=where) if bulgars(task)
                else msg("{army} is destroyed at {city}.", army=attacker_name(ctx, task), city=where))
        ctx.emit("battle_result", text, city=task.city, winner=ctx.name(defender))
        return
    if mine > theirs:
        text = (msg("The Bulgars win the battle ({mine} against {theirs}).", mine=mine, theirs=theirs)
                if bulgars(task) else
                msg("{army} wins the battle ({mine} against {theirs}).", army=attacker_name(ctx, task), mine=mine,
                    theirs=theirs))
        ctx.emit("battle_result", text, city=task.city, winner="attacker", attacker=mine, defender=theirs)
        retreat = Retreat(player=defender, side=side.value, city=task.city) if card.at == task.city else None
        schedule(ctx, retreat, resume(ctx, task, "battles", fighting=None))
    else:
        ctx.emit("battle_result", msg("{player} holds {city} ({theirs} against {mine}; ties go to the defender).",
                                      player=ctx.name(defender), city=where, theirs=theirs, mine=mine),
                 city=task.city, winner=ctx.name(defender), attacker=mine, defender=theirs)
        repulse(ctx, task)


def levy_holder(ctx: Ctx, task: Attack) -> int | None:
    """Who may defend with the levy: the controller, or for Constantinople only the Emperor."""
    holder = ctx.s.emperor if task.city == CONSTANTINOPLE else ctx.s.cities[task.city].controller
    if holder is None or holder in task.fought:
        return None
    if task.side != Side.BULGAR and holder == task.actor:
        return None
    side = ctx.s.cities[task.city].side
    if side not in ARMY_SIDES or not ctx.p(holder).card(side).levy:
        return None
    return holder


@stage("levy")
def levy_stage(ctx: Ctx, task: Attack) -> None:
    holder = levy_holder(ctx, task)
    side = ctx.s.cities[task.city].side
    if holder is not None:
        schedule(ctx, Levy(player=holder, side=side.value, city=task.city), resume(ctx, task, "siege"))
    elif side == Side.BULGAR and ctx.s.bulgars > 0:
        bulgar_defence(ctx, task)
    else:
        siege(ctx, task)


@decides("levy")
def levy_decision(ctx: Ctx, task: Levy):
    levy = ctx.p(task.player).card(Side(task.side)).levy
    where = city_word(task.city)
    options = [Option("levy", msg("Defend {city} with the levy ({cubes}, {dice})", city=where,
                                  cubes=msg_n("{n} cube", "{n} cubes", levy),
                                  dice=msg_n("{n} die", "{n} dice", min(levy, 3)))),
               Option("no_levy", msg("Do not defend with the levy"))]
    return decision(task.player, ctx, msg("{city} is attacked. Defend it with your {side} levy?", city=where,
                                          side=side_word(task.side)), options, "levy")


@chooses("levy")
def levy_choose(ctx: Ctx, task: Levy, option_id: str) -> None:
    attack = ctx.s.stack[-1]
    if option_id == "levy":
        ctx.s.stack[-1] = attack.model_copy(update={"stage": "levy_battle", "levy_player": task.player})
    else:
        ctx.emit("levy", msg("{player} does not call the levy.", player=ctx.name(task.player)),
                 player=ctx.name(task.player), city=task.city, used=False)


@stage("levy_battle")
def levy_battle(ctx: Ctx, task: Attack) -> None:
    seat = task.levy_player
    side = ctx.s.cities[task.city].side
    card = ctx.p(seat).card(side)
    own_dice = attacker_dice(ctx, task)
    where = city_word(task.city)
    ctx.emit("levy", msg("{player}'s levy defends {city}.", player=ctx.name(seat), city=where),
             player=ctx.name(seat), city=task.city, used=True)
    on_levy = hits(attacker_roll(ctx, task, own_dice, msg("the battle against the levy of {city}", city=where)))
    on_attacker = hits(ctx.roll(min(card.levy, 3), msg("{player}'s levy", player=ctx.name(seat)),
                                msg("the defence of {city}", city=where)))
    lost = min(on_levy, card.levy)
    card.levy -= lost
    ctx.p(seat).casualty += lost
    if lost:
        ctx.emit("loss", msg_n("{player} loses {n} levy cube.", "{player} loses {n} levy cubes.", lost,
                               player=ctx.name(seat)),
                 player=ctx.name(seat), side=side.value, count=lost, boxes=["levy"] * lost)
    schedule(ctx, attacker_losses(ctx, task, on_attacker, f"levy:{task.city}"),
             resume(ctx, task, "levy_result"))


@stage("levy_result")
def levy_result(ctx: Ctx, task: Attack) -> None:
    side = ctx.s.cities[task.city].side
    levy = ctx.p(task.levy_player).card(side).levy
    mine = attacker_strength(ctx, task)
    where = city_word(task.city)
    if attacker_present(ctx, task) and mine > levy:
        ctx.emit("battle_result", msg("The levy of {city} is scattered ({mine} against {levy}).", city=where,
                                      mine=mine, levy=levy),
                 city=task.city, winner="attacker", attacker=mine, defender=levy)
        siege(ctx, task)
    else:
        ctx.emit("battle_result", msg("The levy holds {city} ({levy} against {mine}).", city=where, levy=levy,
                                      mine=mine),
                 city=task.city, winner=ctx.name(task.levy_player), attacker=mine, defender=levy)
        repulse(ctx, task)


def bulgar_defence(ctx: Ctx, task: Attack) -> None:
    """A Bulgar city is always defended by the whole Bulgar army (at most 3 dice)."""
    attack_card = attacker_card(ctx, task)
    where = city_word(task.city)
    ctx.emit("battle", msg("Battle at {city}: {attacker} against the Bulgars ({n}).", city=where,
                           attacker=attacker_name(ctx, task), n=ctx.s.bulgars),
             city=task.city, defender="Bulgars")
    why = msg("the battle at {city}", city=where)
    on_bulgars = hits(attacker_roll(ctx, task, battle_dice(attack_card), why))
    on_attacker = hits(ctx.roll(min(ctx.s.bulgars, 3), msg("the Bulgars"), msg("the defence of {city}", city=where),
                                bulgars=True))
    lose_bulgars(ctx, on_bulgars)
    schedule(ctx, attacker_losses(ctx, task, on_attacker, f"battle:{task.city}"),
             resume(ctx, task, "bulgar_result"))


@stage("bulgar_result")
def bulgar_result(ctx: Ctx, task: Attack) -> None:
    mine = attacker_strength(ctx, task)
    where = city_word(task.city)
    if attacker_present(ctx, task) and mine > ctx.s.bulgars:
        ctx.emit("battle_result", msg("The Bulgars are beaten at {city}.", city=where), city=task.city,
                 winner="attacker", attacker=mine, defender=ctx.s.bulgars)
        siege(ctx, task)
    else:
        ctx.emit("battle_result", msg("The Bulgars hold {city}.", city=where), city=task.city, winner="Bulgars",
                 attacker=mine, defender=ctx.s.bulgars)
        repulse(ctx, task)


def city_strength(ctx: Ctx, name: str) -> int:
    """Markers plus fortification; Persian cities their printed number; Constantinople 5."""
    city = ctx.s.cities[name]
    if name == CONSTANTINOPLE:
        return CONSTANTINOPLE_STRENGTH
    if city.side == Side.PERSIAN:
        return ctx.board.cities[name].strength
    return city.markers + (1 if city.fortified else 0)


@stage("siege")
def siege(ctx: Ctx, task: Attack) -> None:
    if not attacker_present(ctx, task):
        return
    strength = city_strength(ctx, task.city)
    where = city_word(task.city)
    text = (msg("The Bulgars besiege {city} (strength {n}).", city=where, n=strength) if bulgars(task)
            else msg("{army} besieges {city} (strength {n}).", army=attacker_name(ctx, task), city=where, n=strength))
    ctx.emit("siege", text, city=task.city, strength=strength)
    rolled = hits(ctx.roll(strength, where, msg("its defence")))
    per_hit = 2 if task.city == CONSTANTINOPLE else 1  # Constantinople's hits count double
    schedule(ctx, attacker_losses(ctx, task, rolled * per_hit, f"siege:{task.city}"),
             resume(ctx, task, "siege_result"))


@stage("siege_result")
def siege_result(ctx: Ctx, task: Attack) -> None:
    strength, mine = city_strength(ctx, task.city), attacker_strength(ctx, task)
    if attacker_present(ctx, task) and mine > strength:
        conquer(ctx, task)
    else:
        ctx.emit("battle_result", msg("{city} withstands the siege ({strength} against {mine}).",
                                      city=city_word(task.city), strength=strength, mine=mine),
                 city=task.city, winner="city", attacker=mine, defender=strength)
        repulse(ctx, task)


def repulse(ctx: Ctx, task: Attack) -> None:
    """A beaten attacker goes back where it came from (a civil war without a move: it retreats)."""
    card = attacker_card(ctx, task)
    if card is None or card.at != task.city:
        return
    if task.origin is not None:
        card.at = task.origin
        ctx.emit("move", msg("{army} falls back to {city}.", army=attacker_name(ctx, task),
                             city=city_word(task.origin)),
                 player=ctx.name(task.actor), side=task.side, to=task.origin, **{"from": task.city})
    else:
        ctx.then(Retreat(player=task.actor, side=task.side, city=task.city))


def conquer(ctx: Ctx, task: Attack) -> None:
    s = ctx.s
    city = ctx.city(task.city)
    previous, old_side = city.controller, city.side
    where = city_word(task.city)
    if city.fortified:
        ctx.p(previous).forts_left += 1
        city.fortified = False
        ctx.emit("fortify", msg("{player} gets the fortification of {city} back.", player=ctx.name(previous),
                                city=where),
                 player=ctx.name(previous), city=task.city, returned=True)
    elif city.control_cube:
        ctx.p(previous).casualty += 1  # his control cube goes to his casualty pool
    city.controller, city.control_cube = None, False
    who = None if bulgars(task) else ctx.name(task.actor)
    if task.city == CONSTANTINOPLE:
        ctx.emit("conquest", msg("Constantinople falls to {attacker}!", attacker=attacker_name(ctx, task)),
                 city=task.city, player=who, side=task.side, markers=0)
        ctx.gain_vp(task.actor, Side.ARAB, 5, msg("the fall of Constantinople"))
        city.side = Side(task.side)  # the conqueror's army (or the Bulgars) now holds it
        s.finished, s.constantinople_fallen = True, True
        s.stack.clear()
        ctx.emit("game_end", msg("The game ends at once: only Arab VP count."), reason="constantinople")
        return
    if old_side == Side.PERSIAN:
        new = ctx.board.cities[task.city].strength - 1
        gain = new
    else:
        new = city.markers - 1 if city.markers > 1 else 1
        gain = new if city.markers > 1 else 0  # a one-marker city gives neither VP nor booty
    new_side = Side(task.side)
    city.side, city.markers = new_side, new
    markers = msg_n("{n} {side} marker", "{n} {side} markers", new, side=side_word(new_side))
    text = (msg("The Bulgars conquer {city}: now {markers}.", city=where, markers=markers) if bulgars(task)
            else msg("{army} conquers {city}: now {markers}.", army=attacker_name(ctx, task), city=where,
                     markers=markers))
    ctx.emit("conquest", text, city=task.city, player=who, side=new_side.value, markers=new, civil=task.civil)
    if bulgars(task):
        ctx.gain_vp(task.actor, bulgars_serve(old_side), gain, msg("the Bulgars taking {city}", city=where))
        return
    side = Side(task.side)
    city.controller = task.actor
    ctx.gain_vp(task.actor, side, gain, msg("conquering {city}", city=where))
    if gain:
        ctx.p(task.actor).treasury[side] += gain
        ctx.emit("money", msg("{player} takes {money} of booty.", player=ctx.name(task.actor),
                              money=side_bezants(gain, side)),
                 player=ctx.name(task.actor), side=side.value, amount=gain)
    ctx.then(ControlCube(player=task.actor, side=side.value, city=task.city))


@runs("control_cube")
def control_cube_run(ctx: Ctx, task: ControlCube) -> None:
    """The conqueror must buy a control cube if he can; otherwise two cubes leave his army."""
    if has_source(ctx, task.player, Side(task.side)):
        ctx.then(Source(player=task.player, pay_side=task.side, dest=f"city:{task.city}"))
    else:
        ctx.then(ControlFromArmy(player=task.player, side=task.side, city=task.city))


def control_amounts(ctx: Ctx, task: ControlFromArmy) -> Amounts:
    card = ctx.p(task.player).card(Side(task.side))
    counts = {box: getattr(card, box) for box in ARMY_BOXES}
    return box_amounts("army", counts, BOX_LABELS, 2, 2)


@decides("control_from_army")
def control_from_army_decision(ctx: Ctx, task: ControlFromArmy):
    card = ctx.p(task.player).card(Side(task.side))
    if card.army_cubes() < 2:
        return None  # what is left goes, the guard with it: no choice
    return combo_decision(ctx.name(task.player), msg("No cube to buy: which two cubes of your {side} army hold {city} "
                                                      "(one becomes the control cube, the other a casualty)?",
                                                      side=side_word(task.side), city=city_word(task.city)),
                          "control", control_amounts(ctx, task), box_cubes)


@runs("control_from_army")
def control_from_army_run(ctx: Ctx, task: ControlFromArmy) -> None:
    card = ctx.p(task.player).card(Side(task.side))
    taken = {box: getattr(card, box) for box in ARMY_BOXES}
    finish_control_from_army(ctx, task, taken, guard=card.guard)


@chooses("control_from_army")
def control_from_army_choose(ctx: Ctx, task: ControlFromArmy, option_id: str) -> None:
    finish_control_from_army(ctx, task, parse(control_amounts(ctx, task), option_id), guard=False)


def finish_control_from_army(ctx: Ctx, task: ControlFromArmy, taken: dict[str, int], guard: bool) -> None:
    """The two cubes leave the army (the guard, set aside until the next round, only when it is one
    of the last two); one own cube becomes the control cube, the other goes to the casualty pool."""
    player = ctx.p(task.player)
    card = player.card(Side(task.side))
    for box, n in taken.items():
        card.add(box, -n)  # type: ignore[arg-type]
    own = sum(taken.values())
    if guard:
        card.guard = False
    if own:
        player.casualty += own - 1
        ctx.city(task.city).control_cube = True
    boxes = [box for box, n in taken.items() for _ in range(n)] + (["guard"] if guard else [])
    what = box_cubes(taken) if not guard else (msg("{cubes} and the guard cube", cubes=box_cubes(taken)) if own
                                               else msg("the guard cube"))
    ctx.emit("control", msg("{player} takes {what} from the army to hold {city}.", player=player.name, what=what,
                            city=city_word(task.city)),
             player=player.name, city=task.city, taken=boxes)
    check_army(ctx, task.player, Side(task.side))


# -- losses ------------------------------------------------------------------------------------

ARMY_BOXES = ("elite", "main", "movement")
BOX_LABELS = {box: box_word(box) for box in ARMY_BOXES}


def loss_reason(why: str) -> Msg:
    kind, _, city = why.partition(":")
    if kind == "battle":
        return msg("the battle at {city}", city=city_word(city))
    if kind == "levy":
        return msg("the levy of {city}", city=city_word(city))
    if kind == "siege":
        return msg("the siege of {city}", city=city_word(city))
    if kind == "fleet":
        return msg("the Byzantine fleet")
    return msg("the retreat")


def loss_amounts(ctx: Ctx, task: Loss) -> Amounts:
    card = ctx.p(task.player).card(Side(task.side))
    return box_amounts("loss", {box: getattr(card, box) for box in ARMY_BOXES}, BOX_LABELS, task.count, task.count,
                       msg_n("{n} cube to remove", "{n} cubes to remove", task.count))


@decides("loss")
def loss_decision(ctx: Ctx, task: Loss):
    card = ctx.p(task.player).card(Side(task.side))
    own = card.army_cubes()
    if task.count <= 0 or task.count >= card.field_cubes() or own == 0:
        return None
    amounts = loss_amounts(ctx, task)

    def shortcuts(found):  # keep the elite (main army first), or keep the strength (movement first)
        for order in (("main", "movement", "elite"), ("movement", "main", "elite")):
            left, counts = task.count, {}
            for box in order:
                counts[box] = min(left, getattr(card, box))
                left -= counts[box]
            yield {box: counts.get(box, 0) for box in ARMY_BOXES}

    prompt = msg_n("Your {side} army loses {n} cube to {why}: which?", "Your {side} army loses {n} cubes to {why}: "
                   "which?", task.count, side=side_word(task.side), why=loss_reason(task.why))
    return combo_decision(ctx.name(task.player), prompt, "loss", amounts, box_cubes, shortcuts=shortcuts)


@runs("loss")
def loss_run(ctx: Ctx, task: Loss) -> None:
    """Losses that leave no choice: everything goes (the guard too)."""
    player = ctx.p(task.player)
    card = player.card(Side(task.side))
    own = card.army_cubes()
    if task.count <= 0:
        return
    if own == 0 and card.guard:
        card.guard = False  # the guard goes only as the very last cube, set aside for the round
        report_loss(ctx, task, {}, guard=True)
        check_army(ctx, task.player, Side(task.side))
        return
    lost = {box: getattr(card, box) for box in ARMY_BOXES}
    player.casualty += own
    card.elite = card.main = card.movement = 0
    guard = task.count > own and card.guard
    if guard:
        card.guard = False
    report_loss(ctx, task, lost, guard=guard)
    check_army(ctx, task.player, Side(task.side))


@chooses("loss")
def loss_choose(ctx: Ctx, task: Loss, option_id: str) -> None:
    counts = parse(loss_amounts(ctx, task), option_id)
    player = ctx.p(task.player)
    card = player.card(Side(task.side))
    for box, n in counts.items():
        card.add(box, -n)  # type: ignore[arg-type]
    player.casualty += task.count
    report_loss(ctx, task, counts, guard=False)
    check_army(ctx, task.player, Side(task.side))


def report_loss(ctx: Ctx, task: Loss, lost: dict[str, int], guard: bool) -> None:
    boxes = [box for box, n in lost.items() for _ in range(n)] + (["guard"] if guard else [])
    if not boxes:
        return
    what = box_cubes(lost)
    if guard:
        what = msg("{cubes} and the guard cube", cubes=what) if sum(lost.values()) else msg("the guard cube")
    ctx.emit("loss", msg("{player} loses {what} of the {side} army to {why}.", player=ctx.name(task.player),
                         what=what, side=side_word(task.side), why=loss_reason(task.why)),
             player=ctx.name(task.player), side=task.side, count=len(boxes), boxes=boxes)


@decides("fight_order")
def fight_order_decision(ctx: Ctx, task: FightOrder):
    side = ctx.s.cities[task.city].side
    options = [Option(f"fight:{ctx.name(seat)}", msg("Fight {army} first", army=army(ctx.name(seat), side)))
               for seat in task.candidates]
    return decision(task.actor, ctx, msg("Several armies defend {city}: which do you fight first?",
                                         city=city_word(task.city)), options, "fight")


@chooses("fight_order")
def fight_order_choose(ctx: Ctx, task: FightOrder, option_id: str) -> None:
    name = option_id.removeprefix("fight:")
    seat = next(s for s in task.candidates if ctx.name(s) == name)
    attack = ctx.s.stack[-1]
    ctx.s.stack[-1] = attack.model_copy(update={"fighting": seat})
