# an explicit 'phase 1 wind' after a turn marker restates the phase the marker opened
# (issue 13.10): it verifies, survives both .silb codings, and after phase 2 is refused
awk '{print} /^turn 2 /{print "phase 1 wind"}' samples/sail/heron-bank.sil > $TMP/p.sil
$SILLAGE verify $TMP/p.sil | sed "s|$TMP/||"
$SILLAGE convert $TMP/p.sil -o $TMP/p.silb && $SILLAGE convert $TMP/p.silb -o $TMP/m.sil && cmp $TMP/p.sil $TMP/m.sil || exit 9
$SILLAGE convert --coding=deflate $TMP/p.sil -o $TMP/d.silb && $SILLAGE convert $TMP/d.silb -o $TMP/d.sil && cmp $TMP/p.sil $TMP/d.sil || exit 9
awk '{print} /^phase 2 movement/ && !done {print "phase 1 wind"; done=1}' samples/sail/heron-bank.sil > $TMP/q.sil
$SILLAGE verify $TMP/q.sil 2>$TMP/e; c=$?
sed "s|$TMP/||" $TMP/e >&2
exit $c
