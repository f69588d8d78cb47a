"""Playing Garden Sabotage through the fake Discord by clicks alone, and watching for leaks.

The players follow a simple policy over what their hand offers (buttons, menus and two-step
pickers, read by label): complete an objective the moment it is offered, clear Bad Bugs, keep two
objectives, plant and take the Plants their objectives still need, sometimes sabotage. They
open "My hand" once per turn and keep playing on the same ephemeral message, which the bot redraws
after every action. The test reads the bot's database only as an oracle (what is secret now), never
to make a move.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from engine.api import Event, load_state
from engine.registry import get_game
from engine.sabotage.cards import OBJECTIVES
from tests.e2e.table_driver import (
    HAND_LABEL,
    board,
    click,
    is_action,
    offered,
    open_lobby,
    pick,
    player_to_move,
    wait_for_move,
)
from tests.fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.model import received_text

GAME: Any = get_game("sabotage")
PLAY = "play sabotage"
#: A card id ("plant07", "bug12", "obj33", "bird1") must never reach any client, not even its owner.
CARD_ID = re.compile(r"\b(?:plant\d{2}|bug\d{2}|obj\d{2}|bird\d)\b")

#: Label prefixes and how much the policy likes them (first match wins); Plants and Good Bugs
#: are scored by what the objectives need (`liking`).
LIKES = (
    ("Complete", 100),
    ("Release the Bird", 90),
    ("Use Pesticide", 85),
    ("Draw an Objective", 75),
    ("I own", 50),
    ("Draw a Plant", 25),
    ("Take a Plant from the row", 35),
    ("Take a Bug from the row", 8),
    ("Sabotage", 20),
    ("Draw a Bug", 8),
    ("Exchange", 4),
    ("Sweep", 6),
    ("End turn", -100),
)
PLANT_OR_BUG = re.compile(r"^(?:Plant|Play) an? (\w+)(?: on plot (\d))?")
TAKE = re.compile(r"^Take the (\w+)|^(\w+) \(slot \d\)$")


def needs_by_plot(hand_text: str) -> dict[int, set[str]]:
    """What the hand says each plot still needs for an objective ("plot 1: needs 2 Bean, a Bee")."""
    needs: dict[int, set[str]] = {1: set(), 2: set()}
    for plot, listed in re.findall(r"plot (\d): needs ([^;\n(]+)", hand_text):
        for part in listed.split(","):
            words = part.strip().split()
            if words:
                needs[int(plot)].add(words[-1])
    return needs


def liking(label: str, needs: dict[int, set[str]], rng: random.Random, kind: str | None = None) -> float:
    """How much the policy wants `label` (a full action label, a picker's first step, or — with the
    picker's `kind` — a second step such as "Plot 2")."""
    anywhere = needs[1] | needs[2]
    noise = rng.random() * 10
    if kind is not None and label.startswith("Plot "):
        return (50 if kind in needs.get(int(label[5]), set()) else 0) + noise
    plant_or_bug = PLANT_OR_BUG.match(label)
    if plant_or_bug:
        what, plot = plant_or_bug.group(1), plant_or_bug.group(2)
        if plot is not None and what in needs[int(plot)]:
            return 70 + noise
        return (55 if what in anywhere else 12) + noise
    take = TAKE.match(label)
    if take:
        return (60 if (take.group(1) or take.group(2)) in anywhere else 15) + noise
    return next((score for prefix, score in LIKES if label.startswith(prefix)), 1) + noise


@dataclass
class TableRun:
    """One game in one channel, with everything the checks need to know."""

    fake: FakeDiscord
    bot_runner: Any
    channel: FakeChannel
    players: list[FakeUser]
    rng: random.Random
    game_id: int = 0
    moves: int = 0
    #: Objective names each seat has ever held (they may show in that seat's own ephemerals).
    held: dict[str, set[int]] = field(default_factory=dict)
    #: How many moves were made through a two-step picker (first step, then target).
    two_step_moves: int = 0

    @property
    def bot(self) -> Any:
        return self.bot_runner.bot

    async def state(self) -> Any:
        record = await self.bot.store.get(self.game_id)
        assert record is not None and record.state is not None
        return load_state(GAME, record.state)

    def note_holdings(self, state: Any) -> None:
        for seat, player in enumerate(state.players):
            for oid in player.objectives:
                self.held.setdefault(_name(oid), set()).add(seat)

    async def play_turn(self) -> FakeUser | None:
        """The player the board names opens their hand and plays until their decision is over."""
        shown = await wait_for_move(self.fake, self.channel, self.moves)
        player = player_to_move(self.fake, shown, self.players)
        if player is None:
            return None
        assert (
            "of 3 action" in shown.text()
            or "house plants" in shown.text()
            or "no actions left" in (shown.text())
        )
        interaction = await click(self.fake, player, board(self.fake, self.channel), HAND_LABEL)
        hand = interaction.original
        assert hand is not None and hand.ephemeral_to == player.id
        await self.play_on(player, hand)
        return player

    async def play_on(self, player: FakeUser, hand: FakeMessage, actions: int | None = None) -> None:
        """Play on an open hand message (redrawn by the bot after each action) until the decision
        is over, or for `actions` moves."""
        for _ in range(40):
            if actions is not None and actions <= 0:
                return
            choices = [c for c in offered(hand) if not c[1].endswith(":p0") and "Back" not in c[0]]
            if not choices:
                return  # the turn is over: only "Refresh" is left
            assert not any(re.search(r"\bPlayer \d", c[0]) for c in offered(hand)), "labels name players"
            needs = needs_by_plot(hand.text())
            label, how = max(choices, key=lambda c: liking(c[0], needs, self.rng))
            if label.startswith("End turn") and len(choices) > 1 and self.rng.random() < 0.9:
                label, how = self.rng.choice([c for c in choices if not c[0].startswith("End turn")])
            if not is_action(how):  # a picker's first step: choose among its second steps
                await pick(self.fake, player, hand, how)
                seconds = [c for c in offered(hand) if is_action(c[1])]
                assert seconds, f"a picker with nothing to pick: {hand.text()}"
                first = PLANT_OR_BUG.match(label)
                kind = first.group(1) if first else ""
                label, how = max(seconds, key=lambda c: liking(c[0], needs, self.rng, kind))
                self.two_step_moves += 1
            await pick(self.fake, player, hand, how)
            self.moves += 1
            self.note_holdings(await self.state())
            assert "You played" in hand.text(), hand.text()
            assert not re.search(r"You played: [^\n]*\bPlayer \d", hand.text()), "the note names players"
            if actions is not None:
                actions -= 1
            if "I own" in label:
                return  # an answer before the first turn: one decision
        raise AssertionError("a turn took more than 40 clicks")

    async def check_no_leaks(self) -> None:
        """Nothing secret now was ever shown to anyone it is hidden from (see `leak_report`)."""
        problems = await leak_report(self)
        assert not problems, "\n".join(problems[:10])


async def start_game(
    fake: FakeDiscord,
    runner: Any,
    channel: FakeChannel,
    players: list[FakeUser],
    options: dict[str, Any],
    seed: int,
) -> TableRun:
    """`/play sabotage` by the first player, Join by the others, Start by the host. The game's seed
    is fixed (the session manager's seed source) so the same test plays the same game every time."""
    runner.bot.table.lobbies._seed_source = lambda: seed
    lobby = await open_lobby(fake, players[0], channel, PLAY, options)
    assert "Garden Sabotage" in lobby.text() and "lobby" in lobby.text() and "season of" in lobby.text()
    for player in players[1:]:
        await click(fake, player, lobby, "Join")
    await click(fake, players[0], lobby, "Start")
    record = await runner.bot.table.sessions.in_channel(channel.id)
    assert record is not None
    run = TableRun(fake, runner, channel, players, random.Random(seed), game_id=record.record.id)
    run.note_holdings(await run.state())
    return run


async def leak_report(run: TableRun) -> list[str]:
    """Every place something secret reached someone who may not see it:

    - a card id anywhere (ids never leave the engine; names are what players read);
    - an objective in a hand or a deck, by name, in a public message or in the ephemeral message of
      a player who never held it;
    - a private log line (e.g. "You drew a Tomato from the Plant deck.") in a public message, or in
      another player's ephemeral message unless that player had the very same private line.
    """
    fake = run.fake
    state = await run.state()
    seat_of_user = {user.id: seat for seat, user in enumerate(run.players)}
    run.note_holdings(state)
    secret_names = {_name(oid) for p in state.players for oid in p.objectives}
    secret_names |= {_name(oid) for oid in [*state.objective_deck, *state.objective_discard]}
    private_lines: dict[int, set[str]] = {}
    for action in await run.bot.store.actions(run.game_id):
        for data in action.events:
            event = Event.stored(data, get_game("sabotage").seat_name)
            for seat, line in event.private.items():
                private_lines.setdefault(seat, set()).add(line)
    every_private = set().union(*private_lines.values()) if private_lines else set()
    problems = []
    for message in fake.messages.values():
        audience = fake.audience(message)
        viewer = None if audience is None else seat_of_user.get(audience)
        for number, version in enumerate(message.versions()):
            text = received_text(version)
            where = f"message {message.id} v{number + 1} (seen by {audience or 'everyone'})"
            if CARD_ID.search(text):
                problems.append(f"{where} shows a card id: {text[:200]!r}")
            for name in secret_names:
                if name in text and (viewer is None or viewer not in run.held.get(name, set())):
                    problems.append(f"{where} shows the secret objective {name!r}")
            for line in every_private:
                if line in text and (viewer is None or line not in private_lines.get(viewer, set())):
                    problems.append(f"{where} shows someone's private line {line!r}")
    return problems


def _name(oid: str) -> str:
    return OBJECTIVES[oid].name


async def play_to_the_end(run: TableRun, *, max_turns: int = 400, check_every: int = 4) -> None:
    for turn in range(max_turns):
        player = await run.play_turn()
        if player is None:
            break
        if turn % check_every == 0:
            await run.check_no_leaks()
    else:
        raise AssertionError("the game did not end")
    await run.check_no_leaks()


def final_scores(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    found = [m for m in fake.public_messages(channel) if "final scores" in m.text()]
    assert len(found) == 1
    return found[0]
