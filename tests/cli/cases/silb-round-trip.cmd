# .sil -> .silb -> .sil gives back the canonical text byte for byte: the
# spec's example (comments, a note) and a generated game with state checks
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb &&
$SILLAGE convert e.silb | cmp - $OLDPWD/tests/cli/data/example.sil && echo "example: same bytes" &&
$SILLAGE gen -g sail --events 3000 --seed 4 --seal -o g.sil && $SILLAGE convert g.sil -o g.silb &&
$SILLAGE convert g.silb -o back.sil && cmp g.sil back.sil && echo "generated: same bytes" &&
$SILLAGE gen -g sail --events 3000 --seed 4 --seal -o streamed.silb && cmp g.silb streamed.silb &&
echo "gen -o .silb streams the same archive" && $SILLAGE verify --quiet g.silb && echo verified
