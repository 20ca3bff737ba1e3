"""The `kit` command: open the lessons, write student copies of the exercises.

kit lab                          JupyterLab on the classroom (needs the [lab] extra)
kit classroom --out classroom    lesson copies and student copies; a student's work is kept
kit voila notebooks/01_dados.ipynb   one lesson as a Voilà app, no code shown
kit student exercises/ --out student/   student copies: solutions blanked, outputs cleared
kit fingerprints exercises/      the registry's salts and fingerprints, from the masters
kit worksheets --out build/worksheets   a printable page per lesson (HTML; PDF with Chromium)
kit grade student/ --csv notas.csv --html notas.html
                                 mark the students' notebooks from what they compute
kit play superpoly --humans Ana Luis --bots build_asap
                                 a class game as a Voilà app (resumes its saved game)
kit sim el_pale --players 4 --games 200 --seed 1 --policy build_asap --csv out.csv
                                 a seeded tournament of bots (property games, dia_de_paga
                                 --months 3, palabra --rounds 5 --language en); --workers 2
                                 plays it on a Dask cluster of 2 processes, the same CSV
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from kit.messages import t

CLASSROOM, LESSONS, EXERCISES = Path("classroom"), Path("notebooks"), Path("exercises")


# Voilà as the kit runs it: a kit refusal is one sentence (PlainError), so let errors show; and
# let a page that closes or reloads shut its kernel down (Voilà's page asks without the _xsrf
# token, and is refused, so the old kernel lived on and held the class game; the server listens
# on this computer only).
VOILA = ["--show_tracebacks=True", "--Voila.tornado_settings={'disable_check_xsrf': True}"]


def _server(program: str, args: list[str]) -> int:
    """Run a Jupyter server program from this environment, with a plain error if it is missing."""
    exe = shutil.which(program, path=str(Path(sys.executable).parent)) or shutil.which(program)
    if exe is None:
        raise ValueError(
            f"{program} is not installed here; install the classroom extra: pip install 'kit[lab]'"
        )
    return subprocess.call([exe, *args])


def _lab(ns: argparse.Namespace) -> int:
    folder = ns.folder
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
    return _server("voila", [*VOILA, str(ns.notebook)])


def _student(ns: argparse.Namespace) -> int:
    from kit.exercises.student import write_student_copies

    if not ns.source.exists():
        raise ValueError(_both("cli.no_such_path", prefix="", path=ns.source))
    written = write_student_copies(ns.source, ns.out)
    for path in written:
        print(path)
    return 0


def _play(ns: argparse.Namespace) -> int:
    from kit.play import DEFAULT_BOTS, TITLES, write_play_notebook
    from kit.session import Session

    if ns.ruleset not in TITLES:
        raise ValueError(
            _both("cli.play_games", prefix="", name=ns.ruleset, games=", ".join(TITLES))
        )
    bots = ns.bots if ns.bots is not None else list(DEFAULT_BOTS)
    # the table as the notebook will set it up, tried first: a wrong seat, bot or edition is
    # refused here, with nothing written
    Session.start(
        ns.ruleset,
        humans=ns.humans,
        bots=bots,
        seed=ns.seed,
        **({"edition": ns.edition} if ns.edition else {}),
        **({"time_limit": ns.time_limit} if ns.time_limit else {}),
    )
    folder = ns.folder
    folder.mkdir(parents=True, exist_ok=True)
    save_as = f"partida_{ns.ruleset}.json"
    if ns.new and (folder / save_as).exists():  # never lose a game: keep it under a new name
        k = 1
        while (folder / f"partida_{ns.ruleset}-{k}.json").exists():
            k += 1
        (folder / save_as).rename(folder / f"partida_{ns.ruleset}-{k}.json")
        print(f"the previous game is kept in {folder / f'partida_{ns.ruleset}-{k}.json'}")
    notebook = write_play_notebook(
        folder,
        ns.ruleset,
        humans=ns.humans,
        bots=bots,
        edition=ns.edition,
        time_limit=ns.time_limit,
        seed=ns.seed,
        save_as=save_as,
    )
    print(f"wrote {notebook}; the game is saved in {folder / save_as} after every move")
    if ns.no_voila:
        return 0
    return _server("voila", [*VOILA, str(notebook)])


_GAME_OPTIONS = ("months", "rounds", "language")  # kit sim's flags that are a game's options


def _both(key: str, prefix: str = "kit sim: ", **values: object) -> str:
    """A message of kit sim in Spanish, then in English: the command has no language switch."""
    from kit.messages import catalogue

    return "\n".join(f"{prefix}{catalogue()[code][key].format(**values)}" for code in ("es", "en"))


def _bots_help() -> str:
    """Each game's bots, its default first, from the registry."""
    from kit.games.registry import game_types

    parts = []
    for kind in game_types():
        bots = [kind.default_bot + " (default)", *(b for b in kind.bots() if b != kind.default_bot)]
        parts.append(f"{', '.join(kind.names)}: {', '.join(bots)}")
    return ". ".join(parts)


def _at_least_one(key: str) -> Callable[[str], int]:
    """An argument type: a whole number above 0, or the plain message `key` (both languages)."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(_both(key, prefix="", value=text))
        return value

    return read


_count = _at_least_one("cli.bad_count")  # games, players, turns, months, rounds
_workers = _at_least_one("sim.bad_workers")  # --workers: processes


def _sim(ns: argparse.Namespace) -> int:
    from kit.sim import ClusterError, engine_of, simulate

    if ns.csv is not None and not ns.csv.parent.is_dir():  # before the games, not after
        raise ValueError(_both("cli.no_folder", prefix="", path=ns.csv.parent))
    try:
        engine = engine_of(ns.ruleset)
        options = {}
        for option in _GAME_OPTIONS:
            value = getattr(ns, option)
            if value is None:
                continue
            if option not in engine.options:
                raise ValueError(f"--{option} is not an option of {ns.ruleset}")
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
        raise ValueError(_both(err.key, prefix="", **err.values)) from None
    if ns.csv:
        df.to_csv(ns.csv, index=False)
        print(f"wrote {len(df)} games to {ns.csv}")
    finished = int(df["finished"].sum())
    print(f"{ns.ruleset}: {len(df)} games, seed {ns.seed}, {finished} finished before the cap")
    if "bankruptcies" in df:
        print(
            f"mean turns {df['turns'].mean():.1f}, "
            f"mean bankruptcies {df['bankruptcies'].mean():.2f}"
        )
    elif "turns" in df:
        print(f"mean turns {df['turns'].mean():.1f}")
    if "months" in df:
        print(f"{int(df['months'].iloc[0])} month(s) a game")
    print(f"no winner (a tie, or the cap): {int(df['winner'].isna().sum())}")
    wins = df["winner"].value_counts().sort_index()
    value = "score" if "score_0" in df else "fortune"
    for seat in range(ns.players):
        policy = df[f"policy_{seat}"].iloc[0]
        print(
            f"  seat {seat} ({policy}): {int(wins.get(seat, 0))} wins, "
            f"mean {value} {df[f'{value}_{seat}'].mean():,.0f}"
        )
    return 0


def _seconds(text: str) -> float:
    """--timeout: a number of seconds above 0, or a plain message."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(t("grade.bad_timeout", value=text))
    return seconds


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
    print(f"{len(written)} exercises fingerprinted in {registry}")
    return 0


def _worksheets(ns: argparse.Namespace) -> int:
    from kit.worksheets import chromium, lessons, print_pdf, write_html

    if not lessons(ns.lessons):
        sys.exit(f"kit worksheets: {t('worksheets.no_lessons', folder=ns.lessons)}")
    pages = write_html(ns.lessons, ns.exercises, ns.out)
    kinds = ["HTML"]
    browser = None if ns.no_pdf else chromium()
    if browser is not None:
        try:
            for page in pages:
                print_pdf(page, browser)
        except (OSError, RuntimeError, subprocess.SubprocessError) as err:
            sys.exit(f"kit worksheets: {err}")
        kinds.append("PDF")
    for page in pages:
        print(page)
    key = "worksheets.written_one" if len(pages) == 1 else "worksheets.written"
    print(t(key, count=len(pages), folder=ns.out, kinds=" + ".join(kinds)))
    if browser is None and not ns.no_pdf:
        print(t("worksheets.no_chromium"))
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kit", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = p.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("lab", help="open the classroom (or FOLDER) in JupyterLab")
    lab.add_argument("folder", nargs="?", type=Path, default=None)
    lab.set_defaults(run=_lab)
    classroom = sub.add_parser(
        "classroom", help="write what is missing in the classroom; a student's work is kept"
    )
    classroom.add_argument("--out", type=Path, default=CLASSROOM, help="the classroom folder")
    classroom.add_argument("--lessons", type=Path, default=LESSONS, help="the lessons' folder")
    classroom.add_argument("--exercises", type=Path, default=EXERCISES, help="the masters")
    classroom.set_defaults(run=_classroom)
    voila = sub.add_parser("voila", help="run one notebook as a Voilà app")
    voila.add_argument("notebook", type=Path)
    voila.set_defaults(run=_voila)
    play = sub.add_parser("play", help="a class game of a property game as a Voilà app")
    play.add_argument("ruleset", help="el_pale, la_ruta_del_tesoro or superpoly")
    play.add_argument("--humans", nargs="+", default=["Ana", "Luis"], help="the people, in order")
    play.add_argument("--bots", nargs="*", default=None, help="bots for the other seats")
    play.add_argument("--edition", default=None, help="el_pale: economico or lujo")
    play.add_argument("--time-limit", type=_count, default=None, help="end after so many turns")
    play.add_argument("--seed", type=int, default=2026)
    play.add_argument("--folder", type=Path, default=Path("."), help="where notebook and save go")
    play.add_argument("--new", action="store_true", help="start again (the old save is kept)")
    play.add_argument("--no-voila", action="store_true", help="only write the notebook")
    play.set_defaults(run=_play)
    student = sub.add_parser("student", help="write student copies of exercise notebooks")
    student.add_argument("source", type=Path, help="an exercise notebook or a folder of them")
    student.add_argument("--out", type=Path, required=True, help="folder for the copies")
    student.set_defaults(run=_student)
    sim = sub.add_parser("sim", help="play a seeded tournament of bots in any game of the kit")
    from kit.games.registry import game_names

    sim.add_argument("ruleset", help=f"{', '.join(game_names())} or a .toml file")
    sim.add_argument("--edition", default=None, help="an edition of the rule set (e.g. lujo)")
    sim.add_argument("--players", type=_count, default=4)
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--max-turns", type=_count, default=1000, help="cap on the turns of a property game"
    )
    sim.add_argument("--months", type=_count, help="dia_de_paga: months a game lasts (default 1)")
    sim.add_argument(
        "--rounds", type=_count, help="palabra: stop after so many rounds (default: play it out)"
    )
    sim.add_argument("--language", choices=("es", "en"), help="palabra: the dictionary (es)")
    sim.add_argument(
        "--policy",
        action="append",
        help="a bot for every seat, or repeat once per seat. " + _bots_help(),
    )
    sim.add_argument(
        "--workers",
        type=_workers,
        metavar="N",
        help="play on a Dask LocalCluster of N processes, one thread each (the [cluster] extra); "
        "the same CSV as without it",
    )
    sim.add_argument(
        "--scheduler", metavar="ADDRESS", help="play on a running Dask cluster: tcp://HOST:8786"
    )
    sim.add_argument("--csv", type=Path, help="write one row per game to this CSV file")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_sim)
    grade = sub.add_parser("grade", help="mark the students' exercise notebooks: CSV, page")
    grade.add_argument("submissions", nargs="+", type=Path, help="notebooks or folders of them")
    grade.add_argument("--csv", type=Path, required=True, help="the marks, one row per notebook")
    grade.add_argument("--html", type=Path, help="also a page for the teacher: table and chart")
    grade.add_argument(
        "--timeout", type=_seconds, help="seconds each notebook may run (default 300)"
    )
    grade.set_defaults(run=_grade)
    prints = sub.add_parser(
        "fingerprints", help="write the registry's salts and fingerprints from the masters"
    )
    prints.add_argument("masters", type=Path, help="the master exercise notebooks (a folder)")
    prints.add_argument(
        "--registry",
        type=Path,
        help="default: the kit's own registry, kit/data/exercises/ (one file per master)",
    )
    prints.add_argument("--new-salts", action="store_true", help="draw new salts for every entry")
    prints.add_argument("--work", type=int, help="sha256 rounds per fingerprint (default: kept)")
    prints.set_defaults(run=_fingerprints)
    sheets = sub.add_parser(
        "worksheets", help="a printable page per lesson: predictions, tables, exercise prompts"
    )
    sheets.add_argument(
        "--out", type=Path, default=Path("build/worksheets"), help="default: build/worksheets"
    )
    sheets.add_argument("--lessons", type=Path, default=LESSONS, help="the lessons' folder")
    sheets.add_argument("--exercises", type=Path, default=EXERCISES, help="the masters")
    sheets.add_argument("--no-pdf", action="store_true", help="only the HTML pages")
    sheets.set_defaults(run=_worksheets)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run one command. A bad argument or a refusal ends with one plain line on stderr and exit
    status 2, as argparse's own errors do: no traceback, and (the commands check first) nothing
    written."""
    ns = parser().parse_args(argv)
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
    """The one line a refusal says; an OSError with the path it names."""
    if isinstance(err, OSError) and err.strerror:
        where = f"{err.filename}: " if err.filename else ""
        return f"{where}{err.strerror}"
    return str(err)


if __name__ == "__main__":
    raise SystemExit(main())
