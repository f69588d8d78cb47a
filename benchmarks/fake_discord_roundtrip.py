"""How much the fake Discord itself costs per interaction, so load figures can be read fairly.

Runs the real bot in-process against the fake and sends `/help` N times (sequentially, then in
concurrent bursts), with the payload checks on and off. Prints wall time, interactions per
second, p50/p99 round trip (event dispatched -> callback received) and the process CPU per
interaction (bot + fake together: they share the process).

    .venv/bin/python benchmarks/fake_discord_roundtrip.py --count 500
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fake_discord.checks import PayloadChecker, load_spec
from tests.fake_discord.fake import FakeDiscord
from tests.fake_discord.fixtures import BotRunner


async def measure(count: int, burst: int, checker: PayloadChecker, label: str) -> None:
    fake = FakeDiscord(checker=checker)
    await fake.start()
    with tempfile.TemporaryDirectory() as data:
        runner = BotRunner(fake, Path(data))
        await runner.start()
        try:
            cpu0, wall0 = time.process_time(), time.perf_counter()
            latencies: list[float] = []
            for start in range(0, count, burst):
                batch = [
                    fake.slash(fake.alice, fake.general, "help") for _ in range(min(burst, count - start))
                ]
                interactions = await asyncio.gather(*batch)
                for interaction in interactions:
                    await interaction.wait_answered(timeout=30)
                    assert interaction.latency is not None
                    latencies.append(interaction.latency * 1000)
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        finally:
            await runner.stop()
            await fake.stop()
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{label} burst={burst}: {count} interactions in {wall:.2f}s = {count / wall:.0f}/s; "
        f"p50 ms: {statistics.median(latencies):.2f}; p99 ms: {p99:.2f}; "
        f"cpu ms/interaction (bot+fake): {cpu * 1000 / count:.2f}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    args = parser.parse_args()
    spec = load_spec()
    for burst in (1, 20):
        await measure(args.count, burst, PayloadChecker.disabled(), "checks off")
        await measure(
            args.count,
            burst,
            PayloadChecker(spec),
            "checks on (limits + OpenAPI)" if spec else "checks on (limits; no spec)",
        )


if __name__ == "__main__":
    asyncio.run(main())
