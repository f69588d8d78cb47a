"""The explorer: a seeded random player that presses what people can press, and the checks that
must hold after every press (issue 27, "The project's own explorer").

Each step is one of: a click on something a random user can see (mostly what moves a game on:
the newest hand or table, a lobby's buttons; sometimes an old message or someone else's table),
a menu choice, a slash command drawn from the synced command tree, a forged or garbage custom id,
time moved on (the bot's injected clock: turn clocks, reply windows, lobby expiry, the daily
day), a clean restart or a killed one. What it checks (`Finding`s, each with the steps before it):

- every interaction is answered within 3 s, never with "Sorry, something went wrong", and the bot
  logs no error and lets no exception escape;
- a choice offered by the clicker's newest hand or by the table, clicked when the bot is idle, is
  not refused as outdated, not offered, misplaced or unreadable;
- every stored lobby or game in progress has its message in Discord once the bot is idle;
- once the bot is idle, nothing is kept for a game that has ended and been shown (a session, a
  place in the picture queue, a stored turn notice): a click on one of its old messages leaves
  nothing behind;
- `/play` is not refused for a game in a channel whose stored games have all ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import sqlite3
from collections import deque
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot.basics import refusals
from bot.basics.clock import ManualClock
from bot.basics.words import PSEUDO, accent
from tests.explorer import bad_days
from tests.explorer.commands import TEST_GAMES, Invocation, random_invocation
from tests.explorer.controls import Control, controls, is_choice, last_change, progress_weight
from tests.explorer.crash import kill
from tests.explorer.whole_games import finished_by_kind
from tests.fake_discord import BotRunner, FakeChannel, FakeDiscord, FakeInteraction, FakeMessage, FakeUser
from tests.fake_discord.language_check import proper_names, unmarked_words

#: How the bot apologises for its own failure (bot/handlers/errors.py).
APOLOGY = "Sorry, something went wrong"
#: `/play` refused because of a game in the channel (bot/play/lobby.py).
CHANNEL_TAKEN = "This channel already has a game"
#: Refusals that must never answer a choice the clicker's newest message offers.
WRONG_FOR_AN_OFFERED_CHOICE = (
    refusals.OUTDATED,
    refusals.NOT_OFFERED,
    refusals.WRONG_PLACE,
    refusals.UNREADABLE,
)
ANSWER_SECONDS = 3.0
#: (what, weight): how often each kind of step is drawn.
STEPS: tuple[tuple[str, int], ...] = (
    ("progress", 42),
    ("fill_lobby", 4),
    ("click_anything", 14),
    ("old_message", 4),
    ("command", 16),
    ("forged", 3),
    ("time", 10),
    ("restart", 2),
    ("kill", 2),
    ("discord_trouble", 3),
    ("permissions", 2),
    ("moderator", 2),
    ("removed", 1),
)
#: Seconds the clock may jump, weighted to short jumps (long ones run out turns, lobbies, days).
JUMPS = (1, 1, 2, 5, 5, 15, 30, 60, 125, 600, 1900, 4000, 86_400)
GARBAGE_IDS = (
    "x" * 100,
    "🌱",
    "gc:",
    "gc:c:1:0:0:zz",
    "gc:hand:999999",
    "gc:s:1:0:0:0",
    "gc:lobby:-1:join",
    "",
)


@dataclass
class Finding:
    step: int
    what: str
    trail: list[str]

    def __str__(self) -> str:
        steps = "\n      ".join(self.trail)
        return f"step {self.step}: {self.what}\n    after:\n      {steps}"


@dataclass
class Explorer:
    fake: FakeDiscord
    runner: BotRunner
    clock: ManualClock
    rng: random.Random
    users: list[FakeUser]
    channels: list[FakeChannel]
    findings: list[Finding] = field(default_factory=list)
    trail: deque[str] = field(default_factory=lambda: deque(maxlen=12))
    steps: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    verbose: bool = False
    #: Everyone's language (server and users) when the explorer plays in one: in the pseudo-locale
    #: every word shown must carry the catalogs' marks (issue 32).
    locale: str | None = None
    _kinds_found: set[str] = field(default_factory=set)
    _errors_seen: int = 0
    #: Calls Discord was told to fail or rate-limit since the last checks (`_discord_trouble`).
    _trouble_injected: int = 0
    #: The mix of steps and the clock's jumps (whole-games mode has its own: WholeGamesExplorer).
    STEP_MIX: ClassVar[tuple[tuple[str, int], ...]] = STEPS
    CLOCK_JUMPS: ClassVar[tuple[int, ...]] = JUMPS

    # --- the loop -------------------------------------------------------------------------------

    async def run(self, seconds: float, *, max_steps: int = 1_000_000, max_findings: int = 1) -> None:
        """Explore for `seconds` of wall time (or `max_steps`), stopping after `max_findings`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        mix = self.STEP_MIX
        while loop.time() < deadline and self.steps < max_steps and len(self.findings) < max_findings:
            self.steps += 1
            kind = self.rng.choices([s for s, _ in mix], [w for _, w in mix])[0]
            self.counts[kind] = self.counts.get(kind, 0) + 1
            self._before_step()
            await getattr(self, f"_{kind}")()
            self._check_logs()
            if self.steps % 10 == 0:
                await self._check_messages()
                if self._done():
                    break

    def _before_step(self) -> None:
        """What a mode looks at before each step (nothing here)."""

    def _done(self) -> bool:
        """Whether the run has what it came for before its time is up (never, here)."""
        return False

    def finished(self) -> dict[str, int]:
        """Games played to their end, by game (every garden kind listed)."""
        return finished_by_kind(self._rows("SELECT game, status, end_reason FROM games"))

    def report(self) -> str:
        """The steps taken by kind, the games reached (by game and status, with the most moves
        any of them got) and the findings."""
        done = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        games = ", ".join(
            f"{game} {status} {count} (up to move {most})"
            for game, status, count, most in self._rows(
                "SELECT game, status, COUNT(*), MAX(version) FROM games "
                "GROUP BY game, status ORDER BY game, status"
            )
        )
        ended = ", ".join(f"{game} {count}" for game, count in sorted(self.finished().items()))
        return (
            f"{self.steps} steps ({done}); games: {games}; played to the end: {ended}; "
            f"{len(self.findings)} findings"
        )

    def _find(self, what: str) -> None:
        """Record a finding, once per kind (ids and numbers aside)."""
        kind = re.sub(r"\d+|'[^']*'|\"[^\"]*\"", "…", what)
        if kind not in self._kinds_found:
            self._kinds_found.add(kind)
            self.findings.append(Finding(self.steps, what, list(self.trail)))

    def _note(self, text: str) -> None:
        self.trail.append(f"{self.steps}: {text}")
        if self.verbose:
            print(self.trail[-1], flush=True)

    # --- what a person sees ---------------------------------------------------------------------

    def _all_channels(self) -> list[FakeChannel]:
        return [*self.channels, *[t for c in self.channels for t in self.fake.threads(c)]]

    def _visible(self, user: FakeUser) -> list[FakeMessage]:
        """Messages with components `user` can click: public ones and their own ephemerals."""
        found = []
        for channel in self._all_channels():
            found += [m for m in self.fake.public_messages(channel) if not m.deleted and self._offered(m)]
        found += [  # (not those of a deleted thread)
            m
            for m in self.fake.ephemeral_messages(user)
            if not m.deleted and m.channel_id in self.fake.channels and self._offered(m)
        ]
        return found

    def _offered(self, message: FakeMessage) -> list[Control]:
        """The controls people press on `message` (all of them, here)."""
        return controls(message)

    def _newest_hand(self, user: FakeUser, channel_id: int) -> FakeMessage | None:
        hands = [
            m
            for m in self.fake.ephemeral_messages(user)
            if m.channel_id == channel_id and not m.deleted and any(is_choice(c) for c in m.custom_ids())
        ]
        return max(hands, key=last_change, default=None)

    def _is_newest(self, user: FakeUser, message: FakeMessage) -> bool:
        """Whether `message` is the clicker's newest hand in its channel, or a live public table."""
        if message.ephemeral_to is not None:
            return self._newest_hand(user, message.channel_id) is message
        if bad_days.lacks_posting(self.fake, message.channel_id):
            return False  # the bot may not keep this table up to date: an owner hid the channel
        return any(c.startswith("gc:text:") for c in message.custom_ids())

    # --- steps ----------------------------------------------------------------------------------

    async def _progress(self) -> None:
        """What moves games on: a control of a random user's newest messages, choices and lobby
        buttons first."""
        user = self.rng.choice(self.users)
        await self.settle()
        newest = sorted(self._visible(user), key=last_change)[-10:]
        offered = [(message, control) for message in newest for control in self._offered(message)]
        if not offered:
            await self._start_somewhere()
            return
        weights = [progress_weight(control) for _, control in offered]
        message, control = self.rng.choices(offered, weights)[0]
        await self._follow(user, await self._use(user, message, control, checked=True))

    async def _follow(self, user: FakeUser, interaction: FakeInteraction | None) -> None:
        """Follow a private answer with choices for a step or two, as a person would."""
        for _ in range(3):
            answer = interaction.original if interaction is not None else None
            if answer is None or answer.ephemeral_to != user.id:
                return
            await self.settle()
            choices = [c for c in self._offered(answer) if is_choice(c.custom_id)] or self._offered(answer)
            if not choices:
                return
            interaction = await self._use(user, answer, self.rng.choice(choices), checked=True)

    async def _fill_lobby(self) -> None:
        """Friends seat a lobby and its host starts it, as a group that came to play would: random
        clicks alone seldom seat three to six people before the lobby is cancelled or expires, so
        Garden Party was hardly ever reached (the seed-41 run seated none in 20 minutes)."""
        lobbies = self._rows(
            "SELECT id, host_id, lobby_message_id, min_seats, max_seats FROM games "
            "WHERE status = 'lobby' AND lobby_message_id IS NOT NULL"
        )
        if not lobbies:
            await self._start_somewhere()
            return
        game_id, host_id, message_id, fewest, most = self.rng.choice(lobbies)
        host = next((u for u in self.users if u.id == int(host_id)), None)
        message = self.fake.messages.get(int(message_id))
        if host is None or message is None or message.deleted:
            return
        wanted = min(int(most), int(fewest) + self.rng.randint(0, 2))
        self._note(f"friends seat lobby {game_id} ({wanted} wanted) and {host.name} starts it")
        for _ in range(wanted + 2):
            stored = self._rows("SELECT seats FROM games WHERE id = ?", game_id)
            seats = json.loads(stored[0][0]) if stored else []
            people = {int(seat["user_id"]) for seat in seats if seat.get("user_id")}
            join = next((c for c in controls(message) if c.custom_id.endswith(":join")), None)
            if len(seats) >= wanted or join is None:
                break
            friends = [u for u in self.users if u.id not in people]
            if not friends:
                break
            await self._use(self.rng.choice(friends), message, join, checked=False)
            await self.settle()
        start = next((c for c in controls(message) if c.custom_id.endswith(":start")), None)
        if start is not None:
            await self._use(host, message, start, checked=False)

    async def _click_anything(self) -> None:
        user = self.rng.choice(self.users)
        messages = self._visible(user)
        if messages:
            message = self.rng.choice(messages)
            await self._use(user, message, self.rng.choice(self._offered(message)), checked=False)

    async def _old_message(self) -> None:
        """A control on one of the oldest messages still up (a finished game's table, an old hand)."""
        user = self.rng.choice(self.users)
        messages = sorted(self._visible(user), key=last_change)[:5]
        if messages:
            message = self.rng.choice(messages)
            await self._use(user, message, self.rng.choice(self._offered(message)), checked=False)

    async def _command(
        self, invocation: Invocation | None = None, channel: FakeChannel | None = None
    ) -> None:
        user = self.rng.choice(self.users)
        channel = channel or self.rng.choice(self._all_channels())
        invocation = invocation or self._draw_command()
        if self.locale is not None:
            invocation = in_one_language(invocation)
        self._note(f"{user.name} in #{channel.name}: {invocation}")
        await self.settle()
        open_before = self._open_games_in(channel.id)
        try:
            interaction = await self.fake.slash(
                user, channel, invocation.command, invocation.options, manage_guild=invocation.manage_guild
            )
        except AssertionError as refused_by_client:  # e.g. a server-only command the client hides
            self._note(f"  (the client would not send it: {str(refused_by_client)[:80]})")
            return
        text = await self._answered(interaction)
        taken = (
            text is not None and invocation.command.startswith("play") and self._said(CHANNEL_TAKEN) in text
        )
        if taken and not open_before:
            await self.settle()  # refused for a game whose table was deleted: it is shown again
            if not self._open_games_in(channel.id):
                self._find(f"/play refused in #{channel.name}, where no game is seen: {text!r}")

    def _draw_command(self) -> Invocation:
        """A command drawn from the synced tree: half of them `/play` (games are where the paths
        are)."""
        wanted = "play" if self.rng.random() < 0.5 else None
        return random_invocation(self.fake, self.rng, self.users, self._game_ids(), command_name=wanted)

    async def _start_somewhere(self) -> None:
        """A game opened where there is nothing to press."""
        await self._command(random_invocation(self.fake, self.rng, self.users, [], command_name="play"))

    async def _forged(self) -> None:
        user = self.rng.choice(self.users)
        messages = self._visible(user)
        if not messages:
            return
        message = self.rng.choice(messages)
        custom_id = self.rng.choice(GARBAGE_IDS) or "gc:c:0:0:0:a0"
        self._note(f"{user.name} forges {custom_id[:30]!r} on message {message.id}")
        interaction = await self.fake.forge_click(user, message, custom_id, claimed=self.rng.random() < 0.5)
        await self._answered(interaction)

    async def _discord_trouble(self) -> None:
        said, calls = bad_days.discord_trouble(self.fake, self.rng)
        self._note(said)
        self._trouble_injected += calls

    async def _permissions(self) -> None:
        self._note(bad_days.owner_changes_permissions(self.fake, self.rng, self.channels))

    async def _moderator(self) -> None:
        done = await bad_days.moderator_deletes(self.fake, self.rng, self._all_channels())
        if done is not None:
            self._note(done)

    async def _removed(self) -> None:
        """An owner removes the bot from the server and adds it back some time later (now and then
        across a clean restart): meanwhile every game in progress there must be held, its clock
        stopped, and nobody can press anything."""
        guild = self.fake.guild
        self._note("an owner removes the bot from the server")
        await self.settle()
        await self.fake.remove_bot(guild)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 3.0
        while (running := self._running_unheld(guild.id)) and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if running:
            self._find(f"games {running} in progress not held while the bot is out of their server")
        seconds = self.rng.choice(self.CLOCK_JUMPS)
        self._note(f"time moves on {seconds} s while the bot is out")
        self.clock.advance(seconds)
        await self.settle()
        if self.rng.random() < 0.3:
            self._note("clean restart while the bot is out")
            await self.runner.restart()
            await self.settle(quiet=0.5)
        self._note("the owner adds the bot back")
        await self.fake.add_bot(guild)
        await self.settle(quiet=0.5)

    def _running_unheld(self, guild_id: int) -> list[int]:
        """The games in progress of `guild_id` whose clock is not stopped."""
        rows = self._rows(
            "SELECT id FROM games WHERE guild_id = ? AND status = 'active' AND paused_at IS NULL", guild_id
        )
        return [int(game) for (game,) in rows]

    async def _time(self, seconds: float | None = None) -> None:
        seconds = seconds or self.rng.choice(self.CLOCK_JUMPS)
        self._note(f"time moves on {seconds} s")
        self.clock.advance(seconds)
        await self.settle()

    async def _restart(self) -> None:
        self._note("clean restart")
        await self.settle()
        await self.runner.restart()
        await self.settle(quiet=0.5)

    async def _kill(self) -> None:
        """Killed at a random moment: sometimes right after a click was sent, before its answer."""
        if self.rng.random() < 0.5:
            user = self.rng.choice(self.users)
            messages = self._visible(user)
            if messages:
                message = self.rng.choice(messages)
                control = self.rng.choice(self._offered(message))
                self._note(f"{user.name} presses {control.label!r} and the bot is killed at once")
                if control in controls(message):
                    await self._send(user, message, control)
                    await asyncio.sleep(self.rng.random() * 0.2)  # somewhere inside its handling
        self._note("killed restart")
        await kill(self.runner)
        await self.runner.start()
        await self.settle(quiet=0.5)

    # --- one interaction and its checks ---------------------------------------------------------

    async def _send(self, user: FakeUser, message: FakeMessage, control: Control) -> FakeInteraction:
        if control.options is None:
            return await self.fake.click(user, message, control.custom_id)
        low, high = control.counts
        values = self.rng.sample(control.options, k=self.rng.randint(low, min(high, len(control.options))))
        return await self.fake.select(user, message, control.custom_id, values)

    async def _use(
        self, user: FakeUser, message: FakeMessage, control: Control, *, checked: bool
    ) -> FakeInteraction | None:
        if control not in controls(message):  # redrawn meanwhile: a person sees the new one
            return None
        if message.channel_id not in self.fake.channels:  # its thread was deleted: nobody sees it
            return None
        newest = checked and is_choice(control.custom_id) and self._is_newest(user, message)
        where = "hand" if message.ephemeral_to else "table" if message.custom_ids() else "message"
        self._note(f"{user.name} uses {control.label!r} ({control.custom_id}) on {where} {message.id}")
        interaction = await self._send(user, message, control)
        text = await self._answered(interaction)
        wrong = [self._said(refusal) for refusal in WRONG_FOR_AN_OFFERED_CHOICE]
        if newest and text is not None and any(refusal in text for refusal in wrong):
            self._find(
                f"{user.name}'s newest {where} offered {control.label!r}, and it was refused: {text!r}"
            )
        return interaction

    async def _answered(self, interaction: FakeInteraction) -> str | None:
        """Wait for the answer (finding if none within 3 s); what the person reads, if anything."""
        try:
            await interaction.wait_answered(timeout=ANSWER_SECONDS)
        except AssertionError:
            self._find(f"{interaction.description} by {interaction.user.name} not answered within 3 s")
            return None
        if interaction.modal is not None:
            return None
        texts = [m.text() for m in interaction.messages()] if interaction.messages() else []
        if interaction.original is not None and interaction.response_type in (4, 5):
            with contextlib.suppress(AssertionError):  # an answer that never gets content
                texts.append((await self.fake.response_message(interaction, timeout=ANSWER_SECONDS)).text())
        text = "\n".join(texts)
        if self._said(APOLOGY) in text:
            self._find(f"{interaction.description} by {interaction.user.name} was answered {text[:300]!r}")
        return text

    # --- what must hold -------------------------------------------------------------------------

    async def settle(self, quiet: float = 0.08, limit: float = 5.0) -> None:
        """Wait until the bot is idle: no computer thinking, no REST call for `quiet` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while loop.time() < deadline:
            calls = len(self.fake.calls)
            await asyncio.sleep(quiet)
            if len(self.fake.calls) == calls and not self._computers_thinking():
                return

    def _computers_thinking(self) -> bool:
        bot = self.runner.bot
        table = getattr(bot, "table", None)
        if table is None:
            return False
        return any(s.computer_turn is not None and not s.computer_turn.done() for s in table.sessions.live())

    def _check_logs(self) -> None:
        records = self.runner.log_records[self._errors_seen :]
        self._errors_seen = len(self.runner.log_records)
        for record in records:
            if record.levelno >= logging.ERROR:
                cause = f" {record.exc_info[1]!r}" if record.exc_info else ""
                self._find(f"logged {record.name}: {record.getMessage()[:300]}{cause}")

    async def _check_messages(self) -> None:
        """Every stored lobby or game in progress has its message, once the bot is idle.

        A game seen without one is looked at again after a longer quiet: the bot writes a new
        lobby's message id just after answering with the message, and a computer thinking in
        another thread can hold that write past a short quiet (seed 53's run, 2026-12-03). A game
        left without its message stays so, and is found."""
        if self._trouble_injected:
            # Discord is well again. A bot that met its trouble is idle only once its retries are
            # over (it sleeps between them): what must hold once it is idle is checked then.
            met = self._trouble_injected - self.fake.trouble_left()
            self._trouble_injected = 0
            self.fake.end_trouble()
            if met:
                await self.settle(quiet=bad_days.RECOVERED_QUIET, limit=30.0)
        await self.settle(quiet=0.3)
        if self._games_without_message():
            await self.settle(quiet=1.0, limit=10.0)
        for game_id, channel_id, status in self._games_without_message():
            channel = self.fake.channels.get(channel_id)
            if channel is None:
                self._find(f"{status} game {game_id} stays so in channel {channel_id}, which was deleted")
                continue
            if bad_days.lacks_posting(self.fake, channel_id):
                continue  # an owner took what the bot needs to show it there: nothing to expect
            # A moderator deleted its message: a person asks for it again, as the table's own
            # words and /play's refusal tell them to.
            self._note(f"{status} game {game_id} has no message: /board in #{channel.name}")
            await self._command(Invocation("board", {}, manage_guild=False), channel)
            await self.settle(quiet=0.3)
            if not self._shown(self._message_of(game_id)):
                self._find(f"{status} game {game_id} in channel {channel_id} has no message in Discord")
        self._check_no_turn_after_the_end()
        self._check_sessions()
        if self.locale == PSEUDO:
            self._check_words()

    def _said(self, english: str) -> str:
        """A piece of the bot's English as the explorer's people read it (accented in the pseudo-locale)."""
        return accent(english) if self.locale == PSEUDO else english

    def _check_words(self) -> None:
        """In the pseudo-locale, a word without the catalogs' marks skipped them: found, by the
        words (each set of words once), with where it was shown."""
        allowed = proper_names() | {u.name.title() for u in self.fake.users.values()}
        channels = {c.id for c in self._all_channels()}
        for message in list(self.fake.messages.values()):
            if message.deleted or message.channel_id not in channels or _not_in_the_catalogs(message):
                continue
            bare = unmarked_words(message.text(), allowed)
            if bare:
                # The lines that hold the bare words (where the English came from), not the top.
                lines = [line for line in message.text().splitlines() if unmarked_words(line, allowed)]
                shown = " | ".join(lines)[:400]
                self._find(
                    f"words shown without the catalogs: {' '.join(sorted(set(bare))[:8])} — in {shown}"
                )

    def _check_sessions(self) -> None:
        """Nothing is kept for a game that has ended and been shown: no session (each would stay
        in memory for the life of the process: a click on an old hand once made one for good),
        no place in the picture queue, no turn notice standing in the store."""
        table = getattr(self.runner.bot, "table", None)
        if table is None:
            return
        closed = {
            int(game_id): status
            for game_id, status in self._rows(
                "SELECT id, status FROM games WHERE status NOT IN ('lobby', 'active')"
            )
        }
        showing = set()
        for session in table.sessions.live():
            status = closed.get(session.game_id)
            if status is None:
                continue
            task = session.publish_task
            if (
                session.dirty
                or (task is not None and not task.done())
                or table.pictures.keeps(session.game_id)
            ):
                showing.add(session.game_id)  # its end is being shown, or its final picture awaited
                continue
            self._find(
                f"{status} game {session.game_id} still has a session in memory once the bot is idle "
                f"(holding {_held(session)}){self._logged_about(session.game_id)}"
            )
        for game_id, status in closed.items():
            if game_id not in showing and table.pictures.keeps(game_id):
                self._find(f"{status} game {game_id} is still in the picture queue once the bot is idle")
        # A game whose end an owner's missing permission kept from being shown keeps its notice
        # until the server's channels or roles change (bot/handlers/owner_changes.py).
        waiting = showing | table.publisher.refusals.games
        for (game_id,) in self._rows("SELECT DISTINCT game_id FROM notices WHERE kind = 'turn'"):
            status = closed.get(int(game_id))
            if status is not None and int(game_id) not in waiting:
                self._find(f"{status} game {game_id} still has a turn notice stored once the bot is idle")

    def _logged_about(self, game_id: int) -> str:
        """The bot's last warnings about a game, for a finding about it ("" if none)."""
        said = [
            r.getMessage()[:200]
            for r in self.runner.log_records
            if r.levelno >= logging.WARNING and f"game {game_id} " in r.getMessage() + " "
        ]
        return "; logged: " + " | ".join(said[-3:]) if said else ""

    def _games_without_message(self) -> list[tuple[int, int, str]]:
        """(game, channel, status) of every stored lobby or game in progress whose message is not
        in Discord."""
        return [
            (game_id, channel_id, status)
            for game_id, channel_id, status, lobby_id, board_id in self._rows(
                "SELECT id, channel_id, status, lobby_message_id, board_message_id FROM games "
                "WHERE status IN ('lobby', 'active')"
            )
            if not self._shown(lobby_id if status == "lobby" else board_id)
        ]

    def _check_no_turn_after_the_end(self) -> None:
        """No "your turn" notice or reminder stands for a game after its final message: a player
        would be sent to a finished game (a helper once saw one posted right after the end)."""
        public = [m for m in self.fake.messages.values() if not m.deleted and m.ephemeral_to is None]
        texts = {m.id: m.text() for m in public}
        notices = [(i, text) for i, text in texts.items() if self._said("your turn in") in text]
        if not notices:
            return
        finals: dict[int, int] = {}
        for i, text in texts.items():
            for game in re.findall(
                re.escape(self._said("Game #")) + r"(\d+)" + re.escape(self._said(" · archived")), text
            ):
                finals.setdefault(int(game), i)
        ended = "SELECT id, board_message_id FROM games WHERE status = 'finished'"
        for game_id, board_id in self._rows(ended):
            final = finals.get(int(game_id))
            if final is None or board_id is None:
                continue
            late = [text for i, text in notices if i > final and f"/{board_id}" in text]
            if late:
                self._find(f"game {game_id} ended, and a turn notice came after: {late[0][:200]!r}")

    def _message_of(self, game_id: int) -> int | None:
        """The stored message of a lobby (its lobby message) or a game (its table)."""
        sql = "SELECT status, lobby_message_id, board_message_id FROM games WHERE id = ?"
        rows = self._rows(sql, game_id)
        if not rows:
            return None
        status, lobby_id, board_id = rows[0]
        return int(lobby_id) if status == "lobby" and lobby_id else int(board_id) if board_id else None

    def _open_games_in(self, channel_id: int) -> list[int]:
        """The games in a lobby or in progress in a channel that people can see (by their message)."""
        rows = self._rows(
            "SELECT id, status, lobby_message_id, board_message_id FROM games "
            "WHERE channel_id = ? AND status IN ('lobby', 'active')",
            channel_id,
        )
        return [
            int(game)
            for game, status, lobby, board in rows
            if self._shown(lobby if status == "lobby" else board)
        ]

    def _shown(self, message_id: int | None) -> bool:
        message = self.fake.messages.get(int(message_id)) if message_id else None
        return message is not None and not message.deleted

    def _game_ids(self) -> list[int]:
        return [int(r[0]) for r in self._rows("SELECT id FROM games")]

    def _rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        path = self.runner.data_dir / "garden-club.sqlite3"
        if not path.exists():
            return []
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            return list(connection.execute(sql, args))
        finally:
            connection.close()


#: The test games (TEST_GAMES=true only, never on a server by default) are not catalog texts: a
#: language's run does not hold them to its marks. The rules' pages are held to them: the
#: pseudo-locale reads every page made pseudo (bot.basics.words.pseudo_markdown).
_TEST_GAME_TITLES = ("Secret Numbers", "Objection!")


def _not_in_the_catalogs(message: FakeMessage) -> bool:
    text = message.text()
    return any(title in text for title in _TEST_GAME_TITLES)


def _held(session: Any) -> str:
    """What a session holds that a new one would not: its fields that differ, by name."""
    fresh = type(session)(session.game_id)
    names = [name for name in vars(session) if not name.startswith("_")]
    held = [
        name
        for name in names
        if not isinstance(getattr(session, name), asyncio.Lock)
        and getattr(session, name) != getattr(fresh, name)
    ]
    position = getattr(session, "position", None)
    record = getattr(position, "record", None)
    where = f"; its position: version {record.version}, {record.status}" if record is not None else ""
    shown = f"; shown: version {session.shown.version}, closed: {session.closed}"
    return (", ".join(held) or "nothing") + where + shown


def in_one_language(invocation: Invocation) -> Invocation:
    """A command for a run in one language: no test game (its texts are the tests' own, in
    English) and no other table language from /settings (new games would speak it)."""
    if invocation.command.startswith("play ") and invocation.command.split()[1] in TEST_GAMES:
        return Invocation("play cabbagehead", {}, manage_guild=False)
    if invocation.command == "settings" and "language" in invocation.options:
        return Invocation("settings", {k: v for k, v in invocation.options.items() if k != "language"}, True)
    return invocation
