"""A seat's choices as pages (bot/ui/choices.py lays them out): which seat plays from the table,
the page a picker code opens (planned once per version, said in a reader's language) and whether
a click is on offer. The table and the hands both show them. Split from table_layout.py (issue 30)."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.basics.words import ENGLISH, Words
from bot.game.position import Position
from bot.game.registry import presenter
from bot.presenters.base import Presenter
from bot.presenters.engine_words import translate
from bot.ui.choices import (
    Entry,
    Page,
    Sections,
    fits_menus,
    offered_on,
    plan_page,
    reachable_pages,
)
from bot.ui.layout import COMPONENTS_MAX
from engine.api import has_public_view


def table_seat(position: Position) -> int | None:
    """The seat that plays from the table: in a game in progress whose seats see nothing hidden,
    the one human seat to move (None: nobody, several at once, or a hidden-hand game)."""
    record = position.record
    if record.status != "active" or position.state is None or not has_public_view(position.game):
        return None
    if record.daily is not None:
        return None  # a daily garden is played in its player's hand: the table shows no garden
    humans = [s for s in position.to_move() if record.seats[s].user_id is not None]
    return humans[0] if len(humans) == 1 else None


def choices_page(position: Position, seat: int, choice: str = "p0", words: Words | None = None) -> Page:
    """The page of `seat`'s choices that `choice` (a picker code, bot.ui.choices) opens: planned
    once per version (the click's check, its answer and the publisher's table share it; its grid
    of buttons is the costly part). Never changed once made (its menus, made when first needed,
    are what they would have been at once). With `words`, the same page in their
    language (where the game's engine texts are in the catalogs): planned in English, so that it
    offers the same choices on the same pages whatever the language, then said."""
    english = position.memo(("page", seat, choice), lambda: _plan_choices_page(position, seat, choice))
    if words is None or words.language == ENGLISH or not presenter(position.record.game).engine_words:
        return english
    return position.memo(("page", seat, choice, words.language), lambda: _page_in(position, english, words))


#: A page title's page number ("Left Carrot (pay 1 bee) (page 2 of 3)").
_PAGE_OF = re.compile(r"(.*) \(page (\d+) of (\d+)\)")
#: An entry that opens a picker step ("Left Carrot (pay 1 bee) …").
_OPENS = " …"


def _page_in(position: Position, page: Page, words: Words) -> Page:
    """`page` with its labels, title and menu placeholders in `words`' language: the engine's
    labels and steps through its templates (bot/presenters/engine_words.py), the picker's own
    buttons and the presenter's menus from the catalogs."""
    game = position.record.game

    def say(label: str) -> str:
        if label.endswith(_OPENS):
            return translate(words, label.removesuffix(_OPENS), game) + _OPENS
        return translate(words, label, game)

    said = {entry.choice: Entry(say(entry.label), entry.choice) for entry in page.entries}
    title = page.title
    if title is not None:
        numbered = _PAGE_OF.fullmatch(title)
        if numbered is None:
            title = say(title)
        else:
            title = words.text(
                "{title} (page {page} of {pages})",
                title=say(numbered.group(1)),
                page=numbered.group(2),
                pages=numbered.group(3),
            )

    def sections() -> Sections | None:
        english = page.menu_sections()
        if english is None:
            return None
        theirs = presenter(game).menu_sections(page.title, page.entries, words) or english
        return [(placeholder, [said.get(e.choice, e) for e in menu]) for placeholder, menu in theirs]

    return replace(
        page,
        title=title,
        entries=[said[entry.choice] for entry in page.entries],
        nav=[Entry(words.text(entry.label), entry.choice) for entry in page.nav],
        sections=None,
        sections_later=sections,
        placeholder=words.text(page.placeholder),
    )


def _plan_choices_page(position: Position, seat: int, choice: str) -> Page:
    labels, steps = position.labels_and_steps(seat)
    groups = position.step_groups(seat)
    shows = presenter(position.record.game)
    # The seat's view only for a presenter that lays its first page out by the decision's kind:
    # the base's `most_choices` reads none, and a public-view game's seat view is a copy made for
    # it (Cabbagehead's table: one a version, for nothing).
    view = position.view(seat) if type(shows).most_choices is not Presenter.most_choices else None
    most = None if view is None else shows.most_choices(view, seat)
    page = plan_page(labels, steps, choice, shows.flat_limit, groups, most)
    # No grid where it could never be drawn: each entry is a button of it, and a message holds at
    # most `COMPONENTS_MAX` components (a card's 55 slots: the menus serve; laying them out
    # took as long as planning the rest of the page).
    page.grid = shows.button_grid(page.entries) if 0 < len(page.entries) < COMPONENTS_MAX else None
    if not page.as_buttons:
        title, entries = page.title, page.entries

        def sections() -> Sections | None:
            found = shows.menu_sections(title, entries)
            return found if found is not None and fits_menus(found) else None

        page.sections_later = sections  # made if the menus are drawn or clicked, not for a grid
    return page


def offers(position: Position, seat: int, choice: str, menu: int | None = None) -> bool:
    """Whether `seat`'s choices at `position` offer `choice` on one of their pages, as a button
    (`menu` None) or in menu number `menu`: a table or hand accepts nothing else (issue 27 item 5)."""
    # The pages are opened one by one, from the first, only until one offers it: a click is
    # almost always on the first page or one it opens (issue 31: planning every page with its
    # grid of buttons was about 15% of a click). An action picked from a menu is looked for on
    # its own group's pages first (a card's slots): the groups before it are not planned, nor
    # their menus made, only to find it elsewhere.
    first = _group_pages(position, seat, choice) if menu is not None else None
    return offered_on(reachable_pages(lambda c: choices_page(position, seat, c), first), choice, menu)


def _group_pages(position: Position, seat: int, choice: str) -> str | None:
    """The start of the codes of the pages of the group holding action `choice` ("g2."), if it
    names an action in a group of several."""
    if not choice.startswith("a") or not choice[1:].isdigit():
        return None
    action = int(choice[1:])
    for number, (_first, members) in enumerate(position.step_groups(seat)):
        if action in members:
            return f"g{number}." if len(members) > 1 else None
    return None
