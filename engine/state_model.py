"""The base of the games' state records: pydantic models whose attributes are written directly.

A state is validated where it enters (created from checked options, loaded from JSON); while a
game plays, the rules change its attributes thousands of times a second (a computer player's
search far more). Assignment is not validated (pydantic's `validate_assignment` is off), so
pydantic's `__setattr__` does nothing for a field but bookkeeping for `exclude_unset` dumps, which
no state uses; skipping it makes a move a tenth cheaper (issue 31). Anything that is not a field
still goes through pydantic, so a misspelt attribute is refused as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel


class StateModel(BaseModel):
    """A pydantic model for state that the rules mutate: fields are assigned straight to the
    instance."""

    if not TYPE_CHECKING:

        def __setattr__(self, name: str, value: Any) -> None:
            if name in type(self).__pydantic_fields__:
                self.__dict__[name] = value
            else:
                super().__setattr__(name, value)
