"""Garden Party through the fake Discord, as people play it: open a table with people and computer
seats, make decisions by clicks (by the labels a person reads, or at random), and check what every
message ever shown let each reader know against the engine's hidden facts at that move.

The tests read the bot's store only to know where the game stands (whose decision, which version
is shown) and, afterwards, to rebuild every position through the engine for the leak checks; every
move is a click.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.basics.clock import ManualClock
from bot.handlers.table_clicks import MOVED_ON
from engine.api import Event, reply_seconds
from engine.garden_party import GAME
from engine.garden_party.cards import CARD_KINDS, DUEL_CARDS, GOLDEN_OBJECTS, PLANT_KINDS
from engine.garden_party.state import GardenPartyOptions, GardenPartyState
from tests.e2e.table_driver import (
    HAND_LABEL,
    board,
    click,
    host_click,
    is_action,
    offered,
    open_lobby,
    pick,
    shown_move,
    wait_for_move,
)
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.model import readable_text

#: Every name of a thing that can be hidden: action cards (in hands, decks, drawn), duel cards
#: (the pile's order), golden objects (the face-down pile's order).
SECRET_NAMES = sorted(
    {k.name for k in CARD_KINDS.values() if k.timing}
    | {d.name for d in DUEL_CARDS.values()}
    | {g.name for g in GOLDEN_OBJECTS.values()},
    key=len,
    reverse=True,
)
NAMES_RE = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in SECRET_NAMES) + r")(?!\w)")
#: A seed whose face is shown ("seed (Red)", or a pot's "4 🟫 Mouldy seed"): only in the hand of a
#: seat that looked at it. (A rotted mouldy seed, out of play, is public: "out of play: Mouldy seed".)
SEED_FACE = re.compile(r"seed \(([^()\n…]+)\)|(?<=\d )(?:🟫 )?(Mouldy seed)")
#: The move a board or a hand shows ("Game #3 · move 12", "game #3 · move 12").
MOVE = re.compile(r"[Gg]ame #\d+ · move (\d+)")
#: Ids of hidden things (action cards, plant tokens, duel cards, golden objects) never reach a client.
HIDDEN_ID = re.compile(r"\b(?:bri\d{2}|her\d{2}|pla\d{2}|tok\d+|duel\d{2}|gold\d)\b")
SEAT_NUMBER = re.compile(r"\bPlayer \d")


async def open_table(
    fake: FakeDiscord,
    host: FakeUser,
    options: dict[str, Any],
    *,
    people: Iterable[FakeUser] = (),
    computers: int = 0,
    channel: FakeChannel | None = None,
) -> FakeMessage:
    """`/play garden-party` with `options`; `people` join in order, then the host adds `computers`
    Easy computer seats and starts (seats: the host, the people, the computers)."""
    where = channel or fake.general
    lobby = await open_lobby(fake, host, where, "play garden-party", options)
    for user in people:
        await click(fake, user, lobby, "Join")
    for _ in range(computers):
        await host_click(fake, host, lobby, "Add computer player (Easy)")
    await click(fake, host, lobby, "Start")
    return lobby


async def position_now(runner: BotRunner, channel: FakeChannel) -> Any:
    assert runner.bot is not None
    return await runner.bot.table.sessions.in_channel(channel.id)


async def shown_now(fake: FakeDiscord, runner: BotRunner, channel: FakeChannel | None = None) -> Any:
    """The game's position once the bot has shown it (board, notices, announcements, open hands
    redrawn) and nothing is left to publish: its publishing task is idle at that version (or,
    for a version shown before a restart, the store says it was shown)."""
    where = channel or fake.general
    assert runner.bot is not None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20.0
    while loop.time() < deadline:
        position = await position_now(runner, where)
        session = runner.bot.table.sessions.session(position.game_id)
        task = session.publish_task
        idle = not session.dirty and (task is None or task.done())
        if idle and session.shown.version == position.version:
            await wait_for_move(fake, where, position.version)
            return position
        if idle and session.shown.version < 0:
            record = await runner.bot.table.store.get(position.game_id)
            if record is not None and record.published_version >= position.version:
                await wait_for_move(fake, where, position.version)
                return position
        await asyncio.sleep(0.01)
    raise AssertionError("the game never settled")


async def table_says(fake: FakeDiscord, runner: BotRunner, words: str) -> Any:
    """The position once the live table says `words` (computers playing meanwhile) and is shown."""
    await fake.wait_until(lambda: words in board(fake, fake.general).text(), timeout=15.0, what=repr(words))
    return await shown_now(fake, runner)


async def hand_of(fake: FakeDiscord, user: FakeUser, channel: FakeChannel | None = None) -> FakeMessage:
    """Press "My hand / My turn" on the live board: `user`'s private hand."""
    interaction = await click(fake, user, board(fake, channel or fake.general), HAND_LABEL)
    hand = interaction.original
    assert hand is not None and hand.ephemeral_to == user.id
    return hand


def labels(message: FakeMessage) -> list[str]:
    return [label for label, _ in offered(message)]


async def choose(fake: FakeDiscord, user: FakeUser, message: FakeMessage, *steps: str) -> str:
    """One decision on `message` by the labels a person reads: at each picker step the first
    choice whose label contains the next of `steps`, until a move is made. The move's label."""
    for step in steps:
        found = [(label, how) for label, how in offered(message) if step in label]
        assert found, f"{step!r} is not offered to {user.name}: {labels(message)}"
        label, how = found[0]
        await pick(fake, user, message, how)
        if is_action(how):
            assert MOVED_ON not in message.text(), f"{user.name}'s {label!r} was refused as outdated"
            return label
    raise AssertionError(f"{steps} made no move")


async def decide_at_random(
    fake: FakeDiscord, user: FakeUser, hand: FakeMessage, rng: random.Random, end_turn: float = 0.2
) -> str:
    """One decision by clicks on the open hand: a picker's steps at random, "End my turn" with
    chance `end_turn` while anything else is offered. The label of the move played."""
    for _ in range(6):
        choices = [c for c in offered(hand) if "Back" not in c[0] and not c[1].endswith(":p0")]
        assert choices, f"the hand offers nothing: {hand.text()[:400]}"
        others = [c for c in choices if not c[0].startswith("End my turn")]
        pool = others if others and rng.random() >= end_turn else choices
        moves = [c for c in pool if is_action(c[1])]
        label, how = rng.choice(moves or pool)
        await pick(fake, user, hand, how)
        if is_action(how):
            return label
    raise AssertionError("no move after six picker steps")


@dataclass
class WindowSeen:
    """What a person was offered in one reply window: its kind, the labels and the hand's cards."""

    kind: str
    seat: int
    labels: tuple[str, ...]
    choice_codes: tuple[str, ...]
    cards: str


@dataclass
class Played:
    """What the people did in a game played at random: their moves' labels and the windows seen."""

    moves: list[str] = field(default_factory=list)
    windows: list[WindowSeen] = field(default_factory=list)
    #: "Board as text" answers (message id -> the move the table showed): public words, privately.
    as_text: dict[int, int] = field(default_factory=dict)
    #: Orange cards a person played unasked during another's moves (ruling 32), by label.
    unasked: list[str] = field(default_factory=list)


def choice_codes(message: FakeMessage) -> tuple[str, ...]:
    """The choices' codes without the seat and version (`gc:c:<game>:<seat>:<version>:<code>`)."""
    return tuple(how.rsplit(":", 1)[-1] for _, how in offered(message))


def cards_text(hand: FakeMessage) -> str:
    found = re.search(r"\*\*Your cards \(\d+\):\*\*\n(.*?)(?:\n\n|$)", hand.text(), re.S)
    return found.group(1) if found else ""


async def play_people_to_the_end(
    fake: FakeDiscord,
    runner: BotRunner,
    people: list[FakeUser],
    rng: random.Random,
    *,
    channel: FakeChannel | None = None,
    limit: int = 600,
    end_turn: float = 0.2,
    clock: ManualClock | None = None,
) -> Played:
    """Every decision of `people` by clicks at random (computers playing meanwhile) until the game
    is over; every reply window a person answers is noted (`Played.windows`). `clock`: moved on
    past a reply window's end when only people with nothing to play in it are left in it."""
    where = channel or fake.general
    by_id = {user.id: user for user in people}
    played = Played()
    loop = asyncio.get_running_loop()
    lapsed = -1
    for _ in range(limit):
        deadline = loop.time() + 30.0
        while True:
            position = await position_now(runner, where)
            if position is None or position.record.status != "active":
                return played
            people_to_move = [s for s in position.to_move() if position.record.seats[s].user_id in by_id]
            # A window a person has nothing to play in does not ask them (issue 27 item 4): it
            # passes for them when its clock runs out.
            mine = [s for s in people_to_move if not position.only_pass(s)]
            shown = shown_move(board(fake, where)) == position.version
            if mine and shown:
                break
            idle = people_to_move and not mine and position.computer_to_move() is None
            if idle and shown and clock is not None and position.version != lapsed:
                lapsed = position.version  # once per version: its window's clocks fire then
                clock.advance(reply_seconds(position.game, position.options()) + 1)
            assert loop.time() < deadline, "the game made no progress towards a person's decision"
            await asyncio.sleep(0.02)
        if await play_unasked(fake, position, by_id, rng, played, where):
            continue
        seat = rng.choice(mine)
        user = by_id[position.record.seats[seat].user_id]
        if len(played.moves) % 15 == 7:
            asked = await click(fake, user, board(fake, where), "Board as text")
            assert asked.original is not None
            played.as_text[asked.original.id] = position.version
        hand = await hand_of(fake, user, where)
        if position.game.decision_kind(position.state, seat) == "reply":
            played.windows.append(
                WindowSeen(
                    str(position.state.phase), seat, tuple(labels(hand)), choice_codes(hand), cards_text(hand)
                )
            )
        played.moves.append(await decide_at_random(fake, user, hand, rng, end_turn))
    raise AssertionError("the game did not end")


async def play_unasked(
    fake: FakeDiscord,
    position: Any,
    by_id: dict[int, FakeUser],
    rng: random.Random,
    played: Played,
    where: FakeChannel,
) -> bool:
    """Now and then a person not to move plays an orange card their hand offers unasked (ruling
    32), by a click on their own hand. Whether one was played."""
    seats = position.record.seats
    unasked = [s for s in range(len(seats)) if seats[s].user_id in by_id and position.may_act_unasked(s)]
    if not unasked or rng.random() >= 0.5:
        return False
    user = by_id[seats[rng.choice(unasked)].user_id]
    hand = await hand_of(fake, user, where)
    plays = [(label, how) for label, how in offered(hand) if label.startswith("Play ") and is_action(how)]
    if not plays:
        return False  # the game moved on meanwhile
    label, how = rng.choice(plays)
    await pick(fake, user, hand, how)
    if MOVED_ON not in hand.text():
        played.unasked.append(label)
    return True


# ------------------------------------------------------------------------------- leak checks


def stored_moves(runner: BotRunner, game_id: int) -> tuple[dict[str, Any], int, list[tuple[int, Any]]]:
    """The game's options, seed and moves (seat, encoded action) as the bot stored them."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        options, seed = db.execute("SELECT options, seed FROM games WHERE id = ?", (game_id,)).fetchone()
        rows = db.execute(
            "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
        ).fetchall()
    return json.loads(options), int(seed), [(int(seat), json.loads(action)) for seat, action in rows]


@dataclass
class Knowledge:
    """What each reader may know by each move (index: the move): names of cards, duel cards and
    golden objects (from the public log and views so far, their own private lines and views so
    far) and the faces of seeds they looked at (all of them once the game is over). Reader None
    is everyone."""

    names: list[dict[int | None, set[str]]]
    seed_faces: list[dict[int | None, set[str]]]


def names_in(text: str) -> set[str]:
    return set(NAMES_RE.findall(text))


def knowledge(runner: BotRunner, game_id: int, seat_names: list[str]) -> Knowledge:
    """Every position of the game rebuilt through the engine from its stored seed and moves (the
    prepared deal too, while a test's `prepare` holds), and what each reader may know at each:
    what everyone has seen so far, and what the reader has seen in their own views and private
    lines so far (a hand picture kept from a few moves ago still shows only their own cards)."""
    options, seed, moves = stored_moves(runner, game_id)
    seats = len(seat_names)
    readers: list[int | None] = [None, *range(seats)]
    state: GardenPartyState = GAME.create(GardenPartyOptions.model_validate(options), seats, seed)
    names: dict[int | None, set[str]] = {reader: set() for reader in readers}
    faces: dict[int | None, set[str]] = {reader: set() for reader in readers}
    known = Knowledge([], [])

    def note() -> None:
        seeds = [
            pot for player in state.players for pot in player.pots if pot is not None and pot.stage == "seed"
        ]
        for reader in readers:
            names[reader] |= names_in(GAME.view(state, reader).model_dump_json())
            if state.phase == "over":  # at the end every seed is turned over (ruling 14)
                faces[reader] |= {PLANT_KINDS[state.token_kinds[pot.token]].name for pot in seeds}
            elif reader is not None:
                looked = state.players[reader].known
                faces[reader] |= {
                    PLANT_KINDS[state.token_kinds[p.token]].name for p in seeds if p.token in looked
                }
        known.names.append({reader: names[None] | names[reader] for reader in readers})
        known.seed_faces.append({reader: set(faces[reader]) for reader in readers})

    note()
    for seat, data in moves:
        events: list[Event] = GAME.apply(state, seat, GAME.decode_action(data))
        for event in events:
            names[None] |= names_in(event.line_for(None, seat_names))
            for reader in event.private:
                names[reader] |= names_in(event.line_for(reader, seat_names))
        note()
    return known


def leaks(
    fake: FakeDiscord,
    runner: BotRunner,
    channel: FakeChannel,
    game_id: int = 1,
    public_at: dict[int, int] | None = None,
) -> list[str]:
    """Every message version ever shown in `channel` (public, or ephemeral to a seated person)
    that names a card, a duel card or a golden object its reader could not know at the move it
    shows (a message without a move: at the end), or a seed's face, or a hidden id, or a seat's
    number. `public_at`: private answers that must hold only what everyone knows (message id ->
    the move they show), such as "Board as text". Empty: no leak."""
    assert runner.bot is not None
    _options, _seed, moves = stored_moves(runner, game_id)
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        (seats_json,) = db.execute("SELECT seats FROM games WHERE id = ?", (game_id,)).fetchone()
    seats = json.loads(seats_json)
    seat_names = [str(s["name"]) for s in seats]
    seat_of = {int(s["user_id"]): i for i, s in enumerate(seats) if s.get("user_id")}
    known = knowledge(runner, game_id, seat_names)
    last = len(moves)
    found: list[str] = []
    for message in fake.messages.values():
        if message.channel_id != channel.id:
            continue
        audience = fake.audience(message)
        reader = None if audience is None else seat_of.get(audience)
        if audience is not None and reader is None:
            continue  # someone not playing: only refusals and public texts
        if public_at is not None and message.id in public_at:
            reader = None
        who = "everyone" if reader is None else seat_names[reader]
        for number, version in enumerate(message.versions()):
            text = readable_text(version)
            whole = json.dumps(version, ensure_ascii=False)
            shown = MOVE.search(text)
            move = min(int(shown.group(1)), last) if shown else last
            if public_at is not None and message.id in public_at:
                move = public_at[message.id]
            where = f"message {message.id} v{number + 1} (move {move}, {who})"
            unknown = names_in(text) - known.names[move][reader]
            if unknown:
                found.append(f"{where} names {sorted(unknown)}: {text[:300]!r}")
            faces = {colour or mouldy for colour, mouldy in SEED_FACE.findall(text)}
            faces -= known.seed_faces[move][reader]
            if faces:
                found.append(f"{where} shows seed faces {sorted(faces)}: {text[:300]!r}")
            if HIDDEN_ID.search(whole):
                found.append(f"{where} carries a hidden id: {HIDDEN_ID.search(whole)}")
            if SEAT_NUMBER.search(text):
                found.append(f"{where} numbers a seat: {text[:300]!r}")
    return found


def turn_clocks(runner: BotRunner) -> dict[int, tuple[float, float]]:
    """The running clocks in the database: seat -> (when it runs out, its length)."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        rows = db.execute("SELECT seat, started, seconds FROM deadlines WHERE kind = 'turn'").fetchall()
    return {int(seat): (float(started) + float(seconds), float(seconds)) for seat, started, seconds in rows}


def logged(runner: BotRunner, game_id: int = 1) -> list[str]:
    """The kinds of every event in the game's stored log, in order."""
    assert runner.bot is not None
    with sqlite3.connect(runner.bot.settings.database_path) as db:
        rows = db.execute(
            "SELECT events FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
        ).fetchall()
    return [event["kind"] for (text,) in rows for event in json.loads(text)]
