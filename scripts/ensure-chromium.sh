#!/usr/bin/env bash
# Make sure Debian's Chromium (and the fonts screenshots are made with) is installed.
# No tool in this project downloads its own browser: Loki, Playwright and the
# performance budget all drive /usr/bin/chromium.
# Idempotent: returns at once when Chromium is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

# fonts-liberation is a Recommends of chromium; named here so that hosts that
# skip Recommends still render the same glyphs as the committed references.
PACKAGES=(chromium fonts-dejavu-core fonts-noto-cjk fonts-liberation)

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "ensure-chromium: $CHROMIUM is missing and installing it needs root." >&2
    echo "  run as root: apt-get update && apt-get install -y ${PACKAGES[*]}" >&2
    exit 1
  fi
fi

echo "ensure-chromium: installing ${PACKAGES[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
${SUDO[@]+"${SUDO[@]}"} apt-get update -qq
${SUDO[@]+"${SUDO[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
  "${PACKAGES[@]}" >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
"$CHROMIUM" --version 2>/dev/null || true
