"""Phase IV, Manovra: one player at a time moves armies, resolves the battles, moves princesses.

An army spends one action point per border crossed. It may enter a barbarian province, or an
enemy's at war, only with a point left for the battle, and stops there. Double Strike
(military VI) gives a second round of movement and battles with the points left.
National unification is declared here and its actions are taken at once.

A move is one choice ("from Anjou, attack Bourbon" takes every army that can go; "only some of
them" asks how many of each kind), and the end of the movement says what happens to the
princesses, so a turn without battles ends its maneuver with one click. Princesses move one at a
time (a click that ends their step) or several at once (one choice of amounts).
"""

from __future__ import annotations

from engine.core import Amounts, Item, Total
from engine.text import msg, msg_n
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, grouped, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS, PRINCESS, Unit
from engine.warriors_traders.words import count_units, nation_t, province_t, unit_t
from engine.warriors_traders.world import (
    ap,
    at_war,
    friendly,
    is_free,
    max_fights,
    refresh_owner,
)


@runs("maneuver_start")
def run_maneuver_start(ctx: Ctx, t) -> None:
    ctx.s.phase = "maneuver"
    steps = []
    for seat in ctx.s.order:
        steps += [task("maneuver_begin", seat), task("move", seat, round=1), task("battles", seat)]
        steps += [task("double_strike", seat)]
        steps += [task("princesses", seat)]
    ctx.then(*steps, task("phase_end", what="maneuver"))


@runs("maneuver_begin")
def run_maneuver_begin(ctx: Ctx, t) -> None:
    points = ap(ctx, t.player)
    for u in ctx.s.units:
        if u.owner == t.player and u.kind in ARMY_KINDS and not u.retreated:
            u.ap, u.fights = points, 0
    ctx.emit("maneuver", msg("{player} maneuvers ({ap} action points per army).", player=ctx.name(t.player),
                             ap=points), player=ctx.name(t.player), ap=points)


@runs("double_strike")
def run_double_strike(ctx: Ctx, t) -> None:
    if max_fights(ctx, t.player) > 1:
        ctx.then(task("move", t.player, round=2), task("battles", t.player))


def hostile(ctx: Ctx, seat: int, province: str) -> bool | None:
    """True: entering means a battle; False: a free or friendly province; None: closed (peace)."""
    here = [u for u in ctx.units_at(province) if not (u.owner == seat and u.attacking)]
    if not here:
        return bool([u for u in ctx.units_at(province) if u.owner == seat and u.attacking])
    owners = {u.owner for u in here}
    if any(o < 0 for o in owners):
        return True
    if all(friendly(ctx, seat, o) for o in owners):
        return False
    if all(friendly(ctx, seat, o) or at_war(ctx, seat, o) for o in owners):
        return True
    return None


def destinations(ctx: Ctx, u: Unit) -> list[str]:
    if u.owner < 0 or u.kind not in ARMY_KINDS or u.retreated or u.attacking or u.ap < 1:
        return []
    out = []
    for q in ctx.board.adj[u.at]:
        h = hostile(ctx, u.owner, q)
        if h is False:
            out.append(q)
        elif h is True and u.ap >= 2 and u.fights < max_fights(ctx, u.owner):
            out.append(q)
    return out


def movable(ctx: Ctx, seat: int) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for u in ctx.s.units:
        if u.owner == seat and destinations(ctx, u):
            out.setdefault(u.at, []).append(u)
    return out


def can_unify(ctx: Ctx, seat: int) -> bool:
    """All provinces of the starting nation (contested ones optional) are controlled."""
    p = ctx.p(seat)
    if p.unified:
        return False
    own = ctx.board.nation_provinces(p.nation, contested=False)
    return all(ctx.s.owner.get(x) == seat for x in own)


def unification_count(ctx: Ctx, seat: int) -> int:
    nation = ctx.p(seat).nation
    return sum(1 for x in ctx.board.nation_provinces(nation) if ctx.s.owner.get(x) == seat)


def move_options(ctx: Ctx, seat: int) -> list:
    """`from:<from>:<to>` moves every army of `from` that can reach `to`; `from:<from>:<to>:some`
    asks which of them (only where several could go). Grouped by the province they leave."""
    options = []
    for prov, here in sorted(movable(ctx, seat).items()):
        group = msg("Armies in {province}", province=province_t(prov))
        for q in sorted({d for u in here for d in destinations(ctx, u)}):
            ready = ready_to_move(ctx, seat, prov, q)
            units = count_units([u.kind for u in ready])
            label = (msg("From {frm}, attack {to} ({units})", frm=province_t(prov), to=province_t(q), units=units)
                     if hostile(ctx, seat, q) else
                     msg("From {frm} to {to} ({units})", frm=province_t(prov), to=province_t(q), units=units))
            options.append(opt(f"from:{prov}:{q}", label, group))
            if len(ready) > 1:
                options.append(opt(f"from:{prov}:{q}:some", msg("From {frm} to {to}: only some of them",
                                                           frm=province_t(prov), to=province_t(q)), group))
    return options


def attacks_pending(ctx: Ctx, seat: int) -> bool:
    return any(u.owner == seat and u.attacking for u in ctx.s.units)


def last_round(ctx: Ctx, t) -> bool:
    """No second movement follows (Double Strike gives one after the first battles)."""
    return t.get("round") == 2 or max_fights(ctx, t.player) < 2


@decides("move")
def decide_move(ctx: Ctx, t):
    """The armies' moves, one at a time, and how the movement ends. In the last movement round
    the princesses' step is folded in: without battles to come, the princess moves are offered
    here ("done" leaves them where they are); with battles, "done" fights and leaves them, "fight"
    fights and then asks about them."""
    seat = t.player
    options = move_options(ctx, seat)
    if can_unify(ctx, seat):
        options.append(opt("unify", msg("Declare national unification")))
    if not options:
        return None
    if not last_round(ctx, t):
        options.append(opt("fight", msg("End movement and fight the battles (a second movement follows)")))
    elif attacks_pending(ctx, seat):
        if unmoved_princesses(ctx, seat):
            options.append(opt("fight", msg("End movement and fight the battles, then move princesses")))
            options.append(opt("done", msg("End movement and fight the battles; the princesses stay")))
        else:
            options.append(opt("fight", msg("End movement and fight the battles")))
    else:
        options += princess_options(ctx, seat)
        options.append(opt("done", msg("End the maneuver") if not princess_moves(ctx, seat)
                           else msg("End the maneuver; the princesses stay")))
        return decision(ctx, seat, msg("Maneuver: move your armies, or end the movement (moving princesses ends it)."),
                        grouped(options), "move", princess_amounts(ctx, seat))
    return decision(ctx, seat, msg("Maneuver: move your armies, or end the movement."), grouped(options), "move")


@runs("move")
def run_move(ctx: Ctx, t) -> None:
    """Nothing can move."""


@chooses("move")
def choose_move(ctx: Ctx, t, option_id: str) -> None:
    seat = t.player
    verb, _, rest = option_id.partition(":")
    if verb == "fight":
        return
    if verb == "done":
        skip_princesses(ctx, seat)
        return
    if verb == "unify":
        ctx.then(t)
        unify(ctx, seat)  # its actions go on top: taken at once, then movement goes on
        return
    if verb in ("princess", "princesses"):  # the armies' movement is over
        move_princesses(ctx, seat, option_id)
        if not can_unify(ctx, seat):
            skip_princesses(ctx, seat)
        return
    prov, dest, *some = rest.split(":")
    if some:
        ctx.then(task("move_who", seat, frm=prov, to=dest), t)
    else:
        move_units(ctx, seat, ready_to_move(ctx, seat, prov, dest), dest)
        ctx.then(t)


def skip_princesses(ctx: Ctx, seat: int) -> None:
    """The player leaves the princesses where they are this turn: their step asks nothing."""
    stack = ctx.stack
    for i in range(len(stack) - 1, -1, -1):
        if stack[i].kind == "princesses" and stack[i].player == seat:
            stack[i] = stack[i].but(skip=True)
            return


def unify(ctx: Ctx, seat: int) -> None:
    p = ctx.p(seat)
    count = unification_count(ctx, seat)
    table = ctx.pieces.unification
    actions = table[max(min(count, max(table)), min(table))]
    p.unified = True
    ctx.emit("unification", msg("{player} unifies {nation} ({provinces}): {actions} actions at once.", player=p.name,
                                nation=nation_t(ctx.board.nations[p.nation].name),
                                provinces=msg_n("{n} province", "{n} provinces", count), actions=actions),
             player=p.name, provinces=count, actions=actions)
    ctx.then(*[task("action", seat, why="unification") for _ in range(actions)])


def ready_to_move(ctx: Ctx, seat: int, prov: str, dest: str) -> list[Unit]:
    """The player's armies in `prov` that can still go to `dest`."""
    return [u for u in movable(ctx, seat).get(prov, []) if dest in destinations(ctx, u)]


def army_classes(units: list[Unit]) -> dict[tuple[str, int, int], list[Unit]]:
    """Armies by (kind, action points, damage): armies of one class are the same choice."""
    out: dict[tuple[str, int, int], list[Unit]] = {}
    for u in units:
        out.setdefault((u.kind, u.ap, u.damage), []).append(u)
    return out


def who_amounts(ctx: Ctx, t) -> Amounts:
    """How many armies of each kind go (armies alike are one line)."""
    ready = ready_to_move(ctx, t.player, t.get("frm"), t.get("to"))
    items = []
    for (kind, points, damage), units in army_classes(ready).items():
        label = (msg_n("{unit} ({n} action point left)", "{unit} ({n} action points left)", points, unit=unit_t(kind))
                 if not damage else
                 msg_n("{unit} ({n} action point left, {damage} damage)", "{unit} ({n} action points left, {damage} damage)",
                       points, unit=unit_t(kind), damage=damage))
        items.append(Item(f"{kind}-{points}-{damage}", label, len(units)))
    return Amounts(tuple(items), (Total(1, len(ready), label=msg("Armies that go")),), prefix="armies")


@decides("move_who")
def decide_move_who(ctx: Ctx, t):
    return decision(ctx, t.player, msg("Which armies go from {frm} to {to}?", frm=province_t(t.get("frm")),
                                       to=province_t(t.get("to"))), [opt("back", msg("Back"))], "move_who",
                    who_amounts(ctx, t))


@chooses("move_who")
def choose_move_who(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "back":
        return
    counts = who_amounts(ctx, t).parse(option_id)
    ready = ready_to_move(ctx, t.player, t.get("frm"), t.get("to"))
    going = [u for (kind, points, damage), units in army_classes(ready).items()
             for u in units[:counts[f"{kind}-{points}-{damage}"]]]
    move_units(ctx, t.player, going, t.get("to"))


def move_units(ctx: Ctx, seat: int, units: list[Unit], dest: str) -> None:
    battle = hostile(ctx, seat, dest)
    frm = units[0].at
    for u in units:
        u.at = dest
        u.ap -= 1
        if battle:
            u.attacking = True  # forced to fight here, no further movement
    refresh_owner(ctx, frm)
    if not battle:
        refresh_owner(ctx, dest)
    words = dict(player=ctx.name(seat), units=count_units([u.kind for u in units]), frm=province_t(frm),
                 to=province_t(dest))
    text = (msg("{player} moves {units} from {frm} to attack {to}.", **words) if battle
            else msg("{player} moves {units} from {frm} to {to}.", **words))
    ctx.emit("move", text, player=ctx.name(seat), frm=frm, to=dest, units=[u.id for u in units], attack=bool(battle))


# -- princesses -----------------------------------------------------------------------------


def unmoved_princesses(ctx: Ctx, seat: int) -> bool:
    return any(u.owner == seat and u.kind == PRINCESS and not u.moved for u in ctx.s.units)


def princess_moves(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """Each princess moves once a turn, to a free or friendly neighbouring province."""
    out = []
    for prov in sorted({u.at for u in ctx.s.units if u.owner == seat and u.kind == PRINCESS and not u.moved}):
        for q in ctx.board.adj[prov]:
            if is_free(ctx, q) or all(friendly(ctx, seat, u.owner) for u in ctx.units_at(q)):
                out.append((prov, q))
    return out


def princess_options(ctx: Ctx, seat: int) -> list:
    group = msg("Move a princess")
    return [opt(f"princess:{a}:{b}", msg("A princess goes from {frm} to {to}", frm=province_t(a), to=province_t(b)),
                group) for a, b in princess_moves(ctx, seat)]


def princess_amounts(ctx: Ctx, seat: int) -> Amounts | None:
    """Several princesses at once: how many go along each road (a total per province they leave).
    Their moves do not depend on each other (a province a princess may enter stays free or hers),
    so any set of single moves is one answer. None when at most one princess can move."""
    moves = princess_moves(ctx, seat)
    waiting = {a: sum(1 for u in ctx.units_at(a) if u.owner == seat and u.kind == PRINCESS and not u.moved)
               for a in dict.fromkeys(a for a, _b in moves)}
    if sum(waiting.values()) < 2:
        return None
    items = tuple(Item(f"m{i}", msg("Princesses from {frm} to {to}", frm=province_t(a), to=province_t(b)),
                       waiting[a], group=a) for i, (a, b) in enumerate(moves))
    totals = tuple(Total(0, n, group=a, label=msg("Princesses leaving {province}", province=province_t(a)))
                   for a, n in waiting.items())
    return Amounts(items, totals, prefix="princesses")


def move_princesses(ctx: Ctx, seat: int, option_id: str) -> None:
    """`princess:<from>:<to>` (one) or a `princesses:` answer (several)."""
    if option_id.startswith("princess:"):
        move_princess(ctx, seat, *option_id.split(":")[1:])
        return
    moves = princess_moves(ctx, seat)
    counts = princess_amounts(ctx, seat).parse(option_id)  # all zero: they stay
    for i, (a, b) in enumerate(moves):
        for _ in range(counts[f"m{i}"]):
            move_princess(ctx, seat, a, b)


def move_princess(ctx: Ctx, seat: int, a: str, b: str) -> None:
    u = next(x for x in ctx.units_at(a) if x.owner == seat and x.kind == PRINCESS and not x.moved)
    u.at, u.moved = b, True
    refresh_owner(ctx, a)
    refresh_owner(ctx, b)
    ctx.emit("princess", msg("{player}'s princess goes from {frm} to {to}.", player=ctx.name(seat),
                             frm=province_t(a), to=province_t(b)), player=ctx.name(seat), frm=a, to=b)


@decides("princesses")
def decide_princesses(ctx: Ctx, t):
    if t.get("skip"):
        return None
    options = princess_options(ctx, t.player)
    if can_unify(ctx, t.player):
        options.append(opt("unify", msg("Declare national unification")))
    if not options:
        return None
    options.append(opt("done", msg("Leave the other princesses where they are") if any(
        u.owner == t.player and u.kind == PRINCESS and u.moved for u in ctx.s.units)
        else msg("Leave the princesses where they are")))
    return decision(ctx, t.player, msg("Move a princess, several at once, or leave them (each moves once a turn)."),
                    grouped(options), "princess", princess_amounts(ctx, t.player))


@runs("princesses")
def run_princesses(ctx: Ctx, t) -> None:
    """No princess can move, or the player left them where they are."""


@chooses("princesses")
def choose_princesses(ctx: Ctx, t, option_id: str) -> None:
    if option_id == "done":
        return
    if option_id == "unify":
        ctx.then(t)
        unify(ctx, t.player)
        return
    move_princesses(ctx, t.player, option_id)
    if can_unify(ctx, t.player):  # a princess may complete the nation: unification is still offered
        ctx.then(t)
