"""The publisher's decisions on plain data (issue 14, "A publisher that plans"): who is pinged,
which notices go, which picture the board gets, when it is re-posted, and the final scores.

No Discord here: `bot.publish.plan.plan` is a pure function of `Facts`."""

from __future__ import annotations

from dataclasses import replace

from bot.game.session import MessageRef
from bot.publish.plan import BOARD_MAX_AGE, Facts, plan

ALICE, BOB, CAROL = 11, 22, 33
BOARD = 500
OLD_NOTICE = MessageRef(1, 900)
OLD_ANNOUNCEMENT = MessageRef(1, 901)

#: Alice just moved (version 3, was to move at version 2); now Bob is to move.
AFTER_ALICE = Facts(
    version=3,
    status="active",
    seat_users=[ALICE, BOB],
    to_move=[1],
    shown_version=2,
    shown_to_move=[0],
    actor=ALICE,
    board_message_id=BOARD,
    board_age=60.0,
    standing_notices=[OLD_NOTICE],
    picture="new",
)


def test_the_player_newly_to_move_is_pinged_and_the_old_notice_goes() -> None:
    """A turn notice mentions whoever is newly to move; the notice of the turn before is deleted."""
    steps = plan(AFTER_ALICE)
    assert steps.notify == (BOB,)
    assert steps.delete == (OLD_NOTICE,)
    assert not steps.post_result and not steps.closing


def test_a_player_whose_turn_goes_on_is_not_pinged_again_and_keeps_their_notice() -> None:
    """Garden Sabotage: three actions in one turn. The mover is still to move: no new ping, and
    the notice that told them it was their turn stays."""
    steps = plan(replace(AFTER_ALICE, to_move=[0]))
    assert steps.notify == ()
    assert steps.delete == ()


def test_a_new_turn_of_a_seat_still_to_move_starts_its_clock_and_its_notice() -> None:
    """Garden Party: Bob rolled for Attila at the end of Alice's turn and plays next. He stays to
    move, but the engine's turn key changed: his own turn begins (its clock starts afresh) and,
    his roll having been made by the clock, he is told; had he clicked, he is not pinged about
    his own move, but his turn still gets its clock. With the same key his turn goes on."""
    attila = replace(
        AFTER_ALICE,
        to_move=[1],
        shown_to_move=[1],
        actor=None,
        turn_key=("turn", 5),
        shown_turn_key=("turn", 4),
    )
    steps = plan(attila)
    assert steps.new_turns == (1,) and steps.notify == (BOB,) and steps.delete == (OLD_NOTICE,)
    clicked = plan(replace(attila, actor=BOB))
    assert clicked.new_turns == (1,) and clicked.notify == () and clicked.delete == ()
    same = plan(replace(attila, shown_turn_key=("turn", 5)))
    assert same.new_turns == () and same.notify == ()


def test_the_mover_is_never_pinged_about_their_own_move_nor_a_computer_ever() -> None:
    """Secret Numbers lets both seats move at once; the one who just moved is not pinged. A
    computer seat (no user) is never mentioned, and once only computers are to move, the last
    person's notice is cleared."""
    both = replace(AFTER_ALICE, to_move=[0, 1], shown_to_move=[])
    assert plan(both).notify == (BOB,)
    computer = replace(AFTER_ALICE, seat_users=[ALICE, None])
    steps = plan(computer)
    assert steps.notify == () and steps.delete == (OLD_NOTICE,)


def test_after_a_restart_everyone_to_move_is_pinged_but_the_last_mover() -> None:
    """Who was to move at the last published version is not known after a restart: everyone to
    move now is pinged, except the person whose move it was."""
    restarted = replace(AFTER_ALICE, shown_to_move=None, to_move=[0, 1], standing_notices=[])
    assert plan(restarted).notify == (BOB,)


def test_a_version_shown_before_a_restart_pings_nobody_again_and_keeps_its_notice() -> None:
    """Issue 20 (a restart "doubles nothing"): a version the last process had fully shown, shown
    again for a fresh picture, pings nobody and deletes no notice; the clocks of the seats to move
    are still shown (their deadlines come from the database)."""
    redrawn = replace(AFTER_ALICE, shown_to_move=None, told_before=True)
    steps = plan(redrawn)
    assert steps.notify == () and steps.delete == () and steps.new_turns == (1,)
    gone = plan(replace(redrawn, seat_users=[ALICE, None]))
    assert gone.delete == (OLD_NOTICE,), "only computers to move: no notice should stand"


def test_a_start_does_not_ping_the_host_who_pressed_start() -> None:
    start = replace(AFTER_ALICE, version=0, shown_version=-1, shown_to_move=None, to_move=[0], actor=ALICE)
    assert plan(start).notify == ()
    assert plan(replace(start, to_move=[1])).notify == (BOB,)


def test_a_notice_already_posted_for_this_version_is_not_posted_again() -> None:
    """A plan cut short by Discord failing is recomputed; what was posted is not repeated."""
    assert plan(replace(AFTER_ALICE, notice_version=3)).notify == ()


def test_the_board_is_edited_with_its_new_picture_or_keeps_the_one_it_shows() -> None:
    steps = plan(AFTER_ALICE)
    assert (steps.board.action, steps.board.message_id, steps.board.picture) == ("edit", BOARD, "new")
    assert plan(replace(AFTER_ALICE, picture="keep")).board.picture == "keep"
    assert plan(replace(AFTER_ALICE, picture="none")).board.picture == "none"


def test_a_board_older_than_an_hour_is_posted_anew_and_the_old_one_replaced() -> None:
    """Discord throttles edits of messages older than an hour (30046): the board is re-posted
    before that. A new message has no older picture to keep, so it goes without one meanwhile."""
    old = replace(AFTER_ALICE, board_age=BOARD_MAX_AGE + 1)
    steps = plan(old)
    assert (steps.board.action, steps.board.message_id) == ("post", BOARD)
    assert plan(replace(old, picture="keep")).board.picture == "none"
    assert plan(replace(AFTER_ALICE, board_message_id=None)).board.action == "post"


def test_a_board_that_already_shows_this_version_is_left_alone() -> None:
    """A game's start: its first message is the board at version 0, with its picture."""
    shown = replace(AFTER_ALICE, board_version=3, board_status="active", picture_version=3)
    assert plan(shown).board.action == "none"
    assert plan(replace(shown, status="finished")).board.action != "none", "a status change is shown"
    waiting = replace(AFTER_ALICE, board_version=3, board_status="active", picture_version=2)
    assert plan(waiting).board.action == "edit", "a picture that waited is shown once drawn"


def test_a_final_board_whose_picture_waited_too_long_loses_the_old_picture() -> None:
    """docs/bot.md, "Pictures and the CPU": a final board that waited too long for its picture is
    shown without one, as its complete text board; the older picture it kept meanwhile must go,
    even though the board already shows the final version."""
    kept = replace(
        AFTER_ALICE, status="finished", board_version=3, board_status="finished", picture_version=2
    )
    assert plan(replace(kept, picture="keep")).board.action == "none", "still waiting: left alone"
    assert plan(replace(kept, picture="none")).board.action == "edit", "the old picture removed"
    assert plan(replace(kept, picture="none", picture_version=None)).board.action == "none"


def test_a_final_board_that_said_its_ranking_follows_is_redrawn_when_it_comes() -> None:
    """docs/bot.md, "Pictures and the CPU": a table waiting for its final picture says the picture
    and the ranking follow; when they come, or the ranking alone once the wait ends, the table is
    redrawn to point to it, even a board that never had a picture to take away."""
    said = replace(
        AFTER_ALICE,
        status="finished",
        board_version=3,
        board_status="finished",
        picture="none",
        picture_version=None,
        board_result_to_come=True,
    )
    assert plan(replace(said, result_to_come=True)).board.action == "none", "still waiting: left alone"
    assert plan(said).board.action == "edit", "the wait over: the table points to the ranking"


def test_a_finished_game_posts_its_final_scores_once_and_clears_its_notices() -> None:
    finished = replace(AFTER_ALICE, status="finished", to_move=[])
    steps = plan(finished)
    assert steps.post_result and steps.closing
    assert steps.notify == () and steps.delete == (OLD_NOTICE,)
    assert not plan(replace(finished, result_posted=True)).post_result


def test_a_game_ended_early_clears_its_notices_and_posts_no_scores() -> None:
    ended = replace(AFTER_ALICE, status="cancelled", announcement=["🐛 something"])
    steps = plan(ended)
    assert steps.closing and not steps.post_result
    assert steps.notify == () and steps.announcement == ()
    assert steps.delete == (OLD_NOTICE,)


def test_an_announcement_replaces_the_one_standing_and_is_posted_once() -> None:
    """Keep the channel tidy (issue 14, finding 6): one announcement stands at a time."""
    told = replace(
        AFTER_ALICE, announcement=["🐛 Alice sabotaged Bob's plot 1."], standing_announcement=OLD_ANNOUNCEMENT
    )
    steps = plan(told)
    assert steps.announcement == ("🐛 Alice sabotaged Bob's plot 1.",)
    assert set(steps.delete) == {OLD_NOTICE, OLD_ANNOUNCEMENT}
    assert plan(replace(told, announced_version=3)).announcement == ()


def test_a_mover_back_from_a_reply_window_in_their_turn_is_not_pinged_again() -> None:
    """Garden Party (issue 20; noticed in issue 19's notes): Alice's turn, ("turn", 5), is cut by a
    cancel window for Bob and Carol. When it closes, Alice is to move again in the same turn: her
    clock goes on afresh, but she is not pinged a second time about a turn she was told of, and
    her turn's notice stands (no window posts one: issue 27 item 4). Her next turn, a new key,
    pings her as always."""
    back = replace(
        AFTER_ALICE,
        seat_users=[ALICE, BOB, CAROL],
        to_move=[0],
        shown_to_move=[1, 2],
        actor=None,
        turn_key=("turn", 5),
        shown_turn_key=("cancel", 7, 0),
        told_keys={0: (("turn", 5), ("cancel", 7, 0)), 1: (("cancel", 7, 0),), 2: (("cancel", 7, 0),)},
    )
    steps = plan(back)
    assert steps.notify == () and steps.new_turns == (0,)
    assert steps.delete == (), "her turn's notice stands"
    assert plan(replace(back, turn_key=("turn", 8))).notify == (ALICE,), "a new turn is told"
    assert plan(replace(back, told_keys={})).notify == (ALICE,), "a turn never told is told"


def test_a_seat_answering_a_window_leaves_the_notice_for_those_still_asked() -> None:
    """Reply windows (issue 15): Bob answers, Carol has not: the notice that asked them both stays
    (it is still Carol's), and nobody is pinged."""
    answering = replace(
        AFTER_ALICE,
        seat_users=[ALICE, BOB, CAROL],
        to_move=[2],
        shown_to_move=[1, 2],
        actor=BOB,
        turn_key=("cancel", 7, 0),
        shown_turn_key=("cancel", 7, 0),
    )
    steps = plan(answering)
    assert steps.notify == () and steps.delete == ()


def test_a_reply_window_pings_nobody_and_leaves_the_turn_s_notice() -> None:
    """Issue 27 item 4: Alice plays a card and a window opens for Bob and Carol: it is not a turn,
    so neither is pinged (their open hands and the table show it); their clocks start, and the
    notice of Alice's turn stands through the window. A real turn after it pings as before."""
    window = replace(
        AFTER_ALICE,
        seat_users=[ALICE, BOB, CAROL],
        to_move=[1, 2],
        shown_to_move=[0],
        actor=ALICE,
        turn_key=("cancel", 7, 0),
        shown_turn_key=("turn", 5),
        replying=[1, 2],
    )
    steps = plan(window)
    assert steps.notify == () and steps.new_turns == (1, 2)
    assert steps.delete == (), "the turn's notice stands through the window"
    assert plan(replace(window, replying=[])).notify == (BOB, CAROL), "a turn for both is told"
    bob_s_turn = replace(window, to_move=[1], turn_key=("turn", 6), replying=[], shown_to_move=[1, 2])
    assert plan(bob_s_turn).notify == (BOB,) and plan(bob_s_turn).delete == (OLD_NOTICE,)
