"""Sessions (issue 5, "Sessions" and "Nothing lost"): lobbies, turns, versions, locks, restarts.

Played with the built-in two-seat Secret Numbers; the session layer never names a game's rules.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

from bot.basics.refusals import GAME_OVER, Outdated, Refusal
from bot.game.session import UNSHOWN_KEPT, GameSession, MessageRef
from bot.storage import Store
from engine.api import Event, dump_state, replay
from engine.registry import all_games, get_game
from tests.bot.hub import Hub

ALICE, BOB, CAROL = 11, 22, 33
CHANNEL = 100


@pytest.fixture
async def sessions(database: str) -> AsyncIterator[Hub]:
    store = await Store.open(database)
    yield Hub(store, seed_source=lambda: 7)
    await store.close()


async def started_game(sessions: Hub, turns_each: int = 2) -> int:
    lobby = await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={"turns_each": turns_each},
        host_id=ALICE,
        host_name="Alice",
    )
    game_id = lobby.position.record.id
    await sessions.lobbies.join(game_id, BOB, "Bob")
    change = await sessions.lobbies.start(game_id, ALICE)
    assert change.started and change.position.record.status == "active"
    return game_id


async def test_lobby_start_needs_the_host_and_a_legal_seat_count(sessions: Hub) -> None:
    lobby = await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={},
        host_id=ALICE,
        host_name="Alice",
    )
    game_id = lobby.position.record.id
    with pytest.raises(Refusal, match="needs exactly 2 players"):
        await sessions.lobbies.start(game_id, ALICE)
    await sessions.lobbies.join(game_id, BOB, "Bob")
    with pytest.raises(Refusal, match="already in this lobby"):
        await sessions.lobbies.join(game_id, BOB, "Bob")
    with pytest.raises(Refusal, match="full"):
        await sessions.lobbies.join(game_id, CAROL, "Carol")
    with pytest.raises(Refusal, match="Only the host"):
        await sessions.lobbies.start(game_id, BOB)
    assert (await sessions.lobbies.start(game_id, ALICE)).started


async def test_one_game_per_channel_but_threads_and_other_channels_are_free(sessions: Hub) -> None:
    await started_game(sessions)
    with pytest.raises(Refusal, match="already has a game"):
        await sessions.lobbies.open(
            guild_id=1,
            channel_id=CHANNEL,
            game_name="secret_number",
            options={},
            host_id=CAROL,
            host_name="Carol",
        )
    other = await sessions.lobbies.open(
        guild_id=2,
        channel_id=CHANNEL + 1,
        game_name="secret_number",
        options={},
        host_id=CAROL,
        host_name="Carol",
    )
    assert other.position.record.status == "lobby"


async def test_bad_options_and_player_counts_are_refused_kindly(sessions: Hub) -> None:
    with pytest.raises(Refusal, match="options don't work"):
        await sessions.lobbies.open(
            guild_id=1,
            channel_id=CHANNEL,
            game_name="secret_number",
            options={"turns_each": 99},
            host_id=ALICE,
            host_name="Alice",
        )
    with pytest.raises(Refusal, match="exactly 2 players"):
        await sessions.lobbies.open(
            guild_id=1,
            channel_id=CHANNEL,
            game_name="secret_number",
            options={},
            host_id=ALICE,
            host_name="Alice",
            players=3,
        )


async def test_a_whole_game_by_action_indices_ends_finished_with_a_result(sessions: Hub) -> None:
    game_id = await started_game(sessions)
    users = {0: ALICE, 1: BOB}
    while True:
        snap = await sessions.sessions.position(game_id)
        if snap.record.status != "active":
            break
        seat = snap.to_move()[0]
        outcome = await sessions.moves.play(
            game_id, users[seat], seat=seat, version=snap.record.version, index=0
        )
        assert outcome.label == "Guess higher"
    snap = await sessions.sessions.position(game_id)
    assert snap.record.status == "finished" and snap.record.version == 4
    result = snap.result()
    assert result is not None and result.winners
    assert len(await sessions.store.actions(game_id)) == 4


async def test_only_the_player_to_move_may_act(sessions: Hub) -> None:
    game_id = await started_game(sessions)
    with pytest.raises(Refusal, match="not playing in this game"):
        await sessions.moves.play(game_id, CAROL, seat=0, version=0, index=0)
    with pytest.raises(Refusal, match="belongs to another player"):
        await sessions.moves.play(game_id, BOB, seat=0, version=0, index=0)
    with pytest.raises(Refusal, match="isn't your turn"):
        await sessions.moves.play(game_id, BOB, seat=1, version=0, index=0)
    assert (await sessions.sessions.position(game_id)).record.version == 0


async def test_a_click_on_an_outdated_version_applies_nothing(sessions: Hub) -> None:
    game_id = await started_game(sessions)
    await sessions.moves.play(game_id, ALICE, seat=0, version=0, index=0)
    await sessions.moves.play(game_id, BOB, seat=1, version=1, index=0)
    with pytest.raises(Outdated):
        await sessions.moves.play(game_id, ALICE, seat=0, version=0, index=1)
    snap = await sessions.sessions.position(game_id)
    assert snap.record.version == 2
    # An index the current state does not offer is not "outdated" (issue 14, finding 7).
    with pytest.raises(Refusal, match="isn't on offer") as refused:
        await sessions.moves.play(game_id, ALICE, seat=0, version=2, index=5)
    assert not isinstance(refused.value, Outdated)


async def test_two_clicks_at_once_apply_exactly_one_move(sessions: Hub) -> None:
    """A double click: both arrive together; the lock + version check let exactly one through."""
    game_id = await started_game(sessions)
    results = await asyncio.gather(
        *(sessions.moves.play(game_id, ALICE, seat=0, version=0, index=i % 2) for i in range(6)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, Outdated) for r in results if isinstance(r, BaseException))
    assert [a.version for a in await sessions.store.actions(game_id)] == [1]


async def test_leaving_and_ending(sessions: Hub) -> None:
    lobby = await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={},
        host_id=ALICE,
        host_name="Alice",
    )
    game_id = lobby.position.record.id
    await sessions.lobbies.join(game_id, BOB, "Bob")
    change = await sessions.lobbies.leave(game_id, ALICE)
    assert change.position.record.host_id == BOB and "Bob is the host now." in [
        str(note) for note in change.notes
    ]
    with pytest.raises(Refusal, match="Only the host"):
        await sessions.lobbies.end(game_id, CAROL, can_manage=False, name="Carol")
    assert (await sessions.lobbies.end(game_id, CAROL, can_manage=True, name="Carol")).closed
    assert await sessions.sessions.in_channel(CHANNEL) is None

    game_id = await started_game(sessions)
    change = await sessions.lobbies.leave(game_id, BOB)
    assert change.closed and change.position.record.status == "cancelled"
    with pytest.raises(Refusal, match="over"):
        await sessions.moves.play(game_id, ALICE, seat=0, version=0, index=0)


async def test_lobbies_expire_even_across_a_restart(database: str) -> None:
    now = [1000.0]
    store = await Store.open(database, clock=lambda: now[0])
    sessions = Hub(store, clock=lambda: now[0], lobby_ttl=600)
    await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="secret_number",
        options={},
        host_id=ALICE,
        host_name="Alice",
    )
    await store.close()
    now[0] += 601
    store = await Store.open(database, clock=lambda: now[0])
    try:
        sessions = Hub(store, clock=lambda: now[0], lobby_ttl=600)
        closed = await sessions.lobbies.expire()
        assert [s.record.end_reason for s in closed] == ["the lobby expired"]
        assert await sessions.sessions.in_channel(CHANNEL) is None
    finally:
        await store.close()


async def test_a_game_continues_after_a_restart(database: str) -> None:
    store = await Store.open(database)
    sessions = Hub(store)
    game_id = await started_game(sessions)
    await sessions.moves.play(game_id, ALICE, seat=0, version=0, index=0)
    before = (await sessions.sessions.position(game_id)).record.state
    await store.close()
    store = await Store.open(database)
    try:
        sessions = Hub(store)
        snap = await sessions.sessions.position(game_id)
        assert snap.record.state == before and snap.to_move() == [1]
        await sessions.moves.play(game_id, BOB, seat=1, version=1, index=1)
        assert (await sessions.sessions.position(game_id)).record.version == 2
    finally:
        await store.close()


@pytest.mark.parametrize("game_name", sorted(all_games()))
async def test_every_registered_game_plays_through_the_session_layer_and_replays(
    game_name: str, database: str
) -> None:
    """The session layer is game-agnostic (issue 5; issue 6 must plug in without changing it):
    any registered game is opened, started and played to its end by action indices, and its
    stored action log replays from the seed to exactly the stored state ("nothing lost")."""
    game = get_game(game_name)
    store = await Store.open(database)
    try:
        sessions = Hub(store, seed_source=lambda: 11)
        seats = game.max_seats
        users = [100 + i for i in range(seats)]
        lobby = await sessions.lobbies.open(
            guild_id=1,
            channel_id=CHANNEL,
            game_name=game_name,
            options={},
            host_id=users[0],
            host_name="P1",
            players=seats,
        )
        game_id = lobby.position.record.id
        for n, user in enumerate(users[1:], start=2):
            await sessions.lobbies.join(game_id, user, f"P{n}")
        if seats > 1:
            await sessions.lobbies.start(game_id, users[0])
        rng = random.Random(game_name)
        for _ in range(5000):
            snap = await sessions.sessions.position(game_id)
            if snap.record.status != "active":
                break
            seat = rng.choice(snap.to_move())
            index = rng.randrange(len(snap.legal_actions(seat)))
            await sessions.moves.play(
                game_id, users[seat], seat=seat, version=snap.record.version, index=index
            )
        record = await store.get(game_id)
        assert record is not None and record.status == "finished"
        log = await store.actions(game_id)
        assert [a.version for a in log] == list(range(1, record.version + 1))
        options = game.options_model.model_validate(record.options)
        replayed, _ = replay(game, options, seats, record.seed, [(a.seat, a.action) for a in log])
        assert dump_state(replayed) == record.state
    finally:
        await store.close()


async def test_concurrent_first_loads_share_one_copy_of_a_game(database: str) -> None:
    """After a restart many clicks may load the same game at once; they must end up on one in-memory
    copy, or a copy read before a move could later hide that move."""
    store = await Store.open(database)
    try:
        game_id = await started_game(Hub(store))
        sessions = Hub(store)  # a fresh process: nothing cached
        loads = await asyncio.gather(*(sessions.sessions.position(game_id) for _ in range(5)))
        assert all(snap is loads[0] for snap in loads)
        reading = asyncio.create_task(sessions.sessions.position(game_id))
        await sessions.moves.play(game_id, ALICE, seat=0, version=0, index=0)
        assert (await reading).record.version == 1
        assert (await sessions.sessions.position(game_id)).record.version == 1
    finally:
        await store.close()


async def test_turn_notices_standing_are_remembered_across_a_restart(database: str) -> None:
    """Issue 5, "Nothing lost": the turn notices a game has standing in the channel are stored, so
    a new process (after a restart) still knows which messages to delete on the next turn."""
    store = await Store.open(database)
    try:
        hub = Hub(store)
        game_id = await started_game(hub)
        session = hub.sessions.session(game_id)
        await hub.sessions.set_notices(session, [MessageRef(CHANNEL, 1001)])
        fresh = Hub(store)  # as after a restart: nothing in memory
        assert await fresh.sessions.notices(fresh.sessions.session(game_id)) == [MessageRef(CHANNEL, 1001)]
        await fresh.sessions.set_notices(fresh.sessions.session(game_id), [])
        assert await store.notices(game_id) == []
    finally:
        await store.close()


async def test_a_one_player_game_starts_with_the_deal_of_its_own_seed(sessions: Hub) -> None:
    """A game for exactly one player starts as it opens, with the state `open` made while it
    checked the options (made once, not twice: issue 31): that state is the game's own seeded
    deal, as Start would have made it, and what the store keeps, so a replay or restart agrees."""
    change = await sessions.lobbies.open(
        guild_id=1,
        channel_id=CHANNEL,
        game_name="cabbagehead",
        options={},
        host_id=ALICE,
        host_name="Alice",
        players=1,
    )
    record = change.position.record
    assert change.started and record.status == "active" and record.seed == 7  # the fixture's seeds
    game = get_game("cabbagehead")
    dealt = dump_state(game.create(game.options_model(), 1, 7))
    assert dump_state(change.position.state) == dealt
    stored = await sessions.store.get(record.id)
    assert stored is not None and stored.state == dealt
    assert dump_state(game.create(game.options_model(), 1, 8)) != dealt  # the seed decides the deal


async def test_a_finished_game_keeps_no_earlier_states_and_plays_no_earlier_click(sessions: Hub) -> None:
    """The states kept to read clicks made on earlier versions (`bot.play.earlier`) go with the
    finishing move: such a click on a finished game is refused as over before they are read, and
    a finished game's session may wait seconds for its final picture (issue 31)."""
    game_id = await started_game(sessions, turns_each=2)
    while (position := await sessions.sessions.position(game_id)).record.status != "finished":
        seat = position.to_move()[0]
        user = position.record.seats[seat].user_id
        assert user is not None
        before = dict(sessions.sessions.session(game_id).earlier_states)
        await sessions.moves.play(game_id, user, seat=seat, version=position.version, index=0)
    assert before  # kept while the game went on
    assert sessions.sessions.session(game_id).earlier_states == {}
    with pytest.raises(Refusal) as refused:
        await sessions.moves.play(game_id, ALICE, seat=0, version=1, index=0)
    assert refused.value.msgid == GAME_OVER


async def test_a_session_made_during_a_click_and_left_holding_nothing_is_not_kept(sessions: Hub) -> None:
    """Only the publisher forgets a session, with a game's last pass: one made afterwards, while a
    click is handled (an old message of an ended game), is not kept once the click is done if it
    holds nothing; while something still holds it, asking again gives the same one (one lock)."""
    game_id = await started_game(sessions, turns_each=1)
    await sessions.lobbies.leave(game_id, ALICE)  # the game ends
    live = sessions.sessions
    live.forget(game_id)  # as the publisher does once it is over and shown
    with live.passing():
        held = live.session(game_id)
        await live.position(game_id)
    assert not live.live(), "the session made for the click is not kept"
    assert live.session(game_id) is held, "still held: the same one, its lock not doubled"
    live.forget(game_id)
    other = await started_game(sessions)  # the channel is free again
    with live.passing():
        live.forget(other)
        await live.position(other)  # a game in progress: its position is kept
    assert [s.game_id for s in live.live()] == [other], "a session holding its game stays"


def _events(version: int, count: int) -> list[Event]:
    return [Event(kind="note", text=f"move {version}, event {n}") for n in range(count)]


def test_a_session_keeps_every_event_of_the_moves_not_yet_shown() -> None:
    """A publishing pass announces every move since the last one shown (`announcement_lines`), and
    at a game played faster than the publisher's pace several moves come between two passes
    (issue 31): the session keeps their events until they are shown, instead of reading them
    back from the store, and lets go of whole moves only."""
    session = GameSession(1)
    session.know_recent([], -1)
    for version in range(1, 31):  # 30 moves of 3 events, none shown yet: 90 events, all kept
        session.note_events(version, _events(version, 3))
    kept = session.events_since(0)
    assert kept is not None and [e.text for e in kept][:2] == ["move 1, event 0", "move 1, event 1"]
    assert len(kept) == 90
    session.shown.version = 28  # a pass showed the moves up to 28
    session.note_events(31, _events(31, 3))
    # The moves shown are let go, but for the last RECENT_KEPT events in whole moves (the log).
    assert session.recent is not None and len(session.recent) == 12
    assert session.recent[0][0] == 28
    assert session.events_since(26) is None  # move 27's events are gone: read from the store
    since = session.events_since(27)
    assert since is not None and len(since) == 12


def test_a_session_bounds_the_events_it_keeps_for_moves_not_shown() -> None:
    """Never shown (Discord down for long), a game's events are kept up to `UNSHOWN_KEPT`; the
    moves beyond it are read from the store when a pass comes (`events_since` says None)."""
    session = GameSession(1)
    session.know_recent([], -1)
    for version in range(1, 201):
        session.note_events(version, _events(version, 2))
    assert session.recent is not None and len(session.recent) <= UNSHOWN_KEPT
    assert session.events_since(0) is None
    newest = session.events_since(199)
    assert newest is not None and [e.text for e in newest] == ["move 200, event 0", "move 200, event 1"]
