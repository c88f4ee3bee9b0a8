# a glyph is shown with its move: `log` after the description with its name, `step` under the move
cp tests/cli/data/example.sil $TMP/a.sil
$SILLAGE annotate $TMP/a.sil --at 8 '??' --note 'the shoal was charted'
$SILLAGE log $TMP/a.sil | tail -n 2
printf 'e 8\nq\n' | $SILLAGE step $TMP/a.sil | sed -n '3,6p'
