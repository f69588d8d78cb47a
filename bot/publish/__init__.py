"""Publishing: turning what happened in a game into Discord messages.

`plan.py` decides (pure, unit-tested on plain data), `discord_side.py` carries a plan out, and
`publisher.py` runs it in the background per game, retrying until Discord answers, then tells
its subscribers (the computer players) that the game is published at that version.
`table_layout.py` lays out the living table and the hands, `render.py` the lobby and result embeds.
"""
