"""The Conquerors: Alexander the Great (GMT Games 2006) on the engine contract.

Two seats, Macedonian and Persian (the option `macedonian` names who plays Alexander, else
the side is drawn). Solitaire (16.0): option `solitaire: true`; the seats stay two distinct
names (the bot maps both to one member) and nothing is hidden: hands show in every view and
no decision is private. The game has no turn limit: `concede(state, player)` ends it.
"""

from __future__ import annotations

from engine.ai.rollout import Rollouts

# The rules modules register their task handlers when imported.
from engine.alexander import (  # noqa: F401
    activity,
    admin,
    aftermath,
    battle,
    cards,
    cards_events,
    cards_people,
    face_down,  # before lone_leaders: their checks before each decision run in this order
    intercept,
    leader_moves,
    leaders,
    lobby,
    lone_leaders,
    movement,
    naval,
    recruit,
    retreat,
    rounds,
    setup,
    siege,
    windows,
)
from engine.alexander.board import SIDES, board, other
from engine.alexander.flow import Ctx, advance, choose, top_decision
from engine.alexander.hints import HINTS
from engine.alexander.invariants import broken_invariants
from engine.alexander.state import RULES, AlexState
from engine.alexander.summary import public_view, summary
from engine.alexander.victory import result as standings
from engine.alexander.words import side_t
from engine.core import Decision, Event, Game, IllegalAction, draw_order
from engine.text import listing, msg, msg_n


class Alexander(Game[AlexState]):
    name = "alexander"
    title = "The Conquerors: Alexander the Great"
    min_players = 2
    max_players = 2
    hints = HINTS
    state_class = AlexState
    rules_version = str(RULES)
    splitmix_rules_versions = frozenset()
    secrets = ("hands", "deck", "leaders_hidden", "leaders_face_down")
    preferences = admin.PREFERENCES
    windows = windows.WINDOWS
    concedes = True
    # The bot (engine/ai): evaluate.py reads an action half done (an army on the march) as it
    # stands; the normal bot rolls greedy out to the end of the next round (engine/ai/rollout.py).
    evaluates_mid_action = True
    bot_method = "rollout"
    # To the end of this round, greedy's answer kept unless another is clearly better: the dice
    # make a few rollouts' means noisy (docs/ai.md, Alexander); an answer that rolls dice (an
    # assault) screened at its expectation over 16 worlds.
    rollout_settings = {"normal": Rollouts(candidates=3, stages=1, horizon=40, margin=0.03, screen_depth=1,
                                           chance_worlds=16)}

    def bot_preferences(self, state: AlexState, player: str) -> dict[str, str]:
        """The Macedonian's bot asks to be asked in the Admin Phase (3.3 D): under "auto" (keep my
        garrisons) it could never free the 2 GSP the Alexandria in Egypt needs (13.0), and most
        of its unfinished games lacked only that Alexandria."""
        return {admin.ADMIN.key: "ask"} if state.sides.get("macedonian") == player and not state.solitaire else {}

    # The lobby's options: engine/alexander/lobby.py (declared in manifest.json).
    def lobby_setup(self, given: dict) -> dict:
        return lobby.lobby_setup(given)

    def seat_range(self, options: dict) -> tuple[int, int, str]:
        return lobby.seat_range(options) or super().seat_range(options)

    def seat_names(self, options: dict, host: str) -> list | None:
        return lobby.seat_names(options, host)

    def setup_options(self, options: dict, players: list[str]) -> dict:
        return lobby.setup_options(options, players)

    def describe_setup(self, options: dict) -> str | None:
        return lobby.describe(options)

    def seat_roles(self, public_view: dict) -> dict[str, str]:
        """The Macedonian's and the Persian's seats (drawn or chosen at setup), with their marks."""
        marks = {"macedonian": "🟦", "persian": "🟥"}
        return {seat: msg("{mark} {side}", mark=marks.get(side, "•"), side=side_t(side))
                for side, seat in (public_view.get("sides") or {}).items()}

    def recorded_options(self, recorded: str) -> dict:
        """Games recorded under an older version keep its rules (state.py RULES)."""
        return {"rules": int(recorded)} if recorded.isdigit() and 0 < int(recorded) < RULES else {}

    def _setup(self, players: list[str], seed: int, options: dict) -> tuple[AlexState, list[Event]]:
        state = setup.new_state(players, seed, options)
        ctx = Ctx(state)
        ctx.emit("sides", msg("{mac} plays the Macedonian, {per} the Persian.", mac=state.sides["macedonian"],
                              per=state.sides["persian"]), sides=dict(state.sides))
        advance(ctx)
        return state, ctx.events

    def _pending(self, state: AlexState) -> list[Decision]:
        found = top_decision(Ctx(state))
        return [found] if found else []

    def _apply(self, state: AlexState, player: str, option_id: str) -> list[Event]:
        events, found = choose(state, option_id)
        state._decisions = [found] if found else []
        return events

    def copy_state(self, state: AlexState) -> AlexState:
        """Copy what the rules change in place; tasks are never changed once stacked."""
        new = state.model_copy()
        new.cup = list(state.cup)
        new.armies = [a.model_copy() for a in state.armies]
        new.fleets = [f.model_copy() for f in state.fleets]
        new.garrisons = dict(state.garrisons)
        new.tribes = {k: v.model_copy() for k, v in state.tribes.items()}
        new.sieges = dict(state.sieges)
        new.leaders = dict(state.leaders)
        new.face_down = list(state.face_down)
        new.alexandrias = list(state.alexandrias)
        new.control = dict(state.control)
        new.revolt = list(state.revolt)
        new.devastated = list(state.devastated)
        new.drought = list(state.drought)
        new.bad_weather = list(state.bad_weather)
        new.treasuries = dict(state.treasuries)
        new.unusable = list(state.unusable)
        new.asp_pool = dict(state.asp_pool)
        new.gsp_lost = dict(state.gsp_lost)
        new.deck = list(state.deck)
        new.discard = list(state.discard)
        new.removed = list(state.removed)
        new.in_play = list(state.in_play)
        new.hands = {k: list(v) for k, v in state.hands.items()}
        new.loc_start = dict(state.loc_start)
        new.surrender_asked = list(state.surrender_asked)
        new.turn = _copy_dict(state.turn)
        new.victory = state.victory.model_copy()
        new.last = _copy_dict(state.last)
        new.stack = list(state.stack)
        new.move = _copy_dict(state.move)
        new.battle = _copy_dict(state.battle)
        new.naval = _copy_dict(state.naval)
        new.pinned_dice = list(state.pinned_dice)
        new.pinned_draws = {k: [list(o) for o in v] for k, v in state.pinned_draws.items()}
        new.prefs = {k: dict(v) for k, v in state.prefs.items()}
        return new

    def evaluate(self, state: AlexState) -> dict[str, float]:
        from engine.alexander.win_shares import evaluate

        return evaluate(state)

    def stage(self, state: AlexState) -> int:
        """How far the game has gone, for the rollouts: the Action Round."""
        return state.round

    def invariants(self, state: AlexState) -> list[str]:
        return broken_invariants(state)

    def result(self, state: AlexState) -> list[dict]:
        return standings(state)

    def summary(self, state: AlexState) -> dict:
        return summary(state, self.pending(state))

    def view(self, state: AlexState, player: str | None) -> dict:
        return public_view(state, self.pending(state), player)

    def describe(self, state: AlexState, player: str | None = None) -> str:
        from engine.alexander.text import describe

        return describe(self.view(state, player))

    def determinize(self, state: AlexState, player: str | None, seed: int) -> AlexState:
        """The other hand is dealt again from the cards `player` has not seen (the deck and that
        hand), and hidden leaders are drawn again from the leaders still unseen."""
        new = super().determinize(state, player, seed)
        new.stack = list(state.stack)
        mine = state.side_of(player) if player in state.sides.values() and not state.solitaire else None
        if state.solitaire:
            return new
        for side in SIDES:
            if side == mine:
                continue
            unseen = list(new.deck) + list(new.hands[side])
            unseen = draw_order(new, "determinize", unseen)
            size = len(new.hands[side])
            new.hands[side] = unseen[:size]
            new.deck = unseen[size:]
            # Unseen: the leaders in hand, in the cup, and face down on the map (their spots kept).
            spots = [new.leaders[n] for n in new.face_down if board().leaders[n].side == side]
            hidden = [n for n, loc in new.leaders.items() if board().leaders[n].side == side
                      and (loc in ("hand", "cup") or n in new.face_down)]
            held = sum(1 for n in hidden if new.leaders[n] == "hand")
            order = draw_order(new, "determinize_leaders", hidden)
            new.face_down = [n for n in new.face_down if board().leaders[n].side != side]
            for i, name in enumerate(order):
                if i < len(spots):
                    new.leaders[name] = spots[i]
                    new.face_down = sorted(new.face_down + [name])
                else:
                    new.leaders[name] = "hand" if i < len(spots) + held else "cup"
        return new

    def terms(self) -> list[tuple[str, str]]:
        """The data words the rules pass to term() as variables (words.py)."""
        from engine.alexander.words import KIND_NAMES, SIDE_NAMES

        b = board()
        found = [("alexander side", n) for n in SIDE_NAMES.values()]
        found += [("alexander space", n) for n in b.spaces]
        found += [("alexander province", n) for n in b.provinces]
        found += [("alexander leader", n) for n in b.leaders]
        found += [("alexander fleet", f"{n} fleet") for n in b.fleets]
        found += [("alexander card", c.name) for c in b.cards.values()]
        found += [("alexander treasury", n) for n in ("Full", "Low", "Empty")]
        found += [("alexander link", n) for n in dict.fromkeys(KIND_NAMES.values())]
        return found

    def concede(self, state: AlexState, player: str) -> tuple[AlexState, list[Event]]:
        """`player` gives up: the other side wins (the game has no turn limit). For the bot's
        /game concede; refused when the game is over or `player` has no seat."""
        if player not in state.sides.values():
            raise IllegalAction(msg("Only the game's players may concede."))
        if self.is_over(state):
            raise IllegalAction(msg("The game is over."))
        new = self.copy_state(state)
        new._decisions = None
        side = state.side_of(player) if not state.solitaire else self._conceding_side(state, player)
        new.victory.conceded = side
        new.victory.winner, new.victory.reason = other(side), "concession"
        new.stack = []
        new.version = state.version + 1
        events = [Event("concede", msg("The {side} concedes: the {winner} wins.", side=side_t(side),
                                       winner=side_t(other(side))), {"side": side, "player": player})]
        return new, events

    def secret_lines(self, state: AlexState, player: str) -> list:
        """The seat's hand and face-down leaders, by name (in solitaire: its own side's)."""
        from engine.alexander.card_texts import CARD_TEXTS
        from engine.alexander.words import card_t, leader_t, space_t

        if player not in state.sides.values():
            return []
        if state.solitaire:  # one member plays both sides: nothing is hidden, both hands (16.0)
            lines = []
            for side in SIDES:
                hand = state.hands.get(side, [])
                lines.append(msg_n("{side} hand, {n} card: {cards}.", "{side} hand, {n} cards: {cards}.", len(hand),
                                   side=side_t(side), cards=listing([card_t(c) for c in hand])) if hand
                             else msg("{side} hand: empty.", side=side_t(side)))
                lines += [msg("{card}: {effect}", card=card_t(c), effect=CARD_TEXTS[c]) for c in dict.fromkeys(hand)]
                hidden = sorted(n for n, loc in state.leaders.items() if loc == "hand" and board().leaders[n].side == side)
                if hidden:
                    lines.append(msg("{side} face-down leaders: {leaders}.", side=side_t(side),
                                     leaders=listing([leader_t(n) for n in hidden])))
            return lines
        side = state.side_of(player)
        hand = state.hands.get(side, [])
        lines = [msg_n("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}.", len(hand),
                       cards=listing([card_t(c) for c in hand])) if hand else msg("Your hand is empty.")]
        lines += [msg("{card}: {effect}", card=card_t(c), effect=CARD_TEXTS[c]) for c in dict.fromkeys(hand)]
        hidden = sorted(n for n, loc in state.leaders.items() if loc == "hand" and board().leaders[n].side == side)
        if hidden:
            lines.append(msg("Your face-down leaders: {leaders}.", leaders=listing([leader_t(n) for n in hidden])))
        on_map = [n for n in state.face_down if board().leaders[n].side == side]
        if on_map:  # placed alone, still face down to the other side (5.1, rules 4)
            where = [msg("{leader} at {space}", leader=leader_t(n), space=space_t(state.leaders[n][6:])) for n in on_map]
            lines.append(msg("Face down on the map: {leaders}.", leaders=listing(where)))
        return lines

    @staticmethod
    def _conceding_side(state: AlexState, player: str) -> str:
        return state.side_of(player)


def _copy_dict(d: dict) -> dict:
    """A copy of a small JSON-like dict, all the way down (battle and move contexts nest)."""
    return {k: _copy_value(v) for k, v in d.items()}


def _copy_value(v):
    if isinstance(v, dict):
        return {k: _copy_value(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_value(x) for x in v]
    return v


GAME = Alexander()
