# an archive of many games (issue 29 goal 5): packed from files, listed,
# verified game by game, one game read alone by the verbs as ARCHIVE:NAME and
# given back byte for byte, a game appended; the example game and two
# generated ones
cd $TMP
cp "$OLDPWD/tests/cli/data/example.sil" ex.sil
$SILLAGE gen -g sail -r 1 -n 150 -o g1.sil
$SILLAGE gen -g sail -r 2 -n 150 -o g2.sil
$SILLAGE gen -g sail -r 3 -n 150 -o g3.sil
$SILLAGE pack --archive club.sila ex.sil g1.sil g2.sil; echo "pack: exit $?"
$SILLAGE ls club.sila
$SILLAGE verify club.sila; echo "verify: exit $?"
$SILLAGE convert club.sila:ex -o back.sil && cmp back.sil ex.sil && echo "ex: the same bytes"
$SILLAGE convert club.sila:g2 -o back.sil && cmp back.sil g2.sil && echo "g2: the same bytes"
$SILLAGE state --turn 1 club.sila:ex | head -3
$SILLAGE seek --turn 1 club.sila:g1 | head -2
$SILLAGE log club.sila:ex | head -3
$SILLAGE info club.sila:ex | grep -E '^(file|events|modelled)'
$SILLAGE pack --archive club.sila --append g3.sil; echo "append: exit $?"
$SILLAGE ls --json club.sila
$SILLAGE verify -q club.sila:g3; echo "verify g3: exit $?"
$SILLAGE convert club.sila:g3 -o back.sil && cmp back.sil g3.sil && echo "g3: the same bytes"
