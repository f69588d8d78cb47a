"""The server permissions Garden Club needs, in one place: the README's list, its invite link and
the link the bot logs at start all come from `NEEDED_PERMISSIONS`.

What the bot does and why each is enough: it posts boards, lobbies and turn notices (Send
Messages) as embeds (Embed Links) with pictures (Attach Files), optionally in a new public thread
of the channel (Create Public Threads, Send Messages in Threads), and edits and deletes only its
own messages, which needs no permission. It reads no message history and replies to no message;
private views and `/hand` are interaction responses, and direct messages need no server
permission.
"""

from __future__ import annotations

import discord

#: Exactly what the bot uses (see the module's docstring); README.md lists the same six.
NEEDED_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
)

#: The OAuth2 scopes of the invite: the bot user and its slash commands.
SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int) -> str:
    """The link a server owner opens to add the bot with exactly `NEEDED_PERMISSIONS`."""
    return discord.utils.oauth_url(application_id, permissions=NEEDED_PERMISSIONS, scopes=SCOPES)
