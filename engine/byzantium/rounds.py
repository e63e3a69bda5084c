"""Turn order, the end of a round (income, upkeep, cubes coming back) and the final scoring."""

from __future__ import annotations

from functools import lru_cache

from engine.byzantium.board import ARMY_SIDES, ROUNDS, UPKEEP, Box, Side
from engine.byzantium.combos import box_amounts, combo_decision, parse
from engine.byzantium.cubes import check_army
from engine.byzantium.flow import Ctx, chooses, decides, runs
from engine.byzantium.state import ByzantiumState
from engine.byzantium.tasks import Action, RoundEnd, Upkeep
from engine.byzantium.words import box_cubes, box_word, side_bezants, side_word
from engine.core import Amounts, Decision
from engine.text import Msg, msg, msg_n


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
        ctx.emit("last_action", msg("Everyone else has passed: {player} has one last action.", player=ctx.name(s.turn)),
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
        ctx.emit("round_end", msg("Round {round} ends: income and upkeep.", round=s.round), round=s.round)
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
    ctx.emit("income", msg("{player} collects {byz} Byzantine and {arab} Arab bezants.", player=player.name,
                           byz=income[Side.BYZANTINE], arab=income[Side.ARAB]),
             player=player.name, byzantine=income[Side.BYZANTINE], arab=income[Side.ARAB])


UPKEEP_BOXES = (Box.ELITE, Box.MAIN, Box.LEVY, Box.MOVEMENT)


def upkeep_amounts(ctx: Ctx, task: Upkeep) -> Amounts:
    """Which cubes leave the game, and the rule they must meet: "until the rest can be paid" - the
    rest is affordable, and it was not before the last cube went (the dearest one removed last)."""
    side = Side(task.side)
    return _upkeep_amounts(side, _cube_counts(ctx, task.player, side), ctx.p(task.player).treasury[side])


def _cube_counts(ctx: Ctx, seat: int, side: Side) -> tuple[int, ...]:
    """The player's cubes in each of the UPKEEP_BOXES of `side`'s army card: all its upkeep depends on."""
    card = ctx.p(seat).card(side)
    return tuple(card.count(box) for box in UPKEEP_BOXES)


@lru_cache(maxsize=256)
def _upkeep_amounts(side: Side, cubes: tuple[int, ...], money: int) -> Amounts:
    """upkeep_amounts for these cubes (by UPKEEP_BOXES) and this treasury: built once for them."""
    counts = {box.value: n for box, n in zip(UPKEEP_BOXES, cubes, strict=True)}
    cost = sum(UPKEEP[box] * n for box, n in zip(UPKEEP_BOXES, cubes, strict=True))
    prices = sorted((UPKEEP[box] for box, n in zip(UPKEEP_BOXES, cubes, strict=True) for _ in range(n)), reverse=True)
    fewest = next(n for n in range(1, len(prices) + 1) if cost - sum(prices[:n]) <= money)
    most = next(n for n in range(1, len(prices) + 1) if cost - sum(sorted(prices)[:n]) <= money)

    def check(removed: dict[str, int]) -> Msg | None:
        saved = sum(UPKEEP[Box(box)] * n for box, n in removed.items())
        dearest = max((UPKEEP[Box(box)] for box, n in removed.items() if n), default=0)
        if cost - saved > money:
            return msg_n("The cubes left still cost {n} bezant; the treasury holds {money}.",
                         "The cubes left still cost {n} bezants; the treasury holds {money}.", cost - saved, money=money)
        if money >= cost - saved + dearest:
            return msg("Remove cubes only until the rest can be paid: the rest must be affordable, and "
                       "not already before the last cube removed.")
        return None

    labels = {box.value: box_word(box) for box in UPKEEP_BOXES}
    return box_amounts("disband", counts, labels, fewest, most, msg("Cubes that leave the game"), check)


def disband_label(side: Side):
    def label(removed: dict[str, int]):
        n = sum(removed.values())
        return msg("Remove {cubes} (-{n} {side} VP)", n=n, cubes=box_cubes(removed), side=side_word(side))
    return label


def upkeep_unpaid(ctx: Ctx, task: Upkeep) -> bool:
    """Whether the treasury cannot pay `task`'s upkeep: then its player decides (upkeep_decision)."""
    return upkeep_cost(ctx, task.player, Side(task.side)) > ctx.p(task.player).treasury[Side(task.side)]


@decides("upkeep")
def upkeep_decision(ctx: Ctx, task: Upkeep):
    if not upkeep_unpaid(ctx, task):
        return None
    side = Side(task.side)
    return _upkeep_decision(ctx.name(task.player), side, _cube_counts(ctx, task.player, side),
                            ctx.p(task.player).treasury[side])


@lru_cache(maxsize=256)
def _upkeep_decision(player: str, side: Side, cubes: tuple[int, ...], money: int) -> Decision:
    """The upkeep decision of `player` with these cubes (by UPKEEP_BOXES) and this treasury, built
    once for them (issue 30): at the round's upkeep every waiting player's decision, each a walk
    through the combinations of his cubes, was built again after each answer (and by every game)."""
    amounts = _upkeep_amounts(side, cubes, money)
    cost = sum(UPKEEP[box] * n for box, n in zip(UPKEEP_BOXES, cubes, strict=True))

    def fewest_first(found):  # the removals that lose the fewest VP
        if found:
            least = min(sum(c.values()) for c in found)
            yield from (c for c in found if sum(c.values()) == least)

    prompt = msg("Upkeep: your {side} cubes cost {cost} bezants but the treasury holds {money}. Which cubes leave the "
                 "game (-1 {side} VP each), until the rest can be paid?", side=side_word(side), cost=cost,
                 money=money)
    return combo_decision(player, prompt, "upkeep", amounts, disband_label(side), shortcuts=fewest_first)


def upkeep_places(ctx: Ctx) -> list[int]:
    """The places on the stack of the upkeep tasks that wait at once: "Dann muß jeder Spieler
    Unterhalt für seine Truppen zahlen" sets no order, and no player's upkeep changes another's
    (each pays from his own treasury for his own cubes), so every player who cannot pay decides
    at the same time. One task per player (the first of his two sides that needs a decision; the
    other follows), so an answer always names the task it is for. Cheap: no decision is built."""
    stack = ctx.s.stack
    found: list[int] = []
    players: set[int] = set()
    for index in range(len(stack) - 1, -1, -1):
        task = stack[index]
        if task.kind != "upkeep":
            break
        if task.player not in players and upkeep_unpaid(ctx, task):
            players.add(task.player)
            found.append(index)
    return found


def upkeep_waiting(ctx: Ctx) -> list[tuple[int, Decision]]:
    """The upkeep decisions that wait at once (upkeep_places), with their tasks' places."""
    return [(index, upkeep_decision(ctx, ctx.s.stack[index])) for index in upkeep_places(ctx)]


@runs("upkeep")
def upkeep_pay(ctx: Ctx, task: Upkeep) -> None:
    side = Side(task.side)
    player = ctx.p(task.player)
    cost = upkeep_cost(ctx, task.player, side)
    player.treasury[side] -= cost
    if cost:
        ctx.emit("upkeep", msg("{player} pays {money} of upkeep.", player=player.name,
                               money=side_bezants(cost, side)),
                 player=player.name, side=side.value, amount=cost)


@chooses("upkeep")
def upkeep_choose(ctx: Ctx, task: Upkeep, option_id: str) -> None:
    side = Side(task.side)
    removed = parse(upkeep_amounts(ctx, task), option_id)  # its check: only until the rest can be paid
    player = ctx.p(task.player)
    n = sum(removed.values())
    for box, count in removed.items():
        player.card(side).add(Box(box), -count)
    player.removed += n
    ctx.emit("disband", msg_n("{player} cannot pay the upkeep of the {side} army: {cubes} leaves the game.",
                              "{player} cannot pay the upkeep of the {side} army: {cubes} leave the game.", n,
                              player=player.name, side=side_word(side), cubes=box_cubes(removed)),
             player=player.name, side=side.value, boxes=[box for box, c in removed.items() for _ in range(c)])
    ctx.gain_vp(task.player, side, -n, msg_n("an unpaid cube", "unpaid cubes", n))
    ctx.then(task)  # now it can be paid
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
        ctx.emit("cubes_back", msg("{player} gets {boxes} back from the boards and {healed} from the casualty pool.",
                                   player=player.name, boxes=msg_n("{n} cube", "{n} cubes", back),
                                   healed=healed),
                 player=player.name, boxes=back, casualties=healed)
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
    ctx.emit("round_start", msg("Round {round} begins; {player} starts.", round=s.round, player=ctx.name(s.turn)),
             round=s.round, player=ctx.name(s.turn))
    ctx.then(Action(player=s.turn))


def final_scoring(ctx: Ctx) -> None:
    """One VP per city marker under the player's control, on the city's side."""
    s = ctx.s
    for seat in range(len(s.players)):
        for side in ARMY_SIDES:
            markers = sum(c.markers for c in s.cities.values() if c.controller == seat and c.side == side)
            ctx.gain_vp(seat, side, markers, msg("{side} city markers at the end", side=side_word(side)))
    s.finished = True
    best = standings(s)[0]
    ctx.emit("game_end", msg("The game is over. {player} leads with {n} VP.", player=best["player"], n=best["score"]),
             reason="rounds")


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
