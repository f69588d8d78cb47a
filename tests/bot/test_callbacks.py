"""A click answered by editing its message is sent by the bot itself (bot/basics/callbacks.py,
issue 31): the payload must be the one discord.py would send for the same fields, and Discord's
refusals must reach the handlers as discord.py's own exceptions, which every handler answers
(a player never sees "This interaction failed" for a table that could not be redrawn)."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import pytest
from aiohttp import web
from discord.http import handle_message_parameters
from discord.webhook.async_ import interaction_message_response_params

from bot.basics import callbacks
from bot.basics.callbacks import InteractionCallbacks, message_update, original_edit, private_message
from bot.ui.items import button, drawn_view, row
from bot.ui.layout import GREEN, container, layout, separator, text

TABLE = [container([text("**Alice** to play"), separator()], GREEN)]
NO_PINGS = discord.AllowedMentions.none()

#: The answers the bot gives by editing the clicked message (the fields its handlers pass).
FIELD_SETS: list[Callable[[], dict[str, Any]]] = [
    lambda: {"view": layout(TABLE)},  # a picker step's table
    lambda: {"embed": None, "view": layout(TABLE)},  # a move's table
    lambda: {"embed": None, "view": layout(TABLE), "attachments": []},  # its picture removed
    lambda: {"view": None, "content": "Done."},
    lambda: {"content": None, "embeds": []},
    lambda: {"embed": discord.Embed(title="Lobby", description="Alice is waiting"), "view": None},
    lambda: {"view": drawn_view([row([button("gc:lobby:1:join", "Join")])])},
    lambda: {"content": "x", "allowed_mentions": discord.AllowedMentions(users=True)},
]


@pytest.mark.parametrize("fields", FIELD_SETS)
@pytest.mark.parametrize("previous", [NO_PINGS, None])
def test_the_payload_is_the_one_discord_py_sends(
    fields: Callable[[], dict[str, Any]], previous: discord.AllowedMentions | None
) -> None:
    """Field for field what `InteractionResponse.edit_message` sends (without asking for the
    message back): a layout's flag, an embed removed, the bot's "no pings" mentions."""
    ours = message_update(fields(), previous)
    theirs = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        previous_allowed_mentions=previous,
        **fields(),
    ).payload
    assert ours == theirs


#: The private answers the bot sends (`replies.send(private=True)`: a hand, a refusal, a notice).
PRIVATE_SETS: list[Callable[[], dict[str, Any]]] = [
    lambda: {"view": layout(TABLE), "files": []},  # "My hand" without its picture
    lambda: {"view": layout(TABLE)},
    lambda: {"content": "That is not your seat."},
    lambda: {"content": "x", "view": drawn_view([row([button("gc:share:1:all", "Share")])])},
    lambda: {"embed": discord.Embed(title="Your stats"), "allowed_mentions": NO_PINGS},
    lambda: {"embeds": [discord.Embed(title="a"), discord.Embed(title="b")]},
]


@pytest.mark.parametrize("fields", PRIVATE_SETS)
@pytest.mark.parametrize("previous", [NO_PINGS, None])
def test_a_private_answer_is_the_one_discord_py_sends(
    fields: Callable[[], dict[str, Any]], previous: discord.AllowedMentions | None
) -> None:
    """Field for field what `InteractionResponse.send_message(ephemeral=True)` sends: the
    ephemeral flag (with a layout's), its content null when none is given."""
    ours = private_message(fields(), previous)
    theirs = interaction_message_response_params(
        type=discord.InteractionResponseType.channel_message.value,
        tts=False,
        previous_allowed_mentions=previous,
        flags=discord.MessageFlags(ephemeral=True),
        **{"content": None, **fields()},  # send_message's content when the answer gives none
    ).payload
    assert ours == theirs


@pytest.mark.parametrize("fields", FIELD_SETS)
@pytest.mark.parametrize("previous", [NO_PINGS, None])
def test_an_answer_edited_by_its_token_is_the_one_discord_py_sends(
    fields: Callable[[], dict[str, Any]], previous: discord.AllowedMentions | None
) -> None:
    """Field for field what `Interaction.edit_original_response` sends (a hand left open, redrawn
    when the game moves on)."""
    ours = original_edit(fields(), previous)
    with handle_message_parameters(previous_allowed_mentions=previous, **fields()) as params:
        theirs = params.payload
    assert ours == theirs


def test_an_answer_uploading_files_is_left_to_discord_py() -> None:
    """A new board picture is a multipart upload: not written here (None: discord.py's path)."""
    picture = discord.File(io.BytesIO(b"png"), filename="board.png")
    assert message_update({"view": layout(TABLE), "attachments": [picture]}, NO_PINGS) is None
    assert message_update({"view": layout(TABLE), "files": [picture]}, NO_PINGS) is None
    assert message_update({"embed": None, "embeds": []}, NO_PINGS) is None  # discord.py refuses
    assert private_message({"view": layout(TABLE), "files": [picture]}, NO_PINGS) is None
    assert private_message({"view": layout(TABLE), "attachments": []}, NO_PINGS) is None
    assert original_edit({"view": layout(TABLE), "attachments": [picture]}, NO_PINGS) is None


class FakeCallbacks:
    """A local server answering interaction callbacks as it is told, counting the tries."""

    def __init__(self, answers: list[web.Response]) -> None:
        self.answers = answers
        self.bodies: list[bytes] = []

    async def handle(self, request: web.Request) -> web.Response:
        self.bodies.append(await request.read())
        assert request.path in (
            "/api/v10/interactions/900/token-1/callback",
            "/api/v10/webhooks/77/token-1/messages/@original",
        )
        assert request.headers["Content-Type"] == "application/json"
        return self.answers.pop(0)


@pytest.fixture
async def serve() -> AsyncIterator[Callable[[list[web.Response]], Any]]:
    runners: list[web.AppRunner] = []

    async def start(answers: list[web.Response]) -> tuple[FakeCallbacks, InteractionCallbacks]:
        fake = FakeCallbacks(answers)
        app = web.Application()
        app.router.add_post("/api/v10/interactions/{id}/{token}/callback", fake.handle)
        app.router.add_patch("/api/v10/webhooks/{app}/{token}/messages/@original", fake.handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        runners.append(runner)
        port = runner.addresses[0][1]
        sender = InteractionCallbacks(f"http://127.0.0.1:{port}/api/v10/")
        senders.append(sender)
        return fake, sender

    senders: list[InteractionCallbacks] = []
    yield start
    for sender in senders:
        await sender.close()
    for runner in runners:
        await runner.cleanup()


def _json(status: int, data: dict[str, Any], **headers: str) -> web.Response:
    return web.json_response(data, status=status, headers=headers)


async def test_a_callback_is_sent_once_as_json(serve: Any) -> None:
    fake, sender = await serve([web.Response(status=204)])
    payload = message_update({"embed": None, "view": layout(TABLE)}, NO_PINGS)
    assert payload is not None
    await sender.send(900, "token-1", payload)
    assert len(fake.bodies) == 1
    assert json.loads(fake.bodies[0]) == payload


async def test_an_open_hand_is_edited_by_its_token(serve: Any) -> None:
    """The edit is sent once as JSON, and Discord's answer (the edited message) is read and left
    alone; an expired token is discord.py's `NotFound`, which the hands' redraw answers by
    forgetting the hand."""
    fake, sender = await serve(
        [
            _json(200, {"id": "555", "components": []}),
            _json(404, {"code": 10015, "message": "Unknown Webhook"}),
        ]
    )
    payload = original_edit({"embed": None, "view": layout(TABLE)}, NO_PINGS)
    assert payload is not None
    await sender.edit_original(77, "token-1", payload)
    assert json.loads(fake.bodies[0]) == payload
    with pytest.raises(discord.NotFound):
        await sender.edit_original(77, "token-1", payload)


@pytest.mark.parametrize(
    ("status", "raised"),
    [(404, discord.NotFound), (403, discord.Forbidden), (400, discord.HTTPException)],
)
async def test_discord_s_refusal_is_discord_py_s_exception(
    serve: Any, status: int, raised: type[discord.HTTPException]
) -> None:
    """An expired click (404 Unknown interaction), a missing permission, a refused payload:
    raised as discord.py raises them, with Discord's code, and sent once."""
    fake, sender = await serve([_json(status, {"code": 10062, "message": "Unknown interaction"})])
    with pytest.raises(raised) as error:
        await sender.send(900, "token-1", {"type": 7, "data": {}})
    assert error.value.status == status and error.value.code == 10062
    assert len(fake.bodies) == 1


async def test_a_server_error_is_tried_again(serve: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 5xx is retried after a pause (as discord.py's adapter does), and a 429 from Discord's
    edge after its `retry_after`; a 429 not from the edge is not retried."""
    monkeypatch.setattr(callbacks, "retry_pause", lambda attempt: 0.0)
    fake, sender = await serve(
        [
            _json(502, {"message": "Bad gateway"}),
            _json(429, {"retry_after": 0.01, "message": "slow down"}, Via="1.1 google"),
            web.Response(status=204),
        ]
    )
    await sender.send(900, "token-1", {"type": 7, "data": {}})
    assert len(fake.bodies) == 3

    fake, sender = await serve([_json(429, {"retry_after": 0.01, "message": "banned"})])
    with pytest.raises(discord.HTTPException) as error:
        await sender.send(900, "token-1", {"type": 7, "data": {}})
    assert error.value.status == 429 and len(fake.bodies) == 1


async def test_a_server_that_keeps_failing_is_given_up(serve: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(callbacks, "retry_pause", lambda attempt: 0.0)
    fake, sender = await serve([_json(503, {"message": "down"}) for _ in range(callbacks.ATTEMPTS)])
    with pytest.raises(discord.DiscordServerError):
        await sender.send(900, "token-1", {"type": 7, "data": {}})
    assert len(fake.bodies) == callbacks.ATTEMPTS
