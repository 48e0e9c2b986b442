"""The argument types every game's ``odds``/``roll`` options share: bad values become
argparse's one-line reason, never a traceback."""

from __future__ import annotations

import argparse
import re

import pytest

from desktop.cli import UsageError
from desktop.systems.cli_args import parsed_by, usage_error, whole_number


def test_whole_number_takes_the_range_both_ends_included() -> None:
    parse = whole_number(-2, 3)
    assert [parse(text) for text in ("-2", "0", " 3")] == [-2, 0, 3]


@pytest.mark.parametrize(("text", "message"), [
    ("x", "not a whole number: 'x'"),
    ("1.5", "not a whole number: '1.5'"),
    ("4", "4 is not from -2 to 3"),
    ("-3", "-3 is not from -2 to 3"),
])
def test_whole_number_says_why_it_refuses(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=f"^{re.escape(message)}$"):
        whole_number(-2, 3)(text)


def _even(text: str) -> int:
    if int(text) % 2:
        raise LookupError(f"{text} is odd")
    return int(text)


def test_parsed_by_turns_the_named_errors_into_the_options_message() -> None:
    even = parsed_by(_even, LookupError)
    assert even("4") == 4
    with pytest.raises(argparse.ArgumentTypeError, match=r"^3 is odd$"):
        even("3")
    with pytest.raises(ValueError):  # not named: a bug, not a bad value
        even("x")
    with pytest.raises(argparse.ArgumentTypeError, match="invalid literal"):
        parsed_by(int)("x")


def test_in_a_parser_the_message_names_the_option() -> None:
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--n", type=whole_number(0, 9))
    with pytest.raises(argparse.ArgumentError, match="--n: 12 is not from 0 to 9"):
        parser.parse_args(["--n", "12"])


def test_usage_error_is_the_command_lines_own() -> None:
    error = usage_error("--vs-depleted: give --vs DICE as well")
    assert isinstance(error, UsageError)
    assert str(error) == "--vs-depleted: give --vs DICE as well"
