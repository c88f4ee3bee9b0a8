# The recorder's '# dice' line of a first entry whose dice it drew belongs to
# that entry (written after the blank line that ends the header), so that
# verify checks those dice too: a changed roll there, sealed again, is refused.
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
printf 'sil 1\ngame starship 1\nship weapons_roll=? shields_roll=?\nturn 1\nclose\n' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
sed -n '/^# dice/,/^ship/p' g.sil
$SILLAGE verify g.sil | tail -1
w=$(sed -n 's/^ship weapons_roll=\([0-9]*\).*/\1/p' g.sil)
sed "s/^ship weapons_roll=$w/ship weapons_roll=$((w % 6 + 1))/" g.sil >x.sil
$SILLAGE convert --seal -o y.sil x.sil 2>/dev/null; $SILLAGE verify y.sil; echo "changed first roll: exit $?"
