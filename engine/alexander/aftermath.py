"""After the Battle Scores (11.3 F-I; the retreat is in retreat.py): battle losses, Fatigue,
Useless and flight, the fate of garrisons and tribes, Darius's flight, and armies destroyed."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, battle_losses, other
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.loc import has_loc
from engine.alexander.state import Army
from engine.alexander.words import army_t, side_t, sourced, space_t
from engine.alexander.world import (
    ALEXANDER,
    DARIUS,
    enemy_combat,
    is_transit,
    leaders_of,
    lose_if_bare,
    refresh_control,
    remove_garrison,
    take_gsp,
)
from engine.text import msg, msg_n


def eliminate_army(ctx: Ctx, army: Army, why, *, leaders_die: bool = False, in_battle: bool = False) -> None:
    """An army leaves the map. Its leaders die with it when the army is destroyed outright
    (a Useless army beaten again, 11.3 H); otherwise they stay alone in its space, captured if
    the enemy holds it. `in_battle`: destroyed by a battle, an overrun or an assault, where
    Black Cleitus may save Alexander ("in qualsiasi momento nel quale Alessandro è in pericolo
    di essere ucciso in battaglia"; rules 2)."""
    from engine.alexander.battle import kill_leader
    from engine.alexander.victory import alexander_dies

    s = ctx.s
    space = army.space
    s.armies = [a for a in s.armies if a.id != army.id]
    ctx.emit("army_gone", msg("{army} is eliminated ({why}).", army=army_t(army.id), why=why), army=army.id,
             space=space)
    for name in leaders_of(s, army.id):
        if leaders_die or enemy_combat(s, space, army.side):
            if name == ALEXANDER and in_battle and s.rules >= 2:
                s.leaders[name] = f"space:{space}"  # until the Macedonian's defence window settles it
                ctx.then(task("cleitus_window", MAC, why="army", space=space))
                continue
            if name == ALEXANDER:
                alexander_dies(ctx, msg("his army is destroyed"))
                return
            kill_leader(ctx, name, msg("lost with the army"))
        else:
            s.leaders[name] = f"space:{space}"
    if s.royal_treasury.where == f"army:{army.id}":
        _royal_treasury_falls(ctx, space)
    if s.royal_family.where == f"army:{army.id}":
        s.royal_family = s.royal_family.model_copy(update={"where": f"space:{space}"})
    for city, siege in list(s.sieges.items()):
        if siege.army == army.id:
            from engine.alexander.siege import lift_siege
            lift_siege(ctx, city, msg("the besieging army is gone"))


def _royal_treasury_falls(ctx: Ctx, space: str) -> None:
    """The army carrying the Royal Treasury is wiped out: the victor takes it (7.4)."""
    s = ctx.s
    b = s.battle
    winner_army = b.get("attacker") if b and b.get("winner") == b.get("atk") else None
    if b and b.get("winner") and b.get("winner") == b.get("dfn") and b.get("defenders"):
        winner_army = b["defenders"][0]
    if winner_army and s.army(winner_army):
        owner = s.army(winner_army).side
        s.royal_treasury = s.royal_treasury.model_copy(update={"owner": owner, "where": f"army:{winner_army}"})
        ctx.emit("royal_treasury", msg("The {side} captures the Royal Treasury.", side=side_t(owner)), side=owner)
    else:
        s.royal_treasury = s.royal_treasury.model_copy(update={"where": f"space:{space}"})


# -- losses (11.3 F) -----------------------------------------------------------------------------------
# Where each modifier of a losses roll comes from (11.3 F), named beside its number.
LOSS_WORDS = {
    "winner": msg("won the battle"), "no_loc": msg("no line of communication"), "fatigue": msg("Fatigue"),
    "overwhelming": msg("three times the enemy's strength"), "determined": msg("Determined Troops"),
    "retreat": msg("retreat"),
}


def loss_modifiers(ctx: Ctx, side: str) -> dict[str, int]:
    s, b = ctx.s, ctx.s.battle
    mods: dict[str, int] = {}
    winner = b["winner"]
    if winner == side or not winner:
        mods["winner"] = -2 if b["double"] and winner == side else -1
    armies = _armies_of(ctx, side)
    # "Un'Armata priva di LOC (7.3) per la battaglia": from rules 2 the LOC is traced from the
    # battle's space, not from where a retreat has since taken the army.
    where = (lambda a: b["space"]) if s.rules >= 2 else (lambda a: s.army(a).space)
    if armies and not all(has_loc(s, side, where(a)) for a in armies if s.army(a)):
        mods["no_loc"] = 2
    if b.get("fatigued_before", {}).get(side):
        mods["fatigue"] = 2
    if b["strength"][side] >= 3 * b["strength"][other(side)]:
        mods["overwhelming"] = -2
    if "determined_troops" in b["cards"][other(side)]:
        mods["determined"] = 1
    extra = b.get("retreat_mp", {}).get(side, 0)
    if extra:
        mods["retreat"] = extra
    return mods


def _armies_of(ctx: Ctx, side: str) -> list[str]:
    b = ctx.s.battle
    armies = [b["attacker"]] if side == b["atk"] else b["defenders"]
    return [a for a in armies if ctx.s.army(a)]


@runs("battle_losses")
def _losses(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    lost = {}
    for side in (b["atk"], b["dfn"]):
        if side == b["dfn"] and b.get("tribe"):
            continue
        mods = loss_modifiers(ctx, side)
        roll = ctx.roll(1, side, msg("{side} battle losses", side=side_t(side)))[0]
        n, fatigue_row = battle_losses(roll + sum(mods.values()), b["strength"][side])
        lost[side] = n
        b.setdefault("f_row", {})[side] = fatigue_row
        ctx.emit("losses", msg_n("{side} loses {n} strength point (roll {roll}{mods}).",
                                 "{side} loses {n} strength points (roll {roll}{mods}).", n, side=side_t(side),
                                 roll=roll, mods=sourced(mods, LOSS_WORDS)),
                 side=side, roll=roll, mods=mods, lost=n)
    if b.get("tribe"):
        mods = loss_modifiers(ctx, b["dfn"])
        roll = ctx.roll(1, b["atk"], msg("Tribe losses"))[0]  # the attacker's opponent rolls for a tribe
        n, _ = battle_losses(roll + sum(mods.values()), b["strength"][b["dfn"]])
        lost[b["dfn"]] = n
        tribe = s.tribes[b["space"]]
        tribe.gsp -= min(n, tribe.gsp)
        if tribe.gsp <= 0 or b["loser"] == b["dfn"]:
            del s.tribes[b["space"]]
            ctx.emit("tribe_gone", msg("The {tribe} are wiped out.", tribe=tribe.name), space=b["space"])
    b["lost"] = lost
    for side in (b["atk"], b["dfn"]):
        if side in lost and not (side == b["dfn"] and b.get("tribe")):
            ctx.then(task("take_losses", side, n=lost[side]))


@decides("take_losses")
def _take_decide(ctx: Ctx, t):
    n = t.args["n"]
    asp, gsp = _pools(ctx, t.side)
    if not gsp or not asp or n == 0:
        return None
    lo, hi = gsp_bounds(n, asp, gsp)
    if lo == hi:
        return None
    options = [opt(f"gsp:{k}", msg("{gsp} GSP and {asp} ASP", gsp=k, asp=min(asp, n - k))) for k in range(lo, hi + 1)]
    return ctx.ask(t.side, msg_n("Take {n} loss: how many from the garrison?", "Take {n} losses: how many from the garrison?",
                                 n), options, "losses")


def gsp_bounds(n: int, asp: int, gsp: int) -> tuple[int, int]:
    """GSP may take no more losses than ASP unless every ASP is gone (8.6)."""
    n = min(n, asp + gsp)
    lo = max(0, n - asp)
    hi = min(gsp, max(lo, n // 2))
    return lo, hi


def _pools(ctx: Ctx, side: str) -> tuple[int, int]:
    s, b = ctx.s, ctx.s.battle
    asp = sum(s.army(a).asp for a in _armies_of(ctx, side))
    g = s.garrisons.get(b["space"])
    gsp = 0
    if g is not None and g.side == side and b.get("garrison"):
        gsp = g.gsp
        r = b.get("retreat", {})
        if not (r.get("side") == side and r.get("loose")):
            asp += g.asp
    return asp, gsp


@runs("take_losses")
def _take_auto(ctx: Ctx, t):
    asp, gsp = _pools(ctx, t.side)
    lo, hi = gsp_bounds(t.args["n"], asp, gsp) if gsp else (0, 0)
    apply_losses(ctx, t.side, t.args["n"], hi)


@chooses("take_losses")
def _take_choose(ctx: Ctx, t, option_id: str):
    apply_losses(ctx, t.side, t.args["n"], int(option_id.split(":")[1]))


def apply_losses(ctx: Ctx, side: str, n: int, gsp: int) -> None:
    """Remove the losses: GSP first as chosen, then ASP from the largest army down (and loose
    ASP); an army left with no ASP is eliminated."""
    s, b = ctx.s, ctx.s.battle
    space = b["space"]
    g = s.garrisons.get(space)
    if gsp and g is not None:
        take_gsp(s, space, gsp=min(gsp, g.gsp))
        lose_if_bare(s, space, side)
    left = n - gsp
    armies = sorted((s.army(a) for a in _armies_of(ctx, side)), key=lambda a: -a.asp)
    for army in armies:
        cut = min(left, army.asp)
        army.asp -= cut
        left -= cut
    g = s.garrisons.get(space)
    if left and g is not None and g.side == side and g.asp:
        cut = min(left, g.asp)
        take_gsp(s, space, asp=cut)
        left -= cut
    for army in armies:
        if army.asp <= 0:
            eliminate_army(ctx, army, msg("destroyed in battle"), in_battle=True)


# -- Alexander saved by Black Cleitus when his army is destroyed -------------------------------------
def escape_spaces(ctx: Ctx, space: str) -> list[str]:
    """Where Alexander, saved from his destroyed army, may go: the nearest spaces (in links, land
    or sea) free of enemy units, tribes and transit points (his own space if it is free)."""
    from engine.alexander.retreat import hops_from

    s = ctx.s
    dist = hops_from(ctx, space)
    free = [sp for sp in dist if not enemy_combat(s, sp, MAC) and not is_transit(s, sp) and sp not in s.tribes]
    if not free:
        return []
    near = min(dist[sp] for sp in free)
    return sorted(sp for sp in free if dist[sp] == near)


@decides("cleitus_escape")
def _escape_decide(ctx: Ctx, t):
    if ctx.s.victory.winner:
        return None
    options = [opt(f"to:{sp}", space_t(sp)) for sp in escape_spaces(ctx, t.args["space"])]
    if not options:
        return None
    return ctx.ask(MAC, msg("Black Cleitus has saved Alexander from his destroyed army: where does he go?"),
                   options, "leader_to")


@runs("cleitus_escape")
def _escape_nowhere(ctx: Ctx, t):
    return  # nowhere free of the enemy on the whole map: he stays where he is


@chooses("cleitus_escape")
def _escape_choose(ctx: Ctx, t, option_id: str):
    space = option_id.split(":", 1)[1]
    ctx.s.leaders[ALEXANDER] = f"space:{space}"
    ctx.emit("leader_placed", msg("Alexander escapes to {space}.", space=space_t(space)), leader=ALEXANDER,
             where=f"space:{space}")
    refresh_control(ctx.s)


# -- the end of the battle -------------------------------------------------------------------
@runs("battle_finish")
def _finish(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    winner, loser = b["winner"], b["loser"]
    lost = b.get("lost", {})
    later = []
    for side in (b["atk"], b["dfn"]):
        rows = b.get("f_row", {})
        for a in _armies_of(ctx, side):
            army = s.army(a)
            if side == loser or rows.get(side):
                army.fatigued = True
    if loser and s.options.get("useless", True):
        if lost.get(loser, 0) > 2 * lost.get(winner, 0):
            for a in _armies_of(ctx, loser):
                army = s.army(a)
                if not army.useless:
                    army.useless = army.fatigued = True
                    ctx.emit("useless", msg("{army} is Useless.", army=army_t(a)), army=a)
                    later.append(task("flee_offer", loser, army=a))
    if loser:
        g = s.garrisons.get(b["space"])
        if g is not None and g.side == loser and b.get("garrison"):
            remove_garrison(s, b["space"])  # GSP left behind when the ASP retreat are lost (8.6)
            ctx.emit("garrison_lost", msg("The {side} garrison at {space} is lost.", side=side_t(loser),
                                          space=space_t(b["space"])), space=b["space"])
            lose_if_bare(s, b["space"], loser)
        if loser == PER and b.get("darius") and b["double"] and s.victory.darius == "alive" \
                and s.leaders.get(DARIUS, "").startswith("army:"):
            later += [task("bagoas_window", MAC, why="flight"),
                      task("darius_flight", PER, space=b["space"], alone=False)]
    ctx.then(*later, task("battle_clear"))


@runs("battle_clear")
def _clear(ctx: Ctx, t):
    from engine.alexander.siege import check_sieges

    ctx.s.battle = {}
    check_sieges(ctx)  # a besieger driven off lifts its siege
    refresh_control(ctx.s)


@decides("flee_offer")
def _flee_decide(ctx: Ctx, t):
    army = ctx.s.army(t.args["army"])
    if army is None:
        return None
    return ctx.ask(t.side, msg("{army} is Useless: flee (a second retreat, as far as you like, with another loss roll)?",
                               army=army_t(army.id)),
                   [opt("flee", msg("Flee")), opt("stay", msg("Stay"))], "flee")


@runs("flee_offer")
def _flee_none(ctx: Ctx, t):
    return


@chooses("flee_offer")
def _flee_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "stay":
        return
    from engine.alexander.retreat import hops_from, new_retreat

    army = s.army(t.args["army"])
    b = s.battle
    b["retreat"] = new_retreat(t.side, [army.id], 0, army.space, 1, flee=True)
    b["_hops"] = hops_from(ctx, army.space)
    b["retreat_mp"] = {t.side: 0}
    ctx.then(task("retreat_step", t.side), task("flee_losses", t.side, army=army.id))


@runs("flee_losses")
def _flee_losses(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    army = s.army(t.args["army"])
    if army is None:
        return
    mods = {"fatigue": 2}
    if not has_loc(s, t.side, army.space):
        mods["no_loc"] = 2
    extra = b["retreat_mp"].get(t.side, 0)
    if extra:
        mods["retreat"] = extra
    roll = ctx.roll(1, t.side, msg("Losses in flight"))[0]
    n, _ = battle_losses(roll + sum(mods.values()), army.asp)
    army.asp -= min(n, army.asp)
    ctx.emit("losses", msg("{army} loses {n} ASP in flight.", army=army_t(army.id), n=n), army=army.id, lost=n)
    if army.asp <= 0:
        eliminate_army(ctx, army, msg("destroyed in flight"), in_battle=True)


# -- Darius's flight (11.3 I) ---------------------------------------------------------------------------
@runs("darius_flight")
def _flight(ctx: Ctx, t):
    from engine.alexander.battle import darius_gone
    from engine.alexander.loc import distances

    s = ctx.s
    table = ctx.board.tables["darius_flight"]
    space = t.args["space"]
    bonus = table["alone_bonus"] if t.args.get("alone") else 0
    if s.turn.get("bagoas_flight"):
        bonus += table["bagoas_bonus"]
        s.turn["bagoas_flight"] = False
    roll = sum(ctx.roll(2, PER, msg("Darius flees")))
    total = roll + bonus
    # The Royal Treasury and the Royal Family with him are the Macedonian's (7.4, 14.0).
    darius_army = s.leaders[DARIUS][5:] if s.leaders[DARIUS].startswith("army:") else ""
    taker = next((a.id for a in s.armies_at(space, MAC)), "")
    if darius_army and s.royal_treasury.where == f"army:{darius_army}":
        s.royal_treasury = s.royal_treasury.model_copy(
            update={"owner": MAC, "where": f"army:{taker}" if taker else f"space:{space}"})
        ctx.emit("royal_treasury", msg("The Macedonian captures the Royal Treasury."), side=MAC)
    if darius_army and s.royal_family.where == f"army:{darius_army}" and s.royal_family.holder == PER:
        from engine.alexander.world import capture_family
        s.royal_family = s.royal_family.model_copy(update={"where": f"space:{space}"})
        capture_family(s)
        ctx.emit("royal_family", msg("The Macedonian captures the Royal Family."), side=MAC)
    reach = distances(s, PER, [space], ctx.limits["land_loc"][PER])
    if total <= table["treasury_max"]:
        cities = [c for c, tr in s.treasuries.items() if tr.owner == PER and c in reach]
        if cities:
            ctx.then(task("darius_place", PER, spaces=cities, total=total))
            return
    elif total <= table["distance_max"]:
        exact = [sp for sp, d in distances(s, PER, [space], table["distance_mp"]).items()
                 if d == table["distance_mp"] and not is_transit(s, sp) and not enemy_combat(s, sp, PER)
                 and has_loc(s, PER, sp)]
        if exact:
            ctx.then(task("darius_place", PER, spaces=exact, total=total))
            return
    ctx.emit("darius_taken", msg("Darius is caught and killed ({total}).", total=total), total=total)
    darius_gone(ctx, "killed")


@decides("darius_place")
def _place_decide(ctx: Ctx, t):
    options = [opt(f"to:{sp}", space_t(sp), group=_province_group(ctx, sp)) for sp in t.args["spaces"]]
    return ctx.ask(PER, msg("Darius escapes ({total}): where does he go?", total=t.args["total"]), options, "darius")


def _province_group(ctx: Ctx, space: str):
    from engine.alexander.words import province_t

    province = ctx.board.spaces[space].province
    return province_t(province) if province else space_t(space)


@chooses("darius_place")
def _place_choose(ctx: Ctx, t, option_id: str):
    to = option_id.split(":", 1)[1]
    ctx.s.leaders[DARIUS] = f"space:{to}"
    ctx.emit("darius_escapes", msg("Darius escapes to {space}.", space=space_t(to)), space=to)

