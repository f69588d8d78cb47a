"""The import contracts ([tool.importlinter] in pyproject.toml) hold, and they would catch an import
that runs the wrong way: each case plants one in a copy of the source and expects lint-imports to
fail, naming the contract it broke."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = "bot's rooms import only the rooms below them"
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports over the source copied into `tree`, with the project's contracts."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(tree / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of bot/, engine/ and pyproject.toml: the contracts' whole world."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("bot", "engine"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_contracts_hold(tree: Path) -> None:
    found = lint_imports(tree)
    assert found.returncode == 0, found.stdout + found.stderr
    assert "0 broken" in found.stdout


@pytest.mark.parametrize(
    ("module", "planted", "contract"),
    [
        # the bot's time, at the bottom, reaching up to the table's services
        ("bot/basics/clock.py", "import bot.handlers.table", LAYERS),
        # the store reaching up to the moves
        ("bot/storage/games.py", "from bot.play import moves", LAYERS),
        # the rules reaching for Discord
        ("engine/api.py", "import discord", "the engine knows nothing of the bot, Discord or the event loop"),
        # one game's rules reaching into another's
        ("engine/sabotage/__init__.py", "import engine.cabbagehead", "each game's rules stand alone"),
    ],
)
def test_a_planted_import_breaks_its_contract(tree: Path, module: str, planted: str, contract: str) -> None:
    path = tree / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{planted}  # noqa\n", encoding="utf-8")
    found = lint_imports(tree)
    assert found.returncode != 0, found.stdout
    assert f"{contract} BROKEN" in found.stdout, found.stdout
