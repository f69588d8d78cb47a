"""What the same work costs when it comes back to back, and when it comes after a pause.

`bot_load.py --rate 50` gives the bot an interaction every 20 ms or so, and it sleeps in between;
`--saturate` keeps it busy. The same interaction costs the bot far more CPU in the first case
(docs/performance.md). This shows how much of that is the machine rather than the bot: a fixed
piece of pure engine work (three views and legal-action lists of a Mr. Cabbagehead's Garden
position; no I/O, no threads) is timed in this thread's CPU time, back to back, after sleeping 1,
5 or 20 ms, and after spinning 20 ms (awake, but running something else).

  python benchmarks/wakeup_cost.py [--calls 300]

On this project's shared virtual machine the work costs about twice as much after a 20 ms sleep as
back to back: its caches are cold again by the time it wakes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.cabbagehead import GAME, CabbageheadOptions, CabbageheadState  # noqa: E402


def positions(count: int, seed: int) -> list[CabbageheadState]:
    """`count` positions of random solo games."""
    rng = random.Random(seed)
    found: list[CabbageheadState] = []
    state = GAME.create(CabbageheadOptions(), 1, seed)
    while len(found) < count:
        actions = list(GAME.legal_actions(state, 0))
        if not actions:
            state = GAME.create(CabbageheadOptions(), 1, rng.randrange(1 << 30))
            continue
        GAME.apply(state, 0, rng.choice(actions))
        found.append(state.model_copy(deep=True))
    return found


def work(state: CabbageheadState) -> None:
    for _ in range(3):
        GAME.view(state, None)
        GAME.legal_actions(state, 0)


def pause(kind: str, seconds: float) -> None:
    if kind == "sleep":
        time.sleep(seconds)
    elif kind == "spin":
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            pass


def cpu_ms_per_call(states: list[CabbageheadState], kind: str, seconds: float, calls: int) -> float:
    spent = 0.0
    for number in range(calls):
        pause(kind, seconds)
        started = time.thread_time()
        work(states[number % len(states)])
        spent += time.thread_time() - started
    return 1000 * spent / calls


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--calls", type=int, default=300, help="calls timed in each mode")
    args = parser.parse_args()
    states = positions(200, seed=1)
    cpu_ms_per_call(states, "none", 0, 100)  # warm up
    modes = [("back to back", "none", 0.0)]
    modes += [(f"after sleeping {ms} ms", "sleep", ms / 1000) for ms in (1, 5, 20)]
    modes += [("after spinning 20 ms", "spin", 0.02)]
    base = None
    for name, kind, seconds in modes:
        cost = cpu_ms_per_call(states, kind, seconds, args.calls)
        base = base or cost
        print(f"{name}: {cost:.3f} CPU ms per call ({cost / base:.2f}x)")


if __name__ == "__main__":
    main()
