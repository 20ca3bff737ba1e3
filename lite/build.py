"""Build the classroom as an offline JupyterLite site: `make lite` writes build/lite/.

Everything comes from PyPI and npm, at build time only; the site fetches nothing from anywhere
when it runs (its PyPI fallback is off), so it works from any static host or a USB stick.

1. a build environment, build/lite-env, from lite/requirements.txt (jupyterlite-core, the
   Pyodide kernel, jupyter-server and the widget packages whose lab extensions the site needs);
2. the Pyodide runtime the kernel pins, from npm (`npm pack pyodide@VERSION` into build/pyodide,
   as the Makefile's Pyodide tests use it);
3. the wheels: the pure-Python ones the runtime's pyodide-lock.json names and the kernel and the
   kit need, downloaded from PyPI at the lock's exact versions (build/lite-wheels), the kit's own
   wheel (`uv build`) and the extra packages of lite/wheels.txt; the lock is cut down to those
   packages, each entry pointing at its wheel with its sha256, and the kit, ipywidgets, anywidget
   and pyspellchecker added as entries, so `import kit` loads them with no `%pip`;
4. the content: the classroom layout (`kit classroom`: lessons/ with the lessons and play
   notebooks, exercises/ with the student copies), never the masters;
5. `jupyter lite build` without source maps.

A site built from the same inputs is reused (build/lite/.kit-lite.json records their sha256);
`--force` builds again. Run it with the kit's environment: `.venv/bin/python lite/build.py`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "lite"
BUILD = ROOT / "build"
ENV = BUILD / "lite-env"
PYODIDE = BUILD / "pyodide"  # the npm package, unpacked in package/ (shared with make pyodide)
WHEELS = BUILD / "lite-wheels"  # PyPI's wheels, kept between builds
LITE_DIR = BUILD / "lite-src"  # jupyter lite's input folder: settings and static/pyodide
SITE = BUILD / "lite"
STAMP = ".kit-lite.json"
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

# What the kernel installs when it starts (the names its worker checks for), loaded at once from
# the lock instead of one by one through piplite; nothing else is preloaded: a lesson's
# `import kit` loads the kit and its dependencies when that cell runs.
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
# The kernel's own wheels (shipped in its lab extension), made lock entries to be preloaded.
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel"]
# Lock packages the site carries besides the dependencies of the preloaded and added ones.
LOCK_ROOTS = ["micropip", "packaging"]
# JupyterLab settings of the site: no news or update check (both would go online); a notebook
# starts its kernel with no dialog and keeps every cell in the page.
OVERRIDES = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
}


def log(message: str) -> None:
    print(f"lite: {message}", flush=True)


def run(*args: str | Path, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tool(name: str) -> str:
    """A program of the kit's environment (beside this Python), else from PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        sys.exit(f"lite: {name} is missing (make lite installs the kit's environment first)")
    return found


# 1. the build environment ---------------------------------------------------------------


def build_env() -> Path:
    python = ENV / "bin" / "python"
    requirements = HERE / "requirements.txt"
    stamp = ENV / ".requirements.sha256"
    if python.exists() and stamp.exists() and stamp.read_text() == sha256(requirements):
        return python
    log(f"build environment in {ENV.relative_to(ROOT)}")
    uv = tool("uv")
    run(uv, "venv", "--quiet", "--allow-existing", "--python", sys.executable, ENV)
    run(uv, "pip", "install", "--quiet", "--python", python, "-r", requirements)
    stamp.write_text(sha256(requirements))
    return python


def kernel_pyodide_version(python: Path) -> str:
    code = "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as v; print(v)"
    return subprocess.run(
        [python, "-c", code], check=True, capture_output=True, text=True
    ).stdout.strip()


# 2. the Pyodide runtime ----------------------------------------------------------------


def pyodide_runtime(version: str) -> Path:
    """npm's pyodide at the kernel's version, unpacked in build/pyodide/package (the Makefile's
    PYODIDE_VERSION, which make pyodide uses, must be the same)."""
    package = PYODIDE / "package"
    meta = package / "package.json"
    if meta.exists() and json.loads(meta.read_text())["version"] == version:
        return package
    log(f"npm pack pyodide@{version}")
    shutil.rmtree(package, ignore_errors=True)
    PYODIDE.mkdir(parents=True, exist_ok=True)
    run("npm", "pack", "--silent", f"pyodide@{version}", cwd=PYODIDE)
    with tarfile.open(PYODIDE / f"pyodide-{version}.tgz") as tar:
        tar.extractall(PYODIDE, filter="data")
    return package


# 3. the wheels and the lock ------------------------------------------------------------


def wheel_key(path: Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return canonical(name), version


def download(specs: list[str]) -> dict[tuple[str, str], Path]:
    """Pure-Python wheels `name==version` from PyPI into build/lite-wheels (kept between builds)."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    have = {wheel_key(path): path for path in WHEELS.glob("*.whl")}
    missing = [s for s in specs if (canonical(s.split("==")[0]), s.split("==")[1]) not in have]
    if missing:
        log(f"pip download {len(missing)} wheels")
        run(
            sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
            "--platform", "pyodide_2026_0_wasm32", "-d", WHEELS, *missing,
        )  # fmt: skip
    return {wheel_key(path): path for path in WHEELS.glob("*.whl")}


def kit_wheel(out: Path) -> Path:
    log("the kit's wheel (uv build)")
    run(tool("uv"), "build", "--quiet", "--wheel", "--out-dir", out, ROOT)
    (wheel,) = out.glob("kit-*.whl")
    return wheel


def wheel_entry(path: Path, known: set[str]) -> dict:
    """A pyodide-lock entry for a pure wheel: its top-level imports and the dependencies it
    declares without a marker that the lock has."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(whl.read(meta_name).decode())
    tops = set()
    for name in names:
        top = name.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in name or name.endswith(".py"):
            tops.add(top.removesuffix(".py"))
    depends = []
    for requirement in meta.get_all("Requires-Dist") or []:
        if ";" in requirement:
            continue
        dep = canonical(re.match(r"[A-Za-z0-9_.\-]+", requirement).group())
        if dep in known:
            depends.append(dep)
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "file_name": path.name,
        "install_dir": "site",
        "sha256": sha256(path),
        "package_type": "package",
        "imports": sorted(t for t in tops if t.isidentifier()),
        "depends": sorted(depends),
        "unvendored_tests": False,
        "shared_library": False,
    }


def extras() -> list[str]:
    lines = (HERE / "wheels.txt").read_text().splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def wheels_and_lock(runtime: Path, kernel_pypi: Path, out: Path) -> list[str]:
    """Copy into `out` (static/pyodide) the runtime, the wheels and the cut-down lock."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    # Only pure-Python packages can be had from PyPI (none has wheels for Pyodide's ABI): the
    # others (numpy, pandas, matplotlib, …) are left out, and so are the dependencies on them.
    packages = {
        canonical(k): v
        for k, v in lock["packages"].items()
        if v["package_type"] == "package" and v["file_name"].endswith("-none-any.whl")
    }
    with tempfile.TemporaryDirectory() as tmp:
        added = [kit_wheel(Path(tmp))]
        added += [next(kernel_pypi.glob(f"{name}-*.whl")) for name in KERNEL_WHEELS]
        extra = download(extras())
        added += [extra[(canonical(s.split("==")[0]), s.split("==")[1])] for s in extras()]
        # the entries that replace or join the lock's (every name they may depend on is known)
        known = set(packages) | {wheel_key(path)[0] for path in added}
        packages = {name: dict(entry) for name, entry in packages.items()}
        entries = {}
        for path in added:
            entry = wheel_entry(path, known)
            entries[canonical(entry["name"])] = (entry, path)
        # the closure of what the site needs, over the lock's dependencies
        need, todo = set(), [*LOCK_ROOTS, *PRELOAD, *entries]
        while todo:
            name = canonical(todo.pop())
            if name in need:
                continue
            need.add(name)
            entry = entries[name][0] if name in entries else packages[name]
            entry["depends"] = [d for d in entry["depends"] if canonical(d) in known]
            todo += entry["depends"]
        from_lock = sorted(n for n in need if n not in entries)
        fetched = download([f"{packages[n]['name']}=={packages[n]['version']}" for n in from_lock])
        out.mkdir(parents=True)
        for name in ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                     "python_stdlib.zip", "package.json"):  # fmt: skip
            shutil.copy2(runtime / name, out / name)
        new = {}
        for name in from_lock:
            entry = dict(packages[name])
            wheel = fetched[(name, entry["version"])]
            entry.update(file_name=wheel.name, sha256=sha256(wheel))
            shutil.copy2(wheel, out / wheel.name)
            new[name] = entry
        for name, (entry, wheel) in entries.items():
            shutil.copy2(wheel, out / wheel.name)
            new[name] = entry
    lock["packages"] = dict(sorted(new.items()))
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(new)


# 4. the content --------------------------------------------------------------------------


def contents(out: Path) -> Path:
    """The classroom layout, as `kit classroom` writes it: lesson copies and student copies."""
    classroom = out / "classroom"
    run(tool("kit"), "classroom", "--out", classroom, stdout=subprocess.DEVNULL)
    files = out / "files"
    for part in ("lessons", "exercises"):
        shutil.copytree(classroom / part, files / part, ignore=shutil.ignore_patterns("partida_*"))
    return files


# 5. the site ---------------------------------------------------------------------------


def inputs_sha() -> str:
    """sha256 of everything the site is made from (the kit, its lessons and masters, this
    folder, the project file)."""
    digest = hashlib.sha256()
    for folder in ("kit", "notebooks", "exercises", "lite"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and "partida_" not in path.name:
                digest.update(path.relative_to(ROOT).as_posix().encode())
                digest.update(path.read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    return digest.hexdigest()


def is_fresh(site: Path = SITE) -> bool:
    stamp = site / STAMP
    return stamp.exists() and json.loads(stamp.read_text()).get("inputs") == inputs_sha()


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def build(force: bool = False) -> Path:
    if not force and is_fresh():
        log(f"{SITE.relative_to(ROOT)} is up to date ({size_mb(SITE):.1f} MB)")
        return SITE
    start = time.monotonic()
    inputs = inputs_sha()
    python = build_env()
    version = kernel_pyodide_version(python)
    runtime = pyodide_runtime(version)
    labextensions = ENV / "share" / "jupyter" / "labextensions"
    kernel_pypi = labextensions / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    shutil.rmtree(LITE_DIR, ignore_errors=True)
    packages = wheels_and_lock(runtime, kernel_pypi, LITE_DIR / "static" / "pyodide")
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": PRELOAD},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "kit",
            # window.jupyterapp, for the lite tests and bench (nothing leaves the browser)
            "exposeAppInBrowser": "true",
            "litePluginSettings": {KERNEL_SETTINGS: settings},
        },
    }
    (LITE_DIR / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    (LITE_DIR / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2))
    with tempfile.TemporaryDirectory() as tmp:
        files = contents(Path(tmp))
        shutil.rmtree(SITE, ignore_errors=True)
        log("jupyter lite build")
        env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
        run(
            ENV / "bin" / "jupyter", "lite", "build", "--lite-dir", LITE_DIR,
            "--output-dir", SITE, "--contents", files, "--no-sourcemaps",
            "--no-unused-shared-packages",
            cwd=LITE_DIR, env=env, stdout=subprocess.DEVNULL,
        )  # fmt: skip
    for stray in SITE.rglob("*.map"):
        stray.unlink()
    (SITE / STAMP).write_text(json.dumps({"inputs": inputs, "packages": packages}, indent=1))
    log(
        f"{SITE.relative_to(ROOT)}: {size_mb(SITE):.1f} MB, {len(packages)} packages, "
        f"built in {time.monotonic() - start:.0f} s"
    )
    return SITE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if the site is fresh")
    build(parser.parse_args().force)


if __name__ == "__main__":
    main()
