#!/usr/bin/env bash
# Visual regression tests: Storybook static build screenshotted by Loki in Debian Chromium.
#
#   bash scripts/visual.sh test   [loki args...]   compare with tests/visual/reference (fails on a
#                                                   difference or on a story without a reference)
#   bash scripts/visual.sh update [loki args...]   (re)write the reference images
#
# Extra arguments go to loki, e.g. --storiesFilter 'Modal' or a configuration filter
# ('chrome.375'). A full update (no extra arguments) also deletes references of
# stories that no longer exist. Configuration: the "loki" key of package.json.
# Without extra arguments the stories are split over VISUAL_SHARDS loki processes
# (default 2, one per core), each with its own Chromium: one browser's tabs would share
# focus (see tests/visual/README.md), two browsers do not. VISUAL_ONLY='<regex>' narrows
# such a run to the matching stories (any number of them; none is an error), and an update
# narrowed this way deletes no reference.
# Works without a TTY; Chromium is installed with apt-get when missing.
set -euo pipefail

cd "$(dirname "$0")/.."

MODE="${1:-test}"
if [ $# -gt 0 ]; then shift; fi
case "$MODE" in
  test | update) ;;
  *)
    echo "usage: bash scripts/visual.sh test|update [loki args...]" >&2
    exit 2
    ;;
esac

REFERENCE_DIR=tests/visual/reference
LOG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/portal-visual.XXXXXX")"
# A private build per run: a second run (or `npm run build-storybook`) in the same
# tree must not rebuild the files this run's server is handing to Chromium.
OUT_DIR="$LOG_DIR/storybook-static"

# Non-interactive everywhere: loki picks its plain renderer under CI, Storybook never prompts.
export CI="${CI:-true}"
export STORYBOOK_DISABLE_TELEMETRY=1
export CHROME_PATH=/usr/bin/chromium
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-deprecation"
# loki loads aws-sdk v2 (for its unused Lambda target), which prints an end-of-support note.
export AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE=1
BIN=node_modules/.bin
for tool in storybook loki; do
  if [ ! -x "$BIN/$tool" ]; then
    echo "visual: $BIN/$tool is missing; run npm ci first" >&2
    exit 1
  fi
done

# Each loki's Chromium gets a profile inside this run's directory: that marks the browser
# processes this run started, so they can be ended by PID even when loki died first
# (chrome-launcher starts Chromium detached, and only stops it on a clean exit).
PROFILE_PREFIX="$LOG_DIR/chromium-profile-"
CONFIG_FLAGS="$(node -p "require('./package.json').loki.chromeFlags")"

SERVER_PID=""
LOKI_PIDS=()
# our_chromium_pids [shard]: every browser of this run, or only the given shard's.
our_chromium_pids() {
  local cmdline pid match
  if [ -n "${1:-}" ]; then
    match=(-qxF -- "--user-data-dir=$PROFILE_PREFIX$1") # the whole argument: shard 1 is not shard 10
  else
    match=(-qF -- "--user-data-dir=$PROFILE_PREFIX")
  fi
  for cmdline in /proc/[0-9]*/cmdline; do
    # A process may end between the glob and the read: its vanished file is no error.
    if { tr '\0' '\n' <"$cmdline"; } 2>/dev/null | grep "${match[@]}"; then
      pid="${cmdline#/proc/}"
      echo "${pid%/cmdline}"
    fi
  done
}
# stop_chromium [shard]: ends the browsers of this run (or of one shard) by PID.
stop_chromium() {
  local pids pid pidfile launcher_dirs=""
  pids="$(our_chromium_pids "${1:-}")"
  [ -n "$pids" ] || return 0
  # chrome-launcher's own temporary directory (logs, chrome.pid) for these browsers.
  for pidfile in "${TMPDIR:-/tmp}"/lighthouse.*/chrome.pid; do
    [ -f "$pidfile" ] || continue
    for pid in $pids; do
      if [ "$(cat "$pidfile" 2>/dev/null)" = "$pid" ]; then
        launcher_dirs="$launcher_dirs $(dirname "$pidfile")"
      fi
    done
  done
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null || true
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    pids="$(our_chromium_pids "${1:-}")"
    [ -n "$pids" ] || break
    sleep 0.5
  done
  if [ -n "$pids" ]; then
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
  fi
  # shellcheck disable=SC2086
  [ -z "$launcher_dirs" ] || rm -rf $launcher_dirs
}
stop_loki() {
  local pid alive
  # SIGINT lets loki's chrome-launcher close Chromium and remove its temporary files.
  for pid in "${LOKI_PIDS[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    alive=""
    for pid in "${LOKI_PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ -n "$alive" ] || return 0
    sleep 0.5
  done
  for pid in "${LOKI_PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
}
cleanup() {
  local status=$?
  if [ "${#LOKI_PIDS[@]}" -gt 0 ]; then
    stop_loki
  fi
  stop_chromium
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$LOG_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

now() { date +%s; }
T0=$(now)

bash scripts/ensure-chromium.sh

echo "visual: building Storybook"
# VISUAL_GRAPH: the build's module graph, for the choice of stories below.
GRAPH="$LOG_DIR/graph.json"
if ! VISUAL_GRAPH="$GRAPH" "$BIN/storybook" build -o "$OUT_DIR" --quiet --disable-telemetry >"$LOG_DIR/build.log" 2>&1; then
  cat "$LOG_DIR/build.log" >&2
  echo "visual: Storybook build failed" >&2
  exit 1
fi
# The inputs as built: a file edited while the stories are shot is not recorded as verified.
SNAPSHOT="$LOG_DIR/inputs.json"
node scripts/visual-digests.mjs snapshot "$OUT_DIR" "$GRAPH" "$SNAPSHOT" || exit 1
# Loki fails a page whose requests 404; Chromium always asks for /favicon.ico.
touch "$OUT_DIR/favicon.ico"
T1=$(now)
echo "visual: Storybook built in $((T1 - T0))s"

# VISUAL_TRACE: what each story loaded, as its tab reports it (.storybook/preview.tsx).
TRACE="$LOG_DIR/trace.jsonl"
VISUAL_TRACE="$TRACE" node scripts/serve-static.mjs "$OUT_DIR" 0 >"$LOG_DIR/server.log" 2>&1 &
SERVER_PID=$!
URL=""
for _ in $(seq 1 100); do
  URL="$(sed -n 's/^serving .* at \(http:\/\/127\.0\.0\.1:[0-9]*\)$/\1/p' "$LOG_DIR/server.log")"
  [ -n "$URL" ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$URL" ]; then
  cat "$LOG_DIR/server.log" >&2
  echo "visual: static server did not start" >&2
  exit 1
fi
echo "visual: serving the build at $URL"

LOKI_ARGS=("$MODE" --reactUri "$URL")
if [ "$MODE" = test ]; then
  LOKI_ARGS+=(--requireReference)
fi
FULL_UPDATE=0
if [ "$MODE" = update ] && [ $# -eq 0 ] && [ -z "${VISUAL_ONLY:-}" ]; then
  FULL_UPDATE=1
  mkdir -p "$REFERENCE_DIR"
  touch "$LOG_DIR/update-start"
  sleep 1 # mtime granularity: every reference written from now on is newer than the marker
fi

# start_loki <shard> [loki args...]: one loki with its own Chromium, in the background so
# that an interrupted run can end it by PID. One argument with "=": minimist would read a
# separate "--headless ..." as a flag.
start_loki() {
  local shard="$1"
  shift
  "$BIN/loki" "${LOKI_ARGS[@]}" "--chromeFlags=$CONFIG_FLAGS --user-data-dir=$PROFILE_PREFIX$shard" "$@" </dev/null &
  LOKI_PIDS+=("$!")
}

# start_shard <i> <label> [filter]: loki for shard i (or only the stories of filter), its output
# kept in the shard's log (read back for the stories that failed) and shown prefixed with the label.
# Own result folders: loki empties them when it starts (merged below).
start_shard() {
  # Each run a log of its own: the tail of a shard's previous run may still be reading its log.
  RUNS=$((RUNS + 1))
  SHARD_LOGS[$1]="$LOG_DIR/shard-$1.run-$RUNS.log"
  local log="${SHARD_LOGS[$1]}"
  start_loki "$1" --storiesFilter "${3:-${SHARDS[$1]}}" \
    --output "$LOG_DIR/shard-$1/current" --difference "$LOG_DIR/shard-$1/difference" \
    >"$log" 2>&1
  # tail ends once loki has ended and the whole log is shown.
  tail -n +1 -f --pid="${LOKI_PIDS[${#LOKI_PIDS[@]} - 1]}" "$log" | sed -u "s/^/[visual $2] /" &
}

RUNS=0
SHARD_LOGS=()

# failed_filter <i>: the stories shard i's last run failed, as the filter loki suggests for their update
# (`[npm run] loki update [--] --storiesFilter="^(A|B)\$"`, escaped for a shell's double quotes),
# or nothing.
failed_filter() {
  sed -n 's/^.*loki update \(-- \)\{0,1\}--storiesFilter="\(\([^"\\]\|\\.\)*\)".*/\2/p' "${SHARD_LOGS[$1]}" | tail -n 1 |
    sed -e 's/\\\(["$`\\]\)/\1/g'
}

# Without loki arguments the stories always go through visual-shards.mjs, even into one shard:
# its filter is what VISUAL_ONLY narrows (a run without a filter would shoot the whole suite).
# A test shoots only the stories whose inputs changed since their references were verified
# (DIGESTS, scripts/visual-digests.mjs); VISUAL_ALL=1 shoots every one.
DIGESTS=tests/visual/digests.json
SHOT="$LOG_DIR/shot"
SHARDS=()
if [ $# -eq 0 ]; then
  CHOSEN=()
  if [ "$MODE" = test ] && [ "${VISUAL_ALL:-}" != 1 ]; then
    node scripts/visual-digests.mjs select "$OUT_DIR" "$GRAPH" "$DIGESTS" "$SNAPSHOT" >"$LOG_DIR/changed" || exit 1
    TOTAL="$(node -p "Object.values(require('$OUT_DIR/index.json').entries).filter((e) => e.type === 'story').length")"
    echo "visual: $(wc -l <"$LOG_DIR/changed") of $TOTAL stories changed since their references were verified ($DIGESTS; VISUAL_ALL=1 shoots all)"
    CHOSEN=(VISUAL_STORIES="$LOG_DIR/changed")
  fi
  SHARD_LIST="$(env "${CHOSEN[@]}" VISUAL_SHOT="$SHOT" node scripts/visual-shards.mjs "$OUT_DIR" "${VISUAL_SHARDS:-2}")" || exit 1
  [ -z "$SHARD_LIST" ] || mapfile -t SHARDS <<<"$SHARD_LIST"
  if [ "${#SHARDS[@]}" -eq 0 ]; then
    echo "visual: nothing to shoot: every chosen story is unchanged since its references were verified"
    exit 0
  fi
elif [ -n "${VISUAL_ONLY:-}" ]; then
  echo "visual: VISUAL_ONLY narrows a run without loki arguments; with arguments, use --storiesFilter" >&2
  exit 2
fi
if [ "${#SHARDS[@]}" -gt 0 ]; then
  echo "visual: ${#SHARDS[@]} loki processes, each with its own Chromium"
  for i in "${!SHARDS[@]}"; do
    start_shard "$i" "$((i + 1))"
  done
else
  start_loki 0 "$@"
fi
STATUS=0
set +e
for i in "${!LOKI_PIDS[@]}"; do
  wait "${LOKI_PIDS[$i]}"
  code=$?
  # 1: differences or failed stories (listed above); anything else: loki itself broke
  # (a story that outlasted chromeLoadTimeout makes loki 0.35 write an empty file and exit).
  # A broken shard is run once more on a fresh browser: a stall on a loaded machine is not a finding.
  if [ "$code" -gt 1 ] && [ "${#SHARDS[@]}" -gt 0 ]; then
    echo "visual: loki process $((i + 1)) stopped with exit code $code before it finished; running its stories again" >&2
    stop_chromium "$i"
    start_shard "$i" "$((i + 1)), again"
    wait "${LOKI_PIDS[${#LOKI_PIDS[@]} - 1]}"
    code=$?
  fi
  # Stories that failed (a difference, or a play function that timed out on a loaded machine)
  # are shot once more on their own: what fails twice is a finding, what passes the second time
  # is named as unsteady so that it gets looked at, but does not fail the run.
  if [ "$code" -eq 1 ] && [ "$MODE" = test ] && [ "${#SHARDS[@]}" -gt 0 ]; then
    filter="$(failed_filter "$i")"
    if [ -n "$filter" ]; then
      echo "visual: loki process $((i + 1)) failed on $filter; shooting those stories once more" >&2
      start_shard "$i" "$((i + 1)), again" "$filter"
      wait "${LOKI_PIDS[${#LOKI_PIDS[@]} - 1]}"
      code=$?
      [ "$code" -ne 0 ] || echo "visual: UNSTEADY (failed once, passed again): $filter" >&2
    fi
  fi
  if [ "$code" -ne 0 ]; then
    STATUS=$code
    [ "$code" -eq 1 ] || echo "visual: loki process $((i + 1)) stopped with exit code $code before it finished" >&2
  fi
done
set -e
LOKI_PIDS=()
if [ "${#SHARDS[@]}" -gt 0 ] && [ "$MODE" = test ]; then
  for kind in current difference; do
    rm -rf "tests/visual/$kind"
    mkdir -p "tests/visual/$kind"
    for i in "${!SHARDS[@]}"; do
      if [ -d "$LOG_DIR/shard-$i/$kind" ]; then
        find "$LOG_DIR/shard-$i/$kind" -maxdepth 1 -name '*.png' -exec cp -t "tests/visual/$kind" {} +
      fi
    done
  done
fi
T2=$(now)

# What passed (or was just made a reference) is recorded as verified with its inputs.
if [ "$STATUS" -eq 0 ] && [ "${#SHARDS[@]}" -gt 0 ]; then
  node scripts/visual-digests.mjs record "$OUT_DIR" "$GRAPH" "$DIGESTS" "$SHOT" "$TRACE" "$SNAPSHOT" || STATUS=1
fi

if [ "$STATUS" -eq 0 ] && [ "$FULL_UPDATE" -eq 1 ]; then
  while IFS= read -r -d '' stale; do
    echo "visual: removing reference of a story that no longer exists: $stale"
    rm -f "$stale"
  done < <(find "$REFERENCE_DIR" -maxdepth 1 -name '*.png' ! -newer "$LOG_DIR/update-start" -print0)
fi

if [ "$STATUS" -ne 0 ] && [ "$MODE" = test ]; then
  echo "visual: differences are in tests/visual/difference (reference | current are in tests/visual/reference | current)." >&2
  echo "visual: if the change is intended: bash scripts/visual.sh update --storiesFilter '<Title> <Story name>'" >&2
  echo "        (ignore the --reactUri loki suggests above: it names this run's temporary server)" >&2
fi

COUNT=$(find "$REFERENCE_DIR" -maxdepth 1 -name '*.png' 2>/dev/null | wc -l)
echo "visual: loki $MODE exited $STATUS in $((T2 - T1))s (total $((T2 - T0))s, $COUNT reference images)"
exit "$STATUS"
