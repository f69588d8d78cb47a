"""Computer seats in the session layer (issue 7): the host adds them, they are never users, their
moves are the engine player's seeded choice (so a restart replays the same move), and a leaving
player may hand their seat to one while someone else still plays."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.basics.refusals import Refusal
from bot.basics.words import words_for
from bot.game.position import seat_name
from bot.game.registry import computer_strengths
from bot.play.moves import TIMEOUTS_BEFORE_HANDOVER, counted_timeout
from bot.storage import SeatRecord, Store
from bot.ui.levels import level
from engine.ai import choose_move, move_seed
from engine.api import load_state, replay
from tests.bot.hub import Hub
from tests.fake_discord.language_check import unmarked_words

ALICE, BOB = 11, 22
CHANNEL = 100


@pytest.fixture
async def sessions(database: str) -> AsyncIterator[Hub]:
    store = await Store.open(database)
    yield Hub(store, seed_source=lambda: 1234)
    await store.close()


async def duel_with_computer(sessions: Hub, strength: str = "greedy") -> int:
    lobby = await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="cabbagehead",
        options={"first_seat": 1},
        host_id=ALICE,
        host_name="Alice",
        players=2,
    )
    game_id = lobby.position.record.id
    with pytest.raises(Refusal, match="Only the host"):
        await sessions.lobbies.add_computer(game_id, BOB, strength)
    change = await sessions.lobbies.add_computer(game_id, ALICE, strength)
    assert change.position.record.seats[1].name == f"Computer 1 ({level(strength)})"
    with pytest.raises(Refusal, match="full"):
        await sessions.lobbies.add_computer(game_id, ALICE, strength)
    await sessions.lobbies.start(game_id, ALICE)
    return game_id


def test_strengths_offered_per_game() -> None:
    assert computer_strengths("cabbagehead") == ("random", "greedy", "strong")
    assert computer_strengths("secret_number") == ()


async def test_a_computer_seat_is_no_user_and_plays_the_seeded_engine_choice(
    sessions: Hub,
) -> None:
    game_id = await duel_with_computer(sessions)
    snap = await sessions.sessions.position(game_id)
    seat = snap.computer_to_move()
    assert seat == 1 and snap.record.seats[1].user_id is None
    expected = choose_move(snap.game, snap.state, 1, "greedy", move_seed(1234, 0, 1))
    outcome = await sessions.moves.play_computer(game_id, version=0)
    assert outcome is not None and outcome.label == expected.label and outcome.version == 1
    assert await sessions.moves.play_computer(game_id, version=0) is None, "a stale turn plays nothing"
    # The stored log replays to the stored state.
    record = (await sessions.sessions.position(game_id)).record
    moves = [(a.seat, a.action) for a in await sessions.store.actions(game_id)]
    game = snap.game
    state, _ = replay(game, game.options_model.model_validate(record.options), 2, 1234, moves)
    assert state == load_state(game, record.state or "")


async def test_leaving_hands_the_seat_to_a_computer_only_while_someone_still_plays(
    sessions: Hub,
) -> None:
    lobby = await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="cabbagehead",
        options={},
        host_id=ALICE,
        host_name="Alice",
        players=2,
    )
    game_id = lobby.position.record.id
    await sessions.lobbies.join(game_id, BOB, "Bob")
    await sessions.lobbies.start(game_id, ALICE)
    with pytest.raises(Refusal, match="no genius"):
        await sessions.lobbies.leave(game_id, ALICE, computer="genius")
    change = await sessions.lobbies.leave(game_id, ALICE, computer="strong")
    assert not change.closed and "takes their seat" in str(change.notes[0])
    record = (await sessions.sessions.position(game_id)).record
    assert record.seats[0].computer == "strong" and record.seats[0].name.endswith("for Alice")
    assert record.host_id == BOB and record.status == "active"
    stored = await sessions.store.get(game_id)
    assert stored is not None and stored.seats[0].computer == "strong"
    # The last person leaving ends the game, computer or not.
    change = await sessions.lobbies.leave(game_id, BOB, computer="random")
    assert change.closed and change.position.record.status == "cancelled"


def test_a_computer_standing_in_for_a_timed_out_player_is_named_in_the_readers_language() -> None:
    """The seat's name is stored in English, "Alice (computer standing in)", and said again in the
    game's language wherever it is shown (the explorer found it bare in the pseudo-locale)."""
    seats = [SeatRecord(name="Alice", user_id=ALICE), SeatRecord(name="Bob", user_id=BOB)]
    for _ in range(TIMEOUTS_BEFORE_HANDOVER):
        seats = counted_timeout(seats, 0, "greedy")
    alice = seats[0]
    assert alice.name == "Alice (computer standing in)" and alice.computer == "greedy"
    assert seat_name(alice, words_for("en")) == "Alice (computer standing in)"
    assert seat_name(alice, words_for("fr")) == "Alice (l’ordinateur joue à sa place)"
    assert unmarked_words(seat_name(alice, words_for("x-pseudo")), ["Alice"]) == []
    back = alice.model_copy(update={"name": "Alice", "computer": None, "user_id": ALICE})
    assert seat_name(back, words_for("fr")) == "Alice"
