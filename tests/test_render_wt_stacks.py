"""Warriors & Traders stacks read on a phone (issue 28 item 6): at a phone's 360 px the close-up's
piece letters, stack counts and damage were 6 px tall and a count badge covered the next piece
of its row. The close-up is drawn at 1.5x (was 1.25x) and pieces stand 48 px apart (was 38), so
every text on the close-up's map is at least 7 px tall at 360 px and no badge touches a
neighbour."""

from __future__ import annotations

from render import highlight_from_events, inline
from render import warriors_traders as wt
from render.warriors_traders_map import COUNT_AT, COUNT_RADIUS, TOKEN, piece_spots
from tests.test_render_views import spread, with_kinds, wt_history

PHONE_CAP = 7  # px: the smallest cap height on the close-up's map at 360 px wide


def test_every_text_on_the_close_up_map_reads_at_a_phone_s_width():
    checked = 0
    for map_id in ("west", "east", "italy"):
        steps = wt_history(map_id)
        for index in spread(steps, 4) + with_kinds(steps, {"battle", "move"})[:4]:
            state, events = steps[index]
            scene = wt.scene(state, highlight_from_events("warriors_traders", events))
            texts = inline._board_texts(scene, inline.focus_box(scene))  # the map's, as the chat shows them
            pieces = [t for t in texts if t.means]  # stack counts, damage, princesses
            assert texts, (map_id, index)
            smallest = inline.smallest_text_px(texts, shown_at=inline.PHONE_WIDTH)
            assert smallest >= PHONE_CAP, (map_id, index, smallest, min(texts, key=lambda t: t.size))
            checked += len(pieces)
    assert checked > 20


def test_a_count_badge_never_covers_the_next_piece_of_its_row():
    half = TOKEN / 2
    for count in range(2, 9):
        spots = piece_spots((500, 500), count)
        for i, (x, y) in enumerate(spots):
            bx, by = x + COUNT_AT[0], y + COUNT_AT[1]
            for j, (ox, oy) in enumerate(spots):
                if i == j:
                    continue
                # the badge's disc against the other piece's square (the widest a piece is)
                nearest_x = min(max(bx, ox - half), ox + half)
                nearest_y = min(max(by, oy - half), oy + half)
                assert (bx - nearest_x) ** 2 + (by - nearest_y) ** 2 > COUNT_RADIUS ** 2, (count, i, j)
