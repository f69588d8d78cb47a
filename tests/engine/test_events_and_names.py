"""Events with structure, phrases, named labels, and the registries found without lists
(issue "The table, reshaped": events have kinds and typed fields, no reader parses engine wording)."""

from __future__ import annotations

from engine.ai import STRENGTHS, make_player, strengths_for
from engine.ai.base import RandomPlayer
from engine.api import Event, Phrase, Result, action_label, action_steps
from engine.registry import all_games
from engine.sabotage import actions as A
from engine.text import event, lit
from tests.engine.sabotage.helpers import give, new_game, play_events, set_plot

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def player(seat: int) -> str:
    return f"Player {seat + 1}"


def test_an_event_renders_its_template_with_default_names_and_with_display_names() -> None:
    made = event(
        "sabotage",
        "{actor} sabotaged {target}'s plot {plot}.",
        player,
        seats={"actor": 0, "target": 2},
        fields={"plot": 1},
        private={0: "You did it to {target}."},
    )
    assert made.text == "Player 1 sabotaged Player 3's plot 1."
    assert made.private == {0: "You did it to Player 3."}
    assert made.line_for(None) == made.text and made.line_for(0) == "You did it to Player 3."
    assert made.line_for(None, NAMES) == "Alice sabotaged Carol's plot 1."
    assert made.line_for(0, NAMES) == "You did it to Carol."
    assert made.line_for(1, NAMES) == "Alice sabotaged Carol's plot 1."


def test_literal_braces_survive_and_a_seat_without_a_name_keeps_a_seat_word() -> None:
    made = event("note", lit("{odd} text ") + "for {who}", player, seats={"who": 1})
    assert made.text == "{odd} text for Player 2"
    assert made.line_for(None, ["Alice"]) == "{odd} text for Seat 2"


def test_an_event_stored_before_templates_reads_as_it_always_did() -> None:
    old = Event.model_validate({"kind": "plant", "text": "Seat 1 plants.", "private": {"0": "You plant."}})
    assert old.line_for(None, NAMES) == "Seat 1 plants." and old.line_for(0, NAMES) == "You plant."


def test_a_result_summary_names_the_winner_by_display_name() -> None:
    phrase = Phrase(template="{winner} wins with {points} points.", seats={"winner": 1}, values={"points": 9})
    result = Result(seats=[], winners=[1], summary="Player 2 wins with 9 points.", summary_phrase=phrase)
    assert result.summary_for(NAMES) == "Bob wins with 9 points."
    assert Result(seats=[], winners=[0], summary="A shared win.").summary_for(NAMES) == "A shared win."


def test_sabotage_labels_name_the_target_and_stay_unique_with_display_names() -> None:
    action = A.SABOTAGE["Aphid"][1][0]
    assert action.label == "Sabotage Player 2's plot 1 with an Aphid"
    assert action_label(action, NAMES) == "Sabotage Bob's plot 1 with an Aphid"
    assert action_steps(action, NAMES) == ("Sabotage with an Aphid", "Bob's plot 1")
    assert action_label(A.END_TURN, NAMES) == "End turn" and action_steps(A.SWEEP, NAMES) == (
        "Sweep the Plant row",
    )


def test_draft_sabotage_a_bite_that_finds_nothing_says_so_in_its_fields() -> None:
    """Draft, "Sabotage": a Bad Bug on an empty plot bites at the start of its owner's turn and eats
    nothing; the event says `eaten: None`, so a reader tells it from a bite that ate."""
    state = new_game(2, first_seat=0)
    give(state, 0, bugs=["Aphid", "Slug"])
    set_plot(state, 1, 0, plants=["Carrot"])
    sabotage = play_events(state, "Sabotage Player 2's plot 1 with an Aphid")
    assert [(e.kind, e.fields["eaten"], e.seats) for e in sabotage] == [
        ("sabotage", "Carrot", {"actor": 0, "target": 1})
    ]
    bites = [e for e in play_events(state, "End turn") if e.kind == "bite"]
    assert [(b.fields["eaten"], b.seats) for b in bites] == [(None, {"owner": 1})]
    assert bites[0].line_for(None, NAMES) == "The Aphid on Bob's plot 1 bites: there was nothing to eat."


def test_the_registry_finds_every_game_in_menu_order() -> None:
    assert list(all_games()) == ["secret_number", "cabbagehead", "sabotage", "garden_party", "objection"]
    for game in all_games().values():
        assert game.event_kinds and game.seat_name(0) in {"Seat 1", "Player 1"}


def test_computer_players_are_found_by_their_declarations() -> None:
    assert strengths_for("sabotage") == list(STRENGTHS) == strengths_for("cabbagehead")
    assert strengths_for("secret_number") == []
    assert isinstance(make_player("secret_number", "random"), RandomPlayer)
    assert type(make_player("sabotage", "strong")).__module__ == "engine.ai.sabotage"
    assert make_player("cabbagehead", "greedy").strength == "greedy"
