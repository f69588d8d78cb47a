"""Issue 32 ("Every player in their own language"): every catalog translates every English message,
keeps its placeholders, and the template is up to date with the code; the words helpers resolve
Discord locales, fall back to English and make the pseudo-locale."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from discord import Locale, app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation

from bot.basics.command_words import CommandWords
from bot.basics.words import LANGUAGES, PSEUDO, TEMPLATE, catalog_path, pseudo, resolve, words_for
from bot.catalog_template import template

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
TRANSLATED = LANGUAGES[1:]


def read(path_language: str | None) -> Catalog:
    path = TEMPLATE if path_language is None else catalog_path(path_language)
    with path.open("rb") as po:
        return read_po(po, locale=path_language)


def msgids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def forms(message: Message) -> Iterator[str]:
    yield from [message.string] if isinstance(message.string, str) else message.string


def fields(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_template_is_up_to_date_with_the_code() -> None:
    """Issue 32: run `python -m bot.catalog_template` after changing a command or a text()."""
    assert msgids(read(None)) == msgids(template())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_has_every_message_translated(language: str) -> None:
    """Issue 32: no message missing, empty or fuzzy (a fuzzy one would fall back to English)."""
    catalog = read(language)
    assert msgids(read(None)) - msgids(catalog) == set()
    for message in catalog:
        if message.id:
            assert not message.fuzzy, message.id
            assert all(form.strip() for form in forms(message)), message.id


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_english_placeholders(language: str) -> None:
    """Issue 32: a translation names the same {fields} as its English, in every plural form."""
    for message in read(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else " ".join(message.id)
        for form in forms(message):
            assert fields(form) == fields(english), message.id


def test_discord_locales_resolve_to_a_language_with_english_behind() -> None:
    """Issue 32: Discord's locale strings pick a catalog; unknown ones read English."""
    assert [resolve(x) for x in ("fr", "en-US", "en-GB", "de", "pt-BR", None, PSEUDO)] == [
        "fr", "en", "en", "en", "en", "en", PSEUDO,
    ]  # fmt: skip
    assert words_for("de").text("Only this game") == "Only this game"
    assert words_for("fr").text("Only this game") == "Seulement ce jeu"


def test_plurals_and_numbers_follow_the_language() -> None:
    """Issue 32: CLDR plural rules (French 0 and 1 are singular) and number formatting."""
    english, french = words_for("en-GB"), words_for("fr")
    assert english.plural("{n} seed", "{n} seeds", 0) == "0 seeds"
    assert french.translations.plural(0) == french.translations.plural(1) != french.translations.plural(2)  # type: ignore[attr-defined]
    assert french.number(1234.5) == "1\u202f234,5"
    assert english.number(1234.5) == "1,234.5"


def test_the_pseudo_locale_is_longer_accented_marked_and_keeps_placeholders() -> None:
    """Issue 32: x-pseudo shows at a glance a text that skipped the catalogs, or a layout too tight."""
    english = "Your turn, {player}: plant a card."
    shown = pseudo(english)
    assert shown.startswith("⟦") and shown.endswith("⟧")
    assert "{player}" in shown and "plant" not in shown
    assert len(shown) >= len(english) * 1.35
    assert words_for(PSEUDO).text(english, player="Zoë").count("Zoë") == 1


async def test_the_command_translator_answers_french_only() -> None:
    """Issue 32: French from the catalog; nothing for English (the default) or a language we lack."""
    words = CommandWords()
    context = TranslationContext(TranslationContextLocation.other, None)
    asked = app_commands.locale_str("Only this game")
    assert await words.translate(asked, Locale.french, context) == "Seulement ce jeu"
    assert await words.translate(asked, Locale.american_english, context) is None
    assert await words.translate(asked, Locale.german, context) is None
    assert await words.translate(app_commands.locale_str("not in a catalog"), Locale.french, context) is None
    assert [locale for locale in Locale if await words.translate(asked, locale, context)] == [Locale.french]


def test_every_refusal_said_by_its_constant_is_a_catalog_entry() -> None:
    """A refusal raised as `Refusal(NAME)` is said in the asker's language only if NAME's wording
    is in the catalogs (marked `N_`): an unmarked constant would reach every player in English."""
    with TEMPLATE.open("rb") as pot:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}
    unmarked = []
    for path in sorted(Path("bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {
            node.args[0].id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Refusal"
            and node.args
            and isinstance(node.args[0], ast.Name)
        }
        module = importlib.import_module(".".join(path.with_suffix("").parts))
        unmarked += [f"{path}: {name}" for name in names if getattr(module, name) not in template]
    assert unmarked == []
