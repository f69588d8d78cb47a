"""Who decides now, what they may do, and `apply` (checks first, then plays; a refusal changes
nothing). The phases: gardeners chosen, a turn, keeping a drawn card, reply windows (orange cards
after a roll, cancellations after any card), the bidders and payers those windows found, duels,
and the end-of-game cards."""

from __future__ import annotations

from engine.api import DecisionKind, Event, IllegalAction
from engine.garden_party import flow, setup
from engine.garden_party.actions import (
    CANCEL_NO,
    CANCEL_YES,
    FACE_ATTILA,
    FINISH,
    ORANGE_NO,
    ORANGE_YES,
    ROLL,
    ROLL_FOR_ATTILA,
    WITHDRAW,
    Action,
    action,
)
from engine.garden_party.cards import CANCEL_COST, GARDENERS, TALENT_NAMES, TALENTS, card_kind
from engine.garden_party.common import Log, count_talent
from engine.garden_party.state import GardenPartyState
from engine.garden_party.targets import targets
from engine.garden_party.turn_actions import legal_turn_actions
from engine.garden_party.turn_play import apply_turn_action, keep, keep_actions
from engine.text import N_, lit

#: Every kind of event Garden Party emits.
EVENT_KINDS = frozenset(
    {
        "gardener_chosen", "first_player", "roll", "orange_window", "cancel_window", "card_played",
        "cancel", "card_cancelled", "withdrawn", "moved", "water_taken", "drew", "kept", "golden_object",
        "watered", "rot", "weed", "sprout", "bud", "flower", "garden_complete", "weed_pulled", "weed_raked",
        "snooper_caught", "collector_flower", "exchanged", "stolen", "turn_ended", "duel", "duel_won",
        "duel_lost", "plants_returned", "sentence", "sentence_postponed", "water_lost", "points_gained",
        "sent_to_centre", "points_lost", "padlocked", "water_filled", "grow_lamp", "cold_snap",
        "packet_planted", "seeds_seen", "grafted", "weed_swapped", "pollen_storm", "season_over",
        "game_over", "end_card_done",
    }
)  # fmt: skip


def to_move(state: GardenPartyState) -> list[int]:
    phase = state.phase
    if phase == "over":
        return []
    if phase == "gardener":
        return [next(s for s, p in enumerate(state.players) if not p.gardener)]
    if phase in ("orange", "cancel"):
        window = state.window
        assert window is not None
        return [s for s in window.seats if s not in window.answers]
    if phase == "bid":
        return [state.bidders[0]]
    if phase == "pay":
        return [state.payers[0]]
    if phase == "duel":
        return [flow.duel_decider(state)]
    if phase == "attila":
        duel = state.duel
        assert duel is not None
        return [duel.owner]
    if phase == "end":
        return [state.end_order[0]]
    return [state.turn.seat]


def decision_kind(state: GardenPartyState, seat: int) -> DecisionKind:
    return "reply" if state.phase in ("orange", "cancel") else "turn"


#: The phases of a gardener's own turn: its roll, its moves, keeping a drawn card, and the duels
#: with Attila at its end (the snooper's mauve cards, the owner's too, and the owner's roll for
#: Attila) belong to that turn (rules III B, IV E).
TURN_PHASES = frozenset({"roll", "turn", "keep", "duel", "attila"})


def turn_key(state: GardenPartyState) -> tuple[str | int, ...]:
    """Which stretch of play the seats to move are in (`engine.api.turn_key`): each gardener's
    choice; a gardener's turn (`state.turn.number`) with its duels, so the owner who rolls for
    Attila and plays next starts a turn of their own with their roll; a turn's orange window with
    the orange cards its bidders then choose; each cancel window of a card (named by the cards
    played so far and how deep its chain is) with the payments it asks for; and each gardener's
    end-of-game cards. A window keeps its key while its seats answer, and a seat that said yes
    chooses its card or payment on what is left of the window's short clock, not on a fresh turn
    clock the whole table would wait for. Public facts only, so twin states share it."""
    phase = state.phase
    number = state.turn.number
    if phase == "gardener":
        return ("gardener", sum(1 for p in state.players if p.gardener))
    if phase in TURN_PHASES:
        return ("turn", number)
    if phase in ("orange", "bid"):
        return ("orange", number)
    if phase in ("cancel", "pay"):
        pending = state.pending
        depth = len(pending.cancels) if pending is not None else 0
        return ("cancel", sum(p.cards_played for p in state.players), depth)
    if phase == "end":
        return ("end", number, state.end_order[0] if state.end_order else -1)
    return (phase,)


def only_pass(state: GardenPartyState, seat: int) -> bool:
    """A window whose "yes" could only end in withdrawing for `seat`: an orange window with no
    orange card the bid would offer now, a cancel window with no two cards of one talent to pay."""
    if state.phase == "orange":
        return not _cards_of_timing(state, seat, "orange")
    if state.phase == "cancel":
        return all(count_talent(state.players[seat], t) < CANCEL_COST for t in TALENTS)
    return False


def timeout_action(state: GardenPartyState, seat: int) -> Action | None:
    """A roll (the turn's, Attila's) rolls; a window lapses to its pass; a bid, payment, duel or
    end card to playing none; a turn and a gardener's choice go to the computer player (None)."""
    return {
        "roll": ROLL,
        "attila": ROLL_FOR_ATTILA,
        "orange": ORANGE_NO,
        "cancel": CANCEL_NO,
        "bid": WITHDRAW,
        "pay": WITHDRAW,
        "duel": FACE_ATTILA,
        "end": FINISH,
    }.get(state.phase)


def _cards_of_timing(state: GardenPartyState, seat: int, timing: str) -> list[Action]:
    found: dict[str, Action] = {}
    for card in state.players[seat].hand:
        kind = card_kind(card)
        if kind.timing == timing and kind.name not in found and targets(state, seat, kind.id) is not None:
            label = N_("Play {card}: {effect}").format(card=kind.name, effect=kind.effect)
            found[kind.name] = action(f"play:{card}", label)
    return list(found.values())


def legal_actions(state: GardenPartyState, seat: int) -> list[Action]:
    found = _legal_actions(state, seat)
    state._legal_cache = ((id(state), state.actions_taken, seat), {a.code: a for a in found})
    return found


def _offered(state: GardenPartyState, seat: int) -> dict[str, Action]:
    """The legal actions by code: from the cache when they were just computed for this state."""
    cached = state._legal_cache
    if cached is not None and cached[0] == (id(state), state.actions_taken, seat):
        return cached[1]  # type: ignore[return-value]
    return {a.code: a for a in _legal_actions(state, seat)}


#: The moments of a competitor's turn open to an orange card played unasked (ruling 32): before
#: its roll, during its moves and while it chooses which drawn card to keep. Not in a reply window
#: or the bids and payments it brings (one card is in play at a time), in a duel (mauve cards'
#: time) or at the end (pink cards').
UNASKED_PHASES = frozenset({"roll", "turn", "keep"})


def interjections(state: GardenPartyState, seat: int) -> list[Action]:
    """Rules III C ("at any time") and ruling 32: during a competitor's turn (`UNASKED_PHASES`), a
    gardener who has not played a card this turn may play an orange card from their hand, unasked.
    It opens a cancel window like any card, then the turn goes on where it was."""
    if state.phase not in UNASKED_PHASES or seat == state.turn.seat or not 0 <= seat < state.seats:
        return []
    if state.players[seat].played_in_turn == state.turn.number:
        return []
    return _cards_of_timing(state, seat, "orange")


def talents_words(talents: dict[str, int]) -> str:
    """ "Bricanology 1, Herbanology 2, Plantanology 3"."""
    return ", ".join(f"{TALENT_NAMES[t]} {talents[t]}" for t in TALENTS)


def gardener_words(name: str, talents: dict[str, int]) -> str:
    """ "Baron d'Anléchoux (Bricanology 1, Herbanology 3, Plantanology 2)"."""
    return N_("{gardener} ({talents})").format(gardener=name, talents=talents_words(talents))


def _legal_actions(state: GardenPartyState, seat: int) -> list[Action]:
    if seat not in to_move(state):
        return []
    phase = state.phase
    if phase == "gardener":
        taken = {p.gardener for p in state.players}
        return [
            action(
                f"gardener:{g.id}",
                N_("Play {gardener} ({talents})").format(gardener=g.name, talents=talents_words(g.talents)),
            )
            for g in GARDENERS.values()
            if g.id not in taken
        ]
    if phase == "roll":
        return [ROLL]
    if phase == "attila":
        return [ROLL_FOR_ATTILA]
    if phase == "orange":
        return [ORANGE_NO, ORANGE_YES]
    if phase == "cancel":
        return [CANCEL_NO, CANCEL_YES]
    if phase == "bid":
        return [*_cards_of_timing(state, seat, "orange"), WITHDRAW]
    if phase == "pay":
        player = state.players[seat]
        pays = [
            action(f"pay:{t}", N_("Discard two {talent} cards").format(talent=TALENT_NAMES[t]))
            for t in TALENTS
            if count_talent(player, t) >= CANCEL_COST
        ]
        return [*pays, WITHDRAW]
    if phase == "duel":
        return [*_cards_of_timing(state, seat, "mauve"), FACE_ATTILA]
    if phase == "end":
        return [*_cards_of_timing(state, seat, "pink"), FINISH]
    if phase == "keep":
        return keep_actions(state)
    return legal_turn_actions(state, seat)


def apply(state: GardenPartyState, seat: int, act: Action) -> list[Event]:
    if seat not in to_move(state):
        return _interject(state, seat, act)
    offered = _offered(state, seat)
    code = getattr(act, "code", None)
    if code not in offered:
        raise IllegalAction("That move is not open to you now.")
    chosen = offered[code]
    log = Log()
    state.actions_taken += 1
    state._legal_cache = None
    phase = state.phase
    if phase == "gardener":
        gardener = GARDENERS[chosen.code.partition(":")[2]]
        state.players[seat].gardener = gardener.id
        log.add(
            "gardener_chosen",
            N_("{player} plays {gardener}.").format(player="{player}", gardener=lit(gardener.name)),
            seats={"player": seat},
            fields={"gardener": gardener.id},
        )
        if all(p.gardener for p in state.players):
            setup.begin(state, log)
    elif phase == "roll":
        flow.roll_for_movement(state, log)
    elif phase == "attila":
        flow.judge_duel(state, log)
    elif phase in ("orange", "cancel"):
        flow.answer_window(state, seat, chosen.code == "yes", log)
    elif phase in ("bid", "pay", "duel", "end"):
        _apply_card_decision(state, seat, chosen, log)
    elif phase == "keep":
        card = chosen.code.partition(":")[2]
        keep(state, seat, card, [c for c in state.drawn if c != card], log)
    else:
        apply_turn_action(state, seat, chosen, log)
    _end_if_complete(state, log)
    return log.events


#: Phases in which a completed greenhouse waits: a card's cancellation chain settles first (the
#: flow checks again then), and the end-of-game cards are the end itself.
_END_WAITS = frozenset({"cancel", "pay", "end", "over"})


def _end_if_complete(state: GardenPartyState, log: Log) -> None:
    """After every action: a greenhouse that holds its flowers, however they came, ends the game
    (`ending.check_end`; ruling 18), so no ordinary move is ever offered past the end."""
    if state.phase not in _END_WAITS and flow.check_end(state, log):
        flow.begin_end(state, log)


def _interject(state: GardenPartyState, seat: int, act: Action) -> list[Event]:
    """An orange card played unasked during a competitor's moves (ruling 32)."""
    offered = {a.code: a for a in interjections(state, seat)}
    code = getattr(act, "code", None)
    if code not in offered:
        raise IllegalAction("It is not your turn to decide.")
    log = Log()
    state.actions_taken += 1
    state._legal_cache = None
    flow.play_card(state, seat, offered[code].code.partition(":")[2], None, state.phase, log)
    _end_if_complete(state, log)
    return log.events


def _apply_card_decision(state: GardenPartyState, seat: int, chosen: Action, log: Log) -> None:
    phase = state.phase
    head, _, rest = chosen.code.partition(":")
    if phase == "bid":
        state.bidders.pop(0)
        if head == "play":
            flow.play_card(state, seat, rest, None, "bid", log)
        else:
            log.add("withdrawn", "{player} plays no orange card after all.", seats={"player": seat})
            flow.next_bidder(state, log)
    elif phase == "pay":
        if head == "pay":
            flow.pay_cancel(state, seat, rest, log)
        else:
            state.payers.pop(0)
            log.add("withdrawn", "{player} does not cancel after all.", seats={"player": seat})
            flow.next_payer(state, log)
    elif phase == "duel":
        if head == "play":
            flow.play_card(state, seat, rest, None, "duel", log)
        else:
            flow.pass_in_duel(state, log)
    elif head == "play":
        flow.play_card(state, seat, rest, None, "end", log)
    else:
        log.add("end_card_done", "{player} plays no more cards.", seats={"player": seat})
        flow.finish_end_cards(state, log)
