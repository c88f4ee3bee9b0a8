# a journal (what `record` and `serve` write) converted to text holds each entry once and
# verifies; back to an archive and to text again, the same bytes
cd "$TMP"
(grep -v '^#\|^@' "$OLDPWD/tests/cli/data/example.sil"; printf 'quit\n') | $SILLAGE record --no-pack -q j.silb
$SILLAGE convert j.silb -o j.sil && $SILLAGE verify j.sil | sed 's/final hash.*//'
grep -c '^map ' j.sil
$SILLAGE convert j.sil -o a.silb && $SILLAGE convert a.silb -o back.sil && cmp j.sil back.sil && echo same bytes
