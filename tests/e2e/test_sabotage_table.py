"""Garden Sabotage played end to end through the fake Discord (issue 6).

Every game is played only with `/play sabotage`, the lobby buttons, "My hand" and the buttons,
menus and two-step pickers the hand offers. Across each whole game, nothing secret (a card in a
hand, an objective not yet completed, a private log line) reaches a public message or another
player's ephemeral message (`sabotage_driver.leak_report`).
"""

from __future__ import annotations

from typing import Any

from engine.sabotage.cards import OBJECTIVES
from tests.e2e.sabotage_driver import final_scores, leak_report, play_to_the_end, start_game
from tests.e2e.table_driver import HAND_LABEL, board, click, is_action, offered, pick, wait_for_move
from tests.fake_discord import BotRunner, FakeDiscord


async def test_a_three_player_game_by_clicks_asking_for_house_plants(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Three players, first player by house plants (ruling 18), Bird variant: played until someone
    completes 7 objectives and the final round is over, with announcements for sabotage and bites
    and no leak at any time."""
    fake = fake_discord
    players = [fake.alice, fake.bob, fake.carol]
    run = await start_game(
        fake,
        running_bot,
        fake.general,
        players,
        {"players": 3, "bird": True, "first_player": "ask", "season_rounds": 30},
        seed=1,
    )
    opening = board(fake, fake.general)
    assert "how many house plants" in opening.text()
    await play_to_the_end(run)
    assert await assert_finished_properly(run) > 0
    assert (await run.state()).ended == "final_round"  # someone completed 7 objectives


async def test_a_four_player_game_by_clicks(fake_discord: FakeDiscord, garden_bot: BotRunner) -> None:
    """Four players, a random first player, the normal Bug deck and a season of 12 rounds (an
    option of `/play sabotage`): played to the season's end (ruling 5)."""
    fake = fake_discord
    dave = fake.add_user("dave")
    await garden_bot.start()
    players = [fake.alice, fake.bob, fake.carol, dave]
    run = await start_game(
        fake,
        garden_bot,
        fake.games,
        players,
        {"first_player": "random", "season_rounds": 12},
        seed=4,
    )
    assert "A draw picked" in board(fake, fake.games).text()
    await play_to_the_end(run)
    assert await assert_finished_properly(run) > 0
    assert (await run.state()).ended == "season"  # the season's last round was played out


async def assert_finished_properly(run: Any) -> int:
    """The end shows every player's objectives, Good Bug bonuses and total, and the winner; the
    sabotage and bite announcements went out publicly, one for each such event (their number is
    returned)."""
    fake, channel = run.fake, run.channel
    state = await run.state()
    assert state.ended is not None
    final = await fake.wait_until(
        lambda: [m for m in fake.public_messages(channel) if "final scores" in m.text()], what="final scores"
    )
    text = final[0].text()
    for player in run.players:
        assert player.name.title() in text
    assert "🏆" in text
    for player in state.players:
        for completed in player.completed:
            assert OBJECTIVES[completed.objective].name in text
        if any(c.good_bug for c in player.completed):
            assert "Good Bug bonus" in text
    if state.ended == "final_round":
        announced = [  # announcements replace each other: deleted ones count too
            m
            for m in fake.messages.values()
            if m.channel_id == channel.id and m.ephemeral_to is None and "Final round!" in m.text()
        ]
        assert len(announced) == 1 and "7 objectives" in announced[0].text()
    sabotages = bites = 0
    for action in await run.bot.store.actions(run.game_id):
        for event in action.events:
            sabotages += event["kind"] == "sabotage"
            # A bite that ate nothing changes nothing: the log says it, the channel does not.
            bites += event["kind"] == "bite" and (event.get("fields") or {}).get("eaten") is not None
    # Announcements replace each other (one stands at a time): count the deleted ones too.
    posted = [m for m in fake.messages.values() if m.channel_id == channel.id and m.ephemeral_to is None]
    said = "\n".join(m.content for m in posted if not m.embeds).splitlines()
    assert sum(line.startswith("🐛 ") and " sabotaged " in line for line in said) == sabotages
    assert sum(line.startswith("🦷 ") and " bites: " in line for line in said) == bites
    assert run.two_step_moves > 0, "choices with a target (plot, player) go through a second step"
    return sabotages + bites
    assert final_scores(fake, channel)


async def test_a_restart_between_the_first_and_second_action_and_old_buttons_play_on(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """The bot stops after the first action of a turn and starts again on the same database: the
    hand message opened before the restart plays the second action, and the game goes on to its end."""
    fake = fake_discord
    await garden_bot.start()
    players = [fake.alice, fake.bob, fake.carol]
    run = await start_game(
        fake, garden_bot, fake.general, players, {"first_player": "host", "season_rounds": 3}, seed=7
    )
    first = await wait_for_move(fake, fake.general, 0)
    assert "**Alice** to play · 3 of 3 actions left" in first.text()
    hand = (await click(fake, fake.alice, first, HAND_LABEL)).original
    assert hand is not None
    await run.play_on(fake.alice, hand, actions=1)
    assert "2 of 3 actions left" in (await wait_for_move(fake, fake.general, 1)).text()
    old_ids = hand.custom_ids()
    await garden_bot.restart()
    assert hand.custom_ids() == old_ids  # nothing was re-sent: the buttons are the old ones
    await run.play_on(fake.alice, hand, actions=1)
    assert "1 of 3 actions left" in (await wait_for_move(fake, fake.general, 2)).text()
    state = await run.state()
    assert state.turn == 0 and state.actions_left == 1
    await play_to_the_end(run)
    await assert_finished_properly(run)


async def test_a_non_player_and_an_off_turn_player_see_and_change_nothing(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """Only the player to move acts; anyone can open their *own* hand at any time; a non-player
    gets a short explanation and no hand at all; an outdated hand plays nothing."""
    fake = fake_discord
    dave = fake.add_user("dave")
    players = [fake.alice, fake.bob, fake.carol]
    run = await start_game(
        fake, running_bot, fake.general, players, {"first_player": "host", "season_rounds": 3}, seed=8
    )
    shown = board(fake, fake.general)
    # Dave is not playing: the board's button and /hand both tell him so, and show no hand.
    for answer in (
        await click(fake, dave, shown, HAND_LABEL),
        await fake.slash(dave, fake.general, "hand"),
    ):
        await answer.wait_answered()
        reply = await fake.response_message(answer)
        assert reply.ephemeral_to == dave.id and "not playing" in reply.text()
        assert "Your Plants" not in reply.text() and offered(reply) == []
    # Bob, off turn, sees his own hand but has nothing to click except Refresh.
    bob_hand = (await click(fake, fake.bob, shown, HAND_LABEL)).original
    assert bob_hand is not None and "Your Plants" in bob_hand.text() and offered(bob_hand) == []
    assert "I'll mention you" in bob_hand.text()
    # Alice plays her whole turn; her first hand, kept open, is outdated afterwards.
    alice_hand = (await click(fake, fake.alice, shown, HAND_LABEL)).original
    assert alice_hand is not None
    stale = (await click(fake, fake.alice, shown, HAND_LABEL)).original
    assert stale is not None and offered(stale)
    stale_choice = next(how for _, how in offered(stale) if is_action(how))
    await run.play_on(fake.alice, alice_hand)
    moves = run.moves
    state_before = (await run.state()).model_dump()
    assert (await run.state()).turn == 1
    await pick(fake, fake.alice, stale, stale_choice)
    assert "earlier moment" in stale.text()
    assert (await run.state()).model_dump() == state_before
    record = await running_bot.bot.store.get(run.game_id)
    assert record is not None and record.version == moves
    # A click on Dave's own (refused) answer or on the board changes nothing either.
    await click(fake, dave, board(fake, fake.general), HAND_LABEL)
    assert (await run.state()).model_dump() == state_before
    for message in fake.ephemeral_messages(dave):
        assert "Your" not in message.text()
    await run.check_no_leaks()


async def test_the_leak_check_catches_a_secret_objective_or_card_id_said_in_public(
    fake_discord: FakeDiscord, running_bot: BotRunner
) -> None:
    """The whole-game leak check is real: a public message naming an objective still in Bob's hand,
    or carrying a card id, is reported."""
    fake = fake_discord
    run = await start_game(
        fake, running_bot, fake.general, [fake.alice, fake.bob], {"first_player": "host"}, seed=9
    )
    await run.check_no_leaks()
    state = await run.state()
    secret = OBJECTIVES[state.players[1].objectives[0]].name
    channel = running_bot.bot.get_partial_messageable(fake.general.id)
    await channel.send(f"Bob is hoping for {secret}. Also {state.players[0].plants[0]}.")
    await fake.wait_until(lambda: any(secret in m.text() for m in fake.public_messages(fake.general)))
    problems = await leak_report(run)
    assert any(repr(secret) in p for p in problems)
    assert any("card id" in p for p in problems)


async def test_house_plant_answers_survive_a_restart(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Ruling 18: the question goes round the table, one player at a time; answers are stored with
    the game, so after a restart a hand opened before it still answers, and the last answer names
    the first player in the channel."""
    fake = fake_discord
    await garden_bot.start()
    players = [fake.alice, fake.bob, fake.carol]
    run = await start_game(fake, garden_bot, fake.general, players, {"first_player": "ask"}, seed=12)
    assert "**Alice** answers now" in board(fake, fake.general).text()
    carol_early = (await click(fake, fake.carol, board(fake, fake.general), HAND_LABEL)).original
    assert carol_early is not None and offered(carol_early) == []  # not her turn to answer yet
    alice_hand = (await click(fake, fake.alice, board(fake, fake.general), HAND_LABEL)).original
    assert alice_hand is not None
    await pick(fake, fake.alice, alice_hand, dict(offered(alice_hand))["I own 2 house plants"])
    assert "**Bob** answers now (so far: Alice 2)" in (await wait_for_move(fake, fake.general, 1)).text()
    bob_hand = (await click(fake, fake.bob, board(fake, fake.general), HAND_LABEL)).original
    assert bob_hand is not None
    await garden_bot.restart()
    await pick(fake, fake.bob, bob_hand, dict(offered(bob_hand))["I own 9 house plants"])
    assert "You played: I own 9 house plants" in bob_hand.text()
    await wait_for_move(fake, fake.general, 2)
    carol_hand = (await click(fake, fake.carol, board(fake, fake.general), HAND_LABEL)).original
    assert carol_hand is not None
    await pick(fake, fake.carol, carol_hand, dict(offered(carol_hand))["I own no house plants"])
    state = await run.state()
    assert state.house_plant_answers == [2, 9, 0] and state.turn == 1
    await fake.wait_until(
        lambda: any(
            "🌱 **Bob** owns the most house plants (9) and goes first." in m.content
            for m in fake.public_messages(fake.general)
        ),
        what="the first player announced",
    )
