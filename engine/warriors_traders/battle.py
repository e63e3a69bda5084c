"""Battles (Risoluzione delle Battaglie): both sides deal their whole strength at once, the
damage is assigned (damage.py), then units die or retreat (retreat.py), and an attacker facing
survivors withdraws.
"""

from __future__ import annotations

from engine.text import Msg, msg
from engine.warriors_traders.flow import Ctx, chooses, decides, decision, opt, runs, task
from engine.warriors_traders.state import ARMY_KINDS, BARB_ARMY, BARBARIAN, Unit
from engine.warriors_traders.words import province_t, unit_t
from engine.warriors_traders.world import (
    refresh_owner,
    resistance,
    strength,
    team,
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



def piece_name(ctx: Ctx, u: Unit) -> Msg:
    """"Ann's cavalry", "a barbarian army", "the barbarian fortress"."""
    if u.owner < 0:
        return msg("a barbarian army") if u.kind == BARB_ARMY else msg("the barbarian fortress")
    return msg("{player}'s {unit}", player=ctx.name(u.owner), unit=unit_t(u.kind))


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
