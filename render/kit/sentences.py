"""The last action's narration: the highlight's sentences (each flagged as an outcome or not),
fitted to a few lines so the outcome is never the part cut; what everyone may read of a
decision."""

from __future__ import annotations

from collections.abc import Sequence

from render.kit.language import say
from render.kit.lettering import text_width, wrap


def public_prompt(decision) -> str:
    """What everyone may read of a decision: its prompt, or for a private one only its public
    prompt (boards and the chat's strip are public), in the drawing's language."""
    if getattr(decision, "private", False):
        return say(getattr(decision, "public_prompt", "") or "")
    return say(getattr(decision, "prompt", "") or "")


def highlight_dict(places: dict[str, list[str]], routes: list[list[str]], said: list[tuple[str, bool]], last_text: str) -> dict:
    """A highlight from what the events named: each non-empty list of places once per name,
    the routes as drawn, and the narration: "text" all of it in one line, "said" the same as
    [sentence, is an outcome] pairs, so a board short of room drops the steps, never the
    result (the last event's text when nothing else was worth saying). The sentences stay
    message ids (the board says them in its language)."""
    highlight: dict = {key: list(dict.fromkeys(names)) for key, names in places.items() if names}
    if routes:
        highlight["routes"] = routes
    said = list(dict.fromkeys((text, bool(important)) for text, important in said)) or (
        [(last_text, False)] if last_text else []
    )
    if said:
        highlight["text"] = " ".join(text for text, _ in said)
        highlight["said"] = [[text, important] for text, important in said]
    return highlight


def narration(highlight: dict) -> list[tuple[str, bool]]:
    """The highlight's sentences as (text, is an outcome); a hand-made highlight with only
    "text" is one sentence. In the drawing's language."""
    said = highlight.get("said")
    if said:
        return [(say(text), bool(important)) for text, important in said]
    return [(say(highlight["text"]), False)] if highlight.get("text") else []


ELLIPSIS = "…"


def fit_sentences(
    parts: Sequence[tuple[str, bool]], size: int, width: float, max_lines: int, min_size: int
) -> tuple[list[str], int]:
    """The lines (at most `max_lines`, each within `width`) and font size for a narration made
    of sentences, each flagged important (an outcome: a battle's result, a conquest). The size
    shrinks down to `min_size`; if it still does not fit, unimportant sentences are dropped
    from the middle (the first one stays, for context) and marked with "…", so the outcome is
    never the part that is cut. Only if the important ones alone do not fit is the last line
    cut with "…"."""
    parts = [(say(p).strip(), important) for p, important in parts if p and say(p).strip()]
    if not parts:
        return [], size
    for trial in range(size, min_size - 1, -1):
        lines = wrap(" ".join(p for p, _ in parts), trial, width)
        if len(lines) <= max_lines:
            return lines, trial
    keep = list(parts)
    droppable = [i for i, (_, important) in enumerate(parts) if not important and i > 0]
    while droppable:
        drop = droppable.pop(len(droppable) // 2)
        keep[drop] = (ELLIPSIS, False)
        lines = wrap(_join_kept(keep), min_size, width)
        if len(lines) <= max_lines:
            return lines, min_size
    if len(keep) > 1 and not keep[0][1]:
        keep[0] = (ELLIPSIS, False)
    lines = wrap(_join_kept(keep), min_size, width)
    if len(lines) > max_lines:
        last = lines[max_lines - 1]
        while last and text_width(last + ELLIPSIS, min_size) > width:
            last = last[:-1]
        # Cut at a word, never after a full stop ("Thessalonica.…"), nor in the middle of a word.
        cut = last.rsplit(" ", 1)[0] if " " in last else last
        lines = lines[: max_lines - 1] + [cut.rstrip(" .,;:") + ELLIPSIS]
    return lines, min_size


def _join_kept(parts: Sequence[tuple[str, bool]]) -> str:
    """Sentences joined by spaces, runs of dropped ones ("…") shown once."""
    out: list[str] = []
    for content, _ in parts:
        if content == ELLIPSIS and out and out[-1] == ELLIPSIS:
            continue
        out.append(content)
    return " ".join(out)
