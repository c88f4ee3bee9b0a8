# issue 14.10: seek on a text log replays it and says so plainly; a truncated archive's error
# says how `repair` saves its sound part
$SILLAGE seek --turn 2 samples/sail/heron-bank.sil | head -1 | sed 's|samples/sail/||'
cd $TMP && $SILLAGE convert $OLDPWD/samples/sail/heron-bank.sil -o e.silb && head -c 900 e.silb >t.silb
$SILLAGE seek --turn 2 t.silb; echo "exit $?"
$SILLAGE verify t.silb; echo "exit $?"
