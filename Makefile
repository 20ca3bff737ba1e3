# The README's two commands are `make lab` and `make test`. Each creates the virtual environment
# in .venv on first use (with uv, itself installed into the venv from PyPI) and re-installs only
# when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SANITIZE := tests/nbval_sanitize.cfg
ARTIFACTS ?= artifacts
CLASSROOM := classroom

.PHONY: lab test lint unit nbval browser pyodide student bench bench-pyodide lite bench-lite clean worksheets

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@test -x $(BIN)/uv || $(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[dev]'
	@touch $(STAMP)

## make lab: write what is missing in classroom/ (lesson copies, student copies; a student's
## work is never overwritten) and open it in JupyterLab
lab: $(STAMP)
	$(BIN)/kit classroom --out $(CLASSROOM)
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) $(CLASSROOM)/

## make test: the whole suite — lint, unit and property tests, notebooks under nbval, browser
test: lint unit nbval browser pyodide

lint: $(STAMP)
	$(BIN)/ruff check kit tests bench lite
	$(BIN)/ruff format --check kit tests bench lite
	$(BIN)/lint-imports

unit: $(STAMP)
	$(BIN)/pytest -m "not browser and not pyodide"

nbval: $(STAMP)
	$(BIN)/pytest --nbval notebooks exercises --nbval-sanitize-with $(SANITIZE) -p no:cacheprovider

## (the lite tests among them build the JupyterLite site first, as make lite does, or reuse it)
browser: $(STAMP) lite
	KIT_ARTIFACTS=$(ARTIFACTS) $(BIN)/pytest -m browser tests/browser

## make student: the student copies in classroom/exercises/ (the classroom, without JupyterLab)
student: $(STAMP)
	$(BIN)/kit classroom --out $(CLASSROOM)

## make worksheets: a paper-only sheet per lesson in build/worksheets/ (predictions, tables to
## fill, the exercises done with pencil; never a solution, code or screen; at most 4 A4 pages,
## chosen by kit/data/worksheets.toml): HTML, and PDF where Chromium is on PATH
worksheets: $(STAMP)
	$(BIN)/kit worksheets --out build/worksheets

## make bench: import and notebook times, property games per second, Palabra's finder (medians)
bench: $(STAMP)
	$(BIN)/python bench/bench_foundation.py
	$(BIN)/python bench/bench_property.py
	$(BIN)/python bench/bench_speed.py
	$(BIN)/python bench/bench_dia_de_paga.py
	$(BIN)/python bench/bench_palabra.py
	$(BIN)/python bench/bench_grade.py
	$(BIN)/python bench/bench_markov.py --rolls 200000
	$(BIN)/python bench/bench_exercises.py
	$(BIN)/python bench/bench_cluster.py

## make bench-pyodide: what a check costs in JupyterLite's Python (npm's pyodide, run by node)
PYODIDE_VERSION := 314.0.6
PYODIDE_DIR := build/pyodide
$(PYODIDE_DIR)/package/pyodide.mjs:
	mkdir -p $(PYODIDE_DIR)
	cd $(PYODIDE_DIR) && npm pack --silent pyodide@$(PYODIDE_VERSION) && tar xzf pyodide-$(PYODIDE_VERSION).tgz

$(PYODIDE_DIR)/wheels/.done: tests/pyodide/wheels.txt $(STAMP)
	$(BIN)/python -m pip download --quiet --disable-pip-version-check --no-deps \
		--only-binary=:all: --python-version 3.14 -d $(PYODIDE_DIR)/wheels -r tests/pyodide/wheels.txt
	@touch $@

bench-pyodide: $(PYODIDE_DIR)/package/pyodide.mjs $(PYODIDE_DIR)/wheels/.done
	node tests/pyodide/run.mjs $(PYODIDE_DIR)/package $(PYODIDE_DIR)/wheels bench/bench_exercises_pyodide.py

## make pyodide: the exercises' checks and slips advice in Pyodide, with its IPython
pyodide: $(STAMP) $(PYODIDE_DIR)/package/pyodide.mjs $(PYODIDE_DIR)/wheels/.done
	KIT_PYODIDE=$(PYODIDE_DIR) $(BIN)/pytest -m pyodide tests/test_pyodide.py tests/test_student_answers.py

## make lite: the classroom (lessons, play notebooks, student copies) as an offline JupyterLite
## site in build/lite/, from PyPI and npm only; serve it with python3 -m http.server -d build/lite
lite: $(STAMP) $(PYODIDE_DIR)/package/pyodide.mjs
	$(BIN)/python lite/build.py

## make bench-lite: in that site, each lesson's kernel start, first output and run-all (medians)
bench-lite: lite
	$(BIN)/python bench/bench_lite.py
