"""Discord's layout components ("Components V2") drawn as JSON: the living table and the hands.

A layout message is nothing but its component tree: containers, text displays, media galleries,
separators and action rows (Discord's component reference). It is sent as a discord.py
`LayoutView` given as its JSON (`DrawnLayout`): discord.py's item for every text, picture and
button would cost 14% more instructions per interaction (docs/performance.md, "Layout classes vs
drawn JSON (issue 30)"), and even an item per container a reference cycle per message. No item
holds a callback: every click is routed by custom id. Discord's limits for a whole message: 40
components, nested ones included, and 4,000 characters of text displays; `fit_texts` keeps the
texts within the second.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.ui.choices import Entry, Page, clip

#: Component types (Discord's component reference).
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_DISPLAY, MEDIA_GALLERY, SEPARATOR, CONTAINER = 1, 2, 3, 10, 12, 14, 17
#: Discord's limit for the text displays of one layout message (its 40 components are checked
#: by the tests' fake Discord).
TEXT_MAX = 4000
#: A media gallery item's description (the alt text screen readers read).
ALT_MAX = 1024
#: An embed's description limit, and the embeds' colour (bot/publish/render.py, bot/records/standings.py).
DESCRIPTION_MAX = 4096
GREEN = discord.Colour(0x4E9A06)
#: The colour of a closed lobby, and of a table or hand once the game is over.
GREY = discord.Colour(0x888A85)


def item(component: dict[str, Any]) -> discord.ui.Item[Any]:
    """discord.py's own item for a drawn component (its documented constructors only), so that
    discord.py renders it back to the same JSON: a text display, separator, media gallery, action
    row, button, string menu or container."""
    kind = component["type"]
    if kind == TEXT_DISPLAY:
        return discord.ui.TextDisplay(component["content"])
    if kind == SEPARATOR:
        spacing = discord.SeparatorSpacing(component.get("spacing", 1))
        return discord.ui.Separator(visible=component.get("divider", True), spacing=spacing)
    if kind == MEDIA_GALLERY:
        shown = [
            discord.MediaGalleryItem(entry["media"]["url"], description=entry.get("description"))
            for entry in component["items"]
        ]
        return discord.ui.MediaGallery(*shown)
    if kind == ACTION_ROW:
        return discord.ui.ActionRow(*[item(child) for child in component["components"]])
    if kind == BUTTON:
        emoji = component.get("emoji")
        return discord.ui.Button(
            style=discord.ButtonStyle(component["style"]),
            label=component.get("label"),
            custom_id=component.get("custom_id"),
            url=component.get("url"),
            disabled=component.get("disabled", False),
            emoji=emoji["name"] if emoji else None,
        )
    if kind == STRING_SELECT:
        options = [
            discord.SelectOption(
                label=option["label"],
                value=option["value"],
                description=option.get("description"),
                default=option.get("default", False),
            )
            for option in component["options"]
        ]
        return discord.ui.Select(
            custom_id=component["custom_id"],
            placeholder=component.get("placeholder"),
            min_values=component.get("min_values", 1),
            max_values=component.get("max_values", 1),
            disabled=component.get("disabled", False),
            options=options,
        )
    if kind == CONTAINER:
        children = [item(child) for child in component["components"]]
        return discord.ui.Container(*children, accent_colour=component.get("accent_color"))
    raise ValueError(f"no item for a component of type {kind}")


class _Stopped:
    """A drawn layout's stand-in for the future discord.py's views finish with: done from the
    start (`is_finished`, `stop`). Nothing awaits a drawn layout (`View.wait`)."""

    __slots__ = ()

    def done(self) -> bool:
        return True


_STOPPED: Any = _Stopped()


class DrawnLayout(discord.ui.LayoutView):
    """A layout message given as its JSON (`layout`): discord.py's own view class, so it is sent as
    a layout message, holding the drawn component tree and no item.

    discord.py's items for every text, picture and button would cost 14% more instructions per
    interaction (docs/performance.md, "Layout classes vs drawn JSON (issue 30)"). Even one item per
    top-level component made a reference cycle (the view holds its items, each item its view),
    which reference counting never frees: every table sent waited, with its whole component
    tree, for the garbage collector, whose young-generation passes then took a twentieth of
    the bot's time at 20 games flat out (issue 31). Two undocumented methods are overridden
    (docs/bot.md, "Beyond discord.py's documented API"): `to_components`, the JSON, and
    `has_components_v2`, from which discord.py sets the layout flag."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        # What `BaseView.__init__` sets, made stopped at once, without its work: an id read from
        # the kernel's random source (a system call a message), a future on the event loop and a
        # walk of the (no) children: 0.6% of a table click's instructions (issue 31). No item
        # holds a callback (every click is routed by custom id): stopped, discord.py neither
        # stores the view for its message nor runs a timeout task for it.
        self._BaseView__timeout = None
        self._children = []
        self.id = ""
        self._cache_key = None
        self._BaseView__cancel_callback = None
        self._BaseView__timeout_expiry = None
        self._BaseView__timeout_task = None
        self._BaseView__snapshot = None
        self._BaseView__stopped = _STOPPED
        self._total_children = 0
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def has_components_v2(self) -> bool:
        return True


def layout(components: list[dict[str, Any]]) -> discord.ui.LayoutView:
    """The layout message of `components` (top level: containers and text displays), ready to send."""
    for component in components:
        if component["type"] not in (CONTAINER, TEXT_DISPLAY):
            raise ValueError(f"no top-level component of type {component['type']} here")
    return DrawnLayout(components)


def payload(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The component tree discord.py sends for `view`, as JSON (read for the README's pictures)."""
    tree: list[dict[str, Any]] = view.to_components()  # type: ignore[no-untyped-call]
    return tree


#: Discord's limit of components in one layout message, nested ones included.
COMPONENTS_MAX = 40


def count_components(components: list[dict[str, Any]]) -> int:
    """The components of a layout tree as Discord counts them: every one, nested ones included
    (a gallery's items are not components). Walked without recursion: the table is counted on
    every draw with a grid, and a frame and a generator per component cost more than the walk."""
    count = 0
    waiting = [components]
    while waiting:
        level = waiting.pop()
        count += len(level)
        waiting += [inner for component in level if (inner := component.get("components"))]
    return count


def within_limit(
    draw: Callable[[Page | None], list[dict[str, Any]]], page: Page | None
) -> discord.ui.LayoutView:
    """The message of the components `draw` makes with `page`, its grid of buttons traded for the
    page's menus when the grid would take the message past Discord's 40 components (issue 27 item 15)."""
    if page is not None and page.grid is not None and grid_components(page.grid) > COMPONENTS_MAX:
        page = page.without_grid()  # too many for any message: not drawn only to be counted
    drawn = draw(page)
    if page is not None and page.grid is not None and count_components(drawn) > COMPONENTS_MAX:
        drawn = draw(page.without_grid())
    return layout(drawn)


def grid_components(grid: list[list[Entry | None]]) -> int:
    """The components a grid of buttons is drawn with, whatever else its message holds: an action
    row per row of the grid and a button per cell, on offer or not (bot/ui/items.py)."""
    return len(grid) + sum(map(len, grid))


def text(content: str) -> dict[str, Any]:
    return {"type": TEXT_DISPLAY, "content": content}


def gallery(filename: str, description: str) -> dict[str, Any]:
    """One uploaded picture, shown full width, with its alt text."""
    item: dict[str, Any] = {"media": {"url": f"attachment://{filename}"}}
    if description:
        item["description"] = clip(description, ALT_MAX)
    return {"type": MEDIA_GALLERY, "items": [item]}


def separator() -> dict[str, Any]:
    return {"type": SEPARATOR, "divider": True, "spacing": 1}


def container(components: list[dict[str, Any]], colour: discord.Colour) -> dict[str, Any]:
    return {"type": CONTAINER, "accent_color": colour.value, "components": components}


def fit_texts(parts: Sequence[str], budget: int = TEXT_MAX, *, stretch: int = 0) -> list[str]:
    """`parts` within `budget` characters in all: the part at index `stretch` (the long one: a
    text board, a hand) is cut to what the others leave, the others only if even that is not enough."""
    if sum(map(len, parts)) <= budget:  # as almost always: nothing to cut
        return list(parts)
    others = sum(len(p) for i, p in enumerate(parts) if i != stretch)
    room = max(budget - others, 0)
    fitted = [clip(p, max(room, 1)) if i == stretch else p for i, p in enumerate(parts)]
    total = sum(len(p) for p in fitted)
    if total <= budget:
        return fitted
    each = max(budget // max(len(parts), 1), 1)
    return [clip(p, each) for p in fitted]
