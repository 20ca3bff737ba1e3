"""The packaging promises: conda and pip agree, and the core stays light."""

import os
import re
import subprocess
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _requirement(spec: str) -> tuple[str, str]:
    """('jupyterlab', '>=4.2') from 'jupyterlab>=4.2', with the name normalised; a pip extra
    ('dask[distributed]>=2024.8') has no conda spelling and is left out ('dask', '>=2024.8')."""
    name, bound = re.match(r"^\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*(.*)$", spec).groups()
    return re.sub(r"[-_.]+", "-", name).lower(), bound.replace(" ", "")


def test_environment_yml_has_the_same_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_side = [*project["dependencies"]]
    for extra, specs in project["optional-dependencies"].items():  # "kit[sim]": the sim extra
        pip_side += [d for d in specs if extra != "dev" and not d.startswith("kit[")]
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


def test_every_extra_is_in_environment_yml_and_in_dev():
    """Binder's environment.yml has every extra's packages (a new extra included), and dev is
    all the extras together."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    conda = yaml.safe_load((ROOT / "environment.yml").read_text())["dependencies"]
    conda_side = dict(_requirement(d) for d in conda if isinstance(d, str))
    for extra, specs in extras.items():
        if extra == "dev":
            continue
        for name, bound in (_requirement(s) for s in specs if not s.startswith("kit[")):
            assert conda_side.get(name) == bound, f"[{extra}] {name}{bound} not in environment.yml"
    (dev,) = extras["dev"]
    assert set(re.fullmatch(r"kit\[(.*)\]", dev).group(1).split(",")) == set(extras) - {"dev"}


def test_postbuild_installs_the_kit_as_the_readme_says(tmp_path):
    """Binder runs postBuild after environment.yml: it must be an executable bash script that
    stops on an error and installs the kit itself, without dependencies (conda has them)."""
    assert os.access(ROOT / "postBuild", os.X_OK), "postBuild must be executable"
    script = (ROOT / "postBuild").read_text()
    assert script.startswith("#!/bin/bash") and "set -euo pipefail" in script
    assert "`postBuild` installs the kit" in (ROOT / "README.md").read_text()
    # Run it with a `python` that records its arguments: exactly one install of this folder.
    calls = tmp_path / "calls"
    fake = tmp_path / "bin" / "python"
    fake.parent.mkdir()
    fake.write_text(f'#!/bin/sh\necho "$PWD $*" >> {calls}\n')
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake.parent}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", ROOT / "postBuild"], cwd=ROOT, env=env, check=True)
    assert calls.read_text().splitlines() == [f"{ROOT} -m pip install --no-deps ."]
