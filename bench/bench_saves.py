"""How long a class game's save takes as the game grows: the append-only save file against the
whole-file rewrite of the first format, timed in the same run.

A session of El Palé with one person and two build_asap bots: the person plays the first legal
action at every move, the bots answer, and the session saves. The figures are, at move 10, 100
and 1 000, the median over the ten saves around that move of (a) the session's own save (one
line appended, flushed to disk) and (b) what the first format did there (the whole table and
log as one JSON document, written to a temporary file, flushed, put in place), with the bytes
each writes. Then the time to resume the game after 1 000 moves, and the file's size.

    python bench/bench_saves.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from kit.session import Session

AT = (10, 100, 1000)


class Timed(Session):
    """A session that times each save it makes after a move, and what it wrote."""

    times: list[float]
    written: list[int]

    def _save_honestly(self) -> None:
        before = self.path.stat().st_size if self.path and self.path.exists() else 0
        start = time.perf_counter()
        super()._save_honestly()
        self.times.append(time.perf_counter() - start)
        self.written.append(self.path.stat().st_size - before if self.path else 0)


def whole_save(session: Session, path: Path) -> tuple[float, int]:
    """The first format's save: the whole table as one document, written whole."""
    start = time.perf_counter()
    version, internal, gauss = session.rng.getstate()
    data = {
        "format": "kit-session",
        "version": 1,
        "ruleset": session.ruleset,
        "options": session.options,
        "names": session.names,
        "bots": session.seat_bots,
        "seed": session.seed,
        "random": [version, list(internal), gauss],
        "state": json.loads(session.state.to_json()),
        "log": session.log,
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    partial = path.with_name(path.name + ".partial")
    with open(partial, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, path)
    return time.perf_counter() - start, len(text.encode("utf-8"))


def one_run(folder: Path) -> dict[str, Any]:
    path = folder / "partida.json"
    started = Timed.start(
        "el_pale", humans=["Ana"], bots=["build_asap", "build_asap"], seed=2026, save_to=path
    )
    started.times, started.written = [], []
    whole: list[tuple[float, int]] = []
    for _ in range(max(AT) + 5):
        started.act(started.state.legal_actions()[0])
        whole.append(whole_save(started, folder / "whole.json"))
    out: dict[str, Any] = {}
    for k in AT:
        around = slice(k - 5, k + 5)
        out[f"append_{k}"] = statistics.median(started.times[around])
        out[f"append_bytes_{k}"] = statistics.median(started.written[around])
        out[f"whole_{k}"] = statistics.median(t for t, _ in whole[around])
        out[f"whole_bytes_{k}"] = statistics.median(b for _, b in whole[around])
    started.close()
    start = time.perf_counter()
    Session.resume(path).close()
    out["resume"] = time.perf_counter() - start
    out["size"] = path.stat().st_size
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3, help="runs; medians are reported")
    ns = ap.parse_args()
    runs = []
    for _ in range(ns.runs):
        with tempfile.TemporaryDirectory() as folder:
            runs.append(one_run(Path(folder)))

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"El Palé, 1 person + 2 build_asap bots; medians of {ns.runs} runs")
    print(
        f"{'move':>6} {'append (ms)':>12} {'bytes':>8} {'whole (ms)':>11} {'bytes':>9} {'ratio':>7}"
    )
    for k in AT:
        a, w = median(f"append_{k}"), median(f"whole_{k}")
        print(
            f"{k:>6} {a * 1e3:12.2f} {median(f'append_bytes_{k}'):8.0f} {w * 1e3:11.2f}"
            f" {median(f'whole_bytes_{k}'):9.0f} {w / a:6.1f}×"
        )
    resume, size = median("resume") * 1e3, median("size") / 1e3
    print(f"resume after {max(AT) + 5} moves: {resume:.0f} ms; file {size:.0f} kB")


if __name__ == "__main__":
    main()
