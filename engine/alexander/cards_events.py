"""Cards that act on places, treasuries, fleets and armies (15.0): Revolt, Drought, Bad
Weather, Embezzlement, Greek Fleet, Rhodes, Major Campaign, Agis III, Oligarchic
Counter-Revolution, Training, Diades, Honeymooners, Peucestas, Fortunes of War."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, board, other
from engine.alexander.cards import card, holds, reshuffle, spend
from engine.alexander.flow import Ctx, chooses, decides, opt, task
from engine.alexander.provinces import revolt_value, start_revolt, try_revolt
from engine.alexander.state import Army, Fleet
from engine.alexander.treasury import reduce_treasury
from engine.alexander.words import army_t, card_t, province_t, side_t, space_t
from engine.alexander.world import (
    ALEXANDER,
    add_gsp,
    army_one,
    controls,
    gsp_free,
    leaders_of,
    present,
    refresh_control,
    remove_garrison,
    someone_inside,
)
from engine.text import msg, msg_n


def province_options(provinces):
    return [opt(f"province:{p}", province_t(p)) for p in provinces]


@decides("card_target")
def _target_decide(ctx: Ctx, t):
    """A played card's target, from the options its card worked out."""
    options = [opt(o[0], _label(ctx, o)) for o in t.args["options"]]
    return ctx.ask(t.side, _prompt(t.args["card"]), options, "card_target")


def _label(ctx: Ctx, o: list):
    from engine.alexander.face_down import ref_t

    kind, _, name = o[0].partition(":")
    words = {"province": province_t, "space": space_t, "city": space_t, "army": army_t,
             "leader": lambda n: ref_t(ctx.s, n), "diades": lambda _: card_t("diades")}
    return words[kind](name)


def _prompt(card_id: str):
    """The target's prompt says what the card does (it was played openly). A text that names
    other cards (Assassin: "unless Bagoas ...") is left out: a public text never names a card
    that someone may be holding, so that no reader wonders, and the leak checks stay exact."""
    from engine.alexander.card_texts import CARD_TEXTS

    effect = CARD_TEXTS[card_id]
    others = [c.name for i, c in board().cards.items() if i != card_id and c.name != board().cards[card_id].name]
    if any(name in str(effect) for name in others):
        return msg("{card}: choose the target.", card=card_t(card_id))
    return msg("{card}: choose the target. ({effect})", card=card_t(card_id), effect=effect)


@chooses("card_target")
def _target_choose(ctx: Ctx, t, option_id: str):
    from engine.alexander.face_down import resolve, reveal

    kind, _, target = option_id.partition(":")
    if kind == "leader" and target.startswith("?"):  # a face-down leader: the card names him (5.1)
        target = resolve(ctx.s, lambda n: ctx.board.leaders[n].side != t.side, target)
        reveal(ctx, target)
    TARGETED[t.args["card"]](ctx, t.side, target)


TARGETED: dict = {}


def ask_target(ctx: Ctx, side: str, card_id: str, options: list[tuple[str, str]] | list[str]):
    rows = [[o] if isinstance(o, str) else list(o) for o in options]
    if not rows:
        ctx.emit("no_target", msg("{card} has no target.", card=card_t(card_id)))
        return
    ctx.then(task("card_target", side, card=card_id, options=rows))


def targeted(card_id: str):
    def register(fn):
        TARGETED[card_id] = fn
        return fn
    return register


# -- Revolt, Drought, Bad Weather -------------------------------------------------------------------
def revolt_targets(ctx: Ctx) -> list[str]:
    return [p for p in board().provinces if revolt_value(p) and p not in ctx.s.revolt]


@card("revolt", c1=lambda ctx, side: bool(revolt_targets(ctx)))
def _revolt(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "revolt", [f"province:{p}" for p in revolt_targets(ctx)])


@targeted("revolt")
def _revolt_at(ctx: Ctx, side: str, province: str) -> None:
    try_revolt(ctx, side, province, card_t("revolt"))


@card("drought", c1=lambda ctx, side: True)
def _drought(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "drought", [f"province:{p}" for p in board().provinces if p not in ctx.s.drought])


@targeted("drought")
def _drought_at(ctx: Ctx, side: str, province: str) -> None:
    ctx.s.drought.append(province)
    ctx.emit("drought", msg("Drought in {province}.", province=province_t(province)), province=province)


@card("bad_weather", c1=lambda ctx, side: True)
def _weather(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "bad_weather", [f"province:{p}" for p in board().provinces if p not in ctx.s.bad_weather])


@targeted("bad_weather")
def _weather_at(ctx: Ctx, side: str, province: str) -> None:
    ctx.s.bad_weather.append(province)
    ctx.emit("bad_weather", msg("Bad Weather in {province}.", province=province_t(province)), province=province)


# -- treasuries ---------------------------------------------------------------------------------------
def embezzle_targets(ctx: Ctx, side: str) -> list[str]:
    return [c for c, t in ctx.s.treasuries.items() if t.owner == other(side) and t.level != "empty"
            and c not in ("Pella", "Memphis")]


@card("embezzlement", c1=lambda ctx, side: bool(embezzle_targets(ctx, side)))
def _embezzle(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "embezzlement", [f"city:{c}" for c in embezzle_targets(ctx, side)])


@targeted("embezzlement")
def _embezzle_at(ctx: Ctx, side: str, city: str) -> None:
    reduce_treasury(ctx, city, card_t("embezzlement"))


# -- fleets ---------------------------------------------------------------------------------------------
GREEK, ATHENS = "Greek", "Athens"


@card("greek_fleet", c1=lambda ctx, side: ctx.s.fleet(GREEK) is None)
def _greek_fleet(ctx: Ctx, side: str) -> None:
    """The Greek fleet appears at Athens for whoever controls Greece, and stays (card)."""
    s = ctx.s
    owner = s.control.get("Greece") if "Greece" not in s.revolt else None
    if owner is None:
        ctx.emit("no_greek_fleet", msg("Nobody controls Greece: the Greek fleet stays in port."))
        return
    s.fleets.append(Fleet(name=GREEK, side=owner, space=ATHENS, nsp=board().fleets[GREEK].max_nsp))
    ctx.emit("fleet_raised", msg("The Greek fleet sails for the {side} from Athens.", side=side_t(owner)),
             fleet=GREEK, side=owner)
    refresh_control(s)


RHODES, RHODIAN, SQUADRON = "Rhodes", "Rhodian", "Rhodian squadron"


def rhodes_free(ctx: Ctx) -> bool:
    return someone_inside(ctx.s, RHODES) == "independent"


@card("rhodes", c1=lambda ctx, side: rhodes_free(ctx) and ctx.s.rhodes_card != side)
def _rhodes(ctx: Ctx, side: str) -> None:
    """While nobody holds Rhodes: its 1-NSP squadron serves the player and the island's fleet
    drops to 3; the other side's Rhodes card sends the squadron home (12.0, card)."""
    s = ctx.s
    big = s.fleet(RHODIAN)
    if s.rhodes_card:
        s.fleets = [f for f in s.fleets if f.name != SQUADRON]
        if big is not None and big.side is None:
            big.nsp = min(board().fleets[RHODIAN].max_nsp, big.nsp + 1)
        s.rhodes_card = ""
        ctx.emit("rhodes_home", msg("The Rhodian squadron goes home."))
        return
    s.rhodes_card = side
    if big is not None and big.nsp > 0:
        big.nsp -= 1
    s.fleets.append(Fleet(name=SQUADRON, side=side, space=RHODES, nsp=1))
    ctx.emit("rhodes_squadron", msg("A Rhodian squadron sails for the {side}.", side=side_t(side)), side=side)


# -- armies -------------------------------------------------------------------------------------------
@card("major_campaign", c1=lambda ctx, side: True)
def _campaign(ctx: Ctx, side: str) -> None:
    ctx.s.turn["campaign"] = 2
    ctx.emit("campaign", msg("Major Campaign: two armies or fleets may move this round."))


SPARTA, SPARTAN = "Sparta", "persian.sparta"


def _macedonian_asp_at_sparta(s) -> bool:
    """10.3 "ASP avversari non possono terminare alcuna Azione nello stesso Spazio": the Spartan
    army may not appear where Macedonian ASP stand (an army, or loose ASP); from rules 2 the card
    is then not playable (the garrison the card removes is no obstacle)."""
    g = s.garrisons.get(SPARTA)
    return s.rules >= 2 and (bool(s.armies_at(SPARTA, MAC)) or (g is not None and g.side == MAC and g.asp > 0))


@card("agis", c1=lambda ctx, side: side == PER and ctx.s.army(SPARTAN) is None
      and not _macedonian_asp_at_sparta(ctx.s))
def _agis(ctx: Ctx, side: str) -> None:
    """Sparta rises: Greece is in revolt, the garrisons at Sparta and on Crete are removed, and a
    Persian Spartan army of 5 ASP that never leaves Europe appears at Sparta (card)."""
    s = ctx.s
    for space in [SPARTA] + list(board().provinces["Crete"].spaces):
        g = s.garrisons.get(space)
        if g is not None and g.side == MAC:
            remove_garrison(s, space)
    start_revolt(ctx, "Greece", garrisons=False)
    s.armies.append(Army(id=SPARTAN, side=PER, number=0, space=SPARTA, asp=5))
    refresh_control(s)
    ctx.emit("agis", msg("Agis III raises Sparta against Macedon."), space=SPARTA)


def oligarch_spaces(ctx: Ctx) -> list[str]:
    s = ctx.s
    return [sp for p in ("Mysia", "Lydia", "Caria") for sp in board().provinces[p].spaces
            if not present(s, sp, MAC) and not present(s, sp, PER) and sp not in s.tribes]


@card("oligarchic", c1=lambda ctx, side: side == PER and gsp_free(ctx.s, PER) > 0 and bool(oligarch_spaces(ctx)))
def _oligarchs(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "oligarchic", [f"space:{sp}" for sp in oligarch_spaces(ctx)])


@targeted("oligarchic")
def _oligarchs_at(ctx: Ctx, side: str, space: str) -> None:
    s = ctx.s
    add_gsp(s, space, PER, gsp=1)
    s.oligarchs = space
    province = board().spaces[space].province
    if s.control.get(province) == MAC:
        s.control[province] = None  # lost while the oligarchs' garrison stands (card)
    refresh_control(s)
    ctx.emit("oligarchs", msg("The oligarchs of {space} declare for Persia.", space=space_t(space)), space=space)


def training_targets(ctx: Ctx) -> list[str]:
    cap = ctx.limits["elite_max"][PER]
    return [a.id for a in ctx.s.armies if a.side == PER and a.elite < cap]


@card("training", c1=lambda ctx, side: side == PER and bool(training_targets(ctx)))
def _training(ctx: Ctx, side: str) -> None:
    ask_target(ctx, side, "training", [f"army:{a}" for a in training_targets(ctx)])


@targeted("training")
def _training_at(ctx: Ctx, side: str, army_id: str) -> None:
    army = ctx.s.army(army_id)
    army.elite += 1
    ctx.emit("elite", msg("{army} rises to Elite {n}.", army=army_t(army_id), n=army.elite), army=army_id,
             elite=army.elite)


@card("diades", c1=lambda ctx, side: side == MAC)
def _diades(ctx: Ctx, side: str) -> None:
    ctx.emit("diades", msg("Diades of Thessaly joins the Macedonian engineers: +1 to every siege assault."))


def alexander_army(ctx: Ctx) -> Army | None:
    return next((a for a in ctx.s.armies if ALEXANDER in leaders_of(ctx.s, a.id)), None)


@card("honeymooners", c1=lambda ctx, side: side == MAC and alexander_army(ctx) is not None
      and alexander_army(ctx).asp > ctx.limits["honeymoon_asp"])
def _honeymoon(ctx: Ctx, side: str) -> None:
    """4 ASP leave Alexander's army until the next Admin Phase; Weariness -1 (card)."""
    s = ctx.s
    army = alexander_army(ctx)
    n = ctx.limits["honeymoon_asp"]
    army.asp -= n
    s.honeymoon += n
    s.weariness = max(0, s.weariness - 1)
    ctx.emit("honeymoon", msg("The newly-weds go home on honeymoon: {army} lends {n} ASP; Weariness -1.",
                              army=army_t(army.id), n=n), army=army.id, asp=n, weariness=s.weariness)


def peucestas_ok(ctx: Ctx, side: str) -> bool:
    if not controls(ctx.s, side, "Persis") or ctx.s.asp_pool[side] <= 0:
        return False
    if not any(a.side == side and a.number for a in ctx.s.armies):
        return False  # the new ASP join an army of the player's
    return side == MAC or holds(ctx, side, "bagoas")


@card("peucestas", c1=peucestas_ok)
def _peucestas(ctx: Ctx, side: str) -> None:
    """The controller of Persis recruits 10 ASP for nothing; the Persian needs Bagoas with it."""
    from engine.alexander.cards_people import bagoas_after

    if side == PER:
        spend(ctx, side, "bagoas")
        ctx.emit("card", msg("{side} plays {card}.", side=side_t(side), card=card_t("bagoas")), side=side,
                 card="bagoas")
        bagoas_after(ctx, side)
    armies = [a.id for a in ctx.s.armies if a.side == side and a.number]
    ask_target(ctx, side, "peucestas", [f"army:{a}" for a in armies])


@targeted("peucestas")
def _peucestas_to(ctx: Ctx, side: str, army_id: str) -> None:
    from engine.alexander.recruit import join

    s = ctx.s
    n = min(ctx.limits["peucestas_asp"], s.asp_pool[side])
    s.asp_pool[side] -= n
    join(s.army(army_id), n, 0)
    ctx.emit("recruit", msg_n("{army} takes in {n} new ASP.", "{army} takes in {n} new ASP.", n, army=army_t(army_id)),
             army=army_id, asp=n)


@card("fortunes_of_war", c1=lambda ctx, side: True)
def _fortunes(ctx: Ctx, side: str) -> None:
    reshuffle(ctx)


__all__ = ["army_one", "province_options"]
