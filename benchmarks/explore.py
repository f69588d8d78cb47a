"""The explorer's long run (issue 27): random play of the real bot through the tests' fake Discord
for as long as asked, then every finding with the steps before it.

    .venv/bin/python benchmarks/explore.py --minutes 20 --seed 7
    .venv/bin/python benchmarks/explore.py --minutes 5 --seed 3 --keep-going   # collect several
    .venv/bin/python benchmarks/explore.py --minutes 5 --locale x-pseudo --keep-going   # words left bare
    .venv/bin/python benchmarks/explore.py --whole-games --locale x-pseudo --minutes 15  # games to their end

CI runs the same explorer for a short budget (tests/explorer/test_explorer.py). Exit status 1 when
anything was found (a finding, a payload breaking Discord's limits or schema, an unknown route),
and with --whole-games when a garden game was not played to its end within the minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.basics.clock import ManualClock
from bot.publish.pacing import PUBLISH_EVERY
from tests.explorer.world import explore, prepare
from tests.fake_discord import BotRunner, FakeDiscord
from tests.fake_discord.checks import PayloadChecker, load_spec
from tests.fake_discord.fixtures import fake_discord_problems


async def main(
    minutes: float, seed: int, keep_going: bool, locale: str | None = None, whole_games: bool = False
) -> int:
    fake = FakeDiscord(checker=PayloadChecker(load_spec()))
    await fake.start()
    with tempfile.TemporaryDirectory(prefix="garden-explore-") as folder:
        runner = BotRunner(fake, Path(folder) / "data")
        # The bot's own publishing pace, not the tests' shorter one: what a stranger meets.
        runner.before_start.append(lambda bot: setattr(bot, "publish_every", PUBLISH_EVERY))
        runner.attach_logs()
        clock = ManualClock()
        prepare(fake, runner, clock)
        started = time.monotonic()
        try:
            explorer = await explore(
                fake,
                runner,
                clock,
                seed,
                minutes * 60,
                max_findings=50 if keep_going else 1,
                locale=locale,
                whole_games=whole_games,
            )
            summary = explorer.report()  # while its database is still there
            finished = explorer.finished()
        finally:
            await runner.stop()
            runner.detach_logs()
            await fake.stop()
    problems = fake_discord_problems(fake)
    print(f"seed {seed}, {(time.monotonic() - started) / 60:.1f} min: {summary}")
    for finding in explorer.findings:
        print(f"- {finding}")
    for problem in problems:
        print(f"- fake Discord: {problem}")
    unfinished = [game for game, count in finished.items() if not count] if whole_games else []
    for game in unfinished:
        print(f"- no {game} game was played to its end")
    return 1 if explorer.findings or problems or unfinished else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--keep-going", action="store_true", help="collect up to 50 findings, not stop at one"
    )
    parser.add_argument(
        "--locale",
        help="everyone's language, e.g. fr; x-pseudo also finds every word shown without the catalogs' marks",
    )
    parser.add_argument(
        "--whole-games",
        action="store_true",
        help="play the games going to their end (no /end, /leave, cancelled lobby or long clock jump); "
        "stop once each garden game was played to its end, fail if one never was",
    )
    arguments = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    sys.exit(
        asyncio.run(
            main(
                arguments.minutes,
                arguments.seed,
                arguments.keep_going,
                arguments.locale,
                arguments.whole_games,
            )
        )
    )
