"""Discord-shaped HTTP answers and the JSON error codes the fake uses.

discord.py parses a body as JSON only when Content-Type is exactly `application/json`
(aiohttp's own JSON helper adds `; charset=utf-8`), so every JSON answer sets that header itself.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from aiohttp import web

# Discord's JSON error codes used by the fake.
UNKNOWN_CHANNEL, UNKNOWN_GUILD, UNKNOWN_MEMBER, UNKNOWN_MESSAGE = 10003, 10004, 10007, 10008
UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, UNKNOWN_ROUTE = 10015, 10062, 0
ALREADY_ACKNOWLEDGED, INVALID_FORM_BODY, OLD_MESSAGE_EDITS = 40060, 50035, 30046
THREAD_EXISTS, MISSING_PERMISSIONS, THREAD_ARCHIVED = 160004, 50013, 50083
#: A DM the user refuses (privacy settings, or they blocked the bot): 403 on posting in the DM.
CANNOT_MESSAGE_USER = 50007
#: A guild the bot is not in (e.g. syncing commands to it): 403 Missing Access.
MISSING_ACCESS = 50001


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Content-Type exactly `application/json`, as discord.py requires to parse it.
    Written by orjson (a table's answer is a few kilobytes, answered thousands of times a second
    under benchmarks/side_by_side.py: the standard library's encoder was 2% of the fake's CPU), the
    standard library for what orjson refuses (an integer beyond 64 bits)."""
    try:
        body = orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        body = json.dumps(data).encode()
    return web.Response(
        body=body,
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def error_response(
    status: int, code: int, message: str, errors: dict[str, Any] | None = None
) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return json_response(body, status)


def no_content() -> web.Response:
    return web.Response(status=204)
