"""Land battle (11.1-11.3), up to the Battle Scores: overrun (10.5), avoiding battle, a sortie
from the city, the battle cards, the rolls with every modifier, Elite and Weariness, leader
losses, Alexander's wounds. Retreat, losses, Fatigue, Useless and flight are in aftermath.py.

`state.battle` holds the battle being fought:
space, attacker (army id), atk, dfn (sides), origin, entered_by, defenders (army ids),
garrison (the defender's garrison in the space fights), tribe, cards {side: [card ids]},
strength, asp, roll, modified, score, leaders {side: [names whose rating counts]},
winner, loser ("" on a draw), double, darius (present with the Persian).
"""

from __future__ import annotations

from engine.alexander.board import MAC, PER, battle_score, board, other
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.state import Army
from engine.alexander.words import army_t, leader_t, side_t, sourced, space_t
from engine.alexander.world import (
    ALEXANDER,
    DARIUS,
    battle_rating,
    enemy_combat,
    in_europe,
    is_transit,
    king,
    leaders_of,
    remove_garrison,
)
from engine.text import listing, msg, msg_n

__all__ = ["DARIUS", "start_battle", "try_overrun"]


def side_strength(ctx: Ctx, side: str, space: str, armies: list[str]) -> tuple[int, int]:
    """(ASP, GSP) a side brings: its fighting armies, loose ASP and GSP in the space (a tribe's
    GSP for the tribe)."""
    s = ctx.s
    asp = sum(s.army(a).asp for a in armies if s.army(a))
    gsp = 0
    g = s.garrisons.get(space)
    if g is not None and g.side == side and s.battle.get("garrison"):
        asp += g.asp
        gsp += g.gsp
    return asp, gsp


def start_battle(ctx: Ctx, *, attacker: str, space: str, origin: str, entered_by: str,
                 intercept: bool = False) -> None:
    s = ctx.s
    army = s.army(attacker)
    atk = army.side
    dfn = other(atk)
    defenders = [a.id for a in s.armies_at(space, dfn) if not a.inside]
    g = s.garrisons.get(space)
    major = ctx.board.spaces[space].major
    s.battle = {"space": space, "attacker": attacker, "atk": atk, "dfn": dfn, "origin": origin,
                "entered_by": entered_by, "defenders": defenders,
                "garrison": g is not None and g.side == dfn and not major,
                "tribe": space in s.tribes and not defenders, "cards": {MAC: [], PER: []},
                "intercept": intercept}
    ctx.emit("battle", msg("Battle at {space}: {army} attacks.", space=space_t(space), army=army_t(attacker)),
             space=space, attacker=attacker, defenders=defenders)
    s.last = {"kind": "battle", "side": atk, "space": space, "path": list(s.move.get("path", []))}
    ctx.then(task("avoid_offer", dfn), task("sortie_offer", dfn), task("battle_window", atk),
             task("battle_resolve"))


def try_overrun(ctx: Ctx, army: Army, space: str) -> bool:
    """8 to 1 against units outside a major city: they are all eliminated unless they avoid
    battle; no MP, no Elite, no Fatigue, and no battle may be chosen instead (10.5)."""
    s = ctx.s
    enemy = other(army.side)
    defenders = [a for a in s.armies_at(space, enemy) if not a.inside]
    g = s.garrisons.get(space)
    major = ctx.board.spaces[space].major
    strength = sum(a.asp for a in defenders)
    if g is not None and g.side == enemy and not major:
        strength += g.asp + g.gsp
    if space in s.tribes:
        strength += s.tribes[space].gsp
    if strength == 0 or army.asp < ctx.limits["overrun_ratio"] * strength:
        return False
    ctx.then(task("overrun", army.side, space=space, army=army.id))
    if defenders:
        s.battle = {"space": space, "attacker": army.id, "atk": army.side, "dfn": enemy, "defenders":
                    [a.id for a in defenders], "overrun": True, "cards": {MAC: [], PER: []}}
        ctx.then(task("avoid_offer", enemy))
    return True


@runs("overrun")
def _overrun(ctx: Ctx, t):
    from engine.alexander.aftermath import eliminate_army

    s = ctx.s
    space = t.args["space"]
    enemy = other(t.side)
    # Told first: what follows (an army eliminated, Alexander dead, the game won) comes of it.
    ctx.emit("overrun", msg("{army} overruns everything at {space}.", army=army_t(t.args["army"]),
                            space=space_t(space)), space=space, army=t.args["army"])
    for a in [a for a in s.armies_at(space, enemy) if not a.inside]:
        eliminate_army(ctx, a, msg("overrun"), in_battle=True)
    g = s.garrisons.get(space)
    if g is not None and g.side == enemy and not ctx.board.spaces[space].major:
        remove_garrison(s, space)
    if space in s.tribes:
        del s.tribes[space]
    s.battle = {}


# -- avoiding battle (11.3 A) ----------------------------------------------------------------
def leaders_present(ctx: Ctx, side: str, armies: list[str]) -> list[str]:
    """The side's leaders in the battle: those with its fighting armies and, from rules 2, those
    standing alone in the battle's space (11.3 A "un qualsiasi comandante amico in quello
    Spazio"; 11.3 D "due qualsiasi comandanti presenti")."""
    s = ctx.s
    names = [n for a in armies for n in leaders_of(s, a)]
    if s.rules >= 2 and s.battle.get("space"):
        here = f"space:{s.battle['space']}"
        # (from rules 4 a face-down leader lends nothing: 5.1, leaders serve the units they join)
        names += [n for n, loc in s.leaders.items() if loc == here and ctx.board.leaders[n].side == side
                  and n not in s.face_down]
    return names


def avoid_rating(ctx: Ctx, side: str, armies: list[str]) -> int:
    """The Battle Rating used to avoid: the king's if he is there (11.3 A note), else the best."""
    names = leaders_present(ctx, side, armies)
    if king(ctx.s, side) in names:
        return battle_rating(king(ctx.s, side))
    return max([battle_rating(n) for n in names] + [0])


def avoid_spaces(ctx: Ctx, space: str, side: str) -> list[str]:
    """Spaces "adiacente (direttamente collegato)" with no enemy units of any kind, and no
    transit points (11.3 A): over any link, a sea link too when the avoiding armies may go by
    sea (at most 15 ASP, 10.7)."""
    b, s = ctx.board, ctx.s
    armies = s.battle.get("defenders", []) if s.battle else []
    by_sea = sum(s.army(a).asp for a in armies if s.army(a)) <= ctx.limits["sea_asp_max"]
    found = []
    for link in b.links[space]:
        nxt = link.end(space)
        if (link.sea and not by_sea) or is_transit(s, nxt) or enemy_combat(ctx.s, nxt, side):
            continue
        if any(f.side == other(side) for f in ctx.s.fleets_at(nxt)):
            continue
        if nxt not in found:
            found.append(nxt)
    return found


@decides("avoid_offer")
def _avoid_decide(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    if not b or not b.get("defenders") or not avoid_spaces(ctx, b["space"], t.side):
        return None
    # What is at stake, before the choice: the forces, the odds of the roll, and for an overrun
    # (10.5) that staying means every army there is eliminated, its leaders with it.
    attacker, space = s.army(b["attacker"]), space_t(b["space"])
    mine = [s.army(a) for a in b["defenders"] if s.army(a)]
    armies, asp = listing([army_t(a.id) for a in mine]), sum(a.asp for a in mine)
    rating = avoid_rating(ctx, t.side, b["defenders"])
    avoid = opt("avoid", msg_n("Try to avoid: a die + {r} (rating), 6 or more: {n} chance in 6",
                               "Try to avoid: a die + {r} (rating), 6 or more: {n} chances in 6",
                               min(6, max(0, rating + 1)), r=rating))
    if b.get("overrun"):
        alexander = any(n == ALEXANDER for a in mine for n in leaders_of(s, a.id))
        prompt = msg("{army} ({asp} ASP) overruns {armies} ({mine} ASP) at {space}: 8 to 1 (10.5). If they stay, "
                     "they are all eliminated and their leaders die{among}. Try to avoid the battle?",
                     army=army_t(attacker.id), asp=attacker.asp, armies=armies, mine=asp, space=space,
                     among=msg(", Alexander among them") if alexander else "")
        return ctx.ask(t.side, prompt, [avoid, opt("stand", msg("Stay and be overrun"))], "avoid")
    prompt = msg("{army} ({asp} ASP) attacks {armies} ({mine} ASP) at {space}: try to avoid the battle?",
                 army=army_t(attacker.id), asp=attacker.asp, armies=armies, mine=asp, space=space)
    return ctx.ask(t.side, prompt, [avoid, opt("stand", msg("Stand and fight"))], "avoid")


@runs("avoid_offer")
def _avoid_none(ctx: Ctx, t):
    return


@chooses("avoid_offer")
def _avoid_choose(ctx: Ctx, t, option_id: str):
    b = ctx.s.battle
    if option_id == "stand":
        return
    rating = avoid_rating(ctx, t.side, b["defenders"])
    roll = ctx.roll(1, t.side, msg("Avoiding battle (die + {r}: 6 or more avoids)", r=rating))[0]
    if roll + rating >= 6:
        ctx.emit("avoided", msg("The {side} avoids the battle ({roll} + {r}).", side=side_t(t.side), roll=roll,
                                r=rating), side=t.side)
        ctx.then(task("avoid_move", t.side))
    else:
        ctx.emit("not_avoided", msg("The {side} fails to avoid the battle ({roll} + {r}).", side=side_t(t.side),
                                    roll=roll, r=rating), side=t.side)


@decides("avoid_move")
def _avoid_move_decide(ctx: Ctx, t):
    b = ctx.s.battle
    options = [opt(f"to:{sp}", space_t(sp)) for sp in avoid_spaces(ctx, b["space"], t.side)]
    return ctx.ask(t.side, msg("Where do your armies go?"), options, "avoid_to")


@chooses("avoid_move")
def _avoid_move_choose(ctx: Ctx, t, option_id: str):
    s, b = ctx.s, ctx.s.battle
    to = option_id.split(":", 1)[1]
    for army_id in b["defenders"]:
        army = s.army(army_id)
        army.space, army.inside = to, False
    ctx.emit("avoid_move", msg("The avoiding armies move to {space}.", space=space_t(to)), side=t.side, space=to)
    b["defenders"] = []
    if b.get("overrun"):
        return
    if not b.get("garrison") and not b.get("tribe"):
        _cancel_battle(ctx)


def _cancel_battle(ctx: Ctx) -> None:
    """Nobody is left to fight: the battle is off and the mover goes on (11.3 A)."""
    s = ctx.s
    while s.stack and s.stack[-1].kind in ("sortie_offer", "battle_window", "battle_resolve"):
        s.stack.pop()
    if s.stack and s.stack[-1].kind == "after_battle_move":
        s.stack.pop()
        ctx.then(task("move_step", s.battle["atk"]))
    s.battle = {}


# -- a sortie from the city (11.1) --------------------------------------------------------------
@decides("sortie_offer")
def _sortie_decide(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    if not b or not ctx.board.spaces[b["space"]].major or b["space"] in s.sieges:
        return None
    inside = [a for a in s.armies_at(b["space"], t.side) if a.inside]
    if not inside or not (b["defenders"] or b.get("garrison")):
        return None
    return ctx.ask(t.side, msg("Your armies inside {city} may sally out and join the battle.",
                               city=space_t(b["space"])),
                   [opt("sortie", msg("Sally out")), opt("stay", msg("Stay inside"))], "sortie")


@runs("sortie_offer")
def _sortie_none(ctx: Ctx, t):
    return


@chooses("sortie_offer")
def _sortie_choose(ctx: Ctx, t, option_id: str):
    s, b = ctx.s, ctx.s.battle
    if option_id == "sortie":
        for a in s.armies_at(b["space"], t.side):
            if a.inside:
                a.inside = False
                b["defenders"] = b["defenders"] + [a.id]
        ctx.emit("sortie", msg("The garrison of {city} sallies out.", city=space_t(b["space"])), side=t.side)


# -- the rolls ------------------------------------------------------------------------------------
def counted_leaders(ctx: Ctx, side: str, armies: list[str]) -> list[str]:
    """The two leaders whose Battle Ratings count; the king must be one of them if present (11.3 D)."""
    names = leaders_present(ctx, side, armies)
    names.sort(key=lambda n: -battle_rating(n))
    oc = king(ctx.s, side)
    if oc in names:
        rest = [n for n in names if n != oc]
        return [oc] + rest[:1]
    return names[:2]


@decides("tactical_leader")
def _tactical_decide(ctx: Ctx, t):
    """Persians Gain Tactical Advantage: the Persian picks which counted leader's rating doubles."""
    b = ctx.s.battle
    if not b or "atk" not in b:
        return None
    armies = [b["attacker"]] if t.side == b["atk"] else b["defenders"]
    counted = counted_leaders(ctx, t.side, armies)
    if len(counted) < 2:
        return None
    options = [opt(f"double:{n}", msg("{leader} (Battle Rating {n})", leader=leader_t(n), n=battle_rating(n)))
               for n in counted]
    return ctx.ask(t.side, msg("Persians Gain Tactical Advantage: whose Battle Rating is doubled?"), options,
                   "tactical_advantage")


@runs("tactical_leader")
def _tactical_one(ctx: Ctx, t):
    return  # one leader (or none) counts: his rating is the one doubled


@chooses("tactical_leader")
def _tactical_choose(ctx: Ctx, t, option_id: str):
    name = option_id.split(":", 1)[1]
    ctx.s.battle["tactical"] = name
    ctx.emit("tactical", msg("Tactical Advantage: {leader}'s Battle Rating is doubled.", leader=leader_t(name)),
             side=t.side, leader=name)


def modifiers(ctx: Ctx, side: str) -> dict[str, int]:
    """Every DRM of one side's battle roll (11.3 D, the table's list)."""
    s, b = ctx.s, ctx.s.battle
    atk = side == b["atk"]
    armies = [b["attacker"]] if atk else b["defenders"]
    enemy_armies = b["defenders"] if atk else [b["attacker"]]
    mods: dict[str, int] = {}
    counted = counted_leaders(ctx, side, armies)
    ratings = [battle_rating(n) for n in counted]
    if "tactical_advantage" in b["cards"][side] and ratings:
        # "Può raddoppiare il Valore di Battaglia di uno dei suoi comandanti": the one the
        # Persian chose (rules 2; rules 1 doubled the first counted, the king if present).
        chosen = b.get("tactical", "") if s.rules >= 2 else ""
        ratings[counted.index(chosen) if chosen in counted else 0] *= 2
    if sum(ratings):
        mods["leaders"] = sum(ratings)
    if armies and not all(s.loc_start.get(a, True) for a in armies):
        mods["no_loc"] = -1
    mine = max([s.army(a).elite for a in armies if s.army(a)] + [0])
    theirs = max([s.army(a).elite for a in enemy_armies if s.army(a)] + [0])
    if mine > theirs:
        mods["elite"] = mine - theirs
    if any(s.army(a).fatigued or s.army(a).useless for a in armies if s.army(a)):
        mods["fatigue"] = -2
    surprise = "surprise" in b["cards"][side] and "surprise" not in b["cards"][other(side)]
    if surprise:
        mods["surprise"] = 2
    if atk:
        if b["entered_by"] in ("pass", "strait"):
            mods["pass"] = -2
        if ctx.board.spaces[b["space"]].stronghold:
            mods["stronghold"] = -2
        if "terrain_advantage" in b["cards"][other(side)]:
            mods["terrain"] = -1
    b.setdefault("leaders", {})[side] = counted
    return mods


@runs("battle_resolve")
def _resolve(ctx: Ctx, t):
    s, b = ctx.s, ctx.s.battle
    if not b:
        return
    space, atk, dfn = b["space"], b["atk"], b["dfn"]
    strength, asp = {}, {}
    for side, armies in ((atk, [b["attacker"]]), (dfn, b["defenders"])):
        a, g = side_strength(ctx, side, space, armies)
        if side == dfn and b.get("tribe"):
            g += s.tribes[space].gsp
        strength[side], asp[side] = a + g, a
    b["strength"], b["asp"] = strength, asp
    b["darius"] = any(s.leaders.get(DARIUS) == f"army:{a}" for a in ([b["attacker"]] + b["defenders"]))
    b["fatigued_before"] = {side: any(s.army(a).fatigued or s.army(a).useless for a in armies if s.army(a))
                            for side, armies in ((atk, [b["attacker"]]), (dfn, b["defenders"]))}
    rolls, modified, score = {}, {}, {}
    for side in (atk, dfn):
        mods = modifiers(ctx, side)
        # A tribe's roll is made by the attacker's opponent (11.3) but is the tribe's, not that side's.
        who = s.tribes[space].name if side == dfn and b.get("tribe") and space in s.tribes else side_t(side)
        dice = ctx.roll(2, side, msg("{side} battle roll", side=who))
        rolls[side] = sum(dice)
        modified[side] = rolls[side] + sum(mods.values())
        score[side] = battle_score(modified[side], strength[side])
        ctx.emit("battle_roll", msg("{side}: roll {roll}{mods} = {total}; strength {strength} ASP and GSP: "
                                    "Battle Score {score}.",
                                    side=who, roll=rolls[side], mods=_mods_text(mods), total=modified[side],
                                    strength=strength[side], score=score[side]),
                 side=side, roll=rolls[side], mods=mods, modified=modified[side], strength=strength[side],
                 score=score[side])
    b["roll"], b["modified"], b["score"] = rolls, modified, score
    if score[atk] == score[dfn]:
        b["winner"] = b["loser"] = ""
        b["double"] = False
        ctx.emit("battle_draw", msg("The battle at {space} is a draw.", space=space_t(space)), space=space)
    else:
        winner = atk if score[atk] > score[dfn] else dfn
        loser = other(winner)
        b["winner"], b["loser"] = winner, loser
        b["double"] = score[winner] >= 2 * score[loser]
        ctx.emit("battle_won", msg("The {side} wins the battle at {space}.", side=side_t(winner), space=space_t(space)),
                 winner=winner, space=space, double=b["double"])
    _elite_and_weariness(ctx)
    ctx.then(task("leader_losses"), task("wounds"), task("retreat_start"), task("battle_losses"),
             task("battle_finish"))


# Where each modifier of a battle roll comes from (11.3 D), named beside its number.
MODIFIER_WORDS = {
    "leaders": msg("leaders"), "no_loc": msg("no line of communication"), "elite": msg("Elite"),
    "fatigue": msg("Fatigue"), "surprise": msg("Surprise"), "pass": msg("attacking through a pass"),
    "stronghold": msg("stronghold"), "terrain": msg("Terrain Advantage"),
}


def _mods_text(mods: dict[str, int]):
    """", leaders +4, Elite +1, no line of communication -1": each number with its source."""
    return sourced(mods, MODIFIER_WORDS)


def _elite_and_weariness(ctx: Ctx) -> None:
    """Elite +1 for a winner scoring double against a force above half its ASP, -1 for the
    loser (8.2); Weariness +1 for a Macedonian battle outside Europe against 10+ Persian
    strength, mostly ASP (9.0)."""
    s, b = ctx.s, ctx.s.battle
    caps = ctx.limits["elite_max"]
    winner, loser = b["winner"], b["loser"]
    armies = {b["atk"]: [b["attacker"]], b["dfn"]: b["defenders"]}
    if winner:
        for a in armies[winner]:
            army = s.army(a)
            if b["double"] and b["strength"][loser] * 2 > army.asp and army.elite < caps[winner]:
                army.elite += 1
                ctx.emit("elite", msg("{army} rises to Elite {n}.", army=army_t(a), n=army.elite), army=a, elite=army.elite)
        for a in armies[loser]:
            army = s.army(a)
            if army.elite > 0:
                army.elite -= 1
                ctx.emit("elite", msg("{army} falls to Elite {n}.", army=army_t(a), n=army.elite), army=a, elite=army.elite)
    persian = PER if b["atk"] == MAC else b["dfn"]
    if MAC in (b["atk"], b["dfn"]) and not b.get("tribe") and not in_europe(b["space"]):
        if b["strength"][persian] >= 10 and b["asp"][persian] * 2 > b["strength"][persian]:
            s.weariness += 1
            ctx.emit("weariness", msg("A great battle outside Europe: Macedonian Weariness +1 (now {n}).",
                                      n=s.weariness), weariness=s.weariness)


@runs("leader_losses")
def _leader_losses(ctx: Ctx, t):
    """A final roll of 9 (Persian) or 13 (Macedonian): each leader whose rating counted dies on a
    5-6; never Alexander or Darius (11.3 I)."""
    b = ctx.s.battle
    numbers = board().tables["battle"]["leader_loss_roll"]
    for side in (b["atk"], b["dfn"]):
        if b.get("tribe") and side == b["dfn"]:
            continue
        if b["modified"][side] != numbers[side]:
            continue
        for name in b["leaders"].get(side, []):
            if name in (ALEXANDER, DARIUS):
                continue
            roll = ctx.roll(1, side, msg("Is {leader} hit? (5 or 6: he dies)", leader=leader_t(name)))[0]
            if roll >= 5:
                kill_leader(ctx, name, msg("killed in battle"))


def kill_leader(ctx: Ctx, name: str, why) -> None:
    from engine.alexander.face_down import reveal

    s = ctx.s
    reveal(ctx, name)  # his counter leaves the map
    s.leaders[name] = "dead"
    ctx.emit("leader_dies", msg("{leader} dies: {why}.", leader=leader_t(name), why=why), leader=name)
    if name == DARIUS:
        darius_gone(ctx, "killed")


def darius_gone(ctx: Ctx, how: str) -> None:
    """Darius captured or killed: a Macedonian objective, and the Persian may crown another (5.3)."""
    s = ctx.s
    s.victory.darius = how
    s.leaders[DARIUS] = "dead"
    if s.persian_king == DARIUS:
        s.persian_king = ""
        ctx.then(task("new_king", PER))


@runs("wounds")
def _wounds(ctx: Ctx, t):
    """Alexander, if his rating counted, rolls 2d6 on his wounds table (11.3 I)."""
    from engine.alexander.board import wound_points

    b = ctx.s.battle
    if ALEXANDER not in b["leaders"].get(MAC, []):
        return
    roll = sum(ctx.roll(2, MAC, msg("Alexander's wounds")))
    points = wound_points(roll)
    if points == "danger":
        table = board().tables["wounds"]
        again = ctx.roll(1, MAC, msg("Alexander in mortal danger"))[0]
        if again >= table["danger_kill"]:
            ctx.then(task("cleitus_window", MAC, why="battle"))
            return
        points = table["danger_points"]
    wound(ctx, points)


def wound(ctx: Ctx, points: int) -> None:
    s = ctx.s
    if points:
        s.injury += points
        ctx.emit("injury", msg_n("Alexander takes {n} injury point (now {total}).",
                                     "Alexander takes {n} injury points (now {total}).", points, total=s.injury),
                 points=points, injury=s.injury)


@runs("new_king")
def _no_new_king(ctx: Ctx, t):
    return


@decides("new_king")
def _new_king_decide(ctx: Ctx, t):
    """The Persian may crown any leader in play while he holds a treasury city and Alexander is
    not the Great King (5.3)."""
    s = ctx.s
    if s.victory.great_king or not any(tr.owner == PER for tr in s.treasuries.values()):
        return None
    names = [n for n, loc in s.leaders.items() if ctx.board.leaders[n].side == PER
             and loc.split(":")[0] in ("army", "fleet", "space")]
    if not names:
        return None
    from engine.alexander.face_down import ref_t, refs

    options = [opt(f"king:{r}", ref_t(s, r)) for r in refs(s, names)] + [opt("none", msg("Crown nobody"))]
    return ctx.ask(PER, msg("Darius is gone. Who is the new Great King?"), options, "new_king")


@chooses("new_king")
def _new_king_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.world import army_one

    s = ctx.s
    from engine.alexander.face_down import resolve, reveal

    if option_id == "none":
        return
    name = resolve(s, lambda n: ctx.board.leaders[n].side == PER, option_id.split(":", 1)[1])
    reveal(ctx, name)  # crowned by name
    s.persian_king = name
    first = army_one(s, PER)
    if first is not None:
        s.leaders[name] = f"army:{first.id}"
    ctx.emit("new_king", msg("{leader} is the new Great King.", leader=leader_t(name)), leader=name)

