"""Atomic saving: whole new file or whole old file, a .bak of the last one, no temp litter."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from desktop.model import storage
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text, backup_path

OLD = '{\n  "name": "Kaiser Überlegen"\n}\n'
NEW = '{\n  "name": "Ωmega 東京"\n}\n'


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_writes_utf8_with_unix_newlines(tmp_path: Path) -> None:
    target = tmp_path / "hero.sheetdesk"
    atomic_write_text(target, NEW)
    assert target.read_bytes() == NEW.encode("utf-8")
    assert names(tmp_path) == {"hero.sheetdesk"}  # nothing to back up the first time


def test_keeps_the_previous_content_as_bak(tmp_path: Path) -> None:
    target = tmp_path / "hero.sheetdesk"
    atomic_write_text(target, OLD)
    atomic_write_text(target, NEW)
    assert target.read_text(encoding="utf-8") == NEW
    assert backup_path(target) == tmp_path / "hero.sheetdesk.bak"
    assert backup_path(target).read_text(encoding="utf-8") == OLD
    atomic_write_text(target, "third\n")
    assert backup_path(target).read_text(encoding="utf-8") == NEW
    assert names(tmp_path) == {"hero.sheetdesk", "hero.sheetdesk.bak"}


def test_no_backup_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "hero.sheetdesk"
    atomic_write_text(target, OLD, keep_backup=False)
    atomic_write_text(target, NEW, keep_backup=False)
    assert target.read_text(encoding="utf-8") == NEW
    assert names(tmp_path) == {"hero.sheetdesk"}


def test_a_relative_path_saves_in_the_working_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    atomic_write_text("plain.sheetdesk", OLD)
    assert (tmp_path / "plain.sheetdesk").read_text(encoding="utf-8") == OLD


@pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX")
def test_keeps_the_file_permissions(tmp_path: Path) -> None:
    target = tmp_path / "hero.sheetdesk"
    target.write_text(OLD, encoding="utf-8")
    target.chmod(0o640)
    atomic_write_text(target, NEW)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("failing", ["replace", "fsync", "write_copy"])
def test_a_failed_save_leaves_the_old_file_whole_and_no_temp(
    tmp_path: Path, monkeypatch, failing: str
) -> None:
    target = tmp_path / "hero.sheetdesk"
    target.write_text(OLD, encoding="utf-8")
    before = target.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    if failing == "replace":
        monkeypatch.setattr(storage.os, "replace", boom)
    elif failing == "fsync":
        monkeypatch.setattr(storage.os, "fsync", boom)
    else:
        monkeypatch.setattr(storage.shutil, "copy2", boom)  # the backup copy fails

    with pytest.raises(DocumentError) as info:
        atomic_write_text(target, NEW)
    assert str(info.value) == f"{target}: could not save: No space left on device"
    assert target.read_bytes() == before
    assert not [n for n in names(tmp_path) if n.endswith(".tmp")], names(tmp_path)


def test_saving_into_a_missing_folder_is_a_document_error(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "hero.sheetdesk"
    with pytest.raises(DocumentError) as info:
        atomic_write_text(target, NEW)
    assert str(info.value).startswith(f"{target}: cannot write here: ")
    assert "\n" not in str(info.value)
    assert not (tmp_path / "no").exists()


def test_text_that_is_not_unicode_is_refused_whole(tmp_path: Path) -> None:
    # A lone surrogate (say from a "\ud800" escape in a hand-edited file) cannot be UTF-8.
    target = tmp_path / "hero.sheetdesk"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        atomic_write_text(target, 'name: "\ud800"')
    assert str(info.value).startswith(f"{target}: could not save: ")
    assert target.read_text(encoding="utf-8") == OLD
    assert names(tmp_path) == {"hero.sheetdesk"}


def test_saving_over_a_folder_is_a_document_error(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.mkdir()
    with pytest.raises(DocumentError):
        atomic_write_text(target, NEW)
    assert target.is_dir()
    assert not [n for n in names(tmp_path) if n.endswith(".tmp")]


# -- the older backup survives a full disk; read-only files are not replaced --


def test_a_full_disk_while_backing_up_keeps_the_older_backup(tmp_path: Path, monkeypatch):
    target = tmp_path / "hero.sheetdesk"
    target.write_text(OLD, encoding="utf-8")
    storage.backup_path(target).write_text("older good backup", encoding="utf-8")
    real_copy = storage.shutil.copy2

    def half_copy(src, dst, *args, **kwargs):  # the disk fills half-way through the copy
        Path(dst).write_text("half", encoding="utf-8")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.shutil, "copy2", half_copy)
    with pytest.raises(DocumentError, match="No space left"):
        atomic_write_text(target, NEW)
    assert storage.backup_path(target).read_text(encoding="utf-8") == "older good backup"
    assert target.read_text(encoding="utf-8") == OLD
    assert not [n for n in names(tmp_path) if n.endswith(".tmp")], names(tmp_path)
    monkeypatch.setattr(storage.shutil, "copy2", real_copy)
    atomic_write_text(target, NEW)
    assert storage.backup_path(target).read_text(encoding="utf-8") == OLD


def test_a_read_only_file_is_refused_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "hero.sheetdesk"
    target.write_text(OLD, encoding="utf-8")
    target.chmod(0o444)
    with pytest.raises(DocumentError, match="read-only"):
        atomic_write_text(target, NEW)
    assert target.read_text(encoding="utf-8") == OLD
    assert names(tmp_path) == {"hero.sheetdesk"}
    storage.atomic_write_bytes(target, NEW.encode(), replace_read_only=True)  # the user agreed
    assert target.read_text(encoding="utf-8") == NEW
