"""The Activity Segment (C/3): the one thing a side does with its round (3.3), and the Siege
Assault segment after it (C/4) lives in siege.py."""

from __future__ import annotations

from engine.alexander.board import MAC, PER
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.loc import has_loc
from engine.alexander.words import army_t, fleet_t, side_t, space_t
from engine.alexander.world import army_one, king, leader_space, someone_inside, supremacy_broken
from engine.text import msg


def movable_armies(ctx: Ctx, side: str) -> list[str]:
    """Armies that may act: only Army #1 while another is larger (5.2); none shut in a
    besieged city unless a friendly fleet there lets them slip out by sea (11.4)."""
    s = ctx.s
    first = army_one(s, side)
    found = []
    for a in s.armies:
        if a.side != side or a.id in s.turn.get("moved", []):
            continue
        if supremacy_broken(s, side) and first is not None and a.id != first.id:
            continue
        found.append(a.id)
    return found


def movable_fleets(ctx: Ctx, side: str) -> list[str]:
    s = ctx.s
    reach = None
    found = []
    for f in s.fleets:
        if f.side != side or ("fleet:" + f.name) in s.turn.get("moved", []):
            continue
        if reach is None:
            from engine.alexander.loc import supplied
            reach = supplied(s, side)
        if f.space in reach:  # fleets need a LOC to move (10.7)
            found.append(f.name)
    return found


def reorganize_spaces(ctx: Ctx, side: str) -> list[str]:
    """Spaces where two armies, or an army and loose ASP, began the round together (10.4)."""
    s = ctx.s
    found = []
    for space in sorted({a.space for a in s.armies if a.side == side}):
        armies = s.armies_at(space, side)
        g = s.garrisons.get(space)
        loose = g is not None and g.side == side and g.asp > 0
        if len(armies) >= 2 or (armies and loose) or (len(armies) == 1 and loose):
            found.append(space)
    return found


@decides("activity")
def _activity_decide(ctx: Ctx, t):
    s, side = ctx.s, t.side
    if s.turn.get("cancelled"):
        return None
    options = []
    campaign = s.turn.get("campaign", 0)
    moved = s.turn.get("moved", [])
    if moved and not campaign:
        return None
    for army_id in movable_armies(ctx, side):
        army = s.army(army_id)
        group = msg("Move an army")
        options.append(opt(f"move:{army_id}", msg("Move {army} from {space}", army=army_t(army_id),
                                                    space=space_t(army.space)), group))
        if not moved and not army.inside:
            options.append(opt(f"devastate:{army_id}", msg("Move {army} and devastate", army=army_t(army_id)),
                               msg("Move and devastate")))
    fleets = movable_fleets(ctx, side)
    for name in fleets:
        options.append(opt(f"fleet:{name}", msg("Move the {fleet} from {space}", fleet=fleet_t(name),
                                                space=space_t(s.fleet(name).space)), msg("Move a fleet")))
    for space in sorted({s.fleet(n).space for n in fleets}):
        together = [n for n in fleets if s.fleet(n).space == space]
        if len(together) > 1:
            options.append(opt(f"fleets:{space}", msg("Move the fleets at {space} together", space=space_t(space)),
                               msg("Move a fleet")))
    if moved:
        options.append(opt("done", msg("End the campaign")))
        return ctx.ask(side, msg("Major Campaign: move another unit, or end."), options, "activity")
    if _leaders_can_move(ctx, side):
        options.append(opt("leaders", msg("Move leaders")))
    if side == PER and s.royal_family.holder == PER and s.royal_family.where.startswith("space:"):
        options.append(opt("family", msg("Move the Royal Family")))
    options.append(opt("recruit", msg("Recruit ASP and NSP, or draw a leader")))
    for space in reorganize_spaces(ctx, side):
        options.append(opt(f"reorganize:{space}", msg("Reorganize at {space}", space=space_t(space)),
                           msg("Reorganize")))
    if s.admin_declared_round != s.round - 1:
        options.append(opt("admin", msg("Declare an Admin Phase")))
    if side == MAC and s.victory.great_king and not s.victory.proskynesis:
        options.append(opt("proskynesis", msg("Proclaim the Proskynesis (no move, fight or recruit)")))
    if side == MAC and _may_marry(ctx):
        options.append(opt("marry", msg("Marry a Persian princess")))
    for city in s.sieges:
        if someone_inside(s, city) == side:
            options.append(opt(f"capitulate:{city}", msg("Offer the capitulation of {city}", city=space_t(city)),
                               msg("Offer a capitulation")))
    options.append(opt("pass", msg("Do nothing")))
    return ctx.ask(side, msg("Your activity this round:"), options, "activity")


@runs("activity")
def _activity_called_off(ctx: Ctx, t):
    return  # Command Indecision called the Activation Phase off (a campaign's next unit too)


def _leaders_can_move(ctx: Ctx, side: str) -> bool:
    s = ctx.s
    oc = king(s, side)
    for name, loc in s.leaders.items():
        info = ctx.board.leaders[name]
        if info.side != side or loc in ("cup", "dead", "out") or loc.startswith("ill:"):
            continue
        if name == oc and army_one(s, side) is not None and leader_space(s, name) and \
                loc == f"army:{army_one(s, side).id}":
            continue  # the king stays in command of Army #1 (5.2)
        return True
    return False


def _may_marry(ctx: Ctx) -> bool:
    fam = ctx.s.royal_family
    return fam.holder == MAC and not ctx.s.victory.married and fam.captured_round < ctx.s.round


@chooses("activity")
def _activity_choose(ctx: Ctx, t, option_id: str):
    s, side = ctx.s, t.side
    head, _, arg = option_id.partition(":")
    if head in ("move", "devastate", "fleet", "fleets"):
        companions: list[str] = []
        if head == "fleets":  # fleets that begin in one space may move together (10.7)
            names = [n for n in movable_fleets(ctx, side) if s.fleet(n).space == arg]
            unit, companions = "fleet:" + names[0], names[1:]
        else:
            unit = arg if head != "fleet" else "fleet:" + arg
        s.turn["moved"] = s.turn.get("moved", []) + [unit] + ["fleet:" + n for n in companions]
        if s.turn.get("campaign"):
            ctx.then(task("activity", side))  # the second unit of a Major Campaign may follow
        ctx.then(task("indecision_window", ctx.enemy(side), unit=unit),
                 task("move_declare", side, unit=unit, devastate=head == "devastate", companions=companions))
        return
    if head == "done":
        return
    if head == "marry":
        s.victory.married = True
        ctx.emit("objective", msg("Alexander marries a Persian princess."), objective="married")
        ctx.then(task("activity", side))
        return
    s.turn["activity"] = head
    if head == "pass":
        ctx.emit("activity", msg("The {side} does nothing this round.", side=side_t(side)), side=side)
    elif head == "admin":
        s.admin_declared_round = s.round
        ctx.emit("activity", msg("The {side} declares an Admin Phase.", side=side_t(side)), side=side)
        ctx.then(task("admin_phase", drawn=False))
    elif head == "proskynesis":
        s.victory.proskynesis = s.victory.proskynesis_by_action = True
        s.weariness += 1
        if "proskynesis" in s.deck or "proskynesis" in s.discard:
            for pile in (s.deck, s.discard):
                if "proskynesis" in pile:
                    pile.remove("proskynesis")
            s.removed.append("proskynesis")
        ctx.emit("objective", msg("Alexander makes the Proskynesis compulsory: +1 Weariness."),
                 objective="proskynesis", weariness=s.weariness)
    elif head == "leaders":
        ctx.then(task("leader_move", side))
    elif head == "family":
        ctx.then(task("family_move", side))
    elif head == "recruit":
        ctx.then(task("recruit", side))
    elif head == "reorganize":
        ctx.then(task("reorganize", side, space=arg))
    elif head == "capitulate":
        ctx.then(task("capitulation_offer", side, city=arg))


@runs("keep_sieges")
def _keep_sieges(ctx: Ctx, t):
    """A besieger keeps its siege only with a LOC in its Player Phase and 10 ASP (11.4)."""
    from engine.alexander.siege import lift_siege

    s = ctx.s
    for city, siege in list(s.sieges.items()):
        army = s.army(siege.army)
        if army is None or army.side != t.side:
            continue
        if not has_loc(s, army.side, army.space):
            lift_siege(ctx, city, msg("the besiegers have no LOC"))
