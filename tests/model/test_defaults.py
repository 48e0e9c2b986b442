"""No model field's default factory is a built-in whose signature pydantic must parse.

pydantic asks each default factory for its signature when it builds a model class; for
``list`` (or ``tuple``, ``set``…) that parses a text signature with ``tokenize``, about
3 ms of opening a character file. ``desktop.model.defaults.empty_list`` is
the Python function the models use instead."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from pydantic import BaseModel

import desktop.model
import desktop.systems
from desktop.model.defaults import empty_list


def _model_modules() -> list[str]:
    """The shared model layer, the systems' own modules and every game's rules and
    fight rooms: everything that declares a model a file is read into."""
    names = [m.name for m in pkgutil.iter_modules(desktop.model.__path__, "desktop.model.")]
    names += [m.name for m in pkgutil.iter_modules(desktop.systems.__path__, "desktop.systems.")
              if not m.ispkg]
    for game in desktop.systems.SYSTEMS.values():
        for room in ("rules", "fight"):
            package = importlib.import_module(f"{game.package}.{room}")
            names += [m.name for m in pkgutil.iter_modules(package.__path__,
                                                           f"{package.__name__}.")]
    return names


def _all_models() -> list[type[BaseModel]]:
    for name in _model_modules():
        importlib.import_module(name)
    found, todo = [], [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("desktop.") and sub not in found:
                found.append(sub)
                todo.append(sub)
    return found


def test_no_default_factory_needs_a_parsed_signature() -> None:
    models = _all_models()
    # every game's models were found
    assert {game.character_model for game in desktop.systems.SYSTEMS.values()} <= set(models)
    parsed = [f"{model.__module__}.{model.__qualname__}.{name}"
              for model in models for name, info in model.model_fields.items()
              if info.default_factory is not None
              and getattr(info.default_factory, "__text_signature__", None) is not None]
    assert parsed == []


def test_empty_list_is_a_new_list_each_time() -> None:
    first, second = empty_list(), empty_list()
    assert first == [] and first is not second
    assert inspect.signature(empty_list).parameters == {}
