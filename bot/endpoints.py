"""Where the bot talks to: Discord itself, or a REST proxy / the tests' local fake Discord.

discord.py reads its REST base from `discord.http.Route.BASE`, and a plain `Client` connects to
`DiscordWebSocket.DEFAULT_GATEWAY` without asking `/gateway/bot` (it also returns there after an
invalid session), so both are class attributes we set before connecting.
"""

from __future__ import annotations

import discord
import yarl
from discord.gateway import DiscordWebSocket


def use_api_base(api_base: str | None) -> None:
    """Send REST calls to `api_base` (None: Discord's own)."""
    if api_base:
        discord.http.Route.BASE = api_base


def use_gateway(url: str) -> None:
    """Connect (and reconnect) the gateway websocket to `url`."""
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)


async def discover_gateway(http: discord.http.HTTPClient) -> str:
    """Ask the REST base's `/gateway/bot` for the gateway URL (used with a custom API base)."""
    _shards, url, _limits = await http.get_bot_gateway()
    return url
