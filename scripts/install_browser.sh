#!/usr/bin/env bash
# Install what tests/test_ui_browser.py drives: Debian's Chromium and the pinned playwright.
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

if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
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
