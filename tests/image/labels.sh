#!/bin/sh
# tests/image/labels.sh - the label guarantee (issue 28): every frame of every
# sample of every game, of a generated 16-ship X-Wing match, of a generated
# 400-event game of each other game and of a crowded TI4 home
# (tests/image/ti4-crowded.sil) is painted and its label boxes
# measured by labelcheck (tests/tools/labelcheck.c): no label over another
# label or a piece's glyph, none out of the frame or out of its zone (a tile,
# the board's height), every glyph drawn listed by a legend.
#
#   sh tests/image/labels.sh BUILD/sillage BUILD/tools
set -u
if [ $# -lt 2 ]; then
	echo "usage: sh tests/image/labels.sh BUILD/sillage BUILD/tools" >&2
	exit 2
fi
SL=$1
TOOLS=$2
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-labels.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM
cd "$ROOT" || exit 4
[ -x "$TOOLS/labelcheck" ] || { echo "missing $TOOLS/labelcheck (make images builds it)" >&2; exit 4; }

# 16 ships: two swarms of eight TIEs, flown by the generator to the end
X=samples/xwing/xws/tie-swarm-20.json
if ! "$SL" new xwing --xws "$X" --xws "$X" -o "$OUT/x16-setup.sil" >/dev/null 2>"$OUT/err" ||
   ! "$SL" gen --from "$OUT/x16-setup.sil" -n 100000 -r 16 -o "$OUT/xwing-16-ships.sil" 2>>"$OUT/err"; then
	echo "FAIL: labels: cannot generate the 16-ship match: $(cat "$OUT/err")"
	exit 1
fi
n=$(grep -c '^ship id=' "$OUT/xwing-16-ships.sil" || :)
[ "$n" = 16 ] || { echo "FAIL: labels: the generated match has $n ships, not 16"; exit 1; }

# and a generated game of each other game (issue 28: "a generated large game per game")
for g in sail fmp starship ti4; do
	if ! "$SL" gen -g "$g" -n 400 --seed 5 -o "$OUT/gen-$g.sil" 2>"$OUT/err"; then
		echo "FAIL: labels: cannot generate a $g game: $(cat "$OUT/err")"
		exit 1
	fi
done

fail=0
"$TOOLS/labelcheck" samples/*/*.sil tests/image/tessel.sil tests/image/ti4-crowded.sil "$OUT/xwing-16-ships.sil" \
	tests/cli/data/xwing-devices.sil tests/image/xwing-tokens.sil tests/image/xwing-shapes.sil \
	"$OUT"/gen-*.sil || fail=1
if [ "$fail" = 0 ]; then
	echo "labels: every frame measured: 0 overlaps, 0 out of frame, legends complete"
else
	echo "FAIL: labels: see the faults above"
fi
[ "$fail" = 0 ]
