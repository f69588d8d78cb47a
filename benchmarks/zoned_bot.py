"""The real bot with chosen functions run inside C frames of their own, for callgrind (issue 31).

    python benchmarks/bot_instructions.py --from-table --cache-sim \
        --zones bot.publish.table_layout:table_layout,bot.play.moves:Moves._apply

Callgrind counts instructions and cache misses by C function. Python 3.11 runs a call from one
Python function to another inside the same evaluation loop, so everything our code does is
"the evaluation loop" to callgrind, and which part of a click touches the memory it misses on
cannot be read from its output. This script starts `python -m bot` with each function named on
its command line (`module:qualified.name`) called through `zone_NN` of the small C extension in
`benchmarks/zones/zones.c` (built by `bot_instructions.py`): its inclusive cost in callgrind's
output is then that function's, callees included, down to the allocator, the collector it
triggers and SQLite. An `async def` function's steps each run inside its zone (each time the
event loop resumes it), so an awaited coroutine's work counts in its caller's zone too.

Functions imported elsewhere by name are replaced there too. A zone costs a few calls more per
call: the counts of a zoned run are a little above a plain one's.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import runpy
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: This script, as `bot_instructions.py --zones` starts it in place of `python -m bot`.
SCRIPT = str(Path(__file__).resolve())
#: How many zones the C extension has (`zone_00` ... `zone_23`).
ZONES = 24

Zone = Callable[..., Any]


class _Zoned:
    """A coroutine whose every step (each `send` or `throw` from the event loop) runs in `zone`."""

    __slots__ = ("coroutine", "zone")

    def __init__(self, coroutine: Any, zone: Zone) -> None:
        self.coroutine = coroutine
        self.zone = zone

    def __await__(self) -> Generator[Any, Any, Any]:
        send, throw, zone = self.coroutine.send, self.coroutine.throw, self.zone
        value: Any = None
        error: BaseException | None = None
        while True:
            try:
                step = zone(send, value) if error is None else zone(throw, error)
            except StopIteration as stop:
                return stop.value
            try:
                value, error = (yield step), None
            except BaseException as thrown:  # handed to the coroutine, as `await` would
                value, error = None, thrown


def zoned(function: Callable[..., Any], zone: Zone) -> Callable[..., Any]:
    """`function`, called inside `zone` (each step of it, for a coroutine function)."""
    if inspect.iscoroutinefunction(function):

        @functools.wraps(function)
        async def stepped(*args: Any, **kwargs: Any) -> Any:
            return await _Zoned(function(*args, **kwargs), zone)

        return stepped

    @functools.wraps(function)
    def called(*args: Any, **kwargs: Any) -> Any:
        return zone(functools.partial(function, *args, **kwargs)) if kwargs else zone(function, *args)

    return called


def install(targets: list[str], zones: Any) -> None:
    """Put each of `targets` (`module:qualified.name`) in a zone of its own, in order."""
    if len(targets) > ZONES:
        raise SystemExit(f"at most {ZONES} zones")
    for number, target in enumerate(targets):
        module_name, _, qualified = target.partition(":")
        module = importlib.import_module(module_name)
        *path, name = qualified.split(".")
        owner: Any = module
        for part in path:
            owner = getattr(owner, part)
        found = inspect.getattr_static(owner, name)
        is_static, is_class = isinstance(found, staticmethod), isinstance(found, classmethod)
        function = found.__func__ if is_static or is_class else found
        replacement: Any = zoned(function, getattr(zones, f"zone_{number:02d}"))
        if is_static:
            replacement = staticmethod(replacement)
        elif is_class:
            replacement = classmethod(replacement)
        setattr(owner, name, replacement)
        if owner is module:  # `from module import name` elsewhere: replaced there too
            for other in list(sys.modules.values()):
                # The module's own names only: `getattr` would run a lazy module's `__getattr__`.
                if getattr(other, "__dict__", {}).get(name) is found:
                    setattr(other, name, replacement)


def main() -> None:
    """`zoned_bot.py ZONES_DIR TARGETS`: the extension built in ZONES_DIR, TARGETS comma-separated."""
    zones_dir, targets = sys.argv[1], sys.argv[2]
    sys.path.insert(0, zones_dir)
    zones = importlib.import_module("zones")
    importlib.import_module("bot.app")  # everything the bot imports, before it is replaced
    install([t for t in targets.split(",") if t], zones)
    sys.argv = ["bot"]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
