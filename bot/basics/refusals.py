"""Why a request is turned down, in one wording per reason.

A `Refusal` is the player's answer, not an error: the central handler (`bot.handlers.errors`) shows its
message privately and logs nothing. Every place that refuses for the same reason uses the same
constant below, so a player never reads two different explanations of one situation.
"""

from __future__ import annotations

from bot.basics.words import N_, Words, said_fields

#: Someone who holds no seat clicked a player's control.
NOT_A_PLAYER = N_("You are not playing in this game; the board shows everything there is to see.")
#: `/leave` by someone who holds no seat in the channel's game or lobby.
NOT_PLAYING_TO_LEAVE = N_("You aren't playing in this game, so there is nothing to leave.")
#: `/pause`, **Agree to pause** or `/resume` by someone who holds no seat.
NOT_PLAYING_TO_PAUSE = N_("Only the people playing this game can pause it or start its clock again.")
#: **I'm back** pressed by someone other than the player the computer stands in for ({name}).
NOT_YOUR_RETURN = N_("That seat is {name}'s: only they can press **I'm back** to take it from the computer.")
#: A seat's control clicked by someone who does not hold that seat.
NOT_YOUR_SEAT = N_("That hand belongs to another player. Press **My hand** on the board for your own.")
#: A choice on the table of a public-view game clicked by a player whose turn it is not.
NOT_YOUR_CHOICES = N_(
    "Those choices belong to the player whose turn it is; I'll mention you when it's yours."
)
#: A click or menu choice made at an earlier version of the game.
OUTDATED = N_(
    "That button belongs to an earlier moment of this game, so nothing was played. "
    "Use the current board (or **My hand**) to see where the game is now."
)
#: A choice the message never offered (a forged click or menu value).
NOT_OFFERED = N_("That choice isn't on offer, so nothing was played. Press **My hand** to see your choices.")
#: A control used somewhere it was never shown (a forged click on another message or channel).
WRONG_PLACE = N_(
    "That button doesn't belong here, so nothing happened. Press **My hand** on the game's board."
)
#: A custom id the bot cannot read (forged or damaged).
UNREADABLE = N_("I can't read that button, so nothing happened. Press **My hand** on the game's board.")
#: The game or lobby is gone.
GAME_GONE = N_("I can't find that game any more.")
NO_GAME_HERE = N_("There is no game in this channel. Start one with `/play`.")
NOT_STARTED = N_("This game hasn't started yet: the host starts it from the lobby.")
GAME_OVER = N_("This game is over.")
NOT_YOUR_TURN = N_("It isn't your turn yet; I'll mention you when it is.")
DIRECT_MESSAGE = N_("Games are played in a server channel, not in direct messages.")


class Refusal(Exception):
    """A request the platform turns down, with a short message for the person who asked.

    `message` is the English wording, a catalog entry (a constant above, or a literal the catalog
    template finds in `Refusal("...")`), with `{field}`s filled from `fields` where it is said:
    `said(words)` gives it in the asker's language; `str()` and `.message` give the English."""

    def __init__(self, message: str, **fields: object) -> None:
        english = message.format(**fields) if fields else message
        super().__init__(english)
        self.message = english
        self.msgid = message
        self.fields = fields

    def said(self, words: Words) -> str:
        """This refusal in `words`' language (its `Said` fields too)."""
        return words.text(self.msgid, **said_fields(self.fields, words))


class Outdated(Refusal):
    """A click made on an earlier version of the game: refused, nothing applied."""

    def __init__(self) -> None:
        super().__init__(OUTDATED)
