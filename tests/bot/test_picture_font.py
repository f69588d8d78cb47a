"""The pictures' font (issue 32, "Every player in their own language"): it draws every letter and
mark the catalogs and the pseudo-locale use, so a French picture reads "Rangée", not "Rangee"; and
it ships with the code, in the very wheel the Docker image installs, so a fresh clone and the
image draw the same pixels."""

from __future__ import annotations

import re
import shutil
import string
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from bot.basics.words import LOCALE_DIR, pseudo
from bot.pictures import canvas as cv

ROOT = Path(__file__).resolve().parents[2]
#: What a picture may draw of a catalog: letters, digits, punctuation, spaces, maths and currency
#: signs. The catalogs' other symbols (▶, ⏸, 🌱...) label Discord's buttons and messages.
DRAWN_CATEGORIES = ("L", "N", "P", "Z", "Sm", "Sc", "Sk")


def catalog_characters() -> set[str]:
    """Every character of every translation in the catalogs that a picture could draw."""
    found: set[str] = set()
    for path in LOCALE_DIR.rglob("*.po"):
        with path.open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                found.update(ch for text in strings if text for ch in text)
    return {ch for ch in found if unicodedata.category(ch).startswith(DRAWN_CATEGORIES)}


def test_every_letter_and_mark_of_the_catalogs_is_drawn_as_itself() -> None:
    chars = catalog_characters()
    assert {"é", "è", "ê", "à", "ç", "ô", "œ", "«", "»", "’", "—"} <= chars, "the French catalog is read"
    assert not {ch for ch in chars if cv.printable(ch) != ch}, "characters the pictures' font lacks"


def test_the_pseudo_locale_is_drawn_as_it_is_written() -> None:
    """Accents, ⟦…⟧ marks and padding: a layout checked in the pseudo-locale is checked at the width
    its texts really take."""
    text = pseudo(string.ascii_letters + string.digits + " ,.:;!?'()-")
    assert cv.printable(text) == text


def test_an_accent_is_drawn_not_folded() -> None:
    """The picture of "Rangée" is not that of "Rangee" (the old font drew both alike)."""

    def drawn(text: str) -> bytes:
        image = Image.new("RGB", (200, 40), cv.PAPER)
        cv.draw_text(image, (4, 4), text, cv.BODY, cv.INK)
        return image.tobytes()

    assert drawn("Rangée") != drawn("Rangee")
    assert drawn("e\u0301") == drawn("é"), "a decomposed accent is drawn as the one letter"


def test_the_font_and_its_licence_ship_in_the_wheel_the_image_installs(tmp_path: Path) -> None:
    """The Dockerfile's build stage copies a few folders and builds a wheel from them; that wheel
    holds the font and its licence (pyproject.toml's package data), and .dockerignore keeps them."""
    pytest.importorskip("setuptools", reason="the wheel is built with the venv's setuptools")
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    build_stage = re.split(r"^FROM ", dockerfile, flags=re.MULTILINE)[1]
    copied = re.findall(r"^COPY (.+) \S+$", build_stage, flags=re.MULTILINE)
    sources = [part for line in copied for part in line.split()]
    assert "bot" in sources, sources
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8")
    assert not re.search(r"^[^#\n]*(fonts|\.ttf|LICENSE)", ignored, flags=re.MULTILINE)
    src = tmp_path / "src"
    for source in sources:
        origin = ROOT / source
        if origin.is_dir():
            shutil.copytree(origin, src / source, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (src / source).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(origin, src / source)
    wheels = str(tmp_path / "wheels")
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    built = subprocess.run(
        [*pip_wheel, "--wheel-dir", wheels, str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "wheels").glob("*.whl")
    font = cv.FONT_FILE.relative_to(ROOT).as_posix()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert font in names and "bot/pictures/fonts/LICENSE-DejaVu.txt" in names, sorted(
            n for n in names if "pictures" in n
        )
        assert archive.read(font) == cv.FONT_FILE.read_bytes()
