# cairo and pango are opened when the command first draws (src/cli/gfx_dl.c),
# not at start: an unusable libcairo found first on the library path is a
# clear error for a verb that draws, exit 3, naming the library and its
# Debian package, before any output is begun
mkdir "$TMP/lib"
: >"$TMP/lib/libcairo.so.2"
LD_LIBRARY_PATH="$TMP/lib" $SILLAGE render samples/sail/heron-bank.sil -o "$TMP/a.png" 2>"$TMP/err"
echo "exit $?"
sed -e "s|$TMP|TMP|g" "$TMP/err"
ls "$TMP" | grep -c png
# a verb that draws only when asked to: the first drawing call says it
LD_LIBRARY_PATH="$TMP/lib" $SILLAGE odds samples/starship/last-voyage.sil --chart "$TMP/c.svg" >/dev/null 2>"$TMP/err"
echo "exit $?"
sed -e "s|$TMP|TMP|g" "$TMP/err"
# every verb that does not draw runs without it, and loads none of it
LD_LIBRARY_PATH="$TMP/lib" $SILLAGE verify -q samples/sail/heron-bank.sil && echo verified
LD_LIBRARY_PATH="$TMP/lib" $SILLAGE state --turn 3 samples/sail/heron-bank.sil >/dev/null && echo state
for v in "info" "verify" "state --turn 3" "log" "stats"; do
	for l in libcairo libpango libfontconfig libharfbuzz libglib libfreetype libX11; do
		LD_DEBUG=libs $SILLAGE $v samples/sail/heron-bank.sil 2>&1 >/dev/null |
			grep -q "$l" && echo "$v loads $l"
	done
done
# and the verbs that draw draw as before
$SILLAGE render --size 300 samples/sail/heron-bank.sil -o "$TMP/b.png" && echo drawn
exit 0
