"""The `kit` command: open the classroom, play a class game, simulate, mark (`kit --help`).

Everything it says (help, refusals, the lines it prints) comes from kit/data/messages/cli.toml
in the class language: Spanish, or English with `--language en` anywhere on the line, never
guessed from the computer's settings. `kit play` keeps its notebooks and saved games in one
folder, classroom/partidas/ (ignored by git).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kit.cli_args import (
    add_language,
    help_for,
    in_class_language,
    language_of,
    seconds,
    value_name,
    whole_number,
    worker_number,
)
from kit.cli_play import GAMES, play_command, play_games
from kit.messages import language, os_reason, set_language, t

CLASSROOM, LESSONS, EXERCISES = Path("classroom"), Path("notebooks"), Path("exercises")


def _server(program: str, args: list[str]) -> int:
    """Run a Jupyter server program from this environment, with a plain error if it is missing."""
    exe = shutil.which(program, path=str(Path(sys.executable).parent)) or shutil.which(program)
    if exe is None:
        raise ValueError(t("cli.not_installed", program=program))
    return subprocess.call([exe, *args])


def _lab(ns: argparse.Namespace) -> int:
    folder = ns.folder
    if folder is not None and not folder.is_dir():  # before Jupyter starts, not in its log
        raise ValueError(t("cli.no_such_path", path=folder))
    if folder is None:  # the classroom: first write what is missing, when the lessons are here
        folder = CLASSROOM
        if LESSONS.is_dir() and EXERCISES.is_dir():
            _classroom(argparse.Namespace(lessons=LESSONS, exercises=EXERCISES, out=folder))
        elif not folder.is_dir():
            raise ValueError(t("classroom.nothing_to_open", folder=folder))
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return _server("jupyter-lab", [*as_root, str(folder)])


def _classroom(ns: argparse.Namespace) -> int:
    from kit.classroom import build_classroom, report

    placed = build_classroom(ns.lessons, ns.exercises, ns.out)
    for line in report(placed, ns.out):
        print(line)
    return 0


def _voila(ns: argparse.Namespace) -> int:
    from kit.serve import serve

    _a_notebook(ns.notebook)

    return serve(ns.notebook)


def _a_notebook(path: Path) -> None:
    """Refuse `path` unless it is a notebook, before a server starts on it (which would serve
    an error page, or a traceback)."""
    if not path.is_file():
        raise ValueError(t("cli.no_such_path", path=path))
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells")
    except (ValueError, AttributeError):
        cells = None
    if not isinstance(cells, list):
        raise ValueError(t("cli.not_a_notebook", path=path))


def _student(ns: argparse.Namespace) -> int:
    from kit.exercises.student import write_student_copies

    if not ns.source.exists():
        raise ValueError(t("cli.no_such_path", path=ns.source))
    written = write_student_copies(ns.source, ns.out)
    for path in written:
        print(path)
    return 0


_GAME_OPTIONS = ("months", "rounds", "language")  # kit sim's flags that are a game's options


def _bots_help() -> str:
    """Each game's bots, its default first, from the registry."""
    from kit.games.registry import game_types

    parts = []
    for kind in game_types():
        default = t("cli.default_bot", name=kind.default_bot)
        bots = [default, *(b for b in kind.bots() if b != kind.default_bot)]
        parts.append(f"{', '.join(kind.names)}: {', '.join(bots)}")
    return ". ".join(parts)


def _sim(ns: argparse.Namespace) -> int:
    from kit.sim import ClusterError, engine_of, simulate

    if ns.csv is not None:  # before the games, not after
        _writable(ns.csv)
    try:
        engine = engine_of(ns.ruleset)
        options = {}
        for option in _GAME_OPTIONS:
            value = getattr(ns, option, None)
            if value is None:
                continue
            if option not in engine.options:
                if option == "language":  # the class language only
                    continue
                raise ValueError(t("cli.not_an_option", option=f"--{option}", game=ns.ruleset))
            options[option] = value
        df = simulate(
            ns.ruleset,
            players=ns.players,
            games=ns.games,
            seed=ns.seed,
            policies=ns.policy or None,
            max_turns=ns.max_turns,
            progress=not ns.quiet,
            edition=ns.edition,
            workers=ns.workers,
            scheduler=ns.scheduler,
            **options,
        )
    except ClusterError as err:
        raise ValueError(t(err.key, **err.values)) from None
    if ns.csv:
        df.to_csv(ns.csv, index=False)
        print(t("cli.sim_wrote", count=len(df), path=ns.csv))
    for line in _sim_report(df, ns.ruleset, ns.seed, ns.players):
        print(line)
    return 0


def _writable(path: Path) -> None:
    """Refuse a file that cannot be written, before the work that fills it: by trying (as root,
    os.access says yes to everything), and leaving no new file behind."""
    if not path.parent.is_dir():
        raise ValueError(t("cli.no_folder", path=path.parent))
    existed = path.exists()
    with path.open("a", encoding="utf-8"):
        pass
    if not existed:
        path.unlink()


def _sim_report(df: Any, ruleset: str, seed: int, players: int) -> Iterator[str]:
    """The tournament in a few lines, in the class language and its number format."""
    from kit.table import format_decimal

    finished = int(df["finished"].sum())
    yield t("cli.sim_summary", game=ruleset, count=len(df), seed=seed, finished=finished)
    if "bankruptcies" in df:
        turns, broke = (
            format_decimal(df["turns"].mean(), 1),
            format_decimal(df["bankruptcies"].mean(), 2),
        )
        yield t("cli.sim_turns_bankruptcies", turns=turns, bankruptcies=broke)
    elif "turns" in df:
        yield t("cli.sim_turns", turns=format_decimal(df["turns"].mean(), 1))
    if "months" in df:
        months = int(df["months"].iloc[0])
        yield t("cli.sim_months_one" if months == 1 else "cli.sim_months_many", months=months)
    yield t("cli.sim_no_winner", count=int(df["winner"].isna().sum()))
    wins = df["winner"].value_counts().sort_index()
    value = "score" if "score_0" in df else "fortune"
    for seat in range(players):
        policy = df[f"policy_{seat}"].iloc[0]
        mean = format_decimal(df[f"{value}_{seat}"].mean(), 0)
        yield t(
            f"cli.sim_seat_{value}",
            seat=seat,
            policy=policy,
            wins=int(wins.get(seat, 0)),
            mean=mean,
        )


def _grade(ns: argparse.Namespace) -> int:
    from kit.exercises.grading import mark_class

    limit = {} if ns.timeout is None else {"timeout": ns.timeout}
    try:
        report = mark_class(ns.submissions, ns.csv, html_path=ns.html, **limit)
    except KeyboardInterrupt:
        raise ValueError(t("grade.interrupted")) from None
    for line in report:
        print(line)
    return 0


def _fingerprints(ns: argparse.Namespace) -> int:
    from kit.exercises.regenerate import regenerate
    from kit.exercises.registry import registry_path

    registry = ns.registry or registry_path()
    written = regenerate(ns.masters, registry, new_salts=ns.new_salts, work=ns.work)
    print(t("cli.fingerprinted", count=len(written), registry=registry))
    return 0


def _worksheets(ns: argparse.Namespace) -> int:
    from kit.worksheets import chromium, lessons, print_pdf, write_html

    if not lessons(ns.lessons):  # a refusal as every other: exit 2, one sentence
        raise ValueError(t("worksheets.no_lessons", folder=ns.lessons))
    pages = write_html(ns.lessons, ns.exercises, ns.out)
    kinds = ["HTML"]
    browser = None if ns.no_pdf else chromium()
    if browser is not None:
        try:
            for page in pages:
                print_pdf(page, browser)
        except (OSError, RuntimeError, subprocess.SubprocessError) as err:
            raise ValueError(str(err)) from None
        kinds.append("PDF")
    for page in pages:
        print(page)
    key = "worksheets.written_one" if len(pages) == 1 else "worksheets.written"
    print(t(key, count=len(pages), folder=ns.out, kinds=" + ".join(kinds)))
    if browser is None and not ns.no_pdf:
        print(t("worksheets.no_chromium"))
    return 0


def _sub(sub: Any, name: str, run: Callable[[argparse.Namespace], int]) -> argparse.ArgumentParser:
    command = sub.add_parser(name, help=help_for(name), description=help_for(name))
    add_language(command)
    command.set_defaults(run=run)
    return command


def _lab_parsers(sub: Any) -> None:
    lab = _sub(sub, "lab", _lab)
    lab.add_argument(
        "folder", nargs="?", type=Path, metavar=value_name("folder"), help=help_for("lab_folder")
    )
    classroom = _sub(sub, "classroom", _classroom)
    classroom.add_argument(
        "--out",
        type=Path,
        default=CLASSROOM,
        metavar=value_name("folder"),
        help=help_for("classroom_out"),
    )
    classroom.add_argument(
        "--lessons",
        type=Path,
        metavar=value_name("folder"),
        default=LESSONS,
        help=help_for("lessons"),
    )
    classroom.add_argument(
        "--exercises",
        type=Path,
        metavar=value_name("folder"),
        default=EXERCISES,
        help=help_for("masters"),
    )
    voila = _sub(sub, "voila", _voila)
    voila.add_argument(
        "notebook", type=Path, metavar=value_name("notebook"), help=help_for("notebook")
    )
    student = _sub(sub, "student", _student)
    student.add_argument(
        "source", type=Path, metavar=value_name("path"), help=help_for("student_source")
    )
    student.add_argument(
        "--out",
        type=Path,
        metavar=value_name("folder"),
        required=True,
        help=help_for("student_out"),
    )


def _play_parser(sub: Any) -> None:
    from kit.play import DEFAULT_BOTS

    play = _sub(sub, "play", play_command)
    play.add_argument(
        "ruleset",
        metavar=value_name("game"),
        help=help_for("play_game", games=", ".join(play_games())),
    )
    play.add_argument(
        "--humans",
        nargs="+",
        default=["Ana", "Luis"],
        metavar=value_name("name"),
        help=help_for("humans"),
    )
    defaults = f"{', '.join(DEFAULT_BOTS)}; {_bots_defaults()}"
    play.add_argument(
        "--bots", nargs="*", metavar=value_name("bot"), help=help_for("bots", defaults=defaults)
    )
    play.add_argument("--edition", metavar=value_name("edition"), help=help_for("edition"))
    play.add_argument(
        "--time-limit", type=whole_number, metavar=value_name("n"), help=help_for("time_limit")
    )
    play.add_argument(
        "--months", type=whole_number, metavar=value_name("n"), help=help_for("play_months")
    )
    play.add_argument("--seed", type=int, metavar=value_name("n"), help=help_for("play_seed"))
    play.add_argument(
        "--folder",
        type=Path,
        default=GAMES,
        metavar=value_name("folder"),
        help=help_for("play_folder", folder=GAMES),
    )
    play.add_argument("--new", action="store_true", help=help_for("new"))
    play.add_argument("--no-voila", action="store_true", help=help_for("no_voila"))


def _bots_defaults() -> str:
    """Each game's default bot but the property games' (their two are DEFAULT_BOTS)."""
    from kit.games.registry import game_types

    return ", ".join(
        f"{kind.names[0]}: {kind.default_bot}" for kind in game_types() if kind.family != "property"
    )


def _sim_parser(sub: Any) -> None:
    from kit.games.registry import game_names

    sim = _sub(sub, "sim", _sim)
    sim.add_argument(
        "ruleset",
        metavar=value_name("game"),
        help=help_for("sim_game", games=", ".join(game_names())),
    )
    sim.add_argument("--edition", metavar=value_name("edition"), help=help_for("sim_edition"))
    sim.add_argument(
        "--players", type=whole_number, metavar=value_name("n"), default=4, help=help_for("players")
    )
    sim.add_argument(
        "--games", type=whole_number, metavar=value_name("n"), default=100, help=help_for("games")
    )
    sim.add_argument(
        "--seed", type=int, default=0, metavar=value_name("n"), help=help_for("sim_seed")
    )
    sim.add_argument(
        "--max-turns",
        type=whole_number,
        metavar=value_name("n"),
        default=1000,
        help=help_for("max_turns"),
    )
    sim.add_argument(
        "--months", type=whole_number, metavar=value_name("n"), help=help_for("months")
    )
    sim.add_argument(
        "--rounds", type=whole_number, metavar=value_name("n"), help=help_for("rounds")
    )
    sim.add_argument(
        "--policy",
        action="append",
        metavar=value_name("bot"),
        help=help_for("policy", bots=_bots_help()),
    )
    sim.add_argument(
        "--workers", type=worker_number, metavar=value_name("n"), help=help_for("workers")
    )
    sim.add_argument("--scheduler", metavar=value_name("address"), help=help_for("scheduler"))
    sim.add_argument("--csv", type=Path, metavar=value_name("file"), help=help_for("csv"))
    sim.add_argument("--quiet", action="store_true", help=help_for("quiet"))


def _teacher_parsers(sub: Any) -> None:
    grade = _sub(sub, "grade", _grade)
    grade.add_argument(
        "submissions",
        nargs="+",
        type=Path,
        metavar=value_name("path"),
        help=help_for("submissions"),
    )
    grade.add_argument(
        "--csv", type=Path, metavar=value_name("file"), required=True, help=help_for("grade_csv")
    )
    grade.add_argument("--html", type=Path, metavar=value_name("file"), help=help_for("grade_html"))
    grade.add_argument(
        "--timeout", type=seconds, metavar=value_name("seconds"), help=help_for("timeout")
    )
    prints = _sub(sub, "fingerprints", _fingerprints)
    prints.add_argument(
        "masters", type=Path, metavar=value_name("folder"), help=help_for("fp_masters")
    )
    prints.add_argument(
        "--registry", type=Path, metavar=value_name("folder"), help=help_for("registry")
    )
    prints.add_argument("--new-salts", action="store_true", help=help_for("new_salts"))
    prints.add_argument("--work", type=whole_number, metavar=value_name("n"), help=help_for("work"))
    sheets = _sub(sub, "worksheets", _worksheets)
    sheets.add_argument(
        "--out",
        type=Path,
        default=Path("build/worksheets"),
        metavar=value_name("folder"),
        help=help_for("sheets_out"),
    )
    sheets.add_argument(
        "--lessons",
        type=Path,
        metavar=value_name("folder"),
        default=LESSONS,
        help=help_for("lessons"),
    )
    sheets.add_argument(
        "--exercises",
        type=Path,
        metavar=value_name("folder"),
        default=EXERCISES,
        help=help_for("masters"),
    )
    sheets.add_argument("--no-pdf", action="store_true", help=help_for("no_pdf"))


def parser() -> argparse.ArgumentParser:
    """The command's parser, its help in the current language (see `main`)."""
    p = argparse.ArgumentParser(
        prog="kit",
        description=t("cli.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_language(p, default=None)
    sub = p.add_subparsers(dest="command", required=True, metavar=value_name("command"))
    _lab_parsers(sub)
    _play_parser(sub)
    _sim_parser(sub)
    _teacher_parsers(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run one command in the class language. A bad argument or a refusal ends with one plain
    line on stderr and exit status 2, as argparse's own errors do: no traceback, and (the
    commands check first) nothing written."""
    argv = list(sys.argv[1:] if argv is None else argv)
    before = language()
    set_language(language_of(argv))
    try:
        with in_class_language():
            ns = parser().parse_args(argv)
        return _run(ns)
    finally:
        set_language(before)


def _run(ns: argparse.Namespace) -> int:
    try:
        return ns.run(ns)
    except (ValueError, OSError, ImportError) as err:  # a refusal, a bad path, a missing extra
        lines = _plain(err).splitlines() or [""]
        refused = Refused("\n".join(f"kit {ns.command}: {line}" for line in lines))
    print(refused, file=sys.stderr)
    raise refused


class Refused(SystemExit):
    """The end of a refused command: exit status 2 (as argparse's errors), its message already
    printed on stderr; ``str()`` is the message (for scripts and tests)."""

    def __init__(self, message: str) -> None:
        super().__init__(2)
        self.message = message

    def __str__(self) -> str:
        return self.message


def _plain(err: BaseException) -> str:
    """The one line a refusal says; an OSError with the path it names, in the class language."""
    if isinstance(err, OSError):
        where = f"{err.filename}: " if err.filename else ""
        return f"{where}{os_reason(err)}"
    return str(err)


if __name__ == "__main__":
    raise SystemExit(main())
