"""The two refusals a write can meet: the channel is busy, or the game moved on (or closed)."""


class ChannelBusy(Exception):
    """The channel already has a lobby or a game in progress."""

    def __init__(self, game_id: int | None) -> None:
        super().__init__(f"channel busy with game {game_id}")
        self.game_id = game_id


class StaleVersion(Exception):
    """A write based on a version of the game that is no longer current (or a closed game)."""
