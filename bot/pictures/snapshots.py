"""Write one picture of each board kind to docs/images/ (for the README):

    .venv/bin/python -m bot.pictures.snapshots [--out docs/images]

The games are seeded samples (bot/pictures/samples.py), so the pictures only change when the
drawing code or the engines do.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from bot.pictures.render import RenderedImage, render_board, render_hand
from bot.pictures.samples import played

NAMES = ["Ann", "Bob", "Cleo", "Dev"]


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
        game, state = played("sabotage", 4, 9, 2000, bird_variant=True)
        return render_board("sabotage", game.view(state, None), NAMES)

    return {
        "cabbagehead-solo-board": cabbagehead_solo,
        "cabbagehead-solo-final-board": cabbagehead_solo_final,
        "cabbagehead-two-player-board": cabbagehead_duo,
        "cabbagehead-hand": cabbagehead_hand,
        "sabotage-board": sabotage_board,
        "sabotage-hand": sabotage_hand,
        "sabotage-final-board": sabotage_final,
    }


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


if __name__ == "__main__":
    main()
