# record FILE.silb appends a journal (--no-pack keeps it); resuming carries on;
# without --no-pack the recording is packed into an archive when it ends
cd $TMP && head -17 $OLDPWD/tests/cli/data/example.sil | $SILLAGE record --quiet --no-pack g.silb &&
$SILLAGE info g.silb | head -1 &&
printf 'phase 2\n# the Aigle runs for the shoal\nfr: move ship=aigle steps=A,AS,A dice=4\n@note a calculated risk\n' |
	$SILLAGE record --quiet --sync=turn g.silb && $SILLAGE info g.silb | head -1 &&
$SILLAGE convert g.silb | tail -5 && $SILLAGE verify g.silb
