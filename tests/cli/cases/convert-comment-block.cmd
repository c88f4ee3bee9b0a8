# issue 30: a text log may hold a comment block longer than a .silb string (SL_MAX_COMMENT, 65 535
# bytes); it still verifies as text. Where the archive would hold it as a str (the block after the
# last entry, the header's, one above an entry in a deflated segment), convert and pack refuse it
# naming the block (exit 3, no file written) rather than writing an archive no reader takes; a
# modelled segment codes a block's length apart and holds the longer one.
cd $TMP
block() { awk -v last="$1" 'BEGIN { l = "#"; for (i = 0; i < 1022; i++) l = l "c"; for (i = 0; i < 63; i++) print l; print l last }'; }
{ sed -n '1,24p' $OLDPWD/tests/serve/data/sail-setup.sil; block ""; echo "turn 1"; } > at.sil
$SILLAGE convert -o at.silb at.sil; echo "convert at the limit: exit $?"
$SILLAGE verify at.silb >/dev/null; echo "verify: exit $?"
{ sed -n '1,24p' $OLDPWD/tests/serve/data/sail-setup.sil; block "c"; echo "turn 1"; } > over.sil
$SILLAGE verify over.sil >/dev/null; echo "verify the text: exit $?"
$SILLAGE convert -o over.silb over.sil; echo "convert one byte over (modelled): exit $?"
$SILLAGE pack -o over2.silb over.sil; echo "pack one byte over (modelled): exit $?"
$SILLAGE convert --coding deflate -o overd.silb over.sil; echo "convert one byte over, deflated: exit $?"
$SILLAGE verify over.silb >/dev/null; echo "verify the modelled archive: exit $?"
$SILLAGE convert -o back.sil over.silb && grep "^#c" back.sil | wc -lc
{ sed -n '1,24p' $OLDPWD/tests/serve/data/sail-setup.sil; echo "turn 1"; block "c"; } > tail.sil
$SILLAGE convert -o tail.silb tail.sil; echo "convert, the block after the last entry: exit $?"
ls *.silb
