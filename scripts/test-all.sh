#!/usr/bin/env bash
# `npm test`: every test the project has, in the order that fails fastest.
# Installs Debian's Chromium when it is missing (no test tool downloads a browser).
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"

started=$(date +%s)
stage_started=""
# Each stage's time is printed as the next begins: the aim is 30 minutes on 2 cores (docs/testing.md).
step() {
  local now
  now=$(date +%s)
  [ -z "$stage_started" ] || printf '(%ss)\n' "$((now - stage_started))"
  stage_started=$now
  printf '\n=== %s ===\n' "$1"
}

step "chromium"
bash scripts/ensure-chromium.sh

step "type-check (tsc --noEmit, strict)"
npx --no-install tsc --noEmit -p tsconfig.json

step "lint (eslint: correctness, rules of hooks, architecture boundaries)"
npx --no-install eslint --cache --cache-location node_modules/.cache/eslint/ --max-warnings 0 .

step "unit, component and server integration tests (vitest)"
source scripts/alone-tests.sh
npx --no-install vitest run -c tests/vitest.config.ts "${ALONE_EXCLUDES[@]}"
npx --no-install vitest run -c tests/vitest.config.ts --project server --no-file-parallelism "${ALONE[@]}"

step "reference server integration tests on PostgreSQL"
bash scripts/test-postgres.sh

step "production build (rollup)"
npx --no-install rollup -c rollup.config.mjs --silent

step "end-to-end tests (Playwright + Debian Chromium against the reference server)"
npx --no-install vitest run -c tests/e2e/vitest.config.ts

step "performance budget of /login"
npx --no-install tsx tests/perf/budget.ts

step "time to the sign-in form, slow 4G and 4x CPU applied (one load; printed, not asserted)"
npx --no-install tsx tests/perf/timeToForm.ts --runs 1

step "lighthouse (mobile, simulated slow 4G) of /login: hand-off (also in Arabic and Japanese) and bare"
npx --no-install tsx tests/perf/lighthouse.ts --languages ar_SA,ja_JP

step "visual regression (Storybook + Loki)"
bash scripts/visual.sh test

printf '(%ss)\n' "$(( $(date +%s) - stage_started ))"
printf '\nall test stages passed in %ss\n' "$(( $(date +%s) - started ))"
