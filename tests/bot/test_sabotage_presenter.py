"""The Garden Sabotage presenter (issue 6): what the board, a hand and the announcements say.

The board must depend on public information only: redealing every card a spectator cannot see
(`engine.sabotage.sampling`) must leave the board text unchanged (ruling 17).
"""

from __future__ import annotations

import random

import pytest

from bot.game.sessions import Refusal
from bot.presenters.sabotage import PRESENTER, build_options
from engine.api import action_label
from engine.rng import Rng
from engine.sabotage.game import GAME
from engine.sabotage.sampling import sample_state
from engine.sabotage.state import SabotageOptions
from tests.engine.sabotage.helpers import award, give, new_game, play, play_events, set_plot

NAMES = ["Alice", "Bob", "Carol", "Dave"]
SIX = ["Carrot Rows", "Bean Teepee", "Tomato Vines", "Crisp Lettuce", "Soup Garden", "Kitchen Corner"]


def test_the_rules_text_leaves_out_the_developers_sections() -> None:
    assert "Garden Sabotage" in PRESENTER.rules_text() and "Interface notes" not in PRESENTER.rules_text()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ruling_17_the_board_shows_only_public_information(seats: int) -> None:
    """Redealing everything a spectator cannot see (hands, decks) never changes the board."""
    rng = random.Random(seats)
    state = GAME.create(SabotageOptions(bird_variant=True), seats, seats)
    for step in range(120):
        if GAME.is_terminal(state):
            break
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
        if step % 15 == 0:
            board = PRESENTER.board_text(GAME.view(state, None), NAMES)
            other = sample_state(GAME.view(state, 0), Rng.from_seed(step))
            other.players[0] = sample_state(GAME.view(state, 1), Rng.from_seed(step)).players[0]
            assert PRESENTER.board_text(GAME.view(other, None), NAMES) == board
            for player in state.players:
                hand = f"hand: {len(player.plants)} Plant"
                assert hand in board


def test_the_board_shows_turn_actions_left_rows_decks_plots_and_scores() -> None:
    state = new_game(2, first_seat=0)
    award(state, 1, ["Carrot Rows"], good_bugs=1)
    set_plot(state, 1, 0, plants=["Tomato", "Carrot"], good="Bee", bad="Aphid")
    play(state, "Draw a Plant from the deck")
    text = PRESENTER.board_text(GAME.view(state, None), NAMES)
    assert "Round 1 of 30 · **Alice** to play · 2 of 3 actions left" in text
    assert "**Plant row:**" in text and "**Bug row:**" in text and "Decks: Plants " in text
    assert "**Bob** (Player 2) — **4 pts**" in text
    assert "Plot 1: Tomato, Carrot · 🐞 Bee · 🐛 Aphid" in text
    assert "Completed (1/7): Carrot Rows (2 + Ladybug 2)" in text


def test_the_hand_shows_cards_objectives_and_how_close_each_plot_is() -> None:
    state = new_game(2, first_seat=0)
    give(state, 0, plants=["Tomato", "Tomato", "Bean"], bugs=["Aphid", "Ladybug"], objectives=["Salad Bowl"])
    set_plot(state, 0, 0, plants=["Lettuce", "Tomato"])
    set_plot(state, 0, 1, plants=["Lettuce"], bad="Slug")
    text = PRESENTER.hand_text(GAME.view(state, 0), 0, NAMES)
    assert "**Your Plants:** Bean, Tomato ×2" in text
    assert "Aphid (Bad)" in text and "Ladybug (Good)" in text
    assert "Salad Bowl (2 pts: Lettuce, Tomato)" in text
    assert "plot 1: **ready to complete!**" in text
    assert "plot 2: needs Tomato (a Bad Bug blocks it: Pesticide first)" in text
    assert "Player 1 = Alice · Player 2 = Bob" in text
    assert "Complete Salad Bowl on plot 1" in [a.label for a in GAME.legal_actions(state, 0)]


def test_sabotage_and_bites_are_announced_with_the_plot_and_the_plant_eaten() -> None:
    """Draft, "Sabotage": the Bad Bug eats the most recently planted Plant at once, and again at
    the start of each of its owner's turns."""
    state = new_game(2, first_seat=0)
    give(state, 0, bugs=["Aphid"])
    set_plot(state, 1, 1, plants=["Carrot", "Tomato"])
    events = play_events(state, "Sabotage Player 2's plot 2 with an Aphid")
    said = PRESENTER.announcements(events, NAMES)
    assert said == ["🐛 **Alice** sabotaged **Bob**'s plot 2 with an Aphid: it ate **Bob**'s Tomato."]
    said = PRESENTER.announcements(play_events(state, "End turn"), NAMES)
    assert said == ["🦷 The Aphid on **Bob**'s plot 2 bites: it ate **Bob**'s Carrot."]


def test_a_bite_with_nothing_to_eat_is_not_announced_but_the_sabotage_is() -> None:
    """Draft, "Sabotage": on a plot it emptied the Bad Bug eats nothing; only what changes the game
    gets a message, and never "there was nothing to eat"."""
    state = new_game(2, first_seat=0)
    give(state, 0, bugs=["Slug"])
    set_plot(state, 1, 0, plants=["Bean"])
    said = PRESENTER.announcements(play_events(state, "Sabotage Player 2's plot 1 with a Slug"), NAMES)
    assert said == ["🐛 **Alice** sabotaged **Bob**'s plot 1 with a Slug: it ate **Bob**'s Bean."]
    assert PRESENTER.announcements(play_events(state, "End turn"), NAMES) == []


def test_announcements_come_from_event_kinds_not_from_their_wording() -> None:
    """Names that look like engine wording ("Player 2", "bites: ") change nothing."""
    state = new_game(2, first_seat=0)
    give(state, 0, bugs=["Aphid"])
    set_plot(state, 1, 0, plants=["Carrot"])
    odd = ["Player 2", "bites: the final round begins"]
    events = play_events(state, "Sabotage Player 2's plot 1 with an Aphid")
    assert PRESENTER.announcements(events, odd) == [
        "🐛 **Player 2** sabotaged **bites: the final round begins**'s plot 1 with an Aphid: "
        "it ate **bites: the final round begins**'s Carrot."
    ]


def test_ruling_14_the_final_round_is_announced_and_shown_on_the_board() -> None:
    state = new_game(3, first_seat=1)
    award(state, 1, SIX)
    give(state, 1, objectives=["Salad Bowl"])
    set_plot(state, 1, 0, plants=["Lettuce", "Tomato"])
    said = PRESENTER.announcements(play_events(state, "Complete Salad Bowl on plot 1"), NAMES)
    assert said == [
        "🔔 **Final round!** **Bob** has completed 7 objectives: the final round begins. "
        "Every other player gets one last turn."
    ]
    assert "🔔 **Final round** — Bob completed 7 objectives" in PRESENTER.board_text(
        GAME.view(state, None), NAMES
    )


def test_ruling_18_the_board_waits_for_house_plant_answers_then_names_the_first_player() -> None:
    state = GAME.create(SabotageOptions(ask_house_plants=True), 2, 0)
    text = PRESENTER.board_text(GAME.view(state, None), NAMES)
    assert "how many house plants do you own? **Alice** answers now." in text
    events = []
    for seat, count in ((0, 2), (1, 5)):
        action = next(a for a in GAME.legal_actions(state, seat) if a.label.startswith(f"I own {count} "))
        events += GAME.apply(state, seat, action)
        if seat == 0:
            text = PRESENTER.board_text(GAME.view(state, None), NAMES)
            assert "**Bob** answers now (so far: Alice 2)." in text
    said = PRESENTER.announcements(events, NAMES)
    assert said == ["🌱 **Bob** owns the most house plants (5) and goes first."]
    assert "**Bob** to play · 3 of 3 actions left" in PRESENTER.board_text(GAME.view(state, None), NAMES)


def test_play_options_follow_the_first_player_choice() -> None:
    assert build_options(True, "ask", 30) == SabotageOptions(bird_variant=True, ask_house_plants=True)
    assert build_options(False, "host", 12).first_seat == 0
    random_first = build_options(False, "random", 30)
    assert random_first.first_seat is None and not random_first.ask_house_plants
    with pytest.raises(Refusal):
        build_options(False, "youngest", 30)


def test_the_lobby_names_the_options_in_the_games_words() -> None:
    text = PRESENTER.options_text(build_options(True, "ask", 12).model_dump(mode="json"))
    assert text == (
        "Bird variant · first player: most house plants (everyone is asked at the start)"
        " · season of 12 rounds"
    )
    assert "first player: random" in PRESENTER.options_text(build_options(False, "random", 30).model_dump())


def test_hand_choices_name_players_by_their_display_names() -> None:
    """The bot labels choices with `engine.api.action_label`; the presenter needs no hook for it."""
    state = new_game(2, first_seat=0)
    give(state, 0, bugs=["Aphid"], plants=["Tomato"])
    set_plot(state, 1, 0, plants=["Bean"])
    named = [action_label(a, NAMES) for a in GAME.legal_actions(state, 0)]
    assert "Sabotage Bob's plot 1 with an Aphid" in named and "Plant a Tomato on plot 2" in named
    assert not hasattr(PRESENTER, "choice_text")


def test_the_first_player_line_names_the_seat_from_the_views_phrase() -> None:
    """Rulings 9-10: a draw picks the first player; the board says who, by display name."""
    state = GAME.create(SabotageOptions(), 3, 5)
    headline = PRESENTER.board_headline(GAME.view(state, None), NAMES)
    assert f"First player: A draw picked **{NAMES[state.first_seat]}** to go first." in headline
