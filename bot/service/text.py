"""Words for Discord: events, status, results and help, always within Discord's limits.

Pure functions of engine objects and plain data; nothing here talks to Discord. Long
accounts are split into several messages rather than cut, so no die roll is ever lost.
Every text stays a message id (engine.text) until the publisher renders it in its reader's
language (bot/discord_ui/speech.py), which also splits a translation longer than a message.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime

from bot.service.secrecy.hidden import shown_prompt
from bot.service.slash import slash
from engine import Decision, Event
from engine.text import Msg, joined, layout, lines, listing, msg, term
from engine.told import told

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
    """`text` shortened to `limit` characters, marking the cut with an ellipsis. A message id
    (Msg) is never cut here: cutting its English would leave English in every language (issue
    28: Italian buttons cut to "Remove 1 elite cube, …"); the publisher translates it first,
    then clips (bot/discord_ui/speech.py, modals.build_modal)."""
    if len(text) <= limit or isinstance(text, Msg):
        return text
    return text[: max(0, limit - 1)] + "…"


def first_line(text: str) -> str:
    """The first line of `text`, still a message id when it is one (a `lines()` text's first
    part; any other Msg is kept whole rather than cut to English)."""
    if isinstance(text, Msg):
        if text.layout and text.mid.startswith("{l0}\n"):
            return first_line(text.params["l0"])
        return text
    return text.split("\n")[0]


def chunk_lines(texts: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into as few messages as fit in `limit` characters each (in English; the
    publisher splits a longer translation again), never splitting a line unless that one line
    alone is too long. Each message is the lines' `lines()`, still in every language."""
    chunks: list[str] = []
    current: list = []
    size = 0
    for line in texts:
        while len(line) > limit:
            if current:
                chunks.append(lines(current))
                current, size = [], 0
            chunks.append(str(line)[:limit])
            line = str(line)[limit:]
        added = len(line) + (1 if current else 0)
        if current and size + added > limit:
            chunks.append(lines(current))
            current, size = [line], len(line)
        else:
            current.append(line)
            size += added
    if current:
        chunks.append(lines(current))
    return chunks


def has_dice(event: Event) -> bool:
    """Whether an event reports dice: a roll event or any event carrying dice in its data."""
    if event.kind in ("roll", "dice"):
        return True
    return any("dice" in key or key in ("roll", "rolls") for key in event.data)


def event_lines(events: Sequence[Event]) -> list[str]:
    """One line per event, with its mark; what every player gets in turn is one line for all
    (engine.told, which the terminal tells the same way)."""
    return [layout("{mark} {event}", mark=_EVENT_MARKS.get(event.kind, "•"), event=said) for event, said in told(events)]


def account(header: str, events: Sequence[Event], limit: int = MESSAGE_LIMIT) -> list[str]:
    """The messages telling what happened: a header line, then one line per event."""
    return chunk_lines([header, *event_lines(events)], limit)


def mention(user_id: int | None, seat: str) -> str:
    return f"<@{user_id}>" if user_id else f"**{seat}**"


def prompt_text(decision: Decision, user_id: int | None, *, part: str = "") -> str:
    """The line above a decision's buttons: who must decide and what."""
    if part:
        return layout("{who}, {prompt} ({part})", who=mention(user_id, decision.player), prompt=decision.prompt,
                      part=part)
    return layout("{who}, {prompt}", who=mention(user_id, decision.player), prompt=decision.prompt)


def waiting_text(public_prompt: str, seat: str, user_id: int | None) -> str:
    """The channel's line for a private decision: only what everyone may know."""
    return msg("{who}, {prompt}\n🔒 Your options are private: click **Open my prompt** to see them (only you can).",
               who=mention(user_id, seat), prompt=public_prompt)


def chosen_header(seat: str, label: str, private: bool) -> str:
    """The first line of the board post after a choice; a private choice is not named (the
    game's public events say what everyone may know of it)."""
    return msg("**{player}** has chosen.", player=seat) if private else \
        msg("**{player}** chose **{choice}**.", player=seat, choice=label)


def relative_time(moment: datetime) -> str:
    """Discord renders <t:...:R> as '3 hours ago' in each reader's own time zone."""
    return f"<t:{int(moment.timestamp())}:R>"


# Words for the figures the games report in their summaries and standings (keys of data).
FIGURES = {
    "vp": msg("VP"), "treasury": msg("treasury"), "score": msg("score"), "byzantine_vp": msg("Byzantine VP"),
    "arab_vp": msg("Arab VP"), "total_vp": msg("total VP"), "halved": msg("halved"), "cities": msg("cities"),
    "money": msg("money"), "nation": msg("nation"), "side": msg("side"), "reason": msg("reason"),
    "byzantine": msg("Byzantine"), "arab": msg("Arab"), "team": msg("team"),
}
REASONS = {"alexander_dead": msg("Alexander is dead"), "mutiny": msg("mutiny"),
           "objectives": msg("the objectives reached"), "conceded": msg("conceded")}
PHASES = {
    "setup": msg("setup"), "sustenance": msg("sustenance"), "trade": msg("trade"),
    "development": msg("development"), "maneuver": msg("maneuver"), "upkeep": msg("upkeep"),
    "over": msg("the game is over"),
}


def figure_word(key: str):
    """A summary's or a standing's key in words (a key no game told us about: as it is)."""
    return FIGURES.get(key) or key.replace("_", " ")


def figure_value(key: str, value):
    """A figure's value in words: nations, sides and reasons are game terms; numbers stay."""
    if key == "nation" and isinstance(value, str):
        return term("wt nation", value.replace("_", " ").title())
    if key == "side" and isinstance(value, str) and value in ("macedonian", "persian"):
        return term("alexander side", value.title())
    if key == "reason" and isinstance(value, str):
        return REASONS.get(value) or value
    return _compact(value)


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
    out = [layout("**{title}** — {status}", title=title, status=status)]
    if "round" in summary:
        out.append(msg("Round {round}", round=summary["round"]))
    elif "turn" in summary:  # Warriors & Traders counts turns, each in phases
        if summary.get("phase"):
            out.append(msg("Turn {turn}, {phase} phase", turn=summary["turn"],
                           phase=PHASES.get(summary["phase"]) or summary["phase"]))
        else:
            out.append(msg("Turn {turn}", turn=summary["turn"]))
    if decisions:
        waiting = listing(sorted({mention(seats.get(d.player), d.player) for d in decisions}))
        if since:
            out.append(msg("Waiting on {players} since {when}:", players=waiting, when=relative_time(since)))
        else:
            out.append(msg("Waiting on {players}:", players=waiting))
        out.extend(layout("• {player}: {prompt}", player=d.player, prompt=shown_prompt(d)) for d in decisions)
    players = summary.get("players")
    if isinstance(players, Mapping) and players:
        out.append(msg("Scores so far:"))
        for seat, info in players.items():
            out.append(layout("• {player}: {scores}", player=seat, scores=_score_words(info)))
    return chunk_lines(out)[0]


def _score_words(info) -> str:
    if not isinstance(info, Mapping):
        return str(info)
    parts = []
    for key, value in info.items():
        if key in ("vp", "treasury", "score") or key.endswith("_vp") or key.endswith("treasury"):
            parts.append(layout("{figure} {value}", figure=figure_word(key), value=_compact(value)))
    return listing(parts) if parts else "—"


def number(value) -> str:
    """A figure as a player writes it: 72, not 72.0 (a fraction keeps its decimals)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _compact(value) -> str:
    if isinstance(value, Mapping):
        return joined([layout("{figure} {value}", figure=figure_word(str(k)), value=number(v))
                       for k, v in value.items()], " / ")
    if isinstance(value, list | tuple):
        return ", ".join(number(v) for v in value)
    return number(value)


def result_lines(title: str, standings: Sequence[Mapping], seats: Mapping[str, int],
                 bots: Collection[str] = ()) -> list[str]:
    """Final scores with every tie-break figure the engine reports; the seats a bot played
    (`bots`) are marked 🤖, and a last line says the game counts for nobody's rating."""
    out = [msg("🏁 **{game}** is over. Final scores:", game=title)]
    for row in sorted(standings, key=lambda r: r.get("rank", 0)):
        seat = str(row.get("player"))
        # A team (cooperative play) lists its players: each of them is mentioned.
        members = row.get("players") if isinstance(row.get("players"), list) else [seat]
        user_ids = [seats[m] for m in members if m in seats]
        who = f"**{seat}**" + "".join(f" <@{u}>" for u in user_ids) + (" 🤖" if set(members) & set(bots) else "")
        extras = [_figure(k, v) for k, v in row.items()
                  if k not in ("player", "players", "score", "rank") and v is not False and v is not None]
        if extras:
            out.append(layout("{rank}. {who}: **{score}** ({extras})", rank=row.get("rank"), who=who,
                              score=number(row.get("score")), extras=_comma_list(extras)))
        else:
            out.append(layout("{rank}. {who}: **{score}**", rank=row.get("rank"), who=who,
                              score=number(row.get("score"))))
    if bots:
        out.append(msg("🤖 A game with bot players: it counts for nobody's skill rating."))
    return out


def _comma_list(items: list) -> Msg:
    return joined(items, ", ")


def _figure(key: str, value):
    if value is True:
        return figure_word(key)
    return layout("{figure} {value}", figure=figure_word(key), value=figure_value(key, value))


def help_text(title: str, decision: Decision | None, rules_hint: str | None, *, own: bool = False) -> str:
    """`own`: the decision is the reader's, who may see its private prompt."""
    out = [
        msg("**Playing {game} here**", game=title),
        msg("The bot posts the board after every move, then asks the player it waits on. "
            "Click a button (or pick from a menu) to choose; only that player can."),
        msg("{status} whose turn it is · {map} the board · {log} recent events · "
            "{takeback} undo your own last choice if no die was rolled and nobody chose since · "
            "{ping} how you are reminded.", status=slash("game status"), map=slash("game map"),
            log=slash("game log"), takeback=slash("game takeback"), ping=slash("settings ping")),
        msg("{mine} every game of yours on this server, those waiting on you first · {away} no reminders while "
            "you are away.", mine=slash("game mine"), away=slash("settings away", until="")),
    ]
    if decision is not None:
        out.append(layout("\n{now}", now=msg("**Now:** {player} — {prompt}", player=decision.player,
                                                prompt=decision.prompt if own else shown_prompt(decision))))
        if rules_hint:
            out.append(rules_hint)
    return clip(lines(out), MESSAGE_LIMIT)


# -- turn messages (see turns.py) --------------------------------------------------------------------

def account_lines(header: str, events: Sequence[Event]) -> list[str]:
    """What happened: a header line (if any), then one line per event."""
    return [*([header] if header else []), *event_lines(events)]


def answered_line(seat: str, label: str, private: bool) -> str:
    """An answered prompt, shrunk to one line; a private answer is not named."""
    if private:
        return msg("✅ **{player}** has chosen.", player=seat)
    return msg("✅ **{player}** chose **{option}**.", player=seat, option=clip(label, 200))


def join_lines(body: str | None, texts: Sequence[str]) -> str:
    return lines([part for part in (body, *texts) if part])


def with_prompt(account: str, prompt: str) -> str:
    """A turn message's text: the account, a blank line, the prompt's question."""
    return layout("{account}\n\n{prompt}", account=account, prompt=prompt) if account else prompt


def split_account(texts: Sequence[str], prompt: str, limit: int = MESSAGE_LIMIT) -> tuple[list[str], str]:
    """(messages to post before, the account that fits above `prompt` in one message): the
    newest lines stay with the prompt, the older ones go before, never cut (measured in English;
    the publisher splits a longer translation again)."""
    room = limit - len(prompt) - 2
    kept: list[str] = []
    size = -1
    for line in reversed(texts):
        if size + len(line) + 1 > room:
            break
        kept.insert(0, line)
        size += len(line) + 1
    earlier = list(texts[: len(texts) - len(kept)])
    return chunk_lines(earlier, limit), lines(kept)
