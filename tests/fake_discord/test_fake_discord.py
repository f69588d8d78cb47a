"""The fake Discord itself, exercised by the real discord.py client (GardenClubBot plus a few
test-only "probe" commands): every interaction response type, follow-ups, components, modals,
threads, expired tokens, error 30046, gateway resume, and that bad payloads are caught."""

from __future__ import annotations

import io
import json
import zlib
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.http import Route

from bot.app import GardenClubBot
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.checks import OpenApiSpec
from tests.fake_discord.fixtures import fake_discord_problems
from tests.fake_discord.gateway import PRIVILEGED_INTENTS
from tests.fake_discord.model import (
    ALL_PERMISSIONS,
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    EPHEMERAL,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    PUBLIC_THREAD,
    FakeMessage,
    FakeUser,
    json_copy,
)

PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"garden" * 100


class ProbeView(discord.ui.View):
    """A public board: a counter button (answered by editing the message) and a select menu."""

    def __init__(self, count: int = 0) -> None:
        super().__init__(timeout=None)
        self.count = count

    @discord.ui.button(label="Count", custom_id="probe:count", style=discord.ButtonStyle.primary)
    async def count_button(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"Board v{self.count}", view=self)

    @discord.ui.button(label="Break", custom_id="probe:break", style=discord.ButtonStyle.danger)
    async def break_button(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        raise RuntimeError("the probe broke")

    @discord.ui.select(
        custom_id="probe:pick",
        placeholder="Pick a vegetable",
        options=[discord.SelectOption(label=v, value=v) for v in ("carrot", "cabbage", "leek")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {', '.join(select.values)}", ephemeral=True)


class ProbeModal(discord.ui.Modal, title="Name your garden"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Garden name", custom_id="probe:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class LabelledModal(discord.ui.Modal, title="New game"):
    name: discord.ui.Label[Any] = discord.ui.Label(
        text="Garden name", component=discord.ui.TextInput(custom_id="probe:garden")
    )
    size: discord.ui.Label[Any] = discord.ui.Label(
        text="Size",
        component=discord.ui.Select(
            custom_id="probe:size",
            options=[discord.SelectOption(label=v, value=v) for v in ("small", "large")],
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.name.component, discord.ui.TextInput)
        assert isinstance(self.size.component, discord.ui.Select)
        await interaction.response.send_message(
            f"{self.name.component.value} ({self.size.component.values[0]})", ephemeral=True
        )


def install_probes(seen: list[discord.Interaction]) -> Any:
    """Add test-only commands to the bot's tree before it starts (they get synced with /help)."""

    def install(bot: GardenClubBot) -> None:
        tree = bot.tree

        @tree.command(name="probe-board", description="Post a public board with a button and a menu.")
        async def board(interaction: discord.Interaction) -> None:
            seen.append(interaction)
            await interaction.response.send_message("Board v0", view=ProbeView())

        @tree.command(name="probe-slow", description="Defer, then answer with a follow-up.")
        async def slow(interaction: discord.Interaction) -> None:
            seen.append(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("slow done", ephemeral=True)

        @tree.command(name="probe-silent", description="Answer nothing (as a crashed handler would).")
        async def silent(interaction: discord.Interaction) -> None:
            seen.append(interaction)

        @tree.command(name="probe-modal", description="Open a modal.")
        async def modal(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(ProbeModal())

        @tree.command(name="probe-labels", description="Open a modal built from labels.")
        async def labels(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(LabelledModal())

        @tree.command(name="probe-thread", description="Open a thread and post in it.")
        @app_commands.guild_only()
        async def thread(interaction: discord.Interaction) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            made = await interaction.channel.create_thread(
                name="Cabbage game", type=discord.ChannelType.public_thread
            )
            await made.send("Welcome to the thread")
            await interaction.response.send_message(f"Opened {made.mention}", ephemeral=True)

        @tree.command(name="probe-file", description="Answer with an image file.")
        async def file(interaction: discord.Interaction) -> None:
            picture = discord.File(io.BytesIO(PNG_BYTES), filename="board.png", description="The board")
            await interaction.response.send_message("Here is the board", file=picture)

        @tree.command(name="probe-perms", description="Say whether the user may manage the channel.")
        async def perms(interaction: discord.Interaction) -> None:
            allowed = interaction.permissions.manage_channels
            threads = interaction.app_permissions.create_public_threads
            await interaction.response.send_message(f"manage={allowed} threads={threads}", ephemeral=True)

        @tree.command(name="probe-settings", description="Server settings (Manage Server only).")
        @app_commands.guild_only()
        @app_commands.default_permissions(manage_guild=True)
        async def settings(interaction: discord.Interaction) -> None:
            allowed = interaction.permissions.manage_guild
            await interaction.response.send_message(f"manage_guild={allowed}", ephemeral=True)

        async def vegetables(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ["carrot", "cabbage", "cauliflower", "leek"]
            return [app_commands.Choice(name=n.title(), value=n) for n in names if n.startswith(current)]

        @tree.command(name="probe-grow", description="Grow a vegetable (autocomplete).")
        @app_commands.autocomplete(vegetable=vegetables)
        async def grow(interaction: discord.Interaction, vegetable: str) -> None:
            await interaction.response.send_message(f"growing {vegetable}", ephemeral=True)

        @tree.command(name="probe-options", description="Echo typed options.")
        @app_commands.choices(
            size=[app_commands.Choice(name="Small", value="s"), app_commands.Choice(name="Large", value="l")]
        )
        async def options(
            interaction: discord.Interaction,
            players: app_commands.Range[int, 1, 4],
            size: app_commands.Choice[str],
            rival: discord.Member | None = None,
        ) -> None:
            rival_name = rival.name if rival else "nobody"
            await interaction.response.send_message(f"{players} players, {size.value}, vs {rival_name}")

    return install


@pytest.fixture
def seen() -> list[discord.Interaction]:
    return []


@pytest.fixture
async def probed_bot(garden_bot: BotRunner, seen: list[discord.Interaction]) -> BotRunner:
    garden_bot.before_start.append(install_probes(seen))
    await garden_bot.start()
    return garden_bot


async def test_interaction_payload_carries_what_discord_py_needs(
    fake_discord: FakeDiscord, probed_bot: BotRunner, seen: list[discord.Interaction]
) -> None:
    interaction = await fake_discord.slash(fake_discord.alice, fake_discord.general, "probe-board")
    await interaction.wait_answered()
    for key in (
        "attachment_size_limit",
        "application_id",
        "token",
        "member",
        "channel",
        "guild_id",
        "app_permissions",
        "locale",
        "guild_locale",
        "entitlements",
        "authorizing_integration_owners",
        "context",
        "version",
    ):
        assert key in interaction.payload
    handled = seen[0]
    assert handled.user.id == fake_discord.alice.id
    assert handled.channel is not None and handled.channel.id == fake_discord.general.id
    assert handled.filesize_limit == 10 * 1024 * 1024


async def test_a_public_board_is_edited_in_place_by_a_button(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    board = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-board"))
    assert not board.ephemeral and board.content == "Board v0"
    assert [b["label"] for b in board.buttons()] == ["Count", "Break"]
    click = await fake.click(fake.bob, board, label="Count")
    assert (await click.wait_answered()).type == 7
    assert board.content == "Board v1"
    assert [h["content"] for h in board.history] == ["Board v0"]
    assert fake.public_messages(fake.general) == [board]


async def test_a_select_choice_is_answered_ephemerally_to_the_chooser(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    board = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-board"))
    choice = await fake.select(fake.bob, board, "probe:pick", ["leek"])
    reply = await fake.response_message(choice)
    assert reply.content == "picked leek"
    assert reply.ephemeral_to == fake.bob.id
    assert fake.ephemeral_messages(fake.alice) == []
    with pytest.raises(AssertionError, match="not options"):
        await fake.select(fake.bob, board, "probe:pick", ["turnip"])


async def test_a_deferred_answer_is_replaced_by_its_first_follow_up(
    fake_discord: FakeDiscord, probed_bot: BotRunner, seen: list[discord.Interaction]
) -> None:
    fake = fake_discord
    interaction = await fake.slash(fake.carol, fake.games, "probe-slow")
    reply = await fake.response_message(interaction)
    assert interaction.response_type == 5
    assert reply is interaction.original and reply.content == "slow done" and not reply.loading
    assert reply.ephemeral_to == fake.carol.id and reply.flags & EPHEMERAL
    followup = await seen[0].followup.send("second", ephemeral=True, wait=True)
    await followup.edit(content="second, edited")
    [second] = interaction.followups
    assert second.content == "second, edited" and second.ephemeral_to == fake.carol.id
    await followup.delete()
    assert second.deleted and interaction.messages() == [reply]


async def test_a_modal_opens_and_its_submission_reaches_the_bot(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    opened = await fake.slash(fake.alice, fake.general, "probe-modal")
    assert (await opened.wait_answered()).type == 9
    assert opened.modal is not None and opened.modal["title"] == "Name your garden"
    submitted = await fake.submit_modal(fake.alice, opened, {"probe:name": "Eden"})
    assert (await fake.response_message(submitted)).content == "hello Eden"
    labelled = await fake.slash(fake.bob, fake.general, "probe-labels")
    await labelled.wait_answered()
    answered = await fake.submit_modal(fake.bob, labelled, {"probe:garden": "Kew", "probe:size": ["large"]})
    assert (await fake.response_message(answered)).content == "Kew (large)"


async def test_slash_options_are_typed_from_the_synced_definition(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    answer = await fake.slash(
        fake.alice, fake.general, "probe-options", {"players": 2, "size": "l", "rival": fake.bob}
    )
    assert (await fake.response_message(answer)).content == "2 players, l, vs bob"
    with pytest.raises(AssertionError, match="not one of its choices"):
        await fake.slash(fake.alice, fake.general, "probe-options", {"players": 2, "size": "xl"})
    with pytest.raises(AssertionError, match="max"):
        await fake.slash(fake.alice, fake.general, "probe-options", {"players": 5, "size": "s"})
    with pytest.raises(AssertionError, match="not a synced command"):
        await fake.slash(fake.alice, fake.general, "no-such-command")


async def test_a_thread_made_by_the_bot_is_a_channel_it_can_post_and_be_used_in(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-thread"))
    [thread] = fake.threads(fake.general)
    assert thread.type == PUBLIC_THREAD and thread.name == "Cabbage game"
    assert [m.content for m in fake.public_messages(thread)] == ["Welcome to the thread"]
    assert probed_bot.bot is not None and probed_bot.bot.get_channel(thread.id) is not None
    in_thread = await fake.slash(fake.bob, thread, "help")
    assert (await fake.response_message(in_thread)).channel_id == thread.id


async def test_an_expired_token_refuses_follow_ups_and_edits(
    fake_discord: FakeDiscord, probed_bot: BotRunner, seen: list[discord.Interaction]
) -> None:
    """Interaction tokens live 15 minutes; after that Discord answers 10015 Unknown Webhook."""
    fake = fake_discord
    interaction = await fake.slash(fake.alice, fake.general, "probe-board")
    await fake.response_message(interaction)
    fake.expire_token(interaction)
    with pytest.raises(discord.NotFound) as refused:
        await seen[0].followup.send("too late")
    assert refused.value.code == 10015
    with pytest.raises(discord.NotFound):
        await seen[0].edit_original_response(content="too late")


async def test_editing_a_message_older_than_an_hour_hits_error_30046(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("board")
    fake.age_message(fake.messages[sent.id], hours=2, edits_allowed=1)
    await sent.edit(content="board, edit 1")
    with pytest.raises(discord.HTTPException) as throttled:
        await sent.edit(content="board, edit 2")
    assert throttled.value.status == 429 and throttled.value.code == 30046
    edits = fake.calls_to("PATCH", "/channels/{channel_id}/messages/{message_id}")
    assert [c.status for c in edits] == [200, 429, 429, 429, 429, 429]  # discord.py retried (Via)
    fake.old_edit_via = False
    with pytest.raises(discord.HTTPException) as at_once:
        await sent.edit(content="board, edit 3")
    assert at_once.value.code == 30046 and len(fake.calls_to("PATCH", edits[0].route or "")) == 7
    assert fake.messages[sent.id].content == "board, edit 1"
    await channel.send("board, re-posted")
    assert [m.content for m in fake.public_messages(fake.general)] == ["board, edit 1", "board, re-posted"]


async def test_the_gateway_resumes_after_reconnect_and_replays_missed_events(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    await fake.gateway.request_reconnect()
    await fake.gateway.wait_connected()
    assert fake.gateway.stats.resumes == 1 and fake.gateway.stats.identifies == 1
    await fake.gateway.drop_connection()
    missed = await fake.slash(fake.alice, fake.general, "help")  # sent while the socket is down
    assert (await fake.response_message(missed)).ephemeral_to == fake.alice.id
    assert fake.gateway.stats.resumes == 2
    assert fake.gateway.stats.heartbeat_before_identify


async def test_an_invalid_session_makes_the_bot_identify_again(
    fake_discord: FakeDiscord, probed_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before a re-IDENTIFY (Discord's identify rate limit); not here."""

    monkeypatch.setattr(probed_bot.bot, "before_identify_hook", identify_at_once)
    fake.gateway.invalidate_sessions()
    await fake.gateway.drop_connection()
    await fake.gateway.wait_connected()
    assert fake.gateway.stats.identifies == 2
    assert (await fake.response_message(await fake.slash(fake.bob, fake.general, "help"))).text()


async def test_a_payload_over_discords_limits_is_refused_and_reported(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and refused.value.code == 50035
    problems = fake.take_violations()
    assert any("content is 2001 characters" in p for p in problems)
    assert fake_discord_problems(fake) == []


async def test_an_unknown_route_is_recorded_and_fails_the_test(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    assert probed_bot.bot is not None
    with pytest.raises(discord.NotFound):
        await probed_bot.bot.http.request(Route("GET", "/guilds/{guild_id}/audit-logs", guild_id=1))
    assert fake_discord_problems(fake_discord) == ["unknown route: GET /guilds/1/audit-logs"]
    fake_discord.unknown_routes.clear()


async def test_json_answers_say_exactly_application_json(fake_discord: FakeDiscord) -> None:
    """discord.py parses a body as JSON only when Content-Type is exactly application/json."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            fake_discord.api_base + "/users/@me", headers={"Authorization": f"Bot {fake_discord.token}"}
        ) as response,
    ):
        assert response.headers["Content-Type"] == "application/json"
        assert (await response.json())["bot"] is True


async def test_a_wrong_token_is_a_login_failure(fake_discord: FakeDiscord, garden_bot: BotRunner) -> None:
    with pytest.raises(discord.LoginFailure):
        await garden_bot.start(token="not-the-token")


async def test_an_interaction_the_bot_ignores_fails_like_discord_would(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """An interaction nobody answers fails as Discord shows it. (The bot itself answers every
    component, issue 27 item 6: a test-only command stays silent.)"""
    silent = await fake_discord.slash(fake_discord.alice, fake_discord.general, "probe-silent")
    with pytest.raises(AssertionError, match="This interaction failed"):
        await silent.wait_answered(timeout=0.3)


async def test_files_become_attachments_the_test_can_read(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    reply = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-file"))
    [attachment] = reply.attachments
    assert attachment["filename"] == "board.png" and attachment["size"] == len(PNG_BYTES)
    assert fake.attachment_bytes(attachment) == PNG_BYTES
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.games.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("again", file=discord.File(io.BytesIO(b"abc"), filename="a.txt"))
    assert await sent.attachments[0].read() == b"abc"


async def test_manage_channels_and_bot_permissions_reach_the_bot(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    probed_bot.allow_unhandled_errors = True  # the probe does not handle the refused thread
    plain = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-perms"))
    assert plain.content == "manage=False threads=True"
    fake.restrict_bot(fake.general, CREATE_PUBLIC_THREADS)
    moderator = await fake.slash(fake.bob, fake.general, "probe-perms", manage_channels=True)
    assert (await fake.response_message(moderator)).content == "manage=True threads=False"
    await fake.slash(fake.alice, fake.general, "probe-thread")
    call = await fake.wait_for_call("POST", "/channels/{channel_id}/threads")
    assert call.status == 403 and fake.threads() == []


async def test_a_rate_limit_with_via_is_waited_out_and_retried(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    fake.inject_rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.05)
    await channel.send("after the wait")
    assert [c.status for c in fake.calls_to("POST", "/channels/{channel_id}/messages")] == [429, 200]
    assert [m.content for m in fake.public_messages(fake.general)] == ["after the wait"]


async def test_a_late_answer_fails_when_the_deadline_is_enforced(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    probed_bot.allow_unhandled_errors = True  # /help's late callback raises NotFound (10062)
    fake.answer_deadline = 0.0
    interaction = await fake.slash(fake.alice, fake.general, "help")
    call = await fake.wait_for_call("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
    assert call.status == 404 and interaction.response is None
    [late] = fake.take_violations()
    assert "/help by alice was answered after" in late


async def test_pings_follow_allowed_mentions_and_edits_never_ping(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """Discord notifies only mentions that allowed_mentions lets through, and none added by an edit."""
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    only_alice = discord.AllowedMentions(users=[discord.Object(fake.alice.id)])
    notice = await channel.send(
        f"{fake.alice.mention}, your turn ({fake.bob.mention} watches)", allowed_mentions=only_alice
    )
    stored = fake.messages[notice.id]
    assert stored.mentions == [fake.alice.id, fake.bob.id] and stored.pinged == [fake.alice.id]
    quiet = await channel.send(f"{fake.carol.mention} joined")  # the bot's default: AllowedMentions.none()
    assert fake.messages[quiet.id].pinged == []
    await notice.edit(content=f"{fake.carol.mention}, your turn")
    assert stored.mentions == [fake.carol.id] and stored.pinged == [fake.alice.id]
    await notice.pin()
    assert [m.id async for m in channel.pins()] == [notice.id]


async def test_an_exception_escaping_the_bot_is_reported(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """A view callback that raises is logged by discord.py ("Ignoring exception in view"): the
    garden_bot fixture turns that into a test failure (here it is taken before teardown)."""
    fake = fake_discord
    board = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-board"))
    await fake.click(fake.bob, board, label="Break")
    await fake.wait_until(probed_bot.unhandled_errors, what="discord.py's error log")
    [error] = probed_bot.unhandled_errors()
    assert "Ignoring exception in view" in error and "RuntimeError('the probe broke')" in error
    probed_bot.log_records.clear()


async def test_autocomplete_offers_choices_as_the_user_types(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    typing = await fake.autocomplete(
        fake.alice, fake.general, "probe-grow", {"vegetable": "ca"}, focused="vegetable"
    )
    answer = await typing.wait_answered()
    assert answer.type == 8
    assert [c["value"] for c in answer.data["choices"]] == ["carrot", "cabbage", "cauliflower"]
    chosen = await fake.slash(fake.alice, fake.general, "probe-grow", {"vegetable": "leek"})
    assert (await fake.response_message(chosen)).content == "growing leek"


async def test_threads_from_messages_and_bulk_delete(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.games.id)
    assert isinstance(channel, discord.TextChannel)
    lobby = await channel.send("Lobby")
    thread = await lobby.create_thread(name="Lobby game")
    assert thread.id == lobby.id and fake.channels[thread.id].parent_id == fake.games.id
    await thread.send("in the thread")
    with pytest.raises(discord.HTTPException) as twice:
        await lobby.create_thread(name="again")
    assert twice.value.code == 160004
    old = [await channel.send(f"notice {i}") for i in range(3)]
    await channel.delete_messages(old)
    assert [m.content for m in fake.public_messages(fake.games)] == ["Lobby"]
    assert [m.content async for m in thread.history()] == ["in the thread"]


async def test_deleted_messages_and_channels_and_archived_threads(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    bot = probed_bot.bot
    assert bot is not None
    channel = bot.get_channel(fake.games.id)
    assert isinstance(channel, discord.TextChannel)
    board = await channel.send("Board")
    fake.delete_message(fake.messages[board.id])
    with pytest.raises(discord.NotFound) as gone:
        await board.edit(content="Board v2")
    assert gone.value.code == 10008
    thread = await channel.create_thread(name="Game", type=discord.ChannelType.public_thread)
    await fake.archive_thread(fake.channels[thread.id])
    await thread.send("still here")
    assert not fake.channels[thread.id].archived
    await fake.archive_thread(fake.channels[thread.id], locked=True)
    with pytest.raises(discord.HTTPException) as archived:
        await thread.send("locked out")
    assert archived.value.code == 50083
    await fake.delete_channel(fake.channels[thread.id])
    await fake.wait_until(lambda: bot.get_channel(thread.id) is None, what="the bot to forget the thread")
    with pytest.raises(discord.NotFound):
        await thread.send("into the void")


async def test_leaks_finds_a_secret_in_any_version_any_field_shown_to_others(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """The tool for issue 5's "nothing hidden ever appears in a public message or in another
    user's ephemeral message": it must see earlier versions and hidden fields too."""
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    board = await channel.send("Deck: Golden Carrot on top")
    assert fake.leaks("Golden Carrot") and fake.leaks("Golden Carrot", owner=fake.alice)
    await board.edit(content="Deck: 12 cards")
    [leak] = fake.leaks("Golden Carrot")
    assert "version 1, seen by everyone" in leak
    hand = await fake.response_message(await fake.slash(fake.bob, fake.general, "probe-slow"))
    assert fake.leaks("slow done", owner=fake.bob) == []
    assert "seen by bob" in fake.leaks("slow done", owner=fake.alice)[0]
    assert hand.versions()[-1]["content"] == "slow done"
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Play", custom_id="play:secret-card-7"))
    await channel.send("Your move", view=view)
    assert fake.leaks("secret-card-7") and fake.leaks("secret-card-7", hidden_fields=False) == []


async def test_the_fakes_answers_match_discords_response_schemas(
    fake_discord: FakeDiscord, probed_bot: BotRunner, discord_openapi: OpenApiSpec | None
) -> None:
    """The fake's self-test: every JSON answer it gave in a busy session has Discord's shape."""
    if discord_openapi is None:
        pytest.skip("../shared/discord-api-spec/openapi.json is absent")
    fake = fake_discord
    board = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-board"))
    await (await fake.click(fake.bob, board, label="Count")).wait_answered()
    await fake.response_message(await fake.select(fake.bob, board, "probe:pick", ["leek"]))
    await fake.response_message(await fake.slash(fake.carol, fake.general, "probe-slow"))
    await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-file"))
    await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-thread"))
    opened = await fake.slash(fake.alice, fake.general, "probe-modal")
    await opened.wait_answered()
    await fake.response_message(await fake.submit_modal(fake.alice, opened, {"probe:name": "Eden"}))
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.games.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send(f"{fake.alice.mention} hello")
    await sent.edit(content="edited")
    await channel.fetch_message(sent.id)
    await probed_bot.bot.fetch_channel(fake.games.id)
    await probed_bot.bot.fetch_guild(fake.guild.id)
    problems = [
        f"{call.method} {call.route} {call.status}: {problem}"
        for call in fake.calls
        if call.route is not None and call.response is not None
        for problem in discord_openapi.validate_response(call.method, call.route, call.status, call.response)
    ]
    assert problems == [], "\n".join(problems)


async def test_direct_messages_are_private_to_their_recipient(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    fake = fake_discord
    bot = probed_bot.bot
    assert bot is not None
    dm = fake.dm_channel(fake.alice)
    asked = await fake.slash(fake.alice, dm, "help")
    assert "member" not in asked.payload and asked.payload["user"]["id"] == str(fake.alice.id)
    assert (await fake.response_message(asked)).channel_id == dm.id
    user = await bot.fetch_user(fake.alice.id)
    await user.send("Your secret hand: Golden Carrot")
    assert [m.content for m in fake.public_messages(dm)][-1] == "Your secret hand: Golden Carrot"
    assert fake.leaks("Golden Carrot", owner=fake.alice) == []
    assert fake.leaks("Golden Carrot", owner=fake.bob)
    assert all(m.channel_id != dm.id for m in fake.messages_seen_by(fake.bob))
    with pytest.raises(AssertionError, match="not offered in DMs"):
        await fake.slash(fake.alice, dm, "probe-thread")


async def test_the_bot_identifies_without_privileged_intents(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """The README promises no privileged intents; the fake would close the gateway with 4014."""
    [identify] = fake_discord.gateway.stats.identify_payloads
    assert identify["intents"] & PRIVILEGED_INTENTS == 0
    assert "token" not in identify  # the fake never keeps the token in its records
    assert fake_discord.gateway.stats.queries[0]["v"] == "10"


async def test_the_bot_s_gateway_is_compressed_as_discord_compresses_it(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """discord.py asks for `zlib-stream`, and the bot read its every frame so (it answered the
    probe's /help): Discord compresses whatever is asked for, and so does the fake."""
    assert fake_discord.gateway.stats.queries[0]["compress"] == "zlib-stream"


async def test_the_fake_gateway_sends_one_deflate_stream_when_asked_and_text_when_not(
    fake_discord: FakeDiscord,
) -> None:
    """A client asking for `zlib-stream` gets binary frames, each ending in a sync flush, that one
    inflater reads in turn (HELLO, then the HEARTBEAT_ACK); one that does not ask gets text."""
    async with aiohttp.ClientSession() as session:
        url = fake_discord.gateway_url + "?v=10&encoding=json&compress=zlib-stream"
        async with session.ws_connect(url) as ws:
            inflater = zlib.decompressobj()
            hello = await ws.receive()
            assert hello.type is aiohttp.WSMsgType.BINARY and hello.data.endswith(b"\x00\x00\xff\xff")
            assert json.loads(inflater.decompress(hello.data))["op"] == 10
            await ws.send_str(json.dumps({"op": 1, "d": None}))
            ack = await ws.receive()
            assert ack.type is aiohttp.WSMsgType.BINARY
            assert json.loads(inflater.decompress(ack.data))["op"] == 11
        async with session.ws_connect(fake_discord.gateway_url + "?v=10&encoding=json") as ws:
            hello = await ws.receive()
            assert hello.type is aiohttp.WSMsgType.TEXT and json.loads(hello.data)["op"] == 10


def test_a_stored_message_is_copied_whole_so_what_a_test_was_shown_never_changes_after() -> None:
    """The fake hands out copies of what it stores (`snapshot`, the message in a click): a copy
    equals the tree and shares none of its dicts or lists, down to a button's emoji."""
    tree = [{"type": 17, "components": [{"type": 1, "components": [{"type": 2, "emoji": {"name": "x"}}]}]}]
    copied = json_copy(tree)
    assert copied == tree
    copied[0]["components"][0]["components"][0]["emoji"]["name"] = "y"
    copied[0]["components"].append({"type": 10})
    assert tree[0]["components"] == [{"type": 1, "components": [{"type": 2, "emoji": {"name": "x"}}]}]


async def test_forged_clicks_and_menu_choices_reach_the_bot_as_a_modified_client_sends_them(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """`forge_click` / `forge_select` send ids and values the message does not offer; with
    `claimed` the payload's message lists the forged component (discord.py then dispatches it),
    without it the message is sent as stored. The stored message never changes."""
    fake = fake_discord
    board = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-board"))
    stored = board.snapshot()
    forged = await fake.forge_select(fake.bob, board, "probe:pick", ["turnip", "leek"])
    assert (await fake.response_message(forged)).content == "picked turnip, leek"
    assert forged.payload["data"]["values"] == ["turnip", "leek"]
    elsewhere = await fake.response_message(await fake.slash(fake.alice, fake.games, "probe-perms"))
    click = await fake.forge_click(fake.alice, elsewhere, "probe:count")
    assert click.payload["channel_id"] == str(fake.games.id)
    assert click.payload["message"]["id"] == str(elsewhere.id)
    listed = [c["custom_id"] for row in click.payload["message"]["components"] for c in row["components"]]
    assert listed[-1] == "probe:count"
    as_stored = await fake.forge_click(fake.alice, board, "probe:nothing", claimed=False)
    assert as_stored.payload["message"]["components"] == board.components
    assert board.snapshot() == stored and elsewhere.components == []
    with pytest.raises(AssertionError, match="cannot see"):
        await fake.forge_click(fake.bob, elsewhere, "probe:count")


async def test_injected_server_errors_answer_like_discord_and_discord_py_retries_some(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """`fail_next` answers the next calls of a route with a 5xx and Discord's JSON body; discord.py
    raises a 503 at once (it retries 500/502/504/524 itself, sleeping 1 + 2 * try seconds)."""
    fake = fake_discord
    assert probed_bot.bot is not None
    channel = probed_bot.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=503, count=2)
    assert fake.failures_left("POST", "/channels/{channel_id}/messages") == 2
    with pytest.raises(discord.DiscordServerError) as raised:
        await channel.send("first")
    assert raised.value.status == 503 and raised.value.code == 0
    assert "503: Service Unavailable" in str(raised.value)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("second")
    await channel.send("third")
    calls = fake.calls_to("POST", "/channels/{channel_id}/messages")
    assert [c.status for c in calls] == [503, 503, 200]
    assert calls[0].response == {"message": "503: Service Unavailable", "code": 0}
    assert [m.content for m in fake.public_messages(fake.general)] == ["third"]


async def test_without_embed_or_file_rights_rest_messages_are_refused_in_the_channel_and_its_threads(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """Without EMBED_LINKS / ATTACH_FILES, posting or editing a message with embeds / new files is
    403 / 50013; threads inherit the parent's overwrites (made before or after the restriction),
    in REST and in their interactions' app_permissions. Plain text still goes."""
    fake = fake_discord
    bot = probed_bot.bot
    assert bot is not None
    channel = bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    early = await channel.create_thread(name="before", type=discord.ChannelType.public_thread)
    fake.restrict_bot(fake.general, EMBED_LINKS | ATTACH_FILES)
    late = await channel.create_thread(name="after", type=discord.ChannelType.public_thread)
    for where in (channel, early, late):
        with pytest.raises(discord.Forbidden) as refused:
            await where.send(embed=discord.Embed(title="Board"))
        assert refused.value.code == 50013
        with pytest.raises(discord.Forbidden):
            await where.send("picture", file=discord.File(io.BytesIO(PNG_BYTES), filename="board.png"))
        sent = await where.send("text only")
        with pytest.raises(discord.Forbidden):
            await sent.edit(embed=discord.Embed(title="Board"))
        await sent.edit(content="still text")
    thread = fake.channels[late.id]
    assert fake.bot_permissions_in(thread) & (EMBED_LINKS | ATTACH_FILES) == 0
    asked = await fake.slash(fake.alice, thread, "probe-perms")
    assert (await fake.response_message(asked)).content == "manage=False threads=True"
    assert not int(asked.payload["app_permissions"]) & EMBED_LINKS


async def test_a_user_who_refuses_direct_messages_makes_the_bot_get_50007(
    fake_discord: FakeDiscord, probed_bot: BotRunner, discord_openapi: OpenApiSpec | None
) -> None:
    """`block_dms`: discord.py's `User.send` opens the DM channel (`POST /users/@me/channels`
    with `recipient_id`, which works), then its post is refused 403 / 50007 as on Discord.
    After `unblock_dms` the DM (a message link in it) lands in `dms_to`."""
    fake = fake_discord
    bot = probed_bot.bot
    assert bot is not None
    channel = bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    board = await channel.send("Board")
    fake.block_dms(fake.bob)
    bob = await bot.fetch_user(fake.bob.id)
    with pytest.raises(discord.Forbidden) as refused:
        await bob.send("Your turn")
    assert refused.value.status == 403 and refused.value.code == 50007
    assert refused.value.text == "Cannot send messages to this user"
    [opened] = fake.calls_to("POST", "/users/@me/channels")
    assert opened.status == 200 and opened.json == {"recipient_id": fake.bob.id}
    dm = fake.dm_channel(fake.bob)
    assert opened.response is not None and opened.response["id"] == str(dm.id)
    [posted] = fake.calls_to("POST", "/channels/{channel_id}/messages")[1:]
    assert posted.path == f"/channels/{dm.id}/messages" and posted.status == 403
    assert posted.response == {"code": 50007, "message": "Cannot send messages to this user"}
    assert fake.dms_to(fake.bob) == [] and fake.public_messages(dm) == []
    fake.unblock_dms(fake.bob)
    link = f"https://discord.com/channels/{fake.guild.id}/{fake.general.id}/{board.id}"
    opened_again = await bot.create_dm(bob)  # discord.py keeps the channel it opened
    assert opened_again.id == dm.id
    await opened_again.send(f"Your turn: {link}")
    alice = await bot.create_dm(await bot.fetch_user(fake.alice.id))
    await alice.send("Not your turn")
    assert [m.content for m in fake.dms_to(fake.bob)] == [f"Your turn: {link}"]
    assert [m.content for m in fake.dms_to(fake.alice)] == ["Not your turn"]
    assert fake.dms_to(fake.carol) == [] and fake.unknown_routes == [] and fake.violations == []
    assert len(fake.calls_to("POST", "/users/@me/channels")) == 2  # bob's, then alice's
    if discord_openapi is not None:  # the DM channel and the 4XX error in Discord's shape
        for call in (opened, posted):
            assert call.route is not None
            assert (
                discord_openapi.validate_response(call.method, call.route, call.status, call.response) == []
            )
        assert discord_openapi.validate_response(posted.method, posted.route or "", 403, {"code": "x"})


async def test_manage_server_reaches_the_bot_and_default_member_permissions_hide_commands(
    fake_discord: FakeDiscord, probed_bot: BotRunner
) -> None:
    """`manage_guild=True` adds MANAGE_GUILD (1 << 5) to the member's permissions; a command synced
    with `default_member_permissions` is refused to members lacking those bits (the client does
    not offer it); the guild owner has every permission."""
    fake = fake_discord
    [synced] = [c for c in fake.global_commands if c["name"] == "probe-settings"]
    assert synced["default_member_permissions"] == str(MANAGE_GUILD)
    with pytest.raises(AssertionError, match="not offered to alice"):
        await fake.slash(fake.alice, fake.general, "probe-settings")
    with pytest.raises(AssertionError, match="not offered to bob"):
        await fake.slash(fake.bob, fake.general, "probe-settings", manage_channels=True)
    asked = await fake.slash(fake.alice, fake.general, "probe-settings", manage_guild=True)
    assert int(asked.payload["member"]["permissions"]) & MANAGE_GUILD
    assert not int(asked.payload["member"]["permissions"]) & MANAGE_CHANNELS
    assert (await fake.response_message(asked)).content == "manage_guild=True"
    board = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-board"))
    plain = await fake.click(fake.bob, board, label="Count")
    assert not int(plain.payload["member"]["permissions"]) & MANAGE_GUILD
    for interaction in (
        await fake.click(fake.bob, board, label="Count", manage_guild=True),
        await fake.select(fake.bob, board, "probe:pick", ["leek"], manage_guild=True),
        await fake.forge_click(fake.bob, board, "probe:count", manage_guild=True),
    ):
        await interaction.wait_answered()
        assert int(interaction.payload["member"]["permissions"]) & MANAGE_GUILD
    opened = await fake.slash(fake.alice, fake.general, "probe-modal", manage_guild=True)
    await opened.wait_answered()
    submitted = await fake.submit_modal(fake.alice, opened, {"probe:name": "Eden"})
    assert int(submitted.payload["member"]["permissions"]) & MANAGE_GUILD  # the same member's rights
    await submitted.wait_answered()
    fake.guild.owner_id = fake.carol.id
    owner = await fake.slash(fake.carol, fake.general, "probe-settings")
    assert int(owner.payload["member"]["permissions"]) == ALL_PERMISSIONS
    assert (await fake.response_message(owner)).content == "manage_guild=True"
    assert fake.member_permissions(fake.carol, fake.dm_channel(fake.carol)) == 0


def test_default_member_permissions_zero_means_administrators_only() -> None:
    from tests.fake_discord.commands import check_member_may_use
    from tests.fake_discord.model import ADMINISTRATOR, MEMBER_PERMISSIONS

    admins_only = {"name": "purge", "default_member_permissions": "0"}
    with pytest.raises(AssertionError, match="not offered"):
        check_member_may_use(admins_only, MEMBER_PERMISSIONS | MANAGE_GUILD, None)
    check_member_may_use(admins_only, MEMBER_PERMISSIONS | ADMINISTRATOR, None)
    check_member_may_use({"name": "help", "default_member_permissions": None}, 0, None)
    both = {"name": "setup", "default_member_permissions": str(MANAGE_GUILD | MANAGE_CHANNELS)}
    with pytest.raises(AssertionError, match="missing bits 16"):
        check_member_may_use(both, MEMBER_PERMISSIONS | MANAGE_GUILD, None)
    check_member_may_use(both, ALL_PERMISSIONS, None)


def test_a_message_s_components_are_walked_again_after_an_edit_and_callers_get_copies() -> None:
    """`FakeMessage.walk` keeps its walk for the components list it walked (the load driver
    looks buttons up several times a click): an edit, which replaces the list, is walked anew,
    and a caller changing what it got changes nothing for the next."""
    message = FakeMessage(id=1, channel_id=2, author=FakeUser(id=3, name="bot"))
    message.components = [{"type": 1, "components": [{"type": 2, "custom_id": "a", "label": "A"}]}]
    assert message.custom_ids() == ["a"]
    message.walk().clear()
    message.components_flat().clear()
    assert [b["label"] for b in message.buttons()] == ["A"]
    message.components = [{"type": 1, "components": [{"type": 2, "custom_id": "b", "label": "B"}]}]
    assert message.custom_ids() == ["b"] and "B" in message.text() and "A" not in message.text()
