"""Who a message actually pings: mentions in the content, filtered by allowed_mentions as Discord does.

https://discord.com/developers/docs/resources/message#allowed-mentions-object: without
allowed_mentions every mention in the content notifies; with it, users notify only if "users" is
in `parse` or their id is in `users` (the two may not be combined), likewise for roles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")


@dataclass(frozen=True)
class Pings:
    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    everyone: bool = False
    problems: list[str] = field(default_factory=list)


def pings(content: str, allowed: dict[str, Any] | None) -> Pings:
    users = [int(u) for u in dict.fromkeys(_USER.findall(content))]
    roles = [int(r) for r in dict.fromkeys(_ROLE.findall(content))]
    everyone = "@everyone" in content or "@here" in content
    if allowed is None:
        return Pings(tuple(users), tuple(roles), everyone)
    parse = set(allowed.get("parse") or [])
    allowed_users = {int(u) for u in allowed.get("users") or []}
    allowed_roles = {int(r) for r in allowed.get("roles") or []}
    problems = []
    if "users" in parse and allowed_users:
        problems.append("allowed_mentions: parse 'users' and a users list are mutually exclusive")
    if "roles" in parse and allowed_roles:
        problems.append("allowed_mentions: parse 'roles' and a roles list are mutually exclusive")
    return Pings(
        tuple(u for u in users if "users" in parse or u in allowed_users),
        tuple(r for r in roles if "roles" in parse or r in allowed_roles),
        everyone and "everyone" in parse,
        problems,
    )
