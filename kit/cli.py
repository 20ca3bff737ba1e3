"""The `kit` command: open the lessons, write student copies of the exercises.

kit lab                          JupyterLab on the lessons (needs the [lab] extra)
kit voila notebooks/01_dados.ipynb   one lesson as a Voilà app, no code shown
kit student exercises/ --out student/   student copies: solutions blanked, outputs cleared
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path


def _server(program: str, args: list[str]) -> int:
    """Run a Jupyter server program from this environment, with a plain error if it is missing."""
    exe = shutil.which(program, path=str(Path(sys.executable).parent)) or shutil.which(program)
    if exe is None:
        sys.exit(
            f"kit: {program} is not installed here; install the classroom extra: "
            "pip install 'kit[lab]'"
        )
    return subprocess.call([exe, *args])


def _lab(ns: argparse.Namespace) -> int:
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return _server("jupyter-lab", [*as_root, str(ns.folder)])


def _voila(ns: argparse.Namespace) -> int:
    return _server("voila", [str(ns.notebook)])


def _student(ns: argparse.Namespace) -> int:
    from kit.exercises.student import write_student_copies

    if not ns.source.exists():
        sys.exit(f"kit student: {ns.source} does not exist")
    for path in write_student_copies(ns.source, ns.out):
        print(path)
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kit", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = p.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("lab", help="open the lessons in JupyterLab")
    lab.add_argument("folder", nargs="?", type=Path, default=Path("notebooks"))
    lab.set_defaults(run=_lab)
    voila = sub.add_parser("voila", help="run one notebook as a Voilà app")
    voila.add_argument("notebook", type=Path)
    voila.set_defaults(run=_voila)
    student = sub.add_parser("student", help="write student copies of exercise notebooks")
    student.add_argument("source", type=Path, help="an exercise notebook or a folder of them")
    student.add_argument("--out", type=Path, required=True, help="folder for the copies")
    student.set_defaults(run=_student)
    return p


def main(argv: list[str] | None = None) -> int:
    ns = parser().parse_args(argv)
    return ns.run(ns)


if __name__ == "__main__":
    raise SystemExit(main())
