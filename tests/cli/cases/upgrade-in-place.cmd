# upgrade without -o rewrites FILE and keeps the log as recorded beside it as FILE.vN; a
# desynced old sail log is resealed with a warning naming where today's rules part from it
cd $TMP
cp "$OLDPWD/tests/compat/sail/v1-kerlan-raid.sil" k.sil
$SILLAGE upgrade -o k2.sil k.sil; echo "exit $?"
$SILLAGE verify -q k2.sil && echo verified
# the mechanism on a log labelled fmp 2 whose entries today's rules accept (the fmp sample)
sed 's/^game fmp 3/game fmp 2/' "$OLDPWD/samples/fmp/ferrix.sil" > f.sil
$SILLAGE upgrade f.sil; echo "exit $?"
sed -n 2p f.sil; sed -n 2p f.v2.sil
$SILLAGE verify -q f.sil && echo verified
$SILLAGE upgrade f.sil; echo "exit $?"
sed 's/^game fmp 3/game fmp 2/' "$OLDPWD/samples/fmp/ferrix.sil" > f.sil
$SILLAGE upgrade f.sil; echo "exit $?"
