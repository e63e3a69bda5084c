"""Turn order, the end of a round (income, upkeep, cubes coming back) and the final scoring."""

from __future__ import annotations

from engine.byzantium.board import ARMY_SIDES, ROUNDS, UPKEEP, Box, Side
from engine.byzantium.cubes import check_army
from engine.byzantium.flow import Ctx, chooses, decides, decision, runs
from engine.byzantium.state import ByzantiumState
from engine.byzantium.tasks import Action, RoundEnd, Upkeep
from engine.core import Option


@runs("next_turn")
def next_turn(ctx: Ctx, task) -> None:
    s = ctx.s
    if s.finished:
        return
    active = [p.seat for p in s.players if not p.passed]
    if s.final_action or not active:
        ctx.then(RoundEnd())
        return
    if len(active) == 1:
        # All but one have passed: that player has exactly one more action.
        s.final_action = True
        s.turn = active[0]
        ctx.emit("last_action", f"Everyone else has passed: {ctx.name(s.turn)} has one last action.",
                 player=ctx.name(s.turn))
    else:
        s.turn = next(seat for seat in ctx.clockwise_from(s.turn) if not s.players[seat].passed)
    ctx.then(Action(player=s.turn))


def upkeep_cost(ctx: Ctx, seat: int, side: Side) -> int:
    card = ctx.p(seat).card(side)
    return sum(card.count(box) * price for box, price in UPKEEP.items())


@runs("round_end")
def round_end(ctx: Ctx, task: RoundEnd) -> None:
    s = ctx.s
    if task.stage == "income":
        ctx.emit("round_end", f"Round {s.round} ends: income and upkeep.", round=s.round)
        order = [s.start_player] + ctx.clockwise_from(s.start_player)
        for seat in order:
            collect_income(ctx, seat)
        ctx.then(*[Upkeep(player=seat, side=side.value) for seat in order for side in ARMY_SIDES],
                 RoundEnd(stage="cleanup"))
    else:
        cleanup(ctx)


def collect_income(ctx: Ctx, seat: int) -> None:
    """Two bezants per city marker under the player's control, into that side's treasury."""
    player = ctx.p(seat)
    income = {side: 0 for side in ARMY_SIDES}
    for city in ctx.s.cities.values():
        if city.controller == seat and city.side in income:
            income[city.side] += 2 * city.markers
    for side, amount in income.items():
        player.treasury[side] += amount
    ctx.emit("income", f"{player.name} collects {income[Side.BYZANTINE]} Byzantine and {income[Side.ARAB]} "
             "Arab bezants.", player=player.name, byzantine=income[Side.BYZANTINE], arab=income[Side.ARAB])


@decides("upkeep")
def upkeep_decision(ctx: Ctx, task: Upkeep):
    side = Side(task.side)
    player = ctx.p(task.player)
    cost = upkeep_cost(ctx, task.player, side)
    if cost <= player.treasury[side]:
        return None
    card = player.card(side)
    options = [Option(f"disband:{box.value}", f"Remove a {box.value} cube (saves {UPKEEP[box]})")
               for box in (Box.ELITE, Box.MAIN, Box.LEVY, Box.MOVEMENT) if card.count(box)]
    return decision(task.player, ctx, f"Upkeep: your {side.value} cubes cost {cost} but the treasury holds "
                    f"{player.treasury[side]}. Remove a cube from the game (-1 {side.value} VP each).",
                    options, "upkeep")


@runs("upkeep")
def upkeep_pay(ctx: Ctx, task: Upkeep) -> None:
    side = Side(task.side)
    player = ctx.p(task.player)
    cost = upkeep_cost(ctx, task.player, side)
    player.treasury[side] -= cost
    if cost:
        ctx.emit("upkeep", f"{player.name} pays {cost} {side.value} bezants of upkeep.", player=player.name,
                 side=side.value, amount=cost)


@chooses("upkeep")
def upkeep_choose(ctx: Ctx, task: Upkeep, option_id: str) -> None:
    side = Side(task.side)
    box = Box(option_id.removeprefix("disband:"))
    player = ctx.p(task.player)
    player.card(side).add(box, -1)
    player.removed += 1
    ctx.emit("disband", f"{player.name} cannot pay for a {side.value} {box.value} cube: it leaves the game.",
             player=player.name, side=side.value, box=box.value)
    ctx.gain_vp(task.player, side, -1, "an unpaid cube")
    ctx.then(task)
    check_army(ctx, task.player, side)


def cleanup(ctx: Ctx) -> None:
    """Cubes come back from the boxes, half the casualties (rounded up) return, titles lapse."""
    s = ctx.s
    for seat, player in enumerate(s.players):
        back = sum(1 for holder in s.boxes.values() if holder == seat)
        back += player.tax_cubes + (1 if player.pass_cube else 0)
        healed = (player.casualty + 1) // 2
        player.available += back + healed
        player.casualty -= healed
        player.tax_cubes, player.pass_cube, player.passed = 0, False, False
        player.byzantine.guard = player.arab.guard = False
        for side in ARMY_SIDES:
            check_army(ctx, seat, side)  # an army held up by the guard alone leaves the board
        ctx.emit("cubes_back", f"{player.name} gets {back} cubes back from the boards and {healed} from the "
                 "casualty pool.", player=player.name, boxes=back, casualties=healed)
    s.boxes = {box: None for box in s.boxes}
    s.emperor = s.caliph = None
    s.final_action = False
    if s.round >= ROUNDS:
        final_scoring(ctx)
        return
    s.round += 1
    s.start_player = s.pass_order[0] if s.pass_order else s.start_player
    s.pass_order = []
    s.turn = s.start_player
    ctx.emit("round_start", f"Round {s.round} begins; {ctx.name(s.turn)} starts.", round=s.round,
             player=ctx.name(s.turn))
    ctx.then(Action(player=s.turn))


def final_scoring(ctx: Ctx) -> None:
    """One VP per city marker under the player's control, on the city's side."""
    s = ctx.s
    for seat in range(len(s.players)):
        for side in ARMY_SIDES:
            markers = sum(c.markers for c in s.cities.values() if c.controller == seat and c.side == side)
            ctx.gain_vp(seat, side, markers, f"{side.value} city markers at the end")
    s.finished = True
    best = standings(s)[0]
    ctx.emit("game_end", f"The game is over. {best['player']} leads with {best['score']} VP.", reason="rounds")


def standings(s: ByzantiumState) -> list[dict]:
    """Final scores with the rulebook's tie-breaks; tied players share a rank."""
    rows = []
    for seat, player in enumerate(s.players):
        byz, arab = player.vp[Side.BYZANTINE], player.vp[Side.ARAB]
        if s.constantinople_fallen:
            score, halved = arab, False
        else:
            low, high = sorted((byz, arab))
            halved = low * 2 < high  # the lower total counts only if at least half the higher
            score = high if halved else byz + arab
        rows.append({
            "player": player.name, "score": score, "rank": 0,
            "byzantine_vp": byz, "arab_vp": arab, "total_vp": byz + arab, "halved": halved,
            "cities": sum(1 for c in s.cities.values() if c.controller == seat),
            "money": player.treasury[Side.BYZANTINE] + player.treasury[Side.ARAB],
        })
    by_score: dict[int, list[dict]] = {}
    for row in rows:
        by_score.setdefault(row["score"], []).append(row)

    def key(row: dict) -> tuple:
        group = by_score[row["score"]]
        # Among tied players where someone counted only his higher side: the larger total first.
        total = row["total_vp"] if any(r["halved"] for r in group) else 0
        return (row["score"], total, row["cities"], row["money"])

    rows.sort(key=key, reverse=True)
    for i, row in enumerate(rows):
        row["rank"] = rows[i - 1]["rank"] if i and key(rows[i - 1]) == key(row) else i + 1
    return rows
