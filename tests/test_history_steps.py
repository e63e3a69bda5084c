"""Which steps of a game a member's `/game history` walks through (bot/service/past/history.py Steps).
Rule (docs/engine.md, secrets): a standing order is its owner's; when it settled nothing
(a "quiet" preference) nobody else may even learn it was set, but when it settled a decision
the public events it caused are everyone's."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service.past.history import Steps
from bot.storage.records import ChoiceRecord

AT = datetime(2026, 1, 1, tzinfo=UTC)
PUBLIC = [{"kind": "feed", "text": "Bo feeds his armies.", "data": {}}]
PRIVATE = [{"kind": "pref", "text": "Your order is now: never.", "data": {}, "private_to": ["Bo"]}]


def history() -> list[ChoiceRecord]:
    return [
        ChoiceRecord(1, "Ann", "take:Jerusalem", 1, PUBLIC, AT),
        ChoiceRecord(2, "Bo", "pref:order:parry=never", 2, PRIVATE, AT),  # quiet: settled nothing
        ChoiceRecord(3, "Bo", "pref:feed=all", 2, PUBLIC, AT),  # settled a decision: public events
        ChoiceRecord(4, "Ann", "pass", 1, [], AT),
    ]


def test_another_players_quiet_preference_is_no_step_of_my_history():
    ann = Steps(history(), "Ann")
    assert ann.visible == [0, 1, 3, 4]
    assert (ann.after(1), ann.before(3), ann.at_or_before(2)) == (3, 1, 1)
    assert Steps(history(), "Bo").visible == [0, 1, 2, 3, 4]  # his own, he sees
    assert Steps(history(), None).visible == [0, 1, 3, 4]  # a spectator


def test_since_my_last_move_ignores_my_preferences():
    bo = Steps(history(), "Bo")
    assert bo.my_last_move() is None  # both of Bo's choices were standing orders
    assert Steps(history(), "Ann").my_last_move() == 4


def test_the_menu_spreads_its_entries_from_the_first_step_to_the_last():
    many = [ChoiceRecord(seq, "Ann", "pass", 1, [], AT) for seq in range(1, 301)]
    spread = Steps(many, "Ann").spread(25)
    assert len(spread) == 25 and spread[0] == 0 and spread[-1] == 300
    assert spread == sorted(spread)
