# issue 29: the tops' pieces kept as lines (render/piece.c sl_kit_svg_pieces) give the page
# that drawing every piece gives (SL_HTML_PIECES=0), byte for byte: sail (its hulls, tokens,
# label blocks, wind and legend rows), the dark theme, fmp, a part of a game, and a page
# that lets go of its lines (the pieces' lines then taken again as new ones)
cp samples/sail/heron-bank.sil samples/sail/kerlan-raid.sil samples/fmp/ferrix.sil $TMP
cd $TMP
$SILLAGE gen --game sail -n 120 -o g.sil >/dev/null
page() {   # page NAME HELD ARGS...: with pieces kept and with every piece drawn (HELD: lines held, or -)
	n=$1 held=$2; shift 2
	if [ "$held" = - ]; then unset SL_HTML_LINES_HELD; else SL_HTML_LINES_HELD=$held; export SL_HTML_LINES_HELD; fi
	$SILLAGE html -q "$@" -o "$n-kept.html"; a=$?
	SL_HTML_PIECES=0 $SILLAGE html -q "$@" -o "$n-drawn.html"; b=$?
	if [ $a = 0 ] && [ $b = 0 ] && cmp -s "$n-kept.html" "$n-drawn.html"; then echo "$n: the same page"; else echo "$n: differs ($a $b)"; fi
}
page gen - g.sil
page heron - heron-bank.sil
page kerlan-dark - --theme dark kerlan-raid.sil
page ferrix - ferrix.sil
page part - --from 40 --to t6 heron-bank.sil
page held 300 heron-bank.sil
page held-gen 2000 g.sil
