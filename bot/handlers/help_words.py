"""`/help` in the asker's language (issue 32): the commands, and each game offered with one line.

Command names and button labels are placeholders filled from the catalogs, so the help names each
command as Discord shows it to that person (`/jouer` in French) and can never drift from the tree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.basics.words import N_, Words
from bot.game.registry import GameEntry

#: What each game is about, in one line of `/help` ({command}: how to open it).
GAME_LINES = {
    "cabbagehead": N_(
        "plant a prize-winning vegetable garden while the Tedious Neighbours snoop around; with the "
        "New Neighbours, Grasshoppers and Romancing Eudora. {command}"
    ),
    "sabotage": N_(
        "plant to complete your garden objectives and sabotage the others with Bad Bugs; with the "
        "Bird variant. {command}"
    ),
    "garden_party": N_(
        "grow nine flowers in your greenhouse, snoop in the others' and duel Attila Von Salt. {command}"
    ),
    "secret_number": N_("a tiny guessing game for testing the bot. {command}"),
    "objection": N_("a tiny game for testing answers out of turn. {command}"),
}

#: The help's paragraphs; `{play}`, `{hand}`… are the commands' names, `{join}`… the buttons'.
HELP_OPENING = N_("**Garden Club** hosts garden card games right here in the channel:")
HELP_COMMANDS = (
    N_(
        "`/{play} <{game}>` — open a lobby (with the game's options); others press **{join}**, the host "
        "presses **{start}**. A solo game starts at once."
    ),
    N_("**{my_hand}** on the board, or `/{hand}` — your own cards and moves, visible only to you."),
    N_("`/{board}` — post a fresh copy of the board."),
    N_("`/{rules} <{game}>` — how to play here, then the rules, page by page."),
    N_(
        "`/{leave}` — leave the game in this channel (`{computer}:` lets a computer player take your "
        "seat). `/{end}` — end it (host, or Manage Channels)."
    ),
    N_(
        "`/{pause}`, `/{resume}` — pause the game's clock (every player agrees) and start it again. "
        "`/{notify}` — reminders by direct message too. `/{settings}` — this server's defaults "
        "(Manage Server)."
    ),
    N_(
        "`/{stats}` — a player's games on this server; `/{leaderboard} <{game}>` — its best players "
        "(ratings), or with `{solo}:` the best solo gardens."
    ),
    N_("`/{play} {cabbagehead} {daily}:True` — today's daily garden, the same deal for everyone here."),
    N_(
        "`/{history} {list}` — this server's finished games, each with **{replay}**; "
        "`/{history} {export}` — one as a file."
    ),
    N_("`/{help}` — this message."),
)
HELP_CLOSING = N_(
    "One game per channel; open a thread (the `{thread}` option of `/{play}`) to play several at once. "
    "Every move is a click; nothing is lost if the bot restarts."
)
#: The command, option and button names the paragraphs name, by placeholder.
NAMES = {
    "play": "play",
    "game": "game",
    "hand": "hand",
    "board": "board",
    "rules": "rules",
    "leave": "leave",
    "computer": "computer",
    "end": "end",
    "pause": "pause",
    "resume": "resume",
    "notify": "notify",
    "settings": "settings",
    "stats": "stats",
    "leaderboard": "leaderboard",
    "solo": "solo",
    "cabbagehead": "cabbagehead",
    "daily": "daily",
    "history": "history",
    "list": "list",
    "export": "export",
    "help": "help",
    "thread": "thread",
    "join": N_("Join"),
    "start": N_("Start"),
    "my_hand": N_("My hand / My turn"),
    "replay": N_("Replay"),
}


def players_line(words: Words, low: int, high: int) -> str:
    """ "1–2 players", "3 players": how many play a game."""
    if low == high:
        return words.plural("{n} player", "{n} players", low)
    return words.text("{low}–{high} players", low=words.number(low), high=words.number(high))


def help_text(games: Iterable[GameEntry], words: Words, commands_of: Mapping[str, str]) -> str:
    """`/help` in `words`' language: the commands, and each game offered with one line
    (`commands_of`: each game's `/play` subcommand, by game name)."""
    names = {key: words.text(name) for key, name in NAMES.items()}
    lines = []
    for entry in games:
        game = entry.game
        players = players_line(words, game.min_seats, game.max_seats)
        about = GAME_LINES.get(entry.name)
        command = f"`/{names['play']} {words.text(commands_of[entry.name])}`"
        line = f"• **{game.title}** — {players}"
        if about is not None:
            line += words.text(": {about}", about=words.text(about, command=command))
        lines.append(line)
    paragraphs = [words.text(paragraph, **names) for paragraph in HELP_COMMANDS]
    return "\n".join(
        [words.text(HELP_OPENING), *lines, "", *paragraphs, "", words.text(HELP_CLOSING, **names)]
    )
