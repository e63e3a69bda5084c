"""What may be shown of a game, and to whom: the bot's side of the engine's secrets contract.

Everything stored stays stored (the choices and their events keep the whole truth, so undo,
replays and exports with `reveal` work); these pure functions decide only what is *shown*:
- the public sees public events, public prompts ("waiting on Bo"), and boards drawn from
  `view(state, None)`;
- a seat sees, privately, its own secrets (the parts of its view the public view lacks) and
  the events addressed to it;
- a standing order or other preference is a stored choice (`pref:...`) that only its owner
  ever sees; a "quiet" one (it settled nothing, so nothing public happened) leaves every
  prompt of the game valid.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import Decision, Event
from engine.core import PREF_PREFIX, Game, visible_events
from engine.text import from_data, msg


def has_secrets(engine: Game) -> bool:
    """Whether the game hides anything (hands, decks, reaction windows)."""
    return bool(engine.secrets or engine.windows)


def public_events(events: Iterable[Event]) -> list[Event]:
    return visible_events(list(events), None)


def events_for(events: Iterable[Event], seat: str | None) -> list[Event]:
    """What `seat` may read: the public events and those addressed to it."""
    return visible_events(list(events), seat)


def private_events(events: Iterable[Event], seat: str) -> list[Event]:
    """Only the events addressed to `seat` (what nobody else learns)."""
    return [e for e in events if e.private_to and seat in e.private_to]


def event_from_data(row: Mapping) -> Event:
    """A stored event (storage keeps the dataclass as JSON), with its audience."""
    return Event(row.get("kind", ""), from_data(row.get("text", "")), row.get("data") or {},
                 private_to=tuple(row.get("private_to") or ()))


def shown_prompt(decision: Decision) -> str:
    """The words anyone but the deciding player may see about a decision."""
    if not decision.private:
        return decision.prompt
    return decision.public_prompt or msg("{player} is deciding.", player=decision.player)


def board_input(engine: Game, state: Any) -> Any:
    """What the board drawing is given: the state itself for a game without secrets (its
    boards stay exactly as they were), the public view for a game with secrets."""
    return engine.view(state, None) if engine.secrets else state


def is_preference(option_id: str) -> bool:
    return option_id.startswith(PREF_PREFIX)


def is_quiet_preference(option_id: str, events: Sequence[Mapping]) -> bool:
    """A stored preference choice after which nothing public happened (it settled no
    decision): the game waits on the same decisions as before it."""
    return is_preference(option_id) and all(row.get("private_to") for row in events)


def secret_parts(engine: Game, state: Any, seat: str) -> dict:
    """The parts of `seat`'s view that the public view does not show (its hand ...)."""
    public = engine.view(state, None)
    return {key: value for key, value in engine.view(state, seat).items() if public.get(key) != value}


def compact(value: Any) -> str:
    """A secret as short text: `{"Bo": ["3", "parry"]}` -> `Bo: 3, parry`."""
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {compact(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        return ", ".join(compact(v) for v in value) or "none"
    return str(value)


PIN_OPTIONS = ("dice", "draws")  # pinned rolls and deck orders tell the future: never shown


def public_options(options: Mapping) -> dict:
    return {k: v for k, v in options.items() if k not in PIN_OPTIONS}
