"""The living table's texts: the headline (the game, whose turn, the clock, a pause, the end),
the recent log lines and the fair deal's footer. Split from table_layout.py (issue 30)."""

from __future__ import annotations

from bot.basics.words import Words
from bot.game.position import Position
from bot.game.registry import presenter
from bot.picture_service.drawing import board_summary
from bot.presenters.engine_words import summary_text
from bot.publish.table_look import TableLook
from bot.records.end_reasons import end_words
from bot.records.fair_deal import revealed_line, sealed_line
from bot.storage.records import GameRecord

#: How many log lines the table and a hand show.
TABLE_LOG_LINES = 3


def ended_line(record: GameRecord, words: Words) -> str:
    """Why a game ended early, on its table, in `words` (records/end_reasons.py)."""
    reason = end_words(record.end_reason or "cancelled", words, record.game)
    return words.text("**Ended:** {reason}.", reason=reason)


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
        elif result is not None and look.result_to_come:
            # The final picture waits for the picture budget, and the result is posted with it
            # (docs/bot.md, "Pictures and the CPU"): nothing is below the table yet.
            if game_says_over:
                to_come = words.text("🏁 The final picture and the ranking follow shortly.")
            else:
                to_come = words.text("🏁 **Game over** — the final picture and the ranking follow shortly.")
            lines.append(to_come)
        elif result is not None and game_says_over:
            # The end is said once, with the ranking, in the final message (issue 27 item 9);
            # the game's headline above already says that and how it ended.
            lines.append(words.text("🏁 The ranking is in the message below."))
        elif result is not None:
            lines.append(words.text("🏁 **Game over** — the ranking is in the message below."))
    return "\n".join(lines)


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
