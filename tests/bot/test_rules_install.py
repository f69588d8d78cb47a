"""`/rules` works from an installed package, whatever the working directory: read_rules falls back
from the source checkout's docs/rules/ to the copy pyproject installs under share/garden-club/rules."""

from __future__ import annotations

import shutil
import sys
import tomllib
from pathlib import Path

import pytest

from bot.presenters import base
from bot.presenters.cabbagehead import CabbageheadPresenter
from bot.presenters.sabotage import SabotagePresenter

ROOT = Path(__file__).resolve().parents[2]


def test_read_rules_finds_the_installed_copy_without_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    presenters = [CabbageheadPresenter(), SabotagePresenter()]
    from_checkout = [presenter.rules_text() for presenter in presenters]
    installed = tmp_path / "share" / "garden-club" / "rules"
    installed.mkdir(parents=True)
    for document in (ROOT / "docs" / "rules").glob("*.md"):
        shutil.copy(document, installed / document.name)
    monkeypatch.setattr(base, "RULES_DIR", tmp_path / "no-checkout" / "docs" / "rules")
    monkeypatch.setattr(base, "INSTALLED_RULES_DIR", installed)

    expected = (ROOT / "docs" / "rules" / "sabotage.md").read_text(encoding="utf-8")
    assert base.read_rules("sabotage", "fallback") == expected
    assert [presenter.rules_text() for presenter in presenters] == from_checkout
    assert not any("not installed" in text for text in from_checkout)
    # A document in neither place: the fallback.
    assert base.read_rules("no-such-game", "fallback") == "fallback"


def test_the_checkout_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sabotage.md").write_text("# an old installed copy", encoding="utf-8")
    monkeypatch.setattr(base, "INSTALLED_RULES_DIR", tmp_path)
    assert base.read_rules("sabotage", "") == (ROOT / "docs" / "rules" / "sabotage.md").read_text(
        encoding="utf-8"
    )


def test_the_package_installs_every_rules_document() -> None:
    """pyproject's data-files puts docs/rules/*.md where INSTALLED_RULES_DIR looks."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data_files = config["tool"]["setuptools"]["data-files"]
    target = base.INSTALLED_RULES_DIR.relative_to(sys.prefix).as_posix()
    installed = {path.name for pattern in data_files[target] for path in ROOT.glob(pattern)}
    assert installed == {path.name for path in (ROOT / "docs" / "rules").glob("*.md")}
    assert {"cabbagehead.md", "sabotage.md"} <= installed
