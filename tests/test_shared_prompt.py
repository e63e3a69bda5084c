"""Several players asked at once in one message (issue 12, bot/service/turn/shared_prompt.py): each
player's buttons in rows of their own, within Discord's 5 rows of 5 buttons; a player whose
buttons do not fit gets one button that shows their prompt to them alone; the DM of a shared
post tells each player their own question."""

from __future__ import annotations

from bot.discord_ui.message_parts import own_question
from bot.service import text
from bot.service.turn.prompt import WHOLE_REF, build_prompt, menu_row, whole_button
from bot.service.turn.shared_prompt import rows_of, stacked
from bot.service.turn.specs import BUTTONS_PER_ROW, ROWS, SelectSpec
from engine import Decision, Option
from engine.text import joined

HEAD = "abcdef"


def decision(player: str, n: int) -> Decision:
    return Decision(player, "Which cubes leave the game?", tuple(Option(f"disband:{i}", f"Remove {i}") for i in range(n)),
                    kind="upkeep")


def parts(*sizes: int):
    out = []
    for seat, n in enumerate(sizes):
        d = decision(f"P{seat}", n)
        pages = build_prompt(7, 3, d, seat, head=HEAD)
        out.append((pages[0].components if len(pages) == 1 else None, menu_row(7, 3, d, seat, head=HEAD),
                    whole_button(7, 3, d, seat, head=HEAD)))
    return out


def seat_rows(components) -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for c in components:
        found.setdefault(c.custom_id.split(":")[4], set()).add(c.row)
    return found


def within_limits(components) -> bool:
    rows = {c.row for c in components}
    per_row = [sum(BUTTONS_PER_ROW if isinstance(c, SelectSpec) else 1 for c in components if c.row == r) for r in rows]
    return max(rows) < ROWS and all(n <= BUTTONS_PER_ROW for n in per_row)


def test_each_player_gets_rows_of_their_own_in_the_order_asked():
    components = stacked(parts(3, 6))
    assert within_limits(components)
    assert seat_rows(components) == {"0": {0}, "1": {1, 2}}
    assert [c.label for c in components if c.custom_id.split(":")[4] == "1"] == [f"Remove {i}" for i in range(6)]


def test_the_widest_players_take_one_menu_or_one_button_until_everything_fits():
    # 2 + 2 + 2 rows do not fit 5: the first of the widest shows its options in one menu instead.
    components = stacked(parts(6, 6, 6))
    assert within_limits(components) and rows_of(components) == 5
    [menu] = [c for c in components if isinstance(c, SelectSpec)]
    assert menu.custom_id.split(":")[4] == "0" and menu.placeholder == "P0: Choose what to do…"
    assert [label for label, _value in menu.options] == [f"Remove {i}" for i in range(6)]
    # More than a menu holds (29 options): one button that opens the whole prompt privately.
    components = stacked(parts(29, 6, 6, 1))
    assert within_limits(components)
    whole = [c for c in components if WHOLE_REF in c.custom_id]
    assert [(c.custom_id.split(":")[4], c.label) for c in whole] == [("0", "P0: Choose what to do…")]
    # A decision too large for one message is always its one button.
    components = stacked(parts(2, 130))
    assert [c.custom_id.split(":")[4] for c in components if WHOLE_REF in c.custom_id] == ["1"]


def test_more_players_than_rows_do_not_share_a_message():
    assert stacked(parts(1, 1, 1, 1, 1)) is not None
    assert stacked(parts(1, 1, 1, 1, 1, 1)) is None


def test_a_shared_posts_dm_tells_each_player_their_own_question():
    asked = joined([text.prompt_text(decision("Ann", 2), 11), text.prompt_text(decision("Bo", 2), 22)], "\n\n")
    assert own_question(asked, 22) == "<@22>, Which cubes leave the game?"
    assert own_question(asked, 11) == "<@11>, Which cubes leave the game?"
    assert own_question(asked, 33) is asked  # not among them: the whole text
