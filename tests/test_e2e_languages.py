"""Languages in Discord (issue 17), end to end against the stand-in: public posts in the game's
language (the server's preferred locale by default, `/settings language` for moderators),
private answers in each member's own language, and a change that takes effect with the next post.

The texts checked are engine prompts the catalogues already translate (Byzantium's), so the test
reads the same words a member would."""

from __future__ import annotations

import json
import re

from discord_standin.api import FakeDiscord
from discord_standin.message_record import walk_components
from e2e_answers import engine_state, give
from e2e_kit import WAIT, Table, is_board, read_db

from engine import get_game
from engine.core import enumerate_answers
from engine.text import msg
from locales import tr

CHOOSE = msg("Round {round}: choose your action.", round=1)


async def open_game(fake: FakeDiscord, names=("Ann", "Bo"), **new_options):
    await fake.wait_for_commands("game", "settings", timeout=WAIT)
    where = fake.channel("general")
    members = [fake.member(n) for n in names]
    ix = await fake.slash(members[0], where, "game new", game="byzantium", **new_options)
    await ix.result(WAIT)
    lobby = await fake.wait_for_message(where, lambda m: _ids(m)[:1] and _ids(m)[0].startswith("lobby:"),
                                        timeout=WAIT, since=ix)
    for m in members[1:]:
        await fake.click(m, lobby, lobby.buttons()[0].custom_id)
        await fake.wait_for(lambda m=m: f"<@{m.id}>" in lobby.content, WAIT, f"{m.name} seated")
    await fake.click(members[0], lobby, lobby.buttons()[2].custom_id)
    return where, members


def _ids(message) -> list[str]:
    return [b.custom_id for b in message.buttons()] + [s.custom_id for s in message.selects()]


async def test_posts_follow_the_server_and_private_answers_follow_the_member(fake_discord: FakeDiscord,
                                                                               start_bot_process, tmp_path):
    fake = fake_discord
    fake.guild.preferred_locale = "it"  # the server's language, sent with the guild and every interaction
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    ann = fake.member("Ann")
    ann.user.locale = "de"
    where, (ann, bo) = await open_game(fake)

    # The prompt in the channel is in the server's language (Italian), for everyone.
    prompt = await fake.wait_for_message(where, lambda m: tr(CHOOSE, "it") in m.content, timeout=WAIT)
    assert tr(CHOOSE, "it") != str(CHOOSE) and str(CHOOSE) not in prompt.content

    # Ann's own answer (/game help tells the decision now) is in German, in the same channel.
    help_ix = await fake.slash(ann, where, "game help")
    answer = await help_ix.result(WAIT)
    assert answer.ephemeral and tr(CHOOSE, "de") in answer.content
    assert tr(CHOOSE, "it") not in answer.content
    # It cites the commands by the names Ann's German client offers (/spiel stand is /game status).
    assert "`/spiel stand`" in answer.content and "`/game status`" not in answer.content
    # Bo's client is English: his answer is in English.
    bo_answer = await (await fake.slash(bo, where, "game help")).result(WAIT)
    assert str(CHOOSE) in bo_answer.content and "`/game status`" in bo_answer.content
    # The commands registered with their names in each language, as Discord takes them.
    registered = fake.commands()
    assert registered["game"].payload["name_localizations"] == {"it": "partita", "de": "spiel", "pl": "gra"}
    assert [v for v in fake.violations if v.kind == "command_payload"] == []
    # The member's language is kept for the DMs the bot sends outside an interaction.
    rows = read_db(tmp_path / "games.sqlite3", "SELECT lang FROM member_languages WHERE user_id = ?", (ann.id,))
    assert [r["lang"] for r in rows] == ["de"]


async def test_settings_language_changes_the_next_post_and_only_for_moderators(fake_discord: FakeDiscord,
                                                                               start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    where, (ann, bo) = await open_game(fake)
    await fake.wait_for_message(where, lambda m: str(CHOOSE) in m.content, timeout=WAIT)

    # A member without Manage Channels may not change it: refused, nothing stored.
    refused = await (await fake.slash(bo, where, "settings language", language="pl")).result(WAIT)
    assert refused.ephemeral and "moderator" in refused.content.lower()
    assert read_db(tmp_path / "games.sqlite3", "SELECT * FROM language_settings") == []

    # A moderator sets Polish for this channel, mid-game: the next post (the prompt posted again) is Polish.
    mod = fake.member("Mod", manage_channels=True)
    said = await (await fake.slash(mod, where, "settings language", language="pl")).result(WAIT)
    assert said.ephemeral and "Polski" in said.content
    repost = await fake.slash(ann, where, "game repost")
    await repost.result(WAIT)
    again = await fake.wait_for_message(where, lambda m: m.author_is_bot and tr(CHOOSE, "pl") in m.content,
                                        timeout=WAIT, since=repost)
    assert (again.buttons() or again.selects()) and tr(CHOOSE, "pl") != str(CHOOSE)
    # The whole server's setting does not override the channel's own.
    await (await fake.slash(mod, where, "settings language", language="de", where="server")).result(WAIT)
    stored = read_db(tmp_path / "games.sqlite3", "SELECT channel_id, lang FROM language_settings ORDER BY channel_id")
    assert [(r["channel_id"], r["lang"]) for r in stored] == [(0, "de"), (where.id, "pl")]
    # Back to the default: the channel follows the server's setting again.
    await (await fake.slash(mod, where, "settings language", language="default")).result(WAIT)
    repost = await fake.slash(ann, where, "game repost")
    await repost.result(WAIT)
    again = await fake.wait_for_message(where, lambda m: m.author_is_bot and tr(CHOOSE, "de") in m.content,
                                        timeout=WAIT, since=repost)
    assert (again.buttons() or again.selects()) and tr(CHOOSE, "de") != str(CHOOSE)


async def test_the_board_thread_is_named_in_the_games_language(fake_discord: FakeDiscord, start_bot_process,
                                                                tmp_path):
    fake = fake_discord
    fake.guild.preferred_locale = "it"
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    await open_game(fake, boards_in_thread=True)
    name = tr(msg("{game} #{number} boards", game=get_game("byzantium").title, number=1), "it")
    assert "boards" not in name  # the Italian catalogue names it
    thread = await fake.wait_for(lambda: next((c for c in fake.standin.world.channels.values()
                                               if c.is_thread and c.name == name), None), WAIT, "the board thread")
    assert any(is_board(m) for m in fake.messages(thread))


# Words only English has: an Italian text holding one of them kept some English (a label cut
# before translation, a title, a status line: issue 28 items 3 and 6).
ENGLISH_ONLY = re.compile(r"\b(the|The|your|Your|you|You|and|with|from|chose|choose|Choose|Round|round|cubes?|army|"
                          r"armies|takes?|Pass|passes|Reinforce|boxes|which|this|This|turn|Turn|waiting|Waiting|"
                          r"Last|more|numbers|Byzantine|Arab|elite|levy|score|scores|Final|over)\b")


# A preposition before an ordinary article it should have joined ("nel il riquadro").
UNJOINED = re.compile(r"\b(?:[Nn]el|[Dd]el|[Dd]al|[Aa]l|[Ss]ul|[Nn]ella|[Dd]ella|[Dd]alla|[Aa]lla|[Ii]n|[Dd]a|[Dd]i|[Ss]u) "
                      r"(?:il|lo|gli|la|le) ")


def _texts_of(message) -> list[str]:
    """Everything a member reads on a message, in every version it had: the content, embeds,
    button labels, menus' placeholders and options."""
    out = []
    for version in message.versions:
        out.append(version.content)
        for embed in version.embeds:
            out += [embed.get("title") or "", embed.get("description") or ""]
            out += [f.get("name", "") + " " + f.get("value", "") for f in embed.get("fields") or []]
        for comp in walk_components(version.components):
            out += [comp.get("label") or "", comp.get("placeholder") or ""]
            out += [o.get("label", "") + " " + (o.get("description") or "") for o in comp.get("options") or []]
    return out


def _modal_texts(modal: dict) -> list[str]:
    out = [modal.get("title", "")]
    for comp in walk_components(modal.get("components") or []):
        out += [comp.get("label") or "", comp.get("description") or "", comp.get("placeholder") or "",
                comp.get("content") or "", comp.get("value") or ""]
        out += [o.get("label", "") for o in comp.get("options") or []]
    return out


def _quick_answer(decision, reinforced: set, took: set) -> str:
    """A short whole game that meets a form, a group and the upkeep: each player reinforces
    through the form once and takes a city (a group) once, then passes."""
    ids = [o.id for o in decision.options]
    if decision.amounts is not None:  # an answer no button holds: typed into the form
        answers = [a for a in enumerate_answers(decision, 200) if decision.amounts.parse(a) and a not in ids]
        return answers[0] if answers else ids[0]
    if decision.kind == "action" and "reinforce" in ids and decision.player not in reinforced:
        reinforced.add(decision.player)
        return "reinforce"
    takes = [i for i in ids if i.startswith("take:")]
    if decision.kind == "action" and takes and decision.player not in took:
        took.add(decision.player)
        return takes[0]
    return next((w for w in ("pass", "done", "stay", "no_levy") if w in ids), None) or \
        next((i for i in ids if i.startswith("disband:")), ids[0])


async def test_a_whole_italian_game_shows_no_english(fake_discord: FakeDiscord, start_bot_process, tmp_path):
    """Issue 28's done-when: through the stand-in, a whole Byzantium game on an Italian server
    shows no English text: posts and their every edit, button labels, menus, the forms' titles
    and fields, private answers, /game status and the final scores."""
    fake = fake_discord
    fake.guild.preferred_locale = "it"
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    db_path = tmp_path / "games.sqlite3"
    where, members = await open_game(fake, names=("Ann", "Bo"))
    for member in members:
        member.user.locale = "it"
    await fake.wait_for_message(where, lambda m: tr(CHOOSE, "it") in m.content, timeout=WAIT)
    row = read_db(db_path, "SELECT id, seats FROM games WHERE channel_id = ? AND status = 'active'", (where.id,))[0]
    seats = json.loads(row["seats"])
    table = Table(fake, where, members, db_path, game_id=row["id"],
                  seats={s["user_id"]: s["seat"] for s in seats}, seat_index={s["user_id"]: i for i, s in enumerate(seats)})
    by_seat = {table.seats[m.id]: m for m in members}
    read: list[str] = []
    submit = fake.submit_modal

    modals = []

    async def read_then_submit(member, ix, *args, **kwargs):  # a form is closed once submitted
        modals.append(ix.modal)
        read.extend(_modal_texts(ix.modal or {}))
        return await submit(member, ix, *args, **kwargs)

    fake.submit_modal = read_then_submit
    reinforced: set = set()
    took: set = set()
    forms = groups = 0
    for _ in range(80):
        game, state = engine_state(db_path, table.game_id)
        if game.is_over(state):
            break
        decision = game.pending(state)[0]
        answer = _quick_answer(decision, reinforced, took)
        await give(table, by_seat[decision.player], decision, answer)
        forms += decision.amounts is not None
        groups += answer.startswith("take:")
    else:
        raise AssertionError("the game did not end in 80 answers")
    assert forms >= 2 and groups >= 2 and modals, (forms, groups, len(modals))  # forms were opened and read
    final = tr(msg("🏁 **{game}** is over. Final scores:", game=get_game("byzantium").title), "it")
    await fake.wait_for_message(where, lambda m: m.author_is_bot and final in m.content, timeout=WAIT, since=None)
    status = await (await fake.slash(members[0], where, "game status")).result(WAIT)
    read += _texts_of(status)
    for message in fake.messages(where, include_ephemeral=True):
        if message.author_is_bot:
            read += _texts_of(message)
    for ix in fake.interactions:
        for followup in ix.followups:
            read += _texts_of(followup)
    english = sorted({m.group(0) + " in: " + text[:120] for text in read for m in [ENGLISH_ONLY.search(text)] if m})
    assert not english, english
    unjoined = sorted({m.group(0) + " in: " + text[:120] for text in read for m in [UNJOINED.search(text)] if m})
    assert not unjoined, unjoined  # "3 cubi nel il riquadro", "Dal il riquadro"
