# a glyph in the middle of a long log (issue 28): the streaming archive writer of `convert` writes
# the segments before it modelled and the rest deflated; the archive verifies, seeks past the glyph
# and converts back to the same text, byte for byte
cd "$TMP"
$SILLAGE gen -g sail -n 3000 --seed 7 -o long.sil 2>/dev/null
$SILLAGE annotate long.sil --at 2000 '??' && $SILLAGE convert long.sil -o long.silb && $SILLAGE verify long.silb
$SILLAGE convert long.silb -o back.sil && cmp long.sil back.sil && echo same bytes after the mixed archive
$SILLAGE log long.silb | grep -c '(blunder)'
$SILLAGE info long.silb | grep -E '^(packed|modelled):' | sed 's/ *[0-9].*segment.*//'
