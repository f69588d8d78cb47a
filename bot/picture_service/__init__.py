"""When pictures are drawn, and what they cost: the budget, the cache and the waiting boards.

`bot.pictures` only draws; this package decides which message gets which picture (`service.py`),
keeps finished ones (`cache.py`), paces drawing by CPU time (`budget.py`), and finds a game's pictures
module in the registry to draw with (`drawing.py`).
"""

from bot.picture_service.budget import PictureBudget, WaitingBoards
from bot.picture_service.cache import PictureCache, PictureKey
from bot.picture_service.service import BoardPicture, PictureService, as_file

__all__ = [
    "BoardPicture",
    "PictureBudget",
    "PictureCache",
    "PictureKey",
    "PictureService",
    "WaitingBoards",
    "as_file",
]
