"""Every rule paragraph of the rulebook's sections and every ruling of docs/rules/garden-party.md is
cited by at least one test docstring in this folder (each test says what it checks)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
DOCUMENT = FOLDER.parents[2] / "docs" / "rules" / "garden-party.md"

#: The rulebook's sections with rules (VI is the example of play; VII the end and its count).
SECTIONS = [
    "I",
    "II",
    "III A",
    "III B",
    "III C",
    "III D 1",
    "III D 2",
    "III D 3",
    "III D 4",
    "IV A",
    "IV B",
    "IV C",
    "IV D",
    "IV E",
    "V A",
    "V B",
    "V C",
    "V D",
    "VI",
    "VII",
    "VII A",
    "VII B",
    "VII C",
]


def docstrings() -> dict[str, str]:
    """Test name -> docstring, over every test module here."""
    found = {}
    for path in sorted(FOLDER.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[f"{path.stem}::{node.name}"] = ast.get_docstring(node) or ""
    return found


def rulings_cited(text: str) -> set[int]:
    cited: set[int] = set()
    for match in re.finditer(r"[Rr]ulings? (\d+(?:(?:, | and )\d+)*)", text):
        cited.update(int(n) for n in re.findall(r"\d+", match.group(1)))
    return cited


def sections_cited(text: str) -> set[str]:
    return {s for s in SECTIONS if re.search(r"(?<![\w])" + re.escape(s) + r"(?![\w])", text)}


def test_every_test_cites_a_section_or_a_ruling() -> None:
    for name, doc in docstrings().items():
        if name.startswith("test_rules_document::"):
            continue
        assert rulings_cited(doc) or sections_cited(doc), f"{name} cites no section or ruling"


def test_every_ruling_of_the_document_has_a_test() -> None:
    document = DOCUMENT.read_text(encoding="utf-8")
    numbers = {int(n) for n in re.findall(r"^(\d+)\. \*\*", document.split("## Rulings", 1)[1], re.M)}
    assert numbers == set(range(1, 34))
    cited = set().union(*(rulings_cited(doc) for doc in docstrings().values()))
    assert numbers <= cited, f"rulings with no test: {sorted(numbers - cited)}"


def test_every_section_of_the_rulebook_has_a_test() -> None:
    cited = set().union(*(sections_cited(doc) for doc in docstrings().values()))
    assert set(SECTIONS) <= cited, f"sections with no test: {sorted(set(SECTIONS) - cited)}"


def test_every_ruling_names_its_paragraph_and_says_reading_or_design() -> None:
    """Issue 28, "What to build": every ruling says which paragraph of the text (I to VII) it fills
    or interprets, and whether it is a reading or a design, in its heading's parenthesis."""
    rulings = re.split(
        r"^\s*(?=\d+\. \*\*)", DOCUMENT.read_text(encoding="utf-8").split("## Rulings", 1)[1], flags=re.M
    )
    headed = 0
    for ruling in filter(None, (r.strip() for r in rulings)):
        number = ruling.split(".", 1)[0]
        heading = ruling[: ruling.index(")") + 1] if ")" in ruling[:400] else ""
        assert sections_cited(heading), f"ruling {number} names no paragraph: {heading or ruling[:80]!r}"
        assert "a reading" in heading or "a design" in heading, f"ruling {number}: reading or design?"
        headed += 1
    assert headed == 33
