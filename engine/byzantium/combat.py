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
from engine.core import Option

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


def attacker_name(ctx: Ctx, task: Attack) -> str:
    return "The Bulgar army" if task.side == Side.BULGAR else f"{ctx.name(task.actor)}'s {task.side} army"


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
        lost = min(count, ctx.s.bulgars)
        ctx.s.bulgars -= lost
        ctx.emit("loss", f"The Bulgars lose {lost} cube{'s' if lost != 1 else ''} (now {ctx.s.bulgars}).",
                 player=None, side="bulgar", count=lost)
        return None
    return Loss(player=task.actor, side=task.side, count=count, why=why)


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
    kind = "civil war" if task.civil else "attack"
    ctx.emit("attack", f"{attacker_name(ctx, task)} attacks {task.city} ({kind}).",
             city=task.city, side=task.side, player=None if task.side == Side.BULGAR else ctx.name(task.actor),
             civil=task.civil)
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
    ctx.emit("battle", f"Battle at {task.city}: {attacker_name(ctx, task)} against {ctx.name(defender)}'s "
             f"{side.value} army.", city=task.city, defender=ctx.name(defender))
    on_defender = hits(ctx.roll(own_dice, attacker_name(ctx, task), f"the battle at {task.city}"))
    on_attacker = hits(ctx.roll(battle_dice(card), f"{ctx.name(defender)}'s army", f"the battle at {task.city}"))
    # The attacker removes his losses first, then the defender.
    schedule(ctx, attacker_losses(ctx, task, on_attacker, f"the battle at {task.city}"),
             Loss(player=defender, side=side.value, count=on_defender, why=f"the battle at {task.city}")
             if on_defender else None,
             resume(ctx, task, "battle_result", fought=task.fought + [defender]))


@stage("battle_result")
def battle_result(ctx: Ctx, task: Attack) -> None:
    defender = task.fighting
    side = ctx.s.cities[task.city].side
    card = ctx.p(defender).card(side)
    mine, theirs = attacker_strength(ctx, task), (card.strength() if card.at == task.city else 0)
    if not attacker_present(ctx, task):
        ctx.emit("battle_result", f"{attacker_name(ctx, task)} is destroyed at {task.city}.", city=task.city,
                 winner=ctx.name(defender))
        return
    if mine > theirs:
        ctx.emit("battle_result", f"{attacker_name(ctx, task)} wins the battle ({mine} against {theirs}).",
                 city=task.city, winner="attacker", attacker=mine, defender=theirs)
        retreat = Retreat(player=defender, side=side.value, city=task.city) if card.at == task.city else None
        schedule(ctx, retreat, resume(ctx, task, "battles", fighting=None))
    else:
        ctx.emit("battle_result", f"{ctx.name(defender)} holds {task.city} ({theirs} against {mine}; "
                 "ties go to the defender).", city=task.city, winner=ctx.name(defender), attacker=mine,
                 defender=theirs)
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
    options = [Option("levy", f"Defend {task.city} with your levy ({levy} cubes, {min(levy, 3)} dice)"),
               Option("no_levy", "Do not defend with the levy")]
    return decision(task.player, ctx, f"{task.city} is attacked. Defend it with your {task.side} levy?",
                    options, "levy")


@chooses("levy")
def levy_choose(ctx: Ctx, task: Levy, option_id: str) -> None:
    attack = ctx.s.stack[-1]
    if option_id == "levy":
        ctx.s.stack[-1] = attack.model_copy(update={"stage": "levy_battle", "levy_player": task.player})
    else:
        ctx.emit("levy", f"{ctx.name(task.player)} does not call the levy.", player=ctx.name(task.player),
                 city=task.city, used=False)


@stage("levy_battle")
def levy_battle(ctx: Ctx, task: Attack) -> None:
    seat = task.levy_player
    side = ctx.s.cities[task.city].side
    card = ctx.p(seat).card(side)
    own_dice = attacker_dice(ctx, task)
    ctx.emit("levy", f"{ctx.name(seat)}'s levy defends {task.city}.", player=ctx.name(seat), city=task.city,
             used=True)
    on_levy = hits(ctx.roll(own_dice, attacker_name(ctx, task), f"the battle against the levy at {task.city}"))
    on_attacker = hits(ctx.roll(min(card.levy, 3), f"{ctx.name(seat)}'s levy", f"the defence of {task.city}"))
    lost = min(on_levy, card.levy)
    card.levy -= lost
    ctx.p(seat).casualty += lost
    if lost:
        ctx.emit("loss", f"{ctx.name(seat)} loses {lost} levy cube{'s' if lost != 1 else ''}.",
                 player=ctx.name(seat), side=side.value, count=lost, boxes=["levy"] * lost)
    schedule(ctx, attacker_losses(ctx, task, on_attacker, f"the levy at {task.city}"),
             resume(ctx, task, "levy_result"))


@stage("levy_result")
def levy_result(ctx: Ctx, task: Attack) -> None:
    side = ctx.s.cities[task.city].side
    levy = ctx.p(task.levy_player).card(side).levy
    mine = attacker_strength(ctx, task)
    if attacker_present(ctx, task) and mine > levy:
        ctx.emit("battle_result", f"The levy of {task.city} is scattered ({mine} against {levy}).",
                 city=task.city, winner="attacker", attacker=mine, defender=levy)
        siege(ctx, task)
    else:
        ctx.emit("battle_result", f"The levy holds {task.city} ({levy} against {mine}).", city=task.city,
                 winner=ctx.name(task.levy_player), attacker=mine, defender=levy)
        repulse(ctx, task)


def bulgar_defence(ctx: Ctx, task: Attack) -> None:
    """A Bulgar city is always defended by the whole Bulgar army (at most 3 dice)."""
    attack_card = attacker_card(ctx, task)
    ctx.emit("battle", f"Battle at {task.city}: {attacker_name(ctx, task)} against the Bulgars ({ctx.s.bulgars}).",
             city=task.city, defender="Bulgars")
    on_bulgars = hits(ctx.roll(battle_dice(attack_card), attacker_name(ctx, task), f"the battle at {task.city}"))
    on_attacker = hits(ctx.roll(min(ctx.s.bulgars, 3), "The Bulgars", f"the defence of {task.city}"))
    lost = min(on_bulgars, ctx.s.bulgars)
    ctx.s.bulgars -= lost
    if lost:
        ctx.emit("loss", f"The Bulgars lose {lost} cube{'s' if lost != 1 else ''} (now {ctx.s.bulgars}).",
                 player=None, side="bulgar", count=lost)
    schedule(ctx, attacker_losses(ctx, task, on_attacker, f"the battle at {task.city}"),
             resume(ctx, task, "bulgar_result"))


@stage("bulgar_result")
def bulgar_result(ctx: Ctx, task: Attack) -> None:
    mine = attacker_strength(ctx, task)
    if attacker_present(ctx, task) and mine > ctx.s.bulgars:
        ctx.emit("battle_result", f"The Bulgars are beaten at {task.city}.", city=task.city, winner="attacker",
                 attacker=mine, defender=ctx.s.bulgars)
        siege(ctx, task)
    else:
        ctx.emit("battle_result", f"The Bulgars hold {task.city}.", city=task.city, winner="Bulgars",
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
    ctx.emit("siege", f"{attacker_name(ctx, task)} besieges {task.city} (strength {strength}).",
             city=task.city, strength=strength)
    rolled = hits(ctx.roll(strength, task.city, f"the siege of {task.city}"))
    per_hit = 2 if task.city == CONSTANTINOPLE else 1  # Constantinople's hits count double
    schedule(ctx, attacker_losses(ctx, task, rolled * per_hit, f"the siege of {task.city}"),
             resume(ctx, task, "siege_result"))


@stage("siege_result")
def siege_result(ctx: Ctx, task: Attack) -> None:
    strength, mine = city_strength(ctx, task.city), attacker_strength(ctx, task)
    if attacker_present(ctx, task) and mine > strength:
        conquer(ctx, task)
    else:
        ctx.emit("battle_result", f"{task.city} withstands the siege ({strength} against {mine}).",
                 city=task.city, winner="city", attacker=mine, defender=strength)
        repulse(ctx, task)


def repulse(ctx: Ctx, task: Attack) -> None:
    """A beaten attacker goes back where it came from (a civil war without a move: it retreats)."""
    card = attacker_card(ctx, task)
    if card is None or card.at != task.city:
        return
    if task.origin is not None:
        card.at = task.origin
        ctx.emit("move", f"{ctx.name(task.actor)}'s {task.side} army falls back to {task.origin}.",
                 player=ctx.name(task.actor), side=task.side, to=task.origin, **{"from": task.city})
    else:
        ctx.then(Retreat(player=task.actor, side=task.side, city=task.city))


def conquer(ctx: Ctx, task: Attack) -> None:
    s = ctx.s
    city = s.cities[task.city]
    previous, old_side = city.controller, city.side
    if city.fortified:
        ctx.p(previous).forts_left += 1
        city.fortified = False
        ctx.emit("fortify", f"{ctx.name(previous)} gets the fortification of {task.city} back.",
                 player=ctx.name(previous), city=task.city, returned=True)
    elif city.control_cube:
        ctx.p(previous).casualty += 1  # his control cube goes to his casualty pool
    city.controller, city.control_cube = None, False
    who = None if task.side == Side.BULGAR else ctx.name(task.actor)
    if task.city == CONSTANTINOPLE:
        ctx.emit("conquest", f"Constantinople falls to {attacker_name(ctx, task)}!", city=task.city,
                 player=who, side=task.side, markers=0)
        ctx.gain_vp(task.actor, Side.ARAB, 5, "the fall of Constantinople")
        city.side = Side(task.side)  # the conqueror's army (or the Bulgars) now holds it
        s.finished, s.constantinople_fallen = True, True
        s.stack.clear()
        ctx.emit("game_end", "The game ends at once: only Arab VP count.", reason="constantinople")
        return
    if old_side == Side.PERSIAN:
        new = ctx.board.cities[task.city].strength - 1
        gain = new
    else:
        new = city.markers - 1 if city.markers > 1 else 1
        gain = new if city.markers > 1 else 0  # a one-marker city gives neither VP nor booty
    new_side = Side(task.side)
    city.side, city.markers = new_side, new
    ctx.emit("conquest", f"{attacker_name(ctx, task)} conquers {task.city}: now {new} {new_side.value} "
             f"marker{'s' if new != 1 else ''}.", city=task.city, player=who, side=new_side.value, markers=new,
             civil=task.civil)
    if task.side == Side.BULGAR:
        ctx.gain_vp(task.actor, bulgars_serve(old_side), gain, f"the Bulgars taking {task.city}")
        return
    side = Side(task.side)
    city.controller = task.actor
    ctx.gain_vp(task.actor, side, gain, f"conquering {task.city}")
    if gain:
        ctx.p(task.actor).treasury[side] += gain
        ctx.emit("money", f"{ctx.name(task.actor)} takes {gain} bezants of booty.", player=ctx.name(task.actor),
                 side=side.value, amount=gain)
    ctx.then(ControlCube(player=task.actor, side=side.value, city=task.city))


@runs("control_cube")
def control_cube_run(ctx: Ctx, task: ControlCube) -> None:
    """The conqueror must buy a control cube if he can; otherwise two cubes leave his army."""
    if has_source(ctx, task.player, Side(task.side)):
        ctx.then(Source(player=task.player, pay_side=task.side, what=f"the control cube on {task.city}",
                        dest=f"city:{task.city}"))
    else:
        ctx.then(ControlFromArmy(player=task.player, side=task.side, city=task.city))


@decides("control_from_army")
def control_from_army_decision(ctx: Ctx, task: ControlFromArmy):
    card = ctx.p(task.player).card(Side(task.side))
    options = [Option(f"army:{box}", f"A cube from your {box} box") for box in ("elite", "main", "movement")
               if getattr(card, box)]
    if not options and card.guard:
        options = [Option("army:guard", "The guard cube (set aside until next round)")]
    if not options:
        return None
    n = len(task.taken) + 1
    return decision(task.player, ctx, f"No cube to buy: take two cubes from your army for {task.city} "
                    f"(cube {n} of 2).", options, "control")


@runs("control_from_army")
def control_from_army_run(ctx: Ctx, task: ControlFromArmy) -> None:
    finish_control_from_army(ctx, task)


@chooses("control_from_army")
def control_from_army_choose(ctx: Ctx, task: ControlFromArmy, option_id: str) -> None:
    box = option_id.removeprefix("army:")
    player = ctx.p(task.player)
    card = player.card(Side(task.side))
    if box == "guard":
        card.guard = False  # set aside until the next round
    else:
        card.add(box, -1)  # type: ignore[arg-type]
        player.casualty += 1  # parked in the casualty pool; the last own cube becomes the control cube
    taken = task.taken + [box]
    if len(taken) < 2:
        ctx.then(task.model_copy(update={"taken": taken}))
    else:
        finish_control_from_army(ctx, task.model_copy(update={"taken": taken}))


def finish_control_from_army(ctx: Ctx, task: ControlFromArmy) -> None:
    """One of the two cubes becomes the control cube, the other goes to the casualty pool."""
    player = ctx.p(task.player)
    if any(box != "guard" for box in task.taken):
        player.casualty -= 1
        ctx.s.cities[task.city].control_cube = True
    ctx.emit("control", f"{player.name} takes two cubes from the army ({', '.join(task.taken)}) to hold "
             f"{task.city}.", player=player.name, city=task.city, taken=task.taken)
    check_army(ctx, task.player, Side(task.side))


# -- losses ------------------------------------------------------------------------------------

@decides("loss")
def loss_decision(ctx: Ctx, task: Loss):
    card = ctx.p(task.player).card(Side(task.side))
    own = card.army_cubes()
    if task.count <= 0 or task.count >= card.field_cubes() or own == 0:
        return None
    options = [Option(f"loss:{box}", f"{box.title()} ({getattr(card, box)} left)")
               for box in ("elite", "main", "movement") if getattr(card, box)]
    return decision(task.player, ctx, f"Remove a cube from your {task.side} army for {task.why} "
                    f"({task.count} to remove).", options, "loss")


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
        report_loss(ctx, task, ["guard"])
        check_army(ctx, task.player, Side(task.side))
        return
    boxes = ["elite"] * card.elite + ["main"] * card.main + ["movement"] * card.movement
    player.casualty += own
    card.elite = card.main = card.movement = 0
    if task.count > own and card.guard:
        card.guard = False
        boxes.append("guard")
    report_loss(ctx, task, boxes)
    check_army(ctx, task.player, Side(task.side))


@chooses("loss")
def loss_choose(ctx: Ctx, task: Loss, option_id: str) -> None:
    box = option_id.removeprefix("loss:")
    player = ctx.p(task.player)
    player.card(Side(task.side)).add(box, -1)  # type: ignore[arg-type]
    player.casualty += 1
    report_loss(ctx, task, [box])
    if task.count > 1:
        ctx.then(task.model_copy(update={"count": task.count - 1}))
    else:
        check_army(ctx, task.player, Side(task.side))


def report_loss(ctx: Ctx, task: Loss, boxes: list[str]) -> None:
    if boxes:
        ctx.emit("loss", f"{ctx.name(task.player)} loses {len(boxes)} {task.side} cube"
                 f"{'s' if len(boxes) != 1 else ''} ({', '.join(boxes)}) to {task.why}.",
                 player=ctx.name(task.player), side=task.side, count=len(boxes), boxes=boxes)


@decides("fight_order")
def fight_order_decision(ctx: Ctx, task: FightOrder):
    options = [Option(f"fight:{ctx.name(seat)}", f"Fight {ctx.name(seat)}'s army first") for seat in task.candidates]
    return decision(task.actor, ctx, f"Several armies defend {task.city}: which do you fight first?", options,
                    "fight")


@chooses("fight_order")
def fight_order_choose(ctx: Ctx, task: FightOrder, option_id: str) -> None:
    name = option_id.removeprefix("fight:")
    seat = next(s for s in task.candidates if ctx.name(s) == name)
    attack = ctx.s.stack[-1]
    ctx.s.stack[-1] = attack.model_copy(update={"fighting": seat})
