"""The English template of the catalogs (bot/locale/garden_club.pot), written from the code.

Three kinds of strings go in: every name, description and choice of the slash command tree (the
Translator looks them up by their English, bot/basics/command_words.py); every literal passed
to `text(...)` or `plural(...)` in the bot's sources, found by Babel's extractor; and the English
templates of the games whose engine texts are in the catalogs (`ENGINE_GAMES`), said in each
player's language by bot/presenters/engine_words.py. An engine's templates are found the same way,
by Babel's extractor over the game's package (engine/<game>/): the literals marked `N_(...)` or
`N_plural(singular, plural, n)` (engine/text.py) and the literal templates given to
`say(kind, template, ...)`, `phrase(template, ...)`, `IllegalAction(message)` and `Phrase(template=...)`;
and its cards' names and plurals from the game's data (`engine_data_strings`). An engine template
must therefore be a static string with placeholders, never an f-string. Run
`python -m bot.catalog_template` after changing either: it rewrites the template and merges it into
each language's catalog (new entries empty, for the translator), and tests/bot/test_catalogs.py
fails until it has been run.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.basics.words import DOMAIN, LANGUAGES, LOCALE_DIR, TEMPLATE, catalog_path

BOT_DIR = Path(__file__).resolve().parent
#: Messages marked for later (`N_("...")`) and refusals (`Refusal("...", field=...)`), whose
#: wording is said in the asker's language where it is shown (bot/handlers/errors.py).
MARKED: dict[str, Any] = {"N_": None, "Refusal": None, "Note": None, "Said": None, "counted": (1, 2)}
#: ... and, in modules that use the catalogs, `words.text(msgid, ...)` and
#: `words.plural(singular, plural, n, ...)`.
KEYWORDS: dict[str, Any] = {"text": None, "plural": (1, 2), **MARKED}
#: The keywords whose first two strings are a singular and a plural.
PLURAL_KEYWORDS = frozenset(k for k, spec in KEYWORDS.items() if spec == (1, 2))
#: In an engine game's package: the markers and the template-taking calls, with the argument
#: (from 1) that is the template; `N_plural`'s two forms make one plural entry.
ENGINE_KEYWORDS: dict[str, tuple[int, ...]] = {
    "N_": (1,),
    "N_plural": (1, 2),
    "say": (2,),
    "phrase": (1,),
    "IllegalAction": (1,),
    "Phrase": (1,),
    "add": (2,),  # a game's log: `log.add(kind, template, ...)`
}
#: The games whose engine texts (log lines, labels, refusals, results) are in the catalogs.
ENGINE_GAMES = ("cabbagehead", "sabotage", "garden_party")
ENGINE_DIR = BOT_DIR.parent / "engine"
Msgid = str | tuple[str, str]


def command_tree() -> app_commands.CommandTree[Any]:
    """The whole tree, test games included, with no handlers behind it (never run, only read)."""
    from bot.handlers.commands import register_commands
    from bot.handlers.history_commands import register_history_commands

    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(cast(Any, _NoClient()))
    nobody = cast(Any, object())
    register_commands(
        tree, nobody, nobody, nobody, nobody, test_games=True, stats=nobody, daily_gardens=nobody
    )
    register_history_commands(tree, nobody)
    return tree


class _NoClient:
    """Just enough of a client for a CommandTree to be built and walked."""

    http = None

    def __init__(self) -> None:
        self._connection = cast(Any, type("State", (), {"_command_tree": None})())


def tree_strings(tree: app_commands.CommandTree[Any]) -> Iterator[str]:
    """Every name, description and choice name the sync would send, in the tree's order."""
    for command in tree.walk_commands():
        yield command.name
        yield command.description
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                yield parameter.display_name
                yield parameter.description
                for choice in parameter.choices:
                    yield choice.name


def code_strings() -> Iterator[tuple[Msgid, str, int]]:
    """Every `text(...)`/`plural(...)` literal in the modules that use the catalogs (those that
    import bot.basics.words, or say things with a `words` they are given, such as `position.words`:
    other modules have functions called `text` of their own), and every `N_(...)`/`Refusal(...)`
    literal in those and in the modules that refuse."""
    for path in sorted(BOT_DIR.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if path.name == "words.py":
            continue
        if "bot.basics.words" in source or "words.text(" in source or "words.plural(" in source:
            keywords = KEYWORDS
        elif "Refusal" in source:
            keywords = MARKED
        else:
            continue
        where = str(path.relative_to(BOT_DIR.parent))
        with path.open("rb") as module:
            for line, function, message, _comments in extract_python(module, keywords, (), {}):
                # Babel's extractor gives every string argument; a text's msgid is its first.
                first: str | Sequence[str | None] | None = message
                if function not in PLURAL_KEYWORDS and not isinstance(message, str):
                    first = message[0] if message else None
                found = _msgid(first)
                if found is not None:
                    yield found, where, line


def _msgid(message: str | Sequence[str | None] | None) -> Msgid | None:
    """A text's msgid, or a plural's (singular, plural); None for a call with no literal."""
    if message is None:
        return None
    if isinstance(message, str):
        return message or None
    if len(message) >= 2 and message[0] and message[1]:
        return message[0], message[1]
    if message and message[0]:
        return message[0]
    return None


def engine_strings() -> Iterator[tuple[Msgid, str, int]]:
    """Every English template of the `ENGINE_GAMES`' packages (see the module's docstring)."""
    for game in ENGINE_GAMES:
        for path in sorted((ENGINE_DIR / game).rglob("*.py")):
            where = str(path.relative_to(BOT_DIR.parent))
            with path.open("rb") as module:
                found = extract_python(module, dict.fromkeys(ENGINE_KEYWORDS), (), {})
                for line, function, message, _comments in found:
                    args = (message,) if isinstance(message, str) or message is None else tuple(message)
                    wanted = [args[i - 1] if i <= len(args) else None for i in ENGINE_KEYWORDS[str(function)]]
                    texts = [arg for arg in wanted if isinstance(arg, str) and arg]
                    if len(texts) != len(wanted):
                        continue  # not a literal (a template chosen from the marked ones)
                    yield (texts[0], texts[1]) if len(texts) == 2 else texts[0], where, line


def engine_data_strings() -> Iterator[tuple[str, str]]:
    """The names the engines' fields carry from their data: Mr. Cabbagehead's Garden's vegetables
    (singular and plural, as the log and the score lines name them) and its Neighbours."""
    from engine.cabbagehead.deck import deck
    from engine.cabbagehead.neighbours import NEIGHBOURS

    for card in deck():
        yield card.name, "Mr. Cabbagehead's Garden: a vegetable"
        yield card.plural, "Mr. Cabbagehead's Garden: vegetables"
    for neighbour in NEIGHBOURS:
        yield neighbour.name, "Mr. Cabbagehead's Garden: a Neighbour (a proper name, as printed)"
    # A game may list its data's names itself: `catalog_data()` in engine/<game>/wording.py.
    for game in ENGINE_GAMES:
        try:
            wording = importlib.import_module(f"engine.{game}.wording")
        except ModuleNotFoundError:
            continue
        listed = getattr(wording, "catalog_data", None)
        if listed is not None:
            yield from listed()


def template() -> Catalog:
    """The template the code asks for now."""
    catalog = Catalog(domain=DOMAIN, project="Garden Club", fuzzy=False)
    for string in tree_strings(command_tree()):
        if string:
            catalog.add(string, auto_comments=["slash command tree"])
    for msgid, where, line in code_strings():
        catalog.add(msgid, locations=[(where, line)])
    for string in data_strings():
        catalog.add(string, auto_comments=["bot/data/daily_rotation.json"])
    for msgid, where, line in engine_strings():
        catalog.add(msgid, locations=[(where, line)])
    for name, comment in engine_data_strings():
        if name not in catalog:
            catalog.add(name, auto_comments=[comment])
    return catalog


def data_strings() -> Iterator[str]:
    """The words of the daily garden's rotation (its weekdays and each day's options), which the
    daily garden's table and board show."""
    rotation = json.loads((BOT_DIR / "data" / "daily_rotation.json").read_text(encoding="utf-8"))
    for day in rotation["days"]:
        yield day["day"]
        yield day["label"]


def write(catalog: Catalog, path: Path) -> None:
    """`catalog` to `path`; each message says the files it is in, not the lines, so that moving
    code rewrites no catalog (and branches that add entries merge without conflicts over them).
    An entry the code no longer says is dropped, not kept as an obsolete `#~` one: git keeps the
    old translations."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(
            out,
            catalog,
            width=100,
            omit_header=False,
            sort_output=False,
            include_previous=False,
            include_lineno=False,
            ignore_obsolete=True,
        )


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def _ids(catalog: Catalog) -> list[object]:
    """The messages in order, with the files they are in (a `text(...)` moved to another file
    rewrites the template; one moved within its file does not)."""
    return [(m.id, sorted({path for path, _line in m.locations})) for m in catalog if m.id]


def main() -> None:
    """Rewrite the template and merge it into every language's catalog."""
    fresh = template()
    if not TEMPLATE.exists() or _ids(_read(TEMPLATE)) != _ids(fresh):
        write(fresh, TEMPLATE)  # else left as it is: its date line changes nothing
    fresh = _read(TEMPLATE)  # merged with the template's own date, so an unchanged one changes nothing
    for language in LANGUAGES[1:]:
        path = catalog_path(language)
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=language, domain=DOMAIN)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="Garden Club", fuzzy=False)
        catalog.update(fresh, no_fuzzy_matching=True, update_header_comment=False)
        write(catalog, path)
    print(f"{TEMPLATE.relative_to(LOCALE_DIR.parent.parent)}: {len(fresh)} messages", file=sys.stderr)


if __name__ == "__main__":
    main()
