#!/usr/bin/env bash
# Install what the browser and PDF tests need: Debian's Chromium, the DejaVu font, and the
# pinned playwright.
#   bash scripts/install_browser.sh [VENV]   (default: the active venv, else .venv)
# Idempotent. Never runs `playwright install`: that downloads a browser; we use /usr/bin/chromium.
set -euo pipefail

PLAYWRIGHT_VERSION=1.65.2  # drives Chromium 156 (Debian bookworm's) over CDP

venv=${1:-${VIRTUAL_ENV:-.venv}}
py="$venv/bin/python"
if [ ! -x "$py" ]; then
  echo "install_browser.sh: no python at $py; create the venv first" >&2
  exit 1
fi

# DejaVu is also the font tests/pdfs.py uses to write ligature glyphs (ﬁ, ﬀ) into test PDFs.
if [ ! -x /usr/bin/chromium ] || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium fonts-dejavu-core
fi

installed=$("$py" -c 'import importlib.metadata as m; print(m.version("playwright"))' \
  2>/dev/null || true)
if [ "$installed" != "$PLAYWRIGHT_VERSION" ]; then
  # The registry mirror sometimes fails a first try: retry once.
  "$py" -m pip --disable-pip-version-check install -q "playwright==$PLAYWRIGHT_VERSION" \
    || { sleep 5; "$py" -m pip --disable-pip-version-check install -q \
         "playwright==$PLAYWRIGHT_VERSION"; }
fi
echo "browser: $(/usr/bin/chromium --version 2>/dev/null); playwright $PLAYWRIGHT_VERSION"
