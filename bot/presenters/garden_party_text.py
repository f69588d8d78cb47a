"""Garden Party's words for Discord: the status line, greenhouses, seats and cards, formatted
from the engine's views (`engine.garden_party.views`) only.

Seats are named by display name (`names[seat]`), never by the engine's "Player N". The public
board is built from the spectator view, which holds hand *sizes* and face-down seeds only, so no
line of it can name a card in a hand or a seed nobody has seen; a reply window says whom it waits
for, never what anyone answered.
"""

from __future__ import annotations

from engine.garden_party.cards import GARDENERS, TALENT_NAMES, TIMING_WHEN
from engine.garden_party.views import CardView, GardenPartyView, PotView, SeatView

#: How a pot's stage reads, with a mark for a quick glance.
STAGE_WORDS = {"seed": "seed", "sprout": "sprout", "bud": "bud", "flower": "flower", "weed": "Weed"}
STAGE_MARKS = {"seed": "🟫", "sprout": "🌱", "bud": "🌿", "flower": "🌸", "weed": "🥀"}
TIMING_MARKS = {"blue": "🔵", "orange": "🟠", "mauve": "🟣", "pink": "🩷"}


def named(seat: int | None, names: list[str]) -> str:
    """A seat's display name in bold (the board names people, never "Player N")."""
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return f"**{names[seat]}**"


def joined(items: list[str]) -> str:
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


#: The plant token a mouldy seed is (engine/garden_party/cards.py): said as the rules call it.
MOULDY_SEED = "Mouldy seed"


def seed_words(colour: str | None) -> str:
    """A seed as its reader knows it: "seed" face down; "seed (Red)" to the seat that looked at
    it; "Mouldy seed" for a mouldy one (not "seed (Mouldy seed)")."""
    if colour == MOULDY_SEED:
        return MOULDY_SEED
    return f"seed ({colour})" if colour else "seed"


def pot_text(pot: PotView) -> str:
    """ "3 🌸 Blue flower", "1 · seed" (face down), "2 · seed (Red)" to a seat that looked at it."""
    if pot.stage is None:
        return f"{pot.number} empty"
    mark = STAGE_MARKS.get(pot.stage, "")
    if pot.stage == "weed":
        return f"{pot.number} {mark} Weed"
    if pot.stage == "seed":
        return f"{pot.number} {mark} {seed_words(pot.colour)}"
    return f"{pot.number} {mark} {pot.colour or '?'} {STAGE_WORDS.get(pot.stage, pot.stage)}"


def pots_line(seat: SeatView) -> str:
    return " · ".join(pot_text(pot) for pot in seat.pots)


def gardener_words(seat: SeatView) -> str:
    if seat.gardener_name is None:
        return "no gardener yet"
    talents = ", ".join(f"{TALENT_NAMES[t]} {n}" for t, n in seat.talents.items())  # issue 27 item 10
    return f"{seat.gardener_name} ({talents})"


def collector_flower(seat: SeatView) -> str | None:
    gardener = GARDENERS.get(seat.gardener or "")
    return gardener.flower if gardener else None


#: The squares in front of a greenhouse ("P<seat>", "L<seat>", "G<seat>": engine.garden_party.board).
PLACES = {"P": "pavement", "L": "lawn", "G": "greenhouse"}


def where(view: GardenPartyView, seat: SeatView, names: list[str]) -> str:
    """Where a gardener stands: the engine's square name ("the Baron's lawn"), or, before the
    square's owner has a gardener, the owner's display name ("Alice's greenhouse")."""
    square = seat.square
    if square[:1] in PLACES and square[1:].isdigit():
        owner = int(square[1:])
        if 0 <= owner < len(view.seats) and view.seats[owner].gardener_name is None:
            return f"{named(owner, names)}'s {PLACES[square[0]]}"
    return seat.square_name


def seat_block(view: GardenPartyView, seat: SeatView, names: list[str], to_move: bool) -> str:
    """A gardener's line, where they stand and what they hold, then their greenhouse's nine pots."""
    marker = "▶ " if to_move else ""
    head = f"{marker}{named(seat.seat, names)} — {gardener_words(seat)} · at {where(view, seat, names)}"
    held = [
        f"💧 {seat.water}/{seat.water_limit}",
        f"🃏 {seat.cards_in_hand} card{'s' if seat.cards_in_hand != 1 else ''}",
        f"🌸 {seat.flowering}/9 flowering",
    ]
    if seat.golden_objects:
        held.append("✨ " + ", ".join(seat.golden_objects))
    if seat.vases:
        held.append("🏺 " + ", ".join(seat.vases))
    flower = collector_flower(seat)
    if flower:
        held.append(f"{flower}: {seat.own_flowers_left} left")
    if seat.sentences_owed:
        held.append(f"owes {seat.sentences_owed} card{'s' if seat.sentences_owed != 1 else ''}")
    if seat.banned_from is not None:
        held.append(f"banned from {named(seat.banned_from, names)}'s greenhouse")
    return f"{head}\n{' · '.join(held)}\n{pots_line(seat)}"


def turn_words(view: GardenPartyView) -> str:
    flags = {
        "grow_lamp": "Grow Lamp",
        "cold_snap": "Cold Snap",
        "padlock": "Padlock",
        "pollen_storm": "Pollen Storm",
    }
    shown = [word for flag, word in flags.items() if flag in view.turn_flags]
    return f" ({', '.join(shown)})" if shown else ""


def free_gardeners_line(view: GardenPartyView) -> str:
    """While gardeners are chosen: the ones still free, for everyone waiting (issue 27 item 16)."""
    return "**Gardeners still free:** " + "; ".join(view.gardeners_free)


def status_line(view: GardenPartyView, names: list[str]) -> str:
    """Whose decision it is and what, in the game's words (the table's headline)."""
    now = view.to_move
    first = now[0] if now else None
    round_words = f"Round {view.round} of {view.season_rounds}"
    turn = named(view.turn_seat, names)
    phase = view.phase
    if phase == "over":
        if view.ended_by is not None:
            return (
                f"**Game over** in round {view.round}: {named(view.ended_by, names)}'s greenhouse flowered."
            )
        return f"**Game over**: the tournament closed after round {view.round}."
    if phase == "gardener":
        return f"Choosing gardeners · {named(first, names)} to play: choose a gardener."
    if phase == "roll":
        return f"{round_words} · {turn} to play: roll the die."
    if phase == "orange":
        waiting = joined([named(s, names) for s in now])
        return (
            f"{round_words} · {turn} rolled {view.roll}. Orange cards? Waiting for {waiting} "
            "(answers stay secret until all are in)."
        )
    if phase == "bid":
        return f"{round_words} · {named(first, names)} to play: an orange card against {turn}, or withdraw."
    if phase == "turn":
        points = f"{view.points} movement point{'s' if view.points != 1 else ''} left"
        return f"{round_words} · {turn} to play · {points}{turn_words(view)}"
    if phase == "keep":
        return f"{round_words} · {turn} to play: keep one of the cards drawn."
    if phase in ("cancel", "pay"):
        card = f"{named(view.pending_player, names)}'s **{view.pending_card}**"
        if phase == "cancel":
            waiting = joined([named(s, names) for s in now])
            return (
                f"{round_words} · {card} is played. Cancel it? Waiting for {waiting} (answers stay secret)."
            )
        return f"{round_words} · {named(first, names)} to play: pay two cards to cancel {card}, or withdraw."
    if phase in ("duel", "attila"):
        where = f"{named(view.duel_owner, names)}'s greenhouse"
        duel = f"Duel with Attila after {turn}'s visit to {where} · duel card **{view.duel_card}**"
        if phase == "attila":
            return f"{round_words} · {duel} · {named(first, names)} to play: roll for Attila."
        return f"{round_words} · {duel} · {named(first, names)} to play: a mauve card, or none."
    if phase == "end":
        return f"**The game ends** · {named(first, names)} to play: end-of-game (pink) cards, or no more."
    return f"{round_words} · {named(first, names)} to play."


def card_line(card: CardView) -> str:
    timing = card.timing or ""
    when = TIMING_WHEN.get(timing)
    mark = TIMING_MARKS.get(timing, "✨")
    talent = TALENT_NAMES.get(card.talent, card.talent)
    played = f"{timing}, {when}" if when else "chance card"
    return f"{mark} **{card.name}** ({talent}; {played}): {card.effect}"
