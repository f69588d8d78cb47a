"""The table options (ruling 20 and 21): the short game, the standard die, dealt gardeners, the
tournament's length and the reply clock."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from engine.api import Event, dump_state, reply_seconds
from engine.garden_party import GAME
from engine.garden_party.state import GardenPartyOptions, GardenPartyState
from engine.rng import Rng
from tests.engine.garden_party.helpers import (
    act,
    all_seeds,
    end_turn,
    event,
    fill,
    kinds,
    new_game,
    plant,
    set_hand,
    stack_duel,
)


def test_the_short_game_ends_at_seven_flowers() -> None:
    """Ruling 20 and 18: with `flowers_to_end=7` the seventh flowering plant ends the game."""
    state = new_game(3, flowers_to_end=7)
    all_seeds(state)
    fill(state, 0, ["green"] * 5)
    plant(state, 0, 5, "red", "bud")
    plant(state, 0, 6, "red", "bud")
    state.players[0].water = 2
    for seat in range(3):
        set_hand(state, seat)
    act(state, "water:5")
    assert state.ended_by is None
    events = act(state, "water:6")
    assert event(events, "garden_complete").fields["count"] == 7
    assert GAME.is_terminal(state)
    assert GAME.view(state, None).flowers_to_end == 7


def test_the_full_game_goes_on_past_seven_flowers() -> None:
    """II and ruling 20: without the option, seven flowers do not end the game."""
    state = new_game(3)
    all_seeds(state)
    fill(state, 0, ["green"] * 6)
    plant(state, 0, 6, "red", "bud")
    state.players[0].water = 1
    act(state, "water:6")
    assert state.ended_by is None and not GAME.is_terminal(state)


def test_flowers_to_end_is_seven_to_nine() -> None:
    """Ruling 20: the short game is seven flowers; the text's rule is nine."""
    assert GardenPartyOptions().flowers_to_end == 9
    for bad in (6, 10):
        with pytest.raises(ValidationError):
            GardenPartyOptions(flowers_to_end=bad)


def play_seeded(options: GardenPartyOptions, steps: int = 300) -> tuple[GardenPartyState, list[list[Event]]]:
    """A seeded random game (the same choices for the same legal codes); its log."""
    state = GAME.create(options, 4, 21)
    chooser = Rng.from_seed(5)
    log = []
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        log.append(GAME.apply(state, seat, chooser.choice(legal)))
    return state, log


def as_face_value(text: str) -> str:
    """A standard die's "4 + 3" read as the 4-9 die's "7"."""
    return re.sub(r"\b(\d) \+ 3\b", lambda m: str(int(m.group(1)) + 3), text)


def test_the_standard_die_changes_only_the_wording_of_rolls() -> None:
    """I, The die ("If you use a standard six-sided die, add 3 points to the result") and ruling 20:
    the same seed plays the same game; rolls read "N + 3" where the 4-9 die reads N + 3, and nothing
    else differs."""
    plain, plain_log = play_seeded(GardenPartyOptions(choose_gardeners=False, season_rounds=5))
    std, std_log = play_seeded(GardenPartyOptions(choose_gardeners=False, season_rounds=5, standard_die=True))
    a = dump_state(plain).replace('"standard_die":false', "")
    b = dump_state(std).replace('"standard_die":true', "")
    assert a == b
    rolls = reworded = 0
    for plain_events, std_events in zip(plain_log, std_log, strict=True):
        assert kinds(plain_events) == kinds(std_events)
        for p, s in zip(plain_events, std_events, strict=True):
            assert as_face_value(s.text) == p.text
            reworded += s.text != p.text
            if p.kind == "roll":
                rolls += 1
                value = int(str(p.fields["roll"]))
                assert p.fields["die"] == str(value) and s.fields["die"] == f"{value - 3} + 3"
                assert f"rolls {value - 3} + 3:" in s.text and f"rolls {value}:" in p.text
                assert s.fields["points"] == p.fields["points"]
    assert rolls > 5 and reworded >= rolls


def test_the_standard_die_words_the_first_players_roll_too() -> None:
    """I, The die ("If you use a standard six-sided die, add 3 points to the result") and ruling 20:
    with a standard die the first player's roll reads as a six-sided roll plus 3."""
    state = GAME.create(GardenPartyOptions(standard_die=True), 3, 1)
    events = []
    for seat, gardener in enumerate(["countess", "baron", "duchess"]):
        events += act(state, f"gardener:{gardener}", seat)
    assert "+ 3" in event(events, "first_player").text


def test_the_standard_die_words_the_duel_rolls_too() -> None:
    """I, The die and ruling 20: with a standard die the dice of a Dice Contest read as six-sided
    rolls plus 3."""
    state = new_game(3, standard_die=True)
    all_seeds(state)
    state.players[1].square = "C"
    for seat in range(3):
        set_hand(state, seat)
    act(state, "move:G1")
    stack_duel(state, "dice_contest")
    verdict = next(e for e in end_turn(state) if e.kind in ("duel_won", "duel_lost"))
    assert "+ 3" in verdict.text


def test_gardeners_dealt_at_random_skip_the_choice() -> None:
    """Ruling 20: with `choose_gardeners=False` the gardeners are dealt at random and the game starts
    with the first player's roll (with choosing, seat 1 chooses first)."""
    dealt = GAME.create(GardenPartyOptions(choose_gardeners=False), 6, 9)
    assert dealt.phase != "gardener" and sorted(p.gardener for p in dealt.players) == sorted(
        ["countess", "professor", "marquise", "baron", "philipus", "duchess"]
    )
    chosen = GAME.create(GardenPartyOptions(), 6, 9)
    assert chosen.phase == "gardener" and all(p.gardener == "" for p in chosen.players)
    assert GAME.to_move(chosen) == [0]


@pytest.mark.parametrize("rounds", [3, 5])
def test_season_rounds_close_the_tournament(rounds: int) -> None:
    """Ruling 21: the tournament closes after `season_rounds` rounds (3 to 99, 40 by default)."""
    state = new_game(3, season_rounds=rounds)
    for seat in range(3):
        set_hand(state, seat)
    turns = 0
    while not GAME.is_terminal(state):
        events = end_turn(state)
        turns += 1
    assert turns == 3 * rounds
    assert "season_over" in kinds(events) and GAME.view(state, None).season_rounds == rounds
    assert GardenPartyOptions().season_rounds == 40
    for bad in (2, 100):
        with pytest.raises(ValidationError):
            GardenPartyOptions(season_rounds=bad)


def test_the_reply_clock_is_an_option() -> None:
    """Ruling 20: the reply window's clock is 5-120 seconds, 30 by default."""
    assert reply_seconds(GAME, GardenPartyOptions()) == 30
    assert reply_seconds(GAME, GardenPartyOptions(reply_seconds=12)) == 12
    for bad in (4, 121):
        with pytest.raises(ValidationError):
            GardenPartyOptions(reply_seconds=bad)
