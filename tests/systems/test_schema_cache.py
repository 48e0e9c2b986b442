"""Character models' validators built from the schema an earlier run generated
(``desktop/systems/schema_cache.py``, issue 17): a later run reads every example and
refuses every broken file exactly as the first, without generating the schemas again."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from desktop import compile_cache, source_identity
from desktop.systems import get, schema_cache

REPO = Path(__file__).resolve().parents[2]

RUN = """
import json, sys
from desktop import launch
launch.prepare()
from pathlib import Path
from desktop import compile_cache
from desktop.model.errors import DocumentError
from desktop.systems import SYSTEMS
from desktop.systems.book_data import BookData
from desktop.systems.files import character_from_data, load_character

read = {}
for game in SYSTEMS:
    for stem, path in BookData(game).example_characters().items():
        read[f"{game}/{stem}"] = load_character(path).model_dump(mode="json")
refused = []
for game in SYSTEMS:
    path = next(iter(BookData(game).example_characters().values()))
    good = json.loads(Path(path).read_text(encoding="utf-8"))
    for broken in ({k: v for k, v in good.items() if k != "name"},  # missing in a file
                   {**good, "name": 12}, {**good, "surprise": 1},
                   {**good, "attributes": "strong"}):
        try:
            character_from_data(broken, path)
            refused.append(None)
        except DocumentError as exc:
            refused.append(str(exc))
print(json.dumps({
    "read": read, "refused": refused,
    "schemas_kept_now": sorted(k.split(":")[2] for k in compile_cache._new
                               if k.startswith("schema:")),
    "schemas_given_back": sorted(k.split(":")[2] for k in compile_cache._used
                                 if k.startswith("schema:") and k not in compile_cache._new),
}))
compile_cache.save()
"""


@pytest.mark.slow
def test_a_later_run_reads_and_refuses_as_the_first_without_generating(tmp_path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path)}

    def run() -> dict:
        done = subprocess.run([sys.executable, "-c", RUN], cwd=REPO, capture_output=True,
                              text=True, timeout=120, env=environment)
        assert done.returncode == 0, done.stderr[-2000:]
        return json.loads(done.stdout)

    first, later = run(), run()
    models = sorted(f"{get(game).character_model.__module__}."
                    f"{get(game).character_model.__qualname__}"
                    for game in ("pow", "pocket", "protector", "kruhl", "powers"))
    assert first["schemas_kept_now"] == models and first["schemas_given_back"] == []
    assert later["schemas_kept_now"] == [] and later["schemas_given_back"] == models
    assert later["read"] == first["read"] and len(first["read"]) >= 10
    assert later["refused"] == first["refused"]
    assert all(first["refused"])  # every broken file refused, with its reason
    assert any("missing 'name'" in reason for reason in first["refused"])


class _Model:
    """Stands in for a model class: what ``_give_back`` sets on it."""

    __pydantic_core_schema__: object = None


@pytest.mark.parametrize("blob", [b"not a pickle", pickle.dumps(["a", "list"]),
                                  pickle.dumps({"type": "str"}), None])
def test_what_cannot_be_a_models_schema_is_not_given_back(monkeypatch, blob) -> None:
    monkeypatch.setattr(compile_cache, "recall", lambda key, kind: blob)
    kept = compile_cache.recall_pickled("schema:…")
    assert not schema_cache._give_back(_Model, kept)  # type: ignore[arg-type]
    assert _Model.__pydantic_core_schema__ is None


def test_outside_the_sheetdesk_process_nothing_is_kept(monkeypatch) -> None:
    kept: list[str] = []
    monkeypatch.setattr(compile_cache, "keep", lambda key, value: kept.append(key))
    assert not compile_cache.installed()
    assert schema_cache.validated(get("pow").character_model, lambda: "read") == "read"
    assert kept == []


def test_the_key_changes_with_a_module_beside_the_models(tmp_path, monkeypatch) -> None:
    """A helper beside a model's module (limits, validators) shapes its schema too."""
    (tmp_path / "character.py").write_text("# the model\n", encoding="utf-8")
    helper = tmp_path / "limits.py"
    helper.write_text("MAX = 1\n", encoding="utf-8")
    monkeypatch.setattr(schema_cache, "model_files",
                        lambda model: {str(tmp_path / "character.py")})
    model = get("pocket").character_model
    before = schema_cache._key(model)
    assert before is not None and str(helper) in before
    helper.write_text("MAX = 100\n", encoding="utf-8")
    assert schema_cache._key(model) == before  # a process runs the code it imported
    source_identity.forget()  # as a later process looks
    assert schema_cache._key(model) != before
    helper.unlink()
    source_identity.forget()
    assert schema_cache._key(model) != before
