"""The one-box form of amounts through the real bot against the Discord stand-in (issue 25 item 4):
Byzantium's reinforcement (eight boxes of army cards, so one box with a line per item) read by
each line's label, whole numbers in range only, a line that cannot be read refused as typed, and
the form opened again with what the member typed."""

from __future__ import annotations

from discord_standin.api import MODAL_SUBMIT
from e2e_kit import open_table

from bot.service.turn.forms import ALL_FIELD
from bot.service.turn.prompt import FORM_LABEL


async def test_the_reinforcement_form_reads_lines_by_label_and_keeps_a_refused_answer(
        fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()
    assert "reinforce" in table.options(first)
    await table.choose(first, "reinforce")
    [turn] = table.live_prompts()
    before = len(table.stored())

    async def form():
        ix = await fake.click(first, turn, FORM_LABEL)
        assert (await ix.response).type == 9
        [box] = [c["component"] for c in ix.modal["components"] if c.get("type") == 18]
        assert box["custom_id"] == ALL_FIELD
        return ix, box["value"]

    async def refused(text: str) -> str:
        ix, _shown = await form()
        answer = await table.refused(await fake.submit_modal(first, ix, {ALL_FIELD: text}))
        return answer.content

    opened, template = await form()
    lines = template.splitlines()
    # Prefilled: a line per box with its bounds (issue 28 item 7).
    assert "Byzantine levy (0 to 3): 0" in lines and "Byzantine elite (0 to 1): 0" in lines
    # Numbers that are not whole, or too long for int(): the line is named, nothing stored.
    half = template.replace("Byzantine levy (0 to 3): 0", "Byzantine levy: 1.5")
    assert "I could not read the line 'Byzantine levy: 1.5'" in await refused(half)
    assert "I could not read the line 'Byzantine levy: 1e3'" in await refused(template.replace(
        "Byzantine levy (0 to 3): 0", "Byzantine levy: 1e3"))
    # 4,400 digits do not fit Discord's field: a modified client sends them (int() refuses them).
    forged = await fake.forge(first, table.channel, MODAL_SUBMIT, {"custom_id": opened.modal["custom_id"], "components": [
        {"type": 18, "component": {"type": 4, "custom_id": ALL_FIELD,
                                   "value": template.replace("Byzantine levy (0 to 3): 0", "Byzantine levy: " + "7" * 4400)}}]},
        message=turn)
    assert "'Byzantine levy' takes a whole number from 0 to 3" in (await table.refused(forged)).content
    huge = template.replace("Byzantine levy (0 to 3): 0", "Byzantine levy: " + "7" * 3000)
    assert "'Byzantine levy' takes a whole number from 0 to 3" in await refused(huge)
    assert len(table.stored()) == before

    # The form opens again with what the member typed last (the 3,000 digits), not the template.
    again, shown = await form()
    assert shown == huge

    # Two lines swapped: each keeps its own number.
    levy = lines.index("Byzantine levy (0 to 3): 0")
    movement = lines.index("Byzantine movement (0 to 3): 0")
    swapped = list(lines)
    swapped[levy], swapped[movement] = "Byzantine movement (0 to 3): 0", "Byzantine levy (0 to 3): 2"
    version = table.version()
    good = await fake.submit_modal(first, again, {ALL_FIELD: "\n".join(swapped)})
    await table.settle(good, version)
    assert not good.followups, good.followups[0].content
    assert table.stored()[-1][1] == "reinforce:byzantine.levy=2"
    fake.assert_clean()
    # The log tells that a form was refused, not what the member typed (docs/operations.md).
    log = bot.log_path.read_text()
    assert "{problem} Nothing was changed" in log and "1.5" not in log and "7" * 50 not in log
