"""Garden Party in players' words, not abbreviations (issue 27 item 10): the talents by their
full names on the text board and the picture's description ("Bricanology 1", never "Bric. 1"),
and a card's target step with a gardener's title as written ("On the Baron", not "On the baron")."""

from __future__ import annotations

import re

from bot.pictures.garden_party import pot_words
from bot.pictures.samples import played
from bot.presenters.garden_party import GardenPartyPresenter
from bot.presenters.garden_party_text import pot_text
from engine.api import action_steps
from engine.garden_party.cards import GARDENERS
from engine.garden_party.views import PotView

NAMES = ["Alice", "Bob", "Carol", "Dave"]
#: A title as the cards print it ("the Baron", "the Countess"), found lower-cased after "On".
TITLES = {m.group(1) for g in GARDENERS.values() if (m := re.match(r"the (\w+)", g.name))}


def test_the_text_board_names_each_talent_in_full() -> None:
    """Issue 27 item 10: a gardener's talents read "Bricanology 2, Herbanology 1, …"."""
    game, state = played("garden_party", 4, 5, 40, choose_gardeners=False)
    text = GardenPartyPresenter().board_text(game.view(state, None), NAMES)
    assert "Bricanology" in text and "Herbanology" in text and "Plantanology" in text
    assert not re.search(r"\b(?:Bric|Herb|Plan)\. \d", text), text


def test_a_cards_target_names_a_gardener_as_the_cards_do() -> None:
    """Issue 27 item 10: over many positions, a step aimed at a gardener keeps the title's capital
    ("On the Baron"); str.capitalize() had made it "On the baron"."""
    assert TITLES, "the gardeners' titles"
    lowered = re.compile(r"\bthe (" + "|".join(t.lower() for t in TITLES) + r")\b")
    aimed = 0
    for seed in range(6):
        for moves in range(0, 400, 25):
            game, state = played("garden_party", 4, seed, moves)
            if game.is_terminal(state):
                break
            for seat in range(4):
                for action in game.legal_actions(state, seat):
                    for step in action_steps(action, NAMES):
                        assert not lowered.search(step), step
                        aimed += step.startswith("On the ")
    assert aimed, "some card was aimed at a gardener in these positions"


def test_a_move_costs_movement_points_in_so_many_words() -> None:
    """Read as a stranger (issue 28's screens): "Go to the Baron's lawn (2 pts)" read as points
    scored; the rules call the die's points "movement points" (III B), and so do the buttons."""
    costed = 0
    for seed in range(3):
        for moves in range(0, 300, 20):
            game, state = played("garden_party", 3, seed, moves)
            if game.is_terminal(state):
                break
            for seat in game.to_move(state):
                for action in game.legal_actions(state, seat):
                    if action.label.startswith(("Go to", "Take a water token")):
                        costed += 1
                        assert re.search(r"\(\d movement points?[;)]", action.label), action.label
                        assert not re.search(r"\bpts?\b", action.label), action.label
    assert costed > 20, "moves were offered"


def test_a_mouldy_seed_its_owner_looked_at_reads_as_the_rules_name_it() -> None:
    """Read as a stranger: a seat that looked at its seeds read "4 seed (Mouldy seed)"; it reads
    "Mouldy seed" (rules V A), and a coloured seed still "seed (Red)"."""
    mouldy = PotView(number=4, stage="seed", colour="Mouldy seed")
    red = PotView(number=1, stage="seed", colour="Red")
    hidden = PotView(number=2, stage="seed")
    assert pot_text(mouldy).endswith(" Mouldy seed") and "(Mouldy" not in pot_text(mouldy)
    assert pot_text(red).endswith(" seed (Red)") and pot_text(hidden).endswith(" seed")
    assert pot_words(mouldy) == "Mouldy seed" and pot_words(red) == "seed (Red)"
