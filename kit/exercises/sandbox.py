"""Where `kit grade` runs a student's notebook: a sandbox per notebook, away from the teacher.

A submission is code from a student, run on the teacher's computer. Without a sandbox it could
read the teacher's files, a classmate's submission, the environment's secrets and the answer
key (the masters in the repository's exercises/*.ipynb, next to an editable `kit`); write
through a symlink at an output path; leave processes behind that rewrite the marks after the
grader has finished; patch the kit so the next run marks wrong answers right; and take all the
memory, processes or network. nbgrader runs student code the same way; otter-grader runs a
container per submission, which school computers rarely have.

Design: the kernel stays ipykernel driven by jupyter_client and nbclient (the same kernel the
notebook was written in, so marks are the same as before: display, widgets, `%magics`,
interrupts of a stuck cell and the probe after the cells all behave as in JupyterLab). Only
how the kernel is *started* changes: its command line is wrapped here, it talks to the grader
over ZMQ `ipc` sockets (files in a folder bound into the sandbox: TCP loopback does not cross a
network namespace) and is interrupted with an `interrupt_request` message (signals do not reach
through bwrap's new session). A home-made runner over pipes would have had to re-create all of
that and would mark some notebooks differently.

Every notebook, everywhere:
- runs in its own process, in an empty folder of its own holding only its own copy;
- with a cleared environment: PATH, HOME (that folder), LANG, PYTHONPATH and nothing of the
  teacher's;
- importing the kit from a read-only copy made once per `kit grade` run (never the
  repository's `kit`, whose source it could patch);
- POSIX only: limits set by a tiny launcher before the kernel starts (memory 2 GiB of data,
  CPU time tied to the notebook's time limit, file size 256 MiB); its own session.

On Linux with bubblewrap (`bwrap`), also: a filesystem of its own with only /usr, the Python
prefix and its site-packages read-only, the kit copy read-only, its own folder and a private
/tmp writable — no home folder, no submissions, no repository, so no masters; no network
(`--unshare-all`); its own PID namespace, so everything it started dies when its row is written
(the grader kills the namespace's first process and waits for bwrap to end, which happens only
once the namespace is empty) or when the grader dies (`--die-with-parent`); and a process-count
limit. As an ordinary user RLIMIT_NPROC counts the sandbox's own user namespace; as root
(where Linux never enforces RLIMIT_NPROC) bwrap runs without a user namespace and the launcher
drops to an unused uid of its own per worker, so the limit holds and two sandboxes never share it.
On Linux with `unshare` only (util-linux): no network, a PID namespace (so nothing survives its
row), the process limit for an ordinary user (not for root); but the teacher's files are
readable and writable as the teacher. With neither: limits and its own session only — a process
that starts a session of its own can outlive its row. `kit grade` says so in one line.
macOS: separate process, cleared environment, empty folder, copied kit, limits as macOS
applies them (it ignores the memory limit); no OS isolation. Windows: separate process, cleared
environment, empty folder, copied kit; no OS isolation and no resource limits.
"""

from __future__ import annotations

import compileall
import contextlib
import math
import os
import shutil
import signal
import site
import stat
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import kit

MEMORY = 2 * 1024**3  # bytes of data a notebook may map (RLIMIT_DATA, or RLIMIT_AS)
FILE_SIZE = 256 * 1024**2  # bytes: the largest file it may write
PROCESSES = 128  # processes and threads of one sandbox (its kernel has about 15 threads)
CPU_MARGIN = 60  # CPU seconds beyond the notebook's time limit: starting, the probe
FIRST_UID = 2_000_000_000  # as root: worker N's sandbox runs as FIRST_UID + N, an unused uid
STOP_WAIT = 30.0  # seconds to wait for a killed sandbox to be gone (it is, in milliseconds)
BWRAP, UNSHARE, NONE = "bwrap", "unshare", "none"

# Run by the sandbox's Python before the kernel: set the limits (never above a hard limit the
# teacher already has), drop to the sandbox's uid when started as root, then become the kernel.
_LAUNCHER = """\
import os, resource, sys
for name, soft, hard in {limits!r}:
    which = getattr(resource, name, None)
    if which is not None:
        _, ceiling = resource.getrlimit(which)
        if ceiling != resource.RLIM_INFINITY:
            soft, hard = min(soft, ceiling), min(hard, ceiling)
        resource.setrlimit(which, (soft, hard))
if {uid!r} is not None:
    os.setgroups([])
    os.setgid({uid!r})
    os.setuid({uid!r})
os.execv(sys.argv[1], sys.argv[1:])
"""


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@cache
def containment() -> str:
    """The strongest sandbox this computer can run: BWRAP, UNSHARE or NONE (tried, not guessed:
    a bwrap that cannot create namespaces here counts as missing)."""
    if not sys.platform.startswith("linux"):
        return NONE
    tries = {
        BWRAP: ["bwrap", "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"],
        UNSHARE: ["unshare", "-n", "-p", "-f", "--kill-child", "true"],
    }
    if not _is_root():
        tries[UNSHARE][1:1] = ["-U", "-r"]
    for mode, argv in tries.items():
        if shutil.which(argv[0]) is None:
            continue
        try:
            done = subprocess.run(argv, capture_output=True, timeout=STOP_WAIT, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return mode
    return NONE


def _kit_source() -> Path:
    """The folder the grader's own `kit` package is in (the repository, for an editable
    install): the sandbox hides it."""
    return Path(kit.__file__).resolve().parent


def _python_folders() -> list[Path]:
    """What the kernel's Python needs read-only: its prefixes and site-packages folders."""
    found = [Path(sys.base_prefix), Path(sys.prefix), *map(Path, site.getsitepackages())]
    if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
        found.append(Path(site.getusersitepackages()))
    folders: list[Path] = []
    for folder in (path.resolve() for path in found if path.is_dir()):
        if folder not in folders and not any(folder.is_relative_to(f) for f in folders):
            folders = [f for f in folders if not f.is_relative_to(folder)] + [folder]
    return folders


def _read_only(tree: Path) -> None:
    """Make a copied tree readable by everyone and writable by no one."""
    for path in [tree, *tree.rglob("*")]:
        mode = 0o555 if path.is_dir() else 0o444
        path.chmod(mode)


def _writable(tree: Path) -> None:
    """Undo `_read_only` so the tree can be removed."""
    for path in [tree, *tree.rglob("*")]:
        if not path.is_symlink():
            path.chmod(stat.S_IRWXU | path.stat().st_mode)


@dataclass(frozen=True)
class Limits:
    """A notebook's resource limits (soft, hard) for the launcher."""

    cpu_seconds: int
    memory: int = MEMORY
    file_size: int = FILE_SIZE
    processes: int | None = PROCESSES

    def launcher(self, uid: int | None) -> str:
        """The launcher's Python source with these limits."""
        memory = "RLIMIT_DATA" if sys.platform.startswith("linux") else "RLIMIT_AS"
        limits = [
            (memory, self.memory, self.memory),
            ("RLIMIT_CPU", self.cpu_seconds, self.cpu_seconds + 5),
            ("RLIMIT_FSIZE", self.file_size, self.file_size),
        ]
        if self.processes is not None:
            limits.append(("RLIMIT_NPROC", self.processes, self.processes))
        return _LAUNCHER.format(limits=limits, uid=uid)


class Sandboxes:
    """One `kit grade` run's sandboxes: the kit copy they share and a folder for each notebook.

    Use as a context manager; everything it made is removed at the end.
    """

    def __init__(self, mode: str | None = None) -> None:
        self.mode = containment() if mode is None else mode
        self.root = Path(tempfile.mkdtemp(prefix="kit-grade-")).resolve()
        self.root.chmod(0o711)  # sandboxes' own uids pass through; nobody lists it
        self.kit_path = self.root / "kit-copy"
        copy = self.kit_path / "kit"
        shutil.copytree(_kit_source(), copy, ignore=shutil.ignore_patterns("__pycache__"))
        compileall.compile_dir(copy, quiet=2)  # read-only: no kernel could write its bytecode
        _read_only(self.kit_path)
        self._count = 0

    def __enter__(self) -> Sandboxes:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Remove the kit copy and every sandbox's folder."""
        if self.kit_path.exists():
            _writable(self.kit_path)
        shutil.rmtree(self.root, ignore_errors=True)

    def less_contained(self) -> bool:
        """True on Linux without bwrap: marking is less contained than it could be."""
        return sys.platform.startswith("linux") and self.mode != BWRAP

    def sandbox(self, worker: int, name: str, data: bytes, timeout: float) -> Sandbox:
        """A new sandbox for one notebook: its folder holds only `data`, saved as `name`."""
        self._count += 1
        place = self.root / f"n{self._count}"
        work, ipc = place / "work", place / "ipc"
        for folder in (place, work, ipc):
            folder.mkdir(mode=0o700)
        (work / Path(name).name).write_bytes(data)
        uid = FIRST_UID + worker if self.mode == BWRAP and _is_root() else None
        if uid is not None:
            place.chmod(0o711)
            for path in (work, ipc, *work.iterdir()):
                os.chown(path, uid, uid)
        # RLIMIT_NPROC counts a uid's processes: the sandbox's own only in a user namespace or
        # under its own uid; outside one it would count all the teacher's, and root has none.
        counted = self.mode == BWRAP or (self.mode == UNSHARE and not _is_root())
        limits = Limits(math.ceil(timeout) + CPU_MARGIN, processes=PROCESSES if counted else None)
        return Sandbox(self.mode, work, ipc, self.kit_path, limits, uid)


@dataclass
class Sandbox:
    """One notebook's sandbox: how to start its kernel, and how to end everything it started."""

    mode: str
    work: Path
    ipc: Path
    kit_path: Path
    limits: Limits
    uid: int | None

    def environment(self) -> dict[str, str]:
        """The kernel's whole environment: what Python needs and nothing of the teacher's."""
        bin_folder = str(Path(sys.executable).parent)
        env = {
            "PATH": os.pathsep.join([bin_folder, "/usr/local/bin", "/usr/bin", "/bin"]),
            "HOME": str(self.work),
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "PYTHONPATH": str(self.kit_path),
            "PYTHONNOUSERSITE": "1",
        }
        if os.name == "nt":  # Windows' Python cannot start without these
            env["PATH"] = os.pathsep.join([bin_folder, os.environ.get("SYSTEMROOT", "")])
            for key in ("SYSTEMROOT", "SYSTEMDRIVE", "COMSPEC", "PATHEXT"):
                if key in os.environ:
                    env[key] = os.environ[key]
            env["TEMP"] = env["TMP"] = env["USERPROFILE"] = str(self.work)
        return env

    def command(self, kernel: Sequence[str]) -> list[str]:
        """The kernel's command line (`kernel`, e.g. python -m ipykernel_launcher -f FILE),
        wrapped in the launcher and in bwrap or unshare."""
        if os.name != "posix":
            return list(kernel)
        python = kernel[0]
        launched = [python, "-I", "-S", "-c", self.limits.launcher(self.uid), *kernel]
        if self.mode == BWRAP:
            return [*self._bwrap(), "--", *launched]
        if self.mode == UNSHARE:
            user = [] if _is_root() else ["-U", "-r"]
            return ["unshare", *user, "-n", "-p", "-f", "--kill-child", "--", *launched]
        return launched

    def _bwrap(self) -> list[str]:
        """bwrap's options: a filesystem of /usr, Python, the kit copy and this folder only."""
        argv = ["bwrap", "--die-with-parent", "--new-session"]
        if self.uid is None:
            argv.append("--unshare-all")
        else:  # as root: namespaces without a user namespace; the launcher drops to `uid`
            argv += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
            argv += ["--unshare-cgroup-try", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        argv += ["--ro-bind", "/usr", "/usr"]
        for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
            path = Path("/") / name
            if path.is_symlink():
                argv += ["--symlink", os.readlink(path), str(path)]
            elif path.is_dir():
                argv += ["--ro-bind", str(path), str(path)]
        argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
        python = [f for f in _python_folders() if not f.is_relative_to("/usr")]
        shared = [*python, self.kit_path]
        for folder in _parents([*shared, self.work, self.ipc]):
            argv += ["--perms", "0755", "--dir", str(folder)]
        for folder in python:
            argv += ["--ro-bind", str(folder), str(folder)]
        source = _kit_source().parent
        if any(source.is_relative_to(f) for f in [Path("/usr"), *python]):
            argv += ["--tmpfs", str(source)]  # the repository inside a bound folder: hidden
            for folder in python:
                if folder.is_relative_to(source):
                    argv += ["--ro-bind", str(folder), str(folder)]
        argv += ["--ro-bind", str(self.kit_path), str(self.kit_path)]
        argv += ["--bind", str(self.work), str(self.work), "--bind", str(self.ipc), str(self.ipc)]
        argv += ["--chdir", str(self.work), "--clearenv"]
        for key, value in self.environment().items():
            argv += ["--setenv", key, value]
        return argv

    def own(self, path: Path) -> None:
        """Give a file the grader wrote for the kernel (its connection file) to the sandbox's
        uid, which is not the grader's when running as root."""
        if self.uid is not None:
            os.chown(path, self.uid, self.uid)

    def stop(self, process: subprocess.Popen | None) -> None:
        """End everything the notebook started, and return only once it is gone.

        With a PID namespace, killing its first process makes Linux kill every other one and
        wait for them; bwrap (or unshare) ends only after that, so waiting for it is enough.
        Without one, the kernel's process group is killed (a process that left it survives).
        """
        if process is None:
            return
        if self.mode in (BWRAP, UNSHARE) and process.poll() is None:
            for child in _children(process.pid):
                _kill(child)
            try:
                process.wait(STOP_WAIT)
                return
            except subprocess.TimeoutExpired:
                pass
        if hasattr(os, "killpg"):
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
        _kill(process.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(STOP_WAIT)


def _parents(paths: Sequence[Path]) -> list[Path]:
    """Every folder above `paths`, shortest first: bwrap would create them for the owner only."""
    found = {parent for path in paths for parent in path.parents if parent != Path("/")}
    return sorted(found, key=lambda path: len(path.parts))


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(child) for child in text.split()]
    except OSError:
        pass
    children = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == str(pid):
            children.append(int(entry.name))
    return children


def _kill(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
