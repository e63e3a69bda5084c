"""Who is inside a running game's secrets, from the game's audit log (issue 25).

A moderator who plays must never see the hands, the deck or the seed while the game runs. Who
plays *now* is not enough: a seat handed to someone else (or to a bot) and back, or an undo
across the hand-over, would open the reveal to a player. So everyone who ever held a seat of
the game counts, and its host; the audit log keeps every hand-over (an undo never removes
audit lines). The other way round, a member who was shown the secrets may not take a seat.
"""

from __future__ import annotations

from bot.storage.records import GameRecord

# Audit actions that move a seat from one member to another (lobby joins are in the seats
# themselves until the game starts, and a lobby hides nothing from its own players).
_SEAT_KEYS = ("old_user_id", "new_user_id")


async def ever_seated(storage, record: GameRecord) -> set[int]:
    """Every member who holds or ever held a seat of the game, and its host."""
    members = {s.user_id for s in record.seats if s.user_id is not None}
    members.add(record.host_user_id)
    for line in await storage.audit_log(record.id):
        for key in _SEAT_KEYS:
            user_id = line["detail"].get(key)
            if isinstance(user_id, int):
                members.add(user_id)
    return members


async def saw_secrets(storage, record: GameRecord, user_id: int) -> bool:
    """Whether the member revealed the game's secrets (`/mod inspect|export reveal:true`)."""
    return any(line["action"] == "reveal" and line["user_id"] == user_id
               for line in await storage.audit_log(record.id))
