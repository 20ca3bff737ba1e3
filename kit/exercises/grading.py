"""`kit grade`: mark a class's exercise notebooks from the values they compute, never from their ✔.

A student can forge the ✔ under an answer (`check = lambda *a: print("✔")`, or by editing the
saved outputs), so the gradebook does not read outputs. Each notebook runs in a fresh kernel, in
a temporary folder, with a time limit; then one probe cell, in the same kernel, turns each
exercise's answer variable (`answer_name("dados-2") == "respuesta_2"`) into its canonical text
with `answer_form` and prints the texts as JSON between markers that are new for every notebook.
This process judges the texts with `form_is_right`. Patching the kernel gains nothing: printing
the canonical text of a right answer means knowing the answer.

Every submission is read into memory before any student's code runs (a notebook's code could
otherwise change a classmate's file before it is marked), and the student's files are never
written. A notebook that cannot be read or run gets a row with the reason; the rest go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import re
import secrets
import signal
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import monotonic
from typing import Any

from kit.exercises.checking import answer_name, form_is_right
from kit.exercises.gradebook_files import (
    GradeError,
    check_output,
    columns,
    csv_text,
    write_csv,
    write_safely,
)
from kit.exercises.registry import Exercise, default_registry
from kit.exercises.sandbox import Sandbox, Sandboxes
from kit.messages import os_reason, t

NOTEBOOK_TIMEOUT = 300.0  # seconds for all of a notebook's cells
CELL_TIMEOUT = 120.0  # seconds for any one cell (never more than the notebook has left)
PROBE_TIMEOUT = 120  # seconds for the probe cell, which reads answers (and may import the kit)
STARTUP_TIMEOUT = 60  # seconds for a kernel to start
WORKERS = 2  # notebooks marked at once (see `workers`)
KERNEL = "python3"  # always ipykernel in this Python (see `_kernel_manager`)
_TIMED_OUT = "KitGradeTimeout"  # the error name of a cell stopped for its time limit
_LONGEST_NAME = 100
_LONGEST_ERROR = 120
_CHECK_CALL = re.compile(r"\bcheck\(\s*(['\"])([A-Za-z0-9_-]+)\1")
__all__ = ["GradeError", "Graded", "check_output", "columns", "grade", "mark_class", "write_csv"]


@dataclass
class Graded:
    """One submission's row: its exercises' marks (1 right, 0 not) and what went wrong."""

    file: str
    name: str = ""
    marks: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.marks.values())

    @property
    def problem(self) -> str:
        return "; ".join(self.problems)


# -- which notebooks, which exercises ------------------------------------------------------------


def find_submissions(paths: Iterable[Path]) -> list[Path]:
    """The notebooks named or found (recursively, sorted) in `paths`, skipping checkpoints."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_file():
            candidates = [path]
        elif path.is_dir():
            candidates = sorted(
                p
                for p in path.rglob("*.ipynb")
                if p.is_file() and ".ipynb_checkpoints" not in p.relative_to(path).parts
            )
        else:
            raise GradeError(t("grade.no_such_path", path=path))
        found += [p for p in candidates if p.resolve() not in {q.resolve() for q in found}]
    if not found:
        raise GradeError(t("grade.no_notebooks", paths=", ".join(map(str, paths))))
    return found


def _prefix(exercise_id: str) -> str:
    return exercise_id.rsplit("-", 1)[0]


def exercises_of(notebook: Any, registry: Mapping[str, Exercise]) -> list[str]:
    """The registry's exercises of a notebook, in registry order.

    An exercise belongs to the notebook when its prefix (dados in dados-3) is the prefix of a
    `check("ID", ...)` in one of its code cells, so an exercise the student deleted still counts.
    """
    prefixes = {
        _prefix(match.group(2))
        for cell in notebook.get("cells", [])
        if cell.get("cell_type") == "code"
        for match in _CHECK_CALL.finditer(str(cell.get("source", "")))
    }
    return [exercise_id for exercise_id in registry if _prefix(exercise_id) in prefixes]


def read_notebook(data: bytes) -> Any:
    """The notebook in `data`, as nbformat 4; GradeError saying why when it is not one."""
    import nbformat

    try:
        json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise GradeError(t("grade.not_json")) from None
    try:
        notebook = nbformat.reads(data.decode("utf-8"), as_version=4)
        if not all(isinstance(cell.get("source"), str) for cell in notebook.cells):
            raise ValueError("a cell without source text")
    except Exception:
        raise GradeError(t("grade.not_a_notebook")) from None
    return notebook


# -- running one notebook ------------------------------------------------------------------------


_PROBE = """\
import json as _kit_json, sys as _kit_sys
from kit.exercises.checking import answer_form as _kit_answer_form


def _kit_probe(names):
    space = globals()
    forms = {{}}
    for exercise_id, name in names.items():
        try:
            forms[exercise_id] = _kit_answer_form(exercise_id, space.get(name, ...))
        except Exception:
            forms[exercise_id] = None
    try:
        nombre = str.strip(space.get("nombre", ""))
    except Exception:
        nombre = ""
    return {{"name": nombre, "forms": forms}}


_kit_sys.stdout.write({start!r} + _kit_json.dumps(_kit_probe({names!r})) + {end!r} + "\\n")
"""


def probe_source(exercise_ids: Sequence[str], start: str, end: str) -> str:
    """The cell that prints the notebook's answers as canonical texts between two markers."""
    names = {exercise_id: answer_name(exercise_id) for exercise_id in exercise_ids}
    return _PROBE.format(start=start, end=end, names=names)


def read_probe(text: str, start: str, end: str, exercise_ids: Sequence[str]) -> dict | None:
    """{"name": str, "forms": {id: [str] | None}} from the probe's printed text; None if absent."""
    begin = text.rfind(start)
    stop = text.find(end, begin + len(start)) if begin >= 0 else -1
    if stop < 0:
        return None
    try:
        found = json.loads(text[begin + len(start) : stop])
    except ValueError:
        return None
    if not isinstance(found, dict) or not isinstance(found.get("forms"), dict):
        return None
    name = found.get("name")
    forms = {exercise_id: found["forms"].get(exercise_id) for exercise_id in exercise_ids}
    return {
        "name": name[:_LONGEST_NAME] if isinstance(name, str) else "",
        "forms": {i: _texts(form) for i, form in forms.items()},
    }


def _texts(form: object) -> list[str] | None:
    """An answer's canonical texts as the probe printed them (one, or two readings)."""
    if isinstance(form, str):
        return [form]
    if isinstance(form, list) and 1 <= len(form) <= 2 and all(isinstance(f, str) for f in form):
        return form
    return None


def _short(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= _LONGEST_ERROR else text[: _LONGEST_ERROR - 1] + "…"


def _stdout(cell: Any) -> str:
    return "".join(
        str(output.get("text", ""))
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream" and output.get("name") == "stdout"
    )


class _Run:
    """One notebook in one kernel: the student's cells within the time limit, then the probe."""

    def __init__(self, notebook: Any, exercise_ids: list[str], timeout: float, cell_timeout: float):
        import nbformat

        self.exercise_ids = exercise_ids
        self.timeout = timeout
        self.cell_timeout = cell_timeout
        self.start = f"<<kit-grade-{secrets.token_hex(8)}>>"
        self.end = f"<</kit-grade-{secrets.token_hex(8)}>>"
        # Only code cells run; each remembers its place in the student's notebook (1-based).
        code = [(i + 1, c.source) for i, c in enumerate(notebook.cells) if c.cell_type == "code"]
        self.places = [place for place, _ in code]
        cells = [nbformat.v4.new_code_cell(source) for _, source in code]
        cells.append(nbformat.v4.new_code_cell(probe_source(exercise_ids, self.start, self.end)))
        self.notebook = nbformat.v4.new_notebook(cells=cells)
        self.problems: list[str] = []
        self.stopped: str | None = None  # why the run ended before the probe answered
        self.probe: dict | None = None

    def _on_error(self, cell: Any, cell_index: int, execute_reply: dict, **_: Any) -> None:
        content = execute_reply.get("content", {})
        if cell_index >= len(self.places):  # the probe: its trouble shows as missing answers
            if content.get("ename") == _TIMED_OUT:
                self.stopped = t("grade.still_busy")
            return
        place = self.places[cell_index]
        if content.get("ename") == _TIMED_OUT:
            self.problems.append(t("grade.cell_timeout", cell=place))
        else:
            error = f"{content.get('ename', '?')}: {content.get('evalue', '')}".rstrip(": ")
            self.problems.append(t("grade.cell_error", cell=place, error=_short(error)))

    async def run(self, sandbox: Sandbox) -> None:
        """Start a kernel in `sandbox`, run the cells, read the probe, end the sandbox.

        The kernel is started by hand rather than with nbclient's `async_setup_kernel`, which
        catches Ctrl-C to stop the kernel and lets the program go on: the teacher's Ctrl-C
        must stop `kit grade`, not mark one notebook as broken.
        """
        from jupyter_core.utils import ensure_async
        from nbclient import NotebookClient

        client = NotebookClient(
            self.notebook,
            kernel_name=KERNEL,
            allow_errors=True,
            interrupt_on_timeout=True,  # a stuck cell is interrupted and reported, not waited on
            error_on_timeout={"ename": _TIMED_OUT, "evalue": "", "traceback": []},
            startup_timeout=STARTUP_TIMEOUT,
            on_cell_error=self._on_error,
            record_timing=False,
        )
        client.km = _kernel_manager(sandbox)
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}  # the kernel's logs
        try:
            await client.async_start_new_kernel(
                cwd=str(sandbox.work), env=sandbox.environment(), **quiet
            )
            await client.async_start_new_kernel_client()
            await client.async_wait_for_reply(await ensure_async(client.kc.kernel_info()))
            await self._cells(client)
        finally:
            if client.kc is not None:
                await ensure_async(client.kc.stop_channels())
            sandbox.stop(getattr(client.km.provisioner, "process", None))  # all it started
            if await ensure_async(client.km.is_alive()):
                await ensure_async(client.km.shutdown_kernel(now=True))
            else:  # its sockets and connection file
                await ensure_async(client.km.cleanup_resources())

    async def _cells(self, client: Any) -> None:
        """The student's cells while the notebook has time left, then the probe."""
        from nbclient.exceptions import DeadKernelError

        cells = self.notebook.cells
        deadline = monotonic() + self.timeout
        try:
            for index, cell in enumerate(cells[:-1]):
                left = deadline - monotonic()
                if left <= 0:
                    self.problems.append(t("grade.out_of_time", seconds=_seconds(self.timeout)))
                    break
                client.timeout = max(1, math.ceil(min(self.cell_timeout, left)))
                await client.async_execute_cell(cell, index, execution_count=index + 1)
            client.timeout = PROBE_TIMEOUT
            await client.async_execute_cell(cells[-1], len(cells) - 1)
        except DeadKernelError:
            self.stopped = t("grade.kernel_died")
            return
        self.probe = read_probe(_stdout(cells[-1]), self.start, self.end, self.exercise_ids)


def _kernel_manager(sandbox: Sandbox) -> Any:
    """A kernel manager for ipykernel in this very Python, started inside `sandbox`, whatever
    kernel the notebook names or a `python3` kernelspec elsewhere points to: the kit in the
    kernel is (a copy of) the kit that judges.

    It talks over ipc sockets in the sandbox's folder (TCP loopback does not reach into a
    network namespace) and interrupts a stuck cell with a message (a signal would stop at
    bwrap); Windows has neither, and keeps TCP and signals.
    """
    from ipykernel.kernelspec import RESOURCES, get_kernel_dict
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    class ThisPython(KernelSpecManager):
        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            spec = get_kernel_dict()
            return KernelSpec(
                resource_dir=RESOURCES,
                name=KERNEL,
                argv=sandbox.command(spec["argv"]),
                interrupt_mode="message" if os.name == "posix" else "signal",
                **{key: spec[key] for key in ("display_name", "language", "metadata")},
            )

    class InSandbox(AsyncKernelManager):
        def write_connection_file(self, **kwargs: Any) -> None:
            super().write_connection_file(**kwargs)
            sandbox.own(Path(self.connection_file))

    where = {}
    if os.name == "posix":
        where = {"transport": "ipc", "ip": str(sandbox.ipc / "kernel")}
    return InSandbox(
        kernel_name=KERNEL,
        kernel_spec_manager=ThisPython(),
        connection_file=str(sandbox.ipc / "kernel.json"),
        cache_ports=False,
        **where,
    )


def _seconds(value: float) -> str:
    """Seconds as the class language writes them: 300, 2,5."""
    return f"{value:g}".replace(".", t("number.decimal"))


async def grade_notebook(
    path: Path,
    data: bytes,
    sandboxes: Sandboxes,
    *,
    worker: int = 0,
    timeout: float = NOTEBOOK_TIMEOUT,
    cell_timeout: float = CELL_TIMEOUT,
) -> Graded:
    """Mark one submission whose bytes are `data` in a sandbox of its own (`worker` tells
    sandboxes running at the same time apart); never raises for what a student sent."""
    row = Graded(file=str(path))
    try:
        notebook = read_notebook(data)
    except GradeError as error:
        row.problems.append(str(error))
        return row
    exercise_ids = exercises_of(notebook, default_registry())
    if not exercise_ids:
        row.problems.append(t("grade.no_check"))
        return row
    row.marks = dict.fromkeys(exercise_ids, 0)
    run = _Run(notebook, exercise_ids, timeout, min(cell_timeout, timeout))
    try:
        await run.run(sandboxes.sandbox(worker, Path(path).name, data, timeout))
    except Exception as error:  # the kernel would not start, or stopped talking
        run.stopped = t("grade.not_run", error=_short(f"{type(error).__name__}: {error}"))
    row.problems += run.problems
    if run.probe is None:
        row.problems.append(run.stopped or t("grade.unreadable"))
        return row
    row.name = run.probe["name"]
    for exercise_id, form in run.probe["forms"].items():
        row.marks[exercise_id] = int(form is not None and form_is_right(exercise_id, form))
    return row


# -- the class -----------------------------------------------------------------------------------


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) while marking: `rows` has every row, those not marked with a note."""

    def __init__(self, rows: list[Graded]) -> None:
        super().__init__()
        self.rows = rows


def check_timeout(seconds: float) -> None:
    """Refuse a time limit that is not a positive number of seconds."""
    if not (isinstance(seconds, int | float) and math.isfinite(seconds) and seconds > 0):
        raise GradeError(t("grade.bad_timeout", value=seconds))


def workers() -> int:
    """Notebooks marked at once: two (as fast as the kernels' start allows), never more than
    the computer has cores."""
    return max(1, min(WORKERS, os.cpu_count() or 1))


def _read_all(paths: Sequence[Path]) -> list[bytes | OSError]:
    """Every submission's bytes, all read before any student's code runs."""
    submitted: list[bytes | OSError] = []
    for path in paths:
        try:
            submitted.append(Path(path).read_bytes())
        except OSError as error:
            submitted.append(error)
    return submitted


def grade(
    paths: Sequence[Path],
    *,
    timeout: float = NOTEBOOK_TIMEOUT,
    cell_timeout: float = CELL_TIMEOUT,
    progress: bool = True,
) -> list[Graded]:
    """Mark every notebook in `paths` (from `find_submissions`), one row each, in order.

    Raises `Interrupted` (a KeyboardInterrupt) with the rows so far on Ctrl-C or SIGTERM,
    once every sandbox has been ended.
    """
    from tqdm.auto import tqdm

    check_timeout(timeout)
    submitted = _read_all(paths)
    bar = tqdm(
        total=len(paths), desc=t("grade.progress"), unit=t("grade.unit"), disable=not progress
    )
    with Sandboxes() as sandboxes, bar:
        if sandboxes.less_contained():
            print(t("grade.less_contained"), file=sys.stderr)
        marking = _Marking(paths, submitted, sandboxes, bar, timeout, cell_timeout)
        rows, interrupted = asyncio.run(marking.all())
    if interrupted:
        raise Interrupted(rows)
    return rows


class _Marking:
    """The class's notebooks, `workers()` at a time, each row in its place."""

    def __init__(
        self,
        paths: Sequence[Path],
        submitted: list[bytes | OSError],
        sandboxes: Sandboxes,
        bar: Any,
        timeout: float,
        cell_timeout: float,
    ) -> None:
        self.paths, self.submitted, self.sandboxes, self.bar = paths, submitted, sandboxes, bar
        self.limits = {"timeout": timeout, "cell_timeout": cell_timeout}
        self.rows: list[Graded | None] = [None] * len(paths)

    async def one(self, index: int, free: Any) -> None:
        path, data = self.paths[index], self.submitted[index]
        if isinstance(data, OSError):
            why = os_reason(data)
            self.rows[index] = Graded(str(path), problems=[t("grade.unreadable_file", error=why)])
        else:
            worker = await free.get()
            try:
                self.bar.set_postfix_str(Path(path).name)
                row = await grade_notebook(path, data, self.sandboxes, worker=worker, **self.limits)
            finally:
                free.put_nowait(worker)
            # Stopped by the teacher (the kernel then looks as if it had died): not the
            # student's fault, so the row says it was not marked.
            current = asyncio.current_task()
            if current is None or not current.cancelling():
                self.rows[index] = row
        self.bar.update()

    async def all(self) -> tuple[list[Graded], bool]:
        """Every row, and whether the marking was interrupted (the rest then say so)."""
        free: asyncio.Queue[int] = asyncio.Queue()
        for worker in range(workers()):
            free.put_nowait(worker)
        tasks = [asyncio.ensure_future(self.one(i, free)) for i in range(len(self.paths))]
        interrupted = False
        with _terminate_cancels(asyncio.current_task()):
            try:
                await asyncio.gather(*tasks)
            except asyncio.CancelledError:
                interrupted = True
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)  # sandboxes ended
        rows = [
            row or Graded(str(path), problems=[t("grade.not_marked")])
            for path, row in zip(self.paths, self.rows, strict=True)
        ]
        return rows, interrupted


@contextlib.contextmanager
def _terminate_cancels(task: Any) -> Iterator[None]:
    """While marking, SIGTERM (a `kill`) is Ctrl-C: the rows so far are still written."""
    loop = asyncio.get_running_loop()
    own = os.name == "posix" and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    if own:
        try:
            loop.add_signal_handler(signal.SIGTERM, task.cancel)
        except (RuntimeError, ValueError):  # not the main thread
            own = False
    try:
        yield
    finally:
        if own:
            loop.remove_signal_handler(signal.SIGTERM)


def mark_class(
    submissions: Sequence[Path],
    csv_path: Path,
    *,
    html_path: Path | None = None,
    timeout: float = NOTEBOOK_TIMEOUT,
    progress: bool = True,
) -> list[str]:
    """`kit grade`: find, run and mark the notebooks; write the CSV (and page); say what was done.

    Arguments are checked before the first kernel starts, so a typo costs no waiting. The files
    are written only once every row is in and every sandbox has ended, so nothing a notebook
    left running can change them; on Ctrl-C the rows marked so far are written all the same.
    """
    from kit.exercises.gradebook_html import page

    check_timeout(timeout)
    paths = find_submissions(submissions)
    for output in (csv_path, html_path):
        if output is not None:
            check_output(output, paths)
    interrupted = None
    try:
        rows = grade(paths, timeout=timeout, progress=progress)
    except Interrupted as stop:
        rows, interrupted = stop.rows, stop
    exercise_ids = columns(rows)
    write_safely(csv_path, csv_text(rows, exercise_ids))
    if html_path is not None:
        write_safely(html_path, page(rows, exercise_ids))
    if interrupted is not None:
        done = sum(1 for row in rows if t("grade.not_marked") not in row.problems)
        message = t("grade.interrupted_some", done=done, count=len(rows), path=csv_path)
        raise GradeError(message) from None
    report = [t("grade.wrote_csv", count=len(rows), path=csv_path)]
    if html_path is not None:
        report.append(t("grade.wrote_html", path=html_path))
    if troubled := sum(1 for row in rows if row.problems):
        one = troubled == 1
        report.append(t("grade.with_problem") if one else t("grade.with_problems", count=troubled))
    return report
