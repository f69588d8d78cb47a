"""Issue 32: Garden Party's engine texts said in a player's language (bot/presenters/engine_words.py).

Garden Party writes names into its lines ("{gardener} goes to the Baron's lawn."), so the bot
reads each line back against the game's templates (`by_templates`) as it reads labels: the
gardeners, squares, cards and effects come out in the glossary's French
(docs/rules/garden-party-glossary-fr.md), plurals in the language's forms, refusals too. English
reads exactly as the engine wrote it.
"""

from __future__ import annotations

from bot.basics.words import words_for
from bot.presenters.engine_words import EngineRefusal, event_line, phrase_text, summary_text, translate
from bot.presenters.garden_party import PRESENTER
from engine.api import FieldValue, Phrase
from engine.garden_party import GAME, counted
from engine.garden_party.common import Log
from engine.garden_party.scoring import summary_template
from engine.text import standing_phrase
from tests.engine.garden_party.helpers import act, event, give, new_game, pass_windows, plant, play

FRENCH, PSEUDO, ENGLISH = words_for("fr"), words_for("x-pseudo"), words_for("en-GB")
NAMES = ["Zoë", "Ulf", "Ines"]
GAME_NAME = "garden_party"


def said(words, found) -> str:  # type: ignore[no-untyped-def]
    return event_line(words, found, None, NAMES, PRESENTER.line_writers, GAME_NAME)


def labels(state, seat: int, words) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {a.code: translate(words, a.label, GAME_NAME) for a in GAME.legal_actions(state, seat)}


def test_a_card_played_on_a_gardener_reads_in_french_with_the_card_and_its_effect() -> None:
    state = new_game(seed=3)
    state.players[1].water = 2
    give(state, 0, "leaky_can")
    played = event(play(state, 0, "leaky_can", 1), "card_played")
    assert said(FRENCH, played) == (
        "Zoë joue la carte Arrosoir percé sur le Professeur : "
        "Un concurrent de votre choix perd un jeton d’eau."
    )
    assert said(ENGLISH, played) == played.line_for(None, NAMES)
    assert played.text == (
        "Player 1 plays Leaky Can on the Professor: A competitor of your choice loses one water token."
    )


def test_squares_say_whose_they_are_as_french_does() -> None:
    state = new_game(seed=1, points=9)
    french = labels(state, 0, FRENCH)
    assert french["move:L1"] == "Aller à la pelouse du Professeur (5 points de mouvement)"
    assert french["move:P0"] == "Aller à l’allée de la Comtesse (2 points de mouvement)"
    assert french["move:C"] == "Aller à la case centrale (3 points de mouvement)"
    moved = event(act(state, "move:L0"), "moved")
    assert said(FRENCH, moved) == "Zoë va à la pelouse de la Comtesse."
    assert moved.text == "Player 1 goes to the Countess's lawn."


def test_plurals_take_the_french_forms() -> None:
    state = new_game(seed=2, points=9)
    act(state, "move:C")
    french = labels(state, 0, FRENCH)
    # The Countess: Bricanology 1, Herbanology 2, Plantanology 3.
    assert french["draw:bricanology"] == "Piocher 1 carte Bricanologie, en garder une"
    assert french["draw:plantanology"] == "Piocher 3 cartes Plantanologie, en garder une"
    assert labels(state, 0, ENGLISH)["draw:plantanology"] == "Draw 3 Plantanology cards, keep one"
    state = new_game(seed=2)
    state.phase = "roll"
    give(state, 1, "tripwire")
    give(state, 2, "cold_snap")
    act(state, "roll")
    window = [e for e in act(state, "yes", 1) + act(state, "yes", 2) if e.kind == "orange_window"]
    assert said(FRENCH, window[0]) == "Cartes orange : 2 jardiniers veulent en jouer une."
    assert window[0].text == "Orange cards: 2 gardeners want to play one."


def test_a_refusal_and_a_private_line_in_french() -> None:
    refusal = EngineRefusal("That move is not open to you now.", GAME_NAME)
    assert refusal.said(FRENCH) == "Ce coup ne vous est pas ouvert maintenant."
    assert refusal.said(ENGLISH) == "That move is not open to you now."
    state = new_game(seed=4, points=9)
    act(state, "move:C")
    events = act(state, "draw:plantanology")
    choice = next(a for a in GAME.legal_actions(state, 0) if a.code.startswith("keep:"))
    kept = event(GAME.apply(state, 0, choice), "kept")
    mine = event_line(FRENCH, kept, 0, NAMES, PRESENTER.line_writers, GAME_NAME)
    assert mine.startswith("Vous gardez la carte ") and "You" not in mine, (mine, events)
    assert said(FRENCH, kept) == "Zoë garde une carte."


def test_the_score_lines_and_the_summary_in_french() -> None:
    state = new_game(seed=5)
    for pot, colour in enumerate(("blue", "blue", "red")):
        plant(state, 0, pot, colour, "flower")
    result = GAME.standing_result(state)
    zoe = next(s for s in result.seats if s.seat == 0)
    assert [translate(FRENCH, line.label, GAME_NAME) for line in zoe.lines] == [
        "Fleurs Rouge (1 x 3)",
        "Fleurs Bleu (2 x 8)",
    ]
    assert summary_text(FRENCH, result, NAMES) == (
        "La partie a été arrêtée avant sa fin ; Zoë mène avec 19 points."
    )


def test_every_text_of_a_seeded_game_comes_from_the_catalogs() -> None:
    """The pseudo-locale marks every text; French shows none of the English-only words."""
    state = GAME.create(GAME.options_model(flowers_to_end=7, season_rounds=4), 3, 11)
    english_only = {"the", "and", "your", "plays", "goes", "card", "cards", "lawn", "greenhouse", "Take"}
    for _ in range(400):
        if GAME.is_terminal(state):
            break
        seat = GAME.to_move(state)[0]
        actions = list(GAME.legal_actions(state, seat))
        for action in actions:
            for words in (FRENCH, PSEUDO):
                shown = [translate(words, text, GAME_NAME) for text in (action.label, *action.steps)]
                for text in shown:
                    if words is PSEUDO:
                        assert text.startswith("⟦"), text
                    else:
                        assert not english_only & set(text.split()), text
        chosen = next((a for a in actions if a.code not in ("end", "yes")), actions[0])
        for found in GAME.apply(state, seat, chosen):
            assert said(PSEUDO, found).startswith("⟦"), said(PSEUDO, found)
            assert not english_only & set(said(FRENCH, found).split()), said(FRENCH, found)
    pass_windows(state)


def test_a_plural_form_naming_no_number_is_said_in_french() -> None:
    """ "Orange cards: one gardener wants to play one." has no {wanted}: its singular all the same."""
    state = new_game(seed=2)
    state.phase = "roll"
    give(state, 1, "tripwire")
    give(state, 2, "cold_snap")
    act(state, "roll")
    window = [e for e in act(state, "yes", 1) + act(state, "no", 2) if e.kind == "orange_window"]
    assert said(FRENCH, window[0]) == "Cartes orange : 1 jardinier veut en jouer une."
    assert said(PSEUDO, window[0]).startswith("⟦")


#: 0, 1 and several as French says them (0 and 1 are singular) and as English does.
COUNTS = ((0, "0 point", "0 points"), (1, "1 point", "1 point"), (5, "5 points", "5 points"))


def test_a_stopped_games_summary_takes_the_languages_plural() -> None:
    """Garden Party's standing summary (engine.text.standing_phrase, written for any number of
    leaders) says "1 point", the singular of the catalogs' plural entry: French "0 point" too."""
    for leaders, seats, french_end, english_end in (
        ([0], 1, ", avec Zoë à {}.", ", with Zoë on {}."),
        ([1], 3, " ; Ulf mène avec {}.", "; Ulf leads with {}."),
        (
            [0, 2],
            3,
            " ; Zoë et Ines sont en tête à égalité avec {}.",
            "; Zoë and Ines share the lead with {}.",
        ),
        (
            [0, 1, 2],
            3,
            " ; Zoë, Ulf et Ines se partagent la tête avec {}.",
            "; Zoë, Ulf and Ines share the lead with {}.",
        ),
    ):
        for points, french, english in COUNTS:
            phrase = standing_phrase(leaders, points, seats=seats)
            french_said = phrase_text(FRENCH, phrase, NAMES)
            assert french_said == "La partie a été arrêtée avant sa fin" + french_end.format(french)
            english_said = phrase_text(ENGLISH, phrase, NAMES)
            assert english_said == "The game was stopped before its end" + english_end.format(english)


def counted_line(
    kind: str, template: str, fields: dict[str, FieldValue], seats: dict[str, int]
) -> tuple[str, str]:
    """A log line built from `template` as the engine's log builds it, said in French and English."""
    log = Log()
    log.add(kind, template, seats=seats, fields=fields)
    return said(FRENCH, log.events[0]), said(ENGLISH, log.events[0])


def test_the_lines_that_count_take_the_languages_plural() -> None:
    """French says "0 plante" and "1 jeton", English "1 token": each line's template is the plural
    its number picks (engine/garden_party/counted.py)."""
    for n, french_s, english_s in ((0, "", "s"), (1, "", ""), (5, "s", "s")):
        french, english = counted_line(
            "roll", counted.rolled(n), {"die": "4 + 3", "points": n}, {"gardener": 0}
        )
        assert french == f"Zoë lance le dé et fait 4 + 3 : {n} point{french_s} de mouvement."
        assert english == f"Zoë rolls 4 + 3: {n} movement point{english_s}."
        french, english = counted_line("season_over", counted.season_over(n), {"rounds": n}, {})
        assert french == f"La Comtesse clôt le tournoi après {n} manche{french_s}."
        assert english == f"The Countess closes the tournament after {n} round{english_s}."
        french, english = counted_line("water_filled", counted.can_filled(n), {"water": n}, {"player": 1})
        assert french == f"Ulf remplit son arrosoir ({n} jeton{french_s})."
        assert english == f"Ulf fills the watering can ({n} token{english_s})."
        french, english = counted_line(
            "garden_complete", counted.garden_complete(n), {"count": n}, {"gardener": 2}
        )
        assert french == f"Ines a {n} plante{french_s} en fleur : la partie s’achève."
        assert english == f"Ines has {n} flowering plant{english_s}: the game ends."
    returned = {
        0: (
            "0 plante prise à Ulf retourne dans son pot.",
            "0 of the plants taken from Ulf go back to their pots.",
        ),
        1: (
            "1 plante prise à Ulf retourne dans son pot.",
            "1 of the plants taken from Ulf goes back to its pot.",
        ),
        2: (
            "2 plantes prises à Ulf retournent dans leurs pots.",
            "2 of the plants taken from Ulf go back to their pots.",
        ),
    }
    for n, expected in returned.items():
        line = counted_line("plants_returned", counted.plants_returned(n), {"returned": n}, {"owner": 1})
        assert line == expected


def test_a_shared_or_tied_win_takes_the_languages_plural() -> None:
    """Two to four winners sharing, or one winning the tie on flowers: "1 point", French "0 point";
    five or six share it in English only, "1 point" too."""
    players = ["Zoë", "Ulf", "Ines", "Bo", "Cy", "Di"]
    shares = {
        2: ("Zoë et Ulf partagent", "Zoë and Ulf share"),
        3: ("Zoë, Ulf et Ines partagent", "Zoë, Ulf and Ines share"),
        4: ("Zoë, Ulf, Ines et Bo partagent", "Zoë, Ulf, Ines and Bo share"),
    }
    for points, french, english in COUNTS:
        for winners, (french_names, english_names) in shares.items():
            roles = {f"winner{i + 1}": i for i in range(winners)}
            phrase = Phrase(
                template=summary_template(winners, True, points), seats=roles, values={"points": points}
            )
            assert phrase_text(FRENCH, phrase, players) == f"{french_names} la victoire avec {french} chacun."
            assert phrase_text(ENGLISH, phrase, players) == f"{english_names} the win with {english} each."
        five = {f"winner{i + 1}": i for i in range(5)}
        phrase = Phrase(template=summary_template(5, True, points), seats=five, values={"points": points})
        assert (
            phrase_text(ENGLISH, phrase, players)
            == f"Zoë, Ulf, Ines, Bo and Cy share the win with {english} each."
        )
        tie = Phrase(
            template=summary_template(1, True, points), seats={"winner1": 2}, values={"points": points}
        )
        assert phrase_text(FRENCH, tie, players) == (
            f"Ines départage l’égalité à {french} avec plus de plantes en fleur ou de fleurs de collection."
        )
        assert phrase_text(ENGLISH, tie, players) == (
            f"Ines wins the tie on {english} with more flowering plants or collector's flowers."
        )
