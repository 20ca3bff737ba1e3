"""The packaging promises: conda and pip agree, and the core stays light."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _requirement(spec: str) -> tuple[str, str]:
    """('jupyterlab', '>=4.2') from 'jupyterlab>=4.2', with the name normalised."""
    name, bound = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*)$", spec).groups()
    return re.sub(r"[-_.]+", "-", name).lower(), bound.replace(" ", "")


def test_environment_yml_has_the_same_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_side = [*project["dependencies"]]
    for extra in ("sim", "lab", "test"):  # "kit[sim]" inside an extra is the sim extra itself
        pip_side += [d for d in project["optional-dependencies"][extra] if not d.startswith("kit[")]
    conda = yaml.safe_load((ROOT / "environment.yml").read_text())["dependencies"]
    conda_side = [d for d in conda if isinstance(d, str) and not d.startswith(("python", "pip"))]
    assert dict(map(_requirement, conda_side)) == dict(map(_requirement, pip_side))


def test_environment_yml_python_matches_requires_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    conda = yaml.safe_load((ROOT / "environment.yml").read_text())["dependencies"]
    assert f"python{project['requires-python']}" in conda


def test_core_imports_and_runs_with_numpy_pandas_matplotlib_sympy_blocked(run_light):
    """DESIGN 'A light core': games, prob, render, widgets and exercises run in JupyterLite."""
    out = run_light(
        """
        import kit, kit.prob, kit.messages, kit.exercises, kit.render, kit.widgets
        from kit.widgets import DiceLab
        lab = DiceLab(seed=1)
        lab.roll(100)
        print(kit.dice_sum(2).P({7}), sum(lab.counts))
        """
    )
    assert out == ["1/6 100"]
