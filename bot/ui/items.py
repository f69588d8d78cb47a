"""The bot's components, drawn as Discord's JSON rows with ids from `bot.ui.ids`.

No component holds a callback: every click is routed by its custom id (`bot.handlers.router`), so a
button posted before a restart works the same, and a click that arrives the instant a message
appears is never dropped. Views are drawn as component rows and made into discord.py's own items
by `drawn_view` (the JSON is what the tests and the fake Discord read); layout messages are drawn
the same way (`bot.ui.layout`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.basics.words import N_, Words
from bot.ui.choices import BUTTONS_PER_ROW, OPTION_LABEL_MAX, Entry, Page, clip
from bot.ui.ids import (
    AgainId,
    BackId,
    HandId,
    LeaderboardId,
    LeaderboardMenuId,
    LobbyId,
    MenuId,
    PauseId,
    RulesId,
    RulesMenuId,
    ShareId,
    TextId,
    choice_prefix,
)
from bot.ui.layout import BUTTON, item
from bot.ui.levels import level

BUTTON_LABEL_MAX = 80
PLACEHOLDER_MAX = 150
HAND_LABEL = N_("My hand / My turn")
REFRESH_LABEL = N_("Refresh")
AS_TEXT_LABEL = N_("Board as text")
AGAIN_LABEL = N_("Play again")
PAUSE_LABEL = N_("Agree to pause")
BACK_LABEL = N_("I'm back")

#: The lobby's own buttons, for everyone; the host's settings are behind "Host options".
HOST_OPTIONS_LABEL = N_("Host options")
CANCEL_LABEL = N_("Cancel lobby")


def drawn_view(rows: list[dict[str, Any]]) -> discord.ui.View:
    """A view of drawn component rows, built from discord.py's own items (`bot.ui.layout.item`), each
    in its row. Its items hold no callbacks, so it needs no listening: stopped, discord.py neither
    stores it for the message nor (for an ephemeral one) runs a 15-minute timeout task for it."""
    view = discord.ui.View(timeout=None)
    for number, drawn_row in enumerate(rows):
        for component in drawn_row["components"]:
            child = item(component)
            child.row = number
            view.add_item(child)
    view.stop()
    return view


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
    emoji: str | None = None,
    *,
    disabled: bool = False,
) -> dict[str, Any]:
    """A button as Discord takes it. Kept cheap (a table draws dozens per version, issue 31): the
    style's number from a table, not the enum's `value`; `disabled` only when true (Discord's
    default is false: every button of a table said it, and every click's event carried it back)."""
    found: dict[str, Any] = {
        "type": BUTTON,
        "style": _STYLE_NUMBERS[style],
        "label": label if len(label) <= BUTTON_LABEL_MAX else clip(label, BUTTON_LABEL_MAX),
        "custom_id": custom_id,
    }
    if disabled:
        found["disabled"] = True
    if emoji:
        found["emoji"] = {"name": emoji}
    return found


_STYLE_NUMBERS = {style: style.value for style in discord.ButtonStyle}


def row(components: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": discord.ComponentType.action_row.value, "components": components}


def _option(label: str, value: str, chosen: str | None) -> dict[str, Any]:
    """A menu's option; `default` said only for the chosen one (Discord's default: not chosen)."""
    option: dict[str, Any] = {"label": clip(label, OPTION_LABEL_MAX), "value": value}
    if value == chosen:
        option["default"] = True
    return option


def _menu(
    custom_id: str, options: Sequence[tuple[str, str]], chosen: str | None, placeholder: str
) -> dict[str, Any]:
    return row(
        [
            {
                "type": discord.ComponentType.string_select.value,
                "custom_id": custom_id,
                "placeholder": placeholder,
                "options": [_option(label, value, chosen) for value, label in options],
            }
        ]
    )


def lobby_view(game_id: int, words: Words, *, seated: int, needed: int, most: int) -> discord.ui.View:
    """What everyone sees under a lobby: Join (disabled once full), Leave, Start, and "Host options".

    Start reads how many have joined ("Start (3 of 4)") and is green only once enough have: before
    that it is grey, so nobody has to press it to learn whether the game can begin."""
    full = seated >= most
    ready = needed <= seated <= most
    join = button(LobbyId(game_id, "join").text(), words.text("Join"), disabled=full)
    start = button(
        LobbyId(game_id, "start").text(),
        words.text("Start ({seated} of {most})", seated=seated, most=most),
        discord.ButtonStyle.success if ready else discord.ButtonStyle.secondary,
    )
    leave = button(LobbyId(game_id, "leave").text(), words.text("Leave"), discord.ButtonStyle.secondary)
    return drawn_view(
        [
            row(
                [
                    join,
                    leave,
                    start,
                    button(
                        LobbyId(game_id, "host").text(),
                        words.text(HOST_OPTIONS_LABEL),
                        discord.ButtonStyle.secondary,
                        "⚙",
                    ),
                ]
            )
        ]
    )


def host_panel_view(
    game_id: int,
    words: Words,
    strengths: Sequence[str] = (),
    *,
    full: bool = False,
    clocks: Sequence[tuple[str, str]] = (),
    clock: str | None = None,
    stand_ins: Sequence[tuple[str, str]] = (),
    stand_in: str | None = None,
) -> discord.ui.View:
    """The host's private panel: one "Add computer player" button per strength offered (disabled
    once the lobby is full), the menus for the game's clock and the computer that plays a turn
    whose time ran out, and "Cancel lobby". A moderator who is not the host gets Cancel alone
    (`strengths`, `clocks` and `stand_ins` empty)."""
    rows = []
    adds = [
        {
            **button(
                LobbyId(game_id, f"add-{s}").text(),
                words.text("Add computer player ({level})", level=level(s, words)),
                discord.ButtonStyle.secondary,
            ),
            "disabled": full,
        }
        for s in strengths
    ]
    if adds:
        rows.append(row(adds))
    if clocks:
        rows.append(_menu(LobbyId(game_id, "clock").text(), clocks, clock, words.text("Clock")))
    if stand_ins:
        stand_in_menu = words.text("Computer for timed-out turns")
        rows.append(_menu(LobbyId(game_id, "stand-in").text(), stand_ins, stand_in, stand_in_menu))
    cancel = button(LobbyId(game_id, "cancel").text(), words.text(CANCEL_LABEL), discord.ButtonStyle.danger)
    rows.append(row([cancel]))
    return drawn_view(rows)


def hand_row(game_id: int, words: Words, *, refresh: bool = False, as_text: bool = False) -> dict[str, Any]:
    """ "My hand" (or "Refresh" in a hand), and "Board as text" under a board with a picture."""
    label = words.text(REFRESH_LABEL if refresh else HAND_LABEL)
    buttons = [button(HandId(game_id).text(), label, emoji="🃏")]
    if as_text:
        as_text_label = words.text(AS_TEXT_LABEL)
        buttons.append(button(TextId(game_id).text(), as_text_label, discord.ButtonStyle.secondary, "📝"))
    return row(buttons)


def again_view(game_id: int, words: Words) -> discord.ui.View:
    again = button(AgainId(game_id).text(), words.text(AGAIN_LABEL), discord.ButtonStyle.success, "🔁")
    return drawn_view([row([again])])


def pause_view(game_id: int, words: Words) -> discord.ui.View:
    return drawn_view([row([button(PauseId(game_id).text(), words.text(PAUSE_LABEL), emoji="⏸")])])


def back_view(game_id: int, seat: int, words: Words) -> discord.ui.View:
    back = button(BackId(game_id, seat).text(), words.text(BACK_LABEL), discord.ButtonStyle.success)
    return drawn_view([row([back])])


#: A menu shows at most this many options: the rules' page picker offers the pages around the
#: current one.
MENU_OPTIONS_MAX = 25


def rules_view(game: str, page: int, titles: Sequence[str], words: Words) -> discord.ui.View | None:
    """The rules' page picker (each page by its section, e.g. "2. Setting up") and the ◀ / ▶
    buttons, in the reader's words; nothing for a single page."""
    pages = len(titles)
    if pages <= 1:
        return None
    first = min(max(page - MENU_OPTIONS_MAX // 2, 0), max(pages - MENU_OPTIONS_MAX, 0))
    shown = [(str(n), titles[n]) for n in range(first, min(first + MENU_OPTIONS_MAX, pages))]
    rows = [_menu(RulesMenuId(game).text(), shown, str(page), words.text("Go to a page"))]
    buttons = []
    previous, following = words.text("◀ Previous"), words.text("Next ▶")
    if page > 0:
        buttons.append(button(RulesId(game, page - 1).text(), previous, discord.ButtonStyle.secondary))
    if page < pages - 1:
        buttons.append(button(RulesId(game, page + 1).text(), following, discord.ButtonStyle.secondary))
    rows.append(row(buttons))
    return drawn_view(rows)


#: What a grid's cell not on offer shows (a disabled button: the grid keeps the board's shape).
GAP_LABEL = "·"
_NAV = discord.ButtonStyle.secondary


def _gap(r: int, c: int) -> dict[str, Any]:
    """A grid's cell not on offer: a disabled button whose id names no choice (`gc:gap:`), so
    Discord never sends a click on it, and a forged one is answered as damaged."""
    return button(f"gc:gap:{r}.{c}", GAP_LABEL, _NAV, disabled=True)


def _grid_rows(prefix: str, grid: list[list[Entry | None]]) -> list[dict[str, Any]]:
    """A row of buttons per row of the board, a cell not on offer a disabled button (`_gap`)."""
    return [
        row(
            [
                _gap(r, c) if entry is None else button(prefix + entry.choice, entry.label)
                for c, entry in enumerate(cells)
            ]
        )
        for r, cells in enumerate(grid)
    ]


def choice_rows(game_id: int, seat: int, version: int, page: Page) -> list[dict[str, Any]]:
    """The action rows of one page of choices: buttons, or menus each with its own placeholder
    (`Page.menu_titles`), and the navigation row last."""
    rows: list[dict[str, Any]] = []
    prefix = choice_prefix(game_id, seat, version)
    if page.grid is not None:
        rows += _grid_rows(prefix, page.grid)
    elif page.as_buttons:
        buttons = [button(prefix + e.choice, e.label) for e in page.entries]
        rows += [row(buttons[i : i + BUTTONS_PER_ROW]) for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    else:
        for n, (title, menu) in enumerate(zip(page.menu_titles(), page.menus(), strict=True)):
            placeholder = clip(title, PLACEHOLDER_MAX)
            # A card's slot menus hold dozens of options a version: a label is clipped only when
            # it is too long (no call for the many that fit).
            options = [
                {
                    "label": e.label if len(e.label) <= OPTION_LABEL_MAX else clip(e.label, OPTION_LABEL_MAX),
                    "value": e.choice,
                }
                for e in menu
            ]
            # Discord's defaults (one value, enabled, no option chosen) are left unsaid.
            select = {
                "type": discord.ComponentType.string_select.value,
                "custom_id": MenuId(game_id, seat, version, n).text(),
                "required": True,
                "placeholder": placeholder,
                "options": options,
            }
            rows.append(row([select]))
    if page.nav:
        rows.append(row([button(prefix + e.choice, e.label, _NAV) for e in page.nav]))
    return rows


def share_view(user_id: int, game: str | None, words: Words) -> discord.ui.View:
    """ "Share in channel" under a private /stats answer, in its reader's words."""
    label = words.text("Share in channel")
    return drawn_view([row([button(ShareId(user_id, game).text(), label, discord.ButtonStyle.secondary)])])


def leaderboard_view(
    game: str,
    page: int,
    pages: int,
    words: Words,
    set_key: str | None = None,
    sets: Sequence[tuple[str, str]] = (),
) -> discord.ui.View | None:
    """◀ / ▶ between a leaderboard's pages and, for the best solo gardens, the menu of option sets
    (`sets`: key and words, at most a menu's 25), in the reader's words; nothing when there is
    nothing to choose."""
    rows: list[dict[str, Any]] = []
    if len(sets) > 1:
        placeholder = words.text("Options played with")
        rows.append(_menu(LeaderboardMenuId(game).text(), list(sets)[:25], set_key, placeholder))
    buttons = []
    if page > 0:
        previous = words.text("◀ Previous")
        buttons.append(
            button(LeaderboardId(game, page - 1, set_key).text(), previous, discord.ButtonStyle.secondary)
        )
    if page < pages - 1:
        following = words.text("Next ▶")
        buttons.append(
            button(LeaderboardId(game, page + 1, set_key).text(), following, discord.ButtonStyle.secondary)
        )
    if buttons:
        rows.append(row(buttons))
    return drawn_view(rows) if rows else None
