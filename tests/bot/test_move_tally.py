"""A result's counts of the game's log (`bot.records.results`: moves, each seat's turns and its turns
played because time ran out), kept move by move in the game's session (`bot.game.move_tally`,
issue 31) rather than read back from the whole log at the last move: the same counts either way,
and after a restart (when the session never saw the first moves) the log is read as before.

Played with the built-in two-seat Secret Numbers, as the session tests are."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.game.move_tally import MoveTally
from bot.records.results import tally_of
from bot.storage import ActionRecord, Store
from tests.bot.hub import Hub
from tests.bot.test_sessions import started_game


def counted_by_hand(seats: int, log: list[tuple[int, list[int]]]) -> tuple[list[int], list[int]]:
    """The result's definition, written out: a turn is a run of one seat's consecutive moves; a
    timed-out turn is a "timeout" event naming the seat as its player."""
    turns, timeouts = [0] * seats, [0] * seats
    for index, (seat, timed_out) in enumerate(log):
        if index == 0 or log[index - 1][0] != seat:
            turns[seat] += 1
        for player in timed_out:
            timeouts[player] += 1
    return turns, timeouts


@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.lists(st.integers(0, 2), max_size=2)),
        max_size=30,
    )
)
def test_a_tally_kept_move_by_move_counts_what_the_whole_log_counts(log: list[tuple[int, list[int]]]) -> None:
    stored = [
        ActionRecord(1, number, seat, {}, [{"kind": "timeout", "seats": {"player": p}} for p in timed_out])
        for number, (seat, timed_out) in enumerate(log, start=1)
    ]
    kept = MoveTally.start(3)
    for seat, timed_out in log:
        kept = kept.after(seat, timed_out)
    assert kept == tally_of(3, stored)
    assert (list(kept.turns), list(kept.timeouts)) == counted_by_hand(3, log)
    assert kept.moves == len(log)


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()


async def play_to_the_end(hub: Hub, game_id: int, *, restart_after: int | None = None) -> Hub:
    """Seat 0's first turn runs out (the computer plays it); then each seat plays its first choice.
    With `restart_after`, the hub is made anew after that many moves (a restart: the new
    session never saw the first moves). Returns the hub the game ended in."""
    await hub.moves.play_for_timeout(game_id, 0, "random", turn=None)
    while True:
        position = await hub.sessions.position(game_id)
        if not position.is_active:
            return hub
        if restart_after is not None and position.version == restart_after:
            hub = Hub(hub.store)
            restart_after = None
            continue
        seat = position.to_move()[0]
        user = position.record.seats[seat].user_id
        assert user is not None
        await hub.moves.play(game_id, user, seat=seat, version=position.version, index=0)


@pytest.mark.parametrize("restart_after", [None, 2])
async def test_a_finished_games_result_counts_its_log(
    store: Store, restart_after: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    logs_read: list[int] = []
    read_log = store.actions

    async def counted(game_id: int, *, since_version: int = 0) -> list[ActionRecord]:
        if since_version == 0:
            logs_read.append(game_id)
        return await read_log(game_id, since_version=since_version)

    monkeypatch.setattr(store, "actions", counted)
    hub = Hub(store)
    game_id = await started_game(hub)
    await play_to_the_end(hub, game_id, restart_after=restart_after)
    assert logs_read == ([] if restart_after is None else [game_id]), (
        "the whole log is read only when the session did not see the game from its start"
    )
    result = await store.result(game_id)
    assert result is not None and result.status == "finished"
    actions = await read_log(game_id)
    whole = tally_of(2, actions)
    assert [s.turns for s in result.seats] == list(whole.turns)
    assert [s.timeouts for s in result.seats] == list(whole.timeouts)
    assert whole.timeouts == (1, 0), "seat 0's first turn ran out"
    assert result.moves == len(actions) and result.timeouts == 1
