# The two commands a new user needs are `make run` and `make test`; both set up everything.
VENV ?= .venv
PY := $(VENV)/bin/python
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20

.PHONY: setup run test lint bench synth openapi clean

setup:
	bash scripts/bootstrap.sh dev

run: setup
	$(VENV)/bin/pageport dev $(ARGS)

test: setup
	$(PY) -m pytest $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

bench: setup
	$(PY) bench/run_all.py

synth: setup
	$(PY) app.py

openapi: setup
	$(PY) -m devstack.openapi > docs/openapi.json

clean:
	rm -rf cdk.out build .pytest_cache .mypy_cache .ruff_cache
