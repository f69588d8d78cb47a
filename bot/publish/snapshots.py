"""Write one picture of each board kind to docs/images/ (for the README):

    .venv/bin/python -m bot.publish.snapshots [--out docs/images]

The games are seeded samples (bot/pictures/samples.py), so the pictures only change when the
drawing code or the engines do.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from bot.picture_service.drawing import render_board, render_hand
from bot.pictures.image import RenderedImage
from bot.pictures.samples import played

NAMES = ["Ann", "Bob", "Cleo", "Dev"]
#: Garden Party seats up to six.
PARTY_NAMES = [*NAMES, "Eve", "Finn"]


def kinds() -> dict[str, Callable[[], RenderedImage]]:
    """Board kind -> how to draw its sample (also the benchmark's list of kinds)."""

    def cabbagehead_solo() -> RenderedImage:
        game, state = played("cabbagehead", 1, 2, 14, grasshoppers=True, eudora=True)
        return render_board("cabbagehead", game.view(state, None), NAMES[:1])

    def cabbagehead_duo() -> RenderedImage:
        game, state = played("cabbagehead", 2, 3, 31, grasshoppers=True, neighbour_set="random")
        return render_board("cabbagehead", game.view(state, None), NAMES[:2])

    def cabbagehead_hand() -> RenderedImage:
        game, state = played("cabbagehead", 2, 3, 31, grasshoppers=True, neighbour_set="random")
        seat = game.to_move(state)[0]
        return render_hand("cabbagehead", game.view(state, seat), seat, NAMES[:2])

    def sabotage_board() -> RenderedImage:
        game, state = played("sabotage", 4, 5, 150, bird_variant=True)
        return render_board("sabotage", game.view(state, None), NAMES)

    def sabotage_hand() -> RenderedImage:
        game, state = played("sabotage", 4, 5, 150, bird_variant=True)
        seat = game.to_move(state)[0]
        return render_hand("sabotage", game.view(state, seat), seat, NAMES)

    def cabbagehead_solo_final() -> RenderedImage:
        game, state = played("cabbagehead", 1, 2, 400, grasshoppers=True, eudora=True)
        return render_board("cabbagehead", game.view(state, None), NAMES[:1])

    def sabotage_final() -> RenderedImage:
        game, state = played("sabotage", 4, 13, 2000, bird_variant=True)
        return render_board("sabotage", game.view(state, None), NAMES)

    def garden_party_board() -> RenderedImage:
        game, state = played("garden_party", 6, 2, 600)
        return render_board("garden_party", game.view(state, None), PARTY_NAMES)

    def garden_party_hand() -> RenderedImage:
        game, state = played("garden_party", 6, 2, 330)  # Ann has looked at her seeds
        return render_hand("garden_party", game.view(state, 0), 0, PARTY_NAMES)

    def garden_party_final() -> RenderedImage:
        game, state = played("garden_party", 3, 1, 2000)
        return render_board("garden_party", game.view(state, None), PARTY_NAMES[:3])

    return {
        "cabbagehead-solo-board": cabbagehead_solo,
        "cabbagehead-solo-final-board": cabbagehead_solo_final,
        "cabbagehead-two-player-board": cabbagehead_duo,
        "cabbagehead-hand": cabbagehead_hand,
        "sabotage-board": sabotage_board,
        "sabotage-hand": sabotage_hand,
        "sabotage-final-board": sabotage_final,
        "garden-party-board": garden_party_board,
        "garden-party-hand": garden_party_hand,
        "garden-party-final-board": garden_party_final,
    }


def sample_position(
    game_name: str, seats: int, seed: int, moves: int, **options: Any
) -> tuple[Any, list[str]]:
    """A seeded sample game as the bot holds it (a `Position`), and its public log lines."""
    from bot.game.position import Position
    from bot.storage.records import GameRecord, SeatRecord
    from engine.api import dump_state
    from engine.registry import get_game
    from engine.rng import Rng

    game = get_game(game_name)
    state = game.create(game.options_model(**options), seats, seed)
    chooser, lines = Rng.from_seed(seed), []
    names = NAMES[:seats]
    made = 0
    for made in range(1, moves + 1):
        if game.is_terminal(state):
            made -= 1
            break
        seat = game.to_move(state)[0]
        actions = list(game.legal_actions(state, seat))
        keep = [a for a in actions if a.label != "End turn"] or actions
        lines += [event.line_for(None, names) for event in game.apply(state, seat, chooser.choice(keep))]
    record = GameRecord(
        id=12,
        guild_id=1,
        channel_id=2,
        game=game_name,
        options=dict(options),
        seats=[SeatRecord(name=name, user_id=100 + n) for n, name in enumerate(names)],
        min_seats=seats,
        max_seats=seats,
        seed=seed,
        state=dump_state(state),
        version=made,
        status="finished" if game.is_terminal(state) else "active",
        host_id=100,
        lobby_message_id=None,
        board_message_id=3,
        board_posted_at=None,
        created_at=0.0,
        updated_at=0.0,
        lobby_expires_at=None,
        clock="standard",
    )
    return Position(record, game, state), lines


def messages() -> dict[str, Image.Image]:
    """The living table of each game, and a hand, drawn as Discord shows them (layout previews)."""
    from bot.pictures.layout_preview import preview
    from bot.publish.hand_layout import hand_layout
    from bot.publish.seat_choices import choices_page
    from bot.publish.table_layout import table_layout
    from bot.publish.table_look import TableLook
    from bot.ui.layout import payload

    def png(image: RenderedImage) -> Image.Image:
        return Image.open(io.BytesIO(image.png))

    shown: dict[str, Image.Image] = {}
    position, lines = sample_position("cabbagehead", 2, 3, 31, grasshoppers=True, neighbour_set="random")
    board = render_board("cabbagehead", position.view(None), position.names)
    look = TableLook(tuple(lines[-3:]), board.description, ends=1.0, clocked=tuple(position.to_move()))
    table = payload(table_layout(position, look))
    shown["cabbagehead-table"] = preview(table, {"board.png": png(board)})
    position, lines = sample_position("sabotage", 4, 5, 150, bird_variant=True)
    board = render_board("sabotage", position.view(None), position.names)
    look = TableLook(tuple(lines[-3:]), board.description, ends=1.0, clocked=tuple(position.to_move()))
    shown["sabotage-table"] = preview(payload(table_layout(position, look)), {"board.png": png(board)})
    seat = position.to_move()[0]
    hand = render_hand("sabotage", position.view(seat), seat, position.names)
    page = choices_page(position, seat)
    layout = hand_layout(
        position, seat, lines[-3:], note=None, picture_alt=hand.description, page=page, words=position.words
    )
    shown["sabotage-hand-message"] = preview(payload(layout), {"hand.png": png(hand)})
    return shown


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[2] / "docs" / "images")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, draw in kinds().items():
        image = draw()
        path = args.out / f"{name}.png"
        path.write_bytes(image.png)
        print(f"{path}: {image.width}x{image.height}, {len(image.png) // 1024} KB")
    for name, message in messages().items():
        path = args.out / f"{name}.png"
        message.save(path, "PNG", optimize=True)
        print(f"{path}: {message.width}x{message.height} (a layout message as Discord shows it)")


if __name__ == "__main__":
    main()
