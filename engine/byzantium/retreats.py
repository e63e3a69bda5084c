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
from engine.core import Option


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


def retreat_words(found: dict[str, tuple[int, list[str]]], card: ArmyCard, short: bool) -> str:
    """Where a retreat would end and what it would cost: 'Alexandria or Damascus (no loss)', or
    in full 'to Alexandria or Damascus, losing no cube'."""
    names = list(found)
    if short and len(names) > 2:
        where = f"one of {len(names)} cities"
    else:
        where = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" or {names[-1]}"
    cost = next(iter(found.values()))[0]
    plural = "s" if cost != 1 else ""
    if short:
        whole = ": the whole army" if cost and cost >= card.field_cubes() else ""
        return f"{where} ({f'lose {cost} cube{plural}{whole}' if cost else 'no loss'})"
    return f"to {where}, losing {cost or 'no'} cube{plural if cost else ''}"


def retreat_outlook(ctx: Ctx, task: RetreatOffer, card: ArmyCard) -> tuple[str, str]:
    """The retreat option's label and the sentence that explains it."""
    side = Side(task.side)
    owner = retreat_sea_owner(ctx, task.player, side, task.city)
    land = retreat_destinations(ctx, side, task.city, owner is None)
    if owner is None:
        if not land:
            return ("Retreat (no way out: the army would be destroyed)",
                    "It has no way to retreat: retreating would destroy it.")
        return f"Retreat to {retreat_words(land, card, short=True)}", \
            f"Retreating, it would go {retreat_words(land, card, short=False)}."
    fleet = ctx.name(owner)
    sea = f"Retreating by sea, which {fleet}'s Byzantine fleet may forbid, it would go " \
          f"{retreat_words(retreat_destinations(ctx, side, task.city, True), card, short=False)}; otherwise"
    if not land:
        return f"Retreat (destroyed unless {fleet} lets it go by sea)", f"{sea} it would be destroyed."
    return (f"Retreat to {retreat_words(land, card, short=True)}, or by sea if {fleet} allows",
            f"{sea} {retreat_words(land, card, short=False)}.")


def attack_words(ctx: Ctx, task: RetreatOffer) -> str:
    """Who attacks, as the defending player should read it."""
    if task.attacking_side == Side.BULGAR:
        sender = "you" if task.actor == task.player else None
        return f"The Bulgars {'you sent' if sender else 'sent by ' + ctx.name(task.actor)} attack {task.city}"
    civil = " in a civil war" if task.attacking_side == task.side else ""
    return f"{ctx.name(task.actor)}'s {task.attacking_side} army attacks {task.city}{civil}"


@decides("retreat_offer")
def retreat_offer_decision(ctx: Ctx, task: RetreatOffer):
    card = ctx.p(task.player).card(Side(task.side))
    if card.at != task.city:
        return None
    label, outlook = retreat_outlook(ctx, task, card)
    options = [Option("stay", f"Stay and fight in {task.city}"), Option("retreat", label)]
    return decision(task.player, ctx, f"{attack_words(ctx, task)}, where your {task.side} army stands "
                    f"({card.strength()} strong). {outlook} Retreat or fight?", options, "retreat")


@runs("retreat_offer")
def retreat_offer_run(ctx: Ctx, task: RetreatOffer) -> None:
    """The army is no longer there: nothing to decide."""


@chooses("retreat_offer")
def retreat_offer_choose(ctx: Ctx, task: RetreatOffer, option_id: str) -> None:
    if option_id == "retreat":
        ctx.then(Retreat(player=task.player, side=task.side, city=task.city))
    else:
        ctx.emit("stand", f"{ctx.name(task.player)} stands in {task.city}.", player=ctx.name(task.player),
                 city=task.city)


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
    options = [Option("fleet:allow", "Allow the retreat by sea"), Option("fleet:forbid", "Forbid it")]
    return decision(task.owner, ctx, f"Byzantine fleet: may {ctx.name(task.player)}'s Arab army retreat from "
                    f"{task.city} by sea?", options, "fleet")


@chooses("fleet_permit")
def fleet_permit_choose(ctx: Ctx, task: FleetPermit, option_id: str) -> None:
    allowed = option_id == "fleet:allow"
    ctx.emit("fleet", f"{ctx.name(task.owner)}'s Byzantine fleet {'allows' if allowed else 'forbids'} the "
             "retreat by sea.", owner=ctx.name(task.owner), allowed=allowed)
    retreat = ctx.s.stack[-1]
    ctx.s.stack[-1] = retreat.model_copy(update={"sea": allowed})


@decides("retreat_choose")
def retreat_choose_decision(ctx: Ctx, task: RetreatChoose):
    found = retreat_destinations(ctx, Side(task.side), task.city, task.sea)
    if not found:
        return None
    options = [Option(f"retreat:{city}", f"{city} (lose {cost} cube{'s' if cost != 1 else ''})")
               for city, (cost, _path) in found.items()]
    return decision(task.player, ctx, f"Your {task.side} army must leave {task.city}: where to?", options,
                    "retreat")


@runs("retreat_choose")
def retreat_nowhere(ctx: Ctx, task: RetreatChoose) -> None:
    """No city of its own side can be reached: the army is destroyed."""
    player = ctx.p(task.player)
    card = player.card(Side(task.side))
    player.casualty += card.army_cubes()
    card.elite = card.main = card.movement = 0
    card.guard = False
    ctx.emit("retreat", f"{player.name}'s {task.side} army cannot retreat from {task.city}.",
             player=player.name, side=task.side, to=None, path=[task.city], **{"from": task.city})
    check_army(ctx, task.player, Side(task.side))


@chooses("retreat_choose")
def retreat_choose(ctx: Ctx, task: RetreatChoose, option_id: str) -> None:
    to = option_id.removeprefix("retreat:")
    cost, path = retreat_destinations(ctx, Side(task.side), task.city, task.sea)[to]
    card = ctx.p(task.player).card(Side(task.side))
    card.at = to
    ctx.emit("retreat", f"{ctx.name(task.player)}'s {task.side} army retreats from {task.city} to {to}"
             f"{f', losing {cost} cube' + ('s' if cost != 1 else '') if cost else ''}.",
             player=ctx.name(task.player), side=task.side, to=to, path=path, losses=cost, **{"from": task.city})
    if cost:
        ctx.then(Loss(player=task.player, side=task.side, count=cost, why="the retreat"))
