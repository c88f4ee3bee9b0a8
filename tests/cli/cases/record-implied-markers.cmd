# issue 24.5: the phase markers the rules imply are written for the player: an event no line
# allows in the phase the game is in, and that the rules take after the next markers, has them
# recorded first (a new turn too, its wind drawn by the recorder); an event still allowed now
# for another piece is refused with its rule instead (no phase is skipped behind a slip)
printf 'seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n' >$TMP/e.sil.dice
cp tests/cli/data/example.sil $TMP/e.sil
cd $TMP && printf 'fr: move ship=aigle steps=A\n# Lark closes in\ngb: move ship=hms_lark steps=A\nfire ship=hms_lark target=aigle hits=1\nwind\n' | $SILLAGE record e.sil; echo "exit $?"
sed -n '/^phase 2/,$p' e.sil
$SILLAGE verify e.sil | head -1
