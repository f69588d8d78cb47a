"""Duels at the end of a turn (ruling 12): each owner who finds a snooper in their greenhouse
turns up a duel card, the two may play Alibi, Witness or Nettles, and the dice or the card judge;
a lost duel gives back what was taken.
"""

from __future__ import annotations

from engine.garden_party import effects, flow
from engine.garden_party.cards import DUEL_CARDS, DUEL_KIND_OF
from engine.garden_party.common import Log, die_words, roll
from engine.garden_party.ending import begin_end, check_end
from engine.garden_party.state import Duel, GardenPartyState
from engine.text import N_


def next_duel(state: GardenPartyState, log: Log) -> None:
    if check_end(state, log):
        begin_end(state, log)  # a lost duel returned the flower that ends the game (ruling 18)
        return
    if not state.duels:
        flow.finish_turn(state, log)
        return
    owner = state.duels.pop(0)
    card = state.duel_deck.pop(0)
    state.duel = Duel(owner=owner, card=card)
    duel = DUEL_CARDS[DUEL_KIND_OF[card]]
    log.add(
        "duel",
        "Attila Von Salt suspects {snooper} of cheating in {owner}'s greenhouse and draws {duel}: {rule}",
        seats={"snooper": state.turn.seat, "owner": owner},
        fields={"duel": duel.name, "rule": duel.text},
    )
    next_duel_step(state, log)


def may_play_in_duel(state: GardenPartyState, seat: int) -> bool:
    """A duel's side may play a mauve card if it holds a card and has not played one this turn."""
    player = state.players[seat]
    return bool(player.hand) and player.played_in_turn != state.turn.number


def next_duel_step(state: GardenPartyState, log: Log) -> None:
    """The snooper, then the owner, may play a mauve card; then Attila judges."""
    duel = state.duel
    assert duel is not None
    while duel.step != "judged":
        if may_play_in_duel(state, duel_decider(state)):
            state.phase = "duel"
            return
        duel.step = "owner" if duel.step == "snooper" else "judged"
    card = DUEL_CARDS[DUEL_KIND_OF[duel.card]]
    if duel.alibi == duel.witness and card.rule in ("contest", "at_most"):
        state.phase = "attila"  # the owner rolls the die for Attila (rules IV E)
        return
    judge_duel(state, log)


def duel_decider(state: GardenPartyState) -> int:
    duel = state.duel
    assert duel is not None
    return state.turn.seat if duel.step == "snooper" else duel.owner


def pass_in_duel(state: GardenPartyState, log: Log) -> None:
    duel = state.duel
    assert duel is not None
    duel.step = "owner" if duel.step == "snooper" else "judged"
    next_duel_step(state, log)


def judge_duel(state: GardenPartyState, log: Log) -> None:
    """Attila's verdict: a mauve card, else the duel card (the owner has rolled for Attila, when
    the card asks for dice: phase "attila")."""
    duel = state.duel
    assert duel is not None
    snooper = state.turn.seat
    card = DUEL_CARDS[DUEL_KIND_OF[duel.card]]
    shield = 2 if "shield" in state.players[snooper].golden else 0
    fields: dict[str, int | str | None] = {"duel": card.name, "attila": None, "snooper_roll": None}
    if duel.alibi != duel.witness:
        won = duel.alibi
        how = N_("the Alibi") if won else N_("the Witness")
    elif card.rule in ("win", "lose"):
        won = card.rule == "win"
        how = card.name
    else:
        rolled = roll(state)
        attila = rolled + duel.attila_bonus - shield
        fields["attila"] = attila
        attila_words = die_words(state, rolled)
        if attila != rolled:
            attila_words = N_("{die}, counting {total}").format(die=attila_words, total=attila)
        if card.rule == "contest":
            mine = roll(state)
            fields["snooper_roll"] = mine
            won = mine > attila
            how = N_("{mine} against Attila's {attila}").format(
                mine=die_words(state, mine), attila=attila_words
            )
        else:
            won = attila <= card.limit
            how = N_("Attila's roll of {attila}").format(attila=attila_words)
    fields["how"] = how
    fields["won"] = won
    if won:
        log.add(
            "duel_won",
            "{snooper} wins the duel ({how}): Attila admits he was wrong.",
            seats={"snooper": snooper, "owner": duel.owner},
            fields=fields,
        )
    else:
        log.add(
            "duel_lost",
            "{snooper} loses the duel ({how}): what was taken from {owner} goes back.",
            seats={"snooper": snooper, "owner": duel.owner},
            fields=fields,
        )
        effects.undo_visit(state, duel.owner, log)
        effects.sentence(state, snooper, duel.owner, log)
    state.duel_deck.append(duel.card)
    state.duel = None
    next_duel(state, log)
