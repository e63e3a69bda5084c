"""The private side of a decision: the prompt only its player sees (ephemeral or by DM), with
their secrets and what happened to them since their last choice, and the public post that
stands for it in the channel ("waiting on Bo" with an **Open my prompt** button).

The public post is built from public information only (the decision's `public_prompt`, who
is waited on), so it is the same whatever the player holds.
"""

from __future__ import annotations

import dataclasses

from bot.service import text
from bot.service.posts import Post
from bot.service.secrecy import hidden
from bot.service.slash import slash
from bot.service.turn.prompt import ButtonSpec, build_prompt, history_head, open_id
from bot.service.turn.specs import ROWS, button_id, order_id
from bot.storage.records import ChoiceRecord, LoadedGame
from engine import Decision, Event
from engine.core import ORDER_PREFIX, Game
from engine.text import layout, lines, msg

OPEN_LABEL = msg("Open my prompt")
PASS_LABEL = msg("⏭️ Let it pass (play nothing)")
RECAP_CHOICES = 20  # how far back the "since your last choice" account looks
RECAP_LINES = 10


def waiting_post(loaded: LoadedGame, decision: Decision, seat_index: int, user_id: int | None) -> Post:
    """The channel's post for a private decision: who is waited on and the button. A reaction
    window also has **Let it pass** beside it (issue 27): its owner answers "play nothing" in
    one click. The window opens whatever the hand, and so does the button (its label and id are
    the same for every hand), so it tells nothing."""
    body = text.waiting_text(hidden.shown_prompt(decision), decision.player, user_id)
    components = [ButtonSpec(open_id(loaded.id, seat_index), OPEN_LABEL, 0, "primary")]
    if decision.window and decision.pass_id:
        components.append(ButtonSpec(button_id(loaded.id, loaded.seq, history_head(loaded), seat_index,
                                               decision.pass_id), PASS_LABEL, 0, "secondary"))
    return Post(body, components=tuple(components), kind="prompt", version=loaded.seq)


def recap(choices: list[ChoiceRecord], seat: str) -> list[Event]:
    """The events addressed to `seat` since (and in) its last choice that was not a preference,
    among the recent `choices`: what it learnt that nobody else did ("You drew a 6")."""
    start = 0
    for i, choice in enumerate(choices):
        if choice.player == seat and not hidden.is_preference(choice.option_id):
            start = i
    events = [hidden.event_from_data(row) for choice in choices[start:] for row in choice.events]
    learnt = [e for e in hidden.private_events(events, seat) if e.kind != "preference"]  # they know those
    return learnt[-RECAP_LINES:]


def secrets_lines(engine: Game, loaded: LoadedGame, seat: str) -> list[str]:
    """`seat`'s own secrets: in the game's own words where it has them ("Your hand, 3 cards:
    ..."), else one line per part of the state ("hands: Bo: 3, 4, parry")."""
    told = engine.secret_lines(loaded.state, seat)
    if told is not None:
        return [layout("• {line}", line=line) for line in told]
    return [layout("• {part}: {value}", part=text.figure_word(key), value=hidden.compact(value))
            for key, value in hidden.secret_parts(engine, loaded.state, seat).items()]


ORDER_LABELS = {"never": msg("🔁 Never ask: let it pass"), "auto": msg("🔁 Play automatically"),
                "ask": msg("🔁 Always ask me")}


def order_offer(engine: Game, loaded: LoadedGame, decision: Decision, seat_index: int):
    """(the line, the 🔁 buttons) that offer a standing order on the first window of a kind the
    seat has not set one for yet (issue 27); None otherwise. Only its player sees them."""
    key = ORDER_PREFIX + decision.window
    if not decision.window or key in loaded.state.prefs.get(decision.player, {}):
        return None
    preference = engine.preference_table().get(key)
    if preference is None:
        return None
    line = msg("🔁 A standing order for {window} answers every such window for you, this one included; "
               "{command} changes it later.", window=preference.label, command=slash("game prefs", setting=key, value=""))
    buttons = tuple(ButtonSpec(order_id(loaded.id, seat_index, decision.window, value), ORDER_LABELS[value], 0,
                               "secondary") for value in ("never", "auto", "ask"))
    return line, buttons


def private_pages(engine: Game, loaded: LoadedGame, decision: Decision, seat_index: int, *, head: str,
                  learnt: list[Event], channel_id: int) -> list[Post]:
    """The private prompt: a header with the seat's secrets and recent private events, then the
    decision's own prompt and options (one post per page of options)."""
    head_lines = [msg("🔒 Only you see this: **{game}** in {channel}.", game=engine.title, channel=f"<#{channel_id}>")]
    secrets = secrets_lines(engine, loaded, decision.player)
    if secrets:
        head_lines += [msg("Your secrets:"), *secrets]
    if learnt:
        head_lines += [msg("Since your last choice:"), *text.event_lines(learnt)]
    pages = build_prompt(loaded.id, loaded.seq, decision, seat_index, head=head)
    offer = order_offer(engine, loaded, decision, seat_index)
    if offer is not None:
        line, buttons = offer
        head_lines.append(line)
        last = pages[-1]
        row = max((c.row for c in last.components), default=-1) + 1
        if row < ROWS:
            pages[-1] = dataclasses.replace(last, components=(*last.components,
                                                              *(dataclasses.replace(b, row=row) for b in buttons)))
    posts = []
    for number, page in enumerate(pages):
        body = layout("{prompt} ({part})", prompt=decision.prompt, part=page.part) if page.part else decision.prompt
        if number == 0:  # the prompt itself is never cut; a very long account is
            room = text.MESSAGE_LIMIT - len(body) - 1
            body = lines([text.clip(lines(head_lines), room), body])
        posts.append(Post(body, components=page.components, kind="dm_prompt", version=loaded.seq))
    return posts
