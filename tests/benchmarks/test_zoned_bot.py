"""The zones of `benchmarks/zoned_bot.py`: a zoned function does what it did, inside its zone.

The C extension only calls `f(*args)` in a frame of its own; a Python stand-in that records each
call checks what the counts rely on: every call of a function, and every step of a coroutine
(each time the event loop resumes it), runs inside its zone, with results and errors unchanged.
"""

from __future__ import annotations

import asyncio
import sys
import types
from typing import Any

import pytest

from benchmarks.zoned_bot import install, zoned


class Zone:
    """A stand-in for `zones.zone_NN`: calls `f(*args)`, counting the calls and who was inside."""

    def __init__(self) -> None:
        self.calls = 0
        self.inside = False

    def __call__(self, function: Any, *args: Any) -> Any:
        self.calls += 1
        self.inside = True
        try:
            return function(*args)
        finally:
            self.inside = False


def test_a_plain_function_runs_inside_its_zone_with_its_result_and_errors() -> None:
    zone = Zone()
    seen: list[bool] = []

    def add(a: int, b: int = 0) -> int:
        seen.append(zone.inside)
        if a < 0:
            raise ValueError("negative")
        return a + b

    wrapped = zoned(add, zone)
    assert wrapped(2, 3) == 5 and wrapped(2, b=4) == 6
    with pytest.raises(ValueError, match="negative"):
        wrapped(-1)
    assert seen == [True, True, True] and zone.calls == 3


def test_every_step_of_a_coroutine_runs_inside_its_zone() -> None:
    zone = Zone()
    seen: list[bool] = []

    async def slow(n: int) -> int:
        total = 0
        for i in range(n):
            seen.append(zone.inside)
            await asyncio.sleep(0)  # the event loop resumes it: a new step
            total += i
        seen.append(zone.inside)
        return total

    async def failing() -> None:
        await asyncio.sleep(0)
        raise KeyError("gone")

    assert asyncio.run(zoned(slow, zone)(3)) == 3
    assert seen == [True] * 4 and zone.calls == 4  # three awaits: four steps
    with pytest.raises(KeyError):
        asyncio.run(zoned(failing, zone)())


def test_a_cancellation_reaches_the_zoned_coroutine() -> None:
    zone = Zone()
    cleaned: list[bool] = []

    async def waits() -> None:
        try:
            await asyncio.sleep(60)
        finally:
            cleaned.append(zone.inside)

    async def main() -> None:
        task = asyncio.create_task(zoned(waits, zone)())
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert cleaned == [True]  # its `finally` ran, inside the zone


def test_install_zones_a_function_where_it_is_defined_and_where_it_was_imported() -> None:
    """`install` puts each target in its own zone, in order: a module's function (and the same
    function imported by name into another module), a method and a static method."""
    defined, importer = types.ModuleType("zoned_defined"), types.ModuleType("zoned_importer")

    def double(x: int) -> int:
        return 2 * x

    class Counter:
        def bump(self, x: int) -> int:
            return x + 1

        @staticmethod
        def half(x: int) -> int:
            return x // 2

    defined.double, defined.Counter = double, Counter  # type: ignore[attr-defined]
    importer.double = double  # type: ignore[attr-defined]
    zones = types.SimpleNamespace(**{f"zone_{n:02d}": Zone() for n in range(3)})
    sys.modules.update(zoned_defined=defined, zoned_importer=importer)
    try:
        install(["zoned_defined:double", "zoned_defined:Counter.bump", "zoned_defined:Counter.half"], zones)
        assert defined.double(4) == 8 and importer.double(5) == 10  # type: ignore[attr-defined]
        assert Counter().bump(1) == 2 and Counter.half(9) == 4
    finally:
        del sys.modules["zoned_defined"], sys.modules["zoned_importer"]
    assert [zones.zone_00.calls, zones.zone_01.calls, zones.zone_02.calls] == [2, 1, 1]
