"""Turn a seat's legal actions into pages of buttons and menus that fit Discord's limits.

Pure planning, no Discord objects: `plan_page` decides what one ephemeral message offers, and the
Discord layer draws it. Limits honoured: 5 rows, 5 buttons a row, 25 options a menu, labels of 80
(buttons) and 100 (menu options) characters, custom ids of 100.

A choice is a short code carried in a custom id or a menu value:
  `a<i>`      play legal action number i;
  `g<j>.<p>`  open page p of group j (the actions sharing their first step, a two-step picker);
  `p<p>`      page p of the top level.
Few actions are offered directly; many are grouped by their first step (`.steps[0]`) so a player
picks e.g. the card first and then the slot, and any list longer than one message is paged.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from bot.basics.words import N_
from engine.api import StepGroups

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
OPTIONS_PER_MENU = 25
BUTTON_LABEL_MAX = 80
OPTION_LABEL_MAX = 100
#: Offer actions as buttons (two rows) when there are at most this many, with short labels.
MAX_BUTTON_CHOICES = 10
#: Rows left for menus on a page: one row stays free for Back / Previous / Next.
MENU_ROWS = MAX_ROWS - 1
PAGE_CAPACITY = MENU_ROWS * OPTIONS_PER_MENU
#: Above this many actions, a top level with several first steps becomes a two-step picker.
FLAT_LIMIT = OPTIONS_PER_MENU
#: The picker's own buttons (catalog entries: a translated page says them in its language).
PREVIOUS = N_("◀ Previous")
NEXT = N_("Next ▶")
BACK = N_("↩ Back")
#: A menu's placeholder when its page has no title, and a paged untitled page's title.
CHOOSE_MENU = N_("Choose…")
CHOOSE = N_("Choose")


class Entry(NamedTuple):
    """One offered choice: what the player reads and the choice code it sends.

    A named tuple, not a dataclass: a card's slot page makes dozens of entries a version, kept
    until the next, and a tuple of two strings is one small object where an instance was two,
    itself and its dict (issue 31: fewer cache lines a version)."""

    label: str
    choice: str


#: A page's menus as a presenter groups them: each with its placeholder.
Sections = list[tuple[str, list[Entry]]]


@dataclass
class Page:
    """What one message offers: entries drawn as buttons or menus, plus navigation."""

    title: str | None
    entries: list[Entry]
    as_buttons: bool
    nav: list[Entry] = field(default_factory=list)
    #: The menus as a game's presenter groups them (`Presenter.menu_sections`: e.g. slots by rows),
    #: each with its placeholder; None: the entries in menus of 25 in order. Read them through
    #: `menu_sections`: they may be left to make when first needed (`sections_later`).
    sections: Sections | None = None
    #: The entries as buttons laid out like the board they point at (`Presenter.button_grid`:
    #: e.g. a garden's slots, a row of buttons per garden row; None in a cell: not on offer),
    #: drawn instead of the buttons or menus when the message has room for it.
    grid: list[list[Entry | None]] | None = None
    #: A menu's placeholder when the page has no title (a translated page says it in its language).
    placeholder: str = CHOOSE_MENU
    #: Makes `sections` when they are first asked for: a page whose grid of buttons is shown
    #: never draws its menus, so they are made only if they are drawn or a menu click is checked.
    sections_later: Callable[[], Sections | None] | None = field(default=None, repr=False, compare=False)

    def menu_sections(self) -> Sections | None:
        """`sections`, made now if they were left for later."""
        if self.sections_later is not None:
            self.sections, self.sections_later = self.sections_later(), None
        return self.sections

    def without_grid(self) -> Page:
        """This page offering its entries in menus, not in its grid (which would not fit)."""
        return replace(self, grid=None, sections=self.menu_sections())

    def menus(self) -> list[list[Entry]]:
        """The entries split into menus of at most 25 options."""
        sections = self.menu_sections()
        if sections is not None:
            return [entries for _title, entries in sections]
        return [self.entries[i : i + OPTIONS_PER_MENU] for i in range(0, len(self.entries), OPTIONS_PER_MENU)]

    def menu_titles(self) -> list[str]:
        """Each menu's placeholder, distinct when there are several: the presenter's section
        titles, else the page's title with the first and last option the menu holds ("F1 … K2"),
        so a player knows which menu to open."""
        sections = self.menu_sections()
        if sections is not None:
            return [title for title, _entries in sections]
        menus = self.menus()
        title = self.title or self.placeholder
        if len(menus) <= 1:
            return [title] * len(menus)
        return [f"{title}: {menu[0].label} … {menu[-1].label}" for menu in menus]

    def shows(self, choice: str, menu: int | None = None) -> bool:
        """Whether this page offers `choice`: as a button (`menu` None), or in its menu `menu`."""
        if menu is not None:
            menus = [] if self.as_buttons else self.menus()
            return 0 <= menu < len(menus) and any(entry.choice == choice for entry in menus[menu])
        # Read in place, row by row: every click is checked against the pages that lead to it.
        if any(entry.choice == choice for entry in self.nav):
            return True
        if self.as_buttons and any(entry.choice == choice for entry in self.entries):
            return True
        return any(entry is not None and entry.choice == choice for row in self.grid or () for entry in row)


def reachable_pages(open_page: Callable[[str], Page], first: str | None = None) -> Iterator[Page]:
    """Every page a seat's picker can show, from its first (`p0`) through the picker steps and
    page turns each page offers, nearest first, each opened when asked for. `open_page` plans the
    page a code opens; it forgives codes nothing offers (a missing group opens the first), so what
    a click names is checked against these pages (`offered_on`), never against what `open_page`
    makes of it. `first`: the start of the codes to open before the others as soon as they are
    reached (a group's pages, `g2.`): the same pages, in another order."""
    seen = {"p0"}
    waiting = deque(["p0"])
    while waiting:
        page = open_page(waiting.popleft())
        yield page
        for entry in (*page.entries, *page.nav):
            if not entry.choice.startswith("a") and entry.choice not in seen:
                seen.add(entry.choice)
                if first is not None and entry.choice.startswith(first):
                    waiting.appendleft(entry.choice)
                else:
                    waiting.append(entry.choice)


def offered_on(pages: Iterable[Page], choice: str, menu: int | None = None) -> bool:
    """Whether one of `pages` offers `choice` where the click says (a button, or menu `menu`)."""
    return any(page.shows(choice, menu) for page in pages)


def fits_menus(sections: Sections) -> bool:
    """Whether presenter sections can be drawn as a page's menus: at most `MENU_ROWS` menus of at
    most 25 options, distinct titles, no menu empty."""
    titles = [title for title, _entries in sections]
    return (
        0 < len(sections) <= MENU_ROWS
        and len(set(titles)) == len(titles)
        and all(0 < len(entries) <= OPTIONS_PER_MENU for _title, entries in sections)
    )


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


#: Action indices grouped by their first step, in order: the engine's own type for them.
Groups = StepGroups

#: "a0", "a1", ...: the choice codes of action numbers, each written once (`action_codes`).
_ACTION_CODES: list[str] = []


def action_codes(count: int) -> list[str]:
    """The choice codes of actions 0 to `count` - 1 (at least): a card's slot page names dozens
    of actions a version, and writing each number anew was a third of planning the page."""
    if len(_ACTION_CODES) < count:
        _ACTION_CODES.extend(f"a{i}" for i in range(len(_ACTION_CODES), count))
    return _ACTION_CODES


def group_by_first_step(steps: Sequence[tuple[str, ...]]) -> Groups:
    """Action indices grouped by first step, in the order the first steps appear (the same for
    every page of a position: the table keeps them for the position's next page)."""
    order: dict[str, list[int]] = {}
    last: str | None = None
    members: list[int] = []
    for index, parts in enumerate(steps):
        first = parts[0] if parts else ""
        if first != last:  # actions sharing a first step mostly come together: one look-up a run
            found = order.get(first)
            if found is None:  # (not setdefault: it would make a list for every run)
                found = order[first] = []
            members, last = found, first
        members.append(index)
    return [(first, found) for first, found in order.items()]


def _page_of(
    entries: list[Entry],
    page: int,
    title: str | None,
    back: Entry | None,
    prefix: str,
    most: int | None = None,
) -> Page:
    """A page of `entries`: buttons when the decision can never offer more than fit (`most`, the
    most it can offer; None: as many as now), else menus, paged."""
    room = len(entries) if most is None else max(most, len(entries))
    buttons = room <= MAX_BUTTON_CHOICES and all(len(e.label) <= BUTTON_LABEL_MAX for e in entries)
    if buttons:
        return Page(title=title, entries=entries, as_buttons=True, nav=[back] if back else [])
    pages = max(1, -(-len(entries) // PAGE_CAPACITY))
    page = min(max(page, 0), pages - 1)
    shown = entries[page * PAGE_CAPACITY : (page + 1) * PAGE_CAPACITY]
    nav: list[Entry] = [back] if back else []
    if page > 0:
        nav.append(Entry(PREVIOUS, f"{prefix}{page - 1}"))
    if page < pages - 1:
        nav.append(Entry(NEXT, f"{prefix}{page + 1}"))
    suffix = f" (page {page + 1} of {pages})" if pages > 1 else ""
    return Page(
        title=(title or CHOOSE) + suffix if suffix else title, entries=shown, as_buttons=False, nav=nav
    )


def plan_page(
    labels: Sequence[str],
    steps: Sequence[tuple[str, ...]],
    choice: str = "p0",
    flat_limit: int | None = None,
    groups: Groups | None = None,
    most: int | None = None,
) -> Page:
    """The page to show for `choice` (a `p<n>` or `g<j>.<n>` code) over these legal actions.

    Above `flat_limit` actions (default `FLAT_LIMIT`; a game's presenter may lower it, so that
    choices with a target always take a second step), actions sharing a first step are grouped
    into two-step pickers. `groups`: `group_by_first_step(steps)`, when already known.

    `most`: the most actions this kind of decision can offer (`Presenter.most_choices`). With it,
    the first page's layout — grouped or not, buttons or menus — is decided by the decision's kind,
    not by how many actions happen to be legal now, so it does not flip from one action to the
    next (issue 27 item 11: 11 choices in a menu, then 10 as buttons). None: as many as now."""
    if groups is None:
        groups = group_by_first_step(steps)
    codes = action_codes(len(labels))
    size = len(labels) if most is None else max(most, len(labels))
    grouped = size > (FLAT_LIMIT if flat_limit is None else flat_limit) and len(groups) > 1
    if choice.startswith("g") and grouped:
        number, _, page_text = choice[1:].partition(".")
        group = int(number) if number.isdigit() else 0
        if not 0 <= group < len(groups):
            group = 0
        title, members = groups[group]
        # Each member by the rest of its steps ("F3"), else its label: a plain loop, as a card's
        # slot page holds dozens (planned once per version); a two-step action's second step is
        # its name as it is.
        entries = []
        for i in members:
            parts = steps[i]
            if len(parts) == 2:
                named = parts[1]
            elif len(parts) > 2:
                named = " · ".join(parts[1:])
            else:
                named = labels[i]
            entries.append(Entry(named, codes[i]))
        page = int(page_text) if page_text.isdigit() else 0
        return _page_of(entries, page, title, Entry(BACK, "p0"), f"g{group}.")
    page = int(choice[1:]) if choice.startswith("p") and choice[1:].isdigit() else 0
    if not grouped:
        entries = [Entry(label, codes[i]) for i, label in enumerate(labels)]
    else:
        entries = [
            Entry(labels[members[0]], codes[members[0]])
            if len(members) == 1
            else Entry(f"{first} …", f"g{j}.0")
            for j, (first, members) in enumerate(groups)
        ]
    return _page_of(entries, page, None, None, "p", most)
