# Giv: `make site` sets up and builds the site; `make test` sets up the test tools and runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
POT := templates/locale/messages.pot

.PHONY: site test test-deps messages serve bench clean

# editable_mode=compat: a plain path in a .pth file; the default installs an import hook that
# slows the start of every `giv` command.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e . --config-settings editable_mode=compat
	touch $@

# compileall: bytecode for Giv's modules, as a non-editable install would have (when
# PYTHONDONTWRITEBYTECODE is set, Python would otherwise compile them on every start).
site: $(VENV)/.installed
	$(BIN)/python -m compileall -q generator
	$(BIN)/giv build

$(VENV)/.test-installed: $(VENV)/.installed pyproject.toml package.json
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]' --config-settings editable_mode=compat
	npm ci --no-audit --no-fund --silent
	touch $@

/usr/bin/chromium:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

# Debian's nginx: tests/test_nginx.py serves the built site with docs/publishing.md's configuration.
/usr/sbin/nginx:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null

test-deps: $(VENV)/.test-installed /usr/bin/chromium /usr/sbin/nginx

test: test-deps
	node --test tests/js/
	$(BIN)/python -m pytest

# Re-extract the UI strings and merge them into the catalogs (then translate what is new).
messages: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k n_:1,2 --no-location --sort-output --omit-header -o $(POT) . 
	$(BIN)/pybabel update -i $(POT) -d templates/locale --no-fuzzy-matching --ignore-obsolete --no-wrap

serve: $(VENV)/.installed
	$(BIN)/giv serve

bench: $(VENV)/.installed
	bench/run

clean:
	rm -rf site .giv-cache
