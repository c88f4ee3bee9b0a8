# a glyph other than the six, a second @glyph on one entry, an event the log does not have
(cat tests/cli/data/example.sil; echo '@glyph !!!') > $TMP/bad.sil
(cat tests/cli/data/example.sil; echo '@glyph !'; echo '@glyph ?') > $TMP/two.sil
cd $TMP
$SILLAGE verify bad.sil; echo "exit $?"
$SILLAGE verify two.sil; echo "exit $?"
cp $OLDPWD/tests/cli/data/example.sil a.sil
$SILLAGE annotate a.sil --at 9 '!'; echo "exit $?"
$SILLAGE annotate a.sil --at 8 'good'; echo "exit $?"
$SILLAGE annotate a.sil '!'; echo "exit $?"
$SILLAGE annotate a.sil --at 8 --note "$(printf 'ring \007 the bell')"; echo "exit $?"
cmp a.sil $OLDPWD/tests/cli/data/example.sil && echo unchanged
