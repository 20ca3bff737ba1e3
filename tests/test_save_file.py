"""The save file (issue 14, points 1-4): one writer, honest save errors, checked resume, saves
that stay small, a torn last save dropped. Messages are compared with the catalogue's text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kit.save_file
import kit.session
from kit.messages import t
from kit.save_check import BadSave, read_save
from kit.save_file import STALE_AFTER, InUse, _replace_with
from kit.session import Session

ROOT = Path(__file__).resolve().parents[1]


def started(path: Path, moves: int = 4, **start) -> Session:
    start = {"humans": ["Ana"], "bots": ["build_asap"], "seed": 5, **start}
    session = Session.start("el_pale", save_to=path, **start)
    for _ in range(moves):
        session.act(session.state.legal_actions()[0])
    return session


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def edit_state(path: Path, **fields) -> None:
    """Change fields of the saved position, as a hand edit would (written as one save)."""
    saved = read_save(path)
    state = {**saved.state, **fields}
    record = {"save": saved.number, "steps": saved.steps, "log": saved.log, "state": state}
    path.write_text(lines(path)[0] + "\n" + json.dumps(record) + "\n", encoding="utf-8")


def holder_process(path: Path) -> subprocess.Popen:
    """Another kernel holding the game in `path` until it is killed."""
    code = (
        "import sys, time\n"
        "from kit.session import Session\n"
        f"Session.resume({str(path)!r})\n"
        "print('held', flush=True)\n"
        "time.sleep(60)\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


# -- 1. one writer --------------------------------------------------------------------------


def test_a_second_kernel_is_refused_while_the_first_holds_the_game(tmp_path):
    path = tmp_path / "partida.json"
    started(path).close()
    holder = holder_process(path)
    try:
        before = path.read_bytes()
        with pytest.raises(InUse) as refused:
            Session.resume(path)
        assert refused.value.key == "session.in_use"
        assert f"proceso {holder.pid}" in str(refused.value)  # says who holds it
        assert path.read_bytes() == before  # and nothing was written
    finally:
        holder.kill()
        holder.wait()
    resumed = Session.resume(path)  # its holder is gone: taken over, saying so
    where = t("session.where_process", pid=holder.pid, host=os.uname().nodename)
    assert resumed.notices == [t("session.took_from_gone", path=path, where=where)]
    resumed.act(resumed.state.legal_actions()[0])
    assert resumed.save_error is None


def test_the_same_kernel_opening_the_game_again_retires_the_older_table(tmp_path):
    """Running the cell that opens the game again is how a class goes on: the new table plays,
    and the old one refuses moves (they would be lost) and says why."""
    path = tmp_path / "partida.json"
    old = started(path)
    new = Session.resume(path)
    state = old.state.to_json()
    with pytest.raises(ValueError) as refused:
        old.act(old.state.legal_actions()[0])
    assert refused.value.key == "session.reopened"
    assert old.state.to_json() == state
    new.act(new.state.legal_actions()[0])
    assert read_save(path).log == new.log


def test_a_quiet_holder_elsewhere_may_be_taken_over_after_the_stated_time(tmp_path):
    path = tmp_path / "partida.json"
    started(path).close()
    lock = path.with_name(path.name + ".lock")
    since = time.time() - 10
    lock.write_text(
        json.dumps({"holder": "otro-1", "where": "el aula 3", "host": "aula-3", "since": since})
    )
    with pytest.raises(InUse):
        Session.resume(path)  # saved 10 s ago on another computer: in use
    old = time.time() - STALE_AFTER - 120
    os.utime(path, (old, old))
    lock.write_text(
        json.dumps({"holder": "otro-1", "where": "el aula 3", "host": "aula-3", "since": old})
    )
    resumed = Session.resume(path)
    quiet = int((time.time() - old) // 60)
    assert resumed.notices in (
        [t("session.took_from_quiet", path=path, where="el aula 3", minutes=m)]
        for m in (quiet - 1, quiet)
    )


def test_in_the_browser_the_newest_kernel_takes_the_game_and_the_older_stops(tmp_path, monkeypatch):
    """JupyterLite: a reloaded tab cannot be told from a live one, so the new kernel plays and
    the old one, if it is still there, refuses moves."""
    path = tmp_path / "partida.json"
    old = started(path)
    with monkeypatch.context() as browser:
        browser.setattr(kit.save_file, "_PROCESS", "otra-pestana")  # another tab's kernel
        browser.setattr(sys, "platform", "emscripten")
        new = Session.resume(path)
    assert new.notices == [t("session.took_in_browser", path=path)]
    with pytest.raises(ValueError) as refused:
        old.act(old.state.legal_actions()[0])
    assert refused.value.key == "session.taken"
    new.act(new.state.legal_actions()[0])
    assert new.save_error is None and read_save(path).log == new.log


def test_a_taken_over_session_does_not_write_over_the_newer_one(tmp_path):
    path = tmp_path / "partida.json"
    first = started(path)
    lock = path.with_name(path.name + ".lock")
    lock.write_text(json.dumps({"holder": "otro-1", "where": "el aula 3", "since": 0}))
    before = path.read_bytes()
    with pytest.raises(ValueError) as refused:
        first.act(first.state.legal_actions()[0])
    assert refused.value.key == "session.taken"
    assert path.read_bytes() == before


def test_no_save_replaces_a_newer_one(tmp_path):
    """A file with a later save than this session's last (another writer, a restored copy) is
    never written over: the save fails honestly and the game stays playable."""
    path = tmp_path / "partida.json"
    session = started(path)
    newer = json.loads(lines(path)[-1])
    newer["save"] += 1
    newer["changed"] = {}
    text = path.read_text(encoding="utf-8") + json.dumps(newer) + "\n"
    path.write_text(text, encoding="utf-8")
    session.act(session.state.legal_actions()[0])
    assert path.read_text(encoding="utf-8") == text
    conflict = t("session.newer_save", path=path, theirs=newer["save"], ours=newer["save"] - 1)
    assert session.save_error == t("session.not_saved_conflict", reason=conflict)


def test_a_broken_or_deleted_lock_is_taken_again(tmp_path):
    path = tmp_path / "partida.json"
    started(path).close()
    lock = path.with_name(path.name + ".lock")
    lock.write_text("{roto")
    resumed = Session.resume(path)
    assert resumed.notices == [t("session.took_broken_lock", path=path)]
    lock.unlink()
    resumed.act(resumed.state.legal_actions()[0])
    assert resumed.save_error is None and lock.exists()


def test_temporary_names_are_unique_and_flushed_before_the_replace(tmp_path, monkeypatch):
    """Writers at once never share a temporary file; each is on disk before it replaces."""
    target = tmp_path / "partida.json"
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(
        os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1]
    )
    texts = [f"{k}\n" * 2000 for k in range(8)]
    errors: list[BaseException] = []

    def write(text: str) -> None:
        try:
            for _ in range(20):
                _replace_with(target, text)
        except BaseException as error:  # pragma: no cover - the failure this test looks for
            errors.append(error)

    threads = [threading.Thread(target=write, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert target.read_text() in texts  # one writer's text, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partida.json"]
    assert calls.count("fsync") == calls.count("replace") == 160
    assert calls[0] == "fsync"


# -- 2. honest save errors ------------------------------------------------------------------


def test_a_move_that_could_not_be_saved_says_so_and_the_next_save_writes_everything(tmp_path):
    path = tmp_path / "partida.json"
    session = started(path)
    path.unlink()
    path.mkdir()  # something took the file's place
    session.act(session.state.legal_actions()[0])
    reason = t("os.EISDIR")
    assert session.save_error == t("session.not_saved", path=path, reason=reason)
    session.act(session.state.legal_actions()[0])  # still playable
    path.rmdir()
    session.act(session.state.legal_actions()[0])
    assert session.save_error is None
    resumed = Session.resume(path)
    assert resumed.log == session.log and resumed.state == session.state.__class__.from_json(
        session.state.to_json(), resumed.game
    )


def test_a_game_that_cannot_be_saved_is_not_started(tmp_path):
    with pytest.raises(ValueError) as refused:
        Session.start("el_pale", humans=["Ana", "Luis"], save_to=tmp_path / "no" / "partida.json")
    assert refused.value.key == "session.cannot_start"
    assert not (tmp_path / "no").exists()


def test_the_refusals_show_as_one_sentence_in_a_notebook(tmp_path):
    """IPython shows `_render_traceback_` instead of a traceback: the sentence alone."""
    with pytest.raises(BadSave) as refused:
        Session.resume(tmp_path / "nada.json")
    assert refused.value._render_traceback_() == [t("session.no_file", path=tmp_path / "nada.json")]


# -- 3. checked resume ----------------------------------------------------------------------


def test_every_problem_of_the_table_names_the_file_and_the_field(tmp_path):
    path = tmp_path / "partida.json"
    started(path).close()
    head, *records = lines(path)
    cases = {
        "names": lambda h: h.pop("names"),
        "seed": lambda h: h.update(seed="2026"),
        "bots": lambda h: h.update(bots=[None]),
        "ruleset": lambda h: h.update(ruleset=7),
        "options": lambda h: h.update(options=[]),
    }
    for field, change in cases.items():
        data = json.loads(head)
        change(data)
        path.write_text("\n".join([json.dumps(data), *records]) + "\n", encoding="utf-8")
        with pytest.raises(BadSave) as refused:
            Session.resume(path)
        assert refused.value.key in ("session.bad_field", "session.missing_field"), field
        assert refused.value.values["field"] == field and refused.value.values["path"] == path


def test_a_state_from_another_game_is_refused_in_words(tmp_path):
    path = tmp_path / "partida.json"
    started(path).close()
    other = Session.start("superpoly", humans=["Ana"], bots=["build_asap"], seed=1)
    edit_state(path, **json.loads(other.state.to_json()))
    with pytest.raises(BadSave) as refused:
        Session.resume(path)
    assert refused.value.key == "session.bad_state"


@pytest.mark.parametrize(
    "fields",
    [{"cash": [-(10**9), 1_500_000]}, {"houses": -5}, {"cur": 99}, {"pos": [999, 0]}],
    ids=["cash", "houses", "cur", "pos"],
)
def test_a_hand_edited_position_that_breaks_the_rules_does_not_resume(tmp_path, fields):
    path = tmp_path / "partida.json"
    started(path).close()
    edit_state(path, **fields)
    with pytest.raises(BadSave) as refused:
        Session.resume(path)
    assert refused.value.key in ("session.broken_rules", "session.bad_state")
    assert next(iter(fields)) in str(refused.value)  # the sentence names the field


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    path = tmp_path / "partida.json"
    path.write_bytes(b'{"format": "kit-session", "name": "\xff\xfe"}')
    with pytest.raises(BadSave) as refused:
        Session.resume(path)
    assert refused.value.key == "session.not_utf8" and refused.value.values["path"] == path


def test_a_save_of_the_first_format_resumes_and_is_written_anew(tmp_path):
    """A game saved by the kit before the save log (one JSON document) goes on."""
    path = tmp_path / "partida.json"
    session = started(path)
    old = {
        "format": "kit-session",
        "version": 1,
        "ruleset": session.ruleset,
        "options": session.options,
        "names": session.names,
        "bots": session.seat_bots,
        "seed": session.seed,
        "random": [3, [0] * 625, None],
        "state": json.loads(session.state.to_json()),
        "log": session.log,
    }
    session.close()
    path.write_text(json.dumps(old), encoding="utf-8")
    resumed = Session.resume(path)
    assert resumed.log == session.log and resumed.state.to_json() == session.state.to_json()
    resumed.act(resumed.state.legal_actions()[0])
    assert json.loads(lines(path)[0])["version"] == 2


# -- 4. small saves, a torn last save -------------------------------------------------------


def test_a_save_appends_one_small_line_however_long_the_game(tmp_path):
    path = tmp_path / "partida.json"
    session = started(path, moves=0, bots=["build_asap", "build_asap"])
    grown = []
    for _ in range(300):
        before = path.stat().st_size
        session.act(session.state.legal_actions()[0])
        grown.append(path.stat().st_size - before)
    assert len(lines(path)) == 2 + 300  # the table, the start, one line per move
    assert path.stat().st_size > 100_000 and max(grown) < 8_000
    assert max(grown[-50:]) < 3 * max(grown[:50])  # no growth with the game's length


def test_a_torn_last_save_is_dropped_and_the_game_goes_on_from_the_one_before(tmp_path):
    path = tmp_path / "partida.json"
    session = started(path, moves=6)
    before = read_save(path)
    session.act(session.state.legal_actions()[0])
    whole = path.read_bytes()
    cut = whole[: len(whole) - len(lines(path)[-1]) // 2]  # killed halfway through the line
    session.close()
    path.write_bytes(cut)
    resumed = Session.resume(path)
    assert resumed.notices == [t("session.torn", path=path)]
    assert resumed.log == before.log
    assert json.loads(resumed.state.to_json()) == before.state
    resumed.act(resumed.state.legal_actions()[0])  # the next save writes the file whole again
    assert read_save(path).torn is False and len(lines(path)) == 2


@settings(max_examples=60)
@given(cut=st.floats(0, 1, exclude_max=True))
def test_a_file_cut_anywhere_resumes_from_a_whole_save_or_is_refused_in_words(
    tmp_path_factory, cut
):
    """A kill can stop a write at any byte: the game then resumes from exactly one of its saves
    (the last whole one), or, with not even the first save whole, is refused in one sentence."""
    path = tmp_path_factory.mktemp("cut") / "partida.json"
    session = started(path, moves=0)
    saves = [(len(session.log), session.state.to_json())]
    for _ in range(5):
        session.act(session.state.legal_actions()[0])
        saves.append((len(session.log), session.state.to_json()))
    session.close()
    whole = path.read_bytes()
    first_save_ends = whole.index(b"\n", whole.index(b"\n") + 1)
    cut_at = int(cut * len(whole))
    path.write_bytes(whole[:cut_at])
    try:
        resumed = Session.resume(path)
    except BadSave:
        assert cut_at < first_save_ends
        return
    resumed.close()
    assert (len(resumed.log), resumed.state.to_json()) in saves
    assert (len(resumed.log), resumed.state.to_json()) == saves[-1] or resumed.notices


def test_a_kernel_killed_while_it_saves_loses_at_most_its_last_move(tmp_path):
    """Kill a kernel that plays and saves as fast as it can, five times, at different moments
    after its first new save: each time the game resumes (from its last whole save, a torn one
    dropped), every position within the rules, and the next kernel takes the game from the
    killed one."""
    path = tmp_path / "partida.json"
    started(path, moves=0, bots=["build_asap", "build_asap"]).close()
    code = (
        "import sys\n"
        "from kit.session import Session\n"
        f"s = Session.resume({str(path)!r})\n"
        "print('playing', flush=True)\n"
        "while not s.state.is_terminal():\n"
        "    s.act(s.state.legal_actions()[0])\n"
    )
    moves = 0
    for delay in (0.0, 0.01, 0.03, 0.07, 0.13):
        player = subprocess.Popen(
            [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        assert player.stdout is not None and player.stdout.readline().strip() == "playing"
        saved = path.stat().st_size
        deadline = time.monotonic() + 120  # however busy the machine, a move is saved first
        while path.stat().st_size == saved and time.monotonic() < deadline:
            time.sleep(0.001)
        time.sleep(delay)
        player.kill()
        player.wait()
        resumed = Session.resume(path)
        assert resumed.state.audit() == []
        assert len(resumed.log) >= moves  # nothing saved before is ever lost
        moves = len(resumed.log)
        resumed.close()
    assert moves > 0


# -- issue 22, point 1: two kernels opening one game at the same moment ---------------------

RACE_ROUNDS = 36
RACE_MOVES = 4


def racer() -> subprocess.Popen:
    """A kernel waiting to be told which game to open (tests/save_race.py)."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "save_race.py")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def stale_lock(path: Path, kind: int, dead_pid: int) -> None:
    """Leave the game in `path` as a holder that is no longer there left it: no lock (0), the
    lock of a process of this machine that has ended (1), or of a kernel elsewhere that has
    not saved for longer than STALE_AFTER (2)."""
    lock = path.with_name(path.name + ".lock")
    old = time.time() - STALE_AFTER - 60
    if kind == 1:
        record = {"holder": "muerto-1", "where": "el aula 1", "host": os.uname().nodename}
        lock.write_text(json.dumps({**record, "pid": dead_pid, "since": old}))
    elif kind == 2:
        record = {"holder": "lejos-1", "where": "el aula 3", "host": "aula-3", "pid": 1}
        lock.write_text(json.dumps({**record, "since": old}))
        os.utime(path, (old, old))


def race(folder: Path, rounds: int = RACE_ROUNDS) -> list[str]:
    """`rounds` games in `folder`, each opened by two kernels told `go` at the same moment:
    what went wrong ([] when, each time, one played, the other was refused, nothing lost)."""
    ended = subprocess.Popen([sys.executable, "-c", "pass"])  # its pid is then a gone one
    ended.wait()
    kernels = [racer(), racer()]
    try:
        verdicts = []
        for k in range(rounds):
            path = folder / f"partida{k}.json"
            started(path, moves=1, seed=k).close()
            stale_lock(path, k % 3, ended.pid)
            task = json.dumps({"path": str(path), "moves": RACE_MOVES}) + "\n"
            for kernel in kernels:
                kernel.stdin.write(task)
                kernel.stdin.flush()
            assert [kernel.stdout.readline().strip() for kernel in kernels] == ["ready"] * 2
            for kernel in kernels:
                kernel.stdin.write("go\n")
                kernel.stdin.flush()
            results = [json.loads(kernel.stdout.readline()) for kernel in kernels]
            for kernel in kernels:  # both have tried: now the one that plays lets it go
                kernel.stdin.write("end\n")
                kernel.stdin.flush()
            assert [kernel.stdout.readline().strip() for kernel in kernels] == ["closed"] * 2
            verdicts.append((k, path, results))
    finally:
        for kernel in kernels:
            kernel.stdin.close()
            kernel.wait(timeout=30)
    problems = []
    for k, path, results in verdicts:
        played = [r for r in results if r["played"]]
        refused = [r for r in results if not r["played"]]
        if len(played) != 1 or played[0]["errors"]:
            problems.append(f"round {k}: {len(played)} played; {[r.get('errors') for r in played]}")
            continue
        if refused[0]["kind"] != "InUse":
            problems.append(f"round {k}: the other was refused as {refused[0]}")
        try:  # every file resumes, with every move that was played
            resumed = Session.resume(path)
        except BadSave as error:
            problems.append(f"round {k}: the file does not resume: {error}")
            continue
        resumed.close()
        if resumed.log != played[0]["log"] or resumed.state.to_json() != played[0]["state"]:
            problems.append(f"round {k}: moves played were not saved")
    return problems


def test_two_kernels_opening_one_game_at_once_one_plays_and_nothing_is_lost(tmp_path):
    """Issue 22, point 1: two kernels told `go` at the same moment (both waiting on a pipe, the
    barrier) open one game, 36 times: with no lock, a dead holder's lock, a silent holder's.
    Whatever the interleaving, exactly one plays and the other is refused as `InUse` (one
    sentence); every move the one that played made is in the file, which resumes."""
    assert race(tmp_path) == []


def stale(path: Path) -> bytes:
    """Leave a dead holder's lock on the game in `path`: its bytes."""
    lock = path.with_name(path.name + ".lock")
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    record = {"holder": "muerto-1", "where": "el aula 1", "host": os.uname().nodename}
    lock.write_text(json.dumps({**record, "pid": ended.pid, "since": time.time()}))
    return lock.read_bytes()


def test_of_two_takers_of_one_stale_lock_only_the_first_replaces_it(tmp_path):
    """Both looked at the dead holder's lock and judged it stale; the first takes it over: the
    second's look is out of date, so it replaces nothing (it looks again, and finds the game
    in use)."""
    path = tmp_path / "partida.json"
    started(path).close()
    raw = stale(path)
    first, second = kit.save_file.SaveFile(path), kit.save_file.SaveFile(path)
    assert first._replace_stale(raw, {"holder": first.holder})
    assert not second._replace_stale(raw, {"holder": second.holder})
    assert first._read_lock() == {"holder": first.holder}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partida.json", "partida.json.lock"]


def test_while_one_takes_a_stale_lock_over_the_other_is_refused_until_it_is_left(tmp_path):
    """The marker of a taker in its stride (a moment old) refuses the other in one sentence;
    one left by a taker that died there (older than MARKER_STALE) does not block the game."""
    path = tmp_path / "partida.json"
    started(path).close()
    raw = stale(path)
    key = kit.save_file.hashlib.sha256(raw).hexdigest()[:16]
    marker = path.with_name(f"{path.name}.lock.{key}.1")
    marker.touch()
    with pytest.raises(InUse) as refused:
        Session.resume(path)
    assert str(refused.value) == t("session.opening_now", path=path)
    assert path.with_name(path.name + ".lock").read_bytes() == raw
    old = time.time() - kit.save_file.MARKER_STALE - 5
    os.utime(marker, (old, old))
    Session.resume(path).close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partida.json"]


def test_an_empty_lock_is_one_being_written_until_it_is_old(tmp_path):
    """A lock is created empty and then written: a moment old, its holder is opening the game
    (refused); empty and old, its holder died there (broken: taken over, saying so)."""
    path = tmp_path / "partida.json"
    started(path).close()
    lock = path.with_name(path.name + ".lock")
    lock.write_bytes(b"")
    with pytest.raises(InUse) as refused:
        Session.resume(path)
    assert refused.value.key == "session.opening_now"
    old = time.time() - kit.save_file.MARKER_STALE - 5
    os.utime(lock, (old, old))
    assert Session.resume(path).notices == [t("session.took_broken_lock", path=path)]


def test_resume_claims_the_game_before_it_reads_the_file(tmp_path, monkeypatch):
    """What a session reads is what no other writes any more: the lock is taken first."""
    path = tmp_path / "partida.json"
    started(path).close()
    order: list[str] = []
    real_claim, real_read = kit.save_file.SaveFile.claim, kit.session.read_save
    monkeypatch.setattr(
        kit.save_file.SaveFile, "claim", lambda self: (order.append("claim"), real_claim(self))[1]
    )
    monkeypatch.setattr(kit.session, "read_save", lambda p: (order.append("read"), real_read(p))[1])
    Session.resume(path).close()
    assert order == ["claim", "read"]


def test_a_file_that_does_not_resume_leaves_no_lock(tmp_path):
    path = tmp_path / "partida.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(BadSave):
        Session.resume(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partida.json"]


def test_a_gap_in_the_save_numbers_resumes_from_the_last_save_before_it(tmp_path):
    """Issue 22: two writers at once left save 4 followed by saves 6-18. The game goes on from
    save 4, saying so (session.gap); the next save writes the file whole, which then resumes
    with no notice."""
    path = tmp_path / "partida.json"
    session = started(path, moves=3)  # saves 1 (the start) to 4
    at_four = (len(session.log), session.state.to_json())
    session.close()
    head, *records = lines(path)
    assert json.loads(records[-1])["save"] == 4
    after = json.loads(records[-1])
    after["changed"] = {}
    others = [json.dumps({**after, "save": n}) for n in range(6, 19)]
    path.write_text("\n".join([head, *records, *others]) + "\n", encoding="utf-8")
    resumed = Session.resume(path)
    assert resumed.notices == [t("session.gap", path=path, number=4, first=6, last=18)]
    assert (len(resumed.log), resumed.state.to_json()) == at_four
    resumed.act(resumed.state.legal_actions()[0])
    assert resumed.save_error is None and len(lines(path)) == 2
    resumed.close()
    again = Session.resume(path)
    assert again.notices == [] and again.log == resumed.log


@pytest.mark.parametrize("bots", [True, -1, {}, [None, ""]], ids=["bool", "int", "dict", "empty"])
def test_issue_22_fuzzer_cases_seats_that_are_not_a_list_of_bots_are_refused(tmp_path, bots):
    """Found by tests/save_fuzz.py: «bots» not a list raised KeyError('n') instead of the
    sentence; a bot named "" resumed and then raised KeyError on its first move."""
    path = tmp_path / "partida.json"
    started(path).close()
    head, *records = lines(path)
    data = {**json.loads(head), "bots": bots}
    path.write_text("\n".join([json.dumps(data), *records]) + "\n", encoding="utf-8")
    with pytest.raises(BadSave) as refused:
        Session.resume(path)
    assert refused.value.key == "session.bad_field" and refused.value.values["field"] == "bots"
