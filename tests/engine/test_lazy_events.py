"""Events written when read (issue 31): a game's events carry their templates from the moment they
are played and write their lines only when read, stored or compared, and what is stored is
exactly what an event built with its lines at once would store."""

from __future__ import annotations

import json

from engine.api import Event, events_json
from engine.registry import get_game
from engine.rng import Rng
from engine.state_model import StateModel
from engine.text import event


def namer(seat: int) -> str:
    return f"Player {seat + 1}"


def eager(kind: str, template: str, private: dict[int, str] | None = None) -> Event:
    """The event as it was built before issue 31: validated, lines written at once."""
    return Event(
        kind=kind,
        text=template.format(actor="Player 2", card="Carrot"),
        private={s: t.format(actor="Player 2", card="Carrot") for s, t in (private or {}).items()},
        seats={"actor": 1},
        fields={"card": "Carrot"},
        template=template,
        private_templates=private or {},
    )


def told_draw() -> Event:
    """A draw as a game plays it: its lines still to be written, a private line for seat 1."""
    return event(
        "draw",
        "{actor} draws a {card}.",
        namer,
        seats={"actor": 1},
        fields={"card": "Carrot"},
        private={1: "{actor} draws the secret {card}."},
    )


def test_a_told_event_stores_what_an_eager_event_stores() -> None:
    told = told_draw()
    built = eager("draw", "{actor} draws a {card}.", {1: "{actor} draws the secret {card}."})
    assert told.model_dump_json() == built.model_dump_json()
    assert json.loads(told.model_dump_json())["text"] == "Player 2 draws a Carrot."


def test_a_template_written_on_reading_is_written_once() -> None:
    calls: list[int] = []

    def template() -> str:
        calls.append(1)
        return "{actor} draws a {card}."

    told = event("draw", template, namer, seats={"actor": 1}, fields={"card": "Carrot"})
    assert calls == []  # nothing is written while the game plays
    assert told.text == "Player 2 draws a Carrot."
    assert told.template == "{actor} draws a {card}."
    assert told.line_for(None, ["Ann", "Bea"]) == "Bea draws a Carrot."
    assert told == eager("draw", "{actor} draws a {card}.")
    assert Event.model_validate(told.model_dump()) == told
    assert calls == [1]


def test_a_copy_made_before_reading_reads_the_same() -> None:
    told = event(
        "draw", lambda: "{actor} draws a {card}.", namer, seats={"actor": 1}, fields={"card": "Carrot"}
    )
    assert told.model_copy().text == told.text == "Player 2 draws a Carrot."


def test_state_records_still_refuse_a_field_they_do_not_have() -> None:
    rng = Rng.from_seed(3)
    assert isinstance(rng, StateModel)
    try:
        rng.stat = 4  # type: ignore[attr-defined]
    except ValueError:
        pass
    else:
        raise AssertionError("a misspelt field was accepted")
    rng.state = 4
    assert rng.model_dump() == {"state": 4}


def test_a_played_game_stores_the_same_events_twice() -> None:
    """Same seed + same actions = same game (engine contract), events included, read or not."""
    game = get_game("cabbagehead")
    dumps = []
    for _ in range(2):
        state = game.create(game.options_model(), 1, 11)
        events: list[Event] = []
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            events += game.apply(state, seat, game.legal_actions(state, seat)[0])
        dumps.append([e.model_dump_json() for e in events])
    assert dumps[0] == dumps[1]
    assert all(json.loads(line)["text"] for line in dumps[0])


def test_a_move_s_events_are_stored_without_their_lines_and_read_back_the_same() -> None:
    """A move's events are stored as one JSON array (`events_json`): an event played and unread
    without its lines (half the row; issue 31), and read back with the game's seat names
    (`Event.stored`) it is the event played, lines, templates and private lines included."""
    for name in ("cabbagehead", "sabotage", "garden_party"):
        game = get_game(name)
        state = game.create(game.options_model(), game.min_seats, 5)
        chooser = Rng.from_seed(5)
        for _ in range(60):
            if game.is_terminal(state):
                break
            seat = chooser.choice(game.to_move(state))
            played = list(game.apply(state, seat, chooser.choice(list(game.legal_actions(state, seat)))))
            stored = json.loads(events_json(played))  # before anything reads them
            assert all("text" not in data and "private" not in data for data in stored)
            back = [Event.stored(data, game.seat_name) for data in stored]
            assert [e.model_dump() for e in back] == [e.model_dump() for e in played]
            assert back == played


def test_an_event_made_with_its_lines_is_stored_with_them() -> None:
    """An event made with its lines (the bot's own, events stored before this) keeps them: they
    may name players as nobody's template does, and they read back as they were."""
    made = eager("draw", "{actor} draws a {card}.", {1: "{actor} draws the secret {card}."})
    told = event("draw", "{actor} draws a {card}.", namer, seats={"actor": 1}, fields={"card": "Carrot"})
    stored = json.loads(events_json([made, told]))
    assert stored[0]["text"] == "Player 2 draws a Carrot."
    assert stored[0]["private"] == {"1": "Player 2 draws the secret Carrot."}
    assert "text" not in stored[1]
    assert [Event.stored(data, namer) for data in stored] == [made, told]


def test_a_stored_event_is_checked_as_it_is_read() -> None:
    """The store is outside the engine: what it hands back is validated (`Event.stored`)."""
    try:
        Event.stored({"kind": "draw", "template": "{actor} draws.", "seats": {"actor": "one"}}, namer)
    except ValueError:
        pass
    else:
        raise AssertionError("a seat that is no number was accepted")


def test_a_line_read_with_names_writes_no_default_line() -> None:
    """Reading an event with the players' names (every log line on a table) fills its templates
    and leaves its default lines unwritten (issue 31); they are written when read."""
    told = told_draw()
    assert told.line_for(1, ["Ann", "Bea"]) == "Bea draws the secret Carrot."
    assert told.line_for(0, ["Ann", "Bea"]) == "Bea draws a Carrot."
    assert told.has_private(1) and not told.has_private(0) and not told.has_private(None)
    assert "text" not in told.__dict__ and "private" not in told.__dict__
    assert told.text == "Player 2 draws a Carrot."
    assert told.private == {1: "Player 2 draws the secret Carrot."}
