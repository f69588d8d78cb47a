"""Results for the games that ended before results were kept (databases older than schema 5).

Migration 5 is SQL and cannot score a game (that needs the engine), so after an upgrade those
games have no result row. At start, after the catch-up, `backfill_results` builds each one's
result from its stored record, final state and action log (`bot.records.results.result_record`), a few
at a time so the bot stays responsive, and stores it: /stats then counts those games too. They
are never rated — ratings move only with games recorded as they end, in their own order — and
say so ("it ended before results were kept"). A game whose state no longer loads is skipped
(logged once), never fatal.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.records.results import result_record, tally_of
from bot.storage import GameRecord, Outcome, Store
from engine.api import load_state
from engine.registry import get_game

log = logging.getLogger(__name__)

#: Games read and scored per round trip (then the event loop gets its turn).
BATCH = 50
#: Why a backfilled game has no rating change.
BEFORE_RESULTS = "it ended before results were kept"


def outcome_of(record: GameRecord) -> Outcome:
    """How an older game ended, from its stored status and end reason."""
    reason = record.end_reason or ""
    if record.status == "finished":
        return "abandoned" if reason.startswith("abandoned") else "completed"
    return "left" if reason.endswith("left the game") else "ended"


async def backfill_results(store: Store, owns_guild: Callable[[int | None], bool] | None = None) -> int:
    """Store a result for every game that ended without one (of the guilds `owns_guild` says this
    process handles: with shards, each process scores its own); how many were stored."""
    stored = 0
    skipped: set[int] = set()
    while True:
        records = [r for r in await store.ended_without_result(BATCH + len(skipped)) if r.id not in skipped]
        if not records:
            break
        for record in records:
            if owns_guild is not None and not owns_guild(record.guild_id):
                skipped.add(record.id)  # another process's: left for it, unlogged
                continue
            try:
                game = get_game(record.game)
                state = load_state(game, record.state) if record.state is not None else None
                result = result_record(
                    record,
                    game,
                    state,
                    tally_of(len(record.seats), await store.actions(record.id)),
                    outcome=outcome_of(record),
                    finished_at=record.updated_at,
                )
            except Exception:
                log.warning("Game %s ended before results were kept and cannot be scored now.", record.id)
                skipped.add(record.id)
                continue
            unrated = result.model_copy(update={"rated": False, "unrated_reason": BEFORE_RESULTS})
            stored += await store.store_result(unrated)
        await asyncio.sleep(0)
    if stored:
        log.info("Stored the results of %s games that ended before results were kept.", stored)
    return stored
