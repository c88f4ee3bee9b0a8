# issue 14.10: verify --json, on a sound log and on one that fails (the object says why, the
# message still goes to standard error, the exit status is the same)
$SILLAGE verify --json samples/starship/first-voyage.sil
sed 's/steps=A,AS,A dice=4/steps=A,A,A,A,A,A,A,A dice=4/' tests/cli/data/example.sil >$TMP/bad.sil
cd $TMP && $SILLAGE verify --json bad.sil; echo "exit $?"
