"""Building events and phrases: one template, its seats and fields, rendered with default names.

A game writes each log line once, as a template ("{actor} sabotaged {target}'s plot {plot}"), and
`event` renders `Event.text` (and the private lines) with the game's default seat names, so the
stored text stays exactly what it always was while readers can fill in display names.
Text that is not a placeholder goes through `lit`, which doubles any brace in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.api import Event, FieldValue, Phrase, Seat, fill, points_word

#: How a game names a seat in its own text ("Seat 1", "Player 1").
SeatNamer = Callable[[Seat], str]


def N_(template: str) -> str:
    """Mark an English template (a static string with `{placeholders}`) for the bot's catalogs,
    which say it in each player's language; returns it unchanged. The engine stays English: this is
    only a marker that `python -m bot.catalog_template` finds (as it finds `say`, `phrase` and
    `IllegalAction` literals)."""
    return template


def N_plural(singular: str, plural: str, n: int) -> str:
    """The English template for `n` (`singular` for one, else `plural`), both marked as one plural
    entry of the catalogs: the bot picks the form its language's rule wants for the template's
    first number (docs/bot.md, "Languages")."""
    return singular if n == 1 else plural


def lit(text: str) -> str:
    """`text` as literal template text (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def render(
    template: str, seats: Mapping[str, int], values: Mapping[str, FieldValue], namer: SeatNamer
) -> str:
    """`template` with each seat role named by `namer` and every field filled in."""
    names = [namer(seat) for seat in range(max(seats.values(), default=-1) + 1)]
    return fill(template, seats, values, names)


def event(
    kind: str,
    template: str | Callable[[], str],
    namer: SeatNamer,
    *,
    seats: Mapping[str, int] | None = None,
    fields: Mapping[str, FieldValue] | None = None,
    private: Mapping[int, str] | None = None,
) -> Event:
    """An event whose `text` and `private` lines are `template` / `private` rendered with `namer`'s
    names (when first read: `Event.told`); the templates travel with it (`Event.line_for(viewer,
    names)`)."""
    return Event.told(kind, template, namer, dict(seats or {}), dict(fields or {}), dict(private or {}))


def phrase(template: str, *, seats: Mapping[str, int] | None = None, **values: FieldValue) -> Phrase:
    """A `Phrase` in one call: `phrase("{seat} goes first.", seats={"seat": 1})`."""
    return Phrase(template=template, seats=dict(seats or {}), values=values)


def join_roles(roles: Sequence[str]) -> str:
    """Placeholders for `roles` joined as a list in English: "{a}", "{a} and {b}", "{a}, {b} and {c}"."""
    marks = [f"{{{role}}}" for role in roles]
    if len(marks) <= 1:
        return "".join(marks)
    return ", ".join(marks[:-1]) + " and " + marks[-1]


#: How every standing result (a game stopped before its end) begins.
STOPPED = "The game was stopped before its end"


def standing_phrase(leaders: Sequence[int], points: int, *, seats: int, why: str = "") -> Phrase:
    """The summary of a game stopped before its end, naming the leaders (`why`: literal text after
    the points, such as " on the tie-break: more Bees"). With one seat it names that seat's score."""
    roles = {f"leader{i + 1}": seat for i, seat in enumerate(leaders)}
    names = join_roles(list(roles))
    unit = points_word(points)  # "1 point": the singular form of the games' plural templates
    if seats == 1:
        template = f"{STOPPED}, with {names} on {{points}} {unit}."
    elif len(leaders) == 1:
        template = f"{STOPPED}; {names} leads with {{points}} {unit}{lit(why)}."
    else:
        template = f"{STOPPED}; {names} share the lead with {{points}} {unit}{lit(why)}."
    return phrase(template, seats=roles, points=points)
