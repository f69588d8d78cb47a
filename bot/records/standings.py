"""The texts of `/stats` and `/leaderboard`: pure, from what the store read.

Kept apart from the handler so each wording is tested on plain data; the embeds stay within
Discord's limits (a page of the leaderboard is at most `PAGE_SIZE` lines).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

import discord

from bot.basics.ratings import Rating, shown
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


def option_set_words(game: str, option_set: str) -> str:
    """An option set as the lobby words it ("Neighbours: original · grasshoppers")."""
    try:
        options = json.loads(option_set)
    except ValueError:
        return "unknown options"
    if not isinstance(options, dict):
        return "unknown options"
    return presenter(game).options_text(options) or "standard rules"


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th…"""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def title_of(game: str, solo: bool) -> str:
    found = get_game(game).title
    return f"{found} (solo)" if solo else found


def tally_line(tally: GameTally, rating: tuple[Rating, int] | None) -> str:
    """One game's record: games, wins and win rate, average and best points (solo: gardens,
    best garden, ribbons), and the rating where there is one."""
    average = f"{tally.average:.1f}" if tally.average is not None else "—"
    best = tally.best if tally.best is not None else "—"
    head = f"**{title_of(tally.game, tally.solo)}**: "
    if tally.solo:
        gardens = "garden" if tally.played == 1 else "gardens"
        return head + (
            f"{tally.played} {gardens}, best garden {best} points, average {average}, "
            f"ribbons earned {tally.ribbons}"
        )
    rate = round(100 * tally.wins / tally.played) if tally.played else 0
    games = "game" if tally.played == 1 else "games"
    line = f"{tally.played} {games}, {tally.wins} won ({rate}%), average {average} points, best {best}"
    if rating is not None:
        line += f"; rating {shown(rating[0])} ({rating[1]} rated)"
    return head + line


def recent_line(game: RecentGame) -> str:
    """One recent game: when, which, and how it went."""
    points = f"{game.points} points" if game.points is not None else "no score"
    if game.solo:
        how = points + (f", {game.award}" if game.award else "")
    elif game.won:
        how = f"🏆 won, {points}"
    else:
        how = f"{ordinal(game.place)}, {points}" if game.place else points
    return f"<t:{int(game.finished_at)}:d> {title_of(game.game, game.solo)} — {how}"


def stats_embed(
    user_id: int,
    game: str | None,
    tallies: Sequence[GameTally],
    ratings: dict[str, tuple[Rating, int]],
    recent: Sequence[RecentGame],
) -> discord.Embed:
    """`/stats`: a person's record on this server (in one game, or all)."""
    which = f" in {get_game(game).title}" if game else ""
    lines = [f"<@{user_id}>'s games on this server{which}:", ""]
    if not tallies:
        lines.append("No finished games yet.")
    for tally in tallies:
        lines.append(tally_line(tally, None if tally.solo else ratings.get(tally.game)))
    if recent:
        lines += ["", f"**Recent form** (last {len(recent)}):"]
        lines += [recent_line(game) for game in recent]
    embed = discord.Embed(title="Garden Club stats", colour=GREEN)
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    return embed


def places(ratings: Sequence[int]) -> list[int]:
    """The places of ratings sorted best first: equal ratings share a place, and the next one
    after them skips the places they took (1, 1, 3: issue 27 item 10)."""
    out: list[int] = []
    for index, rating in enumerate(ratings):
        out.append(out[-1] if index and rating == ratings[index - 1] else index + 1)
    return out


def ratings_page(game: str, rows: Sequence[RatingRow], page: int, total: int) -> discord.Embed:
    """A page of the server's ratings in a multiplayer game, best first: one number a player
    (the shown rating), with equal ratings sharing a place. `rows`: every row from the first
    page's first to this page's last, so that a tie across a page's edge is shown as one."""
    title = get_game(game).title
    embed = discord.Embed(title=f"Leaderboard — {title}", colour=GREEN)
    if not rows:
        embed.description = "Nobody has a rating here yet: ratings come from finished games between people."
        return embed
    numbers = [shown(Rating(row.mu, row.sigma)) for row in rows]
    lines = []
    start = page * PAGE_SIZE
    for place, row, number in list(zip(places(numbers), rows, numbers, strict=True))[start:]:
        games = "game" if row.games == 1 else "games"
        lines.append(f"{place}. **{row.name}** — {number} · {row.games} {games}")
    lines += [
        "",
        "A newcomer starts at 1000; winning raises the rating, the more against strong players. "
        "Equal ratings share a place.",
    ]
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    embed.set_footer(text=f"Page {page + 1} of {pages(total)}")
    return embed


def gardens_page(
    game: str,
    option_set: str,
    rows: Sequence[GardenRow],
    names: dict[tuple[int, int], str],
    page: int,
    total: int,
) -> discord.Embed:
    """A page of the best solo gardens under one option set."""
    title = get_game(game).title
    embed = discord.Embed(title=f"Best gardens — {title}", colour=GREEN)
    lines = [f"Options: {option_set_words(game, option_set)}", ""]
    if not rows:
        lines.append("No solo games with these options yet.")
    for number, row in enumerate(rows, start=page * PAGE_SIZE + 1):
        name = names.get((row.game_id, row.user_id), f"<@{row.user_id}>")
        award = f", {row.award}" if row.award else ""
        lines.append(f"{number}. **{name}** — {row.points} points{award} (<t:{int(row.finished_at)}:d>)")
    embed.description = clip("\n".join(lines), DESCRIPTION_MAX)
    if rows:
        embed.set_footer(text=f"Page {page + 1} of {pages(total)}")
    return embed


def pages(total: int) -> int:
    """How many pages `total` lines take (at least one)."""
    return max(1, -(-total // PAGE_SIZE))
