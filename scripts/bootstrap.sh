#!/usr/bin/env bash
# Everything a fresh machine needs before `make run` or `make test`: a virtualenv with the
# project's dependency groups, Debian's Chromium for capture (Playwright cannot download
# its own browser here), the web font families capture renders with (fonts/install.sh) and,
# for the dev group, the Figma plugin's npm packages (`npm ci`).
# Idempotent and quick when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
GROUP=${1:-dev}

if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is required"'
    "$PYTHON" -m venv "$VENV"
fi
stamp="$VENV/.installed-$GROUP"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade "pip>=25.1"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --group "$GROUP"
    # The `pageport` command (devstack.cli) and the layer package, editable.
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -e .
    touch "$stamp"
fi

if ! command -v chromium >/dev/null 2>&1 && [ ! -x "${PAGEPORT_CHROMIUM:-/usr/bin/chromium}" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "bootstrap: installing Debian's chromium" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "bootstrap: Chromium is missing; install it (Debian: sudo apt-get install chromium)" \
             "or set PAGEPORT_CHROMIUM to its path" >&2
        exit 1
    fi
fi

# Chromium's managed policy: WebRTC closed at the browser (pageport/netguard/chromium.py says why
# it must be a policy); the worker image installs the same file.
policy_src=layers/pageport/python/pageport/netguard/chromium_policy.json
policy_dst=/etc/chromium/policies/managed/pageport.json
if ! cmp -s "$policy_src" "$policy_dst"; then
    if [ "$(id -u)" = 0 ]; then
        install -D -m 0644 "$policy_src" "$policy_dst"
    else
        echo "bootstrap: to close WebRTC in capture's Chromium, run:" \
             "sudo install -D -m 0644 $PWD/$policy_src $policy_dst" >&2
    fi
fi

# The web font families capture renders with (fonts/install.sh: Debian's font packages and the
# locked @fontsource ones converted with the venv's fontTools). Quick when its stamp is current.
if [ "$GROUP" = dev ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
        bash fonts/install.sh "$VENV/bin/python"
    elif ! bash fonts/install.sh --check; then
        echo "bootstrap: the web fonts for capture are missing or stale; run:" \
             "sudo bash fonts/install.sh $VENV/bin/python" >&2
    fi
fi

# The Figma plugin (plugin/): its build, checks and tests need its locked npm packages.
if [ "$GROUP" = dev ]; then
    if ! command -v npm >/dev/null 2>&1; then
        echo "bootstrap: Node.js 20+ and npm are needed for the Figma plugin (plugin/)" >&2
        exit 1
    fi
    plugin_stamp=plugin/node_modules/.installed
    if [ ! -f "$plugin_stamp" ] || [ plugin/package-lock.json -nt "$plugin_stamp" ]; then
        (cd plugin && npm ci --no-audit --no-fund --loglevel=error)
        touch "$plugin_stamp"
    fi
fi

# `pageport` on PATH: a link in ~/.local/bin (where a user's own commands go, on PATH in most
# shells), never over a file that is not our link; otherwise the line that puts it there.
link_dir="${HOME:-}/.local/bin"
if [ -n "${HOME:-}" ] && [[ ":$PATH:" == *":$link_dir:"* ]]; then
    if [ ! -e "$link_dir/pageport" ] || [ -L "$link_dir/pageport" ]; then
        mkdir -p "$link_dir"
        ln -sfn "$PWD/$VENV/bin/pageport" "$link_dir/pageport"
    fi
fi
if [ "$(command -v pageport 2>/dev/null)" != "$link_dir/pageport" ] && [ "$(command -v pageport 2>/dev/null)" != "$PWD/$VENV/bin/pageport" ]; then
    echo "bootstrap: to run pageport from any shell: . $VENV/bin/activate (or add $PWD/$VENV/bin to PATH)" >&2
fi
