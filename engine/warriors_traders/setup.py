"""Preparing a game: the options, the choice of nations, the starting board and tokens.

"Ogni giocatore dovrà piazzare una Fortezza e tutte le quattro Principesse nella propria
Capitale. Posizionare una Fortezza Barbara in ogni altra Capitale e un esercito Barbaro in
tutte le altre Province" (Preparazione del Tabellone e degli Eserciti).
"""

from __future__ import annotations

from engine.core import CORE_OPTIONS, IllegalAction, random_below, seed_fields
from engine.text import Msg, listing, msg, msg_n
from engine.warriors_traders.board import MAPS, TRACKS, Kind, board, pieces, variants
from engine.warriors_traders.flow import PARALLEL, Ctx, chooses, decides, decision, opt, runs, task
from engine.warriors_traders.state import (
    BARB_ARMY,
    BARBARIAN,
    COLORS,
    FORTRESS,
    PRINCESS,
    PlayerState,
    WTState,
)
from engine.warriors_traders.words import nation_t, province_t, track_t

OPTIONS = CORE_OPTIONS | {"map", "variant", "nations", "teams", "turn_order"}
COOP_SHAPES = {(2, 2): "2v2", (3, 3): "3v3", (2, 2, 2): "2v2v2"}


def new_state(players: list[str], seed: int, options: dict) -> WTState:
    unknown = sorted(set(options) - OPTIONS)
    if unknown:
        raise IllegalAction(msg("Warriors & Traders has no option '{option}' (known: {known}).", option=unknown[0],
                                known=", ".join(sorted(OPTIONS))))
    if not isinstance(seed, int):
        raise IllegalAction(msg("The seed must be a whole number."))
    state = WTState(map="west", players=[], **seed_fields(seed, options))
    n = len(players)
    # The variants are optional rules ("Regole facoltative"): unless asked, the whole West map.
    # "random" draws the map or the variant (with "no variant" among them) from the seed.
    chosen_map = options.get("map", "west")
    if chosen_map == "random":
        chosen_map = MAPS[random_below(state, len(MAPS))]
    if chosen_map not in MAPS:
        raise IllegalAction(msg("There is no map '{map}' (maps: {maps}).", map=chosen_map, maps=", ".join(MAPS)))
    fitting = [v for v, spec in variants(chosen_map).items() if spec.players == n]
    variant = options.get("variant")
    if variant == "random":
        choices = [None, *fitting]
        variant = choices[random_below(state, len(choices))]
    elif variant in (None, "none", "full"):
        variant = None
    elif variant not in fitting:
        raise IllegalAction(msg("Map {map} has no {n}-player variant '{variant}' (there are: {fitting}).",
                                map=chosen_map, n=n, variant=variant, fitting=", ".join(fitting) or msg("none")))
    state.map, state.variant = chosen_map, variant
    b = board(chosen_map, variant)
    teams = _teams(players, options.get("teams"))
    state.coop = teams is not None
    order = options.get("turn_order", "fixed")
    if order not in ("fixed", "variable"):
        raise IllegalAction(msg("turn_order is 'fixed' or 'variable'."))
    state.variable_order = order == "variable"
    pc = pieces()
    state.players = [PlayerState(name=name, seat=i, color=COLORS[i], team=(teams[name] if teams else i),
                                 res={"gold": 0, "food": 0, "goods": 0, "weapons": 0} | dict(pc.start_resources),
                                 tokens={t: 0 for t in TRACKS}) for i, name in enumerate(players)]
    open_nations = list(variants(chosen_map)[variant].start) if variant else list(b.nations)
    if len(open_nations) < n:
        raise IllegalAction(msg("This board has only {nations} starting nations for {n} players.",
                                nations=len(open_nations), n=n))
    nations = options.get("nations", "random")
    if isinstance(nations, dict):
        for name, nid in nations.items():
            if name not in players or nid not in open_nations or list(nations.values()).count(nid) > 1:
                raise IllegalAction(msg("Cannot give {nation} to {player}: nations must be distinct and on the board.",
                                        nation=nid, player=name))
            state.players[players.index(name)].nation = nid
        if len(nations) != n:
            raise IllegalAction(msg("Give every player a nation, or none."))
        state.stack = [task("setup_board")]
    elif nations == "random":
        pool = list(open_nations)
        for p in state.players:
            p.nation = pool.pop(random_below(state, len(pool)))
        state.stack = [task("setup_board")]
    elif nations == "choose":
        state.stack = [task("setup_board"), *[task("pick_nation", seat) for seat in reversed(range(n))]]
    else:
        raise IllegalAction(msg("nations is 'random', 'choose' or a mapping of player to nation."))
    return state


def _teams(players: list[str], spec) -> dict[str, int] | None:
    """Cooperative play: 2 vs 2, 3 vs 3 or 2 vs 2 vs 2 (Gioco Cooperativo)."""
    if spec is None:
        return None
    if not isinstance(spec, list) or not all(isinstance(t, list) and all(isinstance(n, str) for n in t) for t in spec):
        raise IllegalAction(msg("teams is a list of teams, each a list of player names."))
    flat = [name for t in spec for name in t]
    if sorted(flat) != sorted(players):
        raise IllegalAction(msg("Every player must be in exactly one team."))
    if tuple(len(t) for t in spec) not in COOP_SHAPES:
        raise IllegalAction(msg("Cooperative play is 2 vs 2, 3 vs 3 or 2 vs 2 vs 2."))
    return {name: i for i, t in enumerate(spec) for name in t}


def coop_shape(state: WTState) -> str:
    sizes: dict[int, int] = {}
    for p in state.players:
        sizes[p.team] = sizes.get(p.team, 0) + 1
    return COOP_SHAPES[tuple(sizes.values())]


@decides("pick_nation")
def decide_pick(ctx: Ctx, t):
    taken = {p.nation for p in ctx.s.players if p.nation}
    starts = variants(ctx.s.map)[ctx.s.variant].start if ctx.s.variant else tuple(ctx.board.nations)
    options = [opt(f"nation:{nid}", msg("{nation} (nation {number}, capital {capital})",
                                        nation=nation_t(ctx.board.nations[nid].name), number=ctx.board.nations[nid].number,
                                        capital=province_t(ctx.board.nations[nid].capital)))
               for nid in starts if nid not in taken]
    return decision(ctx, t.player, msg("Choose your nation."), options, "nation")


@chooses("pick_nation")
def choose_pick(ctx: Ctx, t, option_id: str) -> None:
    nid = option_id.split(":", 1)[1]
    ctx.p(t.player).nation = nid
    ctx.emit("nation", msg("{player} plays {nation}.", player=ctx.name(t.player),
                           nation=nation_t(ctx.board.nations[nid].name)), player=ctx.name(t.player), nation=nid)


@runs("setup_board")
def run_setup_board(ctx: Ctx, t) -> None:
    s = ctx.s
    mine = {ctx.board.nations[p.nation].capital: p.seat for p in s.players}
    for name, prov in ctx.board.provinces.items():
        s.owner[name] = None
        if name in mine:
            seat = mine[name]
            ctx.add_unit(seat, FORTRESS, name)
            for _ in range(ctx.pieces.princesses):
                ctx.add_unit(seat, PRINCESS, name)
            s.owner[name] = seat
        elif prov.kind == Kind.CAPITAL:
            ctx.add_unit(BARBARIAN, FORTRESS, name)
        else:
            ctx.add_unit(BARBARIAN, BARB_ARMY, name)
    s.barbarians_at_start = sum(1 for u in s.units if u.kind == BARB_ARMY)
    s.barbarian_forts_at_start = sum(1 for u in s.units if u.owner == BARBARIAN and u.kind == FORTRESS)
    for p in s.players:
        nation = ctx.board.nations[p.nation]
        ctx.emit("nation", msg("{player} plays {nation} from {capital}.", player=p.name, nation=nation_t(nation.name),
                               capital=province_t(nation.capital)), player=p.name, nation=p.nation)
    # Each player places three development tokens, all at once.
    s.lanes = {p.seat: [task("place_token", p.seat, left=ctx.pieces.start_tokens)] for p in s.players}
    ctx.then(task(PARALLEL), task("turn_start"))


def token_spreads(n: int) -> list[dict[str, int]]:
    """Every way to put `n` tokens on the three tracks, most on production first."""
    return [{"production": a, "trade": b, "military": n - a - b} for a in range(n, -1, -1) for b in range(n - a, -1, -1)]


def spread_id(spread: dict[str, int]) -> str:
    return "tech:" + ",".join(f"{track}={k}" for track, k in spread.items() if k)


def spread_t(spread: dict[str, int]) -> Msg:
    """"2 on production and 1 on trade"."""
    return listing([msg("{n} on {track}", n=k, track=track_t(track)) for track, k in spread.items() if k])


@decides("place_token")
def decide_place_token(ctx: Ctx, t):
    """The starting tokens, all at once: one choice among the ways to spread them."""
    left = t.get("left")
    options = [opt(spread_id(spread), spread_t(spread)) for spread in token_spreads(left)]
    return decision(ctx, t.player, msg_n("Place your starting development token.",
                                         "Place your {n} starting development tokens.", left), options, "token")


@chooses("place_token")
def choose_place_token(ctx: Ctx, t, option_id: str) -> None:
    spread = next(s for s in token_spreads(t.get("left")) if spread_id(s) == option_id)
    tokens = ctx.p(t.player).tokens
    for track, k in spread.items():
        tokens[track] += k
    ctx.emit("tech", msg("{player} places their starting development tokens: {spread}.", player=ctx.name(t.player),
                         spread=spread_t(spread)),
             player=ctx.name(t.player), tokens={k: v for k, v in spread.items() if v})
