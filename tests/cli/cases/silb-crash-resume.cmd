# a recording killed in the middle of a write: every verb refuses the torn
# journal with its offset, `record` carries on after the last sound change,
# `repair` copies the sound part and says what it dropped
cd $TMP && $SILLAGE record --quiet --no-pack g.silb < $OLDPWD/tests/cli/data/example.sil &&
size=$(wc -c < g.silb) && head -c $((size - 5)) g.silb > cut.silb && cp cut.silb cut2.silb &&
$SILLAGE verify cut.silb; echo "verify: exit $?";
$SILLAGE repair -o fixed.silb cut.silb; echo "repair: exit $?"; $SILLAGE verify fixed.silb;
printf 'phase 3\n@bookmark after the crash\n' | $SILLAGE record --quiet --no-pack cut2.silb; echo "record: exit $?";
$SILLAGE convert cut2.silb | tail -2
