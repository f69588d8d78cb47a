"""The living table message and the hands, as layout components: each fact said once.

The table is one message per game: a headline (whose turn, the round, the clock), the board
picture (or, without one, the complete text board), a few recent log lines, and the buttons. In a
game whose seats see nothing hidden (`has_public_view`), the seat to move plays from the table
itself: its choices are the table's. A hand is the same kind of message, private to its player.
Text comes from the game's presenter and the engine's views; nothing here decides a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.basics.words import ENGLISH, Words
from bot.game.position import Position
from bot.game.registry import presenter
from bot.picture_service import BoardPicture
from bot.picture_service.drawing import board_summary
from bot.presenters.engine_words import summary_text, translate
from bot.records import daily
from bot.records.end_reasons import end_words
from bot.records.fair_deal import revealed_line, sealed_line
from bot.storage.records import GameRecord
from bot.ui.choices import (
    Entry,
    Page,
    fits_menus,
    group_by_first_step,
    offered_on,
    plan_page,
    reachable_pages,
)
from bot.ui.items import choice_rows, hand_row
from bot.ui.layout import (
    COMPONENTS_MAX,
    container,
    count_components,
    fit_texts,
    gallery,
    layout,
    separator,
    text,
)
from engine.api import has_public_view

#: How many log lines the table and a hand show.
TABLE_LOG_LINES = 3

GREEN = discord.Colour(0x4E9A06)
GREY = discord.Colour(0x888A85)


@dataclass(frozen=True)
class TableLook:
    """What the table message shows besides the position itself, kept so that a picker step on
    the table redraws it exactly as the publisher last did, with other buttons."""

    lines: tuple[str, ...] = ()
    #: The alt text of the picture on the message (None: the message has no picture).
    picture_alt: str | None = None
    #: The move an older picture shows while a new one waits for the picture budget.
    picture_move: int | None = None
    #: When the turn of the seat to move ends (its clock), if it has one.
    ends: float | None = None
    #: Who the clock is for.
    clocked: tuple[int, ...] = field(default=())
    #: A daily garden whose day runs: points only, no garden, no moves (bot/records/daily.py).
    hidden: bool = False


def look_of(
    position: Position,
    lines: list[str],
    picture: BoardPicture,
    before: TableLook | None,
    ends: Mapping[int, float] | None = None,
    *,
    now: float = 0.0,
) -> TableLook:
    """How the table will look with `picture`: a new one, the one the message keeps (as `before`
    showed it), or none; `ends`: when each seat whose turn begins must decide by (none: the clock
    `before` showed, if the same seats are still to move); `now`: the time, for a daily garden
    whose day still runs (shown without spoilers)."""
    if daily.hidden(position.record, now):
        return TableLook(hidden=True)
    if picture.new is not None:
        alt: str | None = picture.new.description
    elif picture.kept_move is not None:
        alt = before.picture_alt if before is not None and before.picture_alt is not None else ""
    else:
        alt = None
    if ends:
        return TableLook(tuple(lines), alt, picture.kept_move, min(ends.values()), tuple(sorted(ends)))
    to_move = tuple(position.to_move())
    if before is not None and before.clocked and to_move and set(to_move) <= set(before.clocked):
        # The same seats still to move, or some of them (a reply window's seats answering one by
        # one): their clocks run on, so the table keeps showing when time runs out.
        return TableLook(tuple(lines), alt, picture.kept_move, before.ends, to_move)
    return TableLook(tuple(lines), alt, picture.kept_move)


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
    of buttons is the costly part). Never changed once made. With `words`, the same page in their
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
    sections = None
    if page.sections is not None:
        theirs = presenter(game).menu_sections(page.title, page.entries, words) or page.sections
        sections = [(placeholder, [said.get(e.choice, e) for e in menu]) for placeholder, menu in theirs]
    return replace(
        page,
        title=title,
        entries=[said[entry.choice] for entry in page.entries],
        nav=[Entry(words.text(entry.label), entry.choice) for entry in page.nav],
        sections=sections,
        placeholder=words.text(page.placeholder),
    )


def _plan_choices_page(position: Position, seat: int, choice: str) -> Page:
    labels, steps = position.labels_and_steps(seat)
    groups = position.memo(("groups", seat), lambda: group_by_first_step(steps))
    shows = presenter(position.record.game)
    view = position.view(seat)
    most = None if view is None else shows.most_choices(view, seat)
    page = plan_page(labels, steps, choice, shows.flat_limit, groups, most)
    page.grid = shows.button_grid(page.entries) if page.entries else None
    if not page.as_buttons:
        sections = shows.menu_sections(page.title, page.entries)
        if sections is not None and fits_menus(sections):
            page.sections = sections
    return page


def offers(position: Position, seat: int, choice: str, menu: int | None = None) -> bool:
    """Whether `seat`'s choices at `position` offer `choice` on one of their pages, as a button
    (`menu` None) or in menu number `menu`: a table or hand accepts nothing else (issue 27 item 5)."""
    # The pages are opened one by one, from the first, only until one offers it: a click is
    # almost always on the first page or one it opens (issue 31: planning every page with its
    # grid of buttons was about 15% of a click).
    return offered_on(reachable_pages(lambda c: choices_page(position, seat, c)), choice, menu)


def headline(position: Position, look: TableLook, *, with_picture: bool, says_result: bool = False) -> str:
    """The table's first lines: the game, then whose turn and the round in the game's words, the
    clock, a pause; with no picture, the complete text board instead of the short summary.
    `says_result`: a finished game's result is said here (a replay, which has no final message
    below it); on the table it is left to the final message."""
    record = position.record
    names, words = position.names, position.words
    shows = presenter(record.game)
    view = position.view(None)
    lines = [f"## {position.game.title}"]
    if record.status == "cancelled":
        lines.append(ended_line(record, words))
        return "\n".join(lines)
    #: A finished table leaves the result to the final message below it (issue 27 item 9).
    left_below = record.status == "finished" and not says_result
    game_says_over = False
    if view is not None:
        if with_picture:
            # The game's own headline (at the end, how it ended) or the picture's summary, which
            # at the end only repeats the result the final message gives.
            # (Each is written once per version and language: a table is redrawn for every
            # picker step, and its words are the same until the game moves.)
            language = words.language
            line = position.memo(("headline", language), lambda: shows.board_headline_for(view, names, words))
            game_says_over = left_below and line is not None
            if line is None and not left_below:
                line = position.memo(
                    ("summary", language), lambda: board_summary(record.game, view, names, words)
                )
            if line is not None:
                lines.append(line)
        else:
            lines.append(
                position.memo(
                    ("board text", words.language), lambda: shows.board_text_for(view, names, words)
                )
            )
        to_move = position.to_move() if record.status == "active" else []
        if to_move and not shows.says_whose_turn:
            lines.append(words.text("Now: {players}", players=", ".join(f"**{names[s]}**" for s in to_move)))
    window = [s for s in position.to_move() if position.in_window(s)]
    if record.status == "active" and record.paused_at is not None:
        lines.append(
            words.text("⏸ **Paused** — the clock is stopped; {resume} starts it again.", resume="`/resume`")
        )
    elif window:
        # Not a turn (issue 27 item 4): whom the window asks and when it closes, never a ping.
        asked = ", ".join(names[s] for s in window)
        if look.ends is not None:
            when = f"<t:{int(look.ends)}:R>"
            lines.append(words.text("Reply window: {players} · closes {when}", players=asked, when=when))
        else:
            lines.append(words.text("Reply window: {players}", players=asked))
    elif record.status == "active" and look.ends is not None:
        who = and_list([names[s] for s in look.clocked if 0 <= s < len(names)], words)
        when = f"<t:{int(look.ends)}:R>"
        if who:
            lines.append(words.text("⏰ {players}'s time runs out {when}.", players=who, when=when))
        else:
            lines.append(words.text("⏰ Time runs out {when}.", when=when))
    if record.status == "finished":
        result = position.result()
        if record.end_reason not in (None, "completed"):
            lines.append(ended_line(record, words))
        if result is not None and says_result:
            lines.append(words.text("🏁 **Game over.** {result}", result=summary_text(words, result, names)))
        elif result is not None and game_says_over:
            # The end is said once, with the ranking, in the final message (issue 27 item 9);
            # the game's headline above already says that and how it ended.
            lines.append(words.text("🏁 The ranking is in the message below."))
        elif result is not None:
            lines.append(words.text("🏁 **Game over** — the ranking is in the message below."))
    return "\n".join(lines)


def ended_line(record: GameRecord, words: Words) -> str:
    """Why a game ended early, on its table."""
    reason = end_words(record.end_reason or "cancelled", words, record.game)
    return words.text("**Ended:** {reason}.", reason=reason)


def and_list(items: list[str], words: Words) -> str:
    """ "Alice", "Alice and Bob", "Alice, Bob and Carol" in `words`' language."""
    if len(items) <= 1:
        return "".join(items)
    return words.text("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def recent(lines: tuple[str, ...] | list[str], words: Words) -> str:
    return words.text("**Recent**") + "\n" + "\n".join(f"• {line}" for line in lines[-TABLE_LOG_LINES:])


def table_lines(position: Position, lines: tuple[str, ...]) -> tuple[str, ...]:
    """The log lines a table shows: at the end, without the line saying the result, which the
    final message says with the ranking (issue 27 item 9)."""
    result = position.result() if position.record.status == "finished" else None
    if result is None:
        return lines
    said = summary_text(position.words, result, position.names)
    return tuple(line for line in lines if line != said)


def deal_footer(record: GameRecord, words: Words) -> str:
    """The fair deal on the table's footer: the seal, briefly, on the first table only; the seed
    at the end only where no final message says it (a game ended before it finished, a daily
    garden, whose final message shows no seed). Issue 27 items 9 and 10."""
    if record.status == "active":
        return f"\n-# {sealed_line(record.id, record.seed, words)}" if record.version == 0 else ""
    if record.status == "finished" and record.daily is None:
        return ""  # the final message says the seed
    return f"\n-# {revealed_line(record.id, record.seed, words)}"


def within_limit(
    draw: Callable[[Page | None], list[dict[str, Any]]], page: Page | None
) -> discord.ui.LayoutView:
    """The message of the components `draw` makes with `page`, its grid of buttons traded for the
    page's menus when the grid would take the message past Discord's 40 components (issue 27 item 15)."""
    drawn = draw(page)
    if page is not None and page.grid is not None and count_components(drawn) > COMPONENTS_MAX:
        drawn = draw(replace(page, grid=None))
    return layout(drawn)


def table_layout(position: Position, look: TableLook, *, choice: str = "p0") -> discord.ui.LayoutView:
    """The table message at `position` as `look` says it is shown; `choice`: the picker page the
    seat to move has open on the table (public-view games)."""
    seat = table_seat(position)
    words = position.words
    page = choices_page(position, seat, choice, words) if seat is not None and not look.hidden else None
    return within_limit(lambda shown: _table_layout(position, look, seat, shown), page)


def _table_layout(
    position: Position, look: TableLook, seat: int | None, page: Page | None
) -> list[dict[str, Any]]:
    record, words = position.record, position.words
    if look.hidden:
        # A daily garden whose day runs: its seed (everyone's deal today) stays sealed.
        seal = f"\n-# {sealed_line(record.id, record.seed, words)}" if record.version == 0 else ""
        footer = "-# " + words.text("Game #{game} · move {move}", game=record.id, move=record.version) + seal
        quiet: list[dict[str, Any]] = [text(daily.hidden_headline(position))]
        if record.status == "active":
            quiet += [separator(), hand_row(record.id, words)]
        return [container(quiet, GREEN if record.status == "active" else GREY), text(footer)]
    with_picture = look.picture_alt is not None
    parts = [headline(position, look, with_picture=with_picture)]
    shown_lines = table_lines(position, look.lines)
    if shown_lines:
        parts.append(recent(shown_lines, words))
    if page is not None and page.title:
        parts.append(words.text("**Choosing:** {choice}", choice=page.title))
    picture_note = ""
    if look.picture_move is not None and look.picture_move != record.version:
        picture_note = words.text(" · picture shows move {move} (updating)", move=look.picture_move)
    footer = (
        "-# "
        + words.text("Game #{game} · move {move}", game=record.id, move=record.version)
        + picture_note
        + deal_footer(record, words)
    )
    parts.append(footer)
    fitted = fit_texts(parts, stretch=0)
    inside: list[dict[str, Any]] = [text(fitted[0])]
    if with_picture:
        inside.append(gallery("board.png", look.picture_alt or ""))
    inside += [text(part) for part in fitted[1:-1]]
    rows: list[dict[str, Any]] = []
    if page is not None and seat is not None:
        rows += choice_rows(record.id, seat, record.version, page)
    if record.status == "active":
        rows.append(hand_row(record.id, words, as_text=with_picture))
    if rows:
        inside.append(separator())
        inside += rows
    colour = GREEN if record.status == "active" else GREY
    return [container(inside, colour), text(fitted[-1])]


def hand_status(position: Position, seat: int, words: Words, closes: float | None = None) -> str:
    """Where the game stands for the hand's seat. A game whose own words say whose turn it is
    (`says_whose_turn`: its hand text does) is not told again (issue 17, each fact said once).
    A reply window is not a turn: the seat is asked to answer before it `closes`, or, holding
    nothing to play in it, told its pass is made then (issue 27 item 4)."""
    said = presenter(position.record.game).says_whose_turn
    if position.record.status != "active":
        # A game played to its end says so in its own words (once); one ended early does not.
        return "" if said and position.is_terminal() else words.text("This game is over.")
    to_move = position.to_move()
    when = f" (<t:{int(closes)}:R>)" if closes is not None else ""
    if position.only_pass(seat):
        return words.text(
            "**Reply window:** nothing in your hand to play in it; you pass when the window closes{when}.",
            when=when,
        )
    if position.in_window(seat):
        return words.text("**Reply window:** answer below before it closes{when}.", when=when)
    if seat in to_move:
        return words.text("Choose below.") if said else words.text("**Your decision.** Choose below.")
    names = position.names
    now = ", ".join(f"**{names[s]}**" for s in to_move)
    if not now:
        return words.text("Game over.")
    if position.may_act_unasked(seat):
        later = words.text(
            "You may play one of the choices below now, unasked, or let play go on. "
            "I'll mention you when it's your turn."
        )
    else:
        later = words.text("I'll mention you when it's your turn.")
    return later if said else words.text("Now: {players} — {later}", players=now, later=later)


def hand_layout(
    position: Position,
    seat: int,
    lines: list[str],
    *,
    note: str | None,
    picture_alt: str | None,
    page: Page | None,
    words: Words,
    closes: float | None = None,
) -> discord.ui.LayoutView:
    """Seat `seat`'s private hand: its own view in the game's words, its picture (`picture_alt`
    given: the message carries hand.png), where the game stands for it, and its choices (`page`;
    None: nothing to decide, a Refresh button), in its reader's `words`; `closes`: when the reply
    window it is in closes."""

    def draw(page: Page | None) -> list[dict[str, Any]]:
        record = position.record
        shows = presenter(record.game)
        names = position.names

        def hand_text() -> str:
            view = position.view(seat)
            return shows.hand_text_for(view, seat, names, words) if view is not None else ""

        top = "## " + words.text("Your hand — {game}", game=position.game.title)
        if note:
            top += f"\n> {note}"
        shown = position.memo(("hand", seat, words.language), hand_text)
        parts = [top, shown, hand_status(position, seat, words, closes)]
        if page is not None and page.title:
            parts.append(words.text("**Choosing:** {choice}", choice=page.title))
        if lines:
            parts.append(recent(lines, words))
        parts.append(
            "-# "
            + words.text(
                "Only you can see this · game #{game} · move {move}", game=record.id, move=record.version
            )
        )
        fitted = fit_texts(parts, stretch=1)
        inside: list[dict[str, Any]] = [text(fitted[0])]
        if picture_alt is not None:
            inside.append(gallery("hand.png", picture_alt))
        inside += [text(part) for part in fitted[1:-1] if part]
        if page is not None:
            inside += [separator(), *choice_rows(record.id, seat, record.version, page)]
        elif record.status == "active":
            inside += [separator(), hand_row(record.id, words, refresh=True)]
        return [container(inside, GREEN if record.status == "active" else GREY), text(fitted[-1])]

    return within_limit(draw, page)
