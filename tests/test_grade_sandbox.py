"""kit grade's sandbox: hostile notebooks in a class, marked as a teacher would mark them.

One grading run, shared by the tests of this module, marks a class of submissions of which most
attack the teacher's computer (issue 22, point 3): read a classmate's submission, a teacher's
file in the home folder, the answer key (the masters in the repository beside an editable kit)
and a secret in the environment; write outside their own folder; patch the kit; leave a process
behind; connect to a server on the teacher's computer; take 8 GiB of memory; fork 400
processes. Each attack puts what it got in its `nombre`, which comes back in the CSV's name
column, as a real attack's text did. One ordinary submission is marked among them.

Every attack's result is deterministic: a file is readable or not, a fork succeeds or fails at
the limit, a process is alive or not when `kit grade` has returned. No test waits for a time to
pass; the interrupted run waits for a file a notebook writes, with a generous deadline.

The containment tested is bubblewrap's, which CI installs (`.ci/run`): on Linux without it these
tests fail and say so. The weaker modes are tested apart, for what they promise.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

import kit
from kit.cli import main
from kit.messages import t

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux containment")

ROOT = Path(__file__).resolve().parents[1]
MASTER = ROOT / "exercises" / "01_dados.ipynb"
KIT_SOURCE = ROOT / "kit" / "exercises" / "checking.py"
SECRET = "secreto-del-profesor-4f1c"  # in the teacher's file and environment
GHOST = "kit-grade-fantasma-7d2e"  # in the command line of every process the notebooks leave
FORKS = 400
MEMORY = 8 * 1024**3
RIGHT = 'respuesta_1 = 3 + 2 + 1  # check("dados-1", respuesta_1)'

# Each attack is the body of a function whose return value (or the error that stopped it) goes
# into `nombre`: «abierto: …» when it got through, «cerrado: ErrorName» when it was stopped.
ATTACKS = {
    "companero": "return open({classmate!r}).read()[:40]",
    "profesor": """
        import os
        home = os.path.expanduser("~/claves.txt")
        found = [p for p in (home, {teacher!r}) if os.path.exists(p)]
        return open(found[0]).read() if found else "nada"
    """,
    "soluciones": """
        import pathlib, kit
        beside = pathlib.Path(kit.__file__).resolve().parents[1] / "exercises" / "01_dados.ipynb"
        found = [p for p in (beside, pathlib.Path({master!r})) if p.exists()]
        return str(len(found[0].read_text())) + " caracteres" if found else "nada"
    """,
    "entorno": """
        import os
        return ",".join(k for k, v in os.environ.items() if {secret!r} in v) or "nada"
    """,
    "escribir": """
        open({outside!r}, "w").write("escrito por una entrega")
        return "escrito"
    """,
    "parche": """
        import pathlib, kit
        targets = [pathlib.Path(kit.__file__).parent / "exercises" / "checking.py"]
        targets.append(pathlib.Path({kit_source!r}))
        done = []
        for target in targets:
            if target.exists():
                with open(target, "a") as source:
                    source.write("\\n# parche de una entrega\\n")
                done.append(str(target))
        return ",".join(done) or "nada"
    """,
    "fantasma": """
        import subprocess
        code = "import time; time.sleep(900)"
        subprocess.Popen(["python3", "-c", code, {ghost!r}], start_new_session=True)
        return "lanzado"
    """,
    "red": """
        import socket
        with socket.create_connection(("127.0.0.1", {port!r}), timeout=5):
            return "conectado"
    """,
    "memoria": "return str(len(bytes({memory!r}))) + ' bytes'",
    "procesos": """
        import os
        started = 0
        try:
            for _ in range({forks!r}):
                if os.fork() == 0:
                    os.execv("/bin/sleep", [{ghost!r}, "900"])
                started += 1
        except OSError as error:
            return f"{{type(error).__name__}} tras {{started}}"
        return f"{{started}} procesos"
    """,
}


def attack_cell(body: str) -> str:
    """The cell that runs one attack and puts its result in `nombre`."""
    function = "def intento():\n" + textwrap.indent(textwrap.dedent(body).strip(), "    ")
    return function + textwrap.dedent("""
        try:
            nombre = "abierto: " + str(intento())[:80]
        except BaseException as error:
            nombre = "cerrado: " + type(error).__name__
    """)


def write_notebook(path: Path, *sources: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(new_notebook(cells=[new_code_cell(source) for source in sources]), path)
    return path


def ghosts() -> list[int]:
    """The processes (any user, any namespace) whose command line carries GHOST."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != str(os.getpid()):
            with contextlib.suppress(OSError):
                if GHOST.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
    return found


def kill_ghosts() -> None:
    for pid in ghosts():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_rows(path: Path) -> dict[str, dict[str, str]]:
    with open(path, newline="", encoding="utf-8-sig") as lines:
        return {Path(row["file"]).stem: row for row in csv.DictReader(lines)}


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    """The class marked once: its rows, the listening server's connections, what was changed."""
    from kit.exercises.sandbox import BWRAP, containment

    assert containment() == BWRAP, "these tests need bubblewrap: apt install bubblewrap"
    kit.set_language("es")
    root = tmp_path_factory.mktemp("sandbox")
    home = root / "casa"
    home.mkdir()
    teacher = home / "claves.txt"
    teacher.write_text(SECRET)
    folder = root / "entregas"
    classmate = write_notebook(folder / "ana.ipynb", 'nombre = "Ana"', RIGHT)
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0)
    values = {
        "classmate": str(classmate),
        "teacher": str(teacher),
        "master": str(MASTER),
        "secret": SECRET,
        "outside": str(root / "fuera.txt"),
        "kit_source": str(KIT_SOURCE),
        "ghost": GHOST,
        "port": server.getsockname()[1],
        "memory": MEMORY,
        "forks": FORKS,
    }
    for name, body in ATTACKS.items():
        write_notebook(folder / f"{name}.ipynb", attack_cell(body.format(**values)), RIGHT)
    before = {"kit": digest(KIT_SOURCE), "master": digest(MASTER), "classmate": digest(classmate)}
    table = root / "notas.csv"
    out, err = io.StringIO(), io.StringIO()
    try:
        with (
            pytest.MonkeyPatch.context() as patch,
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            patch.setenv("HOME", str(home))
            patch.setenv("KIT_PRUEBA_SECRETO", SECRET)
            code = main(["grade", str(folder), "--csv", str(table)])
        left = ghosts()  # looked at the moment kit grade has returned
        connections = 0
        with contextlib.suppress(BlockingIOError):
            while server.accept():
                connections += 1
    finally:
        server.close()
        kill_ghosts()
    return SimpleNamespace(
        code=code,
        rows=read_rows(table),
        names={stem: row["name"] for stem, row in read_rows(table).items()},
        left=left,
        connections=connections,
        before=before,
        classmate=classmate,
        teacher=teacher,
        outside=root / "fuera.txt",
        err=err.getvalue(),
    )


def test_every_notebook_gets_its_row_and_its_mark(attacked):
    assert attacked.code == 0
    assert sorted(attacked.rows) == sorted(["ana", *ATTACKS])
    assert attacked.rows["ana"]["name"] == "Ana"
    stopped = {"fantasma", "procesos", "memoria"}  # may leave a cell error, never a lost row
    for stem, row in attacked.rows.items():
        assert row["dados-1"] == "1", (stem, row["problem"])
        if stem not in stopped:
            assert row["problem"] == "", (stem, row["problem"])
    assert t("grade.less_contained") not in attacked.err


def test_a_classmates_submission_cannot_be_read(attacked):
    assert attacked.names["companero"] == "cerrado: FileNotFoundError"


def test_a_teachers_file_in_the_home_folder_cannot_be_read(attacked):
    assert attacked.names["profesor"] == "abierto: nada"
    assert SECRET not in "".join(attacked.names.values())


def test_the_answer_key_beside_the_kit_cannot_be_read(attacked):
    assert attacked.names["soluciones"] == "abierto: nada"


def test_the_environment_holds_none_of_the_teachers_secrets(attacked):
    assert attacked.names["entorno"] == "abierto: nada"


def test_nothing_is_written_outside_the_notebooks_own_folder(attacked):
    assert attacked.names["escribir"].startswith("cerrado: ")
    assert not attacked.outside.exists()
    assert digest(attacked.classmate) == attacked.before["classmate"]
    assert attacked.teacher.read_text() == SECRET


def test_the_kit_cannot_be_patched_for_the_next_run(attacked):
    assert attacked.names["parche"].startswith("cerrado: ")
    assert digest(KIT_SOURCE) == attacked.before["kit"]
    assert digest(MASTER) == attacked.before["master"]


def test_no_process_outlives_its_row(attacked):
    assert attacked.names["fantasma"] == "abierto: lanzado"
    assert attacked.left == []


def test_no_connection_reaches_the_teachers_computer(attacked):
    assert attacked.names["red"].startswith("cerrado: ")
    assert attacked.connections == 0


def test_memory_is_bounded(attacked):
    assert attacked.names["memoria"] == "cerrado: MemoryError"


def test_a_fork_bomb_is_bounded(attacked):
    result = attacked.names["procesos"]
    assert result.startswith("abierto: BlockingIOError tras "), result
    assert int(result.rsplit(" ", 1)[1]) < FORKS


# -- the result files -----------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--csv", "--html"])
def test_a_symbolic_link_at_a_result_path_is_refused_before_marking(tmp_path, option):
    """A link at notas.html pointing at a teacher's file would have had that file overwritten."""
    kit.set_language("es")
    teacher = tmp_path / "importante.txt"
    teacher.write_text(SECRET)
    link = tmp_path / "notas.link"
    link.symlink_to(teacher)
    one = write_notebook(tmp_path / "entregas" / "ana.ipynb", 'nombre = "Ana"', RIGHT)
    argv = ["grade", str(one), "--csv", str(tmp_path / "notas.csv")]
    argv += ["--html", str(link)] if option == "--html" else []
    if option == "--csv":
        argv[3] = str(link)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert str(stop.value) == f"kit grade: {t('grade.output_is_link', path=link)}"
    assert teacher.read_text() == SECRET and link.is_symlink()


def test_a_link_that_appears_while_marking_is_replaced_not_followed(tmp_path):
    from kit.exercises.gradebook_files import write_safely

    teacher = tmp_path / "importante.txt"
    teacher.write_text(SECRET)
    link = tmp_path / "notas.csv"
    link.symlink_to(teacher)
    write_safely(link, "file,name\n")
    assert not link.is_symlink() and link.read_text() == "file,name\n"
    assert teacher.read_text() == SECRET


# -- a teacher's Ctrl-C or kill --------------------------------------------------------------------


def test_killing_kit_grade_writes_the_rows_so_far_and_leaves_nothing_running(tmp_path):
    """SIGTERM while notebooks run: the CSV has every row (the one marked before with its mark,
    the others saying they were not marked), kit grade exits with one sentence, and nothing the
    notebooks started is left.

    The quick notebook is first; the stuck ones start only as workers are free, so once as many
    stuck ones have begun as there are workers, the quick one's row is in.
    """
    from kit.exercises.grading import workers

    launch = f'["python3", "-c", "import time; time.sleep(900)", "{GHOST}"]'
    stuck = [
        'nombre = "Lola"',
        RIGHT,
        f"import subprocess\nsubprocess.Popen({launch}, start_new_session=True)",
        "open('empezado', 'w').close()",
        "import time\nwhile True:\n    time.sleep(1)",
    ]
    paths = [write_notebook(tmp_path / "entregas" / "1_rapida.ipynb", 'nombre = "Eva"', RIGHT)]
    paths += [write_notebook(tmp_path / "entregas" / f"{n}_bucle.ipynb", *stuck) for n in (2, 3)]
    table = tmp_path / "notas.csv"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    command = [sys.executable, "-m", "kit.cli", "grade", *map(str, paths), "--csv", str(table)]
    grader = subprocess.Popen(
        [*command, "--timeout", "3000"],
        env={**os.environ, "TMPDIR": str(scratch)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 300  # generous: only a broken grader takes this long
        while len(list(scratch.glob("kit-grade-*/n*/work/empezado"))) < workers():
            assert grader.poll() is None and time.monotonic() < deadline, grader.communicate()
            time.sleep(0.2)
        grader.send_signal(signal.SIGTERM)
        _, err = grader.communicate(timeout=300)
        left = ghosts()
    finally:
        grader.kill()
        kill_ghosts()
    assert grader.returncode == 2, err.decode()
    assert t("grade.interrupted_some", done=1, count=3, path=table) in err.decode(), err.decode()[
        -400:
    ]
    rows = read_rows(table)
    assert (rows["1_rapida"]["name"], rows["1_rapida"]["dados-1"]) == ("Eva", "1")
    assert rows["2_bucle"]["problem"] == rows["3_bucle"]["problem"] == t("grade.not_marked")
    assert left == []
    assert list(scratch.iterdir()) == []  # the sandboxes' folders and kit copy removed
