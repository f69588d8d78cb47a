"""Helpers that play through the fake Discord the way a person would: find the board, open a hand,
click a choice (through two-step pickers and pages). Only clicks and commands, no shortcuts."""

from __future__ import annotations

import re
from typing import Any

from bot.basics.words import Words
from bot.picture_service.drawing import render_board, render_hand
from bot.pictures import canvas
from tests.bot.picture_words import said_texts
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage, FakeUser

HAND_LABEL = "My hand / My turn"


async def picture_texts(
    fake: FakeDiscord,
    runner: BotRunner,
    message: FakeMessage,
    seat: int | None = None,
    words: Words | None = None,
) -> list[str]:
    """Every text the picture on `message` draws (the board's, or `seat`'s hand picture), read
    from the drawing's own record (`canvas.recording`): the picture is drawn again from the game
    as the bot holds it, in the language the message speaks (a board the table's, a hand its
    reader's `words`), and checked to be the very picture the message carries."""
    return (await _drawn_again(fake, runner, message, seat, words))[0]


async def picture_said(
    fake: FakeDiscord,
    runner: BotRunner,
    message: FakeMessage,
    seat: int | None = None,
    words: Words | None = None,
) -> list[str]:
    """The texts of `picture_texts` as the picture said them, before the font's `printable`: what
    a language check reads."""
    return (await _drawn_again(fake, runner, message, seat, words))[1]


async def _drawn_again(
    fake: FakeDiscord, runner: BotRunner, message: FakeMessage, seat: int | None, words: Words | None
) -> tuple[list[str], list[str]]:
    assert runner.bot is not None
    position = await runner.bot.table.sessions.in_channel(message.channel_id)
    assert position is not None
    view = position.view(seat)
    with said_texts() as said, canvas.recording() as record:
        if seat is None:
            drawn = render_board(position.record.game, view, position.names, position.words)
        else:
            drawn = render_hand(position.record.game, view, seat, position.names, words)

    def shown() -> bool:  # a picture may follow its message's text (the picture budget)
        found = message.attachments
        return len(found) == 1 and fake.attachment_bytes(found[0]) == drawn.png

    await fake.wait_until(shown, what="the picture shown to be the one drawn again")
    return [t.text for t in record.texts], said


def boards(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """Public messages carrying a "My hand" button (live boards), oldest first."""
    return [m for m in fake.public_messages(channel) if any(c.startswith("gc:hand:") for c in m.custom_ids())]


def board(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    found = boards(fake, channel)
    assert len(found) == 1, f"expected one live board, found {len(found)}"
    return found[0]


async def open_lobby(
    fake: FakeDiscord,
    host: FakeUser,
    channel: FakeChannel,
    command: str,
    options: dict[str, Any] | None = None,
) -> FakeMessage:
    interaction = await fake.slash(host, channel, command, options or {})
    await interaction.wait_answered()
    assert interaction.original is not None
    return interaction.original


def label_on(message: FakeMessage, label: str) -> str:
    """The label of `message`'s button called `label`, or, when none is called exactly that, of
    the one button that adds a count in brackets to it: the lobby's "Start" reads "Start (2 of 4)"."""
    labels = [str(b.get("label")) for b in message.buttons()]
    if label in labels:
        return label
    counted = [found for found in labels if found.startswith(f"{label} (")]
    return counted[0] if len(counted) == 1 else label


async def click(fake: FakeDiscord, user: FakeUser, message: FakeMessage, label: str) -> Any:
    interaction = await fake.click(user, message, label=label_on(message, label))
    await interaction.wait_answered()
    return interaction


HOST_OPTIONS = "Host options"


async def host_panel(fake: FakeDiscord, user: FakeUser, lobby: FakeMessage) -> FakeMessage:
    """Press "Host options" on a lobby as `user`: the private panel it opens (issue 27 item 13)."""
    opened = await click(fake, user, lobby, HOST_OPTIONS)
    assert opened.original is not None and opened.original.ephemeral_to == user.id, "a private panel"
    panel: FakeMessage = opened.original
    return panel


async def host_click(fake: FakeDiscord, host: FakeUser, lobby: FakeMessage, label: str) -> Any:
    """What the host's settings were on the lobby itself ("Add computer player (Easy)", "Cancel
    lobby"): open "Host options" and click `label` on the private panel."""
    return await click(fake, host, await host_panel(fake, host, lobby), label)


async def host_select(fake: FakeDiscord, host: FakeUser, lobby: FakeMessage, op: str, value: str) -> Any:
    """Choose `value` in the host panel's menu `op` ("clock" or "stand-in")."""
    panel = await host_panel(fake, host, lobby)
    [menu] = [m for m in panel.selects() if str(m["custom_id"]).endswith(f":{op}")]
    interaction = await fake.select(host, panel, str(menu["custom_id"]), [value])
    await interaction.wait_answered()
    return interaction


async def open_hand(fake: FakeDiscord, user: FakeUser, channel: FakeChannel) -> FakeMessage:
    """Press "My hand" on the board (found by its id: its label is in the table's language): the
    ephemeral message that answers it."""
    table = board(fake, channel)
    interaction = await fake.click(user, table, table.button(custom_id_prefix="gc:hand:")["custom_id"])
    await interaction.wait_answered()
    assert interaction.original is not None and interaction.original.ephemeral_to == user.id
    return interaction.original


def offered(hand: FakeMessage) -> list[tuple[str, str]]:
    """(label, how to pick) of every choice a hand message offers: buttons and menu options."""
    found = [
        (str(b.get("label")), f"button:{b['custom_id']}")
        for b in hand.buttons()
        if str(b.get("custom_id", "")).startswith("gc:c:") and not b.get("disabled")
    ]
    for menu in hand.selects():
        found += [
            (str(o["label"]), f"menu:{menu['custom_id']}:{o['value']}") for o in menu.get("options", [])
        ]
    return found


async def pick(fake: FakeDiscord, user: FakeUser, hand: FakeMessage, how: str) -> Any:
    """Click the button or choose the menu option described by `offered`'s second element."""
    kind, _, rest = how.partition(":")
    if kind == "button":
        interaction = await fake.click(user, hand, rest)
    else:
        custom_id, _, value = rest.rpartition(":")
        interaction = await fake.select(user, hand, custom_id, [value])
    await interaction.wait_answered()
    return interaction


def is_action(how: str) -> bool:
    """Whether a choice plays a move (code a<i>) rather than opening a picker page or group."""
    return how.rsplit(":", 1)[-1].startswith("a")


#: A table's footer up to its move number, in any of the catalogs' languages.
FOOTER = r"(?:#|nº )\d+ · \w+"


async def wait_for_move(fake: FakeDiscord, channel: FakeChannel, number: int) -> FakeMessage:
    """The public board once it shows move `number` (its footer reads "Game #g · move n", in the
    table's language: "Partie nº g · coup n", "⟦Gàmé #g · mövé n~~⟧")."""
    footer = re.compile(rf"{FOOTER} {number}\b")

    def shown() -> FakeMessage | None:
        for message in fake.public_messages(channel):
            if footer.search(message.text()):
                return message
        return None

    found: FakeMessage = await fake.wait_until(shown, timeout=20.0, what=f"the board at move {number}")
    return found


def shown_move(message: FakeMessage) -> int:
    """The move a board shows (its footer: "Game #g · move n"); -1 if it shows none."""
    found = re.search(rf"{FOOTER} (\d+)", message.text())
    return int(found.group(1)) if found else -1


def player_to_move(fake: FakeDiscord, board_message: FakeMessage, players: list[FakeUser]) -> FakeUser | None:
    """The player the board's headline names as the one to move, in the game's words ("Now: Alice
    to plant…", "**Alice** to play", "**Alice** answers now"); None once the game is over."""
    # The table's own texts, not its picture's alt text: a picture still waiting for the picture
    # budget keeps the one it shows, which names the player of the move before (the shard test
    # clicked for the wrong player once, its boards held back by the rate limit).
    texts = board_message.text_displays() or [board_message.text()]
    for text in texts:
        for user in players:
            for name in {user.name.title(), user.name}:
                said = (f"Now: **{name}**", f"Now: {name} ", f"**{name}** to play", f"**{name}** answers now")
                if any(words in text for words in said):
                    return user
    return None


async def play_one_decision(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, rng: Any) -> int:
    """Open "My hand" and make one decision by clicks, through pickers and pages; return how many
    clicks or menu choices it took after opening the hand (1: offered directly; 2+: a picker)."""
    hand = await open_hand(fake, user, channel)
    for step in range(1, 11):
        choices = offered(hand)
        assert choices, f"{user.name} is to move but the hand offers nothing: {hand.text()}"
        actions = [c for c in choices if is_action(c[1])]
        if actions:
            _label, how = rng.choice(actions)
            await pick(fake, user, hand, how)
            return step
        forward = [c for c in choices if not c[1].endswith(":p0") and "Back" not in c[0]]
        _label, how = rng.choice(forward or choices)
        await pick(fake, user, hand, how)
    raise AssertionError("no action reached after 10 picker steps")


async def decide_on(fake: FakeDiscord, user: FakeUser, message: FakeMessage, rng: Any) -> int:
    """Make one decision by clicks on `message` (a hand, or a public-view game's table): a random
    choice at each picker step, never "Back", until a move is played; the clicks it took."""
    for step in range(1, 6):
        choices = [c for c in offered(message) if "Back" not in c[0]]
        assert choices, f"{user.name} is offered nothing: {message.text()[:300]}"
        how = rng.choice([c for c in choices if is_action(c[1])] or choices)[1]
        await pick(fake, user, message, how)
        if is_action(how):
            return step
    raise AssertionError("no move after five picker steps")
