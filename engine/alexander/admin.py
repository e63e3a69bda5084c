"""The Admin Phase (3.3 D), in its order: treasuries restored (7.2, 7.4), garrisons removed
(8.6), markers cleared (Devastation, Drought, Bad Weather, Fatigue; Useless in a treasury
city), an Alexandria built (13.0), Alexander's wounds checked (11.3 I), and, in an Admin Phase
from a drawn APM, the weariness check (9.0)."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, SIDES, board
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.loc import distances, supplied
from engine.alexander.treasury import raise_treasury, reduce_treasury
from engine.alexander.windows import moment, open_window
from engine.alexander.words import army_t, province_t, side_t, space_t
from engine.alexander.world import (
    ALEXANDER,
    controls,
    gsp_free,
    leaders_of,
    lose_if_bare,
    refresh_control,
    take_gsp,
    token_space,
    treasury_cities_held,
)
from engine.core import Amounts, Item, Option, Preference, Total, preference_value
from engine.text import msg, msg_n

ADMIN = Preference("admin", msg("In Admin Phases"),
                   (Option("auto", msg("Restore every treasury I can, keep my garrisons")), Option("ask", msg("Ask me"))),
                   "auto")
PREFERENCES = (ADMIN,)


@runs("admin_phase")
def _admin_phase(ctx: Ctx, t):
    s = ctx.s
    s.admin_round = s.round
    s.turn["admin_used"] = []
    s.turn["admin_restored"] = []
    ctx.emit("admin", msg("Admin Phase."), drawn=t.args["drawn"])
    tasks = [task("royal_restore")]
    for side in SIDES:
        tasks.append(task("admin_side", side))
    tasks += [task("admin_window", MAC), task("admin_window", PER), task("admin_clear"), task("alexandria", MAC),
              task("wound_check")]
    if t.args["drawn"]:
        tasks.append(task("weariness_check"))
    ctx.then(*tasks)


# -- restoring treasuries (7.2) ------------------------------------------------------------------
def qualifies(ctx: Ctx, side: str, province: str) -> bool:
    """A province that may add +1 to a restoration roll: the side's, not Frontier, Devastated,
    in Revolt or in Drought, and not used for another roll this phase."""
    s = ctx.s
    info = ctx.board.provinces[province]
    return (s.control.get(province) == side and info.region != "frontier" and province not in s.devastated
            and province not in s.revolt and province not in s.drought and province not in s.turn["admin_used"])


def restore_modifiers(ctx: Ctx, side: str, city: str) -> list[str]:
    province = ctx.board.spaces[city].province
    found = [province] if qualifies(ctx, side, province) else []
    found += sorted(p for p in ctx.board.provinces[province].adjacent if qualifies(ctx, side, p))
    return found


@runs("royal_restore")
def _royal_restore(ctx: Ctx, t):
    """The Royal Treasury in the same space as a treasury city of its owner is restored
    automatically; that province then feeds no other roll this phase (7.4)."""
    s = ctx.s
    rt = s.royal_treasury
    space = token_space(s, rt.where)
    if rt.level == "full" or not space or space not in s.treasuries or s.treasuries[space].owner != rt.owner:
        return
    raise_treasury(ctx, "royal", msg("in a treasury city"))
    s.turn["admin_used"] = s.turn["admin_used"] + [ctx.board.spaces[space].province]


def restorable(ctx: Ctx, side: str) -> list[str]:
    """7.3: "Affinché un giocatore possa usare o Ripristinare i suoi Tesori ... deve avere una LOC
    ad uno dei suoi Tesori non Vuoti": from rules 2 a treasury city is restored only when a LOC
    runs from it to a non-Empty treasury of its side (a Low one is one itself; an Empty one cut
    off from every other is not restored)."""
    s = ctx.s
    reach = supplied(s, side) if s.rules >= 2 else None
    return [c for c in treasury_cities_held(s, side)
            if s.treasuries[c].level != "full" and c not in s.turn["admin_restored"]
            and (reach is None or c in reach)]


def transfers(ctx: Ctx) -> list[tuple[str, str]]:
    """The Macedonian may reduce one of his treasuries to raise another he can trace a LOC to (7.2)."""
    s = ctx.s
    held = [c for c in treasury_cities_held(s, MAC) if s.treasuries[c].level != "empty" and c not in s.unusable]
    found = []
    for to in restorable(ctx, MAC):
        reach = distances(s, MAC, [to], ctx.limits["land_loc"][MAC])
        for frm in held:
            if frm != to and frm in reach and frm != "Memphis":
                found.append((frm, to))
    return found


@decides("admin_side")
def _admin_decide(ctx: Ctx, t):
    side = t.side
    if preference_value(ctx.s, ctx.seat(side), ADMIN) == "auto":
        return None
    options = [opt(f"restore:{c}", msg("Try to restore {city} (+{n})", city=space_t(c),
                                       n=len(restore_modifiers(ctx, side, c))), msg("Restore a treasury"))
               for c in restorable(ctx, side)]
    if side == MAC:
        options += [opt(f"transfer:{a}>{b}", msg("Reduce {a} to restore {b}", a=space_t(a), b=space_t(b)),
                        msg("Restore a treasury"))
                    for a, b in transfers(ctx)]
    if any(g.side == side and g.gsp for g in ctx.s.garrisons.values()):
        options.append(opt("garrisons", msg("Remove garrisons")))
    options.append(opt("done", msg("Done")))
    return ctx.ask(side, msg("Admin Phase: restore treasuries, then remove garrisons if you wish."), options, "admin")


@runs("admin_side")
def _admin_auto(ctx: Ctx, t):
    """The standing preference: try every treasury that can be restored, in order."""
    for city in sorted(restorable(ctx, t.side), key=lambda c: -len(restore_modifiers(ctx, t.side, c))):
        _restore(ctx, t.side, city)


@chooses("admin_side")
def _admin_choose(ctx: Ctx, t, option_id: str):
    head, _, arg = option_id.partition(":")
    if head == "done":
        return
    if head == "restore":
        _restore(ctx, t.side, arg)
        ctx.then(task("admin_side", t.side))
    elif head == "transfer":
        frm, to = arg.split(">")
        reduce_treasury(ctx, frm, msg("restoring {city}", city=space_t(to)))
        raise_treasury(ctx, to, msg("paid by {city}", city=space_t(frm)))
        ctx.s.turn["admin_restored"] = ctx.s.turn["admin_restored"] + [to]
        ctx.then(task("admin_side", t.side))
    elif head == "garrisons":
        ctx.then(task("admin_garrisons", t.side))


def _restore(ctx: Ctx, side: str, city: str) -> None:
    s = ctx.s
    used = restore_modifiers(ctx, side, city)
    s.turn["admin_used"] = s.turn["admin_used"] + used
    s.turn["admin_restored"] = s.turn["admin_restored"] + [city]
    roll = ctx.roll(1, side, msg("Restoring {city}", city=space_t(city)))[0]
    if roll + len(used) >= 7:
        raise_treasury(ctx, city, msg("{roll} + {n}", roll=roll, n=len(used)))
    else:
        ctx.emit("not_restored", msg("{city} is not restored ({roll} + {n} is less than 7).", city=space_t(city),
                                     roll=roll, n=len(used)), treasury=city)


@decides("admin_garrisons")
def _garrisons_decide(ctx: Ctx, t):
    s = ctx.s
    province = t.args.get("province")
    mine = {sp: g for sp, g in s.garrisons.items() if g.side == t.side and g.gsp}
    if province is None:
        provinces = sorted({ctx.board.spaces[sp].province or sp for sp in mine})
        options = [opt(f"province:{p}", province_t(p) if p in ctx.board.provinces else space_t(p)) for p in provinces]
        options.append(opt("done", msg("Done")))
        return ctx.ask(t.side, msg("Remove garrisons: in which province?"), options, "admin_garrisons")
    spaces = [sp for sp in mine if (ctx.board.spaces[sp].province or sp) == province]
    items = tuple(Item(sp, space_t(sp), mine[sp].gsp) for sp in spaces)
    amounts = Amounts(items, (Total(1, sum(mine[sp].gsp for sp in spaces), label=msg("GSP to remove")),), prefix="rm")
    return ctx.ask(t.side, msg("How many GSP do you remove?"), [opt("back", msg("None"))], "admin_garrisons",
                   amounts=amounts)


@chooses("admin_garrisons")
def _garrisons_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "done":
        return
    if option_id.startswith("province:"):
        ctx.then(task("admin_garrisons", t.side, province=option_id.split(":", 1)[1]))
        return
    ctx.then(task("admin_garrisons", t.side))
    if option_id == "back":
        return
    counts = _garrisons_decide(ctx, t).amounts.parse(option_id)
    for space, n in counts.items():
        if n:
            take_gsp(s, space, gsp=n)
            lose_if_bare(s, space, t.side)
            ctx.emit("garrison_removed", msg("The {side} removes {n} GSP from {space}.", side=side_t(t.side), n=n,
                                             space=space_t(space)), side=t.side, space=space, gsp=n)
    refresh_control(s)


# -- clearing markers -------------------------------------------------------------------------------
@moment("admin_markers", "interrupt", msg("The Admin Phase clears Devastation and Drought: play Ahriman to keep them?"))(
    lambda ctx, side, args: ["ahriman"] if ctx.s.devastated or ctx.s.drought else [])
def _keep_markers(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.s.turn["keep_markers"] = True
    ctx.emit("markers_kept", msg("Ahriman is in a bad mood: Devastation and Drought stay."))


@runs("admin_window")
def _admin_window(ctx: Ctx, t):
    open_window(ctx, t.side, "admin_markers")


@runs("admin_clear")
def _admin_clear(ctx: Ctx, t):
    s = ctx.s
    if not s.turn.get("keep_markers"):
        s.devastated, s.drought = [], []
    s.turn["keep_markers"] = False
    s.bad_weather, s.unusable = [], []
    for a in s.armies:
        a.fatigued = False
        t_city = s.treasuries.get(a.space)
        if a.useless and t_city is not None and t_city.owner == a.side:
            a.useless = False  # Useless ends in a treasury city, whatever its level (11.3 H)
            ctx.emit("useless_over", msg("{army} recovers in {city}.", army=army_t(a.id), city=space_t(a.space)),
                     army=a.id)
        if a.useless:
            a.fatigued = True
    for name, loc in list(s.leaders.items()):
        if loc.startswith("ill:"):
            back = loc[4:]
            unit = back.split(":", 1)[1] if ":" in back else ""
            alive = (back.startswith("army:") and s.army(unit)) or (back.startswith("fleet:") and s.fleet(unit))
            s.leaders[name] = back if alive else "hand"
    ctx.emit("markers_cleared", msg("Markers are cleared."))
    refresh_control(s)
    if s.honeymoon:
        ctx.then(task("honeymoon_over", MAC))


# -- the Honeymooners come back (card) ----------------------------------------------------------------
@decides("honeymoon_over")
def _honeymoon_decide(ctx: Ctx, t):
    """"I 4 ASP possono tornare in qualsiasi Armata macedone nella Fase Amministrativa seguente"."""
    armies = [a for a in ctx.s.armies if a.side == MAC and a.number]
    if not armies:
        return None
    return ctx.ask(MAC, msg("The newly-weds are back: which army do they join?"),
                   [opt(f"army:{a.id}", army_t(a.id)) for a in armies], "honeymoon")


@runs("honeymoon_over")
def _honeymoon_lost(ctx: Ctx, t):
    ctx.s.honeymoon = 0  # no Macedonian army left to join


@chooses("honeymoon_over")
def _honeymoon_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    army = s.army(option_id.split(":", 1)[1])
    army.asp += s.honeymoon
    ctx.emit("honeymoon_over", msg("The newly-weds rejoin {army}.", army=army_t(army.id)), army=army.id,
             asp=s.honeymoon)
    s.honeymoon = 0


# -- Alexandria (13.0) -----------------------------------------------------------------------------------
ALEXANDRIA_EGYPT = "Alexandria"


def alexandria_sites(ctx: Ctx) -> list[str]:
    s = ctx.s
    limits = ctx.limits
    if len(s.alexandrias) >= limits["alexandrias"] or gsp_free(s, MAC) < limits["alexandria_gsp"]:
        return []
    found = []
    for space, info in ctx.board.spaces.items():
        province = info.province
        if space in s.alexandrias or province is None:
            continue
        if space == ALEXANDRIA_EGYPT:
            if controls(s, MAC, province) and not _enemy_here(ctx, space):
                found.append(space)
            continue
        if info.type not in ("minor_city", "transit"):
            continue
        region = ctx.board.provinces[province].region
        if region in ("frontier", "persia") and controls(s, MAC, province) and not _enemy_here(ctx, space):
            if not (s.garrisons.get(space) and s.garrisons[space].side == MAC):
                found.append(space)
    return found


def _enemy_here(ctx: Ctx, space: str) -> bool:
    from engine.alexander.world import enemy_combat

    return enemy_combat(ctx.s, space, MAC)


@decides("alexandria")
def _alexandria_decide(ctx: Ctx, t):
    sites = alexandria_sites(ctx)
    if not sites:
        return None
    options = [opt(f"build:{sp}", space_t(sp), province_t(ctx.board.spaces[sp].province)) for sp in sites]
    options.append(opt("none", msg("Build no Alexandria")))
    return ctx.ask(MAC, msg("Build an Alexandria (it holds 2 GSP)?"), options, "alexandria")


@runs("alexandria")
def _alexandria_none(ctx: Ctx, t):
    return


@chooses("alexandria")
def _alexandria_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.world import add_gsp

    if option_id == "none":
        return
    s = ctx.s
    space = option_id.split(":", 1)[1]
    s.alexandrias.append(space)
    add_gsp(s, space, MAC, gsp=ctx.limits["alexandria_gsp"])
    refresh_control(s)
    ctx.emit("alexandria", msg("Alexander founds an Alexandria at {space}.", space=space_t(space)), space=space)
    s.last = {"kind": "alexandria", "side": MAC, "space": space, "path": [space]}


# -- Alexander's wounds and the army's weariness ----------------------------------------------------------------
@runs("wound_check")
def _wound_check(ctx: Ctx, t):
    """At 20 injury points or more, every Admin Phase: an odd die and Alexander dies (11.3 I)."""
    from engine.alexander.victory import alexander_dies

    s = ctx.s
    if s.injury < ctx.limits["ip_check"] or s.victory.winner:
        return
    roll = ctx.roll(1, MAC, msg("Alexander's wounds"))[0]
    if roll % 2:
        alexander_dies(ctx, msg("his wounds"))
    else:
        ctx.emit("survives", msg("Alexander survives his wounds."))


@runs("weariness_check")
def _weariness_check(ctx: Ctx, t):
    """In an Admin Phase from a drawn APM: dice + Weariness at 20 or more and Alexander's army
    mutinies: it loses a die of ASP, Weariness drops by 5, and a die below the number of
    treasury cities in Persian hands wins for the Persian (9.0). The dice are reconstructed
    (rules.json); the roll is made only when a mutiny is possible."""
    from engine.alexander.victory import win

    s = ctx.s
    check = board().tables["weariness_check"]
    if s.victory.winner or s.weariness + 6 * check["dice"] < check["threshold"]:
        return
    roll = sum(ctx.roll(check["dice"], MAC, msg("Weariness check")))
    if roll + s.weariness < check["threshold"]:
        ctx.emit("no_mutiny", msg("The army grumbles but follows ({roll} + {w}).", roll=roll, w=s.weariness))
        return
    ctx.emit("mutiny", msg("Alexander's army mutinies ({roll} + {w})!", roll=roll, w=s.weariness))
    army = next((a for a in s.armies if ALEXANDER in leaders_of(s, a.id)), None)
    lost = ctx.roll(1, MAC, msg("Mutiny losses"))[0]
    if army is not None:
        army.asp -= min(lost, army.asp)
        ctx.emit("mutiny_losses", msg("{army} loses {n} ASP.", army=army_t(army.id), n=lost), army=army.id, lost=lost)
        if army.asp <= 0:
            from engine.alexander.aftermath import eliminate_army
            eliminate_army(ctx, army, msg("mutiny"))
    s.weariness = max(0, s.weariness - ctx.limits["mutiny_weariness_drop"])
    held = len(treasury_cities_held(s, PER))
    verdict = ctx.roll(1, PER, msg("Persian victory roll"))[0]
    if verdict < held:
        win(ctx, PER, "mutiny")
    else:
        ctx.emit("mutiny_over", msg_n("The mutiny is put down ({roll} against {n} treasury city).",
                                            "The mutiny is put down ({roll} against {n} treasury cities).", held,
                                            roll=verdict))

