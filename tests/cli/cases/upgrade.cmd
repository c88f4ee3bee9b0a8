# upgrade: a log already under today's version is left alone; -o reseals a copy; an fmp rules 1
# log is refused at the first entry today's rules refuse, with its line and the rule, and
# nothing is written (exit 1); in place, the log as recorded is kept as FILE.vN
cd $TMP
cp "$OLDPWD/samples/starship/first-voyage.sil" f.sil
$SILLAGE upgrade f.sil; echo "exit $?"
$SILLAGE upgrade -o g.silb f.sil; echo "exit $?"
$SILLAGE verify -q g.silb && echo verified
cp "$OLDPWD/tests/compat/fmp/v1-ferrix.sil" old.sil
$SILLAGE upgrade old.sil; echo "exit $?"
cmp old.sil "$OLDPWD/tests/compat/fmp/v1-ferrix.sil" && echo unchanged
sed 's/^game starship 1/game starship 9/' f.sil > new.sil
$SILLAGE upgrade new.sil; echo "exit $?"
$SILLAGE upgrade; echo "exit $?"
ls
