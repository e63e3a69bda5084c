"""Cards about people and hands (15.0): Assassin (with Bodyguards, Ahriman, Black Cleitus and
Conspiracy Revealed), Illness and Injury (with Ahura Mazda), Bagoas, Spies, Ahriman, Ahura
Mazda, Drunken Binge, Goes Native, Mass Marriage, Proskynesis, Satrap Insubordination."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, board, other
from engine.alexander.cards import card, discard_cards, hand_limit_check, holds, spend
from engine.alexander.cards_events import ask_target, targeted
from engine.alexander.face_down import ref_t, refs, resolve, reveal
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.leaders import draw_leader, place_alone
from engine.alexander.provinces import try_revolt
from engine.alexander.treasury import reduce_treasury
from engine.alexander.windows import moment, open_window
from engine.alexander.words import card_t, leader_t, province_t, side_t, space_t
from engine.alexander.world import (
    ALEXANDER,
    DARIUS,
    army_one,
    leaders_of,
    lose_if_bare,
    refresh_control,
    remove_garrison,
    token_space,
)
from engine.core import random_below
from engine.text import listing, msg

DIADES = "Diades"


def leaders_in_play(ctx: Ctx, side: str) -> list[str]:
    return [n for n, loc in ctx.s.leaders.items() if ctx.board.leaders[n].side == side
            and loc.split(":")[0] in ("army", "fleet", "space")]


# -- Assassin -------------------------------------------------------------------------------------
def assassin_targets(ctx: Ctx, side: str) -> list[str]:
    enemy = other(side)
    found = leaders_in_play(ctx, enemy)
    if DARIUS in found and (side == MAC and not holds(ctx, side, "bagoas")):
        found.remove(DARIUS)  # the Macedonian needs Bagoas to reach Darius (card)
    if enemy == MAC and "diades" in ctx.s.in_play:
        found.append(DIADES)
    return found


@card("assassin", c1=lambda ctx, side: bool(assassin_targets(ctx, side)))
def _assassin(ctx: Ctx, side: str) -> None:
    names = assassin_targets(ctx, side)
    ask_target(ctx, side, "assassin", [f"leader:{r}" for r in refs(ctx.s, [n for n in names if n != DIADES])]
               + [f"diades:{n}" for n in names if n == DIADES])


@targeted("assassin")
def _assassin_at(ctx: Ctx, side: str, name: str) -> None:
    s = ctx.s
    # A face-down leader named as the target (5.1) may prove to be Darius in a world the bot's
    # search draws (the target's options were fixed before): no Bagoas to spend then.
    if name == DARIUS and side == MAC and holds(ctx, side, "bagoas"):
        spend(ctx, side, "bagoas")
        ctx.emit("card", msg("{side} plays {card}.", side=side_t(side), card=card_t("bagoas")), side=side, card="bagoas")
        bagoas_after(ctx, side)
    ctx.emit("assassin", msg("An assassin goes after {leader}.", leader=leader_t(name) if name != DIADES
                             else card_t("diades")), target=name)
    s.turn["assassin_cancelled"] = False
    ctx.then(task("assassin_roll", side, target=name))
    open_window(ctx, other(side), "assassin", target=name)


def _target_t(name: str):
    return card_t("diades") if name == DIADES else leader_t(name)


def _assassin_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    target = args["target"]
    found = ["ahriman"]
    if target in (ALEXANDER, DARIUS):
        found.append("bodyguards")
    if side == MAC and target == ALEXANDER and not ctx.s.cleitus_dead:
        found.append("black_cleitus")
    return found


@moment("assassin", "defence", lambda ctx, side, args: msg("An assassin is after {leader}: play a card to stop him?",
                                                           leader=_target_t(args["target"])))(_assassin_cards)
def _assassin_stop(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.s.turn["assassin_cancelled"] = True
    ctx.emit("assassin_stopped", msg("The assassin is stopped."))
    if card_id == "bodyguards" and args["target"] == ALEXANDER:
        open_window(ctx, PER, "conspiracy_follow")


@runs("assassin_roll")
def _assassin_roll(ctx: Ctx, t):
    from engine.alexander.battle import kill_leader, wound

    s = ctx.s
    if s.turn.pop("assassin_cancelled", False):
        return
    name = t.args["target"]
    roll = ctx.roll(1, t.side, msg("Assassination"))[0]
    if roll > 3:
        ctx.emit("assassin_fails", msg("The assassin fails."))
        return
    if name == ALEXANDER:
        points = ctx.roll(1, t.side, msg("Alexander's wound"))[0]
        ctx.emit("assassin_wounds", msg("Alexander is struck but lives."))
        wound(ctx, points)
    elif name == DIADES:
        s.in_play.remove("diades")
        s.discard.append("diades")
        ctx.emit("diades_dies", msg("Diades of Thessaly is murdered."))
    else:
        kill_leader(ctx, name, msg("assassinated"))


# -- Conspiracy Revealed ----------------------------------------------------------------------------------
@card("conspiracy", c1=lambda ctx, side: side == PER)
def _conspiracy(ctx: Ctx, side: str) -> None:
    ctx.then(task("conspiracy", MAC))


@moment("conspiracy_follow", "interrupt", msg("You may follow up with Conspiracy Revealed."))(
    lambda ctx, side, args: ["conspiracy"])
def _conspiracy_follow(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.then(task("conspiracy", MAC))


@decides("conspiracy")
def _conspiracy_decide(ctx: Ctx, t):
    options = [opt("weary", msg("The conspiracy fails: +1 Weariness"))]
    s = ctx.s
    options += [opt(f"execute:{r}", msg("Execute {leader} and draw a replacement", leader=ref_t(s, r)))
                for r in refs(s, [n for n in leaders_in_play(ctx, MAC) if n != ALEXANDER])]
    return ctx.ask(MAC, msg("Conspiracy Revealed: choose."), options, "conspiracy")


@chooses("conspiracy")
def _conspiracy_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "weary":
        s.weariness += 1
        ctx.emit("weariness", msg("Macedonian Weariness +1 (now {n}).", n=s.weariness), weariness=s.weariness)
        return
    name = resolve(s, lambda n: ctx.board.leaders[n].side == MAC, option_id.split(":", 1)[1])
    reveal(ctx, name)  # executed by name
    where = s.leaders[name]
    s.leaders[name] = "dead"
    ctx.emit("leader_dies", msg("{leader} is executed.", leader=leader_t(name)), leader=name)
    new = draw_leader(ctx, MAC)
    if new is None:
        return
    if where.startswith("space:"):  # alone on a space, the replacement stays face down (5.1)
        place_alone(ctx, MAC, new, where[6:])
        return
    s.leaders[new] = where
    ctx.emit("leader_placed", msg("{leader} takes the place.", leader=leader_t(new)), leader=new, where=where)


# -- Illness and Injury ----------------------------------------------------------------------------------
def illness_targets(ctx: Ctx, side: str) -> list[str]:
    found = [n for n in leaders_in_play(ctx, other(side)) if n not in (ALEXANDER, DARIUS)]
    if side == PER and ctx.s.leaders.get(ALEXANDER, "").startswith("army:"):
        found.insert(0, ALEXANDER)
    return found


@card("illness", c1=lambda ctx, side: bool(illness_targets(ctx, side)))
def _illness(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "illness", [f"leader:{r}" for r in refs(ctx.s, illness_targets(ctx, side))])


@targeted("illness")
def _illness_at(ctx: Ctx, side: str, name: str) -> None:
    from engine.alexander.battle import wound

    if name == ALEXANDER:
        wound(ctx, 1)
        return
    ctx.s.turn["illness_saved"] = False
    ctx.then(task("illness_roll", side, target=name))
    open_window(ctx, other(side), "illness", target=name)


@moment("illness", "defence", lambda ctx, side, args: msg("Illness strikes {leader}: play Ahura Mazda to save him?",
                                                          leader=_target_t(args["target"])))(
    lambda ctx, side, args: ["ahura_mazda"])
def _illness_save(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.s.turn["illness_saved"] = True


@runs("illness_roll")
def _illness_roll(ctx: Ctx, t):
    from engine.alexander.battle import kill_leader

    s = ctx.s
    name = t.args["target"]
    saved = s.turn.pop("illness_saved", False)
    roll = ctx.roll(1, t.side, msg("Illness of {leader}", leader=leader_t(name)))[0]
    if roll % 2 and not saved:
        kill_leader(ctx, name, msg("illness"))
        return
    s.leaders[name] = "ill:" + s.leaders[name]
    ctx.emit("ill", msg("{leader} is out of action until the next Admin Phase.", leader=leader_t(name)), leader=name)


# -- Bagoas -------------------------------------------------------------------------------------------------
def bagoas_after(ctx: Ctx, side: str) -> None:
    """After any use: a 6 and Bagoas dies (out of the game); otherwise the Macedonian may keep
    him by discarding another card at once (card)."""
    s = ctx.s
    roll = ctx.roll(1, side, msg("Does Bagoas survive?"))[0]
    if roll == 6:
        for pile in (s.discard, s.in_play):
            if "bagoas" in pile:
                pile.remove("bagoas")
        s.removed.append("bagoas")
        ctx.emit("bagoas_dies", msg("Bagoas dies."))
    elif side == MAC and "bagoas" in s.discard:
        ctx.then(task("bagoas_keep", MAC))


@decides("bagoas_keep")
def _keep_decide(ctx: Ctx, t):
    options = [opt(f"swap:{c}", msg("Keep Bagoas, discard {card}", card=card_t(c)))
               for c in dict.fromkeys(ctx.s.hands[MAC])]
    options.append(opt("let", msg("Let Bagoas go to the discards")))
    return ctx.ask(MAC, msg("Keep Bagoas in hand by discarding another card?"), options, "bagoas", private=True,
                   public_prompt=msg("The Macedonian decides about Bagoas."))


@chooses("bagoas_keep")
def _keep_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "let":
        return
    discard_cards(ctx, MAC, [option_id.split(":", 1)[1]])
    s.discard.remove("bagoas")
    s.hands[MAC].append("bagoas")
    ctx.emit("bagoas_kept", msg("The Macedonian keeps Bagoas."))


@moment("satrap_cancel", "defence", msg("Satrap Insubordination against you: play Bagoas to cancel it?"))(
    lambda ctx, side, args: ["bagoas"])
def _satrap_cancel(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.s.turn["satrap_cancelled"] = True
    ctx.emit("satrap_cancelled", msg("Bagoas smooths things over: the satraps obey."))
    bagoas_after(ctx, side)


# -- hands: Spies, Ahriman, Ahura Mazda ------------------------------------------------------------------
@card("spies", c1=lambda ctx, side: bool(ctx.s.hands[other(side)]))
def _spies(ctx: Ctx, side: str) -> None:
    ctx.then(task("spies", side))


@decides("spies")
def _spies_decide(ctx: Ctx, t):
    return ctx.ask(t.side, msg("Spies: what do they do?"),
                   [opt("look", msg("Look at the other hand")), opt("take", msg("Take a card at random"))], "spies")


@chooses("spies")
def _spies_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    enemy = other(t.side)
    hand = s.hands[enemy]
    if option_id == "look":
        ctx.emit("spies_look", msg("The {side} spies look at the other hand.", side=side_t(t.side)), side=t.side)
        ctx.emit_private(t.side, "spied", msg("The other hand: {cards}.", cards=listing([card_t(c) for c in hand])),
                         cards=list(hand))
        return
    taken = hand.pop(random_below(s, len(hand)))
    s.hands[t.side].append(taken)
    ctx.emit("spies_take", msg("The {side} spies steal a card.", side=side_t(t.side)), side=t.side)
    ctx.emit_private(t.side, "stolen", msg("You took {card}.", card=card_t(taken)), card=taken)
    ctx.emit_private(enemy, "stolen", msg("Spies took your {card}.", card=card_t(taken)), card=taken)
    hand_limit_check(ctx, t.side)


@card("ahriman", c1=lambda ctx, side: bool(ctx.s.hands[other(side)]))
def _ahriman(ctx: Ctx, side: str) -> None:
    """The other side discards a card picked at random (the discards are face up)."""
    s = ctx.s
    enemy = other(side)
    hand = s.hands[enemy]
    lost = hand.pop(random_below(s, len(hand)))
    s.discard.append(lost)
    ctx.emit("discard", msg("Ahriman is in a bad mood: the {side} loses {card}.", side=side_t(enemy),
                            card=card_t(lost)), side=enemy, card=lost)


@card("ahura_mazda", c1=lambda ctx, side: side == PER)
def _ahura(ctx: Ctx, side: str) -> None:
    ctx.then(task("ahura", side))


@decides("ahura")
def _ahura_decide(ctx: Ctx, t):
    options = []
    if ctx.s.discard:
        options += [opt(f"take:{c}", msg("Take {card} from the discards", card=card_t(c)))
                    for c in dict.fromkeys(ctx.s.discard)]
    options.append(opt("weather", msg("Ignore Bad Weather this round")))
    return ctx.ask(t.side, msg("Ahura Mazda smiles: choose."), options, "ahura")


@chooses("ahura")
def _ahura_choose(ctx: Ctx, t, option_id: str):
    s = ctx.s
    if option_id == "weather":
        s.turn["fair_weather"] = t.side
        ctx.emit("fair_weather", msg("The skies clear for the Persian this round."))
        if s.turn.get("card") == "ahura_mazda":
            # Played for its PAT use, the card does not take the segment's one play (15.0).
            s.turn["card"] = ""
            ctx.then(task("cards", t.side))
        return
    c = option_id.split(":", 1)[1]
    s.discard.remove(c)
    s.hands[t.side].append(c)
    ctx.emit("take_discard", msg("The {side} takes {card} from the discards.", side=side_t(t.side), card=card_t(c)),
             side=t.side, card=c)
    hand_limit_check(ctx, t.side)


# -- the Great King's cards -----------------------------------------------------------------------------
def great_king(ctx: Ctx, side: str) -> bool:
    return ctx.s.victory.great_king


@card("drunken_binge", c1=great_king)
def _binge(ctx: Ctx, side: str) -> None:
    from engine.alexander.battle import wound

    s = ctx.s
    if side == MAC:
        s.weariness = max(0, s.weariness - 1)
        ctx.emit("weariness", msg("A night of feasting: Macedonian Weariness -1 (now {n}).", n=s.weariness),
                 weariness=s.weariness)
        return
    wound(ctx, 1)
    roll = ctx.roll(1, side, msg("Does Alexander kill Cleitus?"))[0]
    if roll % 2:
        s.cleitus_dead = True
        ctx.emit("cleitus_dies", msg("In a drunken rage Alexander kills Black Cleitus."))


@card("goes_native", c1=great_king)
def _native(ctx: Ctx, side: str) -> None:
    s = ctx.s
    s.weariness += 1
    ctx.emit("weariness", msg("Alexander goes native: Macedonian Weariness +1 (now {n}).", n=s.weariness),
             weariness=s.weariness)
    open_window(ctx, PER, "satrap_follow")


@card("mass_marriage", c1=lambda ctx, side: side == PER and ctx.s.royal_family.holder == MAC)
def _mass_marriage(ctx: Ctx, side: str) -> None:
    s = ctx.s
    s.weariness += 1
    s.victory.married = True
    ctx.emit("objective", msg("Mass marriage at Susa: Alexander weds Stateira; Weariness +1 (now {n}).",
                              n=s.weariness), objective="married", weariness=s.weariness)


@card("proskynesis", c1=lambda ctx, side: side == MAC and ctx.s.victory.great_king and not ctx.s.victory.proskynesis)
def _proskynesis(ctx: Ctx, side: str) -> None:
    ctx.s.victory.proskynesis = True
    ctx.emit("objective", msg("Alexander's court bows down: the Proskynesis."), objective="proskynesis")
    open_window(ctx, PER, "proskynesis_follow")


@moment("satrap_follow", "interrupt", msg("You may follow up with Satrap Insubordination."))(
    lambda ctx, side, args: ["satrap"])
def _satrap_follow(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    _satrap(ctx, side)


@moment("proskynesis_follow", "interrupt",
        msg("You may follow up with Satrap Insubordination or Conspiracy Revealed."))(
    lambda ctx, side, args: ["satrap", "conspiracy"])
def _proskynesis_follow(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    if card_id == "satrap":
        _satrap(ctx, side)
    else:
        ctx.then(task("conspiracy", MAC))


# -- Satrap Insubordination -----------------------------------------------------------------------------------
EAST = ("Babylonia", "Mesopotamia", "Media", "Matiene", "Susiana", "Persis", "Hyrcania", "Parthia")


def satrap_options(ctx: Ctx, side: str) -> list:
    s = ctx.s
    options = []
    for city in s.treasuries:
        if city not in ("Pella", "Susa") and city not in s.unusable:
            options.append(opt(f"unusable:{city}", msg("Make {city} unusable until the Admin Phase", city=space_t(city)),
                               msg("An unusable treasury")))
    if side == PER and s.victory.great_king and _eastern_garrisons(ctx):
        options.append(opt("east", msg("Dissent in the eastern satrapies")))
    if side == PER:
        for city, t in s.treasuries.items():
            g = s.garrisons.get(city)
            if t.owner == MAC and city != "Pella" and g is not None and g.side == MAC:
                options.append(opt(f"harpalus:{city}", msg("The Harpalus affair at {city}", city=space_t(city)),
                                   msg("The Harpalus affair")))
    if side == MAC and _bad_blood_armies(ctx):
        options.append(opt("bad_blood", msg("Bad blood in the Persian army")))
    return options


def _eastern_garrisons(ctx: Ctx) -> list[str]:
    s = ctx.s
    return [sp for sp, g in s.garrisons.items() if g.side == MAC and g.gsp and board().spaces[sp].province in EAST]


def _bad_blood_armies(ctx: Ctx) -> list[str]:
    s = ctx.s
    found = []
    for a in s.armies:
        kinds = {ctx.board.leaders[n].persian for n in leaders_of(s, a.id)}
        if a.side == PER and kinds == {True, False}:
            found.append(a.id)
    return found


@card("satrap", c1=lambda ctx, side: bool(satrap_options(ctx, side)))
def _satrap(ctx: Ctx, side: str) -> None:
    ctx.then(task("satrap", side))


@decides("satrap")
def _satrap_decide(ctx: Ctx, t):
    options = satrap_options(ctx, t.side)
    if not options:
        return None
    return ctx.ask(t.side, msg("Satrap Insubordination: choose."), options, "satrap")


@runs("satrap")
def _satrap_none(ctx: Ctx, t):
    ctx.emit("no_target", msg("{card} has no target.", card=card_t("satrap")))


@chooses("satrap")
def _satrap_choose(ctx: Ctx, t, option_id: str):
    ctx.s.turn["satrap_cancelled"] = False
    ctx.then(task("satrap_effect", t.side, choice=option_id))
    open_window(ctx, other(t.side), "satrap_cancel")


@runs("satrap_effect")
def _satrap_effect(ctx: Ctx, t):
    s = ctx.s
    if s.turn.pop("satrap_cancelled", False):
        return
    head, _, arg = t.args["choice"].partition(":")
    if head == "unusable":
        s.unusable.append(arg)
        ctx.emit("unusable", msg("{city} cannot be used until the next Admin Phase.", city=space_t(arg)), treasury=arg)
        owner = s.treasuries[arg].owner
        darius_at = token_space(s, s.leaders.get(DARIUS, "").replace("army:", "army:"))
        if owner == PER and darius_at == arg and s.royal_treasury.owner == PER \
                and s.treasuries[arg].level != "empty":
            s.royal_treasury = s.royal_treasury.model_copy(update={"level": "full"})
            ctx.emit("treasury", msg("Darius carries the talents of {city} into the Royal Treasury.",
                                     city=space_t(arg)), treasury="royal", level="full")
    elif head == "east":
        # "Tirate un dado per ogni provincia tra queste che contiene una guarnigione macedone".
        army = army_one(s, MAC)
        spaces = _eastern_garrisons(ctx)
        for province in dict.fromkeys(board().spaces[sp].province for sp in spaces):
            roll = ctx.roll(1, t.side, msg("Dissent in {province}", province=province_t(province)))[0]
            if roll > 5:
                continue
            for space in [sp for sp in spaces if board().spaces[sp].province == province]:
                g = remove_garrison(s, space)
                lose_if_bare(s, space, MAC)
                if army is not None and s.rules >= 2:
                    from engine.alexander.recruit import join

                    join(army, g.gsp, 0)  # new ASP, as recruits: 8.1 combines their Elite (0)
                elif army is not None:
                    army.asp += g.gsp
                ctx.emit("dissent", msg("The garrison of {space} marches off to join Alexander.",
                                        space=space_t(space)), space=space, gsp=g.gsp)
        refresh_control(s)
    elif head == "harpalus":
        g = remove_garrison(s, arg)
        lose_if_bare(s, arg, MAC)
        reduce_treasury(ctx, arg, msg("Harpalus"), to_empty=True)
        ctx.emit("harpalus", msg("Harpalus flees with the treasure of {city}.", city=space_t(arg)), city=arg, gsp=g.gsp)
        refresh_control(s)
        try_revolt(ctx, t.side, "Greece", msg("Harpalus"))
    elif head == "bad_blood":
        for army_id in _bad_blood_armies(ctx):
            names = leaders_of(s, army_id)
            rolls = {n: ctx.roll(1, t.side, msg("{leader}", leader=leader_t(n)))[0] for n in names}
            top = max(rolls.values())
            gone = next(n for n in names if rolls[n] == top)
            s.leaders[gone] = "cup"
            ctx.emit("bad_blood", msg("{leader} leaves the army in a quarrel.", leader=leader_t(gone)), leader=gone)


# -- windows only: Bodyguards, Black Cleitus ---------------------------------------------------------------
@card("bodyguards")
def _bodyguards(ctx: Ctx, side: str) -> None:
    return


@card("black_cleitus")
def _cleitus(ctx: Ctx, side: str) -> None:
    return


for _window_only in ("attrition", "command_indecision", "storms", "surprise", "terrain_advantage", "tactical_advantage",
                     "determined_troops", "treachery", "bagoas"):
    card(_window_only)(lambda ctx, side: None)
