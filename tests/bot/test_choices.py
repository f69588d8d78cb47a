"""Hand layouts fit Discord's limits and reach every legal action (issue 5, "Playing").

Discord allows 5 rows, 5 buttons a row, 25 options a menu, 80-character button labels and
100-character option labels; a choice with more options than fit uses a two-step picker or pages.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ui.choices import (
    BUTTON_LABEL_MAX,
    MAX_ROWS,
    OPTION_LABEL_MAX,
    OPTIONS_PER_MENU,
    Entry,
    Page,
    plan_page,
    reachable_pages,
)


def rows_used(page: Page) -> int:
    body = -(-len(page.entries) // 5) if page.as_buttons else len(page.menus())
    return body + (1 if page.nav else 0)


def reachable(labels: list[str], steps: list[tuple[str, ...]]) -> set[int]:
    """Every action index a player can reach by following pages and groups from the top."""
    seen_pages: set[str] = set()
    found: set[int] = set()
    todo = ["p0"]
    while todo:
        code = todo.pop()
        if code in seen_pages:
            continue
        seen_pages.add(code)
        page = plan_page(labels, steps, code)
        assert rows_used(page) <= MAX_ROWS
        assert len(page.nav) <= 5
        for menu in page.menus():
            assert len(menu) <= OPTIONS_PER_MENU
        for entry in page.entries + page.nav:
            limit = BUTTON_LABEL_MAX if page.as_buttons else OPTION_LABEL_MAX
            assert len(entry.label) <= limit or entry in page.entries
            if entry.choice.startswith("a"):
                found.add(int(entry.choice[1:]))
            else:
                todo.append(entry.choice)
    return found


def test_two_actions_are_two_buttons() -> None:
    page = plan_page(["Guess higher", "Guess lower"], [("Guess higher",), ("Guess lower",)])
    assert page.as_buttons and [e.choice for e in page.entries] == ["a0", "a1"] and not page.nav


def test_many_two_step_actions_become_a_picker_card_then_slot() -> None:
    """54 placements of 3 cards in 18 slots: first the card, then the slot."""
    steps = [
        (f"Plant card {c}", f"Row {r}, column {k}")
        for c in range(3)
        for r in range(1, 4)
        for k in range(1, 7)
    ]
    labels = [" — ".join(s) for s in steps]
    top = plan_page(labels, steps)
    assert [e.label for e in top.entries] == ["Plant card 0 …", "Plant card 1 …", "Plant card 2 …"]
    group = plan_page(labels, steps, top.entries[1].choice)
    assert group.title == "Plant card 1" and len(group.entries) == 18
    assert group.entries[0].label == "Row 1, column 1" and group.entries[0].choice == "a18"
    assert group.nav[0].choice == "p0"  # a way back to the first step
    assert reachable(labels, steps) == set(range(len(labels)))


def test_hundreds_of_one_step_actions_are_paged() -> None:
    labels = [f"Option {i}" for i in range(260)]
    steps = [(label,) for label in labels]
    first = plan_page(labels, steps)
    assert not first.as_buttons and len(first.menus()) == 4 and [e.label for e in first.nav] == ["Next ▶"]
    assert reachable(labels, steps) == set(range(260))


@settings(deadline=None, max_examples=60)
@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 60), st.text(min_size=1, max_size=120)),
        min_size=1,
        max_size=300,
    )
)
def test_any_action_list_fits_and_every_action_is_reachable(raw: list[tuple[int, int, str]]) -> None:
    steps = [
        (f"First {a} {text}", f"second {b}") if b % 3 else (f"Solo {a} {b} {text}",) for a, b, text in raw
    ]
    labels = [f"{i}: {' '.join(s)}" for i, s in enumerate(steps)]
    assert reachable(labels, steps) == set(range(len(labels)))


def test_a_presenter_may_lower_the_flat_limit_so_targets_take_a_second_step() -> None:
    """Garden Sabotage's presenter sets `flat_limit` to 10: twelve actions are grouped by first step."""
    steps = [("Plant a Tomato", f"Plot {p}") for p in (1, 2)] + [
        ("Sabotage with an Aphid", f"Player {t}'s plot {p}") for t in (2, 3) for p in (1, 2)
    ]
    steps += [(f"Take the Bean from the Plant row (slot {s})",) for s in range(1, 7)]
    labels = [" ".join(s) for s in steps]
    assert not plan_page(labels, steps).entries[0].choice.startswith("g")
    grouped = plan_page(labels, steps, flat_limit=10)
    assert [e.label for e in grouped.entries[:2]] == ["Plant a Tomato …", "Sabotage with an Aphid …"]
    second = plan_page(labels, steps, "g1.0", flat_limit=10)
    assert [e.label for e in second.entries] == [
        "Player 2's plot 1",
        "Player 2's plot 2",
        "Player 3's plot 1",
        "Player 3's plot 2",
    ]


def test_a_decisions_layout_follows_its_kind_not_the_count_legal_now() -> None:
    """issue 27 item 11: a Sabotage turn showed 11 first steps in a menu, then 10 as buttons. With
    the most a decision can offer (`most`), its first page keeps one layout whatever is legal now."""

    def turn(firsts: int) -> tuple[list[str], list[tuple[str, ...]]]:
        steps = [(f"First step {i}", f"Plot {p}") for i in range(firsts) for p in (1, 2)]
        return [" ".join(s) for s in steps], steps

    assert plan_page(*turn(11), flat_limit=10).as_buttons is False
    assert plan_page(*turn(10), flat_limit=10).as_buttons is True  # the flip, without `most`
    for firsts in (3, 10, 11, 20):
        page = plan_page(*turn(firsts), flat_limit=10, most=30)
        assert not page.as_buttons and all(e.choice.startswith("g") for e in page.entries)
    few = plan_page(
        ["Complete Salad Bowl on plot 1", "End turn"],
        [("Complete Salad Bowl", "Plot 1"), ("End turn",)],
        flat_limit=10,
        most=5,
    )
    assert few.as_buttons


def test_a_grid_page_s_menus_are_made_only_when_drawn_or_clicked_and_are_the_presenter_s() -> None:
    """A page shown as a grid of buttons never draws its menus (issue 31: made for every slot
    page, they were thrown away); when the grid does not fit, or a click names a menu, they are
    made once, as the presenter groups them."""
    entries = [Entry(f"E{i}", f"a{i}") for i in range(30)]
    made: list[int] = []

    def sections() -> list[tuple[str, list[Entry]]]:
        made.append(1)
        return [("Evens", entries[::2]), ("Odds", entries[1::2])]

    grid: list[list[Entry | None]] = [[*entries[r * 5 : r * 5 + 5]] for r in range(6)]
    page = Page(title="Card", entries=entries, as_buttons=False, grid=grid, sections_later=sections)
    assert page.shows("a7") and not made, "a button of the grid is checked without menus"
    assert page.shows("a7", menu=1) and not page.shows("a7", menu=0)
    menus = page.without_grid()
    assert menus.grid is None and menus.menu_titles() == ["Evens", "Odds"]
    assert menus.menus() == [entries[::2], entries[1::2]] and made == [1]


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.tuples(st.integers(0, 30), st.integers(0, 80)), min_size=1, max_size=400),
    st.integers(0, 30),
)
def test_one_group_s_pages_first_are_the_same_pages(raw: list[tuple[int, int]], group: int) -> None:
    """A menu's action is looked for on its own group's pages first (seat_choices.offers): the
    picker's pages in another order, never one more or one fewer (a click is checked against
    exactly the pages a player can reach)."""
    steps = [(f"Card {a}", f"slot {b}") for a, b in raw]
    labels = [" ".join(s) for s in steps]

    def codes(first: str | None) -> list[str]:
        opened: list[str] = []

        def open_page(code: str) -> Page:
            opened.append(code)
            return plan_page(labels, steps, code)

        list(reachable_pages(open_page, first))
        return opened

    plain, preferred = codes(None), codes(f"g{group}.")
    assert sorted(plain) == sorted(preferred) and len(set(preferred)) == len(preferred)
    theirs = [code for code in preferred if code.startswith(f"g{group}.")]
    assert not theirs or preferred[1 : 1 + len(theirs)] == theirs  # right after the first page


def test_a_pages_entries_are_single_read_only_objects() -> None:
    """A page's entries are shared by the memos of their version and read by every click on it, so
    none may change; each is one object without a dict of its own (dozens are kept a version:
    issue 31)."""
    labels = [f"Plant the Carrot in {c}{r}" for c in "EFGHIJ" for r in "123"]
    page = plan_page(labels, [(label,) for label in labels])
    entry = page.entries[0]
    assert (entry.label, entry.choice) == ("Plant the Carrot in E1", "a0")
    assert all(not hasattr(e, "__dict__") for e in page.entries)
    with pytest.raises(AttributeError):
        entry.label = "something else"  # type: ignore[misc]
