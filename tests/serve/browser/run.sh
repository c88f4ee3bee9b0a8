#!/bin/sh
# run.sh - the pages of `sillage serve` in Debian's headless chromium
# (tests/serve/browser/serve.test.js): sh tests/serve/browser/run.sh BUILD/sillage
# The test starts real servers on free loopback ports in a temporary folder,
# records by clicks, watches from a second page, and verifies the journals.
# Installs playwright-core (pinned in package-lock.json, the version
# tests/html uses) with `npm ci` when node_modules is missing; it never
# downloads a browser: /usr/bin/chromium.
set -u
SL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
for t in node npm; do
	command -v $t >/dev/null 2>&1 || { echo "serve-browser tests need $t (see tools/deps.sh)" >&2; exit 4; }
done
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "serve-browser tests need chromium (see tools/deps.sh)" >&2; exit 4; }
NODE_V=$(node --version 2>/dev/null)
WANT=$(grep -A12 '"node_modules/playwright-core"' "$HERE/package-lock.json" | sed -n 's/.*"node": *"\([^"]*\)".*/\1/p' | head -1)
major=$(echo "$NODE_V" | sed 's/^v\([0-9]*\).*/\1/')
min=$(echo "$WANT" | sed 's/^>=\([0-9]*\).*/\1/')
if [ -n "$min" ] && [ "${major:-0}" -lt "$min" ] 2>/dev/null; then
	echo "serve-browser: node $NODE_V is older than the $WANT playwright-core declares" >&2
	exit 4
fi
if [ ! -d "$HERE/node_modules/playwright-core" ]; then
	(cd "$HERE" && npm ci --engine-strict --no-audit --no-fund --loglevel=warn) || exit 4
fi
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-serve-browser.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM
mkdir -p "$ROOT/build/serve-shots"
cd "$HERE" && SL_BIN=$SL SL_DATA=$ROOT/tests/serve/data SL_TMP=$OUT SL_SHOTS=$ROOT/build/serve-shots \
	node --test-reporter=tap --test serve.test.js >"$OUT/tap" 2>&1
rc=$?
grep -E "^(not ok|ok|# (pass|fail|skip))" "$OUT/tap" | sed 's/^/serve-browser: /'
[ $rc = 0 ] || cat "$OUT/tap"
exit $rc
