# fork (issue 28.7): a branch keeps the first events with their checks, names its parent and the
# parent's digest after the entries it keeps, verifies as extending it, and is recorded on
$SILLAGE convert --seal tests/cli/data/example.sil -o $TMP/main.sil 2>/dev/null
cd $TMP
$SILLAGE fork main.sil --at 7 -o whatif.sil; echo "exit $?"
grep '^meta' whatif.sil
$SILLAGE verify --extends "$(sed -n 's/^meta fork-digest //p' whatif.sil)" whatif.sil
printf 'turn 1\nphase 2\nfr: move ship=aigle steps=A\n@glyph !\n@note safer\nquit\n' | $SILLAGE record -q whatif.sil
tail -n 3 whatif.sil
$SILLAGE verify -q whatif.sil; echo "verify exit $?"
$SILLAGE verify --extends main.sil whatif.sil; echo "extends exit $?"
$SILLAGE fork main.sil --at 99 -o x.sil; echo "exit $?"
$SILLAGE fork main.sil --at 3; echo "exit $?"
# an entry of the shared part edited since the fork, in a log without checks: verify refuses it
# without the main line, by the fork's digest
$SILLAGE fork $OLDPWD/tests/cli/data/example.sil --at 7 -o plain.sil
sed 's/name="Lark"/name="Larks"/' plain.sil > edited.sil
$SILLAGE verify -q plain.sil; echo "plain exit $?"
$SILLAGE verify edited.sil; echo "edited exit $?"
