# issue 24.2: logs an earlier build wrote (format 1: unchained checks, '# dice' comment lines)
# keep verifying, and the recorder carries an open one on in format 1. The two files in
# tests/cli/data were recorded by the build before format 2 (commit cc5d195), with the secret of
# formats/prng.md's worked example.
cd $TMP && cp $OLDPWD/tests/cli/data/v1-closed-dice.sil old.sil && cp $OLDPWD/tests/cli/data/v1-open-dice.sil open.sil
$SILLAGE verify old.sil; echo "closed by the old build: exit $?"
$SILLAGE verify --quiet open.sil; echo "open, by the old build: exit $?"
# the attack of the issue on a log the old build closed: it binds no count, so only a digest
# kept from before (verify --extends) shows it; formats/prng.md says so
D=$($SILLAGE verify --quiet --digest old.sil | sed 's/.*digest \([^ ]*\) .*/\1/')
grep -v '^# dice move dice=2:2' old.sil | sed 's/^gb: move ship=lark steps=A dice=2/gb: move ship=lark steps=A dice=5/' >x.sil
$SILLAGE convert --seal -o y.sil x.sil 2>/dev/null; $SILLAGE verify --quiet y.sil; echo "attack on an old closed log, alone: exit $?"
$SILLAGE verify --quiet --extends "$D" y.sil; echo "attack on an old closed log, against a kept digest: exit $?"
# the open one carried on by this build stays format 1, and its close now binds the count
printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\nnext 2\n' >open.sil.dice
printf 'gb: move ship=lark steps=A dice=?\nclose\n' | $SILLAGE record --quiet open.sil; echo "carried on: exit $?"
head -1 open.sil; tail -3 open.sil; grep '^meta dice-count' open.sil; $SILLAGE verify --quiet open.sil; echo "verify: exit $?"
grep -v '^# dice move dice=2:2' open.sil | sed 's/^gb: move ship=lark steps=A dice=2/gb: move ship=lark steps=A dice=5/' >x.sil
$SILLAGE convert --seal -o y.sil x.sil 2>/dev/null; $SILLAGE verify --quiet y.sil; echo "the same attack once this build closed it: exit $?"
