# a second @note (or @bookmark) on one entry is refused with its line instead of replacing
# the first (issue 20.7); one of each is kept, and convert keeps both
(cat tests/cli/data/example.sil; echo '@bookmark the shoal') > $TMP/ok.sil
$SILLAGE convert $TMP/ok.sil -o $TMP/back.sil && tail -n 2 $TMP/back.sil
(cat tests/cli/data/example.sil; echo '@note and a second thought') > $TMP/two.sil
cd $TMP && $SILLAGE convert two.sil -o out.sil
