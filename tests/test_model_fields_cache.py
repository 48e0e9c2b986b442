"""The fields of Sheetdesk's models read back from an earlier run
(``desktop.model_fields_cache``): the same as pydantic collects, for the same code only,
and only for classes made once at the top of a module while it is imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pydantic._internal import _model_construction

from desktop import compile_cache, model_fields_cache, source_identity

REPO = Path(__file__).resolve().parents[1]

DUMP = """
import importlib, json, pkgutil, re, sys
if sys.argv[1] == "cached":
    from desktop import launch
    launch.prepare()
import desktop
from pydantic import BaseModel
from desktop import compile_cache

SKIPPED = (".editor", ".printing", ".ui", ".pdf", "desktop.app", "desktop.gm_app")
for info in pkgutil.walk_packages(desktop.__path__, "desktop."):
    if not any(part in info.name for part in SKIPPED) and "__main__" not in info.name:
        importlib.import_module(info.name)

ADDRESS = re.compile(r" at 0x[0-9a-f]+")

def described(value):
    return ADDRESS.sub("", repr(value))

def every_model(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from every_model(sub)

models = {}
for model in every_model(BaseModel):
    if not model.__module__.startswith("desktop."):
        continue
    fields = {}
    for name, info in model.__pydantic_fields__.items():
        fields[name] = {slot: described(getattr(info, slot, "-"))
                        for slot in type(info).__slots__}
    models[f"{model.__module__}.{model.__qualname__}"] = {
        "fields": fields, "class_vars": sorted(model.__class_vars__),
        "names": sorted(name for name in vars(model) if not name.startswith("__")),
        "complete": model.__pydantic_fields_complete__,
    }
print(json.dumps({"models": models,
                  "kept_now": sorted(k for k in compile_cache._new if k.startswith("fields:"))}))
compile_cache.save()
"""


@pytest.mark.slow
def test_every_model_has_the_fields_pydantic_collects_when_read_back(tmp_path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path),
                   "QT_QPA_PLATFORM": "offscreen"}

    def run(how: str) -> dict:
        done = subprocess.run([sys.executable, "-c", DUMP, how], cwd=REPO, capture_output=True,
                              text=True, timeout=120, env=environment)
        assert done.returncode == 0, done.stderr[-2000:]
        return json.loads(done.stdout)

    plain, first, later = run("plain"), run("cached"), run("cached")
    assert len(plain["models"]) > 150
    assert first["models"] == plain["models"]
    assert later["models"] == plain["models"]
    assert plain["kept_now"] == [] and len(first["kept_now"]) > 20
    assert later["kept_now"] == []  # every class read back, nothing collected again


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package ``fieldpkg`` of models, treated as Sheetdesk's own, with the kept fields
    installed in this process and a compile cache of its own."""
    root = tmp_path / "fieldpkg"
    for folder in ("", "shared", "tables", "game"):
        (root / folder).mkdir(exist_ok=True)
        (root / folder / "__init__.py").write_text("", encoding="utf-8")
    # a type alias from a folder of its own, imported alone (no trace of its module)
    (root / "shared" / "limits.py").write_text(textwrap.dedent("""
        from typing import Annotated
        from pydantic import Field
        Name = Annotated[str, Field(max_length=40)]
    """), encoding="utf-8")
    # a package imported as a module from its parent (its parent's folder is not its own)
    (root / "tables" / "__init__.py").write_text("MOST = 10\n", encoding="utf-8")
    (root / "game" / "models.py").write_text(textwrap.dedent("""
        from __future__ import annotations
        from pydantic import BaseModel, Field
        from fieldpkg.shared.limits import Name
        from fieldpkg import tables

        class Weapon(BaseModel):
            name: Name
            damage: int = Field(default=1, le=tables.MOST)
            tags: tuple[str, ...] = ()

        class Sheet(BaseModel):
            name: str
            weapons: list[Weapon] = Field(default_factory=list)

        def made_in_a_function():
            class Inner(BaseModel):
                size: int = 2
            return Inner

        INNER = made_in_a_function()

        for _ in range(2):
            class Twice(BaseModel):
                count: int = 0
    """), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("_stored", "_new", "_compiled"):
        monkeypatch.setattr(compile_cache, name, {})
    monkeypatch.setattr(compile_cache, "_used", set())
    monkeypatch.setattr(model_fields_cache, "OWN", "fieldpkg.")
    collected: list[str] = []
    model_fields_cache.install(_model_construction)
    pydantic_collect = model_fields_cache._collect

    def counting(cls, *args, **kwargs):
        collected.append(cls.__qualname__)
        return pydantic_collect(cls, *args, **kwargs)

    monkeypatch.setattr(model_fields_cache, "_collect", counting)
    yield root, collected
    monkeypatch.undo()
    model_fields_cache.uninstall()
    _forget_package()


def _forget_package() -> None:
    for name in [name for name in sys.modules if name.startswith("fieldpkg")]:
        del sys.modules[name]
    model_fields_cache._modules.clear()
    source_identity.forget()


def _import_as_a_later_run():
    _forget_package()
    import fieldpkg.game.models

    return fieldpkg.game.models


def _described(model) -> dict[str, str]:
    return {name: repr(info) for name, info in model.__pydantic_fields__.items()}


def test_a_later_run_reads_the_fields_back(package) -> None:
    _, collected = package
    first = _import_as_a_later_run()
    inner = "made_in_a_function.<locals>.Inner"
    assert sorted(collected) == ["Sheet", "Twice", "Twice", "Weapon", inner]
    fields = {name: _described(getattr(first, name)) for name in ("Weapon", "Sheet")}
    collected.clear()
    later = _import_as_a_later_run()
    # read back: only what is never kept is collected again
    assert sorted(collected) == ["Twice", "Twice", inner]
    assert {name: _described(getattr(later, name)) for name in ("Weapon", "Sheet")} == fields
    assert later.Weapon(name="Axe").damage == 1
    assert "damage" not in vars(later.Weapon)  # its value left the class, as pydantic does
    with pytest.raises(ValueError):
        later.Weapon(name="x" * 41)
    with pytest.raises(ValueError):
        later.Weapon(name="Axe", damage=11)


@pytest.mark.parametrize("changed", ["shared/limits.py", "tables/__init__.py"])
def test_a_changed_module_the_models_import_has_them_collected_again(package,
                                                                      changed) -> None:
    root, collected = package
    _import_as_a_later_run()
    path = root / changed
    path.write_text(path.read_text(encoding="utf-8").replace("40", "400")
                    .replace("10", "100"), encoding="utf-8")
    collected.clear()
    later = _import_as_a_later_run()
    assert "Weapon" in collected and "Sheet" in collected
    # the new limits, not the kept ones
    if changed == "shared/limits.py":
        assert later.Weapon(name="x" * 41).name == "x" * 41
    else:
        assert later.Weapon(name="Axe", damage=50).damage == 50


def test_a_broken_entry_is_collected_again(package) -> None:
    _, collected = package
    _import_as_a_later_run()
    key = next(key for key in compile_cache._compiled if key.startswith("fields:"))
    sources, kept = compile_cache._compiled[key]
    compile_cache._compiled[key] = (sources, {name: b"not a pickle" for name in kept})
    collected.clear()
    later = _import_as_a_later_run()
    assert "Weapon" in collected and later.Weapon(name="Axe").damage == 1


def test_pydantic_is_given_the_kept_fields_when_first_imported() -> None:
    """The launcher installs them before pydantic is imported, and imports no pydantic
    itself (a start with no file reads no model)."""
    script = textwrap.dedent("""
        import sys
        from desktop import launch, model_fields_cache
        launch.prepare()
        assert "pydantic" not in sys.modules, "prepare imported pydantic"
        from pydantic import BaseModel
        from pydantic._internal import _model_construction
        assert (_model_construction.collect_model_fields
                is model_fields_cache.collect_model_fields)
        assert _model_construction.__loader__ is not None
        assert not any(isinstance(f, model_fields_cache._WhenImported) for f in sys.meta_path)
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(REPO),
                               "SHEETDESK_CACHE_DIR": os.devnull + "-none"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"
