"""The fields of Sheetdesk's pydantic models as an earlier run collected them, kept as
a .pyc file keeps a module's code.

pydantic makes a model class by collecting its fields (``collect_model_fields``): it
evaluates each annotation, looks at what is assigned to it and builds a ``FieldInfo``
for each field, in Python, 0.1-0.2 ms a class: about 70 classes and 11 ms of opening a
Pocket Universe file, 8 of a Protector one (issue 17). A field's ``FieldInfo`` depends
only on the code of the modules the class is made from, so ``install`` has pydantic
read back, pickled in the compile cache's file (``desktop.compile_cache``), what it
collected for the class in an earlier run, a fifth of the time.

What is kept is used only for the same code, as ``desktop.systems.schema_cache`` uses a
schema. One entry per module holds its classes' fields, with pydantic's and Python's
versions and the identity (path, size and modification time:
``desktop.source_identity``) of every module in the folders of the modules its classes
are made from: its own, each Sheetdesk module it imports (a type alias leaves no trace
of its module once imported), and each one whose module, class or function is among
its names once its imports have run (its bases, its types and the helpers that shape
its fields, such as ``desktop.model.limits``). When one changes, every class of the
module is collected afresh and the entry replaced.

Only a class made at the top level of a Sheetdesk module while that module is imported
is kept, and only one made once by it: a class made in a function, by ``create_model``
later on, or twice under one name, is collected every time; so is one with private
attributes, typed extra fields or type parameters. What cannot be pickled or read back
is collected as before. Only the ``sheetdesk`` process installs it (``desktop.launch``,
when pydantic's model construction is first imported).
"""

from __future__ import annotations

import io
import os
import sys
from functools import cache
from types import CodeType, ModuleType
from typing import Any

from desktop import compile_cache, source_identity

FORMAT = 1
"""Bumped when what is kept changes, so older entries are collected again."""
CONSTRUCTION = "pydantic._internal._model_construction"
"""The module whose ``collect_model_fields`` makes each model's fields."""
OWN = "desktop."

_collect: Any = None
"""pydantic's own ``collect_model_fields``, once installed."""
_modules: dict[str, _Module] = {}


def install_when_imported() -> None:
    """Install once pydantic's model construction is imported (a start that reads no
    model, such as the app's with no file, never imports pydantic)."""
    if CONSTRUCTION in sys.modules:
        install(sys.modules[CONSTRUCTION])
    elif not any(isinstance(finder, _WhenImported) for finder in sys.meta_path):
        sys.meta_path.insert(0, _WhenImported())


def install(construction: ModuleType) -> None:
    """Give ``construction`` (pydantic's model construction) a ``collect_model_fields``
    that reads back what an earlier run collected."""
    global _collect
    if _collect is None:
        _collect = construction.collect_model_fields
        construction.collect_model_fields = collect_model_fields


def uninstall() -> None:
    global _collect
    if _collect is not None:
        sys.modules[CONSTRUCTION].collect_model_fields = _collect
        _collect = None
    _modules.clear()


def collect_model_fields(cls: type, *args: Any, **kwargs: Any) -> Any:
    """pydantic's ``collect_model_fields``, read back for a class of a Sheetdesk module
    when an earlier run kept it (``_Module``)."""
    module = None if kwargs.get("typevars_map") else _module_of(cls)
    found = module.recall(cls) if module is not None else None
    if found is not None:
        for name in found[0]:  # as pydantic does: a field's assigned value leaves the class
            if name in cls.__dict__:
                delattr(cls, name)
        return found
    result = _collect(cls, *args, **kwargs)
    if module is not None:
        module.keep(cls, result)
    return result


def _module_of(cls: type) -> _Module | None:
    """The kept fields of ``cls``'s module, if ``cls`` is made at the top level of a
    Sheetdesk module being imported."""
    name = cls.__module__
    if not name.startswith(OWN) or "<locals>" in cls.__qualname__:
        return None
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None)
    if not getattr(spec, "_initializing", False):
        return None  # made after its module was imported (a function, create_model)
    found = _modules.get(name)
    if found is None:
        try:
            sources = _sources(module)
        except (OSError, TypeError):
            sources = None
        if sources is None:
            return None
        found = _modules[name] = _Module(name, sources)
    return found


def _sources(module: Any) -> tuple[source_identity.Identity, ...] | None:
    """The identity of every module in the folders of ``module`` and of the Sheetdesk
    modules it imports (a type alias leaves no trace of its module once imported) and the
    Sheetdesk modules, classes and functions among its names (a package's module).
    None if the code running the module's body cannot be found."""
    body = _body_of(module)
    if body is None:
        return None
    owners = [name for name in body.co_names if name.startswith(OWN)]
    for value in list(vars(module).values()):
        owner = value.__name__ if isinstance(value, ModuleType) else getattr(
            value, "__module__", None)
        if isinstance(owner, str) and owner.startswith(OWN):
            owners.append(owner)
    folders = {os.path.dirname(module.__file__)}
    for owner in owners:
        file = getattr(sys.modules.get(owner), "__file__", None)
        if file:
            folders.add(os.path.dirname(file))
    return tuple(source_identity.in_folders(folders))


def _body_of(module: Any) -> CodeType | None:
    """The code of ``module``'s body, running now (it is making a class): its names hold
    every module it imports."""
    namespace = vars(module)
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals is namespace and frame.f_code.co_name == "<module>":
            return frame.f_code
        frame = frame.f_back
    return None


class _Module:
    """The fields kept for the classes of one module: ``{qualname: pickle}``, kept under
    the module's name with the identity of its sources."""

    def __init__(self, name: str, sources: tuple[source_identity.Identity, ...]) -> None:
        from pydantic.version import VERSION

        self.key = f"fields:{FORMAT}:{name}:{VERSION}:{sys.version_info[:2]}"
        self.sources = sources
        stored = compile_cache.recall(self.key, tuple)
        same = stored is not None and len(stored) == 2 and stored[0] == sources
        self.kept: dict[str, bytes] = (
            dict(stored[1]) if same and isinstance(stored[1], dict) else {})
        self.made: set[str] = set()
        self.twice: set[str] = set()

    def recall(self, cls: type) -> Any:
        """What an earlier run collected for ``cls``; None if nothing (or ``cls`` is the
        second class of its name made by the module)."""
        name = cls.__qualname__
        if name in self.made:
            self.twice.add(name)
            return None
        self.made.add(name)
        blob = self.kept.get(name)
        if blob is None:
            return None
        try:
            found = _unpickler()(io.BytesIO(blob)).load()
        except Exception:
            return None  # made of what is gone: collected and kept again
        return found if _keepable(found) else None

    def keep(self, cls: type, collected: Any) -> None:
        name = cls.__qualname__
        if name in self.twice or not _keepable(collected):
            if self.kept.pop(name, None) is not None:
                compile_cache.keep(self.key, (self.sources, self.kept))
            return
        import pickle

        try:
            blob = pickle.dumps(collected, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return  # a field that cannot be pickled: collected every time
        if self.kept.get(name) != blob:
            self.kept[name] = blob
            compile_cache.keep(self.key, (self.sources, self.kept))


def _keepable(collected: Any) -> bool:
    """A plain class's fields: no private attributes and no typed extra fields, whose
    making changes the class more than removing its fields' values."""
    return (isinstance(collected, tuple) and len(collected) == 4
            and isinstance(collected[0], dict) and collected[1] is None
            and isinstance(collected[2], set) and not collected[3])


@cache
def _unpickler() -> type:
    """An unpickler that finds an imported module's classes in ``sys.modules``: ``pickle``
    imports each module it names, through PySide's ``__import__`` once Qt is imported.
    (Made when first needed: the launcher imports this module before anything else.)"""
    import pickle

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            found = sys.modules.get(module)
            if found is None or "." in name:
                return super().find_class(module, name)
            return getattr(found, name)

    return Unpickler


class _WhenImported:
    """A finder that finds nothing, and installs the kept fields once pydantic's model
    construction is loaded (by the loader that finds it)."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != CONSTRUCTION:
            return None
        sys.meta_path.remove(self)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _ThenInstall(spec.loader)
                return spec
        return None


class _ThenInstall:
    """A loader that runs ``loader``'s module, then installs the kept fields in it."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        module.__loader__ = self._loader
        self._loader.exec_module(module)
        install(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)
