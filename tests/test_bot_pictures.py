"""Draw only what is posted, once (issue 30): a choice draws its turn message's close-up and no
whole board; the whole board is drawn when someone asks (the Full board button, /game map) and
kept for that version, so the next asker, a re-post or an edit gets it without drawing again."""

from __future__ import annotations

import asyncio
import collections
import random
import threading
from datetime import UTC, datetime
from types import SimpleNamespace

from bot_fakes import current_prompts, open_game, pick, waiting_member

from bot.service.pictures.version_pictures import VersionPictures

BOARD_BUTTON = "🗺️ Full board"


def count_drawings(monkeypatch) -> collections.Counter:
    """Every drawing the bot makes, by kind: `close-up` (render_inline), `board` (render_png)."""
    import render

    drawn: collections.Counter = collections.Counter()
    for kind, name in (("close-up", "render_inline"), ("board", "render_png"), ("both", "render_views")):
        real = getattr(render, name)

        def spy(*args, _real=real, _kind=kind, **kwargs):
            drawn[_kind] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(render, name, spy)
    return drawn


async def test_a_choice_draws_its_close_up_alone_and_the_board_once_per_version_when_asked(world, monkeypatch):
    drawn = count_drawings(monkeypatch)
    channel, members = await open_game(world)
    assert drawn == {"close-up": 1}  # the start's turn message: its close-up, no whole board
    rng = random.Random(3)
    close_ups = 0
    for _ in range(6):
        drawn.clear()
        [prompt, *_] = current_prompts(channel)
        await pick(world, prompt, waiting_member(prompt, members), rng)
        assert drawn["board"] == drawn["both"] == 0 and drawn["close-up"] <= 1, drawn
        close_ups += drawn["close-up"]
    assert close_ups >= 3  # the public choices were shown

    [prompt, *_] = current_prompts(channel)
    drawn.clear()
    first = await world.click(members[0], prompt, BOARD_BUTTON)
    assert drawn == {"board": 1}
    board = first.replies[0].image()
    assert board is not None and first.replies[0].ephemeral
    second = await world.click(members[1], prompt, BOARD_BUTTON)
    mapped = await world.slash(members[2], channel, "game map")
    assert drawn == {"board": 1}  # the same version: kept, not drawn again
    assert second.replies[0].image() == board and mapped.replies[0].image() == board

    # A re-post of the same version draws nothing either: its close-up is kept too.
    drawn.clear()
    await world.slash(members[0], channel, "game repost")
    assert drawn == {}
    assert current_prompts(channel)[0].image() == prompt.image()

    # The next version: its close-up once, and its board once however many ask at the same moment.
    await pick(world, current_prompts(channel)[0], waiting_member(current_prompts(channel)[0], members), rng)
    [prompt, *_] = current_prompts(channel)
    drawn.clear()
    clicks = await asyncio.gather(*(world.click(m, prompt, BOARD_BUTTON) for m in members))
    assert drawn == {"board": 1}
    assert len({c.replies[0].image() for c in clicks}) == 1 and clicks[0].replies[0].image() != board


def loaded(game_id: int, seq: int, at: int | None) -> SimpleNamespace:
    """What VersionPictures reads of a LoadedGame: its game, choices made, last choice's time."""
    stamp = datetime(2026, 11, 28, 6, 0, at, tzinfo=UTC) if at is not None else None
    return SimpleNamespace(id=game_id, seq=seq, last_choice_at=stamp)


async def test_kept_pictures_are_per_version_drawn_once_and_bounded():
    kept = VersionPictures(keep_bytes=250)
    draws = []

    def drawer(data: bytes | None):
        async def draw():
            draws.append(data)
            await asyncio.sleep(0)
            return data
        return draw

    # Two askers at once share one drawing.
    got = await asyncio.gather(kept.get(loaded(1, 4, 1), "board", "en", drawer(b"a" * 100)),
                               kept.get(loaded(1, 4, 1), "board", "en", drawer(b"b" * 100)))
    assert got == [b"a" * 100] * 2 and len(draws) == 1
    # Another language, another kind: drawn apart.
    assert await kept.get(loaded(1, 4, 1), "board", "de", drawer(b"c")) == b"c"
    assert await kept.get(loaded(1, 4, 1), "close-up", "en", drawer(b"d")) == b"d"
    assert len(draws) == 3
    # After an undo, choice 4 again at another time is another version: drawn anew.
    assert await kept.get(loaded(1, 4, 2), "board", "en", drawer(b"e")) == b"e"
    # ... and the old branch's pictures are gone (only a game's newest version is kept).
    assert await kept.get(loaded(1, 4, 1), "close-up", "en", drawer(b"f")) == b"f"
    # A drawing that gave nothing is not kept: the next asker tries again.
    assert await kept.get(loaded(2, 1, 1), "board", "en", drawer(None)) is None
    assert await kept.get(loaded(2, 1, 1), "board", "en", drawer(b"g")) == b"g"
    # Past the bound in bytes, the least recently asked go first.
    await kept.get(loaded(3, 1, 1), "board", "en", drawer(b"h" * 250))
    before = len(draws)
    assert await kept.get(loaded(3, 1, 1), "board", "en", drawer(b"x")) == b"h" * 250
    assert len(draws) == before
    assert await kept.get(loaded(2, 1, 1), "board", "en", drawer(b"i")) == b"i"  # trimmed away, drawn again


async def test_a_boards_highlight_is_that_of_the_change_that_made_its_version():
    kept = VersionPictures()
    kept.note_change(loaded(1, 5, 1), ["took Nicaea"])
    assert kept.events_of(loaded(1, 5, 1)) == ("took Nicaea",)
    assert kept.events_of(loaded(1, 5, 2)) == ()  # another version (after an undo): not its events
    kept.note_change(loaded(1, 5, 1), [])  # a re-post tells no events: the change's stay
    assert kept.events_of(loaded(1, 5, 1)) == ("took Nicaea",)


async def test_a_history_step_is_drawn_once_however_often_it_is_shown(world, monkeypatch):
    from bot.service.past import story
    drawn = []
    real = story.step_views

    def counted(tape, step, lang=None):
        drawn.append(step)
        return real(tape, step, lang)

    monkeypatch.setattr(story, "step_views", counted)
    channel, members = await open_game(world)
    rng = random.Random(5)
    for _ in range(4):
        [prompt, *_] = current_prompts(channel)
        await pick(world, prompt, waiting_member(prompt, members), rng)
    [view] = (await world.slash(members[0], channel, "game history")).replies
    latest = drawn[-1]
    first_image = view.image()
    back = next(b for b in view.buttons() if b.startswith("◀"))
    await world.click(members[0], view, back)
    earlier = drawn[-1]
    assert earlier < latest and f"step {earlier} of" in view.content
    forward = next(b for b in view.buttons() if b.endswith("▶"))
    await world.click(members[0], view, forward)  # back to the latest step: kept
    [other] = (await world.slash(members[1], channel, "game history")).replies  # another member, same step
    assert drawn == [latest, earlier]
    assert f"step {latest} of" in view.content and other.image() == first_image


async def test_drawings_of_the_past_never_hold_up_the_pictures_of_the_live_game():
    """Score charts (a whole game replayed at its end) and history steps queue apart: a turn
    message's close-up and a Full board are drawn while every past drawing still waits (issue 30:
    50 games ending together made close-ups wait over 2 s behind their charts)."""
    from bot.service.pictures.render_pool import RenderPool
    from bot.service.secrecy import hidden
    from engine import get_game

    game = get_game("byzantium")
    board = hidden.board_input(game, game.setup(["Ann", "Bo", "Cy"], 7, {}))
    pool = RenderPool(2)
    release = threading.Event()
    past = [asyncio.ensure_future(pool.run(release.wait, 30)) for _ in range(3)]  # more than the live threads
    try:
        await asyncio.sleep(0.05)
        close_up = await asyncio.wait_for(pool.close_up("byzantium", board), 20)
        whole = await asyncio.wait_for(pool.board("byzantium", board), 20)
        assert close_up.startswith(b"\x89PNG") and whole.startswith(b"\x89PNG")
        assert not any(p.done() for p in past)  # the past's drawings were still waiting
    finally:
        release.set()
        await asyncio.gather(*past)
        pool.close()


async def test_a_channels_language_is_read_once_for_many_choices_and_a_change_shows_at_once(world, monkeypatch):
    """The moderators' language settings are kept a while (bot/service/languages.py): a choice
    no longer reads them three times from the database (issue 30), a change made with
    /settings language applies to the very next post, and one made by another process sharing
    the database within SETTINGS_KEPT_SECONDS."""
    from bot.service import languages

    reads = []
    real = world.bot.storage.languages

    async def counted(guild_id, channel_id):
        reads.append((guild_id, channel_id))
        return await real(guild_id, channel_id)

    monkeypatch.setattr(world.bot.storage, "languages", counted)
    channel, members = await open_game(world)
    rng = random.Random(5)
    reads.clear()
    for _ in range(4):
        [prompt, *_] = current_prompts(channel)
        await pick(world, prompt, waiting_member(prompt, members), rng)
    assert len(reads) <= 1  # four choices, their posts and pictures: at most one read (the time kept ran out)

    guild, service = world.guild.id, world.bot.service
    moderator = world.member("Mia", manage_channels=True)
    await world.slash(moderator, channel, "settings language", language="it")
    assert await service.game_language(guild, channel.id) == "it"  # at once, for the next post
    # Another process changes it: seen once the kept settings are older than the time allowed.
    await world.bot.storage.set_language(guild, channel.id, "de", by_user_id=moderator.id)
    assert await service.game_language(guild, channel.id) == "it"
    clock = languages._clock()
    monkeypatch.setattr(languages, "_clock", lambda: clock + languages.SETTINGS_KEPT_SECONDS + 1)
    assert await service.game_language(guild, channel.id) == "de"


async def test_a_choice_costs_a_bounded_number_of_trips_to_the_database(world, monkeypatch):
    """Each read and write is a trip to a database thread and a wait for the event loop to come
    back, the largest stage of a choice under load (issue 30, bench/e2e_load.py --stages): six
    choices (and the clicks opening their option groups) cost at most 8 reads and 4 writes each
    (13.5 reads before: the channel's language three times, the game's row read again before
    its state and for the absence check, its prompts in two reads)."""
    trips = collections.Counter()
    for kind in ("read", "write"):
        real = getattr(world.bot.storage.db, kind)

        async def counted(body, _real=real, _kind=kind):
            trips[_kind] += 1
            return await _real(body)

        monkeypatch.setattr(world.bot.storage.db, kind, counted)
    channel, members = await open_game(world)
    rng = random.Random(9)
    trips.clear()
    choices = 6
    for _ in range(choices):
        [prompt, *_] = current_prompts(channel)
        await pick(world, prompt, waiting_member(prompt, members), rng)
    assert trips["read"] <= 8 * choices and trips["write"] <= 4 * choices, trips
