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
# a game with a glyph, a fork of it recorded on (issue 28.7): the viewer with its
# variation, the embeddable page of it, and a club page that embeds it sandboxed
cp "$ROOT/tests/cli/data/example.sil" "$OUT/main.sil"
"$SL" annotate "$OUT/main.sil" --at 8 '?!' --note 'into the shoal' || exit 1
"$SL" fork "$OUT/main.sil" --at 7 -o "$OUT/whatif.sil" || exit 1
printf 'turn 1\nphase 2\nfr: move ship=aigle steps=A\n@glyph !\ngb: move ship=hms_lark steps=A\nquit\n' |
	"$SL" record -q "$OUT/whatif.sil" || exit 1
"$SL" html -q "$OUT/main.sil" --branch "$OUT/whatif.sil" -o "$OUT/branch.html" || exit 1
"$SL" html -q --embed "$OUT/main.sil" --branch "$OUT/whatif.sil" -o "$OUT/embed.html" || exit 1
cat >"$OUT/club.html" <<'EOF2'
<!DOCTYPE html><html><head><meta charset="utf-8"><title>Club night</title></head>
<body><h1>Club night: game of the week</h1>
<iframe id="game" src="embed.html#event=8" width="640" height="420" sandbox="allow-scripts" title="the game"></iframe>
<p id="heard">nothing yet</p>
<script>
window.addEventListener("message", function (m) {
	if (m.data && m.data.sillage === "step") document.getElementById("heard").textContent = JSON.stringify(m.data);
});
</script></body></html>
EOF2
# the events whose boards the viewer must show as `render` draws them
last=$("$SL" info "$SAMPLE" | sed -n 's/^events: *\([0-9]*\).*/\1/p')
# a page of part of the game (issue 29), from its archive through the index
"$SL" convert "$SAMPLE" -o "$OUT/sample.silb" >/dev/null || exit 1
echo $((last / 3)) >"$OUT/part-from.txt"
echo $((last / 3)) >"$OUT/event-part.txt"   # its first board, against render's (below)
"$SL" html -q --from $((last / 3)) --to $((last / 3 + 12)) "$OUT/sample.silb" -o "$OUT/part.html" || exit 1
# a page that let go of its lines as a long game's does (issue 30: past 131 072 held; here
# past 300), which the viewer must show as the page that held them
SL_HTML_LINES_HELD=300 "$SL" html -q "$OUT/sample.silb" -o "$OUT/forgot.html" || exit 1
echo 1 >"$OUT/event-first.txt"
echo $((last / 2)) >"$OUT/event-middle.txt"
echo "$last" >"$OUT/event-end.txt"
mkdir -p "$ROOT/build"
cd "$HERE" && SL_HTML_DIR=$OUT SL_HTML_SHOT=$ROOT/build/html-viewer.png node --test-reporter=tap --test viewer.test.js >"$OUT/tap" 2>&1
rc=$?
grep -E "^(not ok|ok|# (pass|fail))" "$OUT/tap" | sed 's/^/html: /'
[ $rc = 0 ] || cat "$OUT/tap"
# chromium's board against cairo's, at the same size: glyph and edge
# antialiasing differ, the drawing must not (a missing piece, a shifted
# label or a wrong colour fails)
TOOLS=$(dirname "$SL")/tools
for name in first middle end part; do
	[ -s "$OUT/shot-$name.png" ] || continue
	ev=$(cat "$OUT/event-$name.txt")
	# the width only: a game over at the end keeps the result band's room
	# below the board on every step, `render` draws it on the last only
	wd=$(python3 -c "import struct,sys;d=open(sys.argv[1],'rb').read(24);print('%d'%struct.unpack('>II',d[16:24])[0])" "$OUT/shot-$name.png")
	"$SL" render "$SAMPLE" --event "$ev" --size "$wd" -o "$OUT/render-$name.png" || rc=1
	if [ -x "$TOOLS/imgdiff" ]; then
		if "$TOOLS/imgdiff" "$OUT/render-$name.png" "$OUT/shot-$name.png" --top --tolerance 96 --max-diff-ratio 0.01 >"$OUT/d" 2>&1; then
			echo "html: ok - the viewer's board at event $ev ($name) is render's"
		else
			echo "html: not ok - the viewer's board at event $ev ($name) differs from render's: $(cat "$OUT/d")"
			rc=1
		fi
	fi
	[ -n "${SL_HTML_KEEP:-}" ] && cp "$OUT/shot-$name.png" "$OUT/render-$name.png" "$SL_HTML_KEEP/"
done
exit $rc
