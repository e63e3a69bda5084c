"""Words for Discord: events, status, results and help, always within Discord's limits.

Pure functions of engine objects and plain data; nothing here talks to Discord. Long
accounts are split into several messages rather than cut, so no die roll is ever lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from bot.service.hidden import shown_prompt
from engine import Decision, Event
from engine.text import msg

MESSAGE_LIMIT = 2000

# A mark per event kind, so a reader scanning a long account finds the dice and the VP fast.
_EVENT_MARKS = {
    "roll": "🎲",
    "dice": "🎲",
    "hits": "💥",
    "battle": "⚔️",
    "conquest": "🏴",
    "siege": "🏰",
    "vp": "⭐",
    "round_end": "🔔",
    "game_over": "🏁",
}


def clip(text: str, limit: int) -> str:
    """`text` shortened to `limit` characters, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + "…"


def chunk_lines(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into as few messages as fit in `limit` characters each, never splitting a
    line unless that one line alone is too long."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current:
        chunks.append(current)
    return chunks


def has_dice(event: Event) -> bool:
    """Whether an event reports dice: a roll event or any event carrying dice in its data."""
    if event.kind in ("roll", "dice"):
        return True
    return any("dice" in key or key in ("roll", "rolls") for key in event.data)


def event_line(event: Event) -> str:
    mark = _EVENT_MARKS.get(event.kind, "•")
    return f"{mark} {event.text}"


def event_lines(events: Sequence[Event]) -> list[str]:
    return [event_line(e) for e in events if e.text]


def account(header: str, events: Sequence[Event], limit: int = MESSAGE_LIMIT) -> list[str]:
    """The messages telling what happened: a header line, then one line per event."""
    return chunk_lines([header, *event_lines(events)], limit)


def mention(user_id: int | None, seat: str) -> str:
    return f"<@{user_id}>" if user_id else f"**{seat}**"


def prompt_text(decision: Decision, user_id: int | None, *, part: str = "") -> str:
    """The line above a decision's buttons: who must decide and what."""
    suffix = f" ({part})" if part else ""
    return clip(f"{mention(user_id, decision.player)}, {decision.prompt}{suffix}", MESSAGE_LIMIT)


def waiting_text(public_prompt: str, seat: str, user_id: int | None) -> str:
    """The channel's line for a private decision: only what everyone may know."""
    return clip(f"{mention(user_id, seat)}, {public_prompt}\n🔒 Your options are private: click "
                "**Open my prompt** to see them (only you can).", MESSAGE_LIMIT)


def chosen_header(seat: str, label: str, private: bool) -> str:
    """The first line of the board post after a choice; a private choice is not named (the
    game's public events say what everyone may know of it)."""
    return f"**{seat}** has chosen." if private else f"**{seat}** chose **{label}**."


def relative_time(moment: datetime) -> str:
    """Discord renders <t:...:R> as '3 hours ago' in each reader's own time zone."""
    return f"<t:{int(moment.timestamp())}:R>"


def status_text(
    title: str,
    summary: Mapping,
    decisions: Sequence[Decision],
    seats: Mapping[str, int],
    *,
    since: datetime | None,
    status: str,
) -> str:
    """`/game status`: whose turn, since when, the round and the scores so far."""
    lines = [f"**{title}** — {status}"]
    if "round" in summary:
        lines.append(f"Round {summary['round']}")
    elif "turn" in summary:  # Warriors & Traders counts turns, each in phases
        phase = f", {summary['phase']} phase" if summary.get("phase") else ""
        lines.append(f"Turn {summary['turn']}{phase}")
    if decisions:
        waiting = ", ".join(sorted({mention(seats.get(d.player), d.player) for d in decisions}))
        when = f" since {relative_time(since)}" if since else ""
        lines.append(f"Waiting on {waiting}{when}:")
        lines.extend(f"• {d.player}: {shown_prompt(d)}" for d in decisions)
    players = summary.get("players")
    if isinstance(players, Mapping) and players:
        lines.append("Scores so far:")
        for seat, info in players.items():
            lines.append(f"• {seat}: {_score_words(info)}")
    return "\n".join(chunk_lines(lines)[:1])


def _score_words(info) -> str:
    if not isinstance(info, Mapping):
        return str(info)
    parts = []
    for key, value in info.items():
        if key in ("vp", "treasury", "score") or key.endswith("_vp") or key.endswith("treasury"):
            parts.append(f"{key.replace('_', ' ')} {_compact(value)}")
    return ", ".join(parts) or "—"


def number(value) -> str:
    """A figure as a player writes it: 72, not 72.0 (a fraction keeps its decimals)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _compact(value) -> str:
    if isinstance(value, Mapping):
        return "/".join(f"{k} {number(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(number(v) for v in value)
    return number(value)


def result_lines(title: str, standings: Sequence[Mapping], seats: Mapping[str, int]) -> list[str]:
    """Final scores with every tie-break figure the engine reports."""
    lines = [f"🏁 **{title}** is over. Final scores:"]
    for row in sorted(standings, key=lambda r: r.get("rank", 0)):
        seat = str(row.get("player"))
        # A team (cooperative play) lists its players: each of them is mentioned.
        members = row.get("players") if isinstance(row.get("players"), list) else [seat]
        user_ids = [seats[m] for m in members if m in seats]
        who = f"**{seat}**" + "".join(f" <@{u}>" for u in user_ids)
        extras = ", ".join(_figure(k, v) for k, v in row.items()
                           if k not in ("player", "players", "score", "rank") and v is not False and v is not None)
        tail = f" ({extras})" if extras else ""
        lines.append(f"{row.get('rank')}. {who}: **{number(row.get('score'))}**{tail}")
    return lines


def _figure(key: str, value) -> str:
    name = key.replace("_", " ")
    return name if value is True else f"{name} {_compact(value)}"


def help_text(title: str, decision: Decision | None, rules_hint: str | None, *, own: bool = False) -> str:
    """`own`: the decision is the reader's, who may see its private prompt."""
    lines = [
        f"**Playing {title} here**",
        "The bot posts the board after every move, then asks the player it waits on. "
        "Click a button (or pick from a menu) to choose; only that player can.",
        "`/game status` whose turn it is · `/game map` the board · `/game log` recent events · "
        "`/game takeback` undo your own last choice if no die was rolled and nobody chose since · "
        "`/settings ping` how you are reminded.",
    ]
    if decision is not None:
        lines.append(f"\n**Now:** {decision.player} — {decision.prompt if own else shown_prompt(decision)}")
        if rules_hint:
            lines.append(rules_hint)
    return clip("\n".join(lines), MESSAGE_LIMIT)


# -- turn messages (see turns.py) --------------------------------------------------------------------

def account_lines(header: str, events: Sequence[Event]) -> list[str]:
    """What happened: a header line (if any), then one line per event."""
    return [*([header] if header else []), *event_lines(events)]


def answered_line(seat: str, label: str, private: bool) -> str:
    """An answered prompt, shrunk to one line; a private answer is not named."""
    if private:
        return msg("✅ **{player}** has chosen.", player=seat)
    return msg("✅ **{player}** chose **{option}**.", player=seat, option=clip(label, 200))


def join_lines(body: str | None, lines: Sequence[str]) -> str:
    return "\n".join(part for part in (body, *lines) if part)


def with_prompt(account: str, prompt: str) -> str:
    """A turn message's text: the account, a blank line, the prompt's question."""
    return f"{account}\n\n{prompt}" if account else prompt


def split_account(lines: Sequence[str], prompt: str, limit: int = MESSAGE_LIMIT) -> tuple[list[str], str]:
    """(messages to post before, the account that fits above `prompt` in one message): the
    newest lines stay with the prompt, the older ones go before, never cut."""
    room = limit - len(prompt) - 2
    kept: list[str] = []
    size = -1
    for line in reversed(lines):
        if size + len(line) + 1 > room:
            break
        kept.insert(0, line)
        size += len(line) + 1
    earlier = list(lines[: len(lines) - len(kept)])
    return chunk_lines(earlier, limit), "\n".join(kept)
