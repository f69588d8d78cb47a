"""Issue 32: `/stats`, `/leaderboard` and `/history` (the list, a replay's viewer with its buttons
and menu, the export) are said in the reader's own language. A French player reads French, a
player in the pseudo-locale reads every text marked ⟦…⟧; what stays as it is: player names,
numbers, dates (Discord timestamps, which Discord writes in the reader's language), game titles,
and the texts that come from the engines and presenters (a move's log lines, the table's headline,
a hand, the words of an option set, a ribbon's name), which are moved to the catalogs elsewhere.
A stats card shared in the channel is for everyone: it is in the server's language.

The games are played first and the readers' languages set after: what is tested is what each
reads, and Discord sends the reader's language with every click."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import aiosqlite
from babel.messages.pofile import read_po

from bot.basics.ratings import Rating
from bot.basics.words import PSEUDO, TEMPLATE, words_for
from bot.handlers.history_commands import BACK_TO_LIST
from bot.handlers.stats_commands import NO_SOLO
from bot.records.end_reasons import end_words
from bot.records.replays import rebuild
from bot.records.standings import option_set_words, ordinal, tally_line
from bot.storage.standings import GameTally
from engine.garden_party.game import RETIRED
from engine.registry import all_games
from tests.e2e.table_driver import click, host_click, is_action, offered, open_hand, open_lobby, pick
from tests.e2e.test_cabbagehead_table import play_to_the_end
from tests.e2e.test_daily_garden import play_to_the_end as play_daily
from tests.e2e.test_daily_garden import start_daily
from tests.e2e.test_game_ends import finished_two_player_game
from tests.e2e.test_replay_viewer import solo_game
from tests.fake_discord import BotRunner, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.model import walk_components

FRENCH = "fr"
#: The modules whose texts this test reads (their catalog entries).
OWN = ("bot/handlers/stats_commands.py", "bot/handlers/history_commands.py", "bot/records/standings.py")
OWN_LABELS = ("bot/ui/items.py",)
TEXT_DISPLAY, MEDIA_GALLERY = 10, 12
LETTERS = re.compile(r"[^\W\d_]+")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
#: What is the same in every language: mentions, Discord timestamps, made-up rated players.
#: The replay viewer's ⏮ First (a step button's id ends with its tag).
VIEWER_STEP = re.compile(r"gc:replay:\d+:\d+:[bh]:f")
UNIVERSAL = re.compile(r"<@!?\d+>|<t:\d+:[a-zA-Z]>|\bPlayer\d+\b|\bGarden Club\b")


def pieces(message: FakeMessage) -> Iterator[str]:
    """Each line a reader reads on `message`, but for the engine's and presenters' texts: the
    replay's table (its third text display) and picture, its log lines ("• …"), and the jump
    menu's moves past the start (each the move's first log line)."""
    snap = message.snapshot()
    texts = [str(snap["content"] or "")]
    for embed in snap["embeds"] or []:
        texts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        texts.append(str((embed.get("footer") or {}).get("text", "")))
        for field in embed.get("fields") or []:
            texts += [str(field.get("name", "")), str(field.get("value", ""))]
    replay = any(VIEWER_STEP.fullmatch(str(c.get("custom_id", ""))) for c in message.buttons())
    displays = 0
    for item in walk_components(snap["components"] or []):
        if item.get("type") == TEXT_DISPLAY:
            displays += 1
            if not (replay and displays == 3):  # the table then: its headline, or a hand
                texts.append(str(item["content"]))
        for key in ("label", "placeholder"):
            if isinstance(item.get(key), str):
                texts.append(item[key])
        for option in item.get("options") or []:
            if option["value"] == "0" or not replay:
                texts.append(str(option["label"]))
    for text in texts:
        for line in text.splitlines():
            if line.strip() and not line.startswith("• "):
                yield line


def unmarked(line: str, allowed: Iterable[str]) -> str:
    """What is left of `line` once every ⟦…⟧ (innermost first), every allowed text, every
    mention and timestamp is taken out."""
    while (shorter := MARKED.sub("", line)) != line:
        line = shorter
    for text in sorted(allowed, key=len, reverse=True):
        line = line.replace(text, " ")
    return UNIVERSAL.sub(" ", line)


def english_only_words() -> set[str]:
    """The words of these commands' English texts that their French never uses ("game",
    "won", "Replay"…): none may show to a French reader."""
    with TEMPLATE.open("rb") as pot:
        template = read_po(pot)
    french = words_for(FRENCH)
    english: set[str] = set()
    translated: set[str] = set()
    for message in template:
        if not message.id or not any(where in OWN + OWN_LABELS for where, _ in message.locations):
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        for msgid in ids:
            english |= set(LETTERS.findall(re.sub(r"\{[^{}]*\}", " ", msgid)))
        for n in (1, 2):
            said = french.translations.ngettext(ids[0], ids[-1], n) if len(ids) > 1 else french.text(ids[0])
            translated |= set(LETTERS.findall(re.sub(r"\{[^{}]*\}", " ", said)))
    return english - translated


class Reader:
    """A player reading in one language, and the check that every line they read is in it."""

    def __init__(self, fake: FakeDiscord, user: FakeUser, language: str, allowed: set[str]) -> None:
        self.fake, self.user, self.language = fake, user, language
        self.words = words_for(language)
        self.allowed = allowed
        self.english = english_only_words()
        self.read: list[str] = []

    def label(self, msgid: str, **fields: object) -> str:
        return self.words.text(msgid, **fields)

    def check(self, message: FakeMessage, engine: Iterable[str] = ()) -> str:
        """`message` as this reader reads it, checked line by line; its text."""
        assert message.ephemeral_to == self.user.id, "a private answer"
        allowed = self.allowed | set(engine)
        for line in pieces(message):
            self.read.append(line)
            left = unmarked(line, allowed)
            if self.language == PSEUDO:
                assert not LETTERS.search(left), f"text that skipped the catalogs: {line!r} ({left!r})"
            else:
                english = set(LETTERS.findall(left)) & self.english
                assert not english, f"English in {self.language}: {line!r} ({sorted(english)})"
        return message.text()

    async def ask(self, command: str, options: dict[str, Any] | None = None) -> FakeMessage:
        asked = await self.fake.slash(self.user, self.fake.general, command, options or {})
        await asked.wait_answered()
        return await self.fake.response_message(asked)

    async def press(self, message: FakeMessage, msgid: str, **fields: object) -> FakeMessage:
        await click(self.fake, self.user, message, self.label(msgid, **fields))
        return message


async def played_records(fake: FakeDiscord, runner: BotRunner) -> dict[str, Any]:
    """Alice and Bob's finished duel, Alice's solo garden played out (in #garden) and her solo
    garden ended after three moves; twelve more rated players so the ratings take two pages.
    What the readers may see as it is: the games' ids, the ribbon, the option set's words."""
    await finished_two_player_game(fake)
    garden = fake.add_text_channel(fake.guild, "garden")
    await open_lobby(fake, fake.alice, garden, "play cabbagehead", {})
    await play_to_the_end(fake, runner, garden, [fake.alice], seed=4)
    ended = await solo_game(fake, runner, 3, seed=2)
    store = runner.bot.store
    finished = {record.game: record.id for record in await store.games_by_status("finished")}
    solo = await store.result(finished["cabbagehead"])
    assert solo is not None
    async with aiosqlite.connect(runner.data_dir / "garden-club.sqlite3") as db:
        for n in range(12):
            await db.execute(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, ordinal, games, updated_at) "
                "VALUES (?, 'secret_number', ?, ?, ?, 3.0, ?, 5, 0)",
                (fake.general.guild_id, 1000 + n, f"Player{n}", 20.0 + n, 20.0 + n - 9.0),
            )
        await db.commit()
    sets = await store.option_sets(fake.general.guild_id, "cabbagehead")
    return {
        "duel": finished["secret_number"],
        "solo": finished["cabbagehead"],
        "ended": ended,
        "engine": {solo.seats[0].award or "—"}
        | {option_set_words("cabbagehead", s, words_for("en")) for s, _ in sets},
    }


async def read_everything(reader: Reader, games: dict[str, Any], fake: FakeDiscord) -> None:
    """Every answer of /stats, /leaderboard and /history, and the replay viewer's every control."""
    engine = games["engine"]
    alice = reader.check(await reader.ask("stats", {"user": fake.alice}), engine)
    assert reader.label("Garden Club stats") in alice and reader.label("Share in channel") in alice
    assert reader.label("{title} (solo)", title="Mr. Cabbagehead's Garden") in alice
    none = reader.check(await reader.ask("stats", {"game": "sabotage"}))
    assert reader.label("No finished games yet.") in none

    ratings = await reader.ask("leaderboard", {"game": "secret_number"})
    assert reader.label("Page {page} of {pages}", page=1, pages=2) in reader.check(ratings)
    await reader.press(ratings, "Next ▶")
    assert reader.label("Page {page} of {pages}", page=2, pages=2) in reader.check(ratings)
    assert [b["label"] for b in ratings.buttons()] == [reader.label("◀ Previous")]
    gardens = await reader.ask("leaderboard", {"game": "cabbagehead", "solo": True})
    assert reader.label("Best gardens — {title}", title="Mr. Cabbagehead's Garden") in reader.check(
        gardens, engine
    )
    nobody = await reader.ask("leaderboard", {"game": "cabbagehead"})
    assert reader.label("Leaderboard — {title}", title="Mr. Cabbagehead's Garden") in reader.check(nobody)
    refused = await reader.ask("leaderboard", {"game": "secret_number", "solo": True})
    assert reader.check(refused) == reader.label(NO_SOLO)

    listed = await reader.ask("history list")
    text = reader.check(listed)
    assert reader.label("{name} ended the game", name="Alice") in text, text
    viewer = await reader.press(listed, "Replay #{game}", game=games["ended"])
    assert reader.label("Move {move} of {last}", move=0, last=3) in reader.check(viewer)
    await reader.press(viewer, "Next ▶")
    assert reader.label("Move {move} of {last}", move=1, last=3) in reader.check(viewer)
    jumped = await fake.select(reader.user, viewer, None, ["3"])
    await jumped.wait_answered()
    assert reader.label("Move {move} of {last}", move=3, last=3) in reader.check(viewer)
    await reader.press(viewer, "⏮ First")
    assert reader.label("**The start.**") in reader.check(viewer)
    if reader.user is fake.alice:  # her own game: her own view, and back to the table
        await reader.press(viewer, "My view")
        reader.check(viewer)
        await reader.press(viewer, "The table")
        reader.check(viewer)
    await reader.press(viewer, BACK_TO_LIST)
    assert reader.label("Last games on this server") in reader.check(viewer)

    exported = await reader.ask("history export", {"game": games["duel"]})
    assert exported.attachments and f"#{games['duel']}" in reader.check(exported)


async def test_stats_leaderboards_and_history_in_french_and_marked_in_the_pseudo_locale(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """A French reader (Alice, who played) and a pseudo-locale one (Bob, who played the duel)
    each read every answer: every line is French, or marked, but for names, numbers, titles and
    the engines' texts; a French player's shared card is posted in the server's language."""
    fake = fake_discord
    games = await played_records(fake, running_bot)
    fake.alice.locale, fake.bob.locale = FRENCH, PSEUDO
    titles = {game.title for game in all_games().values()}
    names = {"Alice", "Bob", "Carol"}
    french = Reader(fake, fake.alice, FRENCH, titles | names)
    await read_everything(french, games, fake)
    said = "\n".join(french.read)
    assert "Les parties de" in said and "Statistiques Garden Club" in said and "Coup 1 sur 3" in said
    assert "1 partie, victoires :" in said and "Revoir #" in said and "Retour à la liste" in said
    pseudo = Reader(fake, fake.bob, PSEUDO, titles | names)
    await read_everything(pseudo, games, fake)
    assert sum("⟦" in line for line in pseudo.read) > 40, pseudo.read

    stats = await french.ask("stats", {})
    before = len(fake.public_messages(fake.general))
    shared = await fake.click(fake.alice, stats, label=french.label("Share in channel"))
    await shared.wait_answered()
    [posted] = fake.public_messages(fake.general)[before:]
    assert "Garden Club stats" in posted.text() and "Shared by Alice" in posted.text(), posted.text()


def test_the_words_of_records_in_french() -> None:
    """Ordinals, averages and plurals the French way; the pseudo-locale marks each."""
    french = words_for(FRENCH)
    assert [ordinal(n, french) for n in (1, 2, 3, 11, 21)] == ["1er", "2e", "3e", "11e", "21e"]
    duel = GameTally("sabotage", False, 4, 1, 52.25, 70, 0)
    assert tally_line(duel, (Rating(25.0, 25 / 3), 1), french) == (
        "**Garden Sabotage** : 4 parties, victoires : 1 (25 %), moyenne 52,2 points, meilleur score 70 ; "
        "cote 1000 (1 partie classée)"
    )
    solo = GameTally("cabbagehead", True, 1, 0, 61.0, 61, 1)
    assert tally_line(solo, None, french) == (
        "**Mr. Cabbagehead's Garden (solo)** : 1 jardin, meilleur jardin 61 points, moyenne 61,0, "
        "rubans gagnés 1"
    )
    for place in (1, 2):
        shown = ordinal(place, words_for(PSEUDO))
        assert shown.startswith("⟦") and shown.endswith("⟧"), shown


async def test_the_daily_garden_in_stats_and_history_in_the_readers_language(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Alice's scored daily garden: her /stats say her days and streak, /history names it a
    daily garden, in French for her and marked for Bob in the pseudo-locale."""
    fake = fake_discord
    await start_daily(fake, fake.alice, fake.general)
    await play_daily(fake, running_bot, fake.alice, fake.general, 1)
    fake.alice.locale, fake.bob.locale = FRENCH, PSEUDO
    allowed = {game.title for game in all_games().values()} | {"Alice", "Bob"}
    for reader, days in (
        (Reader(fake, fake.alice, FRENCH, allowed), "1 jour compté ; série : 1 d’affilée"),
        (Reader(fake, fake.bob, PSEUDO, allowed), None),
    ):
        stats = await reader.ask("stats", {"user": fake.alice})
        said = reader.check(stats)
        assert stats.embeds[0]["fields"][0]["name"] == reader.label("Daily garden")
        assert days is None or days in said, said
        listed = reader.check(await reader.ask("history list"))
        assert reader.label("{title} · daily garden", title="Mr. Cabbagehead's Garden") in listed


def test_how_a_game_ended_is_said_again_in_the_readers_words() -> None:
    """The reasons the platform stores in English are recognised and said in French; another
    reason (an engine's own) is shown as it is."""
    french = words_for(FRENCH)
    assert end_words("Zoë ended the lobby", french) == "Zoë a fermé le salon d’attente"
    assert end_words("Zoë left the game", french) == "Zoë a quitté la partie"
    assert end_words("abandoned: no move for 14 days", french) == "abandonnée : aucun coup pendant 14 jours"
    assert end_words(None, french) == "arrêtée avant la fin"
    assert end_words("dealt with edition 1", french) == "dealt with edition 1"
    assert end_words("Zoë ended the game", words_for("en")) == "Zoë ended the game"


def test_a_retired_editions_reason_and_a_plain_status_are_said_in_french() -> None:
    """Issue 32: an engine's own end reason (Garden Party's retired edition of the cards) and the
    platform's statuses read in French on a table, a lobby or /history."""
    french = words_for("fr")
    reason = RETIRED.format(edition=1)
    assert end_words(reason, french, "garden_party") == (
        "distribuée avec l’édition 1 des cartes de Garden Party (avant les paquets de 30 cartes), "
        "que cette version du bot ne joue plus"
    )
    assert end_words("cancelled", french) == "annulée"


async def test_the_history_list_names_a_computer_seat_in_the_readers_language(
    fake_discord: FakeDiscord, running_bot: BotRunner, monkeypatch: Any
) -> None:
    """A computer seat is stored by its English name ("Computer 1 (Medium)"); the `/history` list
    says it in the reader's language, as the table does (the explorer's seed 149, in the
    pseudo-locale, found it bare)."""
    monkeypatch.setattr("bot.play.computers.COMPUTER_PAUSE", 0.05)
    fake = fake_discord
    options = {"first_player": "host", "season_rounds": 3, "bird": True}
    lobby = await open_lobby(fake, fake.alice, fake.general, "play sabotage", options)
    await host_click(fake, fake.alice, lobby, "Add computer player (Medium)")
    await click(fake, fake.alice, lobby, "Start")
    hand = await open_hand(fake, fake.alice, fake.general)
    await pick(
        fake, fake.alice, hand, [how for _label, how in offered(hand) if is_action(how)][-1]
    )  # End turn
    store = running_bot.bot.store
    await fake.wait_until(
        lambda: store_moves(running_bot) >= 3, what="the computer's moves after Alice's turn"
    )
    ended = await fake.slash(fake.alice, fake.general, "end")
    await ended.wait_answered()
    fake.alice.locale = FRENCH
    listed = await fake.response_message(await fake.slash(fake.alice, fake.general, "history list"))
    assert "Ordinateur 1 (Moyen)" in listed.text() and "Computer 1" not in listed.text(), listed.text()
    # A replay's log lines name it so too (they are the engine's lines, with the seats' names).
    record = await store.get(1)
    assert record is not None
    replay = rebuild(record, await store.actions(1))
    lines = [
        line for move in range(1, replay.moves + 1) for line in replay.lines(move, None, words_for(FRENCH))
    ]
    assert any("Ordinateur 1 (Moyen)" in line for line in lines), lines
    assert not any("Computer 1" in line for line in lines), lines


def store_moves(runner: BotRunner) -> int:
    """Game 1's version, as the bot holds it in memory (0 before it starts)."""
    position = runner.bot.table.sessions.session(1).position
    return 0 if position is None else position.version
