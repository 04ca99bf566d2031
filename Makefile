# `make run` starts the workbench on its embedded demo (in Chinese under a zh_* locale, or as chosen in
# its Language menu), `make test` runs the whole suite headless, `make check` its fast lane,
# `make bench` runs the benchmarks (figures into docs/bench/ and docs/bench-results.md, then the
# 50-cycle `make soak`), `make translations` updates resources/translations from app/.
# Each creates .venv and installs the project on first use: `make run` (and demo, screenshots,
# translations) the runtime dependencies only; `make test`, check, bench and soak add the test extra
# (the oracles: transformers, gguf, mistral-common, spaCy, dask...).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
# each bench saves its figures as JSON here; docs/bench-results.md is generated from them
BENCH_OUT := docs/bench

.PHONY: run test check bench soak demo screenshots translations clean

# The tests keep Python's bytecode cache (__pycache__, ignored by git) even where the environment sets
# PYTHONDONTWRITEBYTECODE: without it every run recompiles the ~280 test modules as pytest rewrites their
# asserts, and every child interpreter a test starts recompiles the core and app modules it imports.
# Measured on the 2-core VM: collection 20 -> 9 s of CPU; a fresh interpreter importing the window
# 1.4 -> 0.9 s (docs/testing.md).
TEST_ENV := QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE=

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(TEST_STAMP)

run: $(STAMP)
	$(PY) -m app

# Both run pytest on every core (pytest-xdist, at most 4 workers; WORKERS=N sets the count, 0 one
# plain pytest), then the tests marked serial (wall-clock measurements) alone: tests/passes.py.
# Exit 5 (nothing collected) is not a failure here.
test: $(TEST_STAMP)
	@$(TEST_ENV) TOKBENCH_TEST_WORKERS=$(WORKERS) $(PY) -m tests.passes $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 0; fi; exit $$rc

# the fast lane for development (docs/testing.md): no shared real data, no GUI, no soak, none of the
# tests marked slow (every tokenizer family, child processes started and killed)
check: $(TEST_STAMP)
	@$(TEST_ENV) TOKBENCH_TEST_WORKERS=$(WORKERS) $(PY) -m tests.passes --no-realdata \
	  -m "not gui and not soak and not slow" $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 0; fi; exit $$rc

bench: $(TEST_STAMP)
	$(PY) -m tests.bench.run --json $(BENCH_OUT)/run.json
	$(PY) -m tests.bench.train_bpe_wordpiece --repeat 1 --json $(BENCH_OUT)/train_bpe_wordpiece.json
	$(PY) -m tests.bench.train_unigram --repeat 1 --json $(BENCH_OUT)/train_unigram.json
	$(PY) -m tests.bench.chat --json $(BENCH_OUT)/chat.json
	$(PY) -m tests.bench.align --repeat 3 --json $(BENCH_OUT)/align.json
	$(PY) -m tests.bench.audit --json $(BENCH_OUT)/audit.json
	$(PY) -m tests.bench.diff --repeat 1 --json $(BENCH_OUT)/diff.json
	$(PY) -m tests.bench.report --json $(BENCH_OUT)/report.json
	$(PY) -m tests.bench.results --folder $(BENCH_OUT) --out docs/bench-results.md
	$(MAKE) soak

# 50 training runs started and stopped at random moments (three engines; the GUI's API, Ctrl-C
# and SIGTERM to tokbench) on the benchmark corpus: no process, no file left, memory flat
soak: $(TEST_STAMP)
	$(TEST_ENV) TOKBENCH_SOAK_CYCLES=50 $(PY) -m pytest -m soak -s tests/app/test_soak.py

demo: $(STAMP)
	$(PY) resources/demo/make_demo.py

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m app.screenshots screenshots

# lupdate over app/ (new strings arrive "unfinished" in the .ts), then lrelease to the committed .qm
translations: $(STAMP)
	$(PY) -m app.translations

clean:
	rm -rf $(VENV) build *.egg-info
