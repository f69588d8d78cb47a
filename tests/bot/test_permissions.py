"""The invite link asks for the bot's scopes and exactly `NEEDED_PERMISSIONS`, and the README's
link and list say the same."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord

from bot.operations.permissions import NEEDED_PERMISSIONS, invite_url

README = Path(__file__).resolve().parents[2] / "README.md"

#: The permissions by the names Discord's client shows (README.md's wording).
SHOWN = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


def test_needed_permissions_are_exactly_the_six() -> None:
    assert discord.Permissions(**dict.fromkeys(SHOWN, True)) == NEEDED_PERMISSIONS
    assert NEEDED_PERMISSIONS.value == 309237697536  # the number README.md's link carries
    assert not NEEDED_PERMISSIONS.manage_messages and not NEEDED_PERMISSIONS.read_message_history


def test_invite_url_has_the_scopes_and_the_permission_number() -> None:
    url = urlsplit(invite_url(123456789012345678))
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    query = parse_qs(url.query)
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"][0].split() == ["bot", "applications.commands"]
    assert query["permissions"] == [str(NEEDED_PERMISSIONS.value)]
    assert discord.Permissions(int(query["permissions"][0])) == NEEDED_PERMISSIONS


def test_the_readme_link_and_list_match() -> None:
    readme = README.read_text(encoding="utf-8")
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", readme)
    assert links, "README.md has no invite link"
    for link in links:
        assert link == invite_url(1).replace("client_id=1", "client_id=<APPLICATION_ID>")
    setup = readme.split("## Set up a Discord bot", 1)[1].split("\n## ", 1)[0]
    for shown in SHOWN.values():
        assert f"**{shown}**" in setup
    for unused in ("Manage Messages", "Read Message History"):
        assert f"**{unused}**" not in setup
