"""Games stored before issue 28's decks (ruling 10: 30 action cards a talent renumbered every card
from the fifth Wheelbarrow on): their options say which rules edition made them (`ruleset`), and
the engine refuses to replay or play on an older edition with a clear reason instead of dealing
other cards under the same ids. A finished old game still loads and shows its result."""

from __future__ import annotations

import pytest

from engine.api import IllegalAction, dump_state, load_state
from engine.garden_party import GAME
from engine.garden_party.state import RULESET, GardenPartyOptions, GardenPartyState

#: Options as a game stored before issue 28 holds them (a full dump, no `balanced_start`).
OLD_OPTIONS = {
    "flowers_to_end": 9,
    "standard_die": False,
    "choose_gardeners": True,
    "reply_seconds": 30,
    "season_rounds": 40,
}


def test_options_stored_before_issue_28_are_edition_1() -> None:
    """Ruling 10: a stored dump without `balanced_start` was dealt the old decks (edition 1)."""
    assert GardenPartyOptions.model_validate(OLD_OPTIONS).ruleset == 1


def test_options_stored_with_issue_28s_decks_but_no_ruleset_are_the_current_edition() -> None:
    """Ruling 10: a dump with `balanced_start` (issue 28's decks, briefly on main) is edition 2."""
    stored = {**OLD_OPTIONS, "balanced_start": False}
    assert GardenPartyOptions.model_validate(stored).ruleset == RULESET == 2


def test_options_built_in_code_are_the_current_edition() -> None:
    """Ruling 10: options made in code (a lobby, a test), and their own dumps, are edition 2."""
    assert GardenPartyOptions().ruleset == RULESET
    assert GardenPartyOptions(flowers_to_end=7, season_rounds=5).ruleset == RULESET
    dumped = GardenPartyOptions().model_dump(mode="json")
    assert GardenPartyOptions.model_validate(dumped).ruleset == RULESET


def test_an_old_edition_game_is_not_replayed_with_todays_cards() -> None:
    """Ruling 10: replaying from options and seed would deal the new decks under the old ids, so
    `create` refuses (ValueError: the bot's replay says the game no longer replays)."""
    with pytest.raises(ValueError, match="edition 1"):
        GAME.create(GardenPartyOptions.model_validate(OLD_OPTIONS), 4, 7)


def test_an_old_edition_state_loads_shows_its_result_and_refuses_moves() -> None:
    """Ruling 10: a stored old game's state still loads (history lists it with its points), but no move is
    applied to it: its hands' ids name other cards now."""
    state = GAME.create(GardenPartyOptions(), 4, 7)
    text = dump_state(state).replace(f'"ruleset":{RULESET}', '"ruleset":1')
    old = load_state(GAME, text)
    assert isinstance(old, GardenPartyState) and old.options.ruleset == 1
    assert len(GAME.standing_result(old).seats) == 4
    seat = GAME.to_move(old)[0]
    action = GAME.legal_actions(old, seat)[0]
    with pytest.raises(IllegalAction, match="edition 1"):
        GAME.apply(old, seat, action)
