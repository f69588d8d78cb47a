"""docs/rules/cabbagehead.md names a test for every ruling: each named test must exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_every_test_named_in_the_rules_document_exists() -> None:
    document = (ROOT / "docs" / "rules" / "cabbagehead.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)`", document))
    folder = ROOT / "tests" / "engine" / "cabbagehead"
    sources = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("test_*.py"))
    defined = set(re.findall(r"def (test_\w+)\(", sources))
    assert named, "the rules document names no tests"
    assert named <= defined, f"named but missing: {sorted(named - defined)}"


def test_every_ruling_has_a_test() -> None:
    document = (ROOT / "docs" / "rules" / "cabbagehead.md").read_text(encoding="utf-8")
    rulings = re.split(r"\n(?=\d+\. \*\*)", document.split("## Rulings", 1)[1])[1:]
    assert len(rulings) >= 20
    for ruling in rulings:
        assert "`test_" in ruling, f"ruling without a test: {ruling[:60]!r}"
