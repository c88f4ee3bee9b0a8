# issue 14.4: the recorder's dice. The seed stays secret while the log is open (the header
# holds only its commitment), each die is drawn at a counter that never goes back (the die
# undone is not offered again, and the log says what was undone), 'close' reveals the seed
# and verify then checks every drawn die; a changed roll or seed in a closed log is refused.
# The secret is given beside the log (g.sil.dice) so that the draws are those of
# formats/prng.md's worked example.
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
printf 'sil 1\ngame sail 1\nplayer fr "France"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells=".~."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nturn 1\nphase 2\nfr: move ship=vif steps=A dice=?\nundo\nfr: move ship=vif steps=A dice=?\n' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
grep -c 0001020304050607 g.sil; grep '^meta\|^#\|dice=' g.sil
$SILLAGE verify g.sil; $SILLAGE info g.sil | grep '^dice'
$SILLAGE log g.sil | tail -2
echo close | $SILLAGE record g.sil; echo "close: exit $?"; ls
grep '^meta' g.sil
$SILLAGE verify g.sil; $SILLAGE info g.sil | grep '^dice'
# a changed roll, its state checks sealed again, is refused
sed 's/^fr: move ship=vif steps=A dice=2/fr: move ship=vif steps=A dice=4/' g.sil >x.sil
$SILLAGE convert --seal -o y.sil x.sil; $SILLAGE verify y.sil; echo "changed roll: exit $?"
sed 's/^# dice move dice=1:2/# dice move dice=1:4/' y.sil >z.sil; $SILLAGE verify z.sil; echo "changed draw: exit $?"
sed 's/^meta dice-seed 00/meta dice-seed 01/' g.sil >s.sil; $SILLAGE verify s.sil; echo "changed seed: exit $?"
# nothing more is recorded in a closed log
echo 'fr: move ship=vif steps=A' | $SILLAGE record --quiet g.sil; echo "after close: exit $?"
