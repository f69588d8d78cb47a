"""Layout messages ("Components V2", flag IS_COMPONENTS_V2 = 1 << 15) in the fake Discord, driven
by the real discord.py 2.7 client: a `LayoutView` table (container, text displays, a section with a
button accessory, a media gallery showing an uploaded picture, a separator, action rows with a
select and a button) posted as an interaction answer and as a channel message, edited later, and
an ephemeral hand behind a deferred answer; the stored tree, `text()`, clicks and choices on nested
components; and every limit violation reported and refused as Discord refuses it."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.app import GardenClubBot
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.checks import OpenApiSpec
from tests.fake_discord.fixtures import fake_discord_problems
from tests.fake_discord.model import COMPONENTS_V2, EPHEMERAL

PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"garden" * 100
CHANNEL_MESSAGES = "/channels/{channel_id}/messages"


def board_file() -> discord.File:
    return discord.File(io.BytesIO(PNG_BYTES), filename="board.png", description="The board picture")


class TableView(discord.ui.LayoutView):
    """One game's living table: everything inside a container, a round button below it."""

    def __init__(self, round_number: int, log: list[str]) -> None:
        super().__init__(timeout=None)
        self.log = log
        nudge: discord.ui.Button[Any] = discord.ui.Button(label="Nudge", custom_id="layout:nudge")
        nudge.callback = self.nudge  # type: ignore[method-assign]
        pick: discord.ui.Select[Any] = discord.ui.Select(
            custom_id="layout:pick",
            placeholder="Pick a bed",
            options=[discord.SelectOption(label=v.title(), value=v) for v in ("north", "south")],
        )
        pick.callback = self.pick  # type: ignore[method-assign]
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay(f"## Garden table, round {round_number}"),
                discord.ui.Section(
                    discord.ui.TextDisplay("alice holds 3 cards"),
                    discord.ui.TextDisplay("bob holds 2 cards"),
                    accessory=nudge,
                ),
                discord.ui.MediaGallery(
                    discord.MediaGalleryItem("attachment://board.png", description="The garden beds")
                ),
                discord.ui.Separator(spacing=discord.SeparatorSpacing.large),
                discord.ui.ActionRow(pick),
                accent_colour=discord.Colour.green(),
            )
        )
        next_round: discord.ui.Button[Any] = discord.ui.Button(label="Next round", custom_id="layout:next")
        next_round.callback = self.next_round  # type: ignore[method-assign]
        self.round_number = round_number
        self.add_item(discord.ui.ActionRow(next_round))

    async def nudge(self, interaction: discord.Interaction) -> None:
        self.log.append("nudge")
        await interaction.response.send_message("nudged", ephemeral=True)

    async def pick(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values", [])
        self.log.append(f"pick {values}")
        await interaction.response.send_message(f"picked {', '.join(values)}", ephemeral=True)

    async def next_round(self, interaction: discord.Interaction) -> None:
        self.log.append("next")
        await interaction.response.edit_message(view=TableView(self.round_number + 1, self.log))


class HandView(discord.ui.LayoutView):
    """A player's private hand."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay("Your hand: Golden Carrot, Leek"),
                discord.ui.Section(
                    discord.ui.TextDisplay("Golden Carrot"),
                    accessory=discord.ui.Thumbnail("attachment://board.png", description="A carrot card"),
                ),
            )
        )


def install_layout_probes(log: list[str]) -> Any:
    def install(bot: GardenClubBot) -> None:
        tree = bot.tree

        @tree.command(name="probe-table", description="Answer with a layout table.")
        async def table(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=TableView(1, log), file=board_file())

        @tree.command(name="probe-hand", description="Defer, then show a private layout hand.")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(view=HandView(), file=board_file(), ephemeral=True)

    return install


@pytest.fixture
def log() -> list[str]:
    return []


@pytest.fixture
async def layout_bot(garden_bot: BotRunner, log: list[str]) -> BotRunner:
    garden_bot.before_start.append(install_layout_probes(log))
    await garden_bot.start()
    return garden_bot


def text_channel(runner: BotRunner, channel_id: int) -> discord.TextChannel:
    assert runner.bot is not None
    channel = runner.bot.get_channel(channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_layout_answer_is_stored_as_its_tree_with_discords_ids_and_media(
    fake_discord: FakeDiscord, layout_bot: BotRunner
) -> None:
    fake = fake_discord
    table = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-table"))
    assert table.layout and table.flags & COMPONENTS_V2 and not table.ephemeral
    assert table.content == "" and table.embeds == []
    assert [c["type"] for c in table.components] == [17, 1]
    container = table.components[0]
    assert [c["type"] for c in container["components"]] == [10, 9, 12, 14, 1]
    assert container["accent_color"] == discord.Colour.green().value and container["spoiler"] is False
    # Discord numbers every component, depth first (a section's texts, then its accessory).
    walked = table.walk()
    assert [c["id"] for c in walked] == list(range(1, len(walked) + 1)) and len(walked) == 12
    section = container["components"][1]
    assert [t["content"] for t in section["components"]] == ["alice holds 3 cards", "bob holds 2 cards"]
    assert section["accessory"]["custom_id"] == "layout:nudge"
    [attachment] = table.attachments
    assert attachment["filename"] == "board.png" and fake.attachment_bytes(attachment) == PNG_BYTES
    [item] = container["components"][2]["items"]
    assert item["media"]["url"] == attachment["url"] and item["media"]["attachment_id"] == attachment["id"]
    assert item["description"] == "The garden beds" and item["spoiler"] is False
    assert container["components"][3]["spacing"] == 2 and container["components"][3]["divider"] is True
    # What a person reads: the text displays, labels, options, media descriptions; not the
    # attachment by itself (a layout message shows files only through its components).
    text = table.text()
    for shown in ("## Garden table, round 1", "bob holds 2 cards", "Nudge", "Pick a bed", "South"):
        assert shown in text
    assert "The garden beds" in text and "Next round" in text and "board.png" not in text
    assert table.text_displays() == ["## Garden table, round 1", "alice holds 3 cards", "bob holds 2 cards"]
    assert [b["label"] for b in table.buttons()] == ["Nudge", "Next round"]
    assert [s["custom_id"] for s in table.selects()] == ["layout:pick"]
    assert table.custom_ids() == ["layout:nudge", "layout:pick", "layout:next"]
    assert table.button("Nudge")["id"] == 6 and table.select("layout:")["id"] == 10


async def test_clicks_and_choices_on_nested_components_reach_the_bot_and_updates_keep_the_flag(
    fake_discord: FakeDiscord, layout_bot: BotRunner, log: list[str], discord_openapi: OpenApiSpec | None
) -> None:
    fake = fake_discord
    table = await fake.response_message(await fake.slash(fake.alice, fake.general, "probe-table"))
    nudge = await fake.click(fake.bob, table, label="Nudge")  # a section's accessory in a container
    assert (await fake.response_message(nudge)).content == "nudged"
    sent = nudge.payload["message"]
    assert sent["flags"] & COMPONENTS_V2 and sent["components"] == table.components
    assert sent["components"][0]["components"][1]["accessory"]["id"] == 6
    choice = await fake.select(fake.carol, table, "layout:pick", ["south"])  # a row inside a container
    reply = await fake.response_message(choice)
    assert reply.content == "picked south" and reply.ephemeral_to == fake.carol.id
    update = await fake.click(fake.alice, table, "layout:next")
    assert (await update.wait_answered()).type == 7
    assert log == ["nudge", "pick ['south']", "next"]
    assert table.layout and table.text_displays()[0] == "## Garden table, round 2"
    assert [a["filename"] for a in table.attachments] == ["board.png"]  # kept by the update
    assert table.history[0]["components"][0]["components"][0]["content"] == "## Garden table, round 1"
    again = await fake.click(fake.alice, table, "layout:next")  # the new view answers too
    await again.wait_answered()
    assert table.text_displays()[0] == "## Garden table, round 3"
    assert fake.take_violations() == []
    if discord_openapi is not None:  # the fake answers layout messages in Discord's documented shape
        problems = [
            f"{call.method} {call.route} {call.status}: {problem}"
            for call in fake.calls
            if call.route is not None and call.response is not None
            for problem in discord_openapi.validate_response(
                call.method, call.route, call.status, call.response
            )
        ]
        assert problems == [], "\n".join(problems)


async def test_a_public_layout_message_is_posted_and_edited_by_rest(
    fake_discord: FakeDiscord, layout_bot: BotRunner, log: list[str]
) -> None:
    fake = fake_discord
    channel = text_channel(layout_bot, fake.games.id)
    sent = await channel.send(view=TableView(1, log), file=board_file())
    stored = fake.messages[sent.id]
    assert stored.layout and stored.text_displays()[0] == "## Garden table, round 1"
    assert sent.flags.components_v2 and len(sent.components) == 2  # discord.py parsed the answer
    edited = await sent.edit(view=TableView(7, log))
    assert edited.flags.components_v2 and stored.text_displays()[0] == "## Garden table, round 7"
    assert len(stored.history) == 1 and stored.attachments[0]["filename"] == "board.png"
    click = await fake.click(fake.bob, stored, label="Next round")
    assert (await click.wait_answered()).type == 7
    assert stored.text_displays()[0] == "## Garden table, round 8"
    # A tree discord.py reads back from the message can be sent again as it is.
    fetched = await channel.fetch_message(sent.id)
    await fetched.edit(view=discord.ui.LayoutView.from_message(fetched))
    assert stored.text_displays()[0] == "## Garden table, round 8"
    [item] = stored.components[0]["components"][2]["items"]
    assert item["media"]["attachment_id"] == stored.attachments[0]["id"]
    assert fake.take_violations() == []


async def test_an_ephemeral_layout_hand_fills_a_deferred_answer(
    fake_discord: FakeDiscord, layout_bot: BotRunner
) -> None:
    """Discord ignores IS_COMPONENTS_V2 on a deferred ack (type 5); the follow-up that fills the
    "thinking" message sets it."""
    fake = fake_discord
    asked = await fake.slash(fake.bob, fake.general, "probe-hand")
    hand = await fake.response_message(asked)
    assert asked.response_type == 5 and hand is asked.original and not hand.loading
    assert hand.ephemeral_to == fake.bob.id and hand.flags & EPHEMERAL and hand.layout
    assert "Your hand: Golden Carrot, Leek" in hand.text() and "A carrot card" in hand.text()
    thumbnail = hand.components[0]["components"][1]["accessory"]
    assert thumbnail["type"] == 11 and thumbnail["media"]["attachment_id"] == hand.attachments[0]["id"]
    assert fake.leaks("Golden Carrot", owner=fake.bob) == []
    assert fake.leaks("Golden Carrot", owner=fake.alice)
    assert fake.take_violations() == []


def text_displays(count: int, size: int = 10) -> list[dict[str, Any]]:
    return [{"type": 10, "content": "x" * size} for _ in range(count)]


async def refused(runner: BotRunner, method: str, path: str, body: dict[str, Any], **params: Any) -> None:
    """Send `body` past discord.py's own checks; the fake must answer 400 / 50035."""
    assert runner.bot is not None
    with pytest.raises(discord.HTTPException) as raised:
        await runner.bot.http.request(Route(method, path, **params), json=body)
    assert raised.value.status == 400 and raised.value.code == 50035


async def test_layout_limit_violations_are_refused_and_reported(
    fake_discord: FakeDiscord, layout_bot: BotRunner, log: list[str]
) -> None:
    fake = fake_discord
    channel = text_channel(layout_bot, fake.general.id)
    where = {"channel_id": fake.general.id}
    # 41 components: a container (1) holding 40 text displays.
    too_many = {"flags": COMPONENTS_V2, "components": [{"type": 17, "components": text_displays(40)}]}
    await refused(layout_bot, "POST", CHANNEL_MESSAGES, too_many, **where)
    assert any("41 components in all" in p for p in fake.take_violations())
    # 40 (a container, a section with 3 texts and a button, 34 more texts) pass.
    section = {
        "type": 9,
        "components": text_displays(3),
        "accessory": {"type": 2, "style": 1, "label": "Go", "custom_id": "go"},
    }
    full = {
        "flags": COMPONENTS_V2,
        "components": [{"type": 17, "components": [section, *text_displays(34)]}],
    }
    assert layout_bot.bot is not None
    await layout_bot.bot.http.request(Route("POST", CHANNEL_MESSAGES, **where), json=full)
    assert fake.take_violations() == []
    # 4001 characters of text (no single display is over 4000).
    wordy = {"flags": COMPONENTS_V2, "components": [*text_displays(1, 2000), *text_displays(1, 2001)]}
    await refused(layout_bot, "POST", CHANNEL_MESSAGES, wordy, **where)
    assert any("4001 characters in all" in p for p in fake.take_violations())
    # Content together with the flag: discord.py sends it when asked to.
    with pytest.raises(discord.HTTPException) as with_content:
        await channel.send("Your turn", view=TableView(1, log), file=board_file())
    assert with_content.value.code == 50035
    assert any("content cannot be sent with the IS_COMPONENTS_V2 flag" in p for p in fake.take_violations())
    # A media item pointing at a file the message does not have.
    missing = {
        "flags": COMPONENTS_V2,
        "components": [{"type": 12, "items": [{"media": {"url": "attachment://missing.png"}}]}],
    }
    await refused(layout_bot, "POST", CHANNEL_MESSAGES, missing, **where)
    assert any("no such attachment" in p for p in fake.take_violations())
    assert [m.layout for m in fake.public_messages(fake.general)] == [True]  # only the full one


async def test_the_flag_cannot_be_removed_and_a_plain_message_must_drop_its_content_to_become_a_layout(
    fake_discord: FakeDiscord, layout_bot: BotRunner, log: list[str]
) -> None:
    fake = fake_discord
    channel = text_channel(layout_bot, fake.general.id)
    table = await channel.send(view=TableView(1, log), file=board_file())
    path = "/channels/{channel_id}/messages/{message_id}"
    where = {"channel_id": fake.general.id, "message_id": table.id}
    await refused(layout_bot, "PATCH", path, {"flags": 0}, **where)
    assert any("cannot be removed" in p for p in fake.take_violations())
    # An edit without flags is still a layout edit: V2 rows are fine, content is not.
    await refused(layout_bot, "PATCH", path, {"content": "plain again"}, **where)
    assert any("content cannot be sent" in p for p in fake.take_violations())
    assert layout_bot.bot is not None
    await layout_bot.bot.http.request(
        Route("PATCH", path, **where), json={"components": [{"type": 10, "content": "Game over"}]}
    )
    stored = fake.messages[table.id]
    assert stored.layout and stored.text_displays() == ["Game over"]
    # A plain message becomes a layout only if the same edit clears its content (discord.py:
    # content=None), as Discord's Edit Message documents.
    plain = await channel.send("Board v0")
    with pytest.raises(discord.HTTPException):
        await plain.edit(view=TableView(1, log), attachments=[board_file()])
    assert any("still has content" in p for p in fake.take_violations())
    await plain.edit(content=None, view=TableView(1, log), attachments=[board_file()])
    assert fake.messages[plain.id].layout and fake.messages[plain.id].content == ""
    assert fake_discord_problems(fake) == []
