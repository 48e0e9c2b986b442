"""Sheetdesk installs and runs outside the checkout, and its desktop files are sound.

The slow half builds the wheel, installs it on its own into a folder, and from there
finds its data and exports an example character's sheet from a folder outside the
checkout.
"""

from __future__ import annotations

import configparser
import json
import os
import plistlib
import re
import runpy
import shutil
import subprocess
import sys
import textwrap
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from desktop import paths

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
EXAMPLE = ("pow", "characters", "electrobabe.sheetdesk")
MIME = "application/x-sheetdesk-character"


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without PYTHONPATH (``extra`` may set one), so only the install
    under test decides what is imported."""
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
    for installed in ("applications/sheetdesk.desktop", "applications/sheetdesk-gm.desktop",
                      "mime/packages/sheetdesk-mime.xml",
                      "metainfo/org.sheetdesk.Sheetdesk.metainfo.xml",
                      "icons/hicolor/scalable/apps/sheetdesk.svg",
                      f"icons/hicolor/scalable/mimetypes/{MIME.replace('/', '-')}.svg"):
        assert (data / installed).is_file(), installed

    by_name = tmp_path / "hero.sheetdesk"
    by_content = tmp_path / "hero"  # no extension: only the magic can tell
    fight = tmp_path / "fight.encounter"
    for path in (by_name, by_content):
        path.write_text('{\n  "format": "sheetdesk.character",\n  "version": 1\n}\n')
    fight.write_text('{\n  "format": "sheetdesk.encounter",\n  "version": 1\n}\n')
    script = textwrap.dedent(f"""
        from PySide6.QtCore import QMimeDatabase
        db = QMimeDatabase()
        print(db.mimeTypeForFile({str(by_name)!r}).name())
        print(db.mimeTypeForFile({str(by_content)!r}).name())
        print(db.mimeTypeForFile({str(fight)!r}).name())
    """)
    found = run([sys.executable, "-c", script], 60, env=env).stdout.split()
    assert found == [MIME, MIME, "application/x-sheetdesk-encounter"]

    run(["bash", PACKAGING / "install-linux.sh", "--uninstall"], 120, env=env)
    assert not (data / "applications" / "sheetdesk.desktop").exists()
    assert not (data / "metainfo" / "org.sheetdesk.Sheetdesk.metainfo.xml").exists()


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
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed on its own into a folder (``pip install --target``), run by
    this environment's Python with that folder first on its path: the package, its data
    and its command come from the folder, its dependencies from the environment under
    test (installing them afresh copied Qt, most of the suite's time; the README's
    install command installs everything, and CI runs it)."""
    target = tmp_path_factory.mktemp("installed")
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", target, wheel],
        300, env=clean_env())
    return target


@pytest.mark.slow
def test_installed_package_finds_its_data_inside_itself(installed: Path,
                                                        tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import json
        import desktop
        from desktop import paths
        print(json.dumps({"package": desktop.__file__,
                          "resources": str(paths.data_dir("resources")),
                          "forms": str(paths.data_dir("forms")),
                          "pow": paths.resource("pow").is_dir()}))
    """)
    done = run([sys.executable, "-c", script], 120, cwd=tmp_path,
               env=clean_env(PYTHONPATH=str(installed)))
    found = json.loads(done.stdout.splitlines()[-1])
    package = Path(found["package"]).parent
    assert package.is_relative_to(installed), f"imported {package}, not the installed wheel"
    assert Path(found["resources"]) == package / "_data" / "resources"
    assert Path(found["forms"]) == package / "_data" / "forms"
    assert found["pow"]


@pytest.mark.slow
def test_installed_command_exports_a_sheet_outside_the_checkout(
    installed: Path, tmp_path: Path
) -> None:
    work = tmp_path / "elsewhere"
    work.mkdir()
    assert not work.is_relative_to(REPO)
    shipped = installed / "desktop" / "_data" / "resources"
    character = shutil.copy(shipped.joinpath(*EXAMPLE), work / EXAMPLE[-1])

    run([installed / "bin" / "sheetdesk", "export", EXAMPLE[-1], "-o", "out.pdf"], 300,
        cwd=work, env=clean_env(PYTHONPATH=str(installed)))

    pdf = work / "out.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    reader = PdfReader(pdf)
    assert len(reader.pages) >= 1
    name = json.loads(Path(character).read_text(encoding="utf-8"))["name"]
    assert name in reader.pages[0].extract_text()


# -- every platform follows packaging/filetypes.json -------------------------

def filetypes() -> Any:
    """packaging/filetypes.py, loaded the way the spec loads it."""
    return SimpleNamespace(**runpy.run_path(str(PACKAGING / "filetypes.py")))


def desktop_entry(name: str) -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(PACKAGING / name, encoding="utf-8")
    return entry["Desktop Entry"]


def test_the_one_declaration_of_file_types() -> None:
    app_id, types = filetypes().load()
    assert app_id == "org.sheetdesk.Sheetdesk"
    assert [t.extension for t in types] == ["sheetdesk", "encounter"]
    from desktop.systems.encounters import ENCOUNTER, ENCOUNTER_SUFFIX
    from desktop.systems.files import DOCUMENT_SUFFIXES
    assert {f".{t.extension}" for t in types} == set(DOCUMENT_SUFFIXES)
    assert types[1].format == ENCOUNTER.format and ENCOUNTER_SUFFIX == ".encounter"


def test_linux_desktop_entries_and_mime_types_follow_the_declaration() -> None:
    _, types = filetypes().load()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ET.parse(PACKAGING / "sheetdesk-mime.xml").getroot()
    declared = {m.get("type"): m for m in mime.findall("m:mime-type", ns)}
    assert set(declared) == {t.mime for t in types}
    for t in types:
        node = declared[t.mime]
        assert [g.get("pattern") for g in node.findall("m:glob", ns)] == [f"*.{t.extension}"]
        assert node.find("m:magic/m:match", ns).get("value") == f'"{t.format}"'
        assert node.find("m:comment", ns).text == t.description
        group = desktop_entry(t.desktop_entry)
        assert t.mime in group["MimeType"].split(";")
        assert group["Exec"] == " ".join(["sheetdesk", *t.arguments, "%F"])
    # no entry claims a type that is not declared
    for name in ("sheetdesk.desktop", "sheetdesk-gm.desktop"):
        claimed = {m for m in desktop_entry(name)["MimeType"].split(";") if m}
        assert claimed <= {t.mime for t in types}


def test_desktop_keywords_name_every_game_offered() -> None:
    from desktop.systems import SYSTEMS
    keywords = set(desktop_entry("sheetdesk.desktop")["Keywords"].split(";"))
    assert {"POW", "Pocket Universe", "Protector", "Warlords of Kruhl", "Kruhl", "Powers"} <= (
        keywords)
    assert set(SYSTEMS) <= {"pow", "pocket", "protector", "kruhl", "powers"}
    root = ET.parse(PACKAGING / "org.sheetdesk.Sheetdesk.metainfo.xml").getroot()
    metainfo_keywords = {k.text for k in root.iter("keyword")}
    assert {"POW", "Pocket Universe", "Protector", "Warlords of Kruhl", "Powers"} <= (
        metainfo_keywords)


def test_appstream_metainfo_follows_the_declaration() -> None:
    app_id, types = filetypes().load()
    root = ET.parse(PACKAGING / "org.sheetdesk.Sheetdesk.metainfo.xml").getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == app_id
    assert {m.text for m in root.iter("mediatype")} == {t.mime for t in types}
    assert root.findtext("provides/binary") == "sheetdesk"
    assert (PACKAGING / root.findtext("launchable")).is_file()
    assert root.find("content_rating").get("type") == "oars-1.1"
    assert root.find("releases/release").get("version") == (
        tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
        ["project"]["version"])
    for image in root.iter("image"):
        # a screenshot of the repository, at its real size
        path = REPO / image.text.split("/main/", 1)[1]
        assert path.is_file(), image.text
        with Image.open(path) as shot:
            assert (str(shot.width), str(shot.height)) == (image.get("width"),
                                                           image.get("height"))


@pytest.mark.parametrize("tool", [
    ["appstreamcli", "validate", "--no-net", "org.sheetdesk.Sheetdesk.metainfo.xml"],
    ["desktop-file-validate", "sheetdesk.desktop", "sheetdesk-gm.desktop"],
])
def test_freedesktop_validators_accept_the_files(tool: list[str]) -> None:
    if shutil.which(tool[0]) is None:
        pytest.skip(f"{tool[0]} is not installed (Debian: appstream, desktop-file-utils)")
    done = subprocess.run(tool, cwd=PACKAGING, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "E:" not in done.stdout and "W:" not in done.stdout


def test_windows_installer_registers_every_declared_type() -> None:
    script = (PACKAGING / "windows" / "sheetdesk.iss").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^\[(\w+)\]\n(.*?)(?=^\[|\Z)", script, re.M | re.S))
    registry = [line for line in sections["Registry"].splitlines() if line.strip()]
    expected = filetypes().inno_registry()
    assert [line for line in registry if "OpenWithProgids" in line or "\\Sheetdesk." in line
            ] == expected
    for t in filetypes().load()[1]:
        assert f'ValueName: ".{t.extension}"' in sections["Registry"]  # SupportedTypes
    assert "ChangesAssociations=yes" in sections["Setup"]
    assert 'Source: "..\\..\\dist\\sheetdesk\\*"' in sections["Files"]
    icon = re.search(r"^SetupIconFile=(.+)$", sections["Setup"], re.M).group(1)
    assert (PACKAGING / "windows" / icon.replace("\\", "/")).resolve().is_file()


class _Recorder:
    """Stand-ins for PyInstaller's spec names that record what the spec asks for."""

    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[tuple, dict]]] = {}

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> SimpleNamespace:
            self.calls.setdefault(name, []).append((args, kwargs))
            return SimpleNamespace(**{"pure": [], "scripts": [], "binaries": [], "datas": [],
                                      **kwargs})
        return record


def run_spec(monkeypatch: pytest.MonkeyPatch, platform: str) -> _Recorder:
    recorder = _Recorder()
    monkeypatch.setattr(sys, "platform", platform)
    spec = PACKAGING / "sheetdesk.spec"
    names = {n: getattr(recorder, n) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),
         {"SPECPATH": str(PACKAGING), "__name__": "__main__", **names})
    return recorder


def test_the_spec_makes_two_programs_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec(monkeypatch, "win32").calls
    programs = {kw["name"]: kw for _, kw in calls["EXE"]}
    assert set(programs) == {"sheetdesk", "sheetdesk-cli"}
    assert programs["sheetdesk"]["console"] is False and programs["sheetdesk-cli"]["console"]
    assert programs["sheetdesk"]["icon"].endswith("sheetdesk.ico")
    assert "BUNDLE" not in calls


def test_the_spec_declares_the_types_to_macos(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec(monkeypatch, "darwin").calls
    (_, bundle), = calls["BUNDLE"]
    app_id, types = filetypes().load()
    plist = bundle["info_plist"]
    assert bundle["bundle_identifier"] == app_id and bundle["icon"].endswith(".icns")
    plistlib.dumps(plist)  # a valid property list
    exported = {u["UTTypeIdentifier"]: u for u in plist["UTExportedTypeDeclarations"]}
    documents = {d["LSItemContentTypes"][0]: d for d in plist["CFBundleDocumentTypes"]}
    assert set(exported) == set(documents) == {t.uti for t in types}
    for t in types:
        tags = exported[t.uti]["UTTypeTagSpecification"]
        assert tags["public.filename-extension"] == [t.extension]
        assert tags["public.mime-type"] == [t.mime]
        assert "public.json" in exported[t.uti]["UTTypeConformsTo"]
        assert documents[t.uti]["CFBundleTypeName"] == t.description
    linux = run_spec(monkeypatch, "linux").calls
    assert [kw["name"] for _, kw in linux["EXE"]] == ["sheetdesk"]


@pytest.mark.parametrize(("icon", "size"), [("sheetdesk.ico", (256, 256)),
                                            ("sheetdesk.icns", (1024, 1024))])
def test_windows_and_macos_icons(icon: str, size: tuple[int, int]) -> None:
    with Image.open(PACKAGING / "icons" / icon) as image:
        assert image.size == size


def workflow() -> dict:
    yaml = pytest.importorskip("yaml")
    for place in (REPO / ".github" / "workflows" / "bundles.yml",
                  PACKAGING / "github" / "bundles.yml"):
        if place.is_file():
            return yaml.safe_load(place.read_text(encoding="utf-8"))
    pytest.fail("no bundles workflow")


def test_the_workflow_builds_and_tests_on_three_systems() -> None:
    flow = workflow()
    jobs = flow["jobs"]
    assert {job["runs-on"] for job in jobs.values()} == {
        "ubuntu-latest", "windows-latest", "macos-latest"}
    linux = [s.get("run", "") for s in jobs["linux"]["steps"]]
    assert "bash .ci/run" in linux  # the Linux job is what CI runs
    assert jobs["linux"]["strategy"]["matrix"]["python"] == ["3.11", "3.12", "3.13"]
    for name, job in jobs.items():
        runs = "\n".join(s.get("run", "") for s in job["steps"])
        uses = [s.get("uses", "") for s in job["steps"]]
        assert "packaging/sheetdesk.spec" in runs, name
        assert "packaging/smoke.py" in runs, name
        assert "pytest" in runs or "bash .ci/run" in runs, name
        assert "actions/checkout@v4" in uses and "actions/upload-artifact@v4" in uses, name
    assert "packaging/windows/sheetdesk.iss" in "\n".join(
        s.get("run", "") for s in jobs["windows"]["steps"])


def test_the_workflow_runs_ci_s_test_command() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = ".venv/bin/python -m pytest"
    assert command in ci and command in readme
    windows = [s.get("run", "") for s in workflow()["jobs"]["windows"]["steps"]]
    assert ".venv/Scripts/python -m pytest" in windows


@pytest.mark.slow
def test_the_linux_bundle_builds_and_passes_the_smoke_test(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", tmp_path / "dist",
         "--workpath", tmp_path / "build", PACKAGING / "sheetdesk.spec"], 900,
        cwd=tmp_path, env=clean_env())
    program = tmp_path / "dist" / "sheetdesk" / "sheetdesk"
    done = run([sys.executable, PACKAGING / "smoke.py", program], 600, env=clean_env())
    assert "systems, export and the window all work" in done.stdout
