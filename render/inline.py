"""The image a player reads in the chat without opening it: the area of the last action at a
readable scale, with a strip saying who is asked what, the scores and what the last action
did. Discord shows an image inline at about 550 px wide and at most about 350 px high, so
the image is 880 x 560 (the same shape, 1.6 times the pixels, for phones' denser screens),
and no text on it is smaller than 20 px (cap height 15 px: 9.4 px at 550 px).

    +---------------------------------------------------------+
    | TITLE · Round 2                   (letter) Player: prompt |  header
    +-----------------------------------------+---------------+
    |                                         | (A) Ann       |
    |   the board round the last action       |   VP 12 · 3   |  scores
    |   (1:1, or the game's zoom)             | ...           |
    +-----------------------------------------+---------------+
    | Last: the last action, its outcome kept when it is long |  footer
    +---------------------------------------------------------+
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.text import msg
from render import kit
from render.scene import Box, Scene, Status

WIDTH, HEIGHT = 880, 560
DISPLAY_WIDTH = 550  # what Discord shows inline (px), for the readability measure
PHONE_WIDTH = 360  # a phone's chat column (px): the pieces of a close-up must still read there
HEADER, FOOTER, COLUMN = 78, 92, 250
FOOTER_LINES = 3
MIN_TEXT = 20  # px; cap height 15 px, 9.4 px at DISPLAY_WIDTH
TITLE_SIZE, LINE_SIZE = 24, 22
BAND = (40, 38, 52)
COLUMN_FILL = kit.PAPER
WAITING = kit.HIGHLIGHT
GOLD = (214, 168, 32)
MUTED = (110, 100, 90)
# Every word the strip writes itself (to be translated: issue 17).
LABELS = {"last": msg("Last:"), "asked": msg("{player}: {prompt}"), "more": msg("+{count} more"), "scores": msg("{label} {value}")}


def viewport() -> Box:
    """Where the focus view goes on the inline image."""
    return (0, HEADER, WIDTH - COLUMN, HEIGHT - FOOTER)


def focus_box(scene: Scene) -> Box:
    """The part of the board the focus view shows: centred on the last action (all of it
    when it fits, else as much of it as fits round its last place, where the outcome is),
    kept inside the map."""
    points = scene.focus or [scene.home]
    return _clear_of_texts(scene, _centred_box(scene.map_box, scene.zoom, points), points)


def _centred_box(map_box: Box, zoom: float, points) -> Box:
    """focus_box before it is moved clear of the board's texts."""
    vx0, vy0, vx1, vy1 = viewport()
    width, height = round((vx1 - vx0) / zoom), round((vy1 - vy0) / zoom)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    if max(xs) - min(xs) > width - 160 or max(ys) - min(ys) > height - 160:
        # Not all of it fits: as much as can while its last place (the outcome) stays 80 px inside.
        lx, ly = points[-1]
        cx = min(max(cx, lx - width / 2 + 80), lx + width / 2 - 80)
        cy = min(max(cy, ly - height / 2 + 80), ly + height / 2 - 80)
    mx0, my0, mx1, my1 = map_box
    x0 = round(min(max(cx - width / 2, mx0), mx1 - width))
    y0 = round(min(max(cy - height / 2, my0), my1 - height))
    return (x0, y0, x0 + width, y0 + height)


SHIFT = 160  # how far (board px) the close-up may move so that its frame cuts no text
SHIFT_STEP = 4
KEEP_IN = 40  # the last action's places stay this far inside the close-up


# How far a word the close-up's frame cuts may reach beyond it (its whole box is pulled in):
# wider and taller than any word on a board (a nation's title in Polish is 402 px wide;
# tests/test_render_views.py checks the drawn ones).
WORD_REACH = (600, 40)


def close_up_reach(map_box: Box, zoom: float, focus, home) -> Box:
    """All of the board a close-up can show or depend on, known before the board is drawn: its
    frame moves at most SHIFT (counting only the texts it may then cut) and a word the frame
    cuts is pulled in whole from at most WORD_REACH beyond it. A drawing may leave out what lies
    outside (issue 30: the close-up drew the whole map)."""
    x0, y0, x1, y1 = _centred_box(map_box, zoom, focus or [home])
    dx, dy = SHIFT + WORD_REACH[0], SHIFT + WORD_REACH[1]
    return (x0 - dx, y0 - dy, x1 + dx, y1 + dy)


def _clear_of_texts(scene: Scene, box: Box, points) -> Box:
    """`box` moved (within SHIFT, inside the map, the last action's places still KEEP_IN inside)
    so that its frame cuts as few of the board's texts as can be, the least move first
    ("C…onstantinople", "Perint" were cut at the close-up's edge: issue 28). Sideways first,
    then up or down."""
    if scene.drawn is None or not scene.drawn.texts:
        return box
    texts = [m.box for m in scene.drawn.texts]
    mx0, my0, mx1, my1 = scene.map_box
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    xs, ys = [p[0] for p in points], [p[1] for p in points]

    def shifts(start, low, high, lo_point, hi_point, size):
        found = [start]
        for d in range(-SHIFT, SHIFT + 1, SHIFT_STEP):
            a = start + d
            if d and low <= a <= high - size and a + KEEP_IN <= lo_point and hi_point <= a + size - KEEP_IN:
                found.append(a)
        return found

    # A move never loses a text the action's own frame shows whole (an army's card beside the
    # action): it only spares names that frame already cuts. (Counted as a cost of `never` per
    # text lost, issue 28; the frame where it stands loses none, so only moves that keep them
    # all can win: those are the moves kept, issue 30, the same frame without the count.)
    whole = [x0 <= t[0] and t[2] <= x1 and y0 <= t[1] and t[3] <= y1 for t in texts]
    seen = [t for t, shown in zip(texts, whole, strict=True) if shown]

    def near(along, start, size, across, lo, hi):
        """The texts not shown whole that a frame edge at start or start + size (each moved at most
        SHIFT) may cut, among those reaching into lo..hi across: only they can count. `along`,
        `across`: a box's (low, high) indices on the edges' axis and on the other one."""
        (a0, a1), (c0, c1) = along, across
        return [t for t, shown in zip(texts, whole, strict=True)
                if not shown and t[c1] > lo and t[c0] < hi
                and any(t[a0] < edge + SHIFT and t[a1] > edge - SHIFT for edge in (start, start + size))]

    # Each move costs what it did counted over every text (issue 28), counted over fewer (issue 30).
    near_x = near((0, 2), x0, width, (1, 3), y0, y1)
    # The moves that keep every text the frame shows whole: its left edge left of them all, its
    # right edge right of them all.
    left, right = min((t[0] for t in seen), default=x0), max((t[2] for t in seen), default=x1)

    def cuts_x(a):
        return sum(t[0] < a < t[2] or t[0] < a + width < t[2] for t in near_x)

    moves = [a for a in shifts(x0, mx0, mx1, min(xs), max(xs), width) if a <= left and a + width >= right]
    x0 = min(moves, key=lambda a: (cuts_x(a), abs(a - x0)))
    near_y = near((1, 3), y0, height, (0, 2), x0, x0 + width)
    top, bottom = min((t[1] for t in seen), default=y0), max((t[3] for t in seen), default=y1)

    def cuts_y(b):
        return sum(t[1] < b < t[3] or t[1] < b + height < t[3] for t in near_y)

    moves = [b for b in shifts(y0, my0, my1, min(ys), max(ys), height) if b <= top and b + height >= bottom]
    y0 = min(moves, key=lambda b: (cuts_y(b), abs(b - y0)))
    return (x0, y0, x0 + width, y0 + height)


def draw_inline(scene: Scene, *, texts: bool = True) -> tuple[Image.Image, list[kit.TextMark]]:
    """The inline image (RGB), and every text on it with its size there (the board's texts
    inside the focus view scaled by its zoom; empty unless the scene was drawn recording, or
    without `texts`: the posted picture needs none, issue 30)."""
    box = focus_box(scene)
    image = Image.new("RGB", (WIDTH, HEIGHT), COLUMN_FILL)
    view = scene.image.crop(box)
    for (cx0, cy0, _, _), patch in scene.covers:  # what the focus view leaves out (the key)
        view.paste(patch, (cx0 - box[0], cy0 - box[1]))
    _edit_edges(view, scene, box)  # no word cut by the frame: pulled in whole, or painted over
    vx0, vy0, vx1, vy1 = viewport()
    if scene.zoom != 1:
        view = view.resize((vx1 - vx0, vy1 - vy0), Image.Resampling.BILINEAR)
    image.paste(view, (vx0, vy0))
    with kit.recording() as strip:
        draw = ImageDraw.Draw(image)
        draw.line((vx1, vy0, vx1, vy1), fill=kit.INK, width=3)
        _header(draw, scene.status)
        _scores(draw, scene.status, (vx1 + 2, vy0, WIDTH, vy1))
        _footer(draw, scene.status)
    return image, (_board_texts(scene, box) + strip.texts if texts else [])


# A word the frame still cuts ("Treb…" for Trebizond, "arsus" for Tarsus: issue 28 item 6) is
# drawn again whole inside the frame at the edge it crossed, over the part the frame left, when
# at least half of it was in view (so it stays by its place); a word mostly outside is painted
# over in the colour round it (its place is out of view). A number the game's state gives (a
# strength, a count: TextMark.means) cut by the frame is painted over, never half shown; a
# letter or a symbol goes with its mark and is cut with it.
PULL_PAD = 3  # px round a word's box that its outline may reach: moved or painted with it
PULL_SHOWN = 0.5  # the part of a word that must be in view for it to be pulled in


def edge_words(scene: Scene, box: Box) -> list[tuple[kit.TextMark, int, int, bool]]:
    """The board's words and numbers the close-up's frame cuts: (mark, dx, dy, hidden), the move
    that brings a word whole inside, or hidden (painted over). On the map only (copied from it)."""
    if scene.drawn is None:
        return []
    mx0, my0, mx1, my1 = scene.map_box
    out = []
    for mark in scene.drawn.texts:
        x0, y0, x1, y1 = _padded(mark.box)
        if x1 <= box[0] or x0 >= box[2] or y1 <= box[1] or y0 >= box[3]:
            continue  # not in the view
        if x0 >= box[0] and x1 <= box[2] and y0 >= box[1] and y1 <= box[3]:
            continue  # whole
        word = _word(mark)
        if not (word or mark.means) or x0 < mx0 or y0 < my0 or x1 > mx1 or y1 > my1 or _covered(scene, mark.box):
            continue
        dx, dy = _into(x0, x1, box[0], box[2]), _into(y0, y1, box[1], box[3])
        shown = (1 - abs(dx) / (x1 - x0)) * (1 - abs(dy) / (y1 - y0))
        # A number read from the game is never half shown ("1" of a cut "12"): painted over,
        # its mark's edge left to say something stands there.
        out.append((mark, dx, dy, not word or shown < PULL_SHOWN))
    return out


def _edit_edges(view: Image.Image, scene: Scene, box: Box) -> None:
    """Pull in or paint over the words the frame cuts (edge_words), on the close-up `view`."""
    for mark, dx, dy, hidden in edge_words(scene, box):
        x0, y0, x1, y1 = _padded(mark.box)
        if not hidden:
            view.paste(scene.image.crop((x0, y0, x1, y1)), (x0 + dx - box[0], y0 + dy - box[1]))
            continue
        cut = (max(x0, box[0]) - box[0], max(y0, box[1]) - box[1], min(x1, box[2]) - box[0], min(y1, box[3]) - box[1])
        view.paste(_colour_round(view, cut), cut)


def _colour_round(view: Image.Image, cut: Box) -> tuple:
    """The commonest colour just outside `cut` (inside the view): what the word lay on."""
    x0, y0, x1, y1 = cut
    # The pixels just above and below the cut, then just left and right of it, in the order one
    # getpixel each read them (the first of equal counts wins), read a line at a time (issue 30).
    xs = range(max(0, x0 - 2), min(view.width, x1 + 2))
    ys = range(max(0, y0), min(view.height, y1))
    rows = [_line(view, (xs.start, y, xs.stop, y + 1)) for y in (y0 - 2, y1 + 1) if 0 <= y < view.height]
    columns = [_line(view, (x, ys.start, x + 1, ys.stop)) for x in (x0 - 2, x1 + 1) if 0 <= x < view.width]
    seen: dict = {}
    for lines, count in ((rows, len(xs)), (columns, len(ys))):
        for i in range(count):
            for line in lines:
                colour = line[i]
                seen[colour] = seen.get(colour, 0) + 1
    return max(seen, key=seen.get) if seen else kit.PAPER


def _line(view: Image.Image, box: Box) -> tuple:
    """The pixels of a one-pixel-wide box of `view`, in order (an empty box: none)."""
    if box[2] <= box[0] or box[3] <= box[1]:
        return ()
    return view.crop(box).get_flattened_data()


def _word(mark: kit.TextMark) -> bool:
    return not mark.means and sum(ch.isalpha() for ch in str(mark.content)) >= 3


def _padded(box) -> Box:
    x0, y0, x1, y1 = box
    return (int(x0) - PULL_PAD, int(y0) - PULL_PAD, int(x1 + 0.999) + PULL_PAD, int(y1 + 0.999) + PULL_PAD)


def _into(lo: int, hi: int, low: int, high: int) -> int:
    """How far to move [lo, hi] to stand inside [low, high] (0 when it does)."""
    if lo < low:
        return low - lo
    if hi > high:
        return high - hi
    return 0


def _covered(scene: Scene, box) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 >= c[0] and y0 >= c[1] and x1 <= c[2] and y1 <= c[3] for c, _ in scene.covers)


def _board_texts(scene: Scene, box: Box) -> list[kit.TextMark]:
    """The board's texts that show in the focus view, at their size and place on the inline image
    (a word the frame cut: where it is drawn again whole, or left out when painted over)."""
    if scene.drawn is None:
        return []
    vx0, vy0, _, _ = viewport()
    edited = {id(mark): (dx, dy, hidden) for mark, dx, dy, hidden in edge_words(scene, box)}
    out = []
    for mark in scene.drawn.texts:
        dx, dy, hidden = edited.get(id(mark), (0, 0, False))
        if hidden:
            continue  # painted over
        x0, y0, x1, y1 = mark.box
        x0, y0, x1, y1 = x0 + dx, y0 + dy, x1 + dx, y1 + dy
        if x1 <= box[0] or x0 >= box[2] or y1 <= box[1] or y0 >= box[3]:
            continue
        if _covered(scene, mark.box):
            continue  # painted over
        z = scene.zoom
        placed = (vx0 + (x0 - box[0]) * z, vy0 + (y0 - box[1]) * z, vx0 + (x1 - box[0]) * z, vy0 + (y1 - box[1]) * z)
        out.append(kit.TextMark(mark.content, round(mark.size * z, 2), placed, mark.means))  # type: ignore[arg-type]
    return out


def smallest_text_px(texts: list[kit.TextMark], width: int = WIDTH, shown_at: int = DISPLAY_WIDTH) -> float:
    """The cap height of the smallest text, in px as the image is shown `shown_at` px wide
    (Discord's 550 by default; a phone's chat column is about 360)."""
    return min(kit.cap_height(int(m.size)) * (m.size / int(m.size)) for m in texts) * shown_at / width


def _seat(status: Status, name: str):
    return next((s for s in status.seats if s.name == name), None)


def _header(draw: ImageDraw.ImageDraw, status: Status) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=BAND)
    title, size = kit.fit_text(status.title, TITLE_SIZE, WIDTH - 24, min_size=MIN_TEXT)
    kit.text(draw, (12, 20), title, size, kit.WHITE, anchor="lm")
    y = 56
    if status.over:
        line, size = kit.fit_text(status.over, LINE_SIZE, WIDTH - 24, min_size=MIN_TEXT)
        kit.text(draw, (12, y), line, size, GOLD, anchor="lm")
        return
    if not status.asked:
        return
    player, prompt = status.asked[0]
    seat = _seat(status, player)
    x = 12
    if seat is not None:
        kit.badge(draw, (x + 14, y), 15, seat.colour, seat.letter)
        x += 36
    others = len({p for p, _ in status.asked} - {player})
    more = kit.say(LABELS["more"], count=others) if others else ""
    room = WIDTH - x - 12 - (kit.text_width(more, MIN_TEXT) + 12 if more else 0)
    line, size = kit.fit_text(kit.say(LABELS["asked"], player=player, prompt=prompt), LINE_SIZE, room, min_size=MIN_TEXT)
    kit.text(draw, (x, y), line, size, kit.WHITE, anchor="lm")
    if more:
        kit.text(draw, (WIDTH - 12, y), more, MIN_TEXT, WAITING, anchor="rm")


def _scores(draw: ImageDraw.ImageDraw, status: Status, box: Box) -> None:
    """One block per player: letter disc and name, then the scores; an orange bar marks the
    players the game waits on."""
    x0, y0, x1, y1 = box
    count = max(1, len(status.seats))
    block = min(64, (y1 - y0 - 8) / count)
    two_lines = block >= 2 * MIN_TEXT + 14
    y = y0 + 6
    for seat in status.seats:
        if seat.waiting:
            draw.rectangle((x0 + 2, y + 2, x0 + 8, y + block - 4), fill=WAITING)
        cy = y + (block / 4 + 2 if two_lines else block / 2)
        kit.badge(draw, (x0 + 28, cy), 16, seat.colour, seat.letter)
        scores = "  ".join(kit.say(LABELS["scores"], label=label, value=value) for label, value in seat.scores)
        if two_lines:
            name, size = kit.fit_text(seat.name, LINE_SIZE, x1 - x0 - 60, min_size=MIN_TEXT)
            kit.text(draw, (x0 + 50, cy), name, size, kit.INK, anchor="lm")
            line, size = kit.fit_text(scores, LINE_SIZE, x1 - x0 - 60, min_size=MIN_TEXT)
            kit.text(draw, (x0 + 50, y + block * 3 / 4 - 2), line, size, kit.INK, anchor="lm")
        else:
            values = "  ".join(str(value) for _, value in seat.scores)
            right = x1 - 10
            kit.text(draw, (right, cy), values, MIN_TEXT, kit.INK, anchor="rm")
            room = right - kit.text_width(values, MIN_TEXT) - 10 - (x0 + 48)
            name, size = kit.fit_text(seat.name, MIN_TEXT, room, min_size=MIN_TEXT)
            kit.text(draw, (x0 + 48, cy), name, size, kit.INK, anchor="lm")
        y += block


def _footer(draw: ImageDraw.ImageDraw, status: Status) -> None:
    top = HEIGHT - FOOTER
    draw.rectangle((0, top, WIDTH, HEIGHT), fill=BAND)
    if not status.said:
        return
    label = LABELS["last"]
    kit.text(draw, (12, top + 24), label, LINE_SIZE, WAITING, anchor="lm")
    left = 12 + kit.text_width(label, LINE_SIZE) + 8
    lines, size = kit.fit_sentences(status.said, LINE_SIZE, WIDTH - left - 12, FOOTER_LINES, MIN_TEXT)
    step = (FOOTER - 12) / FOOTER_LINES
    for i, line in enumerate(lines):
        kit.text(draw, (left, top + 24 + i * step), line, size, WAITING, anchor="lm")
