"""Sessions (issue 5, "Sessions" and "Nothing lost"): lobbies, turns, versions, locks, restarts.

Played with the built-in two-seat Secret Numbers; the session layer never names a game's rules.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sessions import Outdated, Refusal, SessionManager
from bot.storage import Store
from engine.api import dump_state, replay
from engine.registry import all_games, get_game

ALICE, BOB, CAROL = 11, 22, 33
CHANNEL = 100


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(tmp_path / "g.sqlite3")
    yield SessionManager(store, seed_source=lambda: 7)
    await store.close()


async def started_game(sessions: SessionManager, turns_each: int = 2) -> int:
    lobby = await sessions.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={"turns_each": turns_each},
        host_id=ALICE,
        host_name="Alice",
    )
    game_id = lobby.snapshot.record.id
    await sessions.join(game_id, BOB, "Bob")
    change = await sessions.start(game_id, ALICE)
    assert change.started and change.snapshot.record.status == "active"
    return game_id


async def test_lobby_start_needs_the_host_and_a_legal_seat_count(sessions: SessionManager) -> None:
    lobby = await sessions.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={},
        host_id=ALICE,
        host_name="Alice",
    )
    game_id = lobby.snapshot.record.id
    with pytest.raises(Refusal, match="needs exactly 2 players"):
        await sessions.start(game_id, ALICE)
    await sessions.join(game_id, BOB, "Bob")
    with pytest.raises(Refusal, match="already in this lobby"):
        await sessions.join(game_id, BOB, "Bob")
    with pytest.raises(Refusal, match="full"):
        await sessions.join(game_id, CAROL, "Carol")
    with pytest.raises(Refusal, match="Only the host"):
        await sessions.start(game_id, BOB)
    assert (await sessions.start(game_id, ALICE)).started


async def test_one_game_per_channel_but_threads_and_other_channels_are_free(sessions: SessionManager) -> None:
    await started_game(sessions)
    with pytest.raises(Refusal, match="already has a game"):
        await sessions.open_lobby(
            guild_id=1,
            channel_id=CHANNEL,
            game_name="secret_number",
            options={},
            host_id=CAROL,
            host_name="Carol",
        )
    other = await sessions.open_lobby(
        guild_id=2,
        channel_id=CHANNEL + 1,
        game_name="secret_number",
        options={},
        host_id=CAROL,
        host_name="Carol",
    )
    assert other.snapshot.record.status == "lobby"


async def test_bad_options_and_player_counts_are_refused_kindly(sessions: SessionManager) -> None:
    with pytest.raises(Refusal, match="options don't work"):
        await sessions.open_lobby(
            guild_id=1,
            channel_id=CHANNEL,
            game_name="secret_number",
            options={"turns_each": 99},
            host_id=ALICE,
            host_name="Alice",
        )
    with pytest.raises(Refusal, match="exactly 2 players"):
        await sessions.open_lobby(
            guild_id=1,
            channel_id=CHANNEL,
            game_name="secret_number",
            options={},
            host_id=ALICE,
            host_name="Alice",
            players=3,
        )


async def test_a_whole_game_by_action_indices_ends_finished_with_a_result(sessions: SessionManager) -> None:
    game_id = await started_game(sessions)
    users = {0: ALICE, 1: BOB}
    while True:
        snap = await sessions.snapshot(game_id)
        if snap.record.status != "active":
            break
        seat = snap.to_move()[0]
        outcome = await sessions.play(game_id, users[seat], seat=seat, version=snap.record.version, index=0)
        assert outcome.label == "Guess higher"
    snap = await sessions.snapshot(game_id)
    assert snap.record.status == "finished" and snap.record.version == 4
    result = snap.result()
    assert result is not None and result.winners
    assert len(await sessions.store.actions(game_id)) == 4


async def test_only_the_player_to_move_may_act(sessions: SessionManager) -> None:
    game_id = await started_game(sessions)
    with pytest.raises(Refusal, match="not playing in this game"):
        await sessions.play(game_id, CAROL, seat=0, version=0, index=0)
    with pytest.raises(Refusal, match="belongs to another player"):
        await sessions.play(game_id, BOB, seat=0, version=0, index=0)
    with pytest.raises(Refusal, match="isn't your turn"):
        await sessions.play(game_id, BOB, seat=1, version=0, index=0)
    assert (await sessions.snapshot(game_id)).record.version == 0


async def test_a_click_on_an_outdated_version_applies_nothing(sessions: SessionManager) -> None:
    game_id = await started_game(sessions)
    await sessions.play(game_id, ALICE, seat=0, version=0, index=0)
    await sessions.play(game_id, BOB, seat=1, version=1, index=0)
    with pytest.raises(Outdated):
        await sessions.play(game_id, ALICE, seat=0, version=0, index=1)
    snap = await sessions.snapshot(game_id)
    assert snap.record.version == 2
    with pytest.raises(Outdated):  # an index the current state does not offer
        await sessions.play(game_id, ALICE, seat=0, version=2, index=5)


async def test_two_clicks_at_once_apply_exactly_one_move(sessions: SessionManager) -> None:
    """A double click: both arrive together; the lock + version check let exactly one through."""
    game_id = await started_game(sessions)
    results = await asyncio.gather(
        *(sessions.play(game_id, ALICE, seat=0, version=0, index=i % 2) for i in range(6)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, Outdated) for r in results if isinstance(r, BaseException))
    assert [a.version for a in await sessions.store.actions(game_id)] == [1]


async def test_leaving_and_ending(sessions: SessionManager) -> None:
    lobby = await sessions.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={},
        host_id=ALICE,
        host_name="Alice",
    )
    game_id = lobby.snapshot.record.id
    await sessions.join(game_id, BOB, "Bob")
    change = await sessions.leave(game_id, ALICE)
    assert change.snapshot.record.host_id == BOB and "Bob is the host now." in change.notes
    with pytest.raises(Refusal, match="Only the host"):
        await sessions.end(game_id, CAROL, can_manage=False, name="Carol")
    assert (await sessions.end(game_id, CAROL, can_manage=True, name="Carol")).closed
    assert await sessions.in_channel(CHANNEL) is None

    game_id = await started_game(sessions)
    change = await sessions.leave(game_id, BOB)
    assert change.closed and change.snapshot.record.status == "cancelled"
    with pytest.raises(Refusal, match="over"):
        await sessions.play(game_id, ALICE, seat=0, version=0, index=0)


async def test_lobbies_expire_even_across_a_restart(tmp_path: Path) -> None:
    now = [1000.0]
    store = await Store.open(tmp_path / "g.sqlite3", clock=lambda: now[0])
    sessions = SessionManager(store, clock=lambda: now[0], lobby_ttl=600)
    await sessions.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={},
        host_id=ALICE,
        host_name="Alice",
    )
    await store.close()
    now[0] += 601
    store = await Store.open(tmp_path / "g.sqlite3", clock=lambda: now[0])
    try:
        sessions = SessionManager(store, clock=lambda: now[0], lobby_ttl=600)
        closed = await sessions.expire_lobbies()
        assert [s.record.end_reason for s in closed] == ["the lobby expired"]
        assert await sessions.in_channel(CHANNEL) is None
    finally:
        await store.close()


async def test_a_game_continues_after_a_restart(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    sessions = SessionManager(store)
    game_id = await started_game(sessions)
    await sessions.play(game_id, ALICE, seat=0, version=0, index=0)
    before = (await sessions.snapshot(game_id)).record.state
    await store.close()
    store = await Store.open(tmp_path / "g.sqlite3")
    try:
        sessions = SessionManager(store)
        snap = await sessions.snapshot(game_id)
        assert snap.record.state == before and snap.to_move() == [1]
        await sessions.play(game_id, BOB, seat=1, version=1, index=1)
        assert (await sessions.snapshot(game_id)).record.version == 2
    finally:
        await store.close()


@pytest.mark.parametrize("game_name", sorted(all_games()))
async def test_every_registered_game_plays_through_the_session_layer_and_replays(
    game_name: str, tmp_path: Path
) -> None:
    """The session layer is game-agnostic (issue 5; issue 6 must plug in without changing it):
    any registered game is opened, started and played to its end by action indices, and its
    stored action log replays from the seed to exactly the stored state ("nothing lost")."""
    game = get_game(game_name)
    store = await Store.open(tmp_path / "g.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 11)
        seats = game.max_seats
        users = [100 + i for i in range(seats)]
        lobby = await sessions.open_lobby(
            guild_id=1,
            channel_id=CHANNEL,
            game_name=game_name,
            options={},
            host_id=users[0],
            host_name="P1",
            players=seats,
        )
        game_id = lobby.snapshot.record.id
        for n, user in enumerate(users[1:], start=2):
            await sessions.join(game_id, user, f"P{n}")
        if seats > 1:
            await sessions.start(game_id, users[0])
        rng = random.Random(game_name)
        for _ in range(5000):
            snap = await sessions.snapshot(game_id)
            if snap.record.status != "active":
                break
            seat = rng.choice(snap.to_move())
            index = rng.randrange(len(snap.legal_actions(seat)))
            await sessions.play(game_id, users[seat], seat=seat, version=snap.record.version, index=index)
        record = await store.get(game_id)
        assert record is not None and record.status == "finished"
        log = await store.actions(game_id)
        assert [a.version for a in log] == list(range(1, record.version + 1))
        options = game.options_model.model_validate(record.options)
        replayed, _ = replay(game, options, seats, record.seed, [(a.seat, a.action) for a in log])
        assert dump_state(replayed) == record.state
    finally:
        await store.close()


async def test_concurrent_first_loads_share_one_copy_of_a_game(tmp_path: Path) -> None:
    """After a restart many clicks may load the same game at once; they must end up on one in-memory
    copy, or a copy read before a move could later hide that move."""
    store = await Store.open(tmp_path / "g.sqlite3")
    try:
        game_id = await started_game(SessionManager(store))
        sessions = SessionManager(store)  # a fresh process: nothing cached
        loads = await asyncio.gather(*(sessions.snapshot(game_id) for _ in range(5)))
        assert all(snap is loads[0] for snap in loads)
        reading = asyncio.create_task(sessions.snapshot(game_id))
        await sessions.play(game_id, ALICE, seat=0, version=0, index=0)
        assert (await reading).record.version == 1
        assert (await sessions.snapshot(game_id)).record.version == 1
    finally:
        await store.close()


async def test_turn_notices_swapped_at_once_are_all_handed_back_for_deletion(
    sessions: SessionManager,
) -> None:
    """Issue 5, "Nothing lost": two notices posted at the same moment (a start's and the first
    move's, before a restart cleared the memory) are swapped one after the other, so every notice
    but the last is handed back to be deleted and the last is the one remembered."""
    game_id = await started_game(sessions)
    sessions._notices.clear()  # as after a restart: the notices come from the store
    first, second = (CHANNEL, 1001), (CHANNEL, 1002)
    handed_back = await asyncio.gather(
        sessions.swap_notices(game_id, first), sessions.swap_notices(game_id, second)
    )
    assert handed_back == [[], [first]]
    assert await sessions.store.notices(game_id) == [second]
    assert await sessions.swap_notices(game_id, None) == [second]
