# the heat overlay over a whole sail game and a range of an fmp one
$SILLAGE render --overlay heat -o $TMP/h.png samples/sail/heron-bank.sil && pngcheck -q $TMP/h.png && echo "sail ok"
$SILLAGE render --overlay heat,fire --from t3 --to t6 --turn 7 -o $TMP/f.svg samples/fmp/ferrix.sil &&
	rsvg-convert -o $TMP/f.png $TMP/f.svg && echo "fmp ok"
root=$PWD
cd $TMP
ln -s "$root/samples" samples
$SILLAGE render --overlay heat -o x.png samples/starship/last-voyage.sil; echo "exit $?"
$SILLAGE render --from 3 -o x.png samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE render --overlay heat --from t4 --to t2 -o x.png samples/sail/heron-bank.sil; echo "exit $?"
$SILLAGE render --overlay heat --to t40 -o x.png samples/sail/heron-bank.sil; echo "exit $?"
