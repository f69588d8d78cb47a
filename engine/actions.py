"""What a legal action is to the platform, and the words it is said in: its label and picker
steps, with the seats' display names where an action names a seat, and a whole list of them said
at once where a game can do that cheaper (a turn's plantings). Re-exported by `engine.api`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast, runtime_checkable


class IllegalAction(Exception):
    """Raised by `Game.apply` for a move the rules refuse; `message` is shown to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ActionLike(Protocol):
    """What the platform needs of an action: a label a player understands.

    Labels are unique among one seat's legal actions. `steps` splits the label for pickers that
    offer a choice in two steps (first the card, then the slot); a one-step action returns
    `(label,)`.
    """

    @property
    def label(self) -> str: ...

    @property
    def steps(self) -> tuple[str, ...]: ...


@runtime_checkable
class NamedLabels(Protocol):
    """Optional for an action whose label names a seat ("Sabotage Player 2's plot 1"): the label
    and steps with display names, `names[seat]` for each seat. Labels stay unique among a seat's
    legal actions for any list of distinct names."""

    def label_for(self, names: Sequence[str]) -> str: ...

    def steps_for(self, names: Sequence[str]) -> tuple[str, ...]: ...


def action_label(action: ActionLike, names: Sequence[str]) -> str:
    """`action`'s label as a player with these seat names reads it (`label` if it names no seat)."""
    label_for = getattr(action, "label_for", None)
    if label_for is None:
        return action.label
    text: str = label_for(names)
    return text


def action_steps(action: ActionLike, names: Sequence[str]) -> tuple[str, ...]:
    """`action`'s picker steps with these seat names (`steps` if it names no seat)."""
    steps_for = getattr(action, "steps_for", None)
    if steps_for is None:
        return action.steps
    steps: tuple[str, ...] = steps_for(names)
    return steps


class SaidTogether(Protocol):
    """Optional for a sequence of legal actions that says all their labels and steps at once,
    cheaper than one action at a time (a turn's plantings: each card's words and each slot's made
    once, then joined). Its actions name no seat, so the seats' names change nothing. Its steps
    may say how they group (`first_step_groups`)."""

    def labels_and_steps(self) -> tuple[Sequence[str], Sequence[tuple[str, ...]]]: ...


#: Actions grouped by their first picker step, in the order the first steps come: (the step, the
#: indices of the actions it begins).
StepGroups = list[tuple[str, Sequence[int]]]


def first_step_groups(steps: Sequence[tuple[str, ...]]) -> StepGroups | None:
    """The groups of `steps` by first step, when the steps say them at once (a `SaidTogether`'s
    steps with a `first_step_groups` method: a turn's plantings, a range of slots a card) rather
    than being read one by one; None otherwise."""
    says = getattr(steps, "first_step_groups", None)
    if not callable(says):
        return None
    groups: StepGroups | None = says()
    return groups


def said_together(actions: Sequence[ActionLike]) -> SaidTogether | None:
    """`actions` as a `SaidTogether`, when they say their labels and steps at once."""
    says = getattr(actions, "labels_and_steps", None)
    return cast(SaidTogether, actions) if callable(says) else None


def labels_and_steps(
    actions: Sequence[ActionLike], names: Sequence[str]
) -> tuple[Sequence[str], Sequence[tuple[str, ...]]]:
    """The labels and picker steps of `actions` with these seat names, in order."""
    together = said_together(actions)
    if together is not None:
        return together.labels_and_steps()
    if not any(hasattr(a, "label_for") for a in actions):  # no seat names in these labels
        return [a.label for a in actions], [tuple(a.steps) for a in actions]
    return [action_label(a, names) for a in actions], [action_steps(a, names) for a in actions]
