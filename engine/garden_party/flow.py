"""The turn cycle and everything between two decisions: a turn's roll and its orange-card window,
a card's cancellation chain, duels at the end of a turn, and the end of the game.

Every function here moves the state on to the next decision and logs what happened; none decides
for a player. Reply windows open only for seats whose hand count (public) lets them answer, and
offer every such seat the same answers whatever its cards are (docs/engine.md).

Duels live in `duels`, the end of the game in `ending`; this module re-exports the names the
rest of the rules call as `flow.<name>`.
"""

from __future__ import annotations

from engine.garden_party import counted, effects
from engine.garden_party.board import greenhouse, lawn
from engine.garden_party.cards import CANCEL_COST, card_kind, talent_of
from engine.garden_party.common import Log, die_words, gain_card, roll, seats_after, under_deck
from engine.garden_party.duels import duel_decider as duel_decider
from engine.garden_party.duels import judge_duel as judge_duel
from engine.garden_party.duels import next_duel, next_duel_step
from engine.garden_party.duels import pass_in_duel as pass_in_duel
from engine.garden_party.ending import begin_end as begin_end
from engine.garden_party.ending import check_end as check_end
from engine.garden_party.ending import finish_end_cards as finish_end_cards
from engine.garden_party.ending import next_end_card
from engine.garden_party.state import GardenPartyState, Pending, Phase, Turn, Window
from engine.garden_party.targets import played_line
from engine.text import N_, N_plural, lit


def start_turn(state: GardenPartyState, seat: int, log: Log) -> None:
    """A new turn begins with its gardener's roll (rules III B: "At the start of your turn, roll
    the die"), a decision of its own so the table sees who rolls."""
    state.turn = Turn(seat=seat, number=state.turn.number + 1)
    state.phase = "roll"


def roll_for_movement(state: GardenPartyState, log: Log) -> None:
    """The roll gives the movement points; then the others get their orange-card window."""
    seat = state.turn.seat
    rolled = roll(state)
    bonus = 1 if "clover" in state.players[seat].golden else 0
    state.turn.roll, state.turn.points = rolled, rolled + bonus
    die = die_words(state, rolled)
    log.add(
        "roll",
        counted.rolled(rolled + bonus),
        seats={"gardener": seat},
        fields={"die": die, "roll": rolled, "points": rolled + bonus, "round": state.round},
    )
    open_orange_window(state)


def open_orange_window(state: GardenPartyState) -> None:
    """Rules III C: any other gardener may play an orange card now. Seats with no card sit it out."""
    turn = state.turn
    seats = [
        s
        for s in seats_after(state, turn.seat)
        if state.players[s].hand and state.players[s].played_in_turn != turn.number
    ]
    if seats:
        state.window = Window(kind="orange", seats=seats)
        state.phase = "orange"
    else:
        state.phase = "turn"


def answer_window(state: GardenPartyState, seat: int, yes: bool, log: Log) -> None:
    """A secret answer; when the last is in, the answers are shown and acted on."""
    window = state.window
    assert window is not None
    window.answers[seat] = yes
    if len(window.answers) < len(window.seats):
        return
    yes_seats = [s for s in window.seats if window.answers[s]]
    state.window = None
    if window.kind == "orange":
        wanted = len(yes_seats)
        orange = N_plural(
            "Orange cards: one gardener wants to play one.",
            "Orange cards: {wanted} gardeners want to play one.",
            wanted,
        )
        log.add(
            "orange_window",
            N_("Orange cards: nobody wants to play one.") if wanted == 0 else orange,
            fields={"wanted": wanted},
        )
        state.bidders = yes_seats
        next_bidder(state, log)
        return
    pending = state.pending
    assert pending is not None
    wanted = len(yes_seats)
    cancel = N_plural("One gardener wants to cancel it.", "{wanted} gardeners want to cancel it.", wanted)
    log.add(
        "cancel_window",
        N_("Nobody wants to cancel it.") if wanted == 0 else cancel,
        fields={"wanted": wanted, "card": card_kind(pending.card).name},
    )
    state.payers = yes_seats
    next_payer(state, log)


def next_bidder(state: GardenPartyState, log: Log) -> None:
    """The next seat that asked to play an orange card chooses it (or withdraws)."""
    if state.bidders:
        state.phase = "bid"
    else:
        resume(state, "turn", log)


def next_payer(state: GardenPartyState, log: Log) -> None:
    """The next seat that asked to cancel pays two cards of one talent (or withdraws); if none
    does, the card (or the last cancellation) stands."""
    if state.payers:
        state.phase = "pay"
        return
    settle(state, log)


def play_card(
    state: GardenPartyState, seat: int, card: str, target: int | None, resume_to: Phase, log: Log
) -> None:
    """An action card is played face up (rules III C): the others may cancel it before it acts."""
    player = state.players[seat]
    player.hand.remove(card)
    player.played_in_turn = state.turn.number
    player.cards_played += 1
    state.pending = Pending(seat=seat, card=card, target=target, resume=resume_to)
    kind = card_kind(card)
    log.add(
        "card_played",
        played_line(state, kind.id, target, kind.effect),
        seats={"player": seat},
        fields={"card": kind.name, "kind": kind.id, "timing": kind.timing or "", "target": target},
    )
    open_cancel_window(state, seat, log)


def open_cancel_window(state: GardenPartyState, last: int, log: Log) -> None:
    """Everyone but the last to act may cancel (or re-cancel), if they hold two cards or more."""
    seats = [s for s in seats_after(state, last) if len(state.players[s].hand) >= CANCEL_COST]
    if seats:
        state.window = Window(kind="cancel", seats=seats)
        state.phase = "cancel"
        return
    settle(state, log)


def pay_cancel(state: GardenPartyState, seat: int, talent: str, log: Log) -> None:
    """Two cards of one talent go under their deck face down: the card (or cancellation) is cancelled,
    and the others may cancel this cancellation in turn."""
    player = state.players[seat]
    paid = [c for c in player.hand if talent_of(c) == talent][:CANCEL_COST]
    for card in paid:
        player.hand.remove(card)
        under_deck(state, card)
    pending = state.pending
    assert pending is not None
    pending.cancels.append(seat)
    if len(pending.cancels) == 1:
        state.cancel_chains += 1
    state.payers = []
    log.add(
        "cancel",
        N_("{canceller} discards two {talent} cards: the card is cancelled.")
        if len(pending.cancels) % 2
        else N_("{canceller} discards two {talent} cards: the cancellation is cancelled."),
        seats={"canceller": seat},
        fields={"talent": talent.capitalize(), "depth": len(pending.cancels)},
    )
    open_cancel_window(state, seat, log)


def settle(state: GardenPartyState, log: Log) -> None:
    """Nobody cancels any more: the card acts if its cancellations cancelled each other out."""
    pending = state.pending
    assert pending is not None
    state.pending = None
    state.window = None
    state.payers = []
    under_deck(state, pending.card)
    kind = card_kind(pending.card)
    if len(pending.cancels) % 2:
        log.add(
            "card_cancelled",
            "{player}'s {card} is cancelled.",
            seats={"player": pending.seat},
            fields={"card": kind.name},
        )
    else:
        effects.take_effect(state, pending, log)
    if pending.resume != "end" and check_end(state, log):
        begin_end(state, log)  # the card has settled; nothing after it is played (ruling 18)
        return
    if pending.resume == "bid":
        next_bidder(state, log)
    else:
        resume(state, pending.resume, log)


def resume(state: GardenPartyState, phase: Phase, log: Log) -> None:
    """Back to where play was; a completed greenhouse ends the turn at once (ruling 18)."""
    if phase != "end" and check_end(state, log):
        begin_end(state, log)
        return
    if phase == "duel":
        next_duel_step(state, log)
        return
    if phase == "end":
        next_end_card(state, log)
        return
    state.phase = phase


def end_turn(state: GardenPartyState, log: Log) -> None:
    """Rules IV E: one duel with Attila for each competitor's greenhouse entered this turn, the
    last entered first (ruling 8), so a lost duel's plants can always find their way home."""
    state.duels = list(reversed(state.turn.visits))
    log.add("turn_ended", "{gardener} ends the turn.", seats={"gardener": state.turn.seat})
    next_duel(state, log)


def finish_turn(state: GardenPartyState, log: Log) -> None:
    """The turn passes to the left; after the last round the tournament closes (ruling 21)."""
    seat = state.turn.seat
    state.players[seat].banned_from = None
    if check_end(state, log):
        begin_end(state, log)
        return
    following = (seat + 1) % state.seats
    if following == state.first_seat:
        if state.round >= state.options.season_rounds:
            log.add(
                "season_over",
                counted.season_over(state.round),
                fields={"rounds": state.round},
            )
            begin_end(state, log)
            return
        state.round += 1
    start_turn(state, following, log)


def catch_snoopers(state: GardenPartyState, seat: int, log: Log) -> None:
    """Rules III D 2: each gardener found in your greenhouse gives you a card at random from their
    hand and is put on your lawn; they may not come back during their next turn (ruling 5)."""
    for other in seats_after(state, seat):
        snooper = state.players[other]
        if snooper.square != greenhouse(seat):
            continue
        snooper.square = lawn(seat)
        snooper.banned_from = seat
        taken = snooper.hand.pop(state.rng.below(len(snooper.hand))) if snooper.hand else None
        log.add(
            "snooper_caught",
            N_(
                "{owner} catches {snooper} snooping and takes a card at random from their hand; "
                "{snooper} is put out on the lawn."
            )
            if taken
            else N_("{owner} catches {snooper} snooping; {snooper} is put out on the lawn."),
            seats={"owner": seat, "snooper": other},
            fields={"took_card": taken is not None},
            private={seat: N_("You took {card}.").format(card=lit(card_kind(taken).name))}
            if taken is not None
            else None,
        )
        if taken is not None:
            gain_card(state, seat, taken, log)
