// What a check costs in the browser's Python: the kit's exercises run in Pyodide, as in
// JupyterLite, and this prints medians of a plain sha256 (the baseline), one stretched
// fingerprint and one whole right check (check("dados-1", 36)), with their ratios.
//
//   node bench/bench_exercises_pyodide.mjs PYODIDE_DIR     (make bench-pyodide unpacks it)
//
// PYODIDE_DIR is the unpacked npm package `pyodide` at the version jupyterlite-pyodide-kernel
// pins. The kit's source is copied into Pyodide's file system: only the standard library runs.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pyodideDir = path.resolve(process.argv[2] ?? "build/pyodide/package");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const source = path.join(from, entry.name);
    const target = `${to}/${entry.name}`;
    if (entry.isDirectory()) copyTree(source, target);
    else pyodide.FS.writeFile(target, fs.readFileSync(source));
  }
}
copyTree(path.join(here, "..", "kit"), "/home/pyodide/kit");

const report = await pyodide.runPythonAsync(`
import contextlib, hashlib, io, statistics, sys, time
sys.path.insert(0, "/home/pyodide")
from kit.exercises import check
from kit.exercises.fingerprints import WORK, stretched

def median_cpu(fn, runs=5):
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)

def right_check():
    with contextlib.redirect_stdout(io.StringIO()):
        assert check("dados-1", 36)

baseline = median_cpu(lambda: [hashlib.sha256(b"number:36/1").digest() for _ in range(1000)]) / 1000
candidate = median_cpu(lambda: stretched("dados-1", "ab" * 16, "number:36/1"))
right = median_cpu(right_check)
lines = [
    f"Pyodide {sys.version.split()[0]}; work factor {WORK:,}; medians of 5 runs (CPU time)",
    f"  plain sha256 (baseline)   {baseline * 1e6:10.2f} µs   1×",
    f"  one stretched candidate   {candidate * 1e3:10.1f} ms   {candidate / baseline:,.0f}×",
    f"  one right check           {right * 1e3:10.1f} ms   {right / baseline:,.0f}×",
    f"  pbkdf2_hmac available: {hasattr(hashlib, 'pbkdf2_hmac')}",
]
"\\n".join(lines)
`);
console.log(report);
