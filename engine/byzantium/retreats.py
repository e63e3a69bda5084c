"""Retreats: before a battle a defending army may leave; a beaten army must. The path of fewest
losses to a city of the army's own side, by sea only with the Byzantine fleet's leave for an
Arab army, and what the retreat offer tells the player before he decides.
"""

from __future__ import annotations

import heapq

from engine.byzantium.board import CONSTANTINOPLE, RouteKind, Side
from engine.byzantium.cubes import check_army
from engine.byzantium.flow import Ctx, chooses, decides, decision, runs
from engine.byzantium.state import ArmyCard
from engine.byzantium.tasks import FleetPermit, Loss, Retreat, RetreatChoose, RetreatOffer
from engine.byzantium.words import army, city_word, sentences, side_word
from engine.core import Option
from engine.text import Msg, msg, msg_n


def retreat_kinds(side: Side, sea: bool) -> frozenset[RouteKind]:
    kinds = {RouteKind.ROAD}
    if side == Side.ARAB:
        kinds.add(RouteKind.DESERT)
    if side == Side.BYZANTINE or sea:
        kinds.add(RouteKind.SEA)
    return frozenset(kinds)


def retreat_links(ctx: Ctx, side: Side, here: str, kinds: frozenset[RouteKind]) -> list[str]:
    """The cities a retreating army can step to from `here`. A Byzantine army "può sempre
    ritirarsi via mare", and from Constantinople its sea move reaches every coastal city."""
    links = [nxt for nxt, _route in ctx.board.neighbours(here, kinds)]
    if side == Side.BYZANTINE and here == CONSTANTINOPLE:
        links += sorted(name for name, city in ctx.board.cities.items()
                        if city.coastal and name != here and name not in links)
    return links


def retreat_destinations(ctx: Ctx, side: Side, frm: str, sea: bool) -> dict[str, tuple[int, list[str]]]:
    """Cities of the army's own side reachable with the fewest losses: one cube per other city
    passed through; the retreat ends at the first city of its own side."""
    kinds = retreat_kinds(side, sea)
    best: dict[str, int] = {frm: 0}
    previous: dict[str, str] = {}
    heap = [(0, frm)]
    ends: dict[str, int] = {}
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best.get(here, cost):
            continue
        if here != frm and ctx.s.cities[here].side == side:
            ends[here] = cost
            continue
        for nxt in retreat_links(ctx, side, here, kinds):
            if nxt == frm:
                continue
            step = cost + (0 if ctx.s.cities[nxt].side == side else 1)
            if step < best.get(nxt, step + 1):
                best[nxt] = step
                previous[nxt] = here
                heapq.heappush(heap, (step, nxt))
    if not ends:
        return {}
    fewest = min(ends.values())
    result = {}
    for end in sorted(c for c, cost in ends.items() if cost == fewest):
        path, here = [end], end
        while here != frm:
            here = previous[here]
            path.append(here)
        result[end] = (fewest, list(reversed(path)))
    return result


def retreat_sea_owner(ctx: Ctx, seat: int, side: Side, city: str) -> int | None:
    """The other player whose Byzantine fleet decides whether this Arab army may retreat by sea,
    when the sea changes where it could go; None when nobody is asked."""
    owner = ctx.s.boxes["byzantine_fleet"]
    if side != Side.ARAB or owner is None or owner == seat:
        return None
    if retreat_destinations(ctx, side, city, True) == retreat_destinations(ctx, side, city, False):
        return None
    return owner


def destination_words(found: dict[str, tuple[int, list[str]]]) -> Msg:
    return listing_or([city_word(c) for c in found])


def listing_or(items: list[Msg]) -> Msg:
    """'a', 'a or b', 'a, b or c'."""
    text = items[0]
    for item in items[1:-1]:
        text = msg("{head}, {item}", head=text, item=item)
    return msg("{head} or {last}", head=text, last=items[-1]) if len(items) > 1 else text


def loss_words(cost: int, card: ArmyCard) -> Msg:
    """'no loss', 'lose 1 cube', 'lose 2 cubes: the whole army'."""
    if not cost:
        return msg("no loss")
    if cost >= card.field_cubes():
        return msg_n("lose {n} cube: the whole army", "lose {n} cubes: the whole army", cost)
    return msg_n("lose {n} cube", "lose {n} cubes", cost)


def retreat_words(found: dict[str, tuple[int, list[str]]], card: ArmyCard) -> Msg:
    """Where a retreat would end and what it would cost, in full: 'to Alexandria or Damascus, losing no cube'."""
    cost = next(iter(found.values()))[0]
    return msg_n("to {where}, losing {n} cube", "to {where}, losing {n} cubes", cost, where=destination_words(found)) \
        if cost else msg("to {where}, losing no cube", where=destination_words(found))


def retreat_options(ctx: Ctx, task: RetreatOffer, card: ArmyCard) -> tuple[list[Option], Msg]:
    """The ways to retreat and the sentence that explains them. Without a fleet to ask, each
    destination is an option of its own; with one, the retreat is one option (the fleet's owner
    answers first, then the player picks among the destinations left)."""
    side = Side(task.side)
    owner = retreat_sea_owner(ctx, task.player, side, task.city)
    land = retreat_destinations(ctx, side, task.city, owner is None)
    if owner is None:
        if not land:
            return ([Option("retreat", msg("Retreat (no way out: the army would be destroyed)"))],
                    msg("It has no way to retreat: retreating would destroy it."))
        options = [Option(f"retreat:{city}", msg("Retreat to {city} ({loss})", city=city_word(city),
                                                 loss=loss_words(cost, card)))
                   for city, (cost, _path) in land.items()]
        return options, msg("Retreating, it would go {where}.", where=retreat_words(land, card))
    fleet = ctx.name(owner)
    by_sea = retreat_words(retreat_destinations(ctx, side, task.city, True), card)
    if not land:
        return ([Option("retreat", msg("Retreat (destroyed unless {player} lets it go by sea)", player=fleet))],
                msg("Retreating by sea, which {player}'s Byzantine fleet may forbid, it would go {sea}; otherwise it "
                    "would be destroyed.", player=fleet, sea=by_sea))
    cost = next(iter(land.values()))[0]
    where = (msg("one of {n} cities", n=len(land)) if len(land) > 2 else destination_words(land))
    return ([Option("retreat", msg("Retreat to {where} ({loss}), or by sea if {player} allows", where=where,
                                   loss=loss_words(cost, card), player=fleet))],
            msg("Retreating by sea, which {player}'s Byzantine fleet may forbid, it would go {sea}; otherwise "
                "{land}.", player=fleet, sea=by_sea, land=retreat_words(land, card)))


def attack_words(ctx: Ctx, task: RetreatOffer, card: ArmyCard) -> Msg:
    """Who attacks, as the defending player should read it, and where his army stands."""
    where, side, n = city_word(task.city), side_word(task.side), card.strength()
    if task.attacking_side == Side.BULGAR:
        if task.actor == task.player:
            return msg("The Bulgars you sent attack {city}, where your {side} army stands ({n} strong).", city=where,
                       side=side, n=n)
        return msg("The Bulgars sent by {player} attack {city}, where your {side} army stands ({n} strong).",
                   player=ctx.name(task.actor), city=where, side=side, n=n)
    attacker = army(ctx.name(task.actor), task.attacking_side)
    if task.attacking_side == task.side:
        return msg("{attacker} attacks {city} in a civil war, where your {side} army stands ({n} strong).",
                   attacker=attacker, city=where, side=side, n=n)
    return msg("{attacker} attacks {city}, where your {side} army stands ({n} strong).", attacker=attacker,
               city=where, side=side, n=n)


@decides("retreat_offer")
def retreat_offer_decision(ctx: Ctx, task: RetreatOffer):
    card = ctx.p(task.player).card(Side(task.side))
    if card.at != task.city:
        return None
    retreats, outlook = retreat_options(ctx, task, card)
    options = [Option("stay", msg("Stay and fight in {city}", city=city_word(task.city))), *retreats]
    prompt = sentences([attack_words(ctx, task, card), outlook, msg("Retreat or fight?")])
    return decision(task.player, ctx, prompt, options, "retreat")


@runs("retreat_offer")
def retreat_offer_run(ctx: Ctx, task: RetreatOffer) -> None:
    """The army is no longer there: nothing to decide."""


@chooses("retreat_offer")
def retreat_offer_choose(ctx: Ctx, task: RetreatOffer, option_id: str) -> None:
    if option_id == "retreat":
        ctx.then(Retreat(player=task.player, side=task.side, city=task.city))
    elif option_id.startswith("retreat:"):
        retreat_choose(ctx, RetreatChoose(player=task.player, side=task.side, city=task.city, sea=True), option_id)
    else:
        ctx.emit("stand", msg("{player} stands in {city}.", player=ctx.name(task.player), city=city_word(task.city)),
                 player=ctx.name(task.player), city=task.city)


@runs("retreat")
def retreat_run(ctx: Ctx, task: Retreat) -> None:
    side = Side(task.side)
    if ctx.p(task.player).card(side).at != task.city:
        return
    sea = True
    owner = retreat_sea_owner(ctx, task.player, side, task.city)  # asked only when the sea matters
    if owner is not None:
        if task.sea is None:
            ctx.then(FleetPermit(owner=owner, player=task.player, city=task.city), task)
            return
        sea = task.sea
    ctx.then(RetreatChoose(player=task.player, side=task.side, city=task.city, sea=sea))


@decides("fleet_permit")
def fleet_permit_decision(ctx: Ctx, task: FleetPermit):
    options = [Option("fleet:allow", msg("Allow the retreat by sea")), Option("fleet:forbid", msg("Forbid it"))]
    return decision(task.owner, ctx, msg("Byzantine fleet: may {army} retreat from {city} by sea?",
                                         army=army(ctx.name(task.player), Side.ARAB), city=city_word(task.city)),
                    options, "fleet")


@chooses("fleet_permit")
def fleet_permit_choose(ctx: Ctx, task: FleetPermit, option_id: str) -> None:
    allowed = option_id == "fleet:allow"
    owner = ctx.name(task.owner)
    ctx.emit("fleet", msg("{owner}'s Byzantine fleet allows the retreat by sea.", owner=owner) if allowed
             else msg("{owner}'s Byzantine fleet forbids the retreat by sea.", owner=owner),
             owner=owner, allowed=allowed)
    retreat = ctx.s.stack[-1]
    ctx.s.stack[-1] = retreat.model_copy(update={"sea": allowed})


@decides("retreat_choose")
def retreat_choose_decision(ctx: Ctx, task: RetreatChoose):
    found = retreat_destinations(ctx, Side(task.side), task.city, task.sea)
    if not found:
        return None
    card = ctx.p(task.player).card(Side(task.side))
    options = [Option(f"retreat:{city}", msg("Retreat to {city} ({loss})", city=city_word(city),
                                             loss=loss_words(cost, card)))
               for city, (cost, _path) in found.items()]
    return decision(task.player, ctx, msg("Your {side} army must leave {city}: where to?", side=side_word(task.side),
                                          city=city_word(task.city)), options, "retreat")


@runs("retreat_choose")
def retreat_nowhere(ctx: Ctx, task: RetreatChoose) -> None:
    """No city of its own side can be reached: the army is destroyed."""
    player = ctx.p(task.player)
    card = player.card(Side(task.side))
    player.casualty += card.army_cubes()
    card.elite = card.main = card.movement = 0
    card.guard = False
    ctx.emit("retreat", msg("{army} cannot retreat from {city}.", army=army(player.name, task.side),
                            city=city_word(task.city)),
             player=player.name, side=task.side, to=None, path=[task.city], **{"from": task.city})
    check_army(ctx, task.player, Side(task.side))


@chooses("retreat_choose")
def retreat_choose(ctx: Ctx, task: RetreatChoose, option_id: str) -> None:
    to = option_id.removeprefix("retreat:")
    cost, path = retreat_destinations(ctx, Side(task.side), task.city, task.sea)[to]
    card = ctx.p(task.player).card(Side(task.side))
    card.at = to
    moved = army(ctx.name(task.player), task.side)
    text = (msg_n("{army} retreats from {frm} to {to}, losing {n} cube.",
                  "{army} retreats from {frm} to {to}, losing {n} cubes.", cost, army=moved,
                  frm=city_word(task.city), to=city_word(to)) if cost
            else msg("{army} retreats from {frm} to {to}.", army=moved, frm=city_word(task.city), to=city_word(to)))
    ctx.emit("retreat", text, player=ctx.name(task.player), side=task.side, to=to, path=path, losses=cost,
             **{"from": task.city})
    if cost:
        ctx.then(Loss(player=task.player, side=task.side, count=cost, why="retreat"))
