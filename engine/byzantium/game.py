"""Byzantium (Martin Wallace, Warfrog 2004) on the engine contract."""

from __future__ import annotations

# The rules modules register their task handlers when imported.
from engine.byzantium import actions, combat, cubes, evaluate, movement, retreats, rounds, text, words  # noqa: F401
from engine.byzantium.board import (
    ALL_BOXES,
    ARMY_SIDES,
    BULGARS_AT_START,
    CONSTANTINOPLE,
    FORTIFICATIONS,
    START_AVAILABLE,
    START_CARDS,
    START_CASUALTY,
    START_TREASURY,
    START_VP,
    Side,
    board,
)
from engine.byzantium.flow import CHOOSE, Ctx, advance, top_decision
from engine.byzantium.hints import HINTS
from engine.byzantium.invariants import broken_invariants
from engine.byzantium.state import COLORS, ArmyCard, ByzantiumState, CityState, PlayerState
from engine.byzantium.tasks import Action
from engine.core import CORE_OPTIONS, Decision, Event, Game, IllegalAction, random_below, seed_fields
from engine.text import msg

OPTIONS = CORE_OPTIONS | {"first"}


class Byzantium(Game[ByzantiumState]):
    name = "byzantium"
    title = "Byzantium"
    min_players = 2
    max_players = 4
    hints = HINTS
    seat_colours = ("red", "yellow", "blue", "green")  # as render/byzantium draws the seats
    state_class = ByzantiumState
    # 2: issue 14 - fleets before the second-move +1, an unpayable doubled cost stops the move,
    # the Bulgars' sender decides on retreat first, Constantinople's sea retreat.
    # 3: issue 12 - cube sources by preference; upkeep, taxes, losses and reinforcements as one
    # choice each; an action's first step chosen with the action; retreat destinations offered whole.
    # 4: issue 12 - every player's upkeep decision waits at once (the rulebook has no order).
    # 5: issue 28 - a reinforcement or an upkeep with unpayable mixes is amounts with a check (its reason)
    # instead of every payable mix as a button; the same answers, so version 4 games replay the same.
    rules_version = "5"
    preferences = cubes.PREFERENCES
    # The bot's search weighs exploration against the spread of the answers' values: late in a
    # game the evaluation's win shares saturate (engine/ai/search.py, Level.relative).
    explores_relative = True

    def _setup(self, players: list[str], seed: int, options: dict) -> tuple[ByzantiumState, list[Event]]:
        unknown = sorted(set(options) - OPTIONS)
        if unknown:
            raise IllegalAction(msg("Byzantium has no option '{option}' (known: {known}).", option=unknown[0],
                                    known=", ".join(sorted(OPTIONS))))
        if not isinstance(seed, int):
            raise IllegalAction(msg("The seed must be a whole number."))
        cities = {}
        for name, city in board().cities.items():
            markers = city.strength if city.side in ARMY_SIDES and name != CONSTANTINOPLE else 0
            cities[name] = CityState(side=city.side, markers=markers)
        state = ByzantiumState(
            **seed_fields(seed, options),
            players=[new_player(name, seat) for seat, name in enumerate(players)],
            cities=cities,
            bulgars=BULGARS_AT_START,
            boxes={box: None for box in ALL_BOXES},
        )
        first = options.get("first")
        if first is None:
            start = random_below(state, len(players))
        elif first in players:
            start = players.index(first)
        else:
            raise IllegalAction(msg("'{player}' is not one of the players.", player=first))
        state.start_player = state.turn = start
        state.stack = [Action(player=start)]
        events = [Event("start_player", msg("{player} is the start player.", player=players[start]),
                        {"player": players[start]})]
        return state, events

    def _pending(self, state: ByzantiumState) -> list[Decision]:
        ctx = Ctx(state)
        return _waiting(ctx, top_decision(ctx))

    def _apply(self, state: ByzantiumState, player: str, option_id: str) -> list[Event]:
        ctx = Ctx(state)
        index = len(state.stack) - 1
        if state.stack[index].kind == "upkeep":  # the round's upkeep: each player answers their own
            index = next(i for i in rounds.upkeep_places(ctx) if ctx.name(state.stack[i].player) == player)
        task = state.stack.pop(index)
        CHOOSE[task.kind](ctx, task, option_id)
        # advance stops at the decision that waits: kept, so `pending` does not work it out again.
        state._decisions = _waiting(ctx, advance(ctx))
        return ctx.events

    def _apply_preference(self, state: ByzantiumState, player: str, option_id: str):
        """A setting may answer the step that waits (where the pending cube comes from): go on."""
        new_state, events = super()._apply_preference(state, player, option_id)
        if new_state.stack and not self.pending(new_state):
            ctx = Ctx(new_state, events)
            advance(ctx)
            new_state._decisions = None
            self._take_forced(new_state, events)
        return new_state, events

    def terms(self) -> list[tuple[str, str]]:
        return words.terms()

    def copy_state(self, state: ByzantiumState) -> ByzantiumState:
        """Copy what the rules change in place; tasks on the stack are replaced, never changed, and
        a city is copied by the rules that change it (Ctx.city)."""
        new = state.model_copy()
        new.players = [p.model_copy(update={"byzantine": p.byzantine.model_copy(), "arab": p.arab.model_copy(),
                                            "treasury": dict(p.treasury), "vp": dict(p.vp)})
                       for p in state.players]
        new.cities = dict(state.cities)  # each city copied when it changes (Ctx.city)
        new.boxes = dict(state.boxes)
        new.pass_order = list(state.pass_order)
        new.stack = list(state.stack)
        new.pinned_dice = list(state.pinned_dice)
        return new

    def evaluate(self, state: ByzantiumState) -> dict[str, float]:
        return evaluate.evaluate(state)

    def invariants(self, state: ByzantiumState) -> list[str]:
        return broken_invariants(state)

    def describe(self, state: ByzantiumState) -> str:
        return text.describe(self.summary(state))

    def result(self, state: ByzantiumState) -> list[dict]:
        return rounds.standings(state)

    def summary(self, state: ByzantiumState) -> dict:
        ctx = Ctx(state)
        pending = self.pending(state)
        players = {}
        for seat, p in enumerate(state.players):
            players[p.name] = {
                "seat": seat,
                "color": p.color,
                "vp": {side.value: p.vp[side] for side in ARMY_SIDES},
                "treasury": {side.value: p.treasury[side] for side in ARMY_SIDES},
                "army": {side.value: army_summary(p.card(side)) for side in ARMY_SIDES},
                "cubes": cubes.cube_places(ctx, seat),
                "fortifications_left": p.forts_left,
                "passed": p.passed,
            }
        return {
            "game": self.name,
            "round": state.round,
            "finished": state.finished,
            "constantinople_fallen": state.constantinople_fallen,
            "players": players,
            "cities": {
                name: {
                    "side": c.side.value,
                    "markers": c.markers,
                    "controller": ctx.name(c.controller) if c.controller is not None else None,
                    "fortified": c.fortified,
                    "fort_owner": ctx.name(c.controller) if c.fortified else None,
                }
                for name, c in state.cities.items()
            },
            "bulgars": {"army": state.bulgars},
            "emperor": ctx.name(state.emperor) if state.emperor is not None else None,
            "caliph": ctx.name(state.caliph) if state.caliph is not None else None,
            "special_actions": {box: (ctx.name(seat) if seat is not None else None)
                                for box, seat in state.boxes.items()
                                if box not in ("emperor", "caliph")}
            | {"emperor": ctx.name(state.emperor) if state.emperor is not None else None,
               "caliph": ctx.name(state.caliph) if state.caliph is not None else None},
            "taxes": {p.name: p.tax_cubes for p in state.players},
            "churches": {p.name: p.churches for p in state.players},
            "mosques": {p.name: p.mosques for p in state.players},
            "pass_order": [ctx.name(seat) for seat in state.pass_order],
            "start_player": ctx.name(state.start_player),
            "current": pending[0].player if pending else None,
            "pending": {"player": pending[0].player, "prompt": pending[0].prompt, "kind": pending[0].kind}
            if pending else None,
        }


def _waiting(ctx: Ctx, found: Decision | None) -> list[Decision]:
    """Who waits, given the top task's decision `found`: at the round's upkeep, every player at once."""
    if found is not None and found.kind == "upkeep":
        return [decision for _index, decision in rounds.upkeep_waiting(ctx)]
    return [found] if found else []


def new_player(name: str, seat: int) -> PlayerState:
    return PlayerState(
        name=name, seat=seat, color=COLORS[seat],
        available=START_AVAILABLE, casualty=START_CASUALTY,
        byzantine=ArmyCard(**START_CARDS[Side.BYZANTINE]),
        arab=ArmyCard(**START_CARDS[Side.ARAB]),
        treasury=dict(START_TREASURY), vp={side: START_VP for side in ARMY_SIDES},
        forts_left=FORTIFICATIONS,
    )


def army_summary(card: ArmyCard) -> dict:
    # "strength" is the engine's own (the dice an attack rolls): boards show it, never recount it.
    return {"elite": card.elite, "main": card.main, "levy": card.levy, "movement": card.movement,
            "at": card.at, "guard": card.guard, "strength": card.strength()}
