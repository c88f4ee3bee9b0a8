# a glyph (issue 28.7) goes through .sil, a .silb archive (deflated: a modelled segment has no code
# for it), a .silb journal and back, byte for byte; `log` shows it after the move; it is outside the
# checks and the digest, so the annotated log verifies and keeps its digest
cp tests/cli/data/example.sil $TMP/a.sil
$SILLAGE verify --digest $TMP/a.sil | grep -o 'digest [0-9]*:[0-9a-f]*'
$SILLAGE annotate $TMP/a.sil --at 8 '!?' --bookmark 'the shoal'
tail -n 4 $TMP/a.sil
$SILLAGE convert $TMP/a.sil -o $TMP/a.silb && $SILLAGE convert $TMP/a.silb -o $TMP/back.sil
cmp $TMP/a.sil $TMP/back.sil && echo same bytes after .silb
(grep -v '^#\|^@' tests/cli/data/example.sil; printf '@glyph ??\n@note oops\nquit\n') | $SILLAGE record --no-pack -q $TMP/j.silb
$SILLAGE annotate $TMP/j.silb --at 8 '!'
$SILLAGE info $TMP/j.silb | sed -n 1p | sed 's/.*(//'
$SILLAGE log $TMP/j.silb | tail -n 2
$SILLAGE log --json $TMP/a.silb | tail -n 2
$SILLAGE verify --digest $TMP/a.silb | grep -o 'digest [0-9]*:[0-9a-f]*'
