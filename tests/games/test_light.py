"""The games and the simulation core run with the heavy packages (and tqdm) blocked."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numpy", "pandas", "matplotlib", "sympy", "tqdm")

SCRIPT = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {heavy!r}:
            raise ImportError(f"blocked for the light-core test: {{name}}")
sys.meta_path.insert(0, Block())
from random import Random
from kit.games.property import PropertyGame, load_rules, play_out
from kit.games.property.bots import build_asap
from kit.sim import play_games
s = play_out(PropertyGame(load_rules("superpoly"), 3).new_state(), [build_asap] * 3, Random(1), 50)
rows = list(play_games("el_pale", players=2, games=2, max_turns=30))
print(len(rows), s.turns > 0)
print(sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r}))
"""


def test_games_and_sim_core_need_no_pandas_or_tqdm():
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(heavy=HEAVY)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["2 True", "[]"]
