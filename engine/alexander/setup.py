"""A new game (3.1): sides, pieces, treasuries, control, the deck and hands, the APM cup, and
the starting garrisons each side places."""

from __future__ import annotations

from engine.alexander.board import MAC, PER, SIDES, board
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.state import (
    RULES,
    AlexState,
    Army,
    Fleet,
    Garrison,
    RoyalFamily,
    RoyalTreasury,
    Treasury,
    Tribe,
)
from engine.alexander.words import province_t, side_t, space_t
from engine.alexander.world import ISLANDS, add_gsp, gsp_room
from engine.core import (
    CORE_OPTIONS,
    Amounts,
    IllegalAction,
    Item,
    Total,
    draw_order,
    random_below,
    seed_fields,
)
from engine.text import msg, msg_n

OPTIONS = CORE_OPTIONS | {"macedonian", "solitaire", "opening", "balance", "useless", "garrisons", "rules"}
INDEPENDENT = "independent"


def check_options(players: list[str], options: dict) -> None:
    unknown = sorted(set(options) - OPTIONS)
    if unknown:
        raise IllegalAction(msg("Alexander has no option '{name}' (known: {known}).", name=unknown[0],
                                known=", ".join(sorted(OPTIONS - CORE_OPTIONS))))
    if options.get("macedonian") is not None and options["macedonian"] not in players:
        raise IllegalAction(msg("'{name}' is not one of the players.", name=str(options["macedonian"])))
    if options.get("opening", "historical") not in ("historical", "optional"):
        raise IllegalAction(msg("The opening is 'historical' or 'optional'."))
    if options.get("garrisons", "choose") not in ("choose", "suggested"):
        raise IllegalAction(msg("Starting garrisons are 'choose' or 'suggested'."))
    if options.get("rules", RULES) not in range(1, RULES + 1) or isinstance(options.get("rules"), bool):
        raise IllegalAction(msg("The rules version is a number from 1 to {n}.", n=RULES))
    for flag in ("solitaire", "balance", "useless"):
        if not isinstance(options.get(flag, False), bool):
            raise IllegalAction(msg("The option '{name}' is true or false.", name=flag))


def new_state(players: list[str], seed: int, options: dict) -> AlexState:
    check_options(players, options)
    b = board()
    rules = b.rules["setup"]
    state = AlexState(sides={}, solitaire=bool(options.get("solitaire", False)), rules=options.get("rules", RULES),
                      options={k: v for k, v in options.items() if k not in CORE_OPTIONS | {"rules"}},
                      **seed_fields(seed, options))
    chosen = options.get("macedonian")
    mac = chosen if chosen is not None else players[random_below(state, 2)]
    state.sides = {MAC: mac, PER: next(p for p in players if p != mac)}
    for side in SIDES:
        for a in rules[side]["armies"]:
            army = Army(id=f"{side}.{a['number']}", side=side, number=a["number"], space=a["space"],
                        inside=a["inside"], asp=a["asp"], elite=a["elite"])
            state.armies.append(army)
            for name in a["leaders"]:
                state.leaders[name] = f"army:{army.id}"
        for f in rules[side]["fleets"]:
            nsp = f.get("nsp", b.fleets[f["fleet"]].max_nsp)
            state.fleets.append(Fleet(name=f["fleet"], side=side, space=f["space"], nsp=nsp))
            for name in f["leaders"]:
                state.leaders[name] = f"fleet:{f['fleet']}"
        for city in rules[side]["treasuries"]:
            state.treasuries[city] = Treasury(owner=side, level="full")
    for name in b.leaders:
        state.leaders.setdefault(name, "cup")
    rhodes = rules["rhodes"]
    state.garrisons[rhodes["space"]] = Garrison(side=INDEPENDENT, gsp=rhodes["gsp"])
    state.fleets.append(Fleet(name=rhodes["fleet"], side=None, space=rhodes["space"], nsp=rhodes["nsp"]))
    for t in rules["tribes"]:
        state.tribes[t["space"]] = Tribe(name=t["tribe"], gsp=t["gsp"])
    region_side = {"europe": MAC, "persia": PER}
    state.control = {name: region_side.get(p.region) for name, p in b.provinces.items()}
    state.control.update({island: PER for island in ISLANDS})
    state.royal_treasury = RoyalTreasury(level="empty", owner=PER, where="army:persian.1")
    state.royal_family = RoyalFamily(holder=PER, where="army:persian.1")
    state.asp_pool = dict(b.limits["available_asp"])
    _deal(state)
    _apm_cup(state, options)
    state.stack = [task("first_round")]
    for side in (PER, MAC):  # the Macedonian places first (3.1c-d); the stack runs from the end
        if options.get("garrisons", "choose") == "suggested":
            state.stack.append(task("suggested_garrisons", side))
        else:
            state.stack.append(task("place_garrisons", side, left=rules[side]["garrison_gsp"]))
    return state


def _deal(state: AlexState) -> None:
    b = board()
    cards = [c.id for c in b.cards.values() for _ in range(c.count)]
    state.deck = draw_order(state, "deck", cards)
    state.hands = {MAC: [], PER: []}
    for side in SIDES:
        for _ in range(b.limits["hand_start"]):
            state.hands[side].append(state.deck.pop(0))


def _apm_cup(state: AlexState, options: dict) -> None:
    """Historical opening: a Macedonian APM is set aside as the first; optional: the first is
    drawn from the seven player APMs, then the Admin APM joins the cup (3.1i). The balance
    option takes one Macedonian APM out of the game (2.7)."""
    rules = board().rules["setup"]
    markers = [MAC] * rules[MAC]["apm"] + [PER] * rules[PER]["apm"]
    if options.get("balance"):
        markers.remove(MAC)
    if options.get("opening", "historical") == "historical":
        markers.remove(MAC)
        state.apm_out = MAC
    else:
        state.apm_out = draw_order(state, "apm", markers)[0]
        markers.remove(state.apm_out)
    state.cup = markers + ["admin"]


def allowed_garrison_spaces(side: str) -> list[str]:
    b = board()
    rules = b.rules["setup"][side]
    provinces = [p for p, info in b.provinces.items()
                 if info.region in rules["garrison_regions"] and p not in rules["garrison_excluded"]]
    return [sp for p in provinces for sp in b.provinces[p].spaces]


@decides("place_garrisons")
def _place_decide(ctx: Ctx, t):
    side, left = t.side, t.args["left"]
    province = t.args.get("province")
    if province is None:
        options = [opt("suggested", msg("Use the suggested placement"))] if left == _start_gsp(side) else []
        provinces = sorted({ctx.board.spaces[sp].province for sp in allowed_garrison_spaces(side)
                            if gsp_room(ctx.s, sp, side)})
        options += [opt(f"province:{p}", province_t(p), group=msg("Choose a province")) for p in provinces]
        options.append(opt("done", msg("Place no more garrisons")))
        return ctx.ask(side, msg_n("Place your starting garrisons: {n} GSP left.",
                                   "Place your starting garrisons: {n} GSP left.", left),
                       options, "setup_garrisons")
    spaces = [sp for sp in ctx.board.provinces[province].spaces if gsp_room(ctx.s, sp, side)]
    items = tuple(Item(sp, space_t(sp), min(gsp_room(ctx.s, sp, side), left)) for sp in spaces)
    amounts = Amounts(items, (Total(1, left, label=msg("GSP to place")),), prefix="gsp")
    return ctx.ask(side, msg("How many GSP in each space of {province}?", province=province_t(province)),
                   [opt("back", msg("Choose another province"))], "setup_garrisons", amounts=amounts)


def _start_gsp(side: str) -> int:
    return board().rules["setup"][side]["garrison_gsp"]


@chooses("place_garrisons")
def _place_choose(ctx: Ctx, t, option_id: str):
    side, left = t.side, t.args["left"]
    if option_id == "suggested":
        ctx.then(task("suggested_garrisons", side))
    elif option_id == "done":
        ctx.emit("garrisons_placed", msg("{side} has placed the starting garrisons.", side=side_t(side)),
                 side=side)
    elif option_id == "back":
        ctx.then(task("place_garrisons", side, left=left))
    elif option_id.startswith("province:"):
        ctx.then(task("place_garrisons", side, left=left, province=option_id.split(":", 1)[1]))
    else:
        decision = _place_decide(ctx, t)
        counts = decision.amounts.parse(option_id)
        placed = 0
        for space, n in counts.items():
            if n:
                add_gsp(ctx.s, space, side, gsp=n)
                placed += n
                ctx.emit("garrison", msg_n("{side} places {n} GSP at {space}.", "{side} places {n} GSP at {space}.",
                                           n, side=side_t(side), space=space_t(space)),
                         side=side, space=space, gsp=n)
        if left - placed > 0:
            ctx.then(task("place_garrisons", side, left=left - placed))


@runs("suggested_garrisons")
def _suggested(ctx: Ctx, t):
    side = t.side
    placement = board().rules["setup"]["suggested_garrisons"][side]
    for space, n in placement.items():
        add_gsp(ctx.s, space, side, gsp=n)
    ctx.emit("garrison", msg("{side} places the suggested starting garrisons.", side=side_t(side)),
             side=side, placement=dict(placement))
