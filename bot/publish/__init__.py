"""Publishing: turning what happened in a game into Discord messages.

`plan.py` decides (pure, unit-tested on plain data), `discord_side.py` carries a plan out, and
`publisher.py` runs it in the background per game, retrying until Discord answers, then tells
its subscribers (the computer players) that the game is published at that version.
`table_layout.py` lays out the living table (its texts in `table_texts.py`, how it was last drawn
in `table_look.py`), `hand_layout.py` the hands, `seat_choices.py` a seat's pages of choices for
both, and `render.py` the lobby and result embeds.
"""
