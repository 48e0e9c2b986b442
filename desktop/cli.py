"""The ``sheetdesk`` command: open the app, or run one of the scripting subcommands.

The subcommands, options and JSON keys are a stable contract (PRODUCT.md, "The
scripting interface")::

    sheetdesk [FILE...]                      open the app (with files)
    sheetdesk gm [FILE...]                   open the GM screen
    sheetdesk systems [--json]               list the game ids and names
    sheetdesk new SYSTEM -o FILE [--name N] [--force]
    sheetdesk schema SYSTEM                  JSON Schema of that game's character file
    sheetdesk derive FILE [--json]           derived values
    sheetdesk check FILE [--json]            findings; exit 1 if any has severity error
    sheetdesk export FILE... -o OUT.pdf [--what sheet|card|both] [--paper a4|letter]
    sheetdesk export --blank SYSTEM -o OUT.pdf [--what sheet|card|both] [--paper a4|letter]
    sheetdesk export FILE --format markdown|bbcode|text [-o OUT]
    sheetdesk odds SYSTEM OPTIONS [--json]   exact probabilities
    sheetdesk roll SYSTEM OPTIONS [--seed N] [--json]
    sheetdesk encounter new|show|actions|act|undo ...   a fight (desktop.encounter_cli)

Subcommand or file? Only the first argument decides: if it is a subcommand's name it
is the subcommand, otherwise every argument is a file for the app. A file named like a
subcommand opens with a path (``sheetdesk ./check``) or after ``--`` (``sheetdesk --
check``). A first argument that is no existing file, has no dot or slash and is close
to a subcommand's name (``sheetdesk chek``) is reported as a typo instead of opened.

Each game brings its own options for ``odds`` and ``roll``: the game id is read first,
then the game's ``rules/commands.py`` (its "commands" part) builds the parser for the rest
(so adding a game never edits this file). That module provides::

    add_odds_arguments(parser)   odds(args) -> dict          odds_text(result) -> str
    add_roll_arguments(parser)   roll(args, roller) -> dict  roll_text(result) -> str
    derive_text(character, derived) -> str       (optional: ``derive`` without --json)

The result dicts print as JSON with ``system`` (and ``roll``'s ``seed``) in front.

Errors are one line on stderr, ``sheetdesk: <command>: <file or option>: <what>``,
never a traceback. Exit codes: 0 success; 1 ``check`` found an error; 2 usage error or
unreadable input; 3 a bug in Sheetdesk (``SHEETDESK_DEBUG=1`` shows the traceback);
130 interrupted. Output that the terminal's encoding cannot show is escaped, not fatal.

No Qt or reportlab here: the app, the GM screen and the PDF export load when run.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, TextIO

from desktop import __version__
from desktop.model.errors import DocumentError, one_line
from desktop.systems import SYSTEMS, System, UnknownSystem, get, system_of

if TYPE_CHECKING:
    import argparse

PROG = "sheetdesk"


def _has_errors(findings: list) -> bool:
    # Imported here: launching the app (no subcommand) should not pay for the engine.
    from desktop.model.findings import has_errors

    return has_errors(findings)


APP_ENTRY = "desktop.app:main"
"""The app's ``module:function``: takes the files to open, returns the exit code."""
GM_ENTRY: str | None = "desktop.gm_app:main"
"""The GM screen's ``module:function`` (same signature); it reads its FILEs before Qt
starts, so a bad file is a one-line error here too. None: no GM screen in this build."""
PDF_ENTRY = "desktop.pdf.export:export_pdf"
BLANK_ENTRY = "desktop.pdf.blank:export_blank"
MAX_ARGUMENTS = 200
"""``odds`` and ``roll`` take at most this many arguments (argparse is not linear)."""
EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class UsageError(Exception):
    """A bad command line or an unusable input: one line on stderr, exit 2."""


@cache
def _parser_class() -> type[argparse.ArgumentParser]:
    import argparse  # here: opening the app parses no options (start-up)

    class Parser(argparse.ArgumentParser):
        """argparse that raises UsageError instead of printing usage and exiting."""

        def __init__(self, command: str, **kwargs: Any) -> None:
            super().__init__(prog=f"{PROG} {command}", allow_abbrev=False, **kwargs)

        def error(self, message: str) -> NoReturn:
            raise UsageError(message.removeprefix("argument "))

    return Parser


def _parser(command: str, **kwargs: Any) -> argparse.ArgumentParser:
    return _parser_class()(command, **kwargs)  # type: ignore[call-arg]


# --- output -------------------------------------------------------------------------


def _fits(text: str, stream: TextIO) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        return False
    except LookupError:
        return True
    return True


def _stdout() -> TextIO:
    """Standard output, or a clear error where the process has none (started with it
    closed, ``sheetdesk systems >&-``; Python then sets it to None)."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "standard output is closed")
    return sys.stdout


def _emit(text: str, stream: TextIO | None = None) -> None:
    """Write a line; characters the stream's encoding lacks come out as escapes."""
    stream = stream or _stdout()
    if not _fits(text, stream):
        encoding = stream.encoding or "utf-8"
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    stream.write(text + "\n")


def _emit_json(data: Any) -> None:
    """JSON on stdout: readable Unicode where the terminal takes it, else \\u escapes."""
    import json  # here: opening the app prints none (start-up)

    text = json.dumps(data, indent=2, ensure_ascii=False)
    if not _fits(text, _stdout()):
        text = json.dumps(data, indent=2)
    _stdout().write(text + "\n")


def _fail(command: str, message: str, code: int = EXIT_USAGE) -> int:
    where = f"{PROG}: {command}: " if command else f"{PROG}: "
    if sys.stderr is not None:  # None: started with it closed, nowhere to say it
        _emit(where + one_line(" ".join(message.splitlines())), sys.stderr)
    return code


def _plain(data: dict[str, Any]) -> str:
    """A readable rendering of a result dict, for games without their own text form."""
    lines = []
    for key, value in data.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list):
            value = "; ".join(
                f"{v['severity']}: {v['message']} ({v['rule']})"
                if isinstance(v, dict) and "severity" in v else str(v)
                for v in value
            )
        lines.append(f"{key.replace('_', ' ')}: {value}")
    return "\n".join(lines)


# --- shared pieces ------------------------------------------------------------------


def _entry(entry: str) -> Callable[..., Any]:
    module_name, _, function = entry.partition(":")
    return getattr(importlib.import_module(module_name), function)


def _launch(entry: str, files: list[str], what: str) -> int:
    """Start a window (app or GM screen). The app's entry imports Qt here; the GM
    screen's reads its files first and imports Qt itself."""
    try:
        start = _entry(entry)
    except ImportError as exc:
        raise UsageError(f"cannot start {what}: {exc}") from None
    return int(start(files) or 0)


def _game_commands(system: System) -> ModuleType | None:
    """The game's command-line hooks, or None if it has none."""
    return system.optional_part("commands")


def _hook(system: System, name: str) -> Callable[..., Any] | None:
    module = _game_commands(system)
    return getattr(module, name, None) if module is not None else None


def _load(path: str) -> tuple[Any, System, Any]:
    """Character, its game and its derived values; DocumentError if the file is bad."""
    from desktop.systems.files import load_character

    character = load_character(path)
    system = system_of(character)
    return character, system, system.derive(character)


# --- subcommands --------------------------------------------------------------------


def _cmd_gm(args: list[str]) -> int:
    parser = _parser("gm", description="Open the GM screen, with characters from FILEs.")
    parser.add_argument("files", nargs="*", metavar="FILE")
    ns = parser.parse_args(args)
    if GM_ENTRY is None:
        return _fail("gm", "the GM screen is not available yet")
    return _launch(GM_ENTRY, ns.files, "the GM screen")


def _cmd_systems(args: list[str]) -> int:
    parser = _parser("systems", description="List the games: id and name.")
    parser.add_argument("--json", action="store_true", help="a JSON list of {id, name}")
    ns = parser.parse_args(args)
    if ns.json:
        _emit_json([{"id": s.id, "name": s.name} for s in SYSTEMS.values()])
    else:
        width = max(len(s.id) for s in SYSTEMS.values()) + 2
        for system in SYSTEMS.values():
            _emit(f"{system.id:<{width}}{system.name}")
    return EXIT_OK


def _cmd_new(args: list[str]) -> int:
    parser = _parser("new", description="Write a new character with the game's defaults.")
    parser.add_argument("system", metavar="SYSTEM", help=f"game id: {', '.join(SYSTEMS)}")
    parser.add_argument("-o", "--output", required=True, metavar="FILE")
    parser.add_argument("--name", default="", metavar="N", help="the character's name")
    parser.add_argument("--force", action="store_true", help="replace an existing FILE")
    ns = parser.parse_args(args)
    system = get(ns.system)
    out = Path(ns.output)
    if out.is_dir():
        raise DocumentError(out, "is a folder, not a file")
    if out.exists() and not ns.force:
        raise DocumentError(out, "already exists (--force replaces it)")
    from desktop.systems.files import save_character

    save_character(out, system.new_character(ns.name))
    return EXIT_OK


def _cmd_schema(args: list[str]) -> int:
    parser = _parser("schema", description="Print the JSON Schema of a game's character file.")
    parser.add_argument("system", metavar="SYSTEM", help=f"game id: {', '.join(SYSTEMS)}")
    ns = parser.parse_args(args)
    schema = get(ns.system).character_model.model_json_schema()
    _emit_json({"$schema": "https://json-schema.org/draft/2020-12/schema", **schema})
    return EXIT_OK


def _cmd_derive(args: list[str]) -> int:
    parser = _parser("derive", description="Print a character's derived values.")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    ns = parser.parse_args(args)
    character, system, derived = _load(ns.file)
    data = derived.to_json(character)
    if ns.json:
        _emit_json(data)
        return EXIT_OK
    render = _hook(system, "derive_text")
    _emit(render(character, derived) if render else _plain(data))
    return EXIT_OK


def _cmd_check(args: list[str]) -> int:
    parser = _parser(
        "check", description="Print a character's findings; exit 1 if any is an error.")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    ns = parser.parse_args(args)
    character, system, derived = _load(ns.file)
    findings = derived.findings
    if ns.json:
        _emit_json({
            "file": ns.file,
            "system": system.id,
            "name": getattr(character, "name", ""),
            "ok": not _has_errors(findings),
            "findings": [f.to_json() for f in findings],
        })
    else:
        for finding in findings:
            _emit(f"{finding.severity}: {finding.message} ({finding.rule})")
        if not findings:
            _emit(f"{ns.file}: no findings")
    return EXIT_ERRORS if _has_errors(findings) else EXIT_OK


def _cmd_export(args: list[str]) -> int:
    from desktop import export_cli  # its own module

    io = export_cli.Io(_parser, UsageError, lambda: _entry(PDF_ENTRY),
                       lambda: _entry(BLANK_ENTRY), list(SYSTEMS), PROG, _emit)
    return export_cli.run(io, args)


def _game_args(command: str, args: list[str], common: Callable[[argparse.ArgumentParser], None]
               ) -> tuple[System, ModuleType, argparse.Namespace]:
    """Read SYSTEM, then parse the rest with the options that game's hooks declare."""
    first = _parser(command, usage=f"{PROG} {command} SYSTEM OPTIONS",
                    description=f"Each game has its own options: {PROG} {command} SYSTEM -h")
    first.add_argument("system", metavar="SYSTEM", help=f"game id: {', '.join(SYSTEMS)}")
    first.add_argument("options", nargs="...", help="that game's options")
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help")):
        where = f"{args[0]}: " if args else ""
        raise UsageError(f"{where}give the game id first ({', '.join(SYSTEMS)}): "
                         f"{PROG} {command} SYSTEM OPTIONS")
    if len(args) > MAX_ARGUMENTS:
        raise UsageError(f"{len(args):,} arguments: at most {MAX_ARGUMENTS}")
    ns = first.parse_args(args)
    system = get(ns.system)
    module = _game_commands(system)
    add = getattr(module, f"add_{command}_arguments", None)
    if module is None or add is None:
        raise UsageError(f"{system.id}: this game has no '{command}' yet")
    parser = _parser(f"{command} {system.id}", description=f"{command}: {system.name}")
    add(parser)
    common(parser)
    return system, module, parser.parse_args(ns.options)


def _json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object")


def _cmd_odds(args: list[str]) -> int:
    system, module, ns = _game_args("odds", args, _json_option)
    result = {"system": system.id, **module.odds(ns)}
    if ns.json:
        _emit_json(result)
    else:
        render = getattr(module, "odds_text", None)
        _emit(render(result) if render else _plain(result))
    return EXIT_OK


def _roll_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, metavar="N",
                        help="replay a roll (default: a fresh seed, printed with the roll)")
    _json_option(parser)


def _cmd_roll(args: list[str]) -> int:
    system, module, ns = _game_args("roll", args, _roll_options)
    import secrets

    from desktop.model.dice import Roller

    seed = ns.seed if ns.seed is not None else secrets.randbelow(2**31)
    result = {"system": system.id, "seed": seed, **module.roll(ns, Roller(seed))}
    if ns.json:
        _emit_json(result)
    else:
        render = getattr(module, "roll_text", None)
        _emit(f"{render(result)}  (seed {seed})" if render else _plain(result))
    return EXIT_OK


def _cmd_encounter(args: list[str]) -> int:
    from desktop import encounter_cli

    io = encounter_cli.Io(_parser, UsageError, _emit, _emit_json)
    code, refusal = encounter_cli.run(io, args)
    return _fail("encounter", refusal, code) if refusal else code


class Command(NamedTuple):
    """One subcommand of ``sheetdesk``: the function that runs it and its line of usage."""

    run: Callable[[list[str]], int]
    usage: str
    opens_window: bool = False
    """A window's command (``gm``) exits the interpreter normally when its window
    closes; the batch commands end at once (``desktop.launch.run``)."""


COMMANDS: dict[str, Command] = {
    "gm": Command(_cmd_gm, "gm [FILE...]", opens_window=True),
    "systems": Command(_cmd_systems, "systems [--json]"),
    "new": Command(_cmd_new, "new SYSTEM -o FILE [--name N] [--force]"),
    "schema": Command(_cmd_schema, "schema SYSTEM"),
    "derive": Command(_cmd_derive, "derive FILE [--json]"),
    "check": Command(_cmd_check, "check FILE [--json]"),
    "export": Command(_cmd_export,
                      "export FILE... -o OUT.pdf [--what sheet|card|both] [--paper a4|letter]"
                      " | export --blank SYSTEM -o OUT.pdf"
                      " | export FILE --format markdown|bbcode|text [-o OUT]"),
    "odds": Command(_cmd_odds, "odds SYSTEM OPTIONS [--json]"),
    "roll": Command(_cmd_roll, "roll SYSTEM OPTIONS [--seed N] [--json]"),
    "encounter": Command(_cmd_encounter, "encounter new|show|actions|act|undo ..."),
}


# --- the app and the entry point ----------------------------------------------------


def _help() -> str:
    lines = [f"usage: {PROG} [FILE...]", *(f"       {PROG} {c.usage}" for c in COMMANDS.values()),
             "", f"'{PROG} COMMAND -h' tells more; '{PROG} ./check' opens a file named check."]
    return "\n".join(lines)


def _open_app(args: list[str]) -> int:
    files: list[str] = []
    for index, arg in enumerate(args):
        if arg == "--":
            files.extend(args[index + 1:])
            break
        if arg in ("-h", "--help"):
            _emit(_help())
            return EXIT_OK
        if arg == "--version":
            _emit(f"{PROG} {__version__}")
            return EXIT_OK
        if arg.startswith("-") and arg != "-":
            raise UsageError(f"{arg}: unknown option (a file named so: {PROG} -- {arg})")
        files.append(arg)
    if args and files[:1] == args[:1]:  # not after "--"
        _reject_typo(files[0])
    if files:  # before Qt, which would read every module's source as it is imported
        from desktop.systems.files import import_games_of

        import_games_of(files)
    return _launch(APP_ENTRY, files, "the app")


def _reject_typo(arg: str) -> None:
    """``sheetdesk chek`` is a typo, not a file to open (see the module docstring)."""
    if os.path.lexists(arg) or any(c in arg for c in "./\\"):
        return
    import difflib

    close = difflib.get_close_matches(arg, COMMANDS, n=1, cutoff=0.75)
    if close:
        raise UsageError(f"{arg}: no such file or command (did you mean '{PROG} {close[0]}'?)")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and args[0] in COMMANDS else ""
    try:
        code = COMMANDS[command].run(args[1:]) if command else _open_app(args)
        if sys.stdout is not None:  # a closed pipe shows up here, inside the try
            sys.stdout.flush()
        return code
    except UsageError as exc:
        return _fail(command, str(exc))
    except UnknownSystem as exc:
        return _fail(command, str(exc))
    except DocumentError as exc:
        return _fail(command, exc.message)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep the interpreter's
        # final flush from complaining about the pipe.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERRORS
    except OSError as exc:
        what = exc.strerror or str(exc)
        return _fail(command, f"{exc.filename}: {what}" if exc.filename else what)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # argparse's --help
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    except Exception as exc:
        if os.environ.get("SHEETDESK_DEBUG"):
            raise
        return _fail(command, f"internal error: {type(exc).__name__}: {exc} "
                              "(SHEETDESK_DEBUG=1 shows where)", EXIT_BUG)
