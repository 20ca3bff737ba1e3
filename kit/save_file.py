"""The save file of a class game: an append-only log with one writer.

A save file is JSON Lines. The first line is the table (rule set, options, seats, seed); each
line after it is one save: its number, the chance steps taken so far, the log entries since
the save before, the state and the time. A save appends one line, so its cost does not grow
with the game. The whole file is written again (to a temporary name of its own, flushed to
disk, then put in place) only for a new game, for the first save after a resume (which folds
the lines into one and drops a torn end, or the saves after a gap in their numbers), and after
a save that failed. A kill in the middle of an append leaves a torn last line, which reading
drops, saying so.

One writer: next to the file, a lock file (``partida.json.lock``) names the session that holds
the game, where and since when. A session claims it before it reads the file, so what it reads
no other session writes to any more. Another session is refused while the holder lives; it may
take the game over, saying so, when the holder is gone (a process that no longer exists on this
machine) or has not saved for `STALE_AFTER` seconds. Every change of the lock is one atomic
step, so of two sessions at the same moment exactly one gets it: a lock is created only if
there is none (``O_EXCL``); a stale one is replaced only by the session that creates its
marker, ``partida.json.lock.<hash of that lock's bytes>.<n>`` (``O_EXCL`` again: one creator),
and only if the lock still holds those very bytes (a look that is out of date replaces
nothing), with ``os.replace``, so the lock is never missing. A marker, or an empty lock, older
than `MARKER_STALE` seconds was left by a session that died in its stride; a fresh one means
another session is opening the game now. In the browser (JupyterLite) a kernel
cannot tell a reloaded tab from a live one, and a class reloads often, so there the newest
session takes the game, saying so, and the older one refuses moves, as a notebook's cell run
again does in the same kernel. Before every write the session checks
that the lock is still its own and that the file holds no newer save than its last, so a write
never replaces a newer save with an older one. This needs nothing but files, so it works the
same on Linux, macOS, Windows and in JupyterLite's browser storage (no ``fcntl`` there).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import socket
import sys
import tempfile
import time
import uuid
import weakref
from pathlib import Path
from typing import Any

from kit.messages import PlainError, t

STALE_AFTER = 120  # seconds without a save after which another session may take a game over
MARKER_STALE = 10  # seconds after which a taker's marker (or an empty lock) is one left by a crash
_TRIES = 5  # looks at a lock that changes under us before this session says it is in use
_PROCESS = uuid.uuid4().hex[:12]  # this process; each SaveFile adds its own number
_SERIAL = iter(range(1, 1 << 62))
_OPEN: weakref.WeakSet[SaveFile] = weakref.WeakSet()  # this process's held files (released at exit)


def _new_process() -> None:
    """A forked child is another process: another name, and none of its parent's locks."""
    global _PROCESS
    _PROCESS = uuid.uuid4().hex[:12]
    _OPEN.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_process)


class SaveConflict(PlainError):
    """Another session holds the game, or has saved it after this one: nothing was written."""


class InUse(PlainError):
    """A live session elsewhere holds the game: it cannot be opened here now."""


def _fsync(handle: Any) -> None:
    """Flush a written file to disk (a no-op where the file system has no such call)."""
    handle.flush()
    with contextlib.suppress(OSError, AttributeError, ValueError):  # e.g. a browser's storage
        os.fsync(handle.fileno())


def _where() -> str:
    """Where this session runs, in the words of a lock file."""
    if sys.platform == "emscripten":
        return t("session.where_browser")
    return t("session.where_process", pid=os.getpid(), host=_host())


def _clock(seconds: float) -> str:
    return time.strftime("%H:%M", time.localtime(seconds))


class SaveFile:
    """One session's hold on a save file: its lock, the last save it wrote, its appends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = path.with_name(path.name + ".lock")
        self.holder = f"{_PROCESS}-{next(_SERIAL)}"
        self.number = 0  # the number of the last save this session wrote or read
        self.size: int | None = None  # the file's size after that save; None: write it whole
        self.held = False

    # -- the lock ------------------------------------------------------------------------------

    def claim(self) -> str | None:
        """Take the lock: None, or a sentence saying whose game this session took over. Raises
        `InUse` while a live session elsewhere holds it (or another takes it at this very
        moment), and OSError if the folder cannot be written. Claimed before the file is
        read (`kit.session.Session.resume`), so two sessions never both play one game."""
        record = {
            "holder": self.holder,
            "where": _where(),
            "host": _host(),
            "pid": os.getpid(),
            "since": time.time(),
        }
        notice = None
        for _ in range(_TRIES):
            if self._create(record):
                break
            raw = self._read_raw()
            if raw is None:  # released between the two looks: try to create it again
                continue
            notice = self._take_over(_parse(raw), raw)  # InUse while its holder plays
            if self._replace_stale(raw, record):
                break
        else:
            raise self._in_use(self._read_lock())
        if self._read_lock().get("holder") != self.holder:  # never: each step above is atomic
            raise self._in_use(self._read_lock())
        self.held = True
        _OPEN.add(self)
        return notice

    def _create(self, record: dict[str, Any]) -> bool:
        """Create the lock if there is none (create-exclusive: of two at once, one succeeds)."""
        try:
            fd = os.open(self.lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            return False
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(record, handle)
            _fsync(handle)
        return True

    def _replace_stale(self, raw: bytes, record: dict[str, Any]) -> bool:
        """Put this session's lock in the place of the stale lock whose bytes are ``raw``, if
        it is still there; False if it changed meanwhile (look again). Only the one session
        that creates the marker ``<lock>.<hash of raw>.<n>`` (create-exclusive) may replace
        that very lock, so of two takers at once one wins and the other is refused."""
        key = hashlib.sha256(raw).hexdigest()[:16]
        for generation in range(1, _TRIES + 1):
            marker = self.lock.with_name(f"{self.lock.name}.{key}.{generation}")
            try:
                fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                if not _older_than(marker, MARKER_STALE):  # another session takes it now
                    raise InUse("session.opening_now", path=self.path) from None
                continue  # left by a taker that died in its stride: the next generation
            os.close(fd)
            try:
                if self._read_raw() != raw:  # taken or released since: not the lock judged
                    return False
                self._write_lock(record)
                return True
            finally:
                for old in range(1, generation + 1):  # the lock judged is gone: so are they
                    with contextlib.suppress(OSError):
                        self.lock.with_name(f"{self.lock.name}.{key}.{old}").unlink()
        raise InUse("session.opening_now", path=self.path)

    def _take_over(self, lock: dict[str, Any], raw: bytes = b"{}") -> str | None:
        """Whether the lock ``lock`` may be taken: None if it was this process's own (a game
        opened again in the same kernel), a sentence if its holder is gone or silent, else
        `InUse`. An empty lock a moment old is one being written: in use."""
        holder = str(lock.get("holder", ""))
        if holder.startswith(_PROCESS + "-"):
            return None  # the older session of this kernel stops saving (see `mine`)
        if not raw.strip() and not _older_than(self.lock, MARKER_STALE):
            raise InUse("session.opening_now", path=self.path)
        if not lock:
            return t("session.took_broken_lock", path=self.path)
        if sys.platform == "emscripten":  # a tab reloaded or a kernel restarted looks the same
            return t("session.took_in_browser", path=self.path)  # as a live tab: newest plays
        if _gone(lock):
            return t("session.took_from_gone", path=self.path, where=lock.get("where", "?"))
        quiet = time.time() - self._last_sign(lock)
        if quiet > STALE_AFTER:
            return t(
                "session.took_from_quiet",
                path=self.path,
                where=lock.get("where", "?"),
                minutes=int(quiet // 60),
            )
        raise self._in_use(lock)

    def _in_use(self, lock: dict[str, Any]) -> InUse:
        last = self._last_sign(lock)
        return InUse(
            "session.in_use",
            path=self.path,
            where=lock.get("where", "?"),
            since=_clock(float(lock.get("since", last))),
            last=_clock(last),
            free=_clock(last + STALE_AFTER),
        )

    def _last_sign(self, lock: dict[str, Any]) -> float:
        """When the holder last showed it was there: it took the lock, or it saved."""
        since = lock.get("since")
        since = float(since) if isinstance(since, int | float) else 0.0
        try:
            return max(since, self.path.stat().st_mtime)
        except OSError:
            return since

    def _read_lock(self) -> dict[str, Any]:
        """The lock's record ({} if it is missing or unreadable)."""
        return _parse(self._read_raw() or b"")

    def _read_raw(self) -> bytes | None:
        """The lock's bytes, None if there is no lock."""
        try:
            return self.lock.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            return b""

    def _write_lock(self, record: dict[str, Any]) -> None:
        _replace_with(self.lock, json.dumps(record))

    def mine(self) -> SaveConflict | None:
        """None while this session holds the game; else why it may no longer save."""
        if not self.held:
            return None
        if not self.lock.exists():  # deleted by hand: nobody else holds it, so take it again
            with contextlib.suppress(OSError, InUse):
                self.claim()
        lock = self._read_lock()
        holder = str(lock.get("holder", ""))
        if holder == self.holder:
            return None
        if holder.startswith(_PROCESS + "-"):
            return SaveConflict("session.reopened", path=self.path)
        return SaveConflict("session.taken", path=self.path, where=lock.get("where", "?"))

    def release(self) -> None:
        """Give the lock back (if still this session's): the game may be opened elsewhere."""
        if self.held and self.mine() is None:
            with contextlib.suppress(OSError):
                self.lock.unlink()
        self.held = False
        _OPEN.discard(self)

    # -- writing -------------------------------------------------------------------------------

    def write_all(self, header: dict[str, Any], record: dict[str, Any]) -> None:
        """The whole file again: the table and one save holding the whole log."""
        self._check()
        record = {**record, "save": self.number + 1}
        text = _line(header) + _line(record)
        _replace_with(self.path, text)
        self.number, self.size = record["save"], len(text.encode("utf-8"))

    def append(self, record: dict[str, Any]) -> None:
        """One save more at the end of the file."""
        self._check()
        record = {**record, "save": self.number + 1}
        data = _line(record).encode("utf-8")
        self.size = None  # until the line is known whole
        with open(self.path, "ab") as handle:
            handle.write(data)
            _fsync(handle)
        self.number, self.size = record["save"], self.path.stat().st_size

    def appends(self) -> bool:
        """Whether the next save may be one line at the end (the file is as this session left
        it); else it writes the whole file."""
        if self.size is None:
            return False
        try:
            return self.path.stat().st_size == self.size
        except OSError:
            return False

    def _check(self) -> None:
        """Refuse to write unless the lock is this session's and the file holds no later save."""
        why = self.mine()
        if why is not None:
            raise why
        if self.size is not None and self.appends():
            return
        later = last_number(self.path)
        if later > self.number:
            raise SaveConflict("session.newer_save", path=self.path, theirs=later, ours=self.number)


def _parse(raw: bytes) -> dict[str, Any]:
    """A lock's record from its bytes ({} if they are not one)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _older_than(path: Path, seconds: float) -> bool:
    """Whether ``path`` was last written more than ``seconds`` ago (True if it is gone)."""
    try:
        return time.time() - path.stat().st_mtime > seconds
    except OSError:
        return True


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _replace_with(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file of its own next to ``path``, flush it to disk, and
    put it in ``path``'s place in one step."""
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".partial")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            _fsync(handle)
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def last_number(path: Path) -> int:
    """The number of the last whole save in ``path``'s file (0 if none can be read)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return 0
    for line in reversed(text.split("\n")[1:]):
        try:
            number = json.loads(line).get("save")
        except (ValueError, AttributeError):
            continue
        if isinstance(number, int) and not isinstance(number, bool):
            return number
    return 0


def _gone(lock: dict[str, Any]) -> bool:
    """Whether the lock's process is known to be gone: on this machine, with no such process
    (asked only where processes can be asked without harm: POSIX, not a browser)."""
    if sys.platform == "emscripten" or os.name != "posix" or lock.get("host") != _host():
        return False
    pid = lock.get("pid")
    if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True  # not this process's lock (see claim), so its number came back to us
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _host() -> str:
    if sys.platform == "emscripten":
        return "browser"
    try:
        return socket.gethostname()
    except OSError:  # pragma: no cover
        return "?"


@atexit.register
def _release_all() -> None:
    for held in list(_OPEN):
        held.release()
