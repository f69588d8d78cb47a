"""Words in each player's language (issue 32): gettext catalogs read with Babel at start.

The catalogs are `bot/locale/<lang>/LC_MESSAGES/garden_club.po`, compiled in memory when first
asked for, so a fresh clone runs without a build step. Texts use named `{field}` placeholders, so a
translation may put them in any order. `x-pseudo` is English made longer and accented, for seeing
at a glance which words skipped the catalogs and which layouts break on longer languages. Logs stay
English: only what players read goes through here.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "garden_club"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
ENGLISH = "en"
PSEUDO = "x-pseudo"
#: The languages with a catalog, English (the code's own words) first.
LANGUAGES = (ENGLISH, "fr")

_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_ACCENTED = str.maketrans(
    "aceinorsuyzACEINORSUYZ",
    "àçéîñöřšüýžÀÇÉÎÑÖŘŠÜÝŽ",
)


def N_(msgid: str) -> str:
    """Mark `msgid` for the catalogs where it is written, to be translated where it is shown
    (gettext's "N_": a refusal's wording is defined once and said in each clicker's language)."""
    return msgid


def catalog_path(language: str) -> Path:
    """Where `language`'s catalog lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def accent(text: str) -> str:
    """`text` with the pseudo-locale's accents ("Sorry" -> "Šöřřý"), for finding a piece of a
    pseudo-locale text by its English."""
    return text.translate(_ACCENTED)


def pseudo(english: str) -> str:
    """`english` accented, about 40% longer and wrapped in ⟦…⟧; `{field}` placeholders untouched."""
    parts = _PLACEHOLDER.split(english)
    letters = sum(len(p) for p in parts[::2])
    padding = "~" * max(1, round(letters * 0.4))
    accented = "".join(p if i % 2 else accent(p) for i, p in enumerate(parts))
    return f"⟦{accented}{padding}⟧"


#: What a Markdown page keeps as it is in the pseudo-locale: code (command names), link targets.
_MARKDOWN_KEPT = re.compile(r"(`[^`]*`|\]\([^)]*\)|<[^>]+>)")
#: A Markdown line's own marks: a heading's, a list item's, a quote's.
_MARKDOWN_LEAD = re.compile(r"^(\s*(?:#{1,6} |[-*+] |\d+\. |> )?)(.*)$")


def _pseudo_inline(text: str) -> str:
    parts = _MARKDOWN_KEPT.split(text)
    letters = sum(len(p) for p in parts[::2])
    accented = "".join(p if i % 2 else accent(p) for i, p in enumerate(parts))
    return f"⟦{accented}{'~' * max(1, round(letters * 0.4))}⟧"


def pseudo_markdown(page: str) -> str:
    """An English Markdown page in the pseudo-locale: each line's words accented, made about 40%
    longer and marked as `pseudo` does, its Markdown (headings, lists, tables, code, link
    targets) kept, so the rules' pages show how a longer language pages (`/rules`)."""
    out: list[str] = []
    in_code = False
    for line in page.splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
            out.append(line)
        elif in_code or not line.strip() or set(line.strip()) <= set("|-: "):
            out.append(line)  # code, a blank line, a table's rule
        elif line.lstrip().startswith("|"):
            cells = line.split("|")
            out.append("|".join(_pseudo_inline(c.strip()) if c.strip() else c for c in cells))
        else:
            lead, rest = _MARKDOWN_LEAD.match(line).groups()  # type: ignore[union-attr]
            out.append(lead + _pseudo_inline(rest) if rest.strip() else line)
    return "\n".join(out) + ("\n" if page.endswith("\n") else "")


def resolve(locale: str | None) -> str:
    """The supported language for a Discord locale ("fr", "en-US", "pt-BR", ...), else English."""
    if not locale:
        return ENGLISH
    wanted = str(locale).lower()
    if wanted == PSEUDO:
        return PSEUDO
    for candidate in (wanted, wanted.split("-")[0]):
        if candidate in LANGUAGES:
            return candidate
    return ENGLISH


#: French elides "de" and "que" before a vowel ("d’Alice", "qu’Eudora"); a catalog entry cannot,
#: since the name is only known when it is filled in ("de {player}"). Elided before a field whose
#: value is a word that starts with a vowel (markdown's bold marks aside); never before an "h"
#: (aspirated or not, a name's cannot be told), a number or a code such as a slot's ("de A1").
_ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) (\{(\w+)\})")
_VOWEL_START = re.compile(r"[*_]*[AEIOUYÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouyàâæéèêëîïôœùûü][^\W\d_]")


def elided(template: str, fields: Mapping[str, object]) -> str:
    """A French `template` with "de {x}" / "que {x}" written "d’{x}" / "qu’{x}" where `x`'s value
    starts with a vowel."""

    def elide(found: re.Match[str]) -> str:
        value = fields.get(found.group(3))
        if isinstance(value, str) and _VOWEL_START.match(value):
            return f"{found.group(1)[:-1]}’{found.group(2)}"
        return found.group(0)

    return _ELIDABLE.sub(elide, template) if "{" in template else template


@lru_cache(maxsize=4096)
def _written(n: float, language: str) -> str:
    """`n` as `language` writes it, kept: Babel's formatting is a few dozen microseconds a number,
    and a table says the same few small numbers (points, tokens, cards left) on every redraw."""
    return format_decimal(n, locale=language)


@dataclass(frozen=True)
class Words:
    """One language's words: `text` and `plural` look a message up by its English and fill it in."""

    language: str
    translations: gettext.NullTranslations
    #: The msgids this language's catalog translates (a translation may equal its English); for
    #: the pseudo-locale, every msgid of the template.
    known: frozenset[str] = frozenset()

    def text(self, msgid: str, **fields: object) -> str:
        """`msgid` in this language, its `{field}`s filled from `fields`."""
        if self.language == ENGLISH:  # the code's own words (the hot path: most tables are English)
            return msgid.format(**fields) if fields else msgid
        found = self.translations.gettext(msgid)
        if self.language == PSEUDO and msgid in self.known:  # text not in the catalogs stays bare
            found = pseudo(found)
        if not fields:
            return found
        return self.fill(found, fields)

    def plural(self, singular: str, plural: str, n: int, **fields: object) -> str:
        """The form for `n` (by the language's CLDR plural rule); `{n}` is `n` written in the language."""
        found = self.translations.ngettext(singular, plural, n)
        if self.language == PSEUDO and singular in self.known:
            found = pseudo(found)
        return self.fill(found, {"n": self.number(n), **fields})

    def fill(self, template: str, fields: dict[str, object]) -> str:
        """`template` (already in this language) with its `{field}`s filled from `fields`, and
        the language's small joins made (`joined`)."""
        return self.joined(template, fields).format(**fields)

    def joined(self, template: str, fields: Mapping[str, object]) -> str:
        """`template` with the joins its language makes once the fields are known (French
        elision: "de {player}" is "d’{player}" for Alice), its placeholders left to fill."""
        return elided(template, fields) if self.language == "fr" else template

    def number(self, n: float) -> str:
        """`n` written the language's way (1,234.5 in English, 1 234,5 in French)."""
        return _written(n, ENGLISH if self.language == PSEUDO else self.language)

    def unfilled(self, msgid: str, plural: str | None = None, n: int = 1) -> str | None:
        """`msgid`'s translation with its placeholders left as they are (the form for `n` when
        `plural` is given), or None where the catalog has none (English, a missing entry): for
        templates filled elsewhere, such as the engines' (bot/presenters/engine_words.py)."""
        if msgid not in self.known:
            return None
        found = (
            self.translations.ngettext(msgid, plural, n)
            if plural is not None
            else self.translations.gettext(msgid)
        )
        return pseudo(found) if self.language == PSEUDO else found

    def translated(self, msgid: str) -> str | None:
        """`msgid`'s translation in the catalog, or None where there is none (English, a missing entry)."""
        return self.translations.gettext(msgid) if msgid in self.known else None


def _compiled(path: Path) -> tuple[gettext.GNUTranslations, frozenset[str]]:
    """A .po file as gettext reads it, compiled in memory (no .mo on disk, no build step)."""
    with path.open("rb") as po:
        catalog = read_po(po, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    mo.seek(0)
    known = frozenset(
        m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id and m.string and not m.fuzzy
    )
    return gettext.GNUTranslations(mo), known


@cache
def words_for(locale: str | None) -> Words:
    """The words for a Discord locale (its supported language, English when there is none)."""
    language = resolve(locale)
    if language == ENGLISH:
        return Words(language, gettext.NullTranslations())
    if language == PSEUDO:  # every message of the template, made pseudo: what is not in it shows bare
        with TEMPLATE.open("rb") as pot:
            template = read_po(pot, domain=DOMAIN)
        known = frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id)
        return Words(language, gettext.NullTranslations(), known)
    return Words(language, *_compiled(catalog_path(language)))


def catalogs_digest() -> str:
    """A hash of every catalog, so the command sync notices a changed translation."""
    digest = hashlib.sha256()
    for language in LANGUAGES[1:]:
        digest.update(language.encode())
        digest.update(catalog_path(language).read_bytes())
    return digest.hexdigest()


class Said:
    """Words to say in the reader's language once the reader is known: an English msgid and its
    fields (a field may be a `Said` too: "{seats}" filled with "exactly 3 players"). With
    `plural`, the form is chosen by `n`. `str()` is the English."""

    def __init__(self, msgid: str, plural: str | None = None, n: int = 1, **fields: object) -> None:
        self.msgid, self.plural, self.n, self.fields = msgid, plural, n, fields

    def said(self, words: Words) -> str:
        fields = said_fields(self.fields, words)
        if self.plural is not None:
            return words.plural(self.msgid, self.plural, self.n, **fields)
        return words.text(self.msgid, **fields)

    def __str__(self) -> str:
        return self.said(words_for(ENGLISH))

    def __repr__(self) -> str:
        return f"Said({str(self)!r})"


def said_fields(fields: dict[str, object], words: Words) -> dict[str, object]:
    """`fields` with each `Said` among them said in `words`' language."""
    return {key: value.said(words) if isinstance(value, Said) else value for key, value in fields.items()}


def counted(singular: str, plural: str, n: int, **fields: object) -> Said:
    """A `Said` whose form follows `n` ("exactly {n} player" / "exactly {n} players")."""
    return Said(singular, plural, n, **fields)
