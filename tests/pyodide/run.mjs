// Run a Python file in Pyodide (the Python of JupyterLite) with the kit's source and a folder
// of pure-Python wheels unpacked into its file system; print what the file's last expression
// gives. Used by tests/test_pyodide.py.
//
//   node tests/pyodide/run.mjs PYODIDE_DIR WHEELS_DIR SCRIPT.py

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, script] = process.argv.slice(2).map((p) => path.resolve(p));
const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, `${to}/${entry.name}`);
    else pyodide.FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(source));
  }
}
copyTree(path.join(here, "..", "..", "kit"), "/home/pyodide/kit");
pyodide.FS.mkdirTree("/home/pyodide/wheels");
for (const name of fs.readdirSync(wheelsDir).filter((n) => n.endsWith(".whl"))) {
  pyodide.FS.writeFile(`/home/pyodide/wheels/${name}`, fs.readFileSync(path.join(wheelsDir, name)));
}
await pyodide.runPythonAsync(`
import pathlib, sys, zipfile
site = pathlib.Path("/home/pyodide/site")
for wheel in sorted(pathlib.Path("/home/pyodide/wheels").glob("*.whl")):
    zipfile.ZipFile(wheel).extractall(site)
sys.path[:0] = [str(site), "/home/pyodide"]
`);
console.log(await pyodide.runPythonAsync(fs.readFileSync(script, "utf8")));
