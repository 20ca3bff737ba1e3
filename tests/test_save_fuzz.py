"""The save-file fuzzer as a bounded test (issue 22, point 6): a mutated save is refused when the
game is resumed, in one sentence, or the game goes on from it without an error.

tests/save_fuzz.py with its fixed seed: the same few hundred mutations every run. Before the
fixes of point 6 it found, in 3 000 mutations of Superpoly and Día de Paga, 11 files that broke
`Session.resume` itself («bots» not a list of names: KeyError('n')), and this bounded run fails
with that check for three families; the finds have their own named tests (tests/test_save_file.py).
"""

from __future__ import annotations

from random import Random

import pytest
import save_fuzz
from save_fuzz import GAMES, fuzz

from kit.session import Session

# mutations per game: Palabra's resumes read its dictionary again, the slowest part
TRIES = {"superpoly": 200, "el_pale": 200, "la_ruta_del_tesoro": 200, "dia_de_paga": 200}
TRIES["palabra"] = 80


@pytest.mark.parametrize("ruleset", GAMES)
def test_no_mutated_save_gets_through_the_check_and_then_breaks_the_game(ruleset):
    """Zero crashes, and some mutations resumed and played (the check does not refuse all)."""
    opened, crashes = fuzz(ruleset, TRIES[ruleset], moves=30)
    assert [str(crash) for crash in crashes] == []
    assert opened >= TRIES[ruleset] // 10


def test_the_fuzzer_reports_a_game_that_breaks_after_its_resume(monkeypatch):
    """The harness can fail: moves that raise after a resume are a crash of every resumed
    mutation, at the "play" stage, with the error."""

    def broken(session: Session, moves: int, rng: Random) -> None:
        raise KeyError("broken")

    monkeypatch.setattr(save_fuzz, "play", broken)
    opened, crashes = fuzz("superpoly", 30, moves=5)
    assert opened > 0 and len(crashes) == opened
    assert {crash.stage for crash in crashes} == {"play"}
    assert all(crash.error.startswith("KeyError: 'broken'") for crash in crashes)
