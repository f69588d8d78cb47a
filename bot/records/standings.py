"""The texts of `/stats` and `/leaderboard`: pure, from what the store read, in the reader's words.

Kept apart from the handler so each wording is tested on plain data; the embeds stay within
Discord's limits (a page of the leaderboard is at most `PAGE_SIZE` lines). Every text comes from
the catalogs (`Words`, issue 32); an option set's words and a ribbon's name are the presenter's
and the engine's, passed on as they come.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from decimal import Decimal

import discord
from babel.numbers import format_decimal

from bot.basics.ratings import Rating, shown
from bot.basics.words import ENGLISH, LANGUAGES, Words
from bot.game.registry import presenter
from bot.storage.standings import GameTally, GardenRow, RatingRow, RecentGame
from bot.ui.choices import clip
from bot.ui.layout import DESCRIPTION_MAX, GREEN
from engine.registry import get_game

#: Lines per leaderboard page.
PAGE_SIZE = 10
#: The length of an option set's key in a custom id (hex of its SHA-256).
SET_KEY_LENGTH = 10


def set_key(option_set: str) -> str:
    """A short, stable key for an option set (the best gardens' filter carries it in its ids)."""
    return hashlib.sha256(option_set.encode()).hexdigest()[:SET_KEY_LENGTH]


def option_set_words(game: str, option_set: str, words: Words) -> str:
    """An option set as the lobby words it ("Neighbours: original · grasshoppers")."""
    try:
        options = json.loads(option_set)
    except ValueError:
        return words.text("unknown options")
    if not isinstance(options, dict):
        return words.text("unknown options")
    return presenter(game).options_text_for(options, words) or words.text("standard rules")


def ordinal(place: int, words: Words) -> str:
    """1st, 2nd, 3rd, 4th… (in French 1er, 2e, 3e…)."""
    if place == 1:
        return words.text("1st")
    shown_place = words.number(place)
    if 10 <= place % 100 <= 20 or place % 10 not in (1, 2, 3):
        return words.text("{place}th", place=shown_place)
    if place % 10 == 1:
        return words.text("{place}st", place=shown_place)
    if place % 10 == 2:
        return words.text("{place}nd", place=shown_place)
    return words.text("{place}rd", place=shown_place)


def tenths(value: float, words: Words) -> str:
    """`value` with one decimal, rounded as Python rounds (52.25 is 52.2), written the language's
    way (52,2 in French); the pseudo-locale writes English."""
    locale = words.language if words.language in LANGUAGES else ENGLISH
    return format_decimal(Decimal(f"{value:.1f}"), format="0.0", locale=locale)


def points(n: int, words: Words) -> str:
    """ "61 points", "1 point"."""
    return words.plural("{n} point", "{n} points", n)


def title_of(game: str, solo: bool, words: Words) -> str:
    found = get_game(game).title
    return words.text("{title} (solo)", title=found) if solo else found


def tally_line(tally: GameTally, rating: tuple[Rating, int] | None, words: Words) -> str:
    """One game's record: games, wins and win rate, average and best points (solo: gardens,
    best garden, ribbons), and the rating where there is one."""
    average = tenths(tally.average, words) if tally.average is not None else "—"
    best = words.number(tally.best) if tally.best is not None else "—"
    title = title_of(tally.game, tally.solo, words)
    if tally.solo:
        # "best garden 1 point": the best garden's points said with their own plural.
        record = words.plural(
            "{n} garden, best garden {best}, average {average}, ribbons earned {ribbons}",
            "{n} gardens, best garden {best}, average {average}, ribbons earned {ribbons}",
            tally.played,
            best=points(tally.best, words) if tally.best is not None else "—",
            average=average,
            ribbons=words.number(tally.ribbons),
        )
        return words.text("**{title}**: {record}", title=title, record=record)
    rate = round(100 * tally.wins / tally.played) if tally.played else 0
    record = words.plural(
        "{n} game, {wins} won ({rate}%), average {average} points, best {best}",
        "{n} games, {wins} won ({rate}%), average {average} points, best {best}",
        tally.played,
        wins=words.number(tally.wins),
        rate=words.number(rate),
        average=average,
        best=best,
    )
    if rating is not None:
        # A rating is written as one figure (1000, not 1,000): it reads as a score, not an amount.
        rated = words.plural("{n} rated", "{n} rated", rating[1])
        record = words.text(
            "{record}; rating {rating} ({rated})", record=record, rating=shown(rating[0]), rated=rated
        )
    return words.text("**{title}**: {record}", title=title, record=record)


def recent_line(game: RecentGame, words: Words) -> str:
    """One recent game: when, which, and how it went."""
    # Joined with punctuation, not a catalog text: a ribbon's name is the engine's, shown as it comes.
    scored = points(game.points, words) if game.points is not None else words.text("no score")
    if game.solo:
        how = scored + (f", {game.award}" if game.award else "")
    elif game.won:
        how = words.text("🏆 won, {points}", points=scored)
    else:
        how = f"{ordinal(game.place, words)}, {scored}" if game.place else scored
    return f"<t:{int(game.finished_at)}:d> {title_of(game.game, game.solo, words)} — {how}"


def stats_embed(
    user_id: int,
    game: str | None,
    tallies: Sequence[GameTally],
    ratings: dict[str, tuple[Rating, int]],
    recent: Sequence[RecentGame],
    words: Words,
) -> discord.Embed:
    """`/stats`: a person's record on this server (in one game, or all)."""
    who = f"<@{user_id}>"
    if game:
        opening = words.text("{user}'s games on this server in {game}:", user=who, game=get_game(game).title)
    else:
        opening = words.text("{user}'s games on this server:", user=who)
    lines = [opening, ""]
    if not tallies:
        lines.append(words.text("No finished games yet."))
    for tally in tallies:
        lines.append(tally_line(tally, None if tally.solo else ratings.get(tally.game), words))
    if recent:
        lines += ["", words.plural("**Recent form** (last {n}):", "**Recent form** (last {n}):", len(recent))]
        lines += [recent_line(game, words) for game in recent]
    embed = discord.Embed(title=words.text("Garden Club stats"), colour=GREEN)
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    return embed


def places(ratings: Sequence[int]) -> list[int]:
    """The places of ratings sorted best first: equal ratings share a place, and the next one
    after them skips the places they took (1, 1, 3: issue 27 item 10)."""
    out: list[int] = []
    for index, rating in enumerate(ratings):
        out.append(out[-1] if index and rating == ratings[index - 1] else index + 1)
    return out


def page_footer(page: int, total: int, words: Words) -> str:
    return words.text("Page {page} of {pages}", page=words.number(page + 1), pages=words.number(pages(total)))


def ratings_page(game: str, rows: Sequence[RatingRow], page: int, total: int, words: Words) -> discord.Embed:
    """A page of the server's ratings in a multiplayer game, best first: one number a player
    (the shown rating), with equal ratings sharing a place. `rows`: every row from the first
    page's first to this page's last, so that a tie across a page's edge is shown as one."""
    title = get_game(game).title
    embed = discord.Embed(title=words.text("Leaderboard — {title}", title=title), colour=GREEN)
    if not rows:
        embed.description = words.text(
            "Nobody has a rating here yet: ratings come from finished games between people."
        )
        return embed
    numbers = [shown(Rating(row.mu, row.sigma)) for row in rows]
    lines = []
    start = page * PAGE_SIZE
    for place, row, number in list(zip(places(numbers), rows, numbers, strict=True))[start:]:
        games = words.plural("{n} game", "{n} games", row.games)
        lines.append(f"{words.number(place)}. **{row.name}** — {number} · {games}")
    lines += [
        "",
        words.text(
            "A newcomer starts at 1000; winning raises the rating, the more against strong players. "
            "Equal ratings share a place."
        ),
    ]
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    embed.set_footer(text=page_footer(page, total, words))
    return embed


def gardens_page(
    game: str,
    option_set: str,
    rows: Sequence[GardenRow],
    names: dict[tuple[int, int], str],
    page: int,
    total: int,
    words: Words,
) -> discord.Embed:
    """A page of the best solo gardens under one option set."""
    title = get_game(game).title
    embed = discord.Embed(title=words.text("Best gardens — {title}", title=title), colour=GREEN)
    # The option set in the presenter's words, after the catalog's "Options:".
    options = words.text("Options:")
    lines = [f"{options} {option_set_words(game, option_set, words)}", ""]
    if not rows:
        lines.append(words.text("No solo games with these options yet."))
    for number, row in enumerate(rows, start=page * PAGE_SIZE + 1):
        name = names.get((row.game_id, row.user_id), f"<@{row.user_id}>")
        award = f", {row.award}" if row.award else ""  # the engine's ribbon, as it comes
        when = f"<t:{int(row.finished_at)}:d>"
        lines.append(f"{words.number(number)}. **{name}** — {points(row.points, words)}{award} ({when})")
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    if rows:
        embed.set_footer(text=page_footer(page, total, words))
    return embed


def pages(total: int) -> int:
    """How many pages `total` lines take (at least one)."""
    return max(1, -(-total // PAGE_SIZE))
