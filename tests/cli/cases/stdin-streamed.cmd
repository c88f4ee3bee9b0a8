# verify - and pack - stream standard input as a file is streamed (issue 29):
# the same archive bytes, the same verdict; an illegal entry on stdin is
# named at its line as in a file
f=samples/ti4/valefar.sil
$SILLAGE pack "$f" -o "$TMP/a.silb" && $SILLAGE pack - -o "$TMP/b.silb" <"$f" &&
	cmp "$TMP/a.silb" "$TMP/b.silb" && echo "pack - wrote the same archive"
$SILLAGE pack - -o - <"$f" | cmp - "$TMP/a.silb" && echo "pack - -o - too"
$SILLAGE verify - <"$f"
$SILLAGE verify - <"$TMP/a.silb"
sed 's/fr: move ship=tonnant steps=AS,AP !dd8dafab/fr: move ship=tonnant steps=AS,AP,A,A,A,A !dd8dafab/' \
	samples/sail/heron-bank.sil >"$TMP/bad.sil"
$SILLAGE verify - <"$TMP/bad.sil"
echo "verify: $?"
$SILLAGE pack - -o "$TMP/c.silb" <"$TMP/bad.sil"
echo "pack: $?"
ls "$TMP" | grep -c c.silb
exit 0
