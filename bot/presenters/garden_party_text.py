"""Garden Party's words for Discord: the status line, greenhouses, seats and cards, formatted
from the engine's views (`engine.garden_party.views`) only, in a reader's language (`words`).

Seats are named by display name (`names[seat]`), never by the engine's "Player N". The public
board is built from the spectator view, which holds hand *sizes* and face-down seeds only, so no
line of it can name a card in a hand or a seed nobody has seen; a reply window says whom it waits
for, never what anyone answered.

The names a view carries (cards, effects, gardeners, colours, squares) are the engine's English,
said in the reader's language through the catalogs (`engine_said`, bot/presenters/engine_words.py);
the presenter's own sentences are catalog entries (`words.text`). English reads as it always did.
"""

from __future__ import annotations

from bot.basics.words import N_, Words
from bot.presenters.base import ENGLISH_WORDS
from bot.presenters.engine_words import translate
from engine.garden_party.cards import GARDENERS, TALENT_NAMES, TIMING_WHEN
from engine.garden_party.views import CardView, GardenPartyView, PotView, SeatView

GAME = "garden_party"

#: How a pot's stage reads, with a mark for a quick glance.
STAGE_WORDS = {"seed": "seed", "sprout": "sprout", "bud": "bud", "flower": "flower", "weed": "Weed"}
STAGE_MARKS = {"seed": "🟫", "sprout": "🌱", "bud": "🌿", "flower": "🌸", "weed": "🥀"}
TIMING_MARKS = {"blue": "🔵", "orange": "🟠", "mauve": "🟣", "pink": "🩷"}


def engine_said(words: Words, text: str) -> str:
    """A text of the engine's (a card's name or effect, a gardener, a colour, a square) in
    `words`' language."""
    return translate(words, text, GAME)


def named(seat: int | None, names: list[str]) -> str:
    """A seat's display name in bold (the board names people, never "Player N")."""
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return f"**{names[seat]}**"


def joined(items: list[str], words: Words = ENGLISH_WORDS) -> str:
    if not items:
        return words.text("nobody")
    if len(items) == 1:
        return items[0]
    return words.text("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


#: The plant token a mouldy seed is (engine/garden_party/cards.py): said as the rules call it.
MOULDY_SEED = "Mouldy seed"


def seed_words(colour: str | None, words: Words = ENGLISH_WORDS) -> str:
    """A seed as its reader knows it: "seed" face down; "seed (Red)" to the seat that looked at
    it; "Mouldy seed" for a mouldy one (not "seed (Mouldy seed)")."""
    if colour == MOULDY_SEED:
        return engine_said(words, MOULDY_SEED)
    if colour:
        return words.text("seed ({colour})", colour=engine_said(words, colour))
    return engine_said(words, "seed")


def pot_text(pot: PotView, words: Words = ENGLISH_WORDS) -> str:
    """ "3 🌸 Blue flower", "1 · seed" (face down), "2 · seed (Red)" to a seat that looked at it."""
    if pot.stage is None:
        return words.text("{pot} empty", pot=pot.number)
    mark = STAGE_MARKS.get(pot.stage, "")
    if pot.stage == "weed":
        return f"{pot.number} {mark} {engine_said(words, 'Weed')}"
    if pot.stage == "seed":
        return f"{pot.number} {mark} {seed_words(pot.colour, words)}"
    plant = f"{pot.colour or '?'} {STAGE_WORDS.get(pot.stage, pot.stage)}"  # "Blue flower", an entry
    return f"{pot.number} {mark} {engine_said(words, plant)}"


def pots_line(seat: SeatView, words: Words = ENGLISH_WORDS) -> str:
    return " · ".join(pot_text(pot, words) for pot in seat.pots)


def talents_text(talents: dict[str, int], words: Words) -> str:
    """ "Bricanology 1, Herbanology 3, Plantanology 2" (issue 27 item 10: in full)."""
    return ", ".join(f"{engine_said(words, TALENT_NAMES[t])} {n}" for t, n in talents.items())


def gardener_words(seat: SeatView, words: Words = ENGLISH_WORDS) -> str:
    if seat.gardener_name is None:
        return words.text("no gardener yet")
    return f"{engine_said(words, seat.gardener_name)} ({talents_text(seat.talents, words)})"


def collector_flower(seat: SeatView) -> str | None:
    gardener = GARDENERS.get(seat.gardener or "")
    return gardener.flower if gardener else None


#: The squares in front of a greenhouse ("P<seat>", "L<seat>", "G<seat>": engine.garden_party.board).
PLACES = {"P": "pavement", "L": "lawn", "G": "greenhouse"}
#: A square of a seat whose gardener is not chosen yet, by the seat's display name.
PLAYERS_PLACES = {
    "P": N_("{player}'s pavement"),
    "L": N_("{player}'s lawn"),
    "G": N_("{player}'s greenhouse"),
}


def where(view: GardenPartyView, seat: SeatView, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    """Where a gardener stands: the engine's square name ("the Baron's lawn"), or, before the
    square's owner has a gardener, the owner's display name ("Alice's greenhouse")."""
    square = seat.square
    if square[:1] in PLACES and square[1:].isdigit():
        owner = int(square[1:])
        if 0 <= owner < len(view.seats) and view.seats[owner].gardener_name is None:
            return words.text(PLAYERS_PLACES[square[0]], player=named(owner, names))
    return engine_said(words, seat.square_name)


def names_said(items: list[str], words: Words) -> str:
    """Golden objects, flowers: the engine's names, listed."""
    return ", ".join(engine_said(words, item) for item in items)


def seat_block(
    view: GardenPartyView, seat: SeatView, names: list[str], to_move: bool, words: Words = ENGLISH_WORDS
) -> str:
    """A gardener's line, where they stand and what they hold, then their greenhouse's nine pots."""
    marker = "▶ " if to_move else ""
    head = marker + words.text(
        "{player} — {gardener} · at {square}",
        player=named(seat.seat, names),
        gardener=gardener_words(seat, words),
        square=where(view, seat, names, words),
    )
    held = [
        f"💧 {seat.water}/{seat.water_limit}",
        "🃏 " + words.plural("{n} card", "{n} cards", seat.cards_in_hand),
        "🌸 " + words.text("{flowering}/9 flowering", flowering=seat.flowering),
    ]
    if seat.golden_objects:
        held.append("✨ " + names_said(seat.golden_objects, words))
    if seat.vases:
        held.append("🏺 " + names_said(seat.vases, words))
    flower = collector_flower(seat)
    if flower:
        held.append(
            words.text("{flower}: {left} left", flower=engine_said(words, flower), left=seat.own_flowers_left)
        )
    if seat.sentences_owed:
        held.append(words.plural("owes {n} card", "owes {n} cards", seat.sentences_owed))
    if seat.banned_from is not None:
        held.append(words.text("banned from {player}'s greenhouse", player=named(seat.banned_from, names)))
    return f"{head}\n{' · '.join(held)}\n{pots_line(seat, words)}"


def turn_words(view: GardenPartyView, words: Words = ENGLISH_WORDS) -> str:
    flags = {
        "grow_lamp": "Grow Lamp",
        "cold_snap": "Cold Snap",
        "padlock": "Padlock",
        "pollen_storm": "Pollen Storm",
    }
    shown = [engine_said(words, word) for flag, word in flags.items() if flag in view.turn_flags]
    return f" ({', '.join(shown)})" if shown else ""


def gardener_free(said: str, words: Words) -> str:
    """ "Baron d'Anléchoux (Bricanology 1, Herbanology 3, Plantanology 2)" in `words`' language."""
    name, _, talents = said.partition(" (")
    if not talents.endswith(")"):
        return engine_said(words, said)
    return f"{engine_said(words, name)} ({engine_said(words, talents[:-1])})"


def free_gardeners_line(view: GardenPartyView, words: Words = ENGLISH_WORDS) -> str:
    """While gardeners are chosen: the ones still free, for everyone waiting (issue 27 item 16)."""
    free = "; ".join(gardener_free(gardener, words) for gardener in view.gardeners_free)
    return words.text("**Gardeners still free:** {gardeners}", gardeners=free)


def status_line(view: GardenPartyView, names: list[str], words: Words = ENGLISH_WORDS) -> str:
    """Whose decision it is and what, in the game's words (the table's headline)."""
    now = view.to_move
    first = named(now[0] if now else None, names)
    round_words = words.text("Round {round} of {rounds}", round=view.round, rounds=view.season_rounds)
    turn = named(view.turn_seat, names)
    phase = view.phase
    if phase == "over":
        if view.ended_by is not None:
            return words.text(
                "**Game over** in round {round}: {player}'s greenhouse flowered.",
                round=view.round,
                player=named(view.ended_by, names),
            )
        return words.text("**Game over**: the tournament closed after round {round}.", round=view.round)
    if phase == "gardener":
        return words.text("Choosing gardeners · {player} to play: choose a gardener.", player=first)
    if phase == "roll":
        return words.text("{round} · {player} to play: roll the die.", round=round_words, player=turn)
    if phase == "orange":
        return words.text(
            "{round} · {player} rolled {roll}. Orange cards? Waiting for {waiting} "
            "(answers stay secret until all are in).",
            round=round_words,
            player=turn,
            roll=view.roll,
            waiting=joined([named(s, names) for s in now], words),
        )
    if phase == "bid":
        return words.text(
            "{round} · {player} to play: an orange card against {mover}, or withdraw.",
            round=round_words,
            player=first,
            mover=turn,
        )
    if phase == "turn":
        points = words.plural("{n} movement point left", "{n} movement points left", view.points)
        return words.text(
            "{round} · {player} to play · {points}", round=round_words, player=turn, points=points
        ) + turn_words(view, words)
    if phase == "keep":
        return words.text(
            "{round} · {player} to play: keep one of the cards drawn.", round=round_words, player=turn
        )
    if phase in ("cancel", "pay"):
        player, card = named(view.pending_player, names), engine_said(words, view.pending_card or "")
        if phase == "cancel":
            return words.text(
                "{round} · {player}'s **{card}** is played. Cancel it? Waiting for {waiting} "
                "(answers stay secret).",
                round=round_words,
                player=player,
                card=card,
                waiting=joined([named(s, names) for s in now], words),
            )
        return words.text(
            "{round} · {payer} to play: pay two cards to cancel {player}'s **{card}**, or withdraw.",
            round=round_words,
            payer=first,
            player=player,
            card=card,
        )
    if phase in ("duel", "attila"):
        duel = words.text(
            "Duel with Attila after {player}'s visit to {owner}'s greenhouse · duel card **{card}**",
            player=turn,
            owner=named(view.duel_owner, names),
            card=engine_said(words, view.duel_card or ""),
        )
        if phase == "attila":
            return words.text(
                "{round} · {duel} · {player} to play: roll for Attila.",
                round=round_words,
                duel=duel,
                player=first,
            )
        return words.text(
            "{round} · {duel} · {player} to play: a mauve card, or none.",
            round=round_words,
            duel=duel,
            player=first,
        )
    if phase == "end":
        return words.text(
            "**The game ends** · {player} to play: end-of-game (pink) cards, or no more.", player=first
        )
    return words.text("{round} · {player} to play.", round=round_words, player=first)


def card_line(card: CardView, words: Words = ENGLISH_WORDS) -> str:
    timing = card.timing or ""
    when = TIMING_WHEN.get(timing)
    mark = TIMING_MARKS.get(timing, "✨")
    talent = engine_said(words, TALENT_NAMES.get(card.talent, card.talent))
    if when:
        played = words.text(
            "{timing}, {when}", timing=engine_said(words, timing), when=engine_said(words, when)
        )
    else:
        played = words.text("chance card")
    return words.text(
        "{mark} **{card}** ({talent}; {played}): {effect}",
        mark=mark,
        card=engine_said(words, card.name),
        talent=talent,
        played=played,
        effect=engine_said(words, card.effect),
    )
