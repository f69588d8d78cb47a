"""Issue 32: the engines' English said in a player's language (bot/presenters/engine_words.py).

An engine's texts are static English templates; the bot looks them up in the catalogs and fills
the same seats and fields, the card names translated too. A text the catalogs lack stays English.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from bot.basics.words import words_for
from bot.presenters.cabbagehead_log import LINE_WRITERS
from bot.presenters.engine_words import EngineRefusal, event_line, fill_in, phrase_text, translate
from bot.publish.seat_choices import _page_in
from bot.ui.choices import plan_page
from engine.api import Event, Phrase
from engine.cabbagehead.actions import Pass, PlaceRose, Plant
from engine.cabbagehead.outcome import shared_win
from engine.cabbagehead.wording import say

FRENCH, PSEUDO, ENGLISH = words_for("fr"), words_for("x-pseudo"), words_for("en-GB")
NAMES = ["Zoë", "Ulf"]


def planted() -> Event:
    return say(
        "plant",
        "{actor} plants the left {card} #{number} in {slot}, paying 1 Bee to the hive.",
        seats={"actor": 0},
        fields={"card": "Carrot", "number": 11, "slot": "F3", "bees": -1},
    )


def test_a_log_line_with_a_card_reads_in_french_with_the_card_translated() -> None:
    event = planted()
    assert event_line(FRENCH, event, None, NAMES) == (
        "Zoë plante la carte de gauche, Carotte #11, en F3, en payant 1 Abeille à la Ruche."
    )
    assert event_line(ENGLISH, event, None, NAMES) == event.line_for(None, NAMES)
    assert event.text == "Seat 1 plants the left Carrot #11 in F3, paying 1 Bee to the hive."


def test_a_list_field_is_translated_element_by_element() -> None:
    drawn = say(
        "draw",
        "{actor}'s row: left {cards[0]} #{numbers[0]}, centre {cards[1]} #{numbers[1]}, "
        "right {cards[2]} #{numbers[2]}.",
        seats={"actor": 1},
        fields={"cards": ["Cabbage", "Ruta Baga", "Onion"], "numbers": [7, 9, 40]},
    )
    assert drawn.text == "Seat 2's row: left Cabbage #7, centre Ruta Baga #9, right Onion #40."
    assert event_line(FRENCH, drawn, None, NAMES) == (
        "Rangée d’Ulf : à gauche Chou #7, au centre Rutabaga #9, à droite Oignon #40."
    )


def test_a_plural_template_takes_the_languages_form() -> None:
    """French says "0 Abeille" (0 and 1 are singular), English "0 Bees"."""
    for bees, french in ((0, "0 Abeille de"), (1, "1 Abeille de"), (3, "3 Abeilles de")):
        template = (
            "The garden: Bernard Betteravé takes {bees} Bee from the supply out of the game."
            if bees == 1
            else "The garden: Bernard Betteravé takes {bees} Bees from the supply out of the game."
        )
        line = fill_in(FRENCH, template, {"owner": 0}, {"bees": bees}, NAMES)
        assert line.startswith("Le jardin : Bernard Betteravé retire du jeu") and french in line, line


def test_an_unknown_template_falls_back_to_its_english() -> None:
    """Another game's line (no catalog entry) reads as the engine wrote it, bare in the pseudo-locale."""
    event = say("draw", "{actor} draws a {card}.", seats={"actor": 0}, fields={"card": "Carrot"})
    assert event_line(FRENCH, event, None, NAMES) == "Zoë draws a Carrot."
    assert event_line(PSEUDO, event, None, NAMES) == "Zoë draws a Carrot."
    assert translate(FRENCH, "Some text no game wrote", "cabbagehead") == "Some text no game wrote"
    old = Event(kind="plant", text="Seat 1 plants the Carrot.")  # stored before templates
    assert event_line(FRENCH, old, None, NAMES) == "Seat 1 plants the Carrot."


def test_the_pseudo_locale_marks_the_line_and_its_card() -> None:
    line = event_line(PSEUDO, planted(), None, NAMES)
    assert line.startswith("⟦") and line.endswith("⟧") and "Zoë" in line and "F3" in line
    assert "⟦Çàřřöt~~⟧ #11" in line  # the card's name is a catalog entry too


def test_labels_and_steps_are_read_back_through_their_templates() -> None:
    plant = Plant(0, "Carrot", -1, 3, 6, "Onion", "plant", "F3")
    assert plant.label == "Plant the left Carrot (pay 1 bee) in F3, composting the Onion"
    assert translate(FRENCH, plant.label, "cabbagehead") == (
        "Planter la carte Carotte de gauche (payer 1 Abeille) en F3, en compostant la carte Oignon"
    )
    assert [translate(FRENCH, step, "cabbagehead") for step in plant.steps] == [
        "Carotte de gauche (payer 1 Abeille)",
        "F3, en compostant la carte Oignon",
    ]
    rose = PlaceRose(3, 6, "rose", "F3")
    assert translate(FRENCH, rose.label, "cabbagehead") == "Poser la Rose sur F3 et G3"
    passing = Pass(0, "Lettuce", 2, 1, "Turnip")
    assert translate(FRENCH, passing.label, "cabbagehead") == (
        "Passer la carte Laitue, la carte Navet va sous la pioche ; elle va à droite"
    )


def test_score_lines_awards_and_the_summary() -> None:
    line = "Carrots: 3 of 4 next to their own kind x 3, 1 next to a Grasshopper -1 each"
    assert translate(FRENCH, line, "cabbagehead") == (
        "Carottes : 3 sur 4 à côté d’un légume de leur sorte x 3, 1 à côté d’une Sauterelle -1 chacun"
    )
    assert translate(FRENCH, "Award of Merit: The Bee's Knees", "cabbagehead") == (
        "Prix du Mérite : La Reine des Abeilles"
    )
    assert translate(FRENCH, "Blue Ribbon", "cabbagehead") == "Ruban Bleu"
    summary = Phrase(
        template="{winner} wins with {points} point on the tie-break: more Bees.",
        seats={"winner": 1},
        values={"points": 1},
    )
    assert phrase_text(FRENCH, summary, NAMES) == "Ulf gagne avec 1 point au départage : plus d’Abeilles."


def test_an_engine_refusal_is_said_in_the_clickers_language() -> None:
    refusal = EngineRefusal("The centre card is a Cabbage, not a Carrot.", "cabbagehead")
    assert str(refusal) == "The centre card is a Cabbage, not a Carrot."
    assert refusal.said(FRENCH) == "La carte du centre est : Chou, et non Carotte."
    assert refusal.said(ENGLISH) == str(refusal)
    assert refusal.said(PSEUDO).startswith("⟦")


def test_a_line_listing_things_is_written_from_its_fields() -> None:
    found = ["The Right Honourable Pomme-Frites, Esq."]
    reveal = say("reveal", "(English)", fields={"card": "Onion", "number": 40, "tokens": 1, "found": found})
    said = event_line(FRENCH, reveal, None, NAMES[:1], LINE_WRITERS)
    assert said == "La carte Oignon #40 révèle 1 jeton Voisin : The Right Honourable Pomme-Frites, Esq."
    two = {"card": "Onion", "number": 40, "tokens": 2, "found": ["Lord Carrotbody", "a Grasshopper"]}
    said = event_line(FRENCH, say("reveal", "(English)", fields=two), None, NAMES[:1], LINE_WRITERS)
    assert said == "La carte Oignon #40 révèle 2 jetons Voisins : Lord Carrotbody et une Sauterelle."
    moves = say(
        "visit_effect",
        "(English)",
        seats={"owner": 1},
        fields={
            "effect": "moves",
            "cards": ["Carrot", "Leek"],
            "numbers": [11, 3],
            "from": ["A1", "C2"],
            "to": ["B1", "C3"],
        },
    )
    assert event_line(FRENCH, moves, None, NAMES, LINE_WRITERS) == (
        "Jardin d’Ulf : Pomme-Frites déplace la carte Carotte #11 de A1 en B1 "
        "et la carte Leek #3 de C2 en C3."
    )


def test_a_page_of_choices_is_said_whole_in_the_readers_language() -> None:
    """An untitled page of menus (one card alone affordable: its plantings listed flat) says its
    placeholder, its labels and its buttons from the catalogs, on the same choices."""
    plants = [
        Plant(1, "Carrot", 0, 3, col, "", "plant", f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[col]}3")
        for col in range(26)
    ]
    english = plan_page([p.label for p in plants], [p.steps for p in plants], "p0", 1)
    assert not english.as_buttons and english.menu_titles()[0].startswith("Choose…")
    position = cast(Any, SimpleNamespace(record=SimpleNamespace(game="cabbagehead")))
    french = _page_in(position, english, FRENCH)
    assert [e.choice for e in french.entries] == [e.choice for e in english.entries]
    assert french.entries[0].label == "Planter la carte Carotte du centre (gratuit) en A3"
    assert french.menu_titles()[0].startswith("Choisir…")
    pseudo = _page_in(position, english, PSEUDO)
    assert all(title.startswith("⟦") for title in pseudo.menu_titles())


def test_a_turn_the_computer_played_is_told_in_the_tables_language() -> None:
    """The platform's own log line (a timed-out turn, bot/play/moves.py) is a catalog entry, said
    in French on a French table whatever the game."""
    from bot.play.moves import timed_out_event

    line = event_line(words_for("fr"), timed_out_event(1, "Alice"), None, ["Bob", "Alice"])
    assert line == "Temps écoulé pour Alice : l’ordinateur a joué à sa place."


def test_a_shared_wins_points_take_the_languages_plural() -> None:
    """A two-player garden shared on 0 or 1 point says "point" (French counts 0 and 1 as one);
    English "1 point" too (the summary is the final message's first line)."""
    for points, french, english in (
        (0, "0 point", "0 points"),
        (1, "1 point", "1 point"),
        (5, "5 points", "5 points"),
    ):
        phrase = Phrase(template=shared_win(points), values={"points": points})
        assert phrase_text(FRENCH, phrase, NAMES).startswith(f"Victoire partagée à {french},")
        assert phrase_text(ENGLISH, phrase, NAMES).startswith(f"A shared win on {english},")
