"""The Garden Party game object registered as "garden_party": the engine interface, delegating
to the rules, views and scoring modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.api import DecisionKind, Event, IllegalAction, Result, Viewer
from engine.garden_party import growth, rules, sampling, scoring, setup
from engine.garden_party.actions import Action, decode, encode
from engine.garden_party.common import seat_name
from engine.garden_party.state import RULESET, GardenPartyOptions, GardenPartyState
from engine.garden_party.views import GardenPartyView, view
from engine.text import N_

#: Why a game stored with an earlier edition of the cards cannot go on (the bot ends it at start-up
#: and shows this, in the reader's language, as the reason).
RETIRED = N_(
    "dealt with edition {edition} of Garden Party's cards (before the 30-card decks), which this "
    "version of the bot no longer plays"
)


class GardenPartyGame:
    """Garden Party (3-6 players): grow nine flowers, snoop, duel Attila. See docs/rules/garden-party.md."""

    name = "garden_party"
    title = "Garden Party"
    min_seats = 3
    max_seats = 6
    options_model = GardenPartyOptions
    state_model = GardenPartyState
    event_kinds = rules.EVENT_KINDS
    menu_position = 4

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def create(self, options: GardenPartyOptions, seats: int, seed: int) -> GardenPartyState:
        return setup.create(options, seats, seed)

    def to_move(self, state: GardenPartyState) -> list[int]:
        return rules.to_move(state)

    def legal_actions(self, state: GardenPartyState, seat: int) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def interjections(self, state: GardenPartyState, seat: int) -> Sequence[Action]:
        return rules.interjections(state, seat)

    def apply(self, state: GardenPartyState, seat: int, action: Action) -> list[Event]:
        reason = self.retired(state)
        if reason is not None:
            raise IllegalAction(reason)
        return rules.apply(state, seat, action)

    def retired(self, state: GardenPartyState) -> str | None:
        """A game stored with the decks before issue 28 cannot go on: its card ids name other
        cards now (the bot ends it at start-up, saying why)."""
        if state.options.ruleset == RULESET:
            return None
        return RETIRED.format(edition=state.options.ruleset)

    def view(self, state: GardenPartyState, viewer: Viewer) -> GardenPartyView:
        return view(state, viewer)

    def is_terminal(self, state: GardenPartyState) -> bool:
        return state.phase == "over"

    def end_condition(self, state: GardenPartyState) -> bool:
        """Rules II and VII: a greenhouse holds nine flowering plants (seven in the short game),
        counted from the pots, whichever way the flowers came (`engine.api.plays_past_its_end`)."""
        return growth.completed(state) is not None

    def closing(self, state: GardenPartyState) -> bool:
        """Once the end is reached only the end-of-game cards are played (ruling 19), each open to
        cancellation."""
        pending = state.pending
        return state.phase == "end" or (
            state.phase in ("cancel", "pay") and pending is not None and pending.resume == "end"
        )

    def result(self, state: GardenPartyState) -> Result:
        if state.phase != "over":
            raise IllegalAction("The game is not over yet.")
        return scoring.result(state)

    def standing_result(self, state: GardenPartyState) -> Result:
        if state.phase == "over":
            return scoring.result(state)
        return scoring.standing_result(state)

    def decision_kind(self, state: GardenPartyState, seat: int) -> DecisionKind:
        return rules.decision_kind(state, seat)

    def only_pass(self, state: GardenPartyState, seat: int) -> bool:
        return rules.only_pass(state, seat)

    def timeout_action(self, state: GardenPartyState, seat: int) -> Action | None:
        return rules.timeout_action(state, seat)

    def turn_key(self, state: GardenPartyState) -> tuple[str | int, ...]:
        return rules.turn_key(state)

    def encode_action(self, action: Action) -> dict[str, Any]:
        return {"code": encode(action)}

    def decode_action(self, data: dict[str, Any]) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction("That is not a Garden Party move.")
        return decode(data.get("code"))  # type: ignore[arg-type]

    def secrets(self, state: GardenPartyState) -> dict[Viewer, set[str]]:
        """Hands and the cards being drawn are their owner's; deck cards, unturned duel cards and
        golden objects, and every seed nobody has looked at are nobody's (seeds a seat looked at
        are that seat's)."""
        hidden: dict[Viewer, set[str]] = {seat: set(p.hand) for seat, p in enumerate(state.players)}
        if state.drawn:
            hidden[state.turn.seat] |= set(state.drawn)
        nobody = (
            {c for deck in state.decks.values() for c in deck} | set(state.duel_deck) | set(state.golden_deck)
        )
        for seat, player in enumerate(state.players):
            for pot in (p for pl in state.players for p in pl.pots):
                if pot is not None and pot.stage == "seed" and pot.token in player.known:
                    hidden[seat].add(f"tok{pot.token}")
        known = {t for p in state.players for t in p.known}
        nobody |= {
            f"tok{pot.token}"
            for pl in state.players
            for pot in pl.pots
            if pot is not None and pot.stage == "seed" and pot.token not in known
        }
        hidden[None] = nobody
        return hidden

    def conformance_takers(self, events: list[Event], owner: int) -> set[int]:
        """Seats that took one of `owner`'s cards at random in `events` (catching a snooper, rules
        III D 2): they see that card, so the conformance suite lets them see the twin differ."""
        return {
            e.seats["owner"]
            for e in events
            if e.kind == "snooper_caught" and e.seats.get("snooper") == owner and e.fields.get("took_card")
        }

    def rounds_played(self, state: GardenPartyState) -> int:
        return state.round

    def conformance_options(self) -> list[GardenPartyOptions]:
        """A short tournament keeps random games (which never finish a greenhouse) quick; the
        other options change nothing random play reaches before it (the seven-flower end, the
        die's wording, dealt gardeners), and their tests play them through
        (tests/engine/garden_party/)."""
        return [GardenPartyOptions(season_rounds=4)]

    def conformance_twin(self, state: GardenPartyState, seat: int, seed: int) -> GardenPartyState | None:
        """A copy of `state` that differs only in `seat`'s hidden cards (its hand swapped, card for
        card, with deck cards) for the conformance suite's leak checks."""
        return sampling.twin_state(state, seat, seed)


GAME = GardenPartyGame()
