"""Discord-shaped JSON for the fake's objects, with the fields discord.py 2.7.1 reads.

Field sets follow discord.py's parsers (user.py, member.py, channel.py, threads.py, message.py,
guild.py, interactions.py) and Discord's documented object shapes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tests.fake_discord.model import (
    BOT_PERMISSIONS,
    MEMBER_PERMISSIONS,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    iso,
)


def user_payload(user: FakeUser) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.name.title(),
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "primary_guild": None,
        "collectibles": None,
    }


def member_payload(
    user: FakeUser, permissions: int | None = None, roles: list[int] | None = None
) -> dict[str, Any]:
    """A guild member; `permissions` (interactions only) is the member's rights in the channel."""
    member: dict[str, Any] = {
        "user": user_payload(user),
        "nick": None,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in roles or []],
        "joined_at": "2025-01-01T00:00:00+00:00",
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
        "avatar_decoration_data": None,
    }
    if permissions is not None:
        member["permissions"] = str(permissions)
    return member


def channel_payload(channel: FakeChannel) -> dict[str, Any]:
    if channel.recipient is not None:
        return {
            "id": str(channel.id),
            "type": channel.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user_payload(channel.recipient)],
        }
    base: dict[str, Any] = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": channel.permission_overwrites,
        "rate_limit_per_user": 0,
        "nsfw": False,
        "last_message_id": None,
        "flags": 0,
    }
    if not channel.is_thread:
        base.update({"topic": None, "parent_id": None, "default_auto_archive_duration": 1440})
        return base
    base.update(
        {
            "parent_id": str(channel.parent_id),
            "owner_id": str(channel.owner_id),
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "thread_metadata": {
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso(channel.created_at),
                "locked": channel.locked,
                "invitable": True,
                "create_timestamp": iso(channel.created_at),
            },
        }
    )
    base.pop("position", None)
    base.pop("permission_overwrites", None)
    return base


def guild_payload(
    guild: FakeGuild, channels: list[FakeChannel], members: list[FakeUser], *, full: bool = True
) -> dict[str, Any]:
    """The guild object; with `full`, the GUILD_CREATE extras (channels, threads, members)."""
    bot = next((m for m in members if m.bot), None)
    data: dict[str, Any] = {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [
            {
                "id": str(guild.id),
                "name": "@everyone",
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "position": 0,
                "permissions": str(MEMBER_PERMISSIONS),
                "managed": False,
                "mentionable": False,
                "flags": 0,
            },
            {
                "id": str(guild.bot_role_id),
                "name": "Garden Club",
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "position": 1,
                "permissions": str(BOT_PERMISSIONS),
                "managed": True,
                "mentionable": False,
                "flags": 0,
                "tags": {"bot_id": str(bot.id)} if bot else {},
            },
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "safety_alerts_channel_id": None,
        "max_members": 500000,
        "max_presences": None,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "application_id": None,
        "home_header": None,
        "incidents_data": None,
        "nsfw": False,
        "region": "deprecated",
        "widget_enabled": False,
        "widget_channel_id": None,
    }
    if full:
        data.update(
            {
                "unavailable": False,
                "large": False,
                "member_count": len(members),
                "joined_at": "2025-01-01T00:00:00+00:00",
                "channels": [channel_payload(c) for c in channels if not c.is_thread],
                "threads": [channel_payload(c) for c in channels if c.is_thread and not c.archived],
                "members": [member_payload(m, roles=[guild.bot_role_id]) for m in members if m.bot],
                "voice_states": [],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
            }
        )
    return data


def message_payload(
    message: FakeMessage, guild_id: int | None, users: dict[int, FakeUser] | None = None
) -> dict[str, Any]:
    """A message as Discord returns it from REST (and in interaction callback resources)."""
    known = users or {}
    data: dict[str, Any] = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(message.author),
        "content": message.content,
        "timestamp": iso(message.created_at),
        "edited_timestamp": iso(message.edited_at),
        "tts": False,
        "mention_everyone": False,
        "mentions": [
            user_payload(known.get(uid) or FakeUser(id=uid, name=f"user{uid}")) for uid in message.mentions
        ],
        "mention_roles": [],
        "mention_channels": [],
        "attachments": message.attachments,
        "embeds": message.embeds,
        "components": message.components,
        "pinned": message.pinned,
        "type": message.type,
        "flags": message.flags,
    }
    if message.interaction_id is not None:
        data["application_id"] = str(message.author.id)
        data["webhook_id"] = str(message.author.id)
    if message.interaction_metadata is not None:
        data["interaction_metadata"] = message.interaction_metadata
    if guild_id is not None and not message.ephemeral:
        data["guild_id"] = str(guild_id)
    return data


def now_iso() -> str:
    return datetime.now(UTC).isoformat()
