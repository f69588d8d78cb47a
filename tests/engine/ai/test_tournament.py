"""benchmarks/tournament.py: its Wilson interval and one seeded game, so the benchmark that
measures the computer players keeps working (figures themselves are in docs/ai.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from engine.sabotage.state import SabotageOptions

ROOT = Path(__file__).resolve().parents[3]


def _tournament() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tournament", ROOT / "benchmarks" / "tournament.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_wilson_interval_matches_the_textbook_values() -> None:
    wilson = _tournament().wilson
    low, high = wilson(181, 200)
    assert low == pytest.approx(0.856, abs=0.001)
    assert high == pytest.approx(0.938, abs=0.001)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 0.0)


def test_a_seeded_game_is_reproducible() -> None:
    play_game = _tournament().play_game
    options = SabotageOptions(season_rounds=3).model_dump_json()
    task = ("sabotage", options, 2, 7, ["greedy", "random"])
    first = play_game(task)
    assert first["scores"] == play_game(task)["scores"]
    assert set(first["times"]) == {"greedy", "random"}
