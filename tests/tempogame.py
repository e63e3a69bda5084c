"""A small game for the play-by-post tests (issue 12): "Tempo", two to three players, on the engine
contract, with every kind of prompt the bot renders.

A turn is one action: take a city (30 of them, in the group "Take a city", then say where the
cube comes from unless the player's preference settles it), move an army (three directions, the
group "Move an army"), collect taxes (a choice of several amounts: Byzantine bezants 0-6 and
Arab bezants 0-40, 2 to 40 in all, in steps of 2; or no taxes) or pass. Each city is worth 2
points, each bezant half a point. The game ends when everyone passed in a row, or after 12
actions.
"""

from __future__ import annotations

from engine.core import (
    Amounts,
    BaseState,
    Decision,
    Event,
    Game,
    IllegalAction,
    Item,
    Option,
    Preference,
    Total,
    register,
    seed_fields,
)

NAME = "tempo_test"
CITIES = [f"City{i:02d}" for i in range(30)]
DIRECTIONS = ("north", "south", "east")
MAX_ACTIONS = 12
TAX = Amounts((Item("byz", "Byzantine bezants", 6), Item("arab", "Arab bezants", 40)),
              (Total(2, 40, step=2, label="Bezants in all (2 per cube)"),), prefix="tax")


class TempoState(BaseState):
    turn: int = 0
    actions: int = 0
    passes: int = 0  # passes in a row
    step: str = "action"  # action | source | tax
    taking: str = ""
    cities: dict[str, list[str]] = {}
    gold: dict[str, int] = {}


class Tempo(Game[TempoState]):
    name = NAME
    title = "Tempo"
    min_players = 2
    max_players = 3
    state_class = TempoState
    rules_version = "2"
    preferences = (Preference("source", "Where a cube comes from",
                              (Option("ask", "Ask me"), Option("pool", "From my pool")), "ask"),)

    def _setup(self, players, seed, options):
        return TempoState(cities={p: [] for p in players}, gold={p: 0 for p in players},
                          **seed_fields(seed, options)), []

    def _player(self, state: TempoState) -> str:
        return state.seats[state.turn % len(state.seats)]

    def _pending(self, state):
        if state.actions >= MAX_ACTIONS or state.passes >= len(state.seats):
            return []
        me = self._player(state)
        if state.step == "source":
            return [Decision(me, f"Where does the cube for {state.taking} come from?",
                             (Option("source:pool", "From your pool"), Option("source:box", "From your box")),
                             kind="source")]
        if state.step == "tax":
            return [Decision(me, "How many bezants do you collect?", (Option("none", "No taxes"),), kind="tax",
                             amounts=TAX)]
        taken = {c for cities in state.cities.values() for c in cities}
        options = [Option(f"take:{c}", f"Take {c}", group="Take a city") for c in CITIES if c not in taken]
        options += [Option(f"move:{d}", f"Move {d}", group="Move an army") for d in DIRECTIONS]
        options += [Option("tax", "Collect taxes"), Option("pass", "Pass")]
        return [Decision(me, "Choose your action.", tuple(options), kind="action")]

    def _apply(self, state, player, option_id):
        head, _, rest = option_id.partition(":")
        if head == "take":
            state.taking, state.step = rest, "source"
            events = [Event("take", f"{player} takes {rest}.")]
            if self.preference(state, player, "source") == "pool":
                events += self._place(state, player, "pool")
            return events
        if head == "source":
            return self._place(state, player, rest)
        if head == "tax":
            if not rest:
                state.step = "tax"
                return []
            counts = TAX.parse(option_id)
            if counts is None:
                raise IllegalAction("Not a possible tax.")
            state.gold[player] += counts["byz"] + counts["arab"]
            return self._end(state, [Event("tax", f"{player} collects {counts['byz'] + counts['arab']} bezants.")])
        if head == "none":
            return self._end(state, [Event("tax", f"{player} collects no taxes.")])
        if head == "move":
            return self._end(state, [Event("move", f"{player} moves an army {rest}.")])
        state.passes += 1
        state.turn += 1
        state.actions += 1
        return [Event("pass", f"{player} passes.")]

    def _place(self, state, player, source):
        state.cities[player].append(state.taking)
        return self._end(state, [Event("cube", f"{player} places a cube from the {source} on {state.taking}.")])

    @staticmethod
    def _end(state, events):
        state.step, state.taking, state.passes = "action", "", 0
        state.turn += 1
        state.actions += 1
        return events

    def result(self, state):
        scores = {p: 2 * len(state.cities[p]) + state.gold[p] // 2 for p in state.seats}
        ranked = sorted(scores.values(), reverse=True)
        return [{"player": p, "score": s, "rank": ranked.index(s) + 1} for p, s in scores.items()]

    def summary(self, state):
        return {"turn": state.actions, "players": {p: {"vp": 2 * len(state.cities[p]) + state.gold[p] // 2}
                                                   for p in state.seats}}


GAME = register(Tempo())
