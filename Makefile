# The two commands a new user needs are `make run` and `make test`; both set up everything.
VENV ?= .venv
PY := $(VENV)/bin/python
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20

.PHONY: setup run test lint bench synth openapi schema clean plugin fixtures

setup:
	bash scripts/bootstrap.sh dev

# The plugin is built too (a second): the quickstart loads plugin/manifest.json next.
run: plugin
	$(VENV)/bin/pageport dev $(ARGS)

# The plugin's vitest suite first (seconds), then everything else; pytest also drives the
# plugin against the local stack and checks its read-back renders. One kind of test only (the
# folders under tests/; README, "Tests"): make test KIND=unit, which runs `pytest -m unit` and
# skips vitest. Extra pytest options: make test ARGS="-x -k convert".
KINDS := unit integration chromium invariants infra e2e
ifneq ($(KIND),$(filter $(KINDS),$(firstword $(KIND))))
$(error KIND=$(KIND): one of $(KINDS))
endif

test: setup
	$(if $(KIND),,cd plugin && npm test)
	$(PY) -m pytest $(if $(KIND),-m $(KIND)) $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .
	cd plugin && npm run typecheck && npm run lint

# The Figma plugin, built for a stage: make plugin API_ORIGIN=https://abc.execute-api.eu-west-1.amazonaws.com
plugin: setup
	cd plugin && npm run build -- $(if $(API_ORIGIN),--api-origin $(API_ORIGIN))

bench: setup
	$(PY) bench/run_all.py

synth: setup
	$(PY) app.py

openapi: setup
	$(PY) -m devstack.openapi > docs/openapi.json

schema: setup
	$(PY) scripts/result_schema.py > docs/result.schema.json

fixtures: setup
	$(PY) scripts/make_fixtures.py

clean:
	rm -rf cdk.out build .pytest_cache .mypy_cache .ruff_cache
