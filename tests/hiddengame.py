"""A small hidden-hand game on the engine contract, for the secrets tests (not offered to players).

"Secret duel", two seats. A shuffled deck of number cards (1-6) and Parry cards; each player
holds a hand nobody else sees. On your turn you play a number card from your hand (the
other player takes that much damage) or pass; then you draw a card (everyone learns that
you drew, only you learn what). Whenever a number card is played, the other player has a
*reaction window*: play a Parry to cancel the damage, or take it. The window opens at every
attack whether or not the defender holds a Parry, so its timing tells nobody anything; the
defender's standing order settles it silently ("never" takes the hit, "auto" parries when a
Parry is in hand). The game ends when someone has 12 damage, or both pass in a row with
the deck empty; the score is 12 minus the damage taken.

Importing this module registers it as "secret_duel".
"""

from __future__ import annotations

from engine.core import (
    CORE_OPTIONS,
    BaseState,
    Decision,
    Event,
    Game,
    IllegalAction,
    Option,
    Window,
    draw_order,
    register,
    seed_fields,
)
from engine.text import msg, msg_n, term

NAME = "secret_duel"
LIMIT = 12
DECK = [str(n) for n in range(1, 7) for _ in range(3)] + ["parry"] * 4
HAND = 3


class DuelState(BaseState):
    players: list[str]
    hands: dict[str, list[str]]
    deck: list[str]
    discard: list[str] = []
    damage: dict[str, int]
    turn: int = 0
    attack: int = 0  # the value of the card waiting on the defender's window (0: none)
    passes: int = 0


def card_name(card: str):
    return term("card", "Parry") if card == "parry" else msg("a {value}", value=card)


class SecretDuel(Game[DuelState]):
    name = NAME
    title = "Secret duel"
    rules_version = "1"
    splitmix_rules_versions = frozenset()
    min_players = max_players = 2
    state_class = DuelState
    secrets = ("hands", "deck")
    windows = (Window("parry", msg("Parry an attack"), default="ask"),)

    def _setup(self, players, seed, options):
        unknown = set(options) - CORE_OPTIONS
        if unknown:
            raise IllegalAction(msg("Secret duel has no option '{name}'.", name=sorted(unknown)[0]))
        state = DuelState(players=players, hands={p: [] for p in players}, deck=[],
                          damage={p: 0 for p in players}, **seed_fields(seed, options))
        state.deck = draw_order(state, "deck", DECK)
        for player in players:
            state.hands[player] = [state.deck.pop() for _ in range(HAND)]
        return state, []

    def _pending(self, state):
        if self._over(state):
            return []
        active = state.players[state.turn]
        if state.attack:
            defender = self._other(state, active)
            has_parry = "parry" in state.hands[defender]
            options = [Option("take", msg_n("Take {n} damage", "Take {n} damage", state.attack))]
            if has_parry:
                options.insert(0, Option("parry", msg("Play a Parry")))
            return [Decision(defender, msg("{player} attacks you for {n}.", player=active, n=state.attack),
                             tuple(options), kind="parry", private=True,
                             public_prompt=msg("{player} may parry.", player=defender),
                             window="parry", pass_id="take", auto_id="parry" if has_parry else "")]
        numbers = sorted({c for c in state.hands[active] if c != "parry"})
        options = [Option(f"play:{c}", msg("Play {card}", card=card_name(c))) for c in numbers]
        options.append(Option("pass", msg("Pass")))
        return [Decision(active, msg("Your turn: play a card or pass."), tuple(options), kind="play",
                         private=True, public_prompt=msg("{player} chooses a card.", player=active))]

    def _over(self, state: DuelState) -> bool:
        return max(state.damage.values()) >= LIMIT or (state.passes >= 2 and not state.deck)

    @staticmethod
    def _other(state: DuelState, player: str) -> str:
        return next(p for p in state.players if p != player)

    def _apply(self, state, player, option_id):
        active = state.players[state.turn]
        if option_id in ("parry", "take"):
            value, state.attack = state.attack, 0
            if option_id == "parry":
                state.hands[player].remove("parry")
                state.discard.append("parry")
                events = [Event("parry", msg("{player} parries.", player=player), {"player": player})]
            else:
                state.damage[player] += value
                events = [Event("damage", msg("{player} takes {n} damage.", player=player, n=value),
                                {"player": player, "damage": value})]
            return events + self._end_turn(state, active)
        if option_id == "pass":
            state.passes += 1
            return [Event("pass", msg("{player} passes.", player=player))] + self._end_turn(state, active)
        card = option_id.split(":", 1)[1]
        state.hands[player].remove(card)
        state.discard.append(card)
        state.passes = 0
        state.attack = int(card)
        return [Event("play", msg("{player} plays {card}.", player=player, card=card_name(card)),
                      {"player": player, "card": card})]

    def _end_turn(self, state: DuelState, active: str) -> list[Event]:
        events = []
        if state.deck:
            card = state.deck.pop()
            state.hands[active].append(card)
            events += [Event("draw", msg("{player} draws a card.", player=active), {"player": active}),
                       Event("drew", msg("You drew {card}.", card=card_name(card)), {"card": card},
                             private_to=(active,))]
        state.turn = 1 - state.turn
        return events

    def result(self, state):
        scores = {p: LIMIT - state.damage[p] for p in state.players}
        return [{"player": p, "score": scores[p], "rank": 1 + sum(1 for q in scores if scores[q] > scores[p])}
                for p in sorted(state.players, key=lambda p: -scores[p])]

    def summary(self, state):
        return {"hands": {p: list(h) for p, h in state.hands.items()}, "deck": list(state.deck),
                "discard": list(state.discard), "damage": dict(state.damage),
                "turn": state.players[state.turn], "attack": state.attack}

    def view(self, state, player):
        seen = self.summary(state)
        seen["hand_sizes"] = {p: len(h) for p, h in state.hands.items()}
        seen["hands"] = {player: seen["hands"][player]} if player in state.hands else {}
        seen["deck"] = len(state.deck)
        return seen

    def determinize(self, state, player, seed):
        new = super().determinize(state, player, seed)
        # Everything `player` cannot see (the deck and the others' hands) is dealt again, from a
        # sorted pile: the result depends only on what `player` sees and the seed.
        unseen = sorted(list(new.deck) + [c for p, h in new.hands.items() if p != player for c in h])
        unseen = draw_order(new, "determinize", unseen)
        for other in new.players:
            if other != player:
                new.hands[other] = [unseen.pop() for _ in state.hands[other]]
        new.deck = unseen
        return new

    def invariants(self, state):
        held = sorted(state.deck + state.discard + [c for h in state.hands.values() for c in h])
        return [] if held == sorted(DECK) else ["cards were created or lost"]


GAME = register(SecretDuel())
