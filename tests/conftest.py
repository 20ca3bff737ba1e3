"""Shared test helpers."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests must not fail at random: the same examples on every run (a failure found once
# is found again), and no deadline (a check that stretches a fingerprint takes 0.1 s).
settings.register_profile("kit", derandomize=True, deadline=None, database=None)
settings.load_profile("kit")

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "pandas", "matplotlib", "sympy")

_BLOCKER = """\
import sys
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ImportError(f"blocked for the light-core test: {{name}}")
sys.meta_path.insert(0, _Block())
"""
_NONE_LOADED = """
_loaded = sorted(m for m in sys.modules if m.split(".")[0] in {blocked!r})
assert not _loaded, f"heavy modules were imported: {{_loaded}}"
"""


@pytest.fixture
def run_light() -> Callable[..., list[str]]:
    """Run code in a fresh interpreter where numpy, pandas, matplotlib and sympy (and `also`)
    cannot be imported, as in an offline JupyterLite site (DESIGN.md, "A light core"); `allow`
    lifts the block on some of them (sympy, which JupyterLite has, for a lesson that needs it).

    Returns the lines the code printed; fails the test with the code's error if it raised or
    if any blocked module ended up imported.
    """

    def run(
        code: str, *, also: tuple[str, ...] = (), allow: tuple[str, ...] = (), cwd: Path = ROOT
    ) -> list[str]:
        blocked = (set(HEAVY) | set(also)) - set(allow)
        script = (
            _BLOCKER.format(blocked=blocked)
            + textwrap.dedent(code)
            + _NONE_LOADED.format(blocked=blocked)
        )
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, cwd=cwd, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    return run


@pytest.fixture(autouse=True)
def no_prediction_recorded():
    """Every test starts as a fresh kernel does: no prediction recorded (kit.exercises.predictions
    keeps them per process), so a test of a locked «¿Acertaste?» never sees another's."""
    from kit.exercises.predictions import olvida

    olvida()
    yield
    olvida()
