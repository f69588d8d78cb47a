"""Records built from data the engine made itself, without validating it again.

Data is validated where it enters: options and stored states when they are read, actions when
they are decoded. A view, though, is built on every version from a state already checked, and
validating its few hundred nested fields each time was most of the engine's work per move (issue
31). `trusted` makes the model as `model_construct` does, minus its per-field bookkeeping: the
caller hands over every field, in the model's field order (the order its JSON is written in), each
already of its field's type (a nested model as a model), and no list or dict the state holds (the
state changes with the next move; a view must not). Views are never changed once made, so a record
may be shared by several. Tests compare such records with the same data validated
(tests/engine/test_trusted_views.py).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_set_dict = object.__setattr__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__

#: Every field of a model, as the set of fields given (`model_fields_set`). Pydantic only ever adds
#: names to it, and every name is in it already, so the models of one class share one.
_ALL_FIELDS: dict[type[BaseModel], set[str]] = {}


def trusted(cls: type[M], fields: dict[str, Any]) -> M:
    """A `cls` holding `fields` as they are: every field, in field order, each of its type."""
    made = cls.__new__(cls)
    _set_dict(made, "__dict__", fields)
    every = _ALL_FIELDS.get(cls)
    if every is None:
        every = _ALL_FIELDS[cls] = _fields_of(cls)
    _set_fields_set(made, every)
    _set_extra(made, None)
    _set_private(made, None)
    return made


def _fields_of(cls: type[BaseModel]) -> set[str]:
    """`cls`' field names, once `cls` is known to be a plain record `trusted` can make."""
    if cls.__private_attributes__ or cls.__pydantic_post_init__ or cls.model_config.get("extra") == "allow":
        raise TypeError(f"{cls.__name__} has private attributes, a post-init or extra fields")
    return set(cls.model_fields)
