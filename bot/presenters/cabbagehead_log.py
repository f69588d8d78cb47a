"""Mr. Cabbagehead's Garden's log lines that list things, written from their events' fields in a
language other than English (issue 32).

Every other line of the game is a static English template the catalogs translate
(bot/presenters/engine_words.py). These three list as many things as there are — the tokens a card
reveals, the cards Pomme-Frites moves, how far a garden's slot names move — so the engine writes
their English itself and the bot writes the other languages here, from the same fields, with the
language's plural rules and lists. An event stored before a field existed reads in English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.basics.words import N_, Words
from bot.presenters.engine_words import LineWriter, listed, value
from engine.api import Event


def _said(words: Words, found: object) -> str:
    """A field's text (a vegetable, "a Grasshopper") in `words`' language."""
    said = value(words, found) if isinstance(found, str) else found
    return str(said)


def _owned(words: Words, event: Event, names: Sequence[str], solo: str, two: str, **fields: object) -> str:
    """A line about a garden: "The garden: …" alone, "{owner}'s garden: …" with two players (the
    seat named as the table names it)."""
    owner = event.seats.get("owner", 0)
    if len(names) == 2:
        return words.text(two, owner=names[owner] if 0 <= owner < len(names) else "", **fields)
    return words.text(solo, **fields)


def reveal(words: Words, event: Event, names: Sequence[str]) -> str | None:
    """ "The Carrot #11 reveals 2 Neighbour tokens: Lord Carrotbody, a Grasshopper." """
    fields = event.fields
    found, tokens = fields.get("found"), fields.get("tokens")
    if not isinstance(found, list) or not isinstance(tokens, int):
        return None
    what = listed(words, [_said(words, item) for item in found]) or words.text("nothing")
    said = words.plural(
        "The {card} #{number} reveals {n} Neighbour token: {found}.",
        "The {card} #{number} reveals {n} Neighbour tokens: {found}.",
        tokens,
        card=_said(words, fields.get("card", "")),
        number=fields.get("number", ""),
        found=what,
    )
    # A name that brings its own full stop ("Pomme-Frites, Esq.") ends the sentence.
    return said.replace("..", ".") if what.endswith(".") else said


def moves(words: Words, event: Event, names: Sequence[str]) -> str | None:
    """What Pomme-Frites did to a garden: "The garden: Pomme-Frites moves the Carrot #11 from A1
    to B1 and the Onion #3 from C2 to C3." (other visits are static templates)."""
    fields = event.fields
    if fields.get("effect") != "moves":
        return None
    cards, numbers, starts, ends = (fields.get(key) for key in ("cards", "numbers", "from", "to"))
    if not (isinstance(cards, list) and isinstance(numbers, list) and isinstance(starts, list)):
        return None  # stored before the moves carried their cards' numbers: in English
    if not isinstance(ends, list) or not len(cards) == len(numbers) == len(starts) == len(ends):
        return None
    each = [
        words.text(
            "the {card} #{number} from {start} to {end}", card=_said(words, c), number=n, start=a, end=b
        )
        for c, n, a, b in zip(cards, numbers, starts, ends, strict=True)
    ]
    return _owned(
        words,
        event,
        names,
        N_("The garden: Pomme-Frites moves {moves}."),
        N_("{owner}'s garden: Pomme-Frites moves {moves}."),
        moves=listed(words, each),
    )


def renamed(words: Words, event: Event, names: Sequence[str]) -> str | None:
    """How far a garden's slot names moved after a visit (ruling 24), with an example."""
    fields = event.fields
    rows, cols = fields.get("rows"), fields.get("cols")
    if not isinstance(rows, int) or not isinstance(cols, int):
        return None
    steps = []
    if cols:
        steps.append(
            words.plural("{n} column right", "{n} columns right", cols)
            if cols > 0
            else words.plural("{n} column left", "{n} columns left", -cols)
        )
    if rows:
        steps.append(
            words.plural("{n} row down", "{n} rows down", rows)
            if rows > 0
            else words.plural("{n} row up", "{n} rows up", -rows)
        )
    start, end = fields.get("example_from"), fields.get("example_to")
    if start is not None and end is not None:
        return _owned(
            words,
            event,
            names,
            N_(
                "The garden: its slot names move {steps}, so that every slot of the plot's room still "
                "has a name (columns A to Z, rows from 1): {start} is now {end}."
            ),
            N_(
                "{owner}'s garden: its slot names move {steps}, so that every slot of the plot's room "
                "still has a name (columns A to Z, rows from 1): {start} is now {end}."
            ),
            steps=listed(words, steps),
            start=start,
            end=end,
        )
    return _owned(
        words,
        event,
        names,
        N_(
            "The garden: its slot names move {steps}, so that every slot of the plot's room still has "
            "a name (columns A to Z, rows from 1)."
        ),
        N_(
            "{owner}'s garden: its slot names move {steps}, so that every slot of the plot's room still "
            "has a name (columns A to Z, rows from 1)."
        ),
        steps=listed(words, steps),
    )


#: The lines written here, by event kind.
LINE_WRITERS: Mapping[str, LineWriter] = {"reveal": reveal, "visit_effect": moves, "renamed": renamed}
