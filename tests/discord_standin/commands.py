"""Turning what a person types ("/game new game:byzantium") into the interaction data Discord sends,
using the command definitions the bot registered: the same checks the Discord client makes
(known options, required options present, types, choices, ranges) happen here."""

from __future__ import annotations

from typing import Any

from .records import RegisteredCommand
from .store import Store
from .world import Channel, Member, Role, World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def find_command(store: Store, guild_id: int | None, name: str) -> RegisteredCommand:
    """The guild's command of that name if any, else the global one (as the Discord client shows them)."""
    cmd = store.guild_commands.get(guild_id or 0, {}).get(name) or store.global_commands.get(name)
    if cmd is None or cmd.type != 1:
        known = sorted(set(store.global_commands) | set(store.guild_commands.get(guild_id or 0, {})))
        raise AssertionError(f"no slash command /{name} is registered; registered: {known}")
    return cmd


class CommandHidden(AssertionError):
    """The Discord client would not offer this command to this member here."""


def check_visible(cmd: RegisteredCommand, permissions: int, *, in_dm: bool) -> None:
    """Discord hides a command from members lacking its default_member_permissions, and guild-only
    commands in DMs; such a member cannot send it at all."""
    required = cmd.payload.get("default_member_permissions")
    if required is not None and int(required) & permissions != int(required):
        raise CommandHidden(f"/{cmd.name} needs permissions {required}; this member has {permissions}")
    contexts = cmd.payload.get("contexts")
    if in_dm and (cmd.payload.get("dm_permission") is False or (contexts is not None and 1 not in contexts)):
        raise CommandHidden(f"/{cmd.name} is guild-only")


def build(world: World, store: Store, guild_id: int | None, path: str, values: dict[str, Any], *,
          focused: str | None = None) -> tuple[RegisteredCommand, dict[str, Any]]:
    """(command, interaction data) for `path` ("game new") with option `values`.

    With `focused`, this is an autocomplete request: that option carries the raw typed text, and
    required options may still be missing.
    """
    parts = path.split()
    cmd = find_command(store, guild_id, parts[0])
    defs = cmd.options
    chain: list[dict[str, Any]] = []
    for part in parts[1:]:
        found = next((o for o in defs if o["name"] == part and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if found is None:
            subs = [o["name"] for o in defs if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise AssertionError(f"/{cmd.name} has no subcommand {part!r} at this level; offered: {subs}")
        chain.append(found)
        defs = found.get("options") or []
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
        raise AssertionError(f"/{path} is a group; name a subcommand: {[o['name'] for o in defs]}")

    resolved: dict[str, dict[str, Any]] = {}
    leaf: list[dict[str, Any]] = []
    names = {o["name"] for o in defs}
    unknown = set(values) - names - ({focused} if focused else set())
    if unknown:
        raise AssertionError(f"/{path} has no option(s) {sorted(unknown)}; options: {sorted(names)}")
    for definition in defs:
        name = definition["name"]
        if focused == name:
            leaf.append({"name": name, "type": definition["type"], "value": str(values.get(name, "")), "focused": True})
            continue
        if name not in values:
            if definition.get("required") and focused is None:
                raise AssertionError(f"/{path} needs option {name!r}")
            continue
        leaf.append({"name": name, "type": definition["type"], "value": _encode(world, definition, values[name], resolved)})
    if focused is not None and focused not in names:
        raise AssertionError(f"/{path} has no option {focused!r} to autocomplete")

    options = leaf
    for level in reversed(chain):
        options = [{"name": level["name"], "type": level["type"], "options": options}]
    data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1, "options": options}
    if cmd.guild_id:
        data["guild_id"] = str(cmd.guild_id)
    if resolved:
        data["resolved"] = resolved
    return cmd, data


def _encode(world: World, definition: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]]) -> Any:
    from . import payloads

    kind, name = definition["type"], definition["name"]
    if kind == STRING:
        value = str(value)
        if not definition.get("min_length", 0) <= len(value) <= definition.get("max_length", 6000):
            raise AssertionError(f"option {name!r}: length out of range")
    elif kind in (INTEGER, NUMBER):
        value = int(value) if kind == INTEGER else float(value)
        lo, hi = definition.get("min_value"), definition.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise AssertionError(f"option {name!r}: {value} is outside [{lo}, {hi}]")
    elif kind == BOOLEAN:
        value = bool(value)
    elif kind in (USER, MENTIONABLE) and isinstance(value, Member):
        resolved.setdefault("users", {})[str(value.id)] = payloads.user(value.user)
        guild = world.guild(value.guild_id)
        perms = guild.permissions_of(value) if guild else 0
        resolved.setdefault("members", {})[str(value.id)] = payloads.member(value, with_user=False, permissions=perms)
        value = str(value.id)
    elif kind == CHANNEL and isinstance(value, Channel):
        resolved.setdefault("channels", {})[str(value.id)] = payloads.channel(value) | {"permissions": str((1 << 53) - 1)}
        value = str(value.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
        value = str(value.id)
    else:
        raise AssertionError(f"option {name!r} of type {kind} cannot take {value!r}")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise AssertionError(f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value
