"""The finished table's last line (bot/publish/table_texts.py `headline`): it says where the
ranking is, and while the final picture waits for the picture budget (the result posted with it:
docs/bot.md, "Pictures and the CPU") it says the ranking is still to come, never that it is in a
message below that is not there yet."""

from __future__ import annotations

import random

import pytest

from bot.basics.words import words_for
from bot.game.position import Position
from bot.publish.table_look import TableLook
from bot.publish.table_texts import headline
from bot.storage.records import GameRecord, SeatRecord
from engine.api import dump_state
from engine.registry import get_game

TO_COME = ("🏁 **Game over** — the final picture and the ranking follow shortly.",)
TO_COME_AFTER_THE_GAMES_OWN_LINE = ("🏁 The final picture and the ranking follow shortly.",)
BELOW = (
    "🏁 **Game over** — the ranking is in the message below.",
    "🏁 The ranking is in the message below.",
)


def finished(game_name: str, seats: int, seed: int) -> Position:
    """`game_name` played to its end with random legal moves, as the bot holds it then."""
    game = get_game(game_name)
    state = game.create(game.options_model(), seats, seed)
    rng = random.Random(seed)
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    record = GameRecord(
        1, 5, 6, game_name, {}, [SeatRecord(name=f"P{s}", user_id=100 + s) for s in range(seats)], 1, 6,
        seed, dump_state(state), 80, "finished", 100, None, 7, 0.0, 0.0, 60.0, None, end_reason="completed",
    )  # fmt: skip
    return Position(record, game, state)


@pytest.mark.parametrize(("game_name", "seats"), [("cabbagehead", 1), ("sabotage", 2), ("garden_party", 3)])
def test_a_finished_table_says_the_ranking_is_below_or_still_to_come(game_name: str, seats: int) -> None:
    position = finished(game_name, seats, seed=3)
    position._words = words_for("en")
    shown = TableLook(picture_alt="the final board")
    waiting = TableLook(picture_alt="an older board", picture_move=70, result_to_come=True)
    last_shown = headline(position, shown, with_picture=True).splitlines()[-1]
    last_waiting = headline(position, waiting, with_picture=True).splitlines()[-1]
    assert last_shown in BELOW
    game_says_over = last_shown == BELOW[1]  # the game's own headline said it is over
    assert last_waiting in (TO_COME_AFTER_THE_GAMES_OWN_LINE if game_says_over else TO_COME)
    text_board = headline(position, TableLook(result_to_come=True), with_picture=False)
    assert text_board.splitlines()[-1] == TO_COME[0], "a text board (after a restart) says it too"
