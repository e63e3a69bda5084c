"""Assigning a battle's damage (Assegnazione del Danno): a player gives the whole damage in one
choice of amounts (how much each target takes; fortresses shield the princesses); the engine
assigns it when there is no choice; barbarians assign theirs by the rulebook's fixed order.
"""

from __future__ import annotations

from engine.core import Amounts, Item, Total
from engine.text import Msg, msg, msg_n
from engine.warriors_traders.battle import attackers, defenders, piece_name
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs
from engine.warriors_traders.state import FORTRESS, PRINCESS, Unit
from engine.warriors_traders.words import province_t
from engine.warriors_traders.world import size_rank, to_kill, to_rout


def _pool(ctx: Ctx, t) -> list[Unit]:
    """The side an "alloc" task deals its damage to."""
    prov, seat = t.get("at"), t.get("attacker")
    return defenders(ctx, seat, prov) if t.get("target") == "defenders" else attackers(ctx, seat, prov)


def targets(ctx: Ctx, t) -> list[Unit]:
    alive = [u for u in _pool(ctx, t) if to_kill(ctx, u) > 0]
    # Fortresses shield the princesses: they take damage only once every fortress falls.
    if any(u.kind == FORTRESS for u in alive):
        alive = [u for u in alive if u.kind != PRINCESS]
    return sorted(alive, key=lambda u: (size_rank(u), u.id))


def _forced(ctx: Ctx, t) -> bool:
    if t.player < 0:
        return True
    live = targets(ctx, t)
    if t.get("left") <= 0 or len(live) <= 1:
        return True
    # Alike targets that any point destroys, or a single point among alike targets: one outcome.
    if len({alike(u) for u in live}) == 1 and (t.get("left") == 1 or to_kill(ctx, live[0]) == 1):
        return True
    return sum(to_kill(ctx, u) for u in _pool(ctx, t)) <= t.get("left")



def alike(u: Unit) -> tuple:
    """Units that are the same target: which of them takes a point is no choice."""
    return (u.owner, u.kind, u.damage, u.incoming, u.retreated)


def damage_amounts(ctx: Ctx, t, princesses: bool) -> Amounts:
    """How much of the damage each target takes, in one choice: at most what destroys it, the
    whole damage assigned. With `princesses` the princesses are targets too, and each fortress
    then takes the damage that destroys it ("Le Principesse sono protette dalle Fortezze")."""
    pool = sorted((u for u in _pool(ctx, t) if to_kill(ctx, u) > 0), key=lambda u: (size_rank(u), u.id))
    if not princesses:
        pool = [u for u in pool if u.kind != PRINCESS]
    counts: dict[tuple, int] = {}
    for u in pool:
        counts[alike(u)] = counts.get(alike(u), 0) + 1
    items, seen = [], {}
    for u in pool:
        seen[alike(u)] = seen.get(alike(u), 0) + 1
        need = to_kill(ctx, u)
        shielding = princesses and u.kind == FORTRESS
        items.append(Item(f"u{u.id}", target_label(ctx, u, seen[alike(u)] if counts[alike(u)] > 1 else 0), need,
                          min=need if shielding else 0))
    left = t.get("left")
    return Amounts(tuple(items), (Total(left, left, label=msg("Damage to assign")),), prefix="damage")


def shield_choice(ctx: Ctx, t) -> bool | None:
    """Whether the princesses behind fortresses are targets: True when the damage is more than
    the fortresses and armies can take (they must be), False when it cannot reach past the
    fortresses, None when it is the player's choice (asked with a plain option)."""
    pool = [u for u in _pool(ctx, t) if to_kill(ctx, u) > 0]
    if not any(u.kind == PRINCESS for u in pool):
        return False
    shield = sum(to_kill(ctx, u) for u in pool if u.kind == FORTRESS)
    if not shield:
        return True
    others = sum(to_kill(ctx, u) for u in pool if u.kind not in (FORTRESS, PRINCESS))
    left = t.get("left")
    if left > shield + others:
        return True
    if left <= shield:
        return False
    return t.get("princesses")


@decides("alloc")
def decide_alloc(ctx: Ctx, t):
    if _forced(ctx, t):
        return None
    prompt = msg("Battle in {province}: assign {n} damage.", province=province_t(t.get("at")), n=t.get("left"))
    princesses = shield_choice(ctx, t)
    options = []
    if princesses is None:
        shield = sum(to_kill(ctx, u) for u in _pool(ctx, t) if u.kind == FORTRESS)
        options.append(opt("princesses", msg("Destroy the fortresses ({n} damage) and put the rest on the "
                                             "princesses too", n=shield)))
    elif t.get("princesses"):
        options.append(opt("back", msg("Back: leave the princesses out")))
    return decision(ctx, t.player, prompt, options, "damage", damage_amounts(ctx, t, bool(princesses)))


@chooses("alloc")
def choose_alloc(ctx: Ctx, t, option_id: str) -> None:
    if option_id in ("princesses", "back"):
        ctx.then(t.but(princesses=option_id == "princesses" or None))
        return
    amounts = damage_amounts(ctx, t, bool(shield_choice(ctx, t)))
    counts = amounts.parse(option_id)
    units = {f"u{u.id}": u for u in _pool(ctx, t)}
    # Alike units are interchangeable: the most damage goes to the first of them.
    by_kind: dict[tuple, list[Unit]] = {}
    for item in amounts.items:
        by_kind.setdefault(alike(units[item.id]), []).append(units[item.id])
    for same in by_kind.values():
        given = sorted((counts[f"u{u.id}"] for u in same), reverse=True)
        for u, amount in zip(same, given, strict=True):
            u.incoming += amount


def target_label(ctx: Ctx, u: Unit, number: int) -> Msg:
    """"Bo's cavalry (4 destroy it, 3 make it retreat)"; alike units are numbered."""
    unit = piece_name(ctx, u) if not number else msg("{unit} #{n}", unit=piece_name(ctx, u), n=number)
    need, rout = to_kill(ctx, u), to_rout(ctx, u)
    if rout:
        return msg("{unit} ({kill} destroy it, {rout} make it retreat)", unit=unit, kill=need, rout=rout)
    return msg_n("{unit} ({n} destroys it)", "{unit} ({n} destroy it)", need, unit=unit)


@runs("alloc")
def run_alloc(ctx: Ctx, t) -> None:
    left = t.get("left")
    if left <= 0:
        return
    if t.player < 0:
        barbarian_damage(ctx, attackers(ctx, t.get("attacker"), t.get("at")), left)
        return
    live = targets(ctx, t)
    if not live:
        return  # everything is destroyed; the rest of the damage is lost
    # Enough for everyone, or a single target: no choice to make.
    u = live[0]
    amount = min(left, to_kill(ctx, u))
    u.incoming += amount
    if left - amount > 0:
        ctx.then(t.but(left=left - amount))


def barbarian_damage(ctx: Ctx, units: list[Unit], left: int) -> None:
    """Assegnazione del Danno: first kill the biggest armies while the damage suffices, then
    make the biggest army it can retreat, then put the rest on the biggest army left."""
    order = sorted(units, key=lambda u: (size_rank(u), u.id))
    for u in order:
        need = to_kill(ctx, u)
        if 0 < need <= left:
            u.incoming += need
            left -= need
    alive = [u for u in order if to_kill(ctx, u) > 0]
    routed = None
    for u in alive:
        need = to_rout(ctx, u)
        if need is not None and 0 < need <= left:
            u.incoming += need
            left -= need
            routed = u
            break
    if left > 0:
        rest = [u for u in alive if u is not routed and to_kill(ctx, u) > 0] or [u for u in alive if to_kill(ctx, u) > 0]
        for u in rest:
            amount = min(left, to_kill(ctx, u))
            u.incoming += amount
            left -= amount
            if left <= 0:
                break
