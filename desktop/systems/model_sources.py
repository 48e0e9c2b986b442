"""The source files a pydantic model is made of: what a value kept between runs for it
(``desktop.systems.book_cache``, ``desktop.systems.schema_cache``) depends on, named by
path, size and modification time (``desktop.source_identity``)."""

from __future__ import annotations

import sys
import typing
from collections.abc import Iterator
from functools import cache

from pydantic import BaseModel


@cache
def model_files(model: type[BaseModel]) -> frozenset[str]:
    """The source files of ``model``, its bases and every model its fields hold."""
    files: set[str] = set()
    seen: set[type] = set()
    todo: list[type] = [model]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for base in cls.__mro__:
            if issubclass(base, BaseModel) and base.__module__.startswith("desktop."):
                files.add(sys.modules[base.__module__].__file__ or "")
        for field in cls.model_fields.values():  # type: ignore[attr-defined]
            todo.extend(_models_in(field.annotation))
    return frozenset(files)


def _models_in(annotation: object) -> Iterator[type]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for argument in typing.get_args(annotation):
        yield from _models_in(argument)
