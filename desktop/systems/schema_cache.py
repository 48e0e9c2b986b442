"""A character model's validator built from the schema an earlier run generated for it.

A character model builds its validator when the first character is read
(``desktop.model.strict``): pydantic first generates the model's core schema, walking
every field of every model inside it in Python, 2.5-4 ms of opening a file (issue 17),
then pydantic-core builds the validator from it, a tenth of that. ``validated`` keeps
the schema, pickled, in the compile cache's file (``desktop.compile_cache``); on later
runs it gives it back to the model as ``__pydantic_core_schema__``, the attribute where
pydantic keeps a built model's schema and from which its schema generation takes a
model's schema when it has one, so pydantic builds the validator from it as for a model
that is complete.

A kept schema is used only for the same code: the key names pydantic's and Python's
versions and the path, size and modification time of every module in the folders of the
model's modules (the models and the helpers beside them that shape their fields, such
as ``desktop.model.limits``). What cannot be read back is generated again. Only the
``sheetdesk`` process keeps anything (tests and other programs importing ``desktop``
generate every time).
"""

from __future__ import annotations

import io
import pickle
import sys
from collections.abc import Callable
from contextlib import suppress
from types import FunctionType, MethodType
from typing import TypeVar

import pydantic
from pydantic import BaseModel

from desktop import compile_cache
from desktop.source_identity import beside
from desktop.systems.model_sources import model_files

R = TypeVar("R")

FORMAT = 1
"""Bumped when what is kept changes, so older entries are generated again."""


def validated(model: type[BaseModel], validate: Callable[[], R]) -> R:
    """``validate()`` (data read into ``model``), ``model``'s validator built from the
    schema an earlier run kept if it has none yet; the schema kept if it was generated."""
    if not compile_cache.installed() or model.__pydantic_complete__:
        return validate()
    key = _key(model)
    given = key is not None and _give_back(model, compile_cache.recall_pickled(key))
    try:
        return validate()
    finally:  # a file that fails to validate has built the validator all the same
        if key is not None and not given and model.__pydantic_complete__:
            with suppress(Exception):  # a schema pickle cannot write: generated each time
                compile_cache.keep(key, _pickled(model.__pydantic_core_schema__))


def _pickled(schema: object) -> bytes:
    out = io.BytesIO()
    _SchemaPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(schema)
    return out.getvalue()


class _SchemaPickler(pickle.Pickler):
    """Pickles a class's method whose function is an object (the check of
    ``desktop.model.document.require_in_files``) as that object bound to the class:
    pickle looks a method up on its class by its function's name, which such an object
    has none of."""

    def reducer_override(self, obj: object) -> object:
        if isinstance(obj, MethodType) and not isinstance(obj.__func__, FunctionType):
            return _bound, (obj.__func__, obj.__self__)
        return NotImplemented


def _bound(function: object, owner: object) -> MethodType:
    """What ``_SchemaPickler`` unpickles a method with (``MethodType`` itself cannot be
    found by name)."""
    return MethodType(function, owner)


def _give_back(model: type[BaseModel], schema: object) -> bool:
    """Give ``model`` the ``schema`` kept for it, if it is a model's schema at all."""
    if not (isinstance(schema, dict) and schema.get("type") in ("model", "definitions")):
        return False
    model.__pydantic_core_schema__ = schema  # type: ignore[misc]
    return True


def _key(model: type[BaseModel]) -> str | None:
    """What the model's schema depends on; None if a file cannot be looked at."""
    try:
        files = beside(model_files(model))
    except (OSError, TypeError):
        return None
    return (f"schema:{FORMAT}:{model.__module__}.{model.__qualname__}:{pydantic.VERSION}:"
            f"{sys.version_info[:2]}:{files}")
