#!/usr/bin/env bash
# The web font families capture renders with: Debian's packages of common Google (and
# metric-compatible Microsoft) families, the Google families Debian lacks from the locked
# @fontsource npm packages in this folder converted to TTF (fontsource_ttf.py, which needs
# fontTools and brotli: run it with the project's Python), and fontconfig rules that make capture
# draw with faces Figma has (55-pageport-aliases.conf). Needs root. Idempotent: a stamp holds the inputs' hash.
# Usage: fonts/install.sh [PYTHON]   (PYTHON defaults to python3)
#        fonts/install.sh --check    (exit 0 when installed and current, 1 otherwise; no root)
set -euo pipefail

PYTHON=${1:-python3}
# A relative path to the interpreter (bootstrap passes .venv/bin/python) names it from the
# caller's folder, not from this one.
if [[ $PYTHON == */* && $PYTHON != /* ]]; then
    PYTHON="$PWD/$PYTHON"
fi
cd "$(dirname "$0")"
DEST=${PAGEPORT_FONT_DEST:-/usr/local/share/fonts/pageport}
CONF_DIR=${PAGEPORT_FONTCONFIG_DIR:-/etc/fonts/conf.d}
# Debian bookworm's packages (fonts-croscore: Arimo, Tinos, Cousine, the metric twins of Arial,
# Times New Roman and Courier New that Figma has; fonts-noto-core: Arabic, Hebrew, Thai,
# Devanagari and the other scripts' Noto families; fonts-noto-cjk: Japanese, Chinese and Korean,
# which the design names by their Google families, Noto Sans JP, SC, TC, KR).
APT_PACKAGES="fonts-liberation2 fonts-noto-core fonts-noto-cjk fonts-roboto fonts-open-sans fonts-lato fonts-inter
fonts-roboto-slab fonts-croscore fontconfig"

stamp="$DEST/.installed"
inputs=$(cat package-lock.json fontsource_ttf.py 55-pageport-aliases.conf install.sh | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
    exit 0
fi
[ "$PYTHON" != --check ] || exit 1

# dpkg-query fails for a package it has never seen: what it did list is still the answer.
installed=$(dpkg-query -W -f='${db:Status-Status} ${Package}\n' $APT_PACKAGES 2>/dev/null || true)
missing=$(awk '$1 == "installed" {print $2}' <<<"$installed" | sort | comm -13 - <(tr ' ' '\n' <<<"$APT_PACKAGES" | grep . | sort))
if [ -n "$missing" ]; then
    echo "fonts: installing Debian's $(echo $missing)" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

npm ci --omit=dev --no-audit --no-fund --loglevel=error
rm -rf "$DEST.tmp"
"$PYTHON" -W ignore fontsource_ttf.py node_modules/@fontsource "$DEST.tmp"
rm -rf "$DEST"
mv "$DEST.tmp" "$DEST"
install -m 644 55-pageport-aliases.conf "$CONF_DIR/55-pageport-aliases.conf"
# Its name before it had to run ahead of 60-latin.conf (the generic monospace rule).
rm -f "$CONF_DIR/60-pageport-aliases.conf"
fc-cache -f >/dev/null
echo "$inputs" >"$stamp"
echo "fonts: installed into $DEST" >&2
