"""The Z cards (15.0): hands, the card segment (C/1), the draw (C/2), and the registry of what
each card does.

A card module registers, per card id, when it may be played in its owner's card segment
(`c1`) and what playing it does (`effect`, which pushes the tasks of its targets). Cards
played at other moments go through reaction windows (windows.py).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.alexander.board import MAC, board
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.words import card_t, side_t
from engine.core import Amounts, Item, Total, draw_order
from engine.text import msg, msg_n

C1: dict[str, Callable[[Ctx, str], bool]] = {}
EFFECT: dict[str, Callable[[Ctx, str], None]] = {}


def card(card_id: str, *, c1: Callable[[Ctx, str], bool] | None = None):
    """Register what playing a card does; `c1` says whether its owner may play it in the card
    segment now (None: never in the segment, only in a window)."""
    if card_id not in board().cards:
        raise ValueError(f"no card '{card_id}'")

    def register(fn):
        EFFECT[card_id] = fn
        if c1 is not None:
            C1[card_id] = c1
        return fn
    return register


def may_play(side: str, card_id: str) -> bool:
    who = board().cards[card_id].side
    return who == "any" or who == side


def holds(ctx: Ctx, side: str, card_id: str) -> bool:
    return card_id in ctx.s.hands[side]


def spend(ctx: Ctx, side: str, card_id: str) -> None:
    """Take a played card from the hand to the discards, out of the game, or into play."""
    s = ctx.s
    s.hands[side].remove(card_id)
    after = board().cards[card_id].after
    if after == "remove":
        s.removed.append(card_id)
    elif after == "in_play":
        s.in_play.append(card_id)
    else:
        s.discard.append(card_id)


def play(ctx: Ctx, side: str, card_id: str, **data) -> None:
    """Play a card: out of the hand, announced, and its effect's tasks scheduled."""
    spend(ctx, side, card_id)
    ctx.emit("card", msg("{side} plays {card}.", side=side_t(side), card=card_t(card_id)),
             side=side, card=card_id, **data)
    ctx.s.last = {"kind": "card", "side": side, "card": card_id}
    EFFECT[card_id](ctx, side)


def draw(ctx: Ctx, side: str) -> str | None:
    """One card from the deck into a hand; the discards are shuffled in when it runs out."""
    s = ctx.s
    if not s.deck:
        reshuffle(ctx)
    if not s.deck:
        return None
    card_id = s.deck.pop(0)
    s.hands[side].append(card_id)
    ctx.emit("draw", msg("{side} draws a card.", side=side_t(side)), side=side, hand=len(s.hands[side]))
    ctx.emit_private(side, "drew", msg("You drew {card}.", card=card_t(card_id)), card=card_id)
    if card_id == "proskynesis" and side == MAC and s.victory.proskynesis_by_action:
        # Proskynesis already declared without the card: it is discarded and replaced (card text).
        s.hands[side].remove(card_id)
        s.discard.append(card_id)
        ctx.emit("discard", msg("{side} discards {card} and draws again.", side=side_t(side), card=card_t(card_id)),
                 side=side, card=card_id)
        return draw(ctx, side)
    return card_id


def reshuffle(ctx: Ctx) -> None:
    s = ctx.s
    s.deck = draw_order(s, "deck", s.deck + s.discard)
    s.discard = []
    ctx.emit("reshuffle", msg("The discards are shuffled back into the deck."), size=len(s.deck))


def discard_cards(ctx: Ctx, side: str, cards: list[str]) -> None:
    for card_id in cards:
        ctx.s.hands[side].remove(card_id)
        ctx.s.discard.append(card_id)
    ctx.emit("discard", msg_n("{side} discards {n} card: {cards}.", "{side} discards {n} cards: {cards}.",
                              len(cards), side=side_t(side), cards=_names(cards)), side=side, cards=list(cards))


def _names(cards: list[str]):
    from engine.text import listing

    return listing([card_t(c) for c in cards])


# -- C/1: the card segment ----------------------------------------------------------------------
def segment_playable(ctx: Ctx, side: str, *, main_allowed: bool) -> list[str]:
    """The cards of the hand the side may play now in its card segment."""
    found = []
    for card_id in dict.fromkeys(ctx.s.hands[side]):
        info = board().cards[card_id]
        if not may_play(side, card_id) or card_id not in C1:
            continue
        if not info.pat and not main_allowed:
            continue
        if C1[card_id](ctx, side):
            found.append(card_id)
    return found


@decides("cards")
def _cards_decide(ctx: Ctx, t):
    s, side = ctx.s, t.side
    hand = s.hands[side]
    main_allowed = s.round > 1  # in the first round of the game only PAT cards (3.3)
    options = [opt(f"play:{c}", msg("Play {card}", card=card_t(c)), group=msg("Play a card"))
               for c in segment_playable(ctx, side, main_allowed=main_allowed)]
    if hand:
        options.append(opt("discard", msg("Discard cards")))
    full = len(hand) >= ctx.limits["hand_max"]
    if not full:
        options.append(opt("done", msg("Play no card")))
    if not options:
        options.append(opt("done", msg("Play no card")))
    prompt = (msg("Your hand is full: play or discard a card.") if full
              else msg("Card segment: play a card, discard, or go on."))
    return ctx.ask(side, prompt, options, "cards", private=True,
                   public_prompt=msg("The {side} plays or discards cards.", side=side_t(side)))


@chooses("cards")
def _cards_choose(ctx: Ctx, t, option_id: str):
    side = t.side
    if option_id == "done":
        return
    if option_id == "discard":
        ctx.then(task("discard_choice", side))
        return
    card_id = option_id.split(":", 1)[1]
    info = board().cards[card_id]
    if info.pat:
        ctx.then(task("cards", side))  # a PAT card comes on top of the segment's card (15.0)
    ctx.s.turn["card"] = card_id
    play(ctx, side, card_id)


@decides("discard_choice")
def _discard_decide(ctx: Ctx, t):
    side = t.side
    hand = ctx.s.hands[side]
    counts: dict[str, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    items = tuple(Item(c, card_t(c), n) for c, n in counts.items())
    amounts = Amounts(items, (Total(1, len(hand), label=msg("Cards to discard")),), prefix="discard")
    return ctx.ask(side, msg("Which cards do you discard? (Discarding ends your card segment.)"),
                   [opt("back", msg("Keep them all"))], "discard", amounts=amounts, private=True,
                   public_prompt=msg("The {side} plays or discards cards.", side=side_t(side)))


@chooses("discard_choice")
def _discard_choose(ctx: Ctx, t, option_id: str):
    side = t.side
    if option_id == "back":
        ctx.then(task("cards", side))
        return
    counts = _discard_decide(ctx, t).amounts.parse(option_id)
    cards = [c for c, n in counts.items() for _ in range(n)]
    discard_cards(ctx, side, cards)


@runs("draw_card")
def _draw_card(ctx: Ctx, t):
    if ctx.s.round == 1:  # no draw in the first round (3.3)
        return
    if len(ctx.s.hands[t.side]) >= ctx.limits["hand_max"]:
        # Never more than 5 cards: a full hand discards before it draws (15.0).
        ctx.then(task("overfull", t.side, limit=ctx.limits["hand_max"] - 1), task("draw_card", t.side))
        return
    draw(ctx, t.side)


def hand_limit_check(ctx: Ctx, side: str) -> None:
    """A hand above the limit (a card taken from the other hand or the discards) is cut back
    by the owner at once."""
    if len(ctx.s.hands[side]) > ctx.limits["hand_max"]:
        ctx.then(task("overfull", side, limit=ctx.limits["hand_max"]))


@decides("overfull")
def _overfull_decide(ctx: Ctx, t):
    side = t.side
    if len(ctx.s.hands[side]) <= t.args["limit"]:
        return None
    options = [opt(f"discard:{c}", msg("Discard {card}", card=card_t(c))) for c in dict.fromkeys(ctx.s.hands[side])]
    return ctx.ask(side, msg("Your hand is full: discard a card."), options, "discard", private=True,
                   public_prompt=msg("The {side} discards a card.", side=side_t(side)))


@runs("overfull")
def _overfull_none(ctx: Ctx, t):
    return


@chooses("overfull")
def _overfull_choose(ctx: Ctx, t, option_id: str):
    discard_cards(ctx, t.side, [option_id.split(":", 1)[1]])
    ctx.then(task("overfull", t.side, limit=t.args["limit"]))
