"""Issue 32: Garden Sabotage's engine texts said in French (bot/presenters/engine_words.py).

The engine writes English as static templates; its events carry the cards with their articles in
fields of their own ("a_card": "a Tomato"), which the catalogs say "une Tomate" / "un Haricot".
Labels, steps, refusals and score lines are read back against the game's templates. The English
stays as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.basics.words import words_for
from bot.presenters.engine_words import EngineRefusal, event_line, summary_text, translate
from bot.presenters.sabotage import PRESENTER
from bot.presenters.sabotage_log import LINE_WRITERS
from engine.ai import choose_move
from engine.api import Event, IllegalAction
from engine.registry import get_game
from engine.sabotage import actions as A
from engine.sabotage.actions import SabotageAction
from engine.sabotage.state import Completed, SabotageOptions
from tests.fake_discord.language_check import unmarked_words

GAME: Any = get_game("sabotage")
FRENCH, PSEUDO, ENGLISH = words_for("fr"), words_for("x-pseudo"), words_for("en-GB")
NAMES = ["Zoë", "Ulf"]


def line(event: Event, viewer: int | None = None) -> str:
    return event_line(FRENCH, event, viewer, NAMES, LINE_WRITERS, "sabotage")


def started() -> Any:
    """A two-player game, past the first player's choice (the host goes first)."""
    return GAME.create(SabotageOptions.model_validate({"first_seat": 0, "bird_variant": True}), 2, 11)


def test_a_planting_reads_in_french_with_the_card_and_its_article() -> None:
    state = started()
    player = state.players[0]
    player.plants[:] = ["plant01"]  # a Tomato
    kind = GAME.view(state, 0).my_plants[0].name
    (planted,) = GAME.apply(state, 0, A.PLANT[kind][1])
    assert planted.text == f"Player 1 planted a {kind} on plot 2."
    french = {"Tomato": "une Tomate", "Carrot": "une Carotte", "Bean": "un Haricot"}[kind]
    assert line(planted) == f"Zoë a planté {french} sur la parcelle 2."
    assert event_line(ENGLISH, planted, None, NAMES) == f"Zoë planted a {kind} on plot 2."


def test_a_private_draw_names_the_card_in_french_for_its_drawer_only() -> None:
    state = started()
    events = GAME.apply(state, 0, A.DRAW_BUG_DECK)
    drew = events[-1]
    assert line(drew) == "Zoë a pioché une Bestiole."
    private = line(drew, 0)
    assert private.startswith("Vous avez pioché ") and private.endswith(" dans la pioche des Bestioles.")
    assert "You drew" in drew.private[0]


@pytest.mark.parametrize(
    ("given_up", "french"),
    [(1, "en renonçant à 1 action."), (2, "en renonçant à 2 actions.")],
)
def test_ending_a_turn_early_takes_the_plural_french_wants(given_up: int, french: str) -> None:
    state = started()
    for _ in range(3 - given_up):
        GAME.apply(state, 0, A.DRAW_PLANT_DECK)
    ended = GAME.apply(state, 0, A.END_TURN)[0]
    assert ended.text.endswith(f"giving up {given_up} action{'s' if given_up > 1 else ''}.")
    assert line(ended) == f"Zoë a fini son tour plus tôt, {french}"


def test_an_engine_refusal_is_said_in_the_clickers_language() -> None:
    state = started()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, A.END_TURN)
    assert refused.value.message == "It is Player 1's turn, not yours."
    refusal = EngineRefusal(refused.value.message, "sabotage")
    assert refusal.said(FRENCH) == "C’est à Joueur 1 de jouer, pas à vous."
    assert refusal.said(ENGLISH) == "It is Player 1's turn, not yours."
    state.players[0].plants.clear()
    with pytest.raises(IllegalAction) as no_card:
        GAME.apply(state, 0, A.PLANT["Strawberry"][0])
    assert no_card.value.message == "You have no Strawberry in your hand."
    assert EngineRefusal(no_card.value.message, "sabotage").said(FRENCH) == (
        "Vous n’avez pas de carte Fraise en main."
    )


def test_labels_and_picker_steps_read_in_french() -> None:
    said = {
        "Take the Bean from the Plant row (slot 2)": (
            "Prendre le Haricot dans la rangée des Plantes (emplacement 2)"
        ),
        "Take the Bee from the Bug row (slot 1)": (
            "Prendre l’Abeille dans la rangée des Bestioles (emplacement 1)"
        ),
        "Sabotage Ulf's plot 1 with an Aphid": "Saboter la parcelle 1 d’Ulf avec un Puceron",
        "Play a Ladybug on plot 2": "Poser une Coccinelle sur la parcelle 2",
        "Complete Salad Bowl on plot 1": "Réaliser Saladier sur la parcelle 1",
        "Sweep the Plant row": "Renouveler la rangée des Plantes",
        "I own 1 house plant": "J’ai 1 plante d’intérieur",
        "I own 0 house plants": "J’ai 0 plante d’intérieur",
        "Plot 2": "Parcelle 2",
    }
    for english, french in said.items():
        assert translate(FRENCH, english, "sabotage") == french
    sabotage = A.SABOTAGE["Aphid"][1][0]
    assert sabotage.label_for(NAMES) == "Sabotage Ulf's plot 1 with an Aphid"
    assert A.HOUSE_PLANTS[0].label == "I own no house plants"


def test_score_lines_and_the_summary_read_in_french() -> None:
    state = started()
    result = GAME.standing_result(state)
    assert summary_text(FRENCH, result, NAMES) == (
        "La partie a été arrêtée avant sa fin ; Zoë et Ulf sont en tête à égalité avec 0 points."
    )
    assert translate(FRENCH, result.seats[0].lines[0].label, "sabotage") == "Aucun objectif réalisé"
    assert translate(FRENCH, "Good Bug bonus (2 x 2)", "sabotage") == "Bonus des Bonnes Bestioles (2 x 2)"


def test_a_sweep_lists_its_cards_the_french_way() -> None:
    state = started()
    events = GAME.apply(state, 0, A.SWEEP)
    sweep = next(e for e in events if e.kind == "sweep")
    french = line(sweep)
    assert french.startswith("Zoë a renouvelé la rangée des Plantes (") and " et retourné " in french
    assert " and " not in french


def test_the_pseudo_locale_marks_every_text_of_the_hand_and_the_board() -> None:
    state = started()
    names = NAMES
    hand = PRESENTER.hand_text_for(GAME.view(state, 0), 0, names, PSEUDO)
    board = PRESENTER.board_text_for(GAME.view(state, None), names, PSEUDO)
    assert unmarked_words(hand, names) == [], hand
    assert unmarked_words(board, names) == [], board
    assert PRESENTER.hand_text(GAME.view(state, 0), 0, names) == PRESENTER.hand_text_for(
        GAME.view(state, 0), 0, names, ENGLISH
    )


def every_action(found: object = None) -> Iterator[SabotageAction]:
    """Every action of the game's tables (engine/sabotage/actions.py), legal now or not."""
    if found is None:
        found = [getattr(A, name) for name in dir(A) if name.isupper()]
    if isinstance(found, dict):
        found = list(found.values())
    if isinstance(found, list | tuple):
        for item in found:
            yield from every_action(item)
    elif isinstance(found, SabotageAction):
        yield found


#: The games walked: seats, options, seed, how often the greedy computer player moves (it
#: completes objectives, which random play seldom does; else any move is played) and whether each
#: seat starts with five objectives completed (seven begin the final round). Together they meet
#: every kind of event (the test checks it) in about a second.
WALKS = (
    (2, {"bird_variant": True, "ask_house_plants": True, "season_rounds": 20}, 2, 0.8, True),
    (4, {"bird_variant": True, "season_rounds": 10}, 0, 0.3, False),
    (3, {"first_seat": 1, "season_rounds": 3}, 1, 0.0, False),
)
NAMES_4 = ["Zoë", "Ulf", "Ines", "Bo"]


def everything_said(
    seats: int, options: dict[str, Any], seed: int, greedy: float, primed: bool, kinds: set[str]
) -> Iterator[str]:
    """Every text a seeded game shows in the pseudo-locale, to its end: each move's public and
    private log lines and announcements, every label and step offered, the board and the mover's
    hand after each move, refusals of actions tried at random, the scores and the summary. The
    kinds of event met are added to `kinds`."""
    moves, tries = random.Random(seed), random.Random(seed + 1)
    names = NAMES_4[:seats]
    state = GAME.create(SabotageOptions.model_validate(options), seats, seed)
    if primed:
        for player in state.players:
            player.completed += [Completed(objective=state.objective_deck.pop()) for _ in range(5)]
    actions = list(every_action())
    while not GAME.is_terminal(state):
        seat = moves.choice(GAME.to_move(state))
        legal = list(GAME.legal_actions(state, seat))
        for action in legal:
            yield from (translate(PSEUDO, text, "sabotage") for text in (action.label, *action.steps))
        try:
            GAME.apply(copy.deepcopy(state), tries.randrange(seats), tries.choice(actions))
        except IllegalAction as refused:
            yield EngineRefusal(refused.message, "sabotage").said(PSEUDO)
        if moves.random() < greedy:
            chosen = choose_move(GAME, state, seat, "greedy", moves.randrange(2**31))
        else:
            chosen = moves.choice(legal)
        events = GAME.apply(state, seat, chosen)
        for event in events:
            kinds.add(event.kind)
            for viewer in (None, *range(seats)):
                yield event_line(PSEUDO, event, viewer, names, LINE_WRITERS, "sabotage")
        yield from PRESENTER.announcements_for(events, names, PSEUDO)
        yield PRESENTER.board_text_for(GAME.view(state, None), names, PSEUDO)
        yield PRESENTER.hand_text_for(GAME.view(state, seat), seat, names, PSEUDO)
    result = GAME.result(state)
    yield summary_text(PSEUDO, result, names)
    for seat_result in result.seats:
        yield from (translate(PSEUDO, line.label, "sabotage") for line in seat_result.lines)


def test_every_text_of_whole_seeded_games_comes_from_the_catalogs() -> None:
    """Whole games of two to four players, every option, every round and every kind of event: a
    text with a word left bare skipped the catalogs (a template the bot does not read back, a
    line it writes itself)."""
    kinds: set[str] = set()
    bare: set[str] = set()
    for seats, options, seed, greedy, primed in WALKS:
        said = everything_said(seats, options, seed, greedy, primed, kinds)
        bare |= {text for text in said if unmarked_words(text, NAMES_4)}
    assert not bare, sorted(bare)[:5]
    assert kinds == GAME.event_kinds, GAME.event_kinds - kinds
