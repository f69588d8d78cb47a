"""Slash commands as the Discord client builds them: find the synced command (guild or global),
walk subcommands, and type and check the options against the command's definition (unknown,
missing, not a choice, out of range, not offered in this context), with resolved users and
channels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.fake_discord.model import ADMINISTRATOR, MEMBER_PERMISSIONS, FakeChannel, FakeGuild, FakeUser
from tests.fake_discord.payloads import channel_payload, member_payload, user_payload

if TYPE_CHECKING:
    from tests.fake_discord.fake import FakeDiscord

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def command_data(
    fake: FakeDiscord,
    channel: FakeChannel,
    command: str,
    options: dict[str, Any],
    *,
    focused: str | None,
    user: FakeUser | None = None,
    permissions: int | None = None,
) -> dict[str, Any]:
    names = command.strip().lstrip("/").split()
    guild = fake.guilds[channel.guild_id] if channel.guild_id is not None else None
    definition, guild_scoped = find_command(fake, names[0], guild)
    contexts = definition.get("contexts")
    context = 1 if guild is None else 0
    if (contexts is not None and context not in contexts) or (
        guild is None and definition.get("dm_permission") is False
    ):
        where = "DMs" if guild is None else "servers"
        raise AssertionError(f"/{names[0]} is not offered in {where} (contexts {contexts})")
    if guild is not None and permissions is not None:
        check_member_may_use(definition, permissions, user)
    resolved: dict[str, dict[str, Any]] = {}
    path_options, leaf = command_path(definition, names)
    leaf_options = command_options(definition, leaf, options, resolved, focused)
    data: dict[str, Any] = {
        "id": definition["id"],
        "name": definition["name"],
        "type": definition.get("type", 1),
    }
    if guild_scoped and guild is not None:
        data["guild_id"] = str(guild.id)
    nested = leaf_options
    for option in reversed(path_options):
        nested = [{**option, "options": nested}]
    if nested:
        data["options"] = nested
    if resolved:
        data["resolved"] = resolved
    return data


def check_member_may_use(definition: dict[str, Any], permissions: int, user: FakeUser | None) -> None:
    """In a server, the Discord client offers a command synced with `default_member_permissions`
    (a string bit set) only to members holding all those bits (administrators hold every bit;
    "0": administrators only). Per-guild command permission overrides are not modelled; in DMs
    the field does not apply."""
    required = definition.get("default_member_permissions")
    if required is None:
        return
    needed = int(required)
    if permissions & ADMINISTRATOR:
        return
    if needed == 0 or permissions & needed != needed:
        who = user.name if user is not None else "this member"
        missing = needed & ~permissions
        raise AssertionError(
            f"/{definition['name']} is not offered to {who}: it needs permissions {needed} "
            f"(default_member_permissions {required!r}; missing bits {missing or 'administrator'})"
        )


def find_command(fake: FakeDiscord, name: str, guild: FakeGuild | None) -> tuple[dict[str, Any], bool]:
    for command in fake.guild_commands.get(guild.id, []) if guild is not None else []:
        if command["name"] == name and command.get("type", 1) == 1:
            return command, True
    for command in fake.global_commands:
        if command["name"] == name and command.get("type", 1) == 1:
            return command, False
    known = sorted(
        {c["name"] for c in fake.global_commands}
        | {c["name"] for c in (fake.guild_commands.get(guild.id, []) if guild else [])}
    )
    raise AssertionError(f"/{name} is not a synced command (synced: {known})")


def command_path(definition: dict[str, Any], names: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Walk subcommand groups / subcommands named after the command; return them and the leaf."""
    path: list[dict[str, Any]] = []
    node = definition
    for name in names[1:]:
        match = next(
            (
                o
                for o in node.get("options", [])
                if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if match is None:
            raise AssertionError(f"/{' '.join(names)}: no subcommand {name!r}")
        path.append({"name": match["name"], "type": match["type"]})
        node = match
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options", [])):
        raise AssertionError(f"/{' '.join(names)} needs a subcommand")
    return path, node


def command_options(
    definition: dict[str, Any],
    leaf: dict[str, Any],
    given: dict[str, Any],
    resolved: dict[str, dict[str, Any]],
    focused: str | None,
) -> list[dict[str, Any]]:
    declared = {o["name"]: o for o in leaf.get("options", [])}
    unknown = set(given) - set(declared)
    if unknown:
        raise AssertionError(
            f"/{definition['name']} has no options {sorted(unknown)}; it has {sorted(declared)}"
        )
    missing = [n for n, o in declared.items() if o.get("required") and n not in given]
    if focused is not None:
        if focused not in declared or not declared[focused].get("autocomplete"):
            raise AssertionError(f"/{definition['name']} {focused}: not an autocomplete option")
        missing = []
    if missing:
        raise AssertionError(f"/{definition['name']} requires options {missing}")
    result: list[dict[str, Any]] = []
    for name, value in given.items():
        spec = declared[name]
        kind = spec["type"]
        if name == focused:
            result.append({"name": name, "type": kind, "value": str(value), "focused": True})
            continue
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = user_payload(value)
            member = member_payload(value)
            member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member | {
                "permissions": str(MEMBER_PERMISSIONS)
            }
            value = str(value.id)
        elif isinstance(value, FakeChannel):
            resolved.setdefault("channels", {})[str(value.id)] = {
                k: v for k, v in channel_payload(value).items() if k in ("id", "name", "type", "parent_id")
            } | {"permissions": str(MEMBER_PERMISSIONS)}
            value = str(value.id)
        if spec.get("choices") and value not in [c["value"] for c in spec["choices"]]:
            raise AssertionError(f"/{definition['name']} {name}: {value!r} is not one of its choices")
        if kind == INTEGER and not isinstance(value, int):
            raise AssertionError(f"/{definition['name']} {name} takes an integer, not {value!r}")
        if kind in (INTEGER, NUMBER):
            if "min_value" in spec and value < spec["min_value"]:
                raise AssertionError(f"/{definition['name']} {name}: {value} < min {spec['min_value']}")
            if "max_value" in spec and value > spec["max_value"]:
                raise AssertionError(f"/{definition['name']} {name}: {value} > max {spec['max_value']}")
        result.append({"name": name, "type": kind, "value": value})
    return result
