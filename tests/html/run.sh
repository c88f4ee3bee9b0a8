#!/bin/sh
# run.sh - the HTML viewer in Debian's headless chromium (tests/html/viewer.test.js):
#   sh tests/html/run.sh BUILD/sillage
# Installs playwright-core (pinned in package-lock.json) with `npm ci` when
# node_modules is missing; it never downloads a browser: /usr/bin/chromium.
set -u
SL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
for t in node npm; do
	command -v $t >/dev/null 2>&1 || { echo "html tests need $t (see tools/deps.sh)" >&2; exit 4; }
done
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "html tests need chromium (see tools/deps.sh)" >&2; exit 4; }
# the Node.js found, and whether it is one the pinned playwright-core declares it runs on
# (Debian 12's nodejs is 18: the pin in package.json must accept it)
NODE_V=$(node --version 2>/dev/null)
WANT=$(grep -A12 '"node_modules/playwright-core"' "$HERE/package-lock.json" | sed -n 's/.*"node": *"\([^"]*\)".*/\1/p' | head -1)
echo "html: node $NODE_V at $(command -v node); playwright-core $(sed -n 's/.*"playwright-core": *"\([^"]*\)".*/\1/p' "$HERE/package.json") needs node $WANT"
major=$(echo "$NODE_V" | sed 's/^v\([0-9]*\).*/\1/')
min=$(echo "$WANT" | sed 's/^>=\([0-9]*\).*/\1/')
if [ -n "$min" ] && [ "${major:-0}" -lt "$min" ] 2>/dev/null; then
	echo "html: node $NODE_V is older than the $WANT playwright-core declares: install a newer nodejs, or pin an older playwright-core in tests/html/package.json" >&2
	exit 4
fi
if [ ! -d "$HERE/node_modules/playwright-core" ]; then
	# --engine-strict: a pin that does not accept this node fails here, loudly
	(cd "$HERE" && npm ci --engine-strict --no-audit --no-fund --loglevel=warn) || exit 4
fi
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-html.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM
SAMPLE=$(ls "$ROOT"/samples/sail/*.sil 2>/dev/null | head -1)
[ -n "$SAMPLE" ] || SAMPLE=$ROOT/tests/image/tessel.sil
"$SL" html -q "$SAMPLE" -o "$OUT/sample.html" || exit 1
"$SL" html -q "$HERE/data/xss.sil" -o "$OUT/xss.html" || exit 1
mkdir -p "$ROOT/build"
cd "$HERE" && SL_HTML_DIR=$OUT SL_HTML_SHOT=$ROOT/build/html-viewer.png node --test-reporter=tap --test viewer.test.js >"$OUT/tap" 2>&1
rc=$?
grep -E "^(not ok|ok|# (pass|fail))" "$OUT/tap" | sed 's/^/html: /'
[ $rc = 0 ] || cat "$OUT/tap"
exit $rc
