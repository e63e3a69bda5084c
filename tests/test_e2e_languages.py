"""Languages in Discord (issue 17), end to end against the stand-in: public posts in the game's
language (the server's preferred locale by default, `/settings language` for moderators),
private answers in each member's own language, and a change that takes effect with the next post.

The texts checked are engine prompts the catalogues already translate (Byzantium's), so the test
reads the same words a member would."""

from __future__ import annotations

from discord_standin.api import FakeDiscord
from e2e_kit import WAIT, is_board, read_db

from engine import get_game
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
