"""What one viewer may see of a Garden Party game: the estate, every greenhouse as it shows, the
public piles as counts, and their own hand, drawn cards and the seeds they looked at.

A seed's kind shows only to a seat that looked at it (Botanist's Eye); everything revealed (sprouts,
buds, flowers, weeds, rotted seeds, golden objects, vases) is public. Once the count is made every
seed is turned over (ruling 14) and the view carries the result. Computed on demand.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.api import Result, Viewer
from engine.garden_party.cards import (
    DUEL_CARDS,
    DUEL_KIND_OF,
    GARDENERS,
    GOLDEN_OBJECTS,
    PLANT_KINDS,
    card_kind,
)
from engine.garden_party.common import water_limit
from engine.garden_party.growth import flowers
from engine.garden_party.rules import gardener_words, to_move
from engine.garden_party.scoring import result
from engine.garden_party.state import GardenPartyState
from engine.garden_party.targets import target_words
from engine.garden_party.turn_actions import square_name


class PotView(BaseModel):
    number: int
    stage: str | None
    #: The plant's colour or kind once shown (or to the seat that looked at the seed).
    kind: str | None = None
    colour: str | None = None


class CardView(BaseModel):
    id: str
    name: str
    talent: str
    timing: str | None
    effect: str


class SeatView(BaseModel):
    seat: int
    gardener: str | None
    gardener_name: str | None
    talents: dict[str, int]
    square: str
    square_name: str
    water: int
    water_limit: int
    cards_in_hand: int
    golden_objects: list[str]
    vases: list[str]
    own_flowers_left: int
    pots: list[PotView]
    flowering: int
    banned_from: int | None
    sentences_owed: int


class GardenPartyView(BaseModel):
    viewer: int | None
    phase: str
    round: int
    season_rounds: int
    flowers_to_end: int
    first_seat: int
    to_move: list[int]
    turn_seat: int
    roll: int
    points: int
    turn_flags: list[str]
    visits: list[int]
    seats: list[SeatView]
    hand: list[CardView]
    drawn: list[CardView]
    cards_in_decks: int
    duel_cards: int
    golden_objects_left: int
    #: Chance cards found so far (set aside for good: rules IV C).
    chance_cards_found: int
    #: Plants out of play, as they showed: mouldy seeds that rotted (weeds never leave play: V B; ruling 23:
    #: what was revealed stays in view).
    discarded_plants: list[str]
    pending_card: str | None
    pending_player: int | None
    pending_cancels: int
    #: What the pending card is aimed at, in words ("the Baron", "pot 3"; "" for none).
    pending_target: str
    window: str | None
    duel_card: str | None
    duel_owner: int | None
    #: Who may play a mauve card now ("snooper", "owner") or "judged"; the played mauve cards.
    duel_step: str | None
    duel_alibi: bool
    duel_witness: bool
    duel_attila_bonus: int
    ended_by: int | None
    #: While gardeners are chosen, those no one has taken yet, in words with their talents
    #: ("Baron d'Anléchoux (Bricanology 1, Herbanology 3, Plantanology 2)"): what the people
    #: waiting may still get (issue 27 item 16: the table says it, not only the chooser's menu).
    gardeners_free: list[str] = []
    #: The final count, once the game is over (every seed turned over: ruling 14).
    result: Result | None = None


def _gardeners_free(state: GardenPartyState) -> list[str]:
    if state.phase != "gardener":
        return []
    taken = {p.gardener for p in state.players}
    return [gardener_words(g.name, g.talents) for g in GARDENERS.values() if g.id not in taken]


def _card(card: str) -> dict[str, object]:
    kind = card_kind(card)
    return dict(id=card, name=kind.name, talent=kind.talent, timing=kind.timing, effect=kind.effect)


def view(state: GardenPartyState, viewer: Viewer) -> GardenPartyView:
    """Built as plain data and validated once (pydantic's core builds the nested models
    quickest so): views are asked for at every step by computer players and the suite."""
    seats: list[dict[str, object]] = []
    over = state.phase == "over"
    for s, player in enumerate(state.players):
        pots: list[dict[str, object]] = []
        for i, pot in enumerate(player.pots):
            if pot is None:
                pots.append({"number": i + 1, "stage": None})
                continue
            kind = state.token_kinds[pot.token]
            shown = (
                over
                or pot.stage != "seed"
                or (viewer is not None and pot.token in state.players[viewer].known)
            )
            pots.append(
                {
                    "number": i + 1,
                    "stage": pot.stage,
                    "kind": kind if shown else None,
                    "colour": PLANT_KINDS[kind].name if shown else None,
                }
            )
        gardener = GARDENERS.get(player.gardener)
        seats.append(
            dict(
                seat=s,
                gardener=player.gardener or None,
                gardener_name=gardener.name if gardener else None,
                talents=dict(gardener.talents) if gardener else {},
                square=player.square,
                square_name=square_name(state, player.square),
                water=player.water,
                water_limit=water_limit(player),
                cards_in_hand=len(player.hand),
                golden_objects=[GOLDEN_OBJECTS[g].name for g in player.golden],
                vases=[GARDENERS[g].flower for g in player.vases],
                own_flowers_left=player.flowers_left,
                pots=pots,
                flowering=flowers(state, s),
                banned_from=player.banned_from,
                sentences_owed=player.owed,
            )
        )
    turn = state.turn
    flags = [name for name, on in (("grow_lamp", turn.grow_lamp), ("cold_snap", turn.cold_snap),
             ("padlock", turn.padlock), ("pollen_storm", turn.pollen_storm), ("drew", turn.drew),
             ("collected", turn.collected)) if on]  # fmt: skip
    mine = viewer is not None
    pending = state.pending
    return GardenPartyView.model_validate(
        dict(
            viewer=viewer,
            phase=state.phase,
            round=state.round,
            season_rounds=state.options.season_rounds,
            flowers_to_end=state.options.flowers_to_end,
            first_seat=state.first_seat,
            to_move=to_move(state),
            turn_seat=turn.seat,
            roll=turn.roll,
            points=turn.points,
            turn_flags=flags,
            visits=list(turn.visits),
            seats=seats,
            hand=[_card(c) for c in state.players[viewer].hand] if mine and viewer is not None else [],
            drawn=[_card(c) for c in state.drawn] if viewer is not None and viewer == turn.seat else [],
            cards_in_decks=sum(len(d) for d in state.decks.values()),
            duel_cards=len(state.duel_deck),
            golden_objects_left=len(state.golden_deck),
            chance_cards_found=len(state.chance_set_aside),
            discarded_plants=[PLANT_KINDS[state.token_kinds[t]].name for t in state.discarded_tokens],
            pending_card=card_kind(pending.card).name if pending else None,
            pending_player=pending.seat if pending else None,
            pending_cancels=len(pending.cancels) if pending else 0,
            pending_target=target_words(state, card_kind(pending.card).id, pending.target).removeprefix(
                " on "
            )
            if pending
            else "",
            window=state.window.kind if state.window else None,
            gardeners_free=_gardeners_free(state),
            duel_card=None if state.duel is None else DUEL_CARDS[DUEL_KIND_OF[state.duel.card]].name,
            duel_owner=None if state.duel is None else state.duel.owner,
            duel_step=None if state.duel is None else state.duel.step,
            duel_alibi=state.duel is not None and state.duel.alibi,
            duel_witness=state.duel is not None and state.duel.witness,
            duel_attila_bonus=0 if state.duel is None else state.duel.attila_bonus,
            ended_by=state.ended_by,
            result=result(state) if over else None,
        )
    )
