"""Sheetdesk installs and runs outside the checkout, and its desktop files are sound.

The slow half builds the wheel, installs it with its dependencies into a fresh venv
(no system site-packages, so nothing leaks in from the test environment) and exports
an example character's sheet from a folder outside the checkout.
"""

from __future__ import annotations

import configparser
import json
import os
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop import paths

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
EXAMPLE = ("pow", "characters", "electrobabe.sheetdesk")
MIME = "application/x-sheetdesk-character"


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without PYTHONPATH, so only the venv decides what is imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return {**env, "QT_QPA_PLATFORM": "offscreen", "PIP_NO_INPUT": "1", **extra}


def run(args: list[str | Path], timeout: float, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, **kwargs)
    assert done.returncode == 0, (
        f"{' '.join(map(str, args))} exited {done.returncode}:\n"
        f"{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    return done


# -- the checkout ---------------------------------------------------------------------

def test_checkout_finds_its_resources() -> None:
    assert paths.resource("pow").is_dir()
    assert paths.resource(*EXAMPLE).is_file()
    assert paths.resource("icons", "sheetdesk.svg").is_file()


def test_desktop_entry_opens_character_files() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(PACKAGING / "sheetdesk.desktop", encoding="utf-8")
    group = entry["Desktop Entry"]
    assert group["Type"] == "Application"
    assert group["Name"] == "Sheetdesk"
    assert group["Exec"] == "sheetdesk %F"
    assert group["Icon"] == "sheetdesk"
    assert MIME in group["MimeType"].split(";")
    assert {"Game", "RolePlaying"} <= set(group["Categories"].split(";"))


@pytest.mark.parametrize("svg", [
    REPO / "resources" / "icons" / "sheetdesk.svg",
    PACKAGING / "icons" / f"{MIME.replace('/', '-')}.svg",
])
def test_icons_are_small_svgs(svg: Path) -> None:
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 64 64"
    assert svg.stat().st_size < 4096


def test_spec_is_valid_python() -> None:
    spec = PACKAGING / "sheetdesk.spec"
    compile(spec.read_text(encoding="utf-8"), str(spec), "exec")


@pytest.mark.slow
def test_linux_install_registers_the_character_type(tmp_path: Path) -> None:
    """install-linux.sh into a scratch XDG_DATA_HOME, then Qt recognises the file type."""
    data = tmp_path / "share"
    env = clean_env(XDG_DATA_HOME=str(data), HOME=str(tmp_path))
    run(["bash", PACKAGING / "install-linux.sh"], 120, env=env)
    for installed in ("applications/sheetdesk.desktop", "mime/packages/sheetdesk-mime.xml",
                      "icons/hicolor/scalable/apps/sheetdesk.svg",
                      f"icons/hicolor/scalable/mimetypes/{MIME.replace('/', '-')}.svg"):
        assert (data / installed).is_file(), installed

    by_name = tmp_path / "hero.sheetdesk"
    by_content = tmp_path / "hero"  # no extension: only the magic can tell
    for path in (by_name, by_content):
        path.write_text('{\n  "format": "sheetdesk.character",\n  "version": 1\n}\n')
    script = textwrap.dedent(f"""
        from PySide6.QtCore import QMimeDatabase
        db = QMimeDatabase()
        print(db.mimeTypeForFile({str(by_name)!r}).name())
        print(db.mimeTypeForFile({str(by_content)!r}).name())
    """)
    found = run([sys.executable, "-c", script], 60, env=env).stdout.split()
    assert found == [MIME, MIME]

    run(["bash", PACKAGING / "install-linux.sh", "--uninstall"], 120, env=env)
    assert not (data / "applications" / "sheetdesk.desktop").exists()


# -- the wheel --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", out, REPO], 900,
        env=clean_env())
    (built,) = out.glob("sheetdesk-*.whl")
    return built


@pytest.mark.slow
def test_wheel_carries_data_but_no_tests(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "desktop/paths.py" in names
    assert "desktop/_data/resources/" + "/".join(EXAMPLE) in names
    assert "desktop/_data/resources/icons/sheetdesk.svg" in names
    assert any(n.startswith("desktop/_data/resources/pow/") for n in names)
    assert any(n.startswith("desktop/_data/forms/") and n.endswith(".ui") for n in names)
    unwanted = [n for n in names
                if n.startswith("tests/") or "/tests/" in n or "__pycache__" in n
                or n.endswith((".pyc", ".pyo")) or "_cache/" in n or ".hypothesis" in n]
    assert not unwanted, unwanted


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and its dependencies from the index (pip's cache helps)."""
    root = tmp_path_factory.mktemp("venv") / "env"
    run([sys.executable, "-m", "venv", root], 300, env=clean_env())
    run([root / "bin" / "python", "-m", "pip", "install", wheel], 1800, env=clean_env())
    return root


@pytest.mark.slow
def test_installed_package_finds_its_data_inside_itself(venv: Path, tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import json
        import desktop
        from desktop import paths
        print(json.dumps({"package": desktop.__file__,
                          "resources": str(paths.data_dir("resources")),
                          "forms": str(paths.data_dir("forms")),
                          "pow": paths.resource("pow").is_dir()}))
    """)
    done = run([venv / "bin" / "python", "-c", script], 120, cwd=tmp_path, env=clean_env())
    found = json.loads(done.stdout.splitlines()[-1])
    package = Path(found["package"]).parent
    assert package.is_relative_to(venv), f"imported {package}, not the installed wheel"
    assert Path(found["resources"]) == package / "_data" / "resources"
    assert Path(found["forms"]) == package / "_data" / "forms"
    assert found["pow"]


@pytest.mark.slow
def test_installed_command_exports_a_sheet_outside_the_checkout(
    venv: Path, tmp_path: Path
) -> None:
    work = tmp_path / "elsewhere"
    work.mkdir()
    assert not work.is_relative_to(REPO)
    shipped = next(venv.glob("lib/python*/site-packages/desktop/_data/resources"))
    character = shutil.copy(shipped.joinpath(*EXAMPLE), work / EXAMPLE[-1])

    run([venv / "bin" / "sheetdesk", "export", EXAMPLE[-1], "-o", "out.pdf"], 300,
        cwd=work, env=clean_env())

    pdf = work / "out.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    reader = PdfReader(pdf)
    assert len(reader.pages) >= 1
    name = json.loads(Path(character).read_text(encoding="utf-8"))["name"]
    assert name in reader.pages[0].extract_text()
