"""A small but real game on the engine contract, for storage tests until Byzantium lands.

"Dice race": players take turns rolling one to three dice and move that far along a
track; the first to reach the goal wins. When a roll shows a 1, the next player gets an
out-of-turn decision: shove the roller back two steps (at the cost of one of their own) or
spare them. Near the goal only one die may be rolled, so the engine takes that forced choice
itself. Everything random comes from the state's generator, as the contract requires.
"""

from __future__ import annotations

from engine.core import BaseState, Decision, Event, Game, Option, register, roll_dice, seed_fields

NAME = "dice_race"


class RaceState(BaseState):
    players: list[str]
    positions: dict[str, int]
    goal: int
    turn: int = 0
    # Set while the next player decides whether to shove the roller back.
    shove_target: str | None = None
    rolls: int = 0


class DiceRace(Game[RaceState]):
    name = NAME
    title = "Dice race"
    rules_version = "2"
    min_players = 2
    max_players = 4
    state_class = RaceState

    def _setup(self, players, seed, options):
        goal = int(options.get("goal", 30))
        state = RaceState(
            players=players, positions={p: 0 for p in players}, goal=goal, **seed_fields(seed, options)
        )
        return state, []

    def _winner(self, state: RaceState) -> str | None:
        return next((p for p in state.players if state.positions[p] >= state.goal), None)

    def _pending(self, state):
        if self._winner(state):
            return []
        current = state.players[state.turn]
        if state.shove_target is not None:
            shover = state.players[(state.players.index(state.shove_target) + 1) % len(state.players)]
            options = (Option("spare", "Spare them"),)
            if state.positions[shover] > 0:
                options = (Option("shove", f"Shove {state.shove_target} back two"),) + options
            return [Decision(shover, f"{state.shove_target} rolled a 1.", options, kind="shove")]
        # Within six of the goal only one die is allowed: a forced decision.
        most = 1 if state.goal - state.positions[current] <= 6 else 3
        options = tuple(Option(f"roll:{n}", f"Roll {n} dice") for n in range(1, most + 1))
        return [Decision(current, "How many dice?", options, kind="roll")]

    def _apply(self, state, player, option_id):
        if option_id.startswith("roll:"):
            dice = roll_dice(state, int(option_id.split(":")[1]))
            state.rolls += 1
            state.positions[player] += sum(dice)
            events = [Event("roll", f"{player} rolls {dice}.", {"player": player, "dice": dice})]
            if 1 in dice and not self._winner(state):
                state.shove_target = player
            state.turn = (state.turn + 1) % len(state.players)
            return events
        target, state.shove_target = state.shove_target, None
        if option_id == "shove":
            state.positions[player] -= 1
            state.positions[target] = max(0, state.positions[target] - 2)
            return [Event("shove", f"{player} shoves {target} back.", {"by": player, "target": target})]
        return [Event("spare", f"{player} spares {target}.", {"by": player})]

    def result(self, state):
        ordered = sorted(state.players, key=lambda p: -state.positions[p])
        standings = []
        for player in ordered:
            better = sum(1 for q in state.players if state.positions[q] > state.positions[player])
            standings.append({"player": player, "score": state.positions[player], "rank": better + 1})
        return standings

    def summary(self, state):
        return {"positions": dict(state.positions), "turn": state.players[state.turn], "goal": state.goal}


GAME = register(DiceRace())


def random_move(game: Game, state, rng) -> tuple[str, str]:
    """A legal (player, option_id) picked by `rng`, always addressed to the decision's player."""
    decision = rng.choice(game.pending(state))
    return decision.player, rng.choice(decision.options).id
