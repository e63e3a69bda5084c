"""Tiny games for the bot player's tests (not registered: no player is offered them).

"Sealed bid": two players bid 1 to 5 at the same moment (both decisions pending at once, each
private); the higher bid wins, equal bids share the win. Bidding 5 is never worse.

"Split": the first player shares points among items (a choice of several things at once,
`Amounts`); each item's points are worth its weight, and the second player scores a fixed mark.
"""

from __future__ import annotations

from engine.core import Amounts, BaseState, Decision, Game, Item, Option, Total, random_below, seed_fields


class BidState(BaseState):
    bids: dict[str, int] = {}


class SealedBid(Game[BidState]):
    name = "sealed_bid"
    title = "Sealed bid"
    min_players = max_players = 2
    state_class = BidState
    splitmix_rules_versions = frozenset()

    def _setup(self, players, seed, options):
        return BidState(**seed_fields(seed, options)), []

    def _pending(self, state):
        return [Decision(p, "Your bid?", tuple(Option(f"bid:{n}", str(n)) for n in range(1, 6)), kind="bid",
                         private=True, public_prompt="bidding")
                for p in state.seats if p not in state.bids]

    def _apply(self, state, player, option_id):
        state.bids = {**state.bids, player: int(option_id.split(":")[1])}
        return []

    def result(self, state):
        top = max(state.bids.values())
        return [{"player": p, "score": state.bids[p], "rank": 1 if state.bids[p] == top else 2} for p in state.seats]

    def summary(self, state):
        return {"bids": dict(state.bids)}

    def view(self, state, player):
        return {"bids": {p: b for p, b in state.bids.items() if p == player}, "bid": sorted(state.bids)}

    def determinize(self, state, player, seed):
        """The others' bids are secret: drawn afresh (from the new generator)."""
        new = super().determinize(state, player, seed)
        new.bids = {p: b if p == player else 1 + random_below(new, 5) for p, b in state.bids.items()}
        return new


class SplitState(BaseState):
    counts: dict[str, int] | None = None


class Split(Game[SplitState]):
    """`sizes`: (items, most per item, total) - small enough to list, or large enough to sample."""

    name = "split"
    title = "Split"
    min_players = max_players = 2
    state_class = SplitState
    splitmix_rules_versions = frozenset()

    def __init__(self, items: int = 3, most: int = 6, total: int = 6, mark: int = 17):
        self.items = [f"i{k}" for k in range(items)]
        self.weights = {item: items - k for k, item in enumerate(self.items)}  # the first item is worth most
        self.most, self.total, self.mark = most, total, mark

    def amounts(self) -> Amounts:
        return Amounts(tuple(Item(i, i, self.most) for i in self.items), (Total(self.total, self.total),), "split")

    def _setup(self, players, seed, options):
        return SplitState(**seed_fields(seed, options)), []

    def _pending(self, state):
        if state.counts is not None:
            return []
        return [Decision(state.seats[0], "Share your points.", (), kind="split", amounts=self.amounts())]

    def _apply(self, state, player, option_id):
        state.counts = self.amounts().parse(option_id)
        return []

    def score(self, state) -> int:
        return sum(self.weights[i] * n for i, n in state.counts.items())

    def result(self, state):
        first, second = state.seats
        mine = self.score(state)
        return [{"player": first, "score": mine, "rank": 1 if mine >= self.mark else 2},
                {"player": second, "score": self.mark, "rank": 1 if self.mark >= mine else 2}]

    def summary(self, state):
        return {"counts": state.counts}


class DawdleState(BaseState):
    step: int = 0
    picked: bool = False


class Dawdle(Game[DawdleState]):
    """The first player walks three steps, and may pick something up and put it back at any time
    ("select", then "back": a loop). The evaluation likes standing still (each step costs value),
    so a player weighing positions alone would pick up and put back for ever."""

    name = "dawdle"
    title = "Dawdle"
    min_players = max_players = 2
    state_class = DawdleState
    splitmix_rules_versions = frozenset()

    def _setup(self, players, seed, options):
        return DawdleState(**seed_fields(seed, options)), []

    def _pending(self, state):
        if state.step >= 3:
            return []
        first = "back" if state.picked else "select"
        return [Decision(state.seats[0], "Walk on?", (Option(first, first), Option("walk", "walk")), kind="walk")]

    def _apply(self, state, player, option_id):
        if option_id == "walk":
            state.step += 1
            state.picked = False
        else:
            state.picked = option_id == "select"
        return []

    def evaluate(self, state):
        first, second = state.seats
        return {first: 0.5 - 0.1 * state.step, second: 0.5 + 0.1 * state.step}

    def result(self, state):
        first, second = state.seats
        return [{"player": second, "score": 1, "rank": 1}, {"player": first, "score": 0, "rank": 2}]

    def summary(self, state):
        return {"step": state.step, "picked": state.picked}


class CloseState(BaseState):
    move: str = ""
    waits: int = 0


class Close(Game[CloseState]):
    """The first player takes one of several answers all worth about the same (a clear leader's
    0.950 to 0.958: one is best by a little); then the players wait in turn, long past what a
    search looks ahead, and nothing changes. A search that explores on the 0-1 scale of values
    spends its visits on all answers alike."""

    name = "close"
    title = "Close"
    min_players = max_players = 2
    state_class = CloseState
    splitmix_rules_versions = frozenset()
    VALUES = {"a": 0.950, "b": 0.952, "c": 0.958, "d": 0.951, "e": 0.953, "f": 0.950}
    explores_relative = True
    WAITS = 200

    def _setup(self, players, seed, options):
        return CloseState(**seed_fields(seed, options)), []

    def _pending(self, state):
        if not state.move:
            return [Decision(state.seats[0], "Your move?", tuple(Option(a, a) for a in self.VALUES), kind="move")]
        if state.waits < self.WAITS:
            return [Decision(state.seats[1 - state.waits % 2], "Wait?", (Option("wait", "wait"), Option("rest", "rest")),
                             kind="wait")]
        return []

    def _apply(self, state, player, option_id):
        if not state.move:
            state.move = option_id
        else:
            state.waits += 1
        return []

    def evaluate(self, state):
        first, second = state.seats
        value = self.VALUES.get(state.move, 0.95)
        return {first: value, second: 1 - value}

    def result(self, state):
        first, second = state.seats
        return [{"player": first, "score": 1, "rank": 1}, {"player": second, "score": 0, "rank": 2}]

    def summary(self, state):
        return {"move": state.move, "waits": state.waits}


class BaitState(BaseState):
    ann: int = 0
    bo: int = 0
    bait: bool = False  # Ann took the gem, which leaves her store open
    turn: int = 0  # 0 Ann moves, 1 Bo replies, 2 over


class Bait(Game[BaitState]):
    """The first player takes points: the gem (3) is worth most at once but leaves her store open,
    and the second player's best reply is then a raid (4 for him); after the wall (2) his best
    is to dig (2). A one-move player takes the gem and loses; one that rolls out the reply builds
    the wall and draws. `stage`: the round (Ann's move and Bo's reply), then the end."""

    name = "bait"
    title = "Bait"
    min_players = max_players = 2
    state_class = BaitState
    splitmix_rules_versions = frozenset()
    bot_method = "rollout"
    TAKES = {"gem": 3, "wall": 2, "coin": 1, "nap": 0}

    def _setup(self, players, seed, options):
        return BaitState(**seed_fields(seed, options)), []

    def _pending(self, state):
        first, second = state.seats
        if state.turn == 0:
            return [Decision(first, "Take?", tuple(Option(a, a) for a in self.TAKES), kind="take")]
        if state.turn == 1:
            return [Decision(second, "Reply?", (Option("raid", "raid"), Option("dig", "dig")), kind="reply")]
        return []

    def _apply(self, state, player, option_id):
        if state.turn == 0:
            state.ann += self.TAKES[option_id]
            state.bait = option_id == "gem"
        elif option_id == "raid":
            state.bo += 4 if state.bait else 1
        else:
            state.bo += 2
        state.turn += 1
        return []

    def stage(self, state):
        return state.turn // 2

    def evaluate(self, state):
        first, second = state.seats
        value = 0.5 + 0.05 * (state.ann - state.bo)
        return {first: value, second: 1 - value}

    def result(self, state):
        first, second = state.seats
        rows = [{"player": first, "score": state.ann}, {"player": second, "score": state.bo}]
        for row in rows:
            row["rank"] = 1 + sum(1 for other in rows if other["score"] > row["score"])
        return rows

    def summary(self, state):
        return {"ann": state.ann, "bo": state.bo, "bait": state.bait, "turn": state.turn}
