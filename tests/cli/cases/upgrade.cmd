# upgrade: a log already under today's version is left alone; -o reseals a copy; an fmp rules 2
# log gets its turn-21 choices written in, and its original is kept as FILE.v2.sil; one with
# an entry today's rules refuse (a tank driven off the map) is refused at that entry, with
# its line and the rule, and nothing is written (exit 1)
cd $TMP
cp "$OLDPWD/samples/starship/first-voyage.sil" f.sil
$SILLAGE upgrade f.sil; echo "exit $?"
$SILLAGE upgrade -o g.silb f.sil; echo "exit $?"
$SILLAGE verify -q g.silb && echo verified
cp "$OLDPWD/tests/compat/fmp/v2-ferrix.sil" two.sil
$SILLAGE upgrade two.sil; echo "exit $?"
grep -c '^[a-z]*: \(commit\|reveal\) ' two.sil
cmp two.v2.sil "$OLDPWD/tests/compat/fmp/v2-ferrix.sil" && echo kept as recorded
sed 's/^ana: move unit=ana-t3 path=SE,SE,SE,SE /ana: move unit=ana-t3 path=N,N,N,N,N,N,N,N,N,N,N,N,N,N,N,N,N,N /' "$OLDPWD/tests/compat/fmp/v2-ferrix.sil" > old.sil
cp old.sil old.orig
$SILLAGE upgrade old.sil; echo "exit $?"
cmp old.sil old.orig && echo unchanged
sed 's/^game starship 1/game starship 9/' f.sil > new.sil
$SILLAGE upgrade new.sil; echo "exit $?"
$SILLAGE upgrade; echo "exit $?"
ls
