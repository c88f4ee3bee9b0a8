#!/bin/sh
# tests/image/run.sh - image tests: render positions of the image-test log
# and of every sail sample to PNG, SVG and PDF; check each with a real
# decoder (pngcheck, rsvg-convert) and compare the PNGs with the reference
# renders in tests/image/ref/ within a tolerance (imgdiff).
#
#   sh tests/image/run.sh BUILD/sillage BUILD/tools [--update]
#
# --update (re)writes the references from the current renders; look at them
# before committing. IMG_TOLERANCE (per channel, default 24) and
# IMG_MAX_RATIO (share of pixels, default 0.003) loosen the comparison.
set -u

if [ $# -lt 2 ]; then
	echo "usage: sh tests/image/run.sh BUILD/sillage BUILD/tools [--update]" >&2
	exit 2
fi
SL=$1
TOOLS=$2
UPDATE=0
[ "${3:-}" = "--update" ] && UPDATE=1
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
REF=$HERE/ref
TOL=${IMG_TOLERANCE:-24}
RATIO=${IMG_MAX_RATIO:-0.003}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-images.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for tool in pngcheck rsvg-convert; do
	command -v $tool >/dev/null 2>&1 || { echo "image tests need $tool (see tools/deps.sh)" >&2; exit 4; }
done
[ -x "$TOOLS/imgdiff" ] || { echo "missing $TOOLS/imgdiff (make images builds it)" >&2; exit 4; }
[ "$UPDATE" = 1 ] && mkdir -p "$REF"

# One case: NAME FILE [render options...]. Renders PNG, SVG and PDF.
check() {
	name=$1
	file=$2
	shift 2
	png=$OUT/$name.png
	if ! "$SL" render "$file" "$@" -o "$png" 2>"$OUT/$name.err"; then
		bad "$name: render failed: $(cat "$OUT/$name.err")"
		return
	fi
	if pngcheck -q "$png" >"$OUT/$name.pngcheck" 2>&1; then ok; else
		bad "$name: pngcheck: $(cat "$OUT/$name.pngcheck")"
	fi
	if "$SL" render "$file" "$@" -o "$OUT/$name.svg" 2>"$OUT/$name.err" &&
	   grep -q '<svg' "$OUT/$name.svg" &&
	   rsvg-convert -o "$OUT/$name.svg.png" "$OUT/$name.svg" 2>"$OUT/$name.rsvg" &&
	   pngcheck -q "$OUT/$name.svg.png" >/dev/null 2>&1; then ok; else
		bad "$name: SVG does not parse: $(cat "$OUT/$name.err" "$OUT/$name.rsvg" 2>/dev/null | head -3)"
	fi
	# the SVG writes its texts as <text> (issue 28): rsvg lays them out and
	# rasterises them itself, so glyph edges may differ from cairo's (at
	# most 3% of the pixels); the shapes, places and colours may not
	if [ -s "$OUT/$name.svg.png" ] && "$TOOLS/imgdiff" "$png" "$OUT/$name.svg.png" --tolerance 96 \
	        --max-diff-ratio 0.03 >"$OUT/$name.sdiff" 2>&1; then ok; else
		bad "$name: rsvg-convert does not read the SVG as the PNG: $(cat "$OUT/$name.sdiff")"
	fi
	grep -q '<text ' "$OUT/$name.svg" && ok || bad "$name: the SVG has no <text>"
	# with --svg-outlines every glyph is cairo's outline: read as the PNG
	# draws, rsvg and cairo antialias differently, nothing else may differ
	if "$SL" render "$file" "$@" --svg-outlines -o "$OUT/$name.o.svg" 2>"$OUT/$name.err" &&
	   ! grep -q '<text ' "$OUT/$name.o.svg" &&
	   rsvg-convert -o "$OUT/$name.o.svg.png" "$OUT/$name.o.svg" 2>"$OUT/$name.rsvg" &&
	   "$TOOLS/imgdiff" "$png" "$OUT/$name.o.svg.png" --tolerance 96 \
	        --max-diff-ratio 0.01 >"$OUT/$name.sdiff" 2>&1; then ok; else
		bad "$name: the SVG with --svg-outlines does not read as the PNG: $(cat "$OUT/$name.err" "$OUT/$name.sdiff" 2>/dev/null | head -3)"
	fi
	grep -q '<use xlink:href="#f[0-9]' "$OUT/$name.svg" && ok || bad "$name: the SVG defines no shared figure"
	if "$SL" render "$file" "$@" -o "$OUT/$name.pdf" 2>"$OUT/$name.err" &&
	   [ "$(head -c 5 "$OUT/$name.pdf")" = "%PDF-" ] &&
	   tail -c 16 "$OUT/$name.pdf" | grep -q '%%EOF'; then ok; else
		bad "$name: PDF is not whole: $(cat "$OUT/$name.err")"
	fi
	if [ "$UPDATE" = 1 ]; then
		cp "$png" "$REF/$name.png" && echo "updated: tests/image/ref/$name.png"
		ok
	elif [ ! -f "$REF/$name.png" ]; then
		bad "$name: no reference tests/image/ref/$name.png (run with --update, then look at it)"
	elif "$TOOLS/imgdiff" "$REF/$name.png" "$png" --tolerance "$TOL" \
	        --max-diff-ratio "$RATIO" >"$OUT/$name.diff" 2>&1; then ok; else
		bad "$name: differs from its reference: $(cat "$OUT/$name.diff")"
		mkdir -p "$ROOT/build/image-failures" 2>/dev/null &&
			cp "$png" "$ROOT/build/image-failures/$name.png" 2>/dev/null
	fi
}

cd "$ROOT" || exit 4

# The image-test log: every marker the painter draws, in both themes, sized.
LOG=tests/image/tessel.sil
check tessel-setup "$LOG" --event 13
check tessel-move "$LOG" --event 14
check tessel-end "$LOG"
check tessel-dark "$LOG" --event 16 --theme dark
check tessel-small "$LOG" --event 14 --size 450

# Every sail sample: the start of turn 2 and the end.
for f in samples/sail/*.sil; do
	[ -f "$f" ] || continue
	base=$(basename "$f" .sil)
	check "sample-$base-t2" "$f" --turn 2
	check "sample-$base-end" "$f"
done

# What just happened, drawn: a broadside (line of fire, burst, hits) and a
# boarding (grapples, captured).
check sample-kerlan-raid-fire samples/sail/kerlan-raid.sil --event 71
check sample-heron-bank-board samples/sail/heron-bank.sil --event 71

# The starship combat screen: a double six, a repair between fights, an
# escape, a hit awaiting its damage roll, both endings, the dark theme.
SV1=samples/starship/first-voyage.sil
SV2=samples/starship/last-voyage.sil
if [ -f "$SV1" ] && [ -f "$SV2" ]; then
	check starship-double-six "$SV1" --event 4
	check starship-repair "$SV1" --event 21
	check starship-won "$SV1"
	check starship-pending "$SV2" --event 5
	check starship-escape "$SV2" --event 10 --theme dark
	check starship-destroyed "$SV2"
fi

# The fmp sample: the capture of an astronef, and a crab entering through a
# pode under fire with the fire-zone overlay.
check fmp-ferrix-capture samples/fmp/ferrix.sil --event 87
check fmp-ferrix-fire samples/fmp/ferrix.sil --event 105 --overlay fire

# The heat overlay (issue 17): a whole sail game, a range of the fmp one.
check heat-sail-heron samples/sail/heron-bank.sil --overlay heat
check heat-fmp-ferrix samples/fmp/ferrix.sil --turn 12 --overlay heat --from t8 --to t12

# Metric and luck charts: NAME then the verb's arguments; the PNG is written
# with -o (chart) or --chart (luck) and compared with its reference.
check_chart() {
	name=$1
	shift
	png=$OUT/$name.png
	case $1 in
	luck) "$SL" "$@" --chart "$png" 2>"$OUT/$name.err" ;;
	*) "$SL" "$@" -o "$png" 2>"$OUT/$name.err" ;;
	esac || { bad "$name: failed: $(cat "$OUT/$name.err")"; return; }
	if pngcheck -q "$png" >/dev/null 2>&1; then ok; else bad "$name: pngcheck"; fi
	if [ "$UPDATE" = 1 ]; then
		cp "$png" "$REF/$name.png" && echo "updated: tests/image/ref/$name.png"
		ok
	elif [ ! -f "$REF/$name.png" ]; then
		bad "$name: no reference tests/image/ref/$name.png (run with --update, then look at it)"
	elif "$TOOLS/imgdiff" "$REF/$name.png" "$png" --tolerance "$TOL" \
	        --max-diff-ratio "$RATIO" >"$OUT/$name.diff" 2>&1; then ok; else
		bad "$name: differs from its reference: $(cat "$OUT/$name.diff")"
		mkdir -p "$ROOT/build/image-failures" 2>/dev/null &&
			cp "$png" "$ROOT/build/image-failures/$name.png" 2>/dev/null
	fi
}
check_chart chart-sail-heron chart samples/sail/heron-bank.sil -m hull,sailed,damage
check_chart chart-fmp-dark chart samples/fmp/ferrix.sil -m units,score --theme dark
check_chart chart-starship-event chart samples/starship/last-voyage.sil -m win_chance --per event --style area
check_chart luck-starship luck samples/starship/last-voyage.sil

# The ti4 sample: the Cabal's dock blockaded at the end of a space combat,
# captured units on the sheets; the end in the dark theme.
check ti4-acheron-blockade samples/ti4/acheron-hunger.sil --event 67
check ti4-acheron-end samples/ti4/acheron-hunger.sil --theme dark
check ti4-valefar-reanimator samples/ti4/valefar.sil --event 50
# rules version 2: the council band (victory points, strategy cards, objectives, laws)
check ti4-six-end samples/ti4/generated-six.sil
check ti4-four-agenda samples/ti4/four-at-the-table.sil
# The xwing matches between real squads: the last frame names the result.
check xwing-tournament-end samples/xwing/tournament-20.sil
check xwing-chance-t3 samples/xwing/chance-engagement.sil --turn 3

# The SVG's <text> in headless chromium (issue 28): one frame of each game
# as chromium draws it against cairo's PNG. The font family is DejaVu Sans
# (render/kit.h SL_KIT_FONT), as cairo's; glyph edges may differ (3%).
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "image tests need chromium for the SVG text (see tools/deps.sh)" >&2; exit 4; }
for name in tessel-end fmp-ferrix-capture starship-won ti4-six-end xwing-tournament-end; do
	svg=$OUT/$name.svg
	[ -s "$svg" ] || { bad "$name: no SVG to show chromium"; continue; }
	size=$(sed -n 's/.*<svg[^>]* width="\([0-9]*\)px" height="\([0-9]*\)px".*/\1,\2/p' "$svg" | head -1)
	if timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	        --user-data-dir="$OUT/chromium" --window-size="$size" \
	        --screenshot="$OUT/$name.chromium.png" "file://$svg" >"$OUT/$name.chr" 2>&1 &&
	   "$TOOLS/imgdiff" "$OUT/$name.png" "$OUT/$name.chromium.png" --tolerance 96 \
	        --max-diff-ratio 0.03 >"$OUT/$name.cdiff" 2>&1; then ok; else
		bad "$name: chromium does not read the SVG as the PNG: $(cat "$OUT/$name.cdiff" 2>/dev/null || tail -2 "$OUT/$name.chr")"
	fi
done

# A canvas over the limit is refused, and leaves no file behind.
if "$SL" render "$LOG" --size 9000 -o "$OUT/huge.png" 2>"$OUT/huge.err"; then
	bad "a 9000 px canvas was accepted"
elif ! grep -q 8192 "$OUT/huge.err"; then
	bad "the refusal of a 9000 px canvas does not give the limit: $(cat "$OUT/huge.err")"
elif ls "$OUT" | grep -q '^huge\.png'; then
	bad "a refused render left a file behind"
else
	ok
fi

# --size W keeps the aspect: the 450 px render is 450 wide.
if [ -f "$OUT/tessel-small.png" ]; then
	w=$(od -An -tu1 -j16 -N4 "$OUT/tessel-small.png" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
	if [ "$w" = 450 ]; then ok; else bad "--size 450 gave a PNG $w pixels wide"; fi
fi

echo "images: $pass checks passed, $fail failed"
[ "$fail" = 0 ]
