"""Answering a game through the bot against the Discord stand-in as members do, whatever the
answer's shape: a button or a menu on the member's own live prompt, a group opened first (the
second click), an amounts form filled in and submitted. The game's state is read as the bot has
it (its database), so a test or a bench can choose what to answer. Used by tests/test_e2e_wt.py
and bench/pbp_bot.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot_playing import form_values
from e2e_kit import GROUP_ID, GROUP_SELECT_ID, WAIT, Table, options_on, questions, seat_of_id

from bot.service.turn.prompt import FORM_LABEL, WHOLE_REF
from engine import get_game
from engine.core import Decision
from locales import LANGUAGES, SOURCE, tr

ANSWER_WAIT = 120.0
FORM_LABELS = tuple(tr(FORM_LABEL, lang) for lang in (SOURCE, *LANGUAGES))  # the form's button in any language


def engine_state(db_path: Path, game_id: int):
    """The game's state now, as the bot has it: its last snapshot and the choices after it."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10)
    try:
        name = conn.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        seq, text = conn.execute("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                 (game_id,)).fetchone()
        after = conn.execute("SELECT player, option_id FROM choices WHERE game_id = ? AND seq > ? ORDER BY seq",
                             (game_id, seq)).fetchall()
    finally:
        conn.close()
    game = get_game(name)
    state = game.loads(text)
    for player, option_id in after:
        state, _ = game.apply(state, player, option_id)
    return game, state


async def give(table: Table, member, decision: Decision, answer: str) -> None:
    """Give `answer` on `member`'s live prompt as a member would, and wait for the bot."""
    fake = table.fake

    seat = table.seat_index.get(member.id)

    def own() -> list:
        return [m for m in table.live_prompts() if member.id in questions(m)]

    def theirs(custom_id: str | None) -> bool:  # a message shared by several players: only theirs
        return seat is None or seat_of_id(custom_id) == seat

    # Several players asked at once: the bot edits their messages one after the other, so the
    # member's own prompt may come up a moment after the first message of the new version.
    await fake.wait_for(own, ANSWER_WAIT, f"{member.name}'s prompt")
    mine = own()
    version = table.version()
    choice = options_on(mine, seat).get(answer)
    if choice is None and decision.amounts is not None and decision.amounts.parse(answer) is not None:
        ix = await submit_form(table, member, mine, decision, answer, theirs)
    else:
        if choice is None:
            for message in mine:
                for button in message.buttons():
                    if choice is None and GROUP_ID.fullmatch(button.custom_id or "") and theirs(button.custom_id):
                        opened = await fake.open(member, message, button.custom_id)
                        choice = options_on([opened]).get(answer)
                for menu in message.selects():
                    for group in (menu.options if GROUP_SELECT_ID.fullmatch(menu.custom_id)
                                  and theirs(menu.custom_id) else ()):
                        if choice is None:
                            shown = await fake.select(member, message, menu.custom_id, [group.value])
                            await fake.wait_for(lambda shown=shown: shown.followups, WAIT, "a group's options")
                            choice = options_on(shown.followups[:1]).get(answer)
        if choice is None:
            raise AssertionError(f"{answer!r} is not offered to {member.name}")
        if choice.in_menu:
            ix = await fake.select(member, choice.message, choice.custom_id, [answer])
        else:
            ix = await fake.click(member, choice.message, choice.custom_id)
    await table.settle(ix, version, ANSWER_WAIT)
    if ix.followups and not ix.followups[0].content.startswith("🔒"):  # 🔒: what only they learnt
        raise AssertionError(f"{answer!r} refused: {ix.followups[0].content}")


async def submit_form(table: Table, member, mine: list, decision: Decision, answer: str, theirs=lambda _id: True):
    """Open the decision's form on `member`'s prompt and submit the amounts `answer` names (in a
    message shared by several players, the form may be behind the member's one button)."""
    fake = table.fake
    button = next((b for m in mine for b in m.buttons() if b.label.endswith(FORM_LABELS) and theirs(b.custom_id)),
                  None)
    if button is None:
        whole = next(b for m in mine for b in m.buttons() if theirs(b.custom_id) and WHOLE_REF in b.custom_id)
        mine = [await fake.open(member, next(m for m in mine if whole in m.buttons()), whole.custom_id)]
        button = next(b for m in mine for b in m.buttons() if b.label in FORM_LABELS)
    message = next(m for m in mine if button in m.buttons())
    ix = await fake.click(member, message, button.custom_id)
    await ix.response
    fields = {f["component"]["custom_id"] for f in ix.modal["components"] if f.get("type") == 18}
    return await fake.submit_modal(member, ix, form_values(fields, decision, decision.amounts.parse(answer)))
