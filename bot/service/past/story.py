"""A game's past, drawn: the board at any stored step, the animation of the whole game and the
chart of the scores, all rebuilt from the stored choices.

These functions run in the render pool's workers (a thread, or a process for the animation),
never on the event loop: they replay choices through the engine and draw. Their input is a
`Tape`, plain picklable data read from storage; their output is bytes. What is drawn is public
only: a game with secrets is drawn from `view(state, None)` and highlighted from public events,
as its live boards are (bot/service/secrecy/hidden.py).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.service.secrecy import hidden
from bot.storage import replay as rp
from engine import Event
from engine.text import msg

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Tape:
    """Everything needed to rebuild a stretch of a stored game: its setup, a snapshot to start
    from (None: the setup itself) and the choices after it."""

    game: str
    game_id: int
    players: tuple[str, ...]
    seed: int
    options: dict
    rules_version: str
    start_seq: int = 0
    start_state: str | None = None
    choices: tuple[tuple[int, str, str], ...] = ()  # (seq, player, option_id)
    # The public events of each stored choice by seq (highlights and captions come from them).
    events: dict[int, tuple[Event, ...]] = field(default_factory=dict)
    # Steps left out of the animation (quiet preferences: their very existence is private).
    hidden_steps: frozenset[int] = frozenset()


def _start(tape: Tape) -> Any:
    engine = rp.engine_for(tape.game, tape.game_id)
    if tape.start_state is not None:
        return rp.parse_snapshot(engine, tape.game_id, tape.start_seq, tape.start_state)
    return rp.setup_state(engine, tape.game_id, list(tape.players), tape.seed, tape.options, tape.rules_version)


def states(tape: Tape):
    """(seq, state) from the tape's start through each of its choices."""
    engine = rp.engine_for(tape.game, tape.game_id)
    state = _start(tape)
    yield tape.start_seq, state
    for seq, player, option_id in tape.choices:
        state, _events = rp.apply_choice(engine, tape.game_id, state, seq, player, option_id)
        yield seq, state


def drawable(game_name: str) -> bool:
    import render

    return game_name in render.drawn_games()


def _highlight(game_name: str, events: Sequence[Event]) -> dict | None:
    import render

    if not events:
        return None
    try:
        return render.highlight_from_events(game_name, events)
    except Exception:  # a highlight is a nicety; never lose the board over it
        log.exception("highlight_from_events failed for %s", game_name)
        return None


@dataclass(frozen=True)
class StepView:
    """A past step drawn: the chat's image and the full board (None: no drawing), and the
    label of the option chosen at that step as its prompt offered it."""

    inline: bytes | None
    board: bytes | None
    label: str | None


def option_label(engine, state: Any, player: str, option_id: str) -> str | None:
    """The label the prompt showed for `option_id` when `player` chose it in `state`."""
    for decision in engine.pending(state):
        if decision.player == player and (option := decision.option(option_id)) is not None:
            return str(option.label or option.id)
    return None


def step_views(tape: Tape, step: int, lang: str | None = None) -> StepView:
    """The state after choice `step` (the tape's end), with that choice's public events
    highlighted. A drawing without the chat's close-up gives the board alone."""
    import render

    engine = rp.engine_for(tape.game, tape.game_id)
    state, label = _start(tape), None
    for seq, player, option_id in tape.choices:
        if seq == step:
            label = option_label(engine, state, player, option_id)
        state, _events = rp.apply_choice(engine, tape.game_id, state, seq, player, option_id)
    if not drawable(tape.game):
        return StepView(None, None, label)
    shown = hidden.board_input(engine, state)
    highlight = _highlight(tape.game, tape.events.get(step, ()))
    try:
        inline, board = render.render_views(tape.game, shown, highlight=highlight, **_lang(lang))
    except (AttributeError, NotImplementedError):  # a drawing with no close-up (a test game's)
        inline, board = None, render.render_png(tape.game, shown, highlight=highlight, **_lang(lang))
    return StepView(inline, board, label)


def _lang(lang: str | None) -> dict:
    """The drawing's language (English, render's own, needs no argument: test drawings take none)."""
    return {"lang": lang} if lang and lang != "en" else {}


def caption(player: str, events: Sequence[Event], highlight: dict | None, chose: str | None = None) -> str:
    """What a frame says happened: the narration of the step's public events (it names the
    players); when nothing public was told, what they chose from a public decision ("Ann
    decided." alone said nothing: issue 28), else only that they decided."""
    told = (highlight or {}).get("text") or " ".join(str(e.text) for e in events if e.text)
    if told:
        return told
    return msg("{player} chose: {choice}", player=player, choice=chose) if chose else msg("{player} decided.", player=player)


def chosen_label(engine, before, player: str, option_id: str) -> str | None:
    """The label of what `player` chose at `before`, when the decision was public (a private
    one's options are their secret)."""
    try:
        decision = next((d for d in engine.pending(before) if d.player == player and d.offers(option_id)), None)
    except Exception:  # a label is a nicety; the frame still says who decided
        return None
    if decision is None or decision.private:
        return None
    option = decision.option(option_id)
    return option.label if option is not None else None


def animation(tape: Tape, max_bytes: int | None = None, lang: str | None = None) -> bytes | None:
    """The GIF of the tape from setup: one frame per step (the step's number and action on it),
    quiet preference steps left out. None for a game without a drawing, or whose drawing has no
    animation frame."""
    import render

    if not drawable(tape.game):
        return None
    engine = rp.engine_for(tape.game, tape.game_id)
    players = {seq: player for seq, player, _ in tape.choices}
    chosen = {seq: option_id for seq, _, option_id in tape.choices}
    frames = []
    before = None
    for seq, state in states(tape):
        if seq == tape.start_seq or seq in tape.hidden_steps:
            before = state
            continue
        events = tape.events.get(seq, ())
        highlight = _highlight(tape.game, events)
        told = highlight.get("text") if highlight else None
        label = None if told or before is None else chosen_label(engine, before, players[seq], chosen[seq])
        frames.append((hidden.board_input(engine, state), caption(players[seq], events, highlight, label), highlight))
        before = state
    if not frames:
        return None
    try:
        return render.render_animation(tape.game, frames, max_bytes=max_bytes, **_lang(lang))
    except (AttributeError, NotImplementedError):
        return None


def score_chart(tape: Tape, lang: str | None = None) -> bytes | None:
    """The chart of every player's score after each step of the tape (from setup), or None
    for a game whose drawing keeps no scores."""
    import render

    if not drawable(tape.game):
        return None
    engine = rp.engine_for(tape.game, tape.game_id)
    series, rounds, last, real = [], [], None, None
    try:
        for _seq, state in states(tape):
            real, last = state, hidden.board_input(engine, state)
            series.append(render.scores(tape.game, last))
            rounds.append(render.step_round(tape.game, last))
        final = engine.result(real) if real is not None and engine.is_over(real) else None  # public once over
        return render.render_score_chart(tape.game, series, state=last, rounds=rounds if None not in rounds else None,
                                         final=final, **_lang(lang))
    except (AttributeError, NotImplementedError):
        return None
