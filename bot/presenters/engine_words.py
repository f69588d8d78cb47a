"""The engines' English in each player's language (issue 32).

An engine writes English only, and writes it as static templates over seats and fields: a log
line is `Event.template` with `seats` and `fields`, a summary a `Phrase`, and a label, a picker
step, a refusal (`IllegalAction`) or a score line is such a template filled in by the engine
(`N_("Plant the left {vegetable} (pay 1 bee) in {slot}").format(...)`). Those English templates
are the catalogs' msgids (bot/catalog_template.py collects them), and this module says them in a
language:

- `fill_in` / `event_line` / `phrase_text`: the template looked up by its English, filled with the
  same seats and fields; a field value that is a catalog entry is translated too (a vegetable,
  "Carrot" → "Carotte"; a list element by element). A plural template (`N_plural`) takes the
  language's form for its first number.
- `translate`: a text the engine already filled in. Found as it is in the catalog ("Blue Ribbon"),
  else matched against the game's templates, the most specific first (the words a template
  begins with count twice), and said as that template
  with the values read back from the English (each value translated the same way: a pass's label
  holds its first step).
- A line whose shape varies (a list of things as long as it is) is no static template: the game's
  presenter writes it from the event's fields (`LineWriter`, by event kind).
- A game whose lines have names written into their templates ("{gardener} goes to the Baron's
  lawn.") has them read back like a label: `by_templates` writes every line of such a game by
  matching it, its fields filled in and its seats kept, against the game's templates; a private
  line is matched the same way (`event_line`'s `game`).

Anything not found stays the engine's English, so a game whose texts are not in the catalogs yet
reads as before (and the pseudo-locale shows it bare). English itself never goes through here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from babel.lists import format_list
from babel.messages.pofile import read_po

from bot.basics.refusals import Refusal
from bot.basics.words import DOMAIN, ENGLISH, PSEUDO, TEMPLATE, Words
from engine.api import Event, FieldValue, Phrase, Result, fill

#: Writes a log line of one kind from its event's fields in `words`' language, the seats named by
#: `names` (None: leave it to its template).
LineWriter = Callable[[Words, Event, Sequence[str]], str | None]

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class _Template:
    """One engine template: its msgid (and plural), and how to read its values back from English."""

    msgid: str
    plural: str | None
    prefix: str
    pattern: re.Pattern[str]
    groups: tuple[tuple[str, str], ...]  # (regex group, placeholder)
    specificity: int


@cache
def _templates() -> tuple[dict[str, tuple[str, str]], dict[str, tuple[_Template, ...]]]:
    """From the catalog template: every plural engine template by either English form, and each
    game's templates for reading a filled-in text back (most specific first)."""
    with TEMPLATE.open("rb") as pot:
        catalog = read_po(pot, domain=DOMAIN)
    plurals: dict[str, tuple[str, str]] = {}
    games: dict[str, list[_Template]] = {}
    for message in catalog:
        places = [where for where, _line in message.locations if where.startswith("engine/")]
        if not message.id or not places:
            continue
        # A template two games share (a standing result's words) belongs to each.
        owners = sorted({where.split("/")[1] for where in places})
        if isinstance(message.id, str):
            forms: list[tuple[str, str | None]] = [(message.id, None)]
        else:
            singular, plural = message.id[0], message.id[1]
            plurals[singular] = plurals[plural] = (singular, plural)
            forms = [(singular, plural), (plural, plural)]
        for english, plural_id in forms:
            made = _reader(english, message.id if isinstance(message.id, str) else message.id[0], plural_id)
            if made is not None:
                for game in owners:
                    games.setdefault(game, []).append(made)
    ordered = {game: tuple(sorted(found, key=lambda t: -t.specificity)) for game, found in games.items()}
    return plurals, ordered


def _reader(english: str, msgid: str, plural: str | None) -> _Template | None:
    """How to read `english`'s values back from a text it filled in; None for a template with no
    placeholder (found as it is) or too little text of its own to be told from others."""
    parts = _PLACEHOLDER.split(english)
    literal = "".join(parts[::2])
    if len(parts) == 1 or sum(c.isalpha() for c in literal) < 3:
        return None
    regex: list[str] = []
    groups: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    for i, part in enumerate(parts):
        if i % 2 == 0:
            regex.append(re.escape(part))
            continue
        if not part.isidentifier():
            return None  # an indexed placeholder ({cards[0]}): only in events, read from their fields
        if part in seen:
            regex.append(f"(?P={seen[part]})")
            continue
        group = f"g{len(groups)}"
        seen[part] = group
        groups.append((group, part))
        regex.append(f"(?P<{group}>.+?)")
    singular = msgid if plural is not None else english
    # A template's own words count, and those it begins with count twice: "Take {pot}" reads
    # "Take the Baron's pot 3 (seed)" before "{whose} pot {pot} ({plant})" does.
    specificity = len(literal) + len(parts[0])
    return _Template(
        singular, plural, parts[0], re.compile("".join(regex), re.DOTALL), tuple(groups), specificity
    )


def _count(template: str, fields: Mapping[str, object]) -> int:
    """A plural template's number: the first of its placeholders that holds a whole number."""
    for name in _PLACEHOLDER.findall(template):
        value = fields.get(re.split(r"[.\[]", name)[0])
        if isinstance(value, int) and not isinstance(value, bool):
            return abs(value)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            return abs(int(value))
    return 1


def unfilled(words: Words, template: str, fields: Mapping[str, object]) -> str | None:
    """`template` (an engine's English) in `words`' language, its placeholders unfilled; None where
    the catalogs have no such entry."""
    plural = _templates()[0].get(template)
    if plural is None:
        return words.unfilled(template)
    return words.unfilled(plural[0], plural[1], _count(template, fields))


def value(words: Words, found: FieldValue) -> FieldValue:
    """A field's value as `words` say it: a text that is a catalog entry translated (a card's
    vegetable), a list element by element; anything else as it is."""
    if words.language == ENGLISH:
        return found
    if isinstance(found, str):
        said = words.unfilled(found)
        return found if said is None else said
    if isinstance(found, list):
        return [value(words, item) for item in found]  # type: ignore[return-value]
    return found


def fill_in(
    words: Words,
    template: str,
    seats: Mapping[str, int],
    fields: Mapping[str, FieldValue],
    names: Sequence[str],
) -> str:
    """`template` said in `words`' language with these seats and fields; its English where the
    catalogs lack it."""
    said = None if words.language == ENGLISH else unfilled(words, template, fields)
    if said is None:
        return fill(template, seats, fields, names)
    said_fields = {key: value(words, found) for key, found in fields.items()}
    named = {key: names[seat] for key, seat in seats.items() if 0 <= seat < len(names)}
    return fill(words.joined(said, {**said_fields, **named}), seats, said_fields, names)


def phrase_text(words: Words, phrase: Phrase, names: Sequence[str]) -> str:
    """A phrase (a summary, whose decision it is) in `words`' language."""
    return fill_in(words, phrase.template, phrase.seats, phrase.values, names)


def summary_text(words: Words, result: Result, names: Sequence[str]) -> str:
    """A result's one-sentence summary in `words`' language (as `Result.summary_for`)."""
    if result.summary_phrase is None:
        return result.summary
    return phrase_text(words, result.summary_phrase, names)


def event_line(
    words: Words,
    event: Event,
    viewer: int | None,
    names: Sequence[str],
    writers: Mapping[str, LineWriter] | None = None,
    game: str | None = None,
) -> str:
    """The log line `viewer` may read (as `Event.line_for`), in `words`' language. A private line
    naming hidden things literally (a card drawn: no field may hold it) is no catalog entry as it
    stands: with its `game` given, it is read back against the game's templates (`translate`)."""
    if words.language == ENGLISH or event.template is None:
        return event.line_for(viewer, names)
    if viewer is not None and event.has_private(viewer):
        template = event.private_templates.get(viewer)
        if template is None:
            return event.line_for(viewer, names)
        if game is not None and unfilled(words, template, event.fields) is None:
            return translate(words, event.line_for(viewer, names), game)
        return fill_in(words, template, event.seats, event.fields, names)
    writer = writers.get(event.kind) if writers is not None else None
    written = writer(words, event, names) if writer is not None else None
    if written is not None:
        return written
    return fill_in(words, event.template, event.seats, event.fields, names)


def _matched(words: Words, template: str, event: Event, names: Sequence[str], game: str) -> str:
    """`template` (one of `event`'s) with its fields filled in and its seats left as placeholders,
    said by matching it against `game`'s templates (`translate`), then its seats named."""
    roles = [""] * (max(event.seats.values(), default=-1) + 1)
    for role, seat in event.seats.items():
        roles[seat] = "{" + role + "}"
    partial = fill(template, event.seats, event.fields, roles)
    return fill(translate(words, partial, game), event.seats, {}, names)


def by_templates(game: str) -> LineWriter:
    """A `LineWriter` for every line of `game`: matched against its templates (see the module's
    docstring), for a game whose templates have names written into them."""

    def write(words: Words, event: Event, names: Sequence[str]) -> str | None:
        return _matched(words, event.template, event, names, game) if event.template else None

    return write


class EveryKind(Mapping[str, LineWriter]):
    """`line_writers` that write every kind of line with one `LineWriter`."""

    def __init__(self, writer: LineWriter) -> None:
        self.writer = writer

    def __getitem__(self, kind: str) -> LineWriter:
        return self.writer

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def translate(words: Words, text: str, game: str) -> str:
    """`text`, which `game`'s engine filled in from one of its templates (a label, a picker step, a
    refusal, a score line), in `words`' language; as it is where no template matches."""
    if words.language == ENGLISH or not text:
        return text
    return _translate(words, text, game)


@lru_cache(maxsize=16384)
def _translate(words: Words, text: str, game: str) -> str:
    forms = _templates()[0].get(text)
    if forms is not None and "{" not in text:  # a plural's form that names no number: "one gardener"
        said_form = words.unfilled(forms[0], forms[1], 1 if text == forms[0] else 2)
        if said_form is not None:
            # The number its English leaves unsaid ("one gardener wants"), where the language says it.
            for name in set(_PLACEHOLDER.findall(said_form)) - set(_PLACEHOLDER.findall(text)):
                said_form = said_form.replace("{" + name + "}", "1")
            return said_form
    exact = words.unfilled(text)
    if exact is not None and "{" not in exact:
        return exact
    if _STEPS in text:  # a picker's later steps, one choice (bot/ui/choices.py): each said
        return _STEPS.join(_translate(words, step, game) for step in text.split(_STEPS))
    for template in _templates()[1].get(game, ()):
        if not text.startswith(template.prefix):
            continue
        found = template.pattern.fullmatch(text)
        if found is None:
            continue
        values = {name: found.group(group) for group, name in template.groups}
        if any("{" in v and not _PLACEHOLDER.fullmatch(v) for v in values.values()):
            continue  # a seat left as its placeholder ("{player}") is a value of its own
        # The number of the form that matched (a singular may have none: "one gardener wants").
        n = _count(" ".join("{" + name + "}" for _, name in template.groups), values)
        said = words.unfilled(template.msgid, template.plural, n)
        if said is None:
            return text
        return words.fill(said, {name: _translate(words, v, game) for name, v in values.items()})
    for separator in _LISTS:  # a list of things ("pot 1: Red; pot 3: Green"), each said
        if separator in text:
            items = [_translate(words, item, game) for item in text.split(separator)]
            return semicolons(words, items) if separator == "; " else separator.join(items)
    return text


#: How a picker joins the steps after the first into one choice's label (bot/ui/choices.py `plan_page`).
_STEPS = " · "
#: How an engine's English lists things in a text it filled in: tried when nothing else matches.
_LISTS = ("; ", ", ")


def listed(words: Words, items: Sequence[str]) -> str:
    """Items as the language lists them ("a, b et c")."""
    if not items:
        return ""
    if words.language == PSEUDO and len(items) > 1:
        # CLDR has no pseudo-locale: its "and" comes from the catalogs, marked like any word.
        return words.text("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])
    return format_list(list(items), locale=ENGLISH if words.language == PSEUDO else words.language)


def semicolons(words: Words, parts: Sequence[str]) -> str:
    """Parts joined by semicolons as the language writes them ("a; b" in English, "a ; b" in
    French)."""
    if not parts:
        return ""
    joined = parts[0]
    for part in parts[1:]:
        joined = words.text("{first}; {second}", first=joined, second=part)
    return joined


class EngineRefusal(Refusal):
    """An engine's refusal (`IllegalAction`): its English message, said in the clicker's language
    by matching it against the game's templates (`translate`)."""

    def __init__(self, message: str, game: str) -> None:
        super().__init__(message)
        self.game = game

    def said(self, words: Words) -> str:
        return translate(words, self.message, self.game)
