# issue 24.2: a format 2 log marks each drawn die in its entry ('dice=2@1') and 'close' binds
# how many dice were drawn and their digest. Each attack of formats/prng.md's threat table on a
# closed log, its state checks sealed again (`convert --seal`), fails verify.
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
printf 'sil 2\ngame sail 1\nplayer fr "France"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells=".~."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nturn 1\nphase 2\nfr: move ship=vif steps=A dice=?\nundo\nfr: move ship=vif steps=A dice=?\nclose\n' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
grep '^meta\|^#\|dice=' g.sil
$SILLAGE verify g.sil; echo "closed: exit $?"
$SILLAGE convert -o g.silb g.sil && $SILLAGE verify --quiet g.silb && $SILLAGE convert -o back.sil g.silb && cmp g.sil back.sil && echo "silb: same log"
$SILLAGE convert --coding=deflate -o d.silb g.sil && $SILLAGE convert -o back.sil d.silb && cmp g.sil back.sil && echo "deflated silb: same log"
seal() { $SILLAGE convert --seal -o "$2" "$1" 2>/dev/null; $SILLAGE verify --quiet "$2"; echo "$3: exit $?"; }
# the issue's attack: the roll changed, the checks sealed again
sed 's/dice=2@1/dice=4@1/' g.sil >a.sil; seal a.sil a2.sil "changed roll"
# the die relabelled as rolled at the table (its mark taken off)
sed 's/dice=2@1/dice=2/' g.sil >b.sil; seal b.sil b2.sil "relabelled"
sed 's/dice=2@1/dice=4/' g.sil >c.sil; seal c.sil c2.sil "relabelled and changed"
# the die drawn and undone, deleted; every comment deleted
grep -v '^# dice' g.sil >e.sil; seal e.sil e2.sil "undone die deleted"
grep -v '^#' g.sil >f.sil; seal f.sil f2.sil "every comment deleted"
# the die moved to another counter, or the count lowered with it
sed 's/dice=2@1/dice=2@0/' g.sil >h.sil; seal h.sil h2.sil "counter reused"
sed 's/dice=2@1/dice=2/; s/^meta dice-count 2/meta dice-count 1/' g.sil >i.sil; seal i.sil i2.sil "count lowered"
# the count and digest taken out: a closed format 2 log must bind them
grep -v '^meta dice-count\|^meta dice-digest' g.sil >j.sil; $SILLAGE verify --quiet j.sil; echo "unbound: exit $?"
# a '# dice' line for an entry's own dice proves nothing in format 2
sed 's/^fr: move ship=vif steps=A dice=2@1/# dice move dice=1:2\nfr: move ship=vif steps=A dice=2/' g.sil >k.sil; seal k.sil k2.sil "comment instead of mark"
# a die typed with a mark is refused by the recorder: only the recorder marks a draw
rm -f n.sil*; printf 'sil 2\ngame sail 1\nplayer fr "France"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells=".~."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nturn 1\nphase 2\nfr: move ship=vif steps=A dice=1@0\n' |
	$SILLAGE record --quiet n.sil; echo "typed mark: exit $?"
# a format 1 reader's syntax: '@' in a format 1 log is not a mark
sed 's/^sil 2/sil 1/' g.sil >o.sil; $SILLAGE verify --quiet o.sil; echo "marks in format 1: exit $?"
