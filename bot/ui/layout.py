"""Discord's layout messages ("Components V2") built from discord.py's own layout classes.

A layout message is nothing but its component tree: a `discord.ui.LayoutView` of containers, text
displays, media galleries, separators and action rows of buttons and menus (issue 30). discord.py
sets the message's IS_COMPONENTS_V2 flag itself for such a view. No item holds a callback: every
click is routed by its custom id (`bot.handlers.router`), so the view is made with no timeout and
stopped at once: discord.py neither stores it for the message nor runs a timeout task for it.
Discord's limits for a whole message: 40 components, nested ones included (`LayoutView` refuses a
41st), and 4,000 characters of text displays; `fit_texts` keeps the texts within the second.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.ui.choices import BUTTONS_PER_ROW, OPTION_LABEL_MAX, Entry, Page, clip
from bot.ui.ids import ChoiceId, HandId, MenuId, TextId

#: Discord's limit for the text displays of one layout message.
TEXT_MAX = 4000
#: Discord's limit of components in one layout message, nested ones included.
COMPONENTS_MAX = 40
#: A media gallery item's description (the alt text screen readers read).
ALT_MAX = 1024
BUTTON_LABEL_MAX = 80
PLACEHOLDER_MAX = 150
HAND_LABEL = "My hand / My turn"
#: What a grid's cell not on offer shows (a disabled button: the grid keeps the board's shape).
GAP_LABEL = "·"
#: An embed's description limit, and the embeds' colour (bot/publish/render.py, bot/records/standings.py).
DESCRIPTION_MAX = 4096
GREEN = discord.Colour(0x4E9A06)

#: Any item of a layout message (discord.py's items are generic in their view).
Item = ui.Item[Any]


def layout(items: Sequence[Item]) -> ui.LayoutView:
    """The layout message of `items` (top level: containers and text displays), ready to send."""
    view = ui.LayoutView(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def payload(view: ui.LayoutView) -> list[dict[str, Any]]:
    """The component tree discord.py sends for `view`, as JSON (read for the README's pictures)."""
    tree: list[dict[str, Any]] = view.to_components()  # type: ignore[no-untyped-call]
    return tree


def count_components(items: Sequence[Item]) -> int:
    """The components of `items` as Discord counts them: every one, nested ones included (a
    gallery's pictures are not components)."""
    total = 0
    for item in items:
        total += 1
        if isinstance(item, ui.Container | ui.ActionRow | ui.Section):
            total += sum(1 for _ in item.walk_children())
    return total


def text(content: str) -> ui.TextDisplay[Any]:
    return ui.TextDisplay(content)


def gallery(filename: str, description: str) -> ui.MediaGallery[Any]:
    """One uploaded picture, shown full width, with its alt text."""
    alt = clip(description, ALT_MAX) or None
    return ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{filename}", description=alt))


def separator() -> ui.Separator[Any]:
    return ui.Separator(visible=True, spacing=discord.SeparatorSpacing.small)


def container(items: Sequence[Item], colour: discord.Colour) -> ui.Container[Any]:
    return ui.Container(*items, accent_colour=colour)


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
    emoji: str | None = None,
    *,
    disabled: bool = False,
) -> ui.Button[Any]:
    return ui.Button(
        style=style, label=clip(label, BUTTON_LABEL_MAX), custom_id=custom_id, emoji=emoji, disabled=disabled
    )


def menu(
    custom_id: str,
    options: Sequence[tuple[str, str]],
    chosen: str | None,
    placeholder: str,
    *,
    required: bool = False,
) -> ui.Select[Any]:
    """A menu of (value, label) options, `chosen` shown as picked."""
    return ui.Select(
        custom_id=custom_id,
        placeholder=clip(placeholder, PLACEHOLDER_MAX),
        min_values=1,
        max_values=1,
        required=required,
        options=[
            discord.SelectOption(label=clip(label, OPTION_LABEL_MAX), value=value, default=value == chosen)
            for value, label in options
        ],
    )


def row(items: Sequence[Item]) -> ui.ActionRow[Any]:
    return ui.ActionRow(*items)


def hand_row(game_id: int, *, refresh: bool = False, as_text: bool = False) -> ui.ActionRow[Any]:
    """ "My hand" (or "Refresh" in a hand), and "Board as text" under a board with a picture."""
    label = "Refresh" if refresh else HAND_LABEL
    buttons = [button(HandId(game_id).text(), label, emoji="🃏")]
    if as_text:
        buttons.append(button(TextId(game_id).text(), "Board as text", discord.ButtonStyle.secondary, "📝"))
    return row(buttons)


def _choice_button(game_id: int, seat: int, version: int, entry: Entry, *, nav: bool) -> ui.Button[Any]:
    style = discord.ButtonStyle.secondary if nav else discord.ButtonStyle.primary
    return button(ChoiceId(game_id, seat, version, entry.choice).text(), entry.label, style)


def _grid_rows(game_id: int, seat: int, version: int, grid: list[list[Entry | None]]) -> list[Item]:
    """A row of buttons per row of the board, a cell not on offer a disabled button. Its id names
    no choice (`gc:gap:`): Discord never sends a click on it, and a forged one is answered as
    damaged."""
    rows: list[Item] = []
    for r, cells in enumerate(grid):
        buttons = [
            button(f"gc:gap:{r}.{c}", GAP_LABEL, discord.ButtonStyle.secondary, disabled=True)
            if entry is None
            else _choice_button(game_id, seat, version, entry, nav=False)
            for c, entry in enumerate(cells)
        ]
        rows.append(row(buttons))
    return rows


def choice_rows(game_id: int, seat: int, version: int, page: Page) -> list[Item]:
    """The action rows of one page of choices: buttons, or menus each with its own placeholder
    (`Page.menu_titles`), and the navigation row last."""
    rows: list[Item] = []
    if page.grid is not None:
        rows += _grid_rows(game_id, seat, version, page.grid)
    elif page.as_buttons:
        buttons = [_choice_button(game_id, seat, version, e, nav=False) for e in page.entries]
        rows += [row(buttons[i : i + BUTTONS_PER_ROW]) for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    else:
        for n, (title, entries) in enumerate(zip(page.menu_titles(), page.menus(), strict=True)):
            options = [(e.choice, e.label) for e in entries]
            custom_id = MenuId(game_id, seat, version, n).text()
            rows.append(row([menu(custom_id, options, None, title, required=True)]))
    if page.nav:
        rows.append(row([_choice_button(game_id, seat, version, e, nav=True) for e in page.nav]))
    return rows


def fit_texts(parts: Sequence[str], budget: int = TEXT_MAX, *, stretch: int = 0) -> list[str]:
    """`parts` within `budget` characters in all: the part at index `stretch` (the long one: a
    text board, a hand) is cut to what the others leave, the others only if even that is not enough."""
    others = sum(len(p) for i, p in enumerate(parts) if i != stretch)
    room = max(budget - others, 0)
    fitted = [clip(p, max(room, 1)) if i == stretch else p for i, p in enumerate(parts)]
    total = sum(len(p) for p in fitted)
    if total <= budget:
        return fitted
    each = max(budget // max(len(parts), 1), 1)
    return [clip(p, each) for p in fitted]
