"""The `kit` command's words and value types, in the class language: argparse's own words
(usage, errors), each option's help and value name from kit/data/messages/cli.toml, and the
checks a count or a time limit passes before any command runs."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from kit.messages import LANGUAGES, t


def at_least_one(key: str) -> Callable[[str], int]:
    """An argument type: a whole number above 0, or the plain message `key`."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(t(key, value=text))
        if value > MOST:  # past what a class runs, and past what numpy's counters hold
            raise argparse.ArgumentTypeError(t("cli.too_many", value=text, most=MOST))
        return value

    return read


MOST = 10**9  # the largest count any argument takes
whole_number = at_least_one("cli.bad_count")  # games, players, turns, months, rounds
worker_number = at_least_one("sim.bad_workers")  # --workers: processes


def seconds(text: str) -> float:
    """--timeout: a number of seconds above 0, or a plain message."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(t("grade.bad_timeout", value=text))
    return seconds


def help_for(name: str, **values: object) -> str:
    """An option's help, in the class language."""
    return t(f"cli.help_{name}", **values)


def add_language(p: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """`--language es|en` on `p`: read before the parser is made (`language_of`), so the help
    is already in it; here it is checked and shown."""
    p.add_argument("--language", choices=LANGUAGES, default=default, help=help_for("language"))


def value_name(name: str) -> str:
    """What the help calls a value (argparse's metavar), in the class language."""
    return t(f"cli.mv_{name}")


# argparse's own words (usage, errors, "options"), said in the class language while kit runs
ARGPARSE = {
    "usage: ": "usage",
    "positional arguments": "positionals",
    "options": "options",
    "show this help message and exit": "help",
    "%(prog)s: error: %(message)s\n": "error",
    "argument %(argument_name)s: %(message)s": "argument",
    "the following arguments are required: %s": "required",
    "unrecognized arguments: %s": "unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "choice",
    "invalid %(type)s value: %(value)r": "type",
    "expected one argument": "one",
    "expected at least one argument": "at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
}


def _argparse_text(text: str) -> str:
    key = ARGPARSE.get(text)
    return t(f"cli.argparse_{key}") if key else text


@contextmanager
def in_class_language() -> Iterator[None]:
    """argparse asks its module's `_` (gettext) for each of its words: for the run of the
    command, that is the catalogue."""
    before = argparse._  # type: ignore[attr-defined]
    argparse._ = _argparse_text  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = before  # type: ignore[attr-defined]


def language_of(argv: Sequence[str]) -> str:
    """The class language asked for on the command line (`--language en`, anywhere), else
    Spanish; a wrong value is left for argparse to refuse."""
    code = "es"
    for k, arg in enumerate(argv):
        value = argv[k + 1] if arg == "--language" and k + 1 < len(argv) else None
        if arg.startswith("--language="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            code = value
    return code
