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
if [ ! -d "$HERE/node_modules/playwright-core" ]; then
	(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error) || exit 4
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
