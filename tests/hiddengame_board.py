"""A plain board for the secret duel (tests/hiddengame.py), drawn from the public view only.

The bot hands a game with secrets its public view, `view(state, None)`, never the state: this
drawing shows what everyone may see (damage, hand sizes, the deck's size, the discard pile,
whose turn) and so must come out byte for byte the same whatever the hands hold.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image, ImageDraw

SIZE = (360, 150)


def render_png(view: dict, *, highlight: dict | None = None) -> bytes:
    image = Image.new("RGB", SIZE, "white")
    draw = ImageDraw.Draw(image)
    y = 8
    for player, damage in view["damage"].items():
        mark = ">" if view["turn"] == player else " "
        draw.text((8, y), f"{mark} {player}: damage {damage}/12, {view['hand_sizes'][player]} cards", fill="black")
        draw.rectangle((200, y + 2, 200 + 12 * damage, y + 10), fill="firebrick")
        y += 20
    draw.text((8, y), f"deck {view['deck']} · discard {', '.join(view['discard'][-5:]) or '-'}", fill="black")
    if view.get("attack"):
        draw.text((8, y + 20), f"attack of {view['attack']} waiting", fill="black")
    if highlight and highlight.get("text"):
        draw.text((8, SIZE[1] - 20), str(highlight["text"])[:60], fill="navy")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def highlight_from_events(events: Iterable) -> dict:
    texts = [str(getattr(e, "text", "")) for e in events]
    return {"text": texts[-1] if texts else ""}
