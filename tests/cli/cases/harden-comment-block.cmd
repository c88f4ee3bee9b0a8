# issue 30: one comment block on record's standard input is bounded (SL_MAX_COMMENT, 65 535 bytes:
# a .silb str; a longer trailing block was packed into a TAIL record no reader takes, and a block
# of hundreds of MB was held whole): a block of exactly 65 535 bytes is kept, the line that would
# pass it is refused with its position (exit 1) and the archive holds the block without it.
cd $TMP
block() { awk -v last="$1" 'BEGIN { l = "#"; for (i = 0; i < 1022; i++) l = l "c"; for (i = 0; i < 63; i++) print l; print l last }'; }
{ sed -n '1,24p' $OLDPWD/tests/serve/data/sail-setup.sil; echo "turn 1"; block ""; } | $SILLAGE record --quiet at.silb; echo "record at the limit: exit $?"
$SILLAGE verify at.silb >/dev/null; echo "verify: exit $?"
$SILLAGE convert -o at.sil at.silb && grep '^#c' at.sil | wc -lc
{ sed -n '1,24p' $OLDPWD/tests/serve/data/sail-setup.sil; echo "turn 1"; block "c"; } | $SILLAGE record --quiet over.silb; echo "record one byte over: exit $?"
$SILLAGE verify over.silb >/dev/null; echo "verify: exit $?"
$SILLAGE convert -o over.sil over.silb && grep '^#c' over.sil | wc -lc
