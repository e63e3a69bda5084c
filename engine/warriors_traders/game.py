"""Warriors & Traders (Andrei Novac, NSKN 2011) on the engine contract."""

from __future__ import annotations

from engine.core import Decision, Event, Game

# The rules modules register their task handlers when imported.
from engine.warriors_traders import (  # noqa: F401
    battle,
    damage,
    development,
    evaluate,
    lobby,
    maneuver,
    offers,
    retreat,
    setup,
    sustenance,
    text,
    trade,
    turn,
)
from engine.warriors_traders.board import MAPS, board
from engine.warriors_traders.flow import Ctx, advance, choose, pending
from engine.warriors_traders.hints import HINTS
from engine.warriors_traders.invariants import broken_invariants
from engine.warriors_traders.prefs import PREFERENCES
from engine.warriors_traders.state import ARMY_KINDS, BARB_ARMY, COLORS, FORTRESS, PRINCESS, WTState
from engine.warriors_traders.world import (
    LEADER_TITLE,
    at_war,
    barbarian_strength,
    leaders,
    level,
    vp,
    vp_breakdown,
)


class WarriorsTraders(Game[WTState]):
    name = "warriors_traders"
    title = "Warriors & Traders"
    min_players = 2
    max_players = 6
    hints = HINTS
    seat_colours = COLORS
    # A player's turn is everything they do before the game waits on someone else (two development
    # actions in a row, the maneuver after the last of them ...), one message edited in place
    # (docs/rules/warriors_traders.md, "A player's turn in the channel").
    opening_kinds = frozenset()
    state_class = WTState
    # 2: issue 14 items 1-3 (barbarian retreat choice, end of trading, offers above 20).
    # 3: items 4 and 6 (buying VP needs a trade centre; no options = whole West map).
    # 4: items 8-10 (nation numbers by the wheel, historical capitals, princess strength 1).
    # 5: issue 12 (preferences for feeding and the token move, whole actions and moves in one
    #    choice, the princesses' step folded into the end of the movement, identical units one option).
    rules_version = "5"
    preferences = PREFERENCES
    # evaluate.py reads a maneuver half done (armies about to fight, provinces within reach), so
    # the bot's search scores it there rather than after random moves (engine/ai/search.py).
    evaluates_mid_action = True
    # The normal bot rolls out the one-move greedy player's best answers (engine/ai/rollout.py):
    # the tree search was no better than greedy here (docs/ai.md).
    bot_method = "rollout"

    # The lobby's options: engine/warriors_traders/lobby.py (declared in manifest.json).
    def lobby_setup(self, given: dict) -> dict:
        return lobby.lobby_setup(given)

    def seat_range(self, options: dict) -> tuple[int, int, str]:
        return lobby.seat_range(options) or super().seat_range(options)

    def setup_options(self, options: dict, players: list[str]) -> dict:
        return lobby.setup_options(options, players)

    def describe_setup(self, options: dict) -> str | None:
        return lobby.describe(options)

    def seat_label(self, options: dict, index: int, seat: str) -> str | None:
        return lobby.team_label(options, index, seat)

    def _setup(self, players: list[str], seed: int, options: dict) -> tuple[WTState, list[Event]]:
        state = setup.new_state(players, seed, options)
        ctx = Ctx(state)
        advance(ctx)
        return state, ctx.events

    def _pending(self, state: WTState) -> list[Decision]:
        return pending(state)

    def _apply(self, state: WTState, player: str, option_id: str) -> list[Event]:
        return choose(state, state.player(player).seat, option_id)

    def copy_state(self, state: WTState) -> WTState:
        """Copy what the rules change in place; tasks are never changed once stacked."""
        new = state.model_copy()
        new.players = [p.model_copy(update={"res": dict(p.res), "tokens": dict(p.tokens), "routes": list(p.routes)})
                       for p in state.players]
        new.units = [u.model_copy() for u in state.units]
        new.owner = dict(state.owner)
        new.placed = dict(state.placed)
        new.gone = dict(state.gone)
        new.order = list(state.order)
        new.wars = [w.model_copy() for w in state.wars]
        new.stack = list(state.stack)
        new.lanes = {seat: list(lane) for seat, lane in state.lanes.items()}
        new.pinned_dice = list(state.pinned_dice)
        return new

    def evaluate(self, state: WTState) -> dict[str, float]:
        return evaluate.evaluate(state)

    def stage(self, state: WTState) -> tuple[int, str]:
        """How far the game has gone: the bot's rollouts end with a phase (engine/ai/rollout.py)."""
        return state.turn, state.phase

    def describe(self, state: WTState) -> str:
        return text.describe(self.summary(state))

    def terms(self) -> list[tuple[str, str]]:
        """The data words the rules pass to term() as variables (words.py)."""
        found: dict[tuple[str, str], None] = {}
        for name in MAPS:
            b = board(name)
            found.update({("wt nation", n.name): None for n in b.nations.values()})
            found.update({("wt province", p): None for p in b.provinces})
        return list(found)

    def invariants(self, state: WTState) -> list[str]:
        return broken_invariants(state)

    def result(self, state: WTState) -> list[dict]:
        """Standings by VP (teams in cooperative play); ties share a rank."""
        ctx = Ctx(state)
        if state.coop:
            teams: dict[int, list[str]] = {}
            for p in state.players:
                teams.setdefault(p.team, []).append(p.name)
            rows = [{"player": " & ".join(names), "players": names,
                     "score": sum(vp(ctx, state.player(n).seat) for n in names)} for names in teams.values()]
        else:
            rows = [{"player": p.name, "score": vp(ctx, p.seat), "nation": p.nation} for p in state.players]
        rows.sort(key=lambda r: -r["score"])
        for row in rows:
            row["rank"] = 1 + sum(1 for other in rows if other["score"] > row["score"])
        return rows

    def summary(self, state: WTState) -> dict:
        ctx = Ctx(state)
        decisions = self.pending(state)
        titles = leaders(ctx)
        players = {}
        for p in state.players:
            mine = [u for u in state.units if u.owner == p.seat]
            players[p.name] = {
                "seat": p.seat, "color": p.color, "team": p.team, "nation": p.nation,
                "nation_name": ctx.board.nations[p.nation].name if p.nation else None,
                "nation_number": ctx.board.nations[p.nation].number if p.nation else None,
                "resources": dict(p.res),
                "tokens": dict(p.tokens),
                "techs": {track: level(ctx, p.seat, track) for track in p.tokens},
                "vp": vp(ctx, p.seat), "vp_detail": vp_breakdown(ctx, p.seat),
                "titles": [LEADER_TITLE[t] for t, who in titles.items() if who == p.seat],
                "armies": {k: sum(1 for u in mine if u.kind == k) for k in ARMY_KINDS},
                "princesses": sum(1 for u in mine if u.kind == PRINCESS),
                "fortresses": sum(1 for u in mine if u.kind == FORTRESS),
                "routes": [ctx.name(s) for s in p.routes],
                "unified": p.unified,
                "wars": [ctx.name(o.seat) for o in state.players if o.seat != p.seat and at_war(ctx, p.seat, o.seat)],
            }
        provinces = {}
        for name, prov in ctx.board.provinces.items():
            here = ctx.units_at(name)
            provinces[name] = {
                "owner": ctx.name(state.owner[name]) if state.owner.get(name) is not None else None,
                "kind": prov.kind.value, "nation": prov.nation, "contested": list(prov.contested),
                "symbols": dict(prov.symbols), "lat": prov.lat, "lon": prov.lon,
                "armies": [{"id": u.id, "owner": ctx.name(u.owner), "kind": u.kind, "damage": u.damage,
                            "retreated": u.retreated, "ap": u.ap, "attacking": u.attacking}
                           for u in here if u.kind in ARMY_KINDS],
                "fortresses": [{"owner": ctx.name(u.owner), "damage": u.damage} for u in here if u.kind == FORTRESS],
                "princesses": {ctx.name(o): sum(1 for u in here if u.kind == PRINCESS and u.owner == o)
                               for o in sorted({u.owner for u in here if u.kind == PRINCESS})},
                "barbarians": sum(1 for u in here if u.kind == BARB_ARMY),
                "barbarian_armies": [{"id": u.id, "damage": u.damage, "retreated": u.retreated}
                                     for u in here if u.kind == BARB_ARMY],
                "neighbours": list(ctx.board.adj[name]),
            }
        return {
            "game": self.name, "map": state.map, "variant": state.variant, "turn": state.turn,
            "phase": state.phase, "finished": state.finished, "coop": state.coop,
            "variable_order": state.variable_order,
            "order": [ctx.name(s) for s in state.order],
            "barbarian_strength": barbarian_strength(ctx),
            "wars": [{"sides": [_team(ctx, w.a), _team(ctx, w.b)], "declared": w.declared, "damage": w.damage}
                     for w in state.wars],
            "nations": {n.id: {"name": n.name, "number": n.number, "capital": n.capital,
                               "player": next((p.name for p in state.players if p.nation == n.id), None)}
                        for n in ctx.board.nations.values()},
            "players": players,
            "provinces": provinces,
            "current": decisions[0].player if len(decisions) == 1 else None,
            "pending": [{"player": d.player, "prompt": d.prompt, "kind": d.kind} for d in decisions],
        }


def _team(ctx: Ctx, team: int) -> list[str]:
    return [p.name for p in ctx.s.players if p.team == team]
