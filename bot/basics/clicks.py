"""A click's interaction with the clicked message kept as Discord sent it until something reads it.

discord.py turns the message a component was clicked on into a `Message` as the interaction
arrives: its texts, attachments and every component as objects. For a table with its 20–40
components that is about a tenth of a click's work (issue 31, docs/performance.md), and a click on
a table reads only the message's id, its flags, its picture's alt text and whether the clicked
component is on it. `Click` keeps the message's JSON (`raw_message`) and builds `message` the first
time something asks for it; the functions below answer those few questions from the JSON. The
one who clicked is kept the same way (`raw_user`): a click on a table reads only their id
(`user_id`), and discord.py's `Member` of them (roles, dates, an entry in its user cache) was
another twentieth of the intake.

`parse_click` takes discord.py's place for INTERACTION_CREATE (`install`). It makes a `Click` of a
component's interaction and dispatches it as discord.py would, except for discord.py's view
dispatch, which reads `message` to find a callback: no Garden Club component has a callback (every
click is routed by its custom id, `bot.handlers.router`), so while discord.py's view store holds
nothing, that dispatch could find nothing. Anything else is discord.py's own parser. Pinned by
`tests/bot/test_discord_seams.py` (docs/bot.md, "Beyond discord.py's documented API").
"""

from __future__ import annotations

import weakref
from typing import Any

import discord
from discord.state import ConnectionState

#: The interaction type of a component's click (Discord's interaction types).
COMPONENT_CLICK = 3
#: A message flag: only its receiver sees it (Discord's message flags).
EPHEMERAL = 1 << 6
#: `Click._message` and `Click._user` before they are built.
_UNBUILT: Any = object()
#: The payload's parts a `Click` keeps as JSON until they are read.
_KEPT_RAW = ("message", "member", "user")


class Click(discord.Interaction[Any]):
    """A component's interaction whose `message` and `user` are built from `raw_message` and
    `raw_user` when first read, and whose `response` refers back to it weakly.

    discord.py's `InteractionResponse` holds its interaction, which caches it: a reference cycle
    per click, which reference counting never frees. Every click then waited, with the clicked
    message's JSON and the member who clicked, for the garbage collector, whose passes took a
    twentieth of the bot's time at 20 games flat out (issue 31). The response is made with the
    click, over a weak proxy of it (`weakref.proxy`): a response is only ever reached through its
    interaction, which is alive while it is used."""

    __slots__ = ("__weakref__", "_message", "_raw_guild", "_user", "raw_message", "raw_user")

    def _from_data(self, data: Any) -> None:
        self._cs_response = discord.InteractionResponse(weakref.proxy(self))
        self._message: discord.Message | None = None
        self.raw_message: dict[str, Any] | None = None
        self._user: discord.User | discord.Member = discord.utils.MISSING
        self.raw_user: dict[str, Any] | None = None
        self._raw_guild: dict[str, Any] | None = data.get("guild")
        # discord.py builds the message and the member only if the payload has them; without
        # their keys it leaves None and MISSING.
        trimmed: Any = dict(data)  # copied, then popped: a sixth of a comprehension's cost
        for key in _KEPT_RAW:
            trimmed.pop(key, None)
        super()._from_data(trimmed)
        raw = data.get("message")
        if raw is not None:
            self.raw_message = raw
            self._message = _UNBUILT
        member, user = data.get("member"), data.get("user")
        if member is not None and self.guild_id is not None:
            self.raw_user = member
            self._user = _UNBUILT
            # What `Interaction._from_data` reads from the member: their permissions here.
            self._permissions = int(member.get("permissions") or 0)
        elif user is not None and self.guild_id is None:
            self.raw_user = user
            self._user = _UNBUILT

    @property
    def user(self) -> discord.User | discord.Member:
        """Who clicked, as discord.py builds them (a `Member` in a server, else a `User`)."""
        if self._user is _UNBUILT:
            state, raw = self._state, self.raw_user
            assert raw is not None
            if self.guild_id is None:
                self._user = discord.User(state=state, data=raw)  # type: ignore[arg-type]
            else:
                # The server as `Interaction._from_data` found it: the channel's (the cached one,
                # or the stand-in made from the click's partial server data), else found again.
                guild = getattr(self.channel, "guild", None) or state._get_or_create_unavailable_guild(
                    self.guild_id, data=self._raw_guild
                )
                self._user = discord.Member(state=state, guild=guild, data=raw)  # type: ignore[arg-type]
        return self._user

    @user.setter
    def user(self, value: discord.User | discord.Member) -> None:
        self._user = value

    @property
    def message(self) -> discord.Message | None:
        """The clicked message as discord.py builds it (and as `Interaction._from_data` would have)."""
        if self._message is _UNBUILT:
            built = discord.Message(state=self._state, channel=self.channel, data=self.raw_message)  # type: ignore[arg-type]
            if built.guild is None and self.guild_id is not None:
                built.guild = self._state._get_guild(self.guild_id)
            self._message = built
        return self._message

    @message.setter
    def message(self, value: discord.Message | None) -> None:
        self._message = value


def install(state: ConnectionState[Any]) -> None:
    """Parse INTERACTION_CREATE with `parse_click` on `state` (a client's `_get_state`)."""
    parse_discord = state.parsers["INTERACTION_CREATE"]

    def parse(data: Any) -> None:
        parse_click(state, data, parse_discord)

    state.parsers["INTERACTION_CREATE"] = parse


def parse_click(state: ConnectionState[Any], data: Any, parse_discord: Any) -> None:
    """A component's click as a `Click` (see the module's docstring); anything else as discord.py."""
    if data.get("type") != COMPONENT_CLICK or views_listen(state):
        parse_discord(data)
        return
    state.dispatch("interaction", Click(data=data, state=state))


def views_listen(state: ConnectionState[Any]) -> bool:
    """Whether discord.py holds views whose items answer their own clicks: none of Garden Club's
    (every click is routed by its custom id), only a test's probes."""
    store = state._view_store
    return bool(store._views or store._dynamic_items)


def user_id(interaction: discord.Interaction[Any]) -> int:
    """The id of who clicked, without building their `Member`."""
    if isinstance(interaction, Click) and interaction._user is _UNBUILT:
        raw = interaction.raw_user
        assert raw is not None
        return int(raw["user"]["id"] if "user" in raw else raw["id"])
    return interaction.user.id


def message_id(interaction: discord.Interaction[Any]) -> int | None:
    """The clicked message's id, without building the message."""
    raw = _raw(interaction)
    if raw is not None:
        return int(raw["id"])
    return interaction.message.id if interaction.message is not None else None


def is_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    """Whether the clicked message is one only its receiver sees (a hand, a private answer)."""
    raw = _raw(interaction)
    if raw is not None:
        return bool(int(raw.get("flags") or 0) & EPHEMERAL)
    return interaction.message is not None and interaction.message.flags.ephemeral


def first_alt(interaction: discord.Interaction[Any]) -> str | None:
    """The alt text of the clicked message's first attachment ("" if it has none said; None: the
    message has no attachment)."""
    raw = _raw(interaction)
    if raw is not None:
        attachments = raw.get("attachments") or []
        return (attachments[0].get("description") or "") if attachments else None
    message = interaction.message
    if message is None or not message.attachments:
        return None
    return message.attachments[0].description or ""


def component_on(interaction: discord.Interaction[Any], custom_id: str) -> dict[str, Any] | None:
    """The component with `custom_id` on the clicked message, as Discord sent it (JSON), if there.

    Looked for level by level in plain loops: every click is checked against its message's up to
    40 components, and a generator walking them in order cost two calls a component (issue 31).
    Discord refuses a message whose custom ids repeat, so the order found in does not matter."""
    raw = _raw(interaction)
    if raw is None:
        message = interaction.message
        if message is None:
            return None
        raw = {"components": [component.to_dict() for component in message.components]}
    level: list[dict[str, Any]] = raw.get("components") or []
    while level:
        deeper: list[dict[str, Any]] = []
        for component in level:
            if component.get("custom_id") == custom_id:
                return component
            inner = component.get("components")
            if inner:
                deeper += inner
            accessory = component.get("accessory")
            if accessory is not None:
                deeper.append(accessory)
        level = deeper
    return None


def _raw(interaction: discord.Interaction[Any]) -> dict[str, Any] | None:
    """The clicked message's JSON when it has not been built (a `Click`), else None."""
    if isinstance(interaction, Click) and interaction._message is _UNBUILT:
        return interaction.raw_message
    return None


def let_go(interaction: discord.Interaction[Any]) -> None:
    """Forget the clicked message's JSON but its id and flags once the click is handled.

    A hand left open keeps its interaction for up to 14 minutes (its token redraws the hand when the
    game moves on), and with it the whole message as Discord sent it: a few hundred objects, freed
    only when the seat's next hand replaces it, by then long out of the caches (at 20 Garden
    Sabotage games flat out, that freeing was 2% of the bot's time; issue 31). Freed here, they
    are still warm. What is asked of a click after its handling (a table click answered by a later
    publishing pass, a hand's redraw) reads only the message's id and flags (`message_id`,
    `is_ephemeral`); its picture's alt text (`first_alt`) and components (`component_on`) are
    read while it is handled."""
    raw = _raw(interaction)
    if raw is not None and len(raw) > 2:
        assert isinstance(interaction, Click)
        interaction.raw_message = {"id": raw["id"], "flags": raw.get("flags") or 0}
