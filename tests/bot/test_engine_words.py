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
from engine.cabbagehead.outcome import MORE_BEES, MORE_TYPES, ribbon_words, shared_win, stopped
from engine.cabbagehead.rounds import last_phase
from engine.cabbagehead.scoring import compost_label
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


#: 0, 1 and several as French says them (0 and 1 are singular) and as English does.
COUNTS = ((0, "0 point", "0 points"), (1, "1 point", "1 point"), (5, "5 points", "5 points"))


def test_a_solo_gardens_ribbon_summary_takes_the_languages_plural() -> None:
    """The solo summary says "1 point" (and French "0 point"), whatever the ribbon."""
    ribbons = {
        None: ("l’espoir que", "a hope that"),
        "White Ribbon": ("le Ruban Blanc", "the White Ribbon"),
        "Yellow Ribbon": ("le Ruban Jaune", "the Yellow Ribbon"),
        "Red Ribbon": ("le Ruban Rouge", "the Red Ribbon"),
        "Blue Ribbon": ("le Ruban Bleu", "the Blue Ribbon"),
    }
    for ribbon, (french_words, english_words) in ribbons.items():
        for points, french, english in COUNTS:
            phrase = Phrase(
                template=ribbon_words(ribbon, points), seats={"player": 0}, values={"points": points}
            )
            assert phrase_text(FRENCH, phrase, NAMES).startswith(f"Zoë marque {french} : {french_words}")
            assert phrase_text(ENGLISH, phrase, NAMES).startswith(f"Zoë scores {english}: {english_words}")
    minus = Phrase(template=ribbon_words(None, -1), seats={"player": 0}, values={"points": -1})
    assert phrase_text(ENGLISH, minus, NAMES).startswith("Zoë scores -1 point:")
    assert phrase_text(FRENCH, minus, NAMES).startswith("Zoë marque -1 point :")


def test_a_stopped_gardens_summary_takes_the_languages_plural() -> None:
    """A game stopped before its end names the leaders' points: "1 point", French "0 point"."""
    cases: list[tuple[list[int], str, bool, str, str]] = [
        ([0], "", True, "avec Zoë à {}.", "with Zoë on {}."),
        ([0, 1], "", False, "en tête à égalité avec {}.", "share the lead with {}."),
        ([1], "", False, "Ulf mène avec {}.", "Ulf leads with {}."),
        (
            [1],
            MORE_TYPES,
            False,
            "Ulf mène avec {} au départage : plus de sortes de légumes.",
            "Ulf leads with {} on the tie-break: more vegetable types.",
        ),
        (
            [1],
            MORE_BEES,
            False,
            "Ulf mène avec {} au départage : plus d’Abeilles.",
            "Ulf leads with {} on the tie-break: more Bees.",
        ),
    ]
    for leaders, why, solo, french_end, english_end in cases:
        roles = {f"leader{i + 1}": seat for i, seat in enumerate(leaders)}
        for points, french, english in COUNTS:
            phrase = Phrase(
                template=stopped(leaders, why, points, solo=solo), seats=roles, values={"points": points}
            )
            assert phrase_text(FRENCH, phrase, NAMES).endswith(french_end.format(french))
            assert phrase_text(ENGLISH, phrase, NAMES).endswith(english_end.format(english))


def test_the_compost_score_line_takes_the_languages_plural() -> None:
    """ "Compost: 1 card x -2", read back in French as "1 carte" (and "0 carte")."""
    for cards, french, english in (
        (0, "0 carte", "0 cards"),
        (1, "1 carte", "1 card"),
        (3, "3 cartes", "3 cards"),
    ):
        label = compost_label(cards)
        assert label == f"Compost: {english} x -2"
        assert translate(FRENCH, label, "cabbagehead") == f"Compost : {french} x -2"
    # A line stored before the plural (its English said "1 cards") still reads, in the right form.
    assert translate(FRENCH, "Compost: 1 cards x -2", "cabbagehead") == "Compost : 1 carte x -2"


def test_the_last_neighbour_phase_line_takes_the_languages_plural() -> None:
    for plantings, french, english in (
        (1, "1 plantation", "1 planting"),
        (15, "15 plantations", "15 plantings"),
    ):
        line = say("round_end", last_phase(plantings), fields={"plantings": plantings, "round": 3})
        assert line.text == f"Both gardens hold {english}: the last Neighbour Phase."
        assert event_line(FRENCH, line, None, NAMES) == (
            f"Les deux jardins comptent {french} : dernière phase des Voisins."
        )
