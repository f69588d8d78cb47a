"""Where the bot talks to: Discord itself, or a REST proxy / the tests' local fake Discord.

discord.py reads its REST base from `discord.http.Route.BASE`, and a plain `Client` connects to
`DiscordWebSocket.DEFAULT_GATEWAY` without asking `/gateway/bot` (it also returns there after an
invalid session), so both are class attributes we set before connecting.
"""

from __future__ import annotations

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket

#: How long the start-up check may take to open the gateway.
GATEWAY_CHECK_SECONDS = 10.0


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


class GatewayUnreachable(Exception):
    """The gateway cannot be opened at start; the message is the one line saying what to check."""


def gateway_line(url: str, why: str) -> str:
    return (
        f"could not open Discord's gateway at {url} ({why}): check DISCORD_GATEWAY_URL (leave it "
        "empty for Discord's own) and that the network lets this machine open websockets there."
    )


async def check_gateway(timeout: float = GATEWAY_CHECK_SECONDS) -> None:
    """Open the gateway websocket once and close it, before discord.py connects: discord.py 2.7.1
    fails its very first connection with `AttributeError: 'NoneType' object has no attribute
    'sequence'` (a traceback, exit 1). Raises `GatewayUnreachable` instead (issue 29 item 4)."""
    url = str(DiscordWebSocket.DEFAULT_GATEWAY)
    try:
        async with (
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout)) as session,
            session.ws_connect(url, params={"v": "10", "encoding": "json"}) as socket,
        ):
            await socket.close()
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        raise GatewayUnreachable(gateway_line(url, str(error) or type(error).__name__)) from None
