"""Battles (Risoluzione delle Battaglie): both sides deal their whole strength at once, the
damage is assigned, then units die or retreat, and an attacker facing survivors withdraws.

A player assigns the whole damage in one choice of amounts (fortresses shield the princesses);
barbarians assign theirs by the fixed rule of "Assegnazione del Danno".
"""

from __future__ import annotations

from engine.core import Amounts, Item, Total
from engine.text import Msg, msg, msg_n
from engine.warriors_traders.board import Kind
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS, BARB_ARMY, BARBARIAN, FORTRESS, PRINCESS, Unit
from engine.warriors_traders.words import count_units, nation_t, province_t, unit_t
from engine.warriors_traders.world import (
    friendly,
    is_barbarian,
    is_free,
    refresh_owner,
    resistance,
    size_rank,
    strength,
    team,
    to_kill,
    to_rout,
    unit_can_retreat,
)


def attack_sites(ctx: Ctx, seat: int) -> list[str]:
    return sorted({u.at for u in ctx.s.units if u.owner == seat and u.attacking})


@decides("battles")
def decide_battles(ctx: Ctx, t):
    sites = attack_sites(ctx, t.player)
    if len(sites) < 2:
        return None
    return decision(ctx, t.player, msg("Which battle is fought first?"),
                    [opt(f"battle:{p}", msg("The battle in {province}", province=province_t(p))) for p in sites],
                    "battle")


@runs("battles")
def run_battles(ctx: Ctx, t) -> None:
    sites = attack_sites(ctx, t.player)
    if sites:
        ctx.then(task("battle", t.player, at=sites[0]), t)


@chooses("battles")
def choose_battles(ctx: Ctx, t, option_id: str) -> None:
    ctx.then(task("battle", t.player, at=option_id.split(":", 1)[1]), t)


def attackers(ctx: Ctx, seat: int, prov: str) -> list[Unit]:
    return [u for u in ctx.units_at(prov) if u.owner == seat and u.attacking]


def defenders(ctx: Ctx, seat: int, prov: str) -> list[Unit]:
    return [u for u in ctx.units_at(prov) if u.owner != seat]


def defending_player(ctx: Ctx, seat: int, prov: str) -> int:
    """Who assigns the defenders' damage: the barbarians, else the province's token holder."""
    owners = [u.owner for u in defenders(ctx, seat, prov)]
    if BARBARIAN in owners:
        return BARBARIAN
    holder = ctx.s.owner.get(prov)
    return holder if holder in owners else owners[0]


@runs("battle")
def run_battle(ctx: Ctx, t) -> None:
    seat, prov = t.player, t.get("at")
    att, dfn = attackers(ctx, seat, prov), defenders(ctx, seat, prov)
    if not dfn:
        ctx.then(task("aftermath", seat, at=prov))
        return
    for u in att:
        u.ap -= 1  # the action point spent on the battle
        u.fights += 1
    for u in att + dfn:
        u.incoming = 0
    # Retreated units deal no damage (FAQ); everyone else strikes with full strength.
    att_dmg = sum(strength(ctx, u) for u in att if not u.retreated)
    def_dmg = sum(strength(ctx, u) for u in dfn if not u.retreated)
    defender = defending_player(ctx, seat, prov)
    words = dict(province=province_t(prov), attacker=ctx.name(seat), attack=att_dmg, defence=def_dmg)
    text = (msg("Battle in {province}: {attacker} deals {attack} damage, the barbarians deal {defence}.", **words)
            if defender < 0 else
            msg("Battle in {province}: {attacker} deals {attack} damage, {defender} deals {defence}.",
                defender=ctx.name(defender), **words))
    ctx.emit("battle", text, province=prov, attacker=ctx.name(seat), defender=ctx.name(defender), attack=att_dmg,
             defence=def_dmg)
    ctx.then(task("alloc", seat, at=prov, attacker=seat, left=att_dmg, target="defenders"),
             task("alloc", defender, at=prov, attacker=seat, left=def_dmg, target="attackers"),
             task("resolve", seat, at=prov, defender=defender))


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


def piece_name(ctx: Ctx, u: Unit) -> Msg:
    """"Ann's cavalry", "a barbarian army", "the barbarian fortress"."""
    if u.owner < 0:
        return msg("a barbarian army") if u.kind == BARB_ARMY else msg("the barbarian fortress")
    return msg("{player}'s {unit}", player=ctx.name(u.owner), unit=unit_t(u.kind))


def leaving_text(ctx: Ctx, units: list[Unit], why: str, frm: str, to: str | None) -> Msg:
    """"Ann's 2 infantry retreat from Anjou to Bourbon", "1 barbarian army withdraws ...", or
    that they can go nowhere (`to` None)."""
    n = len(units)
    words = dict(frm=province_t(frm), to=province_t(to) if to else "")
    if units[0].owner < 0:
        if to is None:
            return msg_n("{n} barbarian army in {frm} can retreat nowhere and leaves the game (no VP).",
                         "{n} barbarian armies in {frm} can retreat nowhere and leave the game (no VP).", n, **words)
        return msg_n("{n} barbarian army retreats from {frm} to {to}.", "{n} barbarian armies retreat from {frm} to {to}.",
                     n, **words)
    words.update(player=ctx.name(units[0].owner), units=count_units([u.kind for u in units]))
    if to is None and why == "retreat":
        return msg("{player}'s {units} in {frm} can retreat nowhere and leave the game (no VP).", **words)
    if to is None:
        return msg("{player}'s {units} in {frm} can withdraw nowhere and leave the game (no VP).", **words)
    if why == "retreat":
        return msg("{player}'s {units} retreat from {frm} to {to}.", **words)
    return msg("{player}'s {units} withdraw from {frm} to {to}.", **words)


def _hp(ctx: Ctx, u: Unit) -> int:
    return resistance(ctx, u) - u.damage


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


def destroyed_text(ctx: Ctx, u: Unit, prov: str, dealer: int, gained: int) -> Msg:
    words = dict(province=province_t(prov), player=ctx.name(dealer), vp=gained)
    if u.owner < 0 and u.kind == BARB_ARMY:
        return (msg("A barbarian army in {province} is destroyed; {player} gains {vp} VP.", **words) if gained
                else msg("A barbarian army in {province} is destroyed.", **words))
    if u.owner < 0:
        return (msg("The barbarian fortress in {province} is destroyed; {player} gains {vp} VP.", **words) if gained
                else msg("The barbarian fortress in {province} is destroyed.", **words))
    words.update(owner=ctx.name(u.owner), unit=unit_t(u.kind))
    return (msg("{owner}'s {unit} in {province} is destroyed; {player} gains {vp} VP.", **words) if gained
            else msg("{owner}'s {unit} in {province} is destroyed.", **words))


KILL_VP = {"princess": 1, "barbarian": 1, "fortress": 3}


def kill_vp(ctx: Ctx, u: Unit) -> int:
    if u.kind in ARMY_KINDS:
        return ctx.pieces.units[u.kind].vp
    return KILL_VP[u.kind]


@runs("resolve")
def run_resolve(ctx: Ctx, t) -> None:
    seat, prov, defender = t.player, t.get("at"), t.get("defender")
    routed: dict[int, list[int]] = {}
    hurt = False
    for u in list(ctx.units_at(prov)):
        if u.incoming <= 0:
            continue
        if u.owner >= 0 and (u.owner == seat or defender >= 0):
            hurt = True
        dealer = defender if u.owner == seat else seat
        hit, u.incoming = u.incoming, 0
        if u.retreated:
            dies = True
        else:
            left = resistance(ctx, u) - u.damage - hit
            dies = left < 0 or (left == 0 and not unit_can_retreat(ctx, u))
            u.damage += hit
        if dies:
            ctx.remove_unit(u)
            gained = kill_vp(ctx, u) if dealer >= 0 else 0
            if gained:
                ctx.p(dealer).vp_kills += gained
            text = destroyed_text(ctx, u, prov, dealer, gained)
            ctx.emit("destroyed", text, province=prov, owner=ctx.name(u.owner), unit=u.kind, by=ctx.name(dealer),
                     vp=gained)
        elif u.damage == resistance(ctx, u):
            u.retreated = True
            u.ap = 0
            routed.setdefault(u.owner, []).append(u.id)
    refresh_owner(ctx, prov)  # the province token leaves with its last defender, before any retreat
    if hurt and defender >= 0:
        a, b = team(ctx, seat), team(ctx, defender)
        for w in ctx.s.wars:
            if {w.a, w.b} == {a, b}:
                w.damage = True
    steps = []
    # The attacker's retreating units move first.
    if seat in routed:
        steps.append(task("retreat", seat, at=prov, units=routed.pop(seat)))
    for owner, ids in sorted(routed.items()):
        if owner == BARBARIAN:
            steps.append(task("barb_retreat", seat, at=prov, units=ids))
        else:
            steps.append(task("retreat", owner, at=prov, units=ids))
    steps.append(task("aftermath", seat, at=prov))
    ctx.then(*steps)


def safe_havens(ctx: Ctx, seat: int, prov: str) -> list[str]:
    """Neighbouring provinces that are free or held by the player (or an ally)."""
    out = []
    for q in ctx.board.adj[prov]:
        here = ctx.units_at(q)
        if not here or (all(friendly(ctx, seat, u.owner) for u in here)):
            out.append(q)
    return out


def _move_out(ctx: Ctx, ids: list[int], prov: str, dest: str | None, why: str) -> None:
    units = [u for u in (ctx.unit(i) for i in ids) if u is not None and u.at == prov]
    if not units:
        return
    owner = units[0].owner
    if dest is None:
        for u in units:
            ctx.remove_unit(u)
        ctx.emit("lost", leaving_text(ctx, units, why, prov, None), province=prov, owner=ctx.name(owner), units=[u.kind for u in units])
    else:
        for u in units:
            u.at, u.ap, u.attacking = dest, 0, False
        refresh_owner(ctx, dest)
        ctx.emit(why, leaving_text(ctx, units, why, prov, dest), province=prov, to=dest, owner=ctx.name(owner), units=[u.id for u in units])
    refresh_owner(ctx, prov)


def full_board_nation(ctx: Ctx, nid: str) -> str:
    """The name of a nation the variant leaves out of play (its province may still be contested)."""
    from engine.warriors_traders.board import board

    return board(ctx.s.map).nations[nid].name


def barbarian_havens(ctx: Ctx, seat: int, prov: str) -> list[str]:
    """Regole di ritirata delle armate Barbare: free, then barbarian capital, trade centre,
    other barbarian province in the same nation; then the same four in another nation.

    For a contested province the attacker chooses which of its two nations is "the same"
    ("a scelta dell'attaccante"): the havens are every province that comes first under one
    of those choices, so the attacker is asked only when the choice changes where they go."""
    return sorted({q for home in home_nations(ctx, seat, prov) for q in _first_havens(ctx, prov, home)})


def home_nations(ctx: Ctx, seat: int, prov: str) -> tuple[str, ...]:
    """The nations the attacker may count as "la stessa Nazione" of `prov`: its own nation if
    it controls the contested province, else either of the two (one for a common province)."""
    if ctx.s.owner.get(prov) == seat:
        return (ctx.p(seat).nation,)
    return ctx.board.provinces[prov].nations()


def _first_havens(ctx: Ctx, prov: str, home: str) -> list[str]:
    """The neighbours of `prov` in the best tier of the retreat list, `home` being "the same
    nation" (free 0, barbarian capital 1, trade centre 2, other barbarian 3; +4 elsewhere)."""
    ranked: dict[int, list[str]] = {}
    for q in ctx.board.adj[prov]:
        info = ctx.board.provinces[q]
        if is_free(ctx, q):
            kind = 0
        elif is_barbarian(ctx, q) and all(u.owner == BARBARIAN for u in ctx.units_at(q)):
            kind = {Kind.CAPITAL: 1, Kind.TRADE_CENTER: 2}.get(info.kind, 3)
        else:
            continue
        rank = kind + (0 if home in info.nations() else 4)
        ranked.setdefault(rank, []).append(q)
    return ranked[min(ranked)] if ranked else []


def _haven_label(ctx: Ctx, seat: int, prov: str, q: str) -> Msg:
    homes = home_nations(ctx, seat, prov)
    counted = [h for h in homes if q in _first_havens(ctx, prov, h)]
    if len(homes) < 2 or len(counted) == len(homes):
        return msg("The barbarians retreat to {province}", province=province_t(q))
    nation = ctx.board.nations.get(counted[0])
    name = nation.name if nation else full_board_nation(ctx, counted[0])  # a nation a variant leaves out
    return msg("The barbarians retreat to {province} (counting {nation} as their nation)", province=province_t(q),
               nation=nation_t(name))


@decides("barb_retreat")
def decide_barb_retreat(ctx: Ctx, t):
    havens = barbarian_havens(ctx, t.player, t.get("at"))
    if len(havens) < 2:
        return None
    return decision(ctx, t.player, msg("The barbarians in {province} retreat: choose where.",
                                       province=province_t(t.get("at"))),
                    [opt(f"to:{q}", _haven_label(ctx, t.player, t.get("at"), q)) for q in havens],
                    "barbarian_retreat")


@runs("barb_retreat")
def run_barb_retreat(ctx: Ctx, t) -> None:
    havens = barbarian_havens(ctx, t.player, t.get("at"))
    _move_out(ctx, t.get("units"), t.get("at"), havens[0] if havens else None, "retreat")


@chooses("barb_retreat")
def choose_barb_retreat(ctx: Ctx, t, option_id: str) -> None:
    _move_out(ctx, t.get("units"), t.get("at"), option_id.split(":", 1)[1], "retreat")


@runs("aftermath")
def run_aftermath(ctx: Ctx, t) -> None:
    seat, prov = t.player, t.get("at")
    att, dfn = attackers(ctx, seat, prov), defenders(ctx, seat, prov)
    if att and dfn:
        ctx.then(task("withdraw", seat, at=prov, units=[u.id for u in att]))
    elif att:
        for u in att:
            u.attacking = False
        ctx.s.owner[prov] = seat
        ctx.emit("conquest", msg("{player} takes {province}.", player=ctx.name(seat), province=province_t(prov)),
                 player=ctx.name(seat), province=prov)
    else:
        refresh_owner(ctx, prov)


# Leaving a province: a beaten army retreats, surviving attackers withdraw. Same rules, own words.
LEAVE_KINDS = ("retreat", "withdraw")


def decide_leave(ctx: Ctx, t):
    havens = safe_havens(ctx, t.player, t.get("at"))
    if not havens:
        return None
    at = province_t(t.get("at"))
    if t.kind == "retreat":
        prompt = msg("Your units in {province} retreat: where to?", province=at)
        options = [opt(f"to:{q}", msg("Retreat to {province}", province=province_t(q))) for q in havens]
    else:
        prompt = msg("The defenders hold {province}: your survivors must leave. Where to?", province=at)
        options = [opt(f"to:{q}", msg("Withdraw to {province}", province=province_t(q))) for q in havens]
    return decision(ctx, t.player, prompt, options, t.kind)


def run_leave(ctx: Ctx, t) -> None:
    _move_out(ctx, t.get("units"), t.get("at"), None, t.kind)


def choose_leave(ctx: Ctx, t, option_id: str) -> None:
    _move_out(ctx, t.get("units"), t.get("at"), option_id.split(":", 1)[1], t.kind)


for _kind in LEAVE_KINDS:
    decides(_kind)(decide_leave)
    runs(_kind)(run_leave)
    chooses(_kind)(choose_leave)
